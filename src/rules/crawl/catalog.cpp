// Loads data/crawl/weapons.json and monsters.json (embedded) once, reading
// every word the rules test into an enumeration.
#include <fmt/format.h>

#include <array>
#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/rules/crawl/catalog.hpp>
#include <fray/rules/spec.hpp>
#include <nlohmann/json.hpp>

#include "rules/catalog_util.hpp"

namespace fray::crawl {

namespace {

constexpr std::array<std::string_view, 7> size_words = {"tiny", "little", "small", "medium", "large", "big", "giant"};

constexpr std::array<std::string_view, 11> skill_words = {"fighting",     "short_blades", "long_blades", "axes",
                                                          "maces_flails", "polearms",     "staves",      "slings",
                                                          "bows",         "crossbows",    "throwing"};

struct Tables {
  std::vector<WeaponProp> weapons;
  std::vector<ArmorProp> armors;
  std::vector<MissileProp> missiles;
  std::vector<MonsterProp> monsters;
};

WeaponProp read_weapon(const nlohmann::json& w) {
  WeaponProp p;
  p.name = w.at("name").get<std::string>();
  p.skill = parse_skill(w.at("skill").get<std::string>());
  p.damage = w.at("base_damage").get<int>();
  p.accuracy = w.at("accuracy").get<int>();
  p.base_delay = w.at("base_delay_aut").get<int>();
  p.min_delay = w.at("min_delay_aut").get<int>();
  p.min_delay_skill = w.at("min_delay_skill").get<int>();
  p.ranged = w.at("ranged").get<bool>();
  p.legacy = w.at("legacy_only").get<bool>();
  p.dagger = p.name == "dagger";
  p.blowgun = p.name == "blowgun";
  return p;
}

ArmorProp read_armor(const nlohmann::json& a) {
  ArmorProp p;
  p.name = a.at("name").get<std::string>();
  const std::string slot = a.at("slot").get<std::string>();
  p.slot = slot == "EQ_BODY_ARMOUR" ? ArmorSlot::body : slot == "EQ_SHIELD" ? ArmorSlot::shield : ArmorSlot::other;
  if (p.slot == ArmorSlot::shield) {
    if (p.name == "buckler")
      p.shield = ShieldKind::buckler;
    else if (p.name == "shield")
      p.shield = ShieldKind::shield;
    else if (p.name == "large shield")
      p.shield = ShieldKind::large_shield;
    else
      throw Error(fmt::format("unknown shield '{}'", p.name));
  }
  p.ac = a.at("base_ac").get<int>();
  p.ev_penalty = a.at("ev_penalty_raw").get<int>();
  return p;
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
  for (const auto& a : m.at("attacks")) {
    MonsterAttack at{a.at("type").get<std::string>(), a.at("flavour").get<std::string>(), a.at("damage").get<int>()};
    at.uses_weapon = at.type == "AT_HIT" || at.type == "AT_WEAP_ONLY";
    p.attacks.push_back(std::move(at));
  }
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
    out.armors = read_catalog_rows<ArmorProp>(items_path, items.at("armours"), read_armor);
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
const T& lookup(const std::vector<T>& rows, std::string_view key, const char* what) {
  if (const T* row = find_catalog_row(rows, key)) return *row;
  std::vector<std::string> keys;
  keys.reserve(rows.size());
  for (const T& row : rows) keys.push_back(catalog_key(row.name));
  throw Error(fmt::format("unknown {} '{}'{}", what, key, did_you_mean(catalog_key(key), keys)));
}

}  // namespace

int parse_size(std::string_view word) {
  std::string w = catalog_key(word);
  if (w.rfind("size_", 0) == 0) w = w.substr(5);
  for (std::size_t i = 0; i < size_words.size(); ++i)
    if (w == size_words[i]) return static_cast<int>(i);
  const std::vector<std::string> known(size_words.begin(), size_words.end());
  throw Error(fmt::format("unknown size '{}'{} (tiny, little, small, medium, large, big, giant)", word,
                          did_you_mean(w, known)));
}

std::string_view size_name(int size) {
  return size >= 0 && size < 7 ? size_words[static_cast<std::size_t>(size)] : "?";
}

Skill parse_skill(std::string_view word) {
  std::string w = catalog_key(word);
  if (w.rfind("sk_", 0) == 0) w = w.substr(3);
  for (std::size_t i = 0; i < skill_words.size(); ++i)
    if (w == skill_words[i]) return static_cast<Skill>(i);
  throw Error(fmt::format("unknown weapon skill '{}'", word));
}

std::string_view skill_name(Skill skill) noexcept { return skill_words[static_cast<std::size_t>(skill)]; }

const WeaponProp* find_weapon(std::string_view key) { return find_catalog_row(tables().weapons, key); }
const ArmorProp* find_armor(std::string_view key) { return find_catalog_row(tables().armors, key); }
const MissileProp* find_missile(std::string_view key) { return find_catalog_row(tables().missiles, key); }
const MonsterProp* find_monster(std::string_view key) { return find_catalog_row(tables().monsters, key); }
const WeaponProp& lookup_weapon(std::string_view key) { return lookup(tables().weapons, key, "weapon"); }
const ArmorProp& lookup_armor(std::string_view key) { return lookup(tables().armors, key, "armor"); }
const MissileProp& lookup_missile(std::string_view key) { return lookup(tables().missiles, key, "missile"); }
const MonsterProp& lookup_monster(std::string_view key) { return lookup(tables().monsters, key, "monster"); }
std::span<const WeaponProp> weapons() { return tables().weapons; }
std::span<const ArmorProp> armors() { return tables().armors; }
std::span<const MissileProp> missiles() { return tables().missiles; }
std::span<const MonsterProp> monsters() { return tables().monsters; }

}  // namespace fray::crawl
