// `fray sweep`: one spec key of any game raised step by step, a row of
// answers per value (fray/rules/sweep.hpp). `--skill` is a game's own sweep
// of hit chance and mean damage as a skill rises (the game verb
// "skill-sweep", fray/report/game_verbs.hpp).
#include <fray/core/error.hpp>
#include <fray/report/game_verbs.hpp>
#include <fray/report/svg.hpp>
#include <fray/rules/registry.hpp>
#include <fray/rules/spec.hpp>
#include <fray/rules/sweep.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "verbs.hpp"

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace fray::cli {

// Monte Carlo fights per row when a step's fight cannot be exact: a sweep
// asks many questions, so fewer fights each than `fray duel`.
inline constexpr std::uint64_t kSweepSims = 10000;
// The game verb `--skill` runs (fray/report/game_verbs.hpp).
inline constexpr std::string_view kSkillSweep = "skill-sweep";

void add_sweep_verbs(Cli& cli) {
  struct Opts {
    std::string rules, attacker, defender, situation, kind, key, skill, side = "attacker", method, columns;
    std::optional<double> from, to;
    double step = 1;
    bool csv = false;
    std::optional<std::int64_t> sims, threads;
    std::optional<std::uint64_t> seed;
    std::string svg_y = "p_hit";
    SvgOpts svg;
  };
  auto o = std::make_shared<Opts>();
  auto* v =
      add_verb(cli, "sweep", "A spec key raised step by step: P(hit), damage, attacks and hits to kill, duel", [o] {
        Table table;
        if (!o->skill.empty()) {
          // A game's own sweep of a skill: exact attacks only (value, p_hit, mean_damage).
          require(o->key.empty(), "sweep: give --key or --skill, not both");
          require(o->columns.empty(), "sweep: --columns is for --key (--skill has p_hit and mean_damage only)");
          const std::vector<std::string> games = game_verb_rulesets(kSkillSweep);
          require(!games.empty(), "sweep: --skill: no ruleset has a skill sweep");
          const Ruleset& rules = ruleset(o->rules.empty() ? games.front() : o->rules);
          if (std::find(games.begin(), games.end(), rules.id()) == games.end())
            throw Error(fmt::format("sweep: --skill is the {} skill sweep; for --rules {} sweep a spec key with --key",
                                    fmt::join(games, " or "), rules.id()));
          VerbArgs args;
          args.labels = {{"verb", "sweep"},  {"rules", "--rules"}, {"skill", "--skill"},
                         {"from", "--from"}, {"to", "--to"},       {"step", "--step"}};
          args.set("attacker", o->attacker);
          args.set("defender", o->defender);
          args.set("situation", o->situation);
          args.set("skill", o->skill);
          if (o->from) args.set("from", fmt::format("{}", *o->from));
          if (o->to) args.set("to", fmt::format("{}", *o->to));
          args.set("step", fmt::format("{}", o->step));
          table = *run_game_verb(kSkillSweep, rules.id(), std::move(args)).table;
        } else {
          require(!o->key.empty(), "sweep: --key KEY is required (a spec key: fray list --rules GAME keys)");
          require(!o->rules.empty(), "sweep: --rules is required with --key");
          require(o->from && o->to, "sweep: --from and --to are required with --key");
          require(o->side == "attacker" || o->side == "defender",
                  fmt::format("sweep: --side must be attacker or defender, got '{}'", o->side));
          const Ruleset& rules = rules_for("sweep", o->rules);
          SweepRequest req;
          req.attack = {o->attacker, o->defender, split_list(o->situation), {}};
          if (!o->kind.empty()) req.attack.options["kind"] = o->kind;
          check_options(rules, req.attack);
          req.key = o->key;
          req.from = *o->from;
          req.to = *o->to;
          req.step = o->step;
          req.side = o->side == "attacker" ? SweepSide::attacker : SweepSide::defender;
          if (!o->columns.empty()) req.columns = parse_sweep_columns(split_list(o->columns), "--columns");
          req.fight = many_fights(o->method, o->sims, o->seed, o->threads, kSweepSims);
          table = sweep(rules, req);
        }
        Report r = table_report(table);
        if (o->csv) r.text = table_csv(table);
        if (!o->svg.file.empty()) {
          const std::string x = o->skill.empty() ? o->key : o->skill;
          svg::Plot plot = [&] {
            try {
              return svg::table_plot(table, "value", {o->svg_y});
            } catch (const Error& e) {
              throw Error(fmt::format("--svg-y {}: {}", o->svg_y, e.what()));
            }
          }();
          plot.x_label = x;
          plot.title = fmt::format("{} vs {}: {} by {}", o->attacker, o->defender, o->svg_y, x);
          write_svg(o->svg, svg::render(plot));
        }
        return r;
      });
  std::vector<std::string> ids;
  for (const Ruleset* r : rulesets()) ids.emplace_back(r->id());
  const std::vector<std::string> skill_games = game_verb_rulesets(kSkillSweep);
  CLI::Option* by_name = v->add_option("--rules", o->rules,
                                       skill_games.empty() ? fmt::format("Ruleset: {}", fmt::join(ids, ", "))
                                                           : fmt::format("Ruleset: {} ({} by default with --skill)",
                                                                         fmt::join(ids, ", "), skill_games.front()));
  add_rules_file_option(v, o->rules, by_name);
  v->add_option("--attacker", o->attacker, "Attacker spec (side a of the duel)")->required();
  v->add_option("--defender", o->defender, "Defender spec (side b of the duel)")->required();
  v->add_option("--situation", o->situation, situations_help("Comma-separated situation flags of every attack"));
  v->add_option("--kind", o->kind, "Attack kind where the ruleset has several " + readers_help("kind"));
  v->add_option("--key", o->key,
                "The spec key to raise: any numeric key the swept spec takes (fray list --rules GAME "
                "keys)");
  v->add_option("--side", o->side, "Whose spec the key is set in: attacker (default) or defender");
  std::string skill_help = "A game's own skill sweep (no game has one)";
  if (const auto skill_sweep = game_verb(kSkillSweep))
    for (const VerbOption& opt : skill_sweep->options)
      if (opt.name == "skill") skill_help = opt.help;
  v->add_option("--skill", o->skill, skill_help);
  v->add_option("--from", o->from, "First value");
  v->add_option("--to", o->to, "Last value");
  v->add_option("--step", o->step, fmt::format("Step (default 1); at most {} values", kMaxSweepPoints));
  v->add_option("--columns", o->columns,
                "The columns to compute, a comma list (all by default): p_hit, mean_damage and warnings are "
                "always there; mean_attacks_to_kill or mean_hits_to_kill add turns to kill, p_attacker_wins the "
                "duel (the others stay empty)");
  v->add_option("--method", o->method,
                "How each row's fights are solved: auto (the default: exact when the rules allow it within about "
                "a second's work, else Monte Carlo), exact (Monte Carlo, said so, when impossible) or monte-carlo");
  v->add_option("--sims", o->sims,
                fmt::format("Monte Carlo fights per row where a fight is sampled (default {})", kSweepSims));
  add_seed_option(v, o->seed, "Monte Carlo: seed, 0..2^64-1 (default 1)");
  v->add_option("--threads", o->threads, "Monte Carlo: threads (default: all cores; the result does not depend on it)");
  v->add_flag("--csv", o->csv, "Print the table as CSV (a header row of keys first)");
  add_svg_options(v, o->svg, false);
  v->add_option("--svg-y", o->svg_y, "The column --svg plots: p_hit (default), mean_damage or another column");
}

}  // namespace fray::cli
