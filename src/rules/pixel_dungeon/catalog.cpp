#include <fray/rules/pixel_dungeon/catalog.hpp>

#include <fray/core/error.hpp>
#include <fray/rules/spec.hpp>

#include "rules/catalog_util.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>

namespace fray::pixel_dungeon {

namespace {

using nlohmann::json;

const json& load(const char* path) {
  // Each catalog is parsed once; they are embedded, so a parse failure is a build defect.
  static const json weapons = parse_catalog("pixel_dungeon/weapons.json");
  static const json armors = parse_catalog("pixel_dungeon/armors.json");
  static const json mobs = parse_catalog("pixel_dungeon/mobs.json");
  static const json kits = parse_catalog("pixel_dungeon/kits.json");
  const std::string_view p = path;
  if (p == "weapons") return weapons;
  if (p == "armors") return armors;
  if (p == "mobs") return mobs;
  return kits;
}

// "wand (melee)" → "wand", "golden bee (ally)" → "golden_bee".
std::string key_of(const std::string& name) {
  std::string n = name.substr(0, name.find(" ("));
  return catalog_key(n);
}

std::string join_keys(const std::vector<std::string>& keys) { return fmt::format("{}", fmt::join(keys, ", ")); }

// Short names players use for mobs whose catalog name is longer.
constexpr std::pair<std::string_view, std::string_view> mob_aliases[] = {
    {"rat", "marsupial_rat"},        {"albino", "albino_rat"},       {"gnoll", "gnoll_scout"},
    {"crab", "sewer_crab"},          {"swarm", "swarm_of_flies"},    {"thief", "crazy_thief"},
    {"bandit", "crazy_bandit"},      {"shaman", "gnoll_shaman"},     {"bat", "vampire_bat"},
    {"brute", "gnoll_brute"},        {"spinner", "cave_spinner"},    {"elemental", "fire_elemental"},
    {"monk", "dwarf_monk"},          {"warlock", "dwarf_warlock"},   {"dm300", "dm_300"},
    {"king", "king_of_dwarves"},     {"eye", "evil_eye"},            {"acidic", "acidic_scorpio"},
    {"yog", "yog_dzewa"},            {"larva", "gods_larva"},        {"piranha", "giant_piranha"},
    {"statue", "animated_statue"},   {"bee", "golden_bee"},          {"npc", "quest_npcs"},
};

const json* find_by_key(const json& list, std::string_view key) {
  for (const auto& [alias, full] : mob_aliases)
    if (key == alias) key = full;
  for (const auto& e : list)
    if (key_of(e["name"].get<std::string>()) == key) return &e;
  return nullptr;
}

}  // namespace

std::int64_t melee_max0(int tier, float acu, float dly) noexcept {
  // MeleeWeapon.max0(): (tier*tier - tier + 10) / ACU * DLY in Java float, then (int).
  const float v = static_cast<float>(tier * tier - tier + 10) / acu * dly;
  return static_cast<std::int64_t>(v);
}

std::vector<std::string> weapon_keys() {
  std::vector<std::string> out;
  for (const auto& e : load("weapons")["weapons"]) out.push_back(key_of(e["name"].get<std::string>()));
  return out;
}

Weapon weapon(std::string_view key, int level) {
  const json* e = find_by_key(load("weapons")["weapons"], key);
  if (!e) throw Error(fmt::format("unknown weapon '{}' (known: {})", key, join_keys(weapon_keys())));
  Weapon w;
  w.key = std::string(key);
  w.name = (*e)["name"].get<std::string>();
  w.level = level;
  w.acu = (*e)["ACU"].get<float>();
  w.dly = (*e)["DLY"].get<float>();
  const std::string kind = (*e)["kind"].get<std::string>();
  const std::string cls = (*e)["class"].get<std::string>();
  if (kind == "melee") {
    // MeleeWeapon(tier, ACU, DLY): min = tier + lvl, max = max0 + lvl·tier, STR = typical − lvl.
    w.kind = WeaponKind::melee;
    w.tier = (*e)["tier"].get<int>();
    const std::int64_t max0 = cls == "ShortSword" ? 12 : melee_max0(w.tier, w.acu, w.dly);  // ShortSword overrides max0
    w.min = w.tier + level;
    w.max = max0 + static_cast<std::int64_t>(level) * w.tier;
    w.str = (*e)["STR"].get<int>() - level;
  } else if (kind == "missile") {
    w.kind = WeaponKind::missile;
    w.min = (*e)["min"].get<std::int64_t>();
    w.max = (*e)["max"].get<std::int64_t>();
    w.str = (*e)["STR"].get<int>();
    if (cls == "Boomerang") {
      // Boomerang: 1+lvl .. 4+2·lvl, STR −1 a level.
      w.min += level;
      w.max += 2 * static_cast<std::int64_t>(level);
      w.str -= level;
    } else if (level != 0) {
      throw Error(fmt::format("weapon '{}' cannot be upgraded (level {})", key, level));
    }
  } else if (cls == "Wand") {
    // A wand in melee: tier = 1 + lvl/3, min = tier, max = (tier² − tier + 10)/2 + lvl.
    w.kind = WeaponKind::wand;
    if (level < 0) throw Error(fmt::format("weapon 'wand': level {} is below 0", level));
    w.tier = 1 + level / 3;
    w.min = w.tier;
    w.max = (w.tier * w.tier - w.tier + 10) / 2 + level;
    w.str = 0;
  } else {
    w.kind = WeaponKind::pickaxe;
    if (level != 0) throw Error(fmt::format("weapon '{}' cannot be upgraded (level {})", key, level));
    w.min = (*e)["min"].get<std::int64_t>();
    w.max = (*e)["max"].get<std::int64_t>();
    w.str = (*e)["STR"].get<int>();
  }
  if (w.min > w.max)
    throw Error(fmt::format("weapon '{}' at level {} would deal {}-{}", key, level, w.min, w.max));
  return w;
}

std::vector<std::string> armor_keys() {
  std::vector<std::string> out;
  for (const auto& e : load("armors")["armors"])
    if (!e["DR"].is_null()) {
      const std::string full = key_of(e["name"].get<std::string>());
      out.push_back(full.substr(0, full.find('_')));
    }
  return out;
}

Armor armor(std::string_view key, int level) {
  for (const auto& e : load("armors")["armors"]) {
    if (e["DR"].is_null()) continue;  // class armour copies another armour
    const std::string full = key_of(e["name"].get<std::string>());
    const std::string word = full.substr(0, full.find('_'));
    if (key != full && key != word) continue;
    // items/armor/Armor.java: DR() = tier·(2 + lvl), STR = 7 + 2·tier − lvl.
    Armor a;
    a.key = word;
    a.name = e["name"].get<std::string>();
    a.tier = e["tier"].get<int>();
    a.level = level;
    a.dr = static_cast<std::int64_t>(a.tier) * (2 + level);
    a.str = 7 + 2 * a.tier - level;
    return a;
  }
  throw Error(fmt::format("unknown armor '{}' (known: {})", key, join_keys(armor_keys())));
}

std::vector<std::string> mob_keys() {
  std::vector<std::string> out;
  for (const auto& e : load("mobs")["mobs"]) out.push_back(key_of(e["name"].get<std::string>()));
  return out;
}

bool mob_needs_depth(std::string_view key) {
  const json* e = find_by_key(load("mobs")["mobs"], key);
  if (!e) return false;
  const auto cls = (*e)["class"].get<std::string>();
  return cls == "Wraith" || cls == "Piranha" || cls == "Mimic" || cls == "Statue" || cls == "CursePersonification" ||
         cls == "npcs.Bee";
}

Mob mob(std::string_view key, const MobOptions& opt) {
  const json* e = find_by_key(load("mobs")["mobs"], key);
  if (!e) throw Error(fmt::format("unknown mob '{}' (known: {})", key, join_keys(mob_keys())));
  const json& j = *e;
  Mob m;
  m.key = std::string(key);
  m.name = j["name"].get<std::string>();
  m.java_class = j["class"].get<std::string>();
  const std::string& cls = m.java_class;
  auto num = [&](const char* f, std::int64_t dflt) { return j[f].is_null() ? dflt : j[f].get<std::int64_t>(); };
  m.ht = num("HT", 1);
  m.evasion = num("defenseSkill", 0);
  m.accuracy = num("attackSkill", 0);
  m.dr = num("dr", 0);
  m.attack_delay = j["attackDelay"].is_null() ? 1.0f : j["attackDelay"].get<float>();
  m.flying = j["flying"].get<bool>();
  if (j["damage"].is_object()) {
    const auto& d = j["damage"];
    m.damage = Primitive::normal(d["min"].get<std::int64_t>(), d["max"].get<std::int64_t>());
  }
  // Per-class rules the table's numbers do not carry (research §6, §7).
  if (cls == "Thief" || cls == "Bandit" || cls == "Swarm") m.assassin_bonus = false;
  if (cls == "Swarm") m.splits = true;
  if (cls == "Yog" || cls.rfind("npcs.NPC", 0) == 0) m.passive = true;
  if (cls == "Yog") m.damage = Primitive::constant(1);
  if (cls == "Brute" || cls == "Shielded") m.enraged = Primitive::normal(10, 40);
  if (cls == "Goo") {
    m.pumped = Primitive::normal(5, 30);
    m.pumped_accuracy = 30;
  }
  if (cls == "Shaman") {
    m.spell = Primitive::int_excl(2, 12);  // Random.Int(2, 12): 2..11
    m.spell_time = 2;
    m.spell_water_bonus = true;
  } else if (cls == "Warlock") {
    m.spell = Primitive::int_excl(12, 18);  // 12..17
  } else if (cls == "Eye") {
    m.spell = Primitive::normal(14, 20);
    m.spell_time = 1.6f;
    m.beam_only = true;
  } else if (cls == "Yog.BurningFist") {
    m.spell = Primitive::normal(20, 32);  // damageRoll() at range
  }
  if (cls == "npcs.MirrorImage") m.needs_hero = true;

  m.needs_depth = mob_needs_depth(key);
  m.needs_weapon = cls == "Statue";
  if (opt.depth && !m.needs_depth)
    throw Error(fmt::format("mob '{}' does not depend on depth (depth={} given)", key, *opt.depth));
  if (opt.weapon && !m.needs_weapon) throw Error(fmt::format("mob '{}' has no weapon to choose", key));
  if (m.needs_depth && !opt.depth) throw Error(fmt::format("mob '{}' needs depth=1..26", key));
  if (m.needs_weapon && !opt.weapon) throw Error(fmt::format("mob '{}' needs weapon=<melee weapon>", key));
  if (!m.needs_depth) return m;
  const std::int64_t d = *opt.depth;
  if (cls == "Wraith") {  // Wraith.adjustStats(level = depth)
    m.accuracy = 10 + d;
    m.evasion = (10 + d) * 5;
    m.damage = Primitive::normal(1, 3 + d);
    m.ht = 1;
  } else if (cls == "Piranha") {
    m.ht = 10 + 5 * d;
    m.evasion = 10 + 2 * d;
    m.accuracy = 20 + 2 * d;
    m.damage = Primitive::normal(d, 4 + 2 * d);
    m.dr = d;
  } else if (cls == "Mimic") {
    m.ht = (3 + d) * 4;
    m.accuracy = 9 + d;
    m.evasion = (9 + d) / 2;
    m.damage = Primitive::normal(m.ht / 10, m.ht / 4);
  } else if (cls == "Statue") {
    const Weapon& w = *opt.weapon;
    if (w.kind != WeaponKind::melee || w.level < 0)
      throw Error(fmt::format("the animated statue carries a melee weapon of level 0 or more, not '{}'", w.key));
    m.ht = 15 + 5 * d;
    m.evasion = 4 + d;
    m.accuracy = static_cast<std::int64_t>(static_cast<float>(9 + d) * w.acu);  // (int)((9 + depth) * ACU), float
    m.damage = Primitive::normal(w.min, w.max);
    m.dr = d;
    m.attack_delay = w.dly;
  } else if (cls == "CursePersonification") {
    m.ht = 10 + 3 * d;
    m.evasion = 10 + d;
    m.accuracy = 10 + d;
  } else if (cls == "npcs.Bee") {
    m.ht = (3 + d) * 5;
    m.evasion = 9 + d;
    m.accuracy = 9 + d;
    m.damage = Primitive::normal(m.ht / 10, m.ht / 4);
  }
  return m;
}

Kit starting_kit(std::string_view hero_class) {
  for (const auto& e : load("kits")["kits"]) {
    if (e["class"].get<std::string>() != hero_class) continue;
    Kit k;
    k.hero_class = std::string(hero_class);
    k.str = e["str"].get<int>();
    k.weapon = e["weapon"].get<std::string>();
    if (!e["missile"].is_null()) k.missile = e["missile"].get<std::string>();
    k.armor = e["armor"].get<std::string>();
    return k;
  }
  throw Error(fmt::format("unknown hero class '{}' (known: warrior, mage, rogue, huntress)", hero_class));
}

}  // namespace fray::pixel_dungeon
