// Loads data/crawl_0_34/weapons.json and monsters.json (embedded) once.
#include <fmt/format.h>

#include <array>
#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/rules/crawl_0_34/catalog.hpp>
#include <fray/rules/spec.hpp>
#include <nlohmann/json.hpp>

#include "rules/catalog_util.hpp"
#include "rules/crawl/catalog_json.hpp"

namespace fray::crawl_0_34 {

namespace {

// 0.34's size_type (size-type.h), SIZE_TINY .. SIZE_GIANT: no SIZE_BIG any more.
constexpr std::string_view kSizeWords[] = {"tiny", "little", "small", "medium", "large", "giant"};

using Tables = crawl::CatalogTables<WeaponProp, ArmorProp, MissileProp, MonsterProp>;

// A weapon row's min_2h_size or min_1h_size (NUM_SIZE_LEVELS: no size).
int weapon_size(const nlohmann::json& w, const char* key) {
  const std::string word = w.at(key).get<std::string>();
  const int size = crawl::size_index(word, kSizeWords);
  if (size < 0) throw nlohmann::json::other_error::create(501, fmt::format("{} '{}' is not a size", key, word), &w);
  return size;
}

WeaponProp read_weapon(const nlohmann::json& w) {
  WeaponProp p = crawl::read_weapon_row<WeaponProp>(w);
  p.skill = w.at("skill").get<std::string>();
  p.min_2h_size = weapon_size(w, "min_2h_size");
  p.min_1h_size = weapon_size(w, "min_1h_size");
  p.crossbow = w.at("is_crossbow").get<bool>();
  return p;
}

ArmorProp read_armor(const nlohmann::json& a) {
  return {a.at("name").get<std::string>(), a.at("slot").get<std::string>(), a.at("base_ac").get<int>(),
          a.at("ev_penalty_raw").get<int>(), a.at("legacy_only").get<bool>()};
}

MissileProp read_missile(const nlohmann::json& m) {
  return {m.at("name").get<std::string>(), m.at("base_damage").get<int>(), m.at("legacy_only").get<bool>()};
}

MonsterProp read_monster(const nlohmann::json& m) {
  return crawl::read_monster_row<MonsterProp>(m, parse_size, [](const nlohmann::json& a) {
    return MonsterAttack{a.at("type").get<std::string>(), a.at("flavour").get<std::string>(),
                         a.at("damage").get<int>()};
  });
}

const Tables& tables() {
  static const Tables t = crawl::read_tables<Tables>("crawl_0_34/weapons.json", "crawl_0_34/monsters.json", read_weapon,
                                                     read_armor, read_missile, read_monster);
  return t;
}

template <class T>
const T& lookup(const T* found, const LazyRows<T>& rows, std::string_view key, std::string_view what) {
  return crawl::found_or_unknown(found, rows, key, what, "crawl-0.34: ");
}

}  // namespace

int parse_size(std::string_view word) {
  const int size = crawl::size_index(word, kSizeWords);
  if (size >= 0 && size < static_cast<int>(std::size(kSizeWords))) return size;
  const std::vector<std::string> known(std::begin(kSizeWords), std::end(kSizeWords));
  throw Error(
      fmt::format("crawl-0.34: unknown size '{}'{} (tiny, little, small, medium, large, giant; 0.34 has no "
                  "big)",
                  word, did_you_mean(catalog_key(word), known)));
}

std::string_view size_name(int size) { return crawl::size_word(size, kSizeWords); }

std::span<const WeaponProp> weapons() { return tables().weapons.all(); }
std::span<const ArmorProp> armors() { return tables().armors.all(); }
std::span<const MissileProp> missiles() { return tables().missiles.all(); }
std::span<const MonsterProp> monsters() { return tables().monsters.all(); }

const WeaponProp* find_weapon(std::string_view key) { return tables().weapons.find(key); }
// The game spells "leather armour"; "leather_armor" finds it too.
const ArmorProp* find_armor(std::string_view key) {
  if (const ArmorProp* a = tables().armors.find(key)) return a;
  std::string k = catalog_key(key);
  if (const auto at = k.find("armor"); at != std::string::npos) k.replace(at, 5, "armour");
  return tables().armors.find(k);
}
const MissileProp* find_missile(std::string_view key) { return tables().missiles.find(key); }
const MonsterProp* find_monster(std::string_view key) { return tables().monsters.find(key); }

const WeaponProp& lookup_weapon(std::string_view key) {
  return lookup(find_weapon(key), tables().weapons, key, "weapon");
}
const ArmorProp& lookup_armor(std::string_view key) { return lookup(find_armor(key), tables().armors, key, "armor"); }
const MissileProp& lookup_missile(std::string_view key) {
  return lookup(find_missile(key), tables().missiles, key, "missile");
}
const MonsterProp& lookup_monster(std::string_view key) {
  return lookup(find_monster(key), tables().monsters, key, "monster");
}

}  // namespace fray::crawl_0_34
