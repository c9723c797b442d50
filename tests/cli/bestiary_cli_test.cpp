// `fray bestiary`: the table, its JSON and CSV against `fray attack` and
// `fray duel` for the same character and monsters, the filters and the errors.
#include "support/support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace {

using fray::test::run_cli;

const char* kHero = "hero:class=warrior,level=5";

TEST(BestiaryCli, JsonRowsAreAttackAndDuelAnswers) {
  const auto r = run_cli({"bestiary", "--rules", "pixel-dungeon", "--attacker", kHero, "--monsters",
                          "marsupial_rat,gnoll_scout,sewer_crab", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = r.json();
  ASSERT_EQ(j["rows"].size(), 3u);
  EXPECT_EQ(j["columns"].front(), "name");
  for (const auto& row : j["rows"]) {
    const std::string m = row["name"];
    SCOPED_TRACE(m);
    const auto a = run_cli({"attack", "--rules", "pixel-dungeon", "--attacker", kHero, "--defender", m, "--json"});
    ASSERT_EQ(a.status, 0) << a.err;
    EXPECT_DOUBLE_EQ(row["p_hit"].get<double>(), a.json()["p_hit"].get<double>());
    const auto b = run_cli({"attack", "--rules", "pixel-dungeon", "--attacker", m, "--defender", kHero, "--json"});
    ASSERT_EQ(b.status, 0) << b.err;
    EXPECT_DOUBLE_EQ(row["p_hit_by"].get<double>(), b.json()["p_hit"].get<double>());
    const auto d = run_cli({"duel", "--rules", "pixel-dungeon", "--a", kHero, "--b", m, "--json"});
    ASSERT_EQ(d.status, 0) << d.err;
    ASSERT_EQ(d.json()["method"], "exact");
    EXPECT_EQ(row["method"], "exact");
    EXPECT_NEAR(row["p_win"].get<double>(), d.json()["p_a_wins"].get<double>(), 1e-12);
    EXPECT_NEAR(row["p_lose"].get<double>(), d.json()["p_b_wins"].get<double>(), 1e-12);
    EXPECT_TRUE(row["p_win_lo"].is_null());
  }
  // In order of danger: the lowest p_win first.
  EXPECT_LE(j["rows"][0]["p_win"].get<double>(), j["rows"][1]["p_win"].get<double>());
  EXPECT_LE(j["rows"][1]["p_win"].get<double>(), j["rows"][2]["p_win"].get<double>());
}

TEST(BestiaryCli, TextAndCsv) {
  const std::vector<std::string> base = {"bestiary",
                                         "--rules",
                                         "crawl-0.34",
                                         "--attacker",
                                         "player:fighting=5,long_blades=4,weapon=long_sword,hp=40",
                                         "--monsters",
                                         "ballistomycete,goblin",
                                         "--seed",
                                         "3"};
  const auto t = run_cli(base);
  ASSERT_EQ(t.status, 0) << t.err;
  EXPECT_NE(t.out.find("against 2 monsters, in order of danger"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("hd"), std::string::npos);
  EXPECT_NE(t.out.find("damage by per time (aut)"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("no attack: crawl-0.34: the ballistomycete has no melee attack"), std::string::npos);
  auto args = base;
  args.push_back("--csv");
  const auto c = run_cli(args);
  ASSERT_EQ(c.status, 0) << c.err;
  EXPECT_EQ(c.out.rfind("name,level,hp,p_hit,p_hit_by,damage_per_hit,damage_per_hit_by,damage_per_attack,"
                        "damage_per_attack_by,damage_per_turn_by,hits_to_kill,turns_to_kill,p_win,p_lose,method,"
                        "fights,p_win_lo,p_win_hi,note\ngoblin,",
                        0),
            0u)
      << c.out;
  // The same seed gives the same rows, whatever the threads.
  args = base;
  args.insert(args.end(), {"--json", "--threads", "1"});
  const auto one = run_cli(args);
  args.back() = "2";
  const auto two = run_cli(args);
  ASSERT_EQ(one.status, 0) << one.err;
  EXPECT_EQ(one.out, two.out);
}

TEST(BestiaryCli, LevelFilter) {
  const auto r = run_cli({"bestiary", "--rules", "crawl", "--attacker", "player:fighting=5,weapon=long_sword,hp=40",
                          "--hd", "1", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = r.json();
  ASSERT_GT(j["rows"].size(), 0u);
  for (const auto& row : j["rows"]) EXPECT_EQ(row["level"], 1) << row["name"];
  const auto e = run_cli({"bestiary", "--rules", "epixx", "--attacker", "human_fighter", "--hd", "2", "--json"});
  ASSERT_EQ(e.status, 0) << e.err;
  EXPECT_EQ(e.json()["rows"][0]["name"], "ogre");
}

// --branch: the rows of DCSS 0.34's D:1 population (tests/rules/branches_test.cpp
// reads the table), the filter in the title and a note.
TEST(BestiaryCli, BranchFilter) {
  const auto r = run_cli({"bestiary", "--rules", "crawl-0.34", "--attacker", "player", "--branch", "D:1", "--sims",
                          "100", "--row-work", "1e5", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = r.json();
  std::vector<std::string> names;
  for (const auto& row : j["rows"]) names.push_back(row["name"].get<std::string>());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"ball_python", "bat", "dart_slug", "endoplasm", "frilled_lizard", "gnoll",
                                             "goblin", "hobgoblin", "jackal", "kobold", "quokka", "rat"}));
  EXPECT_NE(j["title"].get<std::string>().find("against 12 monsters of D:1,"), std::string::npos) << j["title"];
  bool noted = false;
  for (const auto& n : j["notes"]) noted = noted || n.get<std::string>().rfind("branch D:1: ", 0) == 0;
  EXPECT_TRUE(noted) << j["notes"];
  // With --monsters and --hd: both filters (0.19's jackal { 1, 11 } in pop_d[]).
  const auto c = run_cli({"bestiary", "--rules", "crawl", "--attacker", "player", "--branch", "D:11", "--monsters",
                          "jackal,rat", "--sims", "100", "--row-work", "1e5", "--csv"});
  ASSERT_EQ(c.status, 0) << c.err;
  EXPECT_NE(c.out.find("\njackal,"), std::string::npos) << c.out;
  EXPECT_EQ(c.out.find("\nrat,"), std::string::npos) << c.out;
}

TEST(BestiaryCli, BadInput) {
  auto err = [](std::vector<std::string> args, const std::string& part) {
    const auto r = run_cli(args);
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_NE(r.err.find("fray: error: "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(part), std::string::npos) << r.err;
  };
  err({"bestiary", "--rules", "pixel-dungeon", "--attacker", kHero, "--monsters", "gnol_scout"},
      "no monster 'gnol_scout' (did you mean 'gnoll_scout'");
  err({"bestiary", "--rules", "brogue", "--attacker", "player", "--hd", "1-3"},
      "--hd: the brogue monsters catalog has no level or hit dice stat");
  err({"bestiary", "--rules", "crawl", "--attacker", "player", "--hd", "3-1"}, "--hd '3-1'");
  err({"bestiary", "--rules", "crawl", "--attacker", "player", "--hd", "40-50"}, "no crawl monster has hd");
  err({"bestiary", "--rules", "pixel-dungeon", "--attacker", "hero:class=wizard"}, "bestiary: --attacker");
  err({"bestiary", "--rules", "pixel-dungeon", "--attacker", kHero, "--sims", "0"}, "--sims must be at least 1");
  err({"bestiary", "--rules", "pixel-dungeon", "--attacker", kHero, "--row-work", "1"}, "--row-work must be");
  err({"bestiary", "--rules", "pixel-dungeon", "--attacker", kHero, "--method", "fast"}, "--method");
  err({"bestiary", "--rules", "pixel-dungeon"}, "--attacker is required");
  err({"bestiary", "--rules", "pixel-dungeon", "--attacker", kHero, "--branch", "D"},
      "--branch: pixel-dungeon has no branch data");
  err({"bestiary", "--rules", "crawl-0.34", "--attacker", "player", "--branch", "Lari"},
      "no branch 'Lari' (did you mean 'Lair' or 'Tar'?) (its branches: D, Temple,");
  err({"bestiary", "--rules", "crawl-0.34", "--attacker", "player", "--branch", "D:0-3"}, "whole levels 1..15");
  err({"bestiary", "--rules", "crawl-0.34", "--attacker", "player", "--branch", ""}, "--branch names no branch");
  err({"bestiary", "--rules", "crawl-0.34", "--attacker", "player", "--branch", "Temple"},
      "--branch Temple: crawl-0.34 places no monster of its catalog there");
}

}  // namespace
