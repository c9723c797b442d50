// epixx combatants: spec parsing and the derived modifiers (research epixx.md §2).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fray/core/error.hpp>
#include <fray/rules/epixx/combatant.hpp>
#include <fray/rules/spec.hpp>
#include <limits>
#include <nlohmann/json.hpp>

#include "rules/catalog_util.hpp"

namespace fray::epixx {

std::string_view name(Ability a) noexcept {
  switch (a) {
    case Ability::str: return "str";
    case Ability::agi: return "agi";
    case Ability::sta: return "sta";
    case Ability::cha: return "cha";
  }
  return "?";
}
std::string_view name(Hand h) noexcept {
  switch (h) {
    case Hand::main: return "main";
    case Hand::off: return "off";
    case Hand::two: return "two";
  }
  return "?";
}
std::string_view name(WeaponSize s) noexcept {
  switch (s) {
    case WeaponSize::small: return "small";
    case WeaponSize::medium: return "medium";
    case WeaponSize::large: return "large";
  }
  return "?";
}
std::string_view name(Kind k) noexcept {
  switch (k) {
    case Kind::melee: return "melee";
    case Kind::ranged: return "ranged";
    case Kind::spell: return "spell";
  }
  return "?";
}

Kind parse_kind(std::string_view word) {
  if (word == "melee") return Kind::melee;
  if (word == "ranged") return Kind::ranged;
  if (word == "spell") return Kind::spell;
  throw Error(fmt::format("unknown attack kind '{}' (known: melee, ranged, spell)", word));
}

namespace {

constexpr std::string_view known_keys =
    "str, agi, sta, cha, level, size, hp, weapon, weapon_size, hand, talent_offhand, ability, spell_ability, "
    "parry_cap, shield, dodge_cap, magic_damage, resist_body, resist_head, crit_magic, range_bonus, offense, dodge, "
    "block, parry";

const nlohmann::json& examples() {
  static const nlohmann::json j = parse_catalog("epixx/examples.json");
  return j;
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

std::vector<std::string> example_names() {
  std::vector<std::string> names;
  for (const auto& [k, v] : examples().items())
    if (v.is_object()) names.push_back(k);
  return names;
}

Combatant parse_combatant(std::string_view text, std::string_view role) {
  Spec spec = parse_spec(text);
  Combatant c;
  if (!spec.name.empty()) {
    // An example with overrides: the example's keys, each replaced by an override of the same name.
    std::string key = catalog_key(spec.name);
    const auto& ex = examples();
    if (!ex.contains(key)) {
      for (const auto& [k, v] : ex.items())
        if (v.is_object() && v.contains("aliases"))
          for (const auto& a : v["aliases"])
            if (a == key) key = k;
    }
    if (!ex.contains(key) || !ex[key].is_object()) {
      std::string known;
      for (const auto& n : example_names()) known += fmt::format("{}{}", known.empty() ? "" : ", ", n);
      throw Error(fmt::format("{} spec '{}': unknown epixx example '{}' (known: {})", role, text, spec.name, known));
    }
    Spec base = parse_spec(ex[key]["spec"].get<std::string>());
    for (auto& [k, v] : spec.keys) {
      auto it = std::find_if(base.keys.begin(), base.keys.end(), [&](const auto& kv) { return kv.first == k; });
      if (it != base.keys.end())
        it->second = v;
      else
        base.keys.emplace_back(k, v);
    }
    c.name = key;
    spec.keys = std::move(base.keys);
  }
  SpecReader r(std::move(spec), role);

  constexpr std::int64_t ab = 50;  // ability modifiers and defensive numbers: far beyond any 2D6 use
  c.str = to_int(r.integer("str", -ab, ab), 0);
  c.agi = to_int(r.integer("agi", -ab, ab), 0);
  c.sta = to_int(r.integer("sta", -ab, ab), 0);
  c.cha = to_int(r.integer("cha", -ab, ab), 0);
  c.level = to_int(r.integer("level", 0, 1000), 1);
  c.size = to_int(r.integer("size", -100, 100), 0);
  c.hp = r.integer("hp", 1, 1'000'000'000);
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
  r.done(known_keys);

  // Equipment the rules cannot combine (research §2.3: "either" block or parry;
  // a shield takes the off hand, a two-handed weapon both).
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
    case Ability::str: return c.str;
    case Ability::agi: return c.agi;
    case Ability::sta: return c.sta;
    case Ability::cha: return c.cha;
  }
  return 0;
}

// epixx To-Hit Modifiers: melee weapons use strength, ranged agility, spells stamina or charisma,
// unless the weapon names its own ability.
Ability attack_ability(const Combatant& c, Kind kind) noexcept {
  if (c.ability) return *c.ability;
  switch (kind) {
    case Kind::melee: return Ability::str;
    case Kind::ranged: return Ability::agi;
    case Kind::spell: return c.spell_ability;
  }
  return Ability::str;
}

// epixx To-Hit Modifiers: untalented off-hand melee attacks take -2 (research §2.2).
int offensive_modifier(const Combatant& c, Kind kind) noexcept {
  if (c.offense) return *c.offense;
  int o = modifier(c, attack_ability(c, kind));
  if (kind == Kind::melee && c.hand == Hand::off && !c.talent_offhand) o -= 2;
  return o;
}

// epixx Dodge Modifier: the agility bonus, capped by helmet and armour (research §2.3, §5.2).
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
// research §5.4: clamped at 0 unless the option keeps a negative value.
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
  constexpr std::int64_t lim = 1'000'000'000;
  if (dx < -lim || dx > lim || dy < -lim || dy > lim)
    throw Error(fmt::format("range ({}, {}) is too large (coordinates differ by at most {})", dx, dy, lim));
  return static_cast<int>(isqrt(dx * dx + dy * dy) / 2);
}

}  // namespace fray::epixx
