// The code both DCSS versions share (src/rules/crawl/family.hpp,
// shared_spec.hpp): each version's types satisfy the concepts the shared
// templates are constrained by, a type that lacks a field does not, and what
// differs between 0.19 and 0.34 reaches the shared spec reading as data (the
// ranges of inaccuracy= and slaying=, the sizes, the situation flags' aliases
// and their error's list).
#include <gtest/gtest.h>

#include <fray/core/error.hpp>
#include <fray/rules/crawl/attack.hpp>
#include <fray/rules/crawl/catalog.hpp>
#include <fray/rules/crawl_0_34/attack.hpp>
#include <fray/rules/crawl_0_34/catalog.hpp>
#include <fray/rules/crawl_0_34/combat.hpp>
#include <string>
#include <variant>
#include <vector>

#include "rules/crawl/family.hpp"

namespace fray::crawl {
namespace {

static_assert(WeaponRow<WeaponProp> && WeaponRow<crawl_0_34::WeaponProp>);
static_assert(MonsterRow<MonsterProp> && MonsterRow<crawl_0_34::MonsterProp>);
static_assert(CatalogRow<ArmorProp> && CatalogRow<crawl_0_34::ArmorProp>);
static_assert(CatalogRow<MissileProp> && CatalogRow<crawl_0_34::MissileProp>);
static_assert(FightingMonster<Monster> && FightingMonster<crawl_0_34::Creature>);
static_assert(FightsAs<Monster, MonsterProp> && FightsAs<crawl_0_34::Creature, crawl_0_34::MonsterProp>);
// A 0.19 monster is not made from a 0.34 row: their attack types differ.
static_assert(!FightsAs<Monster, crawl_0_34::MonsterProp>);
static_assert(PlayerSkills<Player> && PlayerSkills<crawl_0_34::Player>);
static_assert(SituationFlags<Situation> && SituationFlags<crawl_0_34::Situation>);
static_assert(!SituationFlags<Player>);
// A catalog row is not a fighting monster, nor the other way round.
static_assert(!FightingMonster<MonsterProp> && !MonsterRow<Monster>);

// A row without its energy, or with a name of another type, is no row.
struct NoEnergy {
  std::string name;
  int hd = 1, avg_hp_x10 = 10, ac = 0, ev = 0;
  bool fighter = false, archer = false;
  int size = 0, speed = 10;
  std::vector<MonsterAttack> attacks;
  MonsterResists resists;
};
static_assert(!MonsterRow<NoEnergy>);
struct NumberedRow {
  int name = 0;
};
static_assert(!CatalogRow<NumberedRow>);

std::string error_of(auto&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(CrawlFamily, MonsterSpecRangesAreEachVersions) {
  // inaccuracy= 0..2 in 0.19, 0..3 in 0.34; slaying= -20..30 in 0.19, -30..30 in 0.34.
  EXPECT_NE(error_of([] { (void)parse_combatant("orc:inaccuracy=3", "attacker"); }), "");
  EXPECT_EQ(std::get<Monster>(parse_combatant("orc:inaccuracy=2", "attacker")).inaccuracy, 2);
  EXPECT_EQ(crawl_0_34::parse_combatant("orc:inaccuracy=3", "attacker").creature()->inaccuracy, 3);
  EXPECT_NE(error_of([] { (void)parse_combatant("orc:slaying=-25", "attacker"); }), "");
  EXPECT_EQ(crawl_0_34::parse_combatant("orc:slaying=-25", "attacker").creature()->slaying, -25);
  // size=big is SIZE_BIG (5) in 0.19; 0.34 has no SIZE_BIG, its giant is 5.
  EXPECT_EQ(std::get<Monster>(parse_combatant("orc:size=big", "attacker")).size, Big);
  EXPECT_NE(error_of([] { (void)crawl_0_34::parse_combatant("orc:size=big", "attacker"); }), "");
  EXPECT_EQ(crawl_0_34::parse_combatant("orc:size=giant", "attacker").creature()->size, crawl_0_34::Giant);
}

TEST(CrawlFamily, MonsterSpecSharedKeys) {
  // ev= given straight is marked in 0.19 (no shield adjustment); sh= goes to each version's own field.
  const Monster m = std::get<Monster>(parse_combatant("hd=3,ev=7,ac=2,sh=4,speed=12,fighter=1", "defender"));
  EXPECT_TRUE(m.ev_given);
  EXPECT_EQ(m.ev, 7);
  EXPECT_EQ(m.ac, 2);
  EXPECT_EQ(m.sh_value, 4);
  EXPECT_EQ(m.speed, 12);
  EXPECT_TRUE(m.fighter);
  EXPECT_EQ(m.defaults, (std::vector<std::string>{"damage=1", "hp=16"}));
  EXPECT_FALSE(std::get<Monster>(parse_combatant("orc", "defender")).ev_given);
  const crawl_0_34::Combatant c = crawl_0_34::parse_combatant("hd=3,sh=4,archer=1", "defender");
  EXPECT_EQ(c.creature()->shield_class, 4);
  EXPECT_TRUE(c.creature()->archer);
  EXPECT_EQ(c.creature()->defaults, (std::vector<std::string>{"ev=0", "ac=0", "damage=1", "hp=16"}));
}

TEST(CrawlFamily, SituationAliasesAndErrorsAreEachVersions) {
  EXPECT_TRUE(parse_situation({"paralysed"}).paralyzed);
  EXPECT_TRUE(parse_situation({"netted"}).caught);
  // 0.19 has no "asleep"; 0.34 reads it as sleeping and "netted" as caught.
  EXPECT_NE(error_of([] { (void)parse_situation({"asleep"}); }), "");
  EXPECT_TRUE(crawl_0_34::parse_situation({"asleep"}).sleeping);
  EXPECT_TRUE(crawl_0_34::parse_situation({"netted"}).caught);
  const std::string old = error_of([] { (void)parse_situation({"sleepy"}); });
  EXPECT_EQ(old.rfind("crawl: unknown situation 'sleepy'", 0), 0u) << old;
  EXPECT_NE(old.find("(known: invisible, attacker_invisible, "), std::string::npos) << old;
  EXPECT_EQ(old.substr(old.size() - 15), "repel_missiles)") << old;
  const std::string now = error_of([] { (void)crawl_0_34::parse_situation({"sleepy"}); });
  EXPECT_EQ(now.rfind("crawl-0.34: unknown situation 'sleepy'", 0), 0u) << now;
  EXPECT_EQ(now.substr(now.size() - 11), ", blocks=N)") << now;
}

}  // namespace
}  // namespace fray::crawl
