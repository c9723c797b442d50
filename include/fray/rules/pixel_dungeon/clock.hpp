// fray/rules/pixel_dungeon/clock.hpp — the Pixel Dungeon family's buff clocks
// in a fight: a buff that acts on the game's clock (Regeneration.act,
// Hunger.act) as seen from a side attacking at its own pace, in exact
// fractions of a turn. The clock is the regeneration part's
// (fray/fight/parts/regeneration.hpp); these are its parametrisations.
//
// Pixel Dungeon 1.9.1 and Shattered Pixel Dungeon 3.3.6 share the law; the
// versions differ only in the period, passed as data: Pixel Dungeon
// Regeneration.act every 10 / 1.2^mending turns (regeneration_clock) and
// Hunger.act every 10 or 12 turns, Shattered Regeneration.act every turn
// (turn_clock with period 1).
#pragma once

#include <fray/fight/parts/regeneration.hpp>

#include <cstdint>
#include <string_view>

namespace fray::pixel_dungeon {

// The hero's regeneration on the game's clock (Regeneration.act: +1 HP while
// HP < HT and not starving, then spend(10 / 1.2^mending)), in whole units of
// a fraction of a turn so that it repeats exactly: points at whole
// multiples of the period, each counted at the hero's first attack at or
// after it is due (fight::parts::Clock: `attack`, `period`, `turn`, `cycle`).
using RegenClock = fight::parts::Clock;

// The clock of a hero attacking every `attack_time` turns with Ring of
// Mending levels `mending` (Pixel Dungeon 1.9.1 Regeneration.act). Throws
// fray::Error when the pattern of points repeats only after more than
// `max_cycle` attacks.
[[nodiscard]] RegenClock regeneration_clock(double attack_time, int mending, std::uint32_t max_cycle);

// The clock of a buff that acts every `period` whole turns (Pixel Dungeon
// Hunger.act every 10 or 12 turns; Shattered Pixel Dungeon Regeneration.act
// every turn) seen from a side attacking every `attack_time` turns: points
// are the buff's acts, due at whole multiples of the period from the fight's
// start. `what` names the buff in the error thrown, as regeneration_clock's,
// when the pattern repeats only after more than `max_cycle` attacks.
[[nodiscard]] RegenClock turn_clock(double attack_time, int period, std::uint32_t max_cycle, std::string_view what);

// The hero's regeneration as the part's parameters (Pixel Dungeon 1.9.1
// Regeneration.act): a point at each of the clock's acts while below HT, the
// clock holding at HT.
[[nodiscard]] fight::parts::Regeneration hero_regeneration(const RegenClock& clock);

}  // namespace fray::pixel_dungeon
