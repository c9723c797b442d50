// The fight layer's estimates for the work budget (fray/core/budget.hpp):
// each from the HP and each side's first attack, made before any chain is
// built or fight sampled, so that a hopeless request is refused at once.
#include "fight/budget.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace fray::fight::detail {
namespace {

// A chain stepped by one attack costs, per condition, its sum and one
// operation per move (per outcome of the attack): the count the chain's own
// check (ExactLimits::max_work) keeps.
double step_ops(const Attacks& n) { return 1 + n.moves; }
// Operations per condition found by the reachability search (a hash lookup
// and the kernel's moves: kReachCellOps, fray/fight/exact.hpp), and values
// held per condition (two masses, the move lists and runs of both sides).
constexpr auto kReachOps = static_cast<double>(kReachCellOps);
constexpr double kCellValues = 4;

struct Damage {
  double mean = 0, var = 0, p_zero = 0, outcomes = 0;
  bool heals = false;  // some outcome changes the attacker's HP
};

// The damage of the first attack, capped at the defender's HP: from the
// kernel's outcomes, or, for a kernel that cannot list them (Monte Carlo
// only), from 256 sampled attacks.
Damage first_attack(const Exchange& kernel, const Fighter& att, const Fighter& def) {
  const Side a{att.hp, att.state}, d{def.hp, def.state};
  Damage r;
  auto add = [&](double p, std::int64_t dmg, std::int64_t heal) {
    if (p > 0 && heal != 0) r.heals = true;
    const double x = static_cast<double>(std::min(dmg, def.hp));
    r.mean += p * x;
    r.var += p * x * x;
    if (dmg <= 0) r.p_zero += p;
    if (p > 0) r.outcomes += 1;
  };
  bool listed = false;
  if (kernel.exact()) {
    try {
      for (const Transition& t : kernel.outcomes(a, d)) add(t.p, t.damage, t.heal);
      listed = true;
    } catch (const Error&) {
      r = {};
    }
  }
  if (!listed) {
    Rng rng(0x5eed);
    constexpr int n = 256;
    for (int i = 0; i < n; ++i) {
      const Transition t = kernel.sample(a, d, rng);
      add(1.0 / n, t.damage, t.heal);
    }
  }
  r.var = std::max(0.0, r.var - r.mean * r.mean);
  return r;
}

std::string hp_of(const Fighter& f) { return fmt::format("{} HP", f.hp); }

}  // namespace

Attacks attacks_to_kill(const Exchange& kernel, const Fighter& att, const Fighter& def, double tail) {
  const Damage d = first_attack(kernel, att, def);
  // No damage from the start: the chain finds the stalemate at once.
  if (!(d.mean > 0)) return {1, 1, d.outcomes, d.heals};
  const double hp = static_cast<double>(def.hp);
  // The sum of n attacks is about normal: below the HP after n attacks with
  // probability `tail` once n * mean - z * sd * sqrt(n) >= HP.
  const double z = std::sqrt(2 * std::log(1 / std::max(tail, 1e-300)));
  const double sd = std::sqrt(d.var);
  const double root = (z * sd + std::sqrt(z * z * d.var + 4 * d.mean * hp)) / (2 * d.mean);
  // A run of attacks that all miss is the slower tail when hits are rare.
  const double misses = d.p_zero > 0 && d.p_zero < 1 ? std::log(tail) / std::log(d.p_zero) : 0;
  return {std::max(1.0, hp / d.mean), std::max(1.0, root * root + misses), d.outcomes, d.heals};
}

void require_ttk_budget(const Exchange& kernel, const Fighter& att, const Fighter& def, const ExactLimits& limits) {
  const Attacks n = attacks_to_kill(kernel, att, def, limits.tail);
  // An attacker whose own outcomes change its HP needs a row per HP.
  const double cells = static_cast<double>(def.hp) * (n.heals ? static_cast<double>(att.hp) : 1.0);
  const double work = n.to_tail * cells * step_ops(n) + cells * kReachOps;
  require_budget(work, cells * kCellValues, fmt::format("the exact turns to kill a defender of {}", hp_of(def)),
                 "use Monte Carlo (--sims N) or a smaller HP");
  if (limits.progress) limits.progress->expect(work);
}

void require_ttk_turns_budget(const Exchange& kernel, const Fighter& att, const Fighter& def, const ExactLimits& limits,
                              double cells, double reached) {
  const Attacks n = attacks_to_kill(kernel, att, def, limits.tail);
  const double steps = n.to_tail * (1 + att.attack_time / def.attack_time);
  // The stalemate search by phase and the runs visit every cell.
  const double work = steps * reached * step_ops(n) + cells * kReachOps;
  require_budget(work, cells * kCellValues,
                 fmt::format("the exact turns to kill a defender of {} that acts on its own turns", hp_of(def)),
                 "use Monte Carlo (--sims N) or smaller HP");
  if (limits.progress && reached > 0) limits.progress->expect(work);
}

namespace {

// Attacks by each side until one side is dead (on average, or but for `tail`
// of the mass), each with the moves of one of its attacks.
std::pair<Attacks, Attacks> duel_attacks(const Bout& bout, double tail, bool mean) {
  Attacks a = attacks_to_kill(*bout.a_hits_b, bout.a, bout.b, tail);
  Attacks b = attacks_to_kill(*bout.b_hits_a, bout.b, bout.a, tail);
  const double ta = bout.a.attack_time, tb = bout.b.attack_time;
  const double time = std::min((mean ? a.mean : a.to_tail) * ta, (mean ? b.mean : b.to_tail) * tb);
  a.mean = a.to_tail = std::max(1.0, time / ta);
  b.mean = b.to_tail = std::max(1.0, time / tb);
  return {a, b};
}

}  // namespace

void require_split_budget(const Bout& bout, const ExactLimits& limits) {
  const auto [na, nb] = duel_attacks(bout, limits.tail, false);
  const double ha = static_cast<double>(bout.a.hp), hb = static_cast<double>(bout.b.hp);
  const double work = na.to_tail * hb * step_ops(na) + nb.to_tail * ha * step_ops(nb) + (ha + hb) * kReachOps;
  require_budget(work, (ha + hb) * kCellValues,
                 fmt::format("the exact duel of {} against {}", hp_of(bout.a), hp_of(bout.b)),
                 "use Monte Carlo (--sims N) or smaller HP");
  if (limits.progress) limits.progress->expect(work);
}

void require_grid_budget(const Bout& bout, const ExactLimits& limits) {
  const auto [na, nb] = duel_attacks(bout, limits.tail, false);
  const double cells = static_cast<double>(bout.a.hp) * static_cast<double>(bout.b.hp);
  const double work = (na.to_tail * step_ops(na) + nb.to_tail * step_ops(nb)) * cells + cells * kReachOps;
  require_budget(work, cells * kCellValues,
                 fmt::format("the exact duel of {} against {} (over every pair of HP)", hp_of(bout.a), hp_of(bout.b)),
                 "use Monte Carlo (--sims N) or smaller HP");
  if (limits.progress) limits.progress->expect(work);
}

void require_monte_carlo_budget(const Exchange& a_hits_b, const Exchange* b_hits_a, const Fighter& a, const Fighter& b,
                                const MonteCarloOptions& options, bool own_turns) {
  // Attacks of each side in a fight, on average; b's are its own turns in
  // turns to kill (own_turns), or none.
  double of_a, of_b = 0;
  if (own_turns) {
    of_a = attacks_to_kill(a_hits_b, a, b, 1e-15).mean;
    of_b = of_a * a.attack_time / b.attack_time;
  } else if (b_hits_a) {
    Bout bout{a, b, std::shared_ptr<const Exchange>(&a_hits_b, [](const Exchange*) {}),
              std::shared_ptr<const Exchange>(b_hits_a, [](const Exchange*) {})};
    const auto [na, nb] = duel_attacks(bout, 1e-15, true);
    of_a = na.mean;
    of_b = nb.mean;
  } else {
    of_a = attacks_to_kill(a_hits_b, a, b, 1e-15).mean;
  }
  const double cap = static_cast<double>(options.max_attacks);
  const double attacks = std::min(of_a + of_b, cap);
  if (of_a + of_b > cap) {
    of_a *= cap / (of_a + of_b);
    of_b = cap - of_a;
  }
  // Each attack costs kSampleOps and what its kernel's draws add
  // (Exchange::extra_sample_ops).
  const double a_ops = kSampleOps + std::max(0.0, a_hits_b.extra_sample_ops());
  const double b_ops = kSampleOps + (b_hits_a ? std::max(0.0, b_hits_a->extra_sample_ops()) : 0.0);
  const double per_fight = (of_a + 1) * a_ops + of_b * b_ops;
  const double work = static_cast<double>(options.sims) * per_fight;
  const double most = std::floor(budget().work / per_fight);
  require_budget(work, 0, fmt::format("Monte Carlo of {} fights of about {:.0f} attacks each", options.sims, attacks),
                 most >= 1 ? fmt::format("use --sims {:.0f} or fewer, or smaller HP", most) : "use smaller HP");
}

}  // namespace fray::fight::detail
