// The catalog entries (--list monsters, weapons) both DCSS versions give
// alike, over either version's rows (family.hpp); what differs reaches them
// as data: the version's size word, its skill's name, its mechanics lines.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fray/core/value.hpp>
#include <fray/rules/ruleset.hpp>
#include <fray/rules/spec.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/crawl/family.hpp"

namespace fray::crawl {

// A monster row's entry: its HD, HP (the table's average, rounded, at least
// 1), AC, EV, speed, size (`size`, in the version's words), its attacks
// ("AT_HIT 10, ..."), fighter and archer, its weapon (the game's fixed one, or
// "random"), the energy of a melee round and of
// a shot (mon_energy_usage: each takes 10 × energy / speed aut), and the
// version's mechanics lines `abilities`.
template <MonsterRow R>
[[nodiscard]] CatalogEntry monster_row_entry(const R& m, std::string_view size, std::vector<std::string> abilities) {
  const auto integer = [](std::int64_t v) { return Value{v}; };
  CatalogEntry e{catalog_key(m.name), m.name, {}};
  std::string attacks;
  for (const auto& a : m.attacks) attacks += fmt::format("{}{} {}", attacks.empty() ? "" : ", ", a.type, a.damage);
  e.stats = {{"hd", integer(m.hd)},       {"hp", integer(std::max(1, (m.avg_hp_x10 + 5) / 10))},
             {"ac", integer(m.ac)},       {"ev", integer(m.ev)},
             {"speed", integer(m.speed)}, {"size", std::string(size)},
             {"attacks", attacks}};
  if (m.fighter) e.stats.push_back({"fighter", true});
  if (m.archer) e.stats.push_back({"archer", true});
  // The weapon it fights with by default (the one the game always gives it),
  // or "random" when the game draws one that a spec must name.
  if (!m.weapon.empty())
    e.stats.push_back({"weapon", catalog_key(m.weapon)});
  else if (m.weapon_random)
    e.stats.push_back({"weapon", std::string("random")});
  e.stats.push_back({"attack_energy", integer(m.energy.attack)});
  e.stats.push_back({"missile_energy", integer(m.energy.missile)});
  e.abilities = std::move(abilities);
  return e;
}

// A weapon row's entry: launcher or melee weapon (magical staff, legacy),
// its damage, accuracy, skill (`skill`, the version's name for it) and delays.
template <WeaponRow W>
[[nodiscard]] CatalogEntry weapon_row_entry(const W& w, std::string skill) {
  const auto integer = [](std::int64_t v) { return Value{v}; };
  CatalogEntry e{catalog_key(w.name),
                 fmt::format("{}{}{}", w.ranged ? "launcher" : "melee weapon", w.magic_staff ? " (magical staff)" : "",
                             w.legacy ? " (legacy)" : ""),
                 {}};
  e.stats = {{"damage", integer(w.damage)},       {"accuracy", integer(w.accuracy)},
             {"skill", std::move(skill)},         {"delay", integer(w.base_delay)},
             {"min_delay", integer(w.min_delay)}, {"min_delay_skill", integer(w.min_delay_skill)}};
  return e;
}

// --- a side's summary: the fields both versions give alike ----------------------------------

// The player's other skills than Fighting and the weapon's, those not 0, as
// levels: dodging, armor_skill, shields_skill, unarmed, throwing, stealth.
template <PlayerSkills P>
void add_player_skills(Fields& f, const P& p) {
  const std::pair<const char*, int> skills[] = {{"dodging", p.dodging},       {"armor_skill", p.armor_skill},
                                                {"shields_skill", p.shields}, {"unarmed", p.unarmed},
                                                {"throwing", p.throwing},     {"stealth", p.stealth}};
  for (const auto& [key, v] : skills)
    if (v) f.push_back({key, static_cast<double>(v) / 100.0});
}

// A monster's kind: fighter and archer (when set), its size (`size`, in the
// version's words), speed and the energies of a melee round and of a shot.
template <FightingMonster M>
void add_monster_kind(Fields& f, const M& m, std::string_view size) {
  if (m.fighter) f.push_back({"fighter", true});
  if (m.archer) f.push_back({"archer", true});
  f.push_back({"size", std::string(size)});
  f.push_back({"speed", Value{std::int64_t{m.speed}}});
  f.push_back({"attack_energy", Value{std::int64_t{m.energy.attack}}});
  f.push_back({"missile_energy", Value{std::int64_t{m.energy.missile}}});
}

// A monster's attack (the one attack= picks, "AT_HIT 10") and how many it has.
template <FightingMonster M>
void add_monster_attack(Fields& f, const M& m) {
  if (m.attacks.empty()) return;
  const auto i = static_cast<std::size_t>(std::clamp<int>(m.attack_index, 0, static_cast<int>(m.attacks.size()) - 1));
  f.push_back({"attack", fmt::format("{} {}", m.attacks[i].type, m.attacks[i].damage)});
  f.push_back({"attacks", Value{static_cast<std::int64_t>(m.attacks.size())}});
}

// A catalog made of a version's rows, one entry a row (`monster_entries` of
// monsters() and monster_entry, ...).
template <class Rows, class Entry>
[[nodiscard]] std::vector<CatalogEntry> row_entries(const Rows& rows, Entry entry) {
  std::vector<CatalogEntry> out;
  for (const auto& row : rows) out.push_back(entry(row));
  return out;
}

// Named help lines (situation flags, spec keys) as entries with no stats.
[[nodiscard]] inline std::vector<CatalogEntry> help_entries(
    const std::vector<std::pair<std::string, std::string>>& lines) {
  std::vector<CatalogEntry> out;
  for (const auto& [name, meaning] : lines) out.push_back({name, meaning, {}});
  return out;
}

// The specs a key applies to, from its prefix: player: keys the player's,
// monster: keys a catalog monster's and an inline one's (the same parse),
// bolt: keys a bolt's (docs/json.md, Catalogs).
[[nodiscard]] inline std::string key_applies_to(std::string_view key) {
  if (key.starts_with("player:")) return "player";
  if (key.starts_with("monster:")) return "monster, inline";
  if (key.starts_with("bolt:")) return "bolt";
  return "";
}

// Crawl's own names of the defender's EV and AC, kept in the details beside
// the names every game gives them in a side's stats (`evasion`, `dr`).
inline void add_own_terms(Fields& details, const SideSummary& defender) {
  if (const Value* ev = find_field(defender.stats, "evasion")) details.push_back({"ev", *ev});
  if (const Value* ac = find_field(defender.stats, "dr")) details.push_back({"ac", *ac});
}

}  // namespace fray::crawl
