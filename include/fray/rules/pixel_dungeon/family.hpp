// fray/rules/pixel_dungeon/family.hpp — what Shattered Pixel Dungeon 3.3.6
// keeps from Pixel Dungeon 1.9.1, written once for both: the hero's bases
// and name tables, and the catalogs of spec keys and situation flags. Each
// version passes what differs (its class and subclass tables, how a name is
// read, its keys and flags) as data.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fray/rules/ruleset.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fray::pixel_dungeon::family {

// Hero.attackSkill's base: the counter starts at 10 and gains 1 a level.
[[nodiscard]] constexpr int accuracy_base(int level) noexcept { return 9 + level; }
// Hero.defenseSkill's base: 5 at level 1, and 1 a level.
[[nodiscard]] constexpr int evasion_base(int level) noexcept { return 4 + level; }
// Hero.HT from the level (Hero.earnExp, Shattered Hero.updateHT): 20 + 5·(level − 1).
[[nodiscard]] constexpr std::int64_t hero_ht(int level) noexcept {
  return 20 + 5 * static_cast<std::int64_t>(level - 1);
}

// Pixel Dungeon Weapon.acuracyFactor, Shattered Weapon.accuracyFactor: the
// weapon's accuracy, or (float)(accuracy / Math.pow(1.5, enc)) for a weapon
// `enc` > 0 STR too heavy (the float widened to double, divided, narrowed).
[[nodiscard]] inline float heavy_weapon_accuracy(float accuracy, int enc) noexcept {
  return enc > 0 ? static_cast<float>(static_cast<double>(accuracy) / std::pow(1.5, enc)) : accuracy;
}

// HeroSubClass: each class has two subclasses, and both versions' enums list
// `none` first, then the subclasses two by two in the order of the classes.
// The class of subclass `s` (none: any class).
template <class Class, class Sub>
[[nodiscard]] constexpr std::optional<Class> class_of(Sub s) noexcept {
  const auto i = static_cast<int>(s);
  if (i == 0) return std::nullopt;
  return static_cast<Class>((i - 1) / 2);
}

// How a version reads a class or subclass name.
struct NameTable {
  std::span<const std::string_view> names;  // by enum value
  std::string_view what;                    // "hero class", "subclass"
  std::size_t listed_from = 0;              // the first name the error lists and suggests
  bool catalog_key = false;                 // the name is read as a catalog key (fray::catalog_key)
};

// The index of `s` in the table; throws fray::Error "unknown <what> 's'",
// with a suggestion and the names known.
[[nodiscard]] std::size_t parse_name(const NameTable& t, std::string_view s);

// A spec key: which specs read it, and what it means (`fray list keys`).
struct SpecKey {
  std::string_view key;
  std::string_view specs;  // "hero", "mob", "inline", or several
  std::string_view description;
};

// The `keys` catalog: an entry a key, with a "specs" stat (the game's own
// names of the specs that read it) and an "applies_to" stat (the same in
// every game's words: player, monster, inline); a key several specs read
// ("armor", "hp") is one entry, its descriptions joined.
[[nodiscard]] std::vector<CatalogEntry> key_entries(std::span<const SpecKey> keys);

// The `situations` catalog: an entry a flag (anything with a name and a description).
template <class Flag>
[[nodiscard]] std::vector<CatalogEntry> flag_entries(std::span<const Flag> flags) {
  std::vector<CatalogEntry> out;
  for (const Flag& f : flags) out.push_back({std::string(f.name), std::string(f.description), {}});
  return out;
}

}  // namespace fray::pixel_dungeon::family
