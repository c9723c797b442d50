// A situation in a DCSS fight, both versions (src/rules/crawl/fight_situation.hpp):
// the passing conditions (sleeping, unaware) hold for the first attack only,
// the attacks back read the situation turned around, and the flags a fight
// cannot follow are refused. The turns to kill are held to an independent
// chain over the single-attack answers (`fray attack`) with and without the flag.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fray/core/error.hpp>
#include <fray/fight/model.hpp>
#include <fray/fight/solve.hpp>
#include <fray/rules/crawl/regen.hpp>
#include <fray/rules/crawl/side.hpp>
#include <fray/rules/ruleset.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "rules/crawl/duel_checks.hpp"
#include "rules/crawl/mechanics.hpp"
#include "rules/crawl_0_34/mechanics.hpp"
#include "support/support.hpp"

namespace fray::crawl {
namespace {

using crawl_test::has_line;
using crawl_test::kBoth;

// Turns to kill read independently of the fight chain: side a attacks every
// `a_time` aut, b's own turns come every `b_time` aut, both from time 0 (a
// first on a tie: docs/fight.md), b
// regains 1 HP with chance `regen` on each of its turns below its maximum
// `hp`. While b's passing conditions hold a's attack is `held` (a miss, or a
// hit with held.damage_on_hit), then `plain`; a's attack ends them (only one
// that lands when `hit_only`), and b's own turn too unless `asleep`. Returns
// P(kill at a's k-th attack), k = 1..n.
std::vector<double> independent_ttk(const AttackSummary& held, const AttackSummary& plain, std::int64_t hp,
                                    double a_time, double b_time, double regen, bool hit_only, bool asleep, int n) {
  // mass[over][h]: b at h HP, its conditions over or not.
  std::vector<std::vector<double>> mass(2, std::vector<double>(static_cast<std::size_t>(hp) + 1, 0.0));
  mass[0][static_cast<std::size_t>(hp)] = 1;
  std::vector<double> killed;
  int a_done = 0, b_done = 0;
  while (a_done < n) {
    const double ta = a_done * a_time, tb = b_done * b_time;
    if (ta <= tb * (1 + 1e-9)) {
      ++a_done;
      std::vector<std::vector<double>> next(2, std::vector<double>(static_cast<std::size_t>(hp) + 1, 0.0));
      double dead = 0;
      for (int over = 0; over < 2; ++over)
        for (std::int64_t h = 1; h <= hp; ++h) {
          const double m = mass[over][static_cast<std::size_t>(h)];
          if (m == 0) continue;
          const AttackSummary& s = over ? plain : held;
          // A miss: b's conditions end unless only a hit ends them.
          const int after_miss = over || !hit_only ? 1 : 0;
          next[after_miss][static_cast<std::size_t>(h)] += m * (1 - s.p_hit);
          for (const auto& [d, p] : s.damage_on_hit.items()) {
            if (d >= h)
              dead += m * s.p_hit * p;
            else
              next[1][static_cast<std::size_t>(h - d)] += m * s.p_hit * p;
          }
        }
      killed.push_back(dead);
      mass = std::move(next);
    } else {
      ++b_done;
      std::vector<std::vector<double>> next(2, std::vector<double>(static_cast<std::size_t>(hp) + 1, 0.0));
      for (int over = 0; over < 2; ++over)
        for (std::int64_t h = 1; h <= hp; ++h) {
          const double m = mass[over][static_cast<std::size_t>(h)];
          const int now = over || !asleep ? 1 : 0;
          if (h < hp) {
            next[now][static_cast<std::size_t>(h + 1)] += m * regen;
            next[now][static_cast<std::size_t>(h)] += m * (1 - regen);
          } else {
            next[now][static_cast<std::size_t>(h)] += m;
          }
        }
      mass = std::move(next);
    }
  }
  return killed;
}

// The exact turns to kill of `attacker` on an orc of 9 HP at `speed`, in
// situation `lasting` plus the passing flag `flag`, against the independent
// chain over the single attacks with and without `flag`.
void expect_ttk(const char* rules, const std::string& attacker, int speed, const std::string& flag, bool hit_only,
                bool asleep, const std::vector<std::string>& lasting = {}) {
  SCOPED_TRACE(fmt::format("{} {} speed {}", rules, flag, speed));
  const Ruleset& rs = fray::ruleset(rules);
  const std::string defender = fmt::format("orc:hp=9,speed={}", speed);
  std::vector<std::string> given = lasting;
  given.push_back(flag);
  const AttackSummary held = rs.attack({attacker, defender, given, {}});
  const AttackSummary plain = rs.attack({attacker, defender, lasting, {}});
  ASSERT_GT(held.p_hit, plain.p_hit);  // the flag makes a difference to follow
  const Bout b = rs.bout({attacker, defender, given, {}});
  ASSERT_TRUE(b.a.attack_times.empty());                              // a fixed attack time: an exact chain
  const double regen = monster_regen_chance(MonsterRegen{1, false});  // the orc: HD 1
  fight::FightOptions o;
  o.method = fight::FightOptions::Method::exact;
  o.monte_carlo.progress = false;
  const fight::TtkResult t = fight::solve_ttk(b, o);
  ASSERT_EQ(t.method, "exact") << t.method_reason;
  ASSERT_TRUE(t.attacks.has_value());
  const int n = 60;
  const std::vector<double> killed =
      independent_ttk(held, plain, 9, b.a.attack_time, b.b.attack_time, regen, hit_only, asleep, n);
  double total = 0;
  for (double k : killed) total += k;
  EXPECT_NEAR(t.p_kill, 1.0, 1e-9);
  EXPECT_GT(total, 1 - 1e-6);
  for (int k = 1; k <= n; ++k)
    EXPECT_NEAR((*t.attacks)[k] * t.p_kill, killed[static_cast<std::size_t>(k - 1)], 1e-9) << "attack " << k;
}

const char* kStabber = "player:str=14,dex=14,fighting=3";

// A sleeping orc is stabbed surely once (every version: a sure hit, then
// it is awake), then fought as usual; its own turns, asleep, do not wake it.
TEST(CrawlFirstAttack, SleepingStabbedOnceThenFoughtAsUsual) {
  for (const char* rules : kBoth) {
    expect_ttk(rules, kStabber, 10, "sleeping", false, true);
    expect_ttk(rules, kStabber, 5, "sleeping", false, true);
  }
}

// An unaware orc: a stab chance until the first attack on it (0.34: any
// attack, ME_WHACK on a miss too; 0.19: only a hit, handle_phase_hit) or its
// own turn, which comes right after the player's first attack (both start
// at time 0, the player first on the tie).
TEST(CrawlFirstAttack, UnawareUntilAttackedOrItsOwnTurn) {
  for (const char* rules : kBoth)
    for (const int speed : {10, 5}) expect_ttk(rules, kStabber, speed, "unaware", rules == std::string("crawl"), false);
}

// DCSS 0.34: a javelin that misses a sleeping orc wakes it all the same
// (ranged_attack::attack's handle_noise), so only the first throw finds it
// asleep; the player throws every 15 aut, the orc's turns come every 10.
TEST(CrawlFirstAttack, MissileWakesTheSleeperIn034) {
  expect_ttk("crawl-0.34", "player:str=14,dex=14,fighting=3,missile=javelin", 10, "sleeping", false, true, {"ranged"});
}

// The kernels themselves: a's round reads the flag only while b's conditions
// hold; b's attacks back never read a defender's flag as the player's, and
// an asleep b makes no attack until woken.
TEST(CrawlFirstAttack, AttacksBackDoNotReadTheDefendersFlags) {
  for (const char* rules : kBoth) {
    SCOPED_TRACE(rules);
    const Ruleset& rs = fray::ruleset(rules);
    const std::string player = "player:hp=30,str=14,dex=14,fighting=3";
    const Bout slept = rs.bout({player, "orc", {"sleeping"}, {}});
    const Bout plain = rs.bout({player, "orc", {}, {}});
    const std::uint32_t woken = defender_states(*slept.a_hits_b).id(SideState{.over = true});
    const Side a{30, 0}, b_asleep{7, 0}, b_woken{7, woken};
    // The player's first attack is the stab; once the orc is awake, the plain attack.
    const fight::AttackStats stab = fight::attack_stats(*slept.a_hits_b, a, b_asleep, 10);
    const fight::AttackStats after = fight::attack_stats(*slept.a_hits_b, a, b_woken, 10);
    const fight::AttackStats usual = fight::attack_stats(*plain.a_hits_b, a, {7, 0}, 10);
    EXPECT_DOUBLE_EQ(stab.p_hit, rs.attack({player, "orc", {"sleeping"}, {}}).p_hit);
    EXPECT_DOUBLE_EQ(after.p_hit, usual.p_hit);
    EXPECT_DOUBLE_EQ(after.damage_per_attack, usual.damage_per_attack);
    // The orc's attacks back: none while asleep, then as without the flag (the player is not asleep).
    const fight::AttackStats asleep = fight::attack_stats(*slept.b_hits_a, b_asleep, a, 10);
    EXPECT_EQ(asleep.p_hit, 0);
    EXPECT_EQ(asleep.damage_per_attack, 0);
    const fight::AttackStats back = fight::attack_stats(*slept.b_hits_a, b_woken, a, 10);
    const fight::AttackStats usual_back = fight::attack_stats(*plain.b_hits_a, {7, 0}, a, 10);
    EXPECT_DOUBLE_EQ(back.p_hit, usual_back.p_hit);
    EXPECT_DOUBLE_EQ(back.damage_per_attack, usual_back.damage_per_attack);
    // Its turn, asleep, leaves it asleep.
    for (const Transition& t : slept.b_hits_a->outcomes(b_asleep, a)) EXPECT_EQ(t.attacker_state, 0u);
    // The player's attack wakes it whatever it does.
    for (const Transition& t : slept.a_hits_b->outcomes(a, b_asleep)) EXPECT_EQ(t.defender_state, woken);
  }
}

// Invisibility lasts and turns around: the attacker unseen by the defender
// is, in the defender's attacks back, a defender its attacker cannot see.
TEST(CrawlFirstAttack, InvisibilityTurnsAroundInTheAttacksBack) {
  for (const char* rules : kBoth) {
    SCOPED_TRACE(rules);
    const Ruleset& rs = fray::ruleset(rules);
    const std::string player = "player:hp=30,dex=14,shield=buckler,shields_skill=5";
    for (const auto& [given, back] :
         {std::pair{"attacker_invisible", "invisible"}, std::pair{"invisible", "attacker_invisible"}}) {
      SCOPED_TRACE(given);
      const Bout b = rs.bout({player, "orc_warrior", {given}, {}});
      const fight::AttackStats seen = fight::attack_stats(*b.b_hits_a, {b.b.hp, 0}, {30, 0}, b.b.attack_time);
      const AttackSummary one = rs.attack({"orc_warrior", player, {back}, {}});
      EXPECT_NEAR(seen.p_hit, one.p_hit, 1e-12);
      EXPECT_NEAR(seen.damage_per_attack, one.mean_damage(), 1e-12);
      const AttackSummary usual = rs.attack({"orc_warrior", player, {}, {}});
      EXPECT_GT(std::fabs(one.p_hit - usual.p_hit), 1e-6);  // the turned flag counts
    }
    // A flag describing the defender alone is left out of its attacks back, with a note.
    const Bout lit = rs.bout({player, "orc_warrior", {"backlit"}, {}});
    const Bout plain = rs.bout({player, "orc_warrior", {}, {}});
    EXPECT_DOUBLE_EQ(fight::attack_stats(*lit.b_hits_a, {lit.b.hp, 0}, {30, 0}, 10).p_hit,
                     fight::attack_stats(*plain.b_hits_a, {plain.b.hp, 0}, {30, 0}, 10).p_hit);
    EXPECT_TRUE(has_line(lit.notes, "backlit describes the defender's side"));
  }
}

// Exact and sampled fights read the same rule (one turn, two readers).
TEST(CrawlFirstAttack, DuelExactAndSampledAgree) {
  std::uint64_t seed = 11;
  for (const char* rules : kBoth)
    for (const char* flag : {"sleeping", "unaware"}) {
      SCOPED_TRACE(fmt::format("{} {}", rules, flag));
      const Bout b = fray::ruleset(rules).bout({"player:hp=20,str=14,dex=14,fighting=3", "orc", {flag}, {}});
      crawl_test::expect_exact_duel_agrees(b, seed++, true, 40000);
    }
}

// What a fight cannot follow is refused, naming the flag and why.
TEST(CrawlFirstAttack, RefusedFlagsNameThemselves) {
  const std::pair<const char*, const char*> refused[] = {
      {"crawl", "paralyzed"},      {"crawl", "petrified"},       {"crawl", "netted"},      {"crawl", "fleeing"},
      {"crawl-0.34", "paralyzed"}, {"crawl-0.34", "petrified"},  {"crawl-0.34", "caught"}, {"crawl-0.34", "confused"},
      {"crawl-0.34", "fleeing"},   {"crawl-0.34", "constricted"}};
  for (const auto& [rules, flag] : refused) {
    SCOPED_TRACE(fmt::format("{} {}", rules, flag));
    try {
      (void)fray::ruleset(rules).bout({"player", "orc", {flag}, {}});
      ADD_FAILURE() << "not refused";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(fmt::format("{}: {} in a fight: ", rules, flag)), std::string::npos)
          << e.what();
    }
    // One attack in it is still answered.
    EXPECT_GT(fray::ruleset(rules).attack({"player", "orc", {flag}, {}}).p_hit, 0);
  }
  for (const char* rules : kBoth)
    for (const char* flag : {"sleeping", "unaware"})
      EXPECT_THROW((void)fray::ruleset(rules).bout({"orc", "player", {flag}, {}}), Error) << rules << " " << flag;
}

// Every situation flag of each version has its role in a fight.
TEST(CrawlFirstAttack, EveryFlagHasARole) {
  auto names = [](const auto& roles) {
    std::vector<std::string> out;
    for (const auto& r : roles) out.emplace_back(r.name);
    return out;
  };
  const std::vector<std::string> old = names(crawl::fight_flags());
  for (const CatalogEntry& e : fray::ruleset("crawl").catalog(CatalogKind::situations))
    EXPECT_NE(std::find(old.begin(), old.end(), e.name), old.end()) << "crawl " << e.name;
  const std::vector<std::string> now = names(crawl_0_34::fight_flags());
  for (const CatalogEntry& e : fray::ruleset("crawl-0.34").catalog(CatalogKind::situations)) {
    if (e.name == "blocks=N") continue;  // not a flag: a fight counts the blocks itself
    EXPECT_NE(std::find(now.begin(), now.end(), e.name), now.end()) << "crawl-0.34 " << e.name;
  }
}

}  // namespace
}  // namespace fray::crawl
