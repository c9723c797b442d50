// The verbs every game shares: dist and roll (dice), attack and strike (rules).
#include "progress.hpp"
#include "verbs.hpp"

#include <fray/core/budget.hpp>
#include <fray/core/dice.hpp>
#include <fray/core/error.hpp>
#include <fray/report/dice.hpp>
#include <fray/report/svg.hpp>
#include <fray/rules/spec.hpp>

#include <fmt/ranges.h>

#include <fmt/format.h>

#include <random>

namespace fray::cli {

namespace {

constexpr std::uint64_t max_count = 10'000'000;

std::uint64_t fresh_seed() {
  std::random_device rd;
  return (static_cast<std::uint64_t>(rd()) << 32) ^ rd();
}

}  // namespace

void add_core_verbs(Cli& cli) {
  {
    struct Opts {
      std::vector<std::string> exprs;
      SvgOpts svg;
    };
    auto o = std::make_shared<Opts>();
    auto* v = add_verb(cli, "dist", "Exact distribution of dice expressions (several: one document each)", [o, &cli] {
      std::vector<std::pair<std::string, Pmf>> pmfs;
      std::vector<std::optional<DiceRange>> ranges;
      VerbProgress bar("exact distribution", cli.progress_bar());
      for (const std::string& e : o->exprs) {
        const Dice dice = Dice::parse(e, all_dice_functions());
        pmfs.emplace_back(e, dice.exact(&bar.progress()));
        ranges.push_back(dice.range());
      }
      Report r = dists_report(pmfs, ranges);
      if (!o->svg.file.empty())
        write_svg(o->svg, svg::render(svg::pmf_plot(fmt::format("{}", fmt::join(o->exprs, " vs ")), "value", pmfs,
                                                    svg::parse_view(o->svg.view))));
      return r;
    });
    v->add_option("EXPR", o->exprs,
                  "Dice expression, e.g. 3d6, 4d6kh3, 2d20kl1, d6!, brogue_clump(1,3,1); several to compare them")
        ->required();
    add_svg_options(v, o->svg, true);
  }
  {
    struct Opts {
      std::string expr, rng = "default";
      std::optional<std::uint64_t> seed;
      std::uint64_t count = 1;
    };
    auto o = std::make_shared<Opts>();
    auto* v = add_verb(cli, "roll", "Roll a dice expression (seeded)", [o] {
      if (o->count < 1 || o->count > max_count)
        throw Error(fmt::format("--count {} is out of range 1..{}", o->count, max_count));
      const Dice d = Dice::parse(o->expr, all_dice_functions());
      // Each roll draws up to d.draws() numbers: the count times that is
      // charged to the work budget before the first roll.
      require_budget(static_cast<double>(o->count) * d.draws() * kDrawOps, 0,
                     fmt::format("{} rolls of \"{}\"", o->count, o->expr),
                     "use a smaller --count, or the exact distribution: fray dist EXPR");
      const std::uint64_t seed = o->seed ? *o->seed : fresh_seed();
      // One stream for all the rolls, so --count K continues the same sequence.
      auto engine = make_engine(o->rng, seed);
      std::vector<std::int64_t> rolls;
      rolls.reserve(o->count);
      for (std::uint64_t i = 0; i < o->count; ++i) rolls.push_back(d.sample(*engine));
      return roll_report(o->expr, seed, o->rng, rolls);
    });
    v->add_option("EXPR", o->expr, "Dice expression")->required();
    add_seed_option(v, o->seed, "Seed (0..2^64-1); a fresh one is chosen and printed when absent");
    v->add_option("--count", o->count, "Number of rolls (1..10000000)");
    v->add_option("--rng", o->rng, engines_help());
  }
}

namespace {

struct AttackOpts {
  std::string rules, attacker, defender, situation, kind, from, to;
  std::string rng = "default";
  std::optional<std::uint64_t> seed;
  std::uint64_t count = 1;

  AttackRequest request() const {
    AttackRequest r{attacker, defender, split_list(situation), {}};
    if (!kind.empty()) r.options["kind"] = kind;
    if (!from.empty()) r.options["from"] = from;
    if (!to.empty()) r.options["to"] = to;
    return r;
  }
};

void add_attack_options(CLI::App* v, AttackOpts& o) {
  add_rules_option(v, o.rules);
  v->add_option("--attacker", o.attacker,
                "Attacker spec: a catalog name, name:key=value,... or key=value,... (fray list --rules GAME)")
      ->required();
  v->add_option("--defender", o.defender, "Defender spec")->required();
  v->add_option("--situation", o.situation, situations_help("Comma-separated situation flags"));
  v->add_option("--kind", o.kind, "Attack kind where the ruleset has several " + readers_help("kind"));
  v->add_option("--from", o.from, "Attacker position X,Y " + readers_help("from"));
  v->add_option("--to", o.to, "Defender position X,Y " + readers_help("to"));
}

}  // namespace

void add_rules_verbs(Cli& cli) {
  {
    auto o = std::make_shared<AttackOpts>();
    auto svg_opts = std::make_shared<SvgOpts>();
    auto* v = add_verb(cli, "attack", "Exact outcome of one attack", [o, svg_opts] {
      const Ruleset& rs = rules_for("attack", o->rules);
      const AttackRequest req = o->request();
      check_options(rs, req);
      const AttackSummary summary = rs.attack(req);
      Report r = attack_report(summary);
      if (!svg_opts->file.empty())
        write_svg(*svg_opts,
                  svg::render(svg::pmf_plot(fmt::format("{} vs {}: damage per attack, P(hit) {}", summary.attacker.name,
                                                        summary.defender.name, percent(summary.p_hit)),
                                            "damage", {{"damage", summary.damage}}, svg::parse_view(svg_opts->view))));
      return r;
    });
    add_attack_options(v, *o);
    add_svg_options(v, *svg_opts, true);
  }
  {
    auto o = std::make_shared<AttackOpts>();
    auto* v = add_verb(cli, "strike", "Sampled attacks with a trace of every roll", [o] {
      if (o->count < 1 || o->count > max_count)
        throw Error(fmt::format("--count {} is out of range 1..{}", o->count, max_count));
      const Ruleset& rs = rules_for("strike", o->rules);
      StrikeRequest s{o->request(), o->seed ? *o->seed : fresh_seed(), o->count, o->rng};
      check_options(rs, s.attack);
      if (s.engine != "default") (void)make_engine(s.engine, 0);  // unknown engines fail here, by name
      return strike_report(rs.strike(s));
    });
    add_attack_options(v, *o);
    add_seed_option(v, o->seed, "Seed (0..2^64-1); a fresh one is chosen and printed when absent");
    v->add_option("--count", o->count, "Number of strikes (1..10000000)");
    v->add_option("--rng", o->rng, engines_help());
  }
}

}  // namespace fray::cli
