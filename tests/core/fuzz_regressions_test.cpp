// Inputs the fuzz targets (tests/fuzz) found, replayed: each must give the
// bounded answer or a clear fray::Error. Run under `make sanitize` they also
// check that no undefined behaviour is left on the way.
#include <fray/core/dice.hpp>
#include <fray/core/pmf.hpp>
#include <fray/core/rng.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

namespace {

constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();

// fuzz_dice: a constant at the top of the 64-bit range (form feeds are
// whitespace). Pmf::max() computed lo + width and then subtracted 1, which
// overflowed for a point at INT64_MAX.
TEST(FuzzRegressions, PointAtInt64MaxHasThatMax) {
  const fray::Pmf p = fray::Pmf::point(kMax);
  EXPECT_EQ(p.min(), kMax);
  EXPECT_EQ(p.max(), kMax);
  EXPECT_DOUBLE_EQ(p[kMax], 1.0);
  EXPECT_DOUBLE_EQ(p[kMax - 1], 0.0);
  EXPECT_EQ(fray::Pmf::point(kMin).max(), kMin);
}

TEST(FuzzRegressions, DiceConstantInt64Max) {
  const fray::Dice d = fray::Dice::parse("\f\f\f9223372036854775807");
  const fray::Pmf p = d.exact();
  EXPECT_EQ(p.min(), kMax);
  EXPECT_EQ(p.max(), kMax);
  fray::Rng rng(1);
  EXPECT_EQ(d.sample(rng), kMax);
}

}  // namespace
