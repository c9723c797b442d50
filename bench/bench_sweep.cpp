// The generic sweep (fray/rules/sweep.hpp): each row an exact attack, an
// exact turns to kill with hits, and a duel, through the Ruleset API.
#include <fray/rules/ruleset.hpp>
#include <fray/rules/sweep.hpp>

#include <benchmark/benchmark.h>

namespace {

void run(benchmark::State& st, const char* rules, const char* attacker, const char* defender, const char* key,
         double from, double to, fray::SweepSide side = fray::SweepSide::attacker) {
  fray::SweepRequest req;
  req.attack = {attacker, defender, {}, {}};
  req.key = key;
  req.from = from;
  req.to = to;
  req.side = side;
  req.fight.monte_carlo.sims = 10000;
  req.fight.monte_carlo.progress = false;
  const fray::Ruleset& r = fray::ruleset(rules);
  for (auto _ : st) benchmark::DoNotOptimize(fray::sweep(r, req));
}

// Pixel Dungeon STR 10..18 (9 rows), war hammer against a gnoll scout: all exact.
void pixel_dungeon_str(benchmark::State& st) {
  run(st, "pixel-dungeon", "hero:weapon=war_hammer", "gnoll_scout", "str", 10, 18);
}
// Brogue armor enchant −2..4 of a defending player (7 rows): all exact.
void brogue_armor(benchmark::State& st) {
  run(st, "brogue", "goblin", "player:armor=banded_mail", "armor_enchant", -2, 4, fray::SweepSide::defender);
}
// Crawl Fighting 0..27 (28 rows): the player's attack time is random, so each
// duel is Monte Carlo (10 000 fights a row, one thread).
void crawl_fighting(benchmark::State& st) {
  run(st, "crawl", "player:weapon=long_sword,hp=40", "orc_warrior", "fighting", 0, 27);
}

BENCHMARK(pixel_dungeon_str)->Unit(benchmark::kMillisecond);
BENCHMARK(brogue_armor)->Unit(benchmark::kMillisecond);
BENCHMARK(crawl_fighting)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
