// epixx benchmarks: exact outcome of one attack, a defender turn of 8 attacks,
// setup and sampled strikes.
#include <benchmark/benchmark.h>

#include <fray/rules/epixx/attack.hpp>
#include <fray/rules/epixx/turn.hpp>
#include <vector>

namespace {

using namespace fray::epixx;

AttackSetup fighter_on_duellist(const std::string& extra = "") {
  return make_attack(parse_combatant("human_fighter" + extra, "attacker"), parse_combatant("duellist", "defender"),
                     Kind::melee, 0, {});
}

// The outcome probabilities only (to-hit with the defensive index and criticals).
void BM_OutcomeProbabilities(benchmark::State& state) {
  const AttackSetup s = fighter_on_duellist();
  for (auto _ : state) benchmark::DoNotOptimize(outcome_probabilities(s, {}));
}
BENCHMARK(BM_OutcomeProbabilities);

// The whole exact report of one attack: outcomes, damage Pmf, confusion Pmfs.
void BM_ExactAttack(benchmark::State& state) {
  const AttackSetup s = fighter_on_duellist();
  for (auto _ : state) benchmark::DoNotOptimize(exact_attack(s, {}));
}
BENCHMARK(BM_ExactAttack);

// Building the setup from parsed creatures (includes the weapon's exact Pmf).
void BM_MakeAttack(benchmark::State& state) {
  const Combatant a = parse_combatant("human_fighter", "attacker"), d = parse_combatant("duellist", "defender");
  for (auto _ : state) benchmark::DoNotOptimize(make_attack(a, d, Kind::melee, 0, {}));
}
BENCHMARK(BM_MakeAttack);

// One defender turn facing N attacks (1d8 + 1 each, against dodge 2 and parry 1).
void BM_Turn(benchmark::State& state) {
  const std::vector<AttackSetup> attacks(static_cast<std::size_t>(state.range(0)), fighter_on_duellist());
  for (auto _ : state) benchmark::DoNotOptimize(analyse_turn(attacks));
}
BENCHMARK(BM_Turn)->Arg(2)->Arg(8);

// A turn of 8 two-handed 2d6 attacks with confusion_immediate (more states, wider damage).
void BM_TurnWide(benchmark::State& state) {
  Situation sit;
  sit.rules.confusion_immediate = true;
  const AttackSetup a = make_attack(parse_combatant("ogre", "attacker"), parse_combatant("human_fighter", "defender"),
                                    Kind::melee, 0, sit);
  const std::vector<AttackSetup> attacks(8, a);
  for (auto _ : state) benchmark::DoNotOptimize(analyse_turn(attacks));
}
BENCHMARK(BM_TurnWide);

// One sampled strike with the default engine.
void BM_Strike(benchmark::State& state) {
  const AttackSetup s = fighter_on_duellist();
  fray::Rng rng(1);
  for (auto _ : state) benchmark::DoNotOptimize(strike(s, {}, rng));
}
BENCHMARK(BM_Strike);

}  // namespace

BENCHMARK_MAIN();
