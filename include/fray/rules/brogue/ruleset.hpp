// fray/rules/brogue/ruleset.hpp — Brogue CE behind the type-erased fray::Ruleset.
//
// id "brogue": `fray attack/strike --rules brogue`, the fight layer's bouts,
// the dice functions brogue_clump(lo, hi, clump) and brogue_percent(p), and
// the engine "brogue" (BrogueRng) for `--rng brogue`.
#pragma once

#include <fray/rules/ruleset.hpp>

namespace fray::brogue {

[[nodiscard]] const Ruleset& ruleset();

// The dice functions this game adds (also reached through ruleset().add_dice_functions).
void add_brogue_dice_functions(DiceFunctions& fns);

}  // namespace fray::brogue
