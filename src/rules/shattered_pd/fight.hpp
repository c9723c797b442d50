// Shattered Pixel Dungeon 3.3.6 fights: each side's turn (turn.hpp) with the
// mechanics it follows (life drain, poison, ooze, bleeding, a swarm of flies
// splitting, Goo, the gnoll brute's rage, the necromancer's skeleton, the
// spectral necromancer's wraiths, the hero's regeneration and the Berserker's
// rage) and the bout of two combatants.
#pragma once

#include <fray/fight/kernel.hpp>
#include <fray/rules/shattered_pd/attack.hpp>

#include "rules/shattered_pd/turn.hpp"

#include <cstdint>

namespace fray::shattered_pd {

// The situation of the attacks `c` makes back in a fight: its melee attack
// (or its spell when it has none) at the same distance, with the situation's
// ascension and Ferret Tuft.
[[nodiscard]] Situation counter_situation(const Combatant& c, const Situation& s);

// The bout of `attacker` (a) against `defender` (b) in `situation`, with the
// notes and the lists of modelled and left-out mechanics. Throws fray::Error
// for a side without HP or a swarm whose group states pass kMaxSwarmGroups.
[[nodiscard]] Bout make_bout(const Combatant& attacker, const Combatant& defender, const Situation& situation);

// The number in bout `b` (made by make_bout) of side a's state `s` (side b's
// when not `side_a`), numbering it when new, and the state of a number: the
// fight layer sees only numbers.
[[nodiscard]] std::uint32_t state_id(const Bout& b, bool side_a, const SideState& s);
[[nodiscard]] SideState state_at(const Bout& b, bool side_a, std::uint32_t id);

}  // namespace fray::shattered_pd
