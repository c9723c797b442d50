// Pixel Dungeon 1.9.1 mechanics/ShadowCaster.java (ShadowCaster.castShadow, scanOctant).
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <fray/core/error.hpp>
#include <fray/rules/pixel_dungeon/shadow_caster.hpp>
#include <vector>

namespace fray::pixel_dungeon {

namespace {

using Limits = std::array<int, max_view_distance + 1>;

// The game's rounding table: rows 0..8 of the family's ShadowCaster.rounding
// (the test recomputes them from the formula).
constexpr std::array<Limits, max_view_distance + 1> kLimits = [] {
  std::array<Limits, max_view_distance + 1> t{};
  for (std::size_t r = 0; r <= max_view_distance; ++r)
    for (std::size_t j = 0; j <= max_view_distance; ++j) t[r][j] = shadow_caster_rounding[r][j];
  return t;
}();

// The game's Obstacles hold closed angle intervals; an angle is blocked when it
// lies in any interval of an earlier row, that is, in their union. Every angle
// the game ever tests or stores is one of a cell's three float samples
// a0 = q/p, a1 = a0 - 0.5/p, a2 = a0 + 0.5/p (p <= 8), so each such value gets
// its rank among them all: then "a in [lo, hi]" is "rank(lo) <= rank(a) <=
// rank(hi)", the union of the intervals is a set of ranks, a bit mask, and
// the game's float comparisons are reproduced exactly. (The game's merging of
// touching intervals in a row does not change the union.)
constexpr int kMaxRanks = 192;
struct Mask {
  std::uint64_t w[kMaxRanks / 64] = {};
  [[nodiscard]] bool has(int i) const noexcept { return (w[i >> 6] >> (i & 63)) & 1u; }
  void set_range(int lo, int hi) noexcept {  // ranks lo..hi
    for (int i = lo; i <= hi; ++i) w[i >> 6] |= std::uint64_t{1} << (i & 63);
  }
  Mask& operator|=(const Mask& o) noexcept {
    for (int i = 0; i < kMaxRanks / 64; ++i) w[i] |= o.w[i];
    return *this;
  }
  // Every rank of `need` is in this mask.
  [[nodiscard]] bool covers(const Mask& need) const noexcept {
    std::uint64_t missing = 0;
    for (int i = 0; i < kMaxRanks / 64; ++i) missing |= need.w[i] & ~w[i];
    return missing == 0;
  }
};

struct AngleRanks {
  static constexpr int N = max_view_distance + 1;
  int r0[N][N], r1[N][N], r2[N][N];  // ranks of a0, a1, a2 of cell (p, q)
  Mask wall[N][N];                   // ranks inside [a1, a2]: what an opaque cell blocks
  Mask rest[N + 1];                  // ranks tested by any cell of rows p..8
};

const AngleRanks kRanks = [] {
  constexpr int N = AngleRanks::N;
  float a0[N][N], a1[N][N], a2[N][N];
  std::vector<float> all;
  for (int p = 1; p < N; ++p) {
    // The game's arithmetic: dq2 = 0.5f / p; a0 = (float) q / p; a1 = a0 - dq2; a2 = a0 + dq2.
    const float dq2 = 0.5f / static_cast<float>(p);
    for (int q = 0; q <= p; ++q) {
      a0[p][q] = static_cast<float>(q) / static_cast<float>(p);
      a1[p][q] = a0[p][q] - dq2;
      a2[p][q] = a0[p][q] + dq2;
      all.insert(all.end(), {a0[p][q], a1[p][q], a2[p][q]});
    }
  }
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  if (all.size() > static_cast<std::size_t>(kMaxRanks)) std::abort();  // cannot happen: at most 132 values
  const auto rank = [&](float v) {
    return static_cast<int>(std::lower_bound(all.begin(), all.end(), v) - all.begin());
  };
  AngleRanks t{};
  for (int p = 1; p < N; ++p)
    for (int q = 0; q <= p; ++q) {
      t.r0[p][q] = rank(a0[p][q]);
      t.r1[p][q] = rank(a1[p][q]);
      t.r2[p][q] = rank(a2[p][q]);
      t.wall[p][q].set_range(t.r1[p][q], t.r2[p][q]);
    }
  for (int p = N - 1; p >= 1; --p) {
    t.rest[p] = t.rest[p + 1];
    for (int q = 0; q <= p; ++q) {
      t.rest[p].set_range(t.r0[p][q], t.r0[p][q]);
      t.rest[p].set_range(t.r1[p][q], t.r1[p][q]);
      t.rest[p].set_range(t.r2[p][q], t.r2[p][q]);
    }
  }
  return t;
}();

// One octant. Cell (p, q) is (cx + q·m1 + p·m3, cy + p·m2 + q·m4): the game's scanSector.
void scan_sector(grid::OpacityView map, std::uint8_t* out, int cx, int cy, int m1, int m2, int m3, int m4,
                 const Limits& limits, int radius) {
  Mask blocked;  // union of the intervals of earlier rows
  // Offsets of the cells along q that stay on the grid (the viewer is on it, so q = 0 is).
  const int q_room = m1 > 0 ? map.width - 1 - cx : m1 < 0 ? cx : m4 > 0 ? map.height - 1 - cy : cy;
  const std::ptrdiff_t q_step = static_cast<std::ptrdiff_t>(m4) * map.width + m1;
  const std::ptrdiff_t p_step = static_cast<std::ptrdiff_t>(m2) * map.width + m3;
  const std::ptrdiff_t origin = static_cast<std::ptrdiff_t>(cy) * map.width + cx;
  for (int p = 1; p <= radius; ++p) {
    // The row's own coordinate; off the grid it stays off for every later row.
    const int rx = cx + p * m3, ry = cy + p * m2;
    if (!map.in_bounds(rx, ry)) break;
    // Every angle of the rows left is blocked: nothing more can be seen.
    if (blocked.covers(kRanks.rest[p])) break;
    const int q_end = std::min(limits[static_cast<std::size_t>(p)], q_room);
    const std::ptrdiff_t row = origin + p * p_step;
    Mask added;  // this row's intervals take effect from the next row
    for (int q = 0; q <= q_end; ++q) {
      const std::ptrdiff_t i = row + q * q_step;
      // Permissive: hidden only when all three sample angles are blocked.
      if (!(blocked.has(kRanks.r0[p][q]) && blocked.has(kRanks.r1[p][q]) && blocked.has(kRanks.r2[p][q]))) out[i] = 1;
      if (map.opaque[i] != 0) added |= kRanks.wall[p][q];
    }
    blocked |= added;
  }
}

}  // namespace

const Limits& shadow_limits(int radius) {
  if (!(radius >= 1 && radius <= max_view_distance))
    throw Error(fmt::format("Pixel Dungeon view distance {} is out of range 1..{}", radius, max_view_distance));
  return kLimits[static_cast<std::size_t>(radius)];
}

void cast_shadow(grid::OpacityView map, grid::Point viewer, int radius, grid::Visibility& out) {
  const Limits& limits = shadow_limits(radius);
  if (!(map.in_bounds(viewer.x, viewer.y)))
    throw Error(fmt::format("viewer {},{} is outside the {}x{} grid", viewer.x, viewer.y, map.width, map.height));
  out.reset(map.width, map.height);
  out.set(viewer.x, viewer.y);
  std::uint8_t* o = out.data();
  const int x = viewer.x, y = viewer.y;
  // The game's octant order: rows along y first, then rows along x.
  scan_sector(map, o, x, y, +1, +1, 0, 0, limits, radius);
  scan_sector(map, o, x, y, -1, +1, 0, 0, limits, radius);
  scan_sector(map, o, x, y, +1, -1, 0, 0, limits, radius);
  scan_sector(map, o, x, y, -1, -1, 0, 0, limits, radius);
  scan_sector(map, o, x, y, 0, 0, +1, +1, limits, radius);
  scan_sector(map, o, x, y, 0, 0, -1, +1, limits, radius);
  scan_sector(map, o, x, y, 0, 0, +1, -1, limits, radius);
  scan_sector(map, o, x, y, 0, 0, -1, -1, limits, radius);
}

}  // namespace fray::pixel_dungeon
