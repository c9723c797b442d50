// fray/fight/solve.hpp — turns to kill and duels, choosing the exact analysis
// when it can be made and Monte Carlo otherwise (and saying why).
#pragma once

#include <fray/fight/exact.hpp>
#include <fray/fight/kernel.hpp>
#include <fray/fight/model.hpp>
#include <fray/fight/monte_carlo.hpp>

#include <string_view>

namespace fray::fight {

struct FightOptions {
  enum class Method {
    automatic,    // exact when the rules allow it within kAutoWork, else Monte Carlo
    exact,        // asked for exact: still falls back when impossible, and method_reason says so
    monte_carlo,  // sampled
  };
  Method method = Method::automatic;
  // The runs of every part answered by Monte Carlo, whatever the method asked
  // for: the whole fight, a fallback, or the hits alone (TtkResult::hits_method).
  MonteCarloOptions monte_carlo;
  Who first_on_tie = Who::a;
  ExactLimits limits;
  // Watches the analysis or the runs and cancels them (fray/core/budget.hpp):
  // passed on to limits.progress and monte_carlo.watch. Null: neither.
  Progress* progress = nullptr;
};

// The work an `auto` fight gives its exact analysis: the budget, about a
// second on the reference machine, half of it for the search of the
// reachable conditions (ExactLimits::max_reach_work) and the whole of it for
// the steps (ExactLimits::max_work, where `exact` allows twice the budget). Past it the fight is answered by
// Monte Carlo, and method_reason says why; `exact` gives the analysis the
// whole budget. A player's fight answers within a second either way: an
// exact chain of seconds (Shattered PD's Goo against a level-10 hero, 3.7
// million conditions and 7.5 s) is sampled in a third of one.
inline constexpr double kAutoWork = kMaxWork;

// "auto", "exact", "monte-carlo": the method as results (method_asked), the
// command line (--method) and the reports name it.
[[nodiscard]] std::string_view method_name(FightOptions::Method method) noexcept;
// The method by name ("auto", "exact", "monte-carlo"; "automatic" and
// "monte_carlo" also read); throws fray::Error naming the three.
[[nodiscard]] FightOptions::Method parse_method(std::string_view name);

// Both solvers refuse at once, with TooLarge, a fight whose exact analysis
// and Monte Carlo runs are both past the work budget (the exact analysis past
// it falls back to Monte Carlo, saying so in method_reason, when the runs fit).

// Bout side a attacks side b, which does not fight back: b still takes its
// own turns (bout.b_hits_a through OwnChanges, fray/fight/exact.hpp) — its
// regeneration, HP it loses, its own state — its attacks doing nothing.
// Exact (ttk_exact(bout)) unless a kernel is not, an attack time is random
// while those turns change the fight, or past the budget: then Monte Carlo.
// Both fill method_asked, method_reason (and for turns to kill hits_reason),
// modelled and not_modelled (from the bout).
[[nodiscard]] TtkResult solve_ttk(const Bout& bout, const FightOptions& options = {});
[[nodiscard]] DuelResult solve_duel(const Bout& bout, const FightOptions& options = {});

}  // namespace fray::fight
