// fray/rules/crawl/side.hpp — a DCSS side's condition in a fight, typed.
//
// The fight turn both versions share (src/rules/crawl/round.hpp) follows,
// beside each side's HP, what lasts between its turns: on the player its
// poison (you.duration[DUR_POISONING]) and its regeneration counter
// (you.hit_points_regeneration); on a monster its poison (ENCH_POISON) and
// the phase of that poison's ticks against the poisoner's rounds; on either,
// whether its passing situation conditions are over (the first-attack part,
// fray/fight/parts/first_attack.hpp: a sleeping or unaware monster once
// attacked). The fight
// layer numbers these values in one fight::States table per side (value 0:
// the side as the spec describes it, SideState{}).
#pragma once

#include <fray/core/draw.hpp>
#include <fray/fight/kernel.hpp>
#include <fray/fight/states.hpp>
#include <fray/rules/crawl/poison.hpp>

#include <tuple>
#include <vector>

namespace fray::crawl {

struct SideState {
  i64 poison = 0;              // the player's poison duration, 1000 a point (player.cc poison_player)
  int counter = 0;             // the player's regeneration counter, 0..99
  MonsterSideState monster{};  // a monster's poison and its tick phase
  bool over = false;           // its passing conditions (asleep, unaware) are over; false for a side with none

  [[nodiscard]] auto key() const {
    return std::tie(poison, counter, monster.poison.degree, monster.poison.duration, monster.poison.max_duration,
                    monster.phase, over);
  }
  // Field by field (a sampled turn compares each side's before and after).
  friend bool operator==(const SideState&, const SideState&) = default;
  // Through operator< of the tuple: not every standard library fray builds
  // with (the web build's) has a tuple's operator<=>.
  bool operator<(const SideState& o) const { return key() < o.key(); }
};

using SideStates = fight::States<SideState>;

// The tables of an Exchange a DCSS ruleset's bout gives (Bout::a_hits_b,
// Bout::b_hits_a): its attacker's and its defender's. Throws fray::Error for
// any other Exchange.
[[nodiscard]] const SideStates& attacker_states(const Exchange& e);
[[nodiscard]] const SideStates& defender_states(const Exchange& e);
// One sampled turn of such an Exchange, every number it drew appended to
// `trace` in the game's order (the same draws as Exchange::sample).
[[nodiscard]] Transition traced_turn(const Exchange& e, Side attacker, Side defender, Rng& rng,
                                     std::vector<Draw>& trace);

}  // namespace fray::crawl
