// --svg FILE on the verbs that plot: the file holds the same numbers the
// report prints, and bad plot options are errors like any other.
#include "support/support.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using fray::test::run_cli;

std::string slurp(const std::string& file) {
  std::ifstream f(file, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

std::string temp(const std::string& name) { return ::testing::TempDir() + "fray_svg_cli_" + name; }

TEST(SvgCli, DistWritesItsDistribution) {
  const std::string file = temp("dist.svg");
  std::remove(file.c_str());
  const auto r = run_cli({"dist", "1d4", "--svg", file, "--view", "at-least"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string s = slurp(file);
  EXPECT_EQ(count(s, "class=\"bar\""), 4u);
  // P(1d4 >= 2) = 3/4.
  EXPECT_NE(s.find("<title>2 → 0.75 (75.00 %)</title>"), std::string::npos) << s;
  EXPECT_NE(s.find("<title>1d4</title>"), std::string::npos);
}

TEST(SvgCli, DistComparesSeveralExpressions) {
  const std::string file = temp("overlay.svg");
  const auto r = run_cli({"dist", "1d2", "2d1", "--json", "--svg", file});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto doc = nlohmann::json::parse(r.out);
  ASSERT_TRUE(doc.is_array());
  ASSERT_EQ(doc.size(), 2u);
  EXPECT_EQ(doc[0]["expression"], "1d2");
  EXPECT_EQ(doc[1]["pmf"], nlohmann::json::parse("[[2, 1.0]]"));
  const std::string s = slurp(file);
  EXPECT_NE(s.find("class=\"legend\""), std::string::npos);
  EXPECT_NE(s.find("<title>1d2: 2 → 0.5 (50.00 %)</title>"), std::string::npos);
  EXPECT_NE(s.find("<title>2d1: 2 → 1 (100 %)</title>"), std::string::npos);
  // One expression keeps its one document.
  EXPECT_TRUE(nlohmann::json::parse(run_cli({"dist", "1d2", "--json"}).out).is_object());
}

TEST(SvgCli, EveryPlottingVerbWritesAPlot) {
  const std::vector<std::vector<std::string>> runs{
      {"attack", "--rules", "brogue", "--attacker", "goblin", "--defender", "rat"},
      {"ttk", "--rules", "brogue", "--attacker", "goblin", "--defender", "rat"},
      {"duel", "--rules", "brogue", "--a", "goblin", "--b", "rat"},
      {"sweep", "--rules", "crawl", "--attacker", "player:str=12", "--defender", "orc", "--skill", "fighting", "--to",
       "3"},
  };
  for (auto args : runs) {
    const std::string file = temp(args[0] + ".svg");
    std::remove(file.c_str());
    args.insert(args.end(), {"--svg", file, "--json"});
    const auto r = run_cli(args);
    ASSERT_EQ(r.status, 0) << args[0] << ": " << r.err;
    const auto doc = nlohmann::json::parse(r.out);
    const std::string s = slurp(file);
    ASSERT_FALSE(s.empty()) << args[0];
    EXPECT_NE(s.find("class=\"axis x-axis\""), std::string::npos) << args[0];
    if (args[0] == "attack") {
      // One bar per damage value, each with the report's probability.
      EXPECT_EQ(count(s, "class=\"bar\""), doc["damage"]["pmf"].size());
      const auto& first = doc["damage"]["pmf"][0];
      EXPECT_NE(
          s.find(fmt::format("data-x=\"{}\" data-y=\"{}\"", first[0].get<std::int64_t>(), first[1].get<double>())),
          std::string::npos);
    }
    if (args[0] == "sweep") {
      EXPECT_EQ(count(s, "class=\"mark\""), 4u);
    }
  }
}

TEST(SvgCli, BadPlotOptionsAreErrors) {
  auto r = run_cli({"dist", "1d4", "--svg", temp("x.svg"), "--view", "sideways"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown plot view 'sideways' (normal, at-least, at-most)"), std::string::npos) << r.err;
  r = run_cli({"dist", "1d4", "--svg", "/nonexistent-dir/x.svg"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "fray: error: --svg: cannot write '/nonexistent-dir/x.svg'\n");
  EXPECT_TRUE(r.out.empty());
  r = run_cli({"sweep", "--rules", "brogue", "--attacker", "player", "--defender", "ogre", "--key", "enchant", "--from",
               "0", "--to", "1", "--svg", temp("sweep.svg"), "--svg-y", "nope"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("fray: error: --svg-y nope: plot: the table has no column 'nope' (it has: value, p_hit,", 0),
            0u)
      << r.err;
}

}  // namespace
