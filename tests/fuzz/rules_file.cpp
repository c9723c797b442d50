// Fuzz target: a rules file (docs/rules.md) read and, when it reads, asked
// for one attack, a few sampled strikes and a fight's kernels.
//
// Input: the file's text. The first two lines of a `# specs` comment, when
// present, are the attacker's and the defender's specs (default: the
// file's defaults).
#include "fuzz.hpp"

#include <fray/rules/rules_file.hpp>

#include <memory>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fray;
  const std::string_view text = fuzz::as_text(data, size);
  std::unique_ptr<const Ruleset> rules;
  try {
    rules = read_rules(text, "<fuzz>");
  } catch (const RulesFileError& e) {
    if (e.line() < 0 || e.column() < 0) fuzz::fail("an error at a negative place");
    return 0;
  } catch (const Error&) {
    fuzz::fail("a rules file refused without its place (not a RulesFileError)");
  }
  const RulesetDefaults d = rules->defaults();
  const AttackRequest request{d.attacker, d.defender, {}, {}};
  try {
    const AttackSummary a = rules->attack(request);
    fuzz::check_probability(a.p_hit, "P(hit)");
    fuzz::check_pmf(a.damage, "the damage distribution");
    double total = 0;
    for (const OutcomeKind& k : a.outcomes) total += k.p;
    if (std::abs(total - 1.0) > 1e-6) fuzz::fail("outcome probabilities do not sum to 1");
    const StrikeRun run = rules->strike({request, size, 3, "default"});
    for (const Strike& st : run.strikes)
      if (st.damage < a.damage.min() || st.damage > a.damage.max())
        fuzz::fail("a strike's damage outside the exact distribution");
  } catch (const Error&) {
  }
  try {
    const Bout bout = rules->bout(request);
    if (bout.a_hits_b->exact()) (void)bout.a_hits_b->outcomes({bout.a.hp, 0}, {bout.b.hp, 0});
    Rng rng(size);
    (void)bout.b_hits_a->sample({bout.b.hp, 0}, {bout.a.hp, 0}, rng);
  } catch (const Error&) {
  }
  for (CatalogKind k : rules->catalogs()) (void)rules->catalog(k);
  return 0;
}
