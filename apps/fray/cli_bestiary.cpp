// `fray bestiary`: one character against every monster of a game, a row per
// monster in order of danger (fray/rules/bestiary.hpp).
#include <fray/core/budget.hpp>
#include <fray/core/error.hpp>
#include <fray/report/bestiary.hpp>
#include <fray/rules/bestiary.hpp>
#include <fray/rules/spec.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "progress.hpp"
#include "verbs.hpp"

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace fray::cli {

void add_bestiary_verbs(Cli& cli) {
  struct Opts {
    std::string rules, attacker, situation, kind, monsters, hd, method;
    std::optional<std::string> branch;
    bool csv = false;
    std::optional<std::int64_t> sims, threads;
    std::optional<double> row_work;
    std::optional<std::uint64_t> seed;
  };
  auto o = std::make_shared<Opts>();
  auto* v = add_verb(
      cli, "bestiary", "A character against every monster of a game: both attacks, turns to kill, the duel", [o, &cli] {
        const Ruleset& rules = rules_for("bestiary", o->rules);
        BestiaryRequest req;
        req.attacker = o->attacker;
        req.situation = split_list(o->situation);
        if (!o->kind.empty()) req.options["kind"] = o->kind;
        check_options(rules, {req.attacker, "", req.situation, req.options});
        if (!o->monsters.empty()) {
          req.monsters = split_list(o->monsters);
          require(!req.monsters.empty(), "bestiary: --monsters names no monster");
        }
        if (!o->hd.empty()) req.level = parse_level_range(o->hd, "bestiary: --hd");
        if (o->branch) {
          require(!o->branch->empty(), "bestiary: --branch names no branch");
          req.branch = *o->branch;
        }
        req.fight = many_fights(o->method, o->sims, o->seed, o->threads, kBestiarySims);
        req.threads = req.fight.monte_carlo.threads;  // whole rows side by side
        if (o->row_work) {
          require(*o->row_work >= 1e4 && *o->row_work <= kMaxWork,
                  fmt::format("--row-work must be {:.0e}..{:.0e} operations, got {}", 1e4, kMaxWork, *o->row_work));
          req.row_work = *o->row_work;
        }
        // Long work (a whole catalog) shows a bar on a terminal, and the page its progress.
        VerbProgress bar("bestiary", cli.progress_bar());
        req.fight.progress = &bar.progress();
        const BestiaryResult result = bestiary(rules, req);
        Report r = bestiary_report(result);
        if (o->csv) r.text = table_csv(bestiary_table(result));
        return r;
      });
  add_rules_option(v, o->rules);
  v->add_option("--attacker", o->attacker, "The character's spec (side a of every duel)")->required();
  v->add_option("--monsters", o->monsters,
                "Comma-separated monsters of the game's catalog (fray list --rules GAME monsters); default every one");
  v->add_option("--hd", o->hd,
                "Only monsters whose level lies in LO-HI (also N, LO-, -HI): Crawl's hd, epixx's level; a game "
                "whose catalog has no level refuses it");
  v->add_option("--branch", o->branch,
                "Only the monsters the game's random generation places in a branch: NAME (every level), NAME:N, "
                "NAME:LO-HI (a population row whose depths overlap them), by abbreviation or name (D, Lair, Depths); "
                "uniques and vault monsters are not in it. With --monsters, those of them placed there; with --hd, "
                "both. Crawl 0.34 and 0.19 only");
  v->add_option("--situation", o->situation,
                situations_help("Comma-separated situation flags of the character's attacks"));
  v->add_option("--kind", o->kind, "Attack kind where the ruleset has several " + readers_help("kind"));
  v->add_option("--method", o->method,
                "How each row's fights are solved: auto (the default: exact when the rules allow it and it fits the "
                "row's work, else Monte Carlo), exact (Monte Carlo, said so, when impossible) or monte-carlo");
  v->add_option("--sims", o->sims,
                fmt::format("Monte Carlo: the most fights of a sampled row (default {}; fewer when they do not fit in "
                            "the row's work, the fights column)",
                            kBestiarySims));
  add_seed_option(v, o->seed, "Monte Carlo: seed of every row, 0..2^64-1 (default 1)");
  v->add_option("--threads", o->threads,
                "Rows computed side by side (default: all cores; the rows do not depend on it)");
  v->add_option(
      "--row-work", o->row_work,
      fmt::format("The work each of a row's two fights may cost, in the budget's operations (default "
                  "{:.0e} shared by the rows, {:.0e}..{:.0e} a row; docs/limits.md): past it an exact analysis "
                  "gives way to Monte Carlo, and Monte Carlo runs fewer fights",
                  kBestiaryWork, kBestiaryRowWork, kBestiaryMaxRowWork));
  v->add_flag("--csv", o->csv, "Print the table as CSV (a header row of keys first)");
}

}  // namespace fray::cli
