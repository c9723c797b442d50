// epixx combatants: the example creatures, spec parsing and the derived
// modifiers (the combat page's To-Hit, Dodge, Block, Parry and Deflect
// Modifiers and its Damage section).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/fight/kernel.hpp>
#include <fray/rules/epixx/attack.hpp>
#include <fray/rules/epixx/combatant.hpp>
#include <fray/rules/spec.hpp>
#include <limits>
#include <nlohmann/json.hpp>

#include "rules/catalog_util.hpp"

namespace fray::epixx {

std::string_view name(Ability a) noexcept {
  switch (a) {
    case Ability::str:
      return "str";
    case Ability::agi:
      return "agi";
    case Ability::sta:
      return "sta";
    case Ability::cha:
      return "cha";
  }
  return "?";
}
std::string_view name(Hand h) noexcept {
  switch (h) {
    case Hand::main:
      return "main";
    case Hand::off:
      return "off";
    case Hand::two:
      return "two";
  }
  return "?";
}
std::string_view name(WeaponSize s) noexcept {
  switch (s) {
    case WeaponSize::small:
      return "small";
    case WeaponSize::medium:
      return "medium";
    case WeaponSize::large:
      return "large";
  }
  return "?";
}
std::string_view name(Kind k) noexcept {
  switch (k) {
    case Kind::melee:
      return "melee";
    case Kind::ranged:
      return "ranged";
    case Kind::spell:
      return "spell";
  }
  return "?";
}

Kind parse_kind(std::string_view word) {
  if (word == "melee") return Kind::melee;
  if (word == "ranged") return Kind::ranged;
  if (word == "spell") return Kind::spell;
  const std::vector<std::string> kinds{"melee", "ranged", "spell"};
  throw Error(fmt::format("unknown attack kind '{}'{} (known: melee, ranged, spell)", word, did_you_mean(word, kinds)));
}

namespace {

constexpr std::array<SpecKey, 25> kSpecKeys{{
    {"str", "strength modifier (signed)", "0; -50..50"},
    {"agi", "agility modifier (signed)", "0; -50..50"},
    {"sta", "stamina modifier (signed)", "0; -50..50"},
    {"cha", "charisma modifier (signed)", "0; -50..50"},
    {"level", "experience level", "1; 0..1000"},
    {"size", "size units (only differences matter)", "0; -100..100"},
    {"hp", "hit points (fights only)", "none; 1..10^6"},
    {"weapon", "damage dice of the weapon or spell (1d8, 2d6+1)", "1d6"},
    {"weapon_size", "small, medium or large", "medium"},
    {"hand", "main, off (off-hand) or two (two-handed)", "main"},
    {"talent_offhand", "has the talent that removes the off-hand -2", "off"},
    {"ability", "ability the weapon uses for to-hit and damage (str, agi, sta, cha)", "by kind"},
    {"spell_ability", "ability spells use (sta or cha)", "sta"},
    {"parry_cap", "Max Parry Modifier of a parrying weapon (alone: a small off-hand parrying weapon)", "none"},
    {"shield", "MIN-MAX: the shield's minimum (deflect) and maximum (block cap) block modifiers", "no shield"},
    {"dodge_cap", "Max Dodge Modifier: the smallest over helmet and armor worn", "uncapped"},
    {"magic_damage", "magical damage modifier, unaffected by handedness", "0"},
    {"resist_body", "damage resistance of the body (regular hits)", "0"},
    {"resist_head", "damage resistance of the head (critical hits)", "0"},
    {"crit_magic", "magic lowering this attacker's critical hit threshold", "0"},
    {"range_bonus", "talents and equipment reducing range + deflect", "0"},
    {"offense", "total offensive modifier, replacing the derivation", "derived"},
    {"dodge", "dodge modifier, replacing the derivation", "derived"},
    {"block", "block modifier, replacing the derivation", "derived"},
    {"parry", "parry modifier, replacing the derivation", "derived"},
}};

std::vector<std::string> key_names() {
  std::vector<std::string> names;
  for (const auto& k : kSpecKeys) names.emplace_back(k.name);
  return names;
}

constexpr std::string_view kExamplesPath = "epixx/examples.json";

std::vector<Example> load_examples() {
  const nlohmann::json data = parse_catalog(kExamplesPath);
  std::vector<Example> out;
  for (const auto& [key, row] : data.items()) {
    if (!row.is_object()) continue;  // the file's comment
    // A named copy: clang before 16 cannot capture a structured binding.
    const std::string& name = key;
    out.push_back(read_catalog(kExamplesPath, row, [&](const nlohmann::json& r) {
      Example e;
      e.name = name;
      if (r.contains("aliases")) e.aliases = r.at("aliases").get<std::vector<std::string>>();
      e.description = r.at("description").get<std::string>();
      e.spec = r.at("spec").get<std::string>();
      const std::string kind = r.at("kind").get<std::string>();
      if (kind != "monster" && kind != "class")
        throw catalog_error(kExamplesPath, r, fmt::format("kind '{}' is neither monster nor class", kind));
      e.monster = kind == "monster";
      return e;
    }));
  }
  return out;
}

Ability to_ability(const std::string& w) {
  if (w == "str") return Ability::str;
  if (w == "agi") return Ability::agi;
  if (w == "sta") return Ability::sta;
  return Ability::cha;
}

int to_int(std::optional<std::int64_t> v, int fallback) { return v ? static_cast<int>(*v) : fallback; }
std::optional<int> to_opt(std::optional<std::int64_t> v) {
  return v ? std::optional<int>(static_cast<int>(*v)) : std::nullopt;
}

}  // namespace

std::span<const Example> examples() {
  static const std::vector<Example> all = load_examples();
  return all;
}

const Example* find_example(std::string_view name) {
  const std::string key = catalog_key(name);
  for (const Example& e : examples()) {
    if (e.name == key) return &e;
    for (const auto& a : e.aliases)
      if (a == key) return &e;
  }
  return nullptr;
}

const Example& lookup_example(std::string_view name) {
  if (const Example* e = find_example(name)) return *e;
  std::vector<std::string> names;
  for (const Example& e : examples()) {
    names.push_back(e.name);
    names.insert(names.end(), e.aliases.begin(), e.aliases.end());
  }
  std::vector<std::string> listed;
  for (const Example& e : examples()) listed.push_back(e.name);
  throw Error(fmt::format("unknown epixx example '{}'{} (known: {})", name, did_you_mean(catalog_key(name), names),
                          fmt::join(listed, ", ")));
}

std::span<const SpecKey> spec_keys() noexcept { return kSpecKeys; }

Combatant parse_combatant(std::string_view text, std::string_view role) {
  Spec spec = parse_spec(text);
  Combatant c;
  if (!spec.name.empty()) {
    // An example with overrides: the example's keys, each replaced by an override of the same name.
    const Example* ex = find_example(spec.name);
    if (!ex) {
      try {
        ex = &lookup_example(spec.name);
      } catch (const Error& e) {
        throw Error(fmt::format("{} spec '{}': {}", role, text, e.what()));
      }
    }
    Spec base = parse_spec(ex->spec);
    for (auto& [k, v] : spec.keys) {
      auto it = std::find_if(base.keys.begin(), base.keys.end(), [&k = k](const auto& kv) { return kv.first == k; });
      if (it != base.keys.end())
        it->second = v;
      else
        base.keys.emplace_back(k, v);
    }
    c.name = ex->name;
    spec.keys = std::move(base.keys);
  }
  // An unknown key names the closest known one.
  const auto names = key_names();
  for (const auto& [k, v] : spec.keys) {
    (void)v;
    if (std::find(names.begin(), names.end(), k) == names.end())
      throw Error(fmt::format("{} spec '{}': unknown key '{}'{} (known: {})", role, text, k, did_you_mean(k, names),
                              fmt::join(names, ", ")));
  }
  SpecReader r(std::move(spec), role);

  constexpr std::int64_t ab = 50;  // ability modifiers and defensive numbers: far beyond any 2D6 use
  c.str = to_int(r.integer("str", -ab, ab), 0);
  c.agi = to_int(r.integer("agi", -ab, ab), 0);
  c.sta = to_int(r.integer("sta", -ab, ab), 0);
  c.cha = to_int(r.integer("cha", -ab, ab), 0);
  c.level = to_int(r.integer("level", 0, 1000), 1);
  c.size = to_int(r.integer("size", -100, 100), 0);
  c.hp = r.integer("hp", 1, kMaxHp);
  if (auto w = r.text("weapon")) {
    try {
      c.weapon = Dice::parse(*w);
    } catch (const Error& e) {
      r.fail(fmt::format("weapon={}: {}", *w, e.what()));
    }
  }
  if (auto s = r.choice("weapon_size", {"small", "medium", "large"}))
    c.weapon_size = *s == "small" ? WeaponSize::small : *s == "medium" ? WeaponSize::medium : WeaponSize::large;
  if (auto h = r.choice("hand", {"main", "off", "two"}))
    c.hand = *h == "main" ? Hand::main : *h == "off" ? Hand::off : Hand::two;
  c.talent_offhand = r.flag("talent_offhand").value_or(false);
  if (auto a = r.choice("ability", {"str", "agi", "sta", "cha"})) c.ability = to_ability(*a);
  if (auto a = r.choice("spell_ability", {"str", "agi", "sta", "cha"})) c.spell_ability = to_ability(*a);
  c.parry_cap = to_opt(r.integer("parry_cap", 0, ab));
  if (auto s = r.range("shield", 0, ab)) {
    c.shield_min = static_cast<int>(s->first);
    c.shield_max = static_cast<int>(s->second);
  }
  c.dodge_cap = to_opt(r.integer("dodge_cap", 0, ab));
  c.magic_damage = to_int(r.integer("magic_damage", -1000, 1000), 0);
  c.resist_body = to_int(r.integer("resist_body", 0, 1'000'000), 0);
  c.resist_head = to_int(r.integer("resist_head", 0, 1'000'000), 0);
  c.crit_magic = to_int(r.integer("crit_magic", -100, 100), 0);
  c.range_bonus = to_int(r.integer("range_bonus", 0, 1000), 0);
  c.offense = to_opt(r.integer("offense", -100, 100));
  c.dodge = to_opt(r.integer("dodge", 0, ab));
  c.block = to_opt(r.integer("block", 0, ab));
  c.parry = to_opt(r.integer("parry", -ab, ab));
  r.done();
  // The values the spec (and its example) left to the defaults of spec_keys().
  for (const auto& [key, value] : {std::pair<const char*, const char*>{"str", "0"},
                                   {"agi", "0"},
                                   {"sta", "0"},
                                   {"cha", "0"},
                                   {"level", "1"},
                                   {"size", "0"},
                                   {"weapon", "1d6"},
                                   {"weapon_size", "medium"},
                                   {"hand", "main"},
                                   {"spell_ability", "sta"}})
    if (!r.has(key)) c.defaults.emplace_back(key, fmt::format("{}={}", key, value));

  // Equipment the rules cannot combine (the page's Defensive Modifiers: "either"
  // block or parry; a shield takes the off hand, a two-handed weapon both).
  if (c.shield_max && c.hand == Hand::two) r.fail("a shield cannot be carried with a two-handed weapon (hand=two)");
  if (c.shield_max && c.hand == Hand::off) r.fail("a shield takes the off hand, so hand=off is impossible with it");
  if (c.shield_max && c.parry_cap)
    r.fail("shield and parry_cap exclude each other: a defender blocks or parries, not both");
  if (c.parry_cap && c.hand == Hand::two && c.weapon_size != WeaponSize::medium)
    r.fail("parry_cap: only a medium weapon held two-handed (or a small off-hand weapon) can parry");
  if (c.parry_cap && c.hand == Hand::off && c.weapon_size != WeaponSize::small)
    r.fail("parry_cap: an off-hand weapon must be small to parry");
  if (c.block.value_or(0) > 0 && c.parry.value_or(0) > 0) r.fail("block and parry exclude each other");
  return c;
}

int modifier(const Combatant& c, Ability a) noexcept {
  switch (a) {
    case Ability::str:
      return c.str;
    case Ability::agi:
      return c.agi;
    case Ability::sta:
      return c.sta;
    case Ability::cha:
      return c.cha;
  }
  return 0;
}

// epixx To-Hit Modifiers: melee weapons use strength, ranged agility, spells stamina or charisma,
// unless the weapon names its own ability.
Ability attack_ability(const Combatant& c, Kind kind) noexcept {
  if (c.ability) return *c.ability;
  switch (kind) {
    case Kind::melee:
      return Ability::str;
    case Kind::ranged:
      return Ability::agi;
    case Kind::spell:
      return c.spell_ability;
  }
  return Ability::str;
}

// epixx To-Hit Modifiers: untalented off-hand melee attacks take -2.
int offensive_modifier(const Combatant& c, Kind kind) noexcept {
  if (c.offense) return *c.offense;
  int o = modifier(c, attack_ability(c, kind));
  if (kind == Kind::melee && c.hand == Hand::off && !c.talent_offhand) o -= 2;
  return o;
}

// epixx Dodge Modifier: the agility bonus, capped by the Max Dodge Modifier of helmet and armor.
int dodge_modifier(const Combatant& c) noexcept {
  if (c.dodge) return *c.dodge;
  const int d = std::max(c.agi, 0);
  return c.dodge_cap ? std::min(d, *c.dodge_cap) : d;
}

// epixx Block Modifier: the strength bonus, capped by the shield's maximum.
int block_modifier(const Combatant& c) noexcept {
  if (c.block) return *c.block;
  if (!c.shield_max) return 0;
  return std::min(std::max(c.str, 0), *c.shield_max);
}

// epixx Parry Modifier: a small off-hand weapon, or a medium weapon used two-handedly.
bool has_parry(const Combatant& c) noexcept {
  if (c.parry_cap) return true;
  return (c.hand == Hand::off && c.weapon_size == WeaponSize::small) ||
         (c.hand == Hand::two && c.weapon_size == WeaponSize::medium);
}

// epixx Parry Modifier: half the agility modifier rounded up, capped by the weapon;
// the page gives no "or zero" here, yet it is clamped at 0 like dodge and block
// unless the negative_parry option keeps a negative value.
int parry_modifier(const Combatant& c, bool negative) noexcept {
  if (c.parry) return negative ? *c.parry : std::max(*c.parry, 0);
  if (!has_parry(c)) return 0;
  int p = c.agi >= 0 ? (c.agi + 1) / 2 : -((-c.agi) / 2);
  if (c.parry_cap) p = std::min(p, *c.parry_cap);
  return negative ? p : std::max(p, 0);
}

// epixx Deflect Modifier: the minimum block modifier of the target's shield.
int deflect_modifier(const Combatant& c) noexcept { return c.shield_min.value_or(0); }

// epixx Damage: off-hand melee = two times the penalty modifier, or -1, whichever is lower.
int offhand_damage_modifier(int m) noexcept { return std::min(2 * std::min(m, 0), -1); }
// epixx Damage: two-handed = one and a half times the modifier rounded up, or 0, whichever is higher.
int twohand_damage_modifier(int m) noexcept { return m <= 0 ? 0 : (3 * m + 1) / 2; }

int damage_modifier(const Combatant& c, Kind kind) noexcept {
  const int m = modifier(c, attack_ability(c, kind));
  int ability_part = 0;
  switch (kind) {
    case Kind::melee:
      ability_part = c.hand == Hand::main  ? m
                     : c.hand == Hand::off ? offhand_damage_modifier(m)
                                           : twohand_damage_modifier(m);
      break;
    case Kind::ranged:  // the agility *bonus* modifier
    case Kind::spell:   // the stamina or charisma *bonus* modifier
      ability_part = std::max(m, 0);
      break;
  }
  return ability_part + c.magic_damage;
}

std::int64_t isqrt(std::int64_t n) {
  if (n < 0) throw Error(fmt::format("isqrt of negative {}", n));
  auto r = static_cast<std::int64_t>(std::sqrt(static_cast<double>(n)));
  // Correct the floating-point estimate to the exact floor.
  while (r > 0 && r * r > n) --r;
  while ((r + 1) * (r + 1) <= n) ++r;
  return r;
}

int range_modifier(std::int64_t dx, std::int64_t dy) {
  constexpr std::int64_t lim = max_range_offset;
  if (dx < -lim || dx > lim || dy < -lim || dy > lim)
    throw Error(fmt::format("range ({}, {}) is too large (coordinates differ by at most {})", dx, dy, lim));
  return static_cast<int>(isqrt(dx * dx + dy * dy) / 2);
}

}  // namespace fray::epixx
