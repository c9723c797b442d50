// Turns to kill and duels: the exact analysis when it can be made, Monte
// Carlo otherwise, and a note saying why.
#include <fray/fight/solve.hpp>

#include <fmt/format.h>

namespace fray::fight {
namespace {

std::string why_not(const Exchange& k, const char* side) {
  const std::string why = k.why_not_exact();
  return fmt::format("side {}: {}", side, why.empty() ? "the rules carry state the kernel cannot represent" : why);
}

// The options with the progress handed on to both methods.
FightOptions with_progress(const FightOptions& o) {
  FightOptions r = o;
  if (o.progress) r.limits.progress = r.monte_carlo.watch = o.progress;
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

// Says on a sampled result why there is no exact one.
template <class Result>
void add_note(Result& r, const std::string& why) {
  const std::string lead = "no exact analysis (" + why + "); Monte Carlo instead";
  r.note = r.note.empty() ? lead : lead + "; " + r.note;
}

}  // namespace

TtkResult solve_ttk(const Bout& bout, const FightOptions& given) {
  require(bout.a_hits_b != nullptr, "side a has no attack on side b");
  const FightOptions options = with_progress(given);
  if (options.method != FightOptions::Method::monte_carlo) {
    if (bout.a_hits_b->exact()) {
      try {
        return ttk_exact(*bout.a_hits_b, bout.a, bout.b, options.limits);
      } catch (const TooLarge& e) {
        TtkResult r =
            fallback(e.what(), [&] { return ttk_monte_carlo(*bout.a_hits_b, bout.a, bout.b, options.monte_carlo); });
        add_note(r, e.what());
        return r;
      }
    }
    TtkResult r = ttk_monte_carlo(*bout.a_hits_b, bout.a, bout.b, options.monte_carlo);
    add_note(r, why_not(*bout.a_hits_b, "a"));
    return r;
  }
  return ttk_monte_carlo(*bout.a_hits_b, bout.a, bout.b, options.monte_carlo);
}

DuelResult solve_duel(const Bout& bout, const FightOptions& given) {
  check_bout(bout);
  const FightOptions options = with_progress(given);
  if (options.method != FightOptions::Method::monte_carlo) {
    std::string why = random_order_why(bout);
    if (why.empty() && !bout.a_hits_b->exact()) why = why_not(*bout.a_hits_b, "a");
    if (why.empty() && !bout.b_hits_a->exact()) why = why_not(*bout.b_hits_a, "b");
    if (why.empty()) {
      try {
        return duel_exact(bout, options.first_on_tie, options.limits);
      } catch (const TooLarge& e) {
        why = e.what();
      }
    }
    DuelResult r = fallback(why, [&] { return duel_monte_carlo(bout, options.first_on_tie, options.monte_carlo); });
    add_note(r, why);
    return r;
  }
  return duel_monte_carlo(bout, options.first_on_tie, options.monte_carlo);
}

}  // namespace fray::fight
