// The Brogue verb: `fray table enchant-for-hit|armor-for-hit`, the wiki's
// balance tables computed from Brogue CE's hitProbability (fray/rules/brogue/balance.hpp).
#include <fmt/format.h>

#include <fray/core/error.hpp>
#include <fray/rules/brogue/balance.hpp>
#include <fray/rules/spec.hpp>

#include "verbs.hpp"

namespace fray::cli {

namespace {

struct TableOpts {
  std::string rules, kind, percent, attacker, defender;
  bool reachable = false;
};

Report run_table(const TableOpts& o) {
  (void)rules_for("table", o.rules, verb_rules("table"));
  brogue::BalanceRequest req;
  req.kind = brogue::parse_balance_kind(o.kind);
  const bool enchant = req.kind == brogue::BalanceKind::enchant_for_hit;
  // Each table names its monsters by the side they take.
  if (enchant && !o.attacker.empty()) throw Error("table enchant-for-hit: give the monsters with --defender");
  if (!enchant && !o.defender.empty()) throw Error("table armor-for-hit: give the monsters with --attacker");
  if (enchant && o.reachable) throw Error("table: --reachable applies to armor-for-hit only");
  for (const std::string& p : split_list(o.percent)) {
    const std::int64_t v = parse_int(p, "table --percent");
    if (v < 0 || v > 100) throw Error(fmt::format("table --percent: {} is outside 0..100", p));
    req.percents.push_back(static_cast<int>(v));
  }
  if (!o.percent.empty() && req.percents.empty()) throw Error("table --percent: no percentages given");
  req.monsters = split_list(enchant ? o.defender : o.attacker);
  req.reachable = o.reachable;
  return table_report(brogue::balance_table(req));
}

}  // namespace

void add_brogue_verbs(Cli& cli) {
  auto o = std::make_shared<TableOpts>();
  auto* v =
      add_verb(cli, "table", "Balance tables (Brogue: enchant-for-hit, armor-for-hit)", [o] { return run_table(*o); });
  v->add_option("TABLE", o->kind, "enchant-for-hit or armor-for-hit")->required();
  add_rules_option(v, o->rules, verb_rules("table"));
  v->add_option("--percent", o->percent, "Comma-separated target percentages (default: the wiki's)");
  v->add_option("--defender", o->defender, "enchant-for-hit: comma-separated monsters (default: the wiki's)");
  v->add_option("--attacker", o->attacker, "armor-for-hit: comma-separated monsters (default: the wiki's)");
  v->add_flag("--reachable", o->reachable, "armor-for-hit: only defenses a player can actually have");
}

}  // namespace fray::cli
