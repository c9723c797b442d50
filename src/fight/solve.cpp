// Turns to kill and duels: the exact analysis when it can be made, Monte
// Carlo otherwise, and the reason for the method used.
#include <fray/fight/solve.hpp>

#include <fray/core/error.hpp>

#include <fmt/format.h>

#include <algorithm>

#include "fight/ttk.hpp"

#include <cmath>
#include <cstdint>

namespace fray::fight {
namespace {

// Names the attacking side and its target: the rule that stops the exact
// analysis may be the defender's (a swarm of flies that splits when hit).
std::string why_not(const Exchange& k, const Fighter& att, const char* side, const Fighter& def, const char* other) {
  const std::string why = k.why_not_exact();
  auto name = [](const Fighter& f, const char* s) { return f.name.empty() ? fmt::format("side {}", s) : f.name; };
  return fmt::format("{} ({}) attacking {} ({}): {}", name(att, side), side, name(def, other), other,
                     why.empty() ? "the rules carry state the kernel cannot represent" : why);
}

// The options with the progress handed on to both methods.
// The options as the solvers read them: the watch passed on, and an `auto`
// fight's exact analysis held to kAutoWork.
FightOptions with_progress(const FightOptions& o) {
  FightOptions r = o;
  if (o.progress) r.limits.progress = r.monte_carlo.watch = o.progress;
  if (o.method == FightOptions::Method::automatic) {
    // kAutoWork is kMaxWork: a program that lowers the budget lowers it too.
    const double work = budget().work * (kAutoWork / kMaxWork);
    const auto steps = static_cast<std::uint64_t>(work), search = static_cast<std::uint64_t>(work / 2);
    r.limits.max_work = std::min(r.limits.max_work, steps);
    r.limits.max_reach_work = std::min(r.limits.max_reach_work, search);
  }
  return r;
}

// Monte Carlo in place of an exact analysis past the budget: when the runs
// are past it too, one error names both.
template <class Run>
auto fallback(const std::string& why, Run&& run) {
  try {
    return run();
  } catch (const TooLarge& e) {
    throw TooLarge(fmt::format("{}; and {}", why, e.what()));
  }
}

// Why the exact analysis answered.
template <class Result>
void exact_reason(Result& r, FightOptions::Method asked) {
  r.method_reason = asked == FightOptions::Method::exact ? "exact asked for" : "auto: the exact analysis can be made";
}

// Why a sampled result answers what asked for the exact analysis or either.
template <class Result>
void fallback_reason(Result& r, FightOptions::Method asked, const std::string& why) {
  r.method_reason = asked == FightOptions::Method::exact
                        ? fmt::format("exact asked for, but no exact analysis ({}): Monte Carlo instead", why)
                        : fmt::format("auto: no exact analysis ({}), so Monte Carlo", why);
}

constexpr const char* kMonteCarloAsked = "Monte Carlo asked for";

// An exact turns to kill whose hits do not form a chain of their own (a miss
// moves some state, or the defender's own turns come between the attacks):
// the hits are sampled, from the same fight, and hits_reason says why.
TtkResult with_hits(TtkResult r, bool acts, const Bout& bout, const FightOptions& options) {
  if (!r.attacks || r.hits) return r;
  MonteCarloOptions mc = options.monte_carlo;
  if (acts) {
    // A kill comes within the exact answer's most attacks (past them less
    // than its tail is left), with the defender's turns in between: a fight
    // still going then is a stalemate, and would only spend its attacks.
    const double turns = static_cast<double>(r.attacks->max()) * (1 + bout.a.attack_time / bout.b.attack_time) + 2;
    if (turns < static_cast<double>(mc.max_attacks)) mc.max_attacks = static_cast<std::uint64_t>(std::ceil(turns));
  }
  const TtkResult s = detail::ttk_monte_carlo_turns(bout, options.first_on_tie, mc, acts);
  if (!s.hits) return r;
  r.hits = s.hits;
  r.hits_method = "monte-carlo";
  r.sims = s.sims;
  r.seed = s.seed;
  r.hits_reason =
      fmt::format("{}, so the hits do not form an exact chain of their own",
                  acts ? "the defender's own turns come between the attacks" : "a miss changes the fight's state");
  return r;
}

// The defender's own turns (regeneration, HP lost, its state) are followed
// whenever bout.b_hits_a is given: exactly when they change nothing, or when
// both kernels are exact and the attack times fixed; else sampled.
TtkResult ttk_by_method(const Bout& bout, const FightOptions& given) {
  require(bout.a_hits_b != nullptr, "side a has no attack on side b");
  const FightOptions options = with_progress(given);
  auto sampled = [&] { return ttk_monte_carlo(bout, options.first_on_tie, options.monte_carlo); };
  if (options.method == FightOptions::Method::monte_carlo) {
    TtkResult r = sampled();
    r.method_reason = kMonteCarloAsked;
    return r;
  }
  std::string why;
  if (!bout.a_hits_b->exact()) why = why_not(*bout.a_hits_b, bout.a, "a", bout.b, "b");
  if (why.empty()) {
    try {
      detail::TtkTurns x = detail::ttk_exact_turns(bout, options.first_on_tie, options.limits);
      TtkResult r = with_hits(std::move(x.result), x.acts, bout, options);
      exact_reason(r, options.method);
      return r;
    } catch (const TooLarge& e) {
      why = e.what();
    } catch (const TurnsNotExact& e) {
      why = e.what();
    }
  }
  TtkResult r = fallback(why, sampled);
  fallback_reason(r, options.method, why);
  return r;
}

DuelResult duel_by_method(const Bout& bout, const FightOptions& given) {
  check_bout(bout);
  const FightOptions options = with_progress(given);
  if (options.method != FightOptions::Method::monte_carlo) {
    std::string why = random_order_why(bout);
    if (why.empty() && !bout.a_hits_b->exact()) why = why_not(*bout.a_hits_b, bout.a, "a", bout.b, "b");
    if (why.empty() && !bout.b_hits_a->exact()) why = why_not(*bout.b_hits_a, bout.b, "b", bout.a, "a");
    if (why.empty()) {
      try {
        DuelResult r = duel_exact(bout, options.first_on_tie, options.limits);
        exact_reason(r, options.method);
        return r;
      } catch (const TooLarge& e) {
        why = e.what();
      }
    }
    DuelResult r = fallback(why, [&] { return duel_monte_carlo(bout, options.first_on_tie, options.monte_carlo); });
    fallback_reason(r, options.method, why);
    return r;
  }
  DuelResult r = duel_monte_carlo(bout, options.first_on_tie, options.monte_carlo);
  r.method_reason = kMonteCarloAsked;
  return r;
}

}  // namespace

std::string_view method_name(FightOptions::Method method) noexcept {
  switch (method) {
    case FightOptions::Method::automatic:
      return "auto";
    case FightOptions::Method::exact:
      return "exact";
    case FightOptions::Method::monte_carlo:
      return "monte-carlo";
  }
  return "auto";
}

FightOptions::Method parse_method(std::string_view name) {
  if (name == "auto" || name == "automatic") return FightOptions::Method::automatic;
  if (name == "exact") return FightOptions::Method::exact;
  if (name == "monte-carlo" || name == "monte_carlo") return FightOptions::Method::monte_carlo;
  throw Error(fmt::format("method '{}' is not one of auto, exact, monte-carlo", name));
}

TtkResult solve_ttk(const Bout& bout, const FightOptions& options) {
  TtkResult r = ttk_by_method(bout, options);
  r.method_asked = method_name(options.method);
  r.modelled = bout.modelled;
  r.not_modelled = bout.not_modelled;
  return r;
}

DuelResult solve_duel(const Bout& bout, const FightOptions& options) {
  DuelResult r = duel_by_method(bout, options);
  r.method_asked = method_name(options.method);
  r.modelled = bout.modelled;
  r.not_modelled = bout.not_modelled;
  return r;
}

}  // namespace fray::fight
