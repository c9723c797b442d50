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
#include "rules/crawl/catalog_json.hpp"

namespace fray::crawl {

namespace {

constexpr std::array<std::string_view, 11> skill_words = {"fighting",     "short_blades", "long_blades", "axes",
                                                          "maces_flails", "polearms",     "staves",      "slings",
                                                          "bows",         "crossbows",    "throwing"};

// 0.19's size_type (enum.h), SIZE_TINY .. SIZE_GIANT, as a spec names them.
constexpr std::string_view kSizeWords[] = {"tiny", "little", "small", "medium", "large", "big", "giant"};

using Tables = crawl::CatalogTables<WeaponProp, ArmorProp, MissileProp, MonsterProp>;

// A weapon row's min_2h_size or min_1h_size (NUM_SIZE_LEVELS: no size).
int weapon_size(const nlohmann::json& w, const char* key) {
  const std::string word = w.at(key).get<std::string>();
  const int size = size_index(word, kSizeWords);
  if (size < 0) throw nlohmann::json::other_error::create(501, fmt::format("{} '{}' is not a size", key, word), &w);
  return size;
}

WeaponProp read_weapon(const nlohmann::json& w) {
  WeaponProp p = read_weapon_row<WeaponProp>(w);
  p.skill = parse_skill(w.at("skill").get<std::string>());
  p.min_2h_size = weapon_size(w, "min_2h_size");
  p.min_1h_size = weapon_size(w, "min_1h_size");
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
  return read_monster_row<MonsterProp>(m, parse_size, [](const nlohmann::json& a) {
    MonsterAttack at{a.at("type").get<std::string>(), a.at("flavour").get<std::string>(), a.at("damage").get<int>()};
    at.uses_weapon = at.type == "AT_HIT" || at.type == "AT_WEAP_ONLY";
    return at;
  });
}

const Tables& tables() {
  static const Tables t = read_tables<Tables>("crawl/weapons.json", "crawl/monsters.json", read_weapon, read_armor,
                                              read_missile, read_monster);
  return t;
}

template <class T>
const T& lookup(const LazyRows<T>& rows, std::string_view key, const char* what) {
  return found_or_unknown(rows.find(key), rows, key, what, "");
}

}  // namespace

int parse_size(std::string_view word) {
  const int size = size_index(word, kSizeWords);
  if (size >= 0 && size < static_cast<int>(std::size(kSizeWords))) return size;
  const std::vector<std::string> known(std::begin(kSizeWords), std::end(kSizeWords));
  throw Error(fmt::format("unknown size '{}'{} (tiny, little, small, medium, large, big, giant)", word,
                          did_you_mean(catalog_key(word), known)));
}

std::string_view size_name(int size) { return size_word(size, kSizeWords); }

Skill parse_skill(std::string_view word) {
  std::string w = catalog_key(word);
  if (w.rfind("sk_", 0) == 0) w = w.substr(3);
  for (std::size_t i = 0; i < skill_words.size(); ++i)
    if (w == skill_words[i]) return static_cast<Skill>(i);
  throw Error(fmt::format("unknown weapon skill '{}'", word));
}

std::string_view skill_name(Skill skill) noexcept { return skill_words[static_cast<std::size_t>(skill)]; }

const WeaponProp* find_weapon(std::string_view key) { return tables().weapons.find(key); }
const ArmorProp* find_armor(std::string_view key) { return tables().armors.find(key); }
const MissileProp* find_missile(std::string_view key) { return tables().missiles.find(key); }
const MonsterProp* find_monster(std::string_view key) { return tables().monsters.find(key); }
const WeaponProp& lookup_weapon(std::string_view key) { return lookup(tables().weapons, key, "weapon"); }
const ArmorProp& lookup_armor(std::string_view key) { return lookup(tables().armors, key, "armor"); }
const MissileProp& lookup_missile(std::string_view key) { return lookup(tables().missiles, key, "missile"); }
const MonsterProp& lookup_monster(std::string_view key) { return lookup(tables().monsters, key, "monster"); }
std::span<const WeaponProp> weapons() { return tables().weapons.all(); }
std::span<const ArmorProp> armors() { return tables().armors.all(); }
std::span<const MissileProp> missiles() { return tables().missiles.all(); }
std::span<const MonsterProp> monsters() { return tables().monsters.all(); }

}  // namespace fray::crawl
