// Exact turns to kill: the chain with a target that does not fight back (one
// row, as the attacker's HP never changes), stepped one attack at a time.
#include <fray/fight/exact.hpp>

#include <fmt/format.h>

#include "fight/budget.hpp"
#include "fight/chain.hpp"
#include "fight/time.hpp"

#include <cmath>
#include <map>

namespace fray::fight {
namespace {

// Game time to kill when each attack's time is random: the sum of N
// independent attack times, N the number of attacks to kill.
RealPmf summed_times(const std::vector<double>& kill_nth, const Fighter& attacker, const ExactLimits& limits) {
  // Keys rounded to 1e-9 of the time, so that sums reached in different
  // orders meet.
  auto key = [](double v) { return std::round(v * 1e9) / 1e9; };
  std::map<double, double> acc, sum{{0.0, 1.0}}, next;
  double total = 0;
  std::uint64_t work = 0;
  for (std::size_t i = 0; i < kill_nth.size(); ++i) {
    next.clear();
    for (const auto& [v, p] : sum)
      for (const auto& [t, q] : attacker.attack_times)
        if (q > 0) next[key(v + t)] += p * q;
    sum.swap(next);
    work += sum.size() * attacker.attack_times.size();
    if (work > limits.max_work)
      throw TooLarge(fmt::format("exact analysis: the time of {} random attacks is too large to follow", i + 1));
    if (kill_nth[i] <= 0) continue;
    for (const auto& [v, p] : sum) acc[v] += kill_nth[i] * p;
    total += kill_nth[i];
  }
  return detail::normalised(acc, total);
}

}  // namespace

TtkResult ttk_exact(const Exchange& kernel, const Fighter& attacker, const Fighter& defender,
                    const ExactLimits& limits) {
  check_fighter(attacker, "attacker");
  check_fighter(defender, "defender");
  detail::require_exact(kernel, "a");
  detail::require_ttk_budget(kernel, attacker, defender, limits);
  const detail::Chain chain(kernel, nullptr, attacker, defender, limits);
  const detail::Tally t = detail::step_chain(chain, attacker.attack_time, 0, Who::a, limits);
  TtkResult r;
  r.method = "exact";
  r.defender_hp = defender.hp;
  r.p_kill = t.wins[0];
  r.unresolved = t.unresolved;
  if (detail::any_positive(t.kill_nth[0])) {
    r.attacks = detail::pmf_of(t.kill_nth[0], 1);
    r.time = random_time(attacker)
                 ? summed_times(t.kill_nth[0], attacker, limits)
                 : detail::time_pmf(t.kill_nth[0], attacker.attack_time, t.kill_nth[1], attacker.attack_time);
  }
  if (t.draw > 0)
    r.note = t.draw >= 1 - 1e-12
                 ? "the attacker can never kill the defender"
                 : fmt::format("with probability {:.6g} the attacker can never kill the defender", t.draw);
  return r;
}

}  // namespace fray::fight
