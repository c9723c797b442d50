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
  if (std::holds_alternative<Monster>(target)) return crawl::followed_on_monster(flavour);
  if (!std::holds_alternative<Player>(target)) return false;
  return crawl::followed_on_player(flavour);
}

void list_mechanics(const Combatant& a, const Combatant& b, bool fight, std::vector<std::string>& modelled,
                    std::vector<std::string>& not_modelled) {
  crawl::list_flavours(
      a, b, fight, fight, [](const Combatant& c) { return std::get_if<Monster>(&c); }, combatant_name, fight_follows,
      kOwn, modelled, not_modelled);
}

void list_regeneration(const Combatant& a, const Combatant& b, std::vector<std::string>& modelled) {
  crawl::list_regeneration_lines(
      a, b, [](const Combatant& c) { return std::get_if<Player>(&c); },
      [](const Combatant& c) { return std::get_if<Monster>(&c); }, combatant_name, kPlayerRegen_0_19, modelled);
}

}  // namespace fray::crawl
