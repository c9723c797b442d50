// Shattered Pixel Dungeon through fray::Ruleset ("shattered-pd"): the worked
// examples of the rules asked as specs and situation flags, exact against
// sampled strikes on both engines, fights with the surprise state, and the
// dice function with the float-exact law.
#include <gtest/gtest.h>

#include <fray/core/dice.hpp>
#include <fray/core/error.hpp>
#include <fray/fight/solve.hpp>
#include <fray/rules/ruleset.hpp>
#include <fray/rules/shattered_pd/random.hpp>
#include <fray/rules/shattered_pd/ruleset.hpp>
#include <map>
#include <string>
#include <vector>

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
