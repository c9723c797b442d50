// How time passes for a DCSS monster (energy.hpp), and DCSS 0.19's monster
// time in attacks and fights: each melee round spends div_rand_round(attack
// energy × monster::attack_delay, 10) energy, (10 + the weapon's delay) / 2
// when its first attack swings the wielded weapon, and takes 10 × that / speed
// aut. Expected times worked out by hand from mon-data.h and itemprop.cc.
#include <gtest/gtest.h>

#include <fray/fight/solve.hpp>
#include <fray/rules/crawl/attack.hpp>
#include <fray/rules/crawl/catalog.hpp>
#include <fray/rules/crawl/energy.hpp>
#include <fray/rules/crawl/poison.hpp>
#include <fray/rules/ruleset.hpp>
#include <string>
#include <utility>
#include <vector>

#include "rules/crawl/duel_checks.hpp"

namespace fray::crawl {
namespace {

using Times = std::vector<std::pair<double, double>>;
using crawl_test::has_line;

Times times(const char* spec, bool ranged = false) { return attack_delays(parse_combatant(spec, "attacker"), ranged); }

TEST(CrawlEnergy, CostIsDivRandRoundOfEnergyTimesDelay) {
  EXPECT_TRUE(action_cost(15, 10).approx_equal(Pmf::point(15)));
  EXPECT_TRUE(action_cost(10, 12).approx_equal(Pmf::point(12)));
  // 45 × 11 = 495: 49 or 50, half each.
  const Pmf c = action_cost(45, 11);
  EXPECT_EQ(c.min(), 49);
  EXPECT_EQ(c.max(), 50);
  EXPECT_NEAR(c[49], 0.5, 1e-15);
  // 5 × 13 = 65: 6 or 7; 7 × 10: 7.
  EXPECT_NEAR(action_cost(5, 13)[7], 0.5, 1e-15);
  EXPECT_TRUE(action_cost(7, 10).approx_equal(Pmf::point(7)));
  EXPECT_EQ(cost_text(action_cost(15, 10)), "15 energy");
  EXPECT_EQ(cost_text(c), "49 or 50 energy");
}

TEST(CrawlEnergy, TimeIsTenTimesCostOverSpeed) {
  EXPECT_EQ(action_times(Pmf::point(15), 10), (Times{{15, 1}}));
  EXPECT_EQ(action_times(Pmf::point(45), 15), (Times{{30, 1}}));
  EXPECT_EQ(action_times(Pmf::point(7), 7), (Times{{10, 1}}));
  EXPECT_EQ(action_times(action_cost(45, 11), 15), (Times{{490.0 / 15, 0.5}, {500.0 / 15, 0.5}}));
  // A speed of 0 is read as 1 (no division by zero).
  EXPECT_EQ(action_times(Pmf::point(10), 0), (Times{{100, 1}}));
}

// A poisoner's rounds of 15 energy at speed 10 (15 aut) tick a monster's
// poison (every 10 aut) 1, 2, 1, 2, ... times: the pattern repeats after 2
// rounds (10 / gcd(10, 15)).
TEST(CrawlEnergy, PoisonTicksFollowTheRoundsTime) {
  EXPECT_EQ(poison_tick_period(10, 15), 2);
  EXPECT_EQ(poison_ticks_at(1, 10, 15), 1);
  EXPECT_EQ(poison_ticks_at(2, 10, 15), 2);
  EXPECT_EQ(poison_ticks_at(3, 10, 15), 1);
  EXPECT_EQ(poison_tick_period(10), 1);  // the default cost, 10: a tick each round
  EXPECT_EQ(poison_tick_period(7, 7), 1);
}

// mon-data.h: the juggernaut ATTACK_ENERGY(45) at speed 15, the deep elf
// master archer MISSILE_ENERGY(5); every other catalog monster's is 10.
TEST(CrawlEnergy, CatalogEnergy) {
  EXPECT_EQ(lookup_monster("juggernaut").energy.attack, 45);
  EXPECT_EQ(lookup_monster("deep_elf_master_archer").energy.missile, 5);
  EXPECT_EQ(lookup_monster("deep_elf_master_archer").energy.attack, 10);
  EXPECT_EQ(lookup_monster("ogre").energy.attack, 10);  // DEFAULT_ENERGY in 0.19 (15 in 0.34)
  EXPECT_EQ(lookup_monster("naga_warrior").energy.move, 14);
  EXPECT_EQ(lookup_monster("spriggan_berserker").energy.move, 6);
  EXPECT_EQ(lookup_monster("orc").energy, MonsterEnergy{});
}

TEST(CrawlEnergy, MonsterRoundTimes) {
  // Unarmed: delay 10, cost = the attack energy.
  EXPECT_EQ(times("ogre"), (Times{{10, 1}}));
  EXPECT_EQ(times("juggernaut"), (Times{{30, 1}}));  // 45 energy at speed 15
  EXPECT_EQ(times("wolf"), (Times{{100.0 / 17, 1}}));
  // Armed (AT_HIT first): (10 + weapon delay) / 2. Mace 14 → 12; giant club 16 → 13.
  EXPECT_EQ(times("orc_warrior:weapon=mace"), (Times{{12, 1}}));
  EXPECT_EQ(times("ogre:weapon=giant_club"), (Times{{13, 1}}));
  // A blademaster (speed 15) with a long sword (14): 12 energy, 8 aut.
  EXPECT_EQ(times("deep_elf_blademaster:weapon=long_sword"), (Times{{8, 1}}));
  // A club (13) in a juggernaut's hands: div_rand_round(45 × 11, 10), 49 or 50.
  EXPECT_EQ(times("juggernaut:weapon=club"), (Times{{490.0 / 15, 0.5}, {500.0 / 15, 0.5}}));
  // An adder bites (AT_BITE): a weapon would not count (monster::weapon of attack 0).
  EXPECT_EQ(times("adder:weapon=mace"), (Times{{100.0 / 13, 1}}));
  // A launcher wielded in melee is the weapon monster::attack_delay reads (longbow 17: 13).
  EXPECT_EQ(times("deep_elf_master_archer:weapon=longbow"), (Times{{13, 1}}));
  // Shots: missile energy 5 × (10 + 17) / 2 = 65, 6 or 7 energy; without a launcher, thrown: delay 10.
  EXPECT_EQ(times("deep_elf_master_archer:weapon=longbow", true), (Times{{6, 0.5}, {7, 0.5}}));
  EXPECT_EQ(times("deep_elf_master_archer:weapon=none,missile=javelin", true), (Times{{5, 1}}));
  // By default it wields the longbow the game always gives it (mon-gear.cc make_mons_weapon).
  EXPECT_EQ(times("deep_elf_master_archer", true), (Times{{6, 0.5}, {7, 0.5}}));
  // Inline: attack_energy= and missile_energy=.
  EXPECT_EQ(times("hd=3,attack_energy=15"), (Times{{15, 1}}));
  EXPECT_EQ(times("hd=3,speed=20,missile_energy=8", true), (Times{{4, 1}}));
}

// The attack answer's time and the fight's, and the notes that say them.
TEST(CrawlEnergy, AttackAndFightUseTheRoundsTime) {
  const Ruleset& rs = fray::ruleset("crawl");
  const std::string player = "player:dex=15,fighting=5,weapon_skill=4,weapon=long_sword,hp=50";
  const AttackSummary a = rs.attack({"orc_warrior:weapon=mace", player, {}, {}});
  EXPECT_EQ(a.attack_time, 12);
  const Bout b = rs.bout({player, "juggernaut:weapon=club", {}, {}});
  EXPECT_EQ(b.b.attack_times, (Times{{490.0 / 15, 0.5}, {500.0 / 15, 0.5}}));
  EXPECT_NEAR(b.b.attack_time, 33, 1e-12);  // 49.5 energy on average
  EXPECT_TRUE(has_line(b.notes,
                       "juggernaut: each melee round spends 49 or 50 energy (div_rand_round(attack energy 45 × delay "
                       "11, 10); delay 11 is the club's (10 + 13) / 2), 32.6667 or 33.3333 aut at speed 15"));
  EXPECT_TRUE(has_line(b.notes, "monster time: a monster gains speed/10 energy an aut"));
  const AttackSummary shot = rs.attack({"deep_elf_master_archer:weapon=longbow,missile=arrow", player, {"ranged"}, {}});
  EXPECT_EQ(shot.attack_time, 6.5);
}

// An orc warrior with a mace takes 12 aut a round, not 10: the 50-HP
// fighter's chance against it goes from 0.0821 (10 aut, before the rounds
// had their energy) to 0.1611; exact, and Monte Carlo agrees. Turns to kill
// take as many rounds, each 12 aut.
TEST(CrawlEnergy, ArmedMonsterDuelChanges) {
  const Ruleset& rs = fray::ruleset("crawl");
  const std::string player = "player:dex=15,fighting=5,weapon_skill=4,weapon=long_sword,hp=50";
  const Bout b = rs.bout({player, "orc_warrior:weapon=mace", {}, {}});
  EXPECT_EQ(b.a.attack_time, 12);
  EXPECT_EQ(b.b.attack_time, 12);
  fight::FightOptions o = crawl_test::quiet(1000);
  const fight::DuelResult d = fight::solve_duel(b, o);
  ASSERT_EQ(d.method, "exact");
  EXPECT_NEAR(d.p_a_wins, 0.16105358299141187, 1e-9);
  crawl_test::expect_exact_duel_agrees(b, 7, false);
  const fight::TtkResult t = fight::solve_ttk(rs.bout({"orc_warrior:weapon=mace", player, {}, {}}), o);
  ASSERT_EQ(t.method, "exact");
  ASSERT_TRUE(t.attacks.has_value());
  EXPECT_NEAR(fight::mean_of(t.time), 12 * t.attacks->mean(), 1e-9);
}

}  // namespace
}  // namespace fray::crawl
