// Shattered Pixel Dungeon's hit test: the closed form and the exact count of
// every pair of Floats against golden/shattered_pd/hit_chance.json (counts from
// the real Random.Float), and the buff multipliers of Char.hit.
#include <gtest/gtest.h>

#include <fray/core/error.hpp>
#include <fray/rules/shattered_pd/hit.hpp>
#include <string>

#include "support/support.hpp"

namespace spd = fray::shattered_pd;

namespace {

spd::HitPlan plan(std::int64_t acc, std::int64_t eva, float acc_multi = 1) {
  spd::HitTest t;
  t.accuracy = acc;
  t.evasion = eva;
  t.acc_multi = acc_multi;
  return spd::plan_hit(t);
}

}  // namespace

TEST(SpdHit, EveryGoldenRowExactlyAndInClosedForm) {
  const auto g = fray::test::read_json("golden/shattered_pd/hit_chance.json");
  ASSERT_GE(g["cases"].size(), 9u);
  for (const auto& c : g["cases"]) {
    const float multi = std::stof(c["acc_multiplier"].get<std::string>());
    if (c["magic"].get<bool>()) {
      EXPECT_EQ(multi, 2.0f);  // hit(a, d, true) rolls with accMulti 2
    }
    const auto p = plan(c["accuracy"], c["evasion"], multi);
    const std::string id = "case " + std::to_string(c["id"].get<int>());
    EXPECT_EQ(spd::hit_pairs(p), c["exact_hits"].get<std::uint64_t>()) << id;
    EXPECT_EQ(spd::exact_hit_chance(p), c["exact_p"].get<double>()) << id;
    EXPECT_NEAR(spd::hit_chance(p), c["exact_p"].get<double>(), 1e-7) << id;
    // The golden closed form counts accuracy 0 as 0; fray gives the game's 2^-24.
    EXPECT_NEAR(spd::hit_chance(p), c["closed_form"].get<double>(), c["accuracy"] == 0 ? 1e-7 : 1e-15) << id;
  }
}

TEST(SpdHit, WorkedExamples) {
  // Warrior L1 (10) vs rat (2); rat (8) vs Warrior (5); Huntress bow at range (21) vs crab (5).
  EXPECT_NEAR(spd::hit_chance(plan(10, 2)), 0.9, 1e-15);
  EXPECT_NEAR(spd::exact_hit_chance(plan(10, 2)), 0.899999982, 5e-10);
  EXPECT_NEAR(spd::hit_chance(plan(8, 5)), 11.0 / 16, 1e-15);
  EXPECT_NEAR(spd::exact_hit_chance(plan(8, 5)), 0.687500005, 5e-10);
  EXPECT_NEAR(spd::exact_hit_chance(plan(21, 5)), 0.880952364, 5e-10);
  // A warlock's bolt (25, magic ×2) against evasion 20.
  EXPECT_NEAR(spd::hit_chance(plan(25, 20, 2)), 0.8, 1e-15);
  EXPECT_NEAR(spd::exact_hit_chance(plan(25, 20, 2)), 0.799999993, 5e-10);
  // A Blessed-champion gnoll (roll ×4) against a Hexed Duelist (6, roll ×0.8f).
  spd::HitTest t;
  t.accuracy = 10;
  t.evasion = 6;
  t.attacker.champions = {4.0f};
  t.defender.hex = true;
  const auto p = spd::plan_hit(t);
  EXPECT_NEAR(spd::hit_chance(p), 0.939999999, 5e-10);
  EXPECT_NEAR(spd::exact_hit_chance(p), 0.939999975, 5e-10);
}

TEST(SpdHit, BuffsMultiplyEachRollInOrder) {
  spd::HitTest t;
  t.accuracy = 10;
  t.evasion = 10;
  t.attacker.bless = true;
  t.attacker.daze = true;
  t.attacker.ascension = 9.0f;
  t.attacker.bless_talent = 2;
  t.acc_multi = 2;
  t.defender.hex = true;
  t.defender.champions = {1.23f};
  t.ferret_tuft = 1;
  const auto p = spd::plan_hit(t);
  EXPECT_EQ(p.attacker_factors, (std::vector<float>{1.25f, 0.5f, 9.0f, 1.01f + 0.02f * 2, 2.0f}));
  EXPECT_EQ(p.defender_factors, (std::vector<float>{0.8f, 1.23f, 1.25f}));
  // Each factor rounds the roll to float in turn.
  float want = 0.3f * 10.0f;
  for (float f : p.attacker_factors) want *= f;
  EXPECT_EQ(p.acu_roll(0.3f), want);
  const double a = 10 * 1.25 * 0.5 * 9.0 * static_cast<double>(1.01f + 0.02f * 2) * 2;
  const double d = 10 * static_cast<double>(0.8f) * static_cast<double>(1.23f) * 1.25;
  EXPECT_NEAR(spd::hit_chance(p), 1 - d / (2 * a), 1e-15);
  EXPECT_NEAR(spd::exact_hit_chance(p), spd::hit_chance(p), 1e-7);
}

TEST(SpdHit, InfiniteAccuracyAndEvasion) {
  spd::HitTest t;
  t.accuracy = 5;
  t.evasion = 50;
  t.invisible_attacker = true;
  auto p = spd::plan_hit(t);
  EXPECT_EQ(p.sure, spd::HitPlan::Sure::hit);
  EXPECT_EQ(spd::hit_chance(p), 1.0);
  t.focus = true;  // infinite evasion wins
  p = spd::plan_hit(t);
  EXPECT_EQ(p.sure, spd::HitPlan::Sure::miss);
  EXPECT_EQ(spd::hit_pairs(p), 0u);
  // A decided test draws nothing.
  auto r = spd::pushed_generator(1), s = spd::pushed_generator(1);
  const auto h = spd::roll_hit(p, r);
  EXPECT_FALSE(h.drawn);
  EXPECT_FALSE(h.hit);
  EXPECT_EQ(spd::random_int(r), spd::random_int(s));
  // Yog-Dzewa's accuracy is INFINITE_ACCURACY itself.
  EXPECT_EQ(plan(spd::infinite_accuracy, 30).sure, spd::HitPlan::Sure::hit);
}

TEST(SpdHit, ZeroStats) {
  EXPECT_EQ(spd::hit_chance(plan(0, 0)), 1.0);
  EXPECT_EQ(spd::hit_chance(plan(7, 0)), 1.0);
  EXPECT_EQ(spd::hit_chance(plan(0, 7)), 0x1.0p-24);
  EXPECT_EQ(spd::hit_pairs(plan(0, 7)), std::uint64_t{1} << 24);
  EXPECT_THROW((void)plan(-1, 3), fray::Error);
  EXPECT_THROW((void)plan(1, 3, 0), fray::Error);
}

TEST(SpdHit, SampledRollsFollowTheExactChance) {
  const auto p = plan(14, 9);
  fray::Rng rng(77);
  auto java = spd::pushed_generator(77);
  const int n = 400000;
  int hits = 0, java_hits = 0;
  for (int i = 0; i < n; ++i) {
    hits += spd::roll_hit(p, rng).hit;
    java_hits += spd::roll_hit(p, java).hit;
  }
  const double q = spd::hit_chance(p), se = std::sqrt(q * (1 - q) / n);
  EXPECT_NEAR(hits / static_cast<double>(n), q, 4 * se);
  EXPECT_NEAR(java_hits / static_cast<double>(n), q, 4 * se);
}
