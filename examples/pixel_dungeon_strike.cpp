// Pixel Dungeon through the typed API: a level-5 warrior with a war hammer
// against a gnoll scout, exactly and with the game's own generator
// (java.util.Random, behind Math.random()) driving sampled strikes.
#include <fmt/format.h>

#include <fray/rules/pixel_dungeon/attack.hpp>
#include <fray/rules/pixel_dungeon/java_random.hpp>

int main() {
  namespace pd = fray::pixel_dungeon;

  pd::Combatant hero;
  hero.name = "warrior";
  hero.hero = pd::starting_hero(pd::HeroClass::warrior);
  hero.hero->level = 5;
  hero.hero->str = 18;
  hero.hero->weapon = pd::lookup_weapon("war_hammer");

  const pd::Combatant gnoll = pd::parse_combatant("gnoll_scout", "defender");

  const pd::AttackPlan plan = pd::plan_attack(hero, gnoll, pd::Situation{});
  const pd::Outcome o = pd::exact_outcome(plan);
  fmt::print("accuracy {} vs evasion {}: P(hit) = {:.4f}, mean damage {:.4f}\n", plan.accuracy, plan.evasion, o.p_hit,
             o.damage.mean());

  pd::JavaRandom rng(2024);
  for (int i = 0; i < 5; ++i) {
    const pd::StrikeResult s = pd::strike(plan, rng);
    if (!s.hit.hit) {
      fmt::print("miss ({:.3f} < {:.3f})\n", s.hit.acu_roll, s.hit.def_roll);
      continue;
    }
    fmt::print("hit: armor {}, roll {} -> {} damage\n", *s.armor_roll, *s.damage_roll, s.damage);
  }
}
