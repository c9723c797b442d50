// DCSS 0.19 random primitives: exact Pmfs against direct enumeration of the
// game's definitions, and the samplers against the Pmfs (chi-square, fixed seeds).
#include <gtest/gtest.h>

#include <chrono>
#include <fray/core/budget.hpp>
#include <fray/core/dice.hpp>
#include <fray/rules/crawl/random.hpp>
#include <fray/rules/ruleset.hpp>
#include <map>

#include "support/scale.hpp"
#include "support/support.hpp"

namespace fray::crawl {
namespace {

template <class F>
std::map<std::int64_t, std::uint64_t> draw(std::uint64_t seed, int n, F&& f) {
  Rng rng(seed);
  std::map<std::int64_t, std::uint64_t> counts;
  for (int i = 0; i < n; ++i) ++counts[f(rng)];
  return counts;
}

TEST(CrawlRandom, Random2IsZeroForSmallArguments) {
  EXPECT_EQ(random2_pmf(0), Pmf::point(0));
  EXPECT_EQ(random2_pmf(1), Pmf::point(0));
  EXPECT_EQ(random2_pmf(-7), Pmf::point(0));
  EXPECT_EQ(random2_pmf(6), Pmf::uniform(0, 5));
  Rng rng(1);
  EXPECT_EQ(random2(rng, -3), 0);
  EXPECT_EQ(random_range_pmf(3, 7), Pmf::uniform(3, 7));
}

TEST(CrawlRandom, Random2AvgIsTriangularForTwoRolls) {
  // (random2(24) + random2(25)) / 2: the orc against EV 12 (attack::test_hit), P(11) = P(12) = 47/600.
  const Pmf p = random2avg_pmf(24, 2);
  EXPECT_NEAR(p[11], 47.0 / 600, 1e-15);
  EXPECT_NEAR(p[12], 47.0 / 600, 1e-15);
  EXPECT_EQ(p.min(), 0);
  EXPECT_EQ(p.max(), 23);
  // Enumeration for three rolls.
  std::map<std::int64_t, double> e;
  for (int a = 0; a < 5; ++a)
    for (int b = 0; b < 6; ++b)
      for (int c = 0; c < 6; ++c) e[(a + b + c) / 3] += 1.0 / 180;
  const Pmf q = random2avg_pmf(5, 3);
  for (const auto& [v, pv] : e) EXPECT_NEAR(q[v], pv, 1e-15);
}

TEST(CrawlRandom, RollDiceAndMaybeRandomDiv) {
  EXPECT_EQ(roll_dice_pmf(0, 6), Pmf::point(0));
  EXPECT_EQ(roll_dice_pmf(2, 0), Pmf::point(0));
  const Pmf d = roll_dice_pmf(2, 6);
  EXPECT_NEAR(d[7], 6.0 / 36, 1e-15);
  EXPECT_EQ(d.min(), 2);
  // maybe_random_div(550, 100): 0..5 each 100/650, 6 with 50/650 (random.cc maybe_random_div).
  const Pmf m = maybe_random_div_pmf(550, 100);
  for (int v = 0; v <= 5; ++v) EXPECT_NEAR(m[v], 100.0 / 650, 1e-15);
  EXPECT_NEAR(m[6], 50.0 / 650, 1e-15);
  EXPECT_EQ(maybe_random_div_pmf(0, 100), Pmf::point(0));
}

TEST(CrawlRandom, DivRandRoundTruncatesNegativesTowardZero) {
  const Pmf p = div_rand_round_pmf(7, 4);  // 1 + (random2(4) < 3)
  EXPECT_NEAR(p[2], 0.75, 1e-15);
  EXPECT_NEAR(p[1], 0.25, 1e-15);
  EXPECT_EQ(div_rand_round_pmf(-7, 4), Pmf::point(-1));
  EXPECT_EQ(div_rand_round_pmf(8, 4), Pmf::point(2));
}

TEST(CrawlRandom, Chances) {
  EXPECT_EQ(x_chance_in_y_p(0, 10), 0.0);
  EXPECT_EQ(x_chance_in_y_p(12, 10), 1.0);
  EXPECT_NEAR(x_chance_in_y_p(67, 200), 0.335, 1e-15);
  EXPECT_NEAR(one_chance_in_pmf(30)[1], 1.0 / 30, 1e-15);
  EXPECT_EQ(one_chance_in_pmf(1), Pmf::point(1));
  EXPECT_NEAR(coinflip_pmf()[1], 0.5, 1e-15);
}

TEST(CrawlRandom, Stepdown) {
  // ev_dex: trunc(18·log2(1 + dex/18) + 0.5).
  EXPECT_EQ(stepdown(15, 18), 16);
  EXPECT_EQ(stepdown(30, 18), 25);
  EXPECT_EQ(stepdown(1000, 18, Rounding::Close, 125), 105);
  EXPECT_EQ(stepdown_value(2999, 2000, 3000), 2999);
  // 1000 + trunc(2000·log2(1 + 3410/2000)) = 3871 (player.cc _player_evasion, dex 30 dodging 27).
  EXPECT_EQ(stepdown_value(4410, 2000, 3000), 3871);
}

TEST(CrawlRandom, SamplersMatchExact) {
  const int n = 200000;
  EXPECT_GT(test::chi_square_p(random2avg_pmf(24, 2), draw(11, n, [](Rng& r) { return random2avg(r, 24, 2); })), 1e-3);
  EXPECT_GT(test::chi_square_p(roll_dice_pmf(3, 6), draw(12, n, [](Rng& r) { return roll_dice(r, 3, 6); })), 1e-3);
  EXPECT_GT(test::chi_square_p(maybe_random_div_pmf(550, 100),
                               draw(13, n, [](Rng& r) { return maybe_random_div(r, 550, 100); })),
            1e-3);
  EXPECT_GT(
      test::chi_square_p(div_rand_round_pmf(123, 20), draw(14, n, [](Rng& r) { return div_rand_round(r, 123, 20); })),
      1e-3);
  EXPECT_GT(test::chi_square_p(x_chance_in_y_pmf(5, 100),
                               draw(15, n, [](Rng& r) { return x_chance_in_y(r, 5, 100) ? 1 : 0; })),
            1e-3);
}

TEST(CrawlRandom, DiceFunctionsInExpressions) {
  const DiceFunctions& fns = all_dice_functions();
  EXPECT_EQ(Dice::parse("random2(6)", fns).exact(), Pmf::uniform(0, 5));
  EXPECT_TRUE(Dice::parse("random2avg(24, 2)", fns).exact().approx_equal(random2avg_pmf(24, 2)));
  EXPECT_TRUE(Dice::parse("roll_dice(2, 6)", fns).exact().approx_equal(roll_dice_pmf(2, 6)));
  EXPECT_TRUE(Dice::parse("div_rand_round(7, 4)", fns).exact().approx_equal(div_rand_round_pmf(7, 4)));
  // Random arguments: random2(1d3) mixes random2(1), random2(2), random2(3).
  const Pmf m = Dice::parse("random2(1d3)", fns).exact();
  EXPECT_NEAR(m[0], (1.0 + 0.5 + 1.0 / 3) / 3, 1e-15);
  EXPECT_NEAR(m[2], (1.0 / 3) / 3, 1e-15);
  const Dice d = Dice::parse("roll_dice(2, 6) + random2(4)", fns);
  Rng rng(5);
  std::map<std::int64_t, std::uint64_t> counts;
  for (int i = 0; i < 100000; ++i) ++counts[d.sample(rng)];
  EXPECT_GT(test::chi_square_p(d.exact(), counts), 1e-3);
}

TEST(CrawlRandom, DiceFunctionsAreChargedWhatTheyCost) {
  const DiceFunctions& fns = all_dice_functions();
  // roll_dice of random arguments: every (k, s) pair of the arguments, mixed.
  std::vector<std::pair<double, Pmf>> parts;
  for (i64 k = 1; k <= 3; ++k)
    for (i64 s = 1; s <= 4; ++s) parts.emplace_back(1.0 / 12, roll_dice_pmf(k, s));
  EXPECT_TRUE(Dice::parse("roll_dice(1d3, 1d4)", fns).exact().approx_equal(Pmf::mixture(parts), 1e-15));
  // A sum of k dice of s sides costs its convolutions: roll_dice(2, s) about
  // s^2, so over the 1 764 values of 6d14! about 10^9 operations, while
  // random2(s) costs s.
  const double costly = Dice::parse("roll_dice(2, 6d14!)", fns).estimate().work;
  EXPECT_GT(costly, 1e9);
  EXPECT_LT(costly, kMaxWork);
  EXPECT_LT(Dice::parse("random2(6d14!)", fns).estimate().work, 1e8);
  // Past the budget: refused at once, naming the expression.
  for (const char* expr : {"roll_dice(1d100, 1d1000)", "roll_dice(1000, 1000)", "random2avg(100000, 64)",
                           "roll_dice(1d100, 2 * random2(1000))"}) {
    const double t0 = fray::test::cpu_seconds();
    try {
      (void)Dice::parse(expr, fns).exact();
      ADD_FAILURE() << "accepted: " << expr;
    } catch (const TooLarge& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("\"") + expr + "\""), std::string::npos) << e.what();
    }
    EXPECT_LT(fray::test::cpu_seconds() - t0, fray::test::prompt(0.5)) << expr;
  }
}

}  // namespace
}  // namespace fray::crawl
