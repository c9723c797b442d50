// The crawl verbs: `fray sweep`, hit chance and mean damage per attack as one
// skill or stat rises (the table DCSS's fight simulator prints, exact).
#include "verbs.hpp"

#include <fray/core/error.hpp>
#include <fray/rules/crawl/ruleset.hpp>
#include <fray/rules/spec.hpp>

#include <fmt/format.h>

namespace fray::cli {

void add_crawl_verbs(Cli& cli) {
  struct Opts {
    std::string rules, attacker, defender, situation, skill;
    double from = 0, to = 27, step = 1;
  };
  auto o = std::make_shared<Opts>();
  auto* v = add_verb(cli, "sweep", "Hit chance and mean damage as a skill or stat rises (crawl)", [o] {
    if (o->rules != "crawl") throw Error(fmt::format("sweep: --rules {} has no sweep (only crawl)", o->rules));
    const auto a = crawl::parse_combatant(o->attacker, "attacker");
    const auto d = crawl::parse_combatant(o->defender, "defender");
    const auto s = crawl::parse_situation(split_list(o->situation));
    const auto rows = crawl::sweep(a, d, s, o->skill, o->from, o->to, o->step);
    Report r;
    r.json = {{"rules", "crawl"}, {"skill", o->skill}, {"rows", nlohmann::json::array()}};
    r.text = fmt::format("{:>8}  {:>10}  {:>12}\n", o->skill, "P(hit)", "mean damage");
    for (const auto& row : rows) {
      r.json["rows"].push_back({{"value", row.value}, {"p_hit", row.p_hit}, {"mean_damage", row.mean_damage}});
      r.text += fmt::format("{:>8g}  {:>10.6f}  {:>12.6f}\n", row.value, row.p_hit, row.mean_damage);
    }
    return r;
  });
  v->add_option("--rules", o->rules, "Ruleset (crawl)")->required();
  v->add_option("--attacker", o->attacker, "Attacker spec (player:...)")->required();
  v->add_option("--defender", o->defender, "Defender spec")->required();
  v->add_option("--situation", o->situation, "Comma-separated situation flags");
  v->add_option("--skill", o->skill, "fighting, weapon_skill or dex")->required();
  v->add_option("--from", o->from, "First value (skill level or dex)");
  v->add_option("--to", o->to, "Last value");
  v->add_option("--step", o->step, "Step (default 1)");
}

}  // namespace fray::cli
