// DCSS 0.19: how much does each point of enchantment on a long sword raise the
// chance to hit an orc warrior, and the damage per swing? Exact, then a few
// seeded strikes drawn from the same rules with their traces.
#include <fmt/format.h>

#include <fray/report/report.hpp>
#include <fray/rules/crawl/attack.hpp>

int main() {
  using namespace fray::crawl;
  const Combatant warrior = parse_combatant("orc_warrior", "defender");
  for (int plus = 0; plus <= 9; plus += 3) {
    const Combatant me = parse_combatant(
        fmt::format("player:dex=14,str=16,fighting=6,weapon_skill=8,weapon=long_sword,enchant={}", plus), "attacker");
    const Outcome o = exact_outcome(plan_attack(me, warrior, {}));
    fmt::print("+{} long sword: P(hit) {:.4f}, mean damage per swing {:.3f}\n", plus, o.p_hit, o.damage.mean());
  }
  const AttackPlan p = plan_attack(
      parse_combatant("player:dex=14,str=16,fighting=6,weapon_skill=8,weapon=long_sword", "attacker"), warrior, {});
  fray::Rng rng(7);
  for (int i = 0; i < 2; ++i) {
    Trace trace;
    const StrikeResult s = strike(p, rng, TraceTo{&trace});
    fmt::print("strike {}: {} for {}\n", i + 1, kind_name(s.kind), s.damage);
    for (const fray::Draw& d : trace) fmt::print("  {:<28} {:<26} {}\n", d.label, d.call, fray::value_text(d.value));
  }
}
