// fray/rules/ruleset.hpp — one typed API for every game.
//
// Each game lives in fray/rules/<game> with its own typed API, spelled the
// same way in every game (docs/conventions.md): plan_attack → AttackPlan,
// exact_outcome(plan) → Outcome, strike(plan, rng) → Strike,
// parse_combatant / parse_situation, catalog lookups find_X / X.
//
// Ruleset is the same question asked of any game: the exact summary of one
// attack, sampled strikes with their traces, a fight's kernels, and the
// catalogs a spec can name. Its answers are plain values; fray/report turns
// them into JSON and text, with the same key for the same thing in every game.
#pragma once

#include <fray/core/dice.hpp>
#include <fray/core/draw.hpp>
#include <fray/core/pmf.hpp>
#include <fray/core/rng.hpp>
#include <fray/core/value.hpp>
#include <fray/fight/kernel.hpp>
#include <fray/fight/part.hpp>
#include <fray/grid/fov.hpp>
#include <fray/grid/map.hpp>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fray {

// One attack as asked for: two combatant specs, situation flags and the
// game's other options by name ("kind" → "ranged", "from" → "3,4"). A game
// refuses an option it does not use.
struct AttackRequest {
  std::string attacker;                // spec text
  std::string defender;                // spec text
  std::vector<std::string> situation;  // flags ("sleeping", "thrown", ...), see catalog(situations)
  std::map<std::string, std::string> options;
};

struct StrikeRequest {
  AttackRequest attack;
  std::uint64_t seed = 0;
  std::uint64_t count = 1;
  std::string engine = "default";  // "default" or a game's engine (Ruleset::engines)
};

// How many strikes of a run keep their trace; the rest are only counted.
inline constexpr std::uint64_t kMaxTraced = 1000;

// A combatant as the question resolved it: its name and the numbers the
// attack used (accuracy, defense, weapon, ...).
struct SideSummary {
  std::string name;
  Fields stats;
};

// One kind of outcome of an attack and its probability. Kinds are mutually
// exclusive and their probabilities sum to 1. Names come from one
// vocabulary: "miss", "dodge", "block", "parry", "hit", "stab",
// "critical", "no_attack", ... (each game's doc lists its own).
struct OutcomeKind {
  std::string name;
  double p = 0;
  bool lands = false;  // counts towards P(hit)
};

// `fray attack`: the exact answer for one attack.
struct AttackSummary {
  std::string rules;  // ruleset id
  SideSummary attacker, defender;
  std::vector<std::string> situation;
  double p_hit = 0;
  std::vector<OutcomeKind> outcomes;
  Pmf damage;                      // every outcome, a miss as 0
  Pmf damage_on_hit;               // given that the attack lands (a point mass at 0 when it never does)
  double attack_time = 0;          // game time one attack takes
  std::string time_unit;           // "turns", "ticks", "aut"
  Fields details;                  // the game's own numbers (hit percent, damage roll, ...)
  std::vector<std::string> steps;  // the computation in words, for the text report
  std::vector<std::string> notes;  // what the answer assumes or leaves out
  // The items behind the answer, a line each: "attacker: war hammer +0
  // (STR 18 needed, 15 given)". Empty for a side with no items (a monster).
  std::vector<std::string> equipment;
  // What makes the answer worse than the spec may intend: an item heavier
  // than its wearer's strength, ...
  std::vector<std::string> warnings;
  // The two combatants' game mechanics this answer follows (a hit's extra
  // damage, a sure hit), and those it does not (a life drain's healing, a
  // swarm's splitting, a spell), as Bout::modelled and Bout::not_modelled.
  std::vector<std::string> modelled;
  std::vector<std::string> not_modelled;

  [[nodiscard]] double mean_damage() const noexcept { return damage.mean(); }
};

// One sampled attack.
struct Strike {
  std::string outcome;  // an OutcomeKind name
  bool hit = false;     // landed
  std::int64_t damage = 0;
  Fields rolls;             // the game's intermediate values (armour roll, ...)
  std::vector<Draw> draws;  // every draw, in order
};

// `fray strike`: `count` sampled attacks; the first kMaxTraced keep their trace.
struct StrikeRun {
  std::string rules;
  SideSummary attacker, defender;
  std::vector<std::string> situation;
  std::uint64_t seed = 0;
  std::string engine = "default";
  std::uint64_t count = 0;
  double p_hit = 0;             // the exact P(hit), for comparison
  std::vector<Strike> strikes;  // the traced ones
  std::uint64_t hits = 0;
  std::int64_t total_damage = 0;
  Fields details;
  std::vector<std::string> notes;
  std::vector<std::string> equipment;     // as AttackSummary::equipment
  std::vector<std::string> warnings;      // as AttackSummary::warnings
  std::vector<std::string> modelled;      // as AttackSummary::modelled
  std::vector<std::string> not_modelled;  // as AttackSummary::not_modelled

  [[nodiscard]] double mean_damage() const noexcept {
    return count ? static_cast<double>(total_damage) / static_cast<double>(count) : 0.0;
  }
};

// What a spec or a flag can name.
enum class CatalogKind { monsters, weapons, armors, classes, situations, keys };
inline constexpr CatalogKind kCatalogKinds[] = {CatalogKind::monsters, CatalogKind::weapons,    CatalogKind::armors,
                                                CatalogKind::classes,  CatalogKind::situations, CatalogKind::keys};
// "monsters", "weapons", "armors", "classes", "situations", "keys".
[[nodiscard]] std::string_view catalog_kind_name(CatalogKind kind) noexcept;
// A kind by name (British "armours" accepted); throws fray::Error listing the kinds.
[[nodiscard]] CatalogKind parse_catalog_kind(std::string_view name);

// One entry of a catalog: a monster, a weapon, a class, a situation flag, a spec key.
struct CatalogEntry {
  std::string name;         // as a spec or a flag names it
  std::string description;  // one line
  Fields stats;             // the stats that matter, in the game's units
  // A monster's special abilities that bear on a fight, one line each
  // ("life drain: heals min(damage, HT - HP) on a hit (Bat.attackProc)").
  // A fight with it lists each one in Bout::modelled or Bout::not_modelled.
  std::vector<std::string> abilities{};
  // The mechanic parts (fray/fight/parts/) a monster's fight follows, with
  // their parameters: the list its fight's turn composes them from.
  std::vector<fight::PartUse> parts{};
};

// The inputs a face starts from when it offers a game (the page's first
// attacker and defender, its Sweep tab's first key and range): specs and
// keys the game's own catalogs name, so that no face names a game's.
struct RulesetDefaults {
  std::string attacker;                 // a spec
  std::string defender;                 // a spec
  std::string sweep_side = "attacker";  // "attacker" or "defender"
  std::string sweep_key;                // a spec key of that side
  std::int64_t sweep_from = 0, sweep_to = 0, sweep_step = 1;
  std::vector<std::string> sweep_series;  // defender specs a sweep compares
};

class Ruleset {
 public:
  virtual ~Ruleset() = default;
  // "brogue", "pixel-dungeon", "crawl", "epixx".
  [[nodiscard]] virtual std::string_view id() const = 0;
  // "Brogue CE 1.15".
  [[nodiscard]] virtual std::string_view title() const = 0;
  // Other ids this ruleset answers to ("crawl-0.19").
  [[nodiscard]] virtual std::vector<std::string> aliases() const { return {}; }
  // The catalog name of the game's player character, as a spec names it
  // ("hero", "player"); empty when the game's specs have none (epixx, whose
  // player is a set of keys). A binding that takes a combatant as keys
  // without a name starts from it (fray.spec in Python).
  [[nodiscard]] virtual std::string_view player_name() const = 0;
  // The exact outcome of one attack. Throws fray::Error on a bad request.
  [[nodiscard]] virtual AttackSummary attack(const AttackRequest& request) const = 0;
  // Sampled attacks with a trace of every draw.
  [[nodiscard]] virtual StrikeRun strike(const StrikeRequest& request) const = 0;
  // `fray ttk` / `fray duel`: `request.attacker` is side a, `request.defender` side b.
  [[nodiscard]] virtual Bout bout(const AttackRequest& request) const = 0;
  // The catalogs this game has, and each one's entries.
  [[nodiscard]] virtual std::vector<CatalogKind> catalogs() const = 0;
  // Throws fray::Error for a kind the game does not have.
  [[nodiscard]] virtual std::vector<CatalogEntry> catalog(CatalogKind kind) const = 0;
  // The request options (AttackRequest::options) this game reads.
  [[nodiscard]] virtual std::vector<std::string> options() const { return {}; }
  // The game's random primitives for dice expressions.
  virtual void add_dice_functions(DiceFunctions& fns) const { (void)fns; }
  // Engines this game offers by name besides "default" (`--rng NAME`).
  [[nodiscard]] virtual std::vector<std::string> engines() const { return {}; }
  // A seeded engine by name; throws fray::Error for an unknown name.
  [[nodiscard]] virtual std::unique_ptr<AnyEngine> engine(std::string_view name, std::uint64_t seed) const;

  // --- capabilities: what the faces (command line, Python, page) ask instead of a name ---
  // The verbs only some games have that this one takes, as the command line
  // names them ("path", "fov", "surprise", "table", "turn"); none by default.
  [[nodiscard]] virtual std::vector<std::string> verbs() const { return {}; }
  // The symbols of the game's maps (`fray path`, `fray fov`): # . + : and
  // characters by default; a game with more terrain adds its own.
  [[nodiscard]] virtual grid::Legend grid_legend() const { return grid::Legend::classic(); }
  // Where a face starts: by default the player character (or the first
  // monster) against the first monster, sweeping nothing.
  [[nodiscard]] virtual RulesetDefaults defaults() const;
  // `fray fov --algorithm ID` for a game that takes "fov" (verbs()): the
  // cells the game's own field of view shows from `at` on a map read with
  // grid_legend(), into `out`; returns the radius used (the game's default
  // when `radius` is absent). A radius out of the game's range throws
  // fray::Error naming `radius_name` ("--radius"). The default throws.
  virtual int field_of_view(const grid::Map& map, grid::Point at, std::optional<std::int64_t> radius,
                            std::string_view radius_name, grid::Visibility& out) const;
  // The radius field_of_view takes, in words for a help text ("1..8,
  // default 8"); empty by default.
  [[nodiscard]] virtual std::string field_of_view_radius() const { return {}; }
  // The embedded data file of the dungeon's branches and their population
  // tables (fray/rules/branches.hpp, `fray bestiary --branch`), as
  // catalog_text reads it ("crawl_0_34/branches.json"); empty for a game
  // without branch data, the default.
  [[nodiscard]] virtual std::string_view branches_data() const { return {}; }
};

// Whether `rules` takes `verb` (Ruleset::verbs).
[[nodiscard]] bool takes_verb(const Ruleset& rules, std::string_view verb);

// Every ruleset fray knows: the built-in games, then those a program
// registered (fray/rules/registry.hpp), in that order.
[[nodiscard]] std::vector<const Ruleset*> rulesets();
// A ruleset by id or alias; throws fray::Error listing the known ids (and the closest).
[[nodiscard]] const Ruleset& ruleset(std::string_view id);
// Built-in functions plus every registered ruleset's.
[[nodiscard]] DiceFunctions all_dice_functions();
// Every engine name: "default" and each ruleset's.
[[nodiscard]] std::vector<std::string> engine_names();
// An engine by name: "default" or any ruleset's; throws fray::Error.
[[nodiscard]] std::unique_ptr<AnyEngine> make_engine(std::string_view name, std::uint64_t seed);

// Throws fray::Error for an option in `request` that `rules` does not read,
// naming it and the options the game has.
void check_options(const Ruleset& rules, const AttackRequest& request);

}  // namespace fray
