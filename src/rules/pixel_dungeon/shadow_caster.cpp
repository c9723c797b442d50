// Pixel Dungeon 1.9.1 mechanics/ShadowCaster.java — research note §9.
#include <fray/rules/pixel_dungeon/shadow_caster.hpp>

#include <fray/core/error.hpp>

#include <fmt/format.h>

namespace fray::pixel_dungeon {

namespace {

using Limits = std::array<int, max_view_distance + 1>;

// The game's rounding table (values of its static initialiser, research note §9;
// the test recomputes them from the formula).
constexpr std::array<Limits, max_view_distance + 1> kLimits{{
    {0},
    {0, 1},
    {0, 1, 1},
    {0, 1, 2, 2},
    {0, 1, 2, 3, 2},
    {0, 1, 2, 3, 3, 2},
    {0, 1, 2, 3, 4, 4, 2},
    {0, 1, 2, 3, 4, 5, 4, 3},
    {0, 1, 2, 3, 4, 5, 6, 5, 3},
}};

// The three sample angles of cell (p, q) exactly as the game computes them in
// float: a0 = q/p, a1 = a0 - 0.5/p, a2 = a0 + 0.5/p. A table, since they only
// depend on p and q (IEEE arithmetic gives the same values every time).
struct Angles {
  float a0[max_view_distance + 1][max_view_distance + 1];
  float a1[max_view_distance + 1][max_view_distance + 1];
  float a2[max_view_distance + 1][max_view_distance + 1];
  float dq2[max_view_distance + 1];
};
const Angles kAngles = [] {
  Angles t{};
  for (int p = 1; p <= max_view_distance; ++p) {
    const float dq2 = 0.5f / static_cast<float>(p);
    t.dq2[p] = dq2;
    for (int q = 0; q <= p; ++q) {
      const float a0 = static_cast<float>(q) / static_cast<float>(p);
      t.a0[p][q] = a0;
      t.a1[p][q] = a0 - dq2;
      t.a2[p][q] = a0 + dq2;
    }
  }
  return t;
}();

// The game's Obstacles: blocked angle intervals of one octant; intervals added
// in the current row only take effect from the next row. An angle is blocked
// when it lies in any of them (closed intervals), that is in their union, so
// the earlier rows are kept as a sorted union and a row's cells, whose angles
// grow with q, walk it once instead of testing every interval.
struct Obstacles {
  // At most limits[p] + 1 intervals a row: 44 for R = 8.
  static constexpr int capacity = 64;
  float ulo[capacity], uhi[capacity];  // union of earlier rows, sorted, disjoint
  int un = 0;
  float nlo[capacity], nhi[capacity];  // this row's intervals, in order of q
  int nn = 0;
  int k = 0;  // walk position in the union for the current row

  void add(float o1, float o2) noexcept {
    if (nn > 0 && o1 <= nhi[nn - 1]) {
      nhi[nn - 1] = o2;  // touches the previous interval of this row: the game merges them
    } else {
      nlo[nn] = o1;
      nhi[nn] = o2;
      ++nn;
    }
  }
  [[nodiscard]] bool in_union(float a, int from) const noexcept {
    while (from < un && uhi[from] < a) ++from;
    return from < un && ulo[from] <= a;
  }
  // The game's isBlocked(a0) && isBlocked(a1) && isBlocked(a2); a1 never
  // decreases along a row, and a0, a2 are not below it.
  [[nodiscard]] bool hides(float b0, float b1, float b2) noexcept {
    while (k < un && uhi[k] < b1) ++k;
    return k < un && ulo[k] <= b1 && in_union(b0, k) && in_union(b2, k);
  }
  // True when one interval covers every angle of rows p and beyond: all later
  // cells are hidden, and nothing they add can change that.
  [[nodiscard]] bool covers_rest(float dq2) const noexcept {
    const float lo = -dq2, hi = 1.0f + dq2;
    for (int i = 0; i < un; ++i)
      if (ulo[i] <= lo && uhi[i] >= hi) return true;
    return false;
  }
  // The row's intervals join the union.
  void next_row() noexcept {
    if (nn > 0) {
      float mlo[2 * capacity], mhi[2 * capacity];
      int m = 0, i = 0, j = 0;
      while (i < un || j < nn) {
        float lo, hi;
        if (j >= nn || (i < un && ulo[i] <= nlo[j])) {
          lo = ulo[i];
          hi = uhi[i++];
        } else {
          lo = nlo[j];
          hi = nhi[j++];
        }
        if (m > 0 && lo <= mhi[m - 1]) {
          if (hi > mhi[m - 1]) mhi[m - 1] = hi;
        } else {
          mlo[m] = lo;
          mhi[m] = hi;
          ++m;
        }
      }
      for (int t = 0; t < m; ++t) {
        ulo[t] = mlo[t];
        uhi[t] = mhi[t];
      }
      un = m;
      nn = 0;
    }
    k = 0;
  }
};

// One octant. Cell (p, q) is (cx + q·m1 + p·m3, cy + p·m2 + q·m4): the game's scanSector.
void scan_sector(grid::OpacityView map, std::uint8_t* out, int cx, int cy, int m1, int m2, int m3, int m4,
                 const Limits& limits, int radius) {
  Obstacles obs;
  // Offsets of the cells along q that stay on the grid (the viewer is on it, so q = 0 is).
  const int q_room = m1 > 0 ? map.width - 1 - cx : m1 < 0 ? cx : m4 > 0 ? map.height - 1 - cy : cy;
  const std::ptrdiff_t q_step = static_cast<std::ptrdiff_t>(m4) * map.width + m1;
  const std::ptrdiff_t p_step = static_cast<std::ptrdiff_t>(m2) * map.width + m3;
  const std::ptrdiff_t origin = static_cast<std::ptrdiff_t>(cy) * map.width + cx;
  for (int p = 1; p <= radius; ++p) {
    // The row's own coordinate; off the grid it stays off for every later row.
    const int rx = cx + p * m3, ry = cy + p * m2;
    if (!map.in_bounds(rx, ry)) break;
    if (obs.covers_rest(kAngles.dq2[p])) break;
    const int q_end = std::min(limits[static_cast<std::size_t>(p)], q_room);
    const std::ptrdiff_t row = origin + p * p_step;
    const float* a0 = kAngles.a0[p];
    const float* a1 = kAngles.a1[p];
    const float* a2 = kAngles.a2[p];
    for (int q = 0; q <= q_end; ++q) {
      const std::ptrdiff_t i = row + q * q_step;
      // Permissive: hidden only when all three sample angles are shadowed.
      if (!obs.hides(a0[q], a1[q], a2[q])) out[i] = 1;
      if (map.opaque[i] != 0) obs.add(a1[q], a2[q]);
    }
    obs.next_row();
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
