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
  if (target.creature()) return crawl::followed_on_monster(flavour);
  if (!target.player()) return false;
  return crawl::followed_on_player(flavour);
}

void list_mechanics(const Combatant& a, const Combatant& b, bool a_fights, bool b_fights,
                    std::vector<std::string>& modelled, std::vector<std::string>& not_modelled) {
  crawl::list_flavours(
      a, b, a_fights, b_fights, [](const Combatant& c) { return c.creature(); }, combatant_name, fight_follows, kOwn,
      modelled, not_modelled);
}

void list_regeneration(const Combatant& a, const Combatant& b, std::vector<std::string>& modelled) {
  crawl::list_regeneration_lines(
      a, b, [](const Combatant& c) { return c.player(); }, [](const Combatant& c) { return c.creature(); },
      combatant_name, crawl::kPlayerRegen_0_34, modelled);
}

}  // namespace fray::crawl_0_34
