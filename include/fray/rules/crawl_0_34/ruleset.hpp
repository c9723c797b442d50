// fray/rules/crawl_0_34/ruleset.hpp — the DCSS 0.34.1 ruleset behind
// fray::ruleset("crawl-0.34"), and its skill sweep.
#pragma once

#include <fray/core/value.hpp>
#include <fray/rules/crawl_0_34/attack.hpp>
#include <fray/rules/ruleset.hpp>
#include <string_view>

namespace fray::crawl_0_34 {

// The type-erased ruleset ("crawl-0.34", alias "crawl-0.34.1").
const Ruleset& ruleset();

// Raises `key` of the player attacker from `from` to `to` in steps of `step`:
// a skill ("fighting", "weapon_skill", "long_blades", "ranged_weapons",
// "stealth", ...; a weapon skill must be the wielded weapon's) or "dex" or
// "str". One exact row per value: value, p_hit and mean_damage per attack (a
// miss or a block as 0). Throws fray::Error naming a bad key or range.
[[nodiscard]] Table sweep(const Combatant& attacker, const Combatant& defender, const Situation& s,
                          std::string_view key, double from = 0, double to = 27, double step = 1);

}  // namespace fray::crawl_0_34
