// Shattered Pixel Dungeon through fray::Ruleset ("shattered-pd"): the worked
// examples of the rules asked as specs and situation flags, exact against
// sampled strikes on both engines, fights with the surprise state, and the
// dice function with the float-exact law.
#include <gtest/gtest.h>

#include <fray/core/dice.hpp>
#include <fray/core/error.hpp>
#include <fray/fight/solve.hpp>
#include <fray/rules/ruleset.hpp>
#include <fray/rules/shattered_pd/catalog.hpp>
#include <fray/rules/shattered_pd/random.hpp>
#include <fray/rules/shattered_pd/ruleset.hpp>
#include <map>
#include <string>
#include <vector>

#include "rules/shattered_pd/fight.hpp"
#include "support/support.hpp"

namespace spd = fray::shattered_pd;

namespace {

const fray::Ruleset& rules() { return fray::ruleset("shattered-pd"); }

fray::AttackSummary ask(const std::string& a, const std::string& d, std::vector<std::string> s = {}) {
  return rules().attack({a, d, std::move(s), {}});
}

std::int64_t stat(const fray::SideSummary& side, const std::string& key) {
  for (const auto& f : side.stats)
    if (f.key == key) return std::get<std::int64_t>(f.value);
  ADD_FAILURE() << "no " << key;
  return -1;
}

struct Want {
  std::string attacker, defender;
  std::vector<std::string> situation;
  std::int64_t accuracy, evasion;
  double p_hit;  // the closed form
  std::int64_t lo, hi;
  double mean_on_hit, per_attack;
};

}  // namespace

// The thirteen worked examples of the rules (ideal NormalIntRange; the
// float-exact law moves the means by < 1e-6).
TEST(SpdRuleset, WorkedExamplesAsSpecs) {
  const std::vector<Want> cases = {
      {"hero", "rat", {}, 10, 2, 0.9, 0, 10, 5, 4.5},
      {"rat", "hero", {}, 8, 5, 11.0 / 16, 0, 4, 55.0 / 36, 55.0 / 36 * 11 / 16},
      {"hero:class=rogue,level=3", "gnoll", {"unseen"}, 12, 0, 1, 4, 8, 6, 6},
      {"hero:class=huntress,level=5", "crab", {"thrown", "ranged"}, 21, 5, 37.0 / 42, 0, 9, 3.51469, 3.09628},
      {"hero:class=huntress,level=5", "crab", {"thrown", "adjacent"}, 7, 5, 9.0 / 14, 0, 9, 3.51469, 2.25945},
      {"hero:level=10,str=13,weapon=sword,weapon_level=2", "skeleton", {}, 19, 9, 29.0 / 38, 0, 28, 14, 14.0 * 29 / 38},
      {"hero:class=mage,level=6,str=11,weapon=longsword", "thief", {}, 2, 12, 1.0 / 12, 1, 25, 13, 13.0 / 12},
      {"brute", "hero:level=8,str=12,armor=plate", {}, 20, 1, 39.0 / 40, 5, 25, 15, 14.625},
      {"hero:subclass=berserker,level=12,str=14,rage=1,weapon=war_hammer,weapon_level=3",
       "monk",
       {},
       11,
       30,
       11.0 / 60,
       10,
       63,
       36.7502,
       6.7375},
      {"hero:subclass=sniper,level=15,str=15,missile=javelin",
       "golem",
       {"thrown", "ranged"},
       36,
       15,
       19.0 / 24,
       8,
       20,
       14,
       14.0 * 19 / 24},
      {"dwarf_warlock",
       "hero:level=12,str=13,armor=mail,armor_level=1,ring_evasion=2",
       {"magic"},
       25,
       20,
       0.8,
       12,
       18,
       15,
       12},
      {"gnoll:champion=blessed",
       "hero:class=duelist,level=2",
       {"hexed"},
       10,
       6,
       0.939999999,
       0,
       6,
       665.0 / 324,
       1.9293},
      {"hero:level=4,augment=damage",
       "gnoll",
       {"weakened", "vulnerable"},
       13,
       4,
       11.0 / 13,
       0,
       13,
       1208.0 / 225,
       4.5429},
  };
  int n = 0;
  for (const Want& w : cases) {
    SCOPED_TRACE("example " + std::to_string(++n));
    const auto s = ask(w.attacker, w.defender, w.situation);
    EXPECT_EQ(stat(s.attacker, "accuracy"), w.accuracy);
    EXPECT_EQ(stat(s.defender, "evasion"), w.evasion);
    EXPECT_NEAR(s.p_hit, w.p_hit, 1e-8);
    EXPECT_EQ(s.damage_on_hit.min(), w.lo);
    EXPECT_EQ(s.damage_on_hit.max(), w.hi);
    EXPECT_NEAR(s.damage_on_hit.mean(), w.mean_on_hit, 1e-4);
    EXPECT_NEAR(s.mean_damage(), w.per_attack, 1e-4);
  }
  // #13: the ×1.5, ×0.67 and ×1.33 combs leave no 4, 8 or 12.
  const auto s = ask("hero:level=4,augment=damage", "gnoll", {"weakened", "vulnerable"});
  for (std::int64_t v : {4, 8, 12}) EXPECT_EQ(s.damage_on_hit[v], 0.0) << v;
}

// Situation flags and the spec's own buffs are one rule.
TEST(SpdRuleset, SituationFlagsEqualSpecBuffs) {
  const auto a = ask("gnoll:bless", "hero:class=duelist,level=2,hex,daze,vulnerable");
  const auto b = ask("gnoll", "hero:class=duelist,level=2", {"blessed", "hexed", "dazed", "vulnerable"});
  EXPECT_EQ(a.p_hit, b.p_hit);
  EXPECT_EQ(a.damage.items(), b.damage.items());
  // Focus: the Monk's infinite evasion; an invisible rogue's infinite accuracy.
  EXPECT_EQ(ask("gnoll", "hero:subclass=monk", {"focus"}).p_hit, 0.0);
  EXPECT_EQ(ask("hero:class=rogue", "skeleton", {"invisible"}).p_hit, 1.0);
  EXPECT_EQ(ask("hero", "gnoll", {"unseen"}).p_hit, ask("hero", "gnoll", {"surprised"}).p_hit);
}

// exact_outcome and the sampled strikes of the Ruleset agree (chi-square at fixed seeds), on both engines.
TEST(SpdRuleset, ExactAndSampledAgree) {
  const std::vector<fray::AttackRequest> requests = {
      {"hero:class=duelist,subclass=champion,level=12,str=14,weapon=rapier,weapon_level=2,armor=mail,armor_level=1",
       "gnoll_brute",
       {},
       {}},
      {"dm100", "hero:level=6,armor=leather", {"magic"}, {}},
      {"hero:class=huntress,level=9", "dwarf_monk", {"thrown", "ranged", "hexed"}, {}},
      {"golem:champion=projecting", "hero:level=14,str=15,armor=scale,armor_level=2", {"ascension"}, {}},
      {"hero:level=4,augment=damage", "gnoll", {"weakened", "vulnerable"}, {}},
  };
  std::uint64_t seed = 77;
  for (const auto& req : requests) {
    SCOPED_TRACE(req.attacker + " vs " + req.defender);
    const auto exact = rules().attack(req);
    for (const char* engine : {"default", "java"}) {
      const auto run = rules().strike({req, seed++, 60000, engine});
      ASSERT_EQ(run.strikes.size(), fray::kMaxTraced);
      // The traced strikes' damage, and the untraced total, from the same law.
      std::map<std::int64_t, std::uint64_t> counts;
      for (const auto& s : run.strikes) ++counts[s.damage];
      EXPECT_GT(fray::test::chi_square_p(exact.damage, counts), 1e-3) << engine;
      const double mean = exact.mean_damage();
      const double sd = std::sqrt(exact.damage.variance() / 60000.0);
      EXPECT_NEAR(run.mean_damage(), mean, 5 * sd + 1e-9) << engine;
      const double hit_sd = std::sqrt(exact.p_hit * (1 - exact.p_hit) / 60000.0);
      EXPECT_NEAR(static_cast<double>(run.hits) / 60000.0, exact.p_hit, 5 * hit_sd + 1e-9) << engine;
    }
  }
}

// --rng java is java.util.Random seeded as Random.pushGenerator(seed): the
// trace's first draws are that generator's Floats.
TEST(SpdRuleset, JavaEngineIsThePushedGenerator) {
  const auto run = rules().strike({{"hero", "rat", {}, {}}, 1234, 1, "java"});
  auto java = spd::pushed_generator(1234);
  const float u1 = spd::random_float(java), u2 = spd::random_float(java);
  ASSERT_GE(run.strikes[0].draws.size(), 2u);
  EXPECT_EQ(std::get<double>(run.strikes[0].draws[0].value), static_cast<double>(u1 * 10.0f));
  EXPECT_EQ(std::get<double>(run.strikes[0].draws[1].value), static_cast<double>(u2 * 2.0f));
  EXPECT_EQ(run.strikes[0].draws[0].call, "Random.Float()·10");
}

// A surprise lasts for the first attack: the fight's chance to kill the
// gnoll (12 HP) in two attacks is the surprised attack's law convolved with
// the aware one's.
TEST(SpdRuleset, SurpriseLastsOneAttackInAFight) {
  const fray::AttackRequest req{"hero:class=rogue,level=3", "gnoll", {"unseen"}, {}};
  const auto first = rules().attack(req);
  const auto later = ask("hero:class=rogue,level=3", "gnoll");
  double p_two = 0;
  for (const auto& [d1, p1] : first.damage.items())
    for (const auto& [d2, p2] : later.damage.items())
      if (d1 + d2 >= 12) p_two += p1 * p2;
  const auto ttk = fray::fight::solve_ttk(rules().bout(req));
  EXPECT_EQ(ttk.method, "exact");
  ASSERT_TRUE(ttk.attacks);
  EXPECT_NEAR(ttk.attacks->operator[](2), p_two, 1e-12);
  EXPECT_NEAR(ttk.attacks->operator[](1), 0.0, 1e-15);
}

// A duel whose outcome is known by hand: two inline fighters that always hit
// for a fixed amount.
TEST(SpdRuleset, DuelByHand) {
  // a: 3 damage a hit into 7 HP (3 attacks); b: 2 into 5 HP (3 attacks); a goes first and wins.
  const fray::AttackRequest req{"accuracy=5,damage=3-3,hp=5", "evasion=0,damage=2-2,accuracy=5,hp=7", {}, {}};
  const auto bout = rules().bout(req);
  const auto duel = fray::fight::solve_duel(bout);
  EXPECT_EQ(duel.method, "exact");
  // b's evasion is 0 (always hit); a's is 0 too, so both always hit.
  EXPECT_NEAR(duel.p_a_wins, 1.0, 1e-12);
  // The swarm splits into a group of flies the kernels follow (mechanics_test.cpp):
  // a whole swarm of 50 reaches too many groups for an exact fight, and is sampled.
  const auto swarm = rules().bout({"hero:level=3", "swarm_of_flies", {}, {}});
  EXPECT_FALSE(swarm.a_hits_b->exact());
  EXPECT_NE(swarm.a_hits_b->why_not_exact().find("groups of flies"), std::string::npos);
  // The swarm's splitting and the hero's regeneration.
  ASSERT_EQ(swarm.modelled.size(), 2u);
  EXPECT_NE(swarm.modelled[0].find("regeneration"), std::string::npos);
  EXPECT_NE(swarm.modelled[1].find("splits"), std::string::npos);
  EXPECT_THROW((void)rules().bout({"hero", "accuracy=5,damage=1-2", {}, {}}), fray::Error);  // no hp for inline
}

TEST(SpdRuleset, DiceFunctionIsTheFloatExactLaw) {
  const auto& fns = fray::all_dice_functions();
  const fray::Pmf law = fray::Dice::parse("shattered_normal(1,8)", fns).exact();
  const auto counts = spd::normal_int_range_counts(8);
  ASSERT_EQ(law.items().size(), 8u);
  for (std::size_t k = 0; k < 8; ++k)
    EXPECT_EQ(law[static_cast<std::int64_t>(k) + 1], static_cast<double>(counts[k]) / 0x1.0p48) << k;
  // The law is the game's, not the textbook triangle (they differ by a few 1e-8).
  EXPECT_NE(law[1], spd::normal_int_range_ideal_pmf(1, 8)[1]);
  EXPECT_THROW((void)fray::Dice::parse("shattered_normal(5,1)", fns).exact(), fray::Error);
  const fray::Pmf range = fray::Dice::parse("shattered_int_range(2,5)", fns).exact();
  EXPECT_EQ(range[3], 0.25);
}

TEST(SpdRuleset, Catalogs) {
  for (fray::CatalogKind k : fray::kCatalogKinds) EXPECT_FALSE(rules().catalog(k).empty());
  EXPECT_EQ(rules().catalog(fray::CatalogKind::monsters).size(), spd::mobs().size());
  EXPECT_EQ(rules().catalog(fray::CatalogKind::weapons).size(), spd::weapons().size());
  EXPECT_EQ(rules().catalog(fray::CatalogKind::classes).size(), 6u + 12u);
  std::vector<std::string> flags;
  for (const auto& e : rules().catalog(fray::CatalogKind::situations)) flags.push_back(e.name);
  for (const char* f : {"blessed", "hexed", "dazed", "vulnerable", "weakened", "unseen", "adjacent", "ranged", "thrown",
                        "magic", "paralyzed", "invisible", "ascension", "focus", "point_blank", "ferret_tuft"})
    EXPECT_NE(std::find(flags.begin(), flags.end(), f), flags.end()) << f;
  EXPECT_EQ(&fray::ruleset("spd"), &rules());
}

// --- the mobs' stats that follow the moment ------------------------------------------

namespace {

// The chance the kernel's outcomes land a hit, from the given sides.
double kernel_hit(const fray::Exchange& k, fray::Side a, fray::Side d) {
  double p = 0;
  for (const fray::Transition& t : k.outcomes(a, d))
    if (t.hit == 1) p += t.p;
  return p;
}

bool has_line(const std::vector<std::string>& lines, const std::string& text) {
  return std::find(lines.begin(), lines.end(), text) != lines.end();
}

// Side a's (or b's) HP with the situation's passing conditions over.
fray::Side past(const fray::Bout& b, bool side_a, std::int64_t hp) {
  return {hp, fray::shattered_pd::state_id(b, side_a, {.past = true})};
}

}  // namespace

// Tengu.attackSkill: 10 against an adjacent target, 20 otherwise. Against a
// level-1 warrior (evasion 5): 1 - 5/20 = 0.75 adjacent, 1 - 5/40 = 0.875 at
// range; the catalog once held 0 (2^-24, a hit in 16 million).
TEST(SpdRuleset, TenguAccuracyFollowsTheDistance) {
  const auto near = ask("tengu", "hero");
  EXPECT_EQ(stat(near.attacker, "accuracy"), 10);
  EXPECT_NEAR(near.p_hit, 0.75, 1e-12);
  EXPECT_TRUE(has_line(near.notes,
                       "Tengu: accuracy 10 with its foe adjacent; accuracy 20 with its foe not adjacent (the "
                       "situation's ranged) (Tengu.attackSkill)"));
  const auto far = ask("tengu", "hero", {"ranged"});
  EXPECT_EQ(stat(far.attacker, "accuracy"), 20);
  EXPECT_NEAR(far.p_hit, 0.875, 1e-12);
  // The strike draws against the same accuracy.
  const auto run = rules().strike({{"tengu", "hero", {"ranged"}, {}}, 5, 1, "java"});
  EXPECT_EQ(run.strikes[0].draws[0].call, "Random.Float()·20");
  // In a fight the distance is the same both ways: a hero throwing from afar
  // is shot back at 20; her evasion at level 10 in mail is 14.
  const auto melee = rules().bout({"hero:level=10,str=14,weapon=sword,armor=mail", "tengu", {}, {}});
  EXPECT_NEAR(kernel_hit(*melee.b_hits_a, past(melee, false, 200), past(melee, true, 65)), 10.0 / 28, 1e-12);
  const auto thrown =
      rules().bout({"hero:level=10,str=14,missile=javelin,armor=mail", "tengu", {"thrown", "ranged"}, {}});
  EXPECT_NEAR(kernel_hit(*thrown.b_hits_a, past(thrown, false, 200), past(thrown, true, 65)), 1 - 14.0 / 40, 1e-12);
  EXPECT_TRUE(has_line(thrown.notes,
                       "Tengu: accuracy 20 with its foe not adjacent (the situation's ranged); accuracy "
                       "10 with its foe adjacent (Tengu.attackSkill)"));
}

// A duel against Tengu worked independently (a chain over both sides' HP in
// exact fractions with the textbook NormalIntRange laws, which the game's
// float-exact ones move by under 1e-6): an inline fighter of 30 HP, accuracy 20, evasion
// 10, NormalIntRange(8, 16), armor NormalIntRange(0, 4), striking first,
// against Tengu at 40 HP (evasion 15, NormalIntRange(6, 12), armor
// NormalIntRange(0, 5)): it hits 1 - 15/40, Tengu 10/20 adjacent or 1 - 10/40
// at range. P(a wins) = 0.735107 adjacent, 0.421194 at range.
TEST(SpdRuleset, DuelAgainstTenguByHand) {
  const std::string a = "hp=30,accuracy=20,evasion=10,damage=8-16,armor=4";
  const auto near = fray::fight::solve_duel(rules().bout({a, "tengu:hp=40", {}, {}}));
  EXPECT_EQ(near.method, "exact");
  EXPECT_NEAR(near.p_a_wins, 0.7351067754540668, 1e-5);
  const auto far = fray::fight::solve_duel(rules().bout({a, "tengu:hp=40", {"ranged"}, {}}));
  EXPECT_NEAR(far.p_a_wins, 0.42119445771421055, 1e-5);
}

// The hero's duel against Tengu, exact against Monte Carlo (the HP left by
// chi-square, the winner within 4 standard deviations).
TEST(SpdRuleset, TenguDuelExactAgreesWithMonteCarlo) {
  const auto bout = rules().bout({"hero:level=10,str=14,weapon=sword,armor=mail", "tengu", {}, {}});
  const auto exact = fray::fight::solve_duel(bout);
  ASSERT_EQ(exact.method, "exact");
  EXPECT_GT(exact.p_a_wins, 0.2);
  EXPECT_LT(exact.p_a_wins, 0.5);
  fray::fight::FightOptions o;
  o.method = fray::fight::FightOptions::Method::monte_carlo;
  o.monte_carlo.sims = 40000;
  o.monte_carlo.seed = 41;
  o.monte_carlo.progress = false;
  const auto mc = fray::fight::solve_duel(bout, o);
  const double sd = std::sqrt(exact.p_a_wins * (1 - exact.p_a_wins) / 40000.0);
  EXPECT_NEAR(mc.p_a_wins, exact.p_a_wins, 4 * sd);
  std::map<std::int64_t, std::uint64_t> counts;
  for (const auto& [v, p] : mc.b_hp_left.items()) counts[v] = static_cast<std::uint64_t>(std::llround(p * 40000));
  EXPECT_GT(fray::test::chi_square_p(exact.b_hp_left, counts), 1e-3);
}

// Goo.attackSkill, damageRoll and defenseSkill read its HP: at hp=40 of 100
// (HP*2 <= HT) accuracy 15, NormalIntRange(1, 12), evasion (int)(8 * 1.5) = 12;
// above 50, 10, 1-8 and 8. Against a level-1 warrior (evasion 5, cloth
// NormalIntRange(0, 2)): 1 - 5/30 and a mean of 1783/324 a hit at 40 HP; 0.75
// and 505/144 at full HP. Her accuracy 10 against it: 10/24, or 1 - 8/20.
TEST(SpdRuleset, GooFollowsItsHp) {
  const auto low = ask("goo:hp=40", "hero");
  EXPECT_EQ(stat(low.attacker, "accuracy"), 15);
  EXPECT_NEAR(low.p_hit, 5.0 / 6, 1e-12);
  EXPECT_EQ(low.damage_on_hit.max(), 12);
  EXPECT_NEAR(low.damage_on_hit.mean(), 1783.0 / 324, 1e-5);
  EXPECT_TRUE(has_line(low.notes,
                       "Goo: accuracy 15, damage 1-12 at 40 of 100 HP; accuracy 10, damage 1-8 above 50 "
                       "HP (Goo.attackSkill, Goo.damageRoll)"));
  const auto full = ask("goo:hp=100", "hero");
  EXPECT_NEAR(full.p_hit, 0.75, 1e-12);
  EXPECT_NEAR(full.damage_on_hit.mean(), 505.0 / 144, 1e-5);
  EXPECT_NEAR(ask("goo:hp=50", "hero").p_hit, 5.0 / 6, 1e-12);  // HP*2 <= HT holds at exactly half
  EXPECT_NEAR(ask("goo:hp=51", "hero").p_hit, 0.75, 1e-12);
  EXPECT_EQ(stat(ask("hero", "goo:hp=40").defender, "evasion"), 12);
  EXPECT_NEAR(ask("hero", "goo:hp=40").p_hit, 10.0 / 24, 1e-12);
  EXPECT_NEAR(ask("hero", "goo").p_hit, 0.6, 1e-12);
  // The strike rolls the half-HP range.
  const auto run = rules().strike({{"goo:hp=40", "hero", {}, {}}, 3, 200, "default"});
  bool drew = false;
  for (const auto& s : run.strikes)
    for (const auto& d : s.draws) drew = drew || d.call == "Random.NormalIntRange(1, 12)";
  EXPECT_TRUE(drew);
  // The fight starts from the same numbers: from rest at half HP it attacks on
  // Random.Int(2) > 0, so half the turns carry the attack's chance.
  const auto bout = rules().bout({"hero", "goo:hp=40", {}, {}});
  EXPECT_TRUE(bout.b_hits_a->reads().attacker_hp);
  EXPECT_TRUE(has_line(bout.notes,
                       "Goo: accuracy 15, damage 1-12 at 50 HP or less; accuracy 10, damage 1-8 above 50 "
                       "HP; the fight follows its HP (Goo.attackSkill, Goo.damageRoll)"));
  EXPECT_NEAR(kernel_hit(*bout.b_hits_a, past(bout, false, 40), past(bout, true, 20)), 0.5 * low.p_hit, 1e-12);
  EXPECT_NEAR(kernel_hit(*bout.a_hits_b, past(bout, true, 20), past(bout, false, 40)), 10.0 / 24, 1e-12);
}

// GnollGuard.damageRoll: NormalIntRange(16, 22) when its target is not
// adjacent (reach 2), 6-12 adjacent; against cloth NormalIntRange(0, 2): 14-22
// with a mean of 18, 4-12 with a mean of 8.
TEST(SpdRuleset, GnollGuardSpearFollowsTheDistance) {
  const auto near = ask("gnoll_guard", "hero");
  EXPECT_EQ(near.damage_on_hit.min(), 4);
  EXPECT_EQ(near.damage_on_hit.max(), 12);
  EXPECT_NEAR(near.damage_on_hit.mean(), 8, 1e-5);
  const auto far = ask("gnoll_guard", "hero", {"ranged"});
  EXPECT_EQ(far.damage_on_hit.min(), 14);
  EXPECT_EQ(far.damage_on_hit.max(), 22);
  EXPECT_NEAR(far.damage_on_hit.mean(), 18, 1e-5);
}

// GreatCrab.defenseSkill: INFINITE_EVASION against the enemy it has seen, while
// awake, free and the enemy visible; else its defenseSkill field, 0. In a fight
// only the first attack can surprise it.
TEST(SpdRuleset, GreatCrabBlocksTheEnemyItSees) {
  EXPECT_EQ(ask("hero", "great_crab").p_hit, 0.0);
  EXPECT_EQ(ask("hero", "great_crab", {"unseen"}).p_hit, 1.0);
  EXPECT_EQ(ask("hero", "great_crab", {"paralyzed"}).p_hit, 1.0);
  EXPECT_EQ(ask("hero:class=rogue", "great_crab", {"invisible"}).p_hit, 1.0);
  EXPECT_EQ(ask("accuracy=30,damage=1-3,hp=10", "great_crab").p_hit, 0.0);
  const auto bout = rules().bout({"hero:level=3", "great_crab", {"unseen"}, {}});
  EXPECT_EQ(kernel_hit(*bout.a_hits_b, {30, 0}, {25, 0}), 1.0);
  EXPECT_EQ(kernel_hit(*bout.a_hits_b, past(bout, true, 30), past(bout, false, 25)), 0.0);
  const auto duel = fray::fight::solve_duel(bout);
  EXPECT_LT(duel.p_a_wins, 1e-9);
}

// A depth-scaled mob without its depth has no numbers to fight with.
TEST(SpdRuleset, DepthScaledMobsNeedTheirDepth) {
  spd::Combatant wraith;
  wraith.mob = spd::lookup_mob("wraith");
  const spd::Combatant hero = spd::parse_combatant("hero", "defender");
  EXPECT_THROW((void)spd::plan_attack(wraith, hero, {}), fray::Error);
  EXPECT_THROW((void)spd::plan_attack(hero, wraith, {}), fray::Error);
  wraith.mob = spd::mob_at_depth(spd::lookup_mob("wraith"), {.depth = 3});
  EXPECT_EQ(spd::plan_attack(wraith, hero, {}).hit.accuracy, 13);
}

// --- equipment, defaults and warnings ---------------------------------------------------

// A warrior with a sword at the default STR 10: the sword needs 14, so her
// accuracy is round(10 / 1.5^4) = 2 (P(hit) 2/12 against the gnoll exile's 6)
// and an attack takes 1.2^4 = 2.0736 turns; the answer says so.
TEST(SpdRuleset, HeavyWeaponWarns) {
  const auto s = ask("hero:weapon=sword", "gnoll_exile");
  EXPECT_NEAR(s.p_hit, 2.0 / 12, 1e-12);
  EXPECT_EQ(s.equipment, std::vector<std::string>{"attacker (warrior level 1, STR 10): sword +0 (needs STR 14)"});
  EXPECT_EQ(s.warnings,
            std::vector<std::string>{
                "attacker: the sword needs STR 14 but the hero has 10: accuracy ÷1.5 a missing point (× 0.198 here, "
                "Weapon.accuracyFactor), each attack takes ×1.2 a point longer (2.074 turns, Weapon.baseDelay), and "
                "she cannot surprise-attack with it (Hero.canSurpriseAttack)"});
  const std::string defaults =
      "the attacker (warrior level 1) takes by default the warrior class, level 1, STR 10, the warrior's cloth "
      "armor +0, as the class starts (HeroClass.initHero; no class=, level=, str=, armor= in the spec)";
  EXPECT_TRUE(has_line(s.notes, defaults));
  // With the STR it needs: no warning, the items still listed.
  const auto ok =
      ask("hero:class=warrior,level=3,str=14,weapon=sword,weapon_level=1,augment=damage,ring_accuracy=1,armor=mail",
          "gnoll_exile");
  EXPECT_TRUE(ok.warnings.empty());
  EXPECT_EQ(ok.equipment,
            std::vector<std::string>{
                "attacker (warrior level 3, STR 14): sword +1 (damage augment) (needs STR 13), Ring of Accuracy +1"});
  for (const auto& n : ok.notes) EXPECT_EQ(n.find("by default"), std::string::npos) << n;
  // A strike carries both; a fight warns for both sides.
  const auto run = rules().strike({{"hero:weapon=sword", "gnoll_exile", {}, {}}, 1, 1, "default"});
  EXPECT_TRUE(has_line(run.equipment, "attacker (warrior level 1, STR 10): sword +0 (needs STR 14)"));
  EXPECT_TRUE(has_line(run.warnings,
                       "attacker: the sword needs STR 14 but the hero has 10: accuracy ÷1.5 a missing "
                       "point (× 0.198 here, Weapon.accuracyFactor), each attack takes ×1.2 a point longer "
                       "(2.074 turns, Weapon.baseDelay), and she cannot surprise-attack with it "
                       "(Hero.canSurpriseAttack)"));
  const auto bout = rules().bout({"hero:weapon=sword", "gnoll_exile", {}, {}});
  EXPECT_EQ(bout.warnings, s.warnings);
  ASSERT_FALSE(bout.notes.empty());
  EXPECT_EQ(bout.notes[0], defaults);
}

// Plate armour 6 STR short: evasion ÷ 1.5^6 = ÷11.39 (round(12 / 11.39) = 1),
// the armor roll NormalIntRange(0, 10) − 12, never above 0.
TEST(SpdRuleset, HeavyArmorWarns) {
  const auto s = ask("gnoll_brute", "hero:level=8,str=12,armor=plate");
  EXPECT_EQ(stat(s.defender, "evasion"), 1);
  EXPECT_EQ(s.equipment,
            std::vector<std::string>{"defender (warrior level 8, STR 12): plate armor +0 (needs STR 18, DR 0-10)"});
  EXPECT_EQ(s.warnings,
            std::vector<std::string>{
                "defender: the plate armor needs STR 18 but the hero has 12: evasion ÷1.5 a missing point (÷ 11.4 "
                "here, Armor.evasionFactor), its armor roll NormalIntRange(0, 10) loses 12 (2 a point, "
                "floored at 0, Hero.drRoll), and she moves ÷1.2 a point slower (Armor.speedFactor)"});
  // The same hero attacking: her armor is no part of her attack.
  EXPECT_TRUE(ask("hero:level=8,str=12,armor=plate", "rat").warnings.empty());
  // In a fight she defends: the warning comes with it, as side b too.
  EXPECT_EQ(rules().bout({"gnoll_brute", "hero:level=8,str=12,armor=plate", {}, {}}).warnings, s.warnings);
  EXPECT_EQ(rules().bout({"hero:level=8,str=12,armor=plate", "gnoll_brute", {}, {}}).warnings,
            std::vector<std::string>{"attacker" + s.warnings.at(0).substr(std::string("defender").size())});
  // A block weapon short of STR loses 2 a point off its block.
  const auto shield = ask("rat", "hero:str=12,weapon=greatshield");
  EXPECT_TRUE(has_line(shield.warnings,
                       "defender: the greatshield needs STR 18 but the hero has 12: its block "
                       "NormalIntRange(0, 6) loses 12 (2 a missing point, Hero.drRoll)"));
  EXPECT_TRUE(has_line(shield.equipment,
                       "defender (warrior level 1, STR 12): cloth armor +0 (needs STR 10, DR "
                       "0-2), greatshield +0 (needs STR 18, blocks 0-6)"));
}

// What else makes an answer worse than the spec may mean: a thrown weapon from
// the next cell (×0.5), an unseen mob she cannot surprise, a melee attack
// from a distance.
TEST(SpdRuleset, SituationWarnings) {
  const auto bow = ask("hero:class=huntress,level=5", "crab", {"thrown"});
  EXPECT_EQ(bow.equipment, std::vector<std::string>{"attacker (huntress level 5, STR 10): spirit bow (level 1, from "
                                                    "the hero's level) (needs STR 9), from the next cell"});
  EXPECT_EQ(bow.warnings,
            std::vector<std::string>{
                "attacker: the spirit bow is shot from the next cell: accuracy × 0.5 (MissileWeapon.accuracyFactor: "
                "0.5 + 0.25 a Point Blank point adjacent, 1.5 at range); the situation's ranged puts the "
                "target at a distance"});
  EXPECT_TRUE(ask("hero:class=huntress,level=5", "crab", {"thrown", "ranged"}).warnings.empty());
  const auto flail = ask("hero:str=16,weapon=flail", "gnoll", {"unseen"});
  EXPECT_EQ(flail.warnings,
            std::vector<std::string>{"attacker: unseen: the hero cannot surprise-attack with the flail (a flail "
                                     "never can, Hero.canSurpriseAttack), so the mob keeps its "
                                     "evasion"});
  EXPECT_EQ(ask("hero", "gnoll", {"ranged"}).warnings,
            std::vector<std::string>{
                "attacker: ranged: the hero attacks in melee with the worn shortsword, which reaches only "
                "the next cell; fray takes her attack as made from a distance"});
  EXPECT_TRUE(ask("hero:str=12,weapon=spear", "gnoll", {"ranged"}).warnings.empty());  // reach 2
  // Mobs carry no items and take no defaults.
  const auto mobs = ask("gnoll", "rat");
  EXPECT_TRUE(mobs.equipment.empty());
  EXPECT_TRUE(mobs.warnings.empty());
}

// The CLI prints a fight's warnings in JSON (the report's `warnings`).
TEST(SpdRuleset, DuelJsonCarriesTheWarnings) {
  const auto r =
      fray::test::run_cli({"duel", "--rules", "shattered-pd", "--a", "hero:weapon=sword", "--b", "rat", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = r.json();
  ASSERT_EQ(j.at("warnings").size(), 1u);
  EXPECT_EQ(j.at("warnings").at(0).get<std::string>().rfind("attacker: the sword needs STR 14 but the hero has 10", 0),
            0u);
}

// A fight's attack time with each augment against Weapon.Augment's delay
// factors read from the game's Java (golden/shattered_pd/item_classes.json,
// tools/shattered_pd/extract_items.py): Weapon.baseDelay is
// augment.delayFactor(DLY) = DLY × factor in float, for every melee weapon of
// the catalog (the hero strong enough for each).
TEST(SpdRuleset, AugmentDelayFollowsTheGameCode) {
  const auto g = fray::test::read_json("golden/shattered_pd/item_classes.json");
  const auto& factors = g.at("meta").at("weapon_augments");
  for (const spd::Weapon& w : spd::weapons()) {
    if (w.kind != spd::WeaponKind::melee) continue;
    for (const auto& [augment, name] : {std::pair{"none", "NONE"}, {"speed", "SPEED"}, {"damage", "DAMAGE"}}) {
      const std::string hero = "hero:str=20,weapon=" + w.key + ",augment=" + augment;
      const auto bout = rules().bout({hero, "rat", {}, {}});
      const float want = w.delay * factors.at(name).at("delayFactor").get<float>();
      EXPECT_EQ(bout.a.attack_time, static_cast<double>(want)) << w.key << " " << augment;
    }
  }
}
