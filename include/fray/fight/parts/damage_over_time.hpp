// fray/fight/parts/damage_over_time.hpp — damage over time as a part:
// poison, bleeding, ooze, written once with the games' rules as parameters.
//
// A hit that lands may put a damage over time on its victim (`dot_hit`); the
// victim then takes ticks (`dot_tick`, one act of the buff, or
// `dot_ticks_over`, the ticks a span of game time holds) until it runs out.
// What a hit adds, how it stacks with what is there, what a tick deals and
// how the state decays are the parameters (`DamageOverTime`); the state is
// the victim's `DotState`, kept in its side's condition. Every random choice
// goes through the game's own calls (`Draws`, below), so a game's sampled
// fight makes the draws the game makes and its exact fight reads the same
// branches. docs/mechanics.md ("Parts") lists each game's parameters.
#pragma once

#include <fray/core/draw.hpp>
#include <fray/core/rng.hpp>
#include <fray/fight/part.hpp>
#include <fray/fight/turn.hpp>

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <vector>

namespace fray::fight::parts {

// The damage over time on one side. `Level` is std::int32_t, or float for a
// level the game keeps as a real number (Shattered Pixel Dungeon's bleeding).
template <class Level = std::int32_t>
struct DotState {
  std::int32_t left = 0;   // turns (ticks) left; 0 with a level of 0: none
  Level level = 0;         // the damage a tick deals where the state keeps it (stacked doses, a decaying level)
  std::int32_t clock = 0;  // game time towards the next tick (a dot ticking at its own pace)

  [[nodiscard]] bool active() const noexcept { return left > 0 || level > 0; }
  [[nodiscard]] auto key() const { return std::tie(left, level, clock); }
  friend bool operator==(const DotState&, const DotState&) = default;
  friend auto operator<=>(const DotState&, const DotState&) = default;
};

// What an application adds: `dose_lo`..`dose_hi` (a constant when equal, a
// uniform draw else), the hit's damage, or a real number drawn by the game's
// NormalFloat(dose_lo, dose_hi).
enum class DotDose : std::uint8_t { roll, damage, normal };
// How a dose combines with the state: it replaces it, the longer (or higher)
// stays, or it adds to it (and `level_per_dose` to the level).
enum class DotStack : std::uint8_t { replace, longer, add };
// What a tick deals: left / 3 + 1 (Pixel Dungeon's Poison.act), `tick_damage`,
// the level (after its decay), or the level for each tick of time.
enum class DotDamage : std::uint8_t { third_left, constant, level };
// How the state decays: one turn less a tick; the level drawn anew between
// its half and itself, an integer (Random.Int(level / 2, level)) or a real
// (NormalFloat(level / 2, level), rounded for the damage; 0 ends it).
enum class DotDecay : std::uint8_t { count_down, uniform_half, normal_half };
// When the victim takes its ticks in a fight: one right after each of the
// applier's moves (from the move that applied it), or the ticks the
// applier's move's time holds at the victim's pace, before its attack.
enum class DotWhen : std::uint8_t { after_applier_move, over_applier_time };

// The random calls a tick or an application makes, for the game to draw with
// its own functions. `label` names the game's function making the call.
enum class DotRoll : std::uint8_t {
  applies,  // whether a hit applies it: 0 of Int(n) — one_in
  dose,     // the dose's draw — uniform or normal
  coin,     // whether a tick deals its damage: 0 of Int(2) — one_in
  decay,    // the level's draw — uniform or normal
  resist,   // what a resisting victim takes of a tick: 0..damage — uniform
};

// The parameters of one damage over time.
struct DamageOverTime {
  std::string_view name = "poison";  // the part's kind as the game names it: poison, bleeding, ooze
  // On a hit that landed:
  int chance = 1;                   // applied by 1 in `chance` hits (1: every hit)
  bool needs_damage = false;        // only by a hit dealing more than 0
  DotDose dose = DotDose::roll;     // what a hit adds
  double dose_lo = 0, dose_hi = 0;  // the dose's range (turns, or a level)
  float dose_scale = 1;             // × this, rounded half up (Math.round), when not 1
  DotStack stack = DotStack::replace;
  std::int32_t level_per_dose = 0;  // added to the level by each dose (Brogue's poisonAmount)
  std::int64_t hit_deals = -1;      // a hit that applies it deals this instead of its damage (-1: its damage)
  // On the victim's side:
  DotWhen when = DotWhen::after_applier_move;
  DotDamage damage = DotDamage::third_left;
  std::int64_t tick_damage = 1;  // DotDamage::constant
  bool coin = false;             // a tick deals its damage on 0 of Int(2) only
  DotDecay decay = DotDecay::count_down;
  bool outlives_applier = true;  // it keeps ticking once its applier is dead
  // The exactness limit: the largest counter (turns or level) a state may
  // hold; an application past it stops there (the game's own cap where it has
  // one: Pixel Dungeon's level held in 8 bits), and `dot_fits` tells a fight
  // whether its doses stay below it.
  std::int32_t max_counter = 32767;
  // The game's functions, for the calls' labels.
  std::string_view applies_label = "attackProc";
  std::string_view dose_label = "set";
  std::string_view tick_label = "act";
  std::string_view resist_label = "damage";
};

// Math.round of a float, as Java rounds it: floor(x + 0.5).
[[nodiscard]] inline std::int64_t dot_round(float x) noexcept {
  return static_cast<std::int64_t>(std::floor(static_cast<double>(x) + 0.5));
}

// The calls a game makes for a damage over time's draws: `one_in(r, roll, n,
// label)` (0 of Int(n)), `uniform(r, roll, lo, hi, label)` (an integer from
// lo to hi, both included), `normal(r, roll, lo, hi, label)` (a real).
template <class D, class R>
concept DotDraws = requires(const D& d, R& r) {
  { d.one_in(r, DotRoll::applies, 2, std::string_view{}) } -> std::same_as<bool>;
  { d.uniform(r, DotRoll::dose, std::int64_t{0}, std::int64_t{1}, std::string_view{}) } -> std::same_as<std::int64_t>;
  { d.normal(r, DotRoll::dose, 0.0f, 1.0f, std::string_view{}) } -> std::same_as<float>;
};

// Draws for a game with no calls of its own (a toy turn, a rules file):
// fair choices through the fight layer's laws; a real level only when sampled.
struct PlainDotDraws {
  struct Uniform {
    using value_type = std::int64_t;
    std::int64_t lo = 0, hi = 0;
    std::string_view label;
    [[nodiscard]] std::size_t size() const noexcept { return static_cast<std::size_t>(hi - lo + 1); }
    [[nodiscard]] Branch<std::int64_t> at(std::size_t i) const noexcept {
      return {lo + static_cast<std::int64_t>(i), 1.0 / static_cast<double>(hi - lo + 1)};
    }
    std::int64_t sample(Rng& rng, std::vector<Draw>* trace) const {
      const std::int64_t v = rng.uniform(lo, hi);
      if (trace)
        trace->push_back(
            Draw{std::string(label), "uniform(" + std::to_string(lo) + ", " + std::to_string(hi) + ")", v});
      return v;
    }
  };
  struct Normal {
    using value_type = float;
    float lo = 0, hi = 0;
    std::string_view label;
    [[nodiscard]] std::size_t size() const noexcept { return 0; }
    [[nodiscard]] Branch<float> at(std::size_t) const noexcept { return {lo, 0}; }
    float sample(Rng& rng, std::vector<Draw>* trace) const {
      const float w = hi - lo;
      const float v = lo + (static_cast<float>(rng.unit()) * w + static_cast<float>(rng.unit()) * w) / 2;
      if (trace) trace->push_back(Draw{std::string(label), "normal", static_cast<double>(v)});
      return v;
    }
  };
  template <class R>
  bool one_in(R& r, DotRoll, int n, std::string_view label) const {
    return n <= 1 || r.chance(1.0 / n, label);
  }
  template <class R>
  std::int64_t uniform(R& r, DotRoll, std::int64_t lo, std::int64_t hi, std::string_view label) const {
    return lo == hi ? lo : r.draw(Uniform{lo, hi, label});
  }
  template <class R>
  float normal(R& r, DotRoll, float lo, float hi, std::string_view label) const {
    return r.draw(Normal{lo, hi, label});
  }
};

// A reader for a damage over time that draws nothing (every hit applies it,
// its dose the hit's damage, its ticks certain): it refuses any draw.
struct NoDraws {
  static constexpr bool exact = true;
  template <class L>
  typename L::value_type draw(const L&) {
    throw std::logic_error("fight: a damage over time read with NoDraws made a draw");
  }
  bool chance(double, std::string_view = "chance") {
    throw std::logic_error("fight: a damage over time read with NoDraws made a draw");
  }
};

namespace detail {
template <class Level>
Level dot_cap(const DamageOverTime& p, std::int64_t v) {
  return static_cast<Level>(std::min<std::int64_t>(v, p.max_counter));
}
}  // namespace detail

// A hit that landed, with `damage` dealt (after armor), on a victim that
// takes the damage over time (`takes`: false for a victim the game's rule
// spares, as Brogue's inanimate monsters). Draws whether it applies and its
// dose, and stacks it on `s`. Returns the damage the hit itself deals:
// `damage`, or the part's `hit_deals` when it applies (Brogue's poisoner
// hits for 1, whether the victim takes the poison or not).
template <class R, class D, class Level>
[[gnu::always_inline]] inline std::int64_t dot_hit(R& r, const D& draws, const DamageOverTime& p, DotState<Level>& s,
                                                   std::int64_t damage, bool takes = true) {
  if (p.needs_damage && damage <= 0) return damage;
  if (p.dose == DotDose::normal) {
    if constexpr (R::exact) return damage;  // a real dose: the sampled turn alone (the fight refuses exactness)
  }
  if (p.chance > 1 && !draws.one_in(r, DotRoll::applies, p.chance, p.applies_label)) return damage;
  const std::int64_t dealt = p.hit_deals >= 0 ? p.hit_deals : damage;
  if (!takes) return dealt;
  Level dose = 0;
  switch (p.dose) {
    case DotDose::roll: {
      const auto lo = static_cast<std::int64_t>(p.dose_lo), hi = static_cast<std::int64_t>(p.dose_hi);
      const std::int64_t x = lo == hi ? lo : draws.uniform(r, DotRoll::dose, lo, hi, p.dose_label);
      dose = detail::dot_cap<Level>(p, p.dose_scale == 1 ? x : dot_round(static_cast<float>(x) * p.dose_scale));
      break;
    }
    case DotDose::damage:
      dose = detail::dot_cap<Level>(p, damage);
      break;
    case DotDose::normal:
      dose = static_cast<Level>(
          draws.normal(r, DotRoll::dose, static_cast<float>(p.dose_lo), static_cast<float>(p.dose_hi), p.dose_label));
      break;
  }
  // A dose kept as a level (decaying) or as turns (counted down).
  if (!s.active()) s = {};
  const auto stack = [&](auto& counter, auto d) {
    using C = std::remove_reference_t<decltype(counter)>;
    switch (p.stack) {
      case DotStack::replace:
        counter = static_cast<C>(d);
        break;
      case DotStack::longer:
        counter = std::max(counter, static_cast<C>(d));
        break;
      case DotStack::add:
        counter = detail::dot_cap<C>(p, static_cast<std::int64_t>(counter) + static_cast<std::int64_t>(d));
        break;
    }
  };
  if (p.decay != DotDecay::count_down)
    stack(s.level, dose);
  else
    stack(s.left, dose);
  if (p.level_per_dose != 0) s.level = detail::dot_cap<Level>(p, static_cast<std::int64_t>(s.level) + p.level_per_dose);
  return dealt;
}

// One tick on the victim (one act of the buff): its damage; moves `s` (a
// state that runs out is reset). `resists`: the victim takes 0..damage of it
// (Pixel Dungeon's Char.damage on a mob that resists poison).
template <class R, class D, class Level>
[[gnu::always_inline]] inline std::int64_t dot_tick(R& r, const D& draws, const DamageOverTime& p, DotState<Level>& s,
                                                    bool resists = false) {
  if (!s.active()) return 0;
  std::int64_t dmg = 0;
  switch (p.decay) {
    case DotDecay::count_down: {
      dmg = p.damage == DotDamage::third_left ? s.left / 3 + 1
            : p.damage == DotDamage::constant ? p.tick_damage
                                              : static_cast<std::int64_t>(s.level);
      if (--s.left == 0) s = {};
      if (p.coin && !draws.one_in(r, DotRoll::coin, 2, p.tick_label)) dmg = 0;
      break;
    }
    case DotDecay::uniform_half: {
      const auto l = static_cast<std::int64_t>(s.level);
      // Drawn even where it has one value: the game's call still takes a number.
      const std::int64_t next = draws.uniform(r, DotRoll::decay, l / 2, std::max(l / 2, l - 1), p.tick_label);
      s.level = static_cast<Level>(next);
      dmg = next;
      break;
    }
    case DotDecay::normal_half: {
      const auto level = draws.normal(r, DotRoll::decay, static_cast<float>(s.level) / 2.0f,
                                      static_cast<float>(s.level), p.tick_label);
      dmg = dot_round(level);
      s.level = dmg > 0 ? static_cast<Level>(level) : Level{0};
      break;
    }
  }
  if (resists && dmg > 0) dmg = draws.uniform(r, DotRoll::resist, 0, dmg, p.resist_label);
  return dmg;
}

// The ticks a span of `elapsed` game time holds at the victim's pace of one
// tick every `period` (DotWhen::over_applier_time): the level a tick, at most
// the turns left; the time short of a tick is carried in the clock. Draws
// nothing (a counted-down dot dealing its level, as Brogue's poison).
template <class Level>
[[gnu::always_inline]] inline std::int64_t dot_ticks_over(const DamageOverTime& p, DotState<Level>& s,
                                                          std::int64_t elapsed, std::int64_t period) {
  (void)p;
  if (s.left <= 0) return 0;
  const std::int64_t clock = s.clock + elapsed;
  const std::int64_t ticks = std::min<std::int64_t>(clock / period, s.left);
  s.left -= static_cast<std::int32_t>(ticks);
  s.clock = static_cast<std::int32_t>(clock % period);
  const std::int64_t lost = ticks * static_cast<std::int64_t>(s.level);
  if (s.left == 0) s = {};
  return lost;
}

// Whether a dose of `dose` stays within the part's counters (the exactness
// limit): a fight whose doses could pass it says so rather than cap them
// where the game would not.
[[nodiscard]] inline bool dot_fits(const DamageOverTime& p, std::int64_t dose) noexcept {
  return dose <= p.max_counter;
}

// The part as a catalog row or a fight's report names it: "damage_over_time"
// with, in order, kind (0 poison-like third_left, 1 constant, 2 level), chance,
// dose_lo, dose_hi, dose_scale, stack (0 replace, 1 longer, 2 add),
// level_per_dose, hit_deals, when (0 after the applier's move, 1 over its
// time), tick_damage, coin, decay (0 count down, 1 uniform half, 2 normal
// half), outlives_applier, needs_damage, dose (0 roll, 1 damage, 2 normal).
[[nodiscard]] inline PartUse dot_part(const DamageOverTime& p, std::string source) {
  PartUse u{std::string(p.name), {}, std::move(source)};
  const auto put = [&](const char* name, double v) { u.params.emplace_back(name, v); };
  put("damage", static_cast<double>(p.damage));
  put("chance", p.chance);
  put("dose", static_cast<double>(p.dose));
  put("dose_lo", p.dose_lo);
  put("dose_hi", p.dose_hi);
  put("dose_scale", p.dose_scale);
  put("stack", static_cast<double>(p.stack));
  put("level_per_dose", p.level_per_dose);
  put("hit_deals", static_cast<double>(p.hit_deals));
  put("when", static_cast<double>(p.when));
  put("tick_damage", static_cast<double>(p.tick_damage));
  put("coin", p.coin ? 1 : 0);
  put("decay", static_cast<double>(p.decay));
  put("outlives_applier", p.outlives_applier ? 1 : 0);
  put("needs_damage", p.needs_damage ? 1 : 0);
  put("max_counter", p.max_counter);
  return u;
}

}  // namespace fray::fight::parts
