// epixx attacks against the combat page: every number of its defensive-index
// examples, the whole table of defense bands (tests/golden/epixx), critical
// hits, incapacitated and invisible creatures, range and deflect, damage, the
// critical effect check, and the exact reading of a plan against the sampled one.
#include <gtest/gtest.h>

#include <cmath>
#include <fray/rules/epixx/attack.hpp>
#include <map>
#include <string_view>
#include <tuple>

#include "support/support.hpp"

namespace fray::epixx {
namespace {

AttackPlan setup(const std::string& att, const std::string& def, Kind kind = Kind::melee, int range = 0,
                 std::vector<std::string> situation = {}) {
  Situation sit = parse_situation(situation);
  sit.kind = kind;
  sit.range = range;
  return plan_attack(parse_combatant(att, "attacker"), parse_combatant(def, "defender"), sit);
}

// Probabilities in 36ths, checked to be whole.
int n36(double p) {
  const double k = p * 36;
  EXPECT_NEAR(k, std::round(k), 1e-9);
  return static_cast<int>(std::round(k));
}

TEST(EpixxAttack, PageExampleNoBonusAttacker) {
  // A no-bonus attacker against AGI+1, STR+1 and a shield needs 9; 8 blocks, 7 dodges.
  const AttackPlan s = setup("str=0", "str=1,agi=1,shield=1-3");
  EXPECT_EQ(resolve(s, {}, 9).result, Result::hit);
  EXPECT_EQ(resolve(s, {}, 8).result, Result::block);
  EXPECT_TRUE(resolve(s, {}, 8).next.weapon_used);
  EXPECT_EQ(resolve(s, {}, 7).result, Result::dodge);
  EXPECT_TRUE(resolve(s, {}, 7).next.dodge_used);
  EXPECT_EQ(resolve(s, {}, 6).result, Result::miss);
  EXPECT_EQ(resolve(s, {}, 6).next, TurnState{});
  // After the block, the next no-bonus attacker needs 8 and the dodge sits on 7.
  const TurnState blocked{false, true, false};
  EXPECT_EQ(resolve(s, blocked, 8).result, Result::hit);
  EXPECT_EQ(resolve(s, blocked, 7).result, Result::dodge);
  const auto p = result_probabilities(s, {});
  EXPECT_EQ(n36(p.block), 5);
  EXPECT_EQ(n36(p.dodge), 6);
}

TEST(EpixxAttack, PageExamplePlusFourAttacker) {
  // +4 needs a roll of 5; block on 4, dodge on 3; block 5/36 → 3/36, dodge 6/36 → 2/36.
  const AttackPlan s = setup("str=4", "str=1,agi=1,shield=1-3");
  EXPECT_EQ(resolve(s, {}, 5).result, Result::hit);
  EXPECT_EQ(resolve(s, {}, 4).result, Result::block);
  EXPECT_EQ(resolve(s, {}, 3).result, Result::dodge);
  EXPECT_EQ(resolve(s, {}, 2).result, Result::miss);
  const auto p = result_probabilities(s, {});
  EXPECT_EQ(n36(p.block), 3);
  EXPECT_EQ(n36(p.dodge), 2);
  EXPECT_EQ(n36(p.hit), 30);
}

TEST(EpixxAttack, SmallBonusSweep) {
  // (block, dodge, hit) in 36ths for d=1, b=1 and O = -2..+4: a +1 attacker raises the block chance.
  const int expect[7][3] = {{3, 4, 3}, {4, 5, 6}, {5, 6, 10}, {6, 5, 15}, {5, 4, 21}, {4, 3, 26}, {3, 2, 30}};
  for (int o = -2; o <= 4; ++o) {
    const auto p = result_probabilities(setup("offense=" + std::to_string(o), "dodge=1,block=1"), {});
    EXPECT_EQ(n36(p.block), expect[o + 2][0]) << o;
    EXPECT_EQ(n36(p.dodge), expect[o + 2][1]) << o;
    EXPECT_EQ(n36(p.hit), expect[o + 2][2]) << o;
  }
}

TEST(EpixxAttack, WholeDefenseTable) {
  const auto rows = test::read_csv("golden/epixx/defence_table.csv");
  ASSERT_EQ(rows.size(), 145u);
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const auto& r = rows[i];
    const int o = std::stoi(r[0]), d = std::stoi(r[1]), w = std::stoi(r[2]);
    const std::string att = "offense=" + std::to_string(o);
    const std::string base = "dodge=" + std::to_string(d);
    // Block (shield) for every w; parry for w <= 2.
    const auto check = [&](const std::string& def, bool parry) {
      const auto p = result_probabilities(setup(att, def), {});
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
  // natural_crit differs only where hit = 0 and a defense covers roll 12.
  const auto a = result_probabilities(setup("offense=-2", "dodge=3,block=3"), {});
  const auto b = result_probabilities(setup("offense=-2", "dodge=3,block=3", Kind::melee, 0, {"natural_crit"}), {});
  EXPECT_EQ(n36(a.hit), 0);
  EXPECT_EQ(n36(a.block), 1);
  EXPECT_EQ(n36(b.hit), 1);
  EXPECT_EQ(n36(b.crit), 1);
  EXPECT_EQ(n36(b.block), 0);
  // Elsewhere the two policies agree.
  const auto c = result_probabilities(setup("offense=0", "dodge=1,block=1", Kind::melee, 0, {"natural_crit"}), {});
  EXPECT_EQ(n36(c.hit), 10);
  EXPECT_EQ(n36(c.crit), 1);
}

TEST(EpixxAttack, CriticalThreshold) {
  // The ogre, one size unit larger and one level higher than a human, crits on 10, 11, 12.
  const AttackPlan s = setup("offense=10,size=1,level=2", "size=0,level=1");
  EXPECT_EQ(s.crit_threshold, 10);
  const auto p = result_probabilities(s, {});
  EXPECT_EQ(n36(p.crit), 6);  // 3 + 2 + 1
  // General form under policy A: crit = S(max(T, 7 + d + w - O)).
  const auto q = result_probabilities(setup("offense=0,size=1,level=2", "dodge=1,block=1,level=1"), {});
  EXPECT_EQ(n36(q.crit), 6);  // S(max(10, 9)) = S(10)
  const auto q2 = result_probabilities(setup("offense=0,size=1,level=2", "dodge=2,block=2,level=1"), {});
  EXPECT_EQ(n36(q2.crit), 3);  // S(max(10, 11)) = S(11)
  // Magic lowers it; a double six crits even when T > 12.
  EXPECT_EQ(setup("crit_magic=2", "str=0").crit_threshold, 10);
  const AttackPlan high = setup("offense=6,level=1", "level=5");
  EXPECT_EQ(high.crit_threshold, 16);
  EXPECT_EQ(n36(result_probabilities(high, {}).crit), 1);
  // Options: a floor on T and a cap on the level difference.
  EXPECT_EQ(setup("level=9", "level=1", Kind::melee, 0, {"crit_min=8"}).crit_threshold, 8);
  EXPECT_EQ(setup("level=9", "level=1", Kind::melee, 0, {"level_cap=2"}).crit_threshold, 10);
}

TEST(EpixxAttack, IncapacitatedDefender) {
  // Automatic hit; critical when D6 + CHM >= 6, CHM = 12 - T by default.
  const auto p = result_probabilities(setup("str=-5", "dodge=3,block=3", Kind::melee, 0, {"incapacitated"}), {});
  EXPECT_DOUBLE_EQ(p.hit, 1.0);
  EXPECT_NEAR(p.crit, 1.0 / 6, 1e-15);
  // The ogre example (T = 10): CHM 2, crit on 4, 5, 6.
  const auto q = result_probabilities(setup("size=1,level=2", "level=1", Kind::melee, 0, {"incapacitated"}), {});
  EXPECT_NEAR(q.crit, 0.5, 1e-15);
  const auto r = result_probabilities(setup("str=0", "str=0", Kind::melee, 0, {"incapacitated", "chm=3"}), {});
  EXPECT_NEAR(r.crit, 4.0 / 6, 1e-15);
}

TEST(EpixxAttack, InvisibleCreatures) {
  // Invisible defender: base 12, defenses stacked on it.
  const AttackPlan s = setup("offense=4", "dodge=1,block=1", Kind::melee, 0, {"invisible_defender"});
  EXPECT_EQ(resolve(s, {}, 10).result, Result::hit);   // 14 >= 14
  EXPECT_EQ(resolve(s, {}, 9).result, Result::block);  // 13
  EXPECT_EQ(resolve(s, {}, 8).result, Result::dodge);  // 12
  EXPECT_EQ(resolve(s, {}, 7).result, Result::miss);
  const AttackPlan flat =
      setup("offense=4", "dodge=1,block=1", Kind::melee, 0, {"invisible_defender", "invisible_no_defences"});
  EXPECT_EQ(resolve(flat, {}, 8).result, Result::hit);
  EXPECT_EQ(resolve(flat, {}, 7).result, Result::miss);
  // Invisible attacker: no dodge, block or parry, so 2D6 + O >= 7.
  const auto p = result_probabilities(setup("str=0", "dodge=3,block=3", Kind::melee, 0, {"invisible_attacker"}), {});
  EXPECT_EQ(n36(p.hit), 21);
  EXPECT_EQ(n36(p.dodge + p.block + p.parry), 0);
}

TEST(EpixxAttack, ConfusedDefenderHasNoDefenses) {
  const auto p = result_probabilities(setup("str=0", "dodge=1,block=1"), {false, false, true});
  EXPECT_EQ(n36(p.hit), 21);
  const auto q = result_probabilities(setup("str=0", "dodge=1,block=1", Kind::melee, 0, {"confused_defends"}),
                                      {false, false, true});
  EXPECT_EQ(n36(q.hit), 10);
}

TEST(EpixxAttack, FixedIndexesOption) {
  // fixed_indexes: after a dodge, its roll stays a miss and the block keeps its index.
  const AttackPlan s = setup("str=0", "dodge=1,block=1", Kind::melee, 0, {"fixed_indexes"});
  const TurnState dodged{true, false, false};
  EXPECT_EQ(resolve(s, dodged, 7).result, Result::miss);
  EXPECT_EQ(resolve(s, dodged, 8).result, Result::block);
  EXPECT_EQ(resolve(s, dodged, 9).result, Result::hit);
  const AttackPlan d = setup("str=0", "dodge=1,block=1");
  EXPECT_EQ(resolve(d, dodged, 7).result, Result::block);  // default: the block slides down to 7
  EXPECT_EQ(resolve(d, dodged, 8).result, Result::hit);
}

TEST(EpixxAttack, NegativeParryOption) {
  // AGI -3 with a parrying weapon: ceil(-3/2) = -1, clamped to 0 unless negative_parry.
  const std::string def = "agi=-3,hand=two,weapon_size=medium";
  EXPECT_EQ(n36(result_probabilities(setup("str=0", def), {}).hit), 21);
  const auto p = result_probabilities(setup("str=0", def, Kind::melee, 0, {"negative_parry"}), {});
  EXPECT_EQ(n36(p.hit), 26);  // needs 6
  EXPECT_EQ(n36(p.parry), 0);
}

TEST(EpixxAttack, RangedAndSpell) {
  // Range modifier 2 at (3,4); deflect = the shield's minimum block, ranged only by default.
  const std::string def = "str=2,agi=2,shield=1-3";
  const AttackPlan r = setup("agi=1", def, Kind::ranged, range_modifier(3, 4));
  EXPECT_EQ(r.base, 10);  // 7 + 2 + 1
  EXPECT_EQ(r.offense, 1);
  const auto p = result_probabilities(r, {});
  EXPECT_EQ(n36(p.hit), 10);  // roll >= 9
  EXPECT_EQ(n36(p.dodge + p.block + p.parry), 0);
  const AttackPlan sp = setup("sta=1", def, Kind::spell, 2);
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
  const AttackPlan s = setup("str=2,weapon=1d6", "resist_body=1,resist_head=3");
  ASSERT_EQ(s.body.size(), 8u);
  EXPECT_EQ(s.body[0], 0.0);
  EXPECT_NEAR(s.body[2], 1.0 / 6, 1e-15);
  EXPECT_NEAR(s.body[7], 1.0 / 6, 1e-15);
  ASSERT_EQ(s.head.size(), 6u);
  EXPECT_NEAR(s.head[0], 1.0 / 6, 1e-15);
  EXPECT_EQ(damage_after_resistance(s, false, 1), 2);
  EXPECT_EQ(damage_after_resistance(s, true, 1), 0);
  // Off-hand STR +2: damage modifier -1; two-handed: +3; magic adds unchanged.
  EXPECT_EQ(setup("str=2,hand=off", "str=0").damage_mod, -1);
  EXPECT_EQ(setup("str=2,hand=two", "str=0").damage_mod, 3);
  EXPECT_EQ(setup("str=2,hand=two,magic_damage=2", "str=0").damage_mod, 5);
  // Ranged damage uses the agility bonus only.
  EXPECT_EQ(setup("agi=-2", "str=0", Kind::ranged).damage_mod, 0);
  // Damage never goes below 0: 1d4 - 3 off-hand penalty.
  const AttackPlan w = setup("str=-1,weapon=1d4,hand=off", "str=0");
  EXPECT_EQ(w.damage_mod, -2);
  EXPECT_NEAR(w.body[0], 0.5, 1e-15);
}

TEST(EpixxAttack, ExactAttackDamageMixture) {
  // O=0 vs d=1, b=1: hit 10/36 of which 1/36 crit, 1d6 flat.
  const Outcome r = exact_outcome(setup("str=0,weapon=1d6", "dodge=1,block=1"));
  EXPECT_NEAR(r.damage[0], 26.0 / 36, 1e-15);
  for (int x = 1; x <= 6; ++x) EXPECT_NEAR(r.damage[x], 10.0 / 36 / 6, 1e-15);
  EXPECT_NEAR(r.damage.mean(), 10.0 / 36 * 3.5, 1e-12);
}

TEST(EpixxAttack, CriticalEffectCheck) {
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
  const Outcome r = exact_outcome(setup("offense=20,weapon=1d4", "resist_head=99,sta=0"));
  EXPECT_NEAR(r.results.crit, 1.0 / 36, 1e-15);
  EXPECT_NEAR(r.p_confused, 1.0 / 36 * 15 / 36, 1e-15);
  EXPECT_NEAR(r.confusion_if_crit.mean(), 35.0 / 36, 1e-12);
}

// A plan's table of resolutions is resolve() at every turn state and roll
// (0 .. 12, the D6 of an incapacitated defender's check among them), and a
// strike that reads it draws what strike() draws, number for number: plans
// with defenses used up, a natural 12, fixed indexes, a confused defender
// and an incapacitated one.
TEST(EpixxAttack, ResolutionsAreResolveAndStrikeTheSame) {
  const std::vector<AttackPlan> plans{setup("str=1,weapon=1d8", "str=1,agi=1,shield=1-2,resist_body=1"),
                                      setup("offense=4,weapon=2d6+1,size=2", "agi=2,hand=two,weapon_size=medium,sta=-1",
                                            Kind::melee, 0, {"natural_crit", "confusion_immediate"}),
                                      setup("str=0", "dodge=1,block=1", Kind::melee, 0, {"fixed_indexes"}),
                                      setup("str=0", "dodge=2,parry=1", Kind::melee, 0, {"confused"}),
                                      setup("size=1,level=2", "level=1", Kind::melee, 0, {"incapacitated"})};
  std::uint64_t seed = 1;
  for (const AttackPlan& plan : plans) {
    const Resolutions table(plan);
    for (int i = 0; i < turn_states; ++i) {
      const TurnState state = TurnState::from_index(i);
      for (int roll = 0; roll <= 12; ++roll) {
        const Resolution want = resolve(plan, state, roll);
        EXPECT_EQ(table(state, roll).result, want.result) << i << " " << roll;
        EXPECT_EQ(table(state, roll).next, want.next) << i << " " << roll;
      }
      Rng a(seed), b(seed);
      ++seed;
      for (int n = 0; n < 2000; ++n) {
        const StrikeResult x = strike(plan, state, a);
        const StrikeResult y = strike_resolved(
            plan, state, b, [](DrawFor, std::string_view, std::int64_t) {}, table);
        ASSERT_EQ(x.result, y.result);
        ASSERT_EQ(x.damage, y.damage);
        ASSERT_EQ(x.next, y.next);
        ASSERT_EQ(x.confusion, y.confusion);
      }
      EXPECT_EQ(a.unit(), b.unit());  // the same numbers drawn
    }
  }
}

// Exact against sampled, one attack at a time, at fixed seeds.
void check_sampled(const AttackPlan& s, TurnState state, std::uint64_t seed) {
  const Outcome exact = exact_outcome(s, state);
  Rng rng(seed);
  constexpr int n = 200'000;
  std::map<std::int64_t, std::uint64_t> outcome, damage, conf, on_hit;
  for (int i = 0; i < n; ++i) {
    const StrikeResult k = strike(s, state, rng);
    ++outcome[static_cast<int>(k.result)];
    ++damage[k.damage];
    ++conf[k.confusion];
    if (k.hit()) ++on_hit[k.damage];
  }
  const auto& o = exact.results;
  const std::vector<std::pair<std::int64_t, double>> w{{0, o.miss},  {1, o.dodge},        {2, o.block},
                                                       {3, o.parry}, {4, o.hit - o.crit}, {5, o.crit}};
  EXPECT_GT(test::chi_square_p(Pmf::from_pairs(w), outcome), 1e-3);
  EXPECT_GT(test::chi_square_p(exact.damage, damage), 1e-3);
  EXPECT_GT(test::chi_square_p(exact.confusion, conf), 1e-3);
  if (exact.p_hit > 0) {
    EXPECT_GT(test::chi_square_p(exact.damage_on_hit, on_hit), 1e-3);
  }
}

TEST(EpixxAttack, ExactAgreesWithSampled) {
  check_sampled(setup("str=1,weapon=1d8", "str=1,agi=1,shield=1-2,resist_body=1"), {}, 1);
  check_sampled(setup("offense=4,weapon=2d6+1,size=2", "agi=2,hand=two,weapon_size=medium,sta=-1"), {}, 2);
  check_sampled(setup("str=3,weapon=2d6,hand=two,size=1,level=2", "agi=1,dodge_cap=2,level=1"), {true, false, false},
                3);
  check_sampled(setup("str=0,weapon=1d10", "dodge=1,block=1", Kind::melee, 0, {"incapacitated"}), {}, 4);
  check_sampled(setup("agi=2,weapon=1d6", "shield=1-1", Kind::ranged, 3), {}, 5);
}

TEST(EpixxAttack, DamageOnHit) {
  // O=0 vs d=1, b=1 with 1d6: every landing attack does 1..6 alike.
  const Outcome r = exact_outcome(setup("str=0,weapon=1d6", "dodge=1,block=1"));
  EXPECT_NEAR(r.p_hit, 10.0 / 36, 1e-15);
  for (int x = 1; x <= 6; ++x) EXPECT_NEAR(r.damage_on_hit[x], 1.0 / 6, 1e-15);
  EXPECT_NEAR(r.damage_on_hit.mean(), 3.5, 1e-12);
  // Body resistance 2, head 0: 8/9 of the hits lose 2, the critical 1/9 none.
  const Outcome q = exact_outcome(setup("str=0,weapon=1d6", "dodge=1,block=1,resist_body=2"));
  EXPECT_NEAR(q.damage_on_hit[0], 9.0 / 10 * 2 / 6, 1e-15);
  EXPECT_NEAR(q.damage_on_hit[6], 1.0 / 10 / 6, 1e-15);
  // An attack that never lands: a point at 0.
  const Outcome none = exact_outcome(setup("offense=-20", "str=0"));
  EXPECT_EQ(none.p_hit, 0.0);
  EXPECT_TRUE(none.damage_on_hit.is_point());
  EXPECT_EQ(none.damage_on_hit.min(), 0);
}

TEST(EpixxAttack, StrikeTracesEveryDrawInOrder) {
  const AttackPlan s = setup("offense=3,weapon=1d8,crit_magic=3", "dodge=1,block=1,resist_body=1");
  Rng rng(5);
  int criticals = 0;
  for (int i = 0; i < 2000; ++i) {
    std::vector<std::tuple<DrawFor, std::string, std::int64_t>> draws;
    const StrikeResult k = strike(s, {}, rng, [&](DrawFor f, std::string_view call, std::int64_t v) {
      draws.emplace_back(f, std::string(call), v);
    });
    ASSERT_GE(draws.size(), 1u);
    EXPECT_EQ(std::get<0>(draws[0]), DrawFor::to_hit);
    EXPECT_EQ(std::get<1>(draws[0]), "2d6");
    EXPECT_EQ(std::get<2>(draws[0]), k.dice[0] + k.dice[1]);
    EXPECT_EQ(k.total, k.dice[0] + k.dice[1] + 3);
    if (!k.hit()) {
      EXPECT_EQ(draws.size(), 1u);
      EXPECT_EQ(k.damage, 0);
      continue;
    }
    ASSERT_GE(draws.size(), 2u);
    EXPECT_EQ(std::get<0>(draws[1]), DrawFor::damage);
    EXPECT_EQ(std::get<1>(draws[1]), "1d8");
    EXPECT_EQ(std::get<2>(draws[1]), *k.weapon_roll);
    EXPECT_EQ(k.damage, damage_after_resistance(s, k.result == Result::critical, *k.weapon_roll));
    if (k.result == Result::critical) {
      ++criticals;
      ASSERT_EQ(draws.size(), 3u);
      EXPECT_EQ(std::get<0>(draws[2]), DrawFor::confusion);
      EXPECT_EQ(std::get<2>(draws[2]), (*k.check)[0] + (*k.check)[1]);
      EXPECT_EQ(k.confusion, confusion_turns(s.stamina, k.damage, (*k.check)[0] + (*k.check)[1]));
    } else {
      EXPECT_EQ(draws.size(), 2u);
    }
  }
  EXPECT_GT(criticals, 0);
  // Against an incapacitated defender the one to-hit draw is the D6 of the critical check.
  const AttackPlan inc = setup("str=0,weapon=1d4", "str=0", Kind::melee, 0, {"incapacitated"});
  std::vector<std::string> calls;
  (void)strike(inc, {}, rng, [&](DrawFor f, std::string_view call, std::int64_t) {
    calls.push_back(std::string(name(f)) + " " + std::string(call));
  });
  ASSERT_GE(calls.size(), 2u);
  EXPECT_EQ(calls[0], "critical 1d6");
  EXPECT_EQ(calls[1], "damage 1d4");
}

}  // namespace
}  // namespace fray::epixx
