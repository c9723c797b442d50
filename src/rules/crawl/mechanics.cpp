#include "rules/crawl/mechanics.hpp"

#include <fmt/format.h>

#include "rules/crawl/flavours.hpp"

#include <algorithm>
#include <string_view>
#include <utility>
#include <variant>

namespace fray::crawl {
namespace {

// DCSS 0.19's own flavours beside those both versions share (flavours.cpp).
constexpr crawl::FlavourWords kOwn[] = {
    {"AF_DRAIN_XP", "drains the defender's experience and skills (AF_DRAIN_XP)"},
};

}  // namespace

std::vector<std::string> monster_mechanics(const std::vector<MonsterAttack>& attacks) {
  return crawl::flavour_lines(std::span<const MonsterAttack>(attacks), kOwn);
}

bool fight_follows(std::string_view flavour, const Combatant& target) {
  // The player of a spec is a human: poisonable, and natural for AF_VAMPIRIC.
  if (!std::holds_alternative<Player>(target)) return false;
  return crawl::followed_on_player(flavour);
}

void list_mechanics(const Combatant& a, const Combatant& b, bool fight, std::vector<std::string>& modelled,
                    std::vector<std::string>& not_modelled) {
  for (const Combatant* c : {&a, &b}) {
    const Monster* m = std::get_if<Monster>(c);
    if (!m) continue;
    const Combatant& target = c == &a ? b : a;
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
    modelled.push_back(crawl::regeneration_line_of(combatant_name(*side), std::get_if<Monster>(side)));
}

}  // namespace fray::crawl
