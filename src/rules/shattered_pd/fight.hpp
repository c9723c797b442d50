// Shattered Pixel Dungeon 3.3.6 fights: the per-attack kernel with the
// mechanics it follows (life drain, poison, ooze, bleeding, a swarm of flies
// splitting, Goo, the gnoll brute's rage, the necromancer's skeleton, the
// spectral necromancer's wraiths, the hero's regeneration and the Berserker's
// rage) and the bout of two combatants.
#pragma once

#include <fray/fight/kernel.hpp>
#include <fray/rules/shattered_pd/attack.hpp>

namespace fray::shattered_pd {

// Group states of a swarm of flies (the flies' HP and which were born since
// the swarm's last turn) beyond which a fight is refused.
inline constexpr std::uint32_t kMaxSwarmGroups = 1u << 17;
// Group states up to which a fight with a swarm is exact; beyond, the chain
// (HP pairs times group states) grows past a second and 100 MB, and the fight
// is sampled (a swarm of 50 against a hero reaches 5 000 to 12 000).
inline constexpr std::size_t kMaxExactSwarmGroups = 4096;
// The most flies that attack the hero at once: the eight cells around her.
inline constexpr int kMaxFliesAround = 8;

// The situation of the attacks `c` makes back in a fight: its melee attack
// (or its spell when it has none) at the same distance, with the situation's
// ascension and Ferret Tuft.
[[nodiscard]] Situation counter_situation(const Combatant& c, const Situation& s);

// The bout of `attacker` (a) against `defender` (b) in `situation`, with the
// notes and the lists of modelled and left-out mechanics. Throws fray::Error
// for a side without HP or a swarm whose group states pass kMaxSwarmGroups.
[[nodiscard]] Bout make_bout(const Combatant& attacker, const Combatant& defender, const Situation& situation);

}  // namespace fray::shattered_pd
