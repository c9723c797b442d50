// The Brogue verb: `fray table --rules brogue enchant-for-hit|armor-for-hit`,
// the wiki's balance tables computed from Brogue CE's hitProbability.
#include "verbs.hpp"

#include <fray/core/error.hpp>
#include <fray/rules/brogue/balance.hpp>
#include <fray/rules/spec.hpp>

#include <fmt/format.h>

namespace fray::cli {

namespace {

struct TableOpts {
  std::string rules, kind, percent, attacker, defender;
  bool reachable = false;
};

Report table_report(const TableOpts& o) {
  using namespace fray::brogue;
  if (o.rules != "brogue") throw Error(fmt::format("table: --rules '{}' has no tables (known: brogue)", o.rules));
  const bool enchant = o.kind == "enchant-for-hit";
  if (!enchant && o.kind != "armor-for-hit")
    throw Error(fmt::format("table: unknown table '{}' (known: enchant-for-hit, armor-for-hit)", o.kind));
  if (enchant && !o.attacker.empty()) throw Error("table enchant-for-hit: give the monsters with --defender");
  if (!enchant && !o.defender.empty()) throw Error("table armor-for-hit: give the monsters with --attacker");
  if (enchant && o.reachable) throw Error("table: --reachable applies to armor-for-hit only");

  std::vector<int> percents;
  const std::string percent_text = o.percent.empty() ? (enchant ? "50,66,75,90,95,100" : "50,33,25,10,5,2") : o.percent;
  for (const std::string& p : split_list(percent_text)) {
    const std::int64_t v = parse_int(p, "table --percent");
    if (v < 0 || v > 100) throw Error(fmt::format("table --percent: {} is outside 0..100", p));
    percents.push_back(static_cast<int>(v));
  }
  if (percents.empty()) throw Error("table --percent: no percentages given");

  const std::string names_text = enchant ? o.defender : o.attacker;
  std::vector<std::string> names = split_list(names_text);
  if (names.empty()) names = enchant ? wiki_enchant_monsters() : wiki_armor_monsters();

  Report r;
  nlohmann::json rows = nlohmann::json::array();
  std::string t = enchant ? "Smallest net enchant giving the player at least X % to hit (Brogue CE)\n"
                          : fmt::format("Smallest {}armour holding the monster to at most X % to hit (Brogue CE)\n",
                                        o.reachable ? "player-reachable " : "");
  t += fmt::format("{:<20}", "monster");
  for (int p : percents) t += fmt::format("{:>9}", fmt::format("{}%", p));
  t += "\n";
  for (const std::string& n : names) {
    const Combatant c = parse_combatant(n, enchant ? "defender" : "attacker");
    if (c.is_player) throw Error(fmt::format("table: '{}' is not a monster", n));
    nlohmann::json values = nlohmann::json::object();
    t += fmt::format("{:<20}", c.name);
    for (int p : percents) {
      const auto q = enchant ? enchant_for_hit(c, p) : armor_for_hit(c, p, o.reachable);
      const std::string key = std::to_string(p);
      if (q) {
        values[key] = static_cast<double>(*q) / 4.0;
        t += fmt::format("{:>9.2f}", static_cast<double>(*q) / 4.0);
      } else {
        values[key] = nullptr;
        t += fmt::format("{:>9}", "-");
      }
    }
    t += "\n";
    rows.push_back({{"monster", c.name}, {"values", std::move(values)}});
  }
  r.json = {{"rules", "brogue"}, {"table", o.kind}, {"percent", percents}, {"rows", std::move(rows)}};
  if (!enchant) r.json["reachable"] = o.reachable;
  r.text = std::move(t);
  return r;
}

}  // namespace

void add_brogue_verbs(Cli& cli) {
  auto o = std::make_shared<TableOpts>();
  auto* v = add_verb(cli, "table", "Balance tables (Brogue: enchant-for-hit, armor-for-hit)",
                     [o] { return table_report(*o); });
  v->add_option("TABLE", o->kind, "enchant-for-hit or armor-for-hit")->required();
  v->add_option("--rules", o->rules, "Ruleset (brogue)")->required();
  v->add_option("--percent", o->percent, "Comma-separated target percentages");
  v->add_option("--defender", o->defender, "enchant-for-hit: comma-separated monsters (default: the wiki's)");
  v->add_option("--attacker", o->attacker, "armor-for-hit: comma-separated monsters (default: the wiki's)");
  v->add_flag("--reachable", o->reachable, "armor-for-hit: only defenses a player can actually have");
}

}  // namespace fray::cli
