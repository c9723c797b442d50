// The generic sweep (fray/rules/sweep.hpp) and the spec key setter it reads
// specs through, for every game, with hand-worked rows.
#include <fray/core/error.hpp>
#include <fray/rules/crawl/attack.hpp>
#include <fray/rules/ruleset.hpp>
#include <fray/rules/spec.hpp>
#include <fray/rules/sweep.hpp>

#include "support/support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace fray {
namespace {

void expect_error(const auto& f, const std::string& part) {
  try {
    f();
    ADD_FAILURE() << "no error, expected one containing: " << part;
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
  }
}

TEST(SetSpecKey, AddsOrOverrides) {
  EXPECT_EQ(set_spec_key("hero", "level", "5"), "hero:level=5");
  EXPECT_EQ(set_spec_key("hero:level=2,str=12", "level", "5"), "hero:level=5,str=12");
  EXPECT_EQ(set_spec_key("hero:str=12", "level", "5"), "hero:str=12,level=5");
  EXPECT_EQ(set_spec_key("accuracy=100", "defense", "70"), "accuracy=100,defense=70");
  EXPECT_EQ(set_spec_key("accuracy=100,defense=10", "defense", "70"), "accuracy=100,defense=70");
  EXPECT_EQ(set_spec_key("player:might", "fighting", "2.5"), "player:might=1,fighting=2.5");
}

TEST(SetSpecKey, RefusesUnknownKeysWithTheClosest) {
  const std::vector<std::string> known{"level", "str", "weapon"};
  expect_error([&] { (void)set_spec_key("hero", "strr", "3", known); }, "no spec key 'strr' (did you mean 'str'?)");
  expect_error([&] { (void)set_spec_key("hero", "", "3", known); }, "not a key name");
  expect_error([&] { (void)set_spec_key("hero", "str", "3,level=9", known); }, "not a value");
  EXPECT_EQ(set_spec_key("hero", "str", "13", known), "hero:str=13");
}

TEST(SweepValues, StepsAndBounds) {
  EXPECT_EQ(sweep_values(0, 1, 0.25), (std::vector<double>{0, 0.25, 0.5, 0.75, 1}));
  EXPECT_EQ(sweep_values(0.1, 0.3, 0.1), (std::vector<double>{0.1, 0.2, 0.3}));
  EXPECT_EQ(sweep_values(-2, 2, 2), (std::vector<double>{-2, 0, 2}));
  EXPECT_EQ(sweep_values(3, 3, 1), (std::vector<double>{3}));
  EXPECT_EQ(sweep_values(0, 200, 1).size(), kMaxSweepPoints);
  expect_error([] { (void)sweep_values(0, 201, 1); }, "202 values; at most 201");
  expect_error([] { (void)sweep_values(0, 1, 0); }, "--step must be positive");
  expect_error([] { (void)sweep_values(2, 1, 1); }, "below --from");
  // Counted, however small the step: a step that does not move the value,
  // or too many values, is an error, not a loop that never ends.
  EXPECT_EQ(sweep_values(0, 0, 1e-300), (std::vector<double>{0}));
  EXPECT_EQ(sweep_values(5, 5, 5e-324), (std::vector<double>{5}));
  expect_error([] { (void)sweep_values(0, 1, 1e-300); },
               "sweep: 0 to 1 by 1e-300 is more than 10^15 values; at most 201 (raise --step)");
  expect_error([] { (void)sweep_values(-1e15, 1e15, 5e-324); }, "is more than 10^15 values; at most 201");
  expect_error([] { (void)sweep_values(0, 1e-8, 1e-10); },
               "sweep: --step 1e-10 is too small to tell the values from 0 apart (a value is written to 1e-9)");
  expect_error([] { (void)sweep_values(1e15 - 1, 1e15, 0.01); }, "--step 0.01 is too small to tell the values");
  expect_error([] { (void)sweep_values(0, 2e15, 1e13); },
               "sweep: --from 0 and --to 2000000000000000 must be within -1e+15..1e+15");
  expect_error([] { (void)sweep_values(0, 1, std::nan("")); }, "must be finite numbers");
  EXPECT_EQ(sweep_values(0, 10000, 1, 10001).size(), 10001u);
  expect_error([] { (void)sweep_values(0, 10000, 1, 10000); }, "10001 values; at most 10000");
  EXPECT_EQ(spec_number(3), "3");
  EXPECT_EQ(spec_number(-2), "-2");
  EXPECT_EQ(spec_number(0.25), "0.25");
}

// The crawl skill sweep counts its rows the same way. Its loop once stepped
// a double until it passed --to: with --from equal to --to and a step of
// 1e-300 it ran for ever (and its int counter overflowed on the way).
TEST(SweepValues, CrawlSkillSweepIsCounted) {
  const auto a = crawl::parse_combatant("player:dex=15,str=15,weapon_skill=5,weapon=long_sword", "attacker");
  const auto d = crawl::parse_combatant("hd=1,ev=10", "defender");
  const Table one = crawl::sweep(a, d, {}, "fighting", 3, 3, 1e-300);
  ASSERT_EQ(one.rows.size(), 1u);
  EXPECT_EQ(one.rows[0][0], Value{3.0});
  EXPECT_NEAR(std::get<double>(one.rows[0][1]), 151461744563.0 / 243856267200.0, 1e-12);
  expect_error([&] { (void)crawl::sweep(a, d, {}, "fighting", 0, 1e-8, 1e-10); }, "--step 1e-10 is too small");
  expect_error([&] { (void)crawl::sweep(a, d, {}, "fighting", 0, 27, 1e-300); }, "at most 10000");
}

TEST(SpecKeys, FromEveryKeysCatalog) {
  for (const Ruleset* r : rulesets()) {
    const auto keys = spec_keys(*r);
    EXPECT_FALSE(keys.empty()) << r->id();
    EXPECT_NE(std::find(keys.begin(), keys.end(), "hp"), keys.end()) << r->id();
  }
  const auto crawl = spec_keys(ruleset("crawl"));
  EXPECT_NE(std::find(crawl.begin(), crawl.end(), "fighting"), crawl.end());  // "player:fighting"
}

// Pixel Dungeon warrior, level 1, war hammer (ACU 1.2, STR 18) against a gnoll
// scout (evasion 4, dr 2, 12 HP). Accuracy trunc(10 · 1.2 / 1.5^(18 − STR)):
// STR 18 → 12, 16 → 5, 14 → 2, 12 → 1, 10 → 0. Char.hit: a ≤ d: a/(2d), else
// 1 − d/(2a): 5/6, 0.6, 0.25, 0.125, 0. A hit deals NormalIntRange(5, 24)
// (mean 14.5) less IntRange(0, 2) (mean 1): 13.5.
TEST(Sweep, PixelDungeonStrength) {
  SweepRequest req;
  req.attack = {"hero:weapon=war_hammer", "gnoll_scout", {}, {}};
  req.key = "str";
  req.from = 10;
  req.to = 18;
  req.step = 2;
  const Table t = sweep(ruleset("pixel-dungeon"), req);
  ASSERT_EQ(t.rows.size(), 5u);
  ASSERT_EQ(t.columns.size(), 7u);
  EXPECT_EQ(t.columns[0].label, "str");
  const double p[] = {0, 0.125, 0.25, 0.6, 5.0 / 6};
  for (std::size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(std::get<std::int64_t>(t.rows[i][0]), 10 + 2 * static_cast<std::int64_t>(i));
    EXPECT_NEAR(std::get<double>(t.rows[i][1]), p[i], 1e-12) << i;
    EXPECT_NEAR(std::get<double>(t.rows[i][2]), p[i] * 13.5, 1e-9) << i;
    // Under STR 18 the hammer is too heavy: one warning a row.
    EXPECT_EQ(std::get<std::int64_t>(t.rows[i][6]), i < 4 ? 1 : 0) << i;
  }
  // Never hits at STR 10: no kill, no value.
  EXPECT_TRUE(std::holds_alternative<std::monostate>(t.rows[0][3]));
  EXPECT_TRUE(std::holds_alternative<std::monostate>(t.rows[0][4]));
  EXPECT_EQ(std::get<double>(t.rows[0][5]), 0.0);
  // Hits to kill do not depend on accuracy; attacks to kill are hits / P(hit).
  for (std::size_t i = 1; i < 5; ++i)
    EXPECT_NEAR(std::get<double>(t.rows[i][3]), std::get<double>(t.rows[i][4]) / p[i], 1e-9) << i;
  bool exact = false;
  for (const auto& n : t.notes) exact |= n == "duel: exact in every row that has one";
  EXPECT_TRUE(exact);
}

// A defender's key: Brogue armor enchant of a player in banded mail. Each
// enchant point adds 10 to the internal defense, so the goblin's hit chance
// falls step by step; banded mail needs strength 15, the player has 12.
TEST(Sweep, BrogueDefenderArmor) {
  SweepRequest req;
  req.attack = {"goblin", "player:armor=banded_mail", {}, {}};
  req.key = "armor_enchant";
  req.from = 2;
  req.to = 4;
  req.side = SweepSide::defender;
  const Table t = sweep(ruleset("brogue"), req);
  ASSERT_EQ(t.rows.size(), 3u);
  for (std::size_t i = 1; i < t.rows.size(); ++i)
    EXPECT_LT(std::get<double>(t.rows[i][1]), std::get<double>(t.rows[i - 1][1]));
  EXPECT_EQ(std::get<std::int64_t>(t.rows[0][6]), 1);  // banded mail needs strength 15
}

TEST(Sweep, EveryGameThroughTheRulesetApi) {
  struct Case {
    const char* rules;
    const char* attacker;
    const char* defender;
    const char* key;
  };
  for (const Case& c : {Case{"pixel-dungeon", "hero", "rat", "level"}, Case{"brogue", "player", "rat", "enchant"},
                        Case{"crawl", "player:weapon=long_sword", "orc", "fighting"},
                        Case{"epixx", "human_fighter", "duellist", "str"}}) {
    SCOPED_TRACE(c.rules);
    SweepRequest req;
    req.attack = {c.attacker, c.defender, {}, {}};
    req.key = c.key;
    req.from = 1;
    req.to = 3;
    req.fight.monte_carlo.sims = 2000;
    req.fight.monte_carlo.progress = false;
    const Table t = sweep(ruleset(c.rules), req);
    ASSERT_EQ(t.rows.size(), 3u);
    for (const auto& row : t.rows) ASSERT_EQ(row.size(), t.columns.size());
  }
}

// The columns a sweep computes: P(hit) and mean damage only leave the fight
// columns empty, with a note; the values computed are those of the full sweep.
TEST(Sweep, ComputesOnlyTheColumnsAskedFor) {
  SweepRequest req;
  req.attack = {"hero:weapon=war_hammer", "gnoll_scout", {}, {}};
  req.key = "str";
  req.from = 10;
  req.to = 18;
  req.step = 2;
  const Table all = sweep(ruleset("pixel-dungeon"), req);
  req.columns = parse_sweep_columns({"p_hit", "mean_damage"}, "--columns");
  EXPECT_FALSE(req.columns.ttk);
  EXPECT_FALSE(req.columns.duel);
  const Table hit = sweep(ruleset("pixel-dungeon"), req);
  req.columns = parse_sweep_columns({"p_attacker_wins"}, "--columns");
  EXPECT_FALSE(req.columns.ttk);
  EXPECT_TRUE(req.columns.duel);
  const Table duel = sweep(ruleset("pixel-dungeon"), req);
  req.columns = parse_sweep_columns({"mean_hits_to_kill"}, "--columns");
  EXPECT_TRUE(req.columns.ttk);
  EXPECT_FALSE(req.columns.duel);
  const Table ttk = sweep(ruleset("pixel-dungeon"), req);
  for (const Table* t : {&hit, &duel, &ttk}) {
    ASSERT_EQ(t->columns.size(), 7u);
    ASSERT_EQ(t->rows.size(), 5u);
  }
  auto has_note = [](const Table& t, const std::string& n) {
    return std::find(t.notes.begin(), t.notes.end(), n) != t.notes.end();
  };
  const double p[] = {0, 0.125, 0.25, 0.6, 5.0 / 6};
  for (std::size_t i = 0; i < 5; ++i) {
    EXPECT_NEAR(std::get<double>(hit.rows[i][1]), p[i], 1e-12) << i;
    EXPECT_NEAR(std::get<double>(hit.rows[i][2]), p[i] * 13.5, 1e-9) << i;
    EXPECT_EQ(std::get<std::int64_t>(hit.rows[i][6]), i < 4 ? 1 : 0) << i;
    for (std::size_t c : {3u, 4u, 5u}) EXPECT_TRUE(std::holds_alternative<std::monostate>(hit.rows[i][c])) << i;
    // The duel alone: the full sweep's duel, and no turns to kill.
    EXPECT_EQ(duel.rows[i][5], all.rows[i][5]) << i;
    for (std::size_t c : {3u, 4u}) EXPECT_TRUE(std::holds_alternative<std::monostate>(duel.rows[i][c])) << i;
    // Turns to kill alone: the full sweep's, and no duel.
    EXPECT_EQ(ttk.rows[i][3], all.rows[i][3]) << i;
    EXPECT_EQ(ttk.rows[i][4], all.rows[i][4]) << i;
    EXPECT_TRUE(std::holds_alternative<std::monostate>(ttk.rows[i][5])) << i;
  }
  EXPECT_TRUE(has_note(hit, "attacks and hits to kill: not computed (not asked for)"));
  EXPECT_TRUE(has_note(hit, "duel: not computed (not asked for)"));
  EXPECT_FALSE(has_note(hit, "duel: exact in every row that has one"));
  EXPECT_FALSE(has_note(hit, "attacks and hits to kill: exact in every row that has them"));
  EXPECT_TRUE(has_note(duel, "duel: exact in every row that has one"));
  EXPECT_TRUE(has_note(ttk, "duel: not computed (not asked for)"));
  EXPECT_FALSE(has_note(all, "duel: not computed (not asked for)"));
  expect_error([] { (void)parse_sweep_columns({"p_hitt"}, "--columns"); },
               "--columns: no column 'p_hitt' (did you mean 'p_hit'?)");
  expect_error([] { (void)parse_sweep_columns({}, "--columns"); }, "--columns: give at least one column");
}

TEST(Sweep, RefusesWhatTheSpecDoesNotTake) {
  SweepRequest req;
  req.attack = {"hero", "rat", {}, {}};
  req.key = "lvel";
  req.from = 1;
  req.to = 3;
  expect_error([&] { (void)sweep(ruleset("pixel-dungeon"), req); }, "did you mean 'level'");
  req.key = "level";
  req.to = 40;
  expect_error([&] { (void)sweep(ruleset("pixel-dungeon"), req); }, "level=31 is out of range");
  req.to = 500;
  expect_error([&] { (void)sweep(ruleset("pixel-dungeon"), req); }, "at most 201");
}

// The crawl player's HP when the spec gives none: get_real_hp at XL 5,
// Fighting 5: 5·11/2 + 8 = 35, + 5·25/70 = 1, + (15 + 1)/2 = 8: 44.
TEST(DefaultHp, CrawlPlayerFromXlAndFighting) {
  const auto r = test::run_cli({"ttk", "--rules", "crawl", "--attacker", "player:xl=5,fighting=5,weapon=long_sword",
                                "--defender", "orc", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = r.json();
  EXPECT_EQ(j["attacker"]["hp"], 44);
  // The HP note first, then the orc's time and what a monster's time leaves
  // out, the player's other defaults, the orc's weapon, and the regeneration
  // note every Crawl fight has.
  ASSERT_EQ(j["notes"].size(), 6u);
  EXPECT_NE(j["notes"][0].get<std::string>().find("has 44 HP: no hp= given"), std::string::npos);
  EXPECT_EQ(j["notes"][1].get<std::string>().rfind("orc: each melee round spends 10 energy", 0), 0u);
  EXPECT_EQ(j["notes"][2].get<std::string>().rfind("monster time: ", 0), 0u);
  EXPECT_EQ(j["notes"][3],
            "player attacker uses the defaults str=10, dex=10, weapon_skill=0, dodging=0 (docs/crawl.md)");
  // The orc's weapon is drawn at random (mon-gear.cc): none unless the spec names one.
  EXPECT_EQ(j["notes"][4].get<std::string>().rfind("the defender orc fights unarmed here; the game gives it a weapon "
                                                   "drawn at random",
                                                   0),
            0u);
  EXPECT_EQ(j["notes"][5].get<std::string>().rfind("regeneration: ", 0), 0u);
  // XL 1, no Fighting: 1·11/2 + 8 = 13; a dragon form ×15/10: 19.
  const auto d =
      test::run_cli({"duel", "--rules", "crawl", "--a", "player:form=dragon", "--b", "rat", "--json", "--sims", "100"});
  ASSERT_EQ(d.status, 0) << d.err;
  EXPECT_EQ(d.json()["a"]["hp"], 19);
}

}  // namespace
}  // namespace fray
