// epixx attacks against the research note: §3.2 (every number of the combat
// page), the whole §3.4 table, critical hits, incapacitated and invisible
// creatures, range and deflect, damage, the critical effect (§2.6), and exact
// against sampled.
#include <gtest/gtest.h>

#include <cmath>
#include <fray/rules/epixx/attack.hpp>
#include <map>

#include "support/support.hpp"

namespace fray::epixx {
namespace {

AttackSetup setup(const std::string& att, const std::string& def, Kind kind = Kind::melee, int range = 0,
                  std::vector<std::string> situation = {}) {
  return make_attack(parse_combatant(att, "attacker"), parse_combatant(def, "defender"), kind, range,
                     parse_situation(situation));
}

// Probabilities in 36ths, checked to be whole.
int n36(double p) {
  const double k = p * 36;
  EXPECT_NEAR(k, std::round(k), 1e-9);
  return static_cast<int>(std::round(k));
}

TEST(EpixxAttack, PageExampleNoBonusAttacker) {
  // A no-bonus attacker against AGI+1, STR+1 and a shield needs 9; 8 blocks, 7 dodges.
  const AttackSetup s = setup("str=0", "str=1,agi=1,shield=1-3");
  EXPECT_EQ(resolve(s, {}, 9).outcome, Outcome::hit);
  EXPECT_EQ(resolve(s, {}, 8).outcome, Outcome::block);
  EXPECT_TRUE(resolve(s, {}, 8).next.weapon_used);
  EXPECT_EQ(resolve(s, {}, 7).outcome, Outcome::dodge);
  EXPECT_TRUE(resolve(s, {}, 7).next.dodge_used);
  EXPECT_EQ(resolve(s, {}, 6).outcome, Outcome::miss);
  EXPECT_EQ(resolve(s, {}, 6).next, TurnState{});
  // After the block, the next no-bonus attacker needs 8 and the dodge sits on 7.
  const TurnState blocked{false, true, false};
  EXPECT_EQ(resolve(s, blocked, 8).outcome, Outcome::hit);
  EXPECT_EQ(resolve(s, blocked, 7).outcome, Outcome::dodge);
  const auto p = outcome_probabilities(s, {});
  EXPECT_EQ(n36(p.block), 5);
  EXPECT_EQ(n36(p.dodge), 6);
}

TEST(EpixxAttack, PageExamplePlusFourAttacker) {
  // +4 needs a roll of 5; block on 4, dodge on 3; block 5/36 → 3/36, dodge 6/36 → 2/36.
  const AttackSetup s = setup("str=4", "str=1,agi=1,shield=1-3");
  EXPECT_EQ(resolve(s, {}, 5).outcome, Outcome::hit);
  EXPECT_EQ(resolve(s, {}, 4).outcome, Outcome::block);
  EXPECT_EQ(resolve(s, {}, 3).outcome, Outcome::dodge);
  EXPECT_EQ(resolve(s, {}, 2).outcome, Outcome::miss);
  const auto p = outcome_probabilities(s, {});
  EXPECT_EQ(n36(p.block), 3);
  EXPECT_EQ(n36(p.dodge), 2);
  EXPECT_EQ(n36(p.hit), 30);
}

TEST(EpixxAttack, SmallBonusSweepOfResearch33) {
  // (block, dodge, hit) in 36ths for d=1, b=1 and O = -2..+4.
  const int expect[7][3] = {{3, 4, 3}, {4, 5, 6}, {5, 6, 10}, {6, 5, 15}, {5, 4, 21}, {4, 3, 26}, {3, 2, 30}};
  for (int o = -2; o <= 4; ++o) {
    const auto p = outcome_probabilities(setup("offense=" + std::to_string(o), "dodge=1,block=1"), {});
    EXPECT_EQ(n36(p.block), expect[o + 2][0]) << o;
    EXPECT_EQ(n36(p.dodge), expect[o + 2][1]) << o;
    EXPECT_EQ(n36(p.hit), expect[o + 2][2]) << o;
  }
}

TEST(EpixxAttack, WholeTableOfResearch34) {
  const auto rows = test::read_csv("golden/epixx/defence_table.csv");
  ASSERT_EQ(rows.size(), 145u);
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const auto& r = rows[i];
    const int o = std::stoi(r[0]), d = std::stoi(r[1]), w = std::stoi(r[2]);
    const std::string att = "offense=" + std::to_string(o);
    const std::string base = "dodge=" + std::to_string(d);
    // Block (shield) for every w; parry for w <= 2 as the note asks.
    const auto check = [&](const std::string& def, bool parry) {
      const auto p = outcome_probabilities(setup(att, def), {});
      SCOPED_TRACE(def + " vs " + att);
      EXPECT_EQ(n36(p.hit), std::stoi(r[3]));
      EXPECT_EQ(n36(p.dodge), std::stoi(r[4]));
      EXPECT_EQ(n36(parry ? p.parry : p.block), std::stoi(r[5]));
      EXPECT_EQ(n36(parry ? p.block : p.parry), 0);
      EXPECT_EQ(n36(p.crit), std::stoi(r[6]));
      EXPECT_EQ(n36(p.miss), 36 - std::stoi(r[3]) - std::stoi(r[4]) - std::stoi(r[5]));
    };
    check(base + ",block=" + std::to_string(w), false);
    // The same defender built from abilities and equipment: STR w with a shield capped at w.
    if (w > 0)
      check("agi=" + std::to_string(d) + ",str=" + std::to_string(w) + ",shield=0-" + std::to_string(w), false);
    if (w <= 2) {
      check(base + ",parry=" + std::to_string(w), true);
      // Parry from agility: ceil(AGI/2) = w with a two-handed medium weapon, dodge overridden.
      if (w > 0) check(base + ",agi=" + std::to_string(2 * w) + ",hand=two,weapon_size=medium", true);
    }
  }
}

TEST(EpixxAttack, PolicyBMovesTheNaturalTwelveToACrit) {
  // Research §3.4 policy B: only where hit = 0 and a defence covers roll 12.
  const auto a = outcome_probabilities(setup("offense=-2", "dodge=3,block=3"), {});
  const auto b = outcome_probabilities(setup("offense=-2", "dodge=3,block=3", Kind::melee, 0, {"natural_crit"}), {});
  EXPECT_EQ(n36(a.hit), 0);
  EXPECT_EQ(n36(a.block), 1);
  EXPECT_EQ(n36(b.hit), 1);
  EXPECT_EQ(n36(b.crit), 1);
  EXPECT_EQ(n36(b.block), 0);
  // Elsewhere the two policies agree.
  const auto c = outcome_probabilities(setup("offense=0", "dodge=1,block=1", Kind::melee, 0, {"natural_crit"}), {});
  EXPECT_EQ(n36(c.hit), 10);
  EXPECT_EQ(n36(c.crit), 1);
}

TEST(EpixxAttack, CriticalThreshold) {
  // The ogre, one size unit larger and one level higher than a human, crits on 10, 11, 12.
  const AttackSetup s = setup("offense=10,size=1,level=2", "size=0,level=1");
  EXPECT_EQ(s.crit_threshold, 10);
  const auto p = outcome_probabilities(s, {});
  EXPECT_EQ(n36(p.crit), 6);  // 3 + 2 + 1
  // General form under policy A: crit = S(max(T, 7 + d + w - O)).
  const auto q = outcome_probabilities(setup("offense=0,size=1,level=2", "dodge=1,block=1,level=1"), {});
  EXPECT_EQ(n36(q.crit), 6);  // S(max(10, 9)) = S(10)
  const auto q2 = outcome_probabilities(setup("offense=0,size=1,level=2", "dodge=2,block=2,level=1"), {});
  EXPECT_EQ(n36(q2.crit), 3);  // S(max(10, 11)) = S(11)
  // Magic lowers it; a double six crits even when T > 12.
  EXPECT_EQ(setup("crit_magic=2", "str=0").crit_threshold, 10);
  const AttackSetup high = setup("offense=6,level=1", "level=5");
  EXPECT_EQ(high.crit_threshold, 16);
  EXPECT_EQ(n36(outcome_probabilities(high, {}).crit), 1);
  // Options of §5.10: a floor on T and a cap on the level difference.
  EXPECT_EQ(setup("level=9", "level=1", Kind::melee, 0, {"crit_min=8"}).crit_threshold, 8);
  EXPECT_EQ(setup("level=9", "level=1", Kind::melee, 0, {"level_cap=2"}).crit_threshold, 10);
}

TEST(EpixxAttack, IncapacitatedDefender) {
  // Automatic hit; critical when D6 + CHM >= 6, CHM = 12 - T by default (§5.11).
  const auto p = outcome_probabilities(setup("str=-5", "dodge=3,block=3", Kind::melee, 0, {"incapacitated"}), {});
  EXPECT_DOUBLE_EQ(p.hit, 1.0);
  EXPECT_NEAR(p.crit, 1.0 / 6, 1e-15);
  // The ogre example (T = 10): CHM 2, crit on 4, 5, 6.
  const auto q = outcome_probabilities(setup("size=1,level=2", "level=1", Kind::melee, 0, {"incapacitated"}), {});
  EXPECT_NEAR(q.crit, 0.5, 1e-15);
  const auto r = outcome_probabilities(setup("str=0", "str=0", Kind::melee, 0, {"incapacitated", "chm=3"}), {});
  EXPECT_NEAR(r.crit, 4.0 / 6, 1e-15);
}

TEST(EpixxAttack, InvisibleCreatures) {
  // Invisible defender: base 12, defences stacked on it (§5.6).
  const AttackSetup s = setup("offense=4", "dodge=1,block=1", Kind::melee, 0, {"invisible_defender"});
  EXPECT_EQ(resolve(s, {}, 10).outcome, Outcome::hit);   // 14 >= 14
  EXPECT_EQ(resolve(s, {}, 9).outcome, Outcome::block);  // 13
  EXPECT_EQ(resolve(s, {}, 8).outcome, Outcome::dodge);  // 12
  EXPECT_EQ(resolve(s, {}, 7).outcome, Outcome::miss);
  const AttackSetup flat =
      setup("offense=4", "dodge=1,block=1", Kind::melee, 0, {"invisible_defender", "invisible_no_defences"});
  EXPECT_EQ(resolve(flat, {}, 8).outcome, Outcome::hit);
  EXPECT_EQ(resolve(flat, {}, 7).outcome, Outcome::miss);
  // Invisible attacker: no dodge, block or parry, so 2D6 + O >= 7.
  const auto p = outcome_probabilities(setup("str=0", "dodge=3,block=3", Kind::melee, 0, {"invisible_attacker"}), {});
  EXPECT_EQ(n36(p.hit), 21);
  EXPECT_EQ(n36(p.dodge + p.block + p.parry), 0);
}

TEST(EpixxAttack, ConfusedDefenderHasNoDefences) {
  const auto p = outcome_probabilities(setup("str=0", "dodge=1,block=1"), {false, false, true});
  EXPECT_EQ(n36(p.hit), 21);
  const auto q = outcome_probabilities(setup("str=0", "dodge=1,block=1", Kind::melee, 0, {"confused_defends"}),
                                       {false, false, true});
  EXPECT_EQ(n36(q.hit), 10);
}

TEST(EpixxAttack, FixedIndexesOption) {
  // §5.5 alternative: after a dodge, its roll stays a miss and the block keeps its index.
  const AttackSetup s = setup("str=0", "dodge=1,block=1", Kind::melee, 0, {"fixed_indexes"});
  const TurnState dodged{true, false, false};
  EXPECT_EQ(resolve(s, dodged, 7).outcome, Outcome::miss);
  EXPECT_EQ(resolve(s, dodged, 8).outcome, Outcome::block);
  EXPECT_EQ(resolve(s, dodged, 9).outcome, Outcome::hit);
  const AttackSetup d = setup("str=0", "dodge=1,block=1");
  EXPECT_EQ(resolve(d, dodged, 7).outcome, Outcome::block);  // default: the block slides down to 7
  EXPECT_EQ(resolve(d, dodged, 8).outcome, Outcome::hit);
}

TEST(EpixxAttack, NegativeParryOption) {
  // AGI -3 with a parrying weapon: ceil(-3/2) = -1, clamped to 0 unless negative_parry.
  const std::string def = "agi=-3,hand=two,weapon_size=medium";
  EXPECT_EQ(n36(outcome_probabilities(setup("str=0", def), {}).hit), 21);
  const auto p = outcome_probabilities(setup("str=0", def, Kind::melee, 0, {"negative_parry"}), {});
  EXPECT_EQ(n36(p.hit), 26);  // needs 6
  EXPECT_EQ(n36(p.parry), 0);
}

TEST(EpixxAttack, RangedAndSpell) {
  // Range modifier 2 at (3,4); deflect = the shield's minimum block, ranged only by default.
  const std::string def = "str=2,agi=2,shield=1-3";
  const AttackSetup r = setup("agi=1", def, Kind::ranged, range_modifier(3, 4));
  EXPECT_EQ(r.base, 10);  // 7 + 2 + 1
  EXPECT_EQ(r.offense, 1);
  const auto p = outcome_probabilities(r, {});
  EXPECT_EQ(n36(p.hit), 10);  // roll >= 9
  EXPECT_EQ(n36(p.dodge + p.block + p.parry), 0);
  const AttackSetup sp = setup("sta=1", def, Kind::spell, 2);
  EXPECT_EQ(sp.base, 9);
  EXPECT_EQ(setup("sta=1", def, Kind::spell, 2, {"deflect_spells"}).base, 10);
  // Talents and equipment reduce range + deflect, not below 0.
  EXPECT_EQ(setup("agi=1,range_bonus=2", def, Kind::ranged, 2).base, 8);
  EXPECT_EQ(setup("agi=1,range_bonus=9", def, Kind::ranged, 2).base, 7);
  // Spells use stamina unless the spell says charisma.
  EXPECT_EQ(setup("sta=1,cha=3", "str=0", Kind::spell).offense, 1);
  EXPECT_EQ(setup("sta=1,cha=3,spell_ability=cha", "str=0", Kind::spell).offense, 3);
}

TEST(EpixxAttack, DamageAndResistance) {
  // 1d6 + STR 2 (main hand): 3..8 on the body less resist 1; a crit on the head less resist 3.
  const AttackSetup s = setup("str=2,weapon=1d6", "resist_body=1,resist_head=3");
  ASSERT_EQ(s.body.size(), 8u);
  EXPECT_EQ(s.body[0], 0.0);
  EXPECT_NEAR(s.body[2], 1.0 / 6, 1e-15);
  EXPECT_NEAR(s.body[7], 1.0 / 6, 1e-15);
  ASSERT_EQ(s.head.size(), 6u);
  EXPECT_NEAR(s.head[0], 1.0 / 6, 1e-15);
  EXPECT_EQ(unresisted(s, false, 1), 2);
  EXPECT_EQ(unresisted(s, true, 1), 0);
  // Off-hand STR +2: damage modifier -1; two-handed: +3; magic adds unchanged.
  EXPECT_EQ(setup("str=2,hand=off", "str=0").damage_mod, -1);
  EXPECT_EQ(setup("str=2,hand=two", "str=0").damage_mod, 3);
  EXPECT_EQ(setup("str=2,hand=two,magic_damage=2", "str=0").damage_mod, 5);
  // Ranged damage uses the agility bonus only.
  EXPECT_EQ(setup("agi=-2", "str=0", Kind::ranged).damage_mod, 0);
  // Damage never goes below 0: 1d4 - 3 off-hand penalty.
  const AttackSetup w = setup("str=-1,weapon=1d4,hand=off", "str=0");
  EXPECT_EQ(w.damage_mod, -2);
  EXPECT_NEAR(w.body[0], 0.5, 1e-15);
}

TEST(EpixxAttack, ExactAttackDamageMixture) {
  // O=0 vs d=1, b=1: hit 10/36 of which 1/36 crit, 1d6 flat.
  const AttackResult r = exact_attack(setup("str=0,weapon=1d6", "dodge=1,block=1"));
  EXPECT_NEAR(r.damage[0], 26.0 / 36, 1e-15);
  for (int x = 1; x <= 6; ++x) EXPECT_NEAR(r.damage[x], 10.0 / 36 / 6, 1e-15);
  EXPECT_NEAR(r.damage.mean(), 10.0 / 36 * 3.5, 1e-12);
}

TEST(EpixxAttack, CriticalEffectOfResearch26) {
  // P(confused) for STA -1, 0, +1, +2 at U = 0 and U = 3.
  const int u0[] = {21, 15, 10, 6}, u3[] = {33, 30, 26, 21};
  for (int sta = -1; sta <= 2; ++sta) {
    const std::vector<double> at0{1.0}, at3{0, 0, 0, 1.0};
    EXPECT_EQ(n36(confusion_pmf(at0, sta).at_least(1)), u0[sta + 1]) << sta;
    EXPECT_EQ(n36(confusion_pmf(at3, sta).at_least(1)), u3[sta + 1]) << sta;
  }
  // Mean turns at STA 0: 0.97 (U=0), 2.28 (U=2), 4.03 (U=4): exactly 35/36, 82/36, 145/36.
  EXPECT_NEAR(confusion_pmf(std::vector<double>{1.0}, 0).mean(), 35.0 / 36, 1e-12);
  EXPECT_NEAR(confusion_pmf(std::vector<double>{0, 0, 1.0}, 0).mean(), 82.0 / 36, 1e-12);
  EXPECT_NEAR(confusion_pmf(std::vector<double>{0, 0, 0, 0, 1.0}, 0).mean(), 145.0 / 36, 1e-12);
  EXPECT_EQ(confusion_turns(0, 0, 2), 5);
  EXPECT_EQ(confusion_turns(0, 0, 7), 0);
  EXPECT_EQ(confusion_turns(1, 4, 6), 4);
  // Checked even when all damage is resisted: a crit against resist_head 99 still confuses.
  const AttackResult r = exact_attack(setup("offense=20,weapon=1d4", "resist_head=99,sta=0"));
  EXPECT_NEAR(r.outcomes.crit, 1.0 / 36, 1e-15);
  EXPECT_NEAR(r.p_confused, 1.0 / 36 * 15 / 36, 1e-15);
  EXPECT_NEAR(r.confusion_if_crit.mean(), 35.0 / 36, 1e-12);
}

// Exact against sampled, one attack at a time, at fixed seeds.
void check_sampled(const AttackSetup& s, TurnState state, std::uint64_t seed) {
  const AttackResult exact = exact_attack(s, state);
  Rng rng(seed);
  constexpr int n = 200'000;
  std::map<std::int64_t, std::uint64_t> outcome, damage, conf;
  for (int i = 0; i < n; ++i) {
    const Strike k = strike(s, state, rng);
    ++outcome[k.outcome == Outcome::hit ? (k.crit ? 5 : 4) : static_cast<int>(k.outcome)];
    ++damage[k.damage];
    ++conf[k.confusion];
  }
  const auto& o = exact.outcomes;
  const std::vector<std::pair<std::int64_t, double>> w{{0, o.miss},  {1, o.dodge},        {2, o.block},
                                                       {3, o.parry}, {4, o.hit - o.crit}, {5, o.crit}};
  EXPECT_GT(test::chi_square_p(Pmf::from_pairs(w), outcome), 1e-3);
  EXPECT_GT(test::chi_square_p(exact.damage, damage), 1e-3);
  EXPECT_GT(test::chi_square_p(exact.confusion, conf), 1e-3);
}

TEST(EpixxAttack, ExactAgreesWithSampled) {
  check_sampled(setup("str=1,weapon=1d8", "str=1,agi=1,shield=1-2,resist_body=1"), {}, 1);
  check_sampled(setup("offense=4,weapon=2d6+1,size=2", "agi=2,hand=two,weapon_size=medium,sta=-1"), {}, 2);
  check_sampled(setup("str=3,weapon=2d6,hand=two,size=1,level=2", "agi=1,dodge_cap=2,level=1"), {true, false, false},
                3);
  check_sampled(setup("str=0,weapon=1d10", "dodge=1,block=1", Kind::melee, 0, {"incapacitated"}), {}, 4);
  check_sampled(setup("agi=2,weapon=1d6", "shield=1-1", Kind::ranged, 3), {}, 5);
}

}  // namespace
}  // namespace fray::epixx
