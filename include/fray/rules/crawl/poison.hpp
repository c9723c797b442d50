// DCSS 0.19 poison on the player: how much a monster's poisonous attack adds
// and how the poison hurts over game time. The duration is kept as the game
// keeps it, you.duration[DUR_POISONING]: 1000 per point of poison damage still
// to come.
#pragma once

#include <fray/rules/crawl/random.hpp>

#include <cstdint>
#include <string_view>

namespace fray::crawl {

// One tick of player.cc handle_player_poison(delay): the HP it takes and the
// duration left after reduce_player_poison (below 1000 it ends).
struct PoisonTick {
  i64 damage = 0;
  i64 duration = 0;
};
// How fast poison hurts (player.cc poison_denom, poison_min_hp_aut,
// poison_max_hp_aut): 1/denom of it goes every 10 aut, at least min and at
// most max duration units (1000 a point) per aut. Only the numbers differ
// between versions: DCSS 0.19 has 15, 25 and 1000.
struct PoisonRate {
  double denom = 15.0;
  double min_per_aut = 25.0;
  double max_per_aut = 1000.0;
};
// A player of no poison resistance, not undead, not a Deep Dwarf, without
// Cheibriados: `delay` in aut, any duration >= 0.
[[nodiscard]] PoisonTick poison_tick(i64 duration, double delay, const PoisonRate& rate = {});

// The poison over `time` aut, ticked as the player's turns tick it: in slices
// of one normal player turn (BASELINE_DELAY, 10 aut) and the remainder. The
// damage is the sum of the ticks' damage.
inline constexpr double kPoisonSlice = 10.0;
[[nodiscard]] PoisonTick poison_over(i64 duration, double time, const PoisonRate& rate = {});

// The poison points one poisoning adds (melee_attack.cc mons_do_poison): the
// range of random_range, {0, 0} for a flavour that does not poison.
struct PoisonRange {
  i64 lo = 0, hi = 0;
  [[nodiscard]] bool poisons() const noexcept { return hi > 0; }
};
[[nodiscard]] PoisonRange poison_range(std::string_view flavour, int hd);

// mons_apply_attack_flavour: a poisonous attack that did damage poisons on one_chance_in(3).
inline constexpr int kPoisonChanceIn = 3;
// poison_player: each point adds this much duration.
inline constexpr i64 kPoisonDurationPerPoint = 1000;

// The extra damage of an elemental flavour (mon-util.cc flavour_damage, added
// by mons_apply_attack_flavour as special_damage on a hit that did damage):
// lo + random2(hi - lo + 1), i.e. HD + random2(HD) for AF_FIRE, HD +
// random2(2*HD) for AF_COLD, HD + random2(HD/2) for AF_ELEC; {0, 0} for any
// other flavour. A defender without the resistance takes it whole
// (resist_adjust_damage).
struct ElementRange {
  i64 lo = 0, hi = 0;
  [[nodiscard]] bool adds() const noexcept { return hi > 0; }
};
[[nodiscard]] ElementRange element_range(std::string_view flavour, int hd);

// A monster's resistances to what a flavour does (mon-data.h's resists in
// 0.19, dat/mons in 0.34): fire, cold and negative energy levels -1..3, and
// whether AF_VAMPIRIC can drain it (0.19: MH_NATURAL holiness; 0.34:
// actor_is_susceptible_to_vampirism, natural or plant).
struct MonsterResists {
  int fire = 0, cold = 0, neg = 0;
  bool natural = true;
};
// fight.cc resist_adjust_damage for a monster defender and a flavour wholly
// resistible and not a "boolean" resistance (fire, cold, negative energy),
// the same in both versions: level 3 or more takes nothing, level r > 0
// divides by 1 + r·r (1/2, 1/5), a vulnerability (r < 0) takes ×15/10.
[[nodiscard]] i64 monster_resist_adjust(i64 damage, int res);
// The resistance a monster defender opposes to an elemental flavour (its
// fire for AF_FIRE, its cold for AF_COLD), 0 for any other.
[[nodiscard]] int element_resist(std::string_view flavour, const MonsterResists& r);

}  // namespace fray::crawl
