// Spec keys DCSS 0.19 and 0.34 read the same way (each version's spec.cpp
// reads the rest of a player or monster spec).
#pragma once

#include <fmt/format.h>

#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/fight/kernel.hpp>
#include <fray/rules/crawl/regen.hpp>
#include <fray/rules/spec.hpp>

#include "rules/crawl/family.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fray::crawl {

// A skill level (decimals allowed, 0..27) as ×100.
[[nodiscard]] inline int skill100(SpecReader& r, std::string_view key) {
  const auto v = r.number(key, 0, 27);
  return v ? static_cast<int>(std::lround(*v * 100)) : 0;
}

// A catalog item named by the key's value; a failed look-up's message
// ("unknown weapon 'x' (did you mean ...)") is reported against the spec,
// which names it once.
template <class T, class F>
std::optional<T> item(SpecReader& r, std::string_view key, F&& lookup) {
  const auto v = r.text(key);
  if (!v) return std::nullopt;
  try {
    return lookup(*v);
  } catch (const Error& e) {
    r.fail(e.what());
  }
}

// The player's regeneration sources (RegenSources) but the body armour, which
// each version reads from its own `body=`: amulet=regeneration,
// artefact_regen=N, regeneration=N (the mutation), trogs_hand.
[[nodiscard]] RegenSources parse_regen_sources(SpecReader& r, bool troll_leather);

// The keys parse_regen_sources reads and what each means, for a version's key list.
struct RegenKeyDoc {
  std::string_view key, meaning;
  double lo = 0, hi = -1;  // a numeric key's range; lo > hi for the others
};
inline constexpr RegenKeyDoc kRegenKeyDocs[] = {
    {"amulet", "regeneration: an amulet of regeneration, REGEN_PIP in player_regen (none)"},
    {"artefact_regen", "Regen properties of worn artefacts 0..20, REGEN_PIP each (0)", 0, 20},
    {"regeneration", "Regeneration mutation 0..3, REGEN_PIP a level (0)", 0, 3},
    {"trogs_hand", "Trog's Hand (off): +100 to player_regen"},
};
// Their names, ", "-separated, for SpecReader::done.
[[nodiscard]] std::string regen_key_list();

// An inline monster's hit points when hp= is not given: 11·HD/2, the median
// HP per hit die of both versions' monster tables, at least 1.
[[nodiscard]] constexpr int inline_hp(int hd) noexcept { return std::max(1, 11 * hd / 2); }

// A monster spec's starting point: the catalog row `base` (its stats,
// attacks and resistances; its HP the table's average, rounded, at least 1).
template <class Monster, class Row>
requires FightsAs<Monster, Row>
void from_catalog(Monster& m, const Row& base) {
  m.name = base.name;
  m.hd = base.hd;
  m.ev = base.ev;
  m.ac = base.ac;
  m.fighter = base.fighter;
  m.archer = base.archer;
  m.size = base.size;
  m.speed = base.speed;
  m.energy = base.energy;
  m.attacks = base.attacks;
  m.hp = std::max(1, (base.avg_hp_x10 + 5) / 10);
  m.resists = base.resists;
}

// A monster spec's damage= (inline monsters only) and attack= (which
// attack, 1-based), then its hp=, the same in both versions; an inline
// monster's defaults go to m.defaults.
template <FightingMonster Monster>
void read_damage_and_attack(SpecReader& r, Monster& m, bool catalog) {
  if (auto v = r.integer("damage", 1, 1000)) {
    if (catalog) r.fail("damage= is for inline monsters; a catalog monster has its own attacks");
    m.attacks[0].damage = static_cast<int>(*v);
  } else if (!catalog) {
    m.defaults.push_back("damage=1");
  }
  if (m.attacks.empty() && r.has("attack"))
    r.fail(fmt::format("attack=: the {} has no melee attack to choose", m.name));
  if (auto v = r.integer("attack", 1, static_cast<std::int64_t>(m.attacks.size())))
    m.attack_index = static_cast<int>(*v) - 1;
}
// A monster spec's attack_energy= and missile_energy= (1..100, as dat/mons
// allows): the energy of its melee round and of its shot (mon_energy_usage),
// the catalog's or 10.
template <FightingMonster Monster>
void read_energy_keys(SpecReader& r, Monster& m) {
  if (auto v = r.integer("attack_energy", 1, 100)) m.energy.attack = static_cast<int>(*v);
  if (auto v = r.integer("missile_energy", 1, 100)) m.energy.missile = static_cast<int>(*v);
}
template <FightingMonster Monster>
void read_monster_hp(SpecReader& r, Monster& m, bool catalog, std::int64_t max_hp) {
  if (auto v = r.integer("hp", 1, max_hp)) {
    m.hp = static_cast<int>(*v);
  } else if (!catalog) {
    m.hp = inline_hp(m.hd);
    m.defaults.push_back("hp=" + std::to_string(m.hp));
  }
}

// What the two versions' monster specs read differently, as data.
struct MonsterSpecVersion {
  int (*parse_size)(std::string_view);  // size=WORD in the version's size_type (0.19 has SIZE_BIG)
  std::int64_t inaccuracy_max;          // inaccuracy= 0..this: 0.19 2, 0.34 3
  std::int64_t slaying_min;             // slaying= this..30: 0.19 -20, 0.34 -30
};

// A monster spec's ev= and ac= (0..200), the block value its version reads
// into `sh` (0..200), fighter and archer, the same in both versions; an
// inline monster's defaults go to m.defaults. Whether ev= was given.
template <FightingMonster Monster>
bool read_monster_defenses(SpecReader& r, Monster& m, bool catalog, std::optional<int> Monster::*sh) {
  bool ev_given = false;
  if (auto v = r.integer("ev", 0, 200)) {
    m.ev = static_cast<int>(*v);
    ev_given = true;
  } else if (!catalog) {
    m.defaults.push_back("ev=0");
  }
  if (auto v = r.integer("ac", 0, 200))
    m.ac = static_cast<int>(*v);
  else if (!catalog)
    m.defaults.push_back("ac=0");
  if (auto v = r.integer("sh", 0, 200)) m.*sh = static_cast<int>(*v);
  if (auto v = r.flag("fighter")) m.fighter = *v;
  if (auto v = r.flag("archer")) m.archer = *v;
  return ev_given;
}

// A monster spec's weapon= (both versions): a catalog monster wields the
// weapon the game always gives it (mon-gear.cc make_mons_weapon, the row's
// `weapon`) unless the spec names another or none; one the game arms at
// random (`weapon_random`) fights unarmed unless it names one. `lookup`
// finds a weapon of the version's catalog. `row` is nullptr inline.
template <class Monster, class Row, class Lookup>
void read_monster_weapon(SpecReader& r, Monster& m, const Row* row, Lookup&& lookup) {
  if (r.has("weapon") && r.text("weapon") == "none") return;
  if (r.has("weapon") || !row || row->weapon.empty()) {
    m.weapon = item<typename decltype(m.weapon)::value_type>(r, "weapon", lookup);
    m.random_weapon = !m.weapon && row && row->weapon_random;
    return;
  }
  m.weapon = lookup(row->weapon);
  m.game_weapon = true;
}

// A monster spec's keys after its items, the same in both versions but for
// what `version` gives: damage= and attack= (read_damage_and_attack), size=,
// speed= (1..100), attack_energy=, missile_energy=, hp=, confused,
// inaccuracy=, slaying=.
template <FightingMonster Monster>
void read_monster_rest(SpecReader& r, Monster& m, bool catalog, const MonsterSpecVersion& version) {
  read_damage_and_attack(r, m, catalog);
  if (auto v = item<int>(r, "size", [&](const std::string& n) { return version.parse_size(n); })) m.size = *v;
  if (auto v = r.integer("speed", 1, 100)) m.speed = static_cast<int>(*v);
  read_energy_keys(r, m);
  read_monster_hp(r, m, catalog, kMaxHp);
  m.confused = r.flag("confused").value_or(false);
  if (auto v = r.integer("inaccuracy", 0, version.inaccuracy_max)) m.inaccuracy = static_cast<int>(*v);
  if (auto v = r.integer("slaying", version.slaying_min, 30)) m.slaying = static_cast<int>(*v);
}

// The player's skills dodging=, armor_skill= (or armour_skill=, not both),
// shields_skill=, unarmed= and throwing=, read alike in both versions.
template <PlayerSkills Player>
void read_player_skills(SpecReader& r, Player& p) {
  p.dodging = skill100(r, "dodging");
  if (r.has("armor_skill") && r.has("armour_skill")) r.fail("give armor_skill or armour_skill, not both");
  p.armor_skill = skill100(r, r.has("armour_skill") ? "armour_skill" : "armor_skill");
  p.shields = skill100(r, "shields_skill");
  p.unarmed = skill100(r, "unarmed");
  p.throwing = skill100(r, "throwing");
}

// A situation flag of a version's Situation: its name, the member it sets
// and what it means (for --list and the errors).
template <class Situation>
struct SituationFlag {
  std::string_view name;
  bool Situation::*flag;
  std::string_view meaning;
};
// Another name a version accepts for a flag ("paralysed" for "paralyzed").
struct SituationAlias {
  std::string_view alias, name;
};

// Sets the flag `f` (or the one it is an alias of) in `s`; an unknown flag is
// an Error "<id>: unknown situation 'f' (did you mean ...) (known: <names><more>)".
template <class Situation, std::size_t N, std::size_t A>
void set_situation_flag(Situation& s, std::string_view f, const SituationFlag<Situation> (&flags)[N],
                        const SituationAlias (&aliases)[A], std::string_view id, std::string_view more) {
  std::string_view key = f;
  for (const auto& [alias, name] : aliases)
    if (key == alias) key = name;
  for (const SituationFlag<Situation>& d : flags)
    if (d.name == key) {
      s.*(d.flag) = true;
      return;
    }
  std::vector<std::string> known;
  std::string list;
  for (const SituationFlag<Situation>& d : flags) {
    known.emplace_back(d.name);
    list += (list.empty() ? "" : ", ") + known.back();
  }
  throw Error(fmt::format("{}: unknown situation '{}'{} (known: {}{})", id, f, did_you_mean(f, known), list, more));
}
// Each flag's name and meaning, for --list.
template <class Situation, std::size_t N>
[[nodiscard]] std::vector<std::pair<std::string, std::string>> situation_flag_docs(
    const SituationFlag<Situation> (&flags)[N]) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const SituationFlag<Situation>& d : flags) out.emplace_back(d.name, d.meaning);
  return out;
}

}  // namespace fray::crawl
