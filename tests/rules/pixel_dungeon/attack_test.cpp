// Pixel Dungeon damage pipeline: each rule against distributions worked out by
// hand or by direct enumeration here, and the exact reading of the plan against
// the sampled one (chi-square at fixed seeds, and the draws in the game's order).
#include <gtest/gtest.h>

#include <cmath>
#include <fray/core/error.hpp>
#include <fray/rules/pixel_dungeon/attack.hpp>
#include <functional>

#include "support/support.hpp"

namespace pd = fray::pixel_dungeon;
using fray::Pmf;

namespace {

// The exact outcome with the plan's two hit-test numbers.
struct Checked : pd::Outcome {
  std::int64_t accuracy = 0, evasion = 0;
};

Checked outcome(const std::string& a, const std::string& d, std::vector<std::string> flags = {}) {
  const auto plan = pd::plan_attack(pd::parse_combatant(a, "attacker"), pd::parse_combatant(d, "defender"),
                                    pd::parse_situation(flags));
  Checked c;
  static_cast<pd::Outcome&>(c) = pd::exact_outcome(plan);
  c.accuracy = plan.accuracy;
  c.evasion = plan.evasion;
  return c;
}

// Random.NormalIntRange(lo, hi) written out by hand, independently of the code under test.
double normal_p(std::int64_t lo, std::int64_t hi, std::int64_t v) {
  if (v < lo || v > hi) return 0;
  const std::int64_t n = hi - lo + 1, k = v - lo, m = std::min(k, n - 1 - k);
  if (n % 2 == 1 && 2 * k == n - 1) return double(2 * n - 1) / double(n * n);
  return double(2 * (2 * m + 1)) / double(n * n);
}

// Enumerates weapon roll w, bonus b (uniform 0..bmax) and armor r (uniform 0..dr) through f.
Pmf enumerate(std::int64_t lo, std::int64_t hi, std::int64_t bmax, std::int64_t dr,
              const std::function<std::int64_t(std::int64_t, std::int64_t, std::int64_t)>& f) {
  std::map<std::int64_t, double> acc;
  for (std::int64_t w = lo; w <= hi; ++w)
    for (std::int64_t b = 0; b <= bmax; ++b)
      for (std::int64_t r = 0; r <= dr; ++r) acc[f(w, b, r)] += normal_p(lo, hi, w) / double(bmax + 1) / double(dr + 1);
  return Pmf::from_map(acc);
}

void expect_pmf(const Pmf& got, const Pmf& want) {
  EXPECT_TRUE(got.approx_equal(want, 1e-12))
      << "got [" << got.min() << ".." << got.max() << "] mean " << got.mean() << ", want [" << want.min() << ".."
      << want.max() << "] mean " << want.mean();
}

}  // namespace

TEST(PdCombat, ArmourRollFirstThenMaxZero) {
  // Warrior level 1, short sword 1–12 at STR 11 (no bonus), against a marsupial rat (dr 1).
  const auto o = outcome("hero", "marsupial_rat");
  EXPECT_EQ(o.accuracy, 10);
  EXPECT_EQ(o.evasion, 3);
  EXPECT_DOUBLE_EQ(o.p_hit, 1 - 3.0 / 20);
  EXPECT_NEAR(o.damage_on_hit[0], (2.0 / 144) * 0.5, 1e-15);  // roll 1, armor 1
  EXPECT_NEAR(o.damage_on_hit[12], (2.0 / 144) * 0.5, 1e-15);
  EXPECT_NEAR(o.damage_on_hit[1], (2.0 / 144 + 6.0 / 144) * 0.5, 1e-15);
  expect_pmf(o.damage_on_hit,
             enumerate(1, 12, 0, 1, [](auto w, auto, auto r) { return std::max<std::int64_t>(w - r, 0); }));
  EXPECT_NEAR(o.damage[0], (1 - o.p_hit) + o.p_hit * o.damage_on_hit[0], 1e-15);
}

TEST(PdCombat, ExcessStrengthBonus) {
  // Melee, not Huntress: short sword STR 11 at STR 13 → + IntRange(0, 2).
  expect_pmf(outcome("hero:str=13", "evasion=0").damage_on_hit,
             enumerate(1, 12, 2, 0, [](auto w, auto b, auto) { return w + b; }));
  // The Huntress gets no bonus in melee...
  expect_pmf(outcome("hero:class=huntress,str=12", "evasion=0").damage_on_hit,
             enumerate(1, 8, 0, 0, [](auto w, auto, auto) { return w; }));
  // ...but does on thrown attacks (boomerang STR 10 at STR 12).
  expect_pmf(outcome("hero:class=huntress,str=12", "evasion=0", {"thrown"}).damage_on_hit,
             enumerate(1, 4, 2, 0, [](auto w, auto b, auto) { return w + b; }));
  // An upgraded boomerang: 3–8, and still STR 10 (Boomerang.upgrade leaves STR as it is):
  // no bonus at STR 10, 0..2 at STR 12.
  expect_pmf(outcome("hero:class=huntress,missile_level=2", "evasion=0", {"thrown"}).damage_on_hit,
             enumerate(3, 8, 0, 0, [](auto w, auto, auto) { return w; }));
  expect_pmf(outcome("hero:class=huntress,missile_level=2,str=12", "evasion=0", {"thrown"}).damage_on_hit,
             enumerate(3, 8, 2, 0, [](auto w, auto b, auto) { return w + b; }));
  EXPECT_THROW((void)outcome("hero:missile_level=1", "evasion=0", {"thrown"}), fray::Error);  // darts do not upgrade
  // Other classes get none on thrown attacks.
  expect_pmf(outcome("hero:class=rogue,str=14", "evasion=0", {"thrown"}).damage_on_hit,
             enumerate(1, 4, 0, 0, [](auto w, auto, auto) { return w; }));
}

TEST(PdCombat, BerserkerFuryRounding) {
  // HP 8 of HT 20: Fury, trunc(dmg · 1.5f) on roll + bonus, before armor.
  const auto fury = outcome("hero:subclass=berserker,hp=8,str=12", "gnoll_scout");
  expect_pmf(fury.damage_on_hit, enumerate(1, 12, 1, 2, [](auto w, auto b, auto r) {
               return std::max<std::int64_t>((w + b) * 3 / 2 - r, 0);
             }));
  // Odd totals round down: 1 → 1, 3 → 4, 13 → 19.
  const auto f0 = outcome("hero:subclass=berserker,hp=8,str=12", "evasion=0");
  EXPECT_NEAR(f0.damage_on_hit[1], normal_p(1, 12, 1) / 2, 1e-15);
  EXPECT_EQ(f0.damage_on_hit[2], 0.0);
  EXPECT_NEAR(f0.damage_on_hit[19], normal_p(1, 12, 12) / 2, 1e-15);
  EXPECT_EQ(f0.damage_on_hit.max(), 19);
  // HP 9 is above 40 %: no Fury.
  EXPECT_EQ(outcome("hero:subclass=berserker,hp=9,str=12", "evasion=0").damage_on_hit.max(), 13);
}

TEST(PdCombat, GladiatorCombo) {
  // Combo count 4: eff + trunc(eff · 2 / 5), after armor.
  expect_pmf(outcome("hero:subclass=gladiator,combo=4", "gnoll_scout").damage_on_hit,
             enumerate(1, 12, 0, 2, [](auto w, auto, auto r) {
               const std::int64_t e = std::max<std::int64_t>(w - r, 0);
               return e + e * 2 / 5;
             }));
  // Counts below 3 add nothing; thrown attacks get no Combo.
  expect_pmf(outcome("hero:subclass=gladiator,combo=2", "evasion=0").damage_on_hit,
             enumerate(1, 12, 0, 0, [](auto w, auto, auto) { return w; }));
  EXPECT_EQ(outcome("hero:subclass=gladiator,combo=7,str=13", "evasion=0", {"thrown"}).damage_on_hit.max(), 4);
  // Hero.attackProc gives Combo only to a MeleeWeapon: not bare hands, not the pickaxe.
  expect_pmf(outcome("hero:subclass=gladiator,combo=7,weapon=none,str=14", "evasion=0").damage_on_hit,
             Pmf::uniform(1, 5));
  EXPECT_EQ(outcome("hero:subclass=gladiator,combo=7,weapon=pickaxe", "evasion=0").damage_on_hit.max(), 12);
}

TEST(PdCombat, SniperSkipsTheArmourRoll) {
  // Thrown boomerang 1–4 against a skeleton (dr 5): no armor at all, at any distance.
  expect_pmf(outcome("hero:subclass=sniper", "skeleton", {"thrown", "adjacent"}).damage_on_hit,
             pd::normal_int_range_pmf(1, 4));
  // In melee the armor roll is back.
  expect_pmf(outcome("hero:subclass=sniper", "skeleton").damage_on_hit,
             enumerate(1, 8, 0, 5, [](auto w, auto, auto r) { return std::max<std::int64_t>(w - r, 0); }));
  // The plan draws no armor roll.
  const auto plan = pd::plan_attack(pd::parse_combatant("hero:subclass=sniper", "a"),
                                    pd::parse_combatant("skeleton", "d"), pd::parse_situation({"thrown"}));
  EXPECT_FALSE(plan.armor);
}

TEST(PdCombat, AssassinBonus) {
  // Dagger 1–8 against an unseen defender with no armor: eff + Int(1, eff), uniform on 1..eff−1.
  const auto o = outcome("hero:subclass=assassin", "evasion=7", {"unseen"});
  EXPECT_EQ(o.evasion, 0);
  EXPECT_EQ(o.p_hit, 1.0);
  EXPECT_NEAR(o.damage_on_hit[2], normal_p(1, 8, 1), 1e-15);       // 1 → 1 + Int(1,1) = 2
  EXPECT_NEAR(o.damage_on_hit[3], normal_p(1, 8, 2), 1e-15);       // 2 → 3 only
  EXPECT_NEAR(o.damage_on_hit[15], normal_p(1, 8, 8) / 7, 1e-15);  // 8 + 7
  EXPECT_NEAR(o.damage_on_hit[9],
              normal_p(1, 8, 5) / 4 + normal_p(1, 8, 6) / 5 + normal_p(1, 8, 7) / 6 + normal_p(1, 8, 8) / 7, 1e-15);
  EXPECT_EQ(o.damage_on_hit[16], 0.0);  // never ×2
  // After armor: a fully absorbed hit (eff 0) still becomes 1.
  const auto g = outcome("hero:subclass=assassin,weapon=none", "gnoll_scout", {"unseen"});
  // Unarmed at STR 10: 1; armor 0..2 → eff 1, 0, 0 → 2, 1, 1.
  EXPECT_NEAR(g.damage_on_hit[2], 1.0 / 3, 1e-15);
  EXPECT_NEAR(g.damage_on_hit[1], 2.0 / 3, 1e-15);
  // Paralysed defenders count as a surprise too; thrown attacks get it as well.
  EXPECT_EQ(outcome("hero:subclass=assassin", "evasion=7", {"paralyzed"}).damage_on_hit.max(), 15);
  EXPECT_EQ(outcome("hero:subclass=assassin", "evasion=7", {"paralysed"}).damage_on_hit.max(), 15);  // British alias
  EXPECT_EQ(outcome("hero:subclass=assassin", "evasion=0", {"thrown", "unseen"}).damage_on_hit.max(), 7);
  // Not when the mob has seen the hero, and never against thief, bandit or swarm.
  EXPECT_EQ(outcome("hero:subclass=assassin", "evasion=7").damage_on_hit.max(), 8);
  for (const char* m : {"crazy_thief", "crazy_bandit", "swarm_of_flies"})
    EXPECT_EQ(outcome("hero:subclass=assassin,str=20", m, {"unseen"}).damage_on_hit.max(), 8 + 10) << m;
  EXPECT_GT(outcome("hero:subclass=assassin", "fetid_rat", {"unseen"}).damage_on_hit.max(), 8);
  // A plain rogue gets evasion 0 from the surprise but no bonus.
  EXPECT_EQ(outcome("hero:class=rogue", "evasion=7", {"unseen"}).damage_on_hit.max(), 8);
}

TEST(PdCombat, SubclassesWithoutCombatRules) {
  // The Warlock and the Warden change nothing in one attack.
  expect_pmf(outcome("hero:class=mage,subclass=warlock", "gnoll_scout").damage,
             outcome("hero:class=mage", "gnoll_scout").damage);
  expect_pmf(outcome("hero:class=huntress,subclass=warden,str=12", "gnoll_scout", {"thrown"}).damage,
             outcome("hero:class=huntress,str=12", "gnoll_scout", {"thrown"}).damage);
  // A Freerunner who is acting is harder to hit.
  EXPECT_EQ(outcome("gnoll_scout", "hero:class=rogue,subclass=freerunner,str=12", {"acting"}).evasion, 16);
  EXPECT_EQ(outcome("gnoll_scout", "hero:class=rogue,subclass=freerunner,str=12").evasion, 8);
}

TEST(PdCombat, UnarmedAndWands) {
  expect_pmf(outcome("hero:weapon=none,str=14", "evasion=0").damage_on_hit, Pmf::uniform(1, 5));
  expect_pmf(outcome("hero:weapon=none,str=10", "evasion=0").damage_on_hit, Pmf::point(1));
  // A wand in melee: no STR bonus; the Battlemage adds its charges.
  expect_pmf(outcome("hero:class=mage,weapon=wand,str=15", "evasion=0").damage_on_hit, pd::normal_int_range_pmf(1, 5));
  expect_pmf(outcome("hero:class=mage,subclass=battlemage,weapon=wand,charges=2", "evasion=0").damage_on_hit,
             pd::normal_int_range_pmf(3, 7));
  // Below its maximum the wand gains a charge first, but only on a hit that deals damage.
  expect_pmf(
      outcome("hero:class=mage,subclass=battlemage,weapon=wand,charges=2,max_charges=3", "evasion=0").damage_on_hit,
      pd::normal_int_range_pmf(4, 8));
  expect_pmf(
      outcome("hero:class=mage,subclass=battlemage,weapon=wand,charges=2,max_charges=3", "gnoll_scout").damage_on_hit,
      enumerate(1, 5, 0, 2, [](auto w, auto, auto r) {
        const std::int64_t e = std::max<std::int64_t>(w - r, 0);
        return e + (e > 0 ? 3 : 2);
      }));
  // The knuckleduster is no wand: no charges.
  EXPECT_EQ(outcome("hero:class=mage,subclass=battlemage,charges=2", "evasion=0").damage_on_hit.max(), 5);
}

TEST(PdCombat, MobSpells) {
  // Gnoll shaman lightning on a level-1 warrior: magic hit (22 vs 5), uniform 2..11, no armor.
  const auto o = outcome("gnoll_shaman", "hero", {"magic"});
  EXPECT_EQ(o.accuracy, 11);
  EXPECT_EQ(o.evasion, 5);
  EXPECT_DOUBLE_EQ(o.p_hit, 1 - 5.0 / 44);
  expect_pmf(o.damage_on_hit, Pmf::uniform(2, 11));
  // In water ×1.5, truncated.
  expect_pmf(outcome("gnoll_shaman", "hero", {"magic", "water"}).damage_on_hit,
             Pmf::uniform(2, 11).map([](std::int64_t v) { return v * 3 / 2; }));
  expect_pmf(outcome("dwarf_warlock", "hero", {"magic"}).damage_on_hit, Pmf::uniform(12, 17));
  // The evil eye only ever uses its beam.
  const auto eye = outcome("evil_eye", "hero");
  EXPECT_DOUBLE_EQ(eye.p_hit, 1 - 5.0 / 120);
  expect_pmf(eye.damage_on_hit, pd::normal_int_range_pmf(14, 20));
  // In melee the shaman's normal attack meets armor.
  expect_pmf(outcome("gnoll_shaman", "hero").damage_on_hit,
             enumerate(2, 6, 0, 2, [](auto w, auto, auto r) { return std::max<std::int64_t>(w - r, 0); }));
}

TEST(PdCombat, MobsOnTheHero) {
  const auto o = outcome("gnoll_scout", "hero:level=3,armor=leather");
  EXPECT_EQ(o.evasion, 7);  // 4 + level; leather STR 11 = hero STR
  expect_pmf(o.damage_on_hit,
             enumerate(2, 5, 0, 4, [](auto w, auto, auto r) { return std::max<std::int64_t>(w - r, 0); }));
  // A paralyzed hero's evasion is halved.
  EXPECT_EQ(outcome("gnoll_scout", "hero:level=3", {"paralyzed"}).evasion, 3);
  // The brute rages below a quarter of its HP.
  EXPECT_EQ(outcome("gnoll_brute:hp=9", "evasion=0").damage_on_hit.max(), 40);
  EXPECT_EQ(outcome("gnoll_brute:hp=10", "evasion=0").damage_on_hit.max(), 18);
  // Goo pumped up: accuracy 30, damage 5–30.
  const auto goo = outcome("goo:pumped", "evasion=0");
  EXPECT_EQ(goo.accuracy, 30);
  expect_pmf(goo.damage_on_hit, pd::normal_int_range_pmf(5, 30));
}

TEST(PdCombat, ResistanceImmunityAndYog) {
  // Resisted: IntRange(0, dmg) of the damage after everything else.
  std::map<std::int64_t, double> acc;
  for (std::int64_t w = 1; w <= 12; ++w)
    for (std::int64_t x = 0; x <= w; ++x) acc[x] += normal_p(1, 12, w) / double(w + 1);
  expect_pmf(outcome("hero", "evasion=0", {"resisted"}).damage_on_hit, Pmf::from_map(acc));
  expect_pmf(outcome("hero", "evasion=0", {"immune"}).damage_on_hit, Pmf::point(0));
  // Yog-Dzewa: evasion 0, and every living fist halves the damage.
  const auto y = outcome("hero", "yog_dzewa:fists=1");
  EXPECT_EQ(y.p_hit, 1.0);
  EXPECT_EQ(y.damage_on_hit.max(), 6);
  EXPECT_NEAR(y.damage_on_hit[0], normal_p(1, 12, 1), 1e-15);
}

TEST(PdCombat, SituationErrors) {
  EXPECT_THROW((void)outcome("hero", "gnoll_scout", {"magic"}), fray::Error);
  EXPECT_THROW((void)outcome("gnoll_scout", "hero", {"thrown"}), fray::Error);
  EXPECT_THROW((void)outcome("gnoll_scout", "hero", {"magic"}), fray::Error);
  EXPECT_THROW((void)outcome("gnoll_scout", "hero", {"unseen"}), fray::Error);
  EXPECT_THROW((void)outcome("hero:class=mage", "gnoll_scout", {"thrown"}), fray::Error);
  EXPECT_THROW((void)pd::parse_situation({"sneaky"}), fray::Error);
  EXPECT_TRUE(
      pd::exact_outcome(pd::plan_attack(pd::parse_combatant("yog_dzewa", "a"), pd::parse_combatant("hero", "d"), {}))
          .damage.is_point());
}

TEST(PdCombat, ExactAgreesWithSampledStrikes) {
  const struct {
    const char *a, *d;
    std::vector<std::string> flags;
  } cases[] = {
      {"hero", "marsupial_rat", {}},
      {"hero:level=5,str=15,weapon=war_hammer", "gnoll_scout", {}},
      {"hero:class=rogue,subclass=assassin,level=4", "gnoll_scout", {"unseen"}},
      {"hero:subclass=berserker,level=6,hp=12,str=14,weapon=mace", "gnoll_brute", {}},
      {"hero:class=huntress,subclass=sniper,str=13", "skeleton", {"thrown"}},
      {"hero:class=huntress,str=13", "cave_spinner", {"thrown", "adjacent"}},
      {"hero:subclass=gladiator,combo=5,weapon=sword,str=16,level=8", "vampire_bat", {}},
      {"hero:class=mage,subclass=battlemage,weapon=wand,weapon_level=3,charges=3", "wraith:depth=7", {}},
      {"gnoll_shaman", "hero:level=2", {"magic", "water"}},
      {"golem", "hero:level=14,armor=plate,str=17", {"paralyzed"}},
      {"hero:level=3", "evasion=4,armor=3", {"resisted"}},
      {"gnoll_brute:hp=5", "hero:class=rogue,level=7,str=13,ring_evasion=2", {}},
  };
  std::uint64_t seed = 1000;
  for (const auto& c : cases) {
    const auto plan = pd::plan_attack(pd::parse_combatant(c.a, "attacker"), pd::parse_combatant(c.d, "defender"),
                                      pd::parse_situation(c.flags));
    const auto o = pd::exact_outcome(plan);
    fray::Rng rng(seed++);
    std::map<std::int64_t, std::uint64_t> counts;
    for (int i = 0; i < 200000; ++i) ++counts[pd::strike(plan, rng).damage];
    EXPECT_GT(fray::test::chi_square_p(o.damage, counts), 1e-3) << c.a << " vs " << c.d;
  }
}

TEST(PdCombat, ExactAndSampledReadTheSamePlan) {
  // Given a hit, the sampled damage follows damage_on_hit; the share of hits follows p_hit.
  const struct {
    const char *a, *d;
    std::vector<std::string> flags;
  } cases[] = {
      {"hero:class=rogue,subclass=assassin,level=6,str=14", "gnoll_brute:hp=30", {"paralyzed", "resisted"}},
      {"evil_eye", "hero:level=9,ring_evasion=3", {}},
      {"hero:weapon=none,str=13", "yog_dzewa:fists=1", {}},
      {"hero:subclass=berserker,hp=8,str=13", "gnoll_scout", {}},
      {"hero:class=mage,subclass=battlemage,weapon=wand,charges=1,max_charges=4", "sewer_crab", {}},
      {"gnoll_shaman", "hero:level=4", {"magic", "water"}},
  };
  std::uint64_t seed = 2000;
  for (const auto& c : cases) {
    const auto plan = pd::plan_attack(pd::parse_combatant(c.a, "attacker"), pd::parse_combatant(c.d, "defender"),
                                      pd::parse_situation(c.flags));
    const auto o = pd::exact_outcome(plan);
    fray::Rng rng(seed++);
    std::map<std::int64_t, std::uint64_t> on_hit;
    std::uint64_t hits = 0;
    constexpr int n = 200000;
    for (int i = 0; i < n; ++i) {
      const pd::StrikeResult s = pd::strike(plan, rng);
      if (!s.hit.hit) continue;
      ++hits;
      ++on_hit[s.damage];
    }
    const double sigma = std::sqrt(o.p_hit * (1 - o.p_hit) / n);
    EXPECT_NEAR(double(hits) / n, o.p_hit, 5 * sigma + 1e-12) << c.a << " vs " << c.d;
    if (!o.damage_on_hit.is_point()) {
      EXPECT_GT(fray::test::chi_square_p(o.damage_on_hit, on_hit), 1e-3) << c.a << " vs " << c.d;
    }
  }
}

TEST(PdCombat, OnDrawSeesEveryCallInOrder) {
  // The assassin's surprise attack on a paralyzed, resisting gnoll scout makes every kind of draw.
  const auto plan =
      pd::plan_attack(pd::parse_combatant("hero:class=rogue,subclass=assassin,str=12", "a"),
                      pd::parse_combatant("gnoll_scout:hp=10", "d"), pd::parse_situation({"paralyzed", "resisted"}));
  fray::Rng rng(7);
  for (int i = 0; i < 200; ++i) {
    std::vector<pd::DrawFor> seen;
    std::vector<std::string> calls;
    const pd::StrikeResult s = pd::strike(plan, rng, [&](pd::DrawFor w, const pd::RandomCall& c, double) {
      seen.push_back(w);
      calls.push_back(c.text());
    });
    ASSERT_GE(seen.size(), 5u);
    EXPECT_EQ(seen[0], pd::DrawFor::acu_roll);
    EXPECT_EQ(calls[0], "Random.Float(12)");
    EXPECT_EQ(seen[1], pd::DrawFor::def_roll);
    EXPECT_EQ(calls[1], "Random.Float(0)");
    EXPECT_EQ(seen[2], pd::DrawFor::armor_roll);
    EXPECT_EQ(calls[2], "Random.IntRange(0, 2)");
    EXPECT_EQ(seen[3], pd::DrawFor::damage_roll);
    EXPECT_EQ(calls[3], "Random.NormalIntRange(1, 8)");
    EXPECT_EQ(seen[4], pd::DrawFor::bonus_roll);  // dagger STR 10 at STR 12
    EXPECT_EQ(calls[4], "Random.IntRange(0, 2)");
    EXPECT_EQ(seen[5], pd::DrawFor::assassin_roll);
    EXPECT_EQ(calls[5].rfind("Random.Int(1, ", 0), 0u) << calls[5];
    EXPECT_EQ(seen[6], pd::DrawFor::resist_roll);
    // Random.Int(max) draws only for max > 0.
    const std::size_t para = (s.damage > 0 ? 1u : 0u) + 1u;
    EXPECT_EQ(seen.size(), 7u + para);
    EXPECT_EQ(seen.back(), pd::DrawFor::paralysis_hp);
    EXPECT_EQ(calls.back(), "Random.Int(10)");
  }
}

TEST(PdCombat, StrikeTraceDrawsInGameOrder) {
  // A deterministic engine: unit() returns the listed values in turn.
  struct Scripted {
    std::vector<double> u;
    std::size_t i = 0;
    std::uint64_t next() { return 0; }
    std::int64_t uniform(std::int64_t lo, std::int64_t) { return lo; }
    double unit() { return u.at(i++); }
  };
  const auto plan = pd::plan_attack(pd::parse_combatant("hero:subclass=assassin", "a"),
                                    pd::parse_combatant("gnoll_scout", "d"), pd::parse_situation({"unseen"}));
  // acuRoll, defRoll (evasion 0), armor IntRange(0,2), NormalIntRange(1,8) twice, assassin Int(1, eff).
  Scripted e{{0.5, 0.9, 0.5, 0.9, 0.9, 0.99}};
  const pd::StrikeResult s = pd::strike(plan, e);
  EXPECT_TRUE(s.hit.hit);
  EXPECT_FLOAT_EQ(s.hit.acu_roll, 6.0f);
  EXPECT_EQ(s.hit.def_roll, 0.0f);
  EXPECT_EQ(*s.armor_roll, 1);
  EXPECT_EQ(*s.damage_roll, 8);    // 1 + trunc(1.8 · 8 / 2)
  EXPECT_EQ(*s.assassin_roll, 6);  // 1 + trunc(0.99 · 6)
  EXPECT_EQ(s.damage, 7 + 6);
  EXPECT_EQ(e.i, 6u);
  EXPECT_FALSE(s.paralysis_broken);

  // A paralyzed defender: after the damage, Random.Int(dmg) >= Random.Int(HP) breaks it.
  const auto para = pd::plan_attack(pd::parse_combatant("hero", "a"), pd::parse_combatant("gnoll_scout:hp=10", "d"),
                                    pd::parse_situation({"paralyzed"}));
  // acuRoll, defRoll, armor 0, roll 1 + trunc(0.5·12) = 7, Int(7) = 6, Int(10) = 5.
  Scripted f{{0.5, 0.5, 0.0, 0.5, 0.5, 0.9, 0.5}};
  const pd::StrikeResult t = pd::strike(para, f);
  EXPECT_EQ(t.damage, 7);
  ASSERT_TRUE(t.paralysis_broken);
  EXPECT_TRUE(*t.paralysis_broken);
  EXPECT_EQ(f.i, 7u);
}
