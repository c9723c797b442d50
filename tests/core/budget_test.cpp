// The work budget: dice expressions past it are refused at once, those
// within it finish, and a Progress watches and cancels the exact computation.
#include <fray/core/budget.hpp>
#include <fray/core/dice.hpp>

#include "support/scale.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <string>
#include <thread>

using fray::Cancelled;
using fray::Dice;
using fray::Progress;
using fray::TooLarge;

namespace {

double seconds_since(double t0) { return fray::test::cpu_seconds() - t0; }

// A refusal must come before any real work: well under a second even on a
// loaded machine (the computations refused would take minutes or more).
const double kPrompt = fray::test::prompt(0.5);

}  // namespace

TEST(Budget, RequireBudgetSaysWhatAndWhatInstead) {
  EXPECT_NO_THROW(fray::require_budget(fray::kMaxWork, fray::kMaxValues, "x", "y"));
  try {
    fray::require_budget(2 * fray::kMaxWork, 1, "the thing", "do less");
    FAIL() << "accepted";
  } catch (const TooLarge& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("the thing is too large to compute"), std::string::npos) << m;
    EXPECT_NE(m.find("operations"), std::string::npos) << m;
    EXPECT_NE(m.find("do less"), std::string::npos) << m;
  }
  EXPECT_THROW(fray::require_budget(1, 2 * fray::kMaxValues, "x", "y"), TooLarge);
  // TooLarge and Cancelled are fray::Error, which the command line reports.
  static_assert(std::is_base_of_v<fray::Error, TooLarge>);
  static_assert(std::is_base_of_v<fray::Error, Cancelled>);
}

TEST(Budget, AProgramMayLowerIt) {
  // Restores the default even when an expectation fails.
  struct Restore {
    ~Restore() { fray::set_budget({}); }
  } restore;
  EXPECT_EQ(fray::budget().work, fray::kMaxWork);
  EXPECT_EQ(fray::budget().values, fray::kMaxValues);
  const Dice d = Dice::parse("(10d63)d6");
  const double work = d.estimate().work;
  ASSERT_LT(work, fray::kMaxWork);
  EXPECT_NO_THROW((void)d.exact());
  fray::set_budget({work / 2, fray::kMaxValues});
  EXPECT_FALSE(fray::within_budget(work, 1));
  try {
    (void)d.exact();
    FAIL() << "accepted past a lowered budget";
  } catch (const TooLarge& e) {
    EXPECT_NE(std::string(e.what()).find(fmt::format("the limit is {:.2g}", work / 2)), std::string::npos) << e.what();
  }
  fray::set_budget({fray::kMaxWork, 100});
  EXPECT_THROW((void)Dice::parse("10d60").exact(), TooLarge);  // 591 values in memory
  fray::set_budget({});
  EXPECT_NO_THROW((void)d.exact());
  // Out of range: named, and the budget in force is kept.
  for (const fray::Budget bad : {fray::Budget{0, 1}, fray::Budget{std::nan(""), 1},
                                 fray::Budget{2000 * fray::kMaxWork, 1}, fray::Budget{1, 2 * fray::kMaxValues}}) {
    try {
      fray::set_budget(bad);
      FAIL() << "accepted " << bad.work << ", " << bad.values;
    } catch (const fray::Error& e) {
      EXPECT_NE(std::string(e.what()).find("budget: "), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(fray::budget().work, fray::kMaxWork);
}

TEST(Budget, ProgressReportsAndCancels) {
  std::vector<double> seen;
  Progress p([&](double f) { seen.push_back(f); });
  p.step(0.25);
  p.step(1.5);  // clamped
  p.expect(200);
  p.done(50);
  EXPECT_EQ(seen, (std::vector<double>{0.25, 1.0, 0.25}));
  EXPECT_FALSE(p.cancelled());
  EXPECT_NO_THROW(p.check());
  p.cancel();
  EXPECT_TRUE(p.cancelled());
  EXPECT_THROW(p.check(), Cancelled);
  EXPECT_THROW(p.step(0.5), Cancelled);
}

TEST(Budget, HopelessDiceAreRefusedAtOnce) {
  // Random dice counts and sizes, many dice kept, explosions, nesting.
  for (const char* expr : {"(1d1000)d(1d1000)", "(1d300)d(1d300)", "100d(1d1000)", "(1d100)d((1d100)d(1d100))",
                           "1000d60kh500", "(1d1000)d60kh(1d100)", "(1d1000)d(1d1000)!", "1000000d1000000",
                           "(1d100)d(1d100) + (1d100)d(1d100)", "1d1000000 * 1d1000000", "(1d1000000)d2"}) {
    const double t0 = fray::test::cpu_seconds();
    try {
      (void)Dice::parse(expr).exact();
      ADD_FAILURE() << "accepted: " << expr;
    } catch (const TooLarge& e) {
      const std::string m = e.what();
      EXPECT_NE(m.find(std::string("\"") + expr + "\""), std::string::npos) << m;
      EXPECT_NE(m.find("fray roll"), std::string::npos) << m;
    } catch (const fray::Error& e) {
      // Past a fixed limit of the distribution (its width) rather than the work.
      EXPECT_NE(std::string(e.what()).find("limit"), std::string::npos) << expr << ": " << e.what();
    }
    EXPECT_LT(seconds_since(t0), kPrompt) << expr;
  }
}

TEST(Budget, FunctionCallsAreChargedBeforeTheFirstCall) {
  // sq(n): a point, said to cost 10^7 n operations and n values.
  int calls = 0;
  fray::DiceFunctions fns = fray::DiceFunctions::builtin();
  fns.add({.name = "sq",
           .min_args = 1,
           .max_args = 1,
           .signature = "sq(n)",
           .exact =
               [&calls](std::span<const std::int64_t> a) {
                 ++calls;
                 return fray::Pmf::point(a[0] * a[0]);
               },
           .sample = [](std::span<const std::int64_t> a, fray::RngRef) { return a[0] * a[0]; },
           .cost =
               [](std::span<const std::int64_t> a) {
                 return fray::DiceCost{1e7 * static_cast<double>(a[0]), static_cast<double>(a[0])};
               }});
  // Fixed arguments: the estimate is the cost itself.
  EXPECT_EQ(Dice::parse("sq(5)", fns).estimate().work, 5e7);
  // Random ones: at least the sum over their values (10^7 x 500500).
  EXPECT_GE(Dice::parse("sq(1d1000)", fns).estimate().work, 1e7 * 500500);
  // Past the budget: refused before any call, whatever the estimate said
  // (the argument's bounds are unknown to it: a function's result).
  for (const char* expr : {"sq(1d1000)", "sq(max(1d1000, 1))", "sq(2000000)"}) {
    calls = 0;
    try {
      (void)Dice::parse(expr, fns).exact();
      ADD_FAILURE() << "accepted: " << expr;
    } catch (const TooLarge& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("\"") + expr + "\""), std::string::npos) << e.what();
    }
    EXPECT_EQ(calls, 0) << expr;
  }
  // Within it: every value's call, mixed.
  calls = 0;
  EXPECT_EQ(Dice::parse("sq(max(1d4, 2))", fns).exact(),
            fray::Pmf::from_pairs(std::vector<std::pair<std::int64_t, double>>{{4, 0.5}, {9, 0.25}, {16, 0.25}}));
  EXPECT_EQ(calls, 3);
}

TEST(Budget, AFunctionWithoutACostIsChargedByItsResults) {
  // wide(n): 1..n, with no cost given: each call is charged its result's
  // width once made, so a long run of calls stops at the budget.
  struct Restore {
    ~Restore() { fray::set_budget({}); }
  } restore;
  int calls = 0;
  fray::DiceFunctions fns = fray::DiceFunctions::builtin();
  fns.add({.name = "wide",
           .min_args = 1,
           .max_args = 1,
           .signature = "wide(n)",
           .exact =
               [&calls](std::span<const std::int64_t> a) {
                 ++calls;
                 return fray::Pmf::uniform(1, std::max<std::int64_t>(1, a[0]));
               },
           .sample = [](std::span<const std::int64_t> a, fray::RngRef r) { return r.uniform(1, a[0]); }});
  fray::set_budget({1e5, fray::kMaxValues});
  const fray::Pmf w = Dice::parse("wide(1d2)", fns).exact();
  EXPECT_DOUBLE_EQ(w[1], 0.75);
  EXPECT_DOUBLE_EQ(w[2], 0.25);
  calls = 0;
  EXPECT_THROW((void)Dice::parse("wide(1d1000)", fns).exact(), TooLarge);
  // Charged: the roll 1d1000 (its die built, 4 x 1000, its 1000 values and
  // 64 for making it), 64 for each of the 1000 parts, then 1 + 2 + ... + n:
  // past 10^5 at the 249th call.
  EXPECT_EQ(calls, 249);
}

TEST(Budget, EstimateOfHugeSidesEnds) {
  // Sides past 2^53, where a double no longer steps by one: the estimate
  // groups the range in a bounded number of steps, and the roll is refused.
  for (const char* expr : {"d9223372036854775807", "(1d2)d9223372036854775807", "3d(9007199254740993)"}) {
    const double t0 = fray::test::cpu_seconds();
    EXPECT_THROW((void)Dice::parse(expr).exact(), fray::Error) << expr;
    EXPECT_LT(seconds_since(t0), kPrompt) << expr;
  }
}

TEST(Budget, EstimateIsCheap) {
  const Dice d = Dice::parse("(1d1000)d(1d1000)kh(1d1000)!");
  const double t0 = fray::test::cpu_seconds();
  for (int i = 0; i < 10; ++i) EXPECT_GT(d.estimate().work, fray::kMaxWork);
  EXPECT_LT(seconds_since(t0) / 10, fray::test::prompt(0.01));
}

TEST(Budget, DiceWithinTheBudgetFinish) {
  // E[(1d40)d(1d40)] = E[count] x E[(sides + 1) / 2] = 20.5 x 10.75.
  const fray::Pmf p = Dice::parse("(1d40)d(1d40)").exact();
  EXPECT_NEAR(p.mean(), 20.5 * 10.75, 1e-9);
  EXPECT_EQ(p.min(), 1);
  EXPECT_EQ(p.max(), 1600);
  EXPECT_NEAR(p[1600] / std::pow(40.0, -42), 1.0, 1e-9);  // 40 dice (1/40) of 40 sides (1/40), all 40
  EXPECT_LE(Dice::parse("(1d40)d(1d40)").estimate().work, fray::kMaxWork);
  // (1d6)d6: a mixture of 1d6 .. 6d6, each with weight 1/6: P(1) = 1/36.
  const fray::Pmf small = Dice::parse("(1d6)d6").exact();
  EXPECT_NEAR(small[1], 1.0 / 36, 1e-15);
  EXPECT_NEAR(small.mean(), 3.5 * 3.5, 1e-12);
}

TEST(Budget, DiceExactIsCancelledFromTheCallback) {
  Progress* self = nullptr;
  int calls = 0;
  Progress p([&](double) {
    if (++calls == 2) self->cancel();
  });
  self = &p;
  const double t0 = fray::test::cpu_seconds();
  EXPECT_THROW((void)Dice::parse("(1d50)d(1d50)").exact(&p), Cancelled);
  EXPECT_EQ(calls, 2);
  EXPECT_LT(seconds_since(t0), 5.0);
}

TEST(Budget, DiceExactIsCancelledFromAnotherThread) {
  Progress p;
  std::atomic<bool> started{false};
  Progress watch([&](double) { started = true; });
  std::thread stopper([&] {
    while (!started) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    watch.cancel();
  });
  EXPECT_THROW((void)Dice::parse("(1d50)d(1d50)").exact(&watch), Cancelled);
  stopper.join();
  // An already cancelled Progress stops the work before it starts.
  p.cancel();
  EXPECT_THROW((void)Dice::parse("3d6").exact(&p), Cancelled);
}

TEST(Budget, RefusedBeforeAnyLargeAllocation) {
  // Each would ask for gigabytes before a later check: a fray::Error instead.
  EXPECT_THROW((void)fray::exploding_die(1'000'000'000), fray::Error);
  EXPECT_THROW((void)Dice::parse("1d1000000000!").exact(), fray::Error);
  EXPECT_THROW((void)Dice::parse("1000000d1000000kh1000000").exact(), fray::Error);
  EXPECT_THROW((void)Dice::parse("(1d1000000)d(1d1000000)kh(1d1000000)!").exact(), fray::Error);
  EXPECT_THROW((void)Dice::parse("1d4000000 * 1d4000000").exact(), fray::Error);
}
