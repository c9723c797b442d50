// fray/rules/shattered_pd/parts.hpp — the mechanic parts
// (fray/fight/parts/) a Shattered Pixel Dungeon 3.3.6 mob's fight follows,
// named from its catalog row: the fight's turn composes them from this list,
// and `fray list monsters` shows it.
#pragma once

#include <fray/fight/part.hpp>
#include <fray/fight/parts/drain.hpp>
#include <fray/fight/parts/rage.hpp>
#include <fray/rules/shattered_pd/catalog.hpp>

#include <vector>

namespace fray::shattered_pd {

// Bat.attackProc: reg = min(damage - 4, HT - HP), healed when positive.
inline constexpr fight::parts::Drain kBatDrain{.less = 4};

// Brute.isAlive, triggerEnrage, BruteRage.act: at 0 HP the gnoll brute
// gains a shield of HT/2 + 4, spends a turn, and loses round(4 x ascension)
// of the shield at the end of every turn.
inline constexpr fight::parts::Rage kBruteRage{
    .on = fight::parts::RageOn::at_death, .shield_plus = 4, .decay = 4, .every = 1};
// ArmoredBrute.triggerEnrage, ArmoredRage.act: a shield of HT/2 + 1, and
// round(ascension) off it every third turn (spend(3 * TICK)).
inline constexpr fight::parts::Rage kArmoredRage{
    .on = fight::parts::RageOn::at_death, .shield_plus = 1, .decay = 1, .every = 3};

// The parts the mob's fight follows, in the order its turn meets them.
[[nodiscard]] std::vector<fight::PartUse> mob_parts(const Mob& mob);

}  // namespace fray::shattered_pd
