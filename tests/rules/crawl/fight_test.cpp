// DCSS 0.19 flavours a fight follows: the player's poison (player.cc
// handle_player_poison, melee_attack.cc mons_do_poison) and AF_VAMPIRIC,
// against hand-worked cases and an independent small calculation.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <cmath>

#include <fray/fight/solve.hpp>
#include <fray/rules/crawl/attack.hpp>
#include <fray/rules/crawl/poison.hpp>
#include <fray/rules/crawl/side.hpp>
#include <fray/rules/ruleset.hpp>
#include <map>
#include <utility>
#include <vector>

#include "rules/crawl/duel_checks.hpp"
#include "support/support.hpp"

namespace fray::crawl {
namespace {

using crawl_test::has_line;

// 1/15 of the poison every 10 aut above 3750 (15 x 250): 10 points (10000)
// drop to 10000 x 14/15 = 9333.3, truncated to 9333; 10 - 9 = 1 HP.
TEST(CrawlPoison, TickTakesAFifteenthEveryTenAut) {
  const PoisonTick t = poison_tick(10000, 10);
  EXPECT_EQ(t.duration, 9333);
  EXPECT_EQ(t.damage, 1);
  // Below 3750 the poison drains at the minimum 0.025 HP/aut, 250 per 10 aut:
  // 2000 → 1750 (2 - 1 = 1 HP), 1500, 1250, 1000 (no HP), then 750 < 1000 ends
  // it (1 - 0 = 1 HP): the 2 points over 50 aut.
  const std::pair<i64, i64> steps[] = {{1750, 1}, {1500, 0}, {1250, 0}, {1000, 0}, {0, 1}};
  i64 d = 2000;
  for (const auto& [left, hurt] : steps) {
    const PoisonTick s = poison_tick(d, 10);
    EXPECT_EQ(s.duration, left);
    EXPECT_EQ(s.damage, hurt);
    d = s.duration;
  }
  // Above 150000 the cap of 1 HP/aut: 200 points lose 10 per 10 aut.
  const PoisonTick fast = poison_tick(200000, 10);
  EXPECT_EQ(fast.damage, 10);
  EXPECT_EQ(fast.duration, 190000);
  // Over time, ticked a turn at a time, poison does its points of damage.
  const PoisonTick all = poison_over(23456, 10000);
  EXPECT_EQ(all.damage, 23);
  EXPECT_EQ(all.duration, 0);
  // An adder (HD 2) poisons for random_range(4, 8); a strong poison (HD 3) 11..19.
  EXPECT_EQ(poison_range("AF_POISON", 2).lo, 4);
  EXPECT_EQ(poison_range("AF_POISON", 2).hi, 8);
  EXPECT_EQ(poison_range("AF_POISON_STRONG", 3).lo, 11);
  EXPECT_EQ(poison_range("AF_POISON_STRONG", 3).hi, 19);
  EXPECT_FALSE(poison_range("AF_PLAIN", 5).poisons());
}

const char* kPlayer = "player:hp=14,fighting=5,weapon_skill=4,weapon=long_sword";

// The adder's round on a poisoned player: first the poison since its last
// round (100/13 aut), then its bite, which poisons on one damaging hit in 3.
TEST(CrawlPoison, AdderRoundTicksThenPoisons) {
  const Ruleset& rs = fray::ruleset("crawl");
  const Bout b = rs.bout({"adder", kPlayer, {}, {}});
  EXPECT_TRUE(has_line(b.modelled, "adder: AT_BITE attack poisons"));
  EXPECT_FALSE(has_line(b.not_modelled, "AF_POISON"));
  EXPECT_TRUE(has_line(b.notes, "poison"));
  // Against 14 HP the chain would reach too many durations (sampled), but the
  // round's outcomes, which both methods read, are the same.
  EXPECT_FALSE(b.a_hits_b->exact());
  const Outcome bite = exact_outcome(
      plan_attack(parse_combatant("adder", "attacker"), parse_combatant(kPlayer, "defender"), Situation{}));
  const double damaging = bite.p_hit * (1 - bite.damage_on_hit[0]);
  const PoisonTick tick = poison_tick(10000, 100.0 / 13);
  ASSERT_EQ(tick.damage, 1);
  // The player's states, by its poison duration (you.duration[DUR_POISONING]).
  const auto poisoned = [&b](i64 duration) { return defender_states(*b.a_hits_b).id(SideState{duration}); };
  std::map<std::uint32_t, double> by_state;
  double mean = 0;
  for (const Transition& t : b.a_hits_b->outcomes({11, 0}, {14, poisoned(10000)})) {
    by_state[t.defender_state] += t.p;
    mean += t.p * static_cast<double>(t.damage);
    EXPECT_EQ(t.attacker_state, 0u);
    EXPECT_EQ(t.heal, 0);
  }
  EXPECT_NEAR(mean, 1 + bite.damage.mean(), 1e-12);
  EXPECT_NEAR(by_state[poisoned(tick.duration)], 1 - damaging / 3, 1e-12);
  for (int k = 4; k <= 8; ++k) EXPECT_NEAR(by_state[poisoned(tick.duration + 1000 * k)], damaging / 3 / 5, 1e-12) << k;
  // The player's own round keeps its poison.
  for (const Transition& t : b.b_hits_a->outcomes({14, poisoned(10000)}, {11, 0}))
    EXPECT_EQ(t.attacker_state, poisoned(10000));
}

// Turns for the adder to kill a 6-HP player who does not fight back, from an
// independent chain over (HP, poison) built from the bite's outcome and the
// tick, and Monte Carlo against it.
TEST(CrawlPoison, AdderTurnsToKillIncludeThePoison) {
  const Ruleset& rs = fray::ruleset("crawl");
  const char* weak = "player:hp=6,fighting=5,weapon_skill=4,weapon=long_sword";
  const Bout b = rs.bout({"adder", weak, {}, {}});
  const Outcome bite = exact_outcome(
      plan_attack(parse_combatant("adder", "attacker"), parse_combatant(kPlayer, "defender"), Situation{}));
  std::map<std::pair<i64, i64>, double> alive{{{6, 0}, 1.0}};
  std::vector<double> kill_at{0};
  for (int n = 1; n <= 40; ++n) {
    std::map<std::pair<i64, i64>, double> next;
    double killed = 0;
    for (const auto& [state, p] : alive) {
      const i64 hp = state.first, poison = state.second;  // not a structured binding: clang 14 cannot capture one
      const PoisonTick t = poison_over(poison, 100.0 / 13);
      auto land = [&](i64 dmg, i64 points, double q) {
        const i64 left = hp - t.damage - dmg;
        if (left <= 0)
          killed += q;
        else
          next[{left, t.duration + 1000 * points}] += q;
      };
      land(0, 0, p * (1 - bite.p_hit));
      for (const auto& [v, pv] : bite.damage_on_hit.items()) {
        const double q = p * bite.p_hit * pv;
        if (v == 0) {
          land(0, 0, q);
          continue;
        }
        land(v, 0, q * 2 / 3);
        for (int k = 4; k <= 8; ++k) land(v, k, q / 3 / 5);
      }
    }
    kill_at.push_back(killed);
    alive = std::move(next);
  }
  fight::FightOptions o;
  o.monte_carlo.progress = false;
  // The chain above follows the adder's attacks alone: the player's own
  // turns (its regeneration, which turns to kill follow) are left out.
  Bout alone = b;
  alone.b_hits_a = nullptr;
  const fight::TtkResult t = fight::solve_ttk(alone, o);
  ASSERT_EQ(t.method, "exact");
  ASSERT_TRUE(t.attacks.has_value());
  for (int n = 1; n <= 40; ++n) EXPECT_NEAR((*t.attacks)[n], kill_at[static_cast<std::size_t>(n)], 1e-12) << n;
  // Monte Carlo agrees.
  o.method = fight::FightOptions::Method::monte_carlo;
  o.monte_carlo.sims = 20000;
  o.monte_carlo.seed = 5;
  const fight::TtkResult s = fight::solve_ttk(alone, o);
  ASSERT_TRUE(s.attacks.has_value());
  std::map<std::int64_t, std::uint64_t> counts;
  for (const auto& [n, p] : s.attacks->items()) counts[n] = static_cast<std::uint64_t>(std::llround(p * 20000));
  EXPECT_GT(test::chi_square_p(*t.attacks, counts), 1e-3);
  // A 14-HP player lives long enough for the poison to take thousands of
  // durations: the exact chain is refused and the fight sampled, with a note.
  o.method = fight::FightOptions::Method::automatic;
  o.monte_carlo.sims = 2000;
  const fight::TtkResult big = fight::solve_ttk(rs.bout({"adder", kPlayer, {}, {}}), o);
  EXPECT_EQ(big.method, "monte-carlo");
  EXPECT_NE(big.method_reason.find("poison reaches more than 4096 durations"), std::string::npos) << big.method_reason;
}

// Whether the player's poison takes too many durations for the exact chain
// is decided before the chain starts, from the poisoner's rounds and the
// player's HP. The cut falls where the chain itself found it (an adder
// reaches more than 4096 durations against 7 HP, not against 6; a killer bee
// against 6, not 5), for turns to kill and duels alike.
TEST(CrawlPoison, TooManyDurationsDecidedBeforeTheChain) {
  crawl_test::expect_poison_cut("crawl", 6, 5);
  // The killer bee at the cut: the poison alone stays within the limit; the
  // player's regeneration, which turns to kill follows on the player's own
  // turns, takes the chain past it, and the fight is sampled, saying so.
  const Ruleset& rs = fray::ruleset("crawl");
  fight::FightOptions o = crawl_test::quiet(2000);
  const fight::TtkResult bee =
      fight::solve_ttk(rs.bout({"killer_bee", "player:hp=5,fighting=5,weapon_skill=4,weapon=long_sword", {}, {}}), o);
  EXPECT_EQ(bee.method, "monte-carlo");
  EXPECT_NE(bee.method_reason.find("poison durations and regeneration counters reach more than 4096 states"),
            std::string::npos)
      << bee.method_reason;
}

// A duel against the adder follows the player's poison durations and its
// regeneration counter together: more than the exact chain takes even at 5 HP,
// so it is sampled and says why (turns to kill against the player too,
// which follow its regeneration on its own turns: above).
TEST(CrawlPoison, DuelWithRegenerationIsSampled) {
  const Bout b =
      fray::ruleset("crawl").bout({"player:hp=5,fighting=5,weapon_skill=4,weapon=long_sword", "adder", {}, {}});
  fight::FightOptions o = crawl_test::quiet(20000);
  const fight::DuelResult d = fight::solve_duel(b, o);
  EXPECT_EQ(d.method, "monte-carlo");
  EXPECT_NE(d.method_reason.find("regeneration counters reach more than 4096 states"), std::string::npos)
      << d.method_reason;
  EXPECT_NEAR(d.p_a_wins + d.p_b_wins + d.p_draw, 1.0, 1e-9);
}

// The knight's heals and both sides' regeneration take the duel through
// higher HP again; the exact chain follows them (a 12-HP player keeps the
// regeneration counter's cells within the chain's limit), and Monte Carlo
// agrees within 4 standard errors.
TEST(CrawlVampiric, DuelWithDrainExactAndSampledAgree) {
  const Bout b = fray::ruleset("crawl").bout(
      {"player:hp=12,fighting=5,weapon_skill=4,weapon=long_sword", "vampire_knight", {}, {}});
  crawl_test::expect_exact_duel_agrees(b, 13, false);
}

// A traced turn draws what the sampled turn draws and records each draw in
// the game's order: a hurt troll's regeneration, then its attacks' rolls.
TEST(CrawlTurn, TracedTurnIsTheSampledTurn) {
  for (const char* rules : {"crawl", "crawl-0.34"}) {
    const Bout b = fray::ruleset(rules).bout({"troll", kPlayer, {}, {}});
    const Side troll{b.a.hp - 5, 0}, player{b.b.hp, 0};
    for (std::uint64_t seed = 1; seed <= 50; ++seed) {
      Rng r1(seed), r2(seed);
      const Transition s = b.a_hits_b->sample(troll, player, r1);
      std::vector<Draw> trace;
      const Transition t = traced_turn(*b.a_hits_b, troll, player, r2, trace);
      EXPECT_EQ(s.damage, t.damage) << rules;
      EXPECT_EQ(s.heal, t.heal) << rules;
      EXPECT_EQ(s.hit, t.hit) << rules;
      // The same condition (a sampled turn's numbers are its own: States::scratch).
      EXPECT_EQ(defender_states(*b.a_hits_b).at(s.defender_state), defender_states(*b.a_hits_b).at(t.defender_state))
          << rules;
      EXPECT_EQ(r1.unit(), r2.unit()) << rules;  // the engines are where the same draws leave them
      ASSERT_GT(trace.size(), 3u) << rules;      // the regeneration and the attacks' rolls
      EXPECT_EQ(trace.front().label, "monster regeneration") << rules;
    }
  }
}

}  // namespace
}  // namespace fray::crawl
