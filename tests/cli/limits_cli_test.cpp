// Every input a stranger might type that once ran for minutes, ate memory or
// was quietly misread: each now gets a prompt, clear error or a bounded
// answer (docs/limits.md).
#include "support/support.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

using fray::test::run_cli;

namespace {

// The fray process starts, loads its catalogs and refuses: well under the
// seconds to minutes these inputs once ran for.
constexpr double kPrompt = 2.0;

struct Timed {
  fray::test::Run run;
  double seconds;
};

Timed timed(const std::vector<std::string>& args) {
  const auto t0 = std::chrono::steady_clock::now();
  Timed t{run_cli(args), 0};
  t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
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
