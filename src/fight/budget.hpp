// What an exact fight or a Monte Carlo run will cost, estimated before it
// starts from the HP and each side's first attack (the work budget,
// fray/core/budget.hpp), and the progress checks the loops make.
#pragma once

#include <fray/core/budget.hpp>
#include <fray/fight/exact.hpp>
#include <fray/fight/monte_carlo.hpp>

#include <cstdint>

namespace fray::fight::detail {

// How many attacks of `att` on `def` it takes to kill: on average (`mean`),
// and before less than `tail` of the mass is left alive (`to_tail`), from the
// damage of the first attack (1 when it does no damage: the chain then
// finds the stalemate at once).
struct Attacks {
  double mean = 0, to_tail = 0;
  double moves = 1;    // outcomes of one attack: the chain's moves from a condition
  bool heals = false;  // the first attack may change the attacker's own HP
};
[[nodiscard]] Attacks attacks_to_kill(const Exchange& kernel, const Fighter& att, const Fighter& def, double tail);

// Throw TooLarge, with what to do instead, when the exact analysis is past
// the budget: turns to kill (one row of the chain), a duel split into two
// one-sided chains, a duel over the whole grid of HP pairs. Within it, tell
// limits.progress (if any) the operations to expect.
void require_ttk_budget(const Exchange& kernel, const Fighter& att, const Fighter& def, const ExactLimits& limits);
// Turns to kill with the defender's own turns (OwnChanges): the duel chain
// of `cells` cells (one row of the defender's HP when the attacker's never
// moves, else the grid of both), of which `reached` may hold mass (0 before
// the chain is built: the memory alone is checked); the defender's turns add
// their share of steps.
void require_ttk_turns_budget(const Exchange& kernel, const Fighter& att, const Fighter& def, const ExactLimits& limits,
                              double cells, double reached);
void require_split_budget(const Bout& bout, const ExactLimits& limits);
void require_grid_budget(const Bout& bout, const ExactLimits& limits);
// The same for a Monte Carlo run (b_hits_a null: turns to kill).
// `own_turns`: b_hits_a is the defender's own turns in turns to kill, which
// never end the fight by damage: the fight lasts a's attacks to kill, with
// b's turns in between.
void require_monte_carlo_budget(const Exchange& a_hits_b, const Exchange* b_hits_a, const Fighter& a, const Fighter& b,
                                const MonteCarloOptions& options, bool own_turns = false);

// Reports progress and checks for cancellation every 2^24 operations of `work`
// (the loop's running count), when the limits carry a Progress.
inline void poll(const ExactLimits& limits, std::uint64_t work, std::uint64_t& next) {
  if (!limits.progress || work < next) return;
  next = work + (std::uint64_t{1} << 24);
  limits.progress->done(static_cast<double>(work));
}

}  // namespace fray::fight::detail
