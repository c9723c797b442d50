// examples/rules/angband.toml, Angband 4.2.5's melee as a rules file: every
// blow against the exact answers tools/rules/angband_reference.py computes
// from the game's own formulas (hit_chance, critical_melee,
// adjust_dam_armor), without fray, and writes to tests/golden/rules/angband.json.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fray/fight/kernel.hpp>
#include <fray/rules/rules_file.hpp>
#include <map>
#include <memory>
#include <string>

#include "rules/file/examples.hpp"
#include "support/support.hpp"

namespace angband_test {

using namespace fray;

const Ruleset& rules() { return test::example_rules("angband.toml"); }
using test::outcome_p;
using test::request_of;

TEST(AngbandFile, EveryBlowIsTheReferences) {
  const nlohmann::json g = test::read_json("golden/rules/angband.json");
  ASSERT_GE(g.at("cases").size(), 8u);
  for (const auto& c : g.at("cases")) {
    SCOPED_TRACE(c.at("attacker").get<std::string>() + " -> " + c.at("defender").get<std::string>());
    test::expect_golden_blow(rules(), c);
  }
}

// A whole turn of the attacker's blows (make_attack_normal's blow lines, or
// py_attack's blows) on a defender of ample HP: P(some blow lands) and every
// P(damage = k), from the bout's exchange.
void expect_turn(const nlohmann::json& c) {
  const AttackRequest req = request_of(c);
  const Bout bout = rules().bout(req);
  const auto turn = bout.a_hits_b->outcomes({bout.a.hp, 0}, {bout.b.hp, 0});
  std::map<std::int64_t, double> damage;
  double any = 0, mass = 0;
  for (const Transition& t : turn) {
    damage[t.damage] += t.p;
    if (t.hit == 1) any += t.p;
    mass += t.p;
  }
  EXPECT_NEAR(mass, 1.0, 1e-12);
  EXPECT_NEAR(any, c.at("p_any_hit").at("value").get<double>(), 1e-12);
  std::size_t listed = 0;
  for (const auto& row : c.at("damage")) {
    const auto k = row.at(0).get<std::int64_t>();
    EXPECT_NEAR(damage[k], row.at(2).get<double>(), 1e-12) << "damage " << k << " = " << row.at(1);
    ++listed;
  }
  EXPECT_EQ(damage.size(), listed);  // no damage the game cannot do
}

TEST(AngbandFile, EveryTurnIsTheReferences) {
  const nlohmann::json g = test::read_json("golden/rules/angband.json");
  ASSERT_GE(g.at("turns").size(), 6u);
  for (const auto& c : g.at("turns")) {
    SCOPED_TRACE("turn of " + c.at("attacker").get<std::string>() + " -> " + c.at("defender").get<std::string>());
    expect_turn(c);
  }
}

TEST(AngbandFile, CaveBearBlowsByHand) {
  // chance_of_monster_hit_base: 9 * 3 + 40 = 67; against AC 28 (18 off):
  // 10000 * 49 / 67 = 7313, * 8300 / 10000 = 6069, + 1200: each blow lands
  // 7269 times in 10000. adjust_dam_armor takes nothing below 15 damage at
  // AC 28, so the claws do 1d6 and the bite 1d8: a turn's mean is
  // 0.7269 * (3.5 + 3.5 + 4.5) = 167187/20000, and only the bite reaches 7
  // and 8: P(20) = 0.7269^3 / 6 / 6 / 8 (6 + 6 + 8).
  const Bout bout = rules().bout({"cave_bear", "warrior:hp=30000", {}, {}});
  const auto turn = bout.a_hits_b->outcomes({bout.a.hp, 0}, {bout.b.hp, 0});
  double mean = 0, top = 0;
  std::int64_t most = 0;
  for (const Transition& t : turn) {
    mean += t.p * static_cast<double>(t.damage);
    if (t.damage == 20) top += t.p;
    most = std::max(most, t.damage);
  }
  EXPECT_NEAR(mean, 167187.0 / 20000, 1e-12);
  EXPECT_EQ(most, 20);
  EXPECT_NEAR(top, 0.7269 * 0.7269 * 0.7269 / 288, 1e-15);
  // One blow (fray attack) is the first: a claw, 1..6.
  const AttackSummary s = rules().attack({"cave_bear", "warrior", {}, {}});
  EXPECT_NEAR(s.p_hit, 0.7269, 1e-12);
  EXPECT_EQ(s.damage.max(), 6);
}

TEST(AngbandFile, SampledTurnsAverageTheExactMean) {
  // 20000 sampled turns of the grizzly bear's four blows at a fixed seed:
  // the mean within 5 standard errors of 163821/10000.
  const Bout bout = rules().bout({"grizzly_bear", "warrior:hp=30000", {}, {}});
  const auto turn = bout.a_hits_b->outcomes({bout.a.hp, 0}, {bout.b.hp, 0});
  double mean = 0, square = 0;
  for (const Transition& t : turn) {
    mean += t.p * static_cast<double>(t.damage);
    square += t.p * static_cast<double>(t.damage) * static_cast<double>(t.damage);
  }
  EXPECT_NEAR(mean, 163821.0 / 10000, 1e-12);
  Rng rng(17);
  const int n = 20000;
  double sum = 0;
  for (int i = 0; i < n; ++i)
    sum += static_cast<double>(bout.a_hits_b->sample({bout.a.hp, 0}, {bout.b.hp, 0}, rng).damage);
  EXPECT_NEAR(sum / n, mean, 5 * std::sqrt((square - mean * mean) / n));
}

TEST(AngbandFile, WarriorOnCaveOrcByHand) {
  // chance_of_melee_hit_base: 115 + 4 * 3 = 127; hit_chance against AC 48:
  // 10000 * (127 - 32) / 127 = 7480, * 8300 / 10000 = 6208, + 1200 = 7408:
  // P(hit) = 463/625. critical_melee: 100 + 5 * 4 + 115 - 60 = 175 in 5000;
  // power 101..750: 299 values under 400 (x2 +5), 300 under 700 (x2 +10), 51
  // under 900 (x3 +15). angband_reference.py gives P(good_hit) =
  // 74543/6250000, P(great_hit) = 9723/812500, P(superb_hit) = 165291/81250000.
  const AttackSummary s = rules().attack({"warrior", "cave_orc", {}, {}});
  EXPECT_NEAR(s.p_hit, 463.0 / 625, 1e-12);
  const double crit = 463.0 / 625 * 175 / 5000;
  EXPECT_NEAR(outcome_p(s, "good_hit"), crit * 299 / 650, 1e-12);
  EXPECT_NEAR(outcome_p(s, "great_hit"), crit * 300 / 650, 1e-12);
  EXPECT_NEAR(outcome_p(s, "superb_hit"), crit * 51 / 650, 1e-12);
  EXPECT_NEAR(outcome_p(s, "good_hit"), 74543.0 / 6250000, 1e-12);
  // Without a critical: 2d4 + 3, 5..11; the best critical is 3 * 8 + 15 + 3.
  EXPECT_NEAR(s.damage[5], 463.0 / 625 * (1 - 175.0 / 5000) / 16, 1e-12);
  EXPECT_EQ(s.damage.max(), 42);
}

TEST(AngbandFile, HillGiantOnHeavyArmourByHand) {
  // chance_of_monster_hit_base: 25 * 3 + 40 = 115; AC 150 takes 100: 10000 *
  // 15 / 115 = 1304, * 8300 / 10000 = 1082, + 1200 = 2282: P(hit) = 1141/5000.
  // adjust_dam_armor: 4d8 - 4d8 * 150 / 400, so 32 and 31 (5 of 4096 rolls)
  // become 20 (31 - 4650 / 400 = 31 - 11) and 4 becomes 3.
  const AttackSummary s = rules().attack({"hill_giant", "warrior:ac=150", {}, {}});
  EXPECT_NEAR(s.p_hit, 1141.0 / 5000, 1e-12);
  EXPECT_EQ(s.damage.max(), 20);
  EXPECT_NEAR(s.damage[20], 1141.0 / 5000 * 5 / 4096, 1e-12);
  EXPECT_NEAR(s.damage[1], 0.0, 1e-12);
  EXPECT_NEAR(s.damage[3], 1141.0 / 5000 / 4096, 1e-12);  // 4 * 150 / 400 = 1
}

TEST(AngbandFile, BlowsAndSpeedMakeTheTurn) {
  // Bullroarer (speed:120, Fast +10) acts twice a player turn: 10 / 20.
  const Bout b = rules().bout({"warrior", "bullroarer_the_hobbit", {}, {}});
  EXPECT_EQ(b.a.hp, 109);
  EXPECT_EQ(b.b.hp, 60);
  EXPECT_NEAR(b.a.attack_time, 1.0, 1e-12);
  EXPECT_NEAR(b.b.attack_time, 0.5, 1e-12);
  EXPECT_EQ(rules().player_name(), "warrior");
  EXPECT_EQ(rules().catalog(CatalogKind::weapons).size(), 4u);
}

TEST(AngbandFile, SampledBlowsAverageTheExactMean) {
  // 20000 sampled blows with the executioner's sword (four tiers of
  // critical) at a fixed seed: the mean within 5 standard errors of
  // 373797924/25390625.
  const AttackRequest req{"warrior:weapon=executioners_sword,to_h=9,to_d=5", "uruk", {}, {}};
  const AttackSummary s = rules().attack(req);
  EXPECT_NEAR(s.mean_damage(), 373797924.0 / 25390625, 1e-9);
  const std::uint64_t n = 20000;
  const StrikeRun run = rules().strike({req, 5, n});
  const double se = s.damage.stddev() / std::sqrt(static_cast<double>(n));
  EXPECT_NEAR(run.mean_damage(), 373797924.0 / 25390625, 5 * se);
  const double se_hit = std::sqrt(s.p_hit * (1 - s.p_hit) / static_cast<double>(n));
  EXPECT_NEAR(static_cast<double>(run.hits) / static_cast<double>(n), s.p_hit, 5 * se_hit);
}

}  // namespace angband_test
