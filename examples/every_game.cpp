// Every game, the same typed question: the exact outcome of one attack.
#include <fray/fray.hpp>

#include <cstdio>
#include <map>
#include <string>

int main() {
  // A representative attacker and defender per game; any other game's first monster fights itself.
  const std::map<std::string, std::pair<std::string, std::string>> specs = {
      {"pixel-dungeon", {"hero", "gnoll_scout"}},
      {"brogue", {"player", "goblin_conjurer"}},
      {"crawl", {"player:fighting=5,weapon=long_sword", "orc_warrior"}},
      {"epixx", {"human_fighter", "duellist"}}};
  for (const fray::Ruleset* rules : fray::rulesets()) {
    const auto it = specs.find(std::string(rules->id()));
    fray::AttackRequest request;
    request.attacker = it != specs.end() ? it->second.first : rules->catalog(fray::CatalogKind::monsters).at(0).name;
    request.defender = it != specs.end() ? it->second.second : request.attacker;
    const fray::AttackSummary s = rules->attack(request);
    std::printf("%-14s %s attacks %s: P(hit) %.4f, mean damage %.4f\n", s.rules.c_str(), s.attacker.name.c_str(),
                s.defender.name.c_str(), s.p_hit, s.mean_damage());
  }
}
