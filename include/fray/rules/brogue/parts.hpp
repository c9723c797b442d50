// fray/rules/brogue/parts.hpp — the mechanic parts (fray/fight/parts/) a
// Brogue CE monster's fight follows, named from its catalog row (its
// turnsBetweenRegen, its abilityFlags): the fight's turn composes them from
// this list, and `fray list monsters` shows it.
#pragma once

#include <fray/fight/part.hpp>
#include <fray/fight/parts/drain.hpp>
#include <fray/fight/parts/regeneration.hpp>
#include <fray/rules/brogue/catalog.hpp>

#include <cstdint>
#include <vector>

namespace fray::brogue {

// Combat.c inflictDamage, MA_TRANSFERENCE: the attacker regains 9/10 of
// min(damage, defender HP), with no cap at its maximum until its next turn.
inline constexpr fight::parts::Drain kTransference{
    .numerator = 9, .denominator = 10, .victim_cap = true, .capped = false};

// A regeneration of an HP every `thousandths` thousandths of a turn, with
// `per_turn` HP besides on every act (the player's regenPerTurn): acts every
// 100 ticks for a monster (Monsters.c decrementMonsterStatus, `every` = 1
// turn), on each of the player's turns (Time.c playerTurnEnded, `every` = 0);
// the clock gains 1000 a turn and holds at the maximum HP.
[[nodiscard]] fight::PartUse regeneration_part(std::int64_t thousandths, std::int64_t per_turn, bool player);

// The parts the monster's fight follows, in the order its turn meets them:
// its regeneration (when its attack time is whole turns, as fray follows it),
// transference.
[[nodiscard]] std::vector<fight::PartUse> monster_parts(const Monster& m);

}  // namespace fray::brogue
