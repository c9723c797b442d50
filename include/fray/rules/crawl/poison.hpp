// DCSS 0.19 poison on the player: how much a monster's poisonous attack adds
// and how the poison hurts over game time. The duration is kept as the game
// keeps it, you.duration[DUR_POISONING]: 1000 per point of poison damage still
// to come.
#pragma once

#include <fray/core/pmf.hpp>
#include <fray/core/rng.hpp>
#include <fray/rules/crawl/random.hpp>

#include <algorithm>

#include <cstdint>
#include <string>
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
// actor_is_susceptible_to_vampirism, natural or plant); poison -1..3 (3 for
// the undead and nonliving, mon-util.cc _apply_holiness_resists).
struct MonsterResists {
  int fire = 0, cold = 0, neg = 0;
  bool natural = true;
  int poison = 0;
  // 0.34 only (its catalog's resists and holiness; 0 and false in 0.19's):
  // electricity, and MH_UNDEAD or MH_DEMONIC (monster::undead_or_demonic),
  // MH_HOLY (monster::is_holy), for the weapon brands of a player's attack.
  int elec = 0;
  bool undead_or_demonic = false, holy = false;
};
// fight.cc resist_adjust_damage for a monster defender and a flavour wholly
// resistible and not a "boolean" resistance (fire, cold, negative energy),
// the same in both versions: level 3 or more takes nothing, level r > 0
// divides by 1 + r·r (1/2, 1/5), a vulnerability (r < 0) takes ×15/10.
[[nodiscard]] i64 monster_resist_adjust(i64 damage, int res);
// The resistance a monster defender opposes to an elemental flavour (its
// fire for AF_FIRE, its cold for AF_COLD), 0 for any other.
[[nodiscard]] int element_resist(std::string_view flavour, const MonsterResists& r);

// --- poison on a monster ---------------------------------------------------------------
//
// A monster's poison is its ENCH_POISON enchantment (mon-ench.cc), the same
// code in 0.19 and 0.34: a degree (the damage per tick grows with it), a
// duration that loses 10 a tick and ends the poison at 10 or less, and the
// longest duration since the degree last fell (maxduration), against which
// the degree decays.
struct MonsterPoison {
  int degree = 0;  // 0: not poisoned
  int duration = 0;
  int max_duration = 0;
  friend bool operator==(const MonsterPoison&, const MonsterPoison&) = default;
};

// monster::poison: the poison points of one poisoning become 1 + amount/7
// degrees on a monster.
[[nodiscard]] constexpr int monster_poison_levels(i64 amount) noexcept { return static_cast<int>(1 + amount / 7); }

// mon-util.cc monster_resists_this_poison (not forced): a resistance of 3 or
// more never takes poison, 1 or 2 resists on x_chance_in_y(2, 3).
[[nodiscard]] double monster_poison_lands(int res) noexcept;
template <UniformEngine R>
bool sample_monster_poison_lands(R& rng, int res) {
  if (res >= 3) return false;
  return res < 1 || !x_chance_in_y(rng, 2, 3);
}

// mon_enchant::calc_duration for an ENCH_POISON of `levels` degrees on a
// monster of speed `speed`: cturn = max(2, 1000·levels / _mod_speed(125,
// speed)), times speed_to_duration(speed) (div_rand_round(100, speed)), then
// max(15, fuzz_value(raw, 60, 40)). The draws, as the game makes them: the
// div_rand_round (only when 100 % speed != 0), then fuzz_value's
// random2avg(60%·raw + 40%·raw + 1, 2).
struct PoisonDurationRoll {
  i64 cturn = 2;
  i64 speed = 10;  // clamped to 1..100, as speed_to_duration does
};
[[nodiscard]] PoisonDurationRoll monster_poison_duration_roll(int levels, int speed) noexcept;
[[nodiscard]] Pmf monster_poison_duration_pmf(const PoisonDurationRoll& roll);
template <UniformEngine R>
i64 sample_monster_poison_duration(R& rng, const PoisonDurationRoll& roll) {
  const i64 raw = roll.cturn * div_rand_round(rng, 100, roll.speed);
  const i64 low = 60 * raw / 100, high = 40 * raw / 100;
  return std::max<i64>(15, raw + random2avg(rng, low + high + 1, 2) - low);
}

// mon-ench.cc apply_enchantment, ENCH_POISON: the HP one tick takes from a
// monster of degree `degree`: 1 at degree 4 or more, plus roll_dice(1,
// degree + 1) on a coinflip, plus roll_dice(2, degree) - 1 for a monster
// vulnerable to poison (resistance below 0). Drawn in that order.
struct PoisonTickRoll {
  i64 base = 0;        // (degree >= 4) ? 1 : 0
  i64 die = 1;         // roll_dice(1, die) on a coinflip
  i64 vulnerable = 0;  // roll_dice(2, vulnerable) - 1 when above 0
};
[[nodiscard]] PoisonTickRoll monster_poison_tick_roll(int degree, int res) noexcept;
[[nodiscard]] Pmf monster_poison_tick_pmf(const PoisonTickRoll& roll);
template <UniformEngine R>
i64 sample_monster_poison_tick(R& rng, const PoisonTickRoll& roll) {
  i64 dam = roll.base;
  if (coinflip(rng)) dam += roll_dice(rng, 1, roll.die);
  if (roll.vulnerable > 0) dam += roll_dice(rng, 2, roll.vulnerable) - 1;
  return dam;
}

// What the tick leaves: decay_enchantment(ENCH_POISON, true). The duration
// loses 10 (0.19: speed_to_duration(10); 0.34: 10); at 10 or less the poison
// ends. Above degree 1 the degree falls by one when the duration before the
// loss is below maxduration·(f - 1)/f, f = degree·(degree + 1)/2; the game
// then writes back its copy of the enchantment taken before the loss
// (get_ench returns a copy), so that tick's 10 is not lost, and maxduration
// becomes that duration.
[[nodiscard]] MonsterPoison monster_poison_decayed(const MonsterPoison& p) noexcept;

// monster::add_ench of an ENCH_POISON of `levels` degrees whose
// calc_duration drew `duration`: a fresh poison takes the degrees as they are
// and the duration as its maxduration; an existing one adds the degrees
// (capped at MAX_ENCH_DEGREE_DEFAULT, 4) and the duration, its maxduration the
// larger of the old and the new duration.
[[nodiscard]] MonsterPoison monster_poison_added(const MonsterPoison& p, int levels, i64 duration) noexcept;
inline constexpr int kMaxPoisonDegree = 4;  // MAX_ENCH_DEGREE_DEFAULT

// A monster side's poison in a fight (its side state, side.hpp): its poison
// (ENCH_POISON) and the poisoner's rounds since it was poisoned, modulo the
// period of the ticks (phase). A fight follows a degree up to 15, a duration
// up to 2047 (about 200 ticks still to come) and a poisoner whose ticks
// repeat within 64 rounds; past these it refuses, naming them.
struct MonsterSideState {
  MonsterPoison poison{};
  int phase = 0;
  friend bool operator==(const MonsterSideState&, const MonsterSideState&) = default;
};
inline constexpr int kMaxMonsterPoisonDegree = 15;
inline constexpr int kMaxMonsterPoisonDuration = 2047;
inline constexpr int kMaxPoisonPhases = 64;
// Throws Error (starting with `id`) for a side past these bounds.
void check_monster_side(const MonsterSideState& side, std::string_view id);
// The rounds after which a poisoner of speed `speed` whose rounds spend
// `cost` energy (10 × cost / speed aut each, energy.hpp) ticks the same
// again: speed / gcd(speed, cost).
[[nodiscard]] int poison_tick_period(int speed, int cost = 10) noexcept;
// The poison's ticks at the start of the poisoner's k-th round since the
// poisoning (k >= 1): the multiples of 10 aut its rounds passed,
// floor(k·cost/speed) - floor((k-1)·cost/speed).
[[nodiscard]] int poison_ticks_at(int k, int speed, int cost = 10) noexcept;

}  // namespace fray::crawl
