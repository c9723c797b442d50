// fray/report/dice.hpp — the dice verbs' answers (`fray dist`, `fray roll`)
// as JSON and text, for every face alike (the command line, Python, the page).
#pragma once

#include <fray/core/pmf.hpp>
#include <fray/report/report.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fray {

// `fray dist EXPR`: pmf_json with "expression"; the text names the expression over pmf_table.
[[nodiscard]] Report dist_report(std::string_view expression, const Pmf& pmf);
// `fray dist EXPR...`: one expression's document, or an array of them for several.
[[nodiscard]] Report dists_report(const std::vector<std::pair<std::string, Pmf>>& pmfs);
// `fray roll`: {"expression", "seed", "engine", "rolls"}.
[[nodiscard]] Report roll_report(std::string_view expression, std::uint64_t seed, std::string_view engine,
                                 const std::vector<std::int64_t>& rolls);

}  // namespace fray
