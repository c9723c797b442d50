// Pixel Dungeon hero stats: accuracy and evasion with the game's float
// arithmetic and truncation, HT, attack delay, Fury threshold.
#include <gtest/gtest.h>

#include <fray/core/error.hpp>
#include <fray/rules/pixel_dungeon/hero.hpp>

namespace pd = fray::pixel_dungeon;

namespace {
pd::Hero hero(pd::HeroClass c, int level, int str) {
  pd::Hero h = pd::starting_hero(c);
  h.level = level;
  h.str = str;
  return h;
}
}  // namespace

TEST(PdHero, WorkedChecks) {
  pd::Hero h = hero(pd::HeroClass::warrior, 5, 18);
  h.weapon = pd::lookup_weapon("war_hammer");
  EXPECT_EQ(pd::hero_accuracy(h, false, false), 16);  // trunc(14 · 1.2f)
  h.str = 15;
  EXPECT_FLOAT_EQ(pd::accuracy_factor(h, &*h.weapon), 0.35555556f);
  EXPECT_EQ(pd::hero_accuracy(h, false, false), 4);  // trunc(14 · 0.3556)
  EXPECT_EQ(pd::hero_evasion(h, false, false), 9);
}

TEST(PdHero, BaseStats) {
  const pd::Hero w = pd::starting_hero(pd::HeroClass::warrior);
  EXPECT_EQ(w.str, 11);
  EXPECT_EQ(pd::hero_ht(w), 20);
  EXPECT_EQ(pd::hero_accuracy(w, false, false), 10);  // short sword ACU 1
  EXPECT_EQ(pd::hero_evasion(w, false, false), 5);
  EXPECT_EQ(pd::hero_dr(w), 2);  // cloth
  EXPECT_EQ(pd::hero_ht(pd::starting_hero(pd::HeroClass::huntress)), 15);
  EXPECT_EQ(pd::hero_ht(hero(pd::HeroClass::mage, 5, 10)), 40);
  EXPECT_EQ(pd::hero_accuracy(pd::starting_hero(pd::HeroClass::rogue), false, false), 12);  // dagger 1.2
  pd::Hero bare = w;
  bare.weapon.reset();
  EXPECT_EQ(pd::hero_accuracy(bare, false, false), 10);
}

TEST(PdHero, ThrownOffsets) {
  // Warrior: dart STR 10, enc = 10 − 11 + 3 = 2 → 1/1.5² → trunc(10 · 0.444) = 4.
  const pd::Hero w = pd::starting_hero(pd::HeroClass::warrior);
  EXPECT_EQ(pd::hero_accuracy(w, true, false), 4);
  // Rogue: dart, enc 0 → 10; adjacent ×0.5 → 5.
  const pd::Hero r = pd::starting_hero(pd::HeroClass::rogue);
  EXPECT_EQ(pd::hero_accuracy(r, true, false), 10);
  EXPECT_EQ(pd::hero_accuracy(r, true, true), 5);
  // Huntress with a tomahawk (STR 17) at STR 13: enc = 4 − 2 = 2 → 4.
  pd::Hero hu = hero(pd::HeroClass::huntress, 1, 13);
  hu.missile = pd::lookup_weapon("tomahawk");
  EXPECT_EQ(pd::hero_accuracy(hu, true, false), 4);
  // The same tomahawk for a rogue: enc 4 → trunc(10 / 5.0625) = 1.
  pd::Hero ro = hero(pd::HeroClass::rogue, 1, 13);
  ro.missile = pd::lookup_weapon("tomahawk");
  EXPECT_EQ(pd::hero_accuracy(ro, true, false), 1);
}

TEST(PdHero, Rings) {
  pd::Hero h = pd::starting_hero(pd::HeroClass::warrior);
  h.ring_accuracy = 1;
  EXPECT_EQ(pd::hero_accuracy(h, false, false), 14);
  h.ring_accuracy = 2;
  EXPECT_EQ(pd::hero_accuracy(h, false, false), 19);  // 10 · 1.96
  h.ring_evasion = 1;
  EXPECT_EQ(pd::hero_evasion(h, false, false), 6);
  h.ring_evasion = 2;
  EXPECT_EQ(pd::hero_evasion(h, false, false), 7);  // 5 · 1.44
  h.ring_evasion = -1;
  EXPECT_EQ(pd::hero_evasion(h, false, false), 4);  // 5 / 1.2
}

TEST(PdHero, EvasionArmourParalysisRogue) {
  pd::Hero w = hero(pd::HeroClass::warrior, 9, 11);  // base 13
  EXPECT_EQ(pd::hero_evasion(w, true, false), 6);    // halved: 6.5
  w.armor = pd::lookup_armor("scale");               // STR 15: aEnc 4
  EXPECT_EQ(pd::hero_evasion(w, false, false), 2);   // 13 / 5.0625
  w.armor = pd::lookup_armor("plate");
  EXPECT_EQ(pd::hero_evasion(w, false, false), 1);  // 13 / 1.5^6
  pd::Hero r = hero(pd::HeroClass::rogue, 1, 12);   // cloth STR 9: 3 points spare
  EXPECT_EQ(pd::hero_evasion(r, false, false), 8);
  EXPECT_EQ(pd::hero_evasion(r, false, true), 8);  // acting: only a Freerunner doubles
  r.subclass = pd::SubClass::freerunner;
  EXPECT_EQ(pd::hero_evasion(r, false, true), 16);
  EXPECT_EQ(pd::hero_evasion(r, true, true), 8);
  r.armor = pd::lookup_armor("plate");             // too heavy: no Rogue or Freerunner bonus
  EXPECT_EQ(pd::hero_evasion(r, false, true), 0);  // 5 / 1.5^5 = 0.66
}

TEST(PdHero, AttackDelayAndFury) {
  pd::Hero h = hero(pd::HeroClass::warrior, 1, 16);
  h.weapon = pd::lookup_weapon("war_hammer");
  EXPECT_NEAR(pd::hero_attack_delay(h, false), 1.44, 1e-6);
  h.weapon = pd::lookup_weapon("knuckleduster");
  EXPECT_DOUBLE_EQ(pd::hero_attack_delay(h, false), 0.5);
  // Thrown: Weapon.speedFactor has the Huntress's −2 but no Warrior offset.
  pd::Hero w = pd::starting_hero(pd::HeroClass::warrior);
  EXPECT_DOUBLE_EQ(pd::hero_attack_delay(w, true), 1.0);  // dart STR 10 at STR 11
  w.str = 8;
  EXPECT_NEAR(pd::hero_attack_delay(w, true), 1.44, 1e-6);
  pd::Hero hu = hero(pd::HeroClass::huntress, 1, 13);
  hu.missile = pd::lookup_weapon("tomahawk");  // 17 − 13 − 2 = 2
  EXPECT_NEAR(pd::hero_attack_delay(hu, true), 1.44, 1e-6);
  h.subclass = pd::SubClass::berserker;
  EXPECT_TRUE(pd::fury_active(h, 8));  // 8 <= 0.4 · 20
  EXPECT_FALSE(pd::fury_active(h, 9));
  h.subclass = pd::SubClass::gladiator;
  EXPECT_FALSE(pd::fury_active(h, 1));
}

TEST(PdHero, Names) {
  EXPECT_EQ(pd::parse_hero_class("huntress"), pd::HeroClass::huntress);
  EXPECT_EQ(pd::parse_subclass("sniper"), pd::SubClass::sniper);
  EXPECT_EQ(pd::class_of(pd::SubClass::assassin), pd::HeroClass::rogue);
  EXPECT_THROW((void)pd::parse_hero_class("priest"), fray::Error);
  EXPECT_THROW((void)pd::parse_subclass("ninja"), fray::Error);
}
