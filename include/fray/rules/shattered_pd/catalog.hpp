// fray/rules/shattered_pd/catalog.hpp — Shattered Pixel Dungeon 3.3.6's
// weapons, armours and mobs, from the embedded catalogs
// data/shattered_pd/{weapons,armors,mobs}.json.
//
// A catalog row is the item at +0 (a mob as it spawns); the numbers at another
// upgrade level, or at a depth for the mobs whose stats follow it, are
// computed by the game's own formulas (weapon_at, armor_at, mob_at_depth).
// Names are catalog keys: lower case, spaces as underscores, apostrophes
// dropped ("mages_staff", "gnoll_scout", "dm_100").
#pragma once

#include <cstdint>
#include <fray/rules/shattered_pd/random.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fray::shattered_pd {

// tri(l): how many of the triangular numbers 1, 3, 6, 10, ... are <= l (0 for
// l <= 0); Weapon.STRReq and Armor.STRReq drop by one at each.
[[nodiscard]] int triangular_steps(int level) noexcept;

enum class WeaponKind : std::uint8_t {
  melee,   // items/weapon/melee/MeleeWeapon
  thrown,  // items/weapon/missiles/MissileWeapon
  bow,     // items/weapon/SpiritBow: its arrows are MissileWeapons; level follows the hero's
};

// Weapon.Augment: damage ×1.5f or ×0.7f (rounded), attack time ×5/3 or ×2/3.
enum class WeaponAugment : std::uint8_t { none, speed, damage };
[[nodiscard]] float damage_factor(WeaponAugment a) noexcept;

struct Weapon {
  std::string name;  // as the game spells it: "war hammer"
  std::string key;   // catalog key: "war_hammer"
  std::string java_class;
  WeaponKind kind = WeaponKind::melee;
  int tier = 1;
  float accuracy = 1;  // ACC, the binary32 value of the game's literal
  float delay = 1;     // DLY
  int reach = 1;       // RCH
  // At `level`:
  int level = 0;
  std::int64_t min = 1, max = 1;
  int str = 10;                // STRReq
  std::int64_t block = 0;      // the hero's extra armour roll NormalIntRange(0, block)
  std::optional<float> sneak;  // surprise attacks roll from min + round((max − min)·sneak)
  WeaponAugment augment = WeaponAugment::none;
  std::optional<std::string> duelist_ability;  // what the Duelist's ability does, in words
  std::vector<std::string> notes;
  // Growth per upgrade level, from the catalog.
  std::int64_t min_per_level = 0, max_per_level = 0, block_per_level = 0;
  int str0 = 10;
};

[[nodiscard]] std::span<const Weapon> weapons();
[[nodiscard]] const Weapon* find_weapon(std::string_view key);
// Throws fray::Error naming the key, with "did you mean" suggestions.
[[nodiscard]] const Weapon& lookup_weapon(std::string_view key);
// The weapon upgraded to `level` (0 to 100), with an augment: min and max grow
// by the catalog's per-level amounts, STR drops by tri(level). The spirit bow
// has no level of its own (see spirit_bow). Throws fray::Error for a level out
// of range or an upgrade of the bow.
[[nodiscard]] Weapon weapon_at(const Weapon& w, int level, WeaponAugment augment = WeaponAugment::none);
// SpiritBow at a hero level (1 to 30): level ⌊L/5⌋, min 1 + ⌊L/5⌋,
// max 6 + (int)(L/2.5f), STR 10 − tri(⌊L/5⌋); a Ring of Sharpshooting's bonus
// n adds n to min and 2n to max.
[[nodiscard]] Weapon spirit_bow(int hero_level, int sharpshooting = 0);

// Armor.Augment: evasion +2·(2+lvl) and DR −(2+lvl), or the reverse.
enum class ArmorAugment : std::uint8_t { none, evasion, defense };

struct Armor {
  std::string name;  // "plate armor"
  std::string key;   // "plate_armor"; the first word ("plate") finds it too
  std::string java_class;
  int tier = 1;
  int level = 0;
  ArmorAugment augment = ArmorAugment::none;
  std::int64_t dr_min = 0, dr_max = 0;  // the hero's armour roll NormalIntRange(DRMin, DRMax)
  int str = 10;                         // STRReq
  std::int64_t evasion_bonus = 0;       // the augment's evasion term, added after the STR penalty
};

[[nodiscard]] std::span<const Armor> armors();
[[nodiscard]] const Armor* find_armor(std::string_view key);
[[nodiscard]] const Armor& lookup_armor(std::string_view key);
// Armor.DRMin/DRMax/STRReq and the augment's evasion at `level` (0 to 100).
[[nodiscard]] Armor armor_at(const Armor& a, int level, ArmorAugment augment = ArmorAugment::none);

// What a mob's stats can follow at the moment of an attack: the condition of
// a catalog `when` row (the `if`), as the game's methods test it on each call.
enum class MobCondition : std::uint8_t {
  not_adjacent,       // its foe does not stand next to it (Tengu.attackSkill, GnollGuard.damageRoll)
  hp_at_most_half,    // HP·2 <= HT (Goo.attackSkill, damageRoll, defenseSkill)
  pumped,             // Goo pumped up twice (Goo.attackSkill, damageRoll)
  raging,             // a gnoll brute's BruteRage (Brute.damageRoll)
  sees_its_attacker,  // the great crab has seen its attacker, is awake, free and the attacker visible
                      // (GreatCrab.defenseSkill)
  focus,              // the monk's Focus (Monk.defenseSkill)
  disguised,          // a mimic still passing for a chest, its target visible (Mimic.attackSkill, damageRoll)
  recovering,         // a crystal guardian knocked down (CrystalGuardian.defenseSkill)
};
// The condition's catalog name ("not_adjacent", ...).
[[nodiscard]] std::string_view to_string(MobCondition c) noexcept;

// One `when` row: under its condition, the values it sets, then the
// factors, in the row's order (Goo: 15 and 1-12 at half HP, then ×2 and ×3
// pumped).
struct MobOverride {
  MobCondition when = MobCondition::not_adjacent;
  std::optional<std::int64_t> accuracy, evasion;
  std::optional<Primitive> damage;
  std::int64_t accuracy_factor = 1;  // attackSkill × n
  std::int64_t damage_factor = 1;    // NormalIntRange(n·min, n·max)
  double evasion_factor = 1;         // (int)(defenseSkill × f), in double
};

struct Mob {
  std::string name;  // "marsupial rat"
  std::string key;   // "marsupial_rat"; short aliases ("rat") find it too
  std::string java_class;
  std::string region, kind;  // "sewers", "regular" / "boss (depth 5)" / "rare alt of Rat (1/50)"
  std::int64_t ht = 1;
  std::int64_t evasion = 0;         // defenseSkill while it is aware and free to dodge
  std::int64_t accuracy = 0;        // attackSkill (INFINITE_ACCURACY for Yog-Dzewa); see `when`
  std::optional<Primitive> damage;  // melee damageRoll(); absent: it never attacks in melee
  // drRoll() = NormalIntRange(0, dr_max) + dr_const + one NormalIntRange per extra pair.
  std::int64_t dr_max = 0, dr_const = 0;
  std::vector<std::pair<std::int32_t, std::int32_t>> dr_extra;
  std::optional<Primitive> spell;  // the damage of its magic attack (accuracy roll ×2, no armour)
  std::int64_t exp = 1, max_level = 29;
  float speed = 1, attack_delay = 1;
  bool flying = false;
  std::vector<std::string> properties;  // Char.Property: BOSS, UNDEAD, ...
  float ascension = 1;                  // AscensionChallenge.statModifier of its class
  bool depth_scaled = false;            // its numbers follow the depth: mob_at_depth gives them
  std::optional<int> depth;             // the depth they were computed for
  std::vector<std::string> notes;
  // The stats above are the mob's at rest: adjacent to its foe, above half
  // HP, not raging, unaware of nothing. These rows change them (mob_stats).
  std::vector<MobOverride> when;
};

// The moment of an attack, as the mob's stat methods see it.
struct MobMoment {
  bool adjacent = true;              // its foe stands next to it
  std::optional<std::int64_t> hp{};  // its current HP (HT when absent)
  bool pumped = false;               // Goo pumped up twice
  bool raging = false;               // a brute's rage
  bool sees_its_attacker = false;    // the great crab watches its visible attacker
  bool focus = false;                // the monk's Focus
  bool disguised = false;            // the mimic still hidden
  bool recovering = false;           // the crystal guardian knocked down
};
// Whether a `when` row's condition holds at that moment.
[[nodiscard]] bool holds(const Mob& m, MobCondition c, const MobMoment& at) noexcept;
// attackSkill, defenseSkill (aware and free to dodge: Mob.defenseSkill's
// zero cases are surprise rules, surprise.hpp) and damageRoll at that moment.
struct MobStats {
  std::int64_t accuracy = 0;
  std::int64_t evasion = 0;
  std::optional<Primitive> damage;
};
[[nodiscard]] MobStats mob_stats(const Mob& m, const MobMoment& at);
// Whether the mob's stats read its own HP (Goo): a fight then follows it.
[[nodiscard]] bool reads_own_hp(const Mob& m) noexcept;

[[nodiscard]] std::span<const Mob> mobs();
[[nodiscard]] const Mob* find_mob(std::string_view key);
[[nodiscard]] const Mob& lookup_mob(std::string_view key);

// What a depth-scaled mob is made of: the depth (1 to 26, or the scaling
// depth during the ascension) and, for the animated and armoured statues,
// the weapon and armour they carry.
struct MobSetting {
  int depth = 1;
  const Weapon* weapon = nullptr;
  const Armor* armor = nullptr;
};
// The numbers of a depth-scaled mob at a depth (Wraith.adjustStats,
// TormentedSpirit, Piranha, Mimic.setLevel, Statue, ArmoredStatue, Bee.spawn);
// any other mob comes back unchanged. Throws fray::Error for a depth out of
// range, a statue without a melee weapon (or the armoured statue without
// armour), or a weapon or armour given to a mob that carries none.
[[nodiscard]] Mob mob_at_depth(const Mob& m, const MobSetting& s);

}  // namespace fray::shattered_pd
