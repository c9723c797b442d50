#include <fray/core/error.hpp>
#include <fray/fight/states.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <thread>
#include <tuple>
#include <vector>

namespace {

using Bodies = std::vector<std::int64_t>;

TEST(States, TheStartIsZeroAndNumbersFollowFirstUse) {
  const fray::fight::States<Bodies> s(Bodies{80});
  EXPECT_EQ(s.id(Bodies{80}), 0u);
  EXPECT_EQ(s.id(Bodies{40, 39}), 1u);
  EXPECT_EQ(s.id(Bodies{20, 20}), 2u);
  EXPECT_EQ(s.id(Bodies{40, 39}), 1u);
  EXPECT_EQ(s.at(1), (Bodies{40, 39}));
  EXPECT_EQ(s.size(), 3u);
}

TEST(States, RefusesAnUnknownNumberAndGrowthPastTheLimit) {
  const fray::fight::States<Bodies> s(Bodies{3}, 2, "swarm of flies: splits");
  EXPECT_THROW((void)s.at(1), fray::Error);
  EXPECT_EQ(s.id(Bodies{1, 1}), 1u);
  try {
    (void)s.id(Bodies{1});
    FAIL() << "a third state passed a limit of two";
  } catch (const fray::Error& e) {
    EXPECT_NE(std::string(e.what()).find("swarm of flies: splits"), std::string::npos);
  }
}

TEST(States, ThreadsAgreeOnEveryNumber) {
  const fray::fight::States<Bodies> s(Bodies{});
  std::vector<std::vector<std::uint32_t>> seen(4);
  std::vector<std::thread> pool;
  for (std::size_t t = 0; t < seen.size(); ++t)
    pool.emplace_back([&, t] {
      for (std::int64_t v = 0; v < 500; ++v)
        seen[t].push_back(s.id(Bodies{(v * 7 + static_cast<std::int64_t>(t)) % 500}));
    });
  for (auto& th : pool) th.join();
  EXPECT_EQ(s.size(), 501u);
  for (std::size_t t = 0; t < seen.size(); ++t)
    for (std::size_t v = 0; v < 500; ++v)
      EXPECT_EQ(s.at(seen[t][v]), (Bodies{static_cast<std::int64_t>((v * 7 + t) % 500)}));
}

// A value with key(), as the rulesets' fight states are (a std::tie of
// their fields), and one with neither key() nor std::hash, which the table
// numbers through its ordered index instead.
struct Keyed {
  std::int32_t blades = 0;
  bool casting = false;
  std::vector<std::int32_t> bodies{};
  [[nodiscard]] auto key() const noexcept { return std::tie(blades, casting, bodies); }
  friend bool operator<(const Keyed& x, const Keyed& y) noexcept { return x.key() < y.key(); }
  friend bool operator==(const Keyed& x, const Keyed& y) noexcept { return x.key() == y.key(); }
};
struct Plain {
  std::int64_t hp = 0;
  friend bool operator<(const Plain& x, const Plain& y) noexcept { return x.hp < y.hp; }
  friend bool operator==(const Plain& x, const Plain& y) noexcept { return x.hp == y.hp; }
};

TEST(States, WhichTypesAreHashed) {
  EXPECT_TRUE(fray::fight::state_hashable<float>);
  EXPECT_TRUE(fray::fight::state_hashable<Bodies>);
  EXPECT_TRUE(fray::fight::state_hashable<Keyed>);
  EXPECT_FALSE(fray::fight::state_hashable<Plain>);
  EXPECT_FALSE(fray::fight::state_hashable<std::vector<Plain>>);
  // Equal values hash alike; the fields all count.
  EXPECT_EQ(fray::fight::state_hash(Keyed{3, true, {1, 2}}), fray::fight::state_hash(Keyed{3, true, {1, 2}}));
  EXPECT_NE(fray::fight::state_hash(Keyed{3, true, {1, 2}}), fray::fight::state_hash(Keyed{3, false, {1, 2}}));
  EXPECT_NE(fray::fight::state_hash(Bodies{1, 2}), fray::fight::state_hash(Bodies{2, 1}));
}

// Numbers follow first use on one thread through many copies of the hash
// index (it doubles from 16 slots), and the values stay where they were.
TEST(States, ManyValuesKeepTheirNumbersAndPlaces) {
  const fray::fight::States<Keyed> s(Keyed{});
  const Keyed* first = &s.at(0);
  for (std::int32_t v = 1; v < 5000; ++v) EXPECT_EQ(s.id(Keyed{v, v % 2 == 0, {v % 7}}), static_cast<std::uint32_t>(v));
  for (std::int32_t v = 1; v < 5000; ++v) {
    EXPECT_EQ(s.id(Keyed{v, v % 2 == 0, {v % 7}}), static_cast<std::uint32_t>(v));
    EXPECT_EQ(s.at(static_cast<std::uint32_t>(v)).blades, v);
  }
  EXPECT_EQ(&s.at(0), first);
  EXPECT_EQ(s.size(), 5000u);
  EXPECT_THROW((void)s.at(5000), fray::Error);
  // The ordered index numbers the same way.
  const fray::fight::States<Plain> p(Plain{7});
  EXPECT_EQ(p.id(Plain{3}), 1u);
  EXPECT_EQ(p.id(Plain{7}), 0u);
  EXPECT_EQ(p.id(Plain{3}), 1u);
  EXPECT_EQ(p.at(1).hp, 3);
}

// Threads numbering and reading at once (the lock-free reads racing the
// numbering of new values, and the index's copies): every number stands for
// one value, every value has one number.
TEST(States, ThreadsNumberingAtOnceAgree) {
  const fray::fight::States<Keyed> s(Keyed{});
  constexpr int kThreads = 4;
  std::vector<std::map<std::int32_t, std::uint32_t>> seen(kThreads);
  std::vector<std::thread> pool;
  for (int t = 0; t < kThreads; ++t)
    pool.emplace_back([&, t] {
      for (std::int32_t round = 0; round < 3; ++round)
        for (std::int32_t v = 0; v < 3000; ++v) {
          const std::int32_t x = (v * 13 + t * 101) % 3000;
          const std::uint32_t n = s.id(Keyed{x, false, {x}});
          if (s.at(n).blades != x) ADD_FAILURE() << "number " << n << " read back wrong";
          auto [it, fresh] = seen[static_cast<std::size_t>(t)].emplace(x, n);
          if (!fresh && it->second != n) ADD_FAILURE() << "value " << x << " numbered twice";
        }
    });
  for (auto& th : pool) th.join();
  EXPECT_EQ(s.size(), 3001u);
  for (int t = 1; t < kThreads; ++t) EXPECT_EQ(seen[static_cast<std::size_t>(t)], seen[0]);
}

}  // namespace

namespace scratch {

using Table = fray::fight::States<std::int64_t>;  // trivially copyable: the ring of bytes
using Rich = fray::fight::States<Bodies>;         // a ring of values

TEST(States, ScratchNumbersReadBackTheirValuesAndLeaveTheTableAsItWas) {
  const Table t(0);
  const std::uint32_t a = t.scratch(41), b = t.scratch(42);
  EXPECT_TRUE(Table::is_scratch(a));
  EXPECT_NE(a, b);
  EXPECT_EQ(t.at(a), 41);
  EXPECT_EQ(t.at(b), 42);
  EXPECT_EQ(t.size(), 1u);  // only the start
  EXPECT_FALSE(Table::is_scratch(t.id(41)));
  const Rich r(Bodies{80});
  const std::uint32_t c = r.scratch(Bodies{40, 39});
  EXPECT_EQ(r.at(c), (Bodies{40, 39}));
  EXPECT_EQ(r.size(), 1u);
}

TEST(States, AScratchNumberLastsHalfARingAndIsRefusedOnceItsSlotIsTaken) {
  const Table t(0);
  const std::uint32_t first = t.scratch(7);
  for (std::uint32_t i = 1; i < Table::kScratchSlots / 2; ++i) (void)t.scratch(100 + i);
  EXPECT_TRUE(Table::lasting(first));
  (void)t.scratch(1);
  EXPECT_FALSE(Table::lasting(first));  // a side holding it takes a new number
  EXPECT_EQ(t.at(first), 7);            // which it still reads
  for (std::uint32_t i = 0; i < Table::kScratchSlots; ++i) (void)t.scratch(-1);
  try {
    (void)t.at(first);
    FAIL() << "a scratch number read after its slot was reused";
  } catch (const fray::Error& e) {
    EXPECT_NE(std::string(e.what()).find("sampled fight state"), std::string::npos);
  }
  EXPECT_TRUE(Table::lasting(0));  // a table's number always lasts
}

TEST(States, AScratchNumberIsRefusedOnAnotherThread) {
  const Table t(0);
  const std::uint32_t n = t.scratch(5);
  bool refused = false;
  std::thread([&] {
    try {
      (void)t.at(n);
    } catch (const fray::Error&) {
      refused = true;
    }
  }).join();
  EXPECT_TRUE(refused);
}

}  // namespace scratch
