// `fray --help` and each verb's help (spec keys, situations, examples that
// run), and `fray sweep --key` on the command line.
#include "support/support.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace fray {
namespace {

using test::run_cli;

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// The "fray ..." lines after "Examples:" in a help text.
std::vector<std::string> examples_of(const std::string& help) {
  std::istringstream in(help);
  std::vector<std::string> out;
  bool on = false;
  for (std::string line; std::getline(in, line);) {
    if (line == "Examples:")
      on = true;
    else if (on && line.rfind("fray ", 0) == 0)
      out.push_back(line);
    else if (on)
      on = false;
  }
  return out;
}

TEST(Help, TopLevelShowsKeysSituationsAndExamples) {
  const auto r = run_cli({"--help"});
  ASSERT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("Spec keys"), std::string::npos);
  EXPECT_NE(r.out.find("pixel-dungeon: class, subclass, level, str"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("crawl: player:str, player:dex"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("brogue: sleeping"), std::string::npos) << r.out;
  EXPECT_EQ(examples_of(r.out).size(), 2u) << r.out;
}

TEST(Help, EveryVerbHasTwoExamplesThatRun) {
  const std::string map = test::path("../examples/maps/ballistics.txt");
  for (const char* verb : {"dist", "roll", "attack", "strike", "ttk", "duel", "sweep", "list", "path", "aim", "fov",
                           "surprise", "table", "turn", "bestiary"}) {
    SCOPED_TRACE(verb);
    const auto h = run_cli({verb, "--help"});
    ASSERT_EQ(h.status, 0);
    const auto lines = examples_of(h.out);
    ASSERT_EQ(lines.size(), 2u) << h.out;
    const std::string v(verb);
    if (v == "attack" || v == "strike" || v == "ttk" || v == "duel" || v == "sweep" || v == "bestiary") {
      EXPECT_NE(h.out.find("Spec keys"), std::string::npos);
      EXPECT_NE(h.out.find("Situations"), std::string::npos);
    }
    for (const auto& line : lines) {
      auto args = words(line);
      args.erase(args.begin());  // "fray"
      for (auto& a : args)
        if (a == "examples/maps/ballistics.txt") a = map;
      const auto r = run_cli(args);
      EXPECT_EQ(r.status, 0) << line << "\n" << r.err;
    }
  }
}

TEST(Help, UnknownVerbSuggestsTheClosest) {
  const auto r = run_cli({"swep"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown verb 'swep' (did you mean 'sweep'?)"), std::string::npos) << r.err;
}

// Pixel Dungeon STR 16 and 18 (see tests/rules/sweep): P(hit) 0.6 and 5/6.
TEST(SweepCli, KeyTableJsonAndCsv) {
  const std::vector<std::string> base = {"sweep",
                                         "--rules",
                                         "pixel-dungeon",
                                         "--attacker",
                                         "hero:weapon=war_hammer",
                                         "--defender",
                                         "gnoll_scout",
                                         "--key",
                                         "str",
                                         "--from",
                                         "16",
                                         "--to",
                                         "18",
                                         "--step",
                                         "2"};
  auto args = base;
  args.push_back("--json");
  const auto r = run_cli(args);
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = r.json();
  EXPECT_EQ(j["columns"], nlohmann::json::parse(R"(["value", "p_hit", "mean_damage", "mean_attacks_to_kill",
                                                   "mean_hits_to_kill", "p_attacker_wins", "warnings"])"));
  ASSERT_EQ(j["rows"].size(), 2u);
  EXPECT_NEAR(j["rows"][0]["p_hit"].get<double>(), 0.6, 1e-12);
  EXPECT_NEAR(j["rows"][1]["p_hit"].get<double>(), 5.0 / 6, 1e-12);
  EXPECT_EQ(j["rows"][0]["warnings"], 1);
  args = base;
  args.push_back("--csv");
  const auto c = run_cli(args);
  ASSERT_EQ(c.status, 0) << c.err;
  EXPECT_EQ(c.out.rfind("value,p_hit,mean_damage,mean_attacks_to_kill,mean_hits_to_kill,p_attacker_wins,warnings\n"
                        "16,0.6,8.09999",
                        0),
            0u)
      << c.out;
  const auto t = run_cli(base);
  EXPECT_NE(t.out.find("equipment at str = 16: attacker (hero, STR 16): war hammer +0 (needs STR 18)"),
            std::string::npos)
      << t.out;
}

TEST(SweepCli, BadInput) {
  auto err = [](std::vector<std::string> args, const std::string& part) {
    const auto r = run_cli(args);
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_NE(r.err.find(part), std::string::npos) << r.err;
  };
  err({"sweep", "--rules", "brogue", "--attacker", "player", "--defender", "rat", "--key", "enchent", "--from", "0",
       "--to", "2"},
      "did you mean 'enchant'");
  err({"sweep", "--rules", "brogue", "--attacker", "player", "--defender", "rat", "--key", "enchant"},
      "--from and --to are required");
  err({"sweep", "--attacker", "player", "--defender", "rat", "--key", "enchant", "--from", "0", "--to", "2"},
      "--rules is required");
  err({"sweep", "--rules", "brogue", "--attacker", "player", "--defender", "rat", "--key", "enchant", "--from", "0",
       "--to", "1000"},
      "at most 201");
  err({"sweep", "--rules", "brogue", "--attacker", "player", "--defender", "rat", "--key", "enchant", "--from", "0",
       "--to", "2", "--side", "both"},
      "--side must be attacker or defender");
  err({"sweep", "--rules", "brogue", "--attacker", "player", "--defender", "rat", "--key", "enchant", "--from", "0",
       "--to", "2", "--columns", "p_hitt"},
      "--columns: no column 'p_hitt' (did you mean 'p_hit'?)");
  err({"sweep", "--rules", "brogue", "--attacker", "player", "--defender", "rat", "--key", "enchant", "--from", "0",
       "--to", "2", "--columns", ","},
      "--columns: give at least one column");
  err({"sweep", "--attacker", "player:weapon=mace", "--defender", "orc", "--skill", "dex", "--columns", "p_hit"},
      "--columns is for --key");
}

// --columns: the fights only for the columns named; the table keeps every column.
TEST(SweepCli, ColumnsComputeOnlyWhatIsAsked) {
  const std::vector<std::string> base = {"sweep",
                                         "--rules",
                                         "pixel-dungeon",
                                         "--attacker",
                                         "hero:weapon=war_hammer",
                                         "--defender",
                                         "gnoll_scout",
                                         "--key",
                                         "str",
                                         "--from",
                                         "16",
                                         "--to",
                                         "18",
                                         "--step",
                                         "2",
                                         "--json"};
  const auto all = run_cli(base);
  ASSERT_EQ(all.status, 0) << all.err;
  auto args = base;
  args.insert(args.end(), {"--columns", "p_hit"});
  const auto hit = run_cli(args);
  ASSERT_EQ(hit.status, 0) << hit.err;
  const auto a = all.json(), h = hit.json();
  EXPECT_EQ(h["columns"], a["columns"]);
  ASSERT_EQ(h["rows"].size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(h["rows"][i]["p_hit"], a["rows"][i]["p_hit"]);
    EXPECT_EQ(h["rows"][i]["mean_damage"], a["rows"][i]["mean_damage"]);
    EXPECT_TRUE(h["rows"][i]["p_attacker_wins"].is_null());
    EXPECT_TRUE(h["rows"][i]["mean_attacks_to_kill"].is_null());
    EXPECT_FALSE(a["rows"][i]["p_attacker_wins"].is_null());
  }
  EXPECT_NE(hit.out.find("duel: not computed (not asked for)"), std::string::npos);
  args = base;
  args.insert(args.end(), {"--columns", "p_hit,p_attacker_wins"});
  const auto duel = run_cli(args);
  ASSERT_EQ(duel.status, 0) << duel.err;
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(duel.json()["rows"][i]["p_attacker_wins"], a["rows"][i]["p_attacker_wins"]);
    EXPECT_TRUE(duel.json()["rows"][i]["mean_hits_to_kill"].is_null());
  }
}

}  // namespace
}  // namespace fray
