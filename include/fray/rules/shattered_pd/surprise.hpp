// fray/rules/shattered_pd/surprise.hpp — surprise attacks in Shattered Pixel
// Dungeon 3.3.6 (actors/mobs/Mob.java surprisedBy, defenseSkill, act).
//
// A mob is surprised by the hero when it has not seen her, or she is
// invisible, or she stands outside its last field of view; the hero must also
// be able to surprise-attack with her weapon (Hero.canSurpriseAttack). A
// surprised or paralyzed mob has evasion 0: the attack cannot miss.
// Whether the mob has seen the hero is decided on the mob's own turn
// (Mob.act); these functions take that state as input.
#pragma once

#include <cstdint>

namespace fray::shattered_pd {

// What a mob knows of the hero when she attacks.
struct Awareness {
  bool enemy_seen = true;       // Mob.enemySeen, set on the mob's last turn
  bool hero_invisible = false;  // the hero's invisible > 0
  bool in_view = true;          // the hero's cell is in the mob's last field of view
};

// Mob.surprisedBy(hero, attacking): true when the mob is unaware of the hero,
// and, for an attack, she can surprise-attack with the weapon she uses.
[[nodiscard]] constexpr bool surprised_by_hero(Awareness a, bool attacking, bool can_surprise_attack) noexcept {
  const bool unaware = a.hero_invisible || !a.enemy_seen || !a.in_view;
  return unaware && (!attacking || can_surprise_attack);
}

// The conditions under which Mob.defenseSkill returns 0 instead of the mob's field.
struct DefenseState {
  bool surprised = false;         // surprised_by_hero (the attacker is the hero)
  bool paralyzed = false;         // Paralysis, Frost, Magical Sleep, time stasis
  bool ally_hit_by_hero = false;  // the mob is the hero's ally and she attacks it
  bool illuminated = false;       // Illuminated while the hero is a Cleric (with her weapon's STR, if she attacks)
};

// Mob.defenseSkill(enemy): 0 in any of the states above, else `evasion`.
[[nodiscard]] constexpr std::int64_t mob_defense_skill(std::int64_t evasion, DefenseState s) noexcept {
  return s.surprised || s.paralyzed || s.ally_hit_by_hero || s.illuminated ? 0 : evasion;
}

// Mob.act: after a hero's attack the mob's enemySeen stays as it was until the
// mob's next turn, so every hit she lands before then is still a surprise.
// Only the mob's own turn updates it: while hunting, fleeing or passive it
// becomes "the hero is alive, in view and not invisible".
[[nodiscard]] constexpr bool enemy_seen_after_turn(bool alive, bool in_view, bool invisible, bool paralyzed) noexcept {
  return !paralyzed && alive && in_view && !invisible;
}

}  // namespace fray::shattered_pd
