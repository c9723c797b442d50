// Pixel Dungeon random primitives: exact PMFs against the golden file and the
// formulas of Random.java; samplers against the exact laws.
#include <gtest/gtest.h>

#include <fray/core/dice.hpp>
#include <fray/core/error.hpp>
#include <fray/rules/pixel_dungeon/random.hpp>

#include "support/support.hpp"

namespace pd = fray::pixel_dungeon;
using fray::Pmf;

TEST(PdRandom, NormalIntRangeMatchesEveryGoldenRange) {
  const auto g = fray::test::read_json("golden/pixel_dungeon/normal_int_range.json");
  ASSERT_GE(g["ranges"].size(), 18u);
  for (const auto& r : g["ranges"]) {
    const auto lo = r["min"].get<std::int64_t>(), hi = r["max"].get<std::int64_t>();
    const Pmf p = pd::normal_int_range_pmf(lo, hi);
    ASSERT_EQ(p.min(), lo);
    ASSERT_EQ(p.max(), hi);
    for (const auto& e : r["pmf"]) {
      const double exact = e["num"].get<double>() / e["den"].get<double>();
      EXPECT_NEAR(p[e["value"].get<std::int64_t>()], exact, 1e-15) << lo << ".." << hi;
    }
    EXPECT_NEAR(p.mean(), r["mean"].get<double>(), 1e-12);
    EXPECT_NEAR(p.variance(), r["variance"].get<double>(), 1e-12);
    // The primitive's pointwise probability is the same law.
    const auto prim = pd::Primitive::normal(lo, hi);
    for (std::int64_t v = lo; v <= hi; ++v) EXPECT_DOUBLE_EQ(prim.probability(v), p[v]);
  }
}

TEST(PdRandom, NormalIntRangeWorkedExample) {
  // Random.NormalIntRange(1, 5) is 2/25, 6/25, 9/25, 6/25, 2/25.
  const Pmf p = pd::normal_int_range_pmf(1, 5);
  EXPECT_DOUBLE_EQ(p[1], 2.0 / 25);
  EXPECT_DOUBLE_EQ(p[2], 6.0 / 25);
  EXPECT_DOUBLE_EQ(p[3], 9.0 / 25);
  EXPECT_DOUBLE_EQ(p[5], 2.0 / 25);
}

TEST(PdRandom, IntAndIntRangeEdges) {
  // Random.Int(a, b) excludes b; Int(1, 1) = Int(1, 0) = 1.
  EXPECT_EQ(pd::int_pmf(2, 12), Pmf::uniform(2, 11));
  EXPECT_EQ(pd::int_pmf(1, 1), Pmf::point(1));
  EXPECT_EQ(pd::int_pmf(1, 0), Pmf::point(1));
  EXPECT_EQ(pd::int_pmf(3, -1), Pmf::uniform(0, 3));
  EXPECT_EQ(pd::int_range_pmf(0, 2), Pmf::uniform(0, 2));
  EXPECT_EQ(pd::int_of(0.0, 1, 0), 1);
  EXPECT_EQ(pd::int_of(0.999, 1, 0), 1);
  EXPECT_EQ(pd::int_of(0.999, 4), 3);
  EXPECT_EQ(pd::int_of(0.5, 0), 0);
  EXPECT_EQ(pd::int_range_of(0.999999, 0, 2), 2);
  EXPECT_EQ(pd::normal_int_range_of(0.999999, 0.999999, 1, 5), 5);
  EXPECT_EQ(pd::normal_int_range_of(0.0, 0.0, 1, 5), 1);
  EXPECT_THROW((void)pd::int_range_pmf(3, 2), fray::Error);
  EXPECT_THROW((void)pd::normal_int_range_pmf(3, 2), fray::Error);
  // Float(x) is computed in double, then narrowed.
  EXPECT_EQ(pd::float_of(0.5, 10), 5.0f);
}

TEST(PdRandom, SamplersFollowTheExactLaws) {
  fray::Rng rng(20240601);
  const pd::Primitive prims[] = {pd::Primitive::normal(5, 24),    pd::Primitive::normal(1, 2),
                                 pd::Primitive::int_range(0, 16), pd::Primitive::int_excl(2, 12),
                                 pd::Primitive::int_excl(1, 7),   pd::Primitive::constant(4)};
  for (const auto& p : prims) {
    std::map<std::int64_t, std::uint64_t> counts;
    for (int i = 0; i < 200000; ++i) ++counts[p.sample(rng)];
    EXPECT_GT(fray::test::chi_square_p(p.pmf(), counts), 1e-3) << p.a << ".." << p.b;
  }
}

TEST(PdRandom, DiceFunctions) {
  fray::DiceFunctions fns = fray::DiceFunctions::builtin();
  pd::add_dice_functions(fns);
  const Pmf n = fray::Dice::parse("pd_normal(1, 5)", fns).exact();
  EXPECT_TRUE(n.approx_equal(pd::normal_int_range_pmf(1, 5)));
  const Pmf u = fray::Dice::parse("pd_int_range(0, 3) + pd_normal(2, 5)", fns).exact();
  EXPECT_TRUE(u.approx_equal(Pmf::uniform(0, 3) + pd::normal_int_range_pmf(2, 5)));
  EXPECT_THROW((void)fray::Dice::parse("pd_normal(5, 1)", fns).exact(), fray::Error);
  const auto d = fray::Dice::parse("pd_normal(2, 12)", fns);
  fray::Rng rng(7);
  std::map<std::int64_t, std::uint64_t> counts;
  for (int i = 0; i < 100000; ++i) ++counts[d.sample(rng)];
  EXPECT_GT(fray::test::chi_square_p(pd::normal_int_range_pmf(2, 12), counts), 1e-3);
}

TEST(PdRandom, DiceFunctionsThroughTheCli) {
  const auto r = fray::test::run_cli({"dist", "pd_normal(1,5)", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NEAR(r.json()["pmf"][2][1].get<double>(), 9.0 / 25, 1e-15);
}
