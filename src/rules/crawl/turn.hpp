// The mechanics of a DCSS fight turn, each stated once over the fight
// reader (fray/fight/turn.hpp) and the typed side state (side.hpp): the
// exact reader takes each branch of a law, the sampled one draws it with the
// game's own calls. Both versions run them; what differs between 0.19 and
// 0.34 reaches them as data (round.hpp).
#pragma once

#include <fray/core/draw.hpp>
#include <fray/core/rng.hpp>
#include <fray/fight/turn.hpp>
#include <fray/rules/crawl/poison.hpp>
#include <fray/rules/crawl/regen.hpp>
#include <fray/rules/crawl/side.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "rules/crawl/round.hpp"

namespace fray::crawl {

using fight::Branch;

// --- regeneration ------------------------------------------------------------------------------

// A monster's regeneration on one of its turns (mon-act.cc
// _monster_regenerate): 1 HP on x_chance_in_y(natural_regen_rate(), 25), or
// always for a fast regenerator. Exactly: its chance; sampled: the game's
// draws (sample_monster_regen).
// The regeneration part's gain: 1 or 0.
struct MonsterRegenLaw {
  using value_type = i64;
  double p = 0;
  const MonsterRegen* monster = nullptr;

  [[nodiscard]] std::size_t size() const noexcept { return 2; }
  [[nodiscard]] Branch<i64> at(std::size_t i) const noexcept {
    return i == 0 ? Branch<i64>{0, 1 - p} : Branch<i64>{1, p};
  }
  i64 sample(Rng& rng, std::vector<Draw>* trace) const {
    const bool healed = sample_monster_regen(rng, *monster);
    if (trace)
      trace->push_back(
          Draw{"monster regeneration", "x_chance_in_y(natural_regen_rate(), 25)", static_cast<i64>(healed ? 1 : 0)});
    return healed ? 1 : 0;
  }
};

// The player's regeneration gain over one of its attack delays (each with its
// chance), the regeneration part's gain to its counter: exactly, the gains
// div_rand_round(rate x delay, 10) merged over the delays (precomputed);
// sampled, the delay drawn apart from the attack's, then the div_rand_round
// (sample_player_regen_turn).
struct PlayerRegenLaw {
  using value_type = i64;
  const std::vector<Branch<i64>>* branches = nullptr;
  const RoundRegen* regen = nullptr;

  [[nodiscard]] std::size_t size() const noexcept { return branches->size(); }
  [[nodiscard]] Branch<i64> at(std::size_t i) const { return (*branches)[i]; }
  // Inlined: drawn at every player turn of a sampled fight.
  [[gnu::always_inline]] i64 sample(Rng& rng, std::vector<Draw>* trace) const {
    i64 delay = regen->delays.back().first;
    if (regen->delays.size() > 1) {
      double u = rng.unit();
      if (trace) trace->push_back(Draw{"regeneration's attack delay", "unit()", u});
      for (const auto& [d, p] : regen->delays) {
        if (u < p) {
          delay = d;
          break;
        }
        u -= p;
      }
    }
    const RegenTurn t = sample_player_regen_turn(rng, regen->rate, delay, 0);
    const i64 gain = t.hp * 100 + t.counter;
    if (trace)
      trace->push_back(
          Draw{"player regeneration", "div_rand_round(" + std::to_string(regen->rate * delay) + ", 10)", gain});
    return gain;
  }
};

// The attacker's own regeneration on its turn, before its attack (the heal
// of Transition): the regeneration part (fray/fight/parts/regeneration.hpp)
// with the game's gain law: a monster's when it is hurt, the player's counter
// over its attack delay, back to 0 while at full HP. `player_gains` holds the
// player's exact gains. Returns the HP regained, before the cap.
// Inlined: a sampled fight runs it at every turn, and the call's cost was
// a tenth of the turn's.
template <class R>
[[gnu::always_inline]] inline i64 regenerate(R& r, const RoundRegen& regen, double monster_p,
                                             const std::vector<Branch<i64>>& player_gains, i64 hp, i64 max,
                                             SideState& self) {
  switch (regen.who) {
    case RoundRegen::Who::none:
      return 0;
    case RoundRegen::Who::monster: {
      std::uint32_t phase = 0;  // an act each turn
      int store = 0;            // an HP each gain of 1: nothing kept
      return fight::parts::regenerate(r, regen.part, MonsterRegenLaw{monster_p, &regen.monster}, hp, max, phase, store);
    }
    case RoundRegen::Who::player: {
      std::uint32_t phase = 0;
      return fight::parts::regenerate(r, regen.part, PlayerRegenLaw{&player_gains, &regen}, hp, max, phase,
                                      self.counter);
    }
  }
  return 0;
}

// --- poison ------------------------------------------------------------------------------------

// The player's poison since the poisoner's last round (player.cc
// handle_player_poison over the poisoner's attack time): the HP it took, and
// the duration left in `self`.
//
// poison_over is a function of its arguments alone, and costs some 350
// instructions (a log and an exp a slice): a sampled fight, which ticks the
// same few durations again and again, reads it through this thread's cache.
inline PoisonTick poison_over_cached(i64 duration, double time, const PoisonRate& rate) {
  struct Entry {
    i64 duration = -1;
    double time = 0, denom = 0, min_per_aut = 0, max_per_aut = 0;
    PoisonTick tick{};
  };
  thread_local std::array<Entry, 1024> cache;
  Entry& e = cache[(static_cast<std::uint64_t>(duration) * 0x9E3779B97F4A7C15ull) >> 54];
  if (e.duration != duration || e.time != time || e.denom != rate.denom || e.min_per_aut != rate.min_per_aut ||
      e.max_per_aut != rate.max_per_aut)
    e = {duration, time, rate.denom, rate.min_per_aut, rate.max_per_aut, poison_over(duration, time, rate)};
  return e.tick;
}

inline i64 player_poison_tick(const RoundSpec& s, SideState& self) {
  if (self.poison == 0) return 0;
  const PoisonTick tick = poison_over_cached(self.poison, s.attacker_time, s.poison_rate);
  self.poison = tick.duration;
  return tick.damage;
}

// The ticks a monster's poison (its ENCH_POISON) takes at the start of the
// poisoner's round (mon-ench.cc apply_enchantment, decay_enchantment), their
// damage summed: exactly, the sum's law (precomputed by the caller); sampled,
// each tick drawn in turn.
struct MonsterTicksLaw {
  using value_type = i64;
  const std::vector<Branch<i64>>* sum = nullptr;
  const std::vector<PoisonTickRoll>* rolls = nullptr;

  [[nodiscard]] std::size_t size() const noexcept { return sum->size(); }
  [[nodiscard]] Branch<i64> at(std::size_t i) const { return (*sum)[i]; }
  i64 sample(Rng& rng, std::vector<Draw>* trace) const {
    i64 hurt = 0;
    for (const PoisonTickRoll& roll : *rolls) {
      const i64 d = sample_monster_poison_tick(rng, roll);
      if (trace) trace->push_back(Draw{"poison tick", "ENCH_POISON apply_enchantment", d});
      hurt += d;
    }
    return hurt;
  }
};

// The ticks due at the start of the poisoner's round (poison_ticks_at, over
// the phase), each roll and the decay after it; the phase then moves on (back
// to 0 when the poison ended). The rolls are the game's, in its order.
struct MonsterTicks {
  std::vector<PoisonTickRoll> rolls;
  MonsterSideState after;
};
[[nodiscard]] inline MonsterTicks monster_ticks(MonsterSideState side, const RoundSpec& s, int poison_res, int period) {
  MonsterTicks t;
  if (side.poison.degree > 0) {
    const int due = poison_ticks_at(side.phase + 1, s.attacker_speed, s.attacker_cost);
    for (int i = 0; i < due && side.poison.degree > 0; ++i) {
      t.rolls.push_back(monster_poison_tick_roll(side.poison.degree, poison_res));
      side.poison = monster_poison_decayed(side.poison);
    }
    side.phase = side.poison.degree > 0 ? (side.phase + 1) % period : 0;
  }
  t.after = side;
  return t;
}

// The monster after the round's poisonings (monster::poison, add_ench): `count`
// of them, `levels` degrees in all, `duration` summed, on its poison after the
// ticks; a fresh poison starts its phase at 0. Adding them one by one, as the
// game does, comes to the same (monster_poison_added sums the durations and
// caps the degree past the first).
[[nodiscard]] inline MonsterSideState monster_poisoned(MonsterSideState side, i64 levels, int count, i64 duration,
                                                       std::string_view id) {
  if (count > 0) {
    if (side.poison.degree == 0) side.phase = 0;
    const i64 degrees = side.poison.degree == 0 && count >= 2 ? std::min<i64>(levels, kMaxPoisonDegree) : levels;
    side.poison = monster_poison_added(side.poison, static_cast<int>(degrees), duration);
  }
  check_monster_side(side, id);
  return side;
}

// --- the attacks ---------------------------------------------------------------------------------

// What a round of attacks did: its damage (with the elemental flavours'),
// whether any attack landed, the poison it added (the player's points; on a
// monster its degrees, its poisonings counted 0, 1, 2 for more, and their
// durations summed) and the HP AF_VAMPIRIC would give back before its cap.
struct Struck {
  i64 damage = 0;
  bool landed = false;
  i64 poison = 0;
  int count = 0;
  i64 duration = 0;
  i64 drained = 0;
};

}  // namespace fray::crawl
