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
  for (const Combatant* c : {&a, &b})
    if (const Player* p = c->player(); p && p->species) list_species(*p, modelled, not_modelled);
  for (const Combatant* c : {&a, &b})
    if (const Player* p = c->player(); p && p->brand != Brand::none) {
      const BrandInfo& bi = brand_info(p->brand);
      (bi.modelled ? modelled : not_modelled).push_back(fmt::format("player: weapon brand {}: {}", bi.key, bi.effect));
    }
}

void list_species(const Player& p, std::vector<std::string>& modelled, std::vector<std::string>& not_modelled) {
  const Species& s = *p.species;
  const std::string who = fmt::format("player ({})", s.key);
  modelled.push_back(fmt::format("{}: HP modifier {:+d}% in the default hp (get_real_hp), size {} (EV)", who,
                                 s.hp_mod * 10, size_name(s.size)));
  // Each innate mutation the species has at the player's XL, in the file's order.
  std::vector<std::string> seen;
  for (const auto& [at, muts] : s.mutations) {
    if (at > p.xl) continue;
    for (const auto& [mut, lv] : muts) {
      if (std::find(seen.begin(), seen.end(), mut) != seen.end()) continue;
      seen.push_back(mut);
      const auto [name, what] = combat_mutation(mut);
      if (name.empty()) continue;
      const int level = s.mutation_level(mut, p.xl);
      const std::string line = fmt::format("{}: {} {} ({}): {}", who, name, level, mut, what);
      // What fray follows: claws= (unarmed damage), the default hp, regeneration=.
      if (mut == "MUT_CLAWS" || mut == "MUT_FLAT_HP" || mut == "MUT_REGENERATION")
        modelled.push_back(line);
      else
        not_modelled.push_back(line + " not modelled");
    }
  }
  // Each auxiliary attack is named by the mutation that makes it usable (species.json aux_attacks).
}

void list_regeneration(const Combatant& a, const Combatant& b, std::vector<std::string>& modelled) {
  crawl::list_regeneration_lines(
      a, b, [](const Combatant& c) { return c.player(); }, [](const Combatant& c) { return c.creature(); },
      combatant_name, crawl::kPlayerRegen_0_34, modelled);
}

// DCSS 0.34.1's flags in a fight (the roles and the game's calls behind them:
// rules/crawl/fight_situation.hpp, docs/crawl_0_34.md).
std::span<const crawl::FlagRole<Situation>> fight_flags() {
  using S = Situation;
  using crawl::InFight;
  static const crawl::FlagRole<S> roles[] = {
      {&S::invisible, "invisible", InFight::swap, &S::attacker_invisible},
      {&S::attacker_invisible, "attacker_invisible", InFight::swap, &S::invisible},
      {&S::backlit, "backlit", InFight::defender_only},
      {&S::umbra, "umbra", InFight::defender_only},
      // Any attack wakes a sleeper: a hit or a block ME_WHACK, a miss the attack's noise (handle_noise).
      {&S::sleeping, "sleeping", InFight::passing, nullptr, true, false, false},
      {&S::paralyzed, "paralyzed", InFight::refused, nullptr, false, false, false, crawl::kParalysedInFight},
      {&S::petrified, "petrified", InFight::refused, nullptr, false, false, false, crawl::kPetrifiedInFight},
      {&S::caught, "caught", InFight::refused, nullptr, false, false, false, crawl::kCaughtInFight},
      {&S::confused, "confused", InFight::refused, nullptr, false, false, false,
       "confusion lasts a random time (ENCH_CONFUSION) the situation does not give, and a confused monster "
       "stumbles at random rather than fight"},
      // Any melee attack turns it on the player: ME_WHACK on a hit, a block and a miss (handle_phase_dodged).
      {&S::unaware, "unaware", InFight::passing, nullptr, false, false, false},
      {&S::fleeing, "fleeing", InFight::refused, nullptr, false, false, false, crawl::kFleeingInFight},
      {&S::constricted, "constricted", InFight::refused, nullptr, false, false, false,
       "constriction lasts until the defender struggles free or its constrictor lets go, at random times the "
       "situation does not give"},
      {&S::ranged, "ranged", InFight::both},
      {&S::repel_missiles, "repel_missiles", InFight::defender_only},
      {&S::deflect_missiles, "deflect_missiles", InFight::defender_only},
  };
  return roles;
}

}  // namespace fray::crawl_0_34
