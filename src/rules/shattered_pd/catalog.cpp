#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/rules/shattered_pd/catalog.hpp>
#include <fray/rules/shattered_pd/hit.hpp>
#include <fray/rules/spec.hpp>
#include <nlohmann/json.hpp>

#include "rules/catalog_util.hpp"

namespace fray::shattered_pd {

namespace {

using nlohmann::json;

constexpr int max_level = 100;  // upgrade levels fray accepts; the game's items stay far below

// A Java float literal ("1.40") as the game's binary32 value: strtof rounds
// the decimal once, as javac does.
float java_float(const json& literal) {
  const std::string s = literal.get<std::string>();
  char* end = nullptr;
  const float f = std::strtof(s.c_str(), &end);
  if (end == s.c_str() || *end != '\0') throw json::type_error::create(302, "not a float literal: " + s, nullptr);
  return f;
}

template <class T>
T named(const json& row) {
  T x;
  x.name = row.at("name").get<std::string>();
  x.key = catalog_key(x.name);
  x.java_class = row.at("class").get<std::string>();
  return x;
}

std::optional<std::string> optional_string(const json& row, const char* field) {
  if (!row.contains(field) || row.at(field).is_null()) return std::nullopt;
  return row.at(field).get<std::string>();
}

Weapon read_weapon(const json& w) {
  auto x = named<Weapon>(w);
  const std::string kind = w.at("kind");
  x.kind = kind == "melee" ? WeaponKind::melee : kind == "thrown" ? WeaponKind::thrown : WeaponKind::bow;
  x.tier = w.at("tier");
  x.accuracy = java_float(w.at("ACC"));
  x.delay = java_float(w.at("DLY"));
  x.reach = w.at("RCH");
  x.min = w.at("min");
  x.max = w.at("max");
  x.str = x.str0 = w.at("STR");
  x.min_per_level = w.value("min_per_level", std::int64_t{0});
  x.max_per_level = w.value("max_per_level", std::int64_t{0});
  x.block = w.value("block", std::int64_t{0});
  x.block_per_level = w.value("block_per_level", std::int64_t{0});
  if (!w.at("sneak").is_null()) x.sneak = static_cast<float>(w.at("sneak").get<double>());
  x.duelist_ability = optional_string(w, "duelist_ability");
  x.notes = w.at("notes").get<std::vector<std::string>>();
  return x;
}

Armor read_armor(const json& a) {
  auto x = named<Armor>(a);
  x.tier = a.at("tier");
  return armor_at(x, 0);
}

constexpr std::pair<MobCondition, std::string_view> condition_names[] = {
    {MobCondition::not_adjacent, "not_adjacent"},
    {MobCondition::hp_at_most_half, "hp_at_most_half"},
    {MobCondition::pumped, "pumped"},
    {MobCondition::raging, "raging"},
    {MobCondition::sees_its_attacker, "sees_its_attacker"},
    {MobCondition::focus, "focus"},
    {MobCondition::disguised, "disguised"},
    {MobCondition::recovering, "recovering"},
};

// A number the mob's fights read: present and an integer, never a null taken for 0.
std::int64_t stat(const json& m, const char* field) {
  const json& v = m.at(field);
  if (!v.is_number_integer())
    throw json::type_error::create(302, fmt::format("{} must be an integer, not {}", field, v.dump()), nullptr);
  return v.get<std::int64_t>();
}

Primitive range_of(const json& pair) { return Primitive::normal(pair.at(0), pair.at(1)); }

MobOverride read_override(const json& w) {
  MobOverride o;
  const std::string cond = w.at("if");
  const auto* c = std::find_if(std::begin(condition_names), std::end(condition_names),
                               [&](const auto& n) { return n.second == cond; });
  if (c == std::end(condition_names))
    throw json::type_error::create(302, "unknown condition '" + cond + "' in a when row", nullptr);
  o.when = c->first;
  for (const auto& [key, v] : w.items()) {
    if (key == "if") continue;
    if (key == "attackSkill")
      o.accuracy = v.get<std::int64_t>();
    else if (key == "defenseSkill")
      o.evasion = v.get<std::int64_t>();
    else if (key == "damage")
      o.damage = range_of(v);
    else if (key == "attackSkill_factor")
      o.accuracy_factor = v.get<std::int64_t>();
    else if (key == "damage_factor")
      o.damage_factor = v.get<std::int64_t>();
    else if (key == "defenseSkill_factor")
      o.evasion_factor = v.get<double>();
    else
      throw json::type_error::create(302, "unknown field '" + key + "' in a when row", nullptr);
  }
  return o;
}

Mob read_mob(const json& m) {
  auto x = named<Mob>(m);
  x.region = m.at("region");
  x.kind = m.at("kind");
  x.depth_scaled = m.value("depth_scaled", false);
  if (!x.depth_scaled) {
    x.ht = stat(m, "HT");
    x.evasion = stat(m, "defenseSkill");
    x.accuracy = stat(m, "attackSkill");
  }
  if (m.contains("when"))
    for (const json& w : m.at("when")) x.when.push_back(read_override(w));
  if (!m.at("damage").is_null()) x.damage = Primitive::normal(m.at("damage").at(0), m.at("damage").at(1));
  x.dr_max = m.at("dr_max");
  x.dr_const = m.at("dr_const");
  for (const json& e : m.at("dr_extra"))
    x.dr_extra.emplace_back(e.at(0).get<std::int32_t>(), e.at(1).get<std::int32_t>());
  if (!m.at("spell").is_null()) x.spell = Primitive::normal(m.at("spell").at(0), m.at("spell").at(1));
  x.exp = m.at("EXP");
  x.max_level = m.at("maxLvl");
  x.speed = m.at("baseSpeed").get<float>();
  x.attack_delay = m.at("attackDelay").get<float>();
  x.flying = m.at("flying");
  x.properties = m.at("properties").get<std::vector<std::string>>();
  x.ascension = m.at("ascension").get<float>();
  x.notes = m.at("notes").get<std::vector<std::string>>();
  return x;
}

template <class T>
std::vector<T> read_rows(std::string_view path, const char* list, T (*read)(const json&)) {
  const json data = parse_catalog(path);
  return read_catalog_rows<T>(path, data.at(list), read);
}

struct Catalog {
  std::vector<Weapon> weapons = read_rows("shattered_pd/weapons.json", "weapons", read_weapon);
  std::vector<Armor> armors = read_rows("shattered_pd/armors.json", "armors", read_armor);
  std::vector<Mob> mobs = read_rows("shattered_pd/mobs.json", "mobs", read_mob);
};

const Catalog& catalog() {
  static const Catalog c;
  return c;
}

// Short names players use for mobs whose catalog name is longer.
constexpr std::pair<std::string_view, std::string_view> mob_aliases[] = {
    {"rat", "marsupial_rat"},
    {"albino", "albino_rat"},
    {"snake", "sewer_snake"},
    {"gnoll", "gnoll_scout"},
    {"exile", "gnoll_exile"},
    {"swarm", "swarm_of_flies"},
    {"crab", "sewer_crab"},
    {"thief", "crazy_thief"},
    {"bandit", "crazy_bandit"},
    {"guard", "prison_guard"},
    {"dm100", "dm_100"},
    {"bat", "vampire_bat"},
    {"brute", "gnoll_brute"},
    {"shaman", "red_gnoll_shaman"},
    {"spinner", "cave_spinner"},
    {"dm200", "dm_200"},
    {"dm201", "dm_201"},
    {"dm300", "dm_300"},
    {"ghoul", "dwarven_ghoul"},
    {"elemental", "fire_elemental"},
    {"warlock", "dwarf_warlock"},
    {"monk", "dwarf_monk"},
    {"senior", "senior_monk"},
    {"king", "king_of_dwarves"},
    {"dwarf_king", "king_of_dwarves"},
    {"eye", "evil_eye"},
    {"acidic", "acidic_scorpio"},
    {"ripper", "ripper_demon"},
    {"spawner", "demon_spawner"},
    {"yog", "yog_dzewa"},
    {"larva", "gods_larva"},
    {"piranha", "giant_piranha"},
    {"statue", "animated_statue"},
    {"bee", "golden_bee"},
};

std::string first_word(const std::string& key) { return key.substr(0, key.find('_')); }

template <class T>
std::vector<std::string> keys_of(std::span<const T> rows) {
  std::vector<std::string> out;
  for (const T& r : rows) out.push_back(r.key);
  return out;
}

[[noreturn]] void unknown(const char* what, std::string_view key, const std::vector<std::string>& known) {
  throw Error(fmt::format("unknown {} '{}'{}", what, key, did_you_mean(catalog_key(key), known)));
}

}  // namespace

int triangular_steps(int level) noexcept {
  if (level <= 0) return 0;
  // (⌊√(8l+1)⌋ − 1) / 2, with the square root taken exactly on integers.
  const auto x = static_cast<std::int64_t>(8) * level + 1;
  auto r = static_cast<std::int64_t>(std::sqrt(static_cast<double>(x)));
  while (r * r > x) --r;
  while ((r + 1) * (r + 1) <= x) ++r;
  return static_cast<int>((r - 1) / 2);
}

float damage_factor(WeaponAugment a) noexcept {
  switch (a) {
    case WeaponAugment::none:
      return 1.0f;
    case WeaponAugment::speed:
      return 0.7f;
    case WeaponAugment::damage:
      return 1.5f;
  }
  return 1.0f;
}

// --- weapons -----------------------------------------------------------------------

std::span<const Weapon> weapons() { return catalog().weapons; }

const Weapon* find_weapon(std::string_view key) { return find_catalog_row(catalog().weapons, key); }

const Weapon& lookup_weapon(std::string_view key) {
  if (const Weapon* w = find_weapon(key)) return *w;
  unknown("weapon", key, keys_of(weapons()));
}

Weapon weapon_at(const Weapon& w, int level, WeaponAugment augment) {
  if (w.kind == WeaponKind::bow && level != w.level)
    throw Error(fmt::format("the {} cannot be upgraded; its level follows the hero's (hero level)", w.name));
  if (level < 0 || level > max_level)
    throw Error(fmt::format("weapon '{}': level {} is outside 0..{}", w.key, level, max_level));
  // MeleeWeapon.min/max(lvl) and MissileWeapon.min/max(lvl): linear in the
  // level with each class's own step; Weapon.STRReq(lvl): base − tri(lvl).
  Weapon x = w;
  const std::int64_t d = level - w.level;
  x.level = level;
  x.min = w.min + d * w.min_per_level;
  x.max = w.max + d * w.max_per_level;
  x.block = w.block + d * w.block_per_level;
  x.str = w.str0 - triangular_steps(level);
  x.augment = augment;
  return x;
}

Weapon spirit_bow(int hero_level, int sharpshooting) {
  if (hero_level < 1 || hero_level > 30) throw Error(fmt::format("hero level {} is outside 1..30", hero_level));
  if (sharpshooting < 0) throw Error(fmt::format("Ring of Sharpshooting bonus {} is negative", sharpshooting));
  Weapon x = lookup_weapon("spirit_bow");
  // SpiritBow.min/max/STRReq: the bow's level is heroLvl/5.
  x.level = hero_level / 5;
  x.min = 1 + hero_level / 5 + sharpshooting;
  x.max = 6 + static_cast<std::int64_t>(static_cast<float>(hero_level) / 2.5f) + 2 * sharpshooting;
  x.str = 10 - triangular_steps(x.level);
  return x;
}

// --- armours -----------------------------------------------------------------------

std::span<const Armor> armors() { return catalog().armors; }

const Armor* find_armor(std::string_view key) {
  if (const Armor* a = find_catalog_row(catalog().armors, key)) return a;
  const std::string k = catalog_key(key);
  for (const Armor& a : catalog().armors)
    if (first_word(a.key) == k) return &a;
  return nullptr;
}

const Armor& lookup_armor(std::string_view key) {
  if (const Armor* a = find_armor(key)) return *a;
  auto known = keys_of(armors());
  for (const Armor& a : armors()) known.push_back(first_word(a.key));
  unknown("armor", key, known);
}

Armor armor_at(const Armor& a, int level, ArmorAugment augment) {
  if (level < 0 || level > max_level)
    throw Error(fmt::format("armor '{}': level {} is outside 0..{}", a.key, level, max_level));
  Armor x = a;
  x.level = level;
  x.augment = augment;
  // Armor.Augment factors: EVASION (+2 evasion, −1 DR), DEFENSE (−2, +1),
  // each times (2 + lvl) and rounded.
  const int aug_dr = augment == ArmorAugment::evasion ? -1 : augment == ArmorAugment::defense ? 1 : 0;
  const std::int64_t steps = 2 + level;
  // Armor.DRMax(lvl): tier·(2+lvl) + round((2+lvl)·augDR); a level above it
  // gives (lvl − max + 1)/2 instead. Armor.DRMin(lvl): lvl, or lvl − DRMax
  // when lvl >= DRMax.
  std::int64_t max = a.tier * steps + steps * aug_dr;
  if (level > max) max = (level - max + 1) / 2;
  x.dr_max = max;
  x.dr_min = level >= max ? level - max : level;
  x.str = 8 + 2 * a.tier - triangular_steps(level);
  x.evasion_bonus = steps * -2 * aug_dr;
  return x;
}

// --- mobs ----------------------------------------------------------------------------

std::span<const Mob> mobs() { return catalog().mobs; }

const Mob* find_mob(std::string_view key) {
  const std::string k = catalog_key(key);
  for (const auto& [alias, full] : mob_aliases)
    if (k == alias) return find_catalog_row(catalog().mobs, full);
  return find_catalog_row(catalog().mobs, k);
}

const Mob& lookup_mob(std::string_view key) {
  if (const Mob* m = find_mob(key)) return *m;
  auto known = keys_of(mobs());
  for (const auto& [alias, full] : mob_aliases) known.emplace_back(alias);
  unknown("mob", key, known);
}

Mob mob_at_depth(const Mob& m, const MobSetting& s) {
  const std::string& cls = m.java_class;
  const bool statue = cls == "Statue" || cls == "ArmoredStatue";
  if (s.weapon && !statue) throw Error(fmt::format("mob '{}' carries no weapon", m.key));
  if (s.armor && cls != "ArmoredStatue") throw Error(fmt::format("mob '{}' wears no armor", m.key));
  if (!m.depth_scaled) return m;
  if (s.depth < 1 || s.depth > 26) throw Error(fmt::format("mob '{}': depth {} is outside 1..26", m.key, s.depth));
  Mob x = m;
  x.depth = s.depth;
  const std::int32_t d = s.depth;
  if (cls == "Wraith" || cls == "TormentedSpirit") {
    // Wraith.adjustStats(level): the tormented spirit uses round(1.5·level).
    const std::int32_t lvl =
        cls == "Wraith" ? d : static_cast<std::int32_t>(std::floor(1.5f * static_cast<float>(d) + 0.5f));
    x.ht = 1;
    x.accuracy = 10 + lvl;
    x.evasion = 5 * (10 + lvl);
    x.damage = Primitive::normal(1 + lvl / 2, 2 + lvl);
  } else if (cls == "Piranha") {
    x.ht = 10 + 5 * d;
    x.evasion = 10 + 2 * d;
    x.accuracy = 20 + 2 * d;
    x.damage = Primitive::normal(d, 4 + 2 * d);
    x.dr_max = d;
  } else if (cls == "Mimic") {
    // Mimic.setLevel(scalingDepth); while disguised its accuracy is infinite
    // and its damage the top of the range (not modelled here).
    x.ht = (1 + d) * 6;
    x.evasion = 2 + d / 2;
    x.accuracy = 6 + d;
    x.damage = Primitive::normal(1 + d, 2 + 2 * d);
    x.dr_max = 1 + d / 2;
    // Mimic.attackSkill and damageRoll while it passes for a chest (NEUTRAL)
    // and its target is visible: INFINITE_ACCURACY, the top of the range.
    MobOverride hidden;
    hidden.when = MobCondition::disguised;
    hidden.accuracy = infinite_accuracy;
    hidden.damage = Primitive::normal(2 + 2 * d, 2 + 2 * d);
    x.when.push_back(hidden);
  } else if (statue) {
    if (!s.weapon || s.weapon->kind != WeaponKind::melee)
      throw Error(fmt::format("mob '{}' needs the melee weapon it carries", m.key));
    if (cls == "ArmoredStatue" && !s.armor) throw Error(fmt::format("mob '{}' needs the armor it wears", m.key));
    const Weapon& w = *s.weapon;
    // Statue: its weapon's roll with the augment's rounding, accuracy
    // (int)((9 + depth)·ACC) in float, armour NormalIntRange(0, depth + block).
    x.ht = cls == "Statue" ? 15 + 5 * d : 30 + 10 * d;
    x.evasion = 4 + d;
    x.accuracy = static_cast<std::int64_t>(static_cast<float>(9 + d) * w.accuracy);
    x.damage = Primitive::normal(static_cast<std::int32_t>(w.min), static_cast<std::int32_t>(w.max));
    x.dr_max = d + w.block;
    x.attack_delay = w.delay;
    if (s.armor) {
      // ArmoredStatue: its armour adds NormalIntRange(DRMin, DRMax) and the
      // augment's evasion (no STR penalty for a mob), rounded.
      x.dr_extra.emplace_back(static_cast<std::int32_t>(s.armor->dr_min), static_cast<std::int32_t>(s.armor->dr_max));
      x.evasion += s.armor->evasion_bonus;
    }
  } else if (cls == "Bee") {
    // Bee.spawn(level): HT (2 + level)·4, accuracy = evasion = 9 + level.
    x.ht = (2 + d) * 4;
    x.evasion = 9 + d;
    x.accuracy = 9 + d;
    x.damage = Primitive::normal(static_cast<std::int32_t>(x.ht / 10), static_cast<std::int32_t>(x.ht / 4));
  }
  return x;
}

std::string_view to_string(MobCondition c) noexcept {
  for (const auto& [k, name] : condition_names)
    if (k == c) return name;
  return "?";
}

bool holds(const Mob& m, MobCondition c, const MobMoment& at) noexcept {
  switch (c) {
    case MobCondition::not_adjacent:
      return !at.adjacent;
    case MobCondition::hp_at_most_half:
      return (at.hp ? *at.hp : m.ht) * 2 <= m.ht;
    case MobCondition::pumped:
      return at.pumped;
    case MobCondition::raging:
      return at.raging;
    case MobCondition::sees_its_attacker:
      return at.sees_its_attacker;
    case MobCondition::focus:
      return at.focus;
    case MobCondition::disguised:
      return at.disguised;
    case MobCondition::recovering:
      return at.recovering;
  }
  return false;
}

MobStats mob_stats(const Mob& m, const MobMoment& at) {
  MobStats s{m.accuracy, m.evasion, m.damage};
  for (const MobOverride& o : m.when) {
    if (!holds(m, o.when, at)) continue;
    if (o.accuracy) s.accuracy = *o.accuracy;
    if (o.evasion) s.evasion = *o.evasion;
    if (o.damage) s.damage = *o.damage;
    s.accuracy *= o.accuracy_factor;
    if (o.evasion_factor != 1) s.evasion = static_cast<std::int64_t>(static_cast<double>(s.evasion) * o.evasion_factor);
    if (o.damage_factor != 1 && s.damage)
      s.damage = Primitive::normal(static_cast<std::int32_t>(o.damage_factor * s.damage->a),
                                   static_cast<std::int32_t>(o.damage_factor * s.damage->b));
  }
  return s;
}

bool reads_own_hp(const Mob& m) noexcept {
  return std::any_of(m.when.begin(), m.when.end(),
                     [](const MobOverride& o) { return o.when == MobCondition::hp_at_most_half; });
}

}  // namespace fray::shattered_pd
