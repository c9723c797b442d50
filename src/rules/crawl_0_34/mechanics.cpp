#include "rules/crawl_0_34/mechanics.hpp"

#include <fmt/format.h>

#include "rules/crawl/flavours.hpp"

#include <algorithm>
#include <utility>

namespace fray::crawl_0_34 {
namespace {

// DCSS 0.34's own flavours beside those both versions share (flavours.cpp).
constexpr crawl::FlavourWords kOwn[] = {
    {"AF_DRAIN", "drains the defender's skills and HP (AF_DRAIN)"},
    {"AF_FLANK", "moves around the defender after its attack (AF_FLANK)"},
};

}  // namespace

std::vector<std::string> monster_mechanics(const std::vector<MonsterAttack>& attacks) {
  return crawl::flavour_lines(std::span<const MonsterAttack>(attacks), kOwn);
}

bool fight_follows(std::string_view flavour, const Combatant& target) {
  // The player of a spec is a human: poisonable, and living for AF_VAMPIRIC.
  if (!target.player()) return false;
  return crawl::followed_on_player(flavour);
}

void list_mechanics(const Combatant& a, const Combatant& b, bool a_fights, bool b_fights,
                    std::vector<std::string>& modelled, std::vector<std::string>& not_modelled) {
  for (const Combatant* c : {&a, &b}) {
    const Creature* m = c->creature();
    if (!m) continue;
    const Combatant& target = c == &a ? b : a;
    const bool fight = c == &a ? a_fights : b_fights;
    for (const MonsterAttack& x : m->attacks) {
      if (x.flavour == "AF_PLAIN") continue;
      const std::string text = fmt::format("{}: {}", combatant_name(*c), monster_mechanics({x}).front());
      std::vector<std::string>& list = fight && fight_follows(x.flavour, target) ? modelled : not_modelled;
      if (std::find(list.begin(), list.end(), text) == list.end()) list.push_back(text);
    }
  }
}

void list_regeneration(const Combatant& a, const Combatant& b, std::vector<std::string>& modelled) {
  for (const Combatant* side : {&a, &b})
    modelled.push_back(crawl::regeneration_line_of(combatant_name(*side), side->creature()));
}

}  // namespace fray::crawl_0_34
