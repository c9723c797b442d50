// fray/report/dice.hpp — the dice verbs' answers (`fray dist`, `fray roll`)
// as JSON and text, for every face alike (the command line, Python, the page).
#pragma once

#include <fray/core/dice.hpp>
#include <fray/core/pmf.hpp>
#include <fray/report/report.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fray {

// `fray dist EXPR`: pmf_json with "expression" and "range" (Dice::range: the
// expression's own smallest and largest values, [min, max], null when not
// known; pmf_json's "min" and "max" are the distribution's, which drops values
// too improbable for a double); the text names the expression over pmf_table.
[[nodiscard]] Report dist_report(std::string_view expression, const Pmf& pmf, std::optional<DiceRange> range);
// `fray dist EXPR...`: one expression's document, or an array of them for
// several; ranges[i] is pmfs[i]'s expression's (none given: null).
[[nodiscard]] Report dists_report(const std::vector<std::pair<std::string, Pmf>>& pmfs,
                                  const std::vector<std::optional<DiceRange>>& ranges = {});
// `fray roll`: {"expression", "seed", "engine", "rolls"}.
[[nodiscard]] Report roll_report(std::string_view expression, std::uint64_t seed, std::string_view engine,
                                 const std::vector<std::int64_t>& rolls);

}  // namespace fray
