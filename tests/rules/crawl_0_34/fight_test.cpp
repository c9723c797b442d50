// DCSS 0.34 fights: the monsters' time (their energy at their speed), and the
// flavours a fight follows: the player's poison (player.cc
// handle_player_poison, melee-attack.cc mons_do_poison) and AF_VAMPIRIC,
// against hand-worked cases and an independent small calculation.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cmath>

#include <fray/fight/solve.hpp>
#include <fray/rules/crawl/side.hpp>
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
  // The player's states, by its poison duration (you.duration[DUR_POISONING]).
  const auto poisoned = [&b](i64 duration) {
    return crawl::defender_states(*b.a_hits_b).id(crawl::SideState{duration});
  };
  std::map<std::uint32_t, double> by_state;
  for (const Transition& t : b.a_hits_b->outcomes({11, 0}, {6, poisoned(10000)})) by_state[t.defender_state] += t.p;
  EXPECT_NEAR(by_state[poisoned(tick.duration)], 1 - damaging / 3, 1e-12);
  for (int k = 4; k <= 8; ++k) EXPECT_NEAR(by_state[poisoned(tick.duration + 1000 * k)], damaging / 3 / 5, 1e-12) << k;

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

// Whether the player's poison takes too many durations for the exact chain
// is decided before the chain starts, from the poisoner's rounds and the
// player's HP. The cut falls where the chain itself found it (an adder
// reaches more than 4096 durations against 12 HP, not against 11; a killer
// bee against 10, not 9), for turns to kill and duels alike.
TEST(Crawl034Poison, TooManyDurationsDecidedBeforeTheChain) {
  crawl_test::expect_poison_cut("crawl-0.34", 11, 9);
  // The killer bee at the cut: the chain runs within its limit (the player's
  // own turns, its regeneration, left out: b_hits_a null).
  fight::FightOptions o;
  o.monte_carlo.progress = false;
  Bout bee = fray::ruleset("crawl-0.34")
                 .bout({"killer_bee", "player:hp=9,fighting=5,weapon_skill=4,weapon=long_sword", {}, {}});
  bee.b_hits_a = nullptr;
  EXPECT_EQ(fight::solve_ttk(bee, o).method, "exact");
}

// One attack or strike leaves the flavours out: they are a fight's.
TEST(Crawl034Poison, OneAttackListsTheFlavour) {
  const AttackSummary a = fray::ruleset("crawl-0.34").attack({"adder", kWeak, {}, {}});
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
  // Rate 20 + 40/6 = 26 over 12 aut: div_rand_round(312, 10) = 31 (0.8) or 32 (0.2). From a counter of 80:
  // 111 → 1 HP, 11 left; 112 → 1 HP, 12 left.
  ASSERT_EQ(b.a.attack_time, 12.0);
  const auto counter = [&b](int c) { return crawl::attacker_states(*b.a_hits_b).id(crawl::SideState{0, c}); };
  std::map<std::uint32_t, double> by;
  for (const Transition& t : b.a_hits_b->outcomes({30, counter(80)}, {28, 0})) {
    EXPECT_EQ(t.heal, 1);
    by[t.attacker_state] += t.p;
  }
  ASSERT_EQ(by.size(), 2u);
  EXPECT_NEAR(by[counter(11)], 0.8, 1e-12);
  EXPECT_NEAR(by[counter(12)], 0.2, 1e-12);
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

namespace fray::crawl_0_34 {
namespace {

using Times = std::vector<std::pair<double, double>>;

Times round_times(const char* spec, bool ranged = false) {
  return monster_attack_delays(*parse_combatant(spec, "attacker").creature(), ranged);
}

// dat/mons: energy {attack: 15} for the ogre, the two-headed ogre, Sigmund
// and Erolcha (15 aut a round at speed 10), {attack: 45} for the juggernaut
// (30 aut at speed 15), {attack: 7} for the iron golem (10 aut at speed 7),
// {missile: 5} for the deep elf master archer (5 aut a shot, 10 a melee
// round). fight.cc fight_melee and throw.cc mons_throw spend
// div_rand_round(energy × 10, 10), the energy itself, whatever the weapon
// (weapon_adjust_delay of an unbranded weapon is 10).
TEST(Crawl034Energy, MonsterRoundTimes) {
  for (const char* m : {"ogre", "two_headed_ogre", "sigmund", "erolcha", "ogre:weapon=giant_club"})
    EXPECT_EQ(round_times(m), (Times{{15, 1}})) << m;
  EXPECT_EQ(round_times("juggernaut"), (Times{{30, 1}}));
  EXPECT_EQ(round_times("iron_golem"), (Times{{10, 1}}));
  EXPECT_EQ(round_times("deep_elf_master_archer:weapon=shortbow", true), (Times{{5, 1}}));
  EXPECT_EQ(round_times("deep_elf_master_archer:weapon=shortbow"), (Times{{10, 1}}));
  EXPECT_EQ(round_times("orc_warrior:weapon=mace"), (Times{{10, 1}}));  // no weapon delay in 0.34
  EXPECT_EQ(round_times("wolf"), (Times{{100.0 / 17, 1}}));
  EXPECT_EQ(round_times("hd=4,attack_energy=20,speed=8"), (Times{{25, 1}}));
  EXPECT_EQ(lookup_monster("iron_golem").energy.attack, 7);
  EXPECT_EQ(lookup_monster("adder").energy.swim, 6);
  // The answers' times: the attack, the fight, a shot.
  const Ruleset& rs = fray::ruleset("crawl-0.34");
  EXPECT_EQ(rs.attack({"ogre", "player", {}, {}}).attack_time, 15);
  const Bout b = rs.bout({"player:hp=50", "juggernaut", {}, {}});
  EXPECT_EQ(b.b.attack_time, 30);
  EXPECT_TRUE(crawl_test::has_line(
      b.notes,
      "juggernaut: each melee round spends 45 energy (div_rand_round(attack energy 45 × delay 10, 10)), 30 aut "
      "at speed 15"));
  EXPECT_EQ(rs.attack({"deep_elf_master_archer:weapon=shortbow", "player", {"ranged"}, {}}).attack_time, 5);
  const Bout shots =
      rs.bout({"deep_elf_master_archer:weapon=shortbow", "player:hp=50,missile=javelin", {"ranged"}, {}});
  EXPECT_EQ(shots.a.attack_time, 5);
}

// The ogre's 15 aut rounds against the fighter's 12 aut swings: the 50-HP
// fighter wins 76.92 %, where a round of 10 aut (before the rounds had their
// energy) gave 49.87 %. Exact, and Monte Carlo agrees; an ogre of 12 energy
// at speed 8 (15 aut too) fights the same duel.
TEST(Crawl034Energy, OgreDuelChanges) {
  const Ruleset& rs = fray::ruleset("crawl-0.34");
  const std::string player = "player:dex=15,fighting=5,long_blades=4,weapon=long_sword,hp=50";
  const Bout b = rs.bout({player, "ogre", {}, {}});
  EXPECT_EQ(b.a.attack_time, 12);
  EXPECT_EQ(b.b.attack_time, 15);
  const fight::FightOptions o = crawl_test::quiet(1000);
  const fight::DuelResult d = fight::solve_duel(b, o);
  ASSERT_EQ(d.method, "exact");
  EXPECT_NEAR(d.p_a_wins, 0.7692466320089261, 1e-9);
  crawl_test::expect_exact_duel_agrees(b, 11, true);
  const fight::DuelResult same = fight::solve_duel(rs.bout({player, "ogre:attack_energy=12,speed=8", {}, {}}), o);
  EXPECT_NEAR(same.p_a_wins, d.p_a_wins, 1e-12);
  // Turns to kill: as many rounds, each 15 aut.
  const fight::TtkResult t = fight::solve_ttk(rs.bout({"ogre", player, {}, {}}), o);
  ASSERT_EQ(t.method, "exact");
  ASSERT_TRUE(t.attacks.has_value());
  EXPECT_NEAR(fight::mean_of(t.time), 15 * t.attacks->mean(), 1e-9);
}

}  // namespace
}  // namespace fray::crawl_0_34
