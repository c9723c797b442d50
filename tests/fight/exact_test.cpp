#include <fray/fight/exact.hpp>

#include "kernels.hpp"
#include "sampling.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

namespace fray::fight {
namespace {

using test::AcidKernel;
using test::ConfusionKernel;
using test::DiceKernel;
using test::FuryKernel;

using test::fighter;

// --- turns to kill: the hand-checkable cases of the issue ---------------------------

TEST(TtkExact, SureHitOnOneHp) {
  const TtkResult r = ttk_exact(DiceKernel(1, 1, 1), fighter(10), fighter(1));
  EXPECT_EQ(r.method, "exact");
  EXPECT_EQ(r.defender_hp, 1);
  ASSERT_TRUE(r.attacks);
  EXPECT_TRUE(r.attacks->approx_equal(Pmf::point(1), 0));
  EXPECT_DOUBLE_EQ(r.p_kill, 1.0);
  ASSERT_EQ(r.time.size(), 1u);
  EXPECT_DOUBLE_EQ(r.time[0].first, 1.0);
}

TEST(TtkExact, FixedTwoDamageAgainstFiveHp) {
  const TtkResult r = ttk_exact(DiceKernel(1, 2, 2), fighter(10, 1.5), fighter(5));
  ASSERT_TRUE(r.attacks);
  EXPECT_TRUE(r.attacks->approx_equal(Pmf::point(3), 0));
  ASSERT_EQ(r.time.size(), 1u);
  EXPECT_DOUBLE_EQ(r.time[0].first, 4.5);  // three attacks of 1.5
}

TEST(TtkExact, HalfChanceOfOneDamageAgainstTwoHpIsNegativeBinomial) {
  // N = attacks until the second hit: P(N = n) = (n - 1) / 2^n, mean 4.
  const TtkResult r = ttk_exact(DiceKernel(0.5, 1, 1), fighter(10, 2), fighter(2));
  ASSERT_TRUE(r.attacks);
  EXPECT_EQ(r.attacks->min(), 2);
  for (int n = 2; n <= 40; ++n) EXPECT_NEAR((*r.attacks)[n], (n - 1) / std::ldexp(1.0, n), 1e-15) << "n = " << n;
  EXPECT_NEAR(r.attacks->mean(), 4.0, 1e-12);
  EXPECT_NEAR(r.attacks->variance(), 4.0, 1e-10);  // 2 (1 - p) / p^2
  EXPECT_NEAR(mean_of(r.time), 8.0, 1e-12);
  EXPECT_LT(r.unresolved, 1e-15);
}

TEST(TtkExact, DiceDamageMatchesConvolution) {
  // 1..6 sure hits against 10 HP: P(N <= n) = P(sum of n d6 >= 10).
  const TtkResult r = ttk_exact(DiceKernel(1, 1, 6), fighter(10), fighter(10));
  const Pmf d6 = Pmf::uniform(1, 6);
  for (int n = 1; n <= 10; ++n)
    EXPECT_NEAR(r.attacks->cdf(n), d6.repeat(static_cast<std::uint64_t>(n)).at_least(10), 1e-14) << n;
}

TEST(TtkExact, AcidStateEatsTheWeapon) {
  // Damage 3, then 2, then 1, then 0: 6 HP takes exactly three hits; with the
  // hit chance falling 0.1 a hit: 0.9, 0.8, 0.7 → geometric waits.
  const TtkResult sure = ttk_exact(AcidKernel(1.0, 3), fighter(10), fighter(6));
  EXPECT_NEAR(sure.attacks->mean(), 1 / 1.0 + 1 / 0.9 + 1 / 0.8, 1e-12);
  // 7 HP can never be reached: 3 + 2 + 1 + 0 + ...
  const TtkResult never = ttk_exact(AcidKernel(1.0, 3), fighter(10), fighter(7));
  EXPECT_DOUBLE_EQ(never.p_kill, 0.0);
  EXPECT_FALSE(never.attacks);
  EXPECT_EQ(never.notes, (std::vector<std::string>{"the attacker can never kill the defender"}));
}

TEST(TtkExact, ZeroDamageIsAResultNotAHang) {
  const TtkResult r = ttk_exact(DiceKernel(0, 1, 1), fighter(10), fighter(5));
  EXPECT_DOUBLE_EQ(r.p_kill, 0.0);
  EXPECT_FALSE(r.attacks);
  EXPECT_FALSE(r.notes.empty());
}

TEST(TtkExact, BadInput) {
  EXPECT_THROW((void)ttk_exact(DiceKernel(1, 1, 1), fighter(10), fighter(0)), Error);
  EXPECT_THROW((void)ttk_exact(DiceKernel(1, 1, 1), fighter(10, 0), fighter(3)), Error);
  EXPECT_THROW((void)ttk_exact(DiceKernel(1, -2, -1), fighter(10), fighter(3)), Error);  // negative damage
  EXPECT_THROW((void)ttk_exact(test::InexactKernel(0.5), fighter(10), fighter(3)), Error);
}

// --- duels ----------------------------------------------------------------------

using test::bout;

TEST(DuelExact, CoinFlipsAtOneHp) {
  // Both hit half the time for 1 against 1 HP, a first: a wins 2/3, and the
  // fight lasts n attacks with probability 2^-n.
  auto k = std::make_shared<DiceKernel>(0.5, 1, 1);
  const DuelResult r = duel_exact(bout(k, k, 1, 1));
  EXPECT_NEAR(r.p_a_wins, 2.0 / 3, 1e-14);
  EXPECT_NEAR(r.p_b_wins, 1.0 / 3, 1e-14);
  EXPECT_DOUBLE_EQ(r.p_draw, 0.0);
  for (int n = 1; n <= 30; ++n) EXPECT_NEAR((*r.length)[n], std::ldexp(1.0, -n), 1e-15);
  EXPECT_NEAR(r.a_hp_left[1], 2.0 / 3, 1e-14);
  EXPECT_NEAR(r.a_hp_left[0], 1.0 / 3, 1e-14);
  EXPECT_TRUE(r.a_hp_if_wins->approx_equal(Pmf::point(1), 1e-14));
  const DuelResult rb = duel_exact(bout(k, k, 1, 1), Who::b);
  EXPECT_NEAR(rb.p_a_wins, 1.0 / 3, 1e-14);
}

TEST(DuelExact, TiesGoToTheSideNamedFirst) {
  // a attacks every 2 turns, b every turn; both kill at once. Both are due at 0.
  auto k = std::make_shared<DiceKernel>(1, 1, 1);
  EXPECT_DOUBLE_EQ(duel_exact(bout(k, k, 1, 1, 2, 1), Who::a).p_a_wins, 1.0);
  EXPECT_DOUBLE_EQ(duel_exact(bout(k, k, 1, 1, 2, 1), Who::b).p_b_wins, 1.0);
  // a (3 HP) needs 2 hits, started at 0 and 2; b needs 3, started at 0, 1, 2:
  // a's second attack ties with b's third and goes first, so a wins after
  // a, b, b, a, at the end of its second 2-turn attack.
  const DuelResult r = duel_exact(bout(k, k, 3, 2, 2, 1));
  EXPECT_DOUBLE_EQ(r.p_a_wins, 1.0);
  EXPECT_TRUE(r.length->approx_equal(Pmf::point(4), 0));
  ASSERT_EQ(r.time.size(), 1u);
  EXPECT_DOUBLE_EQ(r.time[0].first, 4.0);
  EXPECT_TRUE(r.a_hp_left.approx_equal(Pmf::point(1), 0));
  EXPECT_TRUE(r.b_hp_left.approx_equal(Pmf::point(0), 0));
  // With 2 HP, a falls to b's second attack first: a, b, b.
  const DuelResult r2 = duel_exact(bout(k, k, 2, 2, 2, 1));
  EXPECT_DOUBLE_EQ(r2.p_b_wins, 1.0);
  EXPECT_TRUE(r2.length->approx_equal(Pmf::point(3), 0));
  EXPECT_DOUBLE_EQ(r2.time.at(0).first, 2.0);
  EXPECT_TRUE(r2.b_hp_if_wins->approx_equal(Pmf::point(1), 0));
}

TEST(DuelExact, FuryDependsOnTheAttackersHp) {
  // a: 5 HP of 5, sure hits for 2, trunc(2 * 1.5) = 3 in fury (HP <= 2).
  // b: 5 HP, sure hits for 3. a: b 5→3; b: a 5→2, fury; a hits for 3: b dies.
  // Without fury a leaves b at 1 and falls to b's second hit.
  auto fury = std::make_shared<FuryKernel>(1.0, 2, 2, 5);
  auto plain = std::make_shared<DiceKernel>(1.0, 2, 2);
  auto three = std::make_shared<DiceKernel>(1.0, 3, 3);
  const DuelResult r = duel_exact(bout(fury, three, 5, 5));
  EXPECT_DOUBLE_EQ(r.p_a_wins, 1.0);
  EXPECT_TRUE(r.length->approx_equal(Pmf::point(3), 0));
  EXPECT_TRUE(r.a_hp_if_wins->approx_equal(Pmf::point(2), 0));
  const DuelResult p = duel_exact(bout(plain, three, 5, 5));
  EXPECT_DOUBLE_EQ(p.p_b_wins, 1.0);
  EXPECT_TRUE(p.length->approx_equal(Pmf::point(4), 0));
}

TEST(DuelExact, ConfusionCarriesOverToTheDefendersAttacks) {
  // a: 1/2 to hit for 1, a hit confuses b for one attack; b hits for 1 unless
  // confused. b with 2 HP: a must hit twice before b gets a clear attack:
  // P(a wins) = 1/4. Without confusion b always wins.
  auto conf = std::make_shared<ConfusionKernel>(0.5, 1, 1);
  auto sure = std::make_shared<ConfusionKernel>(1.0, 1, 0);
  const DuelResult r = duel_exact(bout(conf, sure, 1, 2));
  EXPECT_NEAR(r.p_a_wins, 0.25, 1e-15);
  EXPECT_NEAR(r.p_b_wins, 0.75, 1e-15);
  EXPECT_NEAR((*r.length)[2], 0.5, 1e-15);   // a misses, b kills
  EXPECT_NEAR((*r.length)[3], 0.25, 1e-15);  // a hits, b confused, a kills
  EXPECT_NEAR((*r.length)[4], 0.25, 1e-15);  // a hits, b confused, a misses, b kills
  auto plain = std::make_shared<DiceKernel>(0.5, 1, 1);
  EXPECT_DOUBLE_EQ(duel_exact(bout(plain, sure, 1, 2)).p_b_wins, 1.0);
}

TEST(DuelExact, NeverEndingFightIsAResult) {
  auto zero = std::make_shared<DiceKernel>(0, 1, 1);
  const DuelResult r = duel_exact(bout(zero, zero, 10, 10));
  EXPECT_DOUBLE_EQ(r.p_draw, 1.0);
  EXPECT_DOUBLE_EQ(r.p_a_wins + r.p_b_wins, 0.0);
  EXPECT_FALSE(r.length);
  EXPECT_EQ(r.notes, (std::vector<std::string>{"the fight can never end: neither side can ever kill the other"}));
  EXPECT_TRUE(r.a_hp_left.approx_equal(Pmf::point(10), 0));
}

TEST(DuelExact, PartialStalemateFromState) {
  // a's acid weapon does 1 then 0 damage, b never hurts a: a kills 1 HP with
  // P = 1 (first hit), but 2 HP never; 0.5-hit acid against 1 HP still wins.
  auto acid = std::make_shared<AcidKernel>(1.0, 1);
  auto zero = std::make_shared<DiceKernel>(0, 1, 1);
  EXPECT_DOUBLE_EQ(duel_exact(bout(acid, zero, 3, 1)).p_a_wins, 1.0);
  EXPECT_DOUBLE_EQ(duel_exact(bout(acid, zero, 3, 2)).p_draw, 1.0);
  // b hits half the time for 1 against a's 1 HP; acid a hits for 2 then 1
  // then 0 against 3 HP: needs its first two hits before b's first hit...
  auto acid2 = std::make_shared<AcidKernel>(1.0, 2);
  auto half = std::make_shared<DiceKernel>(0.5, 1, 1);
  const DuelResult r = duel_exact(bout(acid2, half, 1, 3));
  // a hits (2 dmg, sure), b misses 1/2, a hits 0.9 (1 dmg) → kill. Otherwise:
  // a misses 0.1 and keeps going with b at 1/2 each turn; when b misses every time, a wins.
  // P(a wins) = 1/2 * sum_k (0.1 * 1/2)^k * 0.9 = 0.45 / 0.95.
  EXPECT_NEAR(r.p_a_wins, 0.45 / 0.95, 1e-14);
  EXPECT_NEAR(r.p_a_wins + r.p_b_wins + r.p_draw, 1.0, 1e-14);
}

TEST(DuelExact, ThreeHundredHpASideConverges) {
  auto k = std::make_shared<FuryKernel>(0.8, 1, 10, 300);
  const DuelResult r = duel_exact(bout(k, k, 300, 300));
  EXPECT_NEAR(r.p_a_wins + r.p_b_wins, 1.0, 1e-13);
  EXPECT_GT(r.p_a_wins, 0.5);  // a attacks first in a symmetric fight
  EXPECT_LT(r.unresolved, 1e-15);
  EXPECT_NEAR(r.length->total(), 1.0, 1e-12);
}

using test::expect_same_duel;

TEST(DuelExact, IndependentSidesGiveTheSameAsTheWholeGrid) {
  ExactLimits grid;
  grid.split_sides = false;
  // Stateless dice, different attack times, either side first.
  auto a = std::make_shared<DiceKernel>(0.7, 1, 6);
  auto b = std::make_shared<DiceKernel>(0.55, 2, 9);
  for (Who first : {Who::a, Who::b}) {
    const Bout x = bout(a, b, 23, 31, 1.0, 1.5);
    expect_same_duel(duel_exact(x, first), duel_exact(x, first, grid));
  }
  // Acid changes only the attacker's own state: still independent.
  auto acid = std::make_shared<AcidKernel>(0.9, 4);
  expect_same_duel(duel_exact(bout(acid, b, 20, 12)), duel_exact(bout(acid, b, 20, 12), Who::a, grid));
  // A side that can never kill: draws and the other side's wins.
  auto zero = std::make_shared<DiceKernel>(0, 1, 1);
  expect_same_duel(duel_exact(bout(zero, acid, 9, 20)), duel_exact(bout(zero, acid, 9, 20), Who::a, grid));
  expect_same_duel(duel_exact(bout(zero, zero, 9, 20)), duel_exact(bout(zero, zero, 9, 20), Who::a, grid));
}

TEST(DuelExact, IndependentSidesSplitIntoOneSidedChains) {
  // Stateless dice: one chain over b's HP and one over a's, not the grid.
  auto a = std::make_shared<DiceKernel>(0.8, 1, 10);
  auto b = std::make_shared<DiceKernel>(0.7, 1, 10);
  EXPECT_EQ(duel_exact(bout(a, b, 300, 250)).chain_states, 550u);
  ExactLimits grid;
  grid.split_sides = false;
  EXPECT_EQ(duel_exact(bout(a, b, 30, 25), Who::a, grid).chain_states, 750u);
  // Fury reads the attacker's own HP, which the other side changes: the grid.
  auto fury = std::make_shared<FuryKernel>(0.8, 1, 10, 30);
  EXPECT_EQ(duel_exact(bout(fury, b, 30, 25)).chain_states, 750u);
  // Confusion changes the defender's state: the grid (every pair of HP and
  // the reachable confusion states).
  auto conf = std::make_shared<ConfusionKernel>(0.5, 1, 1);
  EXPECT_GT(duel_exact(bout(conf, conf, 6, 6)).chain_states, 36u);
}

// The same kernel, declaring that it reads both HP: the exact analysis must
// give the same numbers, only slower.
template <class K, class... Args>
std::shared_ptr<K> reading_everything(Args... args) {
  auto k = std::make_shared<K>(args...);
  k->declared = {true, true};
  return k;
}

TEST(DuelExact, DeclaredReadsChangeSpeedNotNumbers) {
  auto fury = std::make_shared<FuryKernel>(0.75, 1, 8, 40);
  auto acid = std::make_shared<AcidKernel>(0.9, 5);
  auto conf = std::make_shared<ConfusionKernel>(0.6, 2, 2);
  auto dice = std::make_shared<DiceKernel>(0.65, 2, 5);
  expect_same_duel(
      duel_exact(bout(fury, acid, 40, 33)),
      duel_exact(bout(reading_everything<FuryKernel>(0.75, 1, 8, 40), reading_everything<AcidKernel>(0.9, 5), 40, 33)));
  expect_same_duel(duel_exact(bout(conf, dice, 20, 26, 1, 1.5)),
                   duel_exact(bout(reading_everything<ConfusionKernel>(0.6, 2, 2),
                                   reading_everything<DiceKernel>(0.65, 2, 5), 20, 26, 1, 1.5)));
  expect_same_duel(
      duel_exact(bout(acid, dice, 25, 30), Who::b),
      duel_exact(bout(reading_everything<AcidKernel>(0.9, 5), reading_everything<DiceKernel>(0.65, 2, 5), 25, 30),
                 Who::b));
  const TtkResult x = ttk_exact(*acid, fighter(10), fighter(14));
  const TtkResult y = ttk_exact(*reading_everything<AcidKernel>(0.9, 5), fighter(10), fighter(14));
  ASSERT_TRUE(x.attacks && y.attacks);
  EXPECT_TRUE(x.attacks->approx_equal(*y.attacks, 1e-15));
}

// A kernel whose hit chance depends on the defender's state, which the
// defender's own attacks change (a stance it takes after attacking): the
// sides are not independent, and the split must notice.
class StanceKernel final : public test::ListKernel {
 public:
  std::vector<Transition> list(Side, Side d) const override {
    const double p = d.state == 0 ? 0.9 : 0.2;            // a defender in stance is hard to hit
    return {{1 - p, 0, 1, d.state}, {p, 1, 1, d.state}};  // attacking puts the attacker in stance
  }
};

TEST(DuelExact, ADefenderStateThatChangesKeepsTheGrid) {
  auto k = std::make_shared<StanceKernel>();
  ExactLimits grid;
  grid.split_sides = false;
  const DuelResult split = duel_exact(bout(k, k, 3, 3));
  expect_same_duel(split, duel_exact(bout(k, k, 3, 3), Who::a, grid));
  EXPECT_GT(split.chain_states, 6u);
  // By hand at 1 HP: a's first attack meets b out of stance (0.9); every
  // later attack meets a defender in stance (0.2), so after a's miss:
  // P(a wins) = 0.9 + 0.1 * 0.8 * 0.2 / (1 - 0.8 * 0.8).
  EXPECT_NEAR(duel_exact(bout(k, k, 1, 1)).p_a_wins, 0.9 + 0.1 * 0.16 / 0.36, 1e-14);
}

// --- random attack times ---------------------------------------------------------

TEST(TtkExact, RandomAttackTimesAddUp) {
  // Sure hits for 1 against 2 HP: two attacks, each taking 1 or 2 turns with
  // 1/2 each: time 2, 3, 4 with 1/4, 1/2, 1/4.
  Fighter a{"a", 10, 1.5, 0, {{1, 0.5}, {2, 0.5}}};
  const TtkResult r = ttk_exact(DiceKernel(1, 1, 1), a, fighter(2));
  EXPECT_TRUE(r.attacks->approx_equal(Pmf::point(2), 0));
  ASSERT_EQ(r.time.size(), 3u);
  EXPECT_DOUBLE_EQ(r.time[0].first, 2);
  EXPECT_DOUBLE_EQ(r.time[0].second, 0.25);
  EXPECT_DOUBLE_EQ(r.time[1].first, 3);
  EXPECT_DOUBLE_EQ(r.time[1].second, 0.5);
  EXPECT_DOUBLE_EQ(r.time[2].first, 4);
  // Negative binomial attacks (mean 4) times a mean of 11.5 aut each.
  Fighter crawler{"c", 10, 11.5, 0, {{11, 0.5}, {12, 0.5}}};
  const TtkResult nb = ttk_exact(DiceKernel(0.5, 1, 1), crawler, fighter(2));
  EXPECT_NEAR(mean_of(nb.time), 4 * 11.5, 1e-9);
}

TEST(DuelExact, RandomAttackTimesAreNotExact) {
  auto k = std::make_shared<DiceKernel>(0.5, 1, 2);
  Bout b = bout(k, k, 5, 5);
  b.a.attack_times = {{0.5, 0.5}, {1.5, 0.5}};
  EXPECT_EQ(random_order_why(b), "side a's attack time is random, so the order of attacks depends on the dice");
  EXPECT_THROW((void)duel_exact(b), Error);
}

TEST(DuelExact, LimitsThrowTooLarge) {
  auto k = std::make_shared<DiceKernel>(0.8, 1, 10);
  ExactLimits small;
  small.max_pairs = 100;
  EXPECT_THROW((void)duel_exact(bout(k, k, 300, 300), Who::a, small), TooLarge);
  ExactLimits slow;
  slow.max_work = 1000;
  EXPECT_THROW((void)duel_exact(bout(k, k, 300, 300), Who::a, slow), TooLarge);
}

TEST(CanEnd, FindsImpossibleKills) {
  DiceKernel zero(0, 1, 1), one(1, 1, 1);
  EXPECT_EQ(can_end(zero, &zero, fighter(5), fighter(5)), false);
  EXPECT_EQ(can_end(zero, &one, fighter(5), fighter(5)), true);
  EXPECT_EQ(can_end(one, nullptr, fighter(5), fighter(5)), true);
  ExactLimits tiny;
  tiny.max_pairs = 2;
  EXPECT_EQ(can_end(zero, &zero, fighter(500), fighter(500)), false);  // one cell only
  DiceKernel spread(0.5, 1, 2);
  EXPECT_EQ(can_end(spread, &spread, fighter(500), fighter(500), tiny), std::nullopt);
}

}  // namespace
}  // namespace fray::fight
