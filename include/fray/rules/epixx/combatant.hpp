// fray/rules/epixx/combatant.hpp — an epixx creature as the combat rules see it.
//
// The epixx combat page publishes no creature or item tables, so every number
// here is an input (signed ability modifiers, caps printed on items, size and
// level units). The derived modifiers follow the page's To-Hit Modifiers,
// Dodge, Block, Parry and Deflect Modifiers and its Damage section; the keys
// of a spec are listed in docs/epixx.md and by spec_keys(). parse_combatant
// is declared in attack.hpp.
#pragma once

#include <cstdint>
#include <fray/core/dice.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fray::epixx {

enum class Ability { str, agi, sta, cha };
enum class Hand { main, off, two };
enum class WeaponSize { small, medium, large };
enum class Kind { melee, ranged, spell };

[[nodiscard]] std::string_view name(Ability a) noexcept;
[[nodiscard]] std::string_view name(Hand h) noexcept;
[[nodiscard]] std::string_view name(WeaponSize s) noexcept;
[[nodiscard]] std::string_view name(Kind k) noexcept;
// "melee" | "ranged" | "spell"; throws fray::Error naming the word (and the closest) otherwise.
[[nodiscard]] Kind parse_kind(std::string_view word);

struct Combatant {
  std::string name;  // example name, or empty for an inline spec
  // Signed ability modifiers (the page's "bonus modifier" is max(m, 0), its "penalty modifier" min(m, 0)).
  int str = 0, agi = 0, sta = 0, cha = 0;
  int level = 1;
  int size = 0;                    // size units; only differences matter
  std::optional<std::int64_t> hp;  // needed by the fight layer only
  // The weapon used to attack (or the spell's damage).
  Dice weapon = Dice::parse("1d6");
  WeaponSize weapon_size = WeaponSize::medium;
  Hand hand = Hand::main;
  bool talent_offhand = false;           // removes the -2 of an off-hand melee attack
  std::optional<Ability> ability;        // the weapon's ability when it names one
  Ability spell_ability = Ability::sta;  // spells use stamina unless the spell says charisma
  // Defensive equipment.
  // Max Parry Modifier of a parrying weapon. Given on its own it declares a
  // small off-hand parrying weapon beside the attacking one (a main-gauche).
  std::optional<int> parry_cap;
  std::optional<int> shield_min, shield_max;  // the shield's minimum and maximum block modifier
  std::optional<int> dodge_cap;               // Max Dodge Modifier: smallest over helmet and armor
  // Magical and situational numbers.
  int magic_damage = 0;  // magical damage modifier, unaffected by handedness
  int resist_body = 0, resist_head = 0;
  int crit_magic = 0;   // lowers this attacker's critical hit threshold
  int range_bonus = 0;  // talents/equipment that reduce range + deflect
  // Direct overrides that bypass the derivations.
  std::optional<int> offense, dodge, block, parry;
  // The keys the spec (with its example's) left out and the reader filled in:
  // (key, "key=value"), e.g. ("weapon", "weapon=1d6"). The answers say those they read.
  std::vector<std::pair<std::string, std::string>> defaults;
};

// An example creature of data/epixx/examples.json. The page publishes no
// creatures: these are made up for the docs and tests.
struct Example {
  std::string name;  // "human_fighter"
  std::vector<std::string> aliases;
  std::string description;
  std::string spec;      // the keys it stands for
  bool monster = false;  // a monster, else a character class
};
// Every example, by name.
[[nodiscard]] std::span<const Example> examples();
// An example by name or alias, or nullptr.
[[nodiscard]] const Example* find_example(std::string_view name);
// An example by name or alias; throws fray::Error naming the closest.
[[nodiscard]] const Example& lookup_example(std::string_view name);

// One key of a combatant spec.
struct SpecKey {
  std::string_view name;
  std::string_view description;
  std::string_view fallback;  // the default, in words
};
[[nodiscard]] std::span<const SpecKey> spec_keys() noexcept;

// --- derived modifiers ---------------------------------------------------------------

// The ability modifier of the given ability.
[[nodiscard]] int modifier(const Combatant& c, Ability a) noexcept;
// The ability an attack of this kind uses: the weapon's own if it names one,
// else strength for melee, agility for ranged, the spell ability for spells.
[[nodiscard]] Ability attack_ability(const Combatant& c, Kind kind) noexcept;
// Offensive modifier O: the ability modifier, -2 for an untalented off-hand
// melee attack; `offense=` replaces it.
[[nodiscard]] int offensive_modifier(const Combatant& c, Kind kind) noexcept;
// Dodge: min(max(AGI, 0), cap); `dodge=` replaces it.
[[nodiscard]] int dodge_modifier(const Combatant& c) noexcept;
// Block: min(max(STR, 0), shield max) with a shield, else 0; `block=` replaces it.
[[nodiscard]] int block_modifier(const Combatant& c) noexcept;
// True when the creature holds a weapon that may parry: a small off-hand
// weapon or a medium weapon held two-handed.
[[nodiscard]] bool has_parry(const Combatant& c) noexcept;
// Parry: min(ceil(AGI / 2), cap), clamped at 0 unless `negative` (the negative_parry option);
// 0 without a parrying weapon; `parry=` replaces it.
[[nodiscard]] int parry_modifier(const Combatant& c, bool negative = false) noexcept;
// Deflect modifier: the shield's minimum block modifier, 0 without a shield.
[[nodiscard]] int deflect_modifier(const Combatant& c) noexcept;

// Handedness of the ability part of damage (the page's Damage section).
[[nodiscard]] int offhand_damage_modifier(int m) noexcept;  // min(2*min(m,0), -1)
[[nodiscard]] int twohand_damage_modifier(int m) noexcept;  // max(ceil(1.5*m), 0)
// Damage modifier of an attack: ability part by kind (strength for melee, the
// agility bonus for ranged, the spell ability's bonus for spells), handedness
// for melee, plus magic_damage.
[[nodiscard]] int damage_modifier(const Combatant& c, Kind kind) noexcept;

// Exact integer square root: the largest r with r*r <= n.
[[nodiscard]] std::int64_t isqrt(std::int64_t n);
// The largest coordinate difference range_modifier takes (either axis), so
// that dx^2 + dy^2 fits in 64 bits.
inline constexpr std::int64_t max_range_offset = 1'000'000'000;
// epixx Range Modifier: floor(isqrt(dx^2 + dy^2) / 2), exact in integers. Throws
// fray::Error when a coordinate difference is past max_range_offset.
[[nodiscard]] int range_modifier(std::int64_t dx, std::int64_t dy);

}  // namespace fray::epixx
