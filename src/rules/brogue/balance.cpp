#include <fray/rules/brogue/balance.hpp>

#include <algorithm>

namespace fray::brogue {

std::optional<std::int64_t> enchant_for_hit(const Combatant& defender, int percent) {
  // The player's accuracy only grows with net enchant, so the first hit wins.
  const std::int64_t defense = defense_value(defender);
  for (std::int64_t q = min_net_quarters; q <= max_net_quarters; ++q)
    if (hit_percent(player_accuracy(q), defense) >= percent) return q;
  return std::nullopt;
}

namespace {
// Every internal defense a player can have: some armour (or none) at some net
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

}  // namespace fray::brogue
