// fray/rules/brogue/balance.hpp: the wiki's two tables as Brogue CE computes
// them (golden/brogue/wiki_table_check.csv), and the player-reachable Table 2.
#include <gtest/gtest.h>

#include <cmath>
#include <fray/rules/brogue/balance.hpp>
#include <fray/rules/spec.hpp>
#include <set>

#include "support/support.hpp"

using namespace fray::brogue;

TEST(BrogueBalance, WikiTablesAsTheCodeGivesThem) {
  const auto rows = fray::test::read_csv("golden/brogue/wiki_table_check.csv");
  ASSERT_EQ(rows.size(), 121u);
  int table1 = 0, table2 = 0, stale = 0;
  std::set<std::pair<std::string, int>> stale_cells;  // the wiki's grouped rows
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const auto& r = rows[i];
    const Combatant m = parse_combatant(fray::catalog_key(r[2]), "defender");
    const int percent = std::stoi(r[3]);
    const std::int64_t code = std::llround(std::stod(r[5]) * 4);
    const std::int64_t wiki = std::llround(std::stod(r[4]) * 4);
    const auto got = r[0] == "1" ? enchant_for_hit(m, percent) : armor_for_hit(m, percent, false);
    ASSERT_TRUE(got.has_value()) << r[2] << " " << percent;
    EXPECT_EQ(*got, code) << "table " << r[0] << " " << r[2] << " " << percent;
    // The hit chance at the code's value.
    const int at = r[0] == "1" ? hit_percent(player_accuracy(code), defense_value(m))
                               : hit_percent(attack_accuracy(m), (10 * code + 3) / 4);
    EXPECT_EQ(at, std::stoi(r[6]));
    EXPECT_EQ(wiki == code, r[7] == "True");
    if (r[0] == "1") {
      ++table1;
      EXPECT_EQ(*got, wiki);  // Table 1 holds in every cell
    } else {
      ++table2;
      stale += wiki != code;
      if (wiki != code) stale_cells.emplace(r[1], percent);
    }
  }
  EXPECT_EQ(table1, 60);
  EXPECT_EQ(table2, 60);
  EXPECT_EQ(stale, 7);                // per monster
  EXPECT_EQ(stale_cells.size(), 5u);  // per wiki cell
}

TEST(BrogueBalance, SeedTable1AllThirtyCells) {
  // The seed page's rows (each a group of monsters with the same numbers).
  const struct {
    const char* monster;
    double v[6];
  } rows[] = {{"vampire_bat", {-5.50, -1.25, 1.00, 3.75, 4.50, 5.25}},
              {"ogre", {1.75, 6.00, 8.00, 11.00, 11.75, 12.75}},
              {"troll", {3.75, 8.00, 10.25, 13.00, 14.00, 14.75}},
              {"fury", {8.00, 12.25, 14.25, 17.25, 18.00, 18.75}},
              {"tentacle_horror", {9.00, 13.25, 15.25, 18.25, 19.00, 20.00}}};
  const int percents[6] = {50, 66, 75, 90, 95, 100};
  for (const auto& r : rows)
    for (int i = 0; i < 6; ++i) {
      const auto q = enchant_for_hit(parse_combatant(r.monster, "defender"), percents[i]);
      ASSERT_TRUE(q.has_value());
      EXPECT_EQ(static_cast<double>(*q) / 4.0, r.v[i]) << r.monster << " " << percents[i];
    }
}

TEST(BrogueBalance, ReachableTable2) {
  // Items.c recalculateEquipmentBonuses truncates armor + 10 x net enchant, so a
  // player's defense ends in 0, 2, 5 or 7 and Table 2 moves in half points.
  const struct {
    const char* monster;
    double v[6];
  } rows[] = {
      {"vampire_bat", {5.5, 8.5, 10.5, 17.0, 21.5, 27.0}}, {"wraith", {7.0, 10.0, 12.0, 18.5, 23.0, 28.5}},
      {"ogre", {7.0, 10.0, 12.0, 19.0, 23.5, 29.0}},       {"dar_blademaster", {9.0, 12.0, 14.0, 20.5, 25.5, 30.5}},
      {"fury", {10.5, 14.0, 16.0, 22.5, 27.0, 32.5}},      {"golem", {11.5, 14.5, 16.5, 23.5, 28.0, 33.0}},
      {"dragon", {12.5, 15.5, 17.5, 24.0, 29.0, 34.0}}};
  const int percents[6] = {50, 33, 25, 10, 5, 2};
  for (const auto& r : rows)
    for (int i = 0; i < 6; ++i) {
      const auto q = armor_for_hit(parse_combatant(r.monster, "attacker"), percents[i], true);
      ASSERT_TRUE(q.has_value());
      EXPECT_EQ(static_cast<double>(*q) / 4.0, r.v[i]) << r.monster << " " << percents[i];
    }
}

TEST(BrogueBalance, Unreachable) {
  // Nothing holds the bog monster (accuracy 5000) to 2 %; a totem never reaches 50 %.
  EXPECT_FALSE(armor_for_hit(parse_combatant("bog_monster", "attacker"), 2, false).has_value());
  EXPECT_FALSE(enchant_for_hit(parse_combatant("accuracy=1,defense=10000,damage=1-2/1", "defender"), 50).has_value());
  EXPECT_EQ(armor_for_hit(parse_combatant("goblin_totem", "attacker"), 50, false), std::optional<std::int64_t>(0));
}
