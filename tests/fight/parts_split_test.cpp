// The split part (fray/fight/parts/split.hpp): on a toy turn, exact against
// sampled and against values worked by hand; and each game's parameters
// against its own rule (Pixel Dungeon's and Shattered's Swarm.defenseProc,
// Brogue's splitMonster), worked by hand from the games' code.
#include <fray/core/pmf.hpp>
#include <fray/core/rng.hpp>
#include <fray/fight/parts/split.hpp>
#include <fray/fight/turn.hpp>
#include <fray/rules/brogue/catalog.hpp>
#include <fray/rules/pixel_dungeon/catalog.hpp>

#include "rules/brogue/parts.hpp"
#include "rules/brogue/turn.hpp"
#include "rules/pixel_dungeon/fight.hpp"
#include "rules/pixel_dungeon/parts.hpp"
#include "rules/shattered_pd/turn.hpp"
#include "support/support.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <numeric>
#include <vector>

namespace {

namespace parts = fray::fight::parts;
using fray::fight::Enumerate;
using fray::fight::Sample;

// --- the toy turn ---------------------------------------------------------------------------

// A toy foe's move on a side of bodies (Pixel Dungeon's rule): a hit with
// chance 1/2 deals 1, 2 or 3 to the weakest body.
struct Damage {
  using value_type = std::int64_t;
  [[nodiscard]] std::size_t size() const { return 3; }
  [[nodiscard]] fray::fight::Branch<std::int64_t> at(std::size_t i) const {
    return {static_cast<std::int64_t>(i) + 1, 1.0 / 3};
  }
  std::int64_t sample(fray::Rng& rng, std::vector<fray::Draw>*) const { return rng.uniform(1, 3); }
};
constexpr parts::Split kToy{};

// The toy move: the hit's damage both splits and is dealt.
template <class R>
std::int64_t hit_once(R& r, std::vector<std::int64_t>& bodies) {
  if (bodies.empty() || !r.chance(0.5, "to-hit")) return 0;
  const std::int64_t d = r.draw(Damage{});
  return parts::split_hit(kToy, bodies, d, d);
}

TEST(Split, OneToyHitIsTheSplitWorkedByHand) {
  // A body of 6: a miss (1/2) leaves it; d = 1: 5 left, the clone 2, the
  // body 3; d = 2: 4 left, 2 and 2; d = 3: 3 left, 1 and 2. The side loses d.
  std::map<std::vector<std::int64_t>, double> after;
  Enumerate::each(
      [](Enumerate& r) {
        std::vector<std::int64_t> b{6};
        const std::int64_t lost = hit_once(r, b);
        EXPECT_EQ(std::accumulate(b.begin(), b.end(), std::int64_t{0}), 6 - lost);
        return b;
      },
      [&](double p, std::vector<std::int64_t> b) { after[b] += p; });
  const std::map<std::vector<std::int64_t>, double> want{
      {{6}, 0.5}, {{2, 3}, 1.0 / 6}, {{2, 2}, 1.0 / 6}, {{1, 2}, 1.0 / 6}};
  ASSERT_EQ(after.size(), want.size());
  for (const auto& [b, p] : want) EXPECT_NEAR(after.at(b), p, 1e-15);
}

TEST(Split, FourToyHitsExactAndSampledAgree) {
  // The number of bodies left after four moves on a body of 12.
  const auto four = [](auto& r) {
    std::vector<std::int64_t> b{12};
    for (int i = 0; i < 4; ++i) (void)hit_once(r, b);
    return static_cast<std::int64_t>(b.size()) * 100 + std::accumulate(b.begin(), b.end(), std::int64_t{0});
  };
  std::map<std::int64_t, double> exact;
  Enumerate::each([&](Enumerate& r) { return four(r); }, [&](double p, std::int64_t v) { exact[v] += p; });
  fray::Rng rng(11);
  std::map<std::int64_t, std::uint64_t> counts;
  for (int i = 0; i < 40000; ++i) {
    Sample r(rng);
    ++counts[four(r)];
  }
  EXPECT_GT(fray::test::chi_square_p(fray::Pmf::from_map(exact), counts), 1e-3);
}

// --- Pixel Dungeon ----------------------------------------------------------------------------

namespace pd = fray::pixel_dungeon;

TEST(Split, PixelDungeonSwarmSplitsAsSwarmDefenseProc) {
  // The full swarm of 80 hit for 10: the clone takes 70 / 2 = 35, the fly 35.
  auto [lost, after] = pd::hit_fly_group({80}, 10, false);
  EXPECT_EQ(lost, 10);
  EXPECT_EQ(after, (pd::FlyGroup{35, 35}));
  // A fly of 3 hit for 2 keeps 1 (no clone: 3 < 2 + 2); one of 2 hit for 5 dies.
  std::tie(lost, after) = pd::hit_fly_group({3, 9}, 2, false);
  EXPECT_EQ(lost, 2);
  EXPECT_EQ(after, (pd::FlyGroup{1, 9}));
  std::tie(lost, after) = pd::hit_fly_group({2}, 5, false);
  EXPECT_EQ(lost, 2);
  EXPECT_TRUE(after.empty());
  // A hit of 0 still splits: 7 → 3 and 4.
  std::tie(lost, after) = pd::hit_fly_group({7}, 0, false);
  EXPECT_EQ(lost, 0);
  EXPECT_EQ(after, (pd::FlyGroup{3, 4}));
  // In a corridor: the front fly, alone, splits with its clone behind it
  // (9 hit for 2: 4 in front, 3 behind); not alone, it does not.
  std::tie(lost, after) = pd::hit_fly_group({9}, 2, true);
  EXPECT_EQ(after, (pd::FlyGroup{4, 3}));
  std::tie(lost, after) = pd::hit_fly_group({4, 3}, 1, true);
  EXPECT_EQ(lost, 1);
  EXPECT_EQ(after, (pd::FlyGroup{3, 3}));
  EXPECT_EQ(parts::split_attackers(pd::kSwarmSplit, std::vector<std::int64_t>(12, 1)), 8u);
  EXPECT_EQ(parts::split_attackers(pd::kSwarmSplitInLine, std::vector<std::int64_t>(12, 1)), 1u);
}

// --- Shattered Pixel Dungeon ------------------------------------------------------------------

namespace spd = fray::shattered_pd;

TEST(Split, ShatteredSwarmSplitsOnThePassedDamageAndItsClonesWait) {
  // A fly of 20, the hero passing 4 and dealing 5 (Vulnerable): the clone
  // takes (20 - 4) / 2 = 8 and waits; the fly keeps 12, less 5: 7.
  const spd::Split s = spd::hit_group({spd::Fly{20, false}}, 4, 5);
  EXPECT_EQ(s.lost, 5);
  EXPECT_EQ(s.group, (spd::Group{{7, false}, {8, true}}));
  EXPECT_EQ(spd::attackers(s.group), 1);
  EXPECT_EQ(spd::attackers(spd::after_turn(s.group)), 2);
  // A fresh fly hit without a split (3 < 2 + 2) stays fresh, with 1 HP left.
  const spd::Split t = spd::hit_group({spd::Fly{3, true}, spd::Fly{8, false}}, 2, 2);
  EXPECT_EQ(t.lost, 2);
  EXPECT_EQ(t.group, (spd::Group{{1, true}, {8, false}}));
}

// --- Brogue CE ------------------------------------------------------------------------------

namespace brogue = fray::brogue;

TEST(Split, BrogueJellySplitsAsSplitMonster) {
  // A pink jelly of 50 hit for 3: 47 left, each half (47 + 1) / 2 = 24; the
  // side's HP goes from 50 to 48.
  auto b = brogue::turns::split({50}, 3);
  EXPECT_EQ(b, (std::vector<std::int32_t>{24, 24}));
  // 10 hit for 9: 1 left, two bodies of 1; hit for 10, it dies.
  EXPECT_EQ(brogue::turns::split({10, 12}, 9), (std::vector<std::int32_t>{1, 1, 12}));
  EXPECT_TRUE(brogue::turns::split({10}, 10).empty());
  // With 100 others of its kind no clone: 101 bodies of 5, the first hit for 1, keeps 4.
  std::vector<std::int32_t> many(101, 5);
  b = brogue::turns::split(many, 1);
  ASSERT_EQ(b.size(), 101u);
  EXPECT_EQ(b.front(), 4);
  // With 99 others it splits: 100 bodies, the first hit for 1: 4 left, 2 and 2.
  b = brogue::turns::split(std::vector<std::int32_t>(100, 5), 1);
  ASSERT_EQ(b.size(), 101u);
  EXPECT_EQ(b[0], 2);
  EXPECT_EQ(b[1], 2);
}

TEST(Split, RowsNameTheirParts) {
  pd::Mob swarm;
  swarm.key = "swarm_of_flies";
  swarm.splits = true;
  const auto uses = pd::part_uses(swarm);
  ASSERT_EQ(uses.size(), 1u);
  EXPECT_EQ(uses[0].part, "split");
  EXPECT_EQ(uses[0].params.at(0), (std::pair<std::string, double>{"min_left", 2}));
  EXPECT_EQ(uses[0].params.at(2), (std::pair<std::string, double>{"max_others", -1}));
  brogue::Monster jelly;
  jelly.ability_flags = {"MA_CLONE_SELF_ON_DEFEND"};
  const auto j = brogue::part_uses(jelly);
  ASSERT_EQ(j.size(), 1u);
  EXPECT_EQ(j[0].params.at(1), (std::pair<std::string, double>{"halves", 1}));
  EXPECT_EQ(j[0].params.at(2), (std::pair<std::string, double>{"max_others", 100}));
}

}  // namespace
