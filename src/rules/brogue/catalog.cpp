#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/rules/brogue/catalog.hpp>
#include <fray/rules/spec.hpp>
#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

#include "rules/catalog_util.hpp"

namespace fray::brogue {

namespace {

using nlohmann::json;

bool json_has(const json& list, std::string_view flag) {
  return std::any_of(list.begin(), list.end(), [&](const json& f) { return f.get<std::string>() == flag; });
}

// Sets each field whose Brogue flag is in `list` (and clears the others).
template <class T, std::size_t N>
void set_flags(T& x, const json& list, const std::pair<std::string_view, bool T::*> (&flags)[N]) {
  for (const auto& [flag, field] : flags) x.*field = json_has(list, flag);
}

// The monsterBehaviorFlags, monsterAbilityFlags and itemFlags (Rogue.h) that
// change a melee exchange, with the field each sets.
constexpr std::pair<std::string_view, bool Monster::*> behavior_flags[] = {
    {"MONST_IMMUNE_TO_WEAPONS", &Monster::immune_to_weapons},
    {"MONST_INVULNERABLE", &Monster::invulnerable},
    {"MONST_INANIMATE", &Monster::inanimate},
    {"MONST_DEFEND_DEGRADE_WEAPON", &Monster::degrades_weapon},
};
constexpr std::pair<std::string_view, bool Monster::*> ability_flags[] = {
    {"MA_HIT_DEGRADE_ARMOR", &Monster::degrades_armor},
    {"MA_KAMIKAZE", &Monster::kamikaze},
    {"MA_SEIZES", &Monster::seizes},
    {"MA_POISONS", &Monster::poisons},
    {"MA_TRANSFERENCE", &Monster::transference},
};
constexpr std::pair<std::string_view, bool Weapon::*> item_flags[] = {
    {"ITEM_SNEAK_ATTACK_BONUS", &Weapon::sneak_bonus},
    {"ITEM_LUNGE_ATTACKS", &Weapon::lunges},
    {"ITEM_ATTACKS_QUICKLY", &Weapon::quick},
    {"ITEM_ATTACKS_STAGGER", &Weapon::staggers},
};

Clump clump_of(const json& d) {
  return Clump{d.at("min").get<std::int64_t>(), d.at("max").get<std::int64_t>(),
               d.at("clumpFactor").get<std::int64_t>()};
}

// A catalog row with its name as the game spells it and its look-up key.
template <class T>
T named(const json& row) {
  T x;
  x.name = row.at("name").get<std::string>();
  x.key = catalog_key(x.name);
  return x;
}

Monster read_monster(const json& m) {
  auto x = named<Monster>(m);
  x.hp = m.at("maxHP");
  x.defense = m.at("defense");
  x.accuracy = m.at("accuracy");
  x.damage = clump_of(m.at("damage"));
  x.attack_speed = m.at("attackSpeed");
  x.movement_speed = m.at("movementSpeed");
  set_flags(x, m.at("flags"), behavior_flags);
  set_flags(x, m.at("abilityFlags"), ability_flags);
  x.flags = m.at("flags").get<std::vector<std::string>>();
  x.ability_flags = m.at("abilityFlags").get<std::vector<std::string>>();
  x.turns_between_regen = m.at("turnsBetweenRegen");
  return x;
}

Weapon read_weapon(const json& w) {
  auto x = named<Weapon>(w);
  x.damage = clump_of(w.at("damage"));
  x.strength_required = w.at("strengthRequired");
  x.thrown = w.at("thrown");
  set_flags(x, w.at("itemFlags"), item_flags);
  return x;
}

Armor read_armor(const json& a) {
  auto x = named<Armor>(a);
  x.armor = a.at("armor_internal");
  x.strength_required = a.at("strengthRequired");
  return x;
}

PlayerStart read_player(const json& p) {
  PlayerStart start;
  start.hp = p.at("catalog_entry").at("maxHP");
  start.accuracy = p.at("catalog_entry").at("accuracy");
  start.unarmed = clump_of(p.at("catalog_entry").at("damage_unarmed"));
  start.strength = p.at("starting_strength");
  return start;
}

template <class T>
std::vector<T> read_rows(std::string_view path, T (*read)(const json&)) {
  return read_catalog_rows<T>(path, parse_catalog(path), read);
}

struct Catalog {
  std::vector<Monster> monsters = read_rows("brogue/monsters.json", read_monster);
  std::vector<Weapon> weapons = read_rows("brogue/weapons.json", read_weapon);
  std::vector<Armor> armors = read_rows("brogue/armors.json", read_armor);
  PlayerStart start = read_catalog("brogue/player.json", parse_catalog("brogue/player.json"), read_player);
};

const Catalog& catalog() {
  static const Catalog c;
  return c;
}

}  // namespace

std::span<const Monster> monsters() { return catalog().monsters; }
std::span<const Weapon> weapons() { return catalog().weapons; }
std::span<const Armor> armors() { return catalog().armors; }
const PlayerStart& player_start() { return catalog().start; }
const Monster* find_monster(std::string_view name) { return find_catalog_row(catalog().monsters, name); }
const Weapon* find_weapon(std::string_view name) { return find_catalog_row(catalog().weapons, name); }
const Armor* find_armor(std::string_view name) { return find_catalog_row(catalog().armors, name); }

namespace {
template <class T>
std::vector<std::string> keys_of(const std::vector<T>& rows) {
  std::vector<std::string> keys;
  keys.reserve(rows.size());
  for (const T& row : rows) keys.push_back(row.key);
  return keys;
}

template <class T>
const T& lookup(const T* row, std::string_view kind, std::string_view name) {
  if (!row) throw Error("brogue: " + unknown_name(kind, name));
  return *row;
}
}  // namespace

std::string unknown_name(std::string_view kind, std::string_view name) {
  const std::vector<std::string> keys = kind == "monster"  ? keys_of(catalog().monsters)
                                        : kind == "weapon" ? keys_of(catalog().weapons)
                                                           : keys_of(catalog().armors);
  std::string msg = fmt::format("unknown {} '{}'{}", kind, name, did_you_mean(catalog_key(name), keys));
  // The short catalogs are worth listing whole.
  if (kind != "monster") msg += fmt::format(" (known: {})", fmt::join(keys, ", "));
  return msg;
}

const Monster& lookup_monster(std::string_view name) { return lookup(find_monster(name), "monster", name); }
const Weapon& lookup_weapon(std::string_view name) { return lookup(find_weapon(name), "weapon", name); }
const Armor& lookup_armor(std::string_view name) { return lookup(find_armor(name), "armor", name); }

}  // namespace fray::brogue
