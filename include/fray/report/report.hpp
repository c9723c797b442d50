// fray/report/report.hpp — every answer as JSON and as text, in one place.
//
// The library's answers are typed values (AttackSummary, StrikeRun, the fight
// results, tables, catalogs). This layer, above the rules and the fight
// engine, renders them: the `--json` document and the human report come from
// the same numbers, with the same key for the same concept in every game.
// docs/json.md publishes the shape of each document.
#pragma once

#include <fray/core/pmf.hpp>
#include <fray/core/probability_text.hpp>
#include <fray/core/value.hpp>
#include <fray/fight/solve.hpp>
#include <fray/rules/ruleset.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace fray {

// A report: the --json document and the human text, built from the same numbers.
struct Report {
  nlohmann::json json;
  std::string text;
};

// --- pieces ----------------------------------------------------------------------
// {"pmf": [[v, p], ...], "mean": m, "stddev": s, "min": a, "max": b}
[[nodiscard]] nlohmann::json pmf_json(const Pmf& pmf);
// A human table with bars and the cumulative probability.
[[nodiscard]] std::string pmf_table(const Pmf& pmf, std::string_view value_header = "value");
[[nodiscard]] nlohmann::json value_json(const Value& v);
// {"key": value, ...} in order.
[[nodiscard]] nlohmann::json fields_json(const Fields& fields);
// A value as text: integers plainly, doubles to 6 significant digits.
[[nodiscard]] std::string value_text(const Value& v);
// "key value, key value, ..."
[[nodiscard]] std::string fields_text(const Fields& fields);
// percent(p), probability(p, decimals), significant(p, digits): fray/core/probability_text.hpp.

// --- one attack -----------------------------------------------------------------------
[[nodiscard]] Report attack_report(const AttackSummary& summary);
[[nodiscard]] Report strike_report(const StrikeRun& run);

// --- tables and catalogs ---------------------------------------------------------------
// JSON {"title", "columns": [keys], "rows": [{key: value}], "notes"}; text aligned columns.
[[nodiscard]] Report table_report(const Table& table);
// The table as CSV (RFC 4180 quoting), a header row of keys first.
[[nodiscard]] std::string table_csv(const Table& table);
// `fray list`: one catalog of a ruleset.
[[nodiscard]] Report catalog_report(const Ruleset& rules, CatalogKind kind);
// `fray list` without a kind: the kinds the ruleset has and their sizes.
[[nodiscard]] Report catalogs_report(const Ruleset& rules);

// --- fights ------------------------------------------------------------------------------
// The report formats what the fight layer solved (fight::solve_ttk,
// fight::solve_duel, with the options `first_on_tie` was asked in); it runs no solver.
[[nodiscard]] Report ttk_report(std::string_view rules, const Bout& bout, const fight::TtkResult& result);
[[nodiscard]] Report duel_report(std::string_view rules, const Bout& bout, const fight::DuelResult& result,
                                 fight::Who first_on_tie = fight::Who::a);

// --- the rulesets ----------------------------------------------------------------------------
// What a face needs to know of a game, without naming any: {"id", "title",
// "aliases", "player" (null when its specs have none), "catalogs", "options",
// "engines", "verbs" (Ruleset::verbs and the game verbs it offers,
// fray/report/game_verbs.hpp), "defaults": {"attacker", "defender", "sweep": {"side",
// "key", "from", "to", "step", "series"}}}. Python's fray.rulesets() and the
// page's rulesetInfo() are this.
[[nodiscard]] nlohmann::json ruleset_info_json(const Ruleset& rules);

}  // namespace fray
