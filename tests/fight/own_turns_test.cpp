// Turns to kill with the defender's own turns: its regeneration and the HP
// it loses on its turns count, its attacks do nothing (OwnChanges).
#include <fray/fight/exact.hpp>
#include <fray/fight/monte_carlo.hpp>
#include <fray/fight/solve.hpp>

#include "fight/kernels.hpp"
#include "fight/sampling.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>

namespace fray::test {
namespace {

using fight::TtkResult;
using fight::Who;

// A defender that regains `regen` HP with probability q on each of its own
// turns, up to its maximum `ht`, and hits for `damage` (which turns to kill
// drops). Reads its own HP for the cap.
class RegenKernel final : public ListKernel {
 public:
  RegenKernel(double q, std::int64_t regen, std::int64_t ht, std::int64_t damage)
      : q_(q), regen_(regen), ht_(ht), damage_(damage) {
    declared.attacker_hp = true;
  }
  std::vector<Transition> list(Side a, Side d) const override {
    const std::int64_t heal = std::min(regen_, ht_ - a.hp);
    // The other side's state moves too (acid on its weapon): dropped as well.
    if (q_ >= 1) return {{1, damage_, a.state, d.state + 1, 1, heal}};
    return {{1 - q_, damage_, a.state, d.state + 1, 1, 0}, {q_, damage_, a.state, d.state + 1, 1, heal}};
  }

 private:
  double q_;
  std::int64_t regen_, ht_, damage_;
};

// State 0: with 1/2 a blow of 3, else a miss that breaks the weapon (state
// 1); state 1: 1 damage a hit, for ever.
class BreakingKernel final : public ListKernel {
 public:
  std::vector<Transition> list(Side a, Side d) const override {
    if (a.state == 0) return {{0.5, 3, 0, d.state, 1}, {0.5, 0, 1, d.state, 0}};
    return {{1, 1, 1, d.state, 1}};
  }
};

Bout bout_of(std::shared_ptr<const Exchange> ab, std::shared_ptr<const Exchange> ba, std::int64_t a_hp,
             std::int64_t b_hp, double a_time = 1, double b_time = 1) {
  return make_bout(std::move(ab), std::move(ba), a_hp, b_hp, a_time, b_time);
}

// F(n), F(1) = F(2) = 1.
double fibonacci(int n) {
  double x = 0, y = 1;
  for (int i = 0; i < n; ++i) {
    const double z = x + y;
    x = y;
    y = z;
  }
  return x;
}

TEST(OwnChanges, DropsTheAttackAndMergesWhatIsLeft) {
  const RegenKernel own(0.25, 1, 10, 7);
  const fight::OwnChanges turns(own);
  const auto ts = turns.outcomes(Side{8, 3}, Side{20, 5});
  ASSERT_EQ(ts.size(), 2u);
  for (const Transition& t : ts) {
    EXPECT_EQ(t.damage, 0);
    EXPECT_EQ(t.defender_state, 5u);  // the other side's state as it was
    EXPECT_EQ(t.attacker_state, 3u);
    EXPECT_FALSE(t.landed());
  }
  EXPECT_DOUBLE_EQ(ts[0].p, 0.75);
  EXPECT_EQ(ts[0].heal, 0);
  EXPECT_DOUBLE_EQ(ts[1].p, 0.25);
  EXPECT_EQ(ts[1].heal, 1);
  // At its maximum nothing changes: both outcomes merge.
  const auto full = turns.outcomes(Side{10, 3}, Side{20, 5});
  ASSERT_EQ(full.size(), 1u);
  EXPECT_DOUBLE_EQ(full[0].p, 1.0);
  EXPECT_FALSE(fight::OwnChanges::changes(full[0], Side{10, 3}));
}

// By hand: a defender of 3 HP regaining 1 HP (up to 3) on each of its turns,
// an attacker dealing 2 with probability 1/2, one attack each a turn, the
// attacker first. Before each attack the defender has 3 HP or 2: from 3 a
// hit leaves 1 and the regeneration 2; from 2 a hit kills, a miss leaves 3.
// With x_k, y_k the chances of 3 and 2 before attack k (x_1 = 1, y_1 = 0):
// x_{k+1} = (x_k + y_k) / 2, y_{k+1} = x_k / 2, and the kill at attack k has
// chance y_k / 2 = F(k - 1) / 2^k (Fibonacci), of mean 6 attacks (x H'(x) at
// x = 1/2 for H = x^2 / (1 - x - x^2)), where without the regeneration it
// takes two hits, 4 attacks on average. Each hit from 3 HP leads to 2 HP,
// where a hit kills and a miss goes back to 3: the visits to 2 HP are
// geometric, and the hits to kill h >= 2 have chance (1/2)^(h - 1).
TEST(OwnTurns, RegenerationAgainstCoinFlipBlowsByHand) {
  const Bout x = bout_of(std::make_shared<DiceKernel>(0.5, 2, 2), std::make_shared<RegenKernel>(1, 1, 3, 5), 10, 3);
  for (const Who first : {Who::a, Who::b}) {  // the defender at full HP first: nothing to regain
    const TtkResult r = fight::ttk_exact(x, first);
    EXPECT_EQ(r.method, "exact");
    EXPECT_NEAR(r.p_kill, 1.0, 1e-13);
    ASSERT_TRUE(r.attacks);
    EXPECT_DOUBLE_EQ((*r.attacks)[1], 0.0);
    for (int k = 2; k <= 30; ++k)
      EXPECT_NEAR((*r.attacks)[k], fibonacci(k - 1) / std::ldexp(1.0, k), 1e-15) << "attack " << k;
    EXPECT_NEAR(r.attacks->mean(), 6.0, 1e-12);
    EXPECT_NEAR(fight::mean_of(r.time), 6.0, 1e-12);
    EXPECT_FALSE(r.hits);  // a miss: the hits are sampled (solve_ttk)
    EXPECT_TRUE(r.notes.empty());
  }
  // Without the defender's turns: two hits at 1/2, a mean of 4.
  const TtkResult alone = fight::ttk_exact(*x.a_hits_b, x.a, x.b);
  EXPECT_NEAR(alone.attacks->mean(), 4.0, 1e-12);

  const TtkResult solved = fight::solve_ttk(x);
  EXPECT_EQ(solved.method, "exact");
  EXPECT_NEAR(solved.attacks->mean(), 6.0, 1e-12);
  ASSERT_TRUE(solved.hits);
  EXPECT_EQ(solved.hits_method, "monte-carlo");
  for (int h = 2; h <= 6; ++h) expect_close((*solved.hits)[h], std::ldexp(1.0, 1 - h), 100000, "hits");
  EXPECT_NE(solved.hits_reason.find("the defender's own turns come between the attacks"), std::string::npos)
      << solved.hits_reason;
}

// Every attack lands: the hits are the attacks, exactly. 4 a blow against
// 10 HP regaining 1 a turn: 10 -> 6 -> 7 -> 3 -> 4 -> 0, three blows.
TEST(OwnTurns, SureBlowsGiveExactHits) {
  const Bout x = bout_of(std::make_shared<DiceKernel>(1, 4, 4), std::make_shared<RegenKernel>(1, 1, 10, 0), 5, 10);
  const TtkResult r = fight::solve_ttk(x);
  EXPECT_EQ(r.method, "exact");
  EXPECT_DOUBLE_EQ((*r.attacks)[3], 1.0);
  EXPECT_EQ(r.hits_method, "exact");
  EXPECT_DOUBLE_EQ((*r.hits)[3], 1.0);
  ASSERT_EQ(r.time.size(), 1u);
  EXPECT_DOUBLE_EQ(r.time[0].first, 3.0);
}

// Turns that change nothing (no heal, no state of its own: its damage and
// the attacker's state it moves are dropped): the answer of the attacker's
// chain alone, bit for bit, exact and sampled.
TEST(OwnTurns, TurnsThatChangeNothingLeaveTheAnswerAsItWas) {
  const Bout x =
      bout_of(std::make_shared<DiceKernel>(0.7, 1, 3), std::make_shared<RegenKernel>(1, 0, 30, 4), 12, 30, 1.0, 0.7);
  const TtkResult with = fight::ttk_exact(x);
  const TtkResult without = fight::ttk_exact(*x.a_hits_b, x.a, x.b);
  EXPECT_EQ(with.p_kill, without.p_kill);
  EXPECT_EQ(with.unresolved, without.unresolved);
  ASSERT_TRUE(with.attacks && without.attacks && with.hits && without.hits);
  EXPECT_EQ(with.attacks->items(), without.attacks->items());
  EXPECT_EQ(with.hits->items(), without.hits->items());
  EXPECT_EQ(with.time, without.time);
  EXPECT_EQ(with.notes, without.notes);

  const TtkResult s1 = fight::ttk_monte_carlo(x, Who::a, mc(20000, 7));
  const TtkResult s0 = fight::ttk_monte_carlo(*x.a_hits_b, x.a, x.b, mc(20000, 7));
  EXPECT_EQ(s1.p_kill, s0.p_kill);
  EXPECT_EQ(s1.attacks->items(), s0.attacks->items());
  EXPECT_EQ(s1.hits->items(), s0.hits->items());
  EXPECT_EQ(s1.time, s0.time);

  // A random attack time stays exact, as without the defender's turns.
  Bout random = x;
  random.a.attack_time = 1.5;
  random.a.attack_times = {{1.0, 0.5}, {2.0, 0.5}};
  const TtkResult timed = fight::solve_ttk(random);
  EXPECT_EQ(timed.method, "exact");
  EXPECT_EQ(timed.time, fight::ttk_exact(*x.a_hits_b, random.a, random.b).time);
}

// 1 a hit at 1/2 against 3 HP regaining 1 a turn: never below 2 before an
// attack, never killed.
TEST(OwnTurns, RegenerationThatOutpacesTheDamageIsAStalemate) {
  const Bout x = bout_of(std::make_shared<DiceKernel>(0.5, 1, 1), std::make_shared<RegenKernel>(1, 1, 3, 0), 10, 3);
  const TtkResult r = fight::solve_ttk(x);
  EXPECT_EQ(r.method, "exact");
  EXPECT_EQ(r.p_kill, 0.0);
  EXPECT_FALSE(r.attacks);
  EXPECT_EQ(r.notes,
            (std::vector<std::string>{"the attacker can never kill the defender: the defender's own turns (its "
                                      "regeneration) undo the damage as fast as the attacker can deal it"}));
  // Sampled: the same fight never ends either.
  const TtkResult s = fight::ttk_monte_carlo(x, Who::a, mc(50, 3));
  EXPECT_EQ(s.p_kill, 0.0);
}

// Half the time a blow of 3 kills at once; else the weapon breaks, and 1 a
// hit never gets past a regeneration of 1: p_kill = 1/2 exactly.
TEST(OwnTurns, AStalemateWithProbabilityOneHalf) {
  const Bout x = bout_of(std::make_shared<BreakingKernel>(), std::make_shared<RegenKernel>(1, 1, 3, 0), 10, 3);
  const TtkResult r = fight::solve_ttk(x);
  EXPECT_EQ(r.method, "exact");
  EXPECT_NEAR(r.p_kill, 0.5, 1e-15);
  EXPECT_DOUBLE_EQ((*r.attacks)[1], 1.0);
  EXPECT_NE(test::joined(r.notes).find(
                "with probability 0.5 the attacker can never kill the defender: the defender's own turns"),
            std::string::npos)
      << test::joined(r.notes);
  // Without the regeneration the broken weapon still kills, in 3 more blows.
  const TtkResult alone = fight::ttk_exact(*x.a_hits_b, x.a, x.b);
  EXPECT_NEAR(alone.p_kill, 1.0, 1e-15);
}

// A defender losing 1 HP on each of its turns (a poison that never wears
// off) against an attacker that never hits: 3 -> 2 -> 1 -> 0 on its third
// turn, after the attacker's third attack.
TEST(OwnTurns, ADefenderDeadOfItsOwnLossCountsAsKilled) {
  const Bout x =
      bout_of(std::make_shared<DiceKernel>(0, 1, 1), std::make_shared<SelfLossKernel>(1, 5, 5, 1), 10, 3, 1.0, 1.0);
  const TtkResult r = fight::ttk_exact(x);
  EXPECT_DOUBLE_EQ(r.p_kill, 1.0);
  EXPECT_DOUBLE_EQ((*r.attacks)[3], 1.0);
  ASSERT_EQ(r.time.size(), 1u);
  EXPECT_DOUBLE_EQ(r.time[0].first, 3.0);
  EXPECT_NE(test::joined(r.notes).find("with probability 1 the defender dies of the HP it loses on its own turns"),
            std::string::npos)
      << test::joined(r.notes);
  // The defender first on a tie: its third turn comes after two attacks.
  const TtkResult b_first = fight::ttk_exact(x, Who::b);
  EXPECT_DOUBLE_EQ((*b_first.attacks)[2], 1.0);
  const TtkResult s = fight::ttk_monte_carlo(x, Who::a, mc(1000, 5));
  EXPECT_DOUBLE_EQ(s.p_kill, 1.0);
  EXPECT_DOUBLE_EQ((*s.attacks)[3], 1.0);
  EXPECT_DOUBLE_EQ((*s.hits)[0], 1.0);
  ASSERT_EQ(s.time.size(), 1u);
  EXPECT_DOUBLE_EQ(s.time[0].first, 3.0);
}

// The exact chain and Monte Carlo follow one description: a defender of 20
// HP regaining 1 HP at 1/2 a turn every 1.5 turns, an attacker hitting for
// 1..4 at 0.6 every turn; and one losing HP on its own turns.
TEST(OwnTurns, ExactAgreesWithMonteCarlo) {
  const std::uint64_t n = 200000;
  const Bout regen =
      bout_of(std::make_shared<DiceKernel>(0.6, 1, 4), std::make_shared<RegenKernel>(0.5, 1, 20, 3), 10, 20, 1.0, 1.5);
  const Bout loss =
      bout_of(std::make_shared<DiceKernel>(0.3, 1, 2), std::make_shared<SelfLossKernel>(1, 5, 5, 1), 10, 12, 1.0, 2.0);
  for (const Bout* x : {&regen, &loss}) {
    const TtkResult exact = fight::ttk_exact(*x);
    const TtkResult sampled = fight::ttk_monte_carlo(*x, Who::a, mc(n, 11, 2));
    EXPECT_EQ(sampled.method, "monte-carlo");
    expect_close(sampled.p_kill, exact.p_kill, n, "p_kill");
    ASSERT_TRUE(exact.attacks && sampled.attacks);
    EXPECT_GT(chi_square_p(*exact.attacks, counts_of(*sampled.attacks, n)), 1e-3);
    EXPECT_NEAR(fight::mean_of(sampled.time), fight::mean_of(exact.time), 0.05);
  }
  // The regeneration slows the kill: more attacks than without it.
  EXPECT_GT(fight::ttk_exact(regen).attacks->mean(),
            fight::ttk_exact(*regen.a_hits_b, regen.a, regen.b).attacks->mean() + 0.3);
}

// A random attack time with turns that change the fight: the order of turns
// depends on the dice, which the chain does not follow.
TEST(OwnTurns, RandomAttackTimeIsSampledWithTheReason) {
  Bout x = bout_of(std::make_shared<DiceKernel>(0.6, 1, 4), std::make_shared<RegenKernel>(0.25, 1, 20, 3), 10, 20);
  x.a.attack_time = 1.5;
  x.a.attack_times = {{1.0, 0.5}, {2.0, 0.5}};
  EXPECT_THROW((void)fight::ttk_exact(x), fight::TurnsNotExact);
  fight::FightOptions o;
  o.monte_carlo = mc(20000, 3);
  const TtkResult r = fight::solve_ttk(x, o);
  EXPECT_EQ(r.method, "monte-carlo");
  EXPECT_NE(r.method_reason.find("the attacker's attack time is random and the defender's own turns"),
            std::string::npos)
      << r.method_reason;
  EXPECT_NEAR(r.p_kill, 1.0, 1e-12);
}

// A defender kernel that is not exact: when its turns change nothing, what
// it cannot follow is its attack, which is dropped, and the answer stays
// exact; when they change something, they are sampled, with the reason.
class InexactRegen final : public ListKernel {
 public:
  InexactRegen() { declared.attacker_hp = true; }
  std::vector<Transition> list(Side a, Side d) const override {
    return {{1, 2, a.state, d.state, 1, std::min<std::int64_t>(1, 20 - a.hp)}};
  }
  bool exact() const override { return false; }
  std::string why_not_exact() const override { return "test kernel keeps a history"; }
};

TEST(OwnTurns, AnInexactDefenderIsSampledWhenItActs) {
  fight::FightOptions o;
  o.monte_carlo = mc(2000, 3);
  const Bout still = bout_of(std::make_shared<DiceKernel>(0.6, 1, 4), std::make_shared<InexactKernel>(0.5), 10, 20);
  EXPECT_EQ(fight::solve_ttk(still, o).method, "exact");
  const Bout acting = bout_of(std::make_shared<DiceKernel>(0.6, 1, 4), std::make_shared<InexactRegen>(), 10, 20);
  EXPECT_THROW((void)fight::ttk_exact(acting), fight::TurnsNotExact);
  const TtkResult r = fight::solve_ttk(acting, o);
  EXPECT_EQ(r.method, "monte-carlo");
  EXPECT_NE(r.method_reason.find("beta (b), on its own turns in turns to kill: test kernel keeps a history"),
            std::string::npos)
      << r.method_reason;
}

}  // namespace
}  // namespace fray::test
