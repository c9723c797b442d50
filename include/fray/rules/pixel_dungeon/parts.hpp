// fray/rules/pixel_dungeon/parts.hpp — the mechanic parts
// (fray/fight/parts/) a Pixel Dungeon 1.9.1 mob's fight follows, named from
// its catalog row: the fight's turn composes them from this list, and
// `fray list monsters` shows it.
#pragma once

#include <fray/fight/part.hpp>
#include <fray/fight/parts/drain.hpp>
#include <fray/rules/pixel_dungeon/catalog.hpp>

#include <vector>

namespace fray::pixel_dungeon {

// Bat.attackProc: reg = min(damage, HT - HP), the damage as dealt (after armor).
inline constexpr fight::parts::Drain kBatDrain{};

// The parts the mob's fight follows, in the order its turn meets them.
[[nodiscard]] std::vector<fight::PartUse> mob_parts(const Mob& mob);

}  // namespace fray::pixel_dungeon
