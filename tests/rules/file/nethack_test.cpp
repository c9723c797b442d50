// examples/rules/nethack.toml, NetHack 3.6.7's melee as a rules file: every
// blow against the exact answers tools/rules/nethack_reference.py computes
// from the game's own formulas (find_roll_to_hit, dmgval, hmon_hitmon,
// mattacku with AC_VALUE, hitmu), without fray, and writes to
// tests/golden/rules/nethack.json.
#include <gtest/gtest.h>

#include <cmath>
#include <fray/fight/kernel.hpp>
#include <fray/fight/solve.hpp>
#include <fray/rules/rules_file.hpp>
#include <map>
#include <memory>
#include <string>

#include "rules/file/examples.hpp"
#include "support/support.hpp"

namespace nethack_test {

using namespace fray;

const Ruleset& rules() { return test::example_rules("nethack.toml"); }
using test::outcome_p;
using test::request_of;

TEST(NethackFile, EveryBlowIsTheReferences) {
  const nlohmann::json g = test::read_json("golden/rules/nethack.json");
  ASSERT_GE(g.at("cases").size(), 10u);
  for (const auto& c : g.at("cases")) {
    SCOPED_TRACE(c.at("attacker").get<std::string>() + " -> " + c.at("defender").get<std::string>());
    test::expect_golden_blow(rules(), c);
  }
}

// A monster's whole turn (mattacku's or mattackm's loop over its attacks)
// on a defender of ample HP: P(some attack hits), every P(damage = k), and
// P(it ends holding the hero), from the bout's exchange. The turns' statuses
// are cleared at their end, so a state other than the first is the hold.
struct TurnLaw {
  std::map<std::int64_t, double> damage;
  double any = 0, held = 0;
};

TurnLaw turn_law(const AttackRequest& req, bool held_before = false) {
  const Bout bout = rules().bout(req);
  std::uint32_t from = 0;
  if (held_before) {
    for (const Transition& t : bout.a_hits_b->outcomes({bout.a.hp, 0}, {bout.b.hp, 0}))
      if (t.attacker_state != 0) from = t.attacker_state;
    EXPECT_NE(from, 0u) << "no turn grabs the hero";
  }
  TurnLaw law;
  for (const Transition& t : bout.a_hits_b->outcomes({bout.a.hp, from}, {bout.b.hp, 0})) {
    law.damage[t.damage] += t.p;
    if (t.hit == 1) law.any += t.p;
    if (t.attacker_state != 0) law.held += t.p;
    if (held_before) {
      EXPECT_EQ(t.attacker_state, from);  // held it stays
    }
  }
  return law;
}

std::map<std::int64_t, double> turn_damage(const AttackRequest& req, double* any) {
  TurnLaw law = turn_law(req);
  *any = law.any;
  return law.damage;
}

TEST(NethackFile, EveryTurnIsTheReferences) {
  const nlohmann::json g = test::read_json("golden/rules/nethack.json");
  ASSERT_GE(g.at("turns").size(), 11u);
  for (const auto& c : g.at("turns")) {
    const bool held = c.at("held_before").get<bool>();
    SCOPED_TRACE("turn of " + c.at("attacker").get<std::string>() + " -> " + c.at("defender").get<std::string>() +
                 (held ? " (held)" : ""));
    TurnLaw law = turn_law(request_of(c), held);
    EXPECT_NEAR(law.any, c.at("p_any_hit").at("value").get<double>(), 1e-12);
    EXPECT_NEAR(law.held, c.at("p_held_after").at("value").get<double>(), 1e-12);
    double mass = 0;
    for (const auto& row : c.at("damage")) {
      const auto k = row.at(0).get<std::int64_t>();
      EXPECT_NEAR(law.damage[k], row.at(2).get<double>(), 1e-12) << "damage " << k << " = " << row.at(1);
      mass += law.damage[k];
    }
    EXPECT_NEAR(mass, 1.0, 1e-12);
    EXPECT_EQ(law.damage.size(), c.at("damage").size());  // no damage the game cannot do
  }
}

TEST(NethackFile, TheOwlbearHugsAfterTwoHitsThenHolds) {
  // On an AC 6 hero tmp = 6 + 10 + 5 = 21: the claws hit always (rnd(20))
  // and 20/21 (rnd(21)); the hug, which rolls nothing, follows two hits, so
  // 20/21 of the turns, and grabs half of those: 10/21. The mean is
  // 7/2 + 20/21 * (7/2 + 9) = 647/42.
  TurnLaw law = turn_law({"owlbear", "valkyrie:hp=10000", {}, {}});
  double mean = 0;
  for (const auto& [k, p] : law.damage) mean += static_cast<double>(k) * p;
  EXPECT_NEAR(mean, 647.0 / 42, 1e-12);
  EXPECT_NEAR(law.held, 10.0 / 21, 1e-12);
  // Holding a sleeping hero (tmp 25), every attack lands: 7/2 + 7/2 + 9.
  law = turn_law({"owlbear", "valkyrie:hp=10000", {"sleeping"}, {}}, true);
  mean = 0;
  for (const auto& [k, p] : law.damage) mean += static_cast<double>(k) * p;
  EXPECT_NEAR(mean, 16.0, 1e-12);
  EXPECT_EQ(law.damage.begin()->first, 4);  // 1 + 1 + 2
  EXPECT_NEAR(law.damage[4], 1.0 / 6 / 6 / 64, 1e-15);
}

TEST(NethackFile, EachAttackRollsRndTwentyPlusI) {
  // The jaguar on an AC 6 hero: tmp = 6 + 10 + 4 = 20 for all three attacks,
  // against rnd(20), rnd(21), rnd(22): they hit 19/20, 19/21, 19/22 of the
  // time; all miss 1/20 * 2/21 * 3/22 = 1/1540. The claws do 1d4, the bite
  // 1d8: the mean is 19/20 * 5/2 + 19/21 * 5/2 + 19/22 * 9/2 = 15751/1848.
  double any = 0;
  const auto damage = turn_damage({"jaguar", "valkyrie:hp=10000", {}, {}}, &any);
  EXPECT_NEAR(any, 1539.0 / 1540, 1e-12);
  double mean = 0;
  for (const auto& [k, p] : damage) mean += static_cast<double>(k) * p;
  EXPECT_NEAR(mean, 15751.0 / 1848, 1e-12);
  EXPECT_EQ(damage.rbegin()->first, 16);  // 4 + 4 + 8
  // One attack (fray attack) is the first: rnd(20), a claw.
  const AttackSummary s = rules().attack({"jaguar", "valkyrie", {}, {}});
  EXPECT_NEAR(s.p_hit, 19.0 / 20, 1e-12);
  EXPECT_EQ(s.damage.max(), 4);
}

TEST(NethackFile, ArmourIsRolledOncePerTurn) {
  // The jaguar on an AC -3 hero: AC_VALUE is -rnd(3) for the whole turn, so
  // tmp = 14 - k. All three attacks miss with (8 * 9 * 10 + 9 * 10 * 11 +
  // 10 * 11 * 12) / (20 * 21 * 22) / 3 = 101/924: P(some hit) = 823/924.
  // Were AC_VALUE rolled for each attack, it would be 25/28.
  double any = 0;
  (void)turn_damage({"jaguar", "valkyrie:hp=10000,ac=-3", {}, {}}, &any);
  EXPECT_NEAR(any, 823.0 / 924, 1e-12);
  EXPECT_GT(std::abs(any - 25.0 / 28), 1e-3);
  // No roll is left over between turns: the next turn starts from the same state.
  const Bout bout = rules().bout({"jaguar", "valkyrie:hp=10000,ac=-3", {}, {}});
  for (const Transition& t : bout.a_hits_b->outcomes({bout.a.hp, 0}, {bout.b.hp, 0})) EXPECT_EQ(t.attacker_state, 0u);
}

TEST(NethackFile, SampledTurnsAverageTheExactMean) {
  // 20000 sampled turns of the rothe on a sleeping AC -5 hero at a fixed
  // seed: the mean within 5 standard errors of 58789/23100.
  const Bout bout = rules().bout({"rothe", "valkyrie:hp=10000,ac=-5", {"sleeping"}, {}});
  double mean = 0, square = 0;
  for (const Transition& t : bout.a_hits_b->outcomes({bout.a.hp, 0}, {bout.b.hp, 0})) {
    mean += t.p * static_cast<double>(t.damage);
    square += t.p * static_cast<double>(t.damage) * static_cast<double>(t.damage);
  }
  EXPECT_NEAR(mean, 58789.0 / 23100, 1e-12);
  Rng rng(23);
  const int n = 20000;
  double sum = 0;
  for (int i = 0; i < n; ++i)
    sum += static_cast<double>(bout.a_hits_b->sample({bout.a.hp, 0}, {bout.b.hp, 0}, rng).damage);
  EXPECT_NEAR(sum / n, mean, 5 * std::sqrt((square - mean * mean) / n));
}

TEST(NethackFile, DuelWithTheTurnsRollIsExactAndSampledAlike) {
  // The valkyrie (AC -3) against the jaguar: the exact duel, whose jaguar
  // turns roll AC_VALUE into a status and clear it, within the Monte Carlo
  // interval of 40000 fights at a fixed seed.
  const Bout bout = rules().bout({"valkyrie:ac=-3", "jaguar", {}, {}});
  const fight::DuelResult exact = fight::solve_duel(bout);
  EXPECT_EQ(exact.method, "exact");
  fight::FightOptions mc;
  mc.method = fight::FightOptions::Method::monte_carlo;
  mc.monte_carlo.sims = 40000;
  mc.monte_carlo.seed = 29;
  mc.monte_carlo.threads = 1;
  const fight::DuelResult sampled = fight::solve_duel(bout, mc);
  EXPECT_GE(exact.p_a_wins, sampled.a_wins_ci.lo - 0.005);
  EXPECT_LE(exact.p_a_wins, sampled.a_wins_ci.hi + 0.005);
  // And the owlbear, whose hold lasts from turn to turn (the status held).
  const Bout hug = rules().bout({"valkyrie:level=8,ac=-2,hp=60", "owlbear", {}, {}});
  const fight::DuelResult hug_exact = fight::solve_duel(hug);
  EXPECT_EQ(hug_exact.method, "exact");
  const fight::DuelResult hug_sampled = fight::solve_duel(hug, mc);
  EXPECT_GE(hug_exact.p_a_wins, hug_sampled.a_wins_ci.lo - 0.005);
  EXPECT_LE(hug_exact.p_a_wins, hug_sampled.a_wins_ci.hi + 0.005);
}

TEST(NethackFile, ValkyrieOnJackalByHand) {
  // find_roll_to_hit: 1 + Luck 0 + abon() 2 (Str 18/50: 1, level 1: +1, Dex
  // 14: +0) + find_mac 7 + u.uhitinc 0 + u.ulevel 1 + hitval 1 (the +1
  // sword) + weapon_hit_bonus 0 (Basic) = 12, a hit when 12 > rnd(20):
  // P(hit) = 11/20. dmgval d8 + 1, then dbon() 3 (18/50): 5..12, each 11/160.
  const AttackSummary s = rules().attack({"valkyrie", "jackal", {}, {}});
  EXPECT_NEAR(s.p_hit, 11.0 / 20, 1e-12);
  EXPECT_EQ(s.damage.min(), 0);
  EXPECT_EQ(s.damage.max(), 12);
  EXPECT_NEAR(s.damage[4], 0.0, 1e-12);
  for (int k = 5; k <= 12; ++k) EXPECT_NEAR(s.damage[k], 11.0 / 160, 1e-12) << k;
  // Against the large giant beetle the sword rolls d12: AC 4, P(hit) = 8/20.
  const AttackSummary big = rules().attack({"valkyrie", "giant_beetle", {}, {}});
  EXPECT_NEAR(big.p_hit, 2.0 / 5, 1e-12);
  EXPECT_EQ(big.damage.max(), 16);
}

TEST(NethackFile, NegativeArmourIsRandomTwice) {
  // mattacku: AC_VALUE(-5) is -rnd(5), so the warg's tmp = 17 - rnd(5) is
  // 12..16 and P(hit) = (11 + 12 + 13 + 14 + 15) / 100 = 13/20; hitmu then
  // takes another rnd(5) off 2d6, leaving at least 1: 2d6 - rnd(5) <= 1 in
  // 35 of 180 cases, so P(1) = 13/20 * 7/36 = 91/720 (nethack_reference.py
  // "warg -> valkyrie:ac=-5").
  const AttackSummary s = rules().attack({"warg", "valkyrie:ac=-5", {}, {}});
  EXPECT_NEAR(s.p_hit, 13.0 / 20, 1e-12);
  EXPECT_NEAR(s.damage[1], 91.0 / 720, 1e-12);
  EXPECT_NEAR(s.damage[11], 13.0 / 3600, 1e-12);
  EXPECT_EQ(s.damage.max(), 11);
  // With AC 6 nothing is random but the roll: tmp = 6 + 10 + 0 = 16, 15/20.
  EXPECT_NEAR(rules().attack({"jackal", "valkyrie", {}, {}}).p_hit, 3.0 / 4, 1e-12);
}

TEST(NethackFile, WeakBlowsStillDoOne) {
  // A -2 dagger: dmgval max(d4 - 2, 0) is 0, 0, 1, 2; a 0 gets no bonus and
  // becomes 1, a 1 gets u.udaminc + dbon() (Str 16: +1) = 2, a 2 also gets
  // Unskilled's -2: 1. P(1) = 3/16, P(2) = 1/16 of all blows (P(hit) 1/4).
  const AttackSummary s =
      rules().attack({"valkyrie:weapon=dagger,enchant=-2,wskill=1,str=16,luck=-3", "hill_orc", {}, {}});
  EXPECT_NEAR(s.p_hit, 1.0 / 4, 1e-12);
  EXPECT_NEAR(s.damage[1], 3.0 / 16, 1e-12);
  EXPECT_NEAR(s.damage[2], 1.0 / 16, 1e-12);
  EXPECT_EQ(s.damage.max(), 2);
}

TEST(NethackFile, SpeedMakesTheTurn) {
  // A giant beetle (speed 6) moves every 12 / 6 = 2 turns on average.
  const Bout b = rules().bout({"valkyrie", "giant_beetle", {}, {}});
  EXPECT_EQ(b.a.hp, 16);
  EXPECT_EQ(b.b.hp, 23);
  EXPECT_NEAR(b.a.attack_time, 1.0, 1e-12);
  EXPECT_NEAR(b.b.attack_time, 2.0, 1e-12);
}

TEST(NethackFile, SampledBlowsAverageTheExactMean) {
  // 20000 sampled blows of the warg on an AC -5 hero at a fixed seed: the
  // mean within 5 standard errors of 1963/720.
  const AttackRequest req{"warg", "valkyrie:ac=-5", {}, {}};
  const AttackSummary s = rules().attack(req);
  const std::uint64_t n = 20000;
  const StrikeRun run = rules().strike({req, 3, n});
  const double se = s.damage.stddev() / std::sqrt(static_cast<double>(n));
  EXPECT_NEAR(run.mean_damage(), 1963.0 / 720, 5 * se);
  const double se_hit = std::sqrt(s.p_hit * (1 - s.p_hit) / static_cast<double>(n));
  EXPECT_NEAR(static_cast<double>(run.hits) / static_cast<double>(n), 13.0 / 20, 5 * se_hit);
}

}  // namespace nethack_test
