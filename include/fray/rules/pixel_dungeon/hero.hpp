// fray/rules/pixel_dungeon/hero.hpp — the hero's accuracy, evasion, HP and attack
// time in Pixel Dungeon 1.9.1 (actors/hero/Hero.java attackSkill, defenseSkill,
// dr, attackDelay; items/weapon/Weapon.java acuracyFactor, speedFactor). Float
// arithmetic and truncation follow the game.
#pragma once

#include <cstdint>
#include <fray/rules/pixel_dungeon/catalog.hpp>
#include <optional>
#include <string_view>

namespace fray::pixel_dungeon {

enum class HeroClass { warrior, mage, rogue, huntress };
enum class SubClass { none, gladiator, berserker, warlock, battlemage, assassin, freerunner, sniper, warden };

[[nodiscard]] HeroClass parse_hero_class(std::string_view s);  // throws fray::Error
[[nodiscard]] SubClass parse_subclass(std::string_view s);     // throws fray::Error
[[nodiscard]] std::string_view to_string(HeroClass c) noexcept;
[[nodiscard]] std::string_view to_string(SubClass s) noexcept;
// The class a subclass belongs to (none: any).
[[nodiscard]] std::optional<HeroClass> class_of(SubClass s) noexcept;

struct Hero {
  HeroClass hero_class = HeroClass::warrior;
  SubClass subclass = SubClass::none;
  int level = 1;
  int str = 11;
  std::optional<std::int64_t> hp;  // current HP; HT when absent
  std::optional<Weapon> weapon;    // wielded (melee, pickaxe or wand); none: unarmed
  std::optional<Weapon> missile;   // thrown weapon
  std::optional<Armor> armor;
  int ring_accuracy = 0;           // sum of Ring of Accuracy levels
  int ring_evasion = 0;            // sum of Ring of Evasion levels
  int ring_mending = 0;            // sum of Ring of Mending levels (regeneration every 10 / 1.2^n turns)
  bool starving = false;           // Hunger.isStarving: no regeneration
  int combo = 0;                   // Gladiator: Combo count including this hit
  int charges = 0;                 // Battlemage: charges of the wand used in melee, before the hit
  std::optional<int> max_charges;  // its maximum (absent: equal to charges, a full wand)
};

// The class's starting kit at level 1 (HeroClass.java).
[[nodiscard]] Hero starting_hero(HeroClass c);

// HT = 20 + 5·(level − 1) (Hero.earnExp), 5 less for the Huntress (HeroClass.initHuntress).
[[nodiscard]] std::int64_t hero_ht(const Hero& h) noexcept;
[[nodiscard]] std::int64_t hero_hp(const Hero& h) noexcept;  // hp or HT

// The encumbrance Weapon.acuracyFactor (for_speed false) or Weapon.speedFactor
// (true) reads: weapon STR − hero STR, a thrown weapon +3 for the Warrior's
// accuracy and −2 for the Huntress's accuracy and speed. Above 0 the weapon is
// too heavy. 0 for a wand, a KindOfWeapon with no STR.
[[nodiscard]] int weapon_encumbrance(const Hero& h, const Weapon& w, bool for_speed) noexcept;
// Weapon.acuracyFactor: ACU / 1.5^enc for enc = weapon STR − hero STR > 0;
// thrown weapons count enc +3 for the Warrior and −2 for the Huntress.
// Wands and bare hands: 1.
[[nodiscard]] float accuracy_factor(const Hero& h, const Weapon* w) noexcept;

// Hero.attackSkill: trunc((9 + level) · 1.4^rings [· 0.5 thrown at distance 1] · factor), in float.
// `thrown`: the missile weapon is used, else the wielded weapon.
[[nodiscard]] std::int64_t hero_accuracy(const Hero& h, bool thrown, bool adjacent) noexcept;

// Hero.defenseSkill: (4 + level) · 1.2^rings, halved when paralyzed; armor too
// heavy divides by 1.5^aEnc; otherwise the Rogue gets +1 per excess STR point and
// a Freerunner ×2 while acting (`acting`: the hero has an action under way).
[[nodiscard]] std::int64_t hero_evasion(const Hero& h, bool paralyzed, bool acting) noexcept;

// Hero.dr(): max(armor DR, 0).
[[nodiscard]] std::int64_t hero_dr(const Hero& h) noexcept;

// Hero.attackDelay: weapon DLY · 1.2^enc for enc > 0 (Weapon.speedFactor; thrown
// weapons count enc −2 for the Huntress, with no Warrior offset); 1 unarmed.
[[nodiscard]] double hero_attack_delay(const Hero& h, bool thrown) noexcept;

// Berserker Fury (buffs/Fury.java): active while HP <= 0.4·HT.
[[nodiscard]] bool fury_active(const Hero& h, std::int64_t hp) noexcept;

}  // namespace fray::pixel_dungeon
