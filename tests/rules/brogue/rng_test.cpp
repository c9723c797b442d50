// fray/rules/brogue/rng.hpp: the game's generator, draw for draw (golden/brogue/rng_stream.json).
#include <gtest/gtest.h>

#include <fray/rules/brogue/combat.hpp>
#include <fray/rules/brogue/rng.hpp>

#include "support/support.hpp"

using fray::brogue::BrogueRng;

namespace {
std::vector<std::int64_t> ints(const nlohmann::json& j) { return j.get<std::vector<std::int64_t>>(); }
}  // namespace

TEST(BrogueRng, StreamsMatchTheGame) {
  const auto golden = fray::test::read_json("golden/brogue/rng_stream.json");
  ASSERT_GE(golden.at("streams").size(), 1u);
  for (const auto& s : golden.at("streams")) {
    const auto seed = s.at("seed").get<std::uint64_t>();
    SCOPED_TRACE(seed);
    {
      BrogueRng r(seed);
      for (std::int64_t v : ints(s.at("raw_u32"))) ASSERT_EQ(static_cast<std::int64_t>(r.next()), v);
    }
    {
      BrogueRng r(seed);
      for (std::int64_t v : ints(s.at("rand_range_0_99"))) ASSERT_EQ(r.uniform(0, 99), v);
    }
    {
      BrogueRng r(seed);
      for (std::int64_t v : ints(s.at("rand_range_1_6"))) ASSERT_EQ(r.uniform(1, 6), v);
    }
    {
      BrogueRng r(seed);
      for (std::int64_t v : ints(s.at("randClumpedRange_0_10_3")))
        ASSERT_EQ(fray::brogue::rand_clumped_range(r, fray::brogue::Clump{0, 10, 3}), v);
    }
    {
      BrogueRng r(seed);
      for (std::int64_t v : ints(s.at("rand_percent_50"))) ASSERT_EQ(r.percent(50) ? 1 : 0, v);
    }
  }
}

TEST(BrogueRng, Bits64TakesTheEarlierOutputHigh) {
  const auto golden = fray::test::read_json("golden/brogue/rng_stream.json");
  const auto& s = golden.at("streams").at(0);
  const auto raw = ints(s.at("raw_u32"));
  BrogueRng r(s.at("seed").get<std::uint64_t>());
  const std::uint64_t b = r.bits64();
  EXPECT_EQ(b >> 32, static_cast<std::uint64_t>(raw[0]));
  EXPECT_EQ(b & 0xFFFFFFFFu, static_cast<std::uint64_t>(raw[1]));
}

TEST(BrogueRng, HighWordOfTheSeedCounts) {
  // raninit: c ^= high word; seeds that differ only there give other streams.
  BrogueRng a(1), b((std::uint64_t{1} << 32) | 1);
  bool differs = false;
  for (int i = 0; i < 8; ++i) differs |= a.next() != b.next();
  EXPECT_TRUE(differs);
}

TEST(BrogueRng, RandRangeWithEmptyRangeDoesNotDraw) {
  BrogueRng a(7), b(7);
  EXPECT_EQ(a.uniform(5, 5), 5);
  EXPECT_EQ(a.uniform(5, 2), 5);  // hi <= lo returns lo
  EXPECT_EQ(a.next(), b.next());  // the stream did not move
}

TEST(BrogueRng, RandPercentAlwaysDrawsOnce) {
  BrogueRng a(99), b(99);
  EXPECT_TRUE(a.percent(100));
  EXPECT_FALSE(a.percent(0));
  EXPECT_FALSE(a.percent(-5));
  (void)b.uniform(0, 99);
  (void)b.uniform(0, 99);
  (void)b.uniform(0, 99);
  EXPECT_EQ(a.next(), b.next());
}

TEST(BrogueRng, RefusesRangesWiderThanTheGameCanDraw) {
  BrogueRng r(1);
  EXPECT_THROW((void)r.uniform(0, std::int64_t{1} << 40), fray::Error);
  EXPECT_NO_THROW((void)r.uniform(0, 0xFFFFFFFEll));
}
