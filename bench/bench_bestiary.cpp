// The bestiary (fray/rules/bestiary.hpp): a character against every monster
// of a game, each row two attacks, a turns to kill and a duel within the
// row's work. docs/performance.md has the figures and the command.
#include <fray/rules/bestiary.hpp>
#include <fray/rules/ruleset.hpp>

#include <benchmark/benchmark.h>

namespace {

void run(benchmark::State& st, const char* rules, const char* attacker) {
  fray::BestiaryRequest req;
  req.attacker = attacker;
  req.fight.monte_carlo.sims = fray::kBestiarySims;
  req.threads = static_cast<unsigned>(st.range(0));
  const fray::Ruleset& r = fray::ruleset(rules);
  for (auto _ : st) benchmark::DoNotOptimize(fray::bestiary(r, req));
}

// Crawl 0.34, all 642 monsters: its duels are Monte Carlo (the player's
// attack time is random), as are most of its turns to kill (regeneration).
void crawl_0_34_all(benchmark::State& st) {
  run(st, "crawl-0.34", "player:fighting=5,long_blades=4,weapon=long_sword,hp=40");
}
// Pixel Dungeon, all 40 monsters: exact but for the swarm of flies (and a
// monster the spec cannot build).
void pixel_dungeon_all(benchmark::State& st) { run(st, "pixel-dungeon", "hero:class=warrior,level=5"); }

BENCHMARK(crawl_0_34_all)->Arg(1)->Arg(2)->Unit(benchmark::kSecond)->Iterations(1)->UseRealTime();
BENCHMARK(pixel_dungeon_all)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
