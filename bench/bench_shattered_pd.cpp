// Shattered Pixel Dungeon benchmarks: the exact outcome of catalog pairs
// (first use of a range, when NormalIntRange's float-exact law is computed,
// and after), and a sampled strike against the raw draws it makes.
#include <benchmark/benchmark.h>

#include <fray/rules/shattered_pd/attack.hpp>
#include <fray/rules/shattered_pd/random.hpp>

namespace {

namespace spd = fray::shattered_pd;

spd::AttackPlan plan(const char* a, const char* d, std::vector<std::string> flags = {}) {
  return spd::plan_attack(spd::parse_combatant(a, "attacker"), spd::parse_combatant(d, "defender"),
                          spd::parse_situation(flags));
}

constexpr const char* kDuelist =
    "hero:class=duelist,subclass=champion,level=12,str=14,weapon=rapier,weapon_level=2,armor=mail,armor_level=1";

// Registered first, run once: the first exact outcome in the process, which
// computes the exact laws of the ranges it meets (NormalIntRange(0, 0),
// (0, 8), (3, 12), (0, 5)) and keeps them.
void first_use_exact_outcome(benchmark::State& state) {
  const auto p = plan(kDuelist, "gnoll_brute");
  for (auto _ : state) benchmark::DoNotOptimize(spd::exact_outcome(p));
}
BENCHMARK(first_use_exact_outcome)->Iterations(1)->Unit(benchmark::kMicrosecond);

// The exact law of one width, computed from nothing (widths above 1024 are
// not kept, so every call computes): the cost of a first use, per width.
void law_of_width(benchmark::State& state) {
  const auto n = state.range(0);
  for (auto _ : state) benchmark::DoNotOptimize(spd::normal_int_range_counts(n));
}
BENCHMARK(law_of_width)->Arg(1025)->Arg(4096)->Unit(benchmark::kMicrosecond);

// Every width a game range can have (1..1024), each computed once.
void all_kept_widths_first_use(benchmark::State& state) {
  for (auto _ : state)
    for (std::int64_t n = 1; n <= 1024; ++n) benchmark::DoNotOptimize(spd::normal_int_range_counts(n));
}
BENCHMARK(all_kept_widths_first_use)->Iterations(1)->Unit(benchmark::kMillisecond);

void exact(benchmark::State& state, const char* a, const char* d, std::vector<std::string> flags) {
  const auto p = plan(a, d, flags);
  (void)spd::exact_outcome(p);  // the laws are kept after this
  for (auto _ : state) benchmark::DoNotOptimize(spd::exact_outcome(p));
}
BENCHMARK_CAPTURE(exact, duelist_vs_gnoll_brute, kDuelist, "gnoll_brute", {});
BENCHMARK_CAPTURE(exact, warrior_vs_rat, "hero", "rat", {});
BENCHMARK_CAPTURE(exact, brute_vs_plate_hero, "brute", "hero:level=8,str=12,armor=plate", {});
BENCHMARK_CAPTURE(exact, berserker_vs_monk,
                  "hero:subclass=berserker,level=12,str=14,rage=1,weapon=war_hammer,weapon_level=3", "monk", {});
BENCHMARK_CAPTURE(exact, golem_vs_scale_hero, "golem", "hero:level=14,str=15,armor=scale,armor_level=2", {});

// The Warrior on an unaware rat: every strike makes all nine draws — two
// Floats to hit, Barkskin's and the rat's NormalIntRange (two Floats each),
// the 13-leaf clover's Float and the weapon's NormalIntRange.
template <class Engine>
void raw_draws_9(benchmark::State& state, Engine rng) {
  for (auto _ : state) {
    std::uint32_t s = 0;
    for (int i = 0; i < 9; ++i) s += spd::next_bits(rng, 24);
    benchmark::DoNotOptimize(s);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK_CAPTURE(raw_draws_9, default_engine, fray::Rng(1));
BENCHMARK_CAPTURE(raw_draws_9, java, spd::pushed_generator(1));

template <class Engine>
void strike_warrior_vs_rat(benchmark::State& state, Engine rng) {
  const auto p = plan("hero", "rat", {"unseen"});
  for (auto _ : state) benchmark::DoNotOptimize(spd::strike(p, rng).damage);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK_CAPTURE(strike_warrior_vs_rat, default_engine, fray::Rng(1));
BENCHMARK_CAPTURE(strike_warrior_vs_rat, java, spd::pushed_generator(1));

}  // namespace

BENCHMARK_MAIN();
