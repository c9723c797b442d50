// fray/rules/pixel_dungeon/ruleset.hpp — Pixel Dungeon 1.9.1 behind fray::Ruleset:
// combatant specs, situation flags, the attack/strike reports and the fight kernel.
//
// Specs (docs/pixel_dungeon.md lists every key):
//   hero[:class=..,subclass=..,level=..,str=..,hp=..,weapon=..,weapon_level=..,
//        armor=..,armor_level=..,missile=..,ring_accuracy=..,ring_evasion=..,combo=..,charges=..]
//   a mob: gnoll_scout, wraith:depth=12, animated_statue:depth=8,weapon=sword, gnoll_brute:hp=5
//   inline: accuracy=..,evasion=..,damage=MIN-MAX,armor=..,hp=..
// Situation flags: thrown, adjacent, magic, unseen, paralysed, water, resisted, immune, acting.
#pragma once

#include <fray/rules/pixel_dungeon/combat.hpp>
#include <fray/rules/ruleset.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace fray::pixel_dungeon {

// Parses a combatant spec; `role` ("attacker", "defender") names it in errors.
[[nodiscard]] Combatant parse_combatant(std::string_view spec, std::string_view role);
// Parses situation flags; throws fray::Error naming an unknown flag.
[[nodiscard]] Situation parse_situation(const std::vector<std::string>& flags);

// The type-erased ruleset ("pixel-dungeon").
[[nodiscard]] const Ruleset& ruleset();

}  // namespace fray::pixel_dungeon
