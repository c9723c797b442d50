// fray/rules/shattered_pd/parts.hpp — the mechanic parts
// (fray/fight/parts/) a Shattered Pixel Dungeon 3.3.6 mob's fight follows,
// named from its catalog row: the fight's turn composes them from this list,
// and `fray list monsters` shows it.
#pragma once

#include <fray/fight/part.hpp>
#include <fray/fight/parts/drain.hpp>
#include <fray/rules/shattered_pd/catalog.hpp>

#include <vector>

namespace fray::shattered_pd {

// Bat.attackProc: reg = min(damage - 4, HT - HP), healed when positive.
inline constexpr fight::parts::Drain kBatDrain{.less = 4};

// The parts the mob's fight follows, in the order its turn meets them.
[[nodiscard]] std::vector<fight::PartUse> mob_parts(const Mob& mob);

}  // namespace fray::shattered_pd
