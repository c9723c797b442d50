// Fuzz target: each game's combatant specs and situations through to the
// exact attack, a few sampled strikes and the fight kernels.
//
// Input: byte 0 picks the ruleset from the registry (fray::rulesets(), so a
// game added later is fuzzed too) and the engine; the rest is lines:
//   attacker spec \n defender spec \n situation flags, comma-separated \n
//   key=value options (one a line)
#include "fuzz.hpp"

#include <fray/rules/ruleset.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fray;
  if (size < 1) return 0;
  const auto all = rulesets();
  const Ruleset& rules = *all[data[0] % all.size()];
  std::vector<std::string> engines = rules.engines();
  engines.insert(engines.begin(), "default");
  const std::string& engine = engines[(data[0] / all.size()) % engines.size()];

  const std::vector<std::string> in = fuzz::lines(fuzz::as_text(data + 1, size - 1));
  AttackRequest request;
  request.attacker = in.size() > 0 ? in[0] : "";
  request.defender = in.size() > 1 ? in[1] : "";
  if (in.size() > 2 && !in[2].empty()) {
    std::size_t start = 0;
    for (;;) {
      const std::size_t comma = in[2].find(',', start);
      request.situation.push_back(in[2].substr(start, comma - start));
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
  }
  for (std::size_t i = 3; i < in.size(); ++i) {
    const std::size_t eq = in[i].find('=');
    request.options[in[i].substr(0, eq)] = eq == std::string::npos ? "" : in[i].substr(eq + 1);
  }

  try {
    const AttackSummary a = rules.attack(request);
    fuzz::check_probability(a.p_hit, "P(hit)");
    fuzz::check_pmf(a.damage, "the damage distribution");
    fuzz::check_pmf(a.damage_on_hit, "the damage distribution on a hit");
    double total = 0;
    for (const OutcomeKind& k : a.outcomes) total += k.p;
    if (!a.outcomes.empty() && std::abs(total - 1.0) > 1e-6) fuzz::fail("outcome probabilities do not sum to 1");

    StrikeRequest s;
    s.attack = request;
    s.seed = size;
    s.count = 3;
    s.engine = engine;
    const StrikeRun run = rules.strike(s);
    if (run.count != 3 || run.hits > 3) fuzz::fail("a strike run of the wrong size");
    for (const Strike& st : run.strikes)
      if (st.damage < a.damage.min() || st.damage > a.damage.max())
        fuzz::fail("a strike's damage outside the exact distribution");
  } catch (const Error&) {
  }
  try {
    // The fight kernels (ttk, duel) read the same request.
    const Bout bout = rules.bout(request);
    (void)bout;
  } catch (const Error&) {
  }
  return 0;
}
