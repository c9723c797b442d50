// Rage and shields, one part for every game (fray/fight/parts/rage.hpp): the
// shield's decays and hits, its note and its PartUse.
#include <fmt/format.h>

#include <cmath>
#include <fray/core/error.hpp>
#include <fray/fight/parts/rage.hpp>
#include <string>
#include <utility>

namespace fray::fight::parts {

// After the spent turn (3) none: that turn's decay came with the rage. With
// a decay every third turn, the decays come at the 4th, 7th, ... attack on
// the side after its spent turn (attack m takes the decay of the end of
// turn m - 1 of the rage).
std::pair<std::int64_t, std::int8_t> rage_decay(const RageShield& r, std::int8_t state) {
  const std::int8_t after = r.every == 1 ? 1 : 4;  // the state after a decay
  switch (state) {
    case 0:
      return {0, 0};
    case 3:
      return {0, after};
    case 4:
      return {0, 5};
    case 5:
      return {0, 1};
    case 2:
      return {r.every == 1 ? r.decay : 0, 2};
    default:
      return {r.decay, after};
  }
}

std::pair<std::int64_t, std::int8_t> rage_hit(const RageShield& r, std::int64_t hp, std::int8_t state, std::int64_t x) {
  if (state == 0) {
    if (x < hp - r.shield) return {x, 0};
    const std::int64_t left = r.shield - r.decay;  // enraged, then the turn's decay
    return {left <= 0 ? hp : hp - left, 2};
  }
  const auto [decay, now] = rage_decay(r, state);
  return {decay + x, now};  // the last turn's decay, then the hit
}

std::string rage_note(const Rage& g, std::string_view source) {
  std::string what;
  switch (g.on) {
    case RageOn::hp_at_most:
      what = fmt::format("rages while HP <= HT x {}", g.fraction);
      break;
    case RageOn::hp_below:
      what = fmt::format("rages while HP < HT / {}", g.divisor);
      break;
    case RageOn::at_death:
      what = fmt::format(
          "rages the first time its HP reaches 0: a shield of HT / 2 + {} that loses {} every {} turn{}, a turn "
          "spent",
          g.shield_plus, g.decay, g.every, g.every == 1 ? "" : "s");
      break;
  }
  return source.empty() ? what : fmt::format("{} ({})", what, source);
}

PartUse rage_use(const Rage& g, std::string source) {
  return PartUse{"rage",
                 {{"on", static_cast<double>(g.on)},
                  {"fraction", static_cast<double>(g.fraction)},
                  {"divisor", static_cast<double>(g.divisor)},
                  {"shield_plus", static_cast<double>(g.shield_plus)},
                  {"decay", static_cast<double>(g.decay)},
                  {"every", static_cast<double>(g.every)}},
                 std::move(source)};
}

Rage rage_of(const PartUse& use) {
  if (use.part != "rage") throw Error(fmt::format("part {} is not a rage", use.part));
  const auto whole = [&use](std::string_view name, double lo, double hi) {
    const double v = param(use, name);
    if (!(v >= lo && v <= hi) || v != std::floor(v))
      throw Error(fmt::format("part rage: {} = {} is not a whole number in {}..{}", name, v, lo, hi));
    return static_cast<std::int64_t>(v);
  };
  Rage g;
  g.on = static_cast<RageOn>(whole("on", 0, 2));
  const double fraction = param(use, "fraction");
  if (!(fraction >= 0 && fraction <= 1)) throw Error(fmt::format("part rage: fraction = {} is not in 0..1", fraction));
  g.fraction = static_cast<float>(fraction);
  g.divisor = whole("divisor", 1, 1e6);
  g.shield_plus = whole("shield_plus", 0, 1e6);
  const double decay = param(use, "decay");
  if (!(decay >= 0 && decay <= 1e6)) throw Error(fmt::format("part rage: decay = {} is not in 0..1000000", decay));
  g.decay = static_cast<float>(decay);
  g.every = static_cast<int>(whole("every", 1, 3));
  // The shield's states (kRageStates) follow a decay every turn or every third.
  if (g.every == 2) throw Error("part rage: every = 2 is neither 1 nor 3");
  return g;
}

}  // namespace fray::fight::parts
