// fray/fight/monte_carlo.hpp — sampled turns to kill and duels.
//
// N fights are cut into blocks of `block` fights; block k draws from
// Rng(seed, k) and counts its results in integers. Threads take blocks in any
// order, and integer counts add up the same in any order, so a given seed
// gives the same result whatever the number of threads.
#pragma once

#include <fray/core/budget.hpp>
#include <fray/fight/model.hpp>

#include <cstdint>

namespace fray::fight {

struct MonteCarloOptions {
  std::uint64_t sims = 100000;
  std::uint64_t seed = 1;
  unsigned threads = 1;
  // A progress bar on stderr for runs longer than a second, only when stderr
  // is a terminal, and only when asked: the library is silent by default.
  bool progress = false;
  // A fight still going after this many attacks counts as never ending.
  std::uint64_t max_attacks = 100000;
  std::uint64_t block = 4096;
  // Called with the fraction of fights done (on the calling thread, about
  // every 10 ms); cancelling it stops every thread and throws Cancelled.
  // (`progress` above is the terminal bar; this is the library's hook.)
  Progress* watch = nullptr;
};

// Throws fray::Error for sims == 0, threads == 0, a bad bout, or a kernel
// giving negative damage; TooLarge when sims x the attacks of a fight are
// past the work budget (fray/core/budget.hpp), before sampling anything.
[[nodiscard]] TtkResult ttk_monte_carlo(const Exchange& kernel, const Fighter& attacker, const Fighter& defender,
                                        const MonteCarloOptions& options = {});
// Turns to kill with the defender's own turns (bout.b_hits_a through
// OwnChanges, fray/fight/exact.hpp; null: as above): when they provably
// change nothing, the runs above, draw for draw; else every fight follows
// both schedules, the defender's attacks doing nothing to the attacker, and
// a defender dead of its own HP loss counts as killed.
[[nodiscard]] TtkResult ttk_monte_carlo(const Bout& bout, Who first_on_tie = Who::a,
                                        const MonteCarloOptions& options = {});
[[nodiscard]] DuelResult duel_monte_carlo(const Bout& bout, Who first_on_tie = Who::a,
                                          const MonteCarloOptions& options = {});

}  // namespace fray::fight
