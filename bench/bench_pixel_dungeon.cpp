// Pixel Dungeon benchmarks: a sampled strike against the raw engine draws it
// makes, and the exact outcome of catalog pairs.
#include <benchmark/benchmark.h>

#include <fray/rules/pixel_dungeon/attack.hpp>

namespace {

namespace pd = fray::pixel_dungeon;

pd::AttackPlan plan(const char* a, const char* d, std::vector<std::string> flags = {}) {
  return pd::plan_attack(pd::parse_combatant(a, "attacker"), pd::parse_combatant(d, "defender"),
                         pd::parse_situation(flags));
}

// The draws one hit of the default warrior on a gnoll scout makes: acuRoll,
// defRoll, armor, and NormalIntRange's two doubles.
void raw_draws_5(benchmark::State& state) {
  fray::Rng rng(1);
  for (auto _ : state) {
    double s = 0;
    for (int i = 0; i < 5; ++i) s += rng.unit();
    benchmark::DoNotOptimize(s);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(raw_draws_5);

void strike_warrior_vs_gnoll(benchmark::State& state) {
  // Gnoll evasion 0 (unseen) so every strike makes all five draws.
  const auto p = plan("hero", "gnoll_scout", {"unseen"});
  fray::Rng rng(1);
  for (auto _ : state) benchmark::DoNotOptimize(pd::strike(p, rng).damage);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(strike_warrior_vs_gnoll);

void strike_assassin_vs_gnoll(benchmark::State& state) {
  const auto p = plan("hero:class=rogue,subclass=assassin", "gnoll_scout", {"unseen"});
  fray::Rng rng(1);
  for (auto _ : state) benchmark::DoNotOptimize(pd::strike(p, rng).damage);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(strike_assassin_vs_gnoll);

void exact(benchmark::State& state, const char* a, const char* d) {
  const auto p = plan(a, d);
  for (auto _ : state) benchmark::DoNotOptimize(pd::exact_outcome(p));
}
BENCHMARK_CAPTURE(exact, warrior_vs_gnoll_scout, "hero", "gnoll_scout");
BENCHMARK_CAPTURE(exact, gnoll_scout_vs_warrior, "gnoll_scout", "hero");
BENCHMARK_CAPTURE(exact, war_hammer_vs_golem, "hero:level=12,str=18,weapon=war_hammer", "golem");
BENCHMARK_CAPTURE(exact, golem_vs_plate_hero, "golem", "hero:level=14,str=17,armor=plate");

// Plan and outcome together, from parsed combatants.
void plan_and_exact(benchmark::State& state) {
  const auto a = pd::parse_combatant("hero", "attacker");
  const auto d = pd::parse_combatant("gnoll_scout", "defender");
  for (auto _ : state) benchmark::DoNotOptimize(pd::exact_outcome(pd::plan_attack(a, d, {})));
}
BENCHMARK(plan_and_exact);

}  // namespace

BENCHMARK_MAIN();
