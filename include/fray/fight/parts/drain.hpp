// fray/fight/parts/drain.hpp — life drain, one part for every game.
//
// A drain heals the attacker from the damage its hit dealt:
//
//   amount = max(0, D - less) x numerator / denominator (rounded down),
//   D the damage dealt, or at most the HP the victim had (victim_cap),
//   then, for a uniform drain, a uniform draw of 1..amount;
//   the heal capped at the attacker's missing HP (capped), or not.
//
//   game                     less  fraction  victim_cap  uniform  capped
//   Pixel Dungeon 1.9.1      0     1         no          no       yes   Bat.attackProc min(damage, HT - HP)
//   Shattered PD 3.3.6       4     1         no          no       yes   Bat.attackProc min(damage - 4, HT - HP)
//   Brogue CE                0     9/10      yes         no       no    Combat.c inflictDamage, MA_TRANSFERENCE
//   DCSS 0.19 / 0.34         0     1         no          yes      yes   AF_VAMPIRIC 1 + random2(damage)
//
// The part is the parameters (Drain), the effect on a hit (drained,
// drain_branches, drain_heal), its note and its PartUse (drain_use, drain_of).
// A drain keeps no state of its own; it reads its side's HP (Exchange::Reads),
// and its heal makes HP go up, which the exact chain follows.
#pragma once

#include <fray/fight/part.hpp>
#include <fray/fight/turn.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fray::fight::parts {

struct Drain {
  std::int64_t numerator = 1, denominator = 1;  // the fraction of the damage healed (<= 1)
  std::int64_t less = 0;                        // taken off the damage first
  bool victim_cap = false;                      // the damage counted is at most the HP the victim had (Brogue)
  bool uniform = false;                         // the heal is drawn uniformly in 1..amount (DCSS AF_VAMPIRIC)
  bool capped = true;                           // the heal stops at the attacker's maximum HP
};

// The amount a hit of `damage` on a victim that had `victim_hp` drains,
// before a uniform draw and the cap (0 for no damage).
[[nodiscard]] inline std::int64_t drained(const Drain& d, std::int64_t damage, std::int64_t victim_hp) {
  if (damage <= 0) return 0;
  const std::int64_t counted = d.victim_cap ? std::min(damage, victim_hp) : damage;
  return std::max<std::int64_t>(0, counted - d.less) * d.numerator / d.denominator;
}

// The heal's law for one hit, before the cap: a point at `drained`, or for a
// uniform drain each of 1..drained alike (nothing for a hit that drains 0).
[[nodiscard]] std::vector<Branch<std::int64_t>> drain_branches(const Drain& d, std::int64_t damage,
                                                               std::int64_t victim_hp);

// The heal of an attacker at `hp` of `max` from the amount drained: capped
// at its missing HP (never negative) when the drain is, else all of it.
[[nodiscard]] inline std::int64_t drain_heal(const Drain& d, std::int64_t amount, std::int64_t hp, std::int64_t max) {
  if (!d.capped) return amount;
  return std::clamp<std::int64_t>(max - hp, 0, amount);
}

// On a hit of `damage` (a landed attack, not uniform): the heal.
[[nodiscard]] inline std::int64_t drain_hit(const Drain& d, std::int64_t damage, std::int64_t victim_hp,
                                            std::int64_t hp, std::int64_t max) {
  return drain_heal(d, drained(d, damage, victim_hp), hp, max);
}

// "heals min(damage, HT - HP) on each hit" and the like, for a side's `modelled` line.
[[nodiscard]] std::string drain_note(const Drain& d, std::string_view source);

// The PartUse of a drain: parameters, in order,
//   fraction    the fraction of the damage healed (numerator / denominator)
//   less        HP taken off the damage first
//   victim_cap  1: the damage counted is at most the victim's HP
//   uniform     1: the heal is uniform in 1..amount
//   capped      1: the heal stops at the attacker's maximum HP
[[nodiscard]] PartUse drain_use(const Drain& d, std::string source);
// The Drain a PartUse names (fray::Error for another part or values out of range).
[[nodiscard]] Drain drain_of(const PartUse& use);

}  // namespace fray::fight::parts
