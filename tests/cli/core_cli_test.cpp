// The fray binary end to end: dist, roll, and bad input.
#include <fray/core/rng.hpp>

#include "support/support.hpp"

#include <cmath>

#include <gtest/gtest.h>

using fray::test::run_cli;

TEST(Cli, Version) {
  const auto r = run_cli({"--version"});
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("fray 0."), std::string::npos);
}

TEST(Cli, Help) {
  const auto r = run_cli({"--help"});
  EXPECT_EQ(r.status, 0);
  for (const char* verb : {"dist", "roll", "attack", "strike"}) EXPECT_NE(r.out.find(verb), std::string::npos) << verb;
  const auto d = run_cli({"dist", "--help"});
  EXPECT_EQ(d.status, 0);
  EXPECT_NE(d.out.find("EXPR"), std::string::npos);
}

TEST(Cli, DistJson) {
  const auto r = run_cli({"dist", "3d6", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = r.json();
  EXPECT_EQ(j["expression"], "3d6");
  EXPECT_EQ(j["min"], 3);
  EXPECT_EQ(j["max"], 18);
  EXPECT_NEAR(j["mean"].get<double>(), 10.5, 1e-12);
  EXPECT_NEAR(j["stddev"].get<double>(), std::sqrt(3 * 35.0 / 12), 1e-12);
  ASSERT_EQ(j["pmf"].size(), 16u);
  EXPECT_EQ(j["pmf"][0][0], 3);
  EXPECT_NEAR(j["pmf"][0][1].get<double>(), 1.0 / 216, 1e-16);
  EXPECT_NEAR(j["pmf"][7][1].get<double>(), 27.0 / 216, 1e-15);  // value 10
}

TEST(Cli, DistLeavesOutImpossibleValues) {
  const auto j = run_cli({"dist", "2*1d3", "--json"}).json();
  ASSERT_EQ(j["pmf"].size(), 3u);
  EXPECT_EQ(j["pmf"][1][0], 4);
}

TEST(Cli, DistHuman) {
  const auto r = run_cli({"dist", "2d6"});
  ASSERT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("cumulative"), std::string::npos);
  EXPECT_NE(r.out.find("0.166667"), std::string::npos);  // P(7) = 1/6
  EXPECT_NE(r.out.find("#"), std::string::npos);
  EXPECT_NE(r.out.find("mean 7"), std::string::npos);
}

TEST(Cli, RollIsSeeded) {
  const auto a = run_cli({"roll", "3d6", "--seed", "42", "--count", "20", "--json"});
  const auto b = run_cli({"roll", "3d6", "--seed", "42", "--count", "20", "--json"});
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  const auto j = a.json();
  EXPECT_EQ(j["expression"], "3d6");
  EXPECT_EQ(j["seed"], 42);
  ASSERT_EQ(j["rolls"].size(), 20u);
  // The rolls are the engine's: 3 calls of uniform(1, 6) each, one stream.
  fray::Rng rng(42);
  for (const auto& v : j["rolls"]) {
    std::int64_t s = 0;
    for (int i = 0; i < 3; ++i) s += rng.uniform(1, 6);
    EXPECT_EQ(v.get<std::int64_t>(), s);
  }
}

TEST(Cli, BadInputExitsTwoWithNothingOnStdout) {
  const std::vector<std::vector<std::string>> cases = {
      {"dist", ""},
      {"dist", "3d"},
      {"dist", "d"},
      {"dist", "2d0"},
      {"dist", "-1d6"},
      {"dist", "1d6+"},
      {"dist", "((1d6)"},
      {"dist", "1d6kh7"},
      {"dist", "3d6!!!!"},
      {"dist", "nope(3)"},
      {"dist", "99999999999999999999"},
      {"dist", "1000000d1000000"},
      {"roll", "3d6", "--count", "0"},
      {"roll", "3d6", "--rng", "nope"},
      {"roll", "3d6", "--seed", "abc"},
      {"dist"},
      {"frobnicate"},
      {},
      {"attack", "--rules", "nethack", "--attacker", "a", "--defender", "b"},
  };
  for (const auto& args : cases) {
    const auto r = run_cli(args);
    std::string shown;
    for (const auto& a : args) shown += "[" + a + "]";
    EXPECT_EQ(r.status, 2) << shown << " " << r.err;
    EXPECT_TRUE(r.out.empty()) << shown << " printed: " << r.out;
    EXPECT_EQ(r.err.rfind("fray: error: ", 0), 0u) << shown << " " << r.err;
  }
  // Expression errors name the expression and the column.
  const auto r = run_cli({"dist", "3d"});
  EXPECT_NE(r.err.find("\"3d\""), std::string::npos);
  EXPECT_NE(r.err.find("column 3"), std::string::npos);
}

TEST(Cli, SeedIsAWholeNumberUpTo2To64) {
  for (const char* bad : {"-1", "1.5", "18446744073709551616", "x"}) {
    const auto r = run_cli({"roll", "3d6", "--seed", bad});
    EXPECT_EQ(r.status, 2) << bad;
    EXPECT_NE(r.err.find("--seed: must be a whole number 0..18446744073709551615"), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty());
  }
  const auto top = run_cli({"roll", "3d6", "--seed", "18446744073709551615", "--json"});
  ASSERT_EQ(top.status, 0) << top.err;
  EXPECT_EQ(top.json()["seed"].get<std::uint64_t>(), 18446744073709551615ull);
  const auto duel =
      run_cli({"duel", "--rules", "brogue", "--a", "player", "--b", "rat", "--sims", "10", "--seed", "-1"});
  EXPECT_EQ(duel.status, 2);
  const auto strike =
      run_cli({"strike", "--rules", "brogue", "--attacker", "player", "--defender", "rat", "--seed", "-3"});
  EXPECT_EQ(strike.status, 2);
}

TEST(Cli, EmptySpecItemsAreErrors) {
  for (const char* spec : {"player:,,,", "player:", "rat:hp=3,", "rat:,hp=3"}) {
    const auto r = run_cli({"attack", "--rules", "brogue", "--attacker", spec, "--defender", "rat"});
    EXPECT_EQ(r.status, 2) << spec;
    EXPECT_NE(r.err.find("is empty"), std::string::npos) << spec << ": " << r.err;
  }
  EXPECT_EQ(run_cli({"attack", "--rules", "brogue", "--attacker", "player", "--defender", "rat:hp=3"}).status, 0);
}

TEST(Cli, MapMustBeARegularFile) {
  const auto r = run_cli({"fov", "--map", "/tmp", "--at", "1,1"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("not a regular file"), std::string::npos) << r.err;
  EXPECT_EQ(run_cli({"fov", "--map", "/dev/zero", "--at", "1,1"}).status, 2);
}

TEST(Cli, HpLimitIsTheSameInEveryGame) {
  const std::vector<std::pair<std::string, std::string>> specs = {
      {"brogue", "rat:hp="},
      {"pixel-dungeon", "accuracy=10,evasion=5,damage=1-3,hp="},
      {"crawl", "hd=3,hp="},
      {"epixx", "human_fighter:hp="}};
  for (const auto& [rules, spec] : specs) {
    const auto ok = run_cli({"attack", "--rules", rules, "--attacker", spec + "10", "--defender", spec + "1000000"});
    EXPECT_EQ(ok.status, 0) << rules << ": " << ok.err;
    const auto over = run_cli({"attack", "--rules", rules, "--attacker", spec + "10", "--defender", spec + "1000001"});
    EXPECT_EQ(over.status, 2) << rules;
    EXPECT_NE(over.err.find("1000000"), std::string::npos) << rules << ": " << over.err;
  }
}
