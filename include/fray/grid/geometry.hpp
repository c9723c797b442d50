// fray/grid/geometry.hpp — points, distances, integer square root and lines.
//
// Coordinates are x to the right and y down, 0-based. The line stepping here
// is the one Pixel Dungeon's Ballistica uses, so the game's projectile paths
// (fray/rules/pixel_dungeon/ballistica.hpp) are built on it.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

namespace fray::grid {

struct Point {
  int x = 0;
  int y = 0;
  friend constexpr bool operator==(Point, Point) = default;
};

// The coordinates every function here takes: |x| and |y| at most 2^29, so
// that differences (2^30), squared distances (2^61), a ray's error term and
// its steps between two such points fit their types without overflow. Every
// cell of a map is within it (Map::max_cells); a point typed by a user is
// checked against it (checked_point) before it reaches the grid.
inline constexpr int max_coordinate = 1 << 29;

// The point (x, y) as a user gave it; throws fray::Error naming `what` when a
// coordinate is past max_coordinate (such a point is outside every map).
[[nodiscard]] Point checked_point(std::int64_t x, std::int64_t y, std::string_view what);

// Chebyshev distance: king moves (Pixel Dungeon's Level.distance).
[[nodiscard]] constexpr int chebyshev(Point a, Point b) noexcept {
  const int dx = a.x > b.x ? a.x - b.x : b.x - a.x;
  const int dy = a.y > b.y ? a.y - b.y : b.y - a.y;
  return dx > dy ? dx : dy;
}

// dx² + dy², exact in 64 bits (coordinates within max_coordinate).
[[nodiscard]] constexpr std::int64_t distance_squared(Point a, Point b) noexcept {
  const std::int64_t dx = std::int64_t{a.x} - b.x;
  const std::int64_t dy = std::int64_t{a.y} - b.y;
  return dx * dx + dy * dy;
}

// floor(sqrt(n)), exact for every 64-bit n (no floating point).
[[nodiscard]] constexpr std::uint64_t isqrt(std::uint64_t n) noexcept {
  // Bit-by-bit method: each step decides one bit of the root.
  std::uint64_t root = 0;
  std::uint64_t bit = std::uint64_t{1} << 62;
  while (bit > n) bit >>= 2;
  while (bit != 0) {
    if (n >= root + bit) {
      n -= root + bit;
      root = (root >> 1) + bit;
    } else {
      root >>= 1;
    }
    bit >>= 2;
  }
  return root;
}

// floor(sqrt(dx² + dy²)): the integer Euclidean distance (the epixx range
// modifier is isqrt_distance / 2, floored).
[[nodiscard]] constexpr std::int64_t isqrt_distance(Point a, Point b) noexcept {
  return static_cast<std::int64_t>(isqrt(static_cast<std::uint64_t>(distance_squared(a, b))));
}

// The real Euclidean distance.
[[nodiscard]] double euclidean(Point a, Point b) noexcept;

// A Bresenham ray from `from` through `to`, one cell per call to next(), and
// on past `to` for as long as it is asked (both within max_coordinate, and
// the ray stepped at most 2^30 cells past them: callers stop at a map's edge).
//
// The stepping is Pixel Dungeon's (Ballistica.cast): the major axis is x when
// |dx| > |dy|, otherwise y (ties included); the error starts at dA/2 and the
// minor axis steps when it reaches dA, so after i major steps the minor offset
// is floor((floor(dA/2) + i*dB) / dA). A direction component that is zero
// counts as negative, which is why a ray with from == to runs diagonally up and
// left (the game's own quirk).
class Ray {
 public:
  constexpr Ray(Point from, Point to) noexcept : cell_(from) {
    const int dx = to.x - from.x;
    const int dy = to.y - from.y;
    const int step_x = dx > 0 ? 1 : -1;
    const int step_y = dy > 0 ? 1 : -1;
    const int adx = dx < 0 ? -dx : dx;
    const int ady = dy < 0 ? -dy : dy;
    if (adx > ady) {
      major_ = {step_x, 0};
      minor_ = {0, step_y};
      da_ = adx;
      db_ = ady;
    } else {
      major_ = {0, step_y};
      minor_ = {step_x, 0};
      da_ = ady;
      db_ = adx;
    }
    err_ = da_ / 2;
  }

  // The next cell of the ray.
  constexpr Point next() noexcept {
    cell_.x += major_.x;
    cell_.y += major_.y;
    err_ += db_;
    if (err_ >= da_) {
      err_ -= da_;
      cell_.x += minor_.x;
      cell_.y += minor_.y;
    }
    return cell_;
  }

  // Major-axis steps from `from` to `to` (max(|dx|, |dy|)).
  [[nodiscard]] constexpr int length() const noexcept { return da_; }

 private:
  Point cell_;
  Point major_{};
  Point minor_{};
  int da_ = 0;
  int db_ = 0;
  int err_ = 0;
};

// The most cells bresenham() gives: as many as a map has (Map::max_cells).
inline constexpr std::int64_t max_line_cells = std::int64_t{1} << 26;

// The Bresenham line from a to b, both ends included (max(|dx|,|dy|) + 1 cells;
// a and b within max_coordinate). A line of more than max_line_cells cells is
// refused with fray::Error before any is made.
[[nodiscard]] std::vector<Point> bresenham(Point a, Point b);
// The same into a caller's buffer (cleared first), so repeated calls need not allocate.
void bresenham(Point a, Point b, std::vector<Point>& out);

}  // namespace fray::grid
