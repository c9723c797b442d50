// DCSS 0.34's monster specials that bear on a fight: the flavours of the
// catalog's melee attacks (mon-data.h). A fight follows poison and vampiric
// bites on the player; the others are listed as left out.
#pragma once

#include <fray/rules/crawl_0_34/attack.hpp>

#include "rules/crawl/fight_situation.hpp"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fray::crawl_0_34 {

// One line per special flavour of the monster's attacks ("AT_BITE attack poisons ...").
[[nodiscard]] std::vector<std::string> monster_mechanics(const std::vector<MonsterAttack>& attacks);

// Whether a fight follows the flavour when the attack's target is `target`:
// poison (AF_POISON, AF_POISON_STRONG, AF_REACH_STING) and AF_VAMPIRIC on the player.
[[nodiscard]] bool fight_follows(std::string_view flavour, const Combatant& target);

// "name: text" for each special of the two combatants: in `modelled` when the
// side's fight rounds follow it (a_fights, b_fights: a bout's melee rounds,
// not one attack or a shot), else in `not_modelled`.
void list_mechanics(const Combatant& a, const Combatant& b, bool a_fights, bool b_fights,
                    std::vector<std::string>& modelled, std::vector<std::string>& not_modelled);

// A species' player: what fray follows of its species (HP modifier, size,
// claws) in `modelled`, its other innate combat mutations and auxiliary
// attacks at the player's XL in `not_modelled`.
void list_species(const Player& p, std::vector<std::string>& modelled, std::vector<std::string>& not_modelled);

// Each side's regeneration, which a fight follows (round.hpp): the player's
// (its counter in the side state) and a monster's (a random 1 HP a turn).
void list_regeneration(const Combatant& a, const Combatant& b, std::vector<std::string>& modelled);

// What each situation flag means in a fight (rules/crawl/fight_situation.hpp):
// every flag of Situation, with its name.
[[nodiscard]] std::span<const crawl::FlagRole<Situation>> fight_flags();

}  // namespace fray::crawl_0_34
