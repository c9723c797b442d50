#include <fray/fight/solve.hpp>
#include <fray/report/report.hpp>

#include "fight/kernels.hpp"
#include "support/support.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace fray::fight {
namespace {

using test::DiceKernel;

// A fight solved by the fight layer, then formatted: the report runs no solver.
Report ttk_report(std::string_view rules, const Bout& bout, const FightOptions& o = {}) {
  return fray::ttk_report(rules, bout, solve_ttk(bout, o));
}
Report duel_report(std::string_view rules, const Bout& bout, const FightOptions& o = {}) {
  return fray::duel_report(rules, bout, solve_duel(bout, o), o.first_on_tie);
}

FightOptions quiet_mc(std::uint64_t sims, std::uint64_t seed, unsigned threads) {
  FightOptions o;
  o.method = FightOptions::Method::monte_carlo;
  o.monte_carlo.sims = sims;
  o.monte_carlo.seed = seed;
  o.monte_carlo.threads = threads;
  o.monte_carlo.progress = false;
  return o;
}

TEST(TtkReport, JsonFieldsOfTheIssue) {
  auto k = std::make_shared<DiceKernel>(0.5, 1, 1);
  const Bout bout = test::make_bout(k, k, 10, 2, 1.5, 1);
  const Report r = ttk_report("test", bout);
  const auto& j = r.json;
  EXPECT_EQ(j["rules"], "test");
  EXPECT_EQ(j["method"], "exact");
  EXPECT_EQ(j["defender_hp"], 2);
  EXPECT_NEAR(j["attacks"]["mean"].get<double>(), 4.0, 1e-12);
  EXPECT_EQ(j["attacks"]["pmf"][0][0], 2);
  EXPECT_NEAR(j["attacks"]["pmf"][0][1].get<double>(), 0.25, 1e-15);
  EXPECT_NEAR(j["time"]["mean"].get<double>(), 6.0, 1e-12);
  EXPECT_DOUBLE_EQ(j["time"]["pmf"][0][0].get<double>(), 3.0);
  EXPECT_NEAR(j["attacker"]["p_hit"].get<double>(), 0.5, 1e-15);
  EXPECT_NE(r.text.find("attacks to kill: mean 4"), std::string::npos) << r.text;
  // Every hit deals 1: two hits kill, whatever the misses.
  EXPECT_EQ(j["hits"]["pmf"], nlohmann::json::parse("[[2, 1.0]]"));
  EXPECT_NE(r.text.find("hits to kill (attacks that land): mean 2,"), std::string::npos) << r.text;
  EXPECT_TRUE(j["notes"].empty());
  // What was computed how, and why: nothing sampled, no runs.
  EXPECT_EQ(j["method_asked"], "auto");
  EXPECT_EQ(j["method_reason"], "auto: the exact analysis can be made");
  EXPECT_EQ(j["sampled"], nlohmann::json::array());
  for (const char* gone : {"hits_method", "note", "sims", "seed"}) EXPECT_FALSE(j.contains(gone)) << gone;
  EXPECT_NE(r.text.find("Turns to kill (test, exact): "), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("\nmethod: auto: the exact analysis can be made\n"), std::string::npos) << r.text;
}

// Gladiator-like combo: a hit deals 1 + the hits in a row before it, a miss
// resets the count (attacker state). A miss moves a state, so the hits form
// no chain of their own: turns to kill stays exact, its hits are sampled,
// and every face of the answer says so.
class ComboKernel final : public test::ListKernel {
 public:
  std::vector<Transition> list(Side a, Side d) const override {
    return {{0.5, 0, 0, d.state, 0},
            {0.5, 1 + static_cast<std::int64_t>(a.state), std::min(a.state + 1, 5u), d.state, 1}};
  }
};

TEST(TtkReport, SampledHitsAreLabelledPartByPart) {
  auto combo = std::make_shared<ComboKernel>();
  FightOptions o;
  o.monte_carlo.sims = 2000;
  o.monte_carlo.seed = 9;
  o.monte_carlo.progress = false;
  auto plain = std::make_shared<DiceKernel>(0.5, 1, 1);
  const Report r = ttk_report("test", test::make_bout(combo, plain, 10, 3), o);
  const auto& j = r.json;
  EXPECT_EQ(j["method"], "exact");
  EXPECT_EQ(j["sampled"], nlohmann::json::array({"hits"}));
  EXPECT_EQ(j["sims"], 2000);
  EXPECT_EQ(j["seed"], 9);
  EXPECT_FALSE(j.contains("p_kill_ci"));  // p_kill is exact
  EXPECT_TRUE(j.contains("unresolved"));
  EXPECT_EQ(j["method_reason"],
            "auto: the exact analysis can be made; hits to kill sampled: a miss changes the fight's state, so the "
            "hits do not form an exact chain of their own");
  EXPECT_NE(r.text.find("Turns to kill (test, exact; hits to kill: Monte Carlo, 2000 fights, seed 9): "),
            std::string::npos)
      << r.text;
  EXPECT_NE(r.text.find("hits to kill (attacks that land; Monte Carlo, 2000 fights, seed 9): mean"), std::string::npos)
      << r.text;
  EXPECT_NE(r.text.find("method: auto: the exact analysis can be made; hits to kill sampled: a miss changes"),
            std::string::npos)
      << r.text;
}

// Asked for Monte Carlo: every answer key is sampled, and the reason says it was asked for.
TEST(TtkReport, MonteCarloAskedFor) {
  auto k = std::make_shared<DiceKernel>(0.5, 1, 1);
  const Report r = ttk_report("test", test::make_bout(k, k, 10, 2), quiet_mc(1000, 4, 1));
  EXPECT_EQ(r.json["method"], "monte-carlo");
  EXPECT_EQ(r.json["method_asked"], "monte-carlo");
  EXPECT_EQ(r.json["method_reason"], "Monte Carlo asked for");
  EXPECT_EQ(r.json["sampled"], nlohmann::json::array({"p_kill", "p_escape", "attacks", "hits", "time"}));
  EXPECT_FALSE(r.json.contains("unresolved"));
  EXPECT_NE(r.text.find("Turns to kill (test, Monte Carlo, 1000 fights, seed 4): "), std::string::npos) << r.text;
  const Report d = duel_report("test", test::make_bout(k, k, 2, 2), quiet_mc(1000, 4, 1));
  EXPECT_EQ(d.json["method_asked"], "monte-carlo");
  EXPECT_EQ(d.json["method_reason"], "Monte Carlo asked for");
  EXPECT_EQ(d.json["sampled"].size(), 11u);
}

TEST(TtkReport, BoutNotesAreShown) {
  auto k = std::make_shared<DiceKernel>(0.5, 1, 1);
  Bout bout = test::make_bout(k, k, 10, 2);
  bout.notes.push_back("side a has 13 HP: a default");
  const Report t = ttk_report("test", bout);
  EXPECT_EQ(t.json["notes"], nlohmann::json::parse(R"(["side a has 13 HP: a default"])"));
  EXPECT_NE(t.text.find("note: side a has 13 HP: a default"), std::string::npos) << t.text;
  const Report d = duel_report("test", bout);
  EXPECT_EQ(d.json["notes"], nlohmann::json::parse(R"(["side a has 13 HP: a default"])"));
  EXPECT_NE(d.text.find("note: side a has 13 HP: a default"), std::string::npos) << d.text;
}

// a hits with probability 1 − 2.1e-8 for 1 damage on 1 HP and goes first; b
// always hits: b wins only when a's first attack misses, 2.1e-8. Neither
// chance reads 100 % or 0 %.
TEST(DuelReport, TinyLossIsNotZero) {
  auto a = std::make_shared<DiceKernel>(1 - 2.1e-8, 1, 1);
  auto b = std::make_shared<DiceKernel>(1, 1, 1);
  const Report r = duel_report("test", test::make_bout(a, b, 1, 1));
  EXPECT_NEAR(r.json["p_b_wins"].get<double>(), 2.1e-8, 1e-15);
  EXPECT_EQ(r.text.find("100.00 %"), std::string::npos) << r.text;
  EXPECT_EQ(r.text.find("0.00 %"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find(">99.99 %"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("2.1e-06 %"), std::string::npos) << r.text;
}

TEST(TtkReport, NeverKillsIsAResult) {
  auto zero = std::make_shared<DiceKernel>(0, 1, 1);
  const Report r = ttk_report("test", test::make_bout(zero, zero, 3, 3));
  EXPECT_TRUE(r.json["attacks"]["pmf"].empty());
  EXPECT_TRUE(r.json["attacks"]["mean"].is_null());
  EXPECT_EQ(r.json["p_kill"], 0.0);
  EXPECT_EQ(r.json["notes"], nlohmann::json::array({"the attacker can never kill the defender"}));
  EXPECT_FALSE(r.json.contains("note"));
  EXPECT_NE(r.text.find("note: the attacker can never kill the defender\n"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("never killed"), std::string::npos);
}

// What a bout follows and what it leaves out reach the JSON and the text,
// and the title stops calling the answer plainly exact.
TEST(DuelReport, ModelledAndNotModelledAreListed) {
  auto k = std::make_shared<DiceKernel>(0.5, 1, 1);
  Bout bout = test::make_bout(k, k, 1, 1);
  const Report plain = duel_report("test", bout);
  EXPECT_TRUE(plain.json["not_modelled"].empty());
  EXPECT_TRUE(plain.json["modelled"].empty());
  EXPECT_NE(plain.text.find("(test, exact):"), std::string::npos) << plain.text;
  EXPECT_EQ(plain.text.find("modelled: "), std::string::npos) << plain.text;
  bout.modelled = {"a: drains life, heals min(damage, HT - HP) a hit"};
  bout.not_modelled = {"b: splits when hit"};
  for (const Report& r : {duel_report("test", bout), ttk_report("test", bout)}) {
    EXPECT_EQ(r.json["modelled"], nlohmann::json::array({"a: drains life, heals min(damage, HT - HP) a hit"}));
    EXPECT_EQ(r.json["not_modelled"], nlohmann::json::array({"b: splits when hit"}));
    EXPECT_NE(r.text.find("exact for the rules modelled; 1 game mechanic left out, listed below"), std::string::npos)
        << r.text;
    EXPECT_NE(r.text.find("\nmodelled: a: drains life, heals min(damage, HT - HP) a hit\nnot modelled: b: splits "
                          "when hit\n"),
              std::string::npos)
        << r.text;
  }
  // Sampled, the title keeps the fights and says what is left out.
  const Report mc = duel_report("test", bout, quiet_mc(1000, 2, 1));
  EXPECT_EQ(mc.json["modelled"], nlohmann::json::array({"a: drains life, heals min(damage, HT - HP) a hit"}));
  EXPECT_NE(mc.text.find("(test, Monte Carlo, 1000 fights, seed 2, for the rules modelled; 1 game mechanic left "
                         "out, listed below)"),
            std::string::npos)
      << mc.text;
}

TEST(DuelReport, JsonFieldsOfTheIssue) {
  auto k = std::make_shared<DiceKernel>(0.5, 1, 1);
  const Report r = duel_report("test", test::make_bout(k, k, 1, 1));
  const auto& j = r.json;
  EXPECT_EQ(j["method"], "exact");
  EXPECT_NEAR(j["p_a_wins"].get<double>(), 2.0 / 3, 1e-14);
  EXPECT_NEAR(j["p_b_wins"].get<double>(), 1.0 / 3, 1e-14);
  EXPECT_EQ(j["p_draw"], 0.0);
  EXPECT_NEAR(j["length"]["mean"].get<double>(), 2.0, 1e-12);
  EXPECT_NEAR(j["length"]["pmf"][0][1].get<double>(), 0.5, 1e-15);
  for (const char* key : {"a_hp_left", "b_hp_left", "time", "a", "b"}) EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_NEAR(j["a_hp_left"]["pmf"][1][1].get<double>(), 2.0 / 3, 1e-14);
  EXPECT_FALSE(j.contains("sims"));
  // The human report names both sides, their columns and the odds.
  EXPECT_NE(r.text.find("alpha (a) wins"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("66.67 %"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("damage per attack"), std::string::npos) << r.text;
}

TEST(DuelReport, MonteCarloAddsSimsSeedAndIntervals) {
  auto k = std::make_shared<DiceKernel>(0.5, 1, 3);
  const Bout bout = test::make_bout(k, k, 7, 6);
  const Report one = duel_report("test", bout, quiet_mc(20000, 42, 1));
  const Report two = duel_report("test", bout, quiet_mc(20000, 42, 2));
  EXPECT_EQ(one.json.dump(2), two.json.dump(2));  // byte-identical whatever the threads
  EXPECT_EQ(one.json["method"], "monte-carlo");
  EXPECT_EQ(one.json["sims"], 20000);
  EXPECT_EQ(one.json["seed"], 42);
  const double p = one.json["p_a_wins"];
  EXPECT_LE(one.json["p_a_wins_ci"][0].get<double>(), p);
  EXPECT_GE(one.json["p_a_wins_ci"][1].get<double>(), p);
  EXPECT_NE(one.text.find("95 % interval"), std::string::npos);
}

TEST(DuelReport, FallsBackToMonteCarloAndSaysWhy) {
  auto inexact = std::make_shared<test::InexactKernel>(0.5);
  auto k = std::make_shared<DiceKernel>(0.5, 1, 1);
  FightOptions o;
  o.monte_carlo.progress = false;
  o.monte_carlo.sims = 5000;
  const Report r = duel_report("test", test::make_bout(inexact, k, 2, 2), o);
  EXPECT_EQ(r.json["method"], "monte-carlo");
  EXPECT_EQ(r.json["method_asked"], "auto");
  EXPECT_EQ(r.json["method_reason"],
            "auto: no exact analysis (alpha (a) attacking beta (b): test kernel keeps a history), so Monte Carlo");
  EXPECT_EQ(r.json["sampled"].size(), 11u);
  EXPECT_EQ(r.json["sims"], 5000);
  EXPECT_FALSE(r.json.contains("note"));
  EXPECT_NE(r.text.find("Duel (test, Monte Carlo, 5000 fights, seed 1): "), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("\nmethod: auto: no exact analysis (alpha (a) attacking beta (b): test kernel keeps a "
                        "history), so Monte Carlo\n"),
            std::string::npos)
      << r.text;
  // Asked for exact: the same fallback, never a silent one.
  FightOptions exact = o;
  exact.method = FightOptions::Method::exact;
  const Report x = duel_report("test", test::make_bout(inexact, k, 2, 2), exact);
  EXPECT_EQ(x.json["method"], "monte-carlo");
  EXPECT_EQ(x.json["method_asked"], "exact");
  EXPECT_EQ(x.json["method_reason"],
            "exact asked for, but no exact analysis (alpha (a) attacking beta (b): test kernel keeps a history): "
            "Monte Carlo instead");
  EXPECT_NE(x.text.find("Duel (test, Monte Carlo (exact not possible), 5000 fights, seed 1): "), std::string::npos)
      << x.text;
  // Asked for exact and exact: said so.
  const Report ok = duel_report("test", test::make_bout(k, k, 2, 2), exact);
  EXPECT_EQ(ok.json["method"], "exact");
  EXPECT_EQ(ok.json["method_reason"], "exact asked for");
  // Too large for the limits: also Monte Carlo, with the reason.
  FightOptions small = o;
  small.limits.max_pairs = 10;
  const Report big = duel_report("test", test::make_bout(k, k, 50, 50), small);
  EXPECT_EQ(big.json["method"], "monte-carlo");
  EXPECT_EQ(big.json["method_reason"].get<std::string>().rfind("auto: no exact analysis (exact analysis: ", 0), 0u)
      << big.json["method_reason"];
}

// A side that runs away (Transition::escape): the duel's p_a_escapes and
// p_b_escapes, turns to kill's p_escape, in JSON and in words. The fight of
// tests/fight/escape_test.cpp DuelByHand: b escapes with 7/12, a wins 7/18.
TEST(DuelReport, EscapesInJsonAndText) {
  auto a = std::make_shared<test::FleeKernel>(1.0, 1, 3, 1);
  auto b = std::make_shared<DiceKernel>(0.5, 1, 1);
  Bout bout = test::make_bout(a, b, 2, 4);
  bout.b.escape = "flees near death";
  const Report r = duel_report("test", bout);
  EXPECT_NEAR(r.json["p_b_escapes"].get<double>(), 7.0 / 12, 1e-15);
  EXPECT_EQ(r.json["p_a_escapes"], 0.0);
  EXPECT_NEAR(r.json["p_a_wins"].get<double>(), 7.0 / 18, 1e-15);
  EXPECT_EQ(r.json["b"]["escape"], "flees near death");
  EXPECT_FALSE(r.json["a"].contains("escape"));
  EXPECT_NE(r.text.find("beta (b) escapes (flees near death)   58.33 %"), std::string::npos) << r.text;
  EXPECT_EQ(r.text.find("alpha (a) escapes"), std::string::npos) << r.text;
  const Report mc = duel_report("test", bout, quiet_mc(20000, 42, 1));
  const double p = mc.json["p_b_escapes"];
  EXPECT_LE(mc.json["p_b_escapes_ci"][0].get<double>(), p);
  EXPECT_GE(mc.json["p_b_escapes_ci"][1].get<double>(), p);
  EXPECT_TRUE(mc.json.contains("p_a_escapes_ci"));
  // Turns to kill: 16/27 of the time the defender runs first.
  const Report t = ttk_report("test", bout);
  EXPECT_NEAR(t.json["p_escape"].get<double>(), 16.0 / 27, 1e-15);
  EXPECT_NEAR(t.json["p_kill"].get<double>(), 11.0 / 27, 1e-15);
  EXPECT_NE(t.text.find("P(beta escapes, flees near death) 59.26 %"), std::string::npos) << t.text;
  EXPECT_NE(t.text.find("the defender runs away before it is killed"), std::string::npos) << t.text;
  const Report tm = ttk_report("test", bout, quiet_mc(20000, 42, 1));
  EXPECT_TRUE(tm.json.contains("p_escape_ci"));
  // A fight with no escape still says 0.
  const Report plain = duel_report("test", test::make_bout(b, b, 2, 2));
  EXPECT_EQ(plain.json["p_a_escapes"], 0.0);
  EXPECT_EQ(plain.json["p_b_escapes"], 0.0);
  EXPECT_EQ(plain.text.find("escapes"), std::string::npos) << plain.text;
}

TEST(DuelReport, NeverEndingFight) {
  auto zero = std::make_shared<DiceKernel>(0, 1, 1);
  const Report r = duel_report("test", test::make_bout(zero, zero, 4, 4));
  EXPECT_EQ(r.json["p_draw"], 1.0);
  EXPECT_TRUE(r.json["length"]["pmf"].empty());
  EXPECT_EQ(r.json["notes"], nlohmann::json::array({"the fight can never end: neither side can ever kill the other"}));
}

// --- the command line ---------------------------------------------------------

void expect_cli_error(const std::vector<std::string>& args, const std::string& message) {
  const test::Run r = test::run_cli(args);
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("fray: error: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
}

TEST(FightCli, BadInput) {
  expect_cli_error({"duel", "--rules", "nethack", "--a", "x", "--b", "y"}, "unknown ruleset 'nethack'");
  expect_cli_error({"ttk", "--rules", "nethack", "--attacker", "x", "--defender", "y"}, "unknown ruleset 'nethack'");
  expect_cli_error({"duel", "--rules", "brogue", "--a", "player", "--b", "goblin", "--sims", "0"},
                   "--sims must be at least 1");
  expect_cli_error({"duel", "--rules", "brogue", "--a", "player", "--b", "goblin", "--sims", "10", "--threads", "0"},
                   "--threads must be at least 1");
  expect_cli_error({"duel", "--rules", "brogue", "--a", "player", "--b", "goblin", "--exact", "--method", "auto"},
                   "excludes");
  expect_cli_error({"duel", "--rules", "brogue", "--a", "player", "--b", "goblin", "--method", "fast"},
                   "--method: method 'fast' is not one of auto, exact, monte-carlo");
  expect_cli_error({"sweep", "--rules", "brogue", "--attacker", "player", "--defender", "goblin", "--key", "enchant",
                    "--from", "0", "--to", "1", "--method", "fast"},
                   "--method: method 'fast' is not one of auto, exact, monte-carlo");
  expect_cli_error({"duel", "--rules", "brogue", "--a", "player", "--b", "goblin", "--first", "c"},
                   "--first must be a or b");
  expect_cli_error({"duel", "--rules", "brogue", "--a", "player"}, "--b");
  expect_cli_error({"ttk", "--rules", "crawl", "--attacker", "player", "--defender", "orc", "--seed", "-4"},
                   "--seed: must be a whole number 0..18446744073709551615");
}

}  // namespace
}  // namespace fray::fight

namespace fray::fight {
namespace {

// A kill that almost always takes two attacks: the rare third attack shows its
// probability, not 0, and the accuracy is not 100 %.
TEST(TtkReport, RareOutcomesAreNotRoundedAway) {
  auto k = std::make_shared<test::DiceKernel>(1 - 1e-6, 1, 1);
  const Report r = ttk_report("test", test::make_bout(k, k, 10, 2));
  EXPECT_NE(r.text.find(">99.99 %"), std::string::npos) << r.text;
  EXPECT_EQ(r.text.find("100.00 %"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("2.0e-06"), std::string::npos) << r.text;
}

}  // namespace
}  // namespace fray::fight
