// fray/rules/shattered_pd/hit.hpp — Shattered Pixel Dungeon 3.3.6's hit test,
// actors/Char.java hit(attacker, defender, accMulti, magic).
//
// The game draws acuRoll = Random.Float(accuracy), then defRoll =
// Random.Float(evasion), multiplies each roll by the buffs of its side (one
// float multiplication each, in a fixed order), and hits when acuRoll >=
// defRoll: ties hit, so an evasion of 0 is always hit. Accuracy or evasion of
// 1 000 000 (INFINITE_ACCURACY / INFINITE_EVASION) decides without a draw,
// infinite evasion first.
#pragma once

#include <cstdint>
#include <fray/core/rng.hpp>
#include <fray/rules/shattered_pd/random.hpp>
#include <optional>
#include <vector>

namespace fray::shattered_pd {

// Char.INFINITE_ACCURACY and Char.INFINITE_EVASION.
inline constexpr std::int64_t infinite_accuracy = 1'000'000;
inline constexpr std::int64_t infinite_evasion = 1'000'000;

// The buffs that multiply one side's roll in Char.hit, in the game's order.
struct RollBuffs {
  bool bless = false;  // Bless: ×1.25f
  bool hex = false;    // Hex: ×0.8f
  bool daze = false;   // Daze: ×0.5f
  // Each ChampionEnemy buff's evasionAndAccuracyFactor (Blessed 4, Growing
  // 1.19 + 0.01 per 4 turns, the others 1).
  std::vector<float> champions;
  float ascension = 1;  // AscensionChallenge.statModifier of this character
  // Points in the hero's Bless talent (Talent.BLESS) when she is not a Cleric
  // and this side is her ally, the hero herself included: ×(1.01f + 0.02f·pts).
  int bless_talent = 0;
};

// One call of Char.hit, as the caller resolves it.
struct HitTest {
  std::int64_t accuracy = 0;  // attacker.attackSkill(defender)
  std::int64_t evasion = 0;   // defender.defenseSkill(attacker)
  RollBuffs attacker, defender;
  // accMulti: 1 for an ordinary attack, 2 for a mob's spell (hit(a, d, true)),
  // INFINITE_ACCURACY for the Duelist's abilities and the Gladiator's combo moves.
  float acc_multi = 1;
  bool invisible_attacker = false;  // invisible and able to surprise-attack: INFINITE_ACCURACY
  bool focus = false;               // the defender has the Monk's Focus: INFINITE_EVASION
  std::optional<int> ferret_tuft;  // the hero's Ferret Tuft trinket level: every defender's roll ×(1 + 0.125·(lvl+1))
};

// The resolved hit test: the two stats and the ordered float multipliers of each roll.
struct HitPlan {
  enum class Sure : std::uint8_t { no, hit, miss };
  Sure sure = Sure::no;  // decided without a draw by infinite evasion (miss) or accuracy (hit)
  std::int64_t accuracy = 0, evasion = 0;
  std::vector<float> attacker_factors, defender_factors;

  // The rolls for the Floats u: Float() · stat, then each factor, all in float.
  [[nodiscard]] float acu_roll(float u) const noexcept {
    return scaled(u * static_cast<float>(accuracy), attacker_factors);
  }
  [[nodiscard]] float def_roll(float u) const noexcept {
    return scaled(u * static_cast<float>(evasion), defender_factors);
  }

 private:
  [[nodiscard]] static float scaled(float roll, const std::vector<float>& factors) noexcept {
    for (float f : factors) roll *= f;
    return roll;
  }
};

// Resolves the buffs of Char.hit into the plan above. Throws fray::Error for a
// negative stat, a non-positive multiplier or a negative talent or trinket level.
[[nodiscard]] HitPlan plan_hit(const HitTest& t);

// The closed form of the hit chance, treating the rolls as continuous: with
// A′ and D′ the stats times their factors, 1 if D′ = 0, A′/(2D′) if A′ <= D′,
// 1 − D′/(2A′) otherwise; an accuracy of 0 against D′ > 0 hits only when both
// rolls are 0.0, 2^-24. Within 1e-7 of the game's exact chance.
[[nodiscard]] double hit_chance(const HitPlan& p) noexcept;

// The exact number of the 2^48 pairs of 24-bit Floats (accuracy Float, evasion
// Float) that hit, with every float product as the game rounds it: a sweep over
// the 2^24 accuracy rolls (some 50 ms).
[[nodiscard]] std::uint64_t hit_pairs(const HitPlan& p) noexcept;
// hit_pairs / 2^48.
[[nodiscard]] double exact_hit_chance(const HitPlan& p) noexcept;

struct HitRolls {
  bool drawn = false;  // false when infinite accuracy or evasion decided it
  float acu_roll = 0, def_roll = 0;
  bool hit = false;
};

// One hit test drawn as the game draws it: the accuracy Float, then the evasion Float.
template <UniformEngine R>
[[nodiscard]] HitRolls roll_hit(const HitPlan& p, R& rng) noexcept {
  HitRolls h;
  if (p.sure != HitPlan::Sure::no) {
    h.hit = p.sure == HitPlan::Sure::hit;
    return h;
  }
  h.drawn = true;
  h.acu_roll = p.acu_roll(random_float(rng));
  h.def_roll = p.def_roll(random_float(rng));
  h.hit = h.acu_roll >= h.def_roll;
  return h;
}

}  // namespace fray::shattered_pd
