// fray/rules/shattered_pd/hero.hpp — the hero in Shattered Pixel Dungeon
// 3.3.6: accuracy, evasion, HP, armour and damage rolls
// (actors/hero/Hero.java, items/weapon/Weapon.java, items/armor/Armor.java).
//
// Float arithmetic and rounding follow the game: Hero.attackSkill and
// defenseSkill end in Math.round (ties up) with a minimum of 1, and the STR
// penalties divide in double before the cast to float.
#pragma once

#include <cstdint>
#include <fray/rules/shattered_pd/catalog.hpp>
#include <optional>
#include <string_view>
#include <vector>

namespace fray::shattered_pd {

enum class HeroClass : std::uint8_t { warrior, mage, rogue, huntress, duelist, cleric };
enum class SubClass : std::uint8_t {
  none,
  berserker,
  gladiator,
  battlemage,
  warlock,
  assassin,
  freerunner,
  sniper,
  warden,
  champion,
  monk,
  priest,
  paladin,
};

[[nodiscard]] HeroClass parse_hero_class(std::string_view s);  // throws fray::Error with suggestions
[[nodiscard]] SubClass parse_subclass(std::string_view s);     // throws fray::Error with suggestions
[[nodiscard]] std::string_view to_string(HeroClass c) noexcept;
[[nodiscard]] std::string_view to_string(SubClass s) noexcept;
// The class a subclass belongs to (none: any class).
[[nodiscard]] std::optional<HeroClass> class_of(SubClass s) noexcept;

// Java's Math.round(float): floor(x + 1/2) on the exact value, ties up.
[[nodiscard]] std::int64_t java_round(float x) noexcept;

struct Hero {
  HeroClass hero_class = HeroClass::warrior;
  SubClass subclass = SubClass::none;
  int level = 1;                  // 1..30
  int str = 10;                   // Hero.STR(), the talents and rings already added
  std::optional<Weapon> weapon;   // the wielded melee weapon; none: unarmed
  std::optional<Weapon> missile;  // the thrown weapon or the spirit bow's arrows
  std::optional<Armor> armor;
  // Ring bonuses n: each worn ring adds level + 1 (uncursed) or min(0, level − 2).
  int ring_accuracy = 0;
  int ring_evasion = 0;
  int ring_force = 0;  // flat bonus to armed melee damage
  float rage = 0;      // Berserker: Berserk power, 0 to 1 (more with Endless Rage)
};

// HeroClass.initHero: hero level 1, STR 10, cloth armour +0, the class's +0
// weapon and thrown weapon (the Huntress: studded gloves and the spirit bow).
[[nodiscard]] Hero starting_hero(HeroClass c);

// Hero.updateHT without Elixirs of Might or the Ring of Might: 20 + 5·(level − 1).
[[nodiscard]] std::int64_t hero_ht(const Hero& h) noexcept;

// Weapon.accuracyFactor: ACC, or (float)(ACC / 1.5^enc) for enc = STRReq − STR > 0.
[[nodiscard]] float accuracy_factor(const Hero& h, const Weapon& w) noexcept;

// How the hero attacks: with the wielded weapon, the thrown one, or bare hands.
enum class HeroAttack : std::uint8_t { melee, thrown };

// Hero.attackSkill: base 9 + level times (float)pow(1.3f, ring) and the
// weapon's accuracy factor, thrown weapons ×1.5 at range and
// ×(0.5 + 0.25·point_blank) adjacent; max(1, Math.round(...)).
[[nodiscard]] std::int64_t hero_accuracy(const Hero& h, HeroAttack how, bool adjacent, int point_blank = 0);

// Hero.defenseSkill: base 4 + level times (float)pow(1.125, ring), halved
// while paralyzed, then Armor.evasionFactor (÷1.5^aEnc for missing STR, plus
// the augment's evasion); max(1, Math.round(...)). `stone`: the Stone glyph
// makes it 0.
[[nodiscard]] std::int64_t hero_evasion(const Hero& h, bool paralyzed = false, bool stone = false);

// The weapon an attack uses; throws fray::Error for a thrown attack without a
// missile weapon. nullptr: unarmed.
[[nodiscard]] const Weapon* attack_weapon(const Hero& h, HeroAttack how);

// Hero.canSurpriseAttack with this weapon: false short of the weapon's STR
// and with a flail; true unarmed.
[[nodiscard]] bool can_surprise_attack(const Hero& h, const Weapon* w) noexcept;

// Hero.drRoll's terms: Armor NormalIntRange(DRMin, DRMax) less 2 per missing
// STR point, and the wielded weapon's NormalIntRange(0, block) likewise,
// each floored at 0 (the Barkskin term is Char.drRoll's).
struct HeroArmorRoll {
  std::optional<Primitive> armor;  // drawn only with armour worn
  std::int64_t armor_penalty = 0;  // 2·max(0, STRReq − STR)
  std::optional<Primitive> block;  // drawn when a weapon is wielded (NormalIntRange(0, 0) too)
  std::int64_t block_penalty = 0;
};
[[nodiscard]] HeroArmorRoll hero_armor_roll(const Hero& h);

// The Berserker's rage over one turn of the mob she fights (Berserk.power and
// powerLossBuffer): Hero.defenseProc calls Berserk.damage with each damage
// `passed` above 0 (before her armour): power = min(1, power + (damage / HT)
// / 4), and a buffer of 3. Then Berserk.act at the end of the turn, with her HP
// then (after the turn's tick of poison or ooze: buffs of one priority act in
// no set order, fray puts the tick first): a buffer above 0 counts down, else
// power loses gate(0.1, power, 1) * 0.05 * (HP / HT)^2, in double, and at 0
// the buff ends (a later hit starts a new one at 0). Without Endless Rage.
struct BerserkRage {
  float power = 0;
  int buffer = 0;
};
[[nodiscard]] BerserkRage berserk_turn(BerserkRage r, const std::vector<std::int64_t>& passed, std::int64_t hp_after,
                                       std::int64_t ht);

}  // namespace fray::shattered_pd
