// Shattered Pixel Dungeon 3.3.6 mechanics/ShadowCaster.java (castShadow, scanOctant).
// Not Pixel Dungeon's: the fork rewrote the caster (float slopes in place of
// PD's obstacle intervals) and sees up to 20 cells; the rounding table is the
// family's, the same formula (fray/rules/pixel_dungeon/shadow_caster.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fray/core/error.hpp>
#include <fray/rules/pixel_dungeon/shadow_caster.hpp>
#include <fray/rules/shattered_pd/shadow_caster.hpp>

namespace fray::shattered_pd {

namespace {

using Row = std::array<int, max_view_distance + 1>;

// ShadowCaster.rounding, the family's table, all of whose rows the fork fills.
static_assert(pixel_dungeon::shadow_caster_rounding_rows == max_view_distance);
constexpr const std::array<Row, max_view_distance + 1>& kRounding = pixel_dungeon::shadow_caster_rounding;

// The game's ArrayIndexOutOfBoundsException, caught by castShadow.
struct OffTheArray {};

struct Caster {
  const std::vector<std::uint8_t>& blocking;
  std::vector<std::uint8_t>& fov;
  int x, y, w;
  int distance;
  const Row* rounding;

  bool blocks(std::ptrdiff_t cell) const {
    if (cell < 0 || cell >= static_cast<std::ptrdiff_t>(fov.size())) throw OffTheArray{};
    return blocking[static_cast<std::size_t>(cell)] != 0;
  }
  void see(std::ptrdiff_t cell) {
    if (cell < 0 || cell >= static_cast<std::ptrdiff_t>(fov.size())) throw OffTheArray{};
    fov[static_cast<std::size_t>(cell)] = 1;
  }

  // ShadowCaster.scanOctant, line for line.
  void scan(int row, double l_slope, double r_slope, int mx, int my, bool mxy) {
    bool in_blocking = false;
    const Row& round = *rounding;
    for (; row <= distance; ++row) {
      if (r_slope < l_slope) return;
      const int start = l_slope == 0 ? 0 : static_cast<int>(std::floor((row - 0.5) * l_slope + 0.499));
      const int end = r_slope == 1 ? round[static_cast<std::size_t>(row)]
                                   : std::min(round[static_cast<std::size_t>(row)],
                                              static_cast<int>(std::ceil((row + 0.5) * r_slope - 0.499)));
      std::ptrdiff_t cell = x + static_cast<std::ptrdiff_t>(y) * w;
      if (mxy)
        cell += static_cast<std::ptrdiff_t>(mx) * start * w + my * row;
      else
        cell += mx * start + static_cast<std::ptrdiff_t>(my) * row * w;
      for (int col = start; col <= end; ++col) {
        // The slope at the cell's end is one column further than at its start,
        // and the earlier cell blocks: the game stops the row here.
        if (col == end && in_blocking && static_cast<int>(std::ceil((row - 0.5) * r_slope - 0.499)) != end) break;
        see(cell);
        if (blocks(cell)) {
          if (!in_blocking) {
            in_blocking = true;
            if (col != start) scan(row + 1, l_slope, (col - 0.5) / (row + 0.5), mx, my, mxy);
          }
        } else if (in_blocking) {
          in_blocking = false;
          l_slope = (col - 0.5) / (row - 0.5);
        }
        cell += mxy ? static_cast<std::ptrdiff_t>(mx) * w : mx;
      }
      if (in_blocking) return;
    }
  }
};

}  // namespace

const std::array<int, max_view_distance + 1>& shadow_rounding(int radius) {
  if (radius < 1 || radius > max_view_distance)
    throw Error(
        fmt::format("Shattered Pixel Dungeon rounding row {} is out of range 1..{}", radius, max_view_distance));
  return kRounding[static_cast<std::size_t>(radius)];
}

bool cast_shadow(const std::vector<std::uint8_t>& blocking, int width, int height, grid::Point viewer, int distance,
                 std::vector<std::uint8_t>& fov) {
  const auto n = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  fov.assign(n, 0);
  if (blocking.size() != n) throw Error("cast_shadow: the blocking array is not width × height");
  distance = std::min(distance, max_view_distance);
  const std::ptrdiff_t source = viewer.x + static_cast<std::ptrdiff_t>(viewer.y) * width;
  if (source < 0 || source >= static_cast<std::ptrdiff_t>(n)) return false;  // the game throws before its try
  fov[static_cast<std::size_t>(source)] = 1;
  // distance 2 fills in the corners of the view (rounding[2][2] = 2).
  Row two = kRounding[2];
  two[2] = 2;
  Caster c{blocking,
           fov,
           viewer.x,
           viewer.y,
           width,
           distance,
           distance == 2 ? &two : (distance >= 0 ? &kRounding[static_cast<std::size_t>(distance)] : nullptr)};
  try {
    if (distance < 0) throw OffTheArray{};  // rounding[distance]
    // The game's octant order, clockwise.
    c.scan(1, 0.0, 1.0, +1, -1, false);
    c.scan(1, 0.0, 1.0, -1, +1, true);
    c.scan(1, 0.0, 1.0, +1, +1, true);
    c.scan(1, 0.0, 1.0, +1, +1, false);
    c.scan(1, 0.0, 1.0, -1, +1, false);
    c.scan(1, 0.0, 1.0, +1, -1, true);
    c.scan(1, 0.0, 1.0, -1, -1, true);
    c.scan(1, 0.0, 1.0, -1, -1, false);
  } catch (const OffTheArray&) {
    std::fill(fov.begin(), fov.end(), std::uint8_t{0});
    return false;
  }
  return true;
}

void field_of_view(const grid::Map& map, grid::Point viewer, int distance, grid::Visibility& out) {
  if (distance < 0) throw Error(fmt::format("view distance {} is negative", distance));
  grid::require_inside(map, viewer, "viewer");
  const int w = map.width(), h = map.height();
  std::vector<std::uint8_t> blocking(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      blocking[static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)] =
          x == 0 || y == 0 || x == w - 1 || y == h - 1 || map.blocks_sight({x, y}) ? 1 : 0;
  std::vector<std::uint8_t> fov;
  cast_shadow(blocking, w, h, viewer, distance, fov);
  out.reset(w, h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      if (fov[static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)]) out.set(x, y);
}

}  // namespace fray::shattered_pd
