// The parts a Pixel Dungeon mob's fight follows (fray/rules/pixel_dungeon/parts.hpp),
// by value, and as `fray list monsters --json` shows them; the situation's
// first-attack condition (the first_attack part).
#include <fray/fight/parts/first_attack.hpp>
#include <fray/rules/pixel_dungeon/parts.hpp>
#include <fray/rules/registry.hpp>

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace pd = fray::pixel_dungeon;

TEST(PdParts, TheVampireBatDrains) {
  // Bat.attackProc: min(damage, HT - HP): the whole damage, capped at HT.
  const std::vector<fray::fight::PartUse> want{
      {"drain", {{"fraction", 1}, {"less", 0}, {"victim_cap", 0}, {"uniform", 0}, {"capped", 1}}, "Bat.attackProc"}};
  EXPECT_EQ(pd::mob_parts(pd::lookup_mob("vampire_bat")), want);
  EXPECT_TRUE(pd::mob_parts(pd::lookup_mob("marsupial_rat")).empty());
  // The catalog lists the same.
  bool listed = false;
  for (const fray::CatalogEntry& e : fray::ruleset("pixel-dungeon").catalog(fray::CatalogKind::monsters))
    if (e.name == "vampire_bat") {
      EXPECT_EQ(e.parts, want);
      listed = true;
    }
  EXPECT_TRUE(listed);
}

// The one list names the damage over time and the split too, with the
// parameters the turn takes (Spinner.attackProc: on Random.Int(2) == 0,
// Poison.set(Random.Int(7, 9)); Swarm.defenseProc: a split at 2 HP left).
TEST(PdParts, TheSpinnerPoisonsAndTheSwarmSplits) {
  using fray::fight::parts::param;
  const auto spinner = pd::mob_parts(pd::lookup_mob("cave_spinner"));
  ASSERT_EQ(spinner.size(), 1u);
  EXPECT_EQ(spinner[0].part, "poison");
  EXPECT_EQ(spinner[0].source, "Spinner.attackProc, Poison.act");
  EXPECT_EQ(param(spinner[0], "chance"), 2);
  EXPECT_EQ(param(spinner[0], "dose_lo"), 7);
  EXPECT_EQ(param(spinner[0], "dose_hi"), 8);
  EXPECT_EQ(param(spinner[0], "outlives_applier"), 1);
  const auto swarm = pd::mob_parts(pd::lookup_mob("swarm_of_flies"));
  ASSERT_EQ(swarm.size(), 1u);
  EXPECT_EQ(swarm[0].part, "split");
  EXPECT_EQ(param(swarm[0], "min_left"), 2);
  EXPECT_EQ(param(swarm[0], "in_line"), 0);
  for (const fray::CatalogEntry& e : fray::ruleset("pixel-dungeon").catalog(fray::CatalogKind::monsters))
    if (e.name == "cave_spinner") {
      EXPECT_EQ(e.parts, spinner);
    }
}

// Brute.damage: the brute (and the shielded brute, a Brute) rages below HT / 4
// (integer division); Hero.damage: the Berserker's Fury at HP <= HT x 0.4f.
TEST(PdParts, TheBrutesRageAndTheBerserkersFury) {
  using fray::fight::parts::param;
  const std::vector<fray::fight::PartUse> want{
      {"rage",
       {{"on", 1}, {"fraction", 0}, {"divisor", 4}, {"shield_plus", 0}, {"decay", 0}, {"every", 1}},
       "Brute.damage, Brute.damageRoll"}};
  EXPECT_EQ(pd::mob_parts(pd::lookup_mob("gnoll_brute")), want);
  EXPECT_EQ(pd::mob_parts(pd::lookup_mob("shielded_brute")), want);
  for (const fray::CatalogEntry& e : fray::ruleset("pixel-dungeon").catalog(fray::CatalogKind::monsters))
    if (e.name == "gnoll_brute") {
      EXPECT_EQ(e.parts, want);
    }
  pd::Hero h;
  EXPECT_TRUE(pd::hero_parts(h).empty());
  h.subclass = pd::SubClass::berserker;
  const auto fury = pd::hero_parts(h);
  ASSERT_EQ(fury.size(), 1u);
  EXPECT_EQ(fury[0].part, "rage");
  EXPECT_EQ(param(fury[0], "on"), 0);
  EXPECT_EQ(param(fury[0], "fraction"), static_cast<double>(0.4f));
  // Level 12: HT 75, 75 x 0.4f = 30.0000004: Fury at 30 HP, not at 31.
  h.level = 12;
  EXPECT_TRUE(pd::fury_active(h, 30));
  EXPECT_FALSE(pd::fury_active(h, 31));
}

TEST(PdParts, AnUnseenMobsSurpriseEndsOnItsOwnTurn) {
  // kPassing clears `unseen` once the defender's conditions are over, and
  // nothing else (the attacker holds none; `paralyzed` lasts).
  pd::Situation s;
  s.unseen = s.paralyzed = s.thrown = true;
  const pd::Situation a = fray::fight::parts::passed(s, pd::kPassing, true, false);
  EXPECT_TRUE(a.unseen && a.paralyzed && a.thrown);
  const pd::Situation d = fray::fight::parts::passed(s, pd::kPassing, false, true);
  EXPECT_FALSE(d.unseen);
  EXPECT_TRUE(d.paralyzed && d.thrown);
  // Only the mob's own turn ends it (Mob.act): the first attack on it does not.
  const fray::fight::PartUse want{"first_attack", {{"attack_ends_foe", 0}}, "Mob.act enemySeen"};
  EXPECT_EQ(pd::first_attack_part(), want);
  EXPECT_FALSE(fray::fight::parts::first_attack_of(pd::first_attack_part()).attack_ends_foe);
  for (const fray::CatalogEntry& e : fray::ruleset("pixel-dungeon").catalog(fray::CatalogKind::situations)) {
    if (e.name == "unseen")
      EXPECT_EQ(e.parts, std::vector<fray::fight::PartUse>{want});
    else
      EXPECT_TRUE(e.parts.empty()) << e.name;
  }
  EXPECT_EQ(pd::first_attack_line(pd::Situation{}), "");
  EXPECT_EQ(pd::first_attack_line(s),
            "unseen holds for the first attack only, then the fight goes on without it (Mob.act enemySeen)");
}
