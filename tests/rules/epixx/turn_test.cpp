// epixx defender turns: the defensive index across several attacks (the
// combat page's "once per turn" defenses and its two-attack example), options,
// and exact against sampled turns.
#include <gtest/gtest.h>

#include <fray/core/error.hpp>
#include <fray/rules/epixx/turn.hpp>
#include <map>

#include "support/support.hpp"

namespace fray::epixx {
namespace {

AttackPlan turn_plan(const std::string& att, const std::string& def, std::vector<std::string> situation = {}) {
  return plan_attack(parse_combatant(att, "attacker"), parse_combatant(def, "defender"), parse_situation(situation));
}

TEST(EpixxTurn, TwoAttackExample) {
  // O = 0 against d = 1, b = 1: P(0) = 23/48, P(1) = 575/1296, P(2) = 25/324.
  const AttackPlan a = turn_plan("str=0", "str=1,agi=1,shield=1-3");
  const std::vector<AttackPlan> two{a, a};
  const TurnOutcome t = analyze_turn(two);
  ASSERT_EQ(t.hits.max(), 2);
  EXPECT_NEAR(t.hits[0], 23.0 / 48, 1e-15);
  EXPECT_NEAR(t.hits[1], 575.0 / 1296, 1e-15);
  EXPECT_NEAR(t.hits[2], 25.0 / 324, 1e-15);
  // The second attack: 9 to hit after a hit or a miss (25/36), 8 after a block or dodge (11/36).
  EXPECT_NEAR(t.attacks[0].hit, 10.0 / 36, 1e-15);
  EXPECT_NEAR(t.attacks[1].hit, (25.0 * 10 + 11.0 * 15) / 1296, 1e-15);
  // Second attack's block: only when the first did not block: 25/36 * 5/36 + dodge 6/36 * P(7)=6/36.
  EXPECT_NEAR(t.attacks[1].block, (25.0 * 5 + 6.0 * 6) / 1296, 1e-15);
  EXPECT_NEAR(t.attacks[1].dodge, (25.0 * 6 + 5.0 * 6) / 1296, 1e-15);
}

TEST(EpixxTurn, SingleAttackMatchesExactAttack) {
  const AttackPlan a = turn_plan("str=2,weapon=1d8", "human_fighter");
  const std::vector<AttackPlan> one{a};
  const TurnOutcome t = analyze_turn(one);
  const Outcome r = exact_outcome(a);
  EXPECT_TRUE(t.damage.approx_equal(r.damage, 1e-14));
  EXPECT_NEAR(t.hits[1], r.results.hit, 1e-15);
  EXPECT_NEAR(t.p_confused, r.p_confused, 1e-15);
  EXPECT_NEAR(t.attacks[0].block, r.results.block, 1e-15);
}

TEST(EpixxTurn, DefensesAreUsedOnceAndRestack) {
  // Three +0 attacks against dodge 2: the dodge band covers 7 and 8 until used.
  const AttackPlan a = turn_plan("str=0", "dodge=2");
  const std::vector<AttackPlan> three{a, a, a};
  const TurnOutcome t = analyze_turn(three);
  EXPECT_NEAR(t.attacks[0].dodge, 11.0 / 36, 1e-15);
  EXPECT_NEAR(t.attacks[1].dodge, 25.0 / 36 * 11 / 36, 1e-15);
  EXPECT_NEAR(t.attacks[2].dodge, 25.0 / 36 * 25 / 36 * 11 / 36, 1e-15);
  const double p_none = 25.0 / 36;
  EXPECT_NEAR(t.attacks[1].hit, p_none * 10 / 36 + (1 - p_none) * 21 / 36, 1e-15);
  EXPECT_NEAR(t.hits.mean(), t.attacks[0].hit + t.attacks[1].hit + t.attacks[2].hit, 1e-12);
}

TEST(EpixxTurn, StartsConfusedAndConfusionImmediate) {
  const AttackPlan a = turn_plan("str=0", "dodge=1,block=1");
  const std::vector<AttackPlan> two{a, a};
  const TurnOutcome c = analyze_turn(two, {false, false, true});
  EXPECT_NEAR(c.attacks[0].hit, 21.0 / 36, 1e-15);
  EXPECT_NEAR(c.attacks[1].hit, 21.0 / 36, 1e-15);
  EXPECT_DOUBLE_EQ(c.p_confused, 1.0);
  // With confusion_immediate, a confusing crit (1/36, STA 0, 1d6 on the head) strips
  // the rest of the turn's defenses: P(U = u) = 1/6 and P(confused | u) = P(2D6 <= 6 + u).
  const AttackPlan b = turn_plan("str=0,weapon=1d6", "dodge=1,block=1", {"confusion_immediate"});
  const std::vector<AttackPlan> imm{b, b};
  const TurnOutcome t = analyze_turn(imm);
  double q = 0;
  const int le[] = {21, 26, 30, 33, 35, 36};  // P(2D6 <= 7..12) in 36ths
  for (int u = 1; u <= 6; ++u) q += le[u - 1] / 36.0 / 6;
  const double first_crit_conf = q / 36;
  const double second = (25.0 / 36 - first_crit_conf) * 10 / 36 + 11.0 / 36 * 15 / 36 + first_crit_conf * 21 / 36;
  EXPECT_NEAR(t.attacks[1].hit, second, 1e-15);
  const TurnOutcome d = analyze_turn(std::vector<AttackPlan>{turn_plan("str=0,weapon=1d6", "dodge=1,block=1"),
                                                             turn_plan("str=0,weapon=1d6", "dodge=1,block=1")});
  EXPECT_NEAR(d.attacks[1].hit, (25.0 * 10 + 11.0 * 15) / 1296, 1e-15);
  // P(some confusion in the turn) is the same either way for the first attack's crit.
  EXPECT_GT(d.p_confused, first_crit_conf);
}

void check_sampled_turn(const std::vector<AttackPlan>& attacks, TurnState start, std::uint64_t seed) {
  const TurnOutcome exact = analyze_turn(attacks, start);
  Rng rng(seed, 7);
  constexpr int n = 200'000;
  std::map<std::int64_t, std::uint64_t> hits, damage, last;
  std::uint64_t confused = 0;
  for (int i = 0; i < n; ++i) {
    const TurnSample s = sample_turn(std::span<const AttackPlan>(attacks), start, rng);
    ++hits[s.hits];
    ++damage[s.damage];
    const StrikeResult& k = s.strikes.back();
    ++last[static_cast<int>(k.result)];
    confused += start.confused || s.confusion > 0;
  }
  EXPECT_GT(test::chi_square_p(exact.hits, hits), 1e-3);
  EXPECT_GT(test::chi_square_p(exact.damage, damage), 1e-3);
  const auto& o = exact.attacks.back();
  const std::vector<std::pair<std::int64_t, double>> w{{0, o.miss},  {1, o.dodge},        {2, o.block},
                                                       {3, o.parry}, {4, o.hit - o.crit}, {5, o.crit}};
  EXPECT_GT(test::chi_square_p(Pmf::from_pairs(w), last), 1e-3);
  EXPECT_GT(test::chi_square_p(Pmf::bernoulli(exact.p_confused), {{0, n - confused}, {1, confused}}), 1e-3);
}

TEST(EpixxTurn, ExactAgreesWithSampledOverMultiAttackTurns) {
  const std::string def = "str=2,agi=2,shield=1-2,resist_body=1,sta=0";
  check_sampled_turn({turn_plan("str=0,weapon=1d6", def), turn_plan("str=1,weapon=1d8", def),
                      turn_plan("str=3,weapon=2d6,hand=two,size=1", def), turn_plan("str=0,weapon=1d4,hand=off", def)},
                     {}, 11);
  const std::string duel = "duellist";
  check_sampled_turn({turn_plan("ogre", duel), turn_plan("ogre", duel), turn_plan("human_fighter", duel)}, {}, 12);
  const AttackPlan imm =
      turn_plan("offense=3,weapon=1d6,crit_magic=4", "dodge=2,parry=1,sta=-1", {"confusion_immediate"});
  check_sampled_turn({imm, imm, imm, imm, imm}, {}, 13);
  const AttackPlan fx = turn_plan("offense=1,weapon=1d6", "dodge=2,block=1", {"fixed_indexes"});
  check_sampled_turn({fx, fx, fx}, {}, 14);
}

TEST(EpixxTurn, DefenderTurnIsTyped) {
  const TurnResult t = defender_turn("str=1,agi=1,shield=1-3", {"str=0", "human_fighter:str=2"}, {}, Kind::melee);
  EXPECT_EQ(t.defender, "str=1,agi=1,shield=1-3");
  ASSERT_EQ(t.attacks.size(), 2u);
  EXPECT_EQ(t.attacks[1].attacker, "human_fighter:str=2");
  EXPECT_EQ(t.attacks[1].plan.offense, 2);
  EXPECT_NEAR(t.attacks[0].results.hit, 10.0 / 36, 1e-15);
  EXPECT_NEAR(t.hits.total(), 1.0, 1e-12);
  EXPECT_FALSE(t.notes.empty());
  EXPECT_THROW((void)defender_turn("str=0", {}, {}), Error);
  EXPECT_THROW((void)defender_turn("str=0", {"str=0"}, {"sleeping"}), Error);
}

}  // namespace
}  // namespace fray::epixx
