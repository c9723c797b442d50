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

// Says on a sampled result why there is no exact one.
template <class Result>
void add_note(Result& r, const std::string& why) {
  const std::string lead = "no exact analysis (" + why + "); Monte Carlo instead";
  r.note = r.note.empty() ? lead : lead + "; " + r.note;
}

TtkResult ttk_by_method(const Bout& bout, const FightOptions& options) {
  require(bout.a_hits_b != nullptr, "side a has no attack on side b");
  if (options.method != FightOptions::Method::monte_carlo) {
    if (bout.a_hits_b->exact()) {
      try {
        return ttk_exact(*bout.a_hits_b, bout.a, bout.b, options.limits);
      } catch (const TooLarge& e) {
        TtkResult r = ttk_monte_carlo(*bout.a_hits_b, bout.a, bout.b, options.monte_carlo);
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

DuelResult duel_by_method(const Bout& bout, const FightOptions& options) {
  check_bout(bout);
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
    DuelResult r = duel_monte_carlo(bout, options.first_on_tie, options.monte_carlo);
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
