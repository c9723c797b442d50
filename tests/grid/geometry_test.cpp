// fray/grid/geometry.hpp: distances, isqrt and the Bresenham stepping.
#include <fray/grid/geometry.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>

using namespace fray::grid;

TEST(Geometry, Distances) {
  EXPECT_EQ(chebyshev({0, 0}, {3, -7}), 7);
  EXPECT_EQ(chebyshev({5, 5}, {5, 5}), 0);
  EXPECT_EQ(distance_squared({1, 2}, {4, 6}), 25);
  EXPECT_DOUBLE_EQ(euclidean({1, 2}, {4, 6}), 5.0);
  EXPECT_DOUBLE_EQ(euclidean({0, 0}, {1, 1}), std::sqrt(2.0));
  // The epixx range modifier: floor(isqrt(dx² + dy²) / 2).
  EXPECT_EQ(isqrt_distance({0, 0}, {3, 4}) / 2, 2);
  EXPECT_EQ(isqrt_distance({0, 0}, {5, 5}), 7);  // sqrt(50) = 7.07
  EXPECT_EQ(isqrt_distance({0, 0}, {1, 1}) / 2, 0);
}

TEST(Geometry, IsqrtIsExact) {
  for (std::uint64_t n = 0; n < 100000; ++n) {
    const std::uint64_t r = isqrt(n);
    ASSERT_LE(r * r, n);
    ASSERT_GT((r + 1) * (r + 1), n);
  }
  // Around large perfect squares, where double sqrt would round.
  for (std::uint64_t r :
       {std::uint64_t{3037000499}, std::uint64_t{4294967295}, std::uint64_t{1} << 31, std::uint64_t{123456789}}) {
    const std::uint64_t sq = r * r;
    EXPECT_EQ(isqrt(sq), r);
    EXPECT_EQ(isqrt(sq - 1), r - 1);
    if (r < 4294967295u) {
      EXPECT_EQ(isqrt(sq + 1), r);
    }
  }
  EXPECT_EQ(isqrt(std::numeric_limits<std::uint64_t>::max()), 4294967295u);
  static_assert(isqrt(1'000'000'000'000) == 1'000'000);
}

TEST(Geometry, BresenhamWikiExample) {
  // The Pixel Dungeon wiki's 16×9 rectangle: from (0,0) to (15,8), cell i is at
  // (i, (7 + 8i) / 15) — e.g. Cell(1) = 17 → (1,1), Cell(14) = 126 → (14,7).
  const auto line = bresenham({0, 0}, {15, 8});
  ASSERT_EQ(line.size(), 16u);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(line[static_cast<std::size_t>(i)], (Point{i, (7 + 8 * i) / 15}));
  EXPECT_EQ(line[1], (Point{1, 1}));
  EXPECT_EQ(line[14], (Point{14, 7}));
}

TEST(Geometry, BresenhamShapes) {
  EXPECT_EQ(bresenham({2, 2}, {2, 2}), (std::vector<Point>{{2, 2}}));
  EXPECT_EQ(bresenham({0, 0}, {3, 0}), (std::vector<Point>{{0, 0}, {1, 0}, {2, 0}, {3, 0}}));
  EXPECT_EQ(bresenham({0, 0}, {0, -2}), (std::vector<Point>{{0, 0}, {0, -1}, {0, -2}}));
  EXPECT_EQ(bresenham({0, 0}, {-2, 2}), (std::vector<Point>{{0, 0}, {-1, 1}, {-2, 2}}));
  // Every line: max(|dx|,|dy|)+1 cells, king steps, ends on both points.
  for (int dx = -9; dx <= 9; ++dx)
    for (int dy = -9; dy <= 9; ++dy) {
      const auto l = bresenham({1, 1}, {1 + dx, 1 + dy});
      ASSERT_EQ(static_cast<int>(l.size()), std::max(std::abs(dx), std::abs(dy)) + 1);
      EXPECT_EQ(l.front(), (Point{1, 1}));
      EXPECT_EQ(l.back(), (Point{1 + dx, 1 + dy}));
      for (std::size_t i = 1; i < l.size(); ++i) EXPECT_EQ(chebyshev(l[i - 1], l[i]), 1);
    }
}

TEST(Geometry, RayContinuesPastTheTarget) {
  // From (0,0) through (2,1): minor offset floor((1 + i) / 2) for i = 1..6.
  Ray ray({0, 0}, {2, 1});
  for (int i = 1; i <= 6; ++i) EXPECT_EQ(ray.next(), (Point{i, (1 + i) / 2}));
}
