// The Pixel Dungeon family's buff clocks in a fight (clock.hpp): the hero's
// regeneration (Regeneration.act) and a buff acting every few whole turns
// (Pixel Dungeon Hunger.act, Shattered Pixel Dungeon Regeneration.act), as
// seen from a side attacking at its own pace, in exact fractions of a turn.
#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <fray/core/error.hpp>
#include <fray/rules/pixel_dungeon/clock.hpp>
#include <numeric>
#include <string_view>
#include <utility>

namespace fray::pixel_dungeon {

namespace {

std::int64_t floor_div(std::int64_t a, std::int64_t b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }

std::int64_t checked_mul(std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r) || r > (std::int64_t{1} << 60))
    throw Error("hero regeneration: the attack time and the regeneration period share no common time fray can hold");
  return r;
}

// A time in turns as an exact fraction: the game's times are decimal delays
// times powers of 1.2 = 6/5 (and, in Shattered Pixel Dungeon, a weapon
// augment's 2/3 or 5/3), kept in floats; the denominator is found among
// 10 x 5^k x 3^j, the smallest first.
std::pair<std::int64_t, std::int64_t> fraction_of(double t) {
  std::int64_t five = 10;
  for (int k = 0; k <= 12; ++k, five *= 5)
    for (std::int64_t three = 1; three <= 9; three *= 3) {
      const std::int64_t den = five * three;
      const double num = std::round(t * static_cast<double>(den));
      if (num >= 1 && std::abs(num / static_cast<double>(den) - t) <= 1e-6 * t) {
        const std::int64_t n = static_cast<std::int64_t>(num), g = std::gcd(n, den);
        return {n / g, den / g};
      }
    }
  throw Error(fmt::format("hero regeneration: attack time {} is no fraction fray can follow", t));
}

}  // namespace

int RegenClock::points(std::int64_t from, std::int64_t to) const {
  return static_cast<int>(floor_div(to, period) - floor_div(from, period));
}

int RegenClock::at_attack(std::uint32_t n) const {
  return points(static_cast<std::int64_t>(n) * attack, static_cast<std::int64_t>(n + 1) * attack);
}

namespace {

// The clock of attacks every `attack_time` turns against points every pn / pd
// turns, in whole units of a fraction of a turn. `what` and `every` name the
// buff and its period in the error past `max_cycle` attacks.
RegenClock clock_of(double attack_time, std::int64_t pn, std::int64_t pd, std::uint32_t max_cycle,
                    std::string_view what, std::string_view every) {
  const auto [tn, td] = fraction_of(attack_time);
  // In units of 1 / lcm(td, pd) turn.
  const std::int64_t unit = checked_mul(td / std::gcd(td, pd), pd);
  RegenClock c;
  c.turn = unit;
  c.attack = checked_mul(tn, unit / td);
  c.period = checked_mul(pn, unit / pd);
  const std::int64_t g = std::gcd(std::gcd(c.turn, c.attack), c.period);
  c.turn /= g;
  c.attack /= g;
  c.period /= g;
  const std::int64_t cycle = c.period / std::gcd(c.attack, c.period);
  (void)checked_mul(cycle, c.attack);
  if (cycle > static_cast<std::int64_t>(max_cycle))
    throw Error(
        fmt::format("{}: with an attack every {:.4g} turns and {} every {:.4g}, the pattern repeats only after {} "
                    "attacks, more than "
                    "the {} a fight follows",
                    what, attack_time, every, static_cast<double>(pn) / static_cast<double>(pd), cycle, max_cycle));
  c.cycle = static_cast<std::uint32_t>(cycle);
  return c;
}

}  // namespace

RegenClock regeneration_clock(double attack_time, int mending, std::uint32_t max_cycle) {
  if (mending < -10 || mending > 10) throw Error(fmt::format("ring_mending={} is out of range -10..10", mending));
  // Regeneration.act: spend(REGENERATION_DELAY / 1.2^bonus), REGENERATION_DELAY = 10,
  // bonus the Ring of Mending levels: 10 x (5/6)^bonus turns.
  std::int64_t pn = 10, pd = 1;
  for (int i = 0; i < std::abs(mending); ++i) {
    pn *= mending > 0 ? 5 : 6;
    pd *= mending > 0 ? 6 : 5;
  }
  return clock_of(attack_time, pn, pd, max_cycle, "hero regeneration", "a point");
}

RegenClock turn_clock(double attack_time, int period, std::uint32_t max_cycle, std::string_view what) {
  if (period < 1) throw Error(fmt::format("{}: a period of {} turns", what, period));
  return clock_of(attack_time, period, 1, max_cycle, what, "an act");
}

}  // namespace fray::pixel_dungeon
