// The Pixel Dungeon family's buff clocks (fray/rules/pixel_dungeon/clock.hpp),
// with worked values: the points fall where the period's multiples do.
#include <gtest/gtest.h>

#include <fray/core/error.hpp>
#include <fray/rules/pixel_dungeon/clock.hpp>
#include <vector>

namespace pd = fray::pixel_dungeon;

namespace {
std::vector<int> by_attack(const pd::RegenClock& c) {
  std::vector<int> out;
  for (std::uint32_t n = 0; n < c.cycle; ++n) out.push_back(c.at_attack(n));
  return out;
}
}  // namespace

TEST(PdClock, RegenerationEveryTenTurns) {
  // An attack a turn, a point every 10 turns: due at the end of the tenth attack.
  const pd::RegenClock c = pd::regeneration_clock(1.0, 0, 100);
  EXPECT_EQ(c.turn, 1);
  EXPECT_EQ(c.attack, 1);
  EXPECT_EQ(c.period, 10);
  EXPECT_EQ(c.cycle, 10u);
  EXPECT_EQ(by_attack(c), (std::vector<int>{0, 0, 0, 0, 0, 0, 0, 0, 0, 1}));
}

TEST(PdClock, RegenerationWithMending) {
  // Ring of Mending +1: a point every 10 / 1.2 = 25/3 turns; in thirds of a
  // turn an attack is 3 and the period 25, so 3 points in 25 attacks, at the
  // attacks whose end passes 25, 50 and 75.
  const pd::RegenClock c = pd::regeneration_clock(1.0, 1, 100);
  EXPECT_EQ(c.turn, 3);
  EXPECT_EQ(c.attack, 3);
  EXPECT_EQ(c.period, 25);
  ASSERT_EQ(c.cycle, 25u);
  std::vector<int> want(25, 0);
  want[8] = want[16] = want[24] = 1;
  EXPECT_EQ(by_attack(c), want);
  EXPECT_THROW((void)pd::regeneration_clock(1.0, 1, 24), fray::Error);  // repeats only after 25 attacks
  EXPECT_THROW((void)pd::regeneration_clock(1.0, 11, 100), fray::Error);
}

TEST(PdClock, TurnClockEveryTurn) {
  // Shattered Regeneration.act every turn, the hero attacking every 1.5 turns:
  // in half turns an attack is 3 and the period 2, so 1 then 2 acts.
  const pd::RegenClock c = pd::turn_clock(1.5, 1, 100, "hero regeneration");
  EXPECT_EQ(c.attack, 3);
  EXPECT_EQ(c.period, 2);
  EXPECT_EQ(by_attack(c), (std::vector<int>{1, 2}));
  // Pixel Dungeon Hunger.act every 12 turns (the rogue), an attack a turn.
  const pd::RegenClock h = pd::turn_clock(1.0, 12, 100, "hunger");
  EXPECT_EQ(h.cycle, 12u);
  EXPECT_EQ(h.at_attack(11), 1);
  EXPECT_EQ(h.points(0, 24), 2);
  EXPECT_THROW((void)pd::turn_clock(1.0, 0, 100, "hunger"), fray::Error);
}
