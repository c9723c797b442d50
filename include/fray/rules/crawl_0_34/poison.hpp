// DCSS 0.34 poison on the player: how much a monster's poisonous attack adds
// and how the poison hurts over game time. The duration is kept as the game
// keeps it, you.duration[DUR_POISONING]: 1000 per point of poison damage still
// to come.
#pragma once

#include <cstdint>
#include <string_view>

namespace fray::crawl_0_34 {

// One tick of player.cc handle_player_poison(delay): the HP it takes and the
// duration left after reduce_player_poison (below 1000 it ends).
struct PoisonTick {
  std::int64_t damage = 0;
  std::int64_t duration = 0;
};
// A player of no poison resistance, living, without the Deep Dwarf's shaving
// or Cheibriados: `delay` in aut, any duration >= 0.
[[nodiscard]] PoisonTick poison_tick(std::int64_t duration, double delay);

// The poison over `time` aut, ticked as the player's turns tick it: in slices
// of one normal player turn (BASELINE_DELAY, 10 aut) and the remainder. The
// damage is the sum of the ticks' damage.
inline constexpr double kPoisonSlice = 10.0;
[[nodiscard]] PoisonTick poison_over(std::int64_t duration, double time);

// The poison points one poisoning adds (melee-attack.cc mons_do_poison): the
// range of random_range, {0, 0} for a flavour that does not poison.
struct PoisonRange {
  std::int64_t lo = 0, hi = 0;
  [[nodiscard]] bool poisons() const noexcept { return hi > 0; }
};
[[nodiscard]] PoisonRange poison_range(std::string_view flavour, int hd);

// mons_apply_attack_flavour: a poisonous attack that did damage poisons on
// one_chance_in(3) (coinflip under Concentrate Venom, which fights do not use).
inline constexpr int kPoisonChanceIn = 3;
// poison_player: each point adds this much duration.
inline constexpr std::int64_t kPoisonDurationPerPoint = 1000;

// The extra damage of an elemental flavour (mon-util.cc flavour_damage, added
// by mons_apply_attack_flavour as special_damage on a hit that did damage):
// lo + random2(hi - lo + 1), i.e. HD + random2(HD) for AF_FIRE, HD +
// random2(2*HD) for AF_COLD, HD + random2(HD/2) for AF_ELEC; {0, 0} for any
// other flavour. A defender without the resistance takes it whole
// (resist_adjust_damage).
struct ElementRange {
  std::int64_t lo = 0, hi = 0;
  [[nodiscard]] bool adds() const noexcept { return hi > 0; }
};
[[nodiscard]] ElementRange element_range(std::string_view flavour, int hd);

}  // namespace fray::crawl_0_34
