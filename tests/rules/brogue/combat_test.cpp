// fray/rules/brogue/combat.hpp: power tables, hitProbability arithmetic, clumped
// ranges and weapon bounds against the game's own numbers (golden/brogue).
#include <gtest/gtest.h>

#include <cmath>
#include <fray/rules/brogue/combat.hpp>
#include <fray/rules/brogue/rng.hpp>

#include "support/support.hpp"

using namespace fray::brogue;

TEST(BroguePowerTables, AllEntriesMatchPowerTablesC) {
  const auto rows = fray::test::read_csv("golden/brogue/power_tables.csv");
  ASSERT_EQ(rows.size(), 282u);
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const auto& r = rows[i];
    const auto idx = static_cast<std::size_t>(std::stoi(r[0]));
    EXPECT_EQ(accuracy_table()[idx], std::stoll(r[3])) << idx;
    EXPECT_EQ(damage_table()[idx], std::stoll(r[4])) << idx;
    EXPECT_EQ(defense_table()[idx], std::stoll(r[5])) << idx;
    if (!r[6].empty()) {
      // The smallest internal defense that reaches this index.
      const std::int64_t d = std::stoll(r[6]);
      EXPECT_EQ(defense_index(d), static_cast<int>(idx));
      if (d > 0) {
        EXPECT_LT(defense_index(d - 1), static_cast<int>(idx));
      }
    }
  }
  EXPECT_EQ(accuracy_table()[80], 65536);
}

TEST(BroguePowerTables, IndexRules) {
  EXPECT_EQ(enchant_index(0), 80);
  EXPECT_EQ(enchant_index(-81), 0);    // clamped at -20
  EXPECT_EQ(enchant_index(500), 280);  // and at +50
  // floor(0.4 d): d = 10k + j gives 4k, 4k, 4k, 4k+1, 4k+1, 4k+2, 4k+2, 4k+2, 4k+3, 4k+3.
  const int offsets[10] = {0, 0, 0, 1, 1, 2, 2, 2, 3, 3};
  for (int j = 0; j < 10; ++j) EXPECT_EQ(defense_index(70 + j), 80 + 28 + offsets[j]) << j;
}

TEST(BrogueHit, TwoTruncations) {
  // Combat.c hitProbability truncates twice: at -5.75 the player's accuracy is 69, and 69 x 0.721... gives 49 % against
  // the vampire bat.
  EXPECT_EQ(player_accuracy(-23), 69);
  EXPECT_EQ(hit_percent(69, 25), 49);
  EXPECT_EQ(player_accuracy(-22), 70);
  EXPECT_EQ(hit_percent(70, 25), 50);
  EXPECT_EQ(player_accuracy(0), 100);
  EXPECT_EQ(player_accuracy(4), 106);
  EXPECT_EQ(player_accuracy(-12), 82);
  EXPECT_EQ(hit_percent(5000, 60), 100);  // clamped
  EXPECT_EQ(hit_percent(0, 0), 0);
}

TEST(BrogueStrength, ModifierAndNetEnchant) {
  EXPECT_EQ(strength_modifier_quarters(12, 0, 10), 2);    // +0.25 per surplus point
  EXPECT_EQ(strength_modifier_quarters(12, 0, 14), -20);  // -2.5 per missing point
  EXPECT_EQ(strength_modifier_quarters(14, 1, 12), 1);    // weakness lowers strength
  EXPECT_EQ(strength_modifier_quarters(12, 2, 12), -20);
  EXPECT_EQ(net_enchant_quarters(-100, -20), -80);  // clamp -20
  EXPECT_EQ(net_enchant_quarters(220, 2), 200);     // clamp +50
}

TEST(BrogueDefense, TruncationOfTheWholeSum) {
  EXPECT_EQ(player_defense(30, 2), 35);    // the starting leather armour
  EXPECT_EQ(player_defense(30, 1), 32);    // x.25 -> 2
  EXPECT_EQ(player_defense(30, 3), 37);    // x.75 -> 7
  EXPECT_EQ(player_defense(30, -1), 27);   // 27.5 -> 27
  EXPECT_EQ(player_defense(30, -14), 0);   // never negative
  EXPECT_EQ(player_defense(50, 0, 5), 0);  // donning subtracts whole points
  EXPECT_EQ(weakened_defense(70, 1), 45);
  EXPECT_EQ(weakened_defense(10, 3), 0);
}

TEST(BrogueClump, EveryGoldenPmfExactly) {
  const auto golden = fray::test::read_json("golden/brogue/clumped_damage.json");
  ASSERT_EQ(golden.at("entries").size(), 23u);
  for (const auto& e : golden.at("entries")) {
    const Clump c{e.at("min").get<std::int64_t>(), e.at("max").get<std::int64_t>(),
                  e.at("clumpFactor").get<std::int64_t>()};
    SCOPED_TRACE(testing::Message() << c.lo << "-" << c.hi << "/" << c.clump);
    const fray::Pmf p = clumped_pmf(c);
    const double den = e.at("denominator").get<double>();
    std::size_t support = 0;
    for (const auto& [k, v] : e.at("counts").items()) {
      const double count = v.get<double>();
      EXPECT_NEAR(p[std::stoll(k)] * den, count, 1e-9 * den);
      support += count > 0;
    }
    EXPECT_EQ(p.items().size(), support);
    // The dice denominators multiply to the golden denominator.
    const ClumpDice d = clump_dice(c);
    double our_den = d.single ? static_cast<double>(c.hi - c.lo + 1) : 1.0;
    if (!d.single) {
      our_den *= std::pow(static_cast<double>(d.sides + 2), static_cast<double>(d.big));
      if (d.sides > 0) our_den *= std::pow(static_cast<double>(d.sides + 1), static_cast<double>(d.small));
    }
    EXPECT_EQ(our_den, den);
    // The rand_range calls, in order (a sides-0 die does not draw).
    struct Recorder {
      std::vector<std::pair<std::int64_t, std::int64_t>> calls;
      std::uint64_t next() { return 0; }
      std::int64_t uniform(std::int64_t lo, std::int64_t hi) {
        if (hi > lo) calls.emplace_back(lo, hi);
        return lo;
      }
      double unit() { return 0; }
    } rec;
    (void)rand_clumped_range(rec, c);
    std::vector<std::pair<std::int64_t, std::int64_t>> want;
    for (const auto& call : e.at("rand_range_calls")) want.emplace_back(call.at(0), call.at(1));
    EXPECT_EQ(rec.calls, want);
  }
}

TEST(BrogueClump, WorkedExamples) {
  // 0-10 clump 3 = d{0..4} + 2 d{0..3}; clump 11 on width 10 is clump 10.
  const ClumpDice d = clump_dice({0, 10, 3});
  EXPECT_EQ(d.sides, 3);
  EXPECT_EQ(d.big, 1);
  EXPECT_EQ(d.small, 2);
  EXPECT_TRUE(clumped_pmf({0, 10, 11}).approx_equal(clumped_pmf({0, 10, 10})));
  EXPECT_EQ(clumped_pmf({5, 5, 3}), fray::Pmf::point(5));
}

TEST(BrogueClump, SampledAgreesWithExact) {
  for (const Clump c : {Clump{0, 10, 3}, Clump{25, 50, 4}, Clump{3, 4, 2}, Clump{10, 20, 7}}) {
    BrogueRng r(12345);
    std::map<std::int64_t, std::uint64_t> counts;
    for (int i = 0; i < 200000; ++i) ++counts[rand_clumped_range(r, c)];
    EXPECT_GT(fray::test::chi_square_p(clumped_pmf(c), counts), 1e-3) << c.lo << "-" << c.hi << "/" << c.clump;
  }
}

TEST(BrogueWeaponBounds, ScaledBeforeTheRollMinimumOne) {
  EXPECT_EQ(player_weapon_damage({3, 4, 1}, 0), (Clump{3, 4, 1}));
  EXPECT_EQ(player_weapon_damage({3, 4, 1}, -52), (Clump{1, 1, 1}));
  EXPECT_EQ(player_weapon_damage({3, 11, 3}, 0), (Clump{3, 11, 3}));
}
