// Pixel Dungeon hit test: the closed form against the golden trials and the
// seed's examples; the sampled rolls against the closed form; surprise.
#include <gtest/gtest.h>

#include <fray/rules/pixel_dungeon/hit.hpp>

#include "support/support.hpp"

namespace pd = fray::pixel_dungeon;

TEST(PdHit, GoldenCases) {
  const auto g = fray::test::read_json("golden/pixel_dungeon/hit_chance.json");
  ASSERT_GE(g["cases"].size(), 14u);
  for (const auto& c : g["cases"]) {
    const double p = pd::hit_chance(c["attack"].get<int>(), c["defense"].get<int>(), c["magic"].get<bool>());
    EXPECT_NEAR(p, c["closed_form"].get<double>(), 1e-15);
    // The real game's 10^7 trials agree within sampling noise.
    EXPECT_NEAR(p, c["empirical"].get<double>(), 1e-3);
  }
}

TEST(PdHit, SeedExamples) {
  EXPECT_DOUBLE_EQ(pd::hit_chance(10, 10), 0.5);
  EXPECT_NEAR(pd::hit_chance(12, 10), 0.5833, 1e-4);
  EXPECT_DOUBLE_EQ(pd::hit_chance(20, 10), 0.75);
  EXPECT_NEAR(pd::hit_chance(22, 10), 0.7727, 1e-4);
  EXPECT_DOUBLE_EQ(pd::hit_chance(16, 4), 0.875);
}

TEST(PdHit, EdgesAndMagic) {
  EXPECT_EQ(pd::hit_chance(0, 0), 1.0);  // evasion 0: always hit
  EXPECT_EQ(pd::hit_chance(5, 0), 1.0);
  EXPECT_EQ(pd::hit_chance(0, 5), 0.0);
  EXPECT_DOUBLE_EQ(pd::hit_chance(11, 9, true), 1 - 9.0 / 44);  // accuracy doubled
  EXPECT_DOUBLE_EQ(pd::hit_chance(5, 20, true), 10.0 / 40);
  EXPECT_DOUBLE_EQ(pd::hit_chance(10, 1000), 10.0 / 2000);  // quest NPCs: evasion 1000
  EXPECT_TRUE(pd::hits(3.0f, 3.0f, false));                 // ties hit
  EXPECT_FALSE(pd::hits(2.9f, 3.0f, false));
  EXPECT_TRUE(pd::hits(1.5f, 3.0f, true));
}

TEST(PdHit, RolledTestMatchesClosedForm) {
  fray::Rng rng(99);
  const struct {
    int a, d;
    bool magic;
  } cases[] = {{10, 10, false}, {16, 4, false}, {4, 9, false}, {11, 9, true}, {7, 0, false}, {30, 20, true}};
  for (const auto& c : cases) {
    std::map<std::int64_t, std::uint64_t> counts;
    for (int i = 0; i < 200000; ++i) ++counts[pd::roll_hit(rng, c.a, c.d, c.magic).hit ? 1 : 0];
    const double p = pd::hit_chance(c.a, c.d, c.magic);
    EXPECT_GT(fray::test::chi_square_p(p == 1.0 ? fray::Pmf::point(1) : fray::Pmf::bernoulli(p), counts), 1e-3)
        << c.a << " vs " << c.d;
  }
}

TEST(PdHit, Surprise) {
  EXPECT_FALSE(pd::is_surprise({true, false}));
  EXPECT_TRUE(pd::is_surprise({false, false}));
  EXPECT_TRUE(pd::is_surprise({true, true}));
  EXPECT_EQ(pd::mob_evasion(4, {true, false}), 4);
  EXPECT_EQ(pd::mob_evasion(4, {false, false}), 0);
  EXPECT_EQ(pd::mob_evasion(4, {true, true}), 0);
  // The bonus follows enemySeen alone: a mob paralysed before its turn still has seen the hero.
  EXPECT_FALSE(pd::assassin_bonus_applies({true, true}));
  EXPECT_TRUE(pd::assassin_bonus_applies({false, true}));
  EXPECT_TRUE(pd::assassin_bonus_applies({false, false}));
  EXPECT_EQ(pd::hit_chance(9, pd::mob_evasion(30, {false, false})), 1.0);
}
