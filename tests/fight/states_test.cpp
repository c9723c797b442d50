#include <fray/core/error.hpp>
#include <fray/fight/states.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <thread>
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

}  // namespace
