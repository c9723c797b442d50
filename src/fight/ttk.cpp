// Exact turns to kill: the chain with a target that does not fight back (one
// row while the attacker's HP never changes; one row per attacker HP when its
// own outcomes change it), stepped one attack at a time. An attacker that
// loses HP on its own turns (poison, bleeding, burning: Transition::heal < 0)
// may die before it kills: p_kill is then below 1, and `attacks` and `time`
// are given a kill.
#include <fray/fight/exact.hpp>

#include <fray/core/probability_text.hpp>

#include <fmt/format.h>

#include "fight/budget.hpp"
#include "fight/chain.hpp"
#include "fight/time.hpp"

#include <cmath>
#include <map>
#include <optional>
#include <utility>
#include <vector>

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

// The attacks of a kernel that land, one after another: each outcome that
// lands, with its probability given that the attack lands. When every miss
// leaves both sides as they were (no damage, no state change), misses are
// self-loops of the chain of attacks, and the number of steps of this kernel
// to a kill is the number of hits to kill (a miss that changes the attacker's
// HP moves something too). It records whether some miss it
// saw breaks that condition; then the count of hits is not a chain of its own.
class LandedOnly final : public Exchange {
 public:
  explicit LandedOnly(const Exchange& inner) : inner_(&inner) {}

  std::vector<Transition> outcomes(Side attacker, Side defender) const override {
    std::vector<Transition> out;
    double landed = 0;
    for (const Transition& t : inner_->outcomes(attacker, defender)) {
      if (t.landed()) {
        out.push_back(t);
        landed += t.p;
      } else if (t.damage != 0 || t.heal != 0 || t.attacker_state != attacker.state ||
                 t.defender_state != defender.state) {
        miss_moves_ = true;
      }
    }
    // Never landing from here: no hit ever comes, as no miss moves anything.
    if (!(landed > 0)) return {Transition{1, 0, attacker.state, defender.state, 0}};
    for (Transition& t : out) t.p /= landed;
    return out;
  }
  Transition sample(Side attacker, Side defender, Rng& rng) const override {
    const auto ts = outcomes(attacker, defender);
    double u = rng.unit();
    for (const Transition& t : ts) {
      if (u < t.p) return t;
      u -= t.p;
    }
    return ts.back();
  }
  Reads reads() const override { return inner_->reads(); }
  [[nodiscard]] bool miss_moves() const { return miss_moves_; }

 private:
  const Exchange* inner_;
  mutable bool miss_moves_ = false;
};

}  // namespace

std::optional<Pmf> hits_to_kill_exact(const Exchange& kernel, const Fighter& attacker, const Fighter& defender,
                                      const ExactLimits& limits) {
  const LandedOnly landed(kernel);
  const detail::Chain chain(landed, nullptr, attacker, defender, limits);
  if (landed.miss_moves()) return std::nullopt;
  const detail::Tally t = detail::step_chain(chain, attacker.attack_time, 0, Who::a, limits);
  if (landed.miss_moves()) return std::nullopt;
  if (!detail::any_positive(t.kill_nth[0])) return Pmf::point(0);
  return detail::pmf_of(t.kill_nth[0], 1);
}

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
                 : detail::time_pmf(t.kill_nth[0], attacker.attack_time, std::vector<double>{}, attacker.attack_time);
    try {
      if (auto hits = hits_to_kill_exact(kernel, attacker, defender, limits)) {
        r.hits = std::move(hits);
        r.hits_method = "exact";
      }
    } catch (const TooLarge&) {
      // Left empty: solve_ttk samples the hits and says so.
    }
  }
  if (t.wins[1] > 0)
    r.note =
        t.wins[1] >= 1 - 1e-12
            ? "the attacker always dies of the HP it loses on its own turns before it kills"
            : fmt::format("with probability {} the attacker dies of the HP it loses on its own turns before it kills",
                          significant(t.wins[1]));
  if (t.draw > 0) {
    const std::string never =
        t.draw >= 1 - 1e-12
            ? "the attacker can never kill the defender"
            : fmt::format("with probability {} the attacker can never kill the defender", significant(t.draw));
    r.note = r.note.empty() ? never : r.note + "; " + never;
  }
  return r;
}

}  // namespace fray::fight
