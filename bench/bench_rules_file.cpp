// Rules files (docs/rules.md): reading one, one blow read exactly and
// sampled, and whole fights, on the example games of examples/rules/.
#include <benchmark/benchmark.h>

#include <fray/fight/solve.hpp>
#include <fray/rules/rules_file.hpp>

#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>

namespace {

std::string example(const std::string& name) {
  std::ifstream in(std::string(FRAY_SOURCE_DIR) + "/examples/rules/" + name);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

const fray::Ruleset& rules(const std::string& name) {
  static std::map<std::string, std::unique_ptr<const fray::Ruleset>> loaded;
  auto& r = loaded[name];
  if (!r) r = fray::read_rules(example(name), name);
  return *r;
}

// Reading and compiling a file: TOML, stats, the program, the catalogs.
void BM_ReadAngband(benchmark::State& state) {
  const std::string text = example("angband.toml");
  for (auto _ : state) benchmark::DoNotOptimize(fray::read_rules(text, "angband.toml"));
}
BENCHMARK(BM_ReadAngband)->Unit(benchmark::kMicrosecond);

// One blow read exactly: the warrior on a cave orc (4 558 paths: the dice,
// the to-hit test, the critical's two rolls).
void BM_AttackAngband(benchmark::State& state) {
  const fray::Ruleset& r = rules("angband.toml");
  for (auto _ : state) benchmark::DoNotOptimize(r.attack({"warrior", "cave_orc", {}, {}}));
}
BENCHMARK(BM_AttackAngband)->Unit(benchmark::kMicrosecond);

// The plainest game's blow read exactly.
void BM_AttackPercent(benchmark::State& state) {
  const fray::Ruleset& r = rules("percent.toml");
  for (auto _ : state) benchmark::DoNotOptimize(r.attack({"knight", "goblin", {}, {}}));
}
BENCHMARK(BM_AttackPercent)->Unit(benchmark::kMicrosecond);

// 1000 sampled blows with their traces (the first 1000 of a run are traced).
void BM_Strike1000Angband(benchmark::State& state) {
  const fray::Ruleset& r = rules("angband.toml");
  for (auto _ : state) benchmark::DoNotOptimize(r.strike({{"warrior", "cave_orc", {}, {}}, 1, 1000}));
}
BENCHMARK(BM_Strike1000Angband)->Unit(benchmark::kMillisecond);

// Exact duels: the knight against the troll (percent), the warrior against
// the hill giant (Angband: two blows a turn each, 240 HP).
void BM_DuelPercent(benchmark::State& state) {
  const fray::Ruleset& r = rules("percent.toml");
  for (auto _ : state) benchmark::DoNotOptimize(fray::fight::solve_duel(r.bout({"knight", "troll", {}, {}})));
}
BENCHMARK(BM_DuelPercent)->Unit(benchmark::kMillisecond);

void BM_DuelAngband(benchmark::State& state) {
  const fray::Ruleset& r = rules("angband.toml");
  for (auto _ : state) benchmark::DoNotOptimize(fray::fight::solve_duel(r.bout({"warrior", "hill_giant", {}, {}})));
}
BENCHMARK(BM_DuelAngband)->Unit(benchmark::kMillisecond);

// An exact duel with fight state: epixx with confusion (a status).
void BM_DuelEpixx(benchmark::State& state) {
  const fray::Ruleset& r = rules("epixx.toml");
  for (auto _ : state) benchmark::DoNotOptimize(fray::fight::solve_duel(r.bout({"human_fighter", "duellist", {}, {}})));
}
BENCHMARK(BM_DuelEpixx)->Unit(benchmark::kMillisecond);

}  // namespace
BENCHMARK_MAIN();
