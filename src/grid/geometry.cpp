// fray/grid/geometry.cpp
#include <fray/grid/geometry.hpp>

#include <fray/core/error.hpp>

#include <fmt/format.h>

#include <cmath>

namespace fray::grid {

Point checked_point(std::int64_t x, std::int64_t y, std::string_view what) {
  if (x < -max_coordinate || x > max_coordinate || y < -max_coordinate || y > max_coordinate)
    throw Error(
        fmt::format("{} {},{} is outside the map (a coordinate is at most {} from 0)", what, x, y, max_coordinate));
  return {static_cast<int>(x), static_cast<int>(y)};
}

double euclidean(Point a, Point b) noexcept { return std::sqrt(static_cast<double>(distance_squared(a, b))); }

void bresenham(Point a, Point b, std::vector<Point>& out) {
  if (chebyshev(a, b) >= max_line_cells)
    throw Error(fmt::format("the line from {},{} to {},{} has {} cells, more than the {} a line may have", a.x, a.y,
                            b.x, b.y, std::int64_t{chebyshev(a, b)} + 1, max_line_cells));
  out.clear();
  out.push_back(a);
  Ray ray(a, b);
  for (int i = 0, n = ray.length(); i < n; ++i) out.push_back(ray.next());
}

std::vector<Point> bresenham(Point a, Point b) {
  std::vector<Point> out;
  bresenham(a, b, out);
  return out;
}

}  // namespace fray::grid
