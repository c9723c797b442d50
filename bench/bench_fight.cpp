// Benchmarks of the fight layer: exact duels and turns to kill, Monte Carlo duels.
//   cmake -S . -B build-bench -G Ninja -DCMAKE_BUILD_TYPE=Release -DFRAY_BUILD_BENCH=ON
//   cmake --build build-bench --target bench_fight && build-bench/bench/bench_fight
#include <fray/fight/exact.hpp>
#include <fray/fight/monte_carlo.hpp>
#include <fray/rules/ruleset.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <memory>
#include <vector>

namespace {

// p to hit for lo..hi; with `confuse`, a hit confuses the defender for two
// of its own attacks, which then miss (epixx confusion: the defender's
// state counts the attacks left), so the sides are coupled through states;
// with `fury`, trunc(1.5 x) while the attacker is at 40 %
// of `max_hp` or less (Pixel Dungeon's berserker), which ties the two sides'
// HP together in the chain; with `drain`, a hit heals the attacker by its
// damage up to `max_hp` (Pixel Dungeon's vampire bat, Bat.attackProc), so
// that HP go up and down.
class Attack final : public fray::Exchange {
 public:
  Attack(double p, int lo, int hi, std::int64_t max_hp, bool fury, bool drain = false, bool confuse = false)
      : p_(p), lo_(lo), hi_(hi), max_hp_(max_hp), fury_(fury), drain_(drain), confuse_(confuse) {}
  [[nodiscard]] std::int64_t damage(fray::Side a, std::int64_t roll) const {
    return fury_ && a.hp * 5 <= max_hp_ * 2 ? roll * 3 / 2 : roll;
  }
  std::vector<fray::Transition> outcomes(fray::Side a, fray::Side d) const override {
    if (a.state > 0) return {{1, 0, a.state - 1, d.state}};
    std::vector<fray::Transition> ts;
    ts.reserve(static_cast<std::size_t>(hi_ - lo_ + 2));
    ts.push_back({1 - p_, 0, a.state, d.state});
    for (int v = lo_; v <= hi_; ++v) ts.push_back(hit(a, d, damage(a, v), p_ / (hi_ - lo_ + 1)));
    return ts;
  }
  fray::Transition sample(fray::Side a, fray::Side d, fray::Rng& rng) const override {
    if (a.state > 0) return {1, 0, a.state - 1, d.state};
    if (rng.unit() >= p_) return {1, 0, a.state, d.state};
    return hit(a, d, damage(a, rng.uniform(lo_, hi_)), 1);
  }
  // Fury and the drain's cap read an HP (the attacker's own).
  Reads reads() const override { return {fury_ || drain_, false}; }

 private:
  double p_;
  int lo_, hi_;
  std::int64_t max_hp_;
  bool fury_, drain_, confuse_;

  [[nodiscard]] fray::Transition hit(fray::Side a, fray::Side d, std::int64_t dmg, double p) const {
    return {p, dmg, a.state, confuse_ ? 2u : d.state, 1, drain_ ? std::min(dmg, max_hp_ - a.hp) : 0};
  }
};

// Side a drains (mode 2), both sides are in fury (mode 1), a's hits confuse
// b (mode 3), or none of these (0).
fray::Bout bout(std::int64_t hp, int mode, int lo = 1, int hi = 10) {
  const bool fury = mode == 1;
  fray::Bout b;
  b.a = {"a", hp, 1.0, 0};
  b.b = {"b", hp, 1.0, 0};
  b.a_hits_b = std::make_shared<Attack>(0.8, lo, hi, hp, fury, mode == 2, mode == 3);
  b.b_hits_a = std::make_shared<Attack>(0.7, lo, hi, hp, fury);
  return b;
}

void BM_TtkExact(benchmark::State& state) {
  const fray::Bout b = bout(state.range(0), 0);
  for (auto _ : state) benchmark::DoNotOptimize(fray::fight::ttk_exact(*b.a_hits_b, b.a, b.b));
}
BENCHMARK(BM_TtkExact)->Arg(300)->Arg(3000)->Unit(benchmark::kMillisecond);

// Exact duel, HP a side; the second argument 1 turns on fury, 2 a's life
// drain (HP going up: the grid with cycles), 3 a's confusing hits (the grid
// times b's three confusion states).
void BM_DuelExact(benchmark::State& state) {
  const fray::Bout b = bout(state.range(0), static_cast<int>(state.range(1)));
  for (auto _ : state) benchmark::DoNotOptimize(fray::fight::duel_exact(b));
}
BENCHMARK(BM_DuelExact)
    ->Args({40, 0})
    ->Args({40, 1})
    ->Args({100, 1})
    ->Args({300, 0})
    ->Args({300, 1})
    ->Args({100, 2})
    ->Args({300, 2})
    ->Args({100, 3})
    ->Args({300, 3})
    ->Unit(benchmark::kMillisecond);

// Exact duels of the games' own kernels (bout built once): Brogue at 300 HP a
// side without the player's regeneration against a zombie, which does not
// regenerate (independent sides); Crawl with both sides' regeneration
// (coupled: the player's counter reads its HP), at the 40 HP its cell limit
// allows against an orc warrior; Brogue at 300 HP a side against a goblin,
// whose regeneration couples the sides (its counter's states times the grid);
// a Shattered PD warrior against a dwarf monk, whose Focus (15 states) times
// her regeneration's clock makes a million conditions.
void BM_DuelExactCatalog(benchmark::State& state) {
  static const char* const specs[][3] = {
      {"brogue", "player:hp=300,regeneration=none", "zombie:hp=300"},
      {"crawl", "player:hp=40,fighting=5,weapon_skill=4,weapon=long_sword", "orc_warrior"},
      {"brogue", "player:hp=300,regeneration=none", "goblin:hp=300"},
      {"shattered-pd", "hero:class=warrior,level=16,str=16,weapon=longsword,weapon_level=2,armor=scale,armor_level=2",
       "monk"},
  };
  const auto& m = specs[state.range(0)];
  fray::AttackRequest req;
  req.attacker = m[1];
  req.defender = m[2];
  const fray::Bout b = fray::ruleset(m[0]).bout(req);
  state.SetLabel(m[0]);
  for (auto _ : state) benchmark::DoNotOptimize(fray::fight::duel_exact(b));
}
BENCHMARK(BM_DuelExactCatalog)->Arg(0)->Arg(1)->Arg(2)->Arg(3)->Unit(benchmark::kMillisecond);

// The check Monte Carlo makes first: can this fight end at all?
void BM_CanEnd(benchmark::State& state) {
  const fray::Bout b = bout(state.range(0), 0);
  for (auto _ : state) benchmark::DoNotOptimize(fray::fight::can_end(*b.a_hits_b, b.b_hits_a.get(), b.a, b.b));
}
BENCHMARK(BM_CanEnd)->Arg(300)->Unit(benchmark::kMillisecond);

// Monte Carlo: short duels (10 HP a side, 1d6), on 1 and 2 threads.
void BM_DuelMonteCarlo(benchmark::State& state) {
  const fray::Bout b = bout(10, 0, 1, 6);
  fray::fight::MonteCarloOptions o;
  o.sims = 1'000'000;
  o.seed = 1;
  o.threads = static_cast<unsigned>(state.range(0));
  o.progress = false;
  for (auto _ : state) benchmark::DoNotOptimize(fray::fight::duel_monte_carlo(b, fray::fight::Who::a, o));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(o.sims));
}
BENCHMARK(BM_DuelMonteCarlo)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

// The work budget (fray/core/budget.hpp): what refusing costs (the estimate
// alone, made before anything is built), and the largest computations it
// accepts.
void BM_RefuseTtk(benchmark::State& state) {
  const fray::Bout b = bout(fray::kMaxHp, 0);
  for (auto _ : state) try {
      benchmark::DoNotOptimize(fray::fight::ttk_exact(*b.a_hits_b, b.a, b.b));
    } catch (const fray::TooLarge&) {
    }
}
BENCHMARK(BM_RefuseTtk)->Unit(benchmark::kMicrosecond);

void BM_RefuseDuel(benchmark::State& state) {
  const fray::Bout b = bout(fray::kMaxHp, 0);
  for (auto _ : state) try {
      benchmark::DoNotOptimize(fray::fight::duel_exact(b));
    } catch (const fray::TooLarge&) {
    }
}
BENCHMARK(BM_RefuseDuel)->Unit(benchmark::kMicrosecond);

// Turns to kill near the largest HP the budget accepts for this attack
// (0.8 to hit, 1..10 damage: about 4.4 an attack, 11 outcomes).
void BM_LargestTtk(benchmark::State& state) {
  const fray::Bout b = bout(state.range(0), 0);
  for (auto _ : state) benchmark::DoNotOptimize(fray::fight::ttk_exact(*b.a_hits_b, b.a, b.b));
}
BENCHMARK(BM_LargestTtk)->Arg(36000)->Unit(benchmark::kMillisecond)->Iterations(1);

// The largest coupled duel (the whole grid of HP pairs) it accepts.
void BM_LargestGridDuel(benchmark::State& state) {
  const fray::Bout b = bout(state.range(0), 1);
  for (auto _ : state) benchmark::DoNotOptimize(fray::fight::duel_exact(b));
}
BENCHMARK(BM_LargestGridDuel)->Arg(650)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
