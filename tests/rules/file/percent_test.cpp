// examples/rules/percent.toml, the plainest rules file: one blow, turns to
// kill and duels against exact answers computed without fray by
// tools/rules/percent_reference.py (fractions and Markov chains over HP).
#include <gtest/gtest.h>

#include <cmath>
#include <fray/fight/solve.hpp>
#include <fray/rules/rules_file.hpp>
#include <memory>
#include <string>

#include "rules/file/examples.hpp"
#include "support/support.hpp"

namespace percent_test {

using namespace fray;

std::string path() { return test::example_path("percent.toml"); }
const Ruleset& rules() { return test::example_rules("percent.toml"); }

double outcome_p(const AttackSummary& s, const std::string& name) {
  for (const OutcomeKind& k : s.outcomes)
    if (k.name == name) return k.p;
  ADD_FAILURE() << "no outcome " << name;
  return -1;
}

TEST(PercentFile, ReadsItsCatalogAndPlayer) {
  EXPECT_EQ(rules().id(), "percent");
  EXPECT_EQ(rules().player_name(), "knight");
  const auto monsters = rules().catalog(CatalogKind::monsters);
  ASSERT_EQ(monsters.size(), 4u);
  EXPECT_EQ(monsters[0].name, "knight");
  EXPECT_EQ(monsters[3].name, "troll");
}

TEST(PercentFile, KnightOnGoblinIsSeventyPercentOfOneD8) {
  // percent_reference.py "attack knight -> goblin": P(hit) 7/10; P(0) 3/10,
  // P(k) 7/80 for k = 1..8; mean 63/20.
  const AttackSummary s = rules().attack({"knight", "goblin", {}, {}});
  EXPECT_NEAR(s.p_hit, 7.0 / 10, 1e-12);
  EXPECT_NEAR(outcome_p(s, "hit"), 7.0 / 10, 1e-12);
  EXPECT_NEAR(outcome_p(s, "miss"), 3.0 / 10, 1e-12);
  EXPECT_EQ(s.damage.min(), 0);
  EXPECT_EQ(s.damage.max(), 8);
  EXPECT_NEAR(s.damage[0], 3.0 / 10, 1e-12);
  for (int k = 1; k <= 8; ++k) EXPECT_NEAR(s.damage[k], 7.0 / 80, 1e-12) << k;
  EXPECT_NEAR(s.mean_damage(), 63.0 / 20, 1e-12);
  for (int k = 1; k <= 8; ++k) EXPECT_NEAR(s.damage_on_hit[k], 1.0 / 8, 1e-12) << k;
}

TEST(PercentFile, TrollOnKnightRollsTwoD6) {
  // percent_reference.py "attack troll -> knight": P(hit) 9/20, P(0) 11/20,
  // and 2d6's triangle times 9/20: P(2) = 1/80, ..., P(7) = 3/40, ..., P(12) = 1/80.
  const AttackSummary s = rules().attack({"troll", "knight", {}, {}});
  EXPECT_NEAR(s.p_hit, 9.0 / 20, 1e-12);
  EXPECT_NEAR(s.damage[0], 11.0 / 20, 1e-12);
  EXPECT_NEAR(s.damage[1], 0.0, 1e-12);
  for (int k = 2; k <= 12; ++k) {
    const int ways = 6 - std::abs(k - 7);
    EXPECT_NEAR(s.damage[k], 9.0 / 20 * ways / 36, 1e-12) << k;
  }
  EXPECT_EQ(s.damage.max(), 12);
}

TEST(PercentFile, BlowsToKillAreTheMarkovChains) {
  // percent_reference.py "blows to kill knight -> orc (hp 15)": P(the n-th
  // blow kills), and the exact mean 84663627447285/15393162788864.
  const fight::TtkResult t = fight::solve_ttk(rules().bout({"knight", "orc", {}, {}}));
  ASSERT_EQ(t.method, "exact");
  EXPECT_NEAR(t.p_kill, 1.0, 1e-12);
  ASSERT_TRUE(t.attacks);
  const fray::Pmf& n = *t.attacks;
  EXPECT_NEAR(n[1], 0.0, 1e-12);
  EXPECT_NEAR(n[2], 147.0 / 6400, 1e-12);
  EXPECT_NEAR(n[3], 8771.0 / 64000, 1e-12);
  EXPECT_NEAR(n[4], 8377971.0 / 40960000, 1e-12);
  EXPECT_NEAR(n[5], 165823203.0 / 819200000, 1e-12);
  EXPECT_NEAR(n[6], 42297630011.0 / 262144000000, 1e-12);
  EXPECT_NEAR(n[7], 146943204639.0 / 1310720000000, 1e-12);
  EXPECT_NEAR(n[8], 118669927021317.0 / 1677721600000000, 1e-12);
  EXPECT_NEAR(n.mean(), 84663627447285.0 / 15393162788864, 1e-9);
}

TEST(PercentFile, DuelsAreTheMarkovChains) {
  // percent_reference.py "duel": one blow each a turn, side a first.
  // knight vs orc: P(a wins) = 0.96420052701948777 (a fraction of 106 digits);
  // knight vs troll: 0.30564799700231809.
  const fight::DuelResult orc = fight::solve_duel(rules().bout({"knight", "orc", {}, {}}));
  ASSERT_EQ(orc.method, "exact");
  EXPECT_NEAR(orc.p_a_wins, 0.96420052701948777, 1e-12);
  EXPECT_NEAR(orc.p_b_wins, 0.035799472980512205, 1e-12);
  const fight::DuelResult troll = fight::solve_duel(rules().bout({"knight", "troll", {}, {}}));
  EXPECT_NEAR(troll.p_a_wins, 0.30564799700231809, 1e-12);
  EXPECT_NEAR(troll.p_b_wins, 0.69435200299768185, 1e-12);
  EXPECT_NEAR(troll.p_draw, 0.0, 1e-12);
}

TEST(PercentFile, TheCommandLineDuelsFromTheFile) {
  // The same knight vs troll duel through `fray duel --rules-file`.
  const test::Run r = test::run_cli({"duel", "--rules-file", path(), "--a", "knight", "--b", "troll", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = r.json();
  EXPECT_EQ(j.at("rules"), "percent");
  EXPECT_EQ(j.at("method"), "exact");
  EXPECT_NEAR(j.at("p_a_wins").get<double>(), 0.30564799700231809, 1e-12);
}

TEST(PercentFile, SampledBlowsAverageTheExactMean) {
  // 20000 sampled blows at a fixed seed: the mean damage within 5 standard
  // errors of 63/20, the share of hits within 5 of 7/10.
  const AttackSummary s = rules().attack({"knight", "goblin", {}, {}});
  const std::uint64_t n = 20000;
  const StrikeRun run = rules().strike({{"knight", "goblin", {}, {}}, 11, n});
  EXPECT_EQ(run.count, n);
  const double se = s.damage.stddev() / std::sqrt(static_cast<double>(n));
  EXPECT_NEAR(run.mean_damage(), 63.0 / 20, 5 * se);
  const double se_hit = std::sqrt(0.7 * 0.3 / static_cast<double>(n));
  EXPECT_NEAR(static_cast<double>(run.hits) / static_cast<double>(n), 0.7, 5 * se_hit);
}

}  // namespace percent_test
