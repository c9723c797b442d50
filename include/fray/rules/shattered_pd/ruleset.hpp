// fray/rules/shattered_pd/ruleset.hpp — Shattered Pixel Dungeon 3.3.6 behind
// fray::Ruleset ("shattered-pd"): the typed attack and strike answers, the
// catalogs, the fight kernel and the game's dice functions.
//
// Specs (docs/shattered_pd.md lists every key; `fray list --rules shattered-pd keys`):
//   hero[:class=..,subclass=..,level=..,str=..,hp=..,weapon=..,weapon_level=..,augment=..,
//        missile=..,missile_level=..,armor=..,armor_level=..,armor_augment=..,ring_*=..,rage=..]
//   a mob: gnoll_brute, dm100, wraith:depth=12, animated_statue:depth=8,weapon=sword
//   inline: accuracy=..,evasion=..,damage=MIN-MAX,armor=..,hp=..
//   every spec: bless, hex, daze, weakened, vulnerable, champion=.., growing=..
// Situation flags: thrown, ranged, adjacent, magic, surprised (unseen),
// paralyzed, invisible, ascension, point_blank=N, ferret_tuft=N, blessed,
// weakened, hexed, dazed, vulnerable, focus.
#pragma once

#include <fray/core/dice.hpp>
#include <fray/rules/ruleset.hpp>
#include <fray/rules/shattered_pd/attack.hpp>

namespace fray::shattered_pd {

// The type-erased ruleset ("shattered-pd").
[[nodiscard]] const Ruleset& ruleset();

// The game's primitives for dice expressions: shattered_normal(a, b) is
// Random.NormalIntRange(a, b) with its float-exact law, shattered_int_range(a, b)
// Random.IntRange(a, b).
void add_dice_functions(DiceFunctions& fns);

// Hero.attackDelay / Mob.attackDelay for this attack, in turns: the weapon's
// DLY × the augment's delay factor (speed 2/3, damage 5/3) × 1.2^enc for
// missing STR; 1 unarmed; a mob's attack delay (its spells take the same).
[[nodiscard]] double attack_time(const Combatant& attacker, const Situation& s);

}  // namespace fray::shattered_pd
