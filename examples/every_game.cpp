// Every game, the same typed question: the exact outcome of one attack.
#include <fray/fray.hpp>

#include <cstdio>

int main() {
  for (const fray::Ruleset* rules : fray::rulesets()) {
    // The game's first catalog monster attacks its second (or itself, when alone).
    const auto monsters = rules->catalog(fray::CatalogKind::monsters);
    const fray::AttackSummary s =
        rules->attack({monsters.at(0).name, monsters.at(monsters.size() > 1 ? 1 : 0).name, {}, {}});
    std::printf("%-14s %s attacks %s: P(hit) %.4f, mean damage %.4f\n", s.rules.c_str(), s.attacker.name.c_str(),
                s.defender.name.c_str(), s.p_hit, s.mean_damage());
  }
}
