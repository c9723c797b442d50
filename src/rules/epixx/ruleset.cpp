// The epixx ruleset behind the generic verbs: attack, strike, the fight
// layer's kernel and the catalogs. Every answer reads one AttackPlan.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <fray/core/budget.hpp>
#include <fray/core/error.hpp>
#include <fray/core/probability_text.hpp>
#include <fray/rules/epixx/attack.hpp>
#include <fray/rules/epixx/combatant.hpp>
#include <fray/rules/epixx/fight.hpp>
#include <fray/rules/epixx/ruleset.hpp>
#include <fray/rules/game_ruleset.hpp>
#include <fray/rules/spec.hpp>
#include <map>
#include <tuple>

#include "rules/notes.hpp"

namespace fray::epixx {

namespace {

// "10/36" when p is a whole number of 36ths, else "0.2778".
std::string in_36ths(double p) {
  const double k = p * 36;
  if (std::abs(k - std::round(k)) < 1e-9) return fmt::format("{}/36", static_cast<int>(std::round(k)));
  return probability(p, 4);
}

Kind request_kind(const AttackRequest& r) {
  const auto it = r.options.find("kind");
  return it == r.options.end() ? Kind::melee : parse_kind(it->second);
}

// epixx Range Modifier between --from and --to; 0 without positions.
int request_range(const AttackRequest& r, Kind kind) {
  const auto f = r.options.find("from"), t = r.options.find("to");
  const bool has_f = f != r.options.end(), has_t = t != r.options.end();
  if (!has_f && !has_t) return 0;
  if (has_f != has_t) throw Error("--from and --to go together (the range is measured between them)");
  if (kind == Kind::melee) throw Error("--from/--to give the range of a ranged or spell attack (--kind ranged|spell)");
  const auto a = parse_point(f->second, "--from"), b = parse_point(t->second, "--to");
  // Any two 64-bit coordinates: their difference is taken in 128 bits, so
  // that points near the limits are refused rather than wrapped to a short range.
  const auto dx = static_cast<__int128>(b.first) - a.first, dy = static_cast<__int128>(b.second) - a.second;
  if (dx < -max_range_offset || dx > max_range_offset || dy < -max_range_offset || dy > max_range_offset)
    throw Error(fmt::format("--from {} and --to {} are too far apart: the coordinates may differ by at most {}",
                            f->second, t->second, max_range_offset));
  return range_modifier(static_cast<std::int64_t>(dx), static_cast<std::int64_t>(dy));
}

// The situation of a request: its flags, kind and range.
Situation request_situation(const AttackRequest& r) {
  Situation s = parse_situation(r.situation);
  s.kind = request_kind(r);
  s.range = request_range(r, s.kind);
  return s;
}

// The request resolved (GameRuleset::prepare): both combatants, the situation, the plan.
using Prepared = fray::Prepared<Combatant, Situation, AttackPlan>;

// The attacker's offensive modifier O and the defender's D (or R at range)
// under the names every game gives them: `accuracy` and `evasion` (the
// details keep `offense`, `base`, `dodge`, `block`, `parry`).
SideSummary attacker_side(const std::string& spec, const Combatant& c, const AttackPlan& plan) {
  return {spec,
          {{"accuracy", std::int64_t{plan.offense}},
           {"weapon", c.weapon.text()},
           {"damage_modifier", std::int64_t{plan.damage_mod}},
           {"hand", std::string(name(c.hand))},
           {"level", std::int64_t{c.level}},
           {"size", std::int64_t{c.size}},
           {"crit_magic", std::int64_t{c.crit_magic}}}};
}

SideSummary defender_side(const std::string& spec, const Combatant& c, const Situation& situation,
                          const AttackPlan& plan) {
  // What the To-Hit Check adds to 7 against this attack, its defenses fresh:
  // "2D6 + O vs 7 + dodge + block = N" less 7.
  const int evasion = plan.base - 7 + (plan.defenses ? plan.dodge + plan.weapon : 0);
  return {spec,
          {{"evasion", std::int64_t{evasion}},
           {"dodge", std::int64_t{dodge_modifier(c)}},
           {"block", std::int64_t{block_modifier(c)}},
           {"parry", std::int64_t{parry_modifier(c, situation.rules.negative_parry)}},
           {"deflect", std::int64_t{deflect_modifier(c)}},
           {"resist_body", std::int64_t{c.resist_body}},
           {"resist_head", std::int64_t{c.resist_head}},
           {"sta", std::int64_t{c.sta}},
           {"level", std::int64_t{c.level}},
           {"size", std::int64_t{c.size}}}};
}

// The plan's own numbers, as `details`.
Fields plan_fields(const AttackPlan& s) {
  Fields f{{"kind", std::string(name(s.kind))}, {"offense", std::int64_t{s.offense}}, {"base", std::int64_t{s.base}}};
  if (s.kind != Kind::melee) f.push_back({"range", std::int64_t{s.range}});
  f.push_back({"defenses", s.defenses});
  f.push_back({"dodge", std::int64_t{s.defenses ? s.dodge : 0}});
  f.push_back({"block", std::int64_t{s.defenses && s.weapon_kind == Result::block ? s.weapon : 0}});
  f.push_back({"parry", std::int64_t{s.defenses && s.weapon_kind == Result::parry ? s.weapon : 0}});
  f.push_back({"auto_hit", s.auto_hit});
  f.push_back({"crit_threshold", std::int64_t{s.crit_threshold}});
  if (s.auto_hit) f.push_back({"chm", std::int64_t{s.chm}});
  f.push_back({"weapon", s.damage_dice.text()});
  f.push_back({"damage_modifier", std::int64_t{s.damage_mod}});
  f.push_back({"resist_body", std::int64_t{s.resist_body}});
  f.push_back({"resist_head", std::int64_t{s.resist_head}});
  f.push_back({"stamina", std::int64_t{s.stamina}});
  return f;
}

// --- defaults, equipment and warnings ----------------------------------------------------

// A combatant's part in an answer: which spec it is, and what of it the
// answer reads (an attack reads the attacker's weapon and the defender's
// defenses; a fight reads both of both).
struct Part {
  std::string_view role;  // "attacker", "defender"
  bool attacks = false, defends = false;
};
constexpr Part attacker_part{"attacker", true, false};
constexpr Part defender_part{"defender", false, true};

// Whether the answer reads the value of a spec key of `c` in an attack of this kind.
bool reads(const Combatant& c, std::string_view key, const Part& p, Kind kind) {
  const bool melee = kind == Kind::melee;
  // Level and size set the critical threshold, whoever attacks.
  if (key == "level" || key == "size") return true;
  if (p.attacks) {
    if (key == "weapon") return true;
    if (key == "hand") return melee;
    if (key == name(attack_ability(c, kind))) return true;  // to-hit and damage modifiers
    if (key == "spell_ability") return kind == Kind::spell && !c.ability;
  }
  if (p.defends) {
    if (key == "sta") return true;  // the critical effect check
    if (!melee) return false;       // dodge, block and parry stop melee attacks only
    if (key == "agi") return !c.dodge || (has_parry(c) && !c.parry);
    if (key == "str") return c.shield_max && !c.block;
    // A small off-hand weapon or a medium one held two-handed parries.
    if (key == "hand" || key == "weapon_size") return !c.parry_cap && !c.parry;
  }
  return false;
}

// "attacker uses the defaults weapon=1d6, level=1": the defaults the spec took
// that the answer reads (rules/notes.hpp).
std::vector<std::string> defaults_note(const Combatant& c, const Part& p, Kind kind) {
  return fray::defaults_note(p.role, c.defaults, [&](std::string_view key) { return reads(c, key, p, kind); });
}

std::string hand_words(Hand h) { return h == Hand::main ? "main hand" : h == Hand::off ? "off hand" : "two-handed"; }

// The items behind an attack: the attacker's weapon (or spell), the defender's
// shield, parrying weapon and the dodge cap of its helmet or armour.
std::vector<std::string> equipment_of(const Combatant& a, const Combatant& d, Kind kind) {
  std::vector<std::string> out;
  std::string line =
      kind == Kind::melee
          ? fmt::format("attacker: weapon {} ({}, {}{})", a.weapon.text(), name(a.weapon_size), hand_words(a.hand),
                        a.hand == Hand::off && a.talent_offhand ? ", talent_offhand" : "")
      : kind == Kind::ranged ? fmt::format("attacker: ranged weapon {}", a.weapon.text())
                             : fmt::format("attacker: spell {}", a.weapon.text());
  if (a.magic_damage != 0) line += fmt::format(", magic damage {:+}", a.magic_damage);
  out.push_back(std::move(line));
  std::vector<std::string> items;
  if (d.shield_max)
    items.push_back(fmt::format("shield {}-{} (deflect {}, block up to {})", *d.shield_min, *d.shield_max,
                                *d.shield_min, *d.shield_max));
  if (d.parry_cap)
    items.push_back(fmt::format("parrying weapon (parry up to {})", *d.parry_cap));
  else if (has_parry(d))
    items.push_back(fmt::format("{} weapon held {} (parries)", name(d.weapon_size), hand_words(d.hand)));
  if (d.dodge_cap) items.push_back(fmt::format("helmet or armour (dodge up to {})", *d.dodge_cap));
  if (!items.empty()) out.push_back(fmt::format("defender: {}", fmt::join(items, ", ")));
  return out;
}

// What the combat page's rules make worse than the spec may intend: an
// untalented off-hand attack, and caps that cut the defender's ability bonus
// (Max Dodge, Block and Parry Modifiers), or an ability too low to use the item.
std::vector<std::string> item_warnings(const Combatant& c, const Part& p, Kind kind, bool negative_parry) {
  std::vector<std::string> out;
  if (kind != Kind::melee) return out;  // the off hand and the defenses are melee rules
  if (p.attacks && c.hand == Hand::off) {
    const int m = modifier(c, attack_ability(c, kind));
    out.push_back(
        fmt::format("{}: an off-hand attack: damage modifier {} instead of {} (two times the {} penalty, or -1){}",
                    p.role, offhand_damage_modifier(m), m, name(attack_ability(c, kind)),
                    c.talent_offhand || c.offense ? "" : ", and -2 to hit without talent_offhand (To-Hit Modifiers)"));
  }
  if (!p.defends) return out;
  if (!c.dodge && c.dodge_cap && c.agi > *c.dodge_cap)
    out.push_back(
        fmt::format("{}: the helmet or armour caps dodge at {}; agility {} would give {} (Max Dodge Modifier)", p.role,
                    *c.dodge_cap, c.agi, c.agi));
  if (!c.block && c.shield_max) {
    if (c.str <= 0)
      out.push_back(
          fmt::format("{}: the shield blocks nothing: block is the strength bonus, 0 at strength {} (Block Modifier)",
                      p.role, c.str));
    else if (c.str > *c.shield_max)
      out.push_back(fmt::format("{}: the shield caps block at {}; strength {} would give {} (Max Block Modifier)",
                                p.role, *c.shield_max, c.str, c.str));
  }
  if (!c.parry && has_parry(c)) {
    const int half = c.agi >= 0 ? (c.agi + 1) / 2 : -((-c.agi) / 2);  // half the agility, rounded up
    const int parry = parry_modifier(c, negative_parry);
    if (parry <= 0)
      out.push_back(fmt::format(
          "{}: the parrying weapon parries nothing: parry is half the agility rounded up, {} at agility {} (Parry "
          "Modifier)",
          p.role, parry, c.agi));
    else if (c.parry_cap && half > *c.parry_cap)
      out.push_back(
          fmt::format("{}: the parrying weapon caps parry at {}; agility {} would give {} (Max Parry Modifier)", p.role,
                      *c.parry_cap, c.agi, half));
  }
  return out;
}

std::vector<std::string> attack_notes(const Situation& s) {
  std::vector<std::string> n{
      "the attack meets the defender at the start of its turn, before any defense is used "
      "(fray turn follows several attacks in one turn)",
      "damage is after the location's resistance (the combat page's unresisted damage): "
      "resist_body on hits, resist_head on critical hits"};
  n.push_back(s.rules.confusion_immediate
                  ? "a critical hit may confuse the defender (critical effect check); the confusion_immediate option "
                    "starts it at once"
                  : "a critical hit may confuse the defender (critical effect check) from its next turn on");
  n.push_back("the example creatures are made up: the combat page publishes no creature or item tables");
  return n;
}

// The defaults each spec took, then what the answer assumes.
std::vector<std::string> notes_of(const Prepared& p) {
  std::vector<std::string> out = defaults_note(p.attacker, attacker_part, p.situation.kind);
  for (auto& n : defaults_note(p.defender, defender_part, p.situation.kind)) out.push_back(std::move(n));
  for (auto& n : attack_notes(p.situation)) out.push_back(std::move(n));
  return out;
}

std::vector<std::string> warnings_of(const Prepared& p) {
  const Kind kind = p.situation.kind;
  std::vector<std::string> out = item_warnings(p.attacker, attacker_part, kind, p.situation.rules.negative_parry);
  for (auto& w : item_warnings(p.defender, defender_part, kind, p.situation.rules.negative_parry))
    out.push_back(std::move(w));
  return out;
}

CatalogEntry example_entry(const Example& e) {
  const Combatant c = parse_combatant(e.name, "example");
  CatalogEntry entry{e.name, e.description, {}};
  Fields& f = entry.stats;
  if (!e.aliases.empty()) f.push_back({"aliases", fmt::format("{}", fmt::join(e.aliases, ", "))});
  for (const auto& [key, value] : {std::pair<std::string, int>{"str", c.str},
                                   {"agi", c.agi},
                                   {"sta", c.sta},
                                   {"cha", c.cha},
                                   {"level", c.level},
                                   {"size", c.size}})
    f.push_back({key, std::int64_t{value}});
  if (c.hp) f.push_back({"hp", *c.hp});
  f.push_back({"weapon", c.weapon.text()});
  f.push_back({"hand", std::string(name(c.hand))});
  f.push_back({"offense", std::int64_t{offensive_modifier(c, Kind::melee)}});
  f.push_back({"damage_modifier", std::int64_t{damage_modifier(c, Kind::melee)}});
  f.push_back({"dodge", std::int64_t{dodge_modifier(c)}});
  f.push_back({"block", std::int64_t{block_modifier(c)}});
  f.push_back({"parry", std::int64_t{parry_modifier(c)}});
  f.push_back({"deflect", std::int64_t{deflect_modifier(c)}});
  f.push_back({"resist_body", std::int64_t{c.resist_body}});
  f.push_back({"resist_head", std::int64_t{c.resist_head}});
  return entry;
}

// The outcomes' probabilities in 36ths: "miss 10/36, hit 20/36, ...".
std::string outcomes_in_36ths(const Outcome& o) {
  std::string in36;
  for (int i = 0; i < result_count; ++i) {
    const auto r = static_cast<Result>(i);
    in36 += fmt::format("{}{} {}", in36.empty() ? "" : ", ", name(r), in_36ths(o.results.of(r)));
  }
  return in36;
}

// A fight: side a the attacker, side b the defender, each attacking in its turn.
Bout bout_of(const Combatant& a, const Combatant& b, const Situation& sit) {
  if (sit.invisible_attacker || sit.invisible_defender || sit.incapacitated || sit.confused)
    throw Error("epixx bouts take rule options only; invisible_*, incapacitated and confused describe one attack");
  const auto fighter = [](const Combatant& c, std::string_view role) {
    if (!c.hp) throw Error(fmt::format("{} spec needs hp= for a fight", role));
    return Fighter{c.name.empty() ? std::string(role) : c.name, *c.hp, 1.0, 0};
  };
  Bout bt;
  bt.a = fighter(a, "attacker");
  bt.b = fighter(b, "defender");
  std::tie(bt.a_hits_b, bt.b_hits_a) = fight_exchanges(plan_attack(a, b, sit), plan_attack(b, a, sit));
  bt.time_unit = "turns";
  // The example creatures have no abilities of their own; the rule every
  // exchange carries is the critical effect.
  bt.modelled.push_back(
      "both sides: critical effect, confused for the margin of a failed 2D6 + STA >= 7 + damage check (epixx combat "
      "page)");
  // Each side attacks and defends: the defaults and the item warnings of both, the attacker's first.
  constexpr Part side_a{"attacker", true, true}, side_b{"defender", true, true};
  bt.notes = defaults_note(a, side_a, sit.kind);
  for (auto& n : defaults_note(b, side_b, sit.kind)) bt.notes.push_back(std::move(n));
  bt.warnings = item_warnings(a, side_a, sit.kind, sit.rules.negative_parry);
  for (auto& w : item_warnings(b, side_b, sit.kind, sit.rules.negative_parry)) bt.warnings.push_back(std::move(w));
  return bt;
}

// --- catalogs ------------------------------------------------------------------------

// The example creatures: monsters, or player characters (classes).
std::vector<CatalogEntry> example_entries(bool monsters) {
  std::vector<CatalogEntry> out;
  for (const Example& e : examples())
    if (e.monster == monsters) out.push_back(example_entry(e));
  return out;
}
std::vector<CatalogEntry> monster_entries() { return example_entries(true); }
std::vector<CatalogEntry> class_entries() { return example_entries(false); }

std::vector<CatalogEntry> situation_entries() {
  std::vector<CatalogEntry> out;
  for (const SituationItem& s : situation_items())
    out.push_back({s.takes_value ? fmt::format("{}=N", s.name) : std::string(s.name), std::string(s.description), {}});
  return out;
}

std::vector<CatalogEntry> key_entries() {
  std::vector<CatalogEntry> out;
  // One parse for every spec: a class (the player), a catalog monster and inline keys take every key.
  for (const SpecKey& k : spec_keys())
    out.push_back({std::string(k.name),
                   std::string(k.description),
                   {{"default", std::string(k.fallback)}, {"applies_to", std::string("player, monster, inline")}}});
  return out;
}

// --- the game, as GameRuleset reads it (fray/rules/game_ruleset.hpp) ----------------

struct Epixx : GameTypes<Combatant, Situation, AttackPlan, Outcome, StrikeResult> {
  static constexpr std::string_view id = "epixx";
  static constexpr std::string_view title = "epixx 2D6 rogue";
  static constexpr std::string_view player_name = "";  // the player is a set of keys
  static constexpr std::string_view time_unit = "turns";

  static Combatant parse_combatant(std::string_view spec, std::string_view role) {
    return epixx::parse_combatant(spec, role);
  }
  // The flags, and the request's kind and range.
  static Situation parse_situation(const AttackRequest& req) { return request_situation(req); }
  // Each attack meets the defender at the start of its turn.
  static Outcome exact_outcome(const Prepared& p) { return epixx::exact_outcome(p.plan, initial_state(p.situation)); }

  // A strike run reads P(hit) from the results alone, never the damage law of
  // a weapon it may only sample.
  static double strike_p_hit(const Prepared& p) { return result_probabilities(p.plan, initial_state(p.situation)).hit; }
  // Each strike rolls the weapon's dice once: charged before the first
  // (--count 10000000 of a weapon of 20 000 dice is 2 x 10^11 draws).
  static void check_strikes(const Prepared& p, std::uint64_t count) {
    require_budget(static_cast<double>(count) * (kSampleOps + p.plan.damage_dice.draws() * kDrawOps), 0,
                   fmt::format("{} strikes with the weapon \"{}\"", count, p.plan.damage_dice.text()),
                   "use a smaller --count");
  }
  template <class R>
  static StrikeResult strike(const Prepared& p, R& rng, std::vector<Draw>* trace) {
    // Each strike is one attack on the defender at the start of its turn.
    const TurnState start = initial_state(p.situation);
    if (!trace) return epixx::strike(p.plan, start, rng);
    return epixx::strike(p.plan, start, rng, [trace](DrawFor what, std::string_view call, std::int64_t value) {
      trace->push_back({std::string(name(what)), std::string(call), value});
    });
  }
  static bool landed(const StrikeResult& k) { return k.hit(); }
  static Strike strike_of(const Prepared& p, const StrikeResult& k, std::vector<Draw> draws) {
    Strike t;
    t.outcome = std::string(name(k.result));
    t.hit = k.hit();
    t.damage = k.damage;
    if (!p.plan.auto_hit) t.rolls.push_back({"to_hit_total", std::int64_t{k.total}});
    if (k.weapon_roll) t.rolls.push_back({"weapon_roll", *k.weapon_roll});
    if (k.check) t.rolls.push_back({"confusion_turns", std::int64_t{k.confusion}});
    t.draws = std::move(draws);
    return t;
  }
  // A strike run counts its critical hits and the defenders it confused.
  struct Tally {
    std::uint64_t criticals = 0, confused = 0;
  };
  static void tally(Tally& t, const StrikeResult& k) {
    t.criticals += k.result == Result::critical;
    t.confused += k.confusion > 0;
  }
  static void strike_report(const Prepared& p, const Tally& t, StrikeRun& run) {
    run.details = plan_fields(p.plan);
    run.details.push_back({"criticals", static_cast<std::int64_t>(t.criticals)});
    run.details.push_back({"confused", static_cast<std::int64_t>(t.confused)});
    run.notes = notes_of(p);
    run.equipment = equipment_of(p.attacker, p.defender, p.situation.kind);
    run.warnings = warnings_of(p);
  }

  // The sides are named by their specs as written.
  static SideSummary side(const Prepared& p, bool attacker) {
    if (attacker) return attacker_side(p.request->attacker, p.attacker, p.plan);
    return defender_side(p.request->defender, p.defender, p.situation, p.plan);
  }
  static std::vector<OutcomeKind> outcomes(const Prepared&, const Outcome& o) {
    std::vector<OutcomeKind> out;
    for (int i = 0; i < result_count; ++i) {
      const auto r = static_cast<Result>(i);
      out.push_back({std::string(name(r)), o.results.of(r), lands(r)});
    }
    return out;
  }
  static double attack_time(const Prepared&) { return 1; }
  static Fields details(const Prepared& p, const Outcome& o) {
    Fields f = plan_fields(p.plan);
    f.push_back({"p_critical", o.results.crit});
    f.push_back({"p_confused", o.p_confused});
    f.push_back({"confusion_mean_turns", o.confusion.mean()});
    f.push_back({"confusion_mean_turns_if_critical", o.confusion_if_crit.mean()});
    return f;
  }
  static std::vector<std::string> steps(const Prepared& p, const Outcome& o) {
    std::vector<std::string> out = describe(p.plan);
    out.push_back("in 36ths: " + outcomes_in_36ths(o));
    out.push_back(
        fmt::format("critical effect check 2D6 {:+} >= 7 + damage after resistance: P(confused) = "
                    "{}, mean {:.4f} turns ({:.4f} given a critical hit)",
                    p.plan.stamina, probability(o.p_confused, 4), o.confusion.mean(), o.confusion_if_crit.mean()));
    return out;
  }
  static std::vector<std::string> notes(const Prepared& p) { return notes_of(p); }
  static std::vector<std::string> equipment(const Prepared& p) {
    return equipment_of(p.attacker, p.defender, p.situation.kind);
  }
  static std::vector<std::string> warnings(const Prepared& p) { return warnings_of(p); }
  // The example creatures have no mechanics of their own to list.
  static void mechanics(const Prepared&, std::vector<std::string>&, std::vector<std::string>&) {}

  // A fight reads the specs and the situation's rule options, not one attack's plan.
  static constexpr bool bout_plans = false;
  static Bout bout(const Combatant& a, const Combatant& b, const Situation& s) { return bout_of(a, b, s); }

  static constexpr CatalogSource catalog_sources[] = {{CatalogKind::monsters, monster_entries},
                                                      {CatalogKind::classes, class_entries},
                                                      {CatalogKind::situations, situation_entries},
                                                      {CatalogKind::keys, key_entries}};
  static constexpr std::string_view catalog_hint = "weapons and armor are spec keys";
};
static_assert(Game<Epixx>);

class Rules final : public GameRuleset<Epixx> {
 public:
  std::vector<std::string> verbs() const override { return {"turn"}; }
  RulesetDefaults defaults() const override { return {"human_fighter", "ogre", "attacker", "str", -3, 5, 1, {"ogre"}}; }
  std::vector<std::string> options() const override { return {"kind", "from", "to"}; }
};

}  // namespace

const Ruleset& ruleset() {
  static const Rules r;
  return r;
}

}  // namespace fray::epixx
