// The fight verbs: `fray ttk` (attacks and time to kill) and `fray duel`.
#include "progress.hpp"
#include "verbs.hpp"

#include <fray/core/budget.hpp>
#include <fray/core/error.hpp>
#include <fray/report/report.hpp>
#include <fray/report/svg.hpp>
#include <fray/rules/sweep.hpp>

#include <fmt/format.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace fray::cli {
namespace {

// What both verbs read from the command line.
struct FightArgs {
  std::string rules;
  std::string a, b;
  std::vector<std::string> situation;
  std::string kind, from, to;
  bool exact = false;
  std::string method;  // auto, exact, monte-carlo; empty: not given
  std::optional<std::int64_t> sims, threads;
  std::optional<std::uint64_t> seed;
  std::string first = "a";
  SvgOpts svg;
};

void add_common(CLI::App* sub, FightArgs& f) {
  add_rules_option(sub, f.rules);
  sub->add_option("--situation", f.situation, situations_help("Comma-separated situation flags of every attack"))
      ->delimiter(',');
  sub->add_option("--kind", f.kind, "Attack kind where the ruleset has several " + readers_help("kind"));
  sub->add_option("--from", f.from, "Side a's position X,Y " + readers_help("from"));
  sub->add_option("--to", f.to, "Side b's position X,Y " + readers_help("to"));
  auto* method = sub->add_option(
      "--method", f.method,
      "auto (the default: exact when the rules allow it within about a second's work, else Monte Carlo), exact "
      "(the whole work budget; Monte Carlo, said so, when impossible) or monte-carlo");
  auto* exact = sub->add_flag("--exact", f.exact, "The same as --method exact");
  exact->excludes(method);
  sub->add_option("--sims", f.sims,
                  "Fights of any part answered by Monte Carlo (default 100000); without --method or --exact it asks "
                  "for Monte Carlo");
  add_seed_option(sub, f.seed, "Monte Carlo: seed, 0..2^64-1 (default 1)");
  add_svg_options(sub, f.svg, true);
  sub->add_option("--threads", f.threads,
                  "Monte Carlo: threads (default: all cores; the result does not depend on it)");
}

// Checks the numbers before anything else, so bad options fail the same for every ruleset.
fight::FightOptions options_of(const FightArgs& f) {
  fight::FightOptions o;
  if (!f.method.empty()) {
    try {
      o.method = fight::parse_method(f.method);
    } catch (const Error& e) {
      throw Error(fmt::format("--method: {}", e.what()));
    }
  } else if (f.exact) {
    o.method = fight::FightOptions::Method::exact;
  } else if (f.sims) {
    // --sims alone asks for Monte Carlo, as it always has.
    o.method = fight::FightOptions::Method::monte_carlo;
  }
  if (f.sims) {
    require(*f.sims >= 1, fmt::format("--sims must be at least 1, got {}", *f.sims));
    o.monte_carlo.sims = static_cast<std::uint64_t>(*f.sims);
  }
  if (f.seed) {
    o.monte_carlo.seed = *f.seed;
  }
  if (f.threads) {
    require(*f.threads >= 1, fmt::format("--threads must be at least 1, got {}", *f.threads));
    require(*f.threads <= 1024, fmt::format("--threads {} is too many (at most 1024)", *f.threads));
    o.monte_carlo.threads = static_cast<unsigned>(*f.threads);
  } else {
    o.monte_carlo.threads = std::max(1u, std::thread::hardware_concurrency());
  }
  require(f.first == "a" || f.first == "b", fmt::format("--first must be a or b, got '{}'", f.first));
  o.first_on_tie = f.first == "a" ? fight::Who::a : fight::Who::b;
  return o;
}

Bout bout_of(const Ruleset& rules, const FightArgs& f) {
  AttackRequest req;
  req.attacker = f.a;
  req.defender = f.b;
  req.situation = f.situation;
  if (!f.kind.empty()) req.options["kind"] = f.kind;
  if (!f.from.empty()) req.options["from"] = f.from;
  if (!f.to.empty()) req.options["to"] = f.to;
  check_options(rules, req);
  return rules.bout(req);
}

}  // namespace

void add_fight_verbs(Cli& cli) {
  auto ttk = std::make_shared<FightArgs>();
  CLI::App* t = add_verb(
      cli, "ttk",
      "Attacks and game time to kill a defender that does not fight back (its own turns, such as regeneration, still "
      "count)",
      [ttk, &cli] {
        fight::FightOptions o = options_of(*ttk);
        const Ruleset& rules = rules_for("ttk", ttk->rules);
        AttackRequest req;
        req.attacker = ttk->a;
        req.defender = ttk->b;
        req.situation = ttk->situation;
        if (!ttk->kind.empty()) req.options["kind"] = ttk->kind;
        if (!ttk->from.empty()) req.options["from"] = ttk->from;
        if (!ttk->to.empty()) req.options["to"] = ttk->to;
        check_options(rules, req);
        // The attacker's HP does not enter turns to kill: a spec without one is taken as is.
        std::vector<std::string> notes;
        Bout bout = ttk_bout(rules, req, notes);
        bout.notes.insert(bout.notes.end(), notes.begin(), notes.end());
        // Long work shows a bar on a terminal, the same for both methods.
        VerbProgress bar("turns to kill", cli.progress_bar());
        o.progress = &bar.progress();
        o.monte_carlo.progress = false;
        Report r = ttk_report(rules.id(), bout, fight::solve_ttk(bout, o));
        if (!ttk->svg.file.empty())
          write_svg(ttk->svg,
                    svg::render(svg::pmf_json_plot(
                        fmt::format("{} vs {}: attacks to kill ({})", r.json["attacker"]["name"].get<std::string>(),
                                    r.json["defender"].get<std::string>(), r.json["method"].get<std::string>()),
                        "attacks", r.json["attacks"]["pmf"], svg::parse_view(ttk->svg.view))));
        return r;
      });
  add_common(t, *ttk);
  t->add_option("--attacker", ttk->a, "Attacker spec")->required();
  t->add_option("--defender", ttk->b, "Defender spec (its HP is the target)")->required();

  auto duel = std::make_shared<FightArgs>();
  CLI::App* d =
      add_verb(cli, "duel", "Who wins a fight to the death or the first escape, exact or Monte Carlo", [duel, &cli] {
        fight::FightOptions o = options_of(*duel);
        const Ruleset& rules = rules_for("duel", duel->rules);
        VerbProgress bar("duel", cli.progress_bar());
        o.progress = &bar.progress();
        o.monte_carlo.progress = false;
        const Bout bout = bout_of(rules, *duel);
        Report r = duel_report(rules.id(), bout, fight::solve_duel(bout, o), o.first_on_tie);
        if (!duel->svg.file.empty())
          write_svg(duel->svg,
                    svg::render(svg::pmf_json_plot(
                        fmt::format("{} vs {}: fight length ({}), P(a wins) {}", r.json["a"]["name"].get<std::string>(),
                                    r.json["b"]["name"].get<std::string>(), r.json["method"].get<std::string>(),
                                    percent(r.json["p_a_wins"].get<double>())),
                        "attacks of both sides", r.json["length"]["pmf"], svg::parse_view(duel->svg.view))));
        return r;
      });
  add_common(d, *duel);
  d->add_option("--a", duel->a, "Side a's spec")->required();
  d->add_option("--b", duel->b, "Side b's spec")->required();
  d->add_option("--first", duel->first, "Who attacks first when both are due at the same time: a (default) or b");
}

}  // namespace fray::cli
