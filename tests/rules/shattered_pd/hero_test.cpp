// Shattered Pixel Dungeon's hero numbers (Hero.attackSkill, defenseSkill,
// Weapon.accuracyFactor, the starting kits).
#include <gtest/gtest.h>

#include <cmath>
#include <fray/core/error.hpp>
#include <fray/rules/shattered_pd/hero.hpp>

namespace spd = fray::shattered_pd;

TEST(SpdHero, JavaRoundTiesUp) {
  EXPECT_EQ(spd::java_round(2.5f), 3);
  EXPECT_EQ(spd::java_round(1.975f), 2);
  EXPECT_EQ(spd::java_round(-2.5f), -2);
  EXPECT_EQ(spd::java_round(0.49999997f), 0);
}

TEST(SpdHero, StartingKits) {
  const auto w = spd::starting_hero(spd::HeroClass::warrior);
  EXPECT_EQ(w.str, 10);
  EXPECT_EQ(w.weapon->key, "worn_shortsword");
  EXPECT_EQ(w.missile->key, "throwing_stone");
  EXPECT_EQ(w.armor->key, "cloth_armor");
  EXPECT_EQ(spd::hero_ht(w), 20);
  EXPECT_EQ(spd::hero_accuracy(w, spd::HeroAttack::melee, true), 10);
  EXPECT_EQ(spd::hero_evasion(w), 5);
  EXPECT_EQ(spd::starting_hero(spd::HeroClass::huntress).missile->key, "spirit_bow");
  EXPECT_EQ(spd::starting_hero(spd::HeroClass::cleric).weapon->key, "cudgel");
  // The cudgel's ACC 1.40f: round(10 · 1.4f) = 14.
  EXPECT_EQ(spd::hero_accuracy(spd::starting_hero(spd::HeroClass::cleric), spd::HeroAttack::melee, true), 14);
  EXPECT_EQ(spd::starting_hero(spd::HeroClass::duelist).weapon->block, 1);
}

TEST(SpdHero, AccuracyFactorsAndRings) {
  auto h = spd::starting_hero(spd::HeroClass::mage);
  h.level = 6;
  h.str = 11;
  h.weapon = spd::lookup_weapon("longsword");
  EXPECT_FLOAT_EQ(spd::accuracy_factor(h, *h.weapon), 0.13168724f);
  EXPECT_EQ(spd::hero_accuracy(h, spd::HeroAttack::melee, true), 2);
  // Ring of Accuracy n = 1..5: (float)pow(1.3f, n).
  h.weapon.reset();
  h.level = 1;
  const std::int64_t want[] = {10, 13, 17, 22, 29, 37};
  for (int n = 0; n <= 5; ++n) {
    h.ring_accuracy = n;
    EXPECT_EQ(spd::hero_accuracy(h, spd::HeroAttack::melee, true), want[n]) << n;
  }
  EXPECT_EQ(static_cast<float>(std::pow(static_cast<double>(1.3f), 5)), 3.7129292488f);
  // Thrown: ×1.5 at range, ×0.5 adjacent, ×(0.5 + 0.25·Point Blank).
  auto r = spd::starting_hero(spd::HeroClass::rogue);
  EXPECT_EQ(spd::hero_accuracy(r, spd::HeroAttack::thrown, false), 15);
  EXPECT_EQ(spd::hero_accuracy(r, spd::HeroAttack::thrown, true), 5);
  EXPECT_EQ(spd::hero_accuracy(r, spd::HeroAttack::thrown, true, 2), 10);
  EXPECT_THROW((void)spd::hero_accuracy(spd::starting_hero(spd::HeroClass::mage), spd::HeroAttack::thrown, true),
               fray::Error);
}

TEST(SpdHero, EvasionArmorAndParalysis) {
  auto h = spd::starting_hero(spd::HeroClass::warrior);
  h.level = 8;
  h.str = 12;
  h.armor = spd::armor_at(spd::lookup_armor("plate"), 0);
  EXPECT_EQ(spd::hero_evasion(h), 1);  // round(12 / 1.5^6)
  h.level = 12;
  h.str = 13;
  h.armor = spd::armor_at(spd::lookup_armor("mail"), 1);
  h.ring_evasion = 2;
  EXPECT_EQ(spd::hero_evasion(h), 20);  // round(16 · 1.265625)
  EXPECT_EQ(spd::hero_evasion(h, true), 10);
  EXPECT_EQ(spd::hero_evasion(h, false, true), 0);  // the Stone glyph
  h.ring_evasion = 0;
  h.armor = spd::armor_at(spd::lookup_armor("leather"), 0, spd::ArmorAugment::evasion);
  EXPECT_EQ(spd::hero_evasion(h), 20);  // 16 + 4
  // The hero's armour roll: plate 6 STR short draws NormalIntRange(0, 10) less 12.
  h.str = 12;
  h.armor = spd::armor_at(spd::lookup_armor("plate"), 0);
  const auto roll = spd::hero_armor_roll(h);
  EXPECT_EQ(roll.armor_penalty, 12);
  EXPECT_EQ(roll.block->b, 0);
}

TEST(SpdHero, SurpriseNeedsStrengthAndNoFlail) {
  auto h = spd::starting_hero(spd::HeroClass::rogue);
  EXPECT_TRUE(spd::can_surprise_attack(h, nullptr));
  EXPECT_TRUE(spd::can_surprise_attack(h, &*h.weapon));
  const auto sword = spd::lookup_weapon("sword");
  EXPECT_FALSE(spd::can_surprise_attack(h, &sword));
  h.str = 20;
  const auto flail = spd::lookup_weapon("flail");
  EXPECT_FALSE(spd::can_surprise_attack(h, &flail));
}

TEST(SpdHero, Names) {
  EXPECT_EQ(spd::parse_hero_class("Duelist"), spd::HeroClass::duelist);
  EXPECT_EQ(spd::parse_subclass("paladin"), spd::SubClass::paladin);
  EXPECT_EQ(spd::class_of(spd::SubClass::monk), spd::HeroClass::duelist);
  try {
    (void)spd::parse_hero_class("warior");
    FAIL();
  } catch (const fray::Error& e) {
    EXPECT_NE(std::string(e.what()).find("did you mean 'warrior'"), std::string::npos) << e.what();
  }
}
