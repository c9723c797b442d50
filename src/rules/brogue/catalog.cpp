#include <fray/rules/brogue/catalog.hpp>

#include <fray/core/embed.hpp>
#include <fray/core/error.hpp>
#include <fray/rules/spec.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <vector>

namespace fray::brogue {

namespace {

using nlohmann::json;

json load(std::string_view path) {
  try {
    return json::parse(catalog_text(path));
  } catch (const json::exception& e) {
    throw Error(std::string("brogue catalog ") + std::string(path) + ": " + e.what());
  }
}

bool has(const json& list, std::string_view flag) {
  return std::any_of(list.begin(), list.end(), [&](const json& f) { return f.get<std::string>() == flag; });
}

Clump clump_of(const json& d) {
  return Clump{d.at("min").get<std::int64_t>(), d.at("max").get<std::int64_t>(), d.at("clumpFactor").get<std::int64_t>()};
}

struct Catalog {
  std::vector<Monster> monsters;
  std::vector<Weapon> weapons;
  std::vector<Armor> armors;
  PlayerStart start;
};

const Catalog& catalog() {
  static const Catalog c = [] {
    Catalog out;
    try {
      for (const json& m : load("brogue/monsters.json")) {
        Monster x;
        x.name = m.at("name").get<std::string>();
        x.key = catalog_key(x.name);
        x.hp = m.at("maxHP");
        x.defense = m.at("defense");
        x.accuracy = m.at("accuracy");
        x.damage = clump_of(m.at("damage"));
        x.attack_speed = m.at("attackSpeed");
        x.movement_speed = m.at("movementSpeed");
        const json& f = m.at("flags");
        const json& a = m.at("abilityFlags");
        x.immune_to_weapons = has(f, "MONST_IMMUNE_TO_WEAPONS");
        x.invulnerable = has(f, "MONST_INVULNERABLE");
        x.inanimate = has(f, "MONST_INANIMATE");
        x.degrades_weapon = has(f, "MONST_DEFEND_DEGRADE_WEAPON");
        x.degrades_armor = has(a, "MA_HIT_DEGRADE_ARMOR");
        x.kamikaze = has(a, "MA_KAMIKAZE");
        x.seizes = has(a, "MA_SEIZES");
        x.poisons = has(a, "MA_POISONS");
        x.transference = has(a, "MA_TRANSFERENCE");
        out.monsters.push_back(std::move(x));
      }
      for (const json& w : load("brogue/weapons.json")) {
        Weapon x;
        x.name = w.at("name").get<std::string>();
        x.key = catalog_key(x.name);
        x.damage = clump_of(w.at("damage"));
        x.strength_required = w.at("strengthRequired");
        x.thrown = w.at("thrown");
        const json& f = w.at("itemFlags");
        x.sneak_bonus = has(f, "ITEM_SNEAK_ATTACK_BONUS");
        x.lunges = has(f, "ITEM_LUNGE_ATTACKS");
        x.quick = has(f, "ITEM_ATTACKS_QUICKLY");
        x.staggers = has(f, "ITEM_ATTACKS_STAGGER");
        out.weapons.push_back(std::move(x));
      }
      for (const json& a : load("brogue/armors.json")) {
        Armor x;
        x.name = a.at("name").get<std::string>();
        x.key = catalog_key(x.name);
        x.armor = a.at("armor_internal");
        x.strength_required = a.at("strengthRequired");
        out.armors.push_back(std::move(x));
      }
      const json p = load("brogue/player.json");
      out.start.hp = p.at("catalog_entry").at("maxHP");
      out.start.accuracy = p.at("catalog_entry").at("accuracy");
      out.start.unarmed = clump_of(p.at("catalog_entry").at("damage_unarmed"));
      out.start.strength = p.at("starting_strength");
    } catch (const json::exception& e) {
      throw Error(std::string("brogue catalog: ") + e.what());
    }
    return out;
  }();
  return c;
}

template <class T>
const T* find_in(const std::vector<T>& list, std::string_view name) {
  const std::string k = catalog_key(name);
  for (const T& x : list)
    if (x.key == k) return &x;
  return nullptr;
}

}  // namespace

std::span<const Monster> monsters() { return catalog().monsters; }
std::span<const Weapon> weapons() { return catalog().weapons; }
std::span<const Armor> armors() { return catalog().armors; }
const PlayerStart& player_start() { return catalog().start; }
const Monster* find_monster(std::string_view name) { return find_in(catalog().monsters, name); }
const Weapon* find_weapon(std::string_view name) { return find_in(catalog().weapons, name); }
const Armor* find_armor(std::string_view name) { return find_in(catalog().armors, name); }

}  // namespace fray::brogue
