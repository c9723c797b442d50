// The damage-over-time part (fray/fight/parts/damage_over_time.hpp): on a toy
// turn, exact against sampled and against values worked by hand; and each
// game's parameters against the game's own rules (Poison.act, Bleeding.act,
// Ooze.act, Brogue's addPoison and decrementMonsterStatus), worked by hand
// from the games' code.
#include <fray/core/pmf.hpp>
#include <fray/core/rng.hpp>
#include <fray/fight/parts/damage_over_time.hpp>
#include <fray/fight/turn.hpp>
#include <fray/rules/brogue/catalog.hpp>
#include <fray/rules/pixel_dungeon/catalog.hpp>
#include <fray/rules/shattered_pd/attack.hpp>

#include "rules/brogue/parts.hpp"
#include "rules/pixel_dungeon/parts.hpp"
#include "rules/pixel_dungeon/turn.hpp"
#include "rules/shattered_pd/turn.hpp"
#include "support/support.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <utility>
#include <vector>

namespace {

namespace parts = fray::fight::parts;
using fray::fight::Enumerate;
using fray::fight::Sample;
using parts::DotState;

// The exact law of f(reader) → int64, by the exact reader.
template <class F>
std::map<std::int64_t, double> exact_law(F f) {
  std::map<std::int64_t, double> m;
  Enumerate::each([&](Enumerate& r) { return f(r); }, [&](double p, std::int64_t v) { m[v] += p; });
  return m;
}

// --- the toy turn ---------------------------------------------------------------------------

// A toy poison: 1 in 3 hits poison for Uniform(2, 4) turns, the longer
// staying; a tick deals left / 3 + 1 at the end of the attacker's move.
constexpr parts::DamageOverTime kToy{.name = "poison",
                                     .chance = 3,
                                     .dose = parts::DotDose::roll,
                                     .dose_lo = 2,
                                     .dose_hi = 4,
                                     .stack = parts::DotStack::longer,
                                     .damage = parts::DotDamage::third_left};

// The toy's move: a hit with chance 0.6 deals Uniform(1, 3) and may poison;
// the tick follows, whether it hit or not. Returns the move's damage.
template <class R>
std::int64_t toy_move(R& r, DotState<>& s) {
  std::int64_t dmg = 0;
  if (r.chance(0.6, "to-hit")) {
    dmg = r.draw(parts::PlainDotDraws::Uniform{1, 3, "damage"});
    dmg = parts::dot_hit(r, parts::PlainDotDraws{}, kToy, s, dmg);
  }
  return dmg + parts::dot_tick(r, parts::PlainDotDraws{}, kToy, s);
}

TEST(DamageOverTime, OneToyMoveIsTheLawWorkedByHand) {
  // A miss 0.4; a hit d = 1..3 (0.2 each); a poison on 1 in 3 hits of k = 2..4
  // turns, its tick k / 3 + 1: 1 for k = 2, 2 for k = 3 or 4.
  const auto m = exact_law([](Enumerate& r) {
    DotState<> s;
    return toy_move(r, s);
  });
  const double n = 0.2 * 2 / 3, t1 = 0.2 / 9, t2 = 0.2 * 2 / 9;
  const std::map<std::int64_t, double> want{{0, 0.4}, {1, n}, {2, n + t1}, {3, n + t1 + t2}, {4, t1 + t2}, {5, t2}};
  ASSERT_EQ(m.size(), want.size());
  for (const auto& [v, p] : want) EXPECT_NEAR(m.at(v), p, 1e-15) << v;
}

TEST(DamageOverTime, ThreeToyMovesExactAndSampledAgree) {
  const auto three = [](auto& r) {
    DotState<> s;
    std::int64_t total = 0;
    for (int i = 0; i < 3; ++i) total += toy_move(r, s);
    return total;
  };
  const auto exact = exact_law([&](Enumerate& r) { return three(r); });
  const fray::Pmf law = fray::Pmf::from_map(exact);
  fray::Rng rng(20261127);
  std::map<std::int64_t, std::uint64_t> counts;
  constexpr int kRuns = 40000;
  for (int i = 0; i < kRuns; ++i) {
    Sample r(rng);
    ++counts[three(r)];
  }
  EXPECT_GT(fray::test::chi_square_p(law, counts), 1e-3);
  // The longest poison stays: a state of 4 turns is not shortened by a dose of 2.
  DotState<> s{.left = 4};
  parts::DamageOverTime always = kToy;
  always.chance = 1;
  always.dose_lo = always.dose_hi = 2;
  Sample r(rng);
  (void)parts::dot_hit(r, parts::PlainDotDraws{}, always, s, 1);
  EXPECT_EQ(s.left, 4);
  always.stack = parts::DotStack::replace;
  (void)parts::dot_hit(r, parts::PlainDotDraws{}, always, s, 1);
  EXPECT_EQ(s.left, 2);
}

// --- Pixel Dungeon ----------------------------------------------------------------------------

namespace pd = fray::pixel_dungeon;

TEST(DamageOverTime, PixelDungeonPoisonActsAThirdOfItsTurnsPlusOne) {
  // Poison.act from 8 turns: 8/3+1, 7/3+1, ... = 3 3 3 2 2 2 1 1, 17 in all.
  DotState<> s{.left = 8};
  std::vector<std::int64_t> ticks;
  Enumerate::each(
      [&](Enumerate& r) {
        while (s.active()) ticks.push_back(parts::dot_tick(r, pd::PdDotDraws{}, pd::kSpinnerPoison, s));
        return 0;
      },
      [](double, int) {});
  EXPECT_EQ(ticks, (std::vector<std::int64_t>{3, 3, 3, 2, 2, 2, 1, 1}));
  EXPECT_EQ(s, DotState<>{});
  // A mob that resists poison takes IntRange(0, dmg) of a tick (Char.damage):
  // from 4 turns, 4/3+1 = 2, so 0, 1 or 2 each 1/3.
  const auto m = exact_law([](Enumerate& r) {
    DotState<> x{.left = 4};
    return parts::dot_tick(r, pd::PdDotDraws{}, pd::kSpinnerPoison, x, true);
  });
  ASSERT_EQ(m.size(), 3u);
  for (std::int64_t v = 0; v <= 2; ++v) EXPECT_NEAR(m.at(v), 1.0 / 3, 1e-15);
}

TEST(DamageOverTime, PixelDungeonSpinnerPoisonsHalfItsHitsForSevenOrEightTurns) {
  // Spinner.attackProc: Random.Int(2) == 0, then Poison.set(Random.Int(7, 9)),
  // replacing the 20 turns there.
  std::map<std::int32_t, double> left;
  Enumerate::each(
      [](Enumerate& r) {
        DotState<> s{.left = 20};
        (void)parts::dot_hit(r, pd::PdDotDraws{}, pd::kSpinnerPoison, s, 5);
        return s.left;
      },
      [&](double p, std::int32_t l) { left[l] += p; });
  const std::map<std::int32_t, double> want{{20, 0.5}, {7, 0.25}, {8, 0.25}};
  EXPECT_EQ(left.size(), want.size());
  for (const auto& [l, p] : want) EXPECT_NEAR(left[l], p, 1e-15) << l;
  // The game's own calls, in its order, with their labels.
  fray::Rng rng(7);
  std::vector<fray::Draw> trace;
  for (int i = 0; i < 8 && trace.size() < 2; ++i) {
    trace.clear();
    Sample r(rng, &trace);
    DotState<> s;
    (void)parts::dot_hit(r, pd::PdDotDraws{}, pd::kSpinnerPoison, s, 5);
  }
  ASSERT_EQ(trace.size(), 2u);
  EXPECT_EQ(trace[0].label, "Spinner.attackProc");
  EXPECT_EQ(trace[0].call, "Random.Int(2)");
  EXPECT_EQ(trace[1].label, "Poison.set");
  EXPECT_EQ(trace[1].call, "Random.Int(7, 9)");
}

TEST(DamageOverTime, PixelDungeonBleedingDrawsItsLevelBetweenItsHalfAndItself) {
  // Albino.attackProc: the level is the damage, at most 255 in fray.
  Enumerate::each(
      [](Enumerate& r) {
        DotState<> s;
        (void)parts::dot_hit(r, pd::PdDotDraws{}, pd::kAlbinoBleeding, s, 300);
        return s.level;
      },
      [](double p, std::int32_t level) { EXPECT_TRUE((level == 255 && p == 0.5) || (level == 0 && p == 0.5)); });
  // Bleeding.act from 3: Random.Int(1, 3) is 1 or 2; from 2, Random.Int(1, 2)
  // is 1; from 1, Random.Int(0, 1) is 0 and it ends. So 1 (then 0), or 2, 1
  // (then 0): 1 or 3 in all, each 1/2.
  const auto m = exact_law([](Enumerate& r) {
    DotState<> s{.level = 3};
    std::int64_t total = 0;
    while (s.active()) total += parts::dot_tick(r, pd::PdDotDraws{}, pd::kAlbinoBleeding, s);
    return total;
  });
  ASSERT_EQ(m.size(), 2u);
  EXPECT_NEAR(m.at(1), 0.5, 1e-15);
  EXPECT_NEAR(m.at(3), 0.5, 1e-15);
  // The same through the game's step (affliction_tick, which the turn uses).
  double p3 = 0;
  for (const auto& st : pd::affliction_tick(pd::Affliction::bleeding, 3)) {
    EXPECT_TRUE(st.damage == st.level);
    if (st.level == 2) p3 += st.p;
  }
  EXPECT_NEAR(p3, 0.5, 1e-15);
}

TEST(DamageOverTime, PixelDungeonRowsNameTheirParts) {
  pd::Mob spinner;
  spinner.key = "cave_spinner";
  const auto uses = pd::part_uses(spinner);
  ASSERT_EQ(uses.size(), 1u);
  EXPECT_EQ(uses[0].part, "poison");
  EXPECT_EQ(uses[0].params.at(1), (std::pair<std::string, double>{"chance", 2}));
  EXPECT_EQ(uses[0].params.at(3), (std::pair<std::string, double>{"dose_lo", 7}));
  EXPECT_EQ(uses[0].params.at(4), (std::pair<std::string, double>{"dose_hi", 8}));
  pd::Mob rat;
  rat.key = "rat";
  EXPECT_TRUE(pd::part_uses(rat).empty());
}

// --- Shattered Pixel Dungeon ------------------------------------------------------------------

namespace spd = fray::shattered_pd;

TEST(DamageOverTime, ShatteredOozeDealsItsDepthsDamageForTwentyTurns) {
  // Goo on depth 5: Ooze.set 20 turns on 1 in 3 hits, 1 a tick, no coin.
  const auto goo = spd::dot_of(spd::parse_combatant("goo", "attacker"), spd::Situation{});
  ASSERT_EQ(goo.kind, spd::Dot::Kind::ooze);
  const auto m = exact_law([&](Enumerate& r) {
    spd::SideState s;
    spd::dot_attach(r, goo, s, 3);
    std::int64_t total = 0;
    while (s.dot > 0) total += spd::dot_tick(r, goo, s);
    return total;
  });
  ASSERT_EQ(m.size(), 2u);
  EXPECT_NEAR(m.at(0), 2.0 / 3, 1e-15);
  EXPECT_NEAR(m.at(20), 1.0 / 3, 1e-15);
  // Ascending (depth 26): 1 + 26 / 5 = 6 a tick.
  spd::Situation up;
  up.ascension = true;
  EXPECT_EQ(spd::dot_of(spd::parse_combatant("goo", "attacker"), up).part.tick_damage, 6);
  // A sewer mob (depth 4): 1 on Random.Int(2) == 0 only: 10 ticks deal Binomial(10, 1/2).
  const auto slime = spd::dot_of(spd::parse_combatant("caustic_slime", "attacker"), spd::Situation{});
  ASSERT_TRUE(slime.part.coin);
  const auto b = exact_law([&](Enumerate& r) {
    DotState<> s{.left = 10};
    std::int64_t total = 0;
    while (s.active()) total += parts::dot_tick(r, spd::SpdDotDraws{}, slime.part, s);
    return total;
  });
  double choose = 1;
  for (std::int64_t k = 0; k <= 10; ++k) {
    EXPECT_NEAR(b.at(k), choose / 1024, 1e-15) << k;
    choose = choose * static_cast<double>(10 - k) / static_cast<double>(k + 1);
  }
}

TEST(DamageOverTime, ShatteredSpinnerPoisonScalesWithAscension) {
  // Ascending, the spinner's factor 2 makes the turns IntRange(7, 8) × 1.5,
  // rounded: 11 (10.5 rounds up) or 12, on half its hits; Poison.set keeps
  // the longer of them and the 11 there: 12 with 1/4, else 11.
  spd::Situation up;
  up.ascension = true;
  const auto spinner = spd::dot_of(spd::parse_combatant("cave_spinner", "attacker"), up);
  ASSERT_EQ(spinner.kind, spd::Dot::Kind::poison);
  std::map<std::int16_t, double> left;
  Enumerate::each(
      [&](Enumerate& r) {
        spd::SideState s;
        s.dot = 11;
        spd::dot_attach(r, spinner, s, 4);
        return s.dot;
      },
      [&](double p, std::int16_t l) { left[l] += p; });
  ASSERT_EQ(left.size(), 2u);
  EXPECT_NEAR(left[11], 0.75, 1e-15);
  EXPECT_NEAR(left[12], 0.25, 1e-15);
}

TEST(DamageOverTime, ShatteredBleedingIsSampledOnly) {
  const auto albino = spd::dot_of(spd::parse_combatant("albino_rat", "attacker"), spd::Situation{});
  ASSERT_EQ(albino.kind, spd::Dot::Kind::bleeding);
  // The exact reader draws nothing for it (the fight refuses exactness).
  Enumerate::each(
      [&](Enumerate& r) {
        spd::SideState s;
        spd::dot_attach(r, albino, s, 3);
        return s.bleed;
      },
      [](double p, float bleed) {
        EXPECT_EQ(p, 1.0);
        EXPECT_EQ(bleed, 0.0f);
      });
  // Sampled: a level in [2, 3] on half the hits dealing damage; none on a hit of 0.
  fray::Rng rng(3);
  int bled = 0;
  for (int i = 0; i < 2000; ++i) {
    Sample r(rng);
    spd::SideState s;
    spd::dot_attach(r, albino, s, i % 2);
    if (i % 2 == 0) {
      EXPECT_EQ(s.bleed, 0.0f);
    }
    if (s.bleed > 0) {
      ++bled;
      EXPECT_GE(s.bleed, 2.0f);
      EXPECT_LE(s.bleed, 3.0f);
      // Bleeding.act: the new level in [level / 2, level], round(level) dealt.
      const float before = s.bleed;
      const std::int64_t dmg = spd::dot_tick(r, albino, s);
      EXPECT_GE(s.bleed, before / 2);
      EXPECT_LE(s.bleed, before);
      EXPECT_EQ(dmg, parts::dot_round(s.bleed));
    }
  }
  EXPECT_NEAR(bled, 500, 80);
}

// --- Brogue CE ------------------------------------------------------------------------------

namespace brogue = fray::brogue;

TEST(DamageOverTime, BroguePoisonAddsItsDosesAndTicksOverTime) {
  parts::NoDraws r;
  const parts::PlainDotDraws d;
  DotState<> s;
  // A hit of 4 deals 1 and poisons 4 turns at 1 a tick; a hit of 3 adds 3
  // turns and one more a tick (addPoison(defender, damage, 1)).
  EXPECT_EQ(parts::dot_hit(r, d, brogue::kPoison, s, 4), 1);
  EXPECT_EQ(s, (DotState<>{.left = 4, .level = 1}));
  EXPECT_EQ(parts::dot_hit(r, d, brogue::kPoison, s, 3), 1);
  EXPECT_EQ(s, (DotState<>{.left = 7, .level = 2}));
  // A miss's 0 leaves it; a victim that takes no poison still takes the 1.
  EXPECT_EQ(parts::dot_hit(r, d, brogue::kPoison, s, 0), 0);
  EXPECT_EQ(parts::dot_hit(r, d, brogue::kPoison, s, 9, false), 1);
  EXPECT_EQ(s, (DotState<>{.left = 7, .level = 2}));
  // A poisoner attacking every 200 ticks of a monster's 100: two ticks of 2.
  EXPECT_EQ(parts::dot_ticks_over(brogue::kPoison, s, 200, 100), 4);
  EXPECT_EQ(s, (DotState<>{.left = 5, .level = 2}));
  // 150 ticks: one tick, 50 carried.
  EXPECT_EQ(parts::dot_ticks_over(brogue::kPoison, s, 150, 100), 2);
  EXPECT_EQ(s, (DotState<>{.left = 4, .level = 2, .clock = 50}));
  // At most the turns left; then it is gone, and a new dose starts afresh.
  EXPECT_EQ(parts::dot_ticks_over(brogue::kPoison, s, 1000, 100), 8);
  EXPECT_EQ(s, DotState<>{});
  EXPECT_EQ(parts::dot_hit(r, d, brogue::kPoison, s, 2), 1);
  EXPECT_EQ(s, (DotState<>{.left = 2, .level = 1}));
}

TEST(DamageOverTime, BrogueRowsNameTheirParts) {
  brogue::Monster spider;
  spider.poisons = true;
  const auto uses = brogue::part_uses(spider);
  ASSERT_EQ(uses.size(), 1u);
  EXPECT_EQ(uses[0].part, "poison");
  EXPECT_EQ(uses[0].params.at(7), (std::pair<std::string, double>{"level_per_dose", 1}));
  EXPECT_EQ(uses[0].params.at(8), (std::pair<std::string, double>{"hit_deals", 1}));
  EXPECT_TRUE(brogue::part_uses(brogue::Monster{}).empty());
}

}  // namespace
