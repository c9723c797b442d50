// DCSS regeneration within a fight, both versions' rules (player.cc
// player_regen, player-reacts.cc _regenerate_hp_and_mp, mon-act.cc
// _monster_regenerate, monster.cc natural_regen_rate) and DCSS 0.19's fight
// kernel, against hand-worked cases; exact against Monte Carlo.
#include <gtest/gtest.h>

#include <cmath>
#include <fray/core/error.hpp>
#include <fray/fight/exact.hpp>
#include <fray/fight/monte_carlo.hpp>
#include <fray/fight/solve.hpp>
#include <fray/rules/crawl/regen.hpp>
#include <fray/rules/crawl/side.hpp>
#include <fray/rules/ruleset.hpp>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "fight/sampling.hpp"
#include "rules/crawl/duel_checks.hpp"
#include "support/support.hpp"

namespace fray::crawl {
namespace {

using crawl_test::has_line;

constexpr PlayerRegenRate k019{0, 3, 20, 40};
constexpr PlayerRegenRate k034{20, 6, 0, 80};

TEST(CrawlRegen, PlayerRateByHand) {
  // DCSS 0.19: hp_max/3, half of the excess over 20: 40 → 13; 90 → 30 → 20 + 5 = 25; 2 → 0 → at least 1.
  EXPECT_EQ(player_regen(40, 0, k019), 13);
  EXPECT_EQ(player_regen(90, 0, k019), 25);
  EXPECT_EQ(player_regen(2, 0, k019), 1);
  EXPECT_EQ(player_regen(40, 1, k019), 53);  // a troll leather armour: REGEN_PIP 40
  // DCSS 0.34: 20 + hp_max/6: 40 → 26; 90 → 35; with the armour's 80 → 106.
  EXPECT_EQ(player_regen(40, 0, k034), 26);
  EXPECT_EQ(player_regen(90, 0, k034), 35);
  EXPECT_EQ(player_regen(40, 1, k034), 106);
}

TEST(CrawlRegen, PlayerTurnByHand) {
  // Rate 13 over a 12-aut attack: div_rand_round(156, 10) = 15, or 16 with chance 6/10. From a counter of 90:
  // 105 → 1 HP and 5 left (0.4), 106 → 1 HP and 6 left (0.6).
  const std::vector<RegenTurn> t = player_regen_turn(13, 12, 90);
  ASSERT_EQ(t.size(), 2u);
  EXPECT_DOUBLE_EQ(t[0].p, 0.4);
  EXPECT_EQ(t[0].hp, 1);
  EXPECT_EQ(t[0].counter, 5);
  EXPECT_DOUBLE_EQ(t[1].p, 0.6);
  EXPECT_EQ(t[1].hp, 1);
  EXPECT_EQ(t[1].counter, 6);
  // 13 over 10 aut is exactly 13: one outcome, 13 from 0; 250 hundredths (rate 250) are 2 HP and 50 left.
  ASSERT_EQ(player_regen_turn(13, 10, 0).size(), 1u);
  EXPECT_EQ(player_regen_turn(13, 10, 0)[0].counter, 13);
  EXPECT_EQ(player_regen_turn(250, 10, 0)[0].hp, 2);
  EXPECT_EQ(player_regen_turn(250, 10, 0)[0].counter, 50);
  // Counters reached from 0: steps of 20 reach 0, 20, 40, 60, 80; steps of 13 every value.
  EXPECT_EQ(player_regen_counters(20, {10}, 100), 5u);
  EXPECT_EQ(player_regen_counters(13, {10}, 100), 100u);
  // Sampled: the same two outcomes at their chances (4 standard errors).
  Rng rng(21);
  int sixes = 0;
  const int n = 40000;
  for (int i = 0; i < n; ++i) {
    const RegenTurn s = sample_player_regen_turn(rng, 13, 12, 90);
    ASSERT_EQ(s.hp, 1);
    ASSERT_TRUE(s.counter == 5 || s.counter == 6);
    sixes += s.counter == 6;
  }
  EXPECT_NEAR(static_cast<double>(sixes) / n, 0.6, 4 * std::sqrt(0.24 / n));
}

TEST(CrawlRegen, MonsterChanceByHand) {
  // HD 1: divider div_rand_round(14, 4) is 3 or 4; rate div_rand_round(1, d) is 0 or 1, at least 1: 1/25.
  EXPECT_NEAR(monster_regen_chance({1, false}), 1.0 / 25, 1e-15);
  // HD 4: divider div_rand_round(11, 4) = 3 (3/4) or 2 (1/4); rate 4/3 → 2 (1/3) or 1 (2/3); 4/2 = 2:
  // 1/4 · 2/25 + 3/4 · (1/3 · 2/25 + 2/3 · 1/25) = 0.02 + 0.04 = 0.06.
  EXPECT_NEAR(monster_regen_chance({4, false}), 0.06, 1e-15);
  // HD 11: divider 4/4 = 1, rate 11: 11/25. HD 30: divider max(-15/4, 1) = 1, rate 30 >= 25: always.
  EXPECT_NEAR(monster_regen_chance({11, false}), 0.44, 1e-15);
  EXPECT_DOUBLE_EQ(monster_regen_chance({30, false}), 1.0);
  EXPECT_DOUBLE_EQ(monster_regen_chance({1, true}), 1.0);
  EXPECT_TRUE(fast_regenerator("troll"));
  EXPECT_TRUE(fast_regenerator("deep troll"));
  EXPECT_FALSE(fast_regenerator("orc warrior"));
  // Sampled with the game's three draws: chi-square against the exact chance at HD 4 and HD 1.
  for (const int hd : {1, 4}) {
    Rng rng(static_cast<std::uint64_t>(hd) + 7);
    std::map<std::int64_t, std::uint64_t> counts;
    for (int i = 0; i < 50000; ++i) ++counts[sample_monster_regen(rng, {hd, false}) ? 1 : 0];
    EXPECT_GT(test::chi_square_p(Pmf::bernoulli(monster_regen_chance({hd, false})), counts), 1e-3) << hd;
  }
}

// The regeneration sources a spec names (player.cc _player_bonus_regen,
// player_regen): each pip before the minimum of 1, Trog's Hand's 100 after.
TEST(CrawlRegen, SourcesByHand) {
  RegenSources amulet;
  amulet.amulet = true;
  RegenSources all = amulet;
  all.artefacts = 2;
  all.mutation = 1;
  RegenSources trog;
  trog.trogs_hand = true;
  RegenSources troll;
  troll.troll_leather = true;
  EXPECT_EQ(all.pips(), 4);
  // DCSS 0.19 at 40 HP: 13; an amulet 13 + 40 = 53 (as a troll leather armour); amulet, two Regen artefacts and
  // Regeneration 1: 13 + 4·40 = 173; with Trog's Hand 273.
  EXPECT_EQ(player_regen(40, RegenSources{}, kPlayerRegen_0_19), 13);
  EXPECT_EQ(player_regen(40, amulet, kPlayerRegen_0_19), 53);
  EXPECT_EQ(player_regen(40, troll, kPlayerRegen_0_19), 53);
  EXPECT_EQ(player_regen(40, all, kPlayerRegen_0_19), 173);
  all.trogs_hand = true;
  EXPECT_EQ(player_regen(40, all, kPlayerRegen_0_19), 273);
  // 90 HP: 30 → 20 + 5 = 25, the amulet after the soft cap: 65.
  EXPECT_EQ(player_regen(90, amulet, kPlayerRegen_0_19), 65);
  // Trog's Hand after the minimum: 2 HP → 0 → 1 → 101 (not 100).
  EXPECT_EQ(player_regen(2, trog, kPlayerRegen_0_19), 101);
  // DCSS 0.34 at 40 HP: 26; an amulet 26 + 80 = 106; Regeneration 3: 26 + 240 = 266; Trog's Hand 126.
  EXPECT_EQ(player_regen(40, amulet, kPlayerRegen_0_34), 106);
  RegenSources mut3;
  mut3.mutation = 3;
  EXPECT_EQ(player_regen(40, mut3, kPlayerRegen_0_34), 266);
  EXPECT_EQ(player_regen(40, trog, kPlayerRegen_0_34), 126);
  EXPECT_EQ(regen_sources_text(RegenSources{}, kPlayerRegen_0_19), "");
  EXPECT_EQ(regen_sources_text(all, kPlayerRegen_0_19),
            "an amulet of regeneration, Regen artefacts 2, the Regeneration mutation 1 (REGEN_PIP 40 each), Trog's "
            "Hand (+100)");
}

// The spec keys reach the fight's player turn in both versions: 40 HP, a
// 12-aut long sword (0.34: long blades 4, 14 − 40/20), hurt to 30 HP with its
// counter at 90.
TEST(CrawlRegen, SpecSourcesInTheFight) {
  struct Case {
    const char* rules;
    const char* player;
    i64 heal;
    std::map<int, double> counters;  // the regeneration counter after the turn
  };
  // 0.19: amulet and Trog's Hand: 13 + 40 + 100 = 153; 153·12/10 = 183.6: 183 (0.4) or 184 (0.6); 90 + 183 = 273
  // → 2 HP, counter 73; 274 → 74. 0.34: 26 + 80 + 100 = 206; 247.2: 247 (0.8) or 248 (0.2); 337 → 3 HP, 37; 38.
  const Case cases[] = {
      {"crawl",
       "player:hp=40,fighting=5,weapon_skill=4,weapon=long_sword,amulet=regeneration,trogs_hand",
       2,
       {{73, 0.4}, {74, 0.6}}},
      {"crawl-0.34",
       "player:hp=40,fighting=5,long_blades=4,weapon=long_sword,amulet=regeneration,trogs_hand",
       3,
       {{37, 0.8}, {38, 0.2}}},
  };
  for (const Case& c : cases) {
    const Bout b = fray::ruleset(c.rules).bout({c.player, "orc_warrior", {}, {}});
    ASSERT_EQ(b.a.attack_time, 12.0) << c.rules;
    EXPECT_TRUE(has_line(b.modelled, "; with an amulet of regeneration")) << c.rules;
    EXPECT_TRUE(has_line(b.modelled, "Trog's Hand (+100)")) << c.rules;
    const SideStates& player = attacker_states(*b.a_hits_b);
    const std::uint32_t at90 = player.id(SideState{0, 90});
    std::map<int, double> by;
    for (const Transition& t : b.a_hits_b->outcomes({30, at90}, {20, 0})) {
      EXPECT_EQ(t.heal, c.heal) << c.rules;
      by[player.at(t.attacker_state).counter] += t.p;
    }
    ASSERT_EQ(by.size(), c.counters.size()) << c.rules;
    for (const auto& [state, p] : c.counters) EXPECT_NEAR(by[state], p, 1e-12) << c.rules;
    Rng rng(9);
    for (int i = 0; i < 200; ++i) {
      const Transition t = b.a_hits_b->sample({30, at90}, {20, 0}, rng);
      EXPECT_EQ(t.heal, c.heal) << c.rules;
      EXPECT_TRUE(c.counters.count(player.at(t.attacker_state).counter)) << c.rules;
    }
  }
}

// A troll leather armour and the amulet are the same pip: the same rate, the same fight.
TEST(CrawlRegen, AmuletDuelExactAndSampledAgree) {
  const Bout b = fray::ruleset("crawl").bout(
      {"player:hp=40,fighting=5,weapon_skill=4,weapon=long_sword,amulet=regeneration,regeneration=1",
       "orc_warrior",
       {},
       {}});
  crawl_test::expect_exact_duel_agrees(b, 23, true);
}

TEST(CrawlRegen, BadSourcesAreErrors) {
  for (const char* rules : {"crawl", "crawl-0.34"})
    for (const auto& [spec, word] : {std::pair<const char*, const char*>{"player:amulet=faith", "amulet=faith"},
                                     {"player:regeneration=4", "regeneration"},
                                     {"player:artefact_regen=-1", "artefact_regen"},
                                     {"player:trogs_hand=maybe", "trogs_hand"}}) {
      try {
        (void)fray::ruleset(rules).bout({spec, "orc_warrior", {}, {}});
        ADD_FAILURE() << rules << " " << spec;
      } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find(word), std::string::npos) << e.what();
      }
    }
}

const char* kPlayer40 = "player:hp=40,fighting=5,weapon_skill=4,weapon=long_sword";

TEST(CrawlRegen, KernelsHealOnTheirOwnTurns) {
  const Ruleset& rs = fray::ruleset("crawl");
  const Bout b = rs.bout({kPlayer40, "orc_warrior", {}, {}});
  EXPECT_TRUE(has_line(b.modelled, "player: regeneration"));
  EXPECT_TRUE(has_line(b.modelled, "orc warrior: natural regeneration"));
  EXPECT_FALSE(has_line(b.not_modelled, "regeneration"));
  EXPECT_TRUE(has_line(b.notes, "regeneration:"));
  EXPECT_TRUE(b.a_hits_b->reads().attacker_hp);
  // The warrior (HD 4, 28 HP) below its maximum: 1 HP with chance 0.06 (above), the counter untouched.
  double p1 = 0, total = 0;
  for (const Transition& t : b.b_hits_a->outcomes({20, 0}, {40, 0})) {
    total += t.p;
    if (t.heal == 1) p1 += t.p;
    EXPECT_TRUE(t.heal == 0 || t.heal == 1);
  }
  EXPECT_NEAR(total, 1, 1e-12);
  EXPECT_NEAR(p1, 0.06, 1e-12);
  for (const Transition& t : b.b_hits_a->outcomes({28, 0}, {40, 0})) EXPECT_EQ(t.heal, 0);
  // The player: 40 HP, rate 13, a 12-aut long sword. At full HP nothing and the counter stays 0; at 30 HP with
  // its counter at 90: 1 HP, counter 5 (0.4) or 6 (0.6).
  ASSERT_EQ(b.a.attack_time, 12.0);
  for (const Transition& t : b.a_hits_b->outcomes({40, 0}, {28, 0})) {
    EXPECT_EQ(t.heal, 0);
    EXPECT_EQ(t.attacker_state, 0u);
  }
  const SideStates& player = attacker_states(*b.a_hits_b);
  const std::uint32_t at90 = player.id(SideState{0, 90});
  std::map<std::uint32_t, double> by;
  for (const Transition& t : b.a_hits_b->outcomes({30, at90}, {28, 0})) {
    EXPECT_EQ(t.heal, 1);
    by[t.attacker_state] += t.p;
  }
  ASSERT_EQ(by.size(), 2u);
  EXPECT_NEAR(by[player.id(SideState{0, 5})], 0.4, 1e-12);
  EXPECT_NEAR(by[player.id(SideState{0, 6})], 0.6, 1e-12);
  // Sampled: the same heal.
  Rng rng(5);
  for (int i = 0; i < 200; ++i) EXPECT_EQ(b.a_hits_b->sample({30, at90}, {28, 0}, rng).heal, 1);
  // A troll regenerates every turn below its maximum.
  const Bout t = rs.bout({"troll", kPlayer40, {}, {}});
  EXPECT_TRUE(has_line(t.modelled, "troll: regenerates 1 HP each of its turns"));
  for (const Transition& x : t.a_hits_b->outcomes({t.a.hp - 5, 0}, {40, 0})) EXPECT_EQ(x.heal, 1);
}

// A turn reads its attacker's HP only as how far below its maximum it is,
// up to the most a turn heals (the regeneration's acts, the drain): the
// exact duel with the answers reused across each such class, each class
// checked at every cell, is the duel of the turns asked at every cell.
// Both sides regenerating (0.19's player against an orc warrior and a
// troll, 0.34's against a troll) and a drain (0.34's vampire mosquito).
TEST(CrawlRegen, ExactDuelsReadTheClassesTheyName) {
  for (const auto& [rules, a, b] : std::vector<std::tuple<std::string, std::string, std::string>>{
           {"crawl", kPlayer40, "orc_warrior"},
           {"crawl", "troll", "player:hp=20,fighting=5,weapon_skill=4,weapon=long_sword"},
           {"crawl-0.34", "player:hp=60,xl=10,fighting=8,long_blades=8,weapon=long_sword", "troll"},
           {"crawl-0.34", "player:hp=30,xl=5", "vampire_mosquito"}}) {
    SCOPED_TRACE(rules + ": " + a + " against " + b);
    const Bout bout = fray::ruleset(rules).bout({a, b, {}, {}});
    EXPECT_TRUE(bout.a_hits_b->reads().classes);
    (void)test::expect_classes_hold(bout);
  }
}

// The duel with both sides regenerating is exact (40 x 28 HP x 100 counters
// is within the chain's limit); Monte Carlo at a fixed seed agrees on the
// player's HP at the end (chi-square) and on who wins.
TEST(CrawlRegen, DuelExactAndSampledAgree) {
  const Bout b = fray::ruleset("crawl").bout({kPlayer40, "orc_warrior", {}, {}});
  crawl_test::expect_exact_duel_agrees(b, 17, true);
  fight::FightOptions o;
  o.monte_carlo.progress = false;
  // A 50-HP player against the troll (39 HP) is past the limit: sampled, and it says why.
  o.monte_carlo.sims = 2000;
  const fight::DuelResult big = fight::solve_duel(
      fray::ruleset("crawl").bout({"player:hp=50,fighting=5,weapon_skill=4,weapon=long_sword", "troll", {}, {}}), o);
  EXPECT_EQ(big.method, "monte-carlo");
  EXPECT_NE(big.method_reason.find("regeneration counter"), std::string::npos) << big.method_reason;
}

// Turns to kill follow the troll's regeneration on its own turns (1 HP each
// 10 aut below its maximum, mon-act.cc _monster_regenerate), its attacks
// doing nothing: the 40-HP player (12 aut a swing) needs more than twice the
// attacks it needed when the troll never healed (20.39). Exact, and Monte
// Carlo at a fixed seed agrees on the mean.
TEST(CrawlRegen, TurnsToKillFollowTheDefendersRegeneration) {
  const Bout b = fray::ruleset("crawl").bout({kPlayer40, "troll", {}, {}});
  const fight::TtkResult before = fight::ttk_exact(*b.a_hits_b, b.a, b.b);
  EXPECT_NEAR(before.attacks->mean(), 20.390961399020217, 1e-9);
  fight::FightOptions o = crawl_test::quiet(2000);
  const fight::TtkResult after = fight::solve_ttk(b, o);
  EXPECT_EQ(after.method, "exact");
  EXPECT_NEAR(after.attacks->mean(), 44.154282502698571, 1e-9);
  EXPECT_NEAR(fight::mean_of(after.time), 12 * 44.154282502698571, 1e-7);
  EXPECT_EQ(after.hits_method, "monte-carlo");
  fight::MonteCarloOptions m;
  m.sims = 20000;
  m.seed = 4;
  m.progress = false;
  const fight::TtkResult sampled = fight::ttk_monte_carlo(b, fight::Who::a, m);
  EXPECT_NEAR(sampled.attacks->mean(), after.attacks->mean(), 4.5 * after.attacks->stddev() / std::sqrt(20000.0));
}

}  // namespace
}  // namespace fray::crawl
