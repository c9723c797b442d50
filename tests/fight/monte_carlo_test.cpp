#include <fray/fight/exact.hpp>
#include <fray/fight/monte_carlo.hpp>

#include "kernels.hpp"
#include "sampling.hpp"
#include "support/scale.hpp"
#include "support/support.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <memory>

namespace fray::fight {
namespace {

using test::DiceKernel;
using test::FuryKernel;

using test::fighter;

using test::counts_of;
using test::expect_close;
using test::mc;

TEST(TtkMonteCarlo, AgreesWithTheNegativeBinomial) {
  const DiceKernel k(0.5, 1, 1);
  const TtkResult exact = ttk_exact(k, fighter(10), fighter(2));
  const std::uint64_t n = test::scaled(200000);
  const TtkResult sampled = ttk_monte_carlo(k, fighter(10), fighter(2), mc(n, 7));
  EXPECT_EQ(sampled.method, "monte-carlo");
  EXPECT_DOUBLE_EQ(sampled.p_kill, 1.0);
  ASSERT_TRUE(sampled.attacks);
  EXPECT_GT(test::chi_square_p(*exact.attacks, counts_of(*sampled.attacks, n)), 1e-3);
}

TEST(TtkMonteCarlo, HandCheckableCasesAreCertain) {
  const TtkResult one = ttk_monte_carlo(DiceKernel(1, 1, 1), fighter(5), fighter(1), mc(1000, 1));
  EXPECT_TRUE(one.attacks->approx_equal(Pmf::point(1), 0));
  const TtkResult three = ttk_monte_carlo(DiceKernel(1, 2, 2), fighter(5, 2), fighter(5), mc(1000, 1));
  EXPECT_TRUE(three.attacks->approx_equal(Pmf::point(3), 0));
  EXPECT_DOUBLE_EQ(mean_of(three.time), 6.0);
}

TEST(DuelMonteCarlo, AgreesWithExactUnderFury) {
  auto a = std::make_shared<FuryKernel>(0.7, 1, 6, 30);
  auto b = std::make_shared<DiceKernel>(0.6, 2, 7);
  const Bout bout = test::make_bout(a, b, 30, 28, 1.0, 1.5);
  const DuelResult exact = duel_exact(bout);
  const std::uint64_t n = 300000;
  const DuelResult sampled = duel_monte_carlo(bout, Who::a, mc(n, 2026, 2));
  expect_close(sampled.p_a_wins, exact.p_a_wins, n, "p_a_wins");
  expect_close(sampled.p_b_wins, exact.p_b_wins, n, "p_b_wins");
  EXPECT_LE(sampled.a_wins_ci.lo, exact.p_a_wins + 1e-3);
  EXPECT_GE(sampled.a_wins_ci.hi, exact.p_a_wins - 1e-3);
  EXPECT_GT(test::chi_square_p(*exact.length, counts_of(*sampled.length, n)), 1e-3);
  EXPECT_GT(test::chi_square_p(exact.a_hp_left, counts_of(sampled.a_hp_left, n)), 1e-3);
  EXPECT_GT(test::chi_square_p(exact.b_hp_left, counts_of(sampled.b_hp_left, n)), 1e-3);
  EXPECT_NEAR(mean_of(sampled.time), mean_of(exact.time), 0.05);
}

TEST(DuelMonteCarlo, AgreesWithExactUnderConfusion) {
  auto a = std::make_shared<test::ConfusionKernel>(0.55, 2, 2);
  auto b = std::make_shared<test::ConfusionKernel>(0.65, 1, 1);
  const Bout bout = test::make_bout(a, b, 9, 12);
  const DuelResult exact = duel_exact(bout, Who::b);
  const std::uint64_t n = test::scaled(200000);
  const DuelResult sampled = duel_monte_carlo(bout, Who::b, mc(n, 99, 3));
  expect_close(sampled.p_a_wins, exact.p_a_wins, n, "p_a_wins");
  EXPECT_GT(test::chi_square_p(*exact.length, counts_of(*sampled.length, n)), 1e-3);
}

TEST(DuelMonteCarlo, SameSeedSameResultWhateverTheThreads) {
  auto a = std::make_shared<FuryKernel>(0.7, 1, 6, 30);
  auto b = std::make_shared<DiceKernel>(0.6, 2, 7);
  const Bout bout = test::make_bout(a, b, 30, 28);
  // At least 20 blocks of 1000, so that 7 threads each take several.
  MonteCarloOptions o = mc(test::scaled(50000, 20000), 5, 1);
  o.block = 1000;
  const DuelResult one = duel_monte_carlo(bout, Who::a, o);
  o.threads = 2;
  const DuelResult two = duel_monte_carlo(bout, Who::a, o);
  o.threads = 7;
  const DuelResult seven = duel_monte_carlo(bout, Who::a, o);
  for (const DuelResult* r : {&two, &seven}) {
    EXPECT_EQ(r->p_a_wins, one.p_a_wins);
    EXPECT_EQ(r->p_b_wins, one.p_b_wins);
    EXPECT_EQ(*r->length, *one.length);
    EXPECT_EQ(r->a_hp_left, one.a_hp_left);
    EXPECT_EQ(r->b_hp_left, one.b_hp_left);
    EXPECT_EQ(r->time, one.time);
  }
  o.seed = 6;
  EXPECT_NE(duel_monte_carlo(bout, Who::a, o).p_a_wins, one.p_a_wins);
}

TEST(TtkMonteCarlo, RandomAttackTimesAgreeWithExact) {
  // Negative binomial attacks, each 11 or 12 aut: the time of the kill.
  const Fighter crawler{"c", 10, 11.25, 0, {{11, 0.75}, {12, 0.25}}};
  const DiceKernel k(0.5, 1, 1);
  const TtkResult exact = ttk_exact(k, crawler, fighter(2));
  const std::uint64_t n = test::scaled(100000);
  const TtkResult sampled = ttk_monte_carlo(k, crawler, fighter(2), mc(n, 9, 2));
  Pmf exact_time = Pmf::from_pairs([&] {
    std::vector<std::pair<std::int64_t, double>> v;
    for (const auto& [t, p] : exact.time) v.emplace_back(static_cast<std::int64_t>(t), p);
    return v;
  }());
  std::map<std::int64_t, std::uint64_t> seen;
  for (const auto& [t, p] : sampled.time)
    seen[static_cast<std::int64_t>(t)] = static_cast<std::uint64_t>(std::llround(p * static_cast<double>(n)));
  EXPECT_GT(test::chi_square_p(exact_time, seen), 1e-3);
  EXPECT_GT(test::chi_square_p(*exact.attacks, counts_of(*sampled.attacks, n)), 1e-3);
}

TEST(DuelMonteCarlo, RandomAttackTimesFollowTheDrawnOrder) {
  // a takes 1 or 3 turns (mean 2), b always 2, both kill with one sure hit,
  // a first on ties: a's first attack always comes first and wins.
  auto sure = std::make_shared<DiceKernel>(1, 1, 1);
  Bout b = test::make_bout(sure, sure, 1, 1, 2, 2);
  b.a.attack_times = {{1, 0.5}, {3, 0.5}};
  const DuelResult r = duel_monte_carlo(b, Who::a, mc(2000, 4));
  EXPECT_DOUBLE_EQ(r.p_a_wins, 1.0);
  // 2 HP each: a hits at 0 (first on the tie), then b at 0; a's second attack starts at 1
  // or 3, b's at 2. a wins when its first attack took 1 turn: P = 1/2, and the
  // kill is over at 1 + 1 or 1 + 3; b's kill is over at 2 + 2.
  b.a.hp = 2;
  b.b.hp = 2;
  const std::uint64_t n = 40000;
  const DuelResult two = duel_monte_carlo(b, Who::a, mc(n, 8, 2));
  expect_close(two.p_a_wins, 0.5, n, "p_a_wins");
  ASSERT_EQ(two.time.size(), 2u);
  EXPECT_DOUBLE_EQ(two.time[0].first, 2);
  expect_close(two.time[0].second, 0.25, n, "P(time 2)");
  EXPECT_DOUBLE_EQ(two.time[1].first, 4);
  // Threads do not change a result.
  EXPECT_EQ(duel_monte_carlo(b, Who::a, mc(n, 8, 1)).time, two.time);
}

TEST(DuelMonteCarlo, NeverEndingFightIsAResultNotAHang) {
  auto zero = std::make_shared<DiceKernel>(0, 1, 1);
  const DuelResult r = duel_monte_carlo(test::make_bout(zero, zero, 10, 10), Who::a, mc(1000000, 1, 2));
  EXPECT_DOUBLE_EQ(r.p_draw, 1.0);
  EXPECT_FALSE(r.length);
  EXPECT_EQ(r.notes, (std::vector<std::string>{"the fight can never end: neither side can ever kill the other"}));
  const TtkResult t = ttk_monte_carlo(*zero, fighter(3), fighter(3), mc(1000000, 1));
  EXPECT_DOUBLE_EQ(t.p_kill, 0.0);
  EXPECT_FALSE(t.notes.empty());
}

TEST(DuelMonteCarlo, FightsPastTheAttackLimitCountAsNeverEnding) {
  auto rare = std::make_shared<DiceKernel>(0.01, 1, 1);
  MonteCarloOptions o = mc(2000, 3);
  o.max_attacks = 10;
  const DuelResult r = duel_monte_carlo(test::make_bout(rare, rare, 1, 1), Who::a, o);
  // P(no hit in 10 attacks) = 0.99^10 = 0.904.
  expect_close(r.p_draw, std::pow(0.99, 10), 2000, "p_draw");
  EXPECT_FALSE(r.notes.empty());
}

TEST(DuelMonteCarlo, BadOptions) {
  auto k = std::make_shared<DiceKernel>(0.5, 1, 1);
  const Bout bout = test::make_bout(k, k, 3, 3);
  EXPECT_THROW((void)duel_monte_carlo(bout, Who::a, mc(0, 1)), Error);
  EXPECT_THROW((void)duel_monte_carlo(bout, Who::a, mc(10, 1, 0)), Error);
  EXPECT_THROW((void)duel_monte_carlo(test::make_bout(k, k, 0, 3), Who::a, mc(10, 1)), Error);
  auto negative = std::make_shared<DiceKernel>(1, -3, -3);
  EXPECT_THROW((void)duel_monte_carlo(test::make_bout(negative, k, 3, 3), Who::a, mc(10, 1, 2)), Error);
  EXPECT_THROW((void)ttk_monte_carlo(*k, fighter(3), fighter(-1), mc(10, 1)), Error);
}

}  // namespace
}  // namespace fray::fight
