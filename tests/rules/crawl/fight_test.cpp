// DCSS 0.19 flavours a fight follows: the player's poison (player.cc
// handle_player_poison, melee_attack.cc mons_do_poison) and AF_VAMPIRIC,
// against hand-worked cases and an independent small calculation.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <cmath>

#include <fray/fight/solve.hpp>
#include <fray/rules/crawl/attack.hpp>
#include <fray/rules/crawl/poison.hpp>
#include <fray/rules/ruleset.hpp>
#include <map>
#include <utility>
#include <vector>

#include "rules/crawl/duel_checks.hpp"
#include "support/support.hpp"

namespace fray::crawl {
namespace {

bool has_line(const std::vector<std::string>& list, std::string_view needle) {
  for (const std::string& s : list)
    if (s.find(needle) != std::string::npos) return true;
  return false;
}

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
  std::map<std::uint32_t, double> by_state;
  double mean = 0;
  for (const Transition& t : b.a_hits_b->outcomes({11, 0}, {14, 10000})) {
    by_state[t.defender_state] += t.p;
    mean += t.p * static_cast<double>(t.damage);
    EXPECT_EQ(t.attacker_state, 0u);
    EXPECT_EQ(t.heal, 0);
  }
  EXPECT_NEAR(mean, 1 + bite.damage.mean(), 1e-12);
  EXPECT_NEAR(by_state[static_cast<std::uint32_t>(tick.duration)], 1 - damaging / 3, 1e-12);
  for (int k = 4; k <= 8; ++k)
    EXPECT_NEAR(by_state[static_cast<std::uint32_t>(tick.duration + 1000 * k)], damaging / 3 / 5, 1e-12) << k;
  // The player's own round keeps its poison.
  for (const Transition& t : b.b_hits_a->outcomes({14, 10000}, {11, 0})) EXPECT_EQ(t.attacker_state, 10000u);
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
  EXPECT_NE(big.note.find("poison reaches more than 4096 durations"), std::string::npos) << big.note;
}

// Whether the player's poison takes too many durations for the exact chain
// is decided before the chain starts, from the poisoner's rounds and the
// player's HP. The cut falls where the chain itself found it (an adder
// reaches more than 4096 durations against 7 HP, not against 6; a killer bee
// against 6, not 5), for turns to kill and duels alike.
TEST(CrawlPoison, TooManyDurationsDecidedBeforeTheChain) {
  const Ruleset& rs = fray::ruleset("crawl");
  auto player = [](int hp) { return fmt::format("player:hp={},fighting=5,weapon_skill=4,weapon=long_sword", hp); };
  const std::pair<const char*, int> last_exact[] = {{"adder", 6}, {"killer_bee", 5}};
  for (const auto& [monster, hp] : last_exact) {
    EXPECT_TRUE(rs.bout({monster, player(hp), {}, {}}).a_hits_b->exact()) << monster << " " << hp;
    EXPECT_TRUE(rs.bout({player(hp), monster, {}, {}}).b_hits_a->exact()) << monster << " " << hp;
    const Bout past = rs.bout({monster, player(hp + 1), {}, {}});
    EXPECT_FALSE(past.a_hits_b->exact()) << monster;
    EXPECT_NE(past.a_hits_b->why_not_exact().find("poison reaches more than 4096 durations"), std::string::npos);
    EXPECT_FALSE(rs.bout({player(hp + 1), monster, {}, {}}).b_hits_a->exact()) << monster;
  }
  // The killer bee at the cut: the poison alone stays within the limit; the
  // player's regeneration, which turns to kill follows on the player's own
  // turns, takes the chain past it, and the fight is sampled, saying so.
  fight::FightOptions o;
  o.monte_carlo.progress = false;
  o.monte_carlo.sims = 2000;
  const fight::TtkResult bee = fight::solve_ttk(rs.bout({"killer_bee", player(5), {}, {}}), o);
  EXPECT_EQ(bee.method, "monte-carlo");
  EXPECT_NE(bee.note.find("poison durations and regeneration counters reach more than 4096 states"), std::string::npos)
      << bee.note;
  // The player's own attacks carry no poison to follow.
  EXPECT_TRUE(rs.bout({"adder", player(14), {}, {}}).b_hits_a->exact());
}

// A duel against the adder follows the player's poison durations and its
// regeneration counter together: more than the exact chain takes even at 5 HP,
// so it is sampled and says why (turns to kill against the player too,
// which follow its regeneration on its own turns: above).
TEST(CrawlPoison, DuelWithRegenerationIsSampled) {
  const Bout b =
      fray::ruleset("crawl").bout({"player:hp=5,fighting=5,weapon_skill=4,weapon=long_sword", "adder", {}, {}});
  fight::FightOptions o;
  o.monte_carlo.progress = false;
  o.monte_carlo.sims = 20000;
  const fight::DuelResult d = fight::solve_duel(b, o);
  EXPECT_EQ(d.method, "monte-carlo");
  EXPECT_NE(d.note.find("regeneration counters reach more than 4096 states"), std::string::npos) << d.note;
  EXPECT_NEAR(d.p_a_wins + d.p_b_wins + d.p_draw, 1.0, 1e-9);
}

TEST(CrawlElement, IceBeastAddsColdDamageToADamagingHit) {
  EXPECT_EQ(element_range("AF_COLD", 5).lo, 5);
  EXPECT_EQ(element_range("AF_COLD", 5).hi, 14);
  EXPECT_EQ(element_range("AF_FIRE", 14).lo, 14);  // balrug: 14 + random2(14)
  EXPECT_EQ(element_range("AF_FIRE", 14).hi, 27);
  EXPECT_FALSE(element_range("AF_PLAIN", 5).adds());
  const Ruleset& rs = fray::ruleset("crawl");
  const char* me = "player:hp=60,fighting=5,weapon_skill=4,weapon=long_sword";
  const Bout b = rs.bout({"ice_beast", me, {}, {}});
  EXPECT_TRUE(has_line(b.modelled, "AF_COLD"));
  EXPECT_FALSE(has_line(b.not_modelled, "AF_COLD"));
  ASSERT_TRUE(b.a_hits_b->exact());
  const Outcome hit = exact_outcome(
      plan_attack(parse_combatant("ice_beast", "attacker"), parse_combatant(me, "defender"), Situation{}));
  std::map<std::int64_t, double> expected{{0, 1 - hit.p_hit}};
  for (const auto& [v, pv] : hit.damage_on_hit.items()) {
    if (v == 0) {
      expected[0] += hit.p_hit * pv;
      continue;
    }
    for (i64 cold = 5; cold <= 14; ++cold) expected[v + cold] += hit.p_hit * pv / 10;
  }
  std::map<std::int64_t, double> got;
  for (const Transition& t : b.a_hits_b->outcomes({b.a.hp, 0}, {60, 0})) got[t.damage] += t.p;
  ASSERT_EQ(got.size(), expected.size());
  for (const auto& [d, p] : expected) EXPECT_NEAR(got[d], p, 1e-12) << d;
  // The sampled round draws the same law.
  Rng rng(17);
  std::map<std::int64_t, std::uint64_t> counts;
  const int n = 50000;
  for (int i = 0; i < n; ++i) ++counts[b.a_hits_b->sample({b.a.hp, 0}, {60, 0}, rng).damage];
  const std::vector<std::pair<std::int64_t, double>> pairs(expected.begin(), expected.end());
  const Pmf law = Pmf::from_pairs(pairs);
  EXPECT_GT(test::chi_square_p(law, counts), 1e-3);
  // Against a monster the flavour is left out.
  EXPECT_TRUE(has_line(rs.bout({"ice_beast", "orc_warrior", {}, {}}).not_modelled, "AF_COLD"));
}

// AF_VAMPIRIC: each damaging bite heals 1 + random2(damage), up to the HP the
// knight started with.
TEST(CrawlVampiric, BiteHealsUpToTheStartingHp) {
  const Ruleset& rs = fray::ruleset("crawl");
  const Bout b = rs.bout({"vampire_knight", "player:hp=60,fighting=5,weapon_skill=4,weapon=long_sword", {}, {}});
  EXPECT_TRUE(has_line(b.modelled, "AF_VAMPIRIC"));
  EXPECT_TRUE(b.a_hits_b->exact());
  EXPECT_TRUE(b.a_hits_b->reads().attacker_hp);
  const std::int64_t full = b.a.hp;
  for (const Transition& t : b.a_hits_b->outcomes({full, 0}, {60, 0})) EXPECT_EQ(t.heal, 0);
  // Three HP short: the heal is min(r + 1 + random2(bite), 3), r the knight's
  // regeneration before it acts: HD 11, natural_regen_rate 11 (divider
  // div_rand_round(15 - 11, 4) = 1), so r = 1 with chance 11/25. By hand from
  // the bite's damage: no damaging bite heals r; a bite of v > 0 draws h =
  // 1..v with probability 1/v each, healing min(r + h, 3).
  Monster knight = std::get<Monster>(parse_combatant("vampire_knight", "attacker"));
  ASSERT_EQ(knight.hd, 11);
  knight.attack_index = 1;
  const Outcome bite = exact_outcome(plan_attack(
      knight, parse_combatant("player:hp=60,fighting=5,weapon_skill=4,weapon=long_sword", "defender"), Situation{}));
  const double regen = 11.0 / 25.0;
  double expected = 0, p_damaging = 0;
  for (const auto& [v, pv] : bite.damage_on_hit.items()) {
    if (v <= 0) continue;
    p_damaging += bite.p_hit * pv;
    double mean = 0;
    for (i64 h = 1; h <= v; ++h)
      mean += ((1 - regen) * static_cast<double>(std::min<i64>(h, 3)) +
               regen * static_cast<double>(std::min<i64>(h + 1, 3))) /
              static_cast<double>(v);
    expected += bite.p_hit * pv * mean;
  }
  expected += (1 - p_damaging) * regen;
  double heal = 0;
  for (const Transition& t : b.a_hits_b->outcomes({full - 3, 0}, {60, 0})) {
    heal += t.p * static_cast<double>(t.heal);
    EXPECT_LE(t.heal, 3);
  }
  EXPECT_NEAR(heal, expected, 1e-12);
  // Sampled the same way.
  Rng rng(3);
  double sum = 0;
  const int n = 40000;
  for (int i = 0; i < n; ++i) sum += static_cast<double>(b.a_hits_b->sample({full - 3, 0}, {60, 0}, rng).heal);
  EXPECT_NEAR(sum / n, expected, 0.03);
  // On a monster the bite is listed as left out.
  const Bout m = rs.bout({"vampire_knight", "orc_warrior", {}, {}});
  EXPECT_TRUE(has_line(m.not_modelled, "AF_VAMPIRIC"));
  EXPECT_TRUE(m.a_hits_b->exact());
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

}  // namespace
}  // namespace fray::crawl
