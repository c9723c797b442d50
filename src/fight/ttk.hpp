// Turns to kill with the defender's own turns, as solve_ttk uses them: the
// answer together with whether those turns changed anything, so that hits
// sampled afterwards follow the same fight and say why they are sampled.
#pragma once

#include <fray/fight/exact.hpp>
#include <fray/fight/monte_carlo.hpp>

#include <optional>

namespace fray::fight::detail {

struct TtkTurns {
  TtkResult result;
  bool acts = false;  // some reachable turn of the defender changes the fight
};

// ttk_exact(bout, ...) (ttk.cpp).
[[nodiscard]] TtkTurns ttk_exact_turns(const Bout& bout, Who first, const ExactLimits& limits);

// ttk_monte_carlo(bout, ...) (monte_carlo.cpp); `acts` when already known,
// else found by defender_acts (and taken as true when it cannot tell).
[[nodiscard]] TtkResult ttk_monte_carlo_turns(const Bout& bout, Who first, const MonteCarloOptions& options,
                                              std::optional<bool> acts);

// The note on the fights that end with a side running away
// (Transition::escape): the defender with probability `defender` (no kill),
// the attacker with `attacker`; `sampled`: the fractions of sampled fights.
// The exact and the sampled answers word it alike.
void note_escapes(TtkResult& r, double defender, double attacker, bool sampled);

}  // namespace fray::fight::detail
