// The crawl verbs: `fray sweep`, hit chance and mean damage per attack as one
// skill or stat rises (the table DCSS's fight simulator estimates, exact).
#include <fray/report/svg.hpp>
#include <fray/rules/crawl/attack.hpp>
#include <fray/rules/spec.hpp>

#include "verbs.hpp"

#include <fmt/format.h>

namespace fray::cli {

void add_crawl_verbs(Cli& cli) {
  struct Opts {
    std::string rules, attacker, defender, situation, skill;
    double from = 0, to = 27, step = 1;
    bool csv = false;
    std::string svg_y = "p_hit";
    SvgOpts svg;
  };
  auto o = std::make_shared<Opts>();
  auto* v = add_verb(cli, "sweep", "Hit chance and mean damage as a skill or stat rises (crawl)", [o] {
    (void)rules_for("sweep", o->rules, {"crawl"});
    const auto a = crawl::parse_combatant(o->attacker, "attacker");
    const auto d = crawl::parse_combatant(o->defender, "defender");
    const auto s = crawl::parse_situation(split_list(o->situation));
    const Table table = crawl::sweep(a, d, s, o->skill, o->from, o->to, o->step);
    Report r = table_report(table);
    if (o->csv) r.text = table_csv(table);
    if (!o->svg.file.empty()) {
      svg::Plot plot = svg::table_plot(table, "value", {o->svg_y});
      plot.x_label = o->skill;
      plot.title = fmt::format("{} vs {}: {} by {}", o->attacker, o->defender, o->svg_y, o->skill);
      write_svg(o->svg, svg::render(plot));
    }
    return r;
  });
  add_rules_option(v, o->rules, {"crawl"});
  v->add_option("--attacker", o->attacker, "Attacker spec (player:...)")->required();
  v->add_option("--defender", o->defender, "Defender spec")->required();
  v->add_option("--situation", o->situation, "Comma-separated situation flags");
  v->add_option("--skill", o->skill, "fighting, weapon_skill or dex")->required();
  v->add_option("--from", o->from, "First value (skill level or dex)");
  v->add_option("--to", o->to, "Last value");
  v->add_option("--step", o->step, "Step (default 1)");
  v->add_flag("--csv", o->csv, "Print the table as CSV (a header row of keys first)");
  add_svg_options(v, o->svg, false);
  v->add_option("--svg-y", o->svg_y, "The column --svg plots: p_hit (default) or mean_damage");
}

}  // namespace fray::cli
