// Brogue CE's fight mechanics: transference, poison, the regeneration of
// monsters and of the player, the goblin conjurer's blades, jelly splitting
// and weakness, each against a case worked from the game's rule, exact
// against sampled, and the lists of what a fight leaves out.
#include <fray/fight/exact.hpp>
#include <fray/fight/monte_carlo.hpp>
#include <fray/fight/solve.hpp>
#include <fray/rules/brogue/catalog.hpp>
#include <fray/rules/brogue/fight.hpp>
#include <fray/rules/ruleset.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <tuple>

#include "rules/brogue/checks.hpp"
#include "support/support.hpp"

namespace fray {
namespace {

using brogue_test::bout_of;
using brogue_test::counts_of;
using brogue_test::lists;
using brogue_test::mc;

// The exact duel and the sampled one (n fights at `seed`) agree: win chances
// within 4.5 standard errors, each side's HP left by chi-square.
void expect_exact_matches_sampled(const Bout& b, std::uint64_t seed, bool b_hp_left = true) {
  const fight::DuelResult exact = fight::duel_exact(b);
  const std::uint64_t n = 60000;
  const fight::DuelResult sampled = fight::duel_monte_carlo(b, fight::Who::a, mc(n, seed));
  const double se = std::sqrt(std::max(exact.p_a_wins * (1 - exact.p_a_wins), 1e-12) / static_cast<double>(n));
  EXPECT_LE(std::fabs(sampled.p_a_wins - exact.p_a_wins), 4.5 * se + 1e-12) << exact.p_a_wins;
  EXPECT_GT(test::chi_square_p(exact.a_hp_left, counts_of(sampled.a_hp_left, n)), 1e-3);
  if (b_hp_left) {
    EXPECT_GT(test::chi_square_p(exact.b_hp_left, counts_of(sampled.b_hp_left, n)), 1e-3);
  }
}

// Combat.c inflictDamage, worked by hand: the bat (damage 2-6) hitting a
// player at 3 HP regains 9/10 of min(damage, 3), truncated: 2 · 9/10 = 1 for
// a 2, 3 · 9/10 = 2 for anything more; a miss heals nothing.
TEST(BrogueTransference, TheBatRegainsNineTenthsOfWhatItTakes) {
  const Bout b = bout_of("player:regeneration=none", "vampire_bat");
  const Exchange& bat = *b.b_hits_a;
  EXPECT_TRUE(bat.exact());
  bool two = false, more = false;
  for (const Transition& t : bat.outcomes({18, 0}, {3, 0})) {
    const std::int64_t want = t.damage == 0 ? 0 : t.damage == 2 ? 1 : 2;
    EXPECT_EQ(t.heal, want) << t.damage;
    two = two || t.damage == 2;
    more = more || t.damage >= 3;
  }
  EXPECT_TRUE(two && more);
  // Against a full-health player the heal is 9/10 of the damage: 6 → 5.
  for (const Transition& t : bat.outcomes({18, 0}, {40, 0})) EXPECT_EQ(t.heal, t.damage * 9 / 10);
  // The player's own hits heal nothing.
  for (const Transition& t : b.a_hits_b->outcomes({40, 0}, {18, 0})) EXPECT_EQ(t.heal, 0);
  // Time.c playerTurnEnded: a bat whose turn comes at 22 HP (4 past its
  // maximum of 18) is set back to 18 before it attacks: heal -4, plus what
  // its hit drains.
  for (const Transition& t : bat.outcomes({22, 0}, {40, 0})) EXPECT_EQ(t.heal, -4 + t.damage * 9 / 10);
  // The exact duel follows it, and says what it leaves out.
  const auto r = fight::solve_duel(b);
  EXPECT_EQ(r.method, "exact");
  EXPECT_FALSE(lists(r.not_modelled, "transference"));
  EXPECT_TRUE(lists(b.modelled, "transference"));
  EXPECT_TRUE(lists(r.not_modelled, "flits"));
}

// The exact duel with transference and the sampled one agree: win chances
// within 4.5 standard errors, HP left by chi-square.
TEST(BrogueTransference, ExactDuelAgreesWithMonteCarlo) {
  const Bout b = bout_of("player:regeneration=none,weapon=sword,armor=banded_mail,strength=15", "vampire_bat");
  expect_exact_matches_sampled(b, 18);
}

// The transference makes the bat stronger than the same numbers without it:
// a bat whose heal is ignored (an inline monster with its stats) loses more often.
TEST(BrogueTransference, HealingChangesTheOdds) {
  fight::FightOptions o;
  o.monte_carlo.sims = 200000;
  o.monte_carlo.seed = 9;
  o.monte_carlo.progress = false;
  o.method = fight::FightOptions::Method::monte_carlo;
  const auto with = fight::solve_duel(bout_of("player", "vampire_bat"), o);
  const auto without = fight::solve_duel(bout_of("player", "hp=18,defense=25,accuracy=100,damage=2-6/1"), o);
  EXPECT_LT(with.p_a_wins, without.a_wins_ci.lo);
}

TEST(BrogueMechanics, AcidIsFollowedExactly) {
  // Acid is followed exactly: listed as modelled, not as left out.
  const Bout acid = bout_of("player", "acid_mound");
  EXPECT_TRUE(lists(acid.modelled, "MONST_DEFEND_DEGRADE_WEAPON"));
  EXPECT_FALSE(lists(acid.not_modelled, "MONST_DEFEND_DEGRADE_WEAPON"));
}

// The spider's chance to hit the starting player, from the attack layer.
double spider_hit() { return ruleset("brogue").attack({"spider", "player", {}, {}}).p_hit; }

// Combat.c attack / specialHit / addPoison: a spider's hit deals 1 HP and
// leaves its rolled damage (3-4) as turns of poison at 1 HP a turn; the
// player's poison ticks once a player turn (Time.c playerTurnEnded), so
// twice in the spider's 200-tick attack, and the spider's kernel deals those
// ticks before its next attack.
TEST(BroguePoison, AHitBecomesPoisonAndTicksTwiceASpiderAttack) {
  const Bout b = bout_of("spider", "player:regeneration=none");
  const Exchange& spider = *b.a_hits_b;
  EXPECT_TRUE(spider.exact());
  double p_hit = 0;
  std::uint32_t poisoned_state = 0;
  for (const Transition& t : spider.outcomes({20, 0}, {40, 0})) {
    const brogue::FightState d = brogue::fight_state(spider, t.defender_state);
    if (t.hit == 1) {
      p_hit += t.p;
      EXPECT_EQ(t.damage, 1);
      EXPECT_EQ(d.poison_amount, 1);
      EXPECT_TRUE(d.poison_turns == 3 || d.poison_turns == 4) << d.poison_turns;
      if (d.poison_turns == 4) poisoned_state = t.defender_state;
    } else {
      EXPECT_EQ(t.damage, 0);
      EXPECT_EQ(d.poison_turns, 0);
    }
  }
  EXPECT_NEAR(p_hit, spider_hit(), 1e-12);
  ASSERT_NE(poisoned_state, 0u);
  // Poisoned for 4 turns at 1 HP: the next attack first takes 2 HP (two
  // ticks), 2 turns stay; a second hit adds its 3-4 turns and a dose.
  for (const Transition& t : spider.outcomes({20, 0}, {40, poisoned_state})) {
    const brogue::FightState d = brogue::fight_state(spider, t.defender_state);
    if (t.hit == 1) {
      EXPECT_EQ(t.damage, 2 + 1);
      EXPECT_EQ(d.poison_amount, 2);
      EXPECT_TRUE(d.poison_turns == 5 || d.poison_turns == 6) << d.poison_turns;
    } else {
      EXPECT_EQ(t.damage, 2);
      EXPECT_EQ(d.poison_amount, 1);
      EXPECT_EQ(d.poison_turns, 2);
    }
  }
  // The player's attacks on the spider leave its own poison as it is.
  for (const Transition& t : b.b_hits_a->outcomes({40, poisoned_state}, {20, 0}))
    EXPECT_EQ(t.attacker_state, poisoned_state);
  EXPECT_TRUE(lists(b.modelled, "MA_POISONS"));
  EXPECT_FALSE(lists(b.not_modelled, "MA_POISONS"));
}

// Turns to kill worked by hand. A player at 4 HP: the first hit (chance p)
// leaves 3 HP and at least 3 turns of poison; the next attack's two ticks
// leave 1 HP, and a hit then kills (p), else the ticks of the attack after
// do. So the kill comes one attack after the first hit with chance p, two
// attacks after it otherwise.
TEST(BroguePoison, TurnsToKillMatchAHandWorkedChain) {
  const Bout b = bout_of("spider", "player:hp=4,regeneration=none");
  const double p = spider_hit();
  std::vector<std::pair<std::int64_t, double>> want;
  for (int first = 1; first <= 400; ++first) {
    const double reach = p * std::pow(1 - p, first - 1);
    want.emplace_back(first + 1, reach * p);
    want.emplace_back(first + 2, reach * (1 - p));
  }
  const Pmf expected = Pmf::from_pairs(want);
  const fight::TtkResult exact = fight::ttk_exact(*b.a_hits_b, b.a, b.b);
  ASSERT_TRUE(exact.attacks.has_value());
  for (std::int64_t n = 1; n <= 30; ++n) EXPECT_NEAR((*exact.attacks)[n], expected[n], 1e-12) << n;
  const std::uint64_t sims = 60000;
  const fight::TtkResult sampled = fight::ttk_monte_carlo(*b.a_hits_b, b.a, b.b, mc(sims, 5));
  ASSERT_TRUE(sampled.attacks.has_value());
  EXPECT_GT(test::chi_square_p(*exact.attacks, counts_of(*sampled.attacks, sims)), 1e-3);
}

// The exact duel with poison and the sampled one agree (both follow the same
// kernels): win chances within 4.5 standard errors, HP left by chi-square.
TEST(BroguePoison, ExactDuelAgreesWithMonteCarlo) {
  const Bout b = bout_of("player:regeneration=none", "spider");
  expect_exact_matches_sampled(b, 20261123);
}

// Monsters.c decrementMonsterStatus: a troll (turnsBetweenRegen 1) below its
// maximum regains 1 HP every 100 ticks, which its kernel gives back before
// its attack; at its maximum it gains nothing. A bog monster (every 3 turns)
// counts 1000 thousandths a turn and gains 1 HP on the third.
TEST(BrogueRegeneration, TheTrollRegainsAnHpATurnBelowItsMaximum) {
  const Bout b = bout_of("troll", "player:regeneration=none");
  for (const Transition& t : b.a_hits_b->outcomes({60, 0}, {40, 0})) EXPECT_EQ(t.heal, 1);
  for (const Transition& t : b.a_hits_b->outcomes({65, 0}, {40, 0})) EXPECT_EQ(t.heal, 0);
  EXPECT_TRUE(b.a_hits_b->exact());
  EXPECT_TRUE(lists(b.modelled, "regenerates 1 HP every 1 turn (Monsters.c decrementMonsterStatus)"));
  const Bout bog = bout_of("bog_monster", "player:regeneration=none");
  ASSERT_EQ(bog.a.attack_time, 100);
  const Exchange& k = *bog.a_hits_b;
  std::uint32_t s = 0;
  for (const std::int32_t spent : {1000, 2000, 0}) {
    std::uint32_t next = 0;
    for (const Transition& t : k.outcomes({50, s}, {40, 0})) {
      EXPECT_EQ(t.heal, spent == 0 ? 1 : 0);
      EXPECT_EQ(brogue::fight_state(k, t.attacker_state).regen_spent, spent);
      next = t.attacker_state;
    }
    s = next;
  }
}

// A regenerating troll is harder to kill than the same numbers without it,
// and the exact duel agrees with the sampled one.
TEST(BrogueRegeneration, RegenerationChangesTheOdds) {
  const std::string player = "player:weapon=war_axe,strength=19,enchant=3,armor=banded_mail,hp=80";
  const Bout b = bout_of(player, "troll");
  const fight::DuelResult with = fight::duel_exact(b);
  const fight::DuelResult without = fight::duel_exact(bout_of(player, "hp=65,defense=70,accuracy=125,damage=10-15/3"));
  EXPECT_LT(with.p_a_wins, without.p_a_wins - 0.01) << with.p_a_wins << " " << without.p_a_wins;
  const std::uint64_t n = 60000;
  const fight::DuelResult sampled = fight::duel_monte_carlo(b, fight::Who::a, mc(n, 4));
  const double se = std::sqrt(std::max(with.p_a_wins * (1 - with.p_a_wins), 1e-12) / static_cast<double>(n));
  EXPECT_LE(std::fabs(sampled.p_a_wins - with.p_a_wins), 4.5 * se + 1e-12) << with.p_a_wins;
  EXPECT_GT(test::chi_square_p(with.b_hp_left, counts_of(sampled.b_hp_left, n)), 1e-3);
}

// The conjurer's turn worked by hand (Monsters.c monsterSummons: a summon
// when rand_range(0, 3n² + 1) is 0, n the blades alive; GlobalsBrogue.c
// hordeCatalog: 3-5 blades): with no blade, nothing attacks and it summons
// with chance 1/2, 3, 4 or 5 blades alike; with 3 blades, each hits the
// player with the blade's hitProbability for 1 HP, and it summons with
// chance 1/29; with 10, only 8 reach the player.
TEST(BrogueConjurer, ItsTurnIsItsBladesAndASummon) {
  const Bout b = bout_of("player", "goblin_conjurer");
  const Exchange& conj = *b.b_hits_a;
  EXPECT_FALSE(conj.exact());
  double p_summon = 0;
  for (const Transition& t : conj.outcomes({10, 0}, {40, 0})) {
    EXPECT_EQ(t.damage, 0);
    const brogue::FightState s = brogue::fight_state(conj, t.attacker_state);
    if (s.blades > 0) {
      EXPECT_NEAR(t.p, 1.0 / 6, 1e-12);
      EXPECT_TRUE(s.casting);
      p_summon += t.p;
    }
  }
  EXPECT_NEAR(p_summon, 0.5, 1e-12);
  const double pb = ruleset("brogue").attack({"spectral_blade", "player", {}, {}}).p_hit;
  // A number the table has not given is refused.
  EXPECT_THROW((void)brogue::fight_state(conj, 100000), Error);
  // Reach three blades through a summon of three.
  std::uint32_t with3 = 0, with5 = 0;
  for (const Transition& t : conj.outcomes({10, 0}, {40, 0})) {
    const brogue::FightState s = brogue::fight_state(conj, t.attacker_state);
    if (s.blades == 3) with3 = t.attacker_state;
    if (s.blades == 5) with5 = t.attacker_state;
  }
  ASSERT_NE(with3, 0u);
  // Finishing the cast: no summon this turn; the three blades attack.
  std::map<std::int64_t, double> dmg;
  for (const Transition& t : conj.outcomes({10, with3}, {40, 0})) {
    dmg[t.damage] += t.p;
    EXPECT_FALSE(brogue::fight_state(conj, t.attacker_state).casting);
    EXPECT_EQ(brogue::fight_state(conj, t.attacker_state).blades, 3);
  }
  EXPECT_NEAR(dmg[0], std::pow(1 - pb, 3), 1e-12);
  EXPECT_NEAR(dmg[1], 3 * pb * std::pow(1 - pb, 2), 1e-12);
  EXPECT_NEAR(dmg[3], std::pow(pb, 3), 1e-12);
  // Not casting with 3 blades: the summon chance is 1/29.
  std::uint32_t idle3 = 0;
  for (const Transition& t : conj.outcomes({10, with3}, {40, 0})) idle3 = t.attacker_state;
  double p29 = 0;
  for (const Transition& t : conj.outcomes({10, idle3}, {40, 0}))
    if (brogue::fight_state(conj, t.attacker_state).blades > 3) p29 += t.p;
  EXPECT_NEAR(p29, 1.0 / 29, 1e-12);
  // The player kills a blade with a hit and leaves the conjurer's HP alone.
  const double pp = ruleset("brogue").attack({"player", "spectral_blade", {}, {}}).p_hit;
  double p_kill = 0;
  for (const Transition& t : b.a_hits_b->outcomes({40, 0}, {10, with5})) {
    EXPECT_EQ(t.damage, 0);
    if (brogue::fight_state(conj, t.defender_state).blades == 4) p_kill += t.p;
  }
  EXPECT_NEAR(p_kill, pp, 1e-12);
  // With no blade the player attacks the conjurer as `fray attack` does.
  double p_hit = 0;
  for (const Transition& t : b.a_hits_b->outcomes({40, 0}, {10, 0})) p_hit += t.hit == 1 ? t.p : 0;
  EXPECT_NEAR(p_hit, ruleset("brogue").attack({"player", "goblin_conjurer", {}, {}}).p_hit, 1e-12);
  EXPECT_FALSE(b.notes.empty());
  EXPECT_TRUE(lists(b.modelled, "spectral blades"));
  EXPECT_FALSE(lists(b.not_modelled, "spectral blades"));
}

// The conjurer's fight, sampled, against an independent simulation of the
// same rules written here: a blade-first player, blades attacking each turn,
// a cast taking two turns, both sides regenerating.
TEST(BrogueConjurer, SampledFightMatchesAnIndependentSimulation) {
  const Bout b = bout_of("player", "goblin_conjurer");
  const std::uint64_t n = 100000;
  const fight::DuelResult r = fight::duel_monte_carlo(b, fight::Who::a, mc(n, 31));
  const double pb = ruleset("brogue").attack({"spectral_blade", "player", {}, {}}).p_hit;
  const double pp = ruleset("brogue").attack({"player", "spectral_blade", {}, {}}).p_hit;
  const AttackSummary on_conj = ruleset("brogue").attack({"player", "goblin_conjurer", {}, {}});
  ASSERT_EQ(b.a.attack_time, b.b.attack_time);
  Rng rng(99);
  std::uint64_t wins = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    std::int64_t hp = b.a.hp, conj = b.b.hp;
    std::int64_t player_clock = 0, conj_clock = 0;  // thousandths of a turn towards the next HP
    int blades = 0;
    bool casting = false;
    for (int turn = 0; turn < 100000; ++turn) {
      // The player (a) moves first on a tie.
      if (blades > 0) {
        if (rng.unit() < pp) --blades;
      } else if (rng.unit() < on_conj.p_hit) {
        double u = rng.unit();
        for (const auto& [v, q] : on_conj.damage_on_hit.items()) {
          if ((u -= q) < 0 || v == on_conj.damage_on_hit.max()) {
            conj -= v;
            break;
          }
        }
        if (conj <= 0) {
          ++wins;
          break;
        }
      }
      // The player regenerates after its action (30 HP: an HP each 10066
      // thousandths of a turn), the conjurer before its turn (every 20 turns).
      if (hp < 30 && (player_clock += 1000) >= 10066) {
        player_clock -= 10066;
        ++hp;
      }
      if (conj < 10 && (conj_clock += 1000) >= 20000) {
        conj_clock -= 20000;
        ++conj;
      }
      for (int k = 0; k < std::min(blades, 8); ++k) hp -= rng.unit() < pb ? 1 : 0;
      if (casting) {
        casting = false;
      } else if (rng.unit() < 1.0 / (3.0 * blades * blades + 2)) {
        blades += 3 + static_cast<int>(rng.uniform(0, 2));
        casting = true;
      }
      if (hp <= 0) break;
    }
  }
  const double mine = static_cast<double>(wins) / static_cast<double>(n);
  const double se = std::sqrt(mine * (1 - mine) / static_cast<double>(n));
  EXPECT_LE(std::fabs(r.p_a_wins - mine), 4.5 * std::sqrt(2.0) * se + 1e-9) << r.p_a_wins << " vs " << mine;
}

// The conjurer against a monster, worked by hand as against the player
// (Monsters.c monstUseMagic calls monsterSummons whatever it fights): its
// first turn summons with chance 1/2; three blades attack a goblin each with
// the blade's hitProbability against the goblin; the goblin kills a blade
// with its own chance to hit one, and with no blade left attacks the
// conjurer as `fray attack` does. Against a spider (poison) the blades are
// left out, and listed.
TEST(BrogueConjurer, AgainstAMonsterItsBladesFight) {
  const Bout b = bout_of("goblin", "goblin_conjurer");
  const Exchange& conj = *b.b_hits_a;
  const Exchange& goblin = *b.a_hits_b;
  EXPECT_FALSE(conj.exact());
  EXPECT_NE(conj.why_not_exact().find("without bound"), std::string::npos);
  double p_summon = 0;
  std::uint32_t with3 = 0, with5 = 0;
  for (const Transition& t : conj.outcomes({10, 0}, {15, 0})) {
    EXPECT_EQ(t.damage, 0);
    const brogue::FightState s = brogue::fight_state(conj, t.attacker_state);
    if (s.blades > 0) p_summon += t.p;
    if (s.blades == 3) with3 = t.attacker_state;
    if (s.blades == 5) with5 = t.attacker_state;
  }
  EXPECT_NEAR(p_summon, 0.5, 1e-12);
  ASSERT_NE(with3, 0u);
  ASSERT_NE(with5, 0u);
  const double pb = ruleset("brogue").attack({"spectral_blade", "goblin", {}, {}}).p_hit;
  EXPECT_GT(pb, 0.9);  // accuracy 150 against the goblin's defense 10
  std::map<std::int64_t, double> dmg;
  for (const Transition& t : conj.outcomes({10, with3}, {15, 0})) dmg[t.damage] += t.p;
  EXPECT_NEAR(dmg[0], std::pow(1 - pb, 3), 1e-12);
  EXPECT_NEAR(dmg[1], 3 * pb * std::pow(1 - pb, 2), 1e-12);
  EXPECT_NEAR(dmg[2], 3 * pb * pb * (1 - pb), 1e-12);
  EXPECT_NEAR(dmg[3], std::pow(pb, 3), 1e-12);
  const double pg = ruleset("brogue").attack({"goblin", "spectral_blade", {}, {}}).p_hit;
  double p_kill = 0;
  for (const Transition& t : goblin.outcomes({15, 0}, {10, with5})) {
    EXPECT_EQ(t.damage, 0);
    if (brogue::fight_state(conj, t.defender_state).blades == 4) p_kill += t.p;
  }
  EXPECT_NEAR(p_kill, pg, 1e-12);
  const AttackSummary on_conj = ruleset("brogue").attack({"goblin", "goblin_conjurer", {}, {}});
  std::map<std::int64_t, double> hit;
  for (const Transition& t : goblin.outcomes({15, 0}, {10, 0})) hit[t.damage] += t.p;
  for (const auto& [v, q] : on_conj.damage.items()) EXPECT_NEAR(hit[v], q, 1e-12) << v;
  EXPECT_TRUE(lists(b.notes, "each turn up to 8 blades around goblin attack"));
  EXPECT_TRUE(lists(b.modelled, "spectral blades"));
  EXPECT_FALSE(lists(b.not_modelled, "spectral blades"));
  // The conjurer as side a: the same kernels, the other way round.
  const Bout r = bout_of("goblin_conjurer", "goblin");
  EXPECT_FALSE(r.a_hits_b->exact());
  EXPECT_TRUE(lists(r.modelled, "spectral blades"));
  // Opponents whose hits the blade kernels do not carry: listed.
  EXPECT_TRUE(lists(bout_of("spider", "goblin_conjurer").not_modelled, "spectral blades"));
  EXPECT_TRUE(lists(bout_of("goblin_conjurer", "goblin_conjurer").not_modelled, "spectral blades"));
  EXPECT_TRUE(lists(bout_of("pink_jelly", "goblin_conjurer").not_modelled, "spectral blades"));
}

// The conjurer's fight against a goblin, sampled, against an independent
// simulation of the same rules: the goblin (side a, first on a tie)
// regenerating before its attack (Monsters.c decrementMonsterStatus), a
// blade at a time while any is left, then the conjurer; the blades attacking
// the goblin each turn, a cast taking two turns.
TEST(BrogueConjurer, SampledFightAgainstAMonsterMatchesAnIndependentSimulation) {
  const Bout b = bout_of("goblin", "goblin_conjurer");
  const std::uint64_t n = 100000;
  const fight::DuelResult r = fight::duel_monte_carlo(b, fight::Who::a, mc(n, 37));
  const double pb = ruleset("brogue").attack({"spectral_blade", "goblin", {}, {}}).p_hit;
  const double pg = ruleset("brogue").attack({"goblin", "spectral_blade", {}, {}}).p_hit;
  const AttackSummary on_conj = ruleset("brogue").attack({"goblin", "goblin_conjurer", {}, {}});
  const std::int64_t goblin_max = b.a.hp, conj_max = b.b.hp;
  const std::int64_t goblin_period = brogue::lookup_monster("goblin").turns_between_regen * 1000;
  const std::int64_t conj_period = brogue::lookup_monster("goblin_conjurer").turns_between_regen * 1000;
  ASSERT_EQ(b.a.attack_time, b.b.attack_time);
  Rng rng(101);
  std::uint64_t wins = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    std::int64_t hp = goblin_max, conj = conj_max, goblin_clock = 0, conj_clock = 0;
    int blades = 0;
    bool casting = false;
    for (int turn = 0; turn < 100000; ++turn) {
      if (hp < goblin_max && (goblin_clock += 1000) >= goblin_period) {
        goblin_clock -= goblin_period;
        ++hp;
      }
      if (blades > 0) {
        if (rng.unit() < pg) --blades;
      } else if (rng.unit() < on_conj.p_hit) {
        double u = rng.unit();
        for (const auto& [v, q] : on_conj.damage_on_hit.items()) {
          if ((u -= q) < 0 || v == on_conj.damage_on_hit.max()) {
            conj -= v;
            break;
          }
        }
        if (conj <= 0) {
          ++wins;
          break;
        }
      }
      if (conj < conj_max && (conj_clock += 1000) >= conj_period) {
        conj_clock -= conj_period;
        ++conj;
      }
      for (int k = 0; k < std::min(blades, 8); ++k) hp -= rng.unit() < pb ? 1 : 0;
      if (hp <= 0) break;
      if (casting) {
        casting = false;
      } else if (rng.unit() < 1.0 / (3.0 * blades * blades + 2)) {
        blades += 3 + static_cast<int>(rng.uniform(0, 2));
        casting = true;
      }
    }
  }
  const double mine = static_cast<double>(wins) / static_cast<double>(n);
  const double se = std::sqrt(mine * (1 - mine) / static_cast<double>(n));
  EXPECT_GT(mine, 0.05);
  EXPECT_LT(mine, 0.95);
  EXPECT_LE(std::fabs(r.p_a_wins - mine), 4.5 * std::sqrt(2.0) * se + 1e-9) << r.p_a_wins << " vs " << mine;
}

// Combat.c splitMonster worked by hand on a pink jelly (50 HP): a hit of 3
// leaves 47, and the two bodies take (47 + 1) / 2 = 24 each, so the side's
// HP falls by 2; a hit of 4 leaves 46, two bodies of 23. The player then
// hits the body with the fewest HP; both bodies attack.
TEST(BrogueJelly, AHitSplitsTheBodyAndBothAttack) {
  const Bout b = bout_of("player:regeneration=none", "pink_jelly");
  const Exchange& player = *b.a_hits_b;
  const Exchange& jelly = *b.b_hits_a;
  EXPECT_TRUE(player.exact());
  EXPECT_TRUE(jelly.exact());
  std::uint32_t two24 = 0;
  for (const Transition& t : player.outcomes({30, 0}, {50, 0})) {
    const auto bodies = brogue::fight_state(player, t.defender_state).bodies;
    if (t.hit != 1) continue;
    if (t.damage == 2) {
      EXPECT_EQ(bodies, (std::vector<std::int32_t>{24, 24}));
      two24 = t.defender_state;
    }
    if (t.damage == 4) {
      EXPECT_EQ(bodies, (std::vector<std::int32_t>{23, 23}));
    }
  }
  ASSERT_NE(two24, 0u);
  // A hit of 2 on one body of 24: 22 left, two of 11; the bodies 11, 11, 24.
  for (const Transition& t : player.outcomes({30, 0}, {48, two24}))
    if (t.hit == 1 && brogue::fight_state(player, t.defender_state).bodies == std::vector<std::int32_t>{11, 11, 24}) {
      EXPECT_EQ(t.damage, 48 - 46);
    }
  // Two bodies attack: the damage is the sum of two of the jelly's attacks.
  const Pmf one = ruleset("brogue").attack({"pink_jelly", "player", {}, {}}).damage;
  const Pmf two = one + one;
  double total = 0;
  for (const Transition& t : jelly.outcomes({48, two24}, {30, 0})) {
    EXPECT_NEAR(t.p, two[t.damage], 1e-12) << t.damage;
    total += t.p;
  }
  EXPECT_NEAR(total, 1, 1e-12);
  EXPECT_TRUE(lists(b.modelled, "MA_CLONE_SELF_ON_DEFEND"));
  EXPECT_FALSE(lists(b.not_modelled, "MA_CLONE_SELF_ON_DEFEND"));
  // A goblin's hits split it too (Combat.c attack calls splitMonster after
  // any hit); a spider's poison is no part of the jelly's kernels, so
  // against it the jelly fights alone, and says so.
  const Bout goblin = bout_of("goblin", "pink_jelly");
  EXPECT_TRUE(lists(goblin.modelled, "MA_CLONE_SELF_ON_DEFEND"));
  EXPECT_FALSE(lists(goblin.not_modelled, "MA_CLONE_SELF_ON_DEFEND"));
  EXPECT_TRUE(lists(goblin.notes, "every body around goblin (up to 8) attacks each turn"));
  EXPECT_TRUE(lists(bout_of("spider", "pink_jelly").not_modelled, "MA_CLONE_SELF_ON_DEFEND"));
  EXPECT_TRUE(lists(bout_of("pink_jelly", "pink_jelly").not_modelled, "MA_CLONE_SELF_ON_DEFEND"));
}

// Turns to kill a 3-HP jelly, worked by hand: a hit of 3 or more kills it;
// a hit of 2 leaves 1, split into two bodies of 1, and two more hits (each
// kills one) end it. p: the player's chance to hit, q: the damage law.
TEST(BrogueJelly, TurnsToKillMatchAHandWorkedChain) {
  // The player's dagger and a goblin's 2-5 alike: every hit does 2 or more.
  for (const std::string attacker : {"player:regeneration=none", "goblin"}) {
    SCOPED_TRACE(attacker);
    const Bout b = bout_of(attacker, "pink_jelly:hp=3");
    const AttackSummary s = ruleset("brogue").attack({attacker, "pink_jelly", {}, {}});
    const double p = s.p_hit;
    double q_kill = 0;
    for (const auto& [v, q] : s.damage_on_hit.items()) q_kill += v >= 3 ? q : 0;
    const double q_split = s.damage_on_hit[2];
    ASSERT_NEAR(q_kill + q_split, 1, 1e-12);
    std::map<std::int64_t, double> want;
    for (int k = 1; k <= 200; ++k) {
      const double first = p * std::pow(1 - p, k - 1);
      want[k] += first * q_kill;
      for (int j = 2; j <= 200; ++j) want[k + j] += first * q_split * (j - 1) * p * p * std::pow(1 - p, j - 2);
    }
    const fight::TtkResult exact = fight::ttk_exact(*b.a_hits_b, b.a, b.b);
    ASSERT_TRUE(exact.attacks.has_value());
    for (std::int64_t n = 1; n <= 20; ++n) EXPECT_NEAR((*exact.attacks)[n], want[n], 1e-12) << n;
  }
}

// The exact jelly duel and the sampled one agree.
TEST(BrogueJelly, ExactDuelAgreesWithMonteCarlo) {
  const Bout b = bout_of("player:regeneration=none,weapon=sword,armor=banded_mail,strength=15", "pink_jelly");
  expect_exact_matches_sampled(b, 7);
  // A goblin (regenerating every 20 turns) against the jelly's bodies.
  expect_exact_matches_sampled(bout_of("goblin", "pink_jelly"), 8);
}

// Combat.c specialHit / Items.c weaken: each centipede hit the player
// survives adds a point of weakness; the player's next attacks and defense
// are then those of a spec with weakness=1 (its strength 1 lower for weapon
// and armor), as `fray attack` gives them.
TEST(BrogueWeakness, ACentipedesHitWeakensThePlayer) {
  const Bout b = bout_of("player:regeneration=none,weapon=sword,armor=banded_mail,strength=15", "centipede");
  const Exchange& centipede = *b.b_hits_a;
  EXPECT_TRUE(centipede.exact());
  std::uint32_t weak = 0;
  for (const Transition& t : centipede.outcomes({20, 0}, {30, 0})) {
    const brogue::FightState d = brogue::fight_state(centipede, t.defender_state);
    EXPECT_EQ(d.weakened, t.hit == 1 && t.damage > 0 ? 1 : 0);
    if (d.weakened == 1) weak = t.defender_state;
  }
  ASSERT_NE(weak, 0u);
  const std::string weak_player = "player:weapon=sword,armor=banded_mail,strength=15,weakness=1";
  double p_player = 0, p_centipede = 0;
  for (const Transition& t : b.a_hits_b->outcomes({30, weak}, {20, 0})) p_player += t.hit == 1 ? t.p : 0;
  for (const Transition& t : centipede.outcomes({20, 0}, {30, weak})) p_centipede += t.hit == 1 ? t.p : 0;
  EXPECT_NEAR(p_player, ruleset("brogue").attack({weak_player, "centipede", {}, {}}).p_hit, 1e-12);
  EXPECT_NEAR(p_centipede, ruleset("brogue").attack({"centipede", weak_player, {}, {}}).p_hit, 1e-12);
  EXPECT_LT(p_player,
            ruleset("brogue").attack({"player:weapon=sword,armor=banded_mail,strength=15", "centipede", {}, {}}).p_hit);
  EXPECT_TRUE(lists(b.modelled, "MA_CAUSES_WEAKNESS"));
  // Exact and sampled duels agree.
  expect_exact_matches_sampled(b, 12, false);
}

// Items.c updatePlayerRegenerationDelay and PowerTables.c
// turnsForFullRegenInThousandths, worked by hand: at bonus 0 a full
// regeneration takes 1000 x 300 x 65536 / 65536 + 2000 = 302000 thousandths;
// 30 HP gives an HP each 302000 / 30 = 10066, 40 HP each 7550. At bonus 10
// (0.75^10: 3690 / 65536) it takes 300000 x 3690 / 65536 + 2000 = 18891:
// 40 HP is 2 HP a turn for 2 x 18 of them and an HP each 18891 / 4 = 4722
// for the other 4. At 1000 HP: 3 HP a turn (3 x 302), the 94 left each
// 302000 / 94 = 3212. At bonus 50 (and above: clamped) it takes 2000.
TEST(BroguePlayerRegeneration, TheRateFollowsTheGamesFormula) {
  using brogue::player_regeneration;
  EXPECT_EQ(brogue::turns_for_full_regen_thousandths(0), 302000);
  EXPECT_EQ(brogue::turns_for_full_regen_thousandths(10), 18891);
  EXPECT_EQ(brogue::turns_for_full_regen_thousandths(-10), 300000LL * 1163770 / 65536 + 2000);
  EXPECT_EQ(brogue::turns_for_full_regen_thousandths(50), 2000);
  EXPECT_EQ(brogue::turns_for_full_regen_thousandths(99), 2000);
  auto check = [](std::int64_t max_hp, std::int64_t bonus, std::int64_t per_turn, std::int64_t between) {
    const brogue::PlayerRegeneration r = player_regeneration(max_hp, bonus);
    EXPECT_EQ(r.hp_per_turn, per_turn) << max_hp << " " << bonus;
    EXPECT_EQ(r.turns_between_thousandths, between) << max_hp << " " << bonus;
  };
  check(30, 0, 0, 10066);
  check(40, 0, 0, 7550);
  check(40, 10, 2, 4722);
  check(1000, 0, 3, 3212);
  check(30, 50, 14, 1000);
  // The clock's values: 1000 k mod 10066 takes 10066 / 2 of them, mod 7550
  // 7550 / 50; a monster regenerating every 20 turns, 20.
  EXPECT_EQ(brogue::regen_clock_values(10066), 5033);
  EXPECT_EQ(brogue::regen_clock_values(7550), 151);
  EXPECT_EQ(brogue::regen_clock_values(20000), 20);
}

// Time.c playerTurnEnded: below its maximum and not poisoned, the player
// counts 1000 thousandths a turn and gains an HP when they reach 7550 (40
// HP): on its 8th attack (8000, 450 left over) and its 16th (8450); at its
// maximum, or poisoned, it gains nothing and its clock stands still.
TEST(BroguePlayerRegeneration, AnHpOnTheEighthAndSixteenthAttacks) {
  const Bout b = bout_of("player:hp=12,max_hp=40", "hp=20,defense=10,accuracy=100,damage=2-4/1");
  const Exchange& player = *b.a_hits_b;
  EXPECT_TRUE(player.exact());
  EXPECT_TRUE(player.reads().attacker_hp);
  std::uint32_t s = 0;
  for (int attack = 1; attack <= 16; ++attack) {
    std::uint32_t next = 0;
    for (const Transition& t : player.outcomes({12, s}, {20, 0})) {
      EXPECT_EQ(t.heal, attack == 8 || attack == 16 ? 1 : 0) << attack;
      EXPECT_EQ(brogue::fight_state(player, t.attacker_state).regen_spent, attack * 1000 % 7550) << attack;
      next = t.attacker_state;
    }
    s = next;
  }
  for (const Transition& t : player.outcomes({40, s}, {20, 0})) {
    EXPECT_EQ(t.heal, 0);
    EXPECT_EQ(t.attacker_state, s);
  }
  // Poisoned by a spider's hit: no HP and no clock.
  const Bout spider = bout_of("player:hp=12,max_hp=40", "spider");
  std::uint32_t poisoned = 0;
  for (const Transition& t : spider.b_hits_a->outcomes({20, 0}, {12, 0}))
    if (brogue::fight_state(*spider.b_hits_a, t.defender_state).poison_turns > 0) poisoned = t.defender_state;
  ASSERT_NE(poisoned, 0u);
  for (const Transition& t : spider.a_hits_b->outcomes({12, poisoned}, {20, 0})) {
    EXPECT_EQ(t.heal, 0);
    EXPECT_EQ(brogue::fight_state(*spider.a_hits_b, t.attacker_state).regen_spent, 0);
  }
}

// regenPerTurn (a ring of regeneration +50 at 30 HP: 14 HP a turn and one
// each 1000 thousandths): from 20 HP the player gains 15 and stands at 35,
// above its maximum, until Time.c playerTurnEnded sets it back to 30 at the
// end of the turn, after the monsters have acted; its next turn starts at 30
// (heal -5) and gains nothing. A turn whose attack ends the fight ends at 30.
TEST(BroguePlayerRegeneration, RegenPerTurnOvershootsUntilTheTurnEnds) {
  const Bout b = bout_of("player:hp=20,max_hp=30,regeneration=50", "hp=3,defense=70,accuracy=100,damage=1-1/1");
  const Exchange& player = *b.a_hits_b;
  EXPECT_TRUE(player.reads().defender_hp);
  bool kill = false, miss = false;
  for (const Transition& t : player.outcomes({20, 0}, {2, 0})) {
    if (t.damage >= 2) {
      EXPECT_EQ(t.heal, 10);
      kill = true;
    } else {
      EXPECT_EQ(t.heal, 15);
      miss = true;
    }
  }
  EXPECT_TRUE(kill && miss);
  for (const Transition& t : player.outcomes({35, 0}, {3, 0})) EXPECT_EQ(t.heal, -5);
}

// The exact duel of a regenerating player against a monster that does not
// regenerate, against a small calculation written here from the game's
// order: the player attacks, regenerates (Time.c playerTurnEnded), then the
// monster attacks; P(win) and the player's HP when it wins.
TEST(BroguePlayerRegeneration, DuelMatchesAHandWrittenChain) {
  const std::string player = "player:hp=12,max_hp=40";
  const std::string monster = "hp=20,defense=10,accuracy=100,damage=2-4/1";
  const Bout b = bout_of(player, monster);
  ASSERT_EQ(b.a.attack_time, b.b.attack_time);
  EXPECT_TRUE(lists(b.modelled, "player: regenerates 1 HP every 7550/1000 turns"));
  const Pmf hit_m = ruleset("brogue").attack({player, monster, {}, {}}).damage;
  const Pmf hit_p = ruleset("brogue").attack({monster, player, {}, {}}).damage;
  // (player HP, monster HP, clock) → probability.
  std::map<std::tuple<std::int64_t, std::int64_t, std::int64_t>, double> now{{{12, 20, 0}, 1.0}};
  double win = 0;
  std::map<std::int64_t, double> hp_left;
  for (int round = 0; round < 2000 && !now.empty(); ++round) {
    std::map<std::tuple<std::int64_t, std::int64_t, std::int64_t>, double> next;
    for (const auto& [k, p] : now) {
      const auto [h, m, c] = k;
      std::int64_t h2 = h, c2 = c;
      if (h2 < 40 && (c2 += 1000) >= 7550) {
        c2 -= 7550;
        ++h2;
      }
      for (const auto& [d, q] : hit_m.items()) {
        if (m - d <= 0) {
          win += p * q;
          hp_left[h2] += p * q;
          continue;
        }
        for (const auto& [e, r] : hit_p.items())
          if (h2 - e > 0) next[{h2 - e, m - d, c2}] += p * q * r;
      }
    }
    double left = 0;
    for (const auto& [k, p] : next) left += p;
    now = left < 1e-16 ? decltype(now){} : std::move(next);
  }
  const fight::DuelResult exact = fight::duel_exact(b);
  EXPECT_NEAR(exact.p_a_wins, win, 1e-10);
  for (const auto& [h, p] : hp_left) EXPECT_NEAR(exact.a_hp_left[h], p, 1e-10) << h;
  // Without regeneration the player wins less often.
  EXPECT_LT(fight::duel_exact(bout_of(player + ",regeneration=none", monster)).p_a_wins, win - 1e-3);
  expect_exact_matches_sampled(b, 40);
}

// The starting player's clock (5033 values) and a goblin's (20) take more
// conditions together than kMaxRegenClock: the exact duel stops and the fight
// is sampled, with the regeneration, and says why. Turns to kill stay exact
// (the attacker, never hurt, never regenerates; the goblin's clock alone
// moves, on its own turns); with regeneration=none the
// duel is exact and lists the player's regeneration as left out.
TEST(BroguePlayerRegeneration, TheStartingPlayersDuelIsSampled) {
  const Bout b = bout_of("player", "goblin");
  EXPECT_TRUE(lists(b.modelled, "player: regenerates 1 HP every 10066/1000 turns"));
  EXPECT_TRUE(lists(b.modelled, "goblin: regenerates 1 HP every 20 turns (Monsters.c decrementMonsterStatus)"));
  // The notes say how regeneration time is laid on attack time.
  EXPECT_TRUE(lists(b.notes, "regeneration: player's once a turn (one per attack), given with the attack"));
  EXPECT_TRUE(lists(b.notes, "goblin's once per 100 ticks (1 per attack), given before its attack"));
  fight::FightOptions o;
  o.monte_carlo.sims = 2000;
  o.monte_carlo.progress = false;
  const fight::DuelResult r = fight::solve_duel(b, o);
  EXPECT_EQ(r.method, "monte-carlo");
  EXPECT_NE(r.method_reason.find("the regeneration clocks reach more than 200 values together"), std::string::npos)
      << r.method_reason;
  // A fresh bout: the clocks a bout's analyses met add up (RegenWatch), and
  // turns to kill now follow the goblin's on its own turns.
  EXPECT_EQ(fight::solve_ttk(bout_of("player", "goblin"), o).method, "exact");
  const Bout none = bout_of("player:regeneration=none", "goblin");
  EXPECT_TRUE(lists(none.not_modelled, "player: regenerates"));
  EXPECT_TRUE(lists(none.modelled, "goblin: regenerates 1 HP every 20 turns"));
  EXPECT_EQ(fight::solve_duel(none, o).method, "exact");
}

// Slow monster regeneration (Monsters.c decrementMonsterStatus): an ogre
// (every 20 turns, attacking every 200 ticks: two turns an attack) below
// its maximum gains an HP on its 10th attack (20000 thousandths).
TEST(BrogueRegeneration, AnOgreRegainsAnHpEveryTenAttacks) {
  const std::string player = "player:regeneration=none,weapon=sword,armor=banded_mail,strength=15";
  const Bout b = bout_of("ogre", player);
  const Exchange& ogre = *b.a_hits_b;
  EXPECT_TRUE(ogre.exact());
  std::uint32_t s = 0;
  for (int attack = 1; attack <= 10; ++attack) {
    std::uint32_t next = 0;
    for (const Transition& t : ogre.outcomes({40, s}, {30, 0})) {
      EXPECT_EQ(t.heal, attack == 10 ? 1 : 0) << attack;
      EXPECT_EQ(brogue::fight_state(ogre, t.attacker_state).regen_spent, attack * 2000 % 20000) << attack;
      next = t.attacker_state;
    }
    s = next;
  }
  expect_exact_matches_sampled(bout_of(player, "ogre"), 41);
}

}  // namespace
}  // namespace fray
