#include <fray/fight/model.hpp>

#include "kernels.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

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

TEST(Schedule, OneSidedForTurnsToKill) {
  Schedule s(1.5);
  EXPECT_EQ(order(s, 5), "aaaaa");
  Schedule t(1.5);
  (void)t.next();
  EXPECT_EQ(t.next().nth, 1u);
  EXPECT_THROW(Schedule(0.0), Error);
}

TEST(Schedule, RandomTimesFollowTheDrawnClock) {
  // a takes 1 or 3 turns, b always 2: a's second attack starts at 1 or 3.
  const Fighter a{"a", 5, 2, 0, {{1, 0.5}, {3, 0.5}}}, b{"b", 5, 2, 0};
  Rng rng(11);
  int a_second = 0;
  for (int i = 0; i < 2000; ++i) {
    Schedule s(a, b);
    const auto t0 = s.next(rng), t1 = s.next(rng), t2 = s.next(rng);
    EXPECT_EQ(t0.who, Who::a);  // both start at 0: a's tie
    ASSERT_TRUE(t0.end == 1 || t0.end == 3) << t0.end;
    EXPECT_EQ(t1.who, Who::b);
    EXPECT_DOUBLE_EQ(t1.end, 2);
    // At 1 a goes before b's second attack (at 2); at 3 after it.
    EXPECT_EQ(t2.who, t0.end == 1 ? Who::a : Who::b);
    a_second += t2.who == Who::a;
  }
  EXPECT_NEAR(a_second / 2000.0, 0.5, 4.5 * std::sqrt(0.25 / 2000));
  // Fixed times give the same turns as the plain schedule, without an engine.
  Schedule fixed(b, b);
  EXPECT_EQ(fixed.next().end, 2.0);
  Schedule drawn(a, b);
  EXPECT_THROW((void)drawn.next(), Error);
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
  EXPECT_NEAR(s.p_hit, 0.6, 1e-15);
  EXPECT_NEAR(s.damage_per_hit, 2.5, 1e-15);
  EXPECT_NEAR(s.damage_per_attack, 1.5, 1e-15);
  EXPECT_NEAR(s.damage_per_time, 1.0, 1e-15);
}

// Armour that absorbs a whole hit: the attack landed, for 0 damage.
class AbsorbedKernel final : public test::ListKernel {
 public:
  std::vector<Transition> list(Side a, Side d) const override {
    return {{0.25, 0, a.state, d.state, false},  // a miss
            {0.25, 0, a.state, d.state, true},   // a hit the armour took whole
            {0.5, 4, a.state, d.state, true}};
  }
};

TEST(AttackStats, AnAbsorbedHitIsAHit) {
  const AbsorbedKernel k;
  const AttackStats s = attack_stats(k, {10, 0}, {10, 0}, 2);
  EXPECT_DOUBLE_EQ(s.p_hit, 0.75);
  EXPECT_DOUBLE_EQ(s.damage_per_hit, 2.0 / 0.75);
  EXPECT_DOUBLE_EQ(s.damage_per_attack, 2.0);
  EXPECT_DOUBLE_EQ(s.damage_per_time, 1.0);
  // Unset, a hit is damage > 0.
  EXPECT_FALSE((Transition{1, 0, 0, 0}).landed());
  EXPECT_TRUE((Transition{1, 3, 0, 0}).landed());
}

TEST(RandomTime, DrawsFollowTheProbabilities) {
  Fighter f{"crawler", 10, 11.25, 0, {{11, 0.75}, {12, 0.25}}};
  EXPECT_TRUE(random_time(f));
  EXPECT_NO_THROW(check_fighter(f, "attacker"));
  Rng rng(3);
  int twelve = 0;
  for (int i = 0; i < 40000; ++i) {
    const double t = draw_time(f, rng);
    ASSERT_TRUE(t == 11 || t == 12) << t;
    twelve += t == 12;
  }
  EXPECT_NEAR(twelve / 40000.0, 0.25, 4.5 * std::sqrt(0.25 * 0.75 / 40000));
  EXPECT_FALSE(random_time(Fighter{"fixed", 10, 12, 0, {{12, 1.0}}}));
  EXPECT_DOUBLE_EQ(draw_time(Fighter{"fixed", 10, 12, 0}, rng), 12.0);
}

TEST(RandomTime, BadTimesAreErrors) {
  auto bad = [](std::vector<std::pair<double, double>> times, double mean) {
    return Fighter{"x", 10, mean, 0, std::move(times)};
  };
  EXPECT_THROW(check_fighter(bad({{11, 0.5}, {12, 0.4}}, 11.5), "attacker"), Error);   // sums to 0.9
  EXPECT_THROW(check_fighter(bad({{0, 0.5}, {12, 0.5}}, 6), "attacker"), Error);       // a time of 0
  EXPECT_THROW(check_fighter(bad({{11, -0.5}, {12, 1.5}}, 12.5), "attacker"), Error);  // negative p
  EXPECT_THROW(check_fighter(bad({{11, 0.5}, {12, 0.5}}, 12), "attacker"), Error);     // mean is 11.5
  try {
    check_fighter(bad({{11, 0.5}, {12, 0.5}}, 12), "side a");
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "side a (x): attack time 12 is not the mean 11.5 of its random attack times");
  }
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
