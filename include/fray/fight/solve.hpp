// fray/fight/solve.hpp — turns to kill and duels, choosing the exact analysis
// when it can be made and Monte Carlo otherwise (and saying why).
#pragma once

#include <fray/fight/exact.hpp>
#include <fray/fight/kernel.hpp>
#include <fray/fight/model.hpp>
#include <fray/fight/monte_carlo.hpp>

namespace fray::fight {

struct FightOptions {
  enum class Method {
    automatic,    // exact when the rules allow it, else Monte Carlo
    exact,        // asked for exact: still falls back, with a note, when impossible
    monte_carlo,  // sampled
  };
  Method method = Method::automatic;
  MonteCarloOptions monte_carlo;
  Who first_on_tie = Who::a;
  ExactLimits limits;
  // Watches the analysis or the runs and cancels them (fray/core/budget.hpp):
  // passed on to limits.progress and monte_carlo.watch. Null: neither.
  Progress* progress = nullptr;
};

// Both solvers refuse at once, with TooLarge, a fight whose exact analysis
// and Monte Carlo runs are both past the work budget (the exact analysis past
// it falls back to Monte Carlo, with a note, when the runs fit).

// Bout side a attacks side b, which does not fight back: b still takes its
// own turns (bout.b_hits_a through OwnChanges, fray/fight/exact.hpp) — its
// regeneration, HP it loses, its own state — its attacks doing nothing.
// Exact (ttk_exact(bout)) unless a kernel is not, an attack time is random
// while those turns change the fight, or past the budget: then Monte Carlo,
// with the reason in the note.
[[nodiscard]] TtkResult solve_ttk(const Bout& bout, const FightOptions& options = {});
[[nodiscard]] DuelResult solve_duel(const Bout& bout, const FightOptions& options = {});

}  // namespace fray::fight
