// Every input a stranger might type that once ran for minutes, ate memory or
// was quietly misread: each now gets a prompt, clear error or a bounded
// answer (docs/limits.md).
#include "support/scale.hpp"
#include "support/support.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

using fray::test::run_cli;

namespace {

// The fray process starts, loads its catalogs and refuses: well under the
// seconds to minutes these inputs once ran for (its CPU time, so that a
// loaded machine does not count).
const double kPrompt = fray::test::prompt(2.0);

struct Timed {
  fray::test::Run run;
  double seconds;
};

Timed timed(const std::vector<std::string>& args) {
  const double t0 = fray::test::child_cpu_seconds();
  Timed t{run_cli(args), 0};
  t.seconds = fray::test::child_cpu_seconds() - t0;
  return t;
}

// A prompt refusal whose message holds every one of `words`.
void expect_refused(const std::vector<std::string>& args, std::initializer_list<const char*> words) {
  const Timed t = timed(args);
  std::string shown;
  for (const auto& a : args) shown += a + " ";
  EXPECT_EQ(t.run.status, 2) << shown << t.run.err;
  EXPECT_TRUE(t.run.out.empty()) << shown;
  EXPECT_EQ(t.run.err.rfind("fray: error: ", 0), 0u) << shown << t.run.err;
  for (const char* w : words) EXPECT_NE(t.run.err.find(w), std::string::npos) << shown << t.run.err;
  EXPECT_LT(t.seconds, kPrompt) << shown;
}

}  // namespace

TEST(Limits, RandomDiceCountsAndSizes) {
  for (const char* expr :
       {"(1d1000)d(1d1000)", "(1d300)d(1d300)", "100d(1d1000)", "(1d1000)d(1d1000)!", "(1d100)d(1d100)kh(1d100)"})
    expect_refused({"dist", expr}, {"too large to compute", "fray roll"});
  // Within the budget: the answer, with its mean 20.5 x 10.75.
  const auto r = run_cli({"dist", "(1d40)d(1d40)", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NEAR(r.json()["mean"].get<double>(), 220.375, 1e-9);
}

TEST(Limits, AttackWithHugeRandomDice) {
  for (const char* weapon : {"weapon=(1d1000)d(1d1000)", "weapon=(1d100)d(1d100)"})
    expect_refused({"attack", "--rules", "epixx", "--attacker", weapon, "--defender", "ogre"},
                   {"too large to compute"});
}

TEST(Limits, TurnsToKillAHugeDefender) {
  // Exact past the budget and the default 100 000 fights past it too: one
  // error naming both and the way out.
  expect_refused({"ttk", "--rules", "brogue", "--attacker", "player", "--defender", "ogre:hp=100000"},
                 {"exact turns to kill", "Monte Carlo", "--sims"});
  expect_refused({"ttk", "--rules", "brogue", "--attacker", "player", "--defender", "ogre:hp=1000000"}, {"--sims"});
}

TEST(Limits, DuelOfAMillionHpASide) {
  expect_refused({"duel", "--rules", "brogue", "--a", "player:hp=1000000", "--b", "ogre:hp=1000000"},
                 {"exact duel of 1000000 HP against 1000000 HP", "Monte Carlo", "--sims"});
  expect_refused(
      {"duel", "--rules", "brogue", "--a", "player:hp=1000000", "--b", "ogre:hp=1000000", "--sims", "100000"},
      {"Monte Carlo of 100000 fights", "--sims"});
}

TEST(Limits, MapsMustBeRegularFiles) {
  expect_refused({"fov", "--map", "/dev/zero", "--at", "1,1"}, {"not a regular file"});
  expect_refused({"fov", "--map", FRAY_TEST_DIR, "--at", "1,1"}, {"not a regular file"});
}

TEST(Limits, NegativeSeedsAreErrorsInEveryVerb) {
  expect_refused({"roll", "3d6", "--seed", "-1"}, {"--seed"});
  expect_refused({"strike", "--rules", "epixx", "--attacker", "human_fighter", "--defender", "ogre", "--seed", "-1"},
                 {"--seed"});
  expect_refused(
      {"ttk", "--rules", "crawl", "--attacker", "player", "--defender", "rat", "--sims", "10", "--seed", "-1"},
      {"--seed"});
}

TEST(Limits, OptionsARulesetDoesNotReadAreErrors) {
  expect_refused({"attack", "--rules", "brogue", "--attacker", "player", "--defender", "ogre", "--kind", "ranged",
                  "--from", "1,1", "--to", "5,5"},
                 {"is not used by --rules brogue"});
  expect_refused({"ttk", "--rules", "brogue", "--attacker", "player", "--defender", "ogre", "--from", "1,1"},
                 {"is not used by --rules brogue"});
}

TEST(Limits, StrikeNamesItsEngine) {
  const auto r = run_cli({"strike", "--rules", "pixel-dungeon", "--attacker", "hero", "--defender", "rat", "--rng",
                          "brogue", "--seed", "5"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("rng brogue"), std::string::npos) << r.out;
  const auto j = run_cli({"strike", "--rules", "pixel-dungeon", "--attacker", "hero", "--defender", "rat", "--rng",
                          "brogue", "--seed", "5", "--json"});
  EXPECT_EQ(j.json()["engine"], "brogue");
}

TEST(Limits, EmptySpecItems) {
  expect_refused({"attack", "--rules", "brogue", "--attacker", "player:,,,", "--defender", "ogre"}, {"is empty"});
}

TEST(Limits, OneHpLimitEverywhere) {
  const std::vector<std::pair<std::string, std::string>> specs = {
      {"brogue", "rat:hp="},
      {"pixel-dungeon", "accuracy=10,evasion=5,damage=1-3,hp="},
      {"crawl", "hd=3,hp="},
      {"epixx", "human_fighter:hp="}};
  for (const auto& [rules, spec] : specs) {
    expect_refused({"ttk", "--rules", rules, "--attacker", spec + "10", "--defender", spec + "1000001"}, {"1000000"});
    expect_refused({"duel", "--rules", rules, "--a", spec + "1000001", "--b", spec + "10"}, {"1000000"});
  }
}

TEST(Limits, NoProgressBarWhenPiped) {
  // run_cli reads stderr through a pipe: a long allowed run prints nothing
  // there (the bar is for terminals only).
  const auto r = run_cli({"dist", "(1d50)d(1d50)", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
}

namespace {
std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}
}  // namespace

// Tens of thousands of levels of nesting, or of terms in a sum, once
// overflowed the stack (fray died with status 139); an expression nests at
// most 100 levels now, and a sum of any length is one level. (Each argument
// here stays under the 128 KiB a command line argument may have.)
TEST(Limits, DeepNestingIsAnErrorNotACrash) {
  const std::string deep = repeat("(", 60000) + "1d6" + repeat(")", 60000);
  expect_refused({"dist", deep}, {"column 101: nested more than 100 levels deep"});
  expect_refused({"roll", repeat("-", 120000) + "1"}, {"column 101: nested more than 100 levels deep"});
  expect_refused({"attack", "--rules", "epixx", "--attacker", "weapon=" + repeat("(", 3000) + "1d6" + repeat(")", 3000),
                  "--defender", "ogre"},
                 {"nested more than 100 levels deep"});
  const auto r = run_cli({"dist", "1" + repeat("+1", 60000), "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.json()["mean"].get<double>(), 60001.0);
}

// A sweep's values are counted: a step too small to move the value once ran
// for ever (the crawl skill sweep from 0 to 0 by 1e-300).
TEST(Limits, SweepsAreCounted) {
  expect_refused({"sweep", "--rules", "brogue", "--attacker", "player", "--defender", "ogre", "--key", "enchant",
                  "--from", "0", "--to", "1", "--step", "1e-300"},
                 {"sweep: 0 to 1 by 1e-300 is more than 10^15 values; at most 201 (raise --step)"});
  expect_refused({"sweep", "--rules", "brogue", "--attacker", "player", "--defender", "ogre", "--key", "enchant",
                  "--from", "1", "--to", "1.0000000001", "--step", "1e-12"},
                 {"--step 1e-12 is too small to tell the values from 1 apart"});
  expect_refused({"sweep", "--attacker", "player", "--defender", "orc", "--skill", "fighting", "--from", "0", "--to",
                  "1e-8", "--step", "1e-10"},
                 {"--step 1e-10 is too small"});
  const auto r = run_cli({"sweep", "--attacker", "player", "--defender", "orc", "--skill", "fighting", "--from", "2",
                          "--to", "2", "--step", "1e-300", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.json()["rows"].size(), 1u);
}

// Coordinates near the 64-bit limits: epixx took their difference in 64 bits
// (it wrapped: 2^64 apart read as one cell); the grid verbs take at most
// 2^29 either way.
TEST(Limits, FarCoordinates) {
  expect_refused({"attack", "--rules", "epixx", "--attacker", "agi=1,weapon=1d6", "--defender", "human_fighter",
                  "--kind", "ranged", "--from", "-9223372036854775808,0", "--to", "9223372036854775807,0"},
                 {"--from -9223372036854775808,0 and --to 9223372036854775807,0 are too far apart: the coordinates "
                  "may differ by at most 1000000000"});
  const std::string map = "/tmp/fray-limits-far-" + std::to_string(::getpid()) + ".txt";
  std::ofstream(map) << "#####\n#...#\n#####\n";
  expect_refused({"fov", "--map", map, "--at", "536870913,1"},
                 {"--at 536870913,1 is outside the map (a coordinate is at most 536870912 from 0)"});
  expect_refused({"path", "--map", map, "--from", "1,1", "--to", "-9223372036854775808,1"},
                 {"--to -9223372036854775808,1 is outside the map"});
  expect_refused({"surprise", "--map", map, "--mob", "1,1", "--hero", "3,4294967297", "--state", "sleeping"},
                 {"--hero 3,4294967297 is outside the map"});
  std::remove(map.c_str());
}

// --count rolls of an expression of a million dice: 10^13 draws, ten hours.
// The rolls are charged to the work budget (kDrawOps a draw) before the first.
TEST(Limits, RollCountTimesDraws) {
  expect_refused({"roll", "1000000d6", "--count", "10000000", "--seed", "1"},
                 {"10000000 rolls of \"1000000d6\" is too large to compute: it needs about 1.6e+14 operations",
                  "use a smaller --count, or the exact distribution: fray dist EXPR"});
  const auto r = run_cli({"roll", "1000000d6", "--count", "100", "--seed", "1", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.json()["rolls"].size(), 100u);
}
