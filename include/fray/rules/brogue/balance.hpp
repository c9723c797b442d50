// fray/rules/brogue/balance.hpp — the balance tables of the Brogue wiki, computed
// from Brogue CE's own hitProbability (research note §8).
#pragma once

#include <fray/rules/brogue/attack.hpp>

#include <optional>
#include <string>
#include <vector>

namespace fray::brogue {

// Smallest player net enchant (in quarters, -80..200) at which the player's
// melee hitProbability against `defender` is at least `percent`; nullopt when
// even +50 does not reach it.
[[nodiscard]] std::optional<std::int64_t> enchant_for_hit(const Combatant& defender, int percent);

// Smallest effective displayed armour (in quarters of a point: the defense
// table index - 80) at which `attacker`'s hitProbability against the player is
// at most `percent`. With `reachable`, only internal defenses some armour at
// some net enchant gives a player (ending in 0, 2, 5 or 7) count.
[[nodiscard]] std::optional<std::int64_t> armor_for_hit(const Combatant& attacker, int percent, bool reachable);

// The monsters of the wiki's two tables, in its row order.
[[nodiscard]] const std::vector<std::string>& wiki_enchant_monsters();
[[nodiscard]] const std::vector<std::string>& wiki_armor_monsters();

}  // namespace fray::brogue
