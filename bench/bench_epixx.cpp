// epixx benchmarks: exact outcome of one attack, a defender turn of 8 attacks,
// planning and sampled strikes.
#include <benchmark/benchmark.h>

#include <fray/rules/epixx/attack.hpp>
#include <fray/rules/epixx/turn.hpp>
#include <vector>

namespace {

using namespace fray::epixx;

AttackPlan fighter_on_duellist(const std::string& extra = "") {
  return plan_attack(parse_combatant("human_fighter" + extra, "attacker"), parse_combatant("duellist", "defender"), {});
}

// The result probabilities only (to-hit with the defensive index and criticals).
void BM_ResultProbabilities(benchmark::State& state) {
  const AttackPlan s = fighter_on_duellist();
  for (auto _ : state) benchmark::DoNotOptimize(result_probabilities(s, {}));
}
BENCHMARK(BM_ResultProbabilities);

// The whole exact outcome of one attack: results, damage Pmfs, confusion Pmfs.
void BM_ExactOutcome(benchmark::State& state) {
  const AttackPlan s = fighter_on_duellist();
  for (auto _ : state) benchmark::DoNotOptimize(exact_outcome(s, {}));
}
BENCHMARK(BM_ExactOutcome);

// Building the plan from parsed creatures (includes the weapon's exact Pmf).
void BM_PlanAttack(benchmark::State& state) {
  const Combatant a = parse_combatant("human_fighter", "attacker"), d = parse_combatant("duellist", "defender");
  for (auto _ : state) benchmark::DoNotOptimize(plan_attack(a, d, {}));
}
BENCHMARK(BM_PlanAttack);

// One defender turn facing N attacks (1d8 + 1 each, against dodge 2 and parry 1).
void BM_Turn(benchmark::State& state) {
  const std::vector<AttackPlan> attacks(static_cast<std::size_t>(state.range(0)), fighter_on_duellist());
  for (auto _ : state) benchmark::DoNotOptimize(analyze_turn(attacks));
}
BENCHMARK(BM_Turn)->Arg(2)->Arg(8);

// A turn of 8 two-handed 2d6 attacks with confusion_immediate (more states, wider damage).
void BM_TurnWide(benchmark::State& state) {
  Situation sit;
  sit.rules.confusion_immediate = true;
  const AttackPlan a =
      plan_attack(parse_combatant("ogre", "attacker"), parse_combatant("human_fighter", "defender"), sit);
  const std::vector<AttackPlan> attacks(8, a);
  for (auto _ : state) benchmark::DoNotOptimize(analyze_turn(attacks));
}
BENCHMARK(BM_TurnWide);

// One sampled strike with the default engine.
void BM_Strike(benchmark::State& state) {
  const AttackPlan s = fighter_on_duellist();
  fray::Rng rng(1);
  for (auto _ : state) benchmark::DoNotOptimize(strike(s, {}, rng));
}
BENCHMARK(BM_Strike);

}  // namespace

BENCHMARK_MAIN();
