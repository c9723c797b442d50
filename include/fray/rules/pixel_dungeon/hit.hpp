// fray/rules/pixel_dungeon/hit.hpp — Pixel Dungeon 1.9.1's hit test and surprise.
//
// actors/Char.java hit(attacker, defender, magic): draw
// acuRoll = Random.Float(accuracy), then defRoll = Random.Float(evasion); the
// attack hits when (magic ? 2·acuRoll : acuRoll) >= defRoll. Ties hit, so an
// evasion of 0 is always hit. Only mob spells roll with magic = true; hero
// wands never roll to hit at all.
#pragma once

#include <cstdint>
#include <fray/core/rng.hpp>
#include <fray/rules/pixel_dungeon/random.hpp>

namespace fray::pixel_dungeon {

// The rule itself, given the two rolls.
[[nodiscard]] constexpr bool hits(float acu_roll, float def_roll, bool magic) noexcept {
  return (magic ? acu_roll * 2 : acu_roll) >= def_roll;
}

// Exact chance of the rule above with continuous rolls: with A the
// accuracy (doubled when magic) and D the evasion, 1 if D = 0, A/(2D) if
// A <= D, 1 - D/(2A) otherwise. A = 0 against D > 0 hits only on a defRoll of
// exactly 0.0, which this treats as 0.
[[nodiscard]] double hit_chance(std::int64_t accuracy, std::int64_t evasion, bool magic = false) noexcept;

struct HitRolls {
  float acu_roll = 0;
  float def_roll = 0;
  bool hit = false;
};

// One hit test drawn as the game draws it: accuracy roll first, then evasion.
template <UniformEngine R>
[[nodiscard]] HitRolls roll_hit(R& rng, std::int64_t accuracy, std::int64_t evasion, bool magic) {
  HitRolls h;
  h.acu_roll = random_float(rng, static_cast<double>(accuracy));
  h.def_roll = random_float(rng, static_cast<double>(evasion));
  h.hit = hits(h.acu_roll, h.def_roll, magic);
  return h;
}

// --- surprise attacks (Mob.defenseSkill, Mob.defenseProc) -------------------------
//
// actors/mobs/Mob.java defenseSkill: a mob's evasion is its defenseSkill only
// while it has seen its enemy and is not paralyzed; otherwise 0, an automatic
// hit. Mob.defenseProc adds the Assassin's bonus when !enemySeen; a paralyzed
// mob clears enemySeen on each of its turns (Mob.act), so after one turn of
// paralysis it takes the bonus too. Whether a mob has seen the hero (field of
// view, stealth, sleep) is decided elsewhere; these take that decision as input.
struct Awareness {
  bool enemy_seen = true;  // the mob's enemySeen flag at the time of the attack
  bool paralyzed = false;  // Paralysis or Frost
};

// True when an attack on a mob in this state is a surprise attack.
[[nodiscard]] constexpr bool is_surprise(Awareness a) noexcept { return !a.enemy_seen || a.paralyzed; }
// True when the Assassin's bonus applies (Mob.defenseProc): the mob has not seen its enemy.
[[nodiscard]] constexpr bool assassin_bonus_applies(Awareness a) noexcept { return !a.enemy_seen; }
// The evasion the mob defends with: 0 on a surprise attack, else its defenseSkill.
[[nodiscard]] constexpr std::int64_t mob_evasion(std::int64_t defense_skill, Awareness a) noexcept {
  return is_surprise(a) ? 0 : defense_skill;
}

}  // namespace fray::pixel_dungeon
