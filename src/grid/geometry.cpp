// fray/grid/geometry.cpp
#include <fray/grid/geometry.hpp>

#include <cmath>

namespace fray::grid {

double euclidean(Point a, Point b) noexcept { return std::sqrt(static_cast<double>(distance_squared(a, b))); }

void bresenham(Point a, Point b, std::vector<Point>& out) {
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
