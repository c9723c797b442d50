// A fight that ends with neither side dead (Transition::escape): the
// defender running away after a hit, the attacker running on its turn; exact
// chains against hand-worked fights and against Monte Carlo.
#include <fray/core/probability_text.hpp>
#include <fray/fight/exact.hpp>
#include <fray/fight/monte_carlo.hpp>
#include <fray/fight/solve.hpp>

#include "kernels.hpp"
#include "sampling.hpp"
#include "support/scale.hpp"
#include "support/support.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <memory>

namespace fray::fight {
namespace {

using test::counts_of;
using test::DiceKernel;
using test::expect_close;
using test::FleeKernel;
using test::mc;

using test::bout;
using test::fighter;

// Turns to kill by hand: sure hits of 1, 2 or 3 on 4 HP, the defender
// fleeing once a hit leaves it at 1 HP. From 2: 2 or 3 kill (2/3), 1
// leaves 1 (escape). From 3: 3 kills, 2 leaves 1, 1 leads to 2: 1/3 + 1/3 x
// 2/3 = 5/9. From 4: 3 leaves 1, 2 leads to 2, 1 to 3: 1/3 x 2/3 + 1/3 x 5/9
// = 11/27; the defender escapes in the other 16/27. The kills take two
// attacks (4 → 2 → kill, 6/27; 4 → 3 → kill, 3/27) or three (4 → 3 → 2 →
// kill, 2/27).
TEST(Escape, TurnsToKillByHand) {
  const FleeKernel k(1.0, 1, 3, 1);
  const TtkResult r = ttk_exact(k, fighter(5), fighter(4));
  EXPECT_NEAR(r.p_kill, 11.0 / 27, 1e-15);
  EXPECT_NEAR(r.p_escape, 16.0 / 27, 1e-15);
  ASSERT_TRUE(r.attacks);
  EXPECT_NEAR((*r.attacks)[2], 9.0 / 11, 1e-15);
  EXPECT_NEAR((*r.attacks)[3], 2.0 / 11, 1e-15);
  EXPECT_EQ(
      r.notes,
      (std::vector<std::string>{"with probability 0.592593 the defender runs away before it is killed (p_escape)"}));
  // Every attack lands: the hits are the attacks.
  ASSERT_TRUE(r.hits);
  EXPECT_TRUE(r.hits->approx_equal(*r.attacks, 1e-15));
  // Sampled: the same p_kill and p_escape.
  const std::uint64_t n = test::scaled(100000);
  const TtkResult s = ttk_monte_carlo(k, fighter(5), fighter(4), mc(n, 5));
  expect_close(s.p_kill, 11.0 / 27, n, "p_kill");
  expect_close(s.p_escape, 16.0 / 27, n, "p_escape");
  EXPECT_LE(s.p_escape_ci.lo, 16.0 / 27);
  EXPECT_GE(s.p_escape_ci.hi, 16.0 / 27);
  // Worded as the exact answer is, with the sampled fraction.
  EXPECT_EQ(s.notes, (std::vector<std::string>{fmt::format(
                         "with probability {} (sampled) the defender runs away before it is killed (p_escape)",
                         significant(s.p_escape))}));
}

// The duel by hand: a (2 HP) as above on b (4 HP, flees at 1 HP); b hits
// half the time for 1; a first, one attack each a turn. a needs one or two
// more attacks after its first; b needs two hits.
//   a1 leaves b at 1: b escapes (length 1)                                  1/3
//   a1 → b 2: a2 kills (2/3) or b escapes (1/3) (length 3)            2/9, 1/9
//   a1 → b 3: a2 kills (1/3), b escapes (1/3), → b 2 (1/3) (length 3) 1/9, 1/9
//     then b2 kills a when b1 and b2 both hit (1/4; length 4)              1/36
//     else a3 kills (2/3) or b escapes (1/3) (length 5)              1/18, 1/36
// a wins 7/18, b wins 1/36, b escapes 7/12; b always escapes at 1 HP, and
// wins at 2.
TEST(Escape, DuelByHand) {
  auto a = std::make_shared<FleeKernel>(1.0, 1, 3, 1);
  auto b = std::make_shared<DiceKernel>(0.5, 1, 1);
  const DuelResult r = duel_exact(bout(a, b, 2, 4));
  EXPECT_NEAR(r.p_a_wins, 7.0 / 18, 1e-15);
  EXPECT_NEAR(r.p_b_wins, 1.0 / 36, 1e-15);
  EXPECT_NEAR(r.p_b_escapes, 7.0 / 12, 1e-15);
  EXPECT_DOUBLE_EQ(r.p_a_escapes, 0.0);
  EXPECT_DOUBLE_EQ(r.p_draw, 0.0);
  ASSERT_TRUE(r.length);
  EXPECT_NEAR((*r.length)[1], 12.0 / 36, 1e-15);
  EXPECT_NEAR((*r.length)[3], 20.0 / 36, 1e-15);
  EXPECT_NEAR((*r.length)[4], 1.0 / 36, 1e-15);
  EXPECT_NEAR((*r.length)[5], 3.0 / 36, 1e-15);
  // Ends at a's first attack (time 1), a's second or b's second (2), a's third (3).
  ASSERT_EQ(r.time.size(), 3u);
  EXPECT_NEAR(r.time[0].second, 12.0 / 36, 1e-15);
  EXPECT_NEAR(r.time[1].second, 21.0 / 36, 1e-15);
  EXPECT_NEAR(r.time[2].second, 3.0 / 36, 1e-15);
  EXPECT_NEAR(r.b_hp_left[0], 7.0 / 18, 1e-15);
  EXPECT_NEAR(r.b_hp_left[1], 7.0 / 12, 1e-15);
  EXPECT_NEAR(r.b_hp_left[2], 1.0 / 36, 1e-15);
  EXPECT_TRUE(r.b_hp_if_wins->approx_equal(Pmf::point(2), 1e-15));
  EXPECT_NEAR(r.a_hp_left[0], 1.0 / 36, 1e-15);
  // The escape is no win: a wins at 1 HP with 1/9 + 1/18 + 1/27 = 11/54
  // (b1 hit before a2's kill, or one of b1, b2 before a3's), at 2 with 10/54.
  ASSERT_TRUE(r.a_hp_if_wins);
  EXPECT_NEAR((*r.a_hp_if_wins)[1], 11.0 / 21, 1e-15);
  EXPECT_NEAR((*r.a_hp_if_wins)[2], 10.0 / 21, 1e-15);
  // The split into one-sided chains does not follow an escape: the grid
  // answers, the same numbers whichever way it steps.
  ExactLimits grid;
  grid.split_sides = false;
  test::expect_same_duel(duel_exact(bout(a, b, 2, 4), Who::a, grid), r);
  ExactLimits pull;
  pull.pull_from = 0;
  test::expect_same_duel(duel_exact(bout(a, b, 2, 4), Who::a, pull), r);
  // The same fight with the sides' names swapped.
  const DuelResult m = duel_exact(bout(b, a, 4, 2), Who::b);
  EXPECT_NEAR(m.p_a_escapes, 7.0 / 12, 1e-15);
  EXPECT_NEAR(m.p_b_wins, 7.0 / 18, 1e-15);
  // can_end counts an escape as an end: a kernel whose every hit makes the
  // defender flee, and which never kills, still ends the fight.
  const FleeKernel flee_only(1.0, 1, 1, 100);
  EXPECT_EQ(can_end(flee_only, nullptr, fighter(3), fighter(5)), std::optional<bool>(true));
  EXPECT_NEAR(ttk_exact(flee_only, fighter(3), fighter(5)).p_escape, 1.0, 1e-15);
}

// The attacker running on its own turn (Escape::attacker): b misses while
// above 2 HP and runs once its turn finds it at 2 or less. a hits surely for
// 1: b 4 → 3, b misses, b → 2, b runs, at time 2 after four attacks.
TEST(Escape, AttackerRunsOnItsTurn) {
  auto a = std::make_shared<DiceKernel>(1.0, 1, 1);
  auto b = std::make_shared<FleeKernel>(0.0, 1, 1, -1, 2);
  const Bout x = bout(a, b, 5, 4);
  const DuelResult r = duel_exact(x);
  EXPECT_DOUBLE_EQ(r.p_b_escapes, 1.0);
  EXPECT_DOUBLE_EQ(r.p_a_wins, 0.0);
  EXPECT_TRUE(r.length->approx_equal(Pmf::point(4), 0));
  EXPECT_TRUE(r.b_hp_left.approx_equal(Pmf::point(2), 0));
  EXPECT_TRUE(r.a_hp_left.approx_equal(Pmf::point(5), 0));
  EXPECT_FALSE(r.a_hp_if_wins);
  ASSERT_EQ(r.time.size(), 1u);
  EXPECT_DOUBLE_EQ(r.time[0].first, 2.0);
  // Turns to kill keeps the defender's own running (its own turns): no kill.
  const TtkResult t = ttk_exact(x);
  EXPECT_DOUBLE_EQ(t.p_kill, 0.0);
  EXPECT_DOUBLE_EQ(t.p_escape, 1.0);
  EXPECT_EQ(t.notes, (std::vector<std::string>{"the defender always runs away before it is killed"}));
  const TtkResult s = ttk_monte_carlo(x, Who::a, mc(1000, 3));
  EXPECT_DOUBLE_EQ(s.p_escape, 1.0);
  EXPECT_EQ(s.notes, (std::vector<std::string>{"in every sampled fight the defender runs away before it is killed"}));
  const DuelResult sd = duel_monte_carlo(x, Who::a, mc(1000, 3));
  EXPECT_DOUBLE_EQ(sd.p_b_escapes, 1.0);
  EXPECT_DOUBLE_EQ(sd.b_escapes_ci.hi, 1.0);
  ASSERT_EQ(sd.time.size(), 1u);
  EXPECT_DOUBLE_EQ(sd.time[0].first, 2.0);
}

TEST(Escape, ExactAgreesWithMonteCarlo) {
  // Both sides flee near death, at different times a turn.
  auto a = std::make_shared<FleeKernel>(0.7, 1, 4, 3);
  auto b = std::make_shared<FleeKernel>(0.6, 1, 3, 5);
  const Bout x = bout(a, b, 15, 20, 1.0, 1.5);
  const DuelResult exact = duel_exact(x);
  EXPECT_GT(exact.p_a_escapes, 0.01);
  EXPECT_GT(exact.p_b_escapes, 0.01);
  EXPECT_NEAR(exact.p_a_wins + exact.p_b_wins + exact.p_a_escapes + exact.p_b_escapes, 1.0, 1e-13);
  const std::uint64_t n = test::scaled(200000);
  const DuelResult sampled = test::expect_sampled_duel_agrees(x, exact, n, 2029, 2);
  EXPECT_NEAR(mean_of(sampled.time), mean_of(exact.time), 0.05);
  EXPECT_LE(sampled.b_escapes_ci.lo, exact.p_b_escapes);
  EXPECT_GE(sampled.b_escapes_ci.hi, exact.p_b_escapes);
  // Turns to kill against the fleeing defender.
  const TtkResult et = ttk_exact(*a, x.a, x.b);
  const TtkResult st = ttk_monte_carlo(*a, x.a, x.b, mc(n, 7));
  EXPECT_NEAR(et.p_kill + et.p_escape, 1.0, 1e-13);
  expect_close(st.p_escape, et.p_escape, n, "p_escape");
  EXPECT_GT(test::chi_square_p(*et.attacks, counts_of(*st.attacks, static_cast<std::uint64_t>(st.p_kill * n))), 1e-3);
  // solve_duel picks the exact chain and keeps the escapes.
  const DuelResult solved = solve_duel(x);
  EXPECT_EQ(solved.method, "exact");
  EXPECT_NEAR(solved.p_b_escapes, exact.p_b_escapes, 1e-15);
}

}  // namespace
}  // namespace fray::fight
