// fray/rules/crawl/ruleset.hpp — the DCSS 0.19 ruleset behind fray::ruleset("crawl").
#pragma once

#include <fray/rules/ruleset.hpp>

namespace fray::crawl {

// The type-erased ruleset ("crawl", alias "crawl-0.19").
const Ruleset& ruleset();

}  // namespace fray::crawl
