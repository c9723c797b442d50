// DCSS 0.34.1 ruleset timings: the exact outcome of one player attack
// (plan_attack + exact_outcome), a monster attack, a 0..27 skill sweep,
// sampled strikes, and one attack asked through the Ruleset (specs parsed).
#include <benchmark/benchmark.h>

#include <fray/rules/crawl_0_34/ruleset.hpp>

namespace {

using namespace fray::crawl_0_34;

// A heavy case: every random to-hit term present, the biggest skill
// multipliers of the damage chain (weapon skill and fighting 27), a shield-
// bearing defender whose block depends on the to-hit.
const Combatant& heavy_player() {
  static const Combatant c = parse_combatant(
      "player:dex=15,str=20,fighting=27,polearms=27,weapon=glaive,enchant=7,body=plate_armour,armour_skill=8,"
      "shield=kite_shield,shields_skill=5,stealth=10",
      "attacker");
  return c;
}
const Combatant& warlord() {
  static const Combatant c = parse_combatant("orc_warlord:shield=tower_shield,shield_enchant=2", "defender");
  return c;
}
const Combatant& typical_player() {
  static const Combatant c =
      parse_combatant("player:dex=15,str=15,fighting=3,long_blades=5,weapon=long_sword", "attacker");
  return c;
}

void BM_PlayerAttackExactHeavy(benchmark::State& st) {
  Situation s;
  s.backlit = true;
  s.fleeing = true;  // a stab chance: the stab damage chain too
  for (auto _ : st) benchmark::DoNotOptimize(exact_outcome(plan_attack(heavy_player(), warlord(), s)));
}
BENCHMARK(BM_PlayerAttackExactHeavy)->Unit(benchmark::kMicrosecond);

void BM_PlayerAttackExactTypical(benchmark::State& st) {
  const Combatant orc = parse_combatant("orc_warrior", "defender");
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

void BM_SweepLongBlades0to27(benchmark::State& st) {
  for (auto _ : st) benchmark::DoNotOptimize(sweep(typical_player(), warlord(), {}, "long_blades", 0, 27));
}
BENCHMARK(BM_SweepLongBlades0to27)->Unit(benchmark::kMicrosecond);

void BM_RulesetAttack(benchmark::State& st) {
  fray::AttackRequest req;
  req.attacker = "player:dex=15,str=15,fighting=3,long_blades=5,weapon=long_sword";
  req.defender = "orc_warrior:shield=buckler";
  const fray::Ruleset& r = ruleset();
  for (auto _ : st) benchmark::DoNotOptimize(r.attack(req));
}
BENCHMARK(BM_RulesetAttack)->Unit(benchmark::kMicrosecond);

void BM_StrikeSampled(benchmark::State& st) {
  Situation s;
  s.fleeing = true;
  const AttackPlan p = plan_attack(heavy_player(), warlord(), s);
  fray::Rng rng(1);
  for (auto _ : st) benchmark::DoNotOptimize(strike(p, rng));
}
BENCHMARK(BM_StrikeSampled);

}  // namespace

BENCHMARK_MAIN();
