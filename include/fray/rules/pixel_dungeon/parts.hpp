// fray/rules/pixel_dungeon/parts.hpp — the mechanic parts
// (fray/fight/parts/) a Pixel Dungeon 1.9.1 mob's fight follows, named from
// its catalog row: the fight's turn composes them from this list, and
// `fray list monsters` shows it.
#pragma once

#include <fray/fight/part.hpp>
#include <fray/fight/parts/drain.hpp>
#include <fray/fight/parts/rage.hpp>
#include <fray/rules/pixel_dungeon/catalog.hpp>
#include <fray/rules/pixel_dungeon/hero.hpp>

#include <vector>

namespace fray::pixel_dungeon {

// Bat.attackProc: reg = min(damage, HT - HP), the damage as dealt (after armor).
inline constexpr fight::parts::Drain kBatDrain{};

// Hero.damage: a Berserker at 0 < HP <= HT x Fury.LEVEL (0.4f, the product
// in float) gains Fury, which Fury.act takes off once HP is above it again;
// with it Hero.damageRoll deals (int)(damage x 1.5f).
inline constexpr fight::parts::Rage kFury{.on = fight::parts::RageOn::hp_at_most, .fraction = 0.4f};
// Brute.damage: the gnoll brute (and the shielded brute) is enraged once its
// HP is below HT / 4, and then hits for NormalIntRange(10, 40)
// (Brute.damageRoll); its HP never rising in a fight, the rage holds while
// HP < HT / 4.
inline constexpr fight::parts::Rage kBruteRage{.on = fight::parts::RageOn::hp_below, .divisor = 4};

// The parts the mob's fight follows, in the order its turn meets them.
[[nodiscard]] std::vector<fight::PartUse> mob_parts(const Mob& mob);
// The parts a hero's fight follows: the Berserker's Fury.
[[nodiscard]] std::vector<fight::PartUse> hero_parts(const Hero& hero);

}  // namespace fray::pixel_dungeon
