// Pixel Dungeon 1.9.1 as a fray::Ruleset: the typed attack and strike
// answers, the catalogs, and the fight's bout (its kernels: fight.cpp).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <fray/core/error.hpp>
#include <fray/core/probability_text.hpp>
#include <fray/core/suggest.hpp>
#include <fray/fight/kernel.hpp>
#include <fray/rules/game_ruleset.hpp>
#include <fray/rules/pixel_dungeon/java_random.hpp>
#include <fray/rules/pixel_dungeon/parts.hpp>
#include <fray/rules/pixel_dungeon/ruleset.hpp>
#include <fray/rules/pixel_dungeon/shadow_caster.hpp>
#include <fray/rules/spec.hpp>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "rules/notes.hpp"
#include "rules/pixel_dungeon/fight.hpp"
#include "rules/pixel_dungeon/mechanics.hpp"
#include "rules/pixel_dungeon/spec.hpp"

namespace fray::pixel_dungeon {

namespace {

// --- the typed answers -----------------------------------------------------------

// The request resolved (GameRuleset::prepare): both combatants, the situation, the plan.
using Resolved = Prepared<Combatant, Situation, AttackPlan>;

// The weapon an attacking hero uses: the missile when thrown, else the wielded one.
const Weapon* weapon_used(const Hero& h, bool thrown) {
  if (thrown) return h.missile ? &*h.missile : nullptr;
  return h.weapon ? &*h.weapon : nullptr;
}

std::string range_text(const Primitive& p) {
  return p.min() == p.max() ? fmt::format("{}", p.min()) : fmt::format("{}-{}", p.min(), p.max());
}

// A primitive as the call the game makes ("Random.IntRange(0, 2)"), or its constant.
std::string call_text(const Primitive& p) {
  return p.kind == Primitive::Kind::constant ? fmt::format("{}", p.a) : RandomCall::of(p).text();
}

// Hero.attackDelay / Mob.attackDelay, or the time a mob's spell takes.
double attack_time(const Combatant& c, const Situation& s, bool as_attacker) {
  if (c.is_hero()) return hero_attack_delay(*c.hero, as_attacker && s.thrown);
  if ((as_attacker && s.magic) || c.mob.beam_only) return c.mob.spell_time;
  return c.mob.attack_delay;
}

SideSummary side(const Combatant& c, const AttackPlan& plan, const Situation& s, bool attacker) {
  SideSummary out;
  out.name = c.name;
  Fields& f = out.stats;
  if (attacker)
    f.push_back({"accuracy", plan.accuracy});
  else
    f.push_back({"evasion", plan.evasion});
  if (c.is_hero()) {
    const Hero& h = *c.hero;
    f.push_back({"class", std::string(to_string(h.hero_class))});
    f.push_back({"subclass", std::string(to_string(h.subclass))});
    f.push_back({"level", std::int64_t{h.level}});
    f.push_back({"str", std::int64_t{h.str}});
    const Weapon* w = weapon_used(h, attacker && s.thrown);
    f.push_back({"weapon", w ? w->key : std::string("none")});
    if (w) {
      f.push_back({"weapon_level", std::int64_t{w->level}});
      if (w->kind != WeaponKind::wand) f.push_back({"weapon_str", std::int64_t{w->str}});
    }
    f.push_back({"armor", h.armor ? h.armor->key : std::string("none")});
    if (h.armor) {
      f.push_back({"armor_level", std::int64_t{h.armor->level}});
      f.push_back({"armor_str", std::int64_t{h.armor->str}});
    }
    f.push_back({"dr", hero_dr(h)});
  } else {
    if (!attacker) f.push_back({"dr", c.mob.dr});
    if (attacker) f.push_back({"damage", range_text(plan.roll)});  // the roll this attack uses
  }
  f.push_back({"hp", c.current_hp()});
  f.push_back({"ht", c.ht()});
  return out;
}

// The game's own numbers of the plan (the `details` of attack and strike).
Fields details(const AttackPlan& p) {
  Fields f;
  f.push_back({"accuracy", p.accuracy});
  f.push_back({"evasion", p.evasion});
  f.push_back({"magic", p.magic});
  f.push_back({"never_attacks", p.never_attacks});
  f.push_back({"armor_roll", p.armor ? call_text(*p.armor) : std::string("none")});
  f.push_back({"damage_roll", call_text(p.roll)});
  f.push_back({"bonus_roll", p.bonus ? call_text(*p.bonus) : std::string("none")});
  f.push_back({"fury", p.fury});
  f.push_back({"water_bonus", p.water_bonus});
  f.push_back({"combo", std::int64_t{p.combo}});
  f.push_back({"charges", p.charges ? *p.charges : std::int64_t{0}});
  f.push_back({"assassin_bonus", p.assassin});
  f.push_back({"fists", std::int64_t{p.fists}});
  f.push_back({"resisted", p.resisted});
  f.push_back({"immune", p.immune});
  f.push_back({"paralysis_check", p.paralysis_hp.has_value()});
  return f;
}

// P(hit) written out as Char.hit's closed form.
std::string hit_formula(const AttackPlan& p, double p_hit) {
  const std::int64_t a = p.magic ? 2 * p.accuracy : p.accuracy;
  const std::int64_t d = p.evasion;
  if (d <= 0) return "1 (evasion 0: every acuRoll beats defRoll 0)";
  if (a <= 0) return "0";
  if (a <= d) return fmt::format("{}/(2·{}) = {}", a, d, significant(p_hit));
  return fmt::format("1 − {}/(2·{}) = {}", d, a, significant(p_hit));
}

// The computation in words, step by step in the game's order.
std::vector<std::string> steps(const Resolved& r) {
  const AttackPlan& p = r.plan;
  const Combatant& att = r.attacker;
  const Combatant& def = r.defender;
  std::vector<std::string> out;
  if (p.never_attacks) {
    out.push_back(fmt::format("{} never attacks (a passive mob: Mob.act)", att.name));
    return out;
  }
  const std::string acc_from = att.is_hero() ? "Hero.attackSkill" : "attackSkill";
  std::string ev_from = def.is_hero() ? "Hero.defenseSkill" : "Mob.defenseSkill";
  if (!def.is_hero() && p.evasion == 0 && def.mob.evasion > 0) ev_from += ": a surprise attack";
  out.push_back(fmt::format("accuracy {} ({}) vs evasion {} ({}){}: P(hit) = {} (Char.hit)", p.accuracy, acc_from,
                            p.evasion, ev_from, p.magic ? ", magic: acuRoll doubled" : "",
                            hit_formula(p, hit_chance(p.accuracy, p.evasion, p.magic))));
  if (p.magic) {
    out.push_back(fmt::format("spell damage {}, straight to Char.damage: no armor", call_text(p.roll)));
    if (p.water_bonus) out.push_back("the target stands in water: damage ×1.5, truncated (Shaman.LightningBolt)");
  } else {
    if (p.armor)
      out.push_back(fmt::format("armor roll {} first (Char.attack: enemy.dr())", call_text(*p.armor)));
    else
      out.push_back("no armor roll: a Sniper's thrown attack ignores armor (Char.attack)");
    std::string roll =
        fmt::format("damage roll {} ({})", call_text(p.roll), att.is_hero() ? "Hero.damageRoll" : "Mob.damageRoll");
    if (p.bonus) roll += fmt::format(" + {} excess strength (Weapon.damageRoll)", call_text(*p.bonus));
    out.push_back(roll);
    if (p.fury) out.push_back("Berserker Fury (HP ≤ 40 % of HT): damage ×1.5, truncated");
    out.push_back("effective damage max(damage − armor roll, 0) (Char.attack)");
    if (p.combo >= 3)
      out.push_back(fmt::format("Gladiator Combo {}: + trunc(eff·{}/5) (Combo.hit)", p.combo, p.combo - 2));
    if (p.charges)
      out.push_back(fmt::format("Battlemage: + the wand's {} charges{} (Hero.attackProc)", *p.charges,
                                *p.charges < p.max_charges ? ", one more first on a hit that deals damage" : ""));
    if (p.assassin) out.push_back("Assassin bonus: eff + Random.Int(1, eff) (Mob.defenseProc)");
  }
  if (p.fists > 0) out.push_back(fmt::format("{} living fist(s): damage >> {} (Yog.damage)", p.fists, p.fists));
  if (p.immune)
    out.push_back("immune to the source: damage 0 (Char.damage)");
  else if (p.resisted)
    out.push_back("resisted: damage becomes Random.IntRange(0, damage) (Char.damage)");
  if (p.paralysis_hp)
    out.push_back(
        fmt::format("paralysis breaks when Random.Int(damage) ≥ Random.Int({}) (Char.damage): no damage "
                    "changes",
                    *p.paralysis_hp));
  return out;
}

// An item as the hero carries it: "war hammer +2".
std::string item_text(const std::string& name, int level) { return fmt::format("{} {:+}", name, level); }

// The items behind the answer: the attacking hero's weapon (or missile) and
// rings, the defending hero's armor and rings.
std::vector<std::string> equipment(const Resolved& r) {
  std::vector<std::string> out;
  if (r.attacker.is_hero()) {
    const Hero& h = *r.attacker.hero;
    const Weapon* w = weapon_used(h, r.situation.thrown);
    std::string line = fmt::format("attacker (hero, STR {}): ", h.str);
    if (!w)
      line += r.situation.thrown ? "no missile" : "no weapon (bare hands)";
    else if (w->kind == WeaponKind::wand)
      line += fmt::format("{} in melee", item_text(w->name, w->level));
    else
      line += fmt::format("{} (needs STR {})", item_text(w->name, w->level), w->str);
    if (h.ring_accuracy != 0) line += fmt::format(", Ring of Accuracy {:+}", h.ring_accuracy);
    out.push_back(std::move(line));
  }
  if (r.defender.is_hero()) {
    const Hero& h = *r.defender.hero;
    std::string line = fmt::format("defender (hero, STR {}): ", h.str);
    line += h.armor ? fmt::format("{} (needs STR {}, DR {})", item_text(h.armor->name, h.armor->level), h.armor->str,
                                  h.armor->dr)
                    : std::string("no armor");
    if (h.ring_evasion != 0) line += fmt::format(", Ring of Evasion {:+}", h.ring_evasion);
    out.push_back(std::move(line));
  }
  return out;
}

// A combatant's part in an answer: which spec it is, and what of it the
// answer reads (an attack reads the attacker's weapon and the defender's
// armor; a fight reads both of both).
struct Part {
  std::string_view role;  // "attacker", "defender"
  bool attacks = false, defends = false, fights = false;
  bool thrown = false;     // it attacks with its missile
  bool paralyzed = false;  // it defends paralyzed: Char.damage reads its HP
};
Part attacker_part(const Situation& s) { return {"attacker", true, false, false, s.thrown, false}; }
Part defender_part(const Situation& s) { return {"defender", false, true, false, false, s.paralyzed}; }

// Whether the answer reads the value of a spec key of `c`.
bool reads(const Combatant& c, std::string_view key, const Part& p) {
  if (key == "hp") {
    // Berserker Fury and the brute's rage read the attacker's HP; Char.damage a paralyzed defender's.
    const bool rage = c.is_hero() ? c.hero->subclass == SubClass::berserker : c.mob.enraged.has_value();
    return p.fights || (p.attacks && rage) || (p.defends && p.paralyzed);
  }
  if (key == "weapon" || key == "weapon_level") return p.attacks && !p.thrown;
  if (key == "missile" || key == "missile_level") return p.attacks && p.thrown;
  if (key == "armor" || key == "armor_level" || key == "evasion" || key == "fists") return p.defends;
  if (key == "accuracy" || key == "damage" || key == "pumped") return p.attacks;
  if (key == "corridor" || key == "on_water") return p.fights;
  return true;  // class, level, str
}

// "attacker uses the defaults level=1, str=11 (the warrior's kit)": the
// defaults the spec took that the answer reads (rules/notes.hpp).
std::vector<std::string> defaults_note(const Combatant& c, const Part& p) {
  return fray::defaults_note(p.role, c.defaults, [&](std::string_view key) { return reads(c, key, p); });
}

// Items heavier than the hero's strength: the weapon it attacks with
// (Weapon.acuracyFactor, speedFactor, with the thrown offsets of the Warrior
// and the Huntress) and the armor it defends in (Hero.defenseSkill).
std::vector<std::string> item_warnings(const Combatant& c, const Part& p) {
  std::vector<std::string> out;
  if (!c.is_hero()) return out;
  const Hero& h = *c.hero;
  const Weapon* w = p.attacks ? weapon_used(h, p.thrown) : nullptr;
  if (w && w->kind != WeaponKind::wand) {
    const int acc = weapon_encumbrance(h, *w, false), time = weapon_encumbrance(h, *w, true);
    if (acc > 0 || time > 0) {
      // A thrown weapon weighs 3 more for the Warrior's accuracy, 2 less for the Huntress's accuracy and speed.
      const int thrown_as = h.str + acc;
      const std::string offset =
          w->kind == WeaponKind::missile && thrown_as != w->str
              ? fmt::format(
                    ", {} for a {} to throw ({}),", thrown_as, to_string(h.hero_class),
                    h.hero_class == HeroClass::huntress ? "Weapon.acuracyFactor, speedFactor" : "Weapon.acuracyFactor")
              : "";
      std::vector<std::string> effects;
      if (acc > 0) effects.push_back(fmt::format("accuracy ÷1.5^{} (Weapon.acuracyFactor)", acc));
      if (time > 0) effects.push_back(fmt::format("attack time ×1.2^{} (Weapon.speedFactor)", time));
      out.push_back(fmt::format("{}: the {} needs STR {}{} but the hero has {}: {}", p.role, w->name, w->str, offset,
                                h.str, fmt::join(effects, ", ")));
    }
  }
  if (p.defends && h.armor && h.armor->str > h.str)
    out.push_back(fmt::format("{}: the {} needs STR {} but the hero has {}: evasion ÷1.5^{} (Hero.defenseSkill)",
                              p.role, h.armor->name, h.armor->str, h.str, h.armor->str - h.str));
  return out;
}

std::vector<std::string> warnings(const Resolved& r) {
  std::vector<std::string> out = item_warnings(r.attacker, attacker_part(r.situation));
  for (auto& w : item_warnings(r.defender, defender_part(r.situation))) out.push_back(std::move(w));
  return out;
}

// What the answer assumes or leaves out: first the defaults each spec took.
std::vector<std::string> notes(const Resolved& r) {
  std::vector<std::string> out = defaults_note(r.attacker, attacker_part(r.situation));
  for (auto& n : defaults_note(r.defender, defender_part(r.situation))) out.push_back(std::move(n));
  const Situation& s = r.situation;
  if (r.plan.never_attacks) out.push_back(fmt::format("{} never attacks", r.attacker.name));
  if (r.attacker.is_hero()) out.push_back("weapon enchantments (Weapon.proc) are not modeled");
  if (r.defender.is_hero())
    out.push_back("armor glyphs, the Ring of Thorns and Earthroot (Hero.defenseProc) are not modeled");
  if (s.paralyzed && !r.defender.is_hero())
    out.push_back("a paralyzed mob is taken after its first turn of paralysis, with enemySeen cleared (Mob.act)");
  return out;
}

Strike strike_of(const StrikeResult& s, std::vector<Draw> draws) {
  Strike k;
  k.outcome = !s.attacked ? "no_attack" : s.hit.hit ? "hit" : "miss";
  k.hit = s.hit.hit;
  k.damage = s.damage;
  if (s.attacked) {
    k.rolls.push_back({"acu_roll", static_cast<double>(s.hit.acu_roll)});
    k.rolls.push_back({"def_roll", static_cast<double>(s.hit.def_roll)});
  }
  auto put = [&](const char* key, const std::optional<std::int64_t>& v) {
    if (v) k.rolls.push_back({key, *v});
  };
  put("armor_roll", s.armor_roll);
  put("damage_roll", s.damage_roll);
  put("bonus_roll", s.bonus_roll);
  put("assassin_roll", s.assassin_roll);
  put("resist_roll", s.resist_roll);
  if (s.paralysis_broken) k.rolls.push_back({"paralysis_broken", *s.paralysis_broken});
  k.draws = std::move(draws);
  return k;
}

// --- catalogs ------------------------------------------------------------------------

std::vector<CatalogEntry> monster_entries() {
  std::vector<CatalogEntry> out;
  for (const Mob& m : mobs()) {
    CatalogEntry e;
    e.name = m.key;
    e.description = m.name;
    if (m.needs_depth) e.description += m.needs_weapon ? " (needs depth=1..26 and weapon=)" : " (needs depth=1..26)";
    if (m.needs_hero) e.description += " (needs accuracy= and damage=, copied from the hero)";
    if (m.passive) e.description += "; never attacks";
    if (m.spell) e.description += fmt::format("; spell {}{}", call_text(*m.spell), m.beam_only ? " only" : "");
    if (!m.notes.empty()) e.description += "; " + m.notes.front();
    Fields& f = e.stats;
    if (!m.needs_depth && !m.needs_hero) {
      f.push_back({"ht", m.ht});
      f.push_back({"accuracy", m.accuracy});
      f.push_back({"evasion", m.evasion});
      f.push_back({"damage", range_text(m.damage)});
      f.push_back({"dr", m.dr});
    } else if (m.needs_hero) {
      f.push_back({"ht", m.ht});
      f.push_back({"evasion", m.evasion});
    }
    f.push_back({"attack_delay", static_cast<double>(m.attack_delay)});
    for (const Mechanic& x : mob_mechanics(m)) e.abilities.emplace_back(x.text);
    e.parts = mob_parts(m);
    out.push_back(std::move(e));
  }
  return out;
}

std::string_view kind_text(WeaponKind k) {
  switch (k) {
    case WeaponKind::melee:
      return "melee";
    case WeaponKind::missile:
      return "thrown";
    case WeaponKind::pickaxe:
      return "pickaxe";
    case WeaponKind::wand:
      return "wand";
  }
  return "?";
}

std::vector<CatalogEntry> weapon_entries() {
  std::vector<CatalogEntry> out;
  for (const Weapon& w : weapons()) {
    CatalogEntry e;
    e.name = w.key;
    e.description = w.kind == WeaponKind::melee  ? fmt::format("{}, tier {} melee weapon", w.name, w.tier)
                    : w.kind == WeaponKind::wand ? std::string("a wand used in melee (no STR, no bonus)")
                                                 : fmt::format("{}, {}", w.name, kind_text(w.kind));
    Fields& f = e.stats;
    f.push_back({"kind", std::string(kind_text(w.kind))});
    f.push_back({"tier", std::int64_t{w.tier}});
    f.push_back({"min", w.min});
    f.push_back({"max", w.max});
    f.push_back({"str", std::int64_t{w.str}});
    f.push_back({"acu", static_cast<double>(w.acu)});
    f.push_back({"dly", static_cast<double>(w.dly)});
    out.push_back(std::move(e));
  }
  return out;
}

std::vector<CatalogEntry> armor_entries() {
  std::vector<CatalogEntry> out;
  for (const Armor& a : armors())
    out.push_back({a.key, a.name, {{"tier", std::int64_t{a.tier}}, {"dr", a.dr}, {"str", std::int64_t{a.str}}}});
  return out;
}

std::vector<CatalogEntry> class_entries() {
  std::vector<CatalogEntry> out;
  for (const Kit& k : kits()) {
    const Hero h = starting_hero(parse_hero_class(k.hero_class));
    CatalogEntry e;
    e.name = k.hero_class;
    e.description = fmt::format("hero class; starts with STR {}, {}{}, {}", k.str, h.weapon->name,
                                h.missile ? " and " + h.missile->name : std::string(), h.armor->name);
    e.stats = {{"str", std::int64_t{k.str}},
               {"ht", hero_ht(h)},
               {"weapon", k.weapon},
               {"missile", k.missile ? *k.missile : std::string("none")},
               {"armor", k.armor}};
    out.push_back(std::move(e));
  }
  constexpr std::pair<SubClass, std::string_view> subclasses[] = {
      {SubClass::gladiator, "Combo: + trunc(eff·(count−2)/5) from count 3, melee weapons only (Combo.hit)"},
      {SubClass::berserker, "Fury at HP ≤ 40 % of HT: damage ×1.5 before armor (Hero.damageRoll)"},
      {SubClass::warlock, "no effect on one attack"},
      {SubClass::battlemage, "a wand in melee adds its charges (Hero.attackProc)"},
      {SubClass::assassin, "+ Random.Int(1, eff) on a mob that has not seen its enemy (Mob.defenseProc)"},
      {SubClass::freerunner, "evasion ×2 while acting (Hero.defenseSkill)"},
      {SubClass::sniper, "thrown attacks skip the armor roll (Char.attack)"},
      {SubClass::warden, "no effect on one attack"},
  };
  for (const auto& [sub, what] : subclasses)
    out.push_back({std::string(to_string(sub)),
                   fmt::format("{} subclass (hero:subclass={}): {}", to_string(*class_of(sub)), to_string(sub), what),
                   {{"class", std::string(to_string(*class_of(sub)))}}});
  return out;
}

// `unseen` holds for the first attack only: its entry names the first_attack part.
std::vector<CatalogEntry> situation_entries() {
  std::vector<CatalogEntry> out = family::flag_entries(situation_flags());
  for (CatalogEntry& e : out)
    if (e.name == "unseen") e.parts.push_back(first_attack_part());
  return out;
}

std::vector<CatalogEntry> key_entries() { return family::key_entries(spec_keys()); }

Fighter fighter(const Combatant& c, const Situation& s, bool as_attacker, std::string_view role) {
  Fighter f;
  f.name = c.name;
  f.hp = c.current_hp();
  if (f.hp <= 0) throw Error(fmt::format("{} '{}' needs hp=N (N >= 1) for a fight", role, c.name));
  f.attack_time = attack_time(c, s, as_attacker);
  return f;
}

// A fight: side a the attacker, side b the defender.
Bout bout_of(const Combatant& a, const Combatant& d, const Situation& s) {
  Bout b;
  b.a = fighter(a, s, true, "attacker");
  b.b = fighter(d, s, false, "defender");
  b.time_unit = "turns";
  // Listed first: the kernels move what a fight cannot follow to not_modelled.
  list_mechanics(a, d, false, b.modelled, b.not_modelled);
  add_kernels(b, a, d, s);
  // Each side attacks and defends: the defaults and the heavy items of both, the attacker's first.
  const Part side_a{"attacker", true, true, true, s.thrown, false};
  const Part side_b{"defender", true, true, true, false, s.paralyzed};
  std::vector<std::string> defaults = defaults_note(a, side_a);
  for (auto& n : defaults_note(d, side_b)) defaults.push_back(std::move(n));
  b.notes.insert(b.notes.begin(), defaults.begin(), defaults.end());
  b.warnings = item_warnings(a, side_a);
  for (auto& w : item_warnings(d, side_b)) b.warnings.push_back(std::move(w));
  return b;
}

// --- the game, as GameRuleset reads it (fray/rules/game_ruleset.hpp) ----------------

struct PixelDungeon : GameTypes<Combatant, Situation, AttackPlan, Outcome, StrikeResult> {
  static constexpr std::string_view id = "pixel-dungeon";
  static constexpr std::string_view title = "Pixel Dungeon 1.9.1";
  static constexpr std::string_view player_name = "hero";
  static constexpr std::string_view time_unit = "turns";

  static Combatant parse_combatant(std::string_view spec, std::string_view role) {
    return pixel_dungeon::parse_combatant(spec, role);
  }
  static Situation parse_situation(const std::vector<std::string>& flags) {
    return pixel_dungeon::parse_situation(flags);
  }
  template <class R>
  static StrikeResult strike(const Resolved& r, R& rng, std::vector<Draw>* trace) {
    const AttackPlan& p = r.plan;
    if (!trace) return pixel_dungeon::strike(p, rng);
    return pixel_dungeon::strike(p, rng, DrawsTo{trace});
  }
  static bool landed(const StrikeResult& s) { return s.hit.hit; }
  static Strike strike_of(const Resolved&, const StrikeResult& s, std::vector<Draw> draws) {
    return pixel_dungeon::strike_of(s, std::move(draws));
  }

  static SideSummary side(const Resolved& r, bool attacker) {
    return pixel_dungeon::side(attacker ? r.attacker : r.defender, r.plan, r.situation, attacker);
  }
  static std::vector<OutcomeKind> outcomes(const Resolved& r, const Outcome& o) {
    if (r.plan.never_attacks) return {{"no_attack", 1.0, false}};
    return {{"miss", 1 - o.p_hit, false}, {"hit", o.p_hit, true}};
  }
  static double attack_time(const Resolved& r) { return pixel_dungeon::attack_time(r.attacker, r.situation, true); }
  static Fields details(const Resolved& r, const Outcome&) { return pixel_dungeon::details(r.plan); }
  static std::vector<std::string> steps(const Resolved& r, const Outcome&) { return pixel_dungeon::steps(r); }
  static std::vector<std::string> notes(const Resolved& r) { return pixel_dungeon::notes(r); }
  static std::vector<std::string> equipment(const Resolved& r) { return pixel_dungeon::equipment(r); }
  static std::vector<std::string> warnings(const Resolved& r) { return pixel_dungeon::warnings(r); }
  static void mechanics(const Resolved& r, std::vector<std::string>& modelled, std::vector<std::string>& not_modelled) {
    list_mechanics(r.attacker, r.defender, true, modelled, not_modelled);
  }
  static Bout bout(const Combatant& a, const Combatant& d, const Situation& s) { return bout_of(a, d, s); }

  // java.util.Random: the generator behind the game's Math.random().
  template <class Go>
  static bool run_engine(std::string_view name, std::uint64_t seed, Go&& go) {
    if (name != "java") return false;
    JavaRandom rng(seed);
    go(rng);
    return true;
  }

  static constexpr CatalogSource catalog_sources[] = {
      {CatalogKind::monsters, monster_entries},     {CatalogKind::weapons, weapon_entries},
      {CatalogKind::armors, armor_entries},         {CatalogKind::classes, class_entries},
      {CatalogKind::situations, situation_entries}, {CatalogKind::keys, key_entries},
  };
};
static_assert(Game<PixelDungeon>);

class Rules final : public GameRuleset<PixelDungeon> {
 public:
  std::vector<std::string> verbs() const override { return {"path", "aim", "fov", "surprise"}; }
  // ShadowCaster.castShadow: a view distance of 1..8, 8 by default.
  int field_of_view(const grid::Map& map, grid::Point at, std::optional<std::int64_t> radius,
                    std::string_view radius_name, grid::Visibility& out) const override {
    int r = default_view_distance;
    if (radius) {
      if (*radius < 1 || *radius > max_view_distance)
        throw Error(
            fmt::format("{} {} is out of range 1..{} for pixel-dungeon", radius_name, *radius, max_view_distance));
      r = static_cast<int>(*radius);
    }
    cast_shadow(map.opacity(), at, r, out);
    return r;
  }
  std::string field_of_view_radius() const override {
    return fmt::format("1..{}, default {}", max_view_distance, default_view_distance);
  }
  RulesetDefaults defaults() const override {
    return {"hero:class=warrior,level=5,str=18,weapon=war_hammer", "gnoll_scout", "attacker", "level", 1, 20, 1,
            {"gnoll_scout", "gnoll_brute", "sewer_crab"}};
  }

  void add_dice_functions(DiceFunctions& fns) const override { pixel_dungeon::add_dice_functions(fns); }

  // java.util.Random: the generator behind the game's Math.random().
  std::vector<std::string> engines() const override { return {"java"}; }
  std::unique_ptr<AnyEngine> engine(std::string_view name, std::uint64_t seed) const override {
    if (name == "java") return std::make_unique<EngineBox<JavaRandom>>(JavaRandom(seed));
    return Ruleset::engine(name, seed);
  }
};

}  // namespace

const Ruleset& ruleset() {
  static const Rules r;
  return r;
}

}  // namespace fray::pixel_dungeon
