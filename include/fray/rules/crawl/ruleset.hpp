// fray/rules/crawl/ruleset.hpp — the DCSS 0.19 ruleset: specs, reports, sweeps.
#pragma once

#include <fray/rules/crawl/combat.hpp>
#include <fray/rules/ruleset.hpp>

#include <string_view>
#include <vector>

namespace fray::crawl {

// The type-erased ruleset ("crawl").
const Ruleset& ruleset();

// "player:dex=15,weapon=long_sword", "orc_warrior:hd=5", "hd=3,fighter=1,ev=8".
// Throws fray::Error naming the spec and key.
[[nodiscard]] Combatant parse_combatant(std::string_view text, std::string_view role);
// Situation flags; throws fray::Error for an unknown flag.
[[nodiscard]] Situation parse_situation(const std::vector<std::string>& flags);

// One row of a sweep: the value of the swept skill or stat, the hit chance and
// the mean damage per attack.
struct SweepRow {
  double value = 0;
  double p_hit = 0;
  double mean_damage = 0;
};
// Raises `stat` ("fighting", "weapon_skill" or "dex") of the player attacker
// from `from` to `to` in steps of `step`; exact.
[[nodiscard]] std::vector<SweepRow> sweep(const Combatant& attacker, const Combatant& defender, const Situation& s,
                                          std::string_view stat, double from, double to, double step = 1);

}  // namespace fray::crawl
