// The parts a Shattered Pixel Dungeon mob's fight follows
// (fray/rules/shattered_pd/parts.hpp), by value, and in the catalog; the
// situation's first-attack conditions (the first_attack part).
#include <fray/fight/parts/first_attack.hpp>
#include <fray/rules/registry.hpp>
#include <fray/rules/shattered_pd/parts.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace spd = fray::shattered_pd;

TEST(SpdParts, TheBatDrainsTheDamageLessFour) {
  // Bat.attackProc: min(damage - 4, HT - HP), healed when positive.
  const std::vector<fray::fight::PartUse> want{
      {"drain", {{"fraction", 1}, {"less", 4}, {"victim_cap", 0}, {"uniform", 0}, {"capped", 1}}, "Bat.attackProc"}};
  const spd::Mob& bat = spd::lookup_mob("vampire_bat");
  EXPECT_EQ(bat.java_class, "Bat");
  EXPECT_EQ(spd::mob_parts(bat), want);
  EXPECT_TRUE(spd::mob_parts(spd::lookup_mob("marsupial_rat")).empty());
  bool listed = false;
  for (const fray::CatalogEntry& e : fray::ruleset("shattered-pd").catalog(fray::CatalogKind::monsters))
    if (e.name == "vampire_bat") {
      EXPECT_EQ(e.parts, want);
      listed = true;
    }
  EXPECT_TRUE(listed);
}

// The one list names Goo's ooze (Ooze.set: 20 turns on Random.Int(3) == 0;
// Ooze.act: 1 a turn at Goo's depth 5, no coin there) and the swarm's split.
TEST(SpdParts, GooOozesAndTheSwarmSplits) {
  using fray::fight::parts::param;
  const auto goo = fray::shattered_pd::mob_parts(fray::shattered_pd::lookup_mob("goo"));
  ASSERT_EQ(goo.size(), 1u);
  EXPECT_EQ(goo[0].part, "ooze");
  EXPECT_EQ(param(goo[0], "chance"), 3);
  EXPECT_EQ(param(goo[0], "dose_lo"), 20);
  EXPECT_EQ(param(goo[0], "tick_damage"), 1);
  EXPECT_EQ(param(goo[0], "coin"), 0);
  const auto swarm = fray::shattered_pd::mob_parts(fray::shattered_pd::lookup_mob("swarm_of_flies"));
  ASSERT_EQ(swarm.size(), 1u);
  EXPECT_EQ(swarm[0].part, "split");
  EXPECT_EQ(param(swarm[0], "clones_wait"), 1);
}

// Brute.isAlive, triggerEnrage, BruteRage.act: a shield of HT/2 + 4 at 0 HP,
// round(4 x ascension) off it every turn; ArmoredBrute: HT/2 + 1,
// round(ascension) every third turn.
TEST(SpdParts, TheBrutesRageShields) {
  using fray::fight::parts::param;
  const auto brute = spd::mob_parts(spd::lookup_mob("gnoll_brute"));
  const std::vector<fray::fight::PartUse> want{
      {"rage",
       {{"on", 2}, {"fraction", 0}, {"divisor", 1}, {"shield_plus", 4}, {"decay", 4}, {"every", 1}},
       "Brute.isAlive, BruteRage.act"}};
  EXPECT_EQ(brute, want);
  const auto armored = spd::mob_parts(spd::lookup_mob("armored_brute"));
  ASSERT_EQ(armored.size(), 1u);
  EXPECT_EQ(armored[0].part, "rage");
  EXPECT_EQ(param(armored[0], "shield_plus"), 1);
  EXPECT_EQ(param(armored[0], "decay"), 1);
  EXPECT_EQ(param(armored[0], "every"), 3);
  for (const fray::CatalogEntry& e : fray::ruleset("shattered-pd").catalog(fray::CatalogKind::monsters))
    if (e.name == "gnoll_brute") {
      EXPECT_EQ(e.parts, want);
    }
}

TEST(SpdParts, TheFirstAttackConditionsPass) {
  // kPassing clears what the turn's plans read once a side's conditions
  // are over: the attacker's invisibility, the defender's surprise,
  // paralysis and Focus; the other flags last.
  spd::Situation s;
  s.invisible = s.surprised = s.paralyzed = s.focus = s.blessed = true;
  const spd::Situation a = fray::fight::parts::passed(s, spd::kPassing, true, false);
  EXPECT_FALSE(a.invisible);
  EXPECT_TRUE(a.surprised && a.paralyzed && a.focus && a.blessed);
  const spd::Situation d = fray::fight::parts::passed(s, spd::kPassing, false, true);
  EXPECT_TRUE(d.invisible && d.blessed);
  EXPECT_FALSE(d.surprised || d.paralyzed || d.focus);
  // The fight reads the part's parameter from the PartUse the catalog shows.
  EXPECT_TRUE(fray::fight::parts::first_attack_of(spd::first_attack_part()).attack_ends_foe);
  const fray::fight::PartUse unseen{"first_attack", {{"attack_ends_foe", 1}}, "Mob.act enemySeen"};
  int named = 0;
  for (const fray::CatalogEntry& e : fray::ruleset("shattered-pd").catalog(fray::CatalogKind::situations)) {
    if (e.name == "unseen" || e.name == "surprised" || e.name == "paralyzed") {
      EXPECT_EQ(e.parts, std::vector<fray::fight::PartUse>{unseen}) << e.name;
      ++named;
    } else if (e.name == "invisible" || e.name == "focus") {
      ASSERT_EQ(e.parts.size(), 1u) << e.name;
      EXPECT_EQ(e.parts[0].part, "first_attack");
      ++named;
    } else {
      EXPECT_TRUE(e.parts.empty()) << e.name;
    }
  }
  EXPECT_EQ(named, 5);
  // A fight names them in its modelled list.
  EXPECT_EQ(spd::first_attack_line({}), "");
  spd::Situation both;
  both.invisible = both.surprised = true;
  EXPECT_EQ(spd::first_attack_line(both),
            "invisible, unseen hold for the first attack only, then the fight goes on without them "
            "(Invisibility.dispel, Mob.act enemySeen)");
  fray::AttackRequest req;
  req.attacker = "hero:class=warrior";
  req.defender = "gnoll_scout";
  req.situation = {"unseen"};
  const fray::Bout b = fray::ruleset("shattered-pd").bout(req);
  const std::string line = spd::first_attack_line(spd::Situation{.surprised = true});
  EXPECT_EQ(line, "unseen holds for the first attack only, then the fight goes on without it (Mob.act enemySeen)");
  EXPECT_NE(std::find(b.modelled.begin(), b.modelled.end(), line), b.modelled.end());
}
