// Brogue CE as a fray::Ruleset: the typed answers for one attack and for
// sampled strikes, the catalogs, the fight layer's bout, the dice functions
// and the game's engine.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/rules/brogue/attack.hpp>
#include <fray/rules/brogue/fight.hpp>
#include <fray/rules/brogue/parts.hpp>
#include <fray/rules/brogue/rng.hpp>
#include <fray/rules/brogue/ruleset.hpp>
#include <fray/rules/game_ruleset.hpp>

#include "rules/brogue/mechanics.hpp"
#include "rules/brogue/parts.hpp"
#include "rules/notes.hpp"

namespace fray::brogue {

namespace {

// --- one attack ------------------------------------------------------------------

// A request read and planned (GameRuleset::prepare): the one plan both the
// exact and the sampled answer read.
using Resolved = Prepared<Combatant, Situation, AttackPlan>;

double points(std::int64_t quarters) { return static_cast<double>(quarters) / 4.0; }

// The numbers Combat.c hitProbability read from each side: the attacker's
// accuracy and the defender's defense, under the names every game gives them
// (`accuracy`, `evasion`; the details keep Brogue's `defense`).
SideSummary side_summary(const Combatant& c, bool attacking) {
  SideSummary s{c.name, {}};
  s.stats.push_back({"player", c.is_player});
  if (attacking) {
    if (c.is_player) {
      s.stats.push_back({"weapon", std::string(c.weapon ? c.weapon->key : "none")});
      if (c.weapon || c.net_enchant_quarters) s.stats.push_back({"net_enchant", points(weapon_net_quarters(c))});
    }
    s.stats.push_back({"accuracy", attack_accuracy(c)});
  } else {
    // With defense= the armor is not consulted, so it is not named.
    if (c.is_player && !c.defense_override) s.stats.push_back({"armor", std::string(c.armor ? c.armor->key : "none")});
    s.stats.push_back({"evasion", defense_value(c)});
  }
  s.stats.push_back({"weakness", c.weakness});
  return s;
}

// Combat.c attack: no attack at all (a burst, a seize), a hit without a draw,
// or rand_percent(hitProbability).
std::vector<OutcomeKind> outcome_kinds(const AttackPlan& p) {
  if (!p.attacks) return {{"no_attack", 1.0, false}};
  if (p.auto_hit) return {{"hit", 1.0, true}};
  const double hit = p.hit_percent / 100.0;
  return {{"miss", 1.0 - hit, false}, {"hit", hit, true}};
}

// Which flag forced hitProbability to 100, or "".
std::string_view forced_by(const Situation& s) {
  if (s.stuck) return "stuck";
  if (s.captive) return "captive";
  if (s.seized) return "seized";
  if (s.slaying) return "slaying";
  return {};
}

// Which flag made the hit automatic.
std::string_view auto_hit_by(const Situation& s) {
  if (s.thrown) return s.stuck ? "stuck" : s.captive ? "captive" : "paralyzed";
  if (s.sneak) return "sneak";
  if (s.sleeping) return "sleeping";
  if (s.paralyzed) return "paralyzed";
  if (s.lunge) return "lunge";
  return s.stuck ? "stuck" : "captive";
}

std::vector<std::string> steps_of(const Resolved& r) {
  const Combatant& a = r.attacker;
  const Combatant& d = r.defender;
  const AttackPlan& p = r.plan;
  std::vector<std::string> steps;
  const std::int64_t accuracy = attack_accuracy(a);
  if (a.is_player && (a.weapon || a.net_enchant_quarters))
    steps.push_back(fmt::format("{} at net enchant {:+.2f}: accuracy 100 x accuracyFraction = {}",
                                a.weapon ? a.weapon->key : "weapon", points(weapon_net_quarters(a)), accuracy));
  else if (a.weakness)
    steps.push_back(fmt::format("accuracy {} at weakness {} (monsterAccuracyAdjusted) = {}",
                                a.is_player ? player_start().accuracy : a.monster.accuracy, a.weakness, accuracy));
  if (d.is_player && !d.defense_override && d.armor)
    steps.push_back(fmt::format("{} {} + 10 x its net enchant (recalculateEquipmentBonuses) = defense {}", d.armor->key,
                                d.armor->armor, defense_value(d)));
  else if (!d.is_player && d.weakness)
    steps.push_back(fmt::format("defense {} - 25 x weakness {} (monsterDefenseAdjusted) = {}", d.monster.defense,
                                d.weakness, defense_value(d)));
  const std::string_view forced = forced_by(r.situation);
  steps.push_back(fmt::format("accuracy {}, defense {} -> hitProbability {} %{}", accuracy, defense_value(d),
                              p.hit_percent,
                              forced.empty() ? std::string() : fmt::format(" (100 at once: {})", forced)));
  if (!p.attacks)
    steps.push_back(p.seizes ? "no attack: the attacker seizes the defender instead"
                             : "no attack: the attacker bursts");
  else if (p.auto_hit)
    steps.push_back(
        fmt::format("hits without a draw ({}: attack / attackHit skip rand_percent)", auto_hit_by(r.situation)));
  else
    steps.push_back(
        fmt::format("rand_percent({}): one rand_range(0, 99), a hit below {}", p.hit_percent, p.hit_percent));
  if (p.attacks) {
    if (!p.rolls_damage)
      steps.push_back("no damage roll: the defender takes no damage from weapons");
    else
      steps.push_back(fmt::format("damage randClumpedRange({}, {}, {}){}{}", p.roll.lo, p.roll.hi, p.roll.clump,
                                  p.factor != FP ? fmt::format(" x {}/65536 (truncated)", p.factor) : "",
                                  p.multiplier != 1 ? fmt::format(" x {}", p.multiplier) : ""));
  }
  return steps;
}

Fields details_of(const AttackPlan& p) {
  return {{"hit_percent", std::int64_t{p.hit_percent}},
          {"auto_hit", p.attacks && p.auto_hit},
          {"draws_to_hit", p.attacks && !p.auto_hit},
          {"damage_roll_lo", p.roll.lo},
          {"damage_roll_hi", p.roll.hi},
          {"damage_roll_clump", p.roll.clump},
          {"factor", p.factor},
          {"multiplier", p.multiplier},
          {"rolls_damage", p.attacks && p.rolls_damage}};
}

// The player's strength as its items see it: "strength 12" or "strength 12,
// weakness 2".
std::string strength_text(const Combatant& c) {
  return c.weakness > 0 ? fmt::format("strength {}, weakness {}", c.strength, c.weakness)
                        : fmt::format("strength {}", c.strength);
}

// The items behind the answer: the attacking player's weapon, the defending
// player's armor.
std::vector<std::string> equipment_of(const Resolved& r) {
  std::vector<std::string> out;
  const Combatant& a = r.attacker;
  if (a.is_player) {
    std::string line = fmt::format("attacker (player, {}): ", strength_text(a));
    if (a.net_enchant_quarters)
      line += fmt::format("{}, net enchant {:g} given straight", a.weapon ? a.weapon->name : std::string("no weapon"),
                          points(*a.net_enchant_quarters));
    else if (a.weapon)
      line += fmt::format("{} {:+} (needs strength {})", a.weapon->name, a.enchant, a.weapon->strength_required);
    else
      line += "no weapon (fists)";
    out.push_back(std::move(line));
  }
  const Combatant& d = r.defender;
  if (d.is_player) {
    std::string line = fmt::format("defender (player, {}): ", strength_text(d));
    if (d.defense_override)
      line += fmt::format("defense {} given straight", *d.defense_override);
    else if (d.armor)
      line += fmt::format("{} {:+} (needs strength {}, armor {})", d.armor->name, d.armor_enchant,
                          d.armor->strength_required, d.armor->armor / 10);
    else
      line += "no armor";
    out.push_back(std::move(line));
  }
  return out;
}

// A combatant's part in an answer: which spec it is, and what of it the
// answer reads (an attack reads the attacker's weapon and the defender's
// armor; a fight reads both of both, and the HP).
struct Part {
  std::string_view role;  // "attacker", "defender"
  bool attacks = false, defends = false, fights = false;
};
constexpr Part attacker_part{"attacker", true, false, false};
constexpr Part defender_part{"defender", false, true, false};

// Whether the answer reads the value of a spec key of `c`.
bool reads(const Combatant& c, std::string_view key, const Part& p) {
  if (key == "weapon" || key == "enchant" || key == "accuracy") return p.attacks;
  if (key == "armor" || key == "armor_enchant" || key == "defense") return p.defends;
  // Combat.c strengthModifier weighs the weapon and the armor against it.
  if (key == "strength")
    return (p.attacks && c.weapon && !c.net_enchant_quarters) || (p.defends && c.armor && !c.defense_override);
  return p.fights;  // hp, max_hp, regeneration
}

// The defaults the spec took that the answer reads, as a note (rules/notes.hpp).
std::vector<std::string> defaults_note(const Combatant& c, const Part& p) {
  return fray::defaults_note(p.role, c.defaults, [&](std::string_view key) { return reads(c, key, p); });
}

// Items heavier than the player's strength: Combat.c strengthModifier costs
// 2.5 net enchant a missing point, on the weapon's accuracy and damage and
// on the armor's defense.
std::vector<std::string> item_warnings(const Combatant& c, const Part& p) {
  std::vector<std::string> out;
  if (!c.is_player) return out;
  const std::int64_t strength = c.strength - c.weakness;
  if (p.attacks && c.weapon && !c.net_enchant_quarters) {
    const std::int64_t lack = c.weapon->strength_required - strength;
    if (lack > 0)
      out.push_back(fmt::format(
          "{}: the {} needs strength {} but the player has {}: {:g} net enchant (2.5 a missing point, Combat.c "
          "strengthModifier), lowering accuracy and damage",
          p.role, c.weapon->name, c.weapon->strength_required, strength, -2.5 * static_cast<double>(lack)));
  }
  if (p.defends && c.armor && !c.defense_override) {
    const std::int64_t lack = c.armor->strength_required - strength;
    if (lack > 0)
      out.push_back(fmt::format(
          "{}: the {} needs strength {} but the player has {}: {:g} net enchant (2.5 a missing point, "
          "Combat.c strengthModifier), internal defense {} lower",
          p.role, c.armor->name, c.armor->strength_required, strength, -2.5 * static_cast<double>(lack), 25 * lack));
  }
  return out;
}

std::vector<std::string> warnings_of(const Resolved& r) {
  std::vector<std::string> out = item_warnings(r.attacker, attacker_part);
  for (auto& w : item_warnings(r.defender, defender_part)) out.push_back(std::move(w));
  return out;
}

// The defaults each spec took, then what the plan assumes or leaves out.
std::vector<std::string> notes_of(const Resolved& r) {
  std::vector<std::string> out = defaults_note(r.attacker, attacker_part);
  for (auto& n : defaults_note(r.defender, defender_part)) out.push_back(std::move(n));
  out.insert(out.end(), r.plan.notes.begin(), r.plan.notes.end());
  return out;
}

// --- catalogs ----------------------------------------------------------------------

std::string clump_text(const Clump& c) { return fmt::format("{}-{}/{}", c.lo, c.hi, c.clump); }

// The words of the set flags, comma-separated.
template <class T, std::size_t N>
std::string flag_words(const T& x, const std::pair<std::string_view, bool T::*> (&flags)[N]) {
  std::string s;
  for (const auto& [word, member] : flags)
    if (x.*member) s += fmt::format("{}{}", s.empty() ? "" : ", ", word);
  return s;
}

constexpr std::pair<std::string_view, bool Monster::*> monster_flags[] = {
    {"immune_to_weapons", &Monster::immune_to_weapons},
    {"invulnerable", &Monster::invulnerable},
    {"inanimate", &Monster::inanimate},
    {"degrades_weapon", &Monster::degrades_weapon},
    {"degrades_armor", &Monster::degrades_armor},
    {"kamikaze", &Monster::kamikaze},
    {"seizes", &Monster::seizes},
    {"poisons", &Monster::poisons},
    {"transference", &Monster::transference},
};
constexpr std::pair<std::string_view, bool Weapon::*> weapon_flags[] = {
    {"thrown", &Weapon::thrown}, {"sneak_bonus", &Weapon::sneak_bonus}, {"lunges", &Weapon::lunges},
    {"quick", &Weapon::quick},   {"staggers", &Weapon::staggers},
};

std::vector<CatalogEntry> monster_entries() {
  std::vector<CatalogEntry> out;
  for (const Monster& m : monsters()) {
    CatalogEntry e{m.key, m.name, {}};
    e.stats = {{"hp", m.hp},
               {"accuracy", m.accuracy},
               {"defense", m.defense},
               {"damage", clump_text(m.damage)},
               {"attack_speed", m.attack_speed},
               {"movement_speed", m.movement_speed}};
    if (std::string f = flag_words(m, monster_flags); !f.empty()) e.stats.push_back({"flags", std::move(f)});
    for (const Mechanic& x : monster_mechanics(m)) e.abilities.push_back(x.text);
    e.parts = monster_parts(m);
    out.push_back(std::move(e));
  }
  return out;
}

std::vector<CatalogEntry> weapon_entries() {
  std::vector<CatalogEntry> out;
  for (const Weapon& w : weapons()) {
    CatalogEntry e{w.key, w.name, {}};
    e.stats = {{"damage", clump_text(w.damage)}, {"strength_required", w.strength_required}};
    if (std::string f = flag_words(w, weapon_flags); !f.empty()) e.stats.push_back({"flags", std::move(f)});
    out.push_back(std::move(e));
  }
  return out;
}

std::vector<CatalogEntry> armor_entries() {
  std::vector<CatalogEntry> out;
  for (const Armor& a : armors())
    out.push_back({a.key,
                   a.name,
                   {{"armor", displayed_armor(a.armor)},
                    {"armor_internal", a.armor},
                    {"strength_required", a.strength_required}}});
  return out;
}

std::vector<CatalogEntry> help_entries(std::span<const NamedHelp> list, std::string_view spec) {
  std::vector<CatalogEntry> out;
  for (const NamedHelp& h : list) {
    CatalogEntry e{std::string(h.name), std::string(h.help), {}};
    if (!spec.empty()) e.stats.push_back({"spec", std::string(spec)});
    out.push_back(std::move(e));
  }
  return out;
}

// A flag that holds for a fight's first attack only names the first-attack
// part (parts.hpp kPassing), as a monster's row names its parts.
std::vector<CatalogEntry> situation_entries() {
  std::vector<CatalogEntry> out = help_entries(situation_flags(), {});
  for (CatalogEntry& e : out)
    if (fight::parts::any_passing(parse_situation({e.name}), kPassing))
      e.parts.push_back(fight::parts::first_attack_use(kFirstAttack, "Combat.c attack"));
  return out;
}

// "applies_to": the player's keys; a monster's, which an inline creature
// (attack.cpp, a monster without a catalog entry) takes too.
std::vector<CatalogEntry> key_entries() {
  auto keys = help_entries(player_keys(), "player");
  auto more = help_entries(monster_keys(), "monster");
  for (CatalogEntry& e : keys) e.stats.push_back({"applies_to", std::string("player")});
  for (CatalogEntry& e : more) e.stats.push_back({"applies_to", std::string("monster, inline")});
  keys.insert(keys.end(), more.begin(), more.end());
  return keys;
}

// --- the fight layer's bout --------------------------------------------------------

Bout bout_of(const Combatant& a, const Combatant& b, const Situation& s) {
  if (a.is_player && b.is_player) throw Error("brogue: the player cannot fight the player");
  Bout out = make_bout(a, b, s);
  list_mechanics(a, b, false, out.modelled, out.not_modelled);
  // Each side attacks and defends: the defaults and the heavy items of both, the attacker's first.
  constexpr Part side_a{"attacker", true, true, true}, side_b{"defender", true, true, true};
  std::vector<std::string> defaults = defaults_note(a, side_a);
  for (auto& n : defaults_note(b, side_b)) defaults.push_back(std::move(n));
  out.notes.insert(out.notes.begin(), defaults.begin(), defaults.end());
  out.warnings = item_warnings(a, side_a);
  for (auto& w : item_warnings(b, side_b)) out.warnings.push_back(std::move(w));
  return out;
}

// --- the game, as GameRuleset reads it (fray/rules/game_ruleset.hpp) ----------------

struct Brogue : GameTypes<Combatant, Situation, AttackPlan, Outcome, StrikeResult> {
  static constexpr std::string_view id = "brogue";
  static constexpr std::string_view title = "Brogue CE 1.15";
  static constexpr std::string_view player_name = "player";
  static constexpr std::string_view time_unit = "ticks";

  static Combatant parse_combatant(std::string_view spec, std::string_view role) {
    return brogue::parse_combatant(spec, role);
  }
  static Situation parse_situation(const std::vector<std::string>& flags) { return brogue::parse_situation(flags); }

  // The default engine or the game's own (Math.c's generator).
  static void check_engine(std::string_view name) {
    if (name != "default" && name != "brogue") {
      const std::array<std::string, 2> known{"default", "brogue"};
      throw Error(
          fmt::format("brogue: unknown engine '{}'{} (known: default, brogue)", name, did_you_mean(name, known)));
    }
  }
  template <class Go>
  static bool run_engine(std::string_view name, std::uint64_t seed, Go&& go) {
    if (name != "brogue") return false;
    BrogueRng rng(seed);
    go(rng);
    return true;
  }
  template <class R>
  static StrikeResult strike(const Resolved& r, R& rng, std::vector<Draw>* trace) {
    const AttackPlan& p = r.plan;
    if (!trace) return brogue::strike(p, rng);
    return brogue::strike(p, rng, [trace](DrawFor what, std::int64_t lo, std::int64_t hi, std::int64_t v) {
      trace->push_back({what == DrawFor::to_hit ? "to-hit" : "damage", fmt::format("rand_range({}, {})", lo, hi), v});
    });
  }
  static bool landed(const StrikeResult& r) { return r.hit; }
  static Strike strike_of(const Resolved& prepared, const StrikeResult& r, std::vector<Draw> draws) {
    Strike k;
    k.outcome = !prepared.plan.attacks ? "no_attack" : r.hit ? "hit" : "miss";
    k.hit = r.hit;
    k.damage = r.damage;
    k.rolls = {{"roll", r.roll}};
    k.draws = std::move(draws);
    return k;
  }
  // A strike run's details: the hit percent it drew against and Brogue's defense.
  static void strike_report(const Resolved& r, StrikeRun& run) {
    run.details = {{"hit_percent", std::int64_t{r.plan.hit_percent}}, {"defense", defense_value(r.defender)}};
    run.notes = notes_of(r);
    run.equipment = equipment_of(r);
    run.warnings = warnings_of(r);
    list_mechanics(r.attacker, r.defender, true, run.modelled, run.not_modelled);
  }

  static SideSummary side(const Resolved& r, bool attacker) {
    return side_summary(attacker ? r.attacker : r.defender, attacker);
  }
  static std::vector<OutcomeKind> outcomes(const Resolved& r, const Outcome&) { return outcome_kinds(r.plan); }
  static double attack_time(const Resolved& r) { return static_cast<double>(attack_ticks(r.attacker)); }
  static Fields details(const Resolved& r, const Outcome&) {
    Fields f = details_of(r.plan);
    f.push_back({"defense", defense_value(r.defender)});
    return f;
  }
  static std::vector<std::string> steps(const Resolved& r, const Outcome&) { return steps_of(r); }
  static std::vector<std::string> notes(const Resolved& r) { return notes_of(r); }
  static std::vector<std::string> equipment(const Resolved& r) { return equipment_of(r); }
  static std::vector<std::string> warnings(const Resolved& r) { return warnings_of(r); }
  static void mechanics(const Resolved& r, std::vector<std::string>& modelled, std::vector<std::string>& not_modelled) {
    list_mechanics(r.attacker, r.defender, true, modelled, not_modelled);
  }

  // A fight reads the specs, not one attack's plan; of the situation flags it
  // refuses those it does not follow (fight.hpp check_fight_situation) first.
  static void check_fight(const AttackRequest& req) { check_fight_situation(brogue::parse_situation(req.situation)); }
  static constexpr bool bout_plans = false;
  static Bout bout(const Combatant& a, const Combatant& b, const Situation& s) { return bout_of(a, b, s); }

  static constexpr CatalogSource catalog_sources[] = {{CatalogKind::monsters, monster_entries},
                                                      {CatalogKind::weapons, weapon_entries},
                                                      {CatalogKind::armors, armor_entries},
                                                      {CatalogKind::situations, situation_entries},
                                                      {CatalogKind::keys, key_entries}};
};
static_assert(Game<Brogue>);

class Rules final : public GameRuleset<Brogue> {
 public:
  std::vector<std::string> verbs() const override { return {"table"}; }
  RulesetDefaults defaults() const override {
    return {"player", "goblin", "attacker", "enchant", -3, 10, 1, {"goblin", "jackal", "ogre"}};
  }

  void add_dice_functions(DiceFunctions& fns) const override { add_brogue_dice_functions(fns); }
  std::vector<std::string> engines() const override { return {"brogue"}; }
  std::unique_ptr<AnyEngine> engine(std::string_view name, std::uint64_t seed) const override {
    if (name != "brogue") return Ruleset::engine(name, seed);
    return std::make_unique<EngineBox<BrogueRng>>(BrogueRng(seed));
  }
};

Clump clump_args(std::span<const std::int64_t> a) {
  const Clump c{a[0], a[1], a[2]};
  if (c.lo < -1'000'000 || c.hi > 1'000'000)
    throw Error(fmt::format("brogue_clump({}, {}, {}): bounds must lie within -1000000..1000000", a[0], a[1], a[2]));
  if (c.clump > 1000)
    throw Error(fmt::format("brogue_clump({}, {}, {}): clump must be at most 1000", a[0], a[1], a[2]));
  return c;
}

// What clumped_pmf costs: the big dice summed, the small dice summed, the two
// sums added. Arguments clump_args refuses cost nothing.
DiceCost clumped_cost(std::span<const std::int64_t> a) {
  const Clump c{a[0], a[1], a[2]};
  if (c.lo < -1'000'000 || c.hi > 1'000'000 || c.clump > 1000) return {1, 1};
  const ClumpDice d = clump_dice(c);
  if (d.single) return span_cost(d.base, d.hi);
  const auto big = static_cast<double>(d.big), small = static_cast<double>(d.small);
  const auto sides = static_cast<double>(d.sides);
  const double wb = big * (sides + 1) + 1, ws = small * sides + 1;
  const double work = Pmf::repeat_work(big, sides + 2) + Pmf::repeat_work(small, sides + 1) + wb * ws + wb + ws;
  return {work, 3 * (wb + ws)};
}

}  // namespace

void add_brogue_dice_functions(DiceFunctions& fns) {
  fns.add(
      DiceFunction{"brogue_clump", 3, 3, "brogue_clump(lo, hi, clump)",
                   [](std::span<const std::int64_t> a) { return clumped_pmf(clump_args(a)); },
                   [](std::span<const std::int64_t> a, RngRef rng) { return rand_clumped_range(rng, clump_args(a)); },
                   [](std::span<const std::int64_t> a) { return clumped_cost(a); }});
  // Math.c rand_percent: one rand_range(0, 99), success (1) when below clamp(p, 0, 100).
  fns.add(DiceFunction{"brogue_percent", 1, 1, "brogue_percent(p)",
                       [](std::span<const std::int64_t> a) {
                         const std::int64_t p = std::clamp<std::int64_t>(a[0], 0, 100);
                         return Pmf::bernoulli(static_cast<double>(p) / 100.0);
                       },
                       [](std::span<const std::int64_t> a, RngRef rng) -> std::int64_t {
                         return rng.uniform(0, 99) < std::clamp<std::int64_t>(a[0], 0, 100) ? 1 : 0;
                       },
                       [](std::span<const std::int64_t>) {
                         return DiceCost{2, 2};
                       }});
}

const Ruleset& ruleset() {
  static const Rules r;
  return r;
}

}  // namespace fray::brogue
