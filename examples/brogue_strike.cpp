// A game loop's view of fray's Brogue rules: build the combatants once, plan
// the attack, then strike with the game's own generator and print the trace.
#include <cstdio>
#include <fray/rules/brogue/attack.hpp>
#include <fray/rules/brogue/rng.hpp>

int main() {
  using namespace fray::brogue;
  const Combatant player = parse_combatant("player:weapon=sword,strength=14,enchant=1", "attacker");
  const Combatant ogre = parse_combatant("ogre", "defender");
  const AttackPlan plan = plan_attack(player, ogre, {});
  const Outcome exact = exact_outcome(plan);
  std::printf("hitProbability %d %%, mean damage %.4f\n", exact.hit_percent, exact.damage.mean());

  BrogueRng rng(12345);  // the game's seed: the same draws as the game makes
  for (int i = 0; i < 5; ++i) {
    const StrikeResult r = strike(plan, rng, [](DrawFor what, std::int64_t lo, std::int64_t hi, std::int64_t v) {
      std::printf("  %s rand_range(%lld, %lld) = %lld\n", what == DrawFor::to_hit ? "to-hit" : "damage",
                  static_cast<long long>(lo), static_cast<long long>(hi), static_cast<long long>(v));
    });
    std::printf("strike %d: %s, damage %lld\n", i + 1, r.hit ? "hit" : "miss", static_cast<long long>(r.damage));
  }
}
