// fray/fight/report.hpp — turns to kill and duels as reports for `fray ttk`
// and `fray duel`, choosing the exact analysis when it can be made and Monte
// Carlo otherwise (and saying why).
#pragma once

#include <fray/fight/exact.hpp>
#include <fray/fight/model.hpp>
#include <fray/fight/monte_carlo.hpp>
#include <fray/rules/ruleset.hpp>

#include <string_view>

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
};

// Bout side a attacks side b, which does not fight back.
[[nodiscard]] TtkResult solve_ttk(const Bout& bout, const FightOptions& options = {});
[[nodiscard]] DuelResult solve_duel(const Bout& bout, const FightOptions& options = {});

// The reports: JSON fields as `fray ttk` / `fray duel --json` print them, and
// the same numbers as text.
[[nodiscard]] Report ttk_report(std::string_view rules, const Bout& bout, const FightOptions& options = {});
[[nodiscard]] Report duel_report(std::string_view rules, const Bout& bout, const FightOptions& options = {});

}  // namespace fray::fight
