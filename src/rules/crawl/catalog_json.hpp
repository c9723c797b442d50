// Reading the two DCSS versions' catalogs (data/crawl, data/crawl_0_34):
// what both versions' tables hold alike. Each version's catalog.cpp reads
// its own rows (weapon, armour and missile fields, its attack type) and
// passes them here.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/rules/crawl/energy.hpp>
#include <fray/rules/crawl/poison.hpp>
#include <fray/rules/spec.hpp>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/catalog_util.hpp"
#include "rules/crawl/family.hpp"

namespace fray::crawl {

// A monster row's res_fire, res_cold, res_neg, natural and res_poison; where
// the row has them (0.34), its resists' elec and its holiness.
[[nodiscard]] inline MonsterResists read_resists(const nlohmann::json& m) {
  MonsterResists r{m.at("res_fire").get<int>(), m.at("res_cold").get<int>(), m.at("res_neg").get<int>(),
                   m.at("natural").get<bool>(), m.at("res_poison").get<int>()};
  if (const auto it = m.find("resists"); it != m.end() && it->contains("elec")) r.elec = it->at("elec").get<int>();
  if (const auto it = m.find("holiness"); it != m.end())
    for (const auto& h : *it) {
      const std::string word = h.get<std::string>();
      if (word == "MH_UNDEAD" || word == "MH_DEMONIC") r.undead_or_demonic = true;
      if (word == "MH_HOLY") r.holy = true;
    }
  return r;
}

// A monster row's "energy" (mon_energy_usage): the kinds the row gives (0.19
// all eight, 0.34 move, swim, attack, missile and spell), the others at the
// game's fixed values. Each is 1..255 (a uint8_t that the game asserts above 0).
[[nodiscard]] inline MonsterEnergy read_energy(const nlohmann::json& m) {
  MonsterEnergy e;
  const nlohmann::json& j = m.at("energy");
  const std::pair<const char*, int*> fields[] = {
      {"move", &e.move},   {"swim", &e.swim},       {"attack", &e.attack}, {"missile", &e.missile},
      {"spell", &e.spell}, {"special", &e.special}, {"item", &e.item},     {"pickup_percent", &e.pickup}};
  for (const auto& [key, value] : fields) {
    if (!j.contains(key)) continue;
    *value = j.at(key).get<int>();
    // As a JSON error, so that read_catalog names the file and the row.
    if (*value < 1 || *value > 255)
      throw nlohmann::json::other_error::create(501, fmt::format("energy {} {} is outside 1..255", key, *value), &j);
  }
  for (const auto& item : j.items()) {
    // A reference, not a structured binding: Clang 14 (Emscripten's) cannot capture one in a lambda.
    const std::string& key = item.key();
    if (std::none_of(std::begin(fields), std::end(fields), [&](const auto& f) { return key == f.first; }))
      throw nlohmann::json::other_error::create(501, fmt::format("unknown energy kind '{}'", key), &j);
  }
  return e;
}

// The size `word` names ("medium", "SIZE_MEDIUM"; "NUM_SIZE_LEVELS", the
// size past the largest, as item-prop.cc marks a weapon no size wields one-
// handed) in a version's size_type, `words` its sizes from SIZE_TINY up; -1
// for another word. 0.19 has SIZE_BIG between large and giant, 0.34 has not.
template <std::size_t N>
[[nodiscard]] int size_index(std::string_view word, const std::string_view (&words)[N]) {
  std::string w = catalog_key(word);
  if (w == "num_size_levels") return static_cast<int>(N);
  if (w.rfind("size_", 0) == 0) w = w.substr(5);
  for (std::size_t i = 0; i < N; ++i)
    if (w == words[i]) return static_cast<int>(i);
  return -1;
}
// A size's word in `words`, "?" out of range.
template <std::size_t N>
[[nodiscard]] constexpr std::string_view size_word(int size, const std::string_view (&words)[N]) noexcept {
  return size >= 0 && size < static_cast<int>(N) ? words[size] : "?";
}

// The JSON fields `fields` of row `j` into `row`, in their order: each a
// key and the member it fills, of type V.
template <class V, class Row, std::size_t N>
void read_fields(const nlohmann::json& j, Row& row, const std::pair<const char*, V Row::*> (&fields)[N]) {
  for (const auto& [key, member] : fields) row.*member = j.at(key).template get<V>();
}

// A weapon row's fields both versions' weapon types have: name, damage,
// accuracy, the delays and the flags; each version adds its skill and own flags.
template <WeaponRow W>
[[nodiscard]] W read_weapon_row(const nlohmann::json& w) {
  W p;
  p.name = w.at("name").get<std::string>();
  read_fields<int>(w, p,
                   {{"base_damage", &W::damage},
                    {"accuracy", &W::accuracy},
                    {"base_delay_aut", &W::base_delay},
                    {"min_delay_aut", &W::min_delay},
                    {"min_delay_skill", &W::min_delay_skill}});
  read_fields<bool>(w, p, {{"ranged", &W::ranged}, {"legacy_only", &W::legacy}});
  return p;
}

// A monster row into M (either version's monster row): the fields both
// have, the size through `parse_size`, each attack through `read_attack`.
template <MonsterRow M, std::invocable<std::string> ParseSize, std::invocable<const nlohmann::json&> ReadAttack>
[[nodiscard]] M read_monster_row(const nlohmann::json& m, ParseSize&& parse_size, ReadAttack&& read_attack) {
  M p;
  p.name = m.at("name").get<std::string>();
  read_fields<int>(m, p, {{"hd", &M::hd}, {"avg_hp_x10", &M::avg_hp_x10}, {"ac", &M::ac}, {"ev", &M::ev}});
  read_fields<bool>(m, p, {{"fighter", &M::fighter}, {"archer", &M::archer}});
  p.size = parse_size(m.at("size").get<std::string>());
  p.speed = m.at("speed").get<int>();
  for (const auto& a : m.at("attacks")) p.attacks.push_back(read_attack(a));
  p.resists = read_resists(m);
  p.energy = read_energy(m);
  p.weapon = m.value("weapon", std::string());
  p.weapon_random = m.value("weapon_random", false);
  return p;
}

// Both versions' tables, each row read from its JSON on first use
// (LazyRows): a fight reads the few rows it names, `fray list` every one.
template <WeaponRow Weapon, CatalogRow Armor, CatalogRow Missile, MonsterRow Monster>
struct CatalogTables {
  LazyRows<Weapon> weapons;
  LazyRows<Armor> armors;
  LazyRows<Missile> missiles;
  LazyRows<Monster> monsters;
};

// The tables of `items_path` (its "weapons", "armours" and "missiles") and
// `monsters_path` (its "monsters"), a row each through its reader. The staff
// row comes twice: the second time as "magical staff" (magic_staff set), the
// row magical staves fight with in both versions (itemprop.cc, item-prop.cc).
template <class T, class ReadWeapon, class ReadArmor, class ReadMissile, class ReadMonster>
[[nodiscard]] T read_tables(std::string_view items_path, std::string_view monsters_path, ReadWeapon read_weapon,
                            ReadArmor read_armor, ReadMissile read_missile, ReadMonster read_monster) {
  using Weapon = typename decltype(T::weapons)::value_type;
  std::vector<std::vector<RowText>> items = index_catalog(items_path, {"weapons", "armours", "missiles"});
  std::vector<std::vector<RowText>> mons = index_catalog(monsters_path, {"monsters"});
  // The weapons' rows, the staff's twice; `staff` marks the second.
  std::vector<RowText> weapons;
  std::vector<bool> staff;
  for (RowText& row : items[0]) {
    const bool is_staff = row.key == "staff";
    weapons.push_back(row);
    staff.push_back(false);
    if (is_staff) {
      weapons.push_back({row.text, "magical_staff"});
      staff.push_back(true);
    }
  }
  const auto plain = [](auto read) { return [read](const nlohmann::json& j, std::size_t) { return read(j); }; };
  return T{LazyRows<Weapon>(items_path, std::move(weapons),
                            [read_weapon, staff](const nlohmann::json& j, std::size_t i) {
                              Weapon p = read_weapon(j);
                              if (staff[i]) {
                                p.name = "magical staff";
                                p.magic_staff = true;
                              }
                              return p;
                            }),
           {items_path, std::move(items[1]), plain(read_armor)},
           {items_path, std::move(items[2]), plain(read_missile)},
           {monsters_path, std::move(mons[0]), plain(read_monster)}};
}

// `found`, or the error of a failed look-up: "<prefix>unknown <what> 'key'
// (did you mean ...)", the closest of the rows' keys.
template <class T>
const T& found_or_unknown(const T* found, const LazyRows<T>& rows, std::string_view key, std::string_view what,
                          std::string_view prefix) {
  if (found) return *found;
  throw Error(fmt::format("{}unknown {} '{}'{}", prefix, what, key, did_you_mean(catalog_key(key), rows.keys())));
}

}  // namespace fray::crawl
