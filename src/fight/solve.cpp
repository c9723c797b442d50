// Turns to kill and duels: the exact analysis when it can be made, Monte
// Carlo otherwise, and a note saying why.
#include <fray/fight/solve.hpp>

#include <fmt/format.h>

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

// An exact turns to kill whose hits do not form a chain of their own (a miss
// moves some state): the hits are sampled, and the note says so.
TtkResult with_hits(TtkResult r, const Bout& bout, const FightOptions& options) {
  if (!r.attacks || r.hits) return r;
  const TtkResult s = ttk_monte_carlo(*bout.a_hits_b, bout.a, bout.b, options.monte_carlo);
  if (!s.hits) return r;
  r.hits = s.hits;
  r.hits_method = "monte-carlo";
  const std::string why = fmt::format(
      "hits to kill sampled (Monte Carlo, {} fights, seed {}): a miss changes the fight's state, so the hits do not "
      "form an exact chain of their own",
      s.sims, s.seed);
  r.note = r.note.empty() ? why : r.note + "; " + why;
  return r;
}

TtkResult ttk_by_method(const Bout& bout, const FightOptions& given) {
  require(bout.a_hits_b != nullptr, "side a has no attack on side b");
  const FightOptions options = with_progress(given);
  if (options.method != FightOptions::Method::monte_carlo) {
    if (bout.a_hits_b->exact()) {
      try {
        return with_hits(ttk_exact(*bout.a_hits_b, bout.a, bout.b, options.limits), bout, options);
      } catch (const TooLarge& e) {
        TtkResult r =
            fallback(e.what(), [&] { return ttk_monte_carlo(*bout.a_hits_b, bout.a, bout.b, options.monte_carlo); });
        add_note(r, e.what());
        return r;
      }
    }
    TtkResult r = ttk_monte_carlo(*bout.a_hits_b, bout.a, bout.b, options.monte_carlo);
    add_note(r, why_not(*bout.a_hits_b, bout.a, "a", bout.b, "b"));
    return r;
  }
  return ttk_monte_carlo(*bout.a_hits_b, bout.a, bout.b, options.monte_carlo);
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

}  // namespace

TtkResult solve_ttk(const Bout& bout, const FightOptions& options) {
  TtkResult r = ttk_by_method(bout, options);
  r.not_modelled = bout.not_modelled;
  return r;
}

DuelResult solve_duel(const Bout& bout, const FightOptions& options) {
  DuelResult r = duel_by_method(bout, options);
  r.not_modelled = bout.not_modelled;
  return r;
}

}  // namespace fray::fight
