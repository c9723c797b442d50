// apps/fray/verbs.hpp — how the `fray` command line is put together.
//
// Each file in apps/fray adds the verbs of one layer or game. A verb's run
// function returns a Report; main prints its JSON (--json) or its text.
// Bad input throws fray::Error, which main turns into
// "fray: error: ..." on stderr and exit status 2, with nothing on stdout.
#pragma once

#include <fray/fight/solve.hpp>
#include <fray/report/report.hpp>
#include <fray/rules/ruleset.hpp>

#include <CLI/CLI.hpp>

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fray::cli {

struct Cli {
  CLI::App app{"fray — exact and sampled combat of turn-based roguelikes", "fray"};
  std::function<Report()> action;  // set by the chosen verb's callback
  bool json = false;
  // Long work may draw a progress bar on the process's stderr when it is a
  // terminal (RunOptions::terminal); never with --json.
  bool terminal = false;
  [[nodiscard]] bool progress_bar() const noexcept { return terminal && !json; }
};

// Adds a verb with its --json flag; `run` is called after parsing.
CLI::App* add_verb(Cli& cli, const std::string& name, const std::string& description, std::function<Report()> run);

// Every verb that concerns a game takes --rules the same way. Its help lists
// the rulesets from the registry (or `legal`, for a verb only some games
// have); a verb with one legal ruleset defaults to it.
CLI::Option* add_rules_option(CLI::App* verb, std::string& rules, const std::vector<std::string>& legal = {});
// --rules-file FILE beside --rules (which it excludes): the file read into the
// registry (fray/rules/rules_file.hpp) and `rules` set to its id.
CLI::Option* add_rules_file_option(CLI::App* verb, std::string& rules, CLI::Option* rules_option);
// The ruleset --rules names; throws fray::Error when `verb` does not take it.
const Ruleset& rules_for(std::string_view verb, const std::string& rules, const std::vector<std::string>& legal = {});

// The verbs only some games have, each with the rulesets that take it: fov
// (Ruleset::verbs) and the library's game verbs (fray/report/game_verbs.hpp,
// a registered game's too), as the command line offers them.
struct GameVerb {
  std::string_view verb;
  std::vector<std::string> rules;
};
std::vector<GameVerb> game_verbs();
// The rulesets `verb` takes, from game_verbs(); empty for a verb every game takes.
std::vector<std::string> verb_rules(std::string_view verb);

// Help texts built from the registry, so that they name what fray has.
// "--situation" help: each game's flags (`fray list --rules GAME situations`).
std::string situations_help(std::string_view lead);
// "(read by --rules epixx)": the games whose AttackRequest::options read `option`.
std::string readers_help(std::string_view option);
// "Engine: default, java, brogue".
std::string engines_help();

// --seed, the same in every verb: a whole number 0..2^64-1, nothing else
// (a negative seed is an error, never wrapped).
// The fights of a verb that runs many (sweep, bestiary): --method, --sims
// (`default_sims` without it), --seed and --threads (the machine's cores
// without it) read and checked into FightOptions, the bar off.
fight::FightOptions many_fights(const std::string& method, const std::optional<std::int64_t>& sims,
                                const std::optional<std::uint64_t>& seed, const std::optional<std::int64_t>& threads,
                                std::uint64_t default_sims);

CLI::Option* add_seed_option(CLI::App* verb, std::optional<std::uint64_t>& seed, const std::string& description);

// What the caller of run() owns besides the two streams.
struct RunOptions {
  // The process's stderr is the caller's: long work may draw its progress
  // bar there when it is a terminal. Only the `fray` executable says so; an
  // embedder (the C API, the web module, the fuzz targets, tests) gets
  // nothing but what it reads from `out` and `err`.
  bool terminal = false;
};

// The whole command line as a function: parses `args` (args[0] is the
// program name), writes the report to `out` or "fray: error: ..." to `err`,
// and returns the exit status (0, or 2 on bad input). It throws nothing.
// main() calls it with the process's arguments and streams; the C API
// (fray_run, include/fray/c.h), the fuzz targets, the web module and tests
// call it in-process with streams of their own.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err, const RunOptions& options = {});

// The footers of `fray --help` and of each verb's help: every game's spec
// keys and situations (from the registry) and two examples a verb. Called
// after every verb is added.
void add_help(Cli& cli);
// The examples a verb's help shows (empty for a verb without).
std::vector<std::string> help_examples(const std::string& verb);
// --svg FILE (and --view for a distribution): the verb also writes its plot
// (fray/report/svg.hpp) to FILE. write_svg does nothing without --svg and
// throws fray::Error naming the file when it cannot be written.
struct SvgOpts {
  std::string file;
  std::string view = "normal";
};
void add_svg_options(CLI::App* verb, SvgOpts& svg, bool with_view);
void write_svg(const SvgOpts& svg, const std::string& document);

void add_core_verbs(Cli& cli);      // dist, roll
void add_rules_verbs(Cli& cli);     // attack, strike
void add_fight_verbs(Cli& cli);     // ttk, duel
void add_list_verbs(Cli& cli);      // list
void add_sweep_verbs(Cli& cli);     // sweep (any game; --skill: a game's skill sweep)
void add_bestiary_verbs(Cli& cli);  // bestiary (any game with a monsters catalog)
// fov, then the verbs only some games have (fray/report/game_verbs.hpp:
// path, surprise, table, turn and any a registered game adds).
void add_game_verbs(Cli& cli);

}  // namespace fray::cli
