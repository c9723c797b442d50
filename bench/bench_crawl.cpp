// DCSS 0.19 ruleset timings: the exact outcome of one player attack
// (plan_attack + exact_outcome), a 0..27 skill sweep, and sampled strikes.
#include <benchmark/benchmark.h>

#include <fray/rules/crawl/attack.hpp>

namespace {

using namespace fray::crawl;

// A heavy case: every random to-hit term present (armor and shield penalty
// rolls, fighting and weapon skill, backlit), a shield-bearing defender, the
// whole damage chain with big skill multipliers.
const Combatant& heavy_player() {
  static const Combatant c = parse_combatant(
      "player:dex=15,str=20,fighting=27,weapon_skill=27,weapon=glaive,enchant=7,body=plate_armour,armour_skill=8,"
      "shield=large_shield,shields_skill=5",
      "attacker");
  return c;
}
const Combatant& warlord() {
  static const Combatant c = parse_combatant("orc_warlord:shield=large_shield,shield_enchant=2", "defender");
  return c;
}
const Combatant& typical_player() {
  static const Combatant c =
      parse_combatant("player:dex=15,str=15,fighting=3,weapon_skill=5,weapon=long_sword", "attacker");
  return c;
}

void BM_PlayerAttackExactHeavy(benchmark::State& st) {
  Situation s;
  s.backlit = true;
  for (auto _ : st) benchmark::DoNotOptimize(exact_outcome(plan_attack(heavy_player(), warlord(), s)));
}
BENCHMARK(BM_PlayerAttackExactHeavy)->Unit(benchmark::kMicrosecond);

void BM_PlayerAttackExactTypical(benchmark::State& st) {
  const Combatant orc = parse_combatant("orc", "defender");
  for (auto _ : st) benchmark::DoNotOptimize(exact_outcome(plan_attack(typical_player(), orc, {})));
}
BENCHMARK(BM_PlayerAttackExactTypical)->Unit(benchmark::kMicrosecond);

void BM_MonsterAttackExact(benchmark::State& st) {
  const Combatant troll = parse_combatant("troll", "attacker");
  const Combatant me = parse_combatant(
      "player:dex=14,str=12,dodging=8,body=chain_mail,armour_skill=10,shield=buckler,shields_skill=5", "defender");
  for (auto _ : st) benchmark::DoNotOptimize(exact_outcome(plan_attack(troll, me, {})));
}
BENCHMARK(BM_MonsterAttackExact)->Unit(benchmark::kMicrosecond);

void BM_SweepFighting0to27(benchmark::State& st) {
  for (auto _ : st) benchmark::DoNotOptimize(sweep(typical_player(), warlord(), {}, "fighting", 0, 27));
}
BENCHMARK(BM_SweepFighting0to27)->Unit(benchmark::kMicrosecond);

void BM_StrikeSampled(benchmark::State& st) {
  const AttackPlan p = plan_attack(heavy_player(), warlord(), {});
  fray::Rng rng(1);
  for (auto _ : st) benchmark::DoNotOptimize(strike(p, rng));
}
BENCHMARK(BM_StrikeSampled);

}  // namespace

BENCHMARK_MAIN();
