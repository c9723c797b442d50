// fray/rules/brogue/balance.hpp — the balance tables of the Brogue wiki,
// computed from Brogue CE's own Combat.c hitProbability: the net enchant a
// player needs to hit a monster at least X % of the time, and the armor that
// holds a monster to at most X %.
#pragma once

#include <fray/core/value.hpp>
#include <fray/rules/brogue/attack.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fray::brogue {

// Smallest player net enchant (in quarters, -80..200) at which the player's
// melee hitProbability against `defender` is at least `percent`; nullopt when
// even +50 does not reach it.
[[nodiscard]] std::optional<std::int64_t> enchant_for_hit(const Combatant& defender, int percent);

// Smallest effective displayed armor (in quarters of a point: the defense
// table index - 80) at which `attacker`'s hitProbability against the player is
// at most `percent`. With `reachable`, only internal defenses some armor at
// some net enchant gives a player (ending in 0, 2, 5 or 7) count.
[[nodiscard]] std::optional<std::int64_t> armor_for_hit(const Combatant& attacker, int percent, bool reachable);

// The monsters of the wiki's two tables, in its row order.
[[nodiscard]] const std::vector<std::string>& wiki_enchant_monsters();
[[nodiscard]] const std::vector<std::string>& wiki_armor_monsters();

// One of the two tables, as `fray table` prints it.
enum class BalanceKind { enchant_for_hit, armor_for_hit };
// "enchant-for-hit" or "armor-for-hit" ("armour-for-hit" too); throws
// fray::Error naming the tables otherwise.
[[nodiscard]] BalanceKind parse_balance_kind(std::string_view name);
[[nodiscard]] std::string_view balance_kind_name(BalanceKind kind) noexcept;

struct BalanceRequest {
  BalanceKind kind = BalanceKind::enchant_for_hit;
  std::vector<std::string> monsters;  // monster specs; empty: the wiki's rows
  std::vector<int> percents;          // 0..100; empty: the wiki's columns
  bool reachable = false;             // armor-for-hit only
};

// The table: a "monster" column, then one column per percentage keyed "p50"
// (labelled "50%"), each cell the net enchant or displayed armor in points,
// or the string "-" where no value reaches the target. Throws fray::Error for
// a spec that is not a monster, a percentage outside 0..100, or --reachable
// on enchant-for-hit.
[[nodiscard]] Table balance_table(const BalanceRequest& request);

}  // namespace fray::brogue
