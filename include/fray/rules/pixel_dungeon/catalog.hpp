// fray/rules/pixel_dungeon/catalog.hpp — Pixel Dungeon 1.9.1's weapons, armors,
// mobs and starting kits (items/weapon/*, items/armor/Armor, actors/mobs/*,
// actors/hero/HeroClass), from the embedded catalogs
// data/pixel_dungeon/{weapons,armors,mobs,kits}.json.
//
// Names are catalog keys: lower case, spaces as underscores ("war_hammer",
// "gnoll_scout"); armors also answer to their first word ("scale"), mobs to a
// short name ("gnoll", "brute"). find_X returns nullptr for an unknown name,
// lookup_X throws fray::Error naming the closest keys.
#pragma once

#include <cstdint>
#include <fray/rules/pixel_dungeon/random.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fray::pixel_dungeon {

enum class WeaponKind {
  melee,    // items/weapon/melee/MeleeWeapon: tier formulas, excess-STR bonus in melee
  missile,  // items/weapon/missiles: thrown, class encumbrance offsets
  pickaxe,  // a Weapon used in melee
  wand,     // a wand in melee: a KindOfWeapon, not a Weapon (no STR, no bonus, factor 1)
};

struct Weapon {
  std::string key;  // catalog key
  std::string name;
  std::string java_class;  // "ShortSword", "Boomerang", ...
  WeaponKind kind = WeaponKind::melee;
  int tier = 0;
  int level = 0;
  std::int64_t min = 1, max = 1;  // at this level
  float acu = 1;                  // ACU, accuracy factor
  float dly = 1;                  // DLY, time per attack
  int str = 10;                   // strength requirement at this level (wand: none)
};

// MeleeWeapon max at +0: trunc((tier² − tier + 10) / ACU · DLY) in 32-bit float.
[[nodiscard]] std::int64_t melee_max0(int tier, float acu, float dly) noexcept;

// Every weapon at +0, in the catalog's order.
[[nodiscard]] std::span<const Weapon> weapons();
[[nodiscard]] const Weapon* find_weapon(std::string_view name) noexcept;
[[nodiscard]] const Weapon& lookup_weapon(std::string_view name);
// The weapon at an upgrade level (MeleeWeapon: min +1, max +tier, STR −1 a
// level; Boomerang: min +1, max +2, STR unchanged; a wand: its tier follows the
// level). Throws fray::Error for a level the item cannot have (thrown weapons
// other than the boomerang, the pickaxe, a wand below 0).
[[nodiscard]] Weapon upgraded(const Weapon& base, int level);

struct Armor {
  std::string key;
  std::string name;
  int tier = 1;
  int level = 0;
  std::int64_t dr = 0;  // DR() = tier·(2 + level), armor roll IntRange(0, max(DR, 0))
  int str = 9;          // 7 + 2·tier − level
};
// Every armor at +0 (class armor, which copies another armor, is not listed).
[[nodiscard]] std::span<const Armor> armors();
[[nodiscard]] const Armor* find_armor(std::string_view name) noexcept;
[[nodiscard]] const Armor& lookup_armor(std::string_view name);
// Armor.java at an upgrade level: DR() = tier·(2 + level), STR = 7 + 2·tier − level.
[[nodiscard]] Armor upgraded(const Armor& base, int level);

// A mob's combat numbers (actors/mobs/*.java: HT, defenseSkill, attackSkill,
// damageRoll, dr, attackDelay, and the per-class rules the table does not carry).
struct Mob {
  std::string key;
  std::string name;
  std::string java_class;
  std::int64_t ht = 1;
  std::int64_t evasion = 0;   // defenseSkill while it has seen its enemy
  std::int64_t accuracy = 0;  // attackSkill
  Primitive damage = Primitive::constant(1);
  std::int64_t dr = 0;
  float attack_delay = 1;
  bool flying = false;
  bool passive = false;            // never attacks (Yog-Dzewa, quest NPCs)
  bool beam_only = false;          // attacks only with its spell (evil eye)
  bool assassin_bonus = true;      // false: defenseProc without the base call (thief, bandit, swarm)
  bool splits = false;             // swarm of flies
  std::optional<Primitive> spell;  // magic hit, no armor (shaman, warlock, eye, burning fist)
  float spell_time = 1;
  bool spell_water_bonus = false;    // shaman lightning ×1.5 on a target in water
  std::optional<Primitive> enraged;  // gnoll brute: damage when HP < HT/4
  std::optional<Primitive> pumped;   // Goo's pumped-up attack
  std::int64_t pumped_accuracy = 0;
  bool needs_depth = false;        // stats follow Dungeon.depth
  bool needs_weapon = false;       // animated statue
  bool needs_hero = false;         // mirror image: accuracy and damage copied from the hero
  std::vector<std::string> notes;  // the catalog's remarks (rare variant, attackProc effects, ...)
};

struct MobOptions {
  std::optional<int> depth;      // 1..26, for depth-dependent mobs
  std::optional<Weapon> weapon;  // the animated statue's weapon
};
// Every mob as the catalog lists it; depth-dependent numbers are left at
// their defaults until adjust_stats.
[[nodiscard]] std::span<const Mob> mobs();
[[nodiscard]] const Mob* find_mob(std::string_view name) noexcept;
[[nodiscard]] const Mob& lookup_mob(std::string_view name);
// The mob as it spawns: the depth formulas of Wraith.adjustStats, Piranha,
// Mimic.adjustStats, Statue (with its weapon), CursePersonification and
// Bee.spawn. Throws fray::Error for a missing depth or weapon, or one given to
// a mob that has none.
[[nodiscard]] Mob adjust_stats(const Mob& base, const MobOptions& options = {});

struct Kit {
  std::string hero_class;
  int str = 10;
  std::string weapon;
  std::optional<std::string> missile;
  std::string armor;
};
// HeroClass.initWarrior, initMage, initRogue, initHuntress.
[[nodiscard]] std::span<const Kit> kits();
// Throws fray::Error for an unknown class.
[[nodiscard]] const Kit& starting_kit(std::string_view hero_class);

}  // namespace fray::pixel_dungeon
