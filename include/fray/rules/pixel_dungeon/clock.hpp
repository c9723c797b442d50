// fray/rules/pixel_dungeon/clock.hpp — the Pixel Dungeon family's buff clocks
// in a fight: a buff that acts on the game's clock (Regeneration.act,
// Hunger.act) as seen from a side attacking at its own pace, in exact
// fractions of a turn.
//
// Pixel Dungeon 1.9.1 and Shattered Pixel Dungeon 3.3.6 share the law; the
// versions differ only in the period, passed as data: Pixel Dungeon
// Regeneration.act every 10 / 1.2^mending turns (regeneration_clock) and
// Hunger.act every 10 or 12 turns, Shattered Regeneration.act every turn
// (turn_clock with period 1).
#pragma once

#include <cstdint>
#include <string_view>

namespace fray::pixel_dungeon {

// The hero's regeneration on the game's clock (Regeneration.act: +1 HP while
// HP < HT and not starving, then spend(10 / 1.2^mending)), in whole units of
// a fraction of a turn so that it repeats exactly. The clock runs while the
// hero is below HT, from 0 when the fight starts: the first point is due a
// whole period of such time after it is first hurt; each is counted on the
// hero's first turn at or after it is due, before its attack.
struct RegenClock {
  std::int64_t attack = 1;   // the hero's attack time
  std::int64_t period = 10;  // time between two points
  std::int64_t turn = 1;     // one turn
  std::uint32_t cycle = 10;  // attacks after which the pattern of points repeats
  // Points due in (from, to]: those at whole multiples of the period.
  [[nodiscard]] int points(std::int64_t from, std::int64_t to) const;
  // Points counted at the hero's attack n (0-based), due in (n attack, (n + 1) attack].
  [[nodiscard]] int at_attack(std::uint32_t n) const;
};

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

}  // namespace fray::pixel_dungeon
