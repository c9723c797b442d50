// fray/rules/pixel_dungeon/catalog.hpp — Pixel Dungeon 1.9.1's weapons, armours,
// mobs and starting kits (research note §5, §7), from the embedded catalogs
// data/pixel_dungeon/{weapons,armors,mobs,kits}.json.
//
// Names are catalog keys: lower case, spaces as underscores ("war_hammer",
// "gnoll_scout"); armours also answer to their first word ("scale").
#pragma once

#include <fray/rules/pixel_dungeon/random.hpp>

#include <cstdint>
#include <optional>
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

// A weapon at an upgrade level; throws fray::Error for an unknown name or a
// level the item cannot have (thrown weapons other than the boomerang, the pickaxe).
[[nodiscard]] Weapon weapon(std::string_view key, int level = 0);
[[nodiscard]] std::vector<std::string> weapon_keys();

struct Armor {
  std::string key;
  std::string name;
  int tier = 1;
  int level = 0;
  std::int64_t dr = 0;  // DR() = tier·(2 + level), armour roll IntRange(0, max(DR, 0))
  int str = 9;          // 7 + 2·tier − level
};
[[nodiscard]] Armor armor(std::string_view key, int level = 0);
[[nodiscard]] std::vector<std::string> armor_keys();

// A mob's combat numbers (research §7).
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
  bool passive = false;          // never attacks (Yog-Dzewa, quest NPCs)
  bool beam_only = false;        // attacks only with its spell (evil eye)
  bool assassin_bonus = true;    // false: defenseProc without the base call (thief, bandit, swarm)
  bool splits = false;           // swarm of flies
  std::optional<Primitive> spell;     // magic hit, no armour (shaman, warlock, eye, burning fist)
  float spell_time = 1;
  bool spell_water_bonus = false;     // shaman lightning ×1.5 on a target in water
  std::optional<Primitive> enraged;   // gnoll brute: damage when HP < HT/4
  std::optional<Primitive> pumped;    // Goo's pumped-up attack
  std::int64_t pumped_accuracy = 0;
  bool needs_depth = false;           // stats follow Dungeon.depth
  bool needs_weapon = false;          // animated statue
  bool needs_hero = false;            // mirror image: accuracy and damage copied from the hero
};

struct MobOptions {
  std::optional<int> depth;      // 1..26, for depth-dependent mobs
  std::optional<Weapon> weapon;  // the animated statue's weapon
};
// A mob with its depth-dependent numbers computed; throws fray::Error for an
// unknown name, a missing depth or weapon, or one given to a mob without it.
[[nodiscard]] Mob mob(std::string_view key, const MobOptions& options = {});
[[nodiscard]] std::vector<std::string> mob_keys();
// True for mobs whose stats need depth= (wraith, giant piranha, ...).
[[nodiscard]] bool mob_needs_depth(std::string_view key);

struct Kit {
  std::string hero_class;
  int str = 10;
  std::string weapon;
  std::optional<std::string> missile;
  std::string armor;
};
[[nodiscard]] Kit starting_kit(std::string_view hero_class);

}  // namespace fray::pixel_dungeon
