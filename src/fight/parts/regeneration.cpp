// Regeneration, one part for every game (fray/fight/parts/regeneration.hpp):
// its clock in exact fractions of a turn, its limit, its note and its PartUse.
#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <fray/core/error.hpp>
#include <fray/fight/parts/regeneration.hpp>
#include <numeric>
#include <string>
#include <string_view>
#include <utility>

namespace fray::fight::parts {

namespace {

std::int64_t floor_div(std::int64_t a, std::int64_t b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }

std::int64_t checked_mul(std::int64_t a, std::int64_t b, std::string_view what) {
  std::int64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r) || r > (std::int64_t{1} << 60))
    throw Error(fmt::format("{}: the attack time and the period share no common time fray can hold", what));
  return r;
}

// A time in turns as an exact fraction: the games' times are decimal delays
// times powers of 1.2 = 6/5 (and, in Shattered Pixel Dungeon, a weapon
// augment's 2/3 or 5/3), kept in floats; the denominator is found among
// 10 x 5^k x 3^j, the smallest first.
std::pair<std::int64_t, std::int64_t> fraction_of(double t, std::string_view what) {
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
  throw Error(fmt::format("{}: attack time {} is no fraction fray can follow", what, t));
}

// The clock of turns every tn / td against acts every pn / pd, in whole
// units of 1 / lcm(td, pd) game turn.
Clock clock_from(std::int64_t tn, std::int64_t td, std::int64_t pn, std::int64_t pd, std::uint32_t max_cycle,
                 std::string_view what, std::string_view every, double turn_time) {
  const std::int64_t unit = checked_mul(td / std::gcd(td, pd), pd, what);
  Clock c;
  c.turn = unit;
  c.attack = checked_mul(tn, unit / td, what);
  c.period = checked_mul(pn, unit / pd, what);
  const std::int64_t g = std::gcd(std::gcd(c.turn, c.attack), c.period);
  c.turn /= g;
  c.attack /= g;
  c.period /= g;
  const std::int64_t cycle = c.period / std::gcd(c.attack, c.period);
  (void)checked_mul(cycle, c.attack, what);
  if (cycle > static_cast<std::int64_t>(max_cycle))
    throw Error(
        fmt::format("{}: with an attack every {:.4g} turns and {} every {:.4g}, the pattern repeats only after {} "
                    "attacks, more than "
                    "the {} a fight follows",
                    what, turn_time, every, static_cast<double>(pn) / static_cast<double>(pd), cycle, max_cycle));
  c.cycle = static_cast<std::uint32_t>(cycle);
  return c;
}

std::string number(double v) { return fmt::format("{:.4g}", v); }

}  // namespace

int Clock::points(std::int64_t from, std::int64_t to) const {
  return static_cast<int>(floor_div(to, period) - floor_div(from, period));
}

int Clock::at_attack(std::uint32_t n) const {
  return points(static_cast<std::int64_t>(n) * attack, static_cast<std::int64_t>(n + 1) * attack);
}

std::vector<int> Clock::by_attack() const {
  std::vector<int> out(cycle);
  for (std::uint32_t n = 0; n < cycle; ++n) out[n] = at_attack(n);
  return out;
}

Clock each_turn() { return Clock{}; }

Clock clock_of(double turn_time, std::int64_t period_num, std::int64_t period_den, std::uint32_t max_cycle,
               std::string_view what, std::string_view every) {
  if (period_num < 1 || period_den < 1)
    throw Error(fmt::format("{}: a period of {}/{} turns", what, period_num, period_den));
  const auto [tn, td] = fraction_of(turn_time, what);
  return clock_from(tn, td, period_num, period_den, max_cycle, what, every, turn_time);
}

Clock clock_of_ticks(std::int64_t turn_time, std::int64_t period, std::uint32_t max_cycle, std::string_view what) {
  if (turn_time < 1 || period < 1)
    throw Error(fmt::format("{}: a turn of {} ticks, an act every {}", what, turn_time, period));
  return clock_from(turn_time, 1, period, 1, max_cycle, what, "an act", static_cast<double>(turn_time));
}

std::size_t regeneration_states(const Regeneration& g, bool random_gain) {
  const std::int64_t t = std::max<std::int64_t>(g.threshold, 1);
  const std::int64_t store = random_gain || g.gain <= 0 ? t : t / std::gcd(t, g.gain);
  return std::max<std::size_t>(g.acts.size(), 1) * static_cast<std::size_t>(store);
}

void check_regeneration(const Regeneration& g, std::size_t limit, std::string_view what, bool random_gain) {
  const std::size_t n = regeneration_states(g, random_gain);
  if (n > limit)
    throw TooLarge(fmt::format("{}: its regeneration reaches {} clock values, more than the {} an exact fight follows",
                               what, n, limit));
}

std::string regeneration_note(const Regeneration& g, double act_turns, std::string_view source) {
  const std::string when = act_turns > 0 ? fmt::format("every {} turns", number(act_turns)) : "each of its turns";
  std::string what;
  if (g.threshold == 1 && g.gain == 1)
    what = fmt::format("regenerates 1 HP {} while below its maximum", when);
  else
    what =
        fmt::format("regenerates 1 HP for every {} of {} gained {} while below its maximum", g.threshold, g.gain, when);
  if (g.per_act > 0) what += fmt::format(", and {} HP more each time", g.per_act);
  if (g.at_full == AtFull::reset) what += "; its count starts again from 0 at the maximum";
  return source.empty() ? what : fmt::format("{} ({})", what, source);
}

PartUse regeneration_use(double every, double gain, double threshold, double per_act, double chance, AtFull at_full,
                         std::string source) {
  return PartUse{"regeneration",
                 {{"every", every},
                  {"gain", gain},
                  {"threshold", threshold},
                  {"per_act", per_act},
                  {"chance", chance},
                  {"at_full", static_cast<double>(at_full)}},
                 std::move(source)};
}

Regeneration regeneration_of(const PartUse& use, double turn_time, std::uint32_t max_cycle) {
  if (use.part != "regeneration") throw Error(fmt::format("part {} is not a regeneration", use.part));
  const double every = param(use, "every"), gain = param(use, "gain"), threshold = param(use, "threshold"),
               per_act = param(use, "per_act"), at_full = param(use, "at_full");
  const auto whole = [&use](double v, std::string_view name, double lo, double hi) {
    if (!(v >= lo && v <= hi) || v != std::floor(v))
      throw Error(fmt::format("part {}: {} = {} is not a whole number in {}..{}", use.part, name, v, lo, hi));
    return static_cast<std::int64_t>(v);
  };
  Regeneration g;
  // A gain with a fraction is a random one (the game's law draws it, as
  // DCSS's div_rand_round): its whole part is the fixed gain.
  if (!(gain >= 0 && gain <= 1e9)) throw Error(fmt::format("part {}: gain = {} is not in 0..1e9", use.part, gain));
  g.gain = static_cast<std::int64_t>(std::floor(gain));
  g.threshold = whole(threshold, "threshold", 1, 1e9);
  g.per_act = whole(per_act, "per_act", 0, 1e6);
  g.at_full = static_cast<AtFull>(whole(at_full, "at_full", 0, 2));
  if (every < 0 || !std::isfinite(every))
    throw Error(fmt::format("part {}: every = {} is not a time", use.part, every));
  if (every > 0) {
    // The period as a fraction of a game turn (the same denominators as the turn times).
    double num = 0;
    std::int64_t den = 1;
    for (; den <= 1'000'000'000; den *= 10)
      if (num = std::round(every * static_cast<double>(den));
          std::abs(num / static_cast<double>(den) - every) <= 1e-9 * every)
        break;
    g.acts = clock_of(turn_time, static_cast<std::int64_t>(num), den, max_cycle, "regeneration", "an act").by_attack();
  }
  return g;
}

}  // namespace fray::fight::parts
