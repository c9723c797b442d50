// Loads data/crawl_0_34/weapons.json and monsters.json (embedded) once.
#include <fmt/format.h>

#include <array>
#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/rules/crawl_0_34/catalog.hpp>
#include <fray/rules/spec.hpp>
#include <nlohmann/json.hpp>

#include "rules/catalog_util.hpp"

namespace fray::crawl_0_34 {

namespace {

constexpr std::array<std::string_view, 7> size_words = {"tiny", "little", "small", "medium", "large", "big", "giant"};

struct Tables {
  std::vector<Weapon> weapons;
  std::vector<Armor> armors;
  std::vector<Missile> missiles;
  std::vector<Monster> monsters;
};

Weapon read_weapon(const nlohmann::json& w) {
  Weapon p;
  p.name = w.at("name").get<std::string>();
  p.skill = w.at("skill").get<std::string>();
  p.damage = w.at("base_damage").get<int>();
  p.accuracy = w.at("accuracy").get<int>();
  p.base_delay = w.at("base_delay_aut").get<int>();
  p.min_delay = w.at("min_delay_aut").get<int>();
  p.min_delay_skill = w.at("min_delay_skill").get<int>();
  p.ranged = w.at("ranged").get<bool>();
  p.legacy = w.at("legacy_only").get<bool>();
  p.crossbow = w.at("is_crossbow").get<bool>();
  return p;
}

Armor read_armor(const nlohmann::json& a) {
  return {a.at("name").get<std::string>(), a.at("slot").get<std::string>(), a.at("base_ac").get<int>(),
          a.at("ev_penalty_raw").get<int>(), a.at("legacy_only").get<bool>()};
}

Missile read_missile(const nlohmann::json& m) {
  return {m.at("name").get<std::string>(), m.at("base_damage").get<int>(), m.at("legacy_only").get<bool>()};
}

Monster read_monster(const nlohmann::json& m) {
  Monster p;
  p.name = m.at("name").get<std::string>();
  p.hd = m.at("hd").get<int>();
  p.avg_hp_x10 = m.at("avg_hp_x10").get<int>();
  p.ac = m.at("ac").get<int>();
  p.ev = m.at("ev").get<int>();
  p.fighter = m.at("fighter").get<bool>();
  p.archer = m.at("archer").get<bool>();
  p.size = parse_size(m.at("size").get<std::string>());
  p.speed = m.at("speed").get<int>();
  for (const auto& a : m.at("attacks"))
    p.attacks.push_back(
        {a.at("type").get<std::string>(), a.at("flavour").get<std::string>(), a.at("damage").get<int>()});
  return p;
}

Tables read_tables() {
  Tables out;
  constexpr std::string_view items_path = "crawl_0_34/weapons.json", monsters_path = "crawl_0_34/monsters.json";
  read_catalog(items_path, parse_catalog(items_path), [&](const nlohmann::json& items) {
    for (const Weapon& p : read_catalog_rows<Weapon>(items_path, items.at("weapons"), read_weapon)) {
      out.weapons.push_back(p);
      if (p.name == "staff") {  // item-prop.cc: magical staves (OBJ_STAVES) fight with this row
        Weapon staff = p;
        staff.name = "magical staff";
        staff.magic_staff = true;
        out.weapons.push_back(std::move(staff));
      }
    }
    out.armors = read_catalog_rows<Armor>(items_path, items.at("armours"), read_armor);
    out.missiles = read_catalog_rows<Missile>(items_path, items.at("missiles"), read_missile);
  });
  read_catalog(monsters_path, parse_catalog(monsters_path), [&](const nlohmann::json& mons) {
    out.monsters = read_catalog_rows<Monster>(monsters_path, mons.at("monsters"), read_monster);
  });
  return out;
}

const Tables& tables() {
  static const Tables t = read_tables();
  return t;
}

template <class T>
const T& lookup(const T* found, const std::vector<T>& rows, std::string_view key, std::string_view what) {
  if (found) return *found;
  std::vector<std::string> known;
  known.reserve(rows.size());
  for (const T& row : rows) known.push_back(catalog_key(row.name));
  throw Error(fmt::format("crawl-0.34: unknown {} '{}'{}", what, key, did_you_mean(catalog_key(key), known)));
}

}  // namespace

int parse_size(std::string_view word) {
  std::string w = catalog_key(word);
  if (w.rfind("size_", 0) == 0) w = w.substr(5);
  for (std::size_t i = 0; i < size_words.size(); ++i)
    if (w == size_words[i]) return static_cast<int>(i);
  throw Error(fmt::format("crawl-0.34: unknown size '{}' (tiny, little, small, medium, large, big, giant)", word));
}

std::string_view size_name(int size) {
  return size >= 0 && size < 7 ? size_words[static_cast<std::size_t>(size)] : "?";
}

std::span<const Weapon> weapons() { return tables().weapons; }
std::span<const Armor> armors() { return tables().armors; }
std::span<const Missile> missiles() { return tables().missiles; }
std::span<const Monster> monsters() { return tables().monsters; }

const Weapon* find_weapon(std::string_view key) { return find_catalog_row(tables().weapons, key); }
// The game spells "leather armour"; "leather_armor" finds it too.
const Armor* find_armor(std::string_view key) {
  if (const Armor* a = find_catalog_row(tables().armors, key)) return a;
  std::string k = catalog_key(key);
  if (const auto at = k.find("armor"); at != std::string::npos) k.replace(at, 5, "armour");
  return find_catalog_row(tables().armors, k);
}
const Missile* find_missile(std::string_view key) { return find_catalog_row(tables().missiles, key); }
const Monster* find_monster(std::string_view key) { return find_catalog_row(tables().monsters, key); }

const Weapon& lookup_weapon(std::string_view key) { return lookup(find_weapon(key), tables().weapons, key, "weapon"); }
const Armor& lookup_armor(std::string_view key) { return lookup(find_armor(key), tables().armors, key, "armor"); }
const Missile& lookup_missile(std::string_view key) {
  return lookup(find_missile(key), tables().missiles, key, "missile");
}
const Monster& lookup_monster(std::string_view key) {
  return lookup(find_monster(key), tables().monsters, key, "monster");
}

}  // namespace fray::crawl_0_34
