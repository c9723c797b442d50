// fray/rules/pixel_dungeon/ruleset.hpp — Pixel Dungeon 1.9.1 behind fray::Ruleset:
// the typed attack and strike answers, the catalogs and the fight kernel.
//
// Specs (docs/pixel_dungeon.md lists every key; `fray list --rules pixel-dungeon keys`):
//   hero[:class=..,subclass=..,level=..,str=..,hp=..,weapon=..,weapon_level=..,
//        armor=..,armor_level=..,missile=..,ring_accuracy=..,ring_evasion=..,combo=..,charges=..]
//   a mob: gnoll_scout, wraith:depth=12, animated_statue:depth=8,weapon=sword, gnoll_brute:hp=5
//   inline: accuracy=..,evasion=..,damage=MIN-MAX,armor=..,hp=..
// Situation flags: thrown, adjacent, magic, unseen, paralyzed (or paralysed), water,
// resisted, immune, acting.
#pragma once

#include <fray/rules/pixel_dungeon/attack.hpp>
#include <fray/rules/ruleset.hpp>

namespace fray::pixel_dungeon {

// The type-erased ruleset ("pixel-dungeon").
[[nodiscard]] const Ruleset& ruleset();

}  // namespace fray::pixel_dungeon
