// Benchmarks of whole fights of each game's own turn, as a player asks them
// (bout built once): exact duels where the chain is small enough, Monte Carlo
// where the game's state makes it sample. The fight layer reads every game's
// turn the same way (fray/fight/turn.hpp), so these follow its cost per game.
//   cmake -S . -B build-bench -G Ninja -DCMAKE_BUILD_TYPE=Release -DFRAY_BUILD_BENCH=ON
//   cmake --build build-bench --target bench_games && build-bench/bench/bench_games
#include <fray/fight/exact.hpp>
#include <fray/fight/monte_carlo.hpp>
#include <fray/rules/ruleset.hpp>

#include <benchmark/benchmark.h>

namespace {

struct Fight {
  const char* rules;
  const char* a;
  const char* b;
};

fray::Bout bout_of(const Fight& f) {
  fray::AttackRequest req;
  req.attacker = f.a;
  req.defender = f.b;
  return fray::ruleset(f.rules).bout(req);
}

// Exact duels: Pixel Dungeon's hero poisoned by a cave spinner (the hero's
// regeneration clock and the poison's turns), Shattered PD's warrior against
// a monk (Focus), Crawl 0.34's player against a troll (both regenerate),
// epixx (defenses and confusion), Brogue against an ogre (the player not
// regenerating: with it, the duel is sampled), Shattered PD's warrior
// against a gnoll brute (her regeneration and its rage read their HP, by
// classes).
const Fight kExact[] = {
    {"pixel-dungeon", "hero:level=5,hp=20", "cave_spinner"},
    {"shattered-pd", "hero:level=12", "monk"},
    {"crawl-0.34", "player:hp=60,xl=10,fighting=8,long_blades=8,weapon=long_sword", "troll"},
    {"epixx", "human_fighter", "duellist"},
    {"brogue", "player:regeneration=none", "ogre"},
    {"shattered-pd", "hero:level=5", "gnoll_brute"},
};

void BM_GameDuelExact(benchmark::State& state) {
  const Fight& f = kExact[state.range(0)];
  const fray::Bout b = bout_of(f);
  state.SetLabel(f.rules);
  for (auto _ : state) benchmark::DoNotOptimize(fray::fight::duel_exact(b));
}
BENCHMARK(BM_GameDuelExact)->DenseRange(0, 5)->Unit(benchmark::kMillisecond);

// Monte Carlo, 100 000 fights on one thread: an epixx duel, Crawl 0.19's
// adder poisoning the player (turns to kill: the poison's durations are too
// many for the chain), Brogue's goblin conjurer and its blades, Shattered
// PD's Goo (pumping up; the warrior's regeneration and the ooze).
const Fight kSampled[] = {
    {"epixx", "human_fighter", "duellist"},
    {"crawl", "adder", "player:hp=14,fighting=5,weapon_skill=4,weapon=long_sword"},
    {"brogue", "player", "goblin_conjurer"},
    {"shattered-pd", "hero:level=12", "goo"},
};

void BM_GameDuelMonteCarlo(benchmark::State& state) {
  const Fight& f = kSampled[state.range(0)];
  const fray::Bout b = bout_of(f);
  fray::fight::MonteCarloOptions o;
  o.sims = 100'000;
  state.SetLabel(f.rules);
  for (auto _ : state) benchmark::DoNotOptimize(fray::fight::duel_monte_carlo(b, fray::fight::Who::a, o));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(o.sims));
}
BENCHMARK(BM_GameDuelMonteCarlo)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
