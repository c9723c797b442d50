// Poison on a monster, both DCSS versions alike: mon-ench.cc's ENCH_POISON
// (calc_duration, apply_enchantment, decay_enchantment, add_ench),
// monster::poison's 1 + amount/7 degrees and mon-util.cc
// monster_resists_this_poison, against hand-worked values; the shared fight
// kernel's round on a poisoned monster against laws built by hand from the
// attack's own odds; the sampled round and sampled duels against the exact
// ones at fixed seeds.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <fray/core/error.hpp>
#include <fray/fight/solve.hpp>
#include <fray/rules/crawl/catalog.hpp>
#include <fray/rules/crawl/poison.hpp>
#include <fray/rules/crawl/random.hpp>
#include <fray/rules/crawl/side.hpp>
#include <fray/rules/crawl_0_34/catalog.hpp>
#include <fray/rules/ruleset.hpp>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/crawl/duel_checks.hpp"
#include "support/support.hpp"

namespace fray::crawl {
namespace {

using crawl_test::has_line;
using crawl_test::kBoth;

// Side b's state poisoned so, numbered in its table (the table A's rounds on B and B's on A share).
std::uint32_t packed(const Bout& b, MonsterPoison p, int phase) {
  return defender_states(*b.a_hits_b).id(SideState{0, 0, {p, phase}});
}
// Side b's poison behind a state number.
MonsterSideState side_of(const Bout& b, std::uint32_t state) { return defender_states(*b.a_hits_b).at(state).monster; }

// monster::poison and monster_resists_this_poison.
TEST(CrawlMonsterPoison, LevelsAndResistance) {
  // An adder's 4..8 points: 1 degree up to 6, 2 from 7.
  EXPECT_EQ(monster_poison_levels(4), 1);
  EXPECT_EQ(monster_poison_levels(6), 1);
  EXPECT_EQ(monster_poison_levels(7), 2);
  EXPECT_EQ(monster_poison_levels(12), 2);
  EXPECT_EQ(monster_poison_levels(14), 3);
  // rPois 0 or vulnerable: always; rPois 1 or 2: resists on x_chance_in_y(2, 3); 3: never.
  EXPECT_DOUBLE_EQ(monster_poison_lands(0), 1.0);
  EXPECT_DOUBLE_EQ(monster_poison_lands(-1), 1.0);
  EXPECT_DOUBLE_EQ(monster_poison_lands(1), 1.0 / 3);
  EXPECT_DOUBLE_EQ(monster_poison_lands(2), 1.0 / 3);
  EXPECT_DOUBLE_EQ(monster_poison_lands(3), 0.0);
  // The catalogs' poison resistances: rPois-, rPois, and the undead and nonliving 3.
  EXPECT_EQ(lookup_monster("killer_bee").resists.poison, -1);
  EXPECT_EQ(crawl_0_34::lookup_monster("killer_bee").resists.poison, -1);
  EXPECT_EQ(lookup_monster("giant_cockroach").resists.poison, -1);
  EXPECT_EQ(lookup_monster("warg").resists.poison, 1);
  EXPECT_EQ(crawl_0_34::lookup_monster("naga_warrior").resists.poison, 1);
  EXPECT_EQ(lookup_monster("skeletal_warrior").resists.poison, 3);
  EXPECT_EQ(crawl_0_34::lookup_monster("iron_golem").resists.poison, 3);
  EXPECT_EQ(lookup_monster("orc").resists.poison, 0);
}

// mon_enchant::calc_duration for ENCH_POISON.
TEST(CrawlMonsterPoison, DurationByHand) {
  // Speed 10, 1 degree: _mod_speed(125, 10) = 125, cturn 1000/125 = 8, raw
  // 8 x 10 = 80, fuzz 48 down and 32 up: 32 + random2avg(81, 2).
  const PoisonDurationRoll one = monster_poison_duration_roll(1, 10);
  EXPECT_EQ(one.cturn, 8);
  const Pmf d1 = monster_poison_duration_pmf(one);
  EXPECT_EQ(d1.min(), 32);
  EXPECT_EQ(d1.max(), 112);  // (80 + 81) / 2 = 80 above 32
  // random2(81) + random2(82) <= 1: (0,0), (0,1), (1,0) of 81 x 82.
  EXPECT_NEAR(d1[32], 3.0 / (81 * 82), 1e-15);
  EXPECT_TRUE(d1.approx_equal(random2avg_pmf(81, 2).shifted(32)));
  // 2 degrees: cturn 16, raw 160, 96 down and 64 up: 64..224.
  const Pmf d2 = monster_poison_duration_pmf(monster_poison_duration_roll(2, 10));
  EXPECT_EQ(d2.min(), 64);
  EXPECT_EQ(d2.max(), 224);
  // Speed 13 (an adder poisoned): _mod_speed = 1250/13 = 96, cturn 10;
  // speed_to_duration = div_rand_round(100, 13): 8 on random2(13) < 9, else 7:
  // raw 80 (9/13) or 70 (4/13, 42 down and 28 up: 28 + random2avg(71, 2)).
  const PoisonDurationRoll adder = monster_poison_duration_roll(1, 13);
  EXPECT_EQ(adder.cturn, 10);
  const Pmf da = monster_poison_duration_pmf(adder);
  const Pmf by_hand = Pmf::mixture(std::vector<std::pair<double, Pmf>>{{9.0 / 13, random2avg_pmf(81, 2).shifted(32)},
                                                                       {4.0 / 13, random2avg_pmf(71, 2).shifted(28)}});
  EXPECT_TRUE(da.approx_equal(by_hand));
  // Speed 20 (a killer bee): _mod_speed 62, cturn 16, 5 a move: raw 80.
  EXPECT_EQ(monster_poison_duration_roll(1, 20).cturn, 16);
  // Speed 7 (an iron troll): _mod_speed 178, cturn 5.
  EXPECT_EQ(monster_poison_duration_roll(1, 7).cturn, 5);
  // The sampler draws the same law (chi-square at a fixed seed).
  Rng rng(17);
  std::map<std::int64_t, std::uint64_t> counts;
  for (int i = 0; i < 200000; ++i) ++counts[sample_monster_poison_duration(rng, adder)];
  EXPECT_GT(test::chi_square_p(da, counts), 1e-3);
}

// apply_enchantment's damage, decay_enchantment and add_ench.
TEST(CrawlMonsterPoison, TickDecayAndAddByHand) {
  // Degree 1: nothing on tails, roll_dice(1, 2) on heads.
  const Pmf t1 = monster_poison_tick_pmf(monster_poison_tick_roll(1, 0));
  EXPECT_DOUBLE_EQ(t1[0], 0.5);
  EXPECT_DOUBLE_EQ(t1[1], 0.25);
  EXPECT_DOUBLE_EQ(t1[2], 0.25);
  // Degree 4: 1, plus roll_dice(1, 5) on heads.
  const Pmf t4 = monster_poison_tick_pmf(monster_poison_tick_roll(4, 0));
  EXPECT_DOUBLE_EQ(t4[1], 0.5);
  for (int v = 2; v <= 6; ++v) EXPECT_DOUBLE_EQ(t4[v], 0.1) << v;
  // Degree 2 on rPois-: (0 | 1..3) + roll_dice(2, 2) - 1 (1, 2, 3 at 1/4, 1/2, 1/4): mean 1 + 2.
  const Pmf t2v = monster_poison_tick_pmf(monster_poison_tick_roll(2, -1));
  EXPECT_EQ(t2v.min(), 1);
  EXPECT_EQ(t2v.max(), 6);
  EXPECT_DOUBLE_EQ(t2v[1], 0.5 * 0.25);
  EXPECT_NEAR(t2v.mean(), 3.0, 1e-12);
  Rng rng(5);
  std::map<std::int64_t, std::uint64_t> counts;
  for (int i = 0; i < 100000; ++i) ++counts[sample_monster_poison_tick(rng, monster_poison_tick_roll(2, -1))];
  EXPECT_GT(test::chi_square_p(t2v, counts), 1e-3);
  // Decay: 10 a tick; at 10 or less the poison ends.
  EXPECT_EQ(monster_poison_decayed({1, 35, 80}), (MonsterPoison{1, 25, 80}));
  EXPECT_EQ(monster_poison_decayed({1, 10, 90}), MonsterPoison{});
  EXPECT_EQ(monster_poison_decayed({4, 11, 11}), (MonsterPoison{4, 1, 11}));
  // Degree 2 (f = 3) falls once the duration is below 2/3 of maxduration,
  // keeping the duration from before the loss: 60 < 66 gives (1, 60, 60).
  EXPECT_EQ(monster_poison_decayed({2, 100, 100}), (MonsterPoison{2, 90, 100}));
  EXPECT_EQ(monster_poison_decayed({2, 67, 100}), (MonsterPoison{2, 57, 100}));
  EXPECT_EQ(monster_poison_decayed({2, 60, 100}), (MonsterPoison{1, 60, 60}));
  // Degree 3 (f = 6): below 5/6 of 200 = 166.
  EXPECT_EQ(monster_poison_decayed({3, 100, 200}), (MonsterPoison{2, 100, 100}));
  // add_ench: fresh takes the degrees uncapped; else add, capped at 4.
  EXPECT_EQ(monster_poison_added({}, 1, 50), (MonsterPoison{1, 50, 50}));
  EXPECT_EQ(monster_poison_added({}, 6, 40), (MonsterPoison{6, 40, 40}));
  EXPECT_EQ(monster_poison_added({1, 20, 80}, 1, 50), (MonsterPoison{2, 70, 80}));
  EXPECT_EQ(monster_poison_added({3, 100, 100}, 2, 150), (MonsterPoison{4, 250, 250}));
  // The poisoner's rounds: a speed-10 poisoner ticks once a round; a killer
  // bee (20) every second round; an adder (13) 10 times in 13 rounds.
  EXPECT_EQ(poison_tick_period(10), 1);
  EXPECT_EQ(poison_ticks_at(1, 10), 1);
  EXPECT_EQ(poison_tick_period(20), 2);
  EXPECT_EQ(poison_ticks_at(1, 20), 0);
  EXPECT_EQ(poison_ticks_at(2, 20), 1);
  EXPECT_EQ(poison_tick_period(13), 13);
  int ticks = 0;
  for (int k = 1; k <= 13; ++k) ticks += poison_ticks_at(k, 13);
  EXPECT_EQ(ticks, 10);
  EXPECT_EQ(poison_ticks_at(1, 5), 2);
  // The state's bounds.
  EXPECT_NO_THROW(check_monster_side({{3, 250, 400}, 5}, "test"));
  EXPECT_THROW(check_monster_side({{1, 2048, 2048}, 0}, "test"), Error);
  EXPECT_THROW(check_monster_side({{16, 20, 20}, 0}, "test"), Error);
  EXPECT_THROW(check_monster_side({{1, 20, 20}, 64}, "test"), Error);
}

// The killer bee's round (HD 3, AF_POISON: 6..12 points, 1 degree for 6, 2
// for 7..12) on an orc (speed 10, rPois 0; 60 HP, so that no outcome kills
// it and drops its poison) poisoned at degree 1, duration
// 35, maxduration 80. At phase 1 the bee's second round since the poisoning
// (5 aut each) passes 10 aut: one tick (0, 1, 2 at 1/2, 1/4, 1/4), leaving
// (1, 25, 80), phase 0; then the sting poisons on one damaging hit in 3.
TEST(CrawlMonsterPoison, BeeRoundOnAPoisonedOrc) {
  for (const char* rules : kBoth) {
    const Ruleset& rs = fray::ruleset(rules);
    const Bout b = rs.bout({"killer_bee", "orc:hp=60", {}, {}});
    EXPECT_TRUE(has_line(b.modelled, "killer bee: AT_STING attack poisons")) << rules;
    EXPECT_FALSE(has_line(b.not_modelled, "AF_POISON")) << rules;
    EXPECT_TRUE(has_line(b.notes, "poison on a monster")) << rules;
    const AttackSummary sting = rs.attack({"killer_bee", "orc", {}, {}});
    const double damaging = sting.p_hit * (1 - sting.damage_on_hit[0]);
    const Pmf d1 = monster_poison_duration_pmf(monster_poison_duration_roll(1, 10));
    const Pmf d2 = monster_poison_duration_pmf(monster_poison_duration_roll(2, 10));
    // Phase 1: one tick, then the sting.
    std::map<std::uint32_t, double> by_state;
    std::map<std::int64_t, double> by_damage;
    double mean = 0;
    for (const Transition& t : b.a_hits_b->outcomes({b.a.hp, 0}, {b.b.hp, packed(b, {1, 35, 80}, 1)})) {
      by_state[t.defender_state] += t.p;
      by_damage[t.damage] += t.p;
      mean += t.p * static_cast<double>(t.damage);
    }
    EXPECT_NEAR(mean, 0.75 + sting.damage.mean(), 1e-12) << rules;
    EXPECT_NEAR(by_damage[0], 0.5 * sting.damage[0], 1e-12) << rules;
    EXPECT_NEAR(by_state[packed(b, {1, 25, 80}, 0)], 1 - damaging / 3, 1e-12) << rules;
    for (const auto& [d, p] : d1.items()) {
      const auto dur = static_cast<int>(25 + d);
      EXPECT_NEAR(by_state[packed(b, {2, dur, std::max(80, dur)}, 0)], damaging / 3 / 7 * p, 1e-12) << rules << d;
    }
    for (const auto& [d, p] : d2.items()) {
      const auto dur = static_cast<int>(25 + d);
      EXPECT_NEAR(by_state[packed(b, {3, dur, std::max(80, dur)}, 0)], damaging / 3 * 6 / 7 * p, 1e-12) << rules << d;
    }
    EXPECT_EQ(by_state.size(), 1 + d1.width() + d2.width()) << rules;
    // Phase 0: the bee's first round since the poisoning passes 5 aut, no tick.
    double untouched = 0;
    mean = 0;
    for (const Transition& t : b.a_hits_b->outcomes({b.a.hp, 0}, {b.b.hp, packed(b, {1, 35, 80}, 0)})) {
      if (t.defender_state == packed(b, {1, 35, 80}, 1)) untouched += t.p;
      mean += t.p * static_cast<double>(t.damage);
    }
    EXPECT_NEAR(untouched, 1 - damaging / 3, 1e-12) << rules;
    EXPECT_NEAR(mean, sting.damage.mean(), 1e-12) << rules;
    // The orc's own round keeps its poison.
    for (const Transition& t : b.b_hits_a->outcomes({b.b.hp, packed(b, {1, 35, 80}, 1)}, {b.a.hp, 0}))
      EXPECT_EQ(t.attacker_state, packed(b, {1, 35, 80}, 1)) << rules;
  }
}

// A fresh poison from the unpoisoned state; a resistant warg takes it one
// time in 3, the undead skeletal warrior never; a vulnerable bee's tick
// adds roll_dice(2, degree) - 1.
TEST(CrawlMonsterPoison, ResistancesInTheRound) {
  for (const char* rules : kBoth) {
    const Ruleset& rs = fray::ruleset(rules);
    auto poisoned = [&](const char* victim, std::uint32_t from) {
      const Bout b = rs.bout({"killer_bee", std::string(victim) + ":hp=60", {}, {}});
      double p = 0;
      for (const Transition& t : b.a_hits_b->outcomes({b.a.hp, 0}, {b.b.hp, from}))
        if (side_of(b, t.defender_state).poison.degree > 0) p += t.p;
      return p;
    };
    auto damaging = [&](const char* victim) {
      const AttackSummary s = rs.attack({"killer_bee", victim, {}, {}});
      return s.p_hit * (1 - s.damage_on_hit[0]);
    };
    EXPECT_NEAR(poisoned("orc", 0), damaging("orc") / 3, 1e-12) << rules;
    EXPECT_NEAR(poisoned("warg", 0), damaging("warg") / 3 / 3, 1e-12) << rules;
    EXPECT_EQ(poisoned("skeletal_warrior", 0), 0.0) << rules;
    // Degree 2 on the bee itself (rPois-): the tick's mean is 1 + 2.
    const Bout bees = rs.bout({"killer_bee", "killer_bee:hp=60", {}, {}});
    const AttackSummary s = rs.attack({"killer_bee", "killer_bee", {}, {}});
    double mean = 0;
    for (const Transition& t : bees.a_hits_b->outcomes({bees.a.hp, 0}, {bees.b.hp, packed(bees, {2, 100, 100}, 1)}))
      mean += t.p * static_cast<double>(t.damage);
    EXPECT_NEAR(mean, 3 + s.damage.mean(), 1e-12) << rules;
  }
}

// The sampled round draws the exact round's law: damage and the degree after,
// from a poisoned orc at phase 1 (chi-square at a fixed seed).
TEST(CrawlMonsterPoison, SampledRoundAgreesWithExact) {
  for (const char* rules : kBoth) {
    const Bout b = fray::ruleset(rules).bout({"killer_bee", "orc:hp=60", {}, {}});
    const Side bee{b.a.hp, 0}, orc{b.b.hp, packed(b, {2, 90, 120}, 1)};
    std::map<std::int64_t, double> damage, degree;
    for (const Transition& t : b.a_hits_b->outcomes(bee, orc)) {
      damage[t.damage] += t.p;
      degree[side_of(b, t.defender_state).poison.degree] += t.p;
    }
    Rng rng(41);
    std::map<std::int64_t, std::uint64_t> got_damage, got_degree;
    for (int i = 0; i < 100000; ++i) {
      const Transition t = b.a_hits_b->sample(bee, orc, rng);
      ++got_damage[t.damage];
      ++got_degree[side_of(b, t.defender_state).poison.degree];
    }
    EXPECT_GT(test::chi_square_p(Pmf::from_map(damage), got_damage), 1e-3) << rules;
    EXPECT_GT(test::chi_square_p(Pmf::from_map(degree), got_degree), 1e-3) << rules;
  }
}

// Two of the bee's rounds on a poisoned orc (ticks, decays and fresh
// poisonings between them), chained by hand from the exact round and drawn
// from the sampled one: the HP lost and the degree at the end agree
// (chi-square at a fixed seed).
TEST(CrawlMonsterPoison, RoundsChainedAgreeWithSampled) {
  for (const char* rules : kBoth) {
    const Bout b = fray::ruleset(rules).bout({"killer_bee", "orc:hp=60", {}, {}});
    const Side bee{b.a.hp, 0};
    const std::uint32_t start = packed(b, {2, 90, 120}, 1);
    std::map<std::pair<std::int64_t, std::uint32_t>, double> now{{{0, start}, 1.0}};
    for (int round = 0; round < 2; ++round) {
      std::map<std::pair<std::int64_t, std::uint32_t>, double> next;
      for (const auto& [key, p] : now)
        for (const Transition& t : b.a_hits_b->outcomes(bee, {60 - key.first, key.second}))
          next[{key.first + t.damage, t.defender_state}] += p * t.p;
      now = std::move(next);
    }
    std::map<std::int64_t, double> lost, degree;
    for (const auto& [key, p] : now) {
      lost[key.first] += p;
      degree[side_of(b, key.second).poison.degree] += p;
    }
    Rng rng(43);
    std::map<std::int64_t, std::uint64_t> got_lost, got_degree;
    for (int i = 0; i < 50000; ++i) {
      Side orc{60, start};
      for (int round = 0; round < 2; ++round) {
        const Transition t = b.a_hits_b->sample(bee, orc, rng);
        orc = {orc.hp - t.damage, t.defender_state};
      }
      ++got_lost[60 - orc.hp];
      ++got_degree[side_of(b, orc.state).poison.degree];
    }
    EXPECT_GT(test::chi_square_p(Pmf::from_map(lost), got_lost), 1e-3) << rules;
    EXPECT_GT(test::chi_square_p(Pmf::from_map(degree), got_degree), 1e-3) << rules;
  }
}

// A tiny duel (the orc dies at its first damaging hit, so no poison lands on
// it) is exact, and Monte Carlo agrees.
TEST(CrawlMonsterPoison, TinyDuelExactAndSampledAgree) {
  for (const char* rules : kBoth) {
    const Bout b = fray::ruleset(rules).bout({"killer_bee:hp=4", "orc:hp=1", {}, {}});
    crawl_test::expect_exact_duel_agrees(b, 23, true);
  }
}

// A larger duel is refused by the exact chain, by name, and sampled.
TEST(CrawlMonsterPoison, LargeDuelIsSampledWithReason) {
  const Bout b = fray::ruleset("crawl").bout({"killer_bee", "orc_warrior", {}, {}});
  fight::FightOptions o = crawl_test::quiet(2000);
  const fight::DuelResult r = fight::solve_duel(b, o);
  EXPECT_EQ(r.method, "monte-carlo");
  EXPECT_NE(r.method_reason.find("monster's poison"), std::string::npos) << r.method_reason;
}

}  // namespace
}  // namespace fray::crawl
