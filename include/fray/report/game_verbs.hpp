// fray/report/game_verbs.hpp — the verbs only some games have, as data.
//
// A game-only verb (`fray table`, `fray turn`, `fray path`, `fray surprise`,
// the skill sweep of `fray sweep --skill`) is described once: its name, its
// help and its options (name, help, kind, required, default). Each game that
// has it offers a function that runs it on the option values and returns the
// report. The faces build their commands from the descriptions — the command
// line a subcommand per verb (CLI11), Python one generic call — and never
// name a game: which games offer a verb is asked here.
//
// The built-in games' verbs are registered on first use (like
// fray::registry()); a program that registers a game (fray/rules/registry.hpp)
// adds its own with add_game_verb and offer_game_verb, and from then on
// fray::cli::run offers it as a subcommand.
//
//   fray::add_game_verb({"flip", "Flip the coin", {{"times", "How many flips"}}});
//   fray::offer_game_verb("flip", "coin", [](const fray::Ruleset&, const fray::VerbArgs& a) { ... });
#pragma once

#include <fray/grid/map.hpp>
#include <fray/report/report.hpp>
#include <fray/rules/ruleset.hpp>

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fray {

enum class VerbOptionKind {
  text,  // one value
  list,  // repeated, in order (`--attacker A --attacker B`)
  flag,  // present or not
};

// One option of a game verb.
struct VerbOption {
  std::string name;  // "percent" is `--percent`; a positional one is upper case ("TABLE")
  std::string help;  // the command line's help text
  VerbOptionKind kind = VerbOptionKind::text;
  bool required = false;
  std::string default_value{};  // what an absent text option reads as (empty: none)
  // A map: a file on the command line; a binding may give its text instead
  // (VerbArgs::map_texts).
  bool map = false;
  // false: for the bindings only, not an option of the command line.
  bool command_line = true;

  [[nodiscard]] bool positional() const;
};

// The option values a face read, by option name. A text option has one
// value, a list its values in order, a flag "true".
struct VerbArgs {
  std::map<std::string, std::vector<std::string>> values;
  // How the face names an option in a message: "--percent" on the command
  // line, "percent" in Python (the name when absent). "rules" names the
  // ruleset's argument, "verb" the verb itself.
  std::map<std::string, std::string> labels;
  // The map options given as the map's text rather than as a file.
  std::set<std::string> map_texts;

  void set(const std::string& name, std::string value) { values[name] = {std::move(value)}; }
  [[nodiscard]] bool has(std::string_view name) const;
  // A text option's value, or its default (VerbOption::default_value) when given by run_game_verb.
  [[nodiscard]] std::optional<std::string> text(std::string_view name) const;
  [[nodiscard]] std::vector<std::string> list(std::string_view name) const;
  [[nodiscard]] bool flag(std::string_view name) const;
  [[nodiscard]] std::string label(std::string_view name) const;
  // A map option read with `legend`: from its file, or its text (map_texts).
  [[nodiscard]] grid::Map map(std::string_view name, const grid::Legend& legend = grid::Legend::classic()) const;
};

// A verb's answer: its report, and the table behind it when it is one (a
// face may print it as CSV or plot it).
struct VerbAnswer {
  Report report;
  std::optional<Table> table;

  VerbAnswer(Report r) : report(std::move(r)) {}                         // NOLINT(google-explicit-constructor)
  VerbAnswer(Table t) : report(table_report(t)), table(std::move(t)) {}  // NOLINT(google-explicit-constructor)
};

// What a game runs for a verb it offers; throws fray::Error on bad input,
// naming the option as args.label names it.
using VerbRun = std::function<VerbAnswer(const Ruleset& rules, const VerbArgs& args)>;

struct VerbDescription {
  std::string name;  // the command line's verb ("table")
  std::string help;  // its one-line description
  std::vector<VerbOption> options;
  // --rules defaults to the first game that offers the verb (`fray path`);
  // otherwise it is required unless one game offers it.
  bool first_rules_default = false;
  // false: not a verb of its own but options of another (the skill sweep,
  // `fray sweep --skill`).
  bool own_verb = true;
};

// Adds a verb's description; throws fray::Error when its name is taken.
void add_game_verb(VerbDescription verb);
// `rules_id` (a ruleset's id) offers `verb` with `run`; throws fray::Error
// for an unknown verb or a game that already offers it.
void offer_game_verb(std::string_view verb, std::string rules_id, VerbRun run);
// Every game verb's description, in the order they were added.
[[nodiscard]] std::vector<VerbDescription> game_verbs();
// One by name; nullopt when none has it.
[[nodiscard]] std::optional<VerbDescription> game_verb(std::string_view name);
// The ids of the registered rulesets that offer `verb`, in registry order.
[[nodiscard]] std::vector<std::string> game_verb_rulesets(std::string_view verb);
// The ruleset `rules_id` names when it offers `verb`; otherwise throws
// "VERB is not a verb of RULES ID (it is for: ...)", VERB and RULES as
// args.label("verb") and args.label("rules") give them.
const Ruleset& game_verb_ruleset(std::string_view verb, std::string_view rules_id, const VerbArgs& args);
// Runs `verb` as `rules` offers it (game_verb_ruleset checks that it does).
// A text option absent from `args` reads as its default.
[[nodiscard]] VerbAnswer run_game_verb(std::string_view verb, std::string_view rules_id, VerbArgs args);

// --- `fray fov`: geometry, or a game's own field of view --------------------------------
// The algorithms by name: each game that takes "fov" (Ruleset::verbs,
// Ruleset::field_of_view), in registry order, then "symmetric" (symmetric
// shadowcasting as libtcod computes it) and "symmetric-exact". The first is
// the default.
[[nodiscard]] std::vector<std::string> fov_algorithms();
// The verb's description: map, at, radius, algorithm (default the first of
// fov_algorithms()), rules (a game that takes "fov": its field of view and
// its map legend). own_verb is false: the faces build it themselves.
[[nodiscard]] VerbDescription fov_verb();
// Runs it: the cells visible from `at` (fov_report).
[[nodiscard]] Report run_fov(VerbArgs args);

}  // namespace fray
