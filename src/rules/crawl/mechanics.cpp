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

// DCSS 0.19.6's flags in a fight (the roles and the game's calls behind them:
// rules/crawl/fight_situation.hpp, docs/crawl.md).
std::span<const FlagRole<Situation>> fight_flags() {
  using S = Situation;
  static const FlagRole<S> roles[] = {
      {&S::invisible, "invisible", InFight::swap, &S::attacker_invisible},
      {&S::attacker_invisible, "attacker_invisible", InFight::swap, &S::invisible},
      {&S::backlit, "backlit", InFight::defender_only},
      {&S::umbra, "umbra", InFight::defender_only},
      // A missile that misses alerts nothing in 0.19 (ranged_attack: only handle_phase_hit's ME_WHACK).
      {&S::sleeping, "sleeping", InFight::passing, nullptr, true, false, true},
      {&S::paralyzed, "paralyzed", InFight::refused, nullptr, false, false, false, kParalysedInFight},
      {&S::petrified, "petrified", InFight::refused, nullptr, false, false, false, kPetrifiedInFight},
      {&S::caught, "netted", InFight::refused, nullptr, false, false, false, kCaughtInFight},
      // A block or a miss leaves an awake monster's foe as it was in 0.19 (only handle_phase_hit alerts).
      {&S::unaware, "unaware", InFight::passing, nullptr, false, true, true},
      {&S::fleeing, "fleeing", InFight::refused, nullptr, false, false, false, kFleeingInFight},
      {&S::ranged, "ranged", InFight::both},
      {&S::deflect_missiles, "deflect_missiles", InFight::defender_only},
      {&S::repel_missiles, "repel_missiles", InFight::defender_only},
  };
  return roles;
}

}  // namespace fray::crawl
