// Shattered Pixel Dungeon's random primitives against the real Random.java
// (golden/shattered_pd/random.json): the exact NormalIntRange counts of every
// pair of 24-bit Floats, and seeded streams value for value.
#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <fray/core/error.hpp>
#include <fray/rules/shattered_pd/random.hpp>
#include <string>

#include "support/support.hpp"

namespace spd = fray::shattered_pd;

namespace {

const nlohmann::json& golden() {
  static const nlohmann::json g = fray::test::read_json("golden/shattered_pd/random.json");
  return g;
}

}  // namespace

TEST(SpdRandom, NormalIntRangeCountsMatchEveryPairOfFloats) {
  const auto& cases = golden()["normal_int_range"];
  ASSERT_GE(cases.size(), 15u);
  for (const auto& c : cases) {
    const std::int64_t a = c["min"], b = c["max"];
    const auto expected = c["counts"].get<std::vector<std::uint64_t>>();
    EXPECT_EQ(spd::normal_int_range_counts(b - a + 1), expected) << "NormalIntRange(" << a << ", " << b << ")";
    const fray::Pmf exact = spd::normal_int_range_pmf(a, b);
    const fray::Pmf ideal = spd::normal_int_range_ideal_pmf(a, b);
    ASSERT_EQ(exact.min(), a);
    ASSERT_EQ(ideal.min(), a);
    double max_diff = 0;
    for (std::size_t k = 0; k < expected.size(); ++k) {
      const std::int64_t v = a + static_cast<std::int64_t>(k);
      EXPECT_EQ(exact[v], static_cast<double>(expected[k]) * 0x1.0p-48) << v;
      const auto& frac = c["ideal_continuous_pmf"][k];
      EXPECT_NEAR(ideal[v], frac[0].get<double>() / frac[1].get<double>(), 1e-15) << v;
      max_diff = std::max(max_diff, std::abs(exact[v] - ideal[v]));
    }
    EXPECT_NEAR(max_diff, c["max_abs_exact_minus_ideal"].get<double>(), 1e-15);
    EXPECT_NEAR(exact.mean(), c["mean"].get<double>(), 1e-12);
  }
}

TEST(SpdRandom, NormalIntRangeWorkedExampleAndBounds) {
  // NormalIntRange(1, 5) out of 2^48 (the game's law, not the textbook 2:6:9:6:2).
  EXPECT_EQ(
      spd::normal_int_range_counts(5),
      (std::vector<std::uint64_t>{22518005518828, 67553996423823, 101330986247127, 67553996423823, 22517992097055}));
  // NormalIntRange(0, 1): P(0) = 1/2 + 2^-25.
  EXPECT_EQ(spd::normal_int_range_pmf(0, 1)[0], 0.5 + 0x1.0p-25);
  EXPECT_EQ(spd::normal_int_range_pmf(7, 7), fray::Pmf::point(7));
  EXPECT_THROW((void)spd::normal_int_range_pmf(3, 2), fray::Error);
  EXPECT_THROW((void)spd::normal_int_range_pmf(0, spd::max_normal_width), fray::Error);
  EXPECT_THROW((void)spd::normal_int_range_counts(0), fray::Error);
  // The widest allowed range still sums to 2^48.
  const auto wide = spd::normal_int_range_counts(4096);
  std::uint64_t total = 0;
  for (auto c : wide) total += c;
  EXPECT_EQ(total, std::uint64_t{1} << 48);
}

TEST(SpdRandom, IntLaws) {
  EXPECT_EQ(spd::int_pmf(3, 7), fray::Pmf::uniform(3, 6));
  EXPECT_EQ(spd::int_pmf(3, 3), fray::Pmf::point(3));
  EXPECT_EQ(spd::int_range_pmf(5, 4), fray::Pmf::point(5));
  EXPECT_EQ(spd::int_range_pmf(1, 6), fray::Pmf::uniform(1, 6));
  EXPECT_EQ(spd::Primitive::normal(2, 4).pmf(), spd::normal_int_range_pmf(2, 4));
}

TEST(SpdRandom, PushGeneratorScramblesTheSeed) {
  const auto& s = golden()["streams"][0];
  const std::int64_t seed = s["seed"];
  EXPECT_EQ(static_cast<std::int64_t>(spd::scramble_seed(static_cast<std::uint64_t>(seed))),
            s["scrambled_seed"].get<std::int64_t>());
  // new java.util.Random(s): state = (s ^ 0x5DEECE66D) mod 2^48.
  EXPECT_EQ((spd::scramble_seed(static_cast<std::uint64_t>(seed)) ^ 0x5DEECE66DULL) & ((std::uint64_t{1} << 48) - 1),
            s["java_util_random_initial_state"].get<std::uint64_t>());
}

TEST(SpdRandom, SeededStreamsValueForValue) {
  for (const auto& s : golden()["streams"]) {
    const std::int64_t seed = s["seed"];
    auto fresh = [&] { return spd::pushed_generator(seed); };
    {
      auto r = fresh();
      for (const auto& v : s["raw_int"]) ASSERT_EQ(spd::random_int(r), v.get<std::int32_t>());
    }
    {
      auto r = fresh();
      for (const auto& v : s["float_k24"]) ASSERT_EQ(spd::random_float(r) * 0x1.0p24f, v.get<float>());
    }
    const std::pair<const char*, std::int32_t> ints[] = {
        {"int_10", 10}, {"int_16", 16}, {"int_1073741825", 1073741825}};
    for (const auto& [key, n] : ints) {
      auto r = fresh();
      for (const auto& v : s[key]) ASSERT_EQ(spd::random_int(r, n), v.get<std::int32_t>()) << key;
    }
    {
      auto r = fresh();
      for (const auto& v : s["int_range_1_6"]) ASSERT_EQ(spd::random_int_range(r, 1, 6), v.get<std::int32_t>());
    }
    int normals = 0;
    for (const auto& [key, values] : s.items()) {
      if (key.rfind("normal_int_range_", 0) != 0) continue;
      int a = 0, b = 0;
      ASSERT_EQ(std::sscanf(key.c_str(), "normal_int_range_%d_%d", &a, &b), 2) << key;
      auto r = fresh();
      for (const auto& v : values) ASSERT_EQ(spd::random_normal_int_range(r, a, b), v.get<std::int32_t>()) << key;
      ++normals;
    }
    EXPECT_GE(normals, 3);
    {
      auto r = fresh();
      for (const auto& v : s["long"]) ASSERT_EQ(spd::random_long(r), v.get<std::int64_t>());
    }
  }
}

TEST(SpdRandom, MixedCallsShareOneStream) {
  for (const auto& s : golden()["streams"]) {
    auto r = spd::pushed_generator(s["seed"].get<std::int64_t>());
    ASSERT_GE(s["mixed"].size(), 400u);
    for (const auto& call : s["mixed"]) {
      const std::string what = call[0];
      const nlohmann::json& want = call[1];
      int a = 0, b = 0;
      if (what == "Float()") {
        ASSERT_EQ(spd::random_float(r) * 0x1.0p24f, want.get<float>());
      } else if (what == "Float(10f)") {
        ASSERT_EQ(std::bit_cast<std::int32_t>(spd::random_float(r, 10.0f)), want.get<std::int32_t>());
      } else if (what == "Int()") {
        ASSERT_EQ(spd::random_int(r), want.get<std::int32_t>());
      } else if (what == "Long()") {
        ASSERT_EQ(spd::random_long(r), want.get<std::int64_t>());
      } else if (std::sscanf(what.c_str(), "NormalIntRange(%d,%d)", &a, &b) == 2) {
        ASSERT_EQ(spd::random_normal_int_range(r, a, b), want.get<std::int32_t>()) << what;
      } else if (std::sscanf(what.c_str(), "IntRange(%d,%d)", &a, &b) == 2) {
        ASSERT_EQ(spd::random_int_range(r, a, b), want.get<std::int32_t>()) << what;
      } else if (std::sscanf(what.c_str(), "Int(%d,%d)", &a, &b) == 2) {
        ASSERT_EQ(spd::random_int(r, a, b), want.get<std::int32_t>()) << what;
      } else if (std::sscanf(what.c_str(), "Int(%d)", &a) == 1) {
        ASSERT_EQ(spd::random_int(r, a), want.get<std::int32_t>()) << what;
      } else {
        FAIL() << "unknown call " << what;
      }
    }
  }
}

TEST(SpdRandom, GeneratorStackResumesTheOuterGenerator) {
  const auto& want = golden()["generator_stack_check"]["result"];
  spd::GeneratorStack g(12345);
  g.push(7);
  const auto outer0 = spd::random_int(g, 1000);
  g.push(7);
  const auto inner0 = spd::random_int(g, 1000);
  const auto inner1 = spd::random_int(g, 1000);
  g.pop();
  const auto outer1 = spd::random_int(g, 1000);
  g.pop();
  EXPECT_EQ(outer0, want["outer0"].get<int>());
  EXPECT_EQ(inner0, want["inner0"].get<int>());
  EXPECT_EQ(inner1, want["inner1"].get<int>());
  EXPECT_EQ(outer1, want["outer1"].get<int>());
  EXPECT_EQ(g.depth(), 1u);
  g.pop();  // the base generator stays
  EXPECT_EQ(g.depth(), 1u);
}

TEST(SpdRandom, IntRangeWithoutDrawsWhenEmpty) {
  // Int(0) and IntRange(5, 4) draw nothing; IntRange(5, 5) draws once.
  auto a = spd::pushed_generator(3), b = spd::pushed_generator(3);
  EXPECT_EQ(spd::random_int(a, 0), 0);
  EXPECT_EQ(spd::random_int_range(a, 5, 4), 5);
  EXPECT_EQ(spd::random_int(a), spd::random_int(b));
  EXPECT_EQ(spd::random_int_range(a, 5, 5), 5);
  (void)spd::random_int(b);
  EXPECT_EQ(spd::random_int(a), spd::random_int(b));
}

TEST(SpdRandom, SamplersFollowTheExactLawOnAnyEngine) {
  // Fixed seeds: the p-values are fixed numbers, far from the threshold.
  fray::Rng rng(2026);
  auto java = spd::pushed_generator(2026);
  for (const auto& [a, b] : {std::pair{1, 8}, std::pair{0, 10}, std::pair{5, 30}}) {
    std::map<std::int64_t, std::uint64_t> counts, java_counts;
    for (int i = 0; i < 200000; ++i) {
      ++counts[spd::random_normal_int_range(rng, a, b)];
      ++java_counts[spd::random_normal_int_range(java, a, b)];
    }
    EXPECT_GT(fray::test::chi_square_p(spd::normal_int_range_pmf(a, b), counts), 1e-3) << a << ".." << b;
    EXPECT_GT(fray::test::chi_square_p(spd::normal_int_range_pmf(a, b), java_counts), 1e-3) << a << ".." << b;
  }
  std::map<std::int64_t, std::uint64_t> counts;
  for (int i = 0; i < 100000; ++i) ++counts[spd::random_int_range(rng, 3, 17)];
  EXPECT_GT(fray::test::chi_square_p(spd::int_range_pmf(3, 17), counts), 1e-3);
}
