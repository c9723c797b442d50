// fray/rules/epixx/ruleset.hpp — the epixx ruleset behind the generic verbs,
// and the epixx-only `turn` report.
#pragma once

#include <fray/report/report.hpp>  // TRANSITION
#include <fray/rules/ruleset.hpp>
#include <string>
#include <vector>

namespace fray::epixx {

// The type-erased ruleset ("epixx").
[[nodiscard]] const Ruleset& ruleset();

// `fray turn`: one defender turn facing the listed attacker specs in order
// (each a melee attack unless `kind` says otherwise), under the situation items.
[[nodiscard]] Report turn_report(const std::string& defender, const std::vector<std::string>& attackers,
                                 const std::vector<std::string>& situation, const std::string& kind = "melee");

}  // namespace fray::epixx
