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

// The game's Obstacles: blocked angle intervals of one octant. Intervals added
// in the current row only take effect from the next row (`limit`).
struct Obstacles {
  // At most limits[p] + 1 intervals a row: 44 for R = 8.
  static constexpr int capacity = 64;
  float a1[capacity];
  float a2[capacity];
  int length = 0;
  int limit = 0;

  void add(float o1, float o2) noexcept {
    if (length > limit && o1 <= a2[length - 1]) {
      a2[length - 1] = o2;  // touches the previous interval of this row: merge
    } else {
      a1[length] = o1;
      a2[length] = o2;
      ++length;
    }
  }
  [[nodiscard]] bool blocked(float a) const noexcept {
    for (int i = 0; i < limit; ++i)
      if (a >= a1[i] && a <= a2[i]) return true;
    return false;
  }
  void next_row() noexcept { limit = length; }
};

// One octant. Cell (p, q) is (cx + q·m1 + p·m3, cy + p·m2 + q·m4): the game's scanSector.
void scan_sector(grid::OpacityView map, std::uint8_t* out, int cx, int cy, int m1, int m2, int m3, int m4,
                 const Limits& limits, int radius) {
  Obstacles obs;
  for (int p = 1; p <= radius; ++p) {
    const float dq2 = 0.5f / static_cast<float>(p);
    for (int q = 0, pp = limits[static_cast<std::size_t>(p)]; q <= pp; ++q) {
      const int x = cx + q * m1 + p * m3;
      const int y = cy + p * m2 + q * m4;
      if (!map.in_bounds(x, y)) continue;
      const float a0 = static_cast<float>(q) / static_cast<float>(p);
      const float a1 = a0 - dq2;
      const float a2 = a0 + dq2;
      const std::size_t i = static_cast<std::size_t>(y) * static_cast<std::size_t>(map.width) +
                            static_cast<std::size_t>(x);
      // Permissive: hidden only when all three sample angles are shadowed.
      if (!(obs.blocked(a0) && obs.blocked(a1) && obs.blocked(a2))) out[i] = 1;
      if (map.opaque[i] != 0) obs.add(a1, a2);
    }
    obs.next_row();
  }
}

}  // namespace

const Limits& shadow_limits(int radius) {
  require(radius >= 1 && radius <= max_view_distance,
          fmt::format("Pixel Dungeon view distance {} is out of range 1..{}", radius, max_view_distance));
  return kLimits[static_cast<std::size_t>(radius)];
}

void cast_shadow(grid::OpacityView map, grid::Point viewer, int radius, grid::Visibility& out) {
  const Limits& limits = shadow_limits(radius);
  require(map.in_bounds(viewer.x, viewer.y),
          fmt::format("viewer {},{} is outside the {}x{} grid", viewer.x, viewer.y, map.width, map.height));
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
