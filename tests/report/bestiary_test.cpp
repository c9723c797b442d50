// The bestiary's table, JSON, CSV and text, from rows made by hand: every
// column in its place, a value a row lacks empty (null in JSON), the text
// narrower than the JSON.
#include <fray/report/bestiary.hpp>
#include <fray/report/report.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace fray {
namespace {

BestiaryResult bestiary_two_rows(std::string level_stat) {
  BestiaryResult r;
  r.rules = "crawl-0.34";
  r.title = "DCSS 0.34.1";
  r.attacker = "player:weapon=long_sword";
  r.time_unit = "aut";
  r.level_stat = std::move(level_stat);
  BestiaryRow duel;
  duel.name = "orc";
  duel.level = 1;
  duel.hp = 11;
  duel.p_hit = 0.75;
  duel.p_hit_by = 0.5;
  duel.damage_per_hit = 6;
  duel.damage_per_attack = 4.5;
  duel.damage_per_hit_by = 3;
  duel.damage_per_attack_by = 1.5;
  duel.damage_per_turn_by = 0.15;
  duel.hits_to_kill = 2.25;
  duel.turns_to_kill = 30;
  duel.p_win = 0.875;
  duel.p_lose = 0.125;
  duel.method = "monte_carlo";
  duel.fights = 2000;
  duel.p_win_lo = 0.86;
  duel.p_win_hi = 0.89;
  BestiaryRow plant;  // no attack, no duel: its row says why
  plant.name = "plant";
  plant.hp = 24;
  plant.p_hit = 1;
  plant.note = "no attack: the plant has no melee attack";
  r.rows = {duel, plant};
  r.notes = {"every duel: Monte Carlo"};
  return r;
}

const std::vector<std::string> kBestiaryColumns = {"name",
                                                   "level",
                                                   "hp",
                                                   "p_hit",
                                                   "p_hit_by",
                                                   "damage_per_hit",
                                                   "damage_per_hit_by",
                                                   "damage_per_attack",
                                                   "damage_per_attack_by",
                                                   "damage_per_turn_by",
                                                   "hits_to_kill",
                                                   "turns_to_kill",
                                                   "p_win",
                                                   "p_lose",
                                                   "method",
                                                   "fights",
                                                   "p_win_lo",
                                                   "p_win_hi",
                                                   "note"};

TEST(BestiaryTable, EveryColumnInOrderAndMissingValuesEmpty) {
  const Table t = bestiary_table(bestiary_two_rows("hd"));
  ASSERT_EQ(t.columns.size(), kBestiaryColumns.size());
  for (std::size_t i = 0; i < t.columns.size(); ++i) EXPECT_EQ(t.columns[i].key, kBestiaryColumns[i]);
  EXPECT_EQ(t.columns[1].label, "hd");
  EXPECT_EQ(t.columns[9].label, "damage by per time (aut)");
  EXPECT_EQ(t.columns[11].label, "time to kill (aut)");
  EXPECT_EQ(t.title, "DCSS 0.34.1: player:weapon=long_sword against 2 monsters, in order of danger");
  ASSERT_EQ(t.rows.size(), 2u);
  const auto& orc = t.rows[0];
  EXPECT_EQ(std::get<std::string>(orc[0]), "orc");
  EXPECT_EQ(std::get<double>(orc[1]), 1.0);
  EXPECT_EQ(std::get<std::int64_t>(orc[2]), 11);
  EXPECT_EQ(std::get<double>(orc[12]), 0.875);
  EXPECT_EQ(std::get<std::string>(orc[14]), "monte_carlo");
  EXPECT_EQ(std::get<std::int64_t>(orc[15]), 2000);
  const auto& plant = t.rows[1];
  for (std::size_t i : {1u, 4u, 5u, 6u, 7u, 8u, 9u, 10u, 11u, 12u, 13u, 14u, 16u, 17u})
    EXPECT_TRUE(std::holds_alternative<std::monostate>(plant[i])) << t.columns[i].key;
  EXPECT_EQ(std::get<double>(plant[3]), 1.0);
  EXPECT_EQ(std::get<std::int64_t>(plant[15]), 0);
  EXPECT_EQ(std::get<std::string>(plant[18]), "no attack: the plant has no melee attack");
  EXPECT_EQ(t.notes, std::vector<std::string>{"every duel: Monte Carlo"});
}

TEST(BestiaryTable, OneMonsterIsNotPlural) {
  BestiaryResult r = bestiary_two_rows("");
  r.rows.resize(1);
  EXPECT_EQ(bestiary_table(r).title, "DCSS 0.34.1: player:weapon=long_sword against 1 monster, in order of danger");
  EXPECT_EQ(bestiary_table(r).columns[1].label, "level");
}

TEST(BestiaryReport, JsonHasEveryColumnWithNullsAndTheTextFewer) {
  const Report rep = bestiary_report(bestiary_two_rows("hd"));
  const auto& j = rep.json;
  ASSERT_EQ(j.at("columns").size(), kBestiaryColumns.size());
  ASSERT_EQ(j.at("rows").size(), 2u);
  EXPECT_EQ(j.at("rows")[0].at("name"), "orc");
  EXPECT_DOUBLE_EQ(j.at("rows")[0].at("p_win_hi").get<double>(), 0.89);
  EXPECT_TRUE(j.at("rows")[1].at("p_win").is_null());
  EXPECT_TRUE(j.at("rows")[1].at("method").is_null());
  EXPECT_EQ(j.at("notes")[0], "every duel: Monte Carlo");
  // The text keeps the columns a reader compares: not the interval, not the fights.
  EXPECT_NE(rep.text.find("orc"), std::string::npos);
  EXPECT_NE(rep.text.find("no attack: the plant has no melee attack"), std::string::npos);
  EXPECT_EQ(rep.text.find("P(win) low"), std::string::npos);
  EXPECT_EQ(rep.text.find("damage per hit by"), std::string::npos);
  EXPECT_NE(rep.text.find("P(win)"), std::string::npos);
  // Without a level stat the text has no level column.
  EXPECT_EQ(bestiary_report(bestiary_two_rows("")).text.find(" level"), std::string::npos);
  EXPECT_NE(rep.text.find("hd"), std::string::npos);
}

TEST(BestiaryReport, CsvQuotesAndLeavesMissingEmpty) {
  BestiaryResult r = bestiary_two_rows("hd");
  r.rows[1].note = "no attack, \"none\"";
  const std::string csv = table_csv(bestiary_table(r));
  const std::string header =
      "name,level,hp,p_hit,p_hit_by,damage_per_hit,damage_per_hit_by,damage_per_attack,damage_per_attack_by,"
      "damage_per_turn_by,hits_to_kill,turns_to_kill,p_win,p_lose,method,fights,p_win_lo,p_win_hi,note";
  ASSERT_EQ(csv.substr(0, header.size()), header);
  EXPECT_NE(csv.find("\nplant,,24,1,,,,,,,,,,,,0,,,\"no attack, \"\"none\"\"\""), std::string::npos) << csv;
}

}  // namespace
}  // namespace fray
