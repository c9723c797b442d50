#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/rules/pixel_dungeon/catalog.hpp>
#include <fray/rules/spec.hpp>
#include <nlohmann/json.hpp>

#include "rules/catalog_util.hpp"

namespace fray::pixel_dungeon {

namespace {

using nlohmann::json;

// "wand (melee)" → "wand", "golden bee (ally)" → "golden_bee".
std::string key_of(const std::string& name) {
  std::string n = name.substr(0, name.find(" ("));
  return catalog_key(n);
}

// Short names players use for mobs whose catalog name is longer.
constexpr std::pair<std::string_view, std::string_view> mob_aliases[] = {
    {"rat", "marsupial_rat"},      {"albino", "albino_rat"},     {"gnoll", "gnoll_scout"},
    {"crab", "sewer_crab"},        {"swarm", "swarm_of_flies"},  {"thief", "crazy_thief"},
    {"bandit", "crazy_bandit"},    {"shaman", "gnoll_shaman"},   {"bat", "vampire_bat"},
    {"brute", "gnoll_brute"},      {"spinner", "cave_spinner"},  {"elemental", "fire_elemental"},
    {"monk", "dwarf_monk"},        {"warlock", "dwarf_warlock"}, {"dm300", "dm_300"},
    {"king", "king_of_dwarves"},   {"eye", "evil_eye"},          {"acidic", "acidic_scorpio"},
    {"yog", "yog_dzewa"},          {"larva", "gods_larva"},      {"piranha", "giant_piranha"},
    {"statue", "animated_statue"}, {"bee", "golden_bee"},        {"npc", "quest_npcs"},
};

// The row of `rows` whose key (or, through `alias`, whose full key) is `name`.
template <class T, class Alias>
const T* find_row(std::span<const T> rows, std::string_view name, Alias&& alias) noexcept {
  const std::string key = catalog_key(name);
  const std::string_view full = alias(std::string_view(key));
  for (const T& row : rows)
    if (row.key == full) return &row;
  return nullptr;
}

// The error for an unknown name: the closest keys, then every key.
template <class T>
Error unknown(std::string_view what, std::string_view name, std::span<const T> rows,
              std::span<const std::pair<std::string_view, std::string_view>> aliases = {}) {
  std::vector<std::string> keys;
  for (const T& row : rows) keys.push_back(row.key);
  std::vector<std::string> known = keys;
  for (const auto& [alias, full] : aliases) known.emplace_back(alias);
  return Error(fmt::format("unknown {} '{}'{} (known: {})", what, name, did_you_mean(catalog_key(name), known),
                           fmt::join(keys, ", ")));
}

std::vector<Weapon> read_weapons() {
  constexpr std::string_view path = "pixel_dungeon/weapons.json";
  const json data = parse_catalog(path);
  return read_catalog_rows<Weapon>(path, data["weapons"], [](const json& e) {
    Weapon w;
    w.name = e["name"].get<std::string>();
    w.key = key_of(w.name);
    w.java_class = e["class"].get<std::string>();
    const std::string kind = e["kind"].get<std::string>();
    if (kind == "melee") {
      w.kind = WeaponKind::melee;
      w.tier = e["tier"].get<int>();
    } else if (kind == "missile") {
      w.kind = WeaponKind::missile;
    } else {
      w.kind = w.java_class == "Wand" ? WeaponKind::wand : WeaponKind::pickaxe;
    }
    w.acu = e["ACU"].get<float>();
    w.dly = e["DLY"].get<float>();
    if (w.kind == WeaponKind::missile || w.kind == WeaponKind::pickaxe) {
      w.min = e["min"].get<std::int64_t>();
      w.max = e["max"].get<std::int64_t>();
      w.str = e["STR"].get<int>();
    } else if (w.kind == WeaponKind::melee) {
      w.str = e["STR"].get<int>();
    }
    return w;
  });
}

std::vector<Armor> read_armors() {
  constexpr std::string_view path = "pixel_dungeon/armors.json";
  const json data = parse_catalog(path);
  std::vector<Armor> out;
  for (const json& row : data["armors"]) {
    if (row["DR"].is_null()) continue;  // class armor copies another armor
    out.push_back(read_catalog(path, row, [](const json& e) {
      Armor a;
      a.name = e["name"].get<std::string>();
      const std::string full = key_of(a.name);
      a.key = full.substr(0, full.find('_'));
      a.tier = e["tier"].get<int>();
      return a;
    }));
  }
  return out;
}

std::vector<Mob> read_mobs() {
  // static: the row reader's lambda names it without capturing it (Clang, and
  // so Emscripten, refuses a local that a lambda without captures names).
  static constexpr std::string_view path = "pixel_dungeon/mobs.json";
  const json data = parse_catalog(path);
  return read_catalog_rows<Mob>(path, data["mobs"], [](const json& j) {
    Mob m;
    m.name = j["name"].get<std::string>();
    m.key = key_of(m.name);
    m.java_class = j["class"].get<std::string>();
    const std::string& cls = m.java_class;
    auto num = [&](const char* f, std::int64_t dflt) { return j[f].is_null() ? dflt : j[f].get<std::int64_t>(); };
    m.ht = num("HT", 1);
    m.evasion = num("defenseSkill", 0);
    m.accuracy = num("attackSkill", 0);
    m.dr = num("dr", 0);
    m.attack_delay = j["attackDelay"].is_null() ? 1.0f : j["attackDelay"].get<float>();
    m.flying = j["flying"].get<bool>();
    for (const json& n : j["special"]) m.notes.push_back(n.get<std::string>());
    if (j["damage"].is_object()) {
      // NormalIntRange, or Char.damageRoll's constant for a mob that keeps it.
      const auto& d = j["damage"];
      const std::string roll = d["roll"].get<std::string>();
      if (roll.rfind("constant", 0) == 0)
        m.damage = Primitive::constant(d["min"].get<std::int64_t>());
      else if (roll == "NormalIntRange")
        m.damage = Primitive::normal(d["min"].get<std::int64_t>(), d["max"].get<std::int64_t>());
      else
        throw catalog_error(path, j, fmt::format("damage roll '{}' is neither NormalIntRange nor constant", roll));
    }
    // Per-class rules the table's numbers do not carry.
    // Thief, Bandit and Swarm override Mob.defenseProc without the base call.
    if (cls == "Thief" || cls == "Bandit" || cls == "Swarm") m.assassin_bonus = false;
    if (cls == "Swarm") m.splits = true;  // Swarm.defenseProc
    if (cls == "Yog" || cls.rfind("npcs.NPC", 0) == 0) m.passive = true;
    if (cls == "Brute" || cls == "Shielded") m.enraged = Primitive::normal(10, 40);  // Brute.damageRoll
    if (cls == "Goo") {  // Goo.damageRoll and attackSkill while pumped up
      m.pumped = Primitive::normal(5, 30);
      m.pumped_accuracy = 30;
    }
    if (cls == "Shaman") {                   // Shaman.doAttack: LightningBolt
      m.spell = Primitive::int_excl(2, 12);  // Random.Int(2, 12): 2..11
      m.spell_time = 2;
      m.spell_water_bonus = true;
    } else if (cls == "Warlock") {            // Warlock.zap
      m.spell = Primitive::int_excl(12, 18);  // 12..17
    } else if (cls == "Eye") {                // Eye.doAttack: the beam
      m.spell = Primitive::normal(14, 20);
      m.spell_time = 1.6f;
      m.beam_only = true;
    } else if (cls == "Yog.BurningFist") {  // BurningFist.attack at range
      m.spell = Primitive::normal(20, 32);
    }
    if (cls == "npcs.MirrorImage") m.needs_hero = true;
    m.needs_depth = cls == "Wraith" || cls == "Piranha" || cls == "Mimic" || cls == "Statue" ||
                    cls == "CursePersonification" || cls == "npcs.Bee";
    m.needs_weapon = cls == "Statue";
    return m;
  });
}

std::vector<Kit> read_kits() {
  constexpr std::string_view path = "pixel_dungeon/kits.json";
  const json data = parse_catalog(path);
  return read_catalog_rows<Kit>(path, data["kits"], [](const json& e) {
    Kit k;
    k.hero_class = e["class"].get<std::string>();
    k.str = e["str"].get<int>();
    k.weapon = e["weapon"].get<std::string>();
    if (!e["missile"].is_null()) k.missile = e["missile"].get<std::string>();
    k.armor = e["armor"].get<std::string>();
    return k;
  });
}

}  // namespace

std::int64_t melee_max0(int tier, float acu, float dly) noexcept {
  // MeleeWeapon.max0(): (tier*tier - tier + 10) / ACU * DLY in Java float, then (int).
  const float v = static_cast<float>(tier * tier - tier + 10) / acu * dly;
  return static_cast<std::int64_t>(v);
}

std::span<const Weapon> weapons() {
  static const std::vector<Weapon> all = [] {
    std::vector<Weapon> w = read_weapons();
    for (Weapon& x : w) x = upgraded(x, 0);
    return w;
  }();
  return all;
}

const Weapon* find_weapon(std::string_view name) noexcept {
  return find_row(weapons(), name, [](std::string_view k) { return k; });
}

const Weapon& lookup_weapon(std::string_view name) {
  if (const Weapon* w = find_weapon(name)) return *w;
  throw unknown("weapon", name, weapons());
}

Weapon upgraded(const Weapon& base, int level) {
  Weapon w = base;
  w.level = level;
  switch (w.kind) {
    case WeaponKind::melee: {
      // MeleeWeapon(tier, ACU, DLY): min = tier + lvl, max = max0 + lvl·tier, STR = typical − lvl.
      // ShortSword overrides max0 with 12.
      const std::int64_t max0 = w.java_class == "ShortSword" ? 12 : melee_max0(w.tier, w.acu, w.dly);
      w.min = w.tier + level;
      w.max = max0 + static_cast<std::int64_t>(level) * w.tier;
      w.str = base.str + base.level - level;
      break;
    }
    case WeaponKind::missile:
      if (w.java_class == "Boomerang") {
        // Boomerang.min / max: 1+lvl .. 4+2·lvl. Its STR stays: only
        // MeleeWeapon.upgrade lowers STR, and the boomerang is a MissileWeapon.
        const int d = level - base.level;
        w.min += d;
        w.max += 2 * static_cast<std::int64_t>(d);
      } else if (level != 0) {
        throw Error(fmt::format("weapon '{}' cannot be upgraded (level {})", w.key, level));
      }
      break;
    case WeaponKind::wand:
      // A wand in melee (Wand.java): tier = 1 + lvl/3, min = tier, max = (tier² − tier + 10)/2 + lvl.
      if (level < 0) throw Error(fmt::format("weapon 'wand': level {} is below 0", level));
      w.tier = 1 + level / 3;
      w.min = w.tier;
      w.max = (w.tier * w.tier - w.tier + 10) / 2 + level;
      w.str = 0;
      break;
    case WeaponKind::pickaxe:
      if (level != 0) throw Error(fmt::format("weapon '{}' cannot be upgraded (level {})", w.key, level));
      break;
  }
  if (w.min > w.max) throw Error(fmt::format("weapon '{}' at level {} would deal {}-{}", w.key, level, w.min, w.max));
  return w;
}

std::span<const Armor> armors() {
  static const std::vector<Armor> all = [] {
    std::vector<Armor> a = read_armors();
    for (Armor& x : a) x = upgraded(x, 0);
    return a;
  }();
  return all;
}

const Armor* find_armor(std::string_view name) noexcept {
  // "scale" or "scale_armor".
  const std::string key = catalog_key(name);
  for (const Armor& a : armors())
    if (a.key == key || catalog_key(a.name) == key) return &a;
  return nullptr;
}

const Armor& lookup_armor(std::string_view name) {
  if (const Armor* a = find_armor(name)) return *a;
  throw unknown("armor", name, armors());
}

Armor upgraded(const Armor& base, int level) {
  // items/armor/Armor.java: DR() = tier·(2 + lvl), STR = 7 + 2·tier − lvl.
  Armor a = base;
  a.level = level;
  a.dr = static_cast<std::int64_t>(a.tier) * (2 + level);
  a.str = 7 + 2 * a.tier - level;
  return a;
}

std::span<const Mob> mobs() {
  static const std::vector<Mob> all = read_mobs();
  return all;
}

const Mob* find_mob(std::string_view name) noexcept {
  return find_row(mobs(), name, [](std::string_view k) {
    for (const auto& [alias, full] : mob_aliases)
      if (k == alias) return full;
    return k;
  });
}

const Mob& lookup_mob(std::string_view name) {
  if (const Mob* m = find_mob(name)) return *m;
  throw unknown("mob", name, mobs(), mob_aliases);
}

Mob adjust_stats(const Mob& base, const MobOptions& opt) {
  Mob m = base;
  const std::string& key = m.key;
  const std::string& cls = m.java_class;
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
  } else if (cls == "Piranha") {  // Piranha(): HT, defenseSkill, attackSkill, damageRoll, dr from Dungeon.depth
    m.ht = 10 + 5 * d;
    m.evasion = 10 + 2 * d;
    m.accuracy = 20 + 2 * d;
    m.damage = Primitive::normal(d, 4 + 2 * d);
    m.dr = d;
  } else if (cls == "Mimic") {  // Mimic.adjustStats(level = depth)
    m.ht = (3 + d) * 4;
    m.accuracy = 9 + d;
    m.evasion = (9 + d) / 2;
    m.damage = Primitive::normal(m.ht / 10, m.ht / 4);
  } else if (cls == "Statue") {  // Statue(): numbers from Dungeon.depth and its weapon
    const Weapon& w = *opt.weapon;
    if (w.kind != WeaponKind::melee || w.level < 0)
      throw Error(fmt::format("the animated statue carries a melee weapon of level 0 or more, not '{}'", w.key));
    m.ht = 15 + 5 * d;
    m.evasion = 4 + d;
    m.accuracy = static_cast<std::int64_t>(static_cast<float>(9 + d) * w.acu);  // (int)((9 + depth) * ACU), float
    m.damage = Primitive::normal(w.min, w.max);
    m.dr = d;
    m.attack_delay = w.dly;
  } else if (cls == "CursePersonification") {  // CursePersonification: stats from Dungeon.depth
    m.ht = 10 + 3 * d;
    m.evasion = 10 + d;
    m.accuracy = 10 + d;
  } else if (cls == "npcs.Bee") {  // Bee.spawn(depth)
    m.ht = (3 + d) * 5;
    m.evasion = 9 + d;
    m.accuracy = 9 + d;
    m.damage = Primitive::normal(m.ht / 10, m.ht / 4);
  }
  return m;
}

std::span<const Kit> kits() {
  static const std::vector<Kit> all = read_kits();
  return all;
}

const Kit& starting_kit(std::string_view hero_class) {
  for (const Kit& k : kits())
    if (k.hero_class == hero_class) return k;
  std::vector<std::string> names;
  for (const Kit& k : kits()) names.push_back(k.hero_class);
  throw Error(fmt::format("unknown hero class '{}'{} (known: {})", hero_class, did_you_mean(hero_class, names),
                          fmt::join(names, ", ")));
}

}  // namespace fray::pixel_dungeon
