// java.util.Random as a fray engine: its stream against the JDK's, and the
// Pixel Dungeon primitives drawn from it against the same formulas run in Java.
#include <gtest/gtest.h>

#include <fray/rules/pixel_dungeon/java_random.hpp>
#include <fray/rules/pixel_dungeon/random.hpp>

#include "support/support.hpp"

namespace pd = fray::pixel_dungeon;
using fray::test::run_cli;

TEST(PdJavaRandom, JavaRandomMatchesTheJdk) {
  // new java.util.Random(42): nextInt() = -1170105035, then 234785527 (JDK 17).
  pd::JavaRandom r(42);
  EXPECT_EQ(r.next_int(), -1170105035);
  EXPECT_EQ(r.next_int(), 234785527);
  // new java.util.Random(42).nextDouble() = 0.7275636800328681.
  pd::JavaRandom d(42);
  EXPECT_DOUBLE_EQ(d.next_double(), 0.7275636800328681);
  static_assert(fray::UniformEngine<pd::JavaRandom>);
  // The primitives follow their laws on it too.
  pd::JavaRandom j(7);
  std::map<std::int64_t, std::uint64_t> counts;
  for (int i = 0; i < 100000; ++i) ++counts[pd::random_normal_int_range(j, 2, 12)];
  EXPECT_GT(fray::test::chi_square_p(pd::normal_int_range_pmf(2, 12), counts), 1e-3);
  for (int i = 0; i < 1000; ++i) {
    const auto v = j.uniform(-3, 3);
    EXPECT_GE(v, -3);
    EXPECT_LE(v, 3);
  }
}

TEST(PdJavaRandom, JavaEngineOnTheCommandLine) {
  const std::vector<std::string> args = {"strike",     "--rules",     "pixel-dungeon", "--attacker", "hero",
                                         "--defender", "gnoll_scout", "--seed",        "42",         "--count",
                                         "20",         "--rng",       "java",          "--json"};
  const auto a = run_cli(args), b = run_cli(args);
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  // The first draw is acuRoll = Float(10) of Math.random() = 0.72756...
  EXPECT_FLOAT_EQ(a.json()["strikes"][0]["rolls"]["acu_roll"].get<float>(), 7.275636800328681f);
}

TEST(PdJavaRandom, PrimitivesReproduceJavaDraws) {
  // The primitives' formulas run in Java (JDK 17) on new java.util.Random(2024)
  // in place of Math.random(): 6 × Float(10f), 6 × NormalIntRange(1, 12),
  // 6 × IntRange(0, 5), 6 × Int(2, 12), in that order.
  pd::JavaRandom j(2024);
  const float floats[] = {6.1845365f, 1.8829814f, 9.309788f, 0.9416541f, 5.8208814f, 4.9409356f};
  for (float f : floats) EXPECT_EQ(pd::random_float(j, 10.0f), f);
  for (std::int64_t v : {3, 7, 10, 8, 6, 7}) EXPECT_EQ(pd::random_normal_int_range(j, 1, 12), v);
  for (std::int64_t v : {2, 1, 2, 5, 4, 5}) EXPECT_EQ(pd::random_int_range(j, 0, 5), v);
  for (std::int64_t v : {9, 7, 2, 4, 9, 3}) EXPECT_EQ(pd::random_int(j, 2, 12), v);
}
