// fray/grid/geometry.hpp: distances, isqrt and the Bresenham stepping.
#include <fray/grid/geometry.hpp>

#include <fray/core/error.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

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

// Points typed by a user are held within max_coordinate (2^29), where every
// difference, squared distance and ray step here fits its type.
TEST(Geometry, CheckedPoint) {
  EXPECT_EQ(checked_point(3, -4, "--at"), (Point{3, -4}));
  EXPECT_EQ(checked_point(max_coordinate, -max_coordinate, "--at"), (Point{max_coordinate, -max_coordinate}));
  const auto message = [](std::int64_t x, std::int64_t y) {
    try {
      (void)checked_point(x, y, "--from");
    } catch (const fray::Error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(message(max_coordinate + std::int64_t{1}, 0),
            "--from 536870913,0 is outside the map (a coordinate is at most 536870912 from 0)");
  EXPECT_EQ(message(0, std::numeric_limits<std::int64_t>::min()),
            "--from 0,-9223372036854775808 is outside the map (a coordinate is at most 536870912 from 0)");
  // At the limit the arithmetic is exact.
  const Point a{-max_coordinate, -max_coordinate}, b{max_coordinate, max_coordinate};
  EXPECT_EQ(chebyshev(a, b), 1 << 30);
  EXPECT_EQ(distance_squared(a, b), std::int64_t{1} << 61);
  EXPECT_EQ(isqrt_distance(a, b), 1518500249);  // floor(2^30.5)
  Ray ray(a, b);
  EXPECT_EQ(ray.length(), 1 << 30);
  EXPECT_EQ(ray.next(), (Point{-max_coordinate + 1, -max_coordinate + 1}));
  Ray flat(a, {max_coordinate, -max_coordinate + 1});
  EXPECT_EQ(flat.next(), (Point{-max_coordinate + 1, -max_coordinate}));
}

// A line is as long as its ends are apart: past a map's cells it is refused
// before any is made (2^30 + 1 cells at the coordinate limit, 8 GiB).
TEST(Geometry, BresenhamLengthIsBounded) {
  const auto message = [](Point a, Point b) {
    try {
      (void)bresenham(a, b);
    } catch (const fray::Error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  // One cell past the limit.
  EXPECT_EQ(message({0, 0}, {static_cast<int>(max_line_cells), 5}),
            "the line from 0,0 to 67108864,5 has 67108865 cells, more than the 67108864 a line may have");
  try {
    (void)bresenham({-max_coordinate, 0}, {max_coordinate, 0});
    ADD_FAILURE() << "accepted";
  } catch (const fray::Error& e) {
    EXPECT_EQ(std::string(e.what()),
              "the line from -536870912,0 to 536870912,0 has 1073741825 cells, more than the 67108864 a line may have");
  }
}
