// DCSS 0.19's monster specials that bear on a fight: the flavours of the
// catalog's melee attacks (mon-data.h). A fight follows poison, vampiric
// bites and fire and cold damage on the player; the others are listed as left
// out.
#pragma once

#include <fray/rules/crawl/attack.hpp>
#include <fray/rules/crawl/catalog.hpp>

#include "rules/crawl/fight_situation.hpp"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fray::crawl {

// One line per special flavour of the monster's attacks ("AF_POISON: ...").
[[nodiscard]] std::vector<std::string> monster_mechanics(const std::vector<MonsterAttack>& attacks);

// Whether a fight follows the flavour when the attack's target is `target`:
// poison (AF_POISON, AF_POISON_STRONG, AF_REACH_STING), AF_VAMPIRIC and the
// elemental flavours (AF_FIRE, AF_COLD, AF_ELEC) on the player.
[[nodiscard]] bool fight_follows(std::string_view flavour, const Combatant& target);

// "name: text" for each special of the two combatants: in `modelled` when
// `fight` (a bout, not one attack) follows it, else in `not_modelled`.
void list_mechanics(const Combatant& a, const Combatant& b, bool fight, std::vector<std::string>& modelled,
                    std::vector<std::string>& not_modelled);

// Each side's regeneration, which a fight follows (round.hpp): the player's
// (its counter in the side state) and a monster's (a random 1 HP a turn).
void list_regeneration(const Combatant& a, const Combatant& b, std::vector<std::string>& modelled);

// What each situation flag means in a fight (rules/crawl/fight_situation.hpp):
// every flag of Situation, with its name.
[[nodiscard]] std::span<const FlagRole<Situation>> fight_flags();

}  // namespace fray::crawl
