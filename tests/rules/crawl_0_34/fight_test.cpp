// DCSS 0.34 flavours a fight follows: the player's poison (player.cc
// handle_player_poison, melee-attack.cc mons_do_poison) and AF_VAMPIRIC,
// against hand-worked cases and an independent small calculation.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cmath>

#include <fray/fight/solve.hpp>
#include <fray/rules/crawl_0_34/poison.hpp>
#include <fray/rules/crawl_0_34/ruleset.hpp>
#include <fray/rules/ruleset.hpp>
#include <map>
#include <utility>
#include <vector>

#include "rules/crawl/duel_checks.hpp"
#include "support/support.hpp"

namespace fray::crawl_0_34 {
namespace {

bool has_line(const std::vector<std::string>& list, std::string_view needle) {
  for (const std::string& s : list)
    if (s.find(needle) != std::string::npos) return true;
  return false;
}

// 1/5 of the poison every 10 aut above 5000 (5 x 100 x 10): 10 points (10000)
// drop to 8000, 10 - 8 = 2 HP. 0.19 took a fifteenth: 1 HP.
TEST(Crawl034Poison, TickTakesAFifthEveryTenAut) {
  const PoisonTick t = poison_tick(10000, 10);
  EXPECT_EQ(t.duration, 8000);
  EXPECT_EQ(t.damage, 2);
  // Below 5000 the minimum 0.1 HP/aut, 1000 per 10 aut: 3000 → 2000 → 1000 →
  // 0, 1 HP each.
  i64 d = 3000;
  for (const i64 left : {2000, 1000, 0}) {
    const PoisonTick s = poison_tick(d, 10);
    EXPECT_EQ(s.duration, left);
    EXPECT_EQ(s.damage, 1);
    d = s.duration;
  }
  // Above 250000 the cap of 5 HP/aut: 300 points lose 50 per 10 aut.
  const PoisonTick fast = poison_tick(300000, 10);
  EXPECT_EQ(fast.damage, 50);
  EXPECT_EQ(fast.duration, 250000);
  // Over time, ticked a turn at a time, poison does its points of damage.
  const PoisonTick all = poison_over(23456, 10000);
  EXPECT_EQ(all.damage, 23);
  EXPECT_EQ(all.duration, 0);
  EXPECT_EQ(poison_range("AF_POISON", 2).lo, 4);
  EXPECT_EQ(poison_range("AF_POISON", 2).hi, 8);
}

const char* kWeak = "player:hp=6,fighting=5,long_blades=4,weapon=long_sword";

// The adder's round on a poisoned player: first the poison since its last
// round (100/13 aut), then its bite, which poisons on one damaging hit in 3;
// and the turns it needs to kill a 6-HP player, from an independent chain
// over (HP, poison), with Monte Carlo against it.
TEST(Crawl034Poison, AdderTurnsToKillIncludeThePoison) {
  const Ruleset& rs = fray::ruleset("crawl-0.34");
  const Bout b = rs.bout({"adder", kWeak, {}, {}});
  EXPECT_TRUE(has_line(b.modelled, "adder: AT_BITE attack poisons"));
  EXPECT_FALSE(has_line(b.not_modelled, "AF_POISON"));
  ASSERT_TRUE(b.a_hits_b->exact());
  const Outcome bite =
      exact_outcome(plan_attack(parse_combatant("adder", "attacker"), parse_combatant(kWeak, "defender"), Situation{}));
  ASSERT_TRUE(bite.damage_on_hit.has_value());
  const Pmf& on_hit = *bite.damage_on_hit;
  const double damaging = bite.p_hit * (1 - on_hit[0]);
  const PoisonTick tick = poison_over(10000, 100.0 / 13);
  std::map<std::uint32_t, double> by_state;
  for (const Transition& t : b.a_hits_b->outcomes({11, 0}, {6, 10000})) by_state[t.defender_state] += t.p;
  EXPECT_NEAR(by_state[static_cast<std::uint32_t>(tick.duration)], 1 - damaging / 3, 1e-12);
  for (int k = 4; k <= 8; ++k)
    EXPECT_NEAR(by_state[static_cast<std::uint32_t>(tick.duration + 1000 * k)], damaging / 3 / 5, 1e-12) << k;

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
      for (const auto& [v, pv] : on_hit.items()) {
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
  o.monte_carlo.sims = 20000;
  // The chain above follows the adder's attacks alone: the player's own
  // turns (its regeneration, which turns to kill follow) are left out.
  Bout alone = b;
  alone.b_hits_a = nullptr;
  const fight::TtkResult t = fight::solve_ttk(alone, o);
  ASSERT_EQ(t.method, "exact");
  ASSERT_TRUE(t.attacks.has_value());
  for (int n = 1; n <= 40; ++n) EXPECT_NEAR((*t.attacks)[n], kill_at[static_cast<std::size_t>(n)], 1e-12) << n;
  o.method = fight::FightOptions::Method::monte_carlo;
  o.monte_carlo.seed = 5;
  const fight::TtkResult s = fight::solve_ttk(alone, o);
  ASSERT_TRUE(s.attacks.has_value());
  std::map<std::int64_t, std::uint64_t> counts;
  for (const auto& [n, p] : s.attacks->items()) counts[n] = static_cast<std::uint64_t>(std::llround(p * 20000));
  EXPECT_GT(test::chi_square_p(*t.attacks, counts), 1e-3);
}

// AF_VAMPIRIC: each damaging bite heals 1 + random2(damage), up to the HP the
// knight started with.
// Whether the player's poison takes too many durations for the exact chain
// is decided before the chain starts, from the poisoner's rounds and the
// player's HP. The cut falls where the chain itself found it (an adder
// reaches more than 4096 durations against 12 HP, not against 11; a killer
// bee against 10, not 9), for turns to kill and duels alike.
TEST(Crawl034Poison, TooManyDurationsDecidedBeforeTheChain) {
  const Ruleset& rs = fray::ruleset("crawl-0.34");
  auto player = [](int hp) { return fmt::format("player:hp={},fighting=5,weapon_skill=4,weapon=long_sword", hp); };
  const std::pair<const char*, int> last_exact[] = {{"adder", 11}, {"killer_bee", 9}};
  for (const auto& [monster, hp] : last_exact) {
    EXPECT_TRUE(rs.bout({monster, player(hp), {}, {}}).a_hits_b->exact()) << monster << " " << hp;
    EXPECT_TRUE(rs.bout({player(hp), monster, {}, {}}).b_hits_a->exact()) << monster << " " << hp;
    const Bout past = rs.bout({monster, player(hp + 1), {}, {}});
    EXPECT_FALSE(past.a_hits_b->exact()) << monster;
    EXPECT_NE(past.a_hits_b->why_not_exact().find("poison reaches more than 4096 durations"), std::string::npos);
    EXPECT_FALSE(rs.bout({player(hp + 1), monster, {}, {}}).b_hits_a->exact()) << monster;
  }
  // The killer bee at the cut: the chain runs within its limit (the player's
  // own turns, its regeneration, left out: b_hits_a null).
  fight::FightOptions o;
  o.monte_carlo.progress = false;
  Bout bee = rs.bout({"killer_bee", player(9), {}, {}});
  bee.b_hits_a = nullptr;
  EXPECT_EQ(fight::solve_ttk(bee, o).method, "exact");
  // The player's own attacks carry no poison to follow.
  EXPECT_TRUE(rs.bout({"adder", player(14), {}, {}}).b_hits_a->exact());
}

// AF_COLD (ice beast, HD 5): a hit that does damage adds 5 + random2(10)
// cold damage, 5 .. 14 alike (flavour_damage); a hit of 0 adds none. The
// round's damage law by hand from the hit's, and the sampled round against it.
TEST(Crawl034Element, IceBeastAddsColdDamageToADamagingHit) {
  EXPECT_EQ(element_range("AF_COLD", 5).lo, 5);
  EXPECT_EQ(element_range("AF_COLD", 5).hi, 14);
  EXPECT_EQ(element_range("AF_FIRE", 14).lo, 14);  // balrug: 14 + random2(14)
  EXPECT_EQ(element_range("AF_FIRE", 14).hi, 27);
  EXPECT_FALSE(element_range("AF_PLAIN", 5).adds());
  const Ruleset& rs = fray::ruleset("crawl-0.34");
  const char* me = "player:hp=60,fighting=5,long_blades=4,weapon=long_sword";
  const Bout b = rs.bout({"ice_beast", me, {}, {}});
  EXPECT_TRUE(has_line(b.modelled, "AF_COLD"));
  EXPECT_FALSE(has_line(b.not_modelled, "AF_COLD"));
  ASSERT_TRUE(b.a_hits_b->exact());
  const Outcome hit = exact_outcome(
      plan_attack(parse_combatant("ice_beast", "attacker"), parse_combatant(me, "defender"), Situation{}));
  std::map<std::int64_t, double> expected{{0, 1 - hit.p_hit}};
  for (const auto& [v, pv] : hit.damage_on_hit->items()) {
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

TEST(Crawl034Vampiric, BiteHealsUpToTheStartingHp) {
  const Ruleset& rs = fray::ruleset("crawl-0.34");
  const char* me = "player:hp=60,fighting=5,long_blades=4,weapon=long_sword";
  const Bout b = rs.bout({"vampire_knight", me, {}, {}});
  EXPECT_TRUE(has_line(b.modelled, "AF_VAMPIRIC"));
  EXPECT_TRUE(b.a_hits_b->exact());
  EXPECT_TRUE(b.a_hits_b->reads().attacker_hp);
  const std::int64_t full = b.a.hp;
  for (const Transition& t : b.a_hits_b->outcomes({full, 0}, {60, 0})) EXPECT_EQ(t.heal, 0);
  Combatant knight = parse_combatant("vampire_knight", "attacker");
  std::get<Creature>(knight.who).attack_index = 1;
  const Outcome bite = exact_outcome(plan_attack(knight, parse_combatant(me, "defender"), Situation{}));
  // Three HP short: min(r + 1 + random2(bite), 3), r the knight's
  // regeneration before it acts: HD 11, natural_regen_rate 11 (divider
  // div_rand_round(15 - 11, 4) = 1), so r = 1 with chance 11/25.
  ASSERT_EQ(std::get<Creature>(knight.who).hd, 11);
  const double regen = 11.0 / 25.0;
  double expected = 0, p_damaging = 0;
  for (const auto& [v, pv] : bite.damage_on_hit->items()) {
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
  for (const Transition& t : b.a_hits_b->outcomes({full - 3, 0}, {60, 0})) heal += t.p * static_cast<double>(t.heal);
  EXPECT_NEAR(heal, expected, 1e-12);
  Rng rng(3);
  double sum = 0;
  const int n = 40000;
  for (int i = 0; i < n; ++i) sum += static_cast<double>(b.a_hits_b->sample({full - 3, 0}, {60, 0}, rng).heal);
  EXPECT_NEAR(sum / n, expected, 0.03);
  // The catalog lists the flavours; one attack, or a monster defender, leaves them out.
  const Bout m = rs.bout({"vampire_knight", "orc_warrior", {}, {}});
  EXPECT_TRUE(has_line(m.not_modelled, "AF_VAMPIRIC"));
  const AttackSummary a = rs.attack({"adder", kWeak, {}, {}});
  EXPECT_TRUE(has_line(a.not_modelled, "AF_POISON"));
}

// The knight's heals and both sides' regeneration take the duel through
// higher HP again; the exact chain follows them (a 12-HP player keeps the
// regeneration counter's cells within the chain's limit), and Monte Carlo
// agrees within 4 standard errors.
TEST(Crawl034Vampiric, DuelWithDrainExactAndSampledAgree) {
  const Bout b = fray::ruleset("crawl-0.34")
                     .bout({"player:hp=12,fighting=5,long_blades=4,weapon=long_sword", "vampire_knight", {}, {}});
  crawl_test::expect_exact_duel_agrees(b, 13, false);
}

// DCSS 0.34's regeneration in a fight: the player's rate is 20 + hp_max/6
// (player.cc player_regen), over its own attack delay; a monster's chance is
// 0.19's natural_regen_rate (mon-act.cc _monster_regenerate).
TEST(Crawl034Regen, KernelsHealOnTheirOwnTurns) {
  const Ruleset& rs = fray::ruleset("crawl-0.34");
  const Bout b = rs.bout({"player:hp=40,fighting=5,long_blades=4,weapon=long_sword", "orc_warrior", {}, {}});
  EXPECT_TRUE(has_line(b.modelled, "player: regeneration"));
  EXPECT_TRUE(has_line(b.modelled, "orc warrior: natural regeneration"));
  EXPECT_FALSE(has_line(b.not_modelled, "regeneration"));
  // Rate 20 + 40/6 = 26 over 12 aut: div_rand_round(312, 10) = 31 (0.8) or 32 (0.2). From a counter of 80
  // (the state's bits above the poison's 25): 111 → 1 HP, 11 left; 112 → 1 HP, 12 left.
  ASSERT_EQ(b.a.attack_time, 12.0);
  std::map<std::uint32_t, double> by;
  for (const Transition& t : b.a_hits_b->outcomes({30, 80u << 25}, {28, 0})) {
    EXPECT_EQ(t.heal, 1);
    by[t.attacker_state] += t.p;
  }
  ASSERT_EQ(by.size(), 2u);
  EXPECT_NEAR(by[11u << 25], 0.8, 1e-12);
  EXPECT_NEAR(by[12u << 25], 0.2, 1e-12);
  // The warrior (HD 4) below its maximum: 1 HP with chance 1/4 * 2/25 + 3/4 * (1/3 * 2/25 + 2/3 * 1/25) = 0.06.
  double p1 = 0;
  for (const Transition& t : b.b_hits_a->outcomes({20, 0}, {40, 0}))
    if (t.heal == 1) p1 += t.p;
  EXPECT_NEAR(p1, 0.06, 1e-12);
  // The troll regenerates every turn below its maximum (fast_regen).
  const Bout t = rs.bout({"troll", "player:hp=40,fighting=5,long_blades=4,weapon=long_sword", {}, {}});
  for (const Transition& x : t.a_hits_b->outcomes({t.a.hp - 5, 0}, {40, 0})) EXPECT_EQ(x.heal, 1);
  // The duel is exact (40 x 28 HP x 100 counters), and Monte Carlo at a fixed seed agrees on the player's HP at
  // the end (chi-square).
  crawl_test::expect_exact_duel_agrees(b, 19, true);
}

}  // namespace
}  // namespace fray::crawl_0_34
