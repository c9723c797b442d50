#include <fray/fight/model.hpp>

#include "kernels.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace fray::fight {
namespace {

std::string order(Schedule s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s.next().who == Who::a ? 'a' : 'b';
  return out;
}

TEST(Schedule, EqualTimesAlternateStartingWithTheTieWinner) {
  EXPECT_EQ(order(Schedule(1, 1, Who::a), 6), "ababab");
  EXPECT_EQ(order(Schedule(1, 1, Who::b), 6), "bababa");
}

TEST(Schedule, BroguePlayerAgainstAnOgre) {
  // Attack speed 100 against 200 ticks: two player attacks per ogre attack;
  // the starts at 0, 200, 400 tie and go to the side named first.
  EXPECT_EQ(order(Schedule(100, 200, Who::a), 9), "abaabaaba");
  EXPECT_EQ(order(Schedule(100, 200, Who::b), 9), "baabaabaa");
}

TEST(Schedule, NearlyEqualProductsTie) {
  // 5 * 1.2 is 6.000000000000001 in double; it must still tie with 6 * 1.0.
  // Starts: a 0,1.2,2.4,3.6,4.8,6.0  b 0,1,2,3,4,5,6 → at 0 and 6 a goes first.
  EXPECT_EQ(order(Schedule(1.2, 1.0, Who::a), 13), "abbababababab");
  EXPECT_EQ(order(Schedule(1.2, 1.0, Who::b), 13), "babababababba");
}

TEST(Schedule, CountsEachSidesAttacks) {
  Schedule s(2, 1, Who::a);
  const auto t0 = s.next(), t1 = s.next(), t2 = s.next(), t3 = s.next();
  EXPECT_EQ(t0.who, Who::a);
  EXPECT_EQ(t0.nth, 0u);
  EXPECT_EQ(t1.who, Who::b);
  EXPECT_EQ(t1.nth, 0u);
  EXPECT_EQ(t2.who, Who::b);
  EXPECT_EQ(t2.nth, 1u);
  EXPECT_EQ(t3.who, Who::a);
  EXPECT_EQ(t3.nth, 1u);
  EXPECT_DOUBLE_EQ(s.end_time(Who::a, 1), 4.0);
  EXPECT_DOUBLE_EQ(s.end_time(Who::b, 1), 2.0);
}

TEST(Schedule, RejectsBadTimes) {
  EXPECT_THROW(Schedule(0, 1), Error);
  EXPECT_THROW(Schedule(1, -2), Error);
  EXPECT_THROW(Schedule(std::numeric_limits<double>::infinity(), 1), Error);
  EXPECT_THROW(Schedule(std::numeric_limits<double>::quiet_NaN(), 1), Error);
}

TEST(WilsonInterval, KnownValues) {
  // 50 of 100 at 95 %: 0.4038 to 0.5962 (Wilson score interval).
  const Interval i = wilson_interval(50, 100);
  EXPECT_NEAR(i.lo, 0.403831, 1e-6);
  EXPECT_NEAR(i.hi, 0.596169, 1e-6);
  const Interval z = wilson_interval(0, 10);
  EXPECT_DOUBLE_EQ(z.lo, 0.0);
  EXPECT_NEAR(z.hi, 0.277533, 1e-6);
}

TEST(AttackStats, FightSimulatorColumns) {
  // 60 % to hit for 1..4: damage per hit 2.5, per attack 1.5, per 1.5 turns 1.0.
  const test::DiceKernel k(0.6, 1, 4);
  const AttackStats s = attack_stats(k, {10, 0}, {10, 0}, 1.5);
  EXPECT_NEAR(s.accuracy, 0.6, 1e-15);
  EXPECT_NEAR(s.damage_per_hit, 2.5, 1e-15);
  EXPECT_NEAR(s.damage_per_attack, 1.5, 1e-15);
  EXPECT_NEAR(s.damage_per_time, 1.0, 1e-15);
}

TEST(CheckBout, NamesTheBadSide) {
  auto k = std::make_shared<test::DiceKernel>(1, 1, 1);
  Bout b = test::make_bout(k, k, 5, 0);
  try {
    check_bout(b);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "side b (beta): hp must be at least 1, got 0");
  }
  b = test::make_bout(k, k, -3, 5);
  EXPECT_THROW(check_bout(b), Error);
  b = test::make_bout(k, k, 5, kMaxHp + 1);
  EXPECT_THROW(check_bout(b), Error);
  EXPECT_NO_THROW(check_fighter(Fighter{"x", kMaxHp, 1, 0}, "attacker"));
  b = test::make_bout(k, k, 5, 5, 0.0, 1);
  EXPECT_THROW(check_bout(b), Error);
  b = test::make_bout(k, nullptr, 5, 5);
  EXPECT_THROW(check_bout(b), Error);
}

}  // namespace
}  // namespace fray::fight
