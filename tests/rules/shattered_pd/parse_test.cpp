// Shattered Pixel Dungeon combatant specs and situation flags.
#include <gtest/gtest.h>

#include <fray/core/error.hpp>
#include <fray/rules/shattered_pd/attack.hpp>
#include <string>

namespace spd = fray::shattered_pd;

namespace {

std::string error_of(std::string_view spec) {
  try {
    (void)spd::parse_combatant(spec, "attacker");
  } catch (const fray::Error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(SpdParse, Hero) {
  const auto c = spd::parse_combatant(
      "hero:class=warrior,subclass=berserker,level=12,str=14,weapon=war_hammer,weapon_level=3,rage=1", "attacker");
  ASSERT_TRUE(c.is_hero());
  EXPECT_EQ(c.name, "warrior (berserker) level 12");
  EXPECT_EQ(c.hero->weapon->max, 42);
  EXPECT_EQ(c.hero->weapon->str, 16);
  EXPECT_EQ(c.hero->rage, 1.0f);
  // The class follows the subclass; the Huntress's bow follows her level.
  const auto h = spd::parse_combatant("hero:subclass=sniper,level=10", "attacker");
  EXPECT_EQ(h.hero->hero_class, spd::HeroClass::huntress);
  EXPECT_EQ(h.hero->missile->max, 10);
  const auto a = spd::parse_combatant("hero:armor=leather,armor_level=2,armor_augment=evasion,augment=damage", "x");
  EXPECT_EQ(a.hero->armor->evasion_bonus, 8);
  EXPECT_EQ(a.hero->weapon->augment, spd::WeaponAugment::damage);
  EXPECT_EQ(spd::parse_combatant("hero:weapon=none", "x").hero->weapon, std::nullopt);
}

TEST(SpdParse, MobsAndInline) {
  const auto g = spd::parse_combatant("gnoll:champion=blessed,hex", "attacker");
  EXPECT_EQ(g.mob.key, "gnoll_scout");
  EXPECT_EQ(g.champion, spd::Champion::blessed);
  EXPECT_TRUE(g.buffs.hex);
  const auto w = spd::parse_combatant("wraith:depth=7", "defender");
  EXPECT_EQ(w.mob.evasion, 85);
  const auto s = spd::parse_combatant("statue:depth=4,weapon=sword,weapon_level=1", "defender");
  EXPECT_EQ(s.mob.damage->b, 24);
  const auto i = spd::parse_combatant("accuracy=12,evasion=5,damage=2-8,armor=3", "defender");
  EXPECT_EQ(i.mob.accuracy, 12);
  EXPECT_EQ(i.mob.damage->a, 2);
  EXPECT_EQ(i.mob.dr_max, 3);
}

TEST(SpdParse, Errors) {
  EXPECT_NE(error_of("hero:subclass=sniper,class=warrior").find("belongs to the huntress"), std::string::npos);
  EXPECT_NE(error_of("hero:weapon=javelin").find("not a melee weapon"), std::string::npos);
  EXPECT_NE(error_of("hero:rage=1").find("Berserker"), std::string::npos);
  EXPECT_NE(error_of("hero:levle=3").find("levle"), std::string::npos);
  EXPECT_NE(error_of("gnol").find("did you mean"), std::string::npos);
  EXPECT_NE(error_of("wraith").find("depth"), std::string::npos);
  EXPECT_NE(error_of("rat:depth=3").find("does not depend on depth"), std::string::npos);
  EXPECT_NE(error_of("statue:depth=3").find("melee weapon"), std::string::npos);
  EXPECT_NE(error_of("rat:champion=huge").find("champion"), std::string::npos);
  EXPECT_NE(error_of("hero:class=warior").find("did you mean 'warrior'"), std::string::npos);
}

TEST(SpdParse, Situation) {
  const auto s = spd::parse_situation({"thrown", "ranged", "surprised", "paralysed", "point_blank=2", "ferret_tuft=1"});
  EXPECT_EQ(s.how, spd::HeroAttack::thrown);
  EXPECT_FALSE(s.adjacent);
  EXPECT_TRUE(s.surprised);
  EXPECT_TRUE(s.paralyzed);
  EXPECT_EQ(s.point_blank, 2);
  EXPECT_EQ(s.ferret_tuft, 1);
  EXPECT_THROW((void)spd::parse_situation({"thrwn"}), fray::Error);
  EXPECT_THROW((void)spd::parse_situation({"magic=1"}), fray::Error);
  EXPECT_THROW((void)spd::parse_situation({"point_blank=7"}), fray::Error);
  try {
    (void)spd::parse_situation({"suprised"});
  } catch (const fray::Error& e) {
    EXPECT_NE(std::string(e.what()).find("did you mean 'surprised'"), std::string::npos) << e.what();
  }
}
