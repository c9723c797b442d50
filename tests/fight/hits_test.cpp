// Hits to kill beside attacks to kill: exact when a miss changes nothing,
// sampled (and said so) when a miss moves a state.
#include <fray/fight/exact.hpp>
#include <fray/fight/monte_carlo.hpp>
#include <fray/fight/solve.hpp>

#include "kernels.hpp"

#include <gtest/gtest.h>

#include <memory>

namespace fray::fight {
namespace {

using test::AcidKernel;
using test::DiceKernel;
using test::ListKernel;

using test::fighter;

// Gladiator-like combo: a hit deals 1 + the hits in a row before it; a miss
// resets the count (attacker state), so a miss moves a state.
class ComboKernel final : public ListKernel {
 public:
  std::vector<Transition> list(Side a, Side d) const override {
    return {{0.5, 0, 0, d.state, 0},
            {0.5, 1 + static_cast<std::int64_t>(a.state), std::min(a.state + 1, 5u), d.state, 1}};
  }
};

// P(hit) 1/2, damage 1 or 2, 2 HP: one hit kills when it deals 2 (1/2), else
// the second hit kills: hits 1 or 2, each 1/2, mean 1.5. Each hit takes a
// geometric number of attacks of mean 2: attacks to kill, mean 3.
TEST(HitsToKill, ExactWhenMissesChangeNothing) {
  const TtkResult r = ttk_exact(DiceKernel(0.5, 1, 2), fighter(10), fighter(2));
  ASSERT_TRUE(r.hits);
  EXPECT_EQ(r.hits_method, "exact");
  EXPECT_NEAR((*r.hits)[1], 0.5, 1e-12);
  EXPECT_NEAR((*r.hits)[2], 0.5, 1e-12);
  EXPECT_NEAR(r.hits->mean(), 1.5, 1e-12);
  EXPECT_NEAR(r.attacks->mean(), 3.0, 1e-9);
}

// Acid: each hit deals 3 − hits before it, and lowers P(hit) by 0.1 from 0.5;
// 6 HP take exactly three hits (3 + 2 + 1), at 1/0.5 + 1/0.4 + 1/0.3 attacks.
TEST(HitsToKill, StateChangingHitsStayExact) {
  const TtkResult r = ttk_exact(AcidKernel(0.5, 3), fighter(10), fighter(6));
  ASSERT_TRUE(r.hits);
  EXPECT_EQ(r.hits_method, "exact");
  EXPECT_NEAR((*r.hits)[3], 1.0, 1e-12);
  EXPECT_NEAR(r.attacks->mean(), 2 + 2.5 + 10.0 / 3, 1e-9);
}

// Combo on 3 HP: two hits in a row kill (1 + 2); a miss after the first hit
// resets the count and the third hit kills (1 + 1 + 1 or 1 + 1 + 2). So hits
// are 2 or 3, each 1/2. The miss moves the combo, so the hits are sampled.
TEST(HitsToKill, SampledWhenAMissMovesAState) {
  const ComboKernel k;
  EXPECT_FALSE(hits_to_kill_exact(k, fighter(10), fighter(3)).has_value());
  Bout bout;
  bout.a = fighter(10);
  bout.b = fighter(3);
  bout.a_hits_b = std::make_shared<ComboKernel>();
  // A defender whose own turns change nothing: the hits are sampled for the miss alone.
  bout.b_hits_a = std::make_shared<DiceKernel>(0.5, 1, 1);
  FightOptions o;
  o.monte_carlo.sims = 100000;
  o.monte_carlo.seed = 3;
  const TtkResult r = solve_ttk(bout, o);
  EXPECT_EQ(r.method, "exact");
  ASSERT_TRUE(r.hits);
  EXPECT_EQ(r.hits_method, "monte-carlo");
  EXPECT_EQ(r.hits_reason, "a miss changes the fight's state, so the hits do not form an exact chain of their own");
  EXPECT_EQ(r.sims, 100000u);  // the hits' runs
  EXPECT_EQ(r.seed, 3u);
  EXPECT_NEAR((*r.hits)[2], 0.5, 0.01);
  EXPECT_NEAR((*r.hits)[3], 0.5, 0.01);
  EXPECT_EQ(r.hits->min(), 2);
  EXPECT_EQ(r.hits->max(), 3);
}

TEST(HitsToKill, MonteCarloCountsHits) {
  MonteCarloOptions o;
  o.sims = 100000;
  o.seed = 5;
  const TtkResult r = ttk_monte_carlo(DiceKernel(0.5, 1, 2), fighter(10), fighter(2), o);
  ASSERT_TRUE(r.hits);
  EXPECT_EQ(r.hits_method, "monte-carlo");
  EXPECT_NEAR(r.hits->mean(), 1.5, 0.01);
  EXPECT_NEAR(r.attacks->mean(), 3.0, 0.03);
}

}  // namespace
}  // namespace fray::fight
