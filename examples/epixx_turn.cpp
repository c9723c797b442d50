// Two attackers on one defender in one epixx turn: the exact outcome of each
// attack given the defenses the first may have used up, then sampled turns
// from a seed, each roll printed.
#include <cstdio>
#include <fray/rules/epixx/turn.hpp>
#include <string>
#include <vector>

int main() {
  using namespace fray::epixx;
  const Combatant fighter = parse_combatant("human_fighter", "attacker");
  const Combatant ogre = parse_combatant("ogre", "attacker");
  const Combatant duellist = parse_combatant("duellist", "defender");
  const std::vector<AttackPlan> attacks{plan_attack(fighter, duellist, {}), plan_attack(ogre, duellist, {})};
  const TurnOutcome t = analyze_turn(attacks);
  for (std::size_t i = 0; i < t.attacks.size(); ++i) {
    const auto& o = t.attacks[i];
    std::printf("attack %zu: miss %.4f dodge %.4f parry %.4f hit %.4f (critical %.4f)\n", i + 1, o.miss, o.dodge,
                o.parry, o.hit, o.crit);
  }
  std::printf("expected damage %.4f, P(2 hits) %.4f\n", t.damage.mean(), t.hits[2]);

  fray::Rng rng(2024);
  for (int turn = 1; turn <= 3; ++turn) {
    const TurnSample s = sample_turn(std::span<const AttackPlan>(attacks), {}, rng);
    std::printf("turn %d:", turn);
    for (const StrikeResult& k : s.strikes)
      std::printf(" [%d+%d %s dmg %lld]", k.dice[0], k.dice[1], std::string(name(k.result)).c_str(),
                  static_cast<long long>(k.damage));
    std::printf(" -> %d hits, %lld damage\n", s.hits, static_cast<long long>(s.damage));
  }
}
