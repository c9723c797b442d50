// Brogue CE's monsters that flee near death (MONST_FLEES_NEAR_DEATH): the
// fight ends with the monster escaped once a hit leaves it alive at a
// quarter of its maximum HP or less (Combat.c inflictDamage), or at its own
// turn when it starts there (Monsters.c updateMonsterState); against a chain
// written from that rule, exact against sampled, and the lists of what a
// fight leaves out.
#include <fray/fight/exact.hpp>
#include <fray/fight/monte_carlo.hpp>
#include <fray/fight/solve.hpp>
#include <fray/rules/ruleset.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "rules/brogue/checks.hpp"
#include "support/support.hpp"

namespace fray {
namespace {

// A player whose duel with a wraith is exact (no regeneration clock) and
// brings it near death often.
constexpr const char* kPlayer = "player:weapon=war_axe,strength=19,enchant=3,armor=banded_mail,hp=80,regeneration=none";

using brogue_test::bout_of;
using brogue_test::counts_of;
using brogue_test::lists;
using brogue_test::mc;

using brogue_test::expect_close;

// Combat.c inflictDamage: a wraith (50 HP) flees once a hit leaves it alive
// with maxHP / 4 = 12 HP or less; a hit that kills is a kill.
TEST(BrogueFlee, AHitThatLeavesAQuarterEndsTheFight) {
  const Bout b = bout_of(kPlayer, "wraith");
  EXPECT_EQ(b.b.escape, "flees near death");
  EXPECT_TRUE(b.a.escape.empty());
  EXPECT_TRUE(lists(b.notes, "at 12 HP or less (a quarter of its 50)"));
  // At 13 HP the kernel reads the wraith's HP: 1 damage leaves 12 (escape),
  // 13 or more kills; at 30 HP a hit escapes iff it leaves 12 or less.
  EXPECT_TRUE(b.a_hits_b->reads().defender_hp);
  EXPECT_FALSE(b.a_hits_b->reads().attacker_hp);
  bool escapes = false, kills = false, stays = false;
  for (const std::int64_t hp : {13, 30, 50})
    for (const Transition& t : b.a_hits_b->outcomes({60, 0}, {hp, 0})) {
      const bool want = t.damage > 0 && t.damage < hp && hp - t.damage <= 12;
      EXPECT_EQ(t.escape == Escape::defender, want) << hp << " " << t.damage;
      escapes = escapes || want;
      kills = kills || t.damage >= hp;
      stays = stays || (t.damage > 0 && hp - t.damage > 12);
    }
  EXPECT_TRUE(escapes && kills && stays);
  // The wraith's own attacks on the player never make anyone flee: the
  // player does not flee, and a wraith above its threshold attacks.
  for (const Transition& t : b.b_hits_a->outcomes({30, 0}, {60, 0})) EXPECT_EQ(t.escape, Escape::none);
  // Listed as followed, no longer as left out.
  EXPECT_TRUE(lists(b.modelled, "flees near death"));
  EXPECT_FALSE(lists(b.not_modelled, "flees near death"));
  const fight::DuelResult r = fight::solve_duel(b);
  EXPECT_FALSE(lists(r.not_modelled, "flees near death"));
}

// Turns to kill against a chain written from the rule: from h HP, the
// player's attack (a miss as 0 damage) kills when it deals at least h, makes
// the wraith flee when it leaves 1..12, and else leads to h - d. A miss
// repeats in place, so P(kill from h) = (P(d >= h) + sum over d < h - 12 of
// P(d) P(kill from h - d)) / (1 - P(d = 0)).
TEST(BrogueFlee, TurnsToKillMatchAChainFromTheRule) {
  const Bout b = bout_of(kPlayer, "wraith");
  AttackRequest req;
  req.attacker = kPlayer;
  req.defender = "wraith";
  const Pmf d = ruleset("brogue").attack(req).damage;
  std::vector<double> kill(51, 0.0);
  for (std::int64_t h = 13; h <= 50; ++h) {
    double k = 0;
    for (const auto& [v, p] : d.items()) {
      if (v >= h)
        k += p;
      else if (v > 0 && h - v > 12)
        k += p * kill[static_cast<std::size_t>(h - v)];
    }
    kill[static_cast<std::size_t>(h)] = k / (1 - d[0]);
  }
  const fight::TtkResult r = fight::ttk_exact(*b.a_hits_b, b.a, b.b);
  EXPECT_NEAR(r.p_kill, kill[50], 1e-12);
  EXPECT_NEAR(r.p_escape, 1 - kill[50], 1e-12);
  EXPECT_GT(r.p_escape, 0.4);  // a kill needs one hit taking all of 13 HP or more
  EXPECT_TRUE(test::joined(r.notes).find("the defender runs away before it is killed") != std::string::npos)
      << test::joined(r.notes);
  // solve_ttk adds the wraith's own turns (it regenerates an HP a turn):
  // still exact, every fight a kill or an escape.
  const fight::TtkResult solved = fight::solve_ttk(b);
  EXPECT_EQ(solved.method, "exact");
  EXPECT_NEAR(solved.p_kill + solved.p_escape, 1.0, 1e-12);
  EXPECT_GT(solved.p_escape, 0.3);
  // Sampled: the same p_kill and p_escape.
  const std::uint64_t n = 60000;
  const fight::TtkResult s = fight::ttk_monte_carlo(*b.a_hits_b, b.a, b.b, mc(n, 17));
  expect_close(s.p_kill, r.p_kill, n, "p_kill");
  expect_close(s.p_escape, r.p_escape, n, "p_escape");
  ASSERT_TRUE(r.attacks && s.attacks);
  EXPECT_GT(test::chi_square_p(*r.attacks, counts_of(*s.attacks, static_cast<std::uint64_t>(s.p_kill * n))), 1e-3);
}

// Monsters.c updateMonsterState: a wraith whose turn finds it at 12 HP or
// less runs instead of attacking. Started at 10 HP (hp=10, its maximum still
// 50), it runs on its first turn unless the player's first attack kills it;
// any hit that does not is a flight too.
TEST(BrogueFlee, AMonsterStartingNearDeathRunsOnItsFirstTurn) {
  const Bout b = bout_of(kPlayer, "wraith:hp=10");
  EXPECT_TRUE(b.b_hits_a->reads().attacker_hp);
  const std::vector<Transition> own = b.b_hits_a->outcomes({10, 0}, {60, 0});
  ASSERT_EQ(own.size(), 1u);
  EXPECT_EQ(own[0].escape, Escape::attacker);
  EXPECT_EQ(own[0].damage, 0);
  AttackRequest req;
  req.attacker = kPlayer;
  req.defender = "wraith";
  const Pmf d = ruleset("brogue").attack(req).damage;
  double kills = 0;
  for (const auto& [v, p] : d.items())
    if (v >= 10) kills += p;
  const fight::DuelResult r = fight::duel_exact(b);
  EXPECT_NEAR(r.p_a_wins, kills, 1e-15);
  EXPECT_NEAR(r.p_b_escapes, 1 - kills, 1e-15);
  EXPECT_DOUBLE_EQ(r.p_b_wins, 0.0);
  // The wraith first: it runs at once, after one attack (its flight).
  const fight::DuelResult w = fight::duel_exact(b, fight::Who::b);
  EXPECT_DOUBLE_EQ(w.p_b_escapes, 1.0);
  EXPECT_TRUE(w.length->approx_equal(Pmf::point(1), 0));
  EXPECT_TRUE(w.b_hp_left.approx_equal(Pmf::point(10), 0));
}

// The exact duel and the sampled one agree on every end: the player's
// kills, the wraith's, and the wraith's escapes.
TEST(BrogueFlee, ExactDuelAgreesWithMonteCarlo) {
  const Bout b = bout_of(kPlayer, "wraith");
  const fight::DuelResult exact = fight::duel_exact(b);
  EXPECT_GT(exact.p_b_escapes, 0.3);
  EXPECT_NEAR(exact.p_a_wins + exact.p_b_wins + exact.p_b_escapes, 1.0, 1e-12);
  EXPECT_DOUBLE_EQ(exact.p_a_escapes, 0.0);
  // Every escape leaves the wraith alive at 12 HP or less.
  double low = 0;
  for (std::int64_t hp = 1; hp <= 12; ++hp) low += exact.b_hp_left[hp];
  EXPECT_GE(low, exact.p_b_escapes - 1e-12);
  const std::uint64_t n = 60000;
  const fight::DuelResult sampled = fight::duel_monte_carlo(b, fight::Who::a, mc(n, 23));
  expect_close(sampled.p_a_wins, exact.p_a_wins, n, "p_a_wins");
  expect_close(sampled.p_b_escapes, exact.p_b_escapes, n, "p_b_escapes");
  EXPECT_GT(test::chi_square_p(exact.a_hp_left, counts_of(sampled.a_hp_left, n)), 1e-3);
  EXPECT_GT(test::chi_square_p(exact.b_hp_left, counts_of(sampled.b_hp_left, n)), 1e-3);
  ASSERT_TRUE(exact.length && sampled.length);
  EXPECT_GT(test::chi_square_p(*exact.length, counts_of(*sampled.length, n)), 1e-3);
}

// Every monster that flees near death has it followed in its fights; the
// monkey's stealing in its fights with the player (Combat.c specialHit
// steals only from the player), and listed as left out against a monster.
TEST(BrogueFlee, EveryFleeingMonsterIsFollowed) {
  for (const char* m : {"wraith", "bog_monster", "kraken", "vampire"}) {
    const Bout b = bout_of("player", m);
    EXPECT_EQ(b.b.escape, "flees near death") << m;
    EXPECT_TRUE(lists(b.modelled, "flees near death")) << m;
    EXPECT_FALSE(lists(b.not_modelled, "flees near death")) << m;
  }
  const Bout monkey = bout_of("player", "monkey");
  EXPECT_EQ(monkey.b.escape, "steals and flees");
  EXPECT_TRUE(lists(monkey.modelled, "MA_HIT_STEAL_FLEE"));
  EXPECT_FALSE(lists(monkey.not_modelled, "MA_HIT_STEAL_FLEE"));
  const Bout on_goblin = bout_of("goblin", "monkey");
  EXPECT_TRUE(on_goblin.b.escape.empty());
  EXPECT_TRUE(lists(on_goblin.not_modelled, "MA_HIT_STEAL_FLEE"));
  for (const Transition& t : on_goblin.b_hits_a->outcomes({12, 0}, {15, 0})) EXPECT_EQ(t.escape, Escape::none);
}

// Combat.c specialHit, MA_HIT_STEAL_FLEE: a monkey's hit on the player
// steals when a second hit roll succeeds, and the monkey flees: of each hit
// outcome, the share p_hit ends the fight with the monkey escaped. So the
// monkey escapes after one attack with p_hit², whatever the damage.
TEST(BrogueFlee, TheMonkeyStealsWithASecondHitRollAndFlees) {
  const Bout b = bout_of("player:regeneration=none", "monkey");
  AttackRequest req;
  req.attacker = "monkey";
  req.defender = "player";
  const double q = ruleset("brogue").attack(req).p_hit;
  ASSERT_GT(q, 0.3);
  double fled = 0, hits = 0;
  for (const Transition& t : b.b_hits_a->outcomes({12, 0}, {40, 0})) {
    if (t.escape == Escape::attacker) {
      fled += t.p;
      EXPECT_EQ(t.hit, 1);
    }
    if (t.hit == 1) hits += t.p;
  }
  EXPECT_NEAR(hits, q, 1e-15);
  EXPECT_NEAR(fled, q * q, 1e-15);
  // The duel: exact and sampled agree on the monkey's escapes.
  const fight::DuelResult exact = fight::duel_exact(b);
  EXPECT_GT(exact.p_b_escapes, 0.05);
  EXPECT_NEAR(exact.p_a_wins + exact.p_b_wins + exact.p_b_escapes, 1.0, 1e-12);
  const std::uint64_t n = 60000;
  const fight::DuelResult sampled = fight::duel_monte_carlo(b, fight::Who::a, mc(n, 29));
  expect_close(sampled.p_b_escapes, exact.p_b_escapes, n, "p_b_escapes");
  expect_close(sampled.p_a_wins, exact.p_a_wins, n, "p_a_wins");
  EXPECT_GT(test::chi_square_p(exact.a_hp_left, counts_of(sampled.a_hp_left, n)), 1e-3);
  // Turns to kill drops the monkey's attack, and its stealing with it.
  EXPECT_DOUBLE_EQ(fight::solve_ttk(b).p_escape, 0.0);
}

}  // namespace
}  // namespace fray
