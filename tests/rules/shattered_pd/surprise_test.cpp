// Shattered Pixel Dungeon's surprise attacks (Mob.surprisedBy, Mob.defenseSkill)
// and how they reach the attack plan.
#include <gtest/gtest.h>

#include <fray/rules/shattered_pd/attack.hpp>
#include <fray/rules/shattered_pd/surprise.hpp>

namespace spd = fray::shattered_pd;

TEST(SpdSurprise, SurprisedByTheHero) {
  EXPECT_FALSE(spd::surprised_by_hero({}, true, true));
  EXPECT_TRUE(spd::surprised_by_hero({.enemy_seen = false}, true, true));
  EXPECT_TRUE(spd::surprised_by_hero({.hero_invisible = true}, true, true));
  EXPECT_TRUE(spd::surprised_by_hero({.in_view = false}, true, true));
  // Attacking needs a weapon that can surprise; merely being unseen does not.
  EXPECT_FALSE(spd::surprised_by_hero({.enemy_seen = false}, true, false));
  EXPECT_TRUE(spd::surprised_by_hero({.enemy_seen = false}, false, false));
}

TEST(SpdSurprise, DefenseSkillDropsToZero) {
  EXPECT_EQ(spd::mob_defense_skill(15, {}), 15);
  EXPECT_EQ(spd::mob_defense_skill(15, {.surprised = true}), 0);
  EXPECT_EQ(spd::mob_defense_skill(15, {.paralyzed = true}), 0);
  EXPECT_EQ(spd::mob_defense_skill(15, {.ally_hit_by_hero = true}), 0);
  EXPECT_EQ(spd::mob_defense_skill(15, {.illuminated = true}), 0);
  // PASSIVE and HUNTING mobs see what is in view; a paralyzed one sees nothing.
  EXPECT_TRUE(spd::enemy_seen_after_turn(true, true, false, false));
  EXPECT_FALSE(spd::enemy_seen_after_turn(true, true, true, false));
  EXPECT_FALSE(spd::enemy_seen_after_turn(true, true, false, true));
}

TEST(SpdSurprise, InvisibleHeroSurprisesAndNeverMisses) {
  spd::Combatant rogue;
  rogue.hero = spd::starting_hero(spd::HeroClass::rogue);
  spd::Combatant gnoll;
  gnoll.mob = spd::lookup_mob("gnoll");
  const auto p = spd::plan_attack(rogue, gnoll, {.invisible = true});
  EXPECT_EQ(p.hit.sure, spd::HitPlan::Sure::hit);
  EXPECT_EQ(p.hit.evasion, 0);
  EXPECT_EQ(p.roll.a, 6);  // the dagger's sneak roll: 1 + round(7 · 0.75f)
  // Too weak for the weapon: no surprise, no infinite accuracy.
  rogue.hero->weapon = spd::lookup_weapon("sword");
  const auto q = spd::plan_attack(rogue, gnoll, {.invisible = true});
  EXPECT_EQ(q.hit.sure, spd::HitPlan::Sure::no);
  EXPECT_EQ(q.hit.evasion, 4);
}

TEST(SpdSurprise, FerretTuftReachesTheEvasionRoll) {
  spd::Combatant warrior;
  warrior.hero = spd::starting_hero(spd::HeroClass::warrior);
  spd::Combatant rat;
  rat.mob = spd::lookup_mob("rat");
  const auto p = spd::plan_attack(warrior, rat, {.ferret_tuft = 1});
  EXPECT_EQ(p.hit.defender_factors, std::vector<float>{1.25f});
}
