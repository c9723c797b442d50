// Inputs the fuzz targets (tests/fuzz) found, replayed: each must give the
// bounded answer or a clear fray::Error. Run under `make sanitize` they also
// check that no undefined behaviour is left on the way.
#include <fray/core/budget.hpp>
#include <fray/core/dice.hpp>
#include <fray/core/pmf.hpp>
#include <fray/core/rng.hpp>
#include <fray/rules/ruleset.hpp>

#include "support/scale.hpp"
#include "support/support.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <string>

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

// fuzz_dice: DCSS roll_dice over the 1 764 values of an exploding 6d14. Each
// call sums two dice of up to 1 764 sides; a call was charged 64 operations
// whatever its arguments, so the whole (10^9 multiply-adds, 45 s in the fuzz
// build) ran under a budget meant to stop it. Every call is now charged its
// cost before the first: the fuzz targets' budget refuses it at once.
TEST(FuzzRegressions, DiceFunctionCallsAreCharged) {
  struct Restore {
    ~Restore() { fray::set_budget({}); }
  } restore;
  fray::set_budget({fray::kMaxWork / 20, fray::kMaxValues / 8});  // as tests/fuzz/fuzz.hpp
  const fray::Dice d = fray::Dice::parse("roll_dice(2, 6d14!)", fray::all_dice_functions());
  const double t0 = fray::test::cpu_seconds();
  EXPECT_THROW((void)d.exact(), fray::TooLarge);
  EXPECT_LT(fray::test::cpu_seconds() - t0, fray::test::prompt(0.5));
  fray::Rng rng(1);
  EXPECT_GE(d.sample(rng), 2);  // sampling stays open
}

// fuzz_dice: no dice of a random number of sides, 1 to 61 202. Each side
// count built its die before rolling none of it, 1.9 x 10^9 values in all,
// charged as nothing. No die is built now when none is rolled or kept, and
// building one is charged.
TEST(FuzzRegressions, NoDiceBuildNoDie) {
  struct Restore {
    ~Restore() { fray::set_budget({}); }
  } restore;
  fray::set_budget({fray::kMaxWork / 20, fray::kMaxValues / 8});  // as tests/fuzz/fuzz.hpp
  const double t0 = fray::test::cpu_seconds();
  EXPECT_EQ(fray::Dice::parse("0d(1d61202)").exact(), fray::Pmf::point(0));
  EXPECT_EQ(fray::Dice::parse("2d(1d61202)kh0").exact(), fray::Pmf::point(0));
  EXPECT_EQ(fray::Dice::parse("0d(1d61202)!").exact(), fray::Pmf::point(0));
  // One die of each size is built: 1.9 x 10^9 values, past this budget.
  EXPECT_THROW((void)fray::Dice::parse("1d(1d61202)").exact(), fray::TooLarge);
  EXPECT_LT(fray::test::cpu_seconds() - t0, fray::test::prompt(0.5));
}

// A wide roll shifted again and again ("1d4000000+1+1+..."): each sum with
// a point copies the whole distribution, which was charged as nothing.
TEST(FuzzRegressions, ShiftsOfAWideRollAreCharged) {
  std::string text = "1d4000000";
  for (int i = 0; i < 100; ++i) text += "+1";
  const fray::Dice d = fray::Dice::parse(text);
  EXPECT_GE(d.estimate().work, 100 * 4e6);
  struct Restore {
    ~Restore() { fray::set_budget({}); }
  } restore;
  fray::set_budget({fray::kMaxWork / 20, fray::kMaxValues / 8});  // as tests/fuzz/fuzz.hpp
  EXPECT_THROW((void)d.exact(), fray::TooLarge);
  EXPECT_THROW((void)fray::Dice::parse("-(" + text + ")").exact(), fray::TooLarge);
  EXPECT_TRUE(fray::Dice::parse("-(1d6 + 1)").exact().approx_equal(fray::Pmf::uniform(-7, -2), 1e-15));
}

// The dice seeds of tests/fuzz/corpus/dice replayed as fuzz_dice runs them
// (parse with every ruleset's functions, four samples, the exact
// distribution, under the fuzz targets' budget): only fray::Error may come
// out. Among them the seeds at and past the nesting limit, long runs of '-'
// signs and chains of thousands of terms, which once overflowed the stack.
TEST(FuzzRegressions, DiceCorpusReplays) {
  struct Restore {
    ~Restore() { fray::set_budget({}); }
  } restore;
  fray::set_budget({fray::kMaxWork / 20, fray::kMaxValues / 8});  // as tests/fuzz/fuzz.hpp
  const auto fns = fray::all_dice_functions();
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(fray::test::path("fuzz/corpus/dice"))) {
    const std::string name = entry.path().filename().string();
    const std::string text = fray::test::read_text("fuzz/corpus/dice/" + name);
    ++files;
    try {
      const fray::Dice d = fray::Dice::parse(text, fns);
      fray::Rng rng(text.size());
      for (int i = 0; i < 4; ++i) (void)d.sample(rng);
      try {
        (void)d.exact();
      } catch (const fray::Error&) {
      }
      EXPECT_NE(name, "deep_parens_101") << "accepted";
    } catch (const fray::Error& e) {
      if (name == "deep_parens_101") {
        EXPECT_NE(std::string(e.what()).find("column 101: nested more than 100 levels deep"), std::string::npos)
            << e.what();
      }
    }
  }
  EXPECT_GE(files, 27);
}

}  // namespace
