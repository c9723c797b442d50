#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/rules/brogue/balance.hpp>

namespace fray::brogue {

std::optional<std::int64_t> enchant_for_hit(const Combatant& defender, int percent) {
  // The player's accuracy only grows with net enchant, so the first hit wins.
  const std::int64_t defense = defense_value(defender);
  for (std::int64_t q = min_net_quarters; q <= max_net_quarters; ++q)
    if (hit_percent(player_accuracy(q), defense) >= percent) return q;
  return std::nullopt;
}

namespace {
// Every internal defense a player can have: some armor (or none) at some net
// enchant -20..+50, through recalculateEquipmentBonuses' truncation.
const std::vector<std::int64_t>& reachable_defenses() {
  static const std::vector<std::int64_t> all = [] {
    std::vector<std::int64_t> v{0};
    for (const Armor& a : armors())
      for (std::int64_t q = min_net_quarters; q <= max_net_quarters; ++q) v.push_back(player_defense(a.armor, q));
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
  }();
  return all;
}
}  // namespace

std::optional<std::int64_t> armor_for_hit(const Combatant& attacker, int percent, bool reachable) {
  const std::int64_t accuracy = attack_accuracy(attacker);
  if (reachable) {
    for (std::int64_t d : reachable_defenses())
      if (hit_percent(accuracy, d) <= percent) return d * 4 / 10;
    return std::nullopt;
  }
  // Table index k - 80 = quarter points; the smallest internal defense with
  // that index is ceil(2.5 k).
  for (std::int64_t k = 0; k <= table_size - 1 - table_zero; ++k)
    if (hit_percent(accuracy, (10 * k + 3) / 4) <= percent) return k;
  return std::nullopt;
}

const std::vector<std::string>& wiki_enchant_monsters() {
  static const std::vector<std::string> v{"vampire_bat", "ogre",  "wraith", "troll",  "dar_blademaster",
                                          "phantom",     "golem", "fury",   "dragon", "tentacle_horror"};
  return v;
}
const std::vector<std::string>& wiki_armor_monsters() {
  static const std::vector<std::string> v{"vampire_bat", "wraith", "ogre",  "troll",           "dar_blademaster",
                                          "phantom",     "fury",   "golem", "tentacle_horror", "dragon"};
  return v;
}

BalanceKind parse_balance_kind(std::string_view name) {
  if (name == "enchant-for-hit") return BalanceKind::enchant_for_hit;
  if (name == "armor-for-hit" || name == "armour-for-hit") return BalanceKind::armor_for_hit;
  const std::array<std::string, 2> known{"enchant-for-hit", "armor-for-hit"};
  throw Error(fmt::format("brogue: unknown table '{}'{} (known: enchant-for-hit, armor-for-hit)", name,
                          did_you_mean(name, known)));
}

std::string_view balance_kind_name(BalanceKind kind) noexcept {
  return kind == BalanceKind::enchant_for_hit ? "enchant-for-hit" : "armor-for-hit";
}

Table balance_table(const BalanceRequest& req) {
  const bool enchant = req.kind == BalanceKind::enchant_for_hit;
  if (enchant && req.reachable) throw Error("brogue table enchant-for-hit: reachable applies to armor-for-hit only");
  std::vector<int> percents = req.percents;
  if (percents.empty())
    percents = enchant ? std::vector<int>{50, 66, 75, 90, 95, 100} : std::vector<int>{50, 33, 25, 10, 5, 2};
  for (int p : percents)
    if (p < 0 || p > 100) throw Error(fmt::format("brogue table: percentage {} is outside 0..100", p));
  const std::vector<std::string>& names = !req.monsters.empty() ? req.monsters
                                          : enchant             ? wiki_enchant_monsters()
                                                                : wiki_armor_monsters();

  Table t;
  t.title = enchant ? "Smallest net enchant giving the player at least X % to hit (Brogue CE hitProbability)"
                    : fmt::format(
                          "Smallest {}displayed armor holding the monster to at most X % to hit (Brogue CE "
                          "hitProbability)",
                          req.reachable ? "player-reachable " : "");
  t.columns.push_back({"monster", ""});
  for (int p : percents) t.columns.push_back({fmt::format("p{}", p), fmt::format("{}%", p)});
  const std::string_view role = enchant ? "defender" : "attacker";
  for (const std::string& n : names) {
    const Combatant c = parse_combatant(n, role);
    if (c.is_player) throw Error(fmt::format("brogue table: '{}' is not a monster", n));
    std::vector<Value> row{c.name};
    for (int p : percents) {
      const auto q = enchant ? enchant_for_hit(c, p) : armor_for_hit(c, p, req.reachable);
      if (q)
        row.emplace_back(static_cast<double>(*q) / 4.0);
      else
        row.emplace_back();  // no value reaches the target
    }
    t.rows.push_back(std::move(row));
  }
  t.notes.push_back(enchant ? "values are the weapon's net enchant (enchant + strength bonus), in steps of 0.25"
                            : "values are displayed armor (internal defense / 10), in steps of 0.25");
  if (!enchant && req.reachable)
    t.notes.push_back("only defenses a player can have: armor + 10 x net enchant, truncated, ends in 0, 2, 5 or 7");
  t.notes.push_back(enchant ? "'-': even +50 does not reach it" : "'-': no armor reaches it");
  return t;
}

}  // namespace fray::brogue
