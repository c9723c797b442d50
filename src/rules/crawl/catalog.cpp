// Loads data/crawl/weapons.json and monsters.json (embedded) once.
#include <fray/core/error.hpp>
#include <fray/rules/crawl/catalog.hpp>
#include <fray/rules/spec.hpp>

#include "rules/catalog_util.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <array>

namespace fray::crawl {

namespace {

constexpr std::array<std::string_view, 7> size_words = {"tiny", "little", "small", "medium", "large", "big", "giant"};

struct Tables {
  std::vector<WeaponProp> weapons;
  std::vector<ArmourProp> armours;
  std::vector<MissileProp> missiles;
  std::vector<MonsterProp> monsters;
};

WeaponProp read_weapon(const nlohmann::json& w) {
  WeaponProp p;
  p.name = w.at("name").get<std::string>();
  p.skill = w.at("skill").get<std::string>();
  p.damage = w.at("base_damage").get<int>();
  p.accuracy = w.at("accuracy").get<int>();
  p.base_delay = w.at("base_delay_aut").get<int>();
  p.min_delay = w.at("min_delay_aut").get<int>();
  p.min_delay_skill = w.at("min_delay_skill").get<int>();
  p.ranged = w.at("ranged").get<bool>();
  p.legacy = w.at("legacy_only").get<bool>();
  return p;
}

ArmourProp read_armour(const nlohmann::json& a) {
  return {a.at("name").get<std::string>(), a.at("slot").get<std::string>(), a.at("base_ac").get<int>(),
          a.at("ev_penalty_raw").get<int>()};
}

MissileProp read_missile(const nlohmann::json& m) {
  return {m.at("name").get<std::string>(), m.at("base_damage").get<int>(), m.at("throwable").get<bool>()};
}

MonsterProp read_monster(const nlohmann::json& m) {
  MonsterProp p;
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
  constexpr std::string_view items_path = "crawl/weapons.json", monsters_path = "crawl/monsters.json";
  read_catalog(items_path, parse_catalog(items_path), [&](const nlohmann::json& items) {
    for (const WeaponProp& p : read_catalog_rows<WeaponProp>(items_path, items.at("weapons"), read_weapon)) {
      out.weapons.push_back(p);
      if (p.name == "staff") {  // magical staves use this row (itemprop.cc)
        WeaponProp staff = p;
        staff.name = "magical staff";
        staff.magic_staff = true;
        out.weapons.push_back(std::move(staff));
      }
    }
    out.armours = read_catalog_rows<ArmourProp>(items_path, items.at("armours"), read_armour);
    out.missiles = read_catalog_rows<MissileProp>(items_path, items.at("missiles"), read_missile);
  });
  read_catalog(monsters_path, parse_catalog(monsters_path), [&](const nlohmann::json& mons) {
    out.monsters = read_catalog_rows<MonsterProp>(monsters_path, mons.at("monsters"), read_monster);
  });
  return out;
}

const Tables& tables() {
  static const Tables t = read_tables();
  return t;
}

template <class T>
const T& find(const std::vector<T>& v, std::string_view key, const char* what) {
  if (const T* row = find_catalog_row(v, key)) return *row;
  throw Error(fmt::format("crawl: unknown {} '{}'", what, key));
}

}  // namespace

int parse_size(std::string_view word) {
  std::string w = catalog_key(word);
  if (w.rfind("size_", 0) == 0) w = w.substr(5);
  for (std::size_t i = 0; i < size_words.size(); ++i)
    if (w == size_words[i]) return static_cast<int>(i);
  throw Error(fmt::format("crawl: unknown size '{}' (tiny, little, small, medium, large, big, giant)", word));
}

std::string_view size_name(int size) {
  return size >= 0 && size < 7 ? size_words[static_cast<std::size_t>(size)] : "?";
}

const WeaponProp& weapon(std::string_view key) { return find(tables().weapons, key, "weapon"); }
const ArmourProp& armour(std::string_view key) { return find(tables().armours, key, "armour"); }
const MissileProp& missile(std::string_view key) { return find(tables().missiles, key, "missile"); }
const MonsterProp& monster(std::string_view key) { return find(tables().monsters, key, "monster"); }
const std::vector<WeaponProp>& weapons() { return tables().weapons; }
const std::vector<MonsterProp>& monsters() { return tables().monsters; }

}  // namespace fray::crawl
