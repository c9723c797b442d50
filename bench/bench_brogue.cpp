// Brogue CE benchmarks: a sampled strike against the raw draws it uses, the
// exact outcome of a catalog pair, the full balance sweep, and Monte Carlo
// duels through the Brogue kernels (their side conditions numbered in a
// fight::States table).
#include <benchmark/benchmark.h>

#include <fray/fight/monte_carlo.hpp>
#include <fray/rules/brogue/attack.hpp>
#include <fray/rules/brogue/fight.hpp>
#include <fray/rules/brogue/rng.hpp>

namespace {

using namespace fray::brogue;

// Ogre against the starting player: rand_percent plus randClumpedRange(9, 13, 2)
// = rand_range(0, 99), rand_range(0, 2), rand_range(0, 2) on a hit.
const AttackPlan& ogre_plan() {
  static const AttackPlan p =
      plan_attack(parse_combatant("ogre", "attacker"), parse_combatant("player", "defender"), {});
  return p;
}

template <class R>
void strike_ogre(benchmark::State& state) {
  R rng(1);
  const AttackPlan& p = ogre_plan();
  for (auto _ : state) benchmark::DoNotOptimize(strike(p, rng));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK_TEMPLATE(strike_ogre, fray::Rng);
BENCHMARK_TEMPLATE(strike_ogre, BrogueRng);

// The same draws a hitting ogre strike makes, with no rule around them.
template <class R>
void raw_draws_ogre(benchmark::State& state) {
  R rng(1);
  for (auto _ : state) {
    benchmark::DoNotOptimize(rng.uniform(0, 99));
    benchmark::DoNotOptimize(rng.uniform(0, 2));
    benchmark::DoNotOptimize(rng.uniform(0, 2));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK_TEMPLATE(raw_draws_ogre, fray::Rng);
BENCHMARK_TEMPLATE(raw_draws_ogre, BrogueRng);

void exact_outcome(benchmark::State& state, const char* attacker, const char* defender) {
  const Combatant a = parse_combatant(attacker, "attacker");
  const Combatant d = parse_combatant(defender, "defender");
  for (auto _ : state) benchmark::DoNotOptimize(fray::brogue::exact_outcome(plan_attack(a, d, {})));
}
BENCHMARK_CAPTURE(exact_outcome, player_vs_vampire_bat, "player", "vampire_bat");
BENCHMARK_CAPTURE(exact_outcome, dragon_vs_player, "dragon", "player");
BENCHMARK_CAPTURE(exact_outcome, ogre_weak2_vs_player, "ogre:weakness=2", "player");

// 67 monsters x net enchant -10..+30 by 0.25, both directions (the player
// hitting the monster with that net enchant; the monster hitting a player in
// the same armour enchant): plan and exact outcome each.
void full_sweep(benchmark::State& state) {
  std::vector<Combatant> ms;
  for (const Monster& m : monsters()) ms.push_back(parse_combatant(m.key, "defender"));
  std::vector<Combatant> players;
  const Combatant start = parse_combatant("player", "attacker");
  for (std::int64_t q = -40; q <= 120; ++q) {
    Combatant p = start;
    p.net_enchant_quarters = q;                  // weapon net enchant
    p.defense_override = player_defense(30, q);  // leather armour at the same net enchant
    players.push_back(std::move(p));
  }
  for (auto _ : state) {
    double sum = 0;
    for (const Combatant& m : ms)
      for (const Combatant& p : players) {
        sum += fray::brogue::exact_outcome(plan_attack(p, m, {})).damage.mean();
        sum += fray::brogue::exact_outcome(plan_attack(m, p, {})).damage.mean();
      }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(2 * ms.size() * players.size()));
}
BENCHMARK(full_sweep)->Unit(benchmark::kMillisecond);

// Monte Carlo duels of the starting player (regenerating, so sampled) against
// a catalog monster, 100 000 fights on 1 and 2 threads: every attack looks
// its two sides' conditions up in the bout's table of states.
void duel_monte_carlo(benchmark::State& state, const char* a, const char* b) {
  const fray::Bout bout = make_bout(parse_combatant(a, "attacker"), parse_combatant(b, "defender"));
  fray::fight::MonteCarloOptions o;
  o.sims = 100'000;
  o.seed = 1;
  o.threads = static_cast<unsigned>(state.range(0));
  o.progress = false;
  for (auto _ : state) benchmark::DoNotOptimize(fray::fight::duel_monte_carlo(bout, fray::fight::Who::a, o));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(o.sims));
}
BENCHMARK_CAPTURE(duel_monte_carlo, player_vs_goblin, "player", "goblin")
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(duel_monte_carlo, player_vs_pink_jelly, "player", "pink_jelly")
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(duel_monte_carlo, player_vs_goblin_conjurer, "player", "goblin_conjurer")
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
BENCHMARK_MAIN();
