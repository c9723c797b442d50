// Core benchmarks: exact dice, raw RNG draws, sampled dice.
#include <fray/core/dice.hpp>
#include <fray/core/rng.hpp>

#include <benchmark/benchmark.h>

namespace {

void exact(benchmark::State& state, const char* expr) {
  const fray::Dice d = fray::Dice::parse(expr);
  for (auto _ : state) benchmark::DoNotOptimize(d.exact());
}
BENCHMARK_CAPTURE(exact, 3d6, "3d6");
BENCHMARK_CAPTURE(exact, 4d6kh3, "4d6kh3");
BENCHMARK_CAPTURE(exact, 1000d6, "1000d6")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(exact, 100d100, "100d100")->Unit(benchmark::kMillisecond);

// The work budget (fray/core/budget.hpp): the estimate made before every
// exact(), what a refusal costs, and the largest random rolls it accepts.
void estimate(benchmark::State& state, const char* expr) {
  const fray::Dice d = fray::Dice::parse(expr);
  for (auto _ : state) benchmark::DoNotOptimize(d.estimate());
}
BENCHMARK_CAPTURE(estimate, 3d6, "3d6");
BENCHMARK_CAPTURE(estimate, random_1000, "(1d1000)d(1d1000)kh(1d1000)!");

void refuse(benchmark::State& state, const char* expr) {
  const fray::Dice d = fray::Dice::parse(expr);
  for (auto _ : state) try {
      benchmark::DoNotOptimize(d.exact());
    } catch (const fray::TooLarge&) {
    }
}
BENCHMARK_CAPTURE(refuse, random_1000, "(1d1000)d(1d1000)");

BENCHMARK_CAPTURE(exact, largest_random_60, "(1d60)d(1d60)")->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(exact, keep_300d6kh150, "300d6kh150")->Unit(benchmark::kMillisecond);
// Keeping the lowest 5 of many dice: the cost does not grow with the number of dice.
BENCHMARK_CAPTURE(exact, keep_551d50kl5, "551d50kl5")->Unit(benchmark::kMillisecond);
// The largest keep-highest within the work budget.
BENCHMARK_CAPTURE(exact, largest_keep_1000d6kh900, "1000d6kh900")->Unit(benchmark::kMillisecond)->Iterations(1);

void rng_next(benchmark::State& state) {
  fray::Rng rng(1);
  for (auto _ : state) benchmark::DoNotOptimize(rng.next());
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(rng_next);

void rng_uniform_d6(benchmark::State& state) {
  fray::Rng rng(1);
  for (auto _ : state) benchmark::DoNotOptimize(rng.uniform(1, 6));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(rng_uniform_d6);

void sample_3d6(benchmark::State& state) {
  const fray::Dice d = fray::Dice::parse("3d6");
  fray::Rng rng(1);
  for (auto _ : state) benchmark::DoNotOptimize(d.sample(rng));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(sample_3d6);

}  // namespace

BENCHMARK_MAIN();
