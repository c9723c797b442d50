// fray/rules/epixx/ruleset.hpp — the epixx ruleset behind the generic verbs.
#pragma once

#include <fray/rules/ruleset.hpp>

namespace fray::epixx {

// The type-erased ruleset ("epixx").
[[nodiscard]] const Ruleset& ruleset();

}  // namespace fray::epixx
