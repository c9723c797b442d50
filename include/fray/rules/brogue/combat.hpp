// fray/rules/brogue/combat.hpp — Brogue CE's combat arithmetic.
//
// Each rule names the Brogue CE 1.15.1 function it follows. Brogue does its
// combat maths in 16.16 fixed point ("fixpt", FP = 65536) and C integer
// division, which truncates toward zero; so does fray. Enchantments are
// multiples of 0.25, held here as integer quarters.
#pragma once

#include <array>
#include <cstdint>
#include <fray/core/pmf.hpp>
#include <fray/core/rng.hpp>

namespace fray::brogue {

inline constexpr std::int64_t FP = 65536;
inline constexpr int table_size = 281;  // index 0..280, 80 = no change
inline constexpr int table_zero = 80;
inline constexpr int min_net_quarters = -80;  // netEnchant is clamped to -20 .. +50
inline constexpr int max_net_quarters = 200;

// --- PowerTables.c accuracyFraction, damageFraction, defenseFraction ----------------
using PowerTable = std::array<std::int64_t, table_size>;
// floor(FP * 1.065^((i-80)/4)); the accuracy and damage tables are the same.
[[nodiscard]] const PowerTable& accuracy_table() noexcept;
[[nodiscard]] const PowerTable& damage_table() noexcept;
// floor(FP * 0.987^(2.5 (i-80))).
[[nodiscard]] const PowerTable& defense_table() noexcept;

// accuracyFraction/damageFraction index: clamp(quarters + 80, 0, 280).
[[nodiscard]] constexpr int enchant_index(std::int64_t quarters) noexcept {
  const std::int64_t i = quarters + table_zero;
  return static_cast<int>(i < 0 ? 0 : i > table_size - 1 ? table_size - 1 : i);
}
// defenseFraction index for an internal defense d: clamp(trunc(4d/10) + 80, 0, 280).
[[nodiscard]] constexpr int defense_index(std::int64_t defense) noexcept { return enchant_index(defense * 4 / 10); }
[[nodiscard]] inline std::int64_t accuracy_fraction(std::int64_t quarters) noexcept {
  return accuracy_table()[static_cast<std::size_t>(enchant_index(quarters))];
}
[[nodiscard]] inline std::int64_t damage_fraction(std::int64_t quarters) noexcept {
  return damage_table()[static_cast<std::size_t>(enchant_index(quarters))];
}
[[nodiscard]] inline std::int64_t defense_fraction(std::int64_t defense) noexcept {
  return defense_table()[static_cast<std::size_t>(defense_index(defense))];
}

// --- chance to hit (Combat.c hitProbability) --------------------------------------
// `accuracy` is the attacker's already adjusted integer accuracy, `defense` the
// defender's adjusted internal defense (>= 0). Second truncation and clamp:
// hit = clamp(trunc(accuracy * defTable[idx(defense)] / FP), 0, 100).
[[nodiscard]] inline int hit_percent(std::int64_t accuracy, std::int64_t defense) noexcept {
  const std::int64_t h = accuracy * defense_fraction(defense < 0 ? 0 : defense) / FP;
  return static_cast<int>(h < 0 ? 0 : h > 100 ? 100 : h);
}

// --- strength, net enchant, accuracy (Combat.c) -------------------------------------
// Combat.c strengthModifier in quarters: +0.25 per surplus point, -2.5 per missing one.
[[nodiscard]] constexpr std::int64_t strength_modifier_quarters(std::int64_t strength, std::int64_t weakness,
                                                                std::int64_t required) noexcept {
  const std::int64_t diff = (strength - weakness) - required;
  return diff > 0 ? diff : 10 * diff;
}
// Combat.c netEnchant: enchant1 + strengthModifier, clamped to -20 .. +50.
[[nodiscard]] constexpr std::int64_t net_enchant_quarters(std::int64_t enchant_quarters,
                                                          std::int64_t strength_quarters) noexcept {
  const std::int64_t q = enchant_quarters + strength_quarters;
  return q < min_net_quarters ? min_net_quarters : q > max_net_quarters ? max_net_quarters : q;
}
// Player melee accuracy with a weapon: trunc(100 * accTable[idx(net)] / FP) — the first truncation.
[[nodiscard]] inline std::int64_t player_accuracy(std::int64_t net_quarters) noexcept {
  return 100 * accuracy_fraction(net_quarters) / FP;
}
// Combat.c monsterAccuracyAdjusted: max(0, trunc(accuracy * accTable[80 - 6w] / FP)).
[[nodiscard]] inline std::int64_t weakened_accuracy(std::int64_t accuracy, std::int64_t weakness) noexcept {
  const std::int64_t a = accuracy * accuracy_fraction(-6 * weakness) / FP;
  return a < 0 ? 0 : a;
}
// Combat.c monsterDefenseAdjusted: max(0, defense - 25 * weakness).
[[nodiscard]] constexpr std::int64_t weakened_defense(std::int64_t defense, std::int64_t weakness) noexcept {
  const std::int64_t d = defense - 25 * weakness;
  return d < 0 ? 0 : d;
}
// Combat.c monsterDamageAdjustmentAmount, applied after the roll:
// trunc(roll * dmgTable[80 - 6w] / FP).
[[nodiscard]] inline std::int64_t weakness_damage_factor(std::int64_t weakness) noexcept {
  return damage_fraction(-6 * weakness);
}

// --- player defense (Items.c recalculateEquipmentBonuses) ---------------------------
// max(0, trunc(armor + 10 * (net - donning))), the net enchant in quarters. The
// truncation is of the whole sum: 30 - 2.5 gives 27, not 28.
[[nodiscard]] constexpr std::int64_t player_defense(std::int64_t armor_internal, std::int64_t net_quarters,
                                                    std::int64_t donning = 0) noexcept {
  const std::int64_t d = (4 * armor_internal + 10 * (net_quarters - 4 * donning)) / 4;
  return d < 0 ? 0 : d;
}
// Items.c displayedArmorValue for identified armor: defense / 10.
[[nodiscard]] constexpr std::int64_t displayed_armor(std::int64_t defense) noexcept { return defense / 10; }

// --- damage ranges (Math.c randClumpedRange) ----------------------------------------
struct Clump {
  std::int64_t lo = 0, hi = 0, clump = 1;
  friend bool operator==(const Clump&, const Clump&) = default;
};

// The dice randClumpedRange rolls, in the order it rolls them: `big` dice of
// rand_range(0, sides + 1) first, then `small` dice of rand_range(0, sides).
// Both the sampler and the exact distribution are built from this one shape.
struct ClumpDice {
  std::int64_t base = 0;   // returned as is when there are no dice
  std::int64_t sides = 0;  // small die: 0..sides
  std::int64_t big = 0;    // count of 0..sides+1 dice
  std::int64_t small = 0;  // count of 0..sides dice
  bool single = false;     // clump <= 1: one rand_range(lo, hi)
  std::int64_t hi = 0;     // for `single`
};
[[nodiscard]] constexpr ClumpDice clump_dice(const Clump& c) noexcept {
  ClumpDice d;
  d.base = c.lo;
  if (c.hi <= c.lo) return d;  // lo, no draw
  if (c.clump <= 1) {
    d.single = true;
    d.hi = c.hi;
    return d;
  }
  const std::int64_t w = c.hi - c.lo;
  d.sides = w / c.clump;
  d.big = w % c.clump;
  d.small = c.clump - d.big;
  return d;
}

// Brogue CE randClumpedRange, drawing through `rng.uniform` (rand_range with
// the Brogue engine). `on_draw(lo, hi, value)` sees every draw; a die with
// sides 0 is rand_range(0, 0), which returns 0 without drawing.
template <UniformEngine R, class OnDraw>
std::int64_t rand_clumped_range(R& rng, const ClumpDice& d, OnDraw&& on_draw) {
  if (d.single) {
    const std::int64_t v = rng.uniform(d.base, d.hi);
    on_draw(d.base, d.hi, v);
    return v;
  }
  std::int64_t total = d.base;
  for (std::int64_t i = 0; i < d.big; ++i) {
    const std::int64_t v = rng.uniform(0, d.sides + 1);
    on_draw(0, d.sides + 1, v);
    total += v;
  }
  if (d.sides > 0)
    for (std::int64_t i = 0; i < d.small; ++i) {
      const std::int64_t v = rng.uniform(0, d.sides);
      on_draw(0, d.sides, v);
      total += v;
    }
  return total;
}
template <UniformEngine R>
std::int64_t rand_clumped_range(R& rng, const Clump& c) {
  return rand_clumped_range(rng, clump_dice(c), [](std::int64_t, std::int64_t, std::int64_t) {});
}
// The exact distribution of randClumpedRange(lo, hi, clump).
[[nodiscard]] Pmf clumped_pmf(const Clump& c);

// --- player weapon bounds (Items.c recalculateEquipmentBonuses) ------------------------
// Items.c recalculateEquipmentBonuses: each bound becomes
// max(1, trunc(bound * dmgTable[idx(net)] / FP)) before the roll; the clump stays.
[[nodiscard]] Clump player_weapon_damage(const Clump& base, std::int64_t net_quarters) noexcept;

// --- the player's regeneration (Items.c updatePlayerRegenerationDelay) -----------------
// Rogue.h TURNS_FOR_FULL_REGEN: the player at regeneration bonus 0 takes
// about 300 turns to regain its maximum HP.
inline constexpr std::int64_t turns_for_full_regen = 300;
// PowerTables.c turnsForFullRegenInThousandths: 1000 x 300 x 0.75^bonus + 2000
// thousandths of a turn, the bonus (a ring of regeneration's enchant)
// clamped to -10..50.
[[nodiscard]] std::int64_t turns_for_full_regen_thousandths(std::int64_t bonus) noexcept;
struct PlayerRegeneration {
  std::int64_t hp_per_turn = 0;                // player.regenPerTurn: HP every turn
  std::int64_t turns_between_thousandths = 0;  // player.info.turnsBetweenRegen: thousandths of a turn a further HP
};
// Items.c updatePlayerRegenerationDelay: every whole (turnsForFull / 1000) HP
// of the maximum is an HP a turn; the rest, r, comes one HP each
// turnsForFull / r thousandths of a turn.
[[nodiscard]] PlayerRegeneration player_regeneration(std::int64_t max_hp, std::int64_t bonus) noexcept;

}  // namespace fray::brogue
