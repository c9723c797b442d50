// fray/core/pmf.hpp against brute-force enumeration.
#include <fray/core/pmf.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <vector>

using fray::Pmf;

namespace {
// Distribution of f over the cartesian product of uniform ranges, by enumeration.
template <class F>
Pmf enumerate(const std::vector<std::pair<int, int>>& ranges, F f) {
  std::map<std::int64_t, double> acc;
  std::vector<int> v;
  for (auto [lo, hi] : ranges) v.push_back(lo);
  double each = 1;
  for (auto [lo, hi] : ranges) each /= (hi - lo + 1);
  for (;;) {
    acc[f(v)] += each;
    std::size_t i = 0;
    while (i < v.size() && ++v[i] > ranges[i].second) v[i] = ranges[i].first, ++i;
    if (i == v.size()) break;
  }
  return Pmf::from_map(acc);
}
}  // namespace

TEST(Pmf, DefaultIsPointZero) {
  Pmf p;
  EXPECT_EQ(p.min(), 0);
  EXPECT_EQ(p.max(), 0);
  EXPECT_EQ(p[0], 1.0);
}

TEST(Pmf, UniformAndSummaries) {
  const Pmf d = Pmf::uniform(1, 6);
  EXPECT_EQ(d.width(), 6u);
  EXPECT_DOUBLE_EQ(d.mean(), 3.5);
  EXPECT_DOUBLE_EQ(d.variance(), 35.0 / 12);
  EXPECT_DOUBLE_EQ(d.cdf(2), 2.0 / 6);
  EXPECT_DOUBLE_EQ(d.at_least(5), 2.0 / 6);
  EXPECT_EQ(d.quantile(0.5), 3);
  EXPECT_EQ(d.quantile(1.0), 6);
  EXPECT_EQ(d.quantile(0.0), 1);
  EXPECT_EQ(d.cdf(0), 0.0);
  EXPECT_EQ(d.cdf(6), 1.0);
  EXPECT_EQ(d.at_least(7), 0.0);
}

TEST(Pmf, ConvolutionMatchesEnumeration) {
  const Pmf sum = Pmf::uniform(1, 6) + Pmf::uniform(-2, 3) + Pmf::uniform(0, 9);
  const Pmf brute = enumerate({{1, 6}, {-2, 3}, {0, 9}}, [](auto& v) { return v[0] + v[1] + v[2]; });
  EXPECT_TRUE(sum.approx_equal(brute, 1e-15));
  EXPECT_NEAR(sum.total(), 1.0, 1e-12);
}

TEST(Pmf, DifferenceAndNegation) {
  const Pmf diff = Pmf::uniform(1, 4) - Pmf::uniform(2, 7);
  const Pmf brute = enumerate({{1, 4}, {2, 7}}, [](auto& v) { return v[0] - v[1]; });
  EXPECT_TRUE(diff.approx_equal(brute, 1e-15));
  const Pmf neg = -Pmf::uniform(3, 5);
  EXPECT_EQ(neg.min(), -5);
  EXPECT_EQ(neg.max(), -3);
}

TEST(Pmf, RepeatIsRepeatedConvolution) {
  const Pmf d6 = Pmf::uniform(1, 6);
  Pmf slow = Pmf::point(0);
  for (int i = 0; i < 13; ++i) slow = slow + d6;
  EXPECT_TRUE(d6.repeat(13).approx_equal(slow, 1e-14));
  EXPECT_EQ(d6.repeat(0), Pmf::point(0));
  // 3d6: 27 ways of 216 to make 10.
  EXPECT_NEAR(d6.repeat(3)[10], 27.0 / 216, 1e-16);
}

TEST(Pmf, MapMaxOfDifference) {
  // max(X - Y, 0): the usual "damage minus armour".
  const Pmf dmg = Pmf::combine(Pmf::uniform(1, 10), Pmf::uniform(0, 4),
                               [](std::int64_t a, std::int64_t b) { return std::max<std::int64_t>(a - b, 0); });
  const Pmf brute = enumerate({{1, 10}, {0, 4}}, [](auto& v) { return std::max(v[0] - v[1], 0); });
  EXPECT_TRUE(dmg.approx_equal(brute, 1e-15));
  EXPECT_NEAR(dmg[0], 10.0 / 50, 1e-15);
}

TEST(Pmf, ScaleAndFloor) {
  // floor(3X / 2) for X uniform on 1..4 → 1, 3, 4, 6.
  const Pmf d = Pmf::uniform(1, 4).map([](std::int64_t x) { return 3 * x / 2; });
  EXPECT_EQ(d.items().size(), 4u);
  EXPECT_DOUBLE_EQ(d[1], 0.25);
  EXPECT_DOUBLE_EQ(d[6], 0.25);
  EXPECT_EQ(d[2], 0.0);
}

TEST(Pmf, MixtureAndConditioning) {
  const std::vector<std::pair<double, Pmf>> parts = {{0.25, Pmf::point(0)}, {0.75, Pmf::uniform(1, 3)}};
  const Pmf m = Pmf::mixture(parts);
  EXPECT_DOUBLE_EQ(m[0], 0.25);
  EXPECT_DOUBLE_EQ(m[2], 0.25);
  const Pmf hit = m.given([](std::int64_t v) { return v > 0; });
  EXPECT_TRUE(hit.approx_equal(Pmf::uniform(1, 3), 1e-15));
  EXPECT_DOUBLE_EQ(m.probability([](std::int64_t v) { return v >= 2; }), 0.5);
  EXPECT_THROW((void)m.given([](std::int64_t v) { return v > 99; }), fray::Error);
}

TEST(Pmf, WeightsAndPairs) {
  const double w[] = {1, 0, 3};
  const Pmf a = Pmf::from_weights(5, w);
  EXPECT_DOUBLE_EQ(a[5], 0.25);
  EXPECT_DOUBLE_EQ(a[7], 0.75);
  const std::pair<std::int64_t, double> pairs[] = {{7, 1.5}, {5, 0.5}, {7, 0}};
  EXPECT_TRUE(Pmf::from_pairs(pairs).approx_equal(a));
  const double bad[] = {1, -1};
  EXPECT_THROW((void)Pmf::from_weights(0, bad), fray::Error);
  const double none[] = {0, 0};
  EXPECT_THROW((void)Pmf::from_weights(0, none), fray::Error);
}

TEST(Pmf, TrimsZeroEnds) {
  const double w[] = {0, 0, 1, 1, 0};
  const Pmf a = Pmf::from_weights(0, w);
  EXPECT_EQ(a.min(), 2);
  EXPECT_EQ(a.max(), 3);
}

TEST(Pmf, BernoulliAndApproxEqual) {
  const Pmf b = Pmf::bernoulli(0.3);
  EXPECT_DOUBLE_EQ(b.mean(), 0.3);
  EXPECT_FALSE(b.approx_equal(Pmf::bernoulli(0.31), 1e-3));
  EXPECT_TRUE(b.approx_equal(Pmf::bernoulli(0.3 + 1e-14)));
  EXPECT_THROW((void)Pmf::bernoulli(1.5), fray::Error);
}

TEST(Pmf, LimitsAreErrorsNotHangs) {
  EXPECT_THROW((void)Pmf::uniform(0, std::int64_t{1} << 40), fray::Error);
  EXPECT_THROW((void)Pmf::uniform(5, 4), fray::Error);
  const auto big = std::numeric_limits<std::int64_t>::max();
  EXPECT_THROW((void)(Pmf::point(big) + Pmf::point(1)), fray::Error);
  EXPECT_THROW((void)Pmf::uniform(1, 1000).repeat(std::uint64_t{1} << 40), fray::Error);
  EXPECT_THROW((void)fray::checked_mul(big, 2), fray::Error);
}
