// The attacker's own HP change on its turn (Transition::heal): HP lost to a
// poison ticking, a death that undoes the attack; exact chains against
// hand-worked fights and against Monte Carlo.
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
using test::PoisonKernel;
using test::SelfLossKernel;

using test::fighter;

using test::bout;

using test::counts_of;
using test::expect_close;
using test::mc;

// --- HP lost on the attacker's own turn ------------------------------------------

TEST(SelfLoss, PoisonedAttackerDiesBeforeItsThirdAttack) {
  // a: 2 HP, loses 1 on each of its turns, hits surely for 1; b: 3 HP, never
  // hurts a. a's first turn: 2 → 1, b 3 → 2; b's attack does nothing; a's
  // second turn: 1 → 0, a dies and its attack does nothing. b wins after
  // three attacks, at the end of a's second turn (time 2), with 2 HP.
  auto a = std::make_shared<SelfLossKernel>(1.0, 1, 1, 1);
  auto b = std::make_shared<DiceKernel>(0, 1, 1);
  const DuelResult r = duel_exact(bout(a, b, 2, 3));
  EXPECT_DOUBLE_EQ(r.p_b_wins, 1.0);
  EXPECT_DOUBLE_EQ(r.p_a_wins, 0.0);
  EXPECT_TRUE(r.length->approx_equal(Pmf::point(3), 0));
  ASSERT_EQ(r.time.size(), 1u);
  EXPECT_DOUBLE_EQ(r.time[0].first, 2.0);
  EXPECT_TRUE(r.a_hp_left.approx_equal(Pmf::point(0), 0));
  EXPECT_TRUE(r.b_hp_if_wins->approx_equal(Pmf::point(2), 0));
  // With 3 HP a's third turn takes it from 1 to 0 before its third hit; with
  // 4 HP it goes 4 → 3 → 2 → 1 while b goes 3 → 2 → 1 → 0: a wins at 1 HP
  // after five attacks.
  EXPECT_DOUBLE_EQ(duel_exact(bout(a, b, 3, 3)).p_b_wins, 1.0);
  const DuelResult w4 = duel_exact(bout(a, b, 4, 3));
  EXPECT_DOUBLE_EQ(w4.p_a_wins, 1.0);
  EXPECT_TRUE(w4.a_hp_if_wins->approx_equal(Pmf::point(1), 0));
  EXPECT_TRUE(w4.length->approx_equal(Pmf::point(5), 0));
}

// The tiny duel worked by hand: a (3 HP) loses 1 on each of its turns and
// hits half the time for 1; b (2 HP) hits half the time for 1; a first, one
// attack each a turn. a lives through two attacks only (its third turn takes
// it from 1 to 0), and must hit with both, b missing between: 1/8.
//   a1 hit, b1 hit → (1, 1): a dies on a2 (length 3)            1/4, b at 1
//   a1 miss, b1 hit → (1, 2): a dies on a2 (length 3)           1/4, b at 2
//   a1 hit, b1 miss, a2 hit: a wins (length 3)                  1/8
//   the other three paths of weight 1/8 reach a2's end alive at 1 HP, b at
//   1, 1, 2: b hits on b2 (length 4) or a dies on a3 (length 5), 1/2 each.
TEST(SelfLoss, TinyDuelByHand) {
  auto a = std::make_shared<SelfLossKernel>(0.5, 1, 1, 1);
  auto b = std::make_shared<DiceKernel>(0.5, 1, 1);
  const DuelResult r = duel_exact(bout(a, b, 3, 2));
  EXPECT_NEAR(r.p_a_wins, 1.0 / 8, 1e-15);
  EXPECT_NEAR(r.p_b_wins, 7.0 / 8, 1e-15);
  EXPECT_DOUBLE_EQ(r.p_draw, 0.0);
  ASSERT_TRUE(r.length);
  EXPECT_NEAR((*r.length)[3], 5.0 / 8, 1e-15);
  EXPECT_NEAR((*r.length)[4], 3.0 / 16, 1e-15);
  EXPECT_NEAR((*r.length)[5], 3.0 / 16, 1e-15);
  // Lengths 3 and 4 end at time 2 (a's and b's second attacks), 5 at 3.
  ASSERT_EQ(r.time.size(), 2u);
  EXPECT_NEAR(r.time[0].second, 13.0 / 16, 1e-15);
  EXPECT_DOUBLE_EQ(r.time[1].first, 3.0);
  EXPECT_NEAR(r.b_hp_left[0], 1.0 / 8, 1e-15);
  EXPECT_NEAR(r.b_hp_left[1], 1.0 / 2, 1e-15);
  EXPECT_NEAR(r.b_hp_left[2], 3.0 / 8, 1e-15);
  EXPECT_TRUE(r.a_hp_if_wins->approx_equal(Pmf::point(1), 1e-15));
  // The same fight with the sides' names swapped (b poisoned, b first).
  const DuelResult m = duel_exact(bout(b, a, 2, 3), Who::b);
  EXPECT_NEAR(m.p_b_wins, 1.0 / 8, 1e-15);
  EXPECT_NEAR(m.a_hp_left[2], 3.0 / 8, 1e-15);
  EXPECT_NEAR((*m.length)[5], 3.0 / 16, 1e-15);
  // Never split: a's own HP moves on its turn.
  ExactLimits grid;
  grid.split_sides = false;
  EXPECT_EQ(duel_exact(bout(a, b, 3, 2), Who::a, grid).chain_states, r.chain_states);
}

TEST(SelfLoss, TurnsToKillWhenTheAttackerMayDieFirst) {
  // 4 HP, loses 1 a turn: three attacks, half of them hitting for 1, against
  // 2 HP. Kill at attack 2: 1/4; at attack 3: 2/8. Else the fourth turn kills
  // the attacker: p_kill = 1/2.
  const SelfLossKernel k(0.5, 1, 1, 1);
  const TtkResult r = ttk_exact(k, fighter(4), fighter(2));
  EXPECT_NEAR(r.p_kill, 0.5, 1e-15);
  ASSERT_TRUE(r.attacks);
  EXPECT_NEAR((*r.attacks)[2], 0.5, 1e-15);
  EXPECT_NEAR((*r.attacks)[3], 0.5, 1e-15);
  EXPECT_EQ(r.notes,
            (std::vector<std::string>{
                "with probability 0.5 the attacker dies of the HP it loses on its own turns before it kills"}));
  ASSERT_EQ(r.time.size(), 2u);
  EXPECT_DOUBLE_EQ(r.time[1].first, 3.0);
  // A miss costs HP too: the hits are not a chain of their own.
  EXPECT_FALSE(r.hits);
  // Sampled: the same p_kill.
  const std::uint64_t n = test::scaled(100000);
  const TtkResult s = ttk_monte_carlo(k, fighter(4), fighter(2), mc(n, 3));
  expect_close(s.p_kill, 0.5, n, "p_kill");
  EXPECT_GT(test::chi_square_p(*r.attacks, counts_of(*s.attacks, static_cast<std::uint64_t>(s.p_kill * n))), 1e-3);
}

TEST(SelfLoss, ExactAgreesWithMonteCarlo) {
  // A poisoned bite both ways: a hit poisons the other side for 3 of its
  // turns, 1 HP each (b's for 2), against plain damage.
  auto a = std::make_shared<PoisonKernel>(0.6, 1, 3, 3, 1);
  auto b = std::make_shared<PoisonKernel>(0.5, 1, 4, 2, 2);
  const Bout x = bout(a, b, 20, 25, 1.0, 1.5);
  const DuelResult exact = duel_exact(x);
  EXPECT_NEAR(exact.p_a_wins + exact.p_b_wins, 1.0, 1e-13);
  const std::uint64_t n = 200000;
  const DuelResult sampled = test::expect_sampled_duel_agrees(x, exact, n, 2027, 2);
  EXPECT_NEAR(mean_of(sampled.time), mean_of(exact.time), 0.05);
  // A side that poisons itself and one that never hurts it: deaths only.
  auto self = std::make_shared<SelfLossKernel>(0.3, 1, 2, 1);
  auto zero = std::make_shared<DiceKernel>(0, 1, 1);
  const Bout y = bout(self, zero, 6, 9);
  const DuelResult ey = duel_exact(y);
  const DuelResult sy = duel_monte_carlo(y, Who::a, mc(n, 11));
  expect_close(sy.p_b_wins, ey.p_b_wins, n, "p_b_wins");
  EXPECT_GT(test::chi_square_p(ey.b_hp_left, counts_of(sy.b_hp_left, n)), 1e-3);
  EXPECT_GT(test::chi_square_p(*ey.length, counts_of(*sy.length, n)), 1e-3);
}

TEST(SelfLoss, CanEndCountsTheAttackersDeath) {
  // Neither side ever hits, but a's poison ends the fight.
  SelfLossKernel self(0, 1, 1, 1);
  DiceKernel zero(0, 1, 1);
  EXPECT_EQ(can_end(self, &zero, fighter(5), fighter(5)), true);
  const DuelResult r =
      duel_exact(bout(std::make_shared<SelfLossKernel>(0, 1, 1, 1), std::make_shared<DiceKernel>(0, 1, 1), 5, 5));
  EXPECT_DOUBLE_EQ(r.p_b_wins, 1.0);
  EXPECT_TRUE(r.length->approx_equal(Pmf::point(9), 0));  // a's fifth turn
}

}  // namespace
}  // namespace fray::fight
namespace fray::fight {
namespace {

// --- HP going up: life drain and regeneration ----------------------------------

// P(a wins) of a duel of one-damage attacks, a first, one attack each a turn,
// by solving the linear equations of the chain (Gaussian elimination): a
// hits with pa and heals min(heal_on_hit, ht_a - HP) when it hits (and
// `regen` every attack, same cap); b hits with pb.
double a_wins_by_elimination(std::int64_t ha0, std::int64_t ht_a, std::int64_t hb0, double pa, double pb,
                             std::int64_t heal_on_hit, std::int64_t regen) {
  // Unknowns W(ha, hb, t): a wins from there, t = 0 a to attack, 1 b.
  const auto n = static_cast<std::size_t>(ht_a * hb0 * 2);
  auto id = [&](std::int64_t ha, std::int64_t hb, int t) {
    return static_cast<std::size_t>(((ha - 1) * hb0 + (hb - 1)) * 2 + t);
  };
  std::vector<std::vector<double>> m(n, std::vector<double>(n + 1, 0.0));
  for (std::int64_t ha = 1; ha <= ht_a; ++ha)
    for (std::int64_t hb = 1; hb <= hb0; ++hb) {
      // a's turn: regenerate, then hit (and drain) or miss.
      auto& ra = m[id(ha, hb, 0)];
      ra[id(ha, hb, 0)] += 1;
      const std::int64_t miss_hp = std::min(ht_a, ha + regen), hit_hp = std::min(ht_a, ha + regen + heal_on_hit);
      if (hb == 1)
        ra[n] += pa;
      else
        ra[id(hit_hp, hb - 1, 1)] -= pa;
      ra[id(miss_hp, hb, 1)] -= 1 - pa;
      // b's turn.
      auto& rb = m[id(ha, hb, 1)];
      rb[id(ha, hb, 1)] += 1;
      if (ha > 1) rb[id(ha - 1, hb, 0)] -= pb;
      rb[id(ha, hb, 0)] -= 1 - pb;
    }
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t piv = c;
    for (std::size_t r = c + 1; r < n; ++r)
      if (std::fabs(m[r][c]) > std::fabs(m[piv][c])) piv = r;
    std::swap(m[c], m[piv]);
    for (std::size_t r = 0; r < n; ++r) {
      if (r == c || m[r][c] == 0) continue;
      const double f = m[r][c] / m[c][c];
      for (std::size_t k = c; k <= n; ++k) m[r][k] -= f * m[c][k];
    }
  }
  return m[id(ha0, hb0, 0)][n] / m[id(ha0, hb0, 0)][id(ha0, hb0, 0)];
}

TEST(Heal, DrainDuelMatchesTheLinearEquations) {
  // 3 HP against 3 HP, both hitting half the time for 1; a drains what it
  // deals, up to its 3 HP (Pixel Dungeon's bat).
  auto drain = std::make_shared<test::HealKernel>(0.5, 1, 1, 3, 0, true);
  auto plain = std::make_shared<DiceKernel>(0.5, 1, 1);
  const DuelResult r = duel_exact(bout(drain, plain, 3, 3));
  const double by_hand = a_wins_by_elimination(3, 3, 3, 0.5, 0.5, 1, 0);
  EXPECT_NEAR(r.p_a_wins, by_hand, 1e-13);
  EXPECT_NEAR(r.p_a_wins + r.p_b_wins, 1.0, 1e-13);
  EXPECT_LT(r.unresolved, 1e-15);
  // Without the drain the same equations give the plain duel, and a drain
  // only helps a.
  const double plain_duel = a_wins_by_elimination(3, 3, 3, 0.5, 0.5, 0, 0);
  EXPECT_NEAR(duel_exact(bout(plain, plain, 3, 3)).p_a_wins, plain_duel, 1e-13);
  EXPECT_GT(by_hand, plain_duel);
  // A bat that starts wounded (2 of 5 HP) heals past its starting HP: the
  // chain grows to hold it.
  auto bat = std::make_shared<test::HealKernel>(0.6, 1, 1, 5, 0, true);
  const DuelResult w = duel_exact(bout(bat, plain, 2, 4));
  EXPECT_NEAR(w.p_a_wins, a_wins_by_elimination(2, 5, 4, 0.6, 0.5, 1, 0), 1e-13);
  EXPECT_GT(w.a_hp_left.max(), 2);
}

TEST(Heal, RegenerationAgainstSureHitsByHand) {
  // a (3 of 3 HP) regenerates 1 a turn and hits half the time for 1; b hits
  // surely for 1. a's HP goes 3 → 2 → 3 → 2 …: b never kills it, and a kills
  // b (2 HP) at its n-th attack with P = (n - 1) / 2^n, the fight then
  // lasting 2n - 1 attacks.
  auto regen = std::make_shared<test::HealKernel>(0.5, 1, 1, 3, 1, false);
  auto sure = std::make_shared<DiceKernel>(1, 1, 1);
  const DuelResult r = duel_exact(bout(regen, sure, 3, 2));
  EXPECT_NEAR(r.p_a_wins, 1.0, 1e-14);
  for (int k = 2; k <= 30; ++k) EXPECT_NEAR((*r.length)[2 * k - 1], (k - 1) / std::ldexp(1.0, k), 1e-15) << k;
  EXPECT_TRUE(r.a_hp_if_wins->approx_equal(Pmf::point(3), 1e-14));
  EXPECT_NEAR(r.p_a_wins, a_wins_by_elimination(3, 3, 2, 0.5, 1.0, 0, 1), 1e-13);
  // 2 HP and no regeneration: b kills it at its second attack unless a hits
  // twice first (1/4).
  EXPECT_NEAR(duel_exact(bout(std::make_shared<test::HealKernel>(0.5, 1, 1, 3, 0, false), sure, 2, 2)).p_a_wins, 0.25,
              1e-15);
}

TEST(Heal, AStalemateWithCycles) {
  // a (2 of 2 HP) heals 1 a turn and never hits; b hits half the time for
  // 1: b's hit takes a to 1, a's turn back to 2, so b never kills (it would
  // need two hits with no turn of a's between) and a never wins: the fight
  // never ends.
  auto regen = std::make_shared<test::HealKernel>(0, 1, 1, 2, 1, false);
  auto half = std::make_shared<DiceKernel>(0.5, 1, 1);
  const DuelResult r = duel_exact(bout(regen, half, 2, 5));
  EXPECT_DOUBLE_EQ(r.p_draw, 1.0);
  EXPECT_EQ(r.notes, (std::vector<std::string>{"the fight can never end: neither side can ever kill the other"}));
  // With b first: b hits (1/2), a back to 2, ... still never.
  EXPECT_DOUBLE_EQ(duel_exact(bout(regen, half, 2, 5), Who::b).p_draw, 1.0);
  // b surely hits for 2: a dies at b's first attack.
  EXPECT_DOUBLE_EQ(duel_exact(bout(regen, std::make_shared<DiceKernel>(1, 2, 2), 2, 5)).p_b_wins, 1.0);
}

// An attacker whose own HP goes both ways: each turn it regenerates 1 (up
// to 4) or loses 2 to a poison, half and half, then hits half the time for
// 1..2.
class HealOrPoison final : public test::ListKernel {
 public:
  HealOrPoison() { declared.attacker_hp = true; }
  std::vector<Transition> list(Side a, Side d) const override {
    const std::int64_t up = std::min<std::int64_t>(1, 4 - a.hp);
    return {{0.25, 0, a.state, d.state, 0, up},  {0.25, 0, a.state, d.state, 0, -2},
            {0.125, 1, a.state, d.state, 1, up}, {0.125, 2, a.state, d.state, 1, up},
            {0.125, 1, a.state, d.state, 1, -2}, {0.125, 2, a.state, d.state, 1, -2}};
  }
};

TEST(Heal, ExactAgreesWithMonteCarlo) {
  // A bat (8 HP of 10, drains, 1d4 at 0.7) against a poisoned bite.
  auto bat = std::make_shared<test::HealKernel>(0.7, 1, 4, 10, 0, true);
  auto bite = std::make_shared<PoisonKernel>(0.6, 1, 3, 2, 1);
  const Bout x = bout(bat, bite, 8, 20, 1.0, 1.5);
  const DuelResult exact = duel_exact(x);
  EXPECT_NEAR(exact.p_a_wins + exact.p_b_wins, 1.0, 1e-13);
  const std::uint64_t n = 200000;
  test::expect_sampled_duel_agrees(x, exact, n, 4242, 2);
  // Turns to kill with a regenerating, poisoned attacker: its HP goes both ways.
  const HealOrPoison mixed;
  const TtkResult t = ttk_exact(mixed, fighter(3), fighter(12));
  const TtkResult s = ttk_monte_carlo(mixed, fighter(3), fighter(12), mc(n, 5));
  expect_close(s.p_kill, t.p_kill, n, "p_kill");
  EXPECT_GT(
      test::chi_square_p(*t.attacks, counts_of(*s.attacks, static_cast<std::uint64_t>(std::llround(s.p_kill * n)))),
      1e-3);
}

}  // namespace
}  // namespace fray::fight
