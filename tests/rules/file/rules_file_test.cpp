// fray/rules/rules_file.hpp: the format of docs/rules.md, construct by
// construct, each with the exact answer worked by hand; the sampled reading
// against the exact one; errors at their line and column; the bounds.
#include <gtest/gtest.h>
#include <fray/core/budget.hpp>
#include <fray/fight/solve.hpp>
#include <fray/rules/registry.hpp>
#include <fray/rules/rules_file.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "fight/sampling.hpp"
#include "support/support.hpp"

namespace fray {
namespace rules_file_test {

// A game with hp and the given extra stats, and `program` as its blow.
std::string game(const std::string& program, const std::string& extra = "", const std::string& stats = "") {
  return "[game]\nid = \"t\"\n[stats]\nhp = { default = 10 }\n" + stats + "[attack]\nprogram = '''\n" + program +
         "'''\n" + extra;
}

AttackSummary attack(const std::string& text, const std::string& a = "hp=5", const std::string& d = "hp=5",
                     std::vector<std::string> situation = {}) {
  return read_rules(text)->attack({a, d, std::move(situation), {}});
}

// The damage of a program whose every path returns hit with a fixed damage.
std::int64_t damage_of(const std::string& expr) {
  const AttackSummary s = attack(game("return hit, " + expr + "\n"));
  EXPECT_TRUE(s.damage.is_point()) << expr;
  return s.damage.min();
}

// The error a text gets, as "LINE:COLUMN: reason".
std::string error_of(const std::string& text, const std::string& a = "hp=5") {
  try {
    (void)read_rules(text)->attack({a, "hp=5", {}, {}});
  } catch (const RulesFileError& e) {
    return std::to_string(e.line()) + ":" + std::to_string(e.column()) + ": " + e.reason();
  } catch (const Error& e) {
    return std::string("(no place) ") + e.what();
  }
  return "no error";
}

}  // namespace rules_file_test

using namespace rules_file_test;

TEST(RulesFile, PercentChanceOfADiceRoll) {
  const std::string text =
      game("if percent(a.hit) then\n  return hit, roll(a.damage)\nend\nreturn miss\n", "",
           "hit = { default = 50, min = 0, max = 100 }\ndamage = { type = \"dice\", default = \"1d6\" }\n");
  const AttackSummary s = attack(text, "hit=70,damage=1d8");
  EXPECT_NEAR(s.p_hit, 0.7, 1e-15);
  ASSERT_EQ(s.outcomes.size(), 2u);
  EXPECT_EQ(s.outcomes[0].name, "miss");
  EXPECT_NEAR(s.outcomes[0].p, 0.3, 1e-15);
  EXPECT_NEAR(s.damage[0], 0.3, 1e-15);
  for (int k = 1; k <= 8; ++k) EXPECT_NEAR(s.damage[k], 0.7 / 8, 1e-15) << k;
  for (int k = 1; k <= 8; ++k) EXPECT_NEAR(s.damage_on_hit[k], 1.0 / 8, 1e-15) << k;
  EXPECT_EQ(s.attacker.stats.size(), 3u);
}

TEST(RulesFile, ArithmeticAsCDoesIt) {
  EXPECT_EQ(damage_of("div(-7, 2) + 10"), 7);  // towards zero: -3
  EXPECT_EQ(damage_of("mod(-7, 2) + 10"), 9);  // the sign of the dividend: -1
  EXPECT_EQ(damage_of("div(7, -2) + 10"), 7);
  EXPECT_EQ(damage_of("round(2.5)"), 3);  // halves away from zero
  EXPECT_EQ(damage_of("round(-2.5) + 10"), 7);
  EXPECT_EQ(damage_of("floor(-0.5) + 10"), 9);
  EXPECT_EQ(damage_of("ceil(1.2)"), 2);
  EXPECT_EQ(damage_of("trunc(-1.5) + 10"), 9);
  EXPECT_EQ(damage_of("floor(7 / 2)"), 3);  // '/' is real division
  EXPECT_EQ(damage_of("min(4, 9, 2) + max(1, 3)"), 5);
  EXPECT_EQ(damage_of("clamp(12, 0, 10) + clamp(-3, 0, 10)"), 10);
  EXPECT_EQ(damage_of("abs(-4) * 2 - 1"), 7);
  EXPECT_EQ(damage_of("if(3 > 2 and not false, 4, 5)"), 4);
  EXPECT_EQ(damage_of("if(1 == 2 or 2 != 2, 4, 5)"), 5);
  EXPECT_EQ(damage_of("2 + 3 * 4 - (1 + 1)"), 12);
  EXPECT_EQ(damage_of("floor(if(true, 1, 2.5))"), 1);
  EXPECT_EQ(damage_of("pick(2, 10, 20, 30, 40)"), 30);  // a table, from 0
  EXPECT_EQ(damage_of("round(pick(1, 10, 2.5))"), 3);
  EXPECT_EQ(error_of(game("return hit, pick(4, 1, 2)\n")), "7:13: pick(4, ...): no value 4 among its 2 (0..1)");
}

TEST(RulesFile, NamedValuesAndBranches) {
  const std::string text = game(
      "x = d4\n"
      "if x == 1 then\n  return miss\nelif x <= 3 then\n  y = x * 10\n  return hit, y\nelse\n  return critical, "
      "100\nend\n",
      "[outcomes]\nmiss = \"misses\"\nhit = \"lands\"\ncritical = \"lands\"\n");
  const AttackSummary s = attack(text);
  ASSERT_EQ(s.outcomes.size(), 3u);
  EXPECT_EQ(s.outcomes[2].name, "critical");
  EXPECT_NEAR(s.outcomes[0].p, 0.25, 1e-15);
  EXPECT_NEAR(s.outcomes[1].p, 0.5, 1e-15);
  EXPECT_NEAR(s.outcomes[2].p, 0.25, 1e-15);
  EXPECT_NEAR(s.p_hit, 0.75, 1e-15);
  EXPECT_NEAR(s.damage[20], 0.25, 1e-15);
  EXPECT_NEAR(s.damage[30], 0.25, 1e-15);
  EXPECT_NEAR(s.damage[100], 0.25, 1e-15);
}

TEST(RulesFile, RandomSteps) {
  // rand(n) is 0..n-1, randint(n) 1..n, range(lo, hi) lo..hi.
  AttackSummary s = attack(game("return hit, rand(4) + 10 * randint(2) + 100 * range(3, 4)\n"));
  EXPECT_EQ(s.damage.min(), 310);
  EXPECT_EQ(s.damage.max(), 423);
  EXPECT_NEAR(s.damage[310], 1.0 / 16, 1e-15);
  EXPECT_NEAR(s.damage[423], 1.0 / 16, 1e-15);
  // dice(n, s) and a dice literal: 2d6 is 7 with chance 6/36.
  s = attack(game("return hit, dice(1 + 1, 6)\n"));
  EXPECT_NEAR(s.damage[7], 6.0 / 36, 1e-15);
  s = attack(game("return hit, 2d6\n"));
  EXPECT_NEAR(s.damage[2], 1.0 / 36, 1e-15);
  // roll() of a choice among dice stats draws the one chosen.
  const std::string two_dice =
      "d1 = { type = \"dice\", default = \"1d4\" }\nd2 = { type = \"dice\", default = \"3d6\" }\n";
  s = attack(game("return hit, roll(pick(1, a.d1, a.d2)) + roll(if(false, a.d2, a.d1))\n", "", two_dice));
  EXPECT_EQ(s.damage.min(), 4);
  EXPECT_EQ(s.damage.max(), 22);
  EXPECT_EQ(std::get<std::int64_t>(*find_field(s.details, "paths")), 16 * 4);
  EXPECT_EQ(error_of(game("x = a.d1\nreturn hit, 1\n", "", two_dice)).substr(0, 30), "9:5: 'x' would hold dice: roll");
  EXPECT_EQ(error_of(game("return hit, a.d1\n", "", two_dice)),
            "9:13: the damage must be an integer, not dice: roll them with roll(...)");
  s = attack(game("return hit, roll(\"4d6kh3\")\n"));
  EXPECT_NEAR(s.damage[18], 21.0 / 1296, 1e-15);
  EXPECT_EQ(attack(game("return hit, dice(0, 6)\n")).damage.max(), 0);
  // chance(p) and percent(x).
  s = attack(game("if chance(0.25) and percent(40) then\n return hit, 1\nend\nreturn miss\n"));
  EXPECT_NEAR(s.p_hit, 0.1, 1e-15);
}

TEST(RulesFile, AComparedUniformStepIsOneYesOrNo) {
  // randint(5000) <= 37 has 2 paths, not 5000, and the chance 37/5000.
  AttackSummary s = attack(game("if randint(5000) <= 37 then\n return hit, 1\nend\nreturn miss\n"));
  EXPECT_NEAR(s.p_hit, 37.0 / 5000, 1e-15);
  EXPECT_EQ(std::get<std::int64_t>(*find_field(s.details, "paths")), 2);
  s = attack(game("if 37 >= randint(5000) then\n return hit, 1\nend\nreturn miss\n"));
  EXPECT_NEAR(s.p_hit, 37.0 / 5000, 1e-15);
  s = attack(game("if rand(100) < 12 then\n return hit, 1\nend\nreturn miss\n"));
  EXPECT_NEAR(s.p_hit, 0.12, 1e-15);
  s = attack(game("if rand(100) != 5 then\n return hit, 1\nend\nreturn miss\n"));
  EXPECT_NEAR(s.p_hit, 0.99, 1e-15);
  s = attack(game("if 2d6 >= 10 then\n return hit, 1\nend\nreturn miss\n"));
  EXPECT_NEAR(s.p_hit, 6.0 / 36, 1e-15);
  EXPECT_EQ(std::get<std::int64_t>(*find_field(s.details, "paths")), 2);
  // A sum of a step is not a single comparison: every value is a path.
  s = attack(game("if d20 + 0 >= 15 then\n return hit, 1\nend\nreturn miss\n"));
  EXPECT_NEAR(s.p_hit, 6.0 / 20, 1e-15);
  EXPECT_EQ(std::get<std::int64_t>(*find_field(s.details, "paths")), 20);
  // Sure and impossible comparisons draw nothing in the exact reading.
  s = attack(game("if randint(6) <= 6 then\n return hit, 1\nend\nreturn miss\n"));
  EXPECT_EQ(s.p_hit, 1.0);
}

TEST(RulesFile, SampledStrikesFollowTheExactLaw) {
  const std::string text = game(
      "r = randint(5000)\n"
      "if randint(100) <= a.skill then\n"
      "  d = roll(a.damage)\n"
      "  if r <= 900 then\n    return critical, 2 * d + 5\n  end\n"
      "  return hit, d\nend\nreturn miss\n",
      "[outcomes]\nmiss = \"misses\"\nhit = \"lands\"\ncritical = \"lands\"\n",
      "skill = { default = 60 }\ndamage = { type = \"dice\", default = \"2d4\" }\n");
  const auto rules = read_rules(text);
  const AttackSummary exact = rules->attack({"hp=5", "hp=5", {}, {}});
  const StrikeRun run = rules->strike({{"hp=5", "hp=5", {}, {}}, 20260, 60000});
  std::map<std::int64_t, std::uint64_t> counts;
  // The strikes traced (the first kMaxTraced) and the totals.
  for (const Strike& st : run.strikes) ++counts[st.damage];
  EXPECT_GT(test::chi_square_p(exact.damage, counts), 1e-4);
  const double n = static_cast<double>(run.count);
  const double se = std::sqrt(exact.damage.variance() / n);
  EXPECT_NEAR(run.mean_damage(), exact.mean_damage(), 5 * se);
  EXPECT_NEAR(static_cast<double>(run.hits) / n, exact.p_hit, 5 * std::sqrt(0.25 / n));
  // Each draw is traced under the value it was for, with its call.
  const Strike& first = run.strikes.front();
  ASSERT_GE(first.draws.size(), 2u);
  EXPECT_EQ(first.draws[0].label, "r");
  EXPECT_EQ(first.draws[0].call, "randint(5000)");
  EXPECT_EQ(first.draws[1].label, "if");
  EXPECT_NE(find_field(first.rolls, "r"), nullptr);
}

TEST(RulesFile, BlowsMakeATurn) {
  // Two blows of 1 damage at 50 %: a turn does 0, 1, 2 with 1/4, 1/2, 1/4;
  // to kill 2 HP takes 20/9 turns on average (E2 = 1 + E2/4 + E1/2, E1 = 4/3).
  const std::string text = game("if chance(0.5) then\n return hit, 1\nend\nreturn miss\n", "", "");
  std::string two = text;
  two.replace(two.find("[attack]\n"), 9, "[attack]\nblows = 2\n");
  const auto rules = read_rules(two);
  const AttackSummary s = rules->attack({"hp=5", "hp=2", {}, {}});
  EXPECT_EQ(std::get<std::int64_t>(*find_field(s.details, "blows")), 2);
  EXPECT_NEAR(s.p_hit, 0.5, 1e-15);  // one blow
  const fight::TtkResult ttk = fight::solve_ttk(rules->bout({"hp=5", "hp=2", {}, {}}));
  EXPECT_EQ(ttk.method, "exact");
  ASSERT_TRUE(ttk.attacks.has_value());
  EXPECT_NEAR(ttk.attacks->mean(), 20.0 / 9, 1e-12);
  EXPECT_NEAR((*ttk.attacks)[1], 0.25 / 1, 1e-12);
}

TEST(RulesFile, EachBlowKnowsItsNumber) {
  std::string text = game("return hit, blow * 10\n");
  text.replace(text.find("[attack]\n"), 9, "[attack]\nblows = 3\n");
  const auto rules = read_rules(text);
  const Bout bout = rules->bout({"hp=5", "hp=100", {}, {}});
  const auto turn = bout.a_hits_b->outcomes({5, 0}, {100, 0});
  ASSERT_EQ(turn.size(), 1u);
  EXPECT_EQ(turn[0].damage, 60);
  Rng rng(3);
  EXPECT_EQ(bout.a_hits_b->sample({5, 0}, {100, 0}, rng).damage, 60);
  EXPECT_EQ(rules->attack({"hp=5", "hp=5", {}, {}}).damage.min(), 10);  // the first blow
}

TEST(RulesFile, TimeAndTheOrderOfTurns) {
  std::string text = game("return hit, 1\n", "", "speed = { type = \"real\", default = 1.0, min = 0.1, max = 10 }\n");
  text.replace(text.find("[attack]\n"), 9, "[attack]\ntime = \"10 / a.speed\"\n");
  const auto rules = read_rules(text);
  const Bout bout = rules->bout({"hp=3,speed=2", "hp=3", {}, {}});
  EXPECT_DOUBLE_EQ(bout.a.attack_time, 5.0);
  EXPECT_DOUBLE_EQ(bout.b.attack_time, 10.0);
  // a attacks at 0 and 5 and 10 (first on the tie): it kills b's 3 HP before b's second blow.
  const fight::DuelResult duel = fight::solve_duel(bout);
  EXPECT_NEAR(duel.p_a_wins, 1.0, 1e-12);
  EXPECT_NEAR(rules->attack({"hp=3,speed=2", "hp=3", {}, {}}).attack_time, 5.0, 1e-15);
}

TEST(RulesFile, CatalogsSituationsAndSpecs) {
  const std::string text = game(
      "if situation.sleeping then\n return hit, roll(a.damage)\nend\n"
      "if percent(clamp(a.hit - d.ac, 0, 100)) then\n return hit, roll(a.damage)\nend\nreturn miss\n",
      "[situations]\nsleeping = \"the defender sleeps\"\n"
      "[[monsters]]\nname = \"Cave orc\"\nhp = 11\nac = 10\nhit = 40\ndamage = \"1d8\"\n"
      "[[weapons]]\nname = \"long sword\"\ndamage = \"2d5\"\n"
      "[[armors]]\nname = \"mail\"\nac = 30\n"
      "[[classes]]\nname = \"warrior\"\nhit = 80\n",
      "hit = { default = 50, min = 0, max = 200 }\nac = { default = 0 }\ndamage = { type = \"dice\", default = \"1d4\" "
      "}\n");
  const auto rules = read_rules(text);
  // A class, a weapon and an armor set stats; the spec's own keys come last.
  AttackSummary s = rules->attack({"class=warrior,weapon=long_sword", "cave_orc:armor=mail", {}, {}});
  EXPECT_NEAR(s.p_hit, 0.5, 1e-15);                 // 80 - 30
  EXPECT_NEAR(s.damage_on_hit.mean(), 6.0, 1e-12);  // 2d5
  EXPECT_EQ(s.equipment.size(), 3u);
  s = rules->attack({"class=warrior,hit=45", "cave_orc", {}, {}});
  EXPECT_NEAR(s.p_hit, 0.35, 1e-15);
  s = rules->attack({"hit=0", "cave_orc", {"sleeping"}, {}});
  EXPECT_NEAR(s.p_hit, 1.0, 1e-15);
  // The catalogs and the keys.
  const auto kinds = rules->catalogs();
  EXPECT_EQ(kinds.size(), 6u);
  EXPECT_EQ(rules->catalog(CatalogKind::monsters).front().name, "cave_orc");
  const auto keys = rules->catalog(CatalogKind::keys);
  EXPECT_EQ(keys.front().name, "hp");  // in the file's order
  EXPECT_EQ(keys[1].name, "hit");
  EXPECT_EQ(keys.back().name, "armor");
  // Bad specs name the key.
  EXPECT_THROW((void)rules->attack({"weapon=axe", "cave_orc", {}, {}}), Error);
  EXPECT_THROW((void)rules->attack({"hit=300", "cave_orc", {}, {}}), Error);
  EXPECT_THROW((void)rules->attack({"speed=3", "cave_orc", {}, {}}), Error);
  EXPECT_THROW((void)rules->attack({"goblin", "cave_orc", {}, {}}), Error);
  EXPECT_THROW((void)rules->attack({"hit=1", "cave_orc", {"awake"}, {}}), Error);
}

TEST(RulesFile, IncludesReadCatalogsBesideTheFile) {
  const auto dir = std::filesystem::temp_directory_path() / "fray_rules_file_test";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "monsters.toml") << "[[monsters]]\nname = \"rat\"\nhp = 3\n";
  std::ofstream(dir / "game.toml") << "include = [\"monsters.toml\"]\n" << game("return hit, 1\n");
  const auto rules = read_rules_file(dir / "game.toml");
  EXPECT_EQ(rules->catalog(CatalogKind::monsters).front().name, "rat");
  EXPECT_EQ(rules->bout({"rat", "rat", {}, {}}).a.hp, 3);
  // Text without a folder has no includes.
  EXPECT_THROW((void)read_rules("include = [\"monsters.toml\"]\n" + game("return hit, 1\n")), RulesFileError);
  std::filesystem::remove_all(dir);
}

TEST(RulesFile, RegenerationIsTheRegenerationPart) {
  const std::string text =
      game("if percent(a.hit) then\n return hit, roll(a.damage)\nend\nreturn miss\n",
           "[mechanics]\nregeneration = { every = 3, gain = \"a.regen\" }\n",
           "hit = { default = 50 }\ndamage = { type = \"dice\", default = \"1d3\" }\nregen = { default = 0 }\n");
  const auto rules = read_rules(text);
  const Bout bout = rules->bout({"hp=20,hit=30", "hp=12,regen=1", {}, {}});
  EXPECT_EQ(bout.modelled.size(), 1u);
  // The regeneration's classes hold, and the exact duel agrees with Monte Carlo.
  const fight::DuelResult exact = test::expect_classes_hold(bout);
  fight::FightOptions mc;
  mc.method = fight::FightOptions::Method::monte_carlo;
  mc.monte_carlo.sims = 40000;
  mc.monte_carlo.seed = 7;
  mc.monte_carlo.threads = 1;
  const fight::DuelResult sampled = fight::solve_duel(bout, mc);
  EXPECT_GE(exact.p_a_wins, sampled.a_wins_ci.lo - 0.01);
  EXPECT_LE(exact.p_a_wins, sampled.a_wins_ci.hi + 0.01);
  // Without regeneration side b dies more often.
  const fight::DuelResult plain = fight::solve_duel(rules->bout({"hp=20,hit=30", "hp=12", {}, {}}));
  EXPECT_GT(plain.p_a_wins, exact.p_a_wins + 0.01);
}

TEST(RulesFile, StatusesAreFightState) {
  // A hit stuns the other side for its next turn ([status], [turn] start).
  // Two sides of 2 HP, each hitting at 1/2 for 1: side a, first, wins with
  // 16/27 (a value iteration over (mover, HP, stuns) gives 0.592592...).
  const std::string text =
      "[game]\nid = \"stun\"\n[stats]\nhp = { default = 2 }\n[status]\nstunned = { max = 3 }\n"
      "[turn]\nstart = '''\nif a.stunned > 0 then\n  a.stunned = a.stunned - 1\nend\n'''\n"
      "[attack]\nprogram = '''\nif a.stunned > 0 then\n  return miss\nend\n"
      "if chance(0.5) then\n  d.stunned = 2\n  return hit, 1\nend\nreturn miss\n'''\n";
  const auto rules = read_rules(text);
  const Bout bout = rules->bout({"hp=2", "hp=2", {}, {}});
  const fight::DuelResult exact = fight::solve_duel(bout);
  EXPECT_EQ(exact.method, "exact");
  EXPECT_NEAR(exact.p_a_wins, 16.0 / 27, 1e-12);
  fight::FightOptions mc;
  mc.method = fight::FightOptions::Method::monte_carlo;
  mc.monte_carlo.sims = 40000;
  mc.monte_carlo.seed = 11;
  mc.monte_carlo.threads = 1;
  const fight::DuelResult sampled = fight::solve_duel(bout, mc);
  EXPECT_GE(16.0 / 27, sampled.a_wins_ci.lo - 0.005);
  EXPECT_LE(16.0 / 27, sampled.a_wins_ci.hi + 0.005);
  // One attack is read as a fight starts: every status 0, on every path and
  // in every strike (a status one path sets is not seen by the next).
  EXPECT_NEAR(rules->attack({"hp=2", "hp=2", {}, {}}).p_hit, 0.5, 1e-15);
  const auto leak = read_rules(
      "[game]\nid = \"leak\"\n[stats]\nhp = { default = 3 }\n[status]\nx = { max = 5 }\n[attack]\nprogram = '''\n"
      "if d.x > 0 then\n  return hit, 7\nend\nt = 2d6\nif t == 12 then\n  d.x = 1\nend\n"
      "if t >= 7 then\n  return hit, 1\nend\nreturn miss\n'''\n");
  const AttackSummary once = leak->attack({"hp=3", "hp=3", {}, {}});
  EXPECT_NEAR(once.p_hit, 7.0 / 12, 1e-15);
  EXPECT_NEAR(once.damage[7], 0.0, 1e-15);
  for (const Strike& st : leak->strike({{"hp=3", "hp=3", {}, {}}, 3, 50}).strikes) EXPECT_NE(st.damage, 7);
  // A status is an integer kept in 0..max; a stat is not set; the start returns nothing.
  const std::string head = "[game]\nid = \"s\"\n[stats]\nhp = { default = 2 }\n[status]\nx = { max = 3 }\n";
  EXPECT_EQ(error_of(head + "[attack]\nprogram = '''\nd.x = 1.5\nreturn hit, 1\n'''\n"),
            "9:7: the status x is an integer, not a real");
  EXPECT_EQ(error_of(head + "[attack]\nprogram = '''\nd.hp = 1\nreturn hit, 1\n'''\n").substr(0, 26),
            "9:2: 'd.' names a stat, wh");
  EXPECT_EQ(error_of(head + "[turn]\nstart = '''\nreturn hit\n'''\n[attack]\nprogram = \"return hit, 1\"\n"),
            "9:1: the start of a turn sets statuses and returns nothing");
  EXPECT_EQ(error_of(head + "[status.y]\nmax = 0\n[attack]\nprogram = \"return hit, 1\"\n").substr(0, 30),
            "8:7: status 'y': max must be a");
}

TEST(RulesFile, PassingSituationsHoldForTheFirstAttackOnly) {
  // A coin for 1 damage that `sneak` makes sure: a blow on a defender that has
  // not noticed its attacker lands. Two sides of 2 HP, side a first.
  const auto text = [](const std::string& sneak, const std::string& mechanics = "") {
    return "[game]\nid = \"sneak\"\n[stats]\nhp = { default = 2 }\n[situations]\nsneak = " + sneak + "\n" + mechanics +
           "[attack]\nprogram = '''\nif situation.sneak then\n  return hit, 1\nend\n"
           "if chance(0.5) then\n  return hit, 1\nend\nreturn miss\n'''\n";
  };
  const std::string lasting = text("\"unnoticed\"");
  const std::string defender = text("{ help = \"unnoticed\", passes = \"defender\" }");
  const std::string attacker = text("{ help = \"unseen\", passes = \"attacker\" }");
  const std::string no_alert = "[mechanics]\nfirst_attack = { attack_ends_foe = false }\n";
  const AttackRequest sneak{"hp=2", "hp=2", {"sneak"}, {}};
  const auto ttk = [&](const std::string& t, const AttackRequest& req) {
    const fight::TtkResult r = fight::solve_ttk(read_rules(t)->bout(req));
    EXPECT_EQ(r.method, "exact");
    return r;
  };
  const auto p_a_wins = [&](const std::string& t) {
    const fight::DuelResult r = fight::solve_duel(read_rules(t)->bout(sneak));
    EXPECT_EQ(r.method, "exact");
    return r.p_a_wins;
  };

  // Turns to kill 2 HP. A lasting sneak: two sure blows. A passing one: the
  // first blow sure, then a coin until the second lands, P(k) = 2^-(k-1), mean 3.
  const fight::TtkResult always = ttk(lasting, sneak);
  ASSERT_TRUE(always.attacks);
  EXPECT_NEAR((*always.attacks)[2], 1.0, 1e-15);
  for (const std::string& t : {defender, attacker, text("{ passes = \"attacker\" }", no_alert)}) {
    const fight::TtkResult once = ttk(t, sneak);
    ASSERT_TRUE(once.attacks);
    for (int k = 2; k <= 8; ++k) EXPECT_NEAR((*once.attacks)[k], std::ldexp(1.0, 1 - k), 1e-12) << k;
    EXPECT_NEAR(once.attacks->mean(), 3.0, 1e-9);
  }
  // Not alerted by a's first attack, the defender's condition ends with its
  // own turn, and its first turn is at time 0 too, right after a's first:
  // turns to kill are the same.
  const fight::TtkResult own_turn = ttk(text("{ passes = \"defender\" }", no_alert), sneak);
  for (int k = 2; k <= 8; ++k) EXPECT_NEAR((*own_turn.attacks)[k], std::ldexp(1.0, 1 - k), 1e-12) << k;
  // Without the flag: two coins, P(k) = (k - 1) 2^-k.
  const fight::TtkResult coin = ttk(defender, {"hp=2", "hp=2", {}, {}});
  EXPECT_NEAR((*coin.attacks)[2], 0.25, 1e-15);
  EXPECT_NEAR((*coin.attacks)[3], 0.25, 1e-15);
  EXPECT_NEAR((*coin.attacks)[4], 3.0 / 16, 1e-15);

  // `blows` reads the situation of each turn: two sure blows while the sneak
  // holds, then one coin a turn. 4 HP: the first turn leaves 2, then two
  // coins must land, P(k) = (k - 2) 2^-(k-1) (k >= 3). Lasting: two turns.
  const auto blows = [&](const std::string& sneak) {
    std::string t = text(sneak);
    t.replace(t.find("[attack]\n"), 9, "[attack]\nblows = \"if(situation.sneak, 2, 1)\"\n");
    return ttk(t, {"hp=2", "hp=4", {"sneak"}, {}});
  };
  const fight::TtkResult by_turn = blows("{ passes = \"defender\" }");
  EXPECT_NEAR((*by_turn.attacks)[2], 0.0, 1e-15);
  EXPECT_NEAR((*by_turn.attacks)[3], 0.25, 1e-15);
  EXPECT_NEAR((*by_turn.attacks)[4], 0.25, 1e-15);
  EXPECT_NEAR((*by_turn.attacks)[5], 3.0 / 16, 1e-15);
  EXPECT_NEAR((*blows("\"unnoticed\"").attacks)[2], 1.0, 1e-15);

  // The duel. A lasting sneak: every blow lands, a wins. A passing one: a's
  // first blow lands and ends both sides' conditions; from (a 2, b 1, b to
  // move) each blow is a coin: W(1,1,a) = 2/3, and x = W(2,1,b) solves
  // x = 1/3 + (1/2 + x/2)/2, so x = 7/9.
  EXPECT_NEAR(p_a_wins(lasting), 1.0, 1e-15);
  EXPECT_NEAR(p_a_wins(defender), 7.0 / 9, 1e-12);
  EXPECT_NEAR(p_a_wins(attacker), 7.0 / 9, 1e-12);
  EXPECT_NEAR(p_a_wins(text("{ passes = \"defender\" }", no_alert)), 7.0 / 9, 1e-12);
  // When a's attack does not alert, b's own condition (an attacker's) lasts
  // to b's first turn: b's first blow lands too, then (1, 1, a to move): 2/3.
  EXPECT_NEAR(p_a_wins(text("{ passes = \"attacker\" }", no_alert)), 2.0 / 3, 1e-12);

  // The sampled fights follow the flag as the exact chain does.
  const auto rules = read_rules(defender);
  const Bout bout = rules->bout(sneak);
  const fight::DuelResult exact = fight::solve_duel(bout);
  (void)test::expect_sampled_duel_agrees(bout, exact, 40000, 13, 1);
  const fight::TtkResult sampled = fight::ttk_monte_carlo(bout, fight::Who::a, test::mc(40000, 17));
  ASSERT_TRUE(sampled.attacks);
  EXPECT_GT(test::chi_square_p(*ttk(defender, sneak).attacks, test::counts_of(*sampled.attacks, 40000)), 1e-3);
  EXPECT_NEAR(sampled.attacks->mean(), 3.0, 0.05);
  // A fight names the part; one attack, and strikes, read the flag as it holds.
  ASSERT_FALSE(bout.modelled.empty());
  EXPECT_EQ(bout.modelled.back(),
            "sneak holds for the first attack only, then the fight goes on without it ([situations] passes)");
  EXPECT_NEAR(rules->attack(sneak).p_hit, 1.0, 1e-15);
  EXPECT_EQ(rules->strike({sneak, 5, 200}).hits, 200u);
  const auto listed = rules->catalog(CatalogKind::situations);
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed[0].description, "unnoticed");
  ASSERT_EQ(listed[0].stats.size(), 1u);
  EXPECT_EQ(listed[0].stats[0].key, "passes");
  EXPECT_EQ(std::get<std::string>(listed[0].stats[0].value), "defender");
  EXPECT_TRUE(read_rules(lasting)->catalog(CatalogKind::situations)[0].stats.empty());

  // Errors: line 6 is the situation's.
  EXPECT_EQ(error_of(text("{ passes = \"foe\" }")),
            "6:20: situation 'sneak': passes is \"attacker\" (over after the attacker's first turn) or \"defender\" "
            "(over after the defender's first turn or the first attack), not \"foe\"");
  EXPECT_EQ(error_of(text("{ passes = true }")), "6:20: situation 'sneak': passes must be a string");
  EXPECT_EQ(error_of(text("{ help = \"x\", lasts = true }")).substr(0, 50),
            "6:23: situation 'sneak': unknown key 'lasts' (keys");
  EXPECT_EQ(error_of(text("\"x\"", "[mechanics]\nfirst_attack = { attack_ends_foe = 1 }\n")),
            "8:36: first_attack attack_ends_foe must be true or false");
}

TEST(RulesFile, ErrorsAtTheirLineAndColumn) {
  // Line 7 is the program's first line (the game has 6 before it).
  EXPECT_EQ(error_of(game("return hit, a.hpp\n")), "7:15: unknown stat 'hpp' (did you mean 'hp'?) (stats: hp)");
  EXPECT_EQ(error_of(game("return hit, 1 + true\n")), "7:17: '+' takes numbers, not a boolean");
  EXPECT_EQ(error_of(game("return hti, 1\n")).substr(0, 30), "7:8: unknown outcome 'hti' (di");
  EXPECT_EQ(error_of(game("return hit, 1.5\n")).substr(0, 40), "7:13: the damage must be an integer, not");
  EXPECT_EQ(error_of(game("if true then\nreturn hit, 1\n")).substr(0, 30), "9:1: the 'if' of line 7 has no");
  EXPECT_EQ(error_of(game("x = 1\nx = true\nreturn hit, 1\n")), "8:5: 'x' was an integer and is set here to a boolean");
  EXPECT_EQ(error_of(game("return hit, y\n")).substr(0, 25), "7:13: unknown name 'y' (s");
  EXPECT_EQ(error_of(game("return hit, roll(a.hp)\n")).substr(0, 30), "7:18: roll takes a dice stat o");
  EXPECT_EQ(error_of(game("return hit, foo(1)\n")).substr(0, 30), "7:13: unknown function 'foo' (");
  EXPECT_EQ(error_of(game("return hit, 3 $ 4\n")), "7:15: unexpected character '$'");
  // Errors as the program runs, on the path that meets them.
  EXPECT_EQ(error_of(game("return hit, div(5, 0)\n")), "7:13: div(x, 0): division by 0");
  EXPECT_EQ(error_of(game("return hit, 9223372036854775807 + 1\n")), "7:33: integer overflow (beyond 64 bits)");
  EXPECT_EQ(error_of(game("return hit, 1 - 3\n")).substr(0, 30), "7:15: the damage is -2, below ");
  EXPECT_EQ(error_of(game("if d2 == 1 then\n x = 1\nend\nreturn hit, x\n")).substr(0, 40),
            "10:13: 'x' is read before it is set on t");
  EXPECT_EQ(error_of(game("if d2 == 1 then\n return hit, 1\nend\n")).substr(0, 30), "10:1: the program ends without");
  EXPECT_EQ(error_of(game("return hit, rand(0)\n")), "7:13: rand(0): n is 0, below 1");
  EXPECT_EQ(error_of(game("return hit, if(chance(1.5), 1, 0)\n")), "7:16: chance(1.5): 1.5 is outside 0..1");
  // The file's tables.
  EXPECT_EQ(error_of("[game]\nid = \"t\"\n"), "1:1: no [stats] table (a game needs at least an hp stat)");
  EXPECT_EQ(error_of("[game]\nid = 't'\n[stats]\nhp = { default = 10, colour = 1 }\n").substr(0, 40),
            "4:22: stat 'hp': unknown key 'colour' (k");
  EXPECT_EQ(error_of("[game]\nid = 't'\n[stats]\nx = 1\n").substr(0, 30), "4:5: stat 'x' must be a table:");
  EXPECT_EQ(error_of("[game\n").substr(0, 5), "1:6: ");
  EXPECT_EQ(error_of("[game]\n[\x07x]\n"), "2:2: a control character (0x07): TOML allows only tab and line breaks");
  // What toml++ 3.3 must not be given (read.cpp, Reader::screen): characters
  // past ASCII between tokens and in keys; in strings and comments they are fine.
  EXPECT_EQ(error_of("[game]\nid = \"t\" \xef\xbb\xb7\n"),
            "2:10: a character past ASCII outside a string or a comment");
  EXPECT_EQ(error_of("[game]\n\"caf\xc3\xa9\" = 1\n").substr(0, 20), "2:6: a quoted key wi");
  EXPECT_EQ(error_of("# caf\xc3\xa9\n" + game("return hit, 1 # d\xc3\xa9g\xc3\xa2ts\n", "",
                                              "x = { help = \"\xc3\xa9p\xc3\xa9"
                                              "e\" }\n")),
            "no error");
  std::string timed = game("return hit, 1\n");
  timed.replace(timed.find("[attack]\n"), 9, "[attack]\ntime = \"d6\"\n");
  EXPECT_EQ(error_of(timed), "6:9: [attack] time may not be random");
}

TEST(RulesFile, BoundsRefuseRatherThanRunOn) {
  // A step of more than a million values.
  EXPECT_EQ(error_of(game("return hit, rand(2000000)\n")).substr(0, 45),
            "7:13: rand(2000000): 0..1999999 is more than ");
  // A blow of a trillion paths: the exact reading refuses (past a thousandth
  // of the work budget, lowered here so that the refusal comes soon); a fight samples it.
  const auto rules = read_rules(game("x = rand(1000000)\ny = rand(1000000)\nreturn hit, 1\n"));
  {
    const Budget before = budget();
    set_budget({before.work / 100, before.values});
    struct Restore {
      Budget b;
      ~Restore() { set_budget(b); }
    } restore{before};
    EXPECT_THROW((void)rules->attack({"hp=5", "hp=5", {}, {}}), TooLarge);
    const StrikeRun run = rules->strike({{"hp=5", "hp=5", {}, {}}, 1, 10});
    EXPECT_EQ(run.hits, 10u);
    fight::FightOptions few;
    few.monte_carlo.sims = 2000;
    const fight::TtkResult ttk = fight::solve_ttk(rules->bout({"hp=5", "hp=5", {}, {}}), few);
    EXPECT_EQ(ttk.method, "monte-carlo");
  }
  // Nesting is bounded.
  EXPECT_NE(error_of(game("return hit, " + std::string(200, '(') + "1" + std::string(200, ')') + "\n")).find("nested"),
            std::string::npos);
  // Too large a file.
  EXPECT_THROW((void)read_rules(std::string(kMaxRulesFileBytes + 1, ' ')), RulesFileError);
}

TEST(RulesFile, LoadingReplacesAnEarlierLoad) {
  const std::string one =
      "[game]\nid = \"replace-me\"\ntitle = \"One\"\n[stats]\nhp = { default = 3 }\n"
      "[attack]\nprogram = \"return hit, 1\"\n";
  std::string two = one;
  two.replace(two.find("One"), 3, "Two");
  EXPECT_EQ(load_rules(one).title(), "One");
  EXPECT_EQ(load_rules(two).title(), "Two");
  EXPECT_EQ(ruleset("replace-me").title(), "Two");
  // A built-in game's id is refused.
  std::string brogue = one;
  brogue.replace(brogue.find("replace-me"), 10, "brogue");
  EXPECT_THROW((void)load_rules(brogue), RulesFileError);
  EXPECT_EQ(ruleset("brogue").title().substr(0, 6), "Brogue");
}

TEST(RulesFile, CommandLine) {
  const std::string path = test::path("rules/file/data/coin.toml");
  test::Run r = test::run_cli({"attack", "--rules-file", path, "--attacker", "hp=3", "--defender", "hp=3", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.json()["rules"], "coin");
  EXPECT_NEAR(r.json()["p_hit"].get<double>(), 0.5, 1e-15);
  r = test::run_cli({"duel", "--rules-file", path, "--a", "hp=3", "--b", "hp=3", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  r = test::run_cli({"sweep", "--rules-file", path, "--attacker", "hp=3", "--defender", "hp=3", "--key", "hp", "--from",
                     "1", "--to", "3", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  r = test::run_cli({"list", "--rules-file", path, "keys"});
  ASSERT_EQ(r.status, 0) << r.err;
  r = test::run_cli({"attack", "--rules-file", path, "--rules", "brogue", "--attacker", "hp=3", "--defender", "hp=3"});
  EXPECT_EQ(r.status, 2);
  r = test::run_cli({"attack", "--rules-file", "no/such.toml", "--attacker", "a", "--defender", "b"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("fray: error: no/such.toml: no such file"), std::string::npos) << r.err;
  r = test::run_cli({"attack", "--attacker", "a", "--defender", "b"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--rules GAME or --rules-file FILE is required"), std::string::npos) << r.err;
}

}  // namespace fray
