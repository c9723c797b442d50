// The command line's shared parts: unknown verbs, help built from the
// registry, --rules on every game verb, and `fray list`.
#include <fray/rules/ruleset.hpp>

#include "support/support.hpp"
#include "verbs.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace {

using fray::test::run_cli;

void expect_verb_error(const std::vector<std::string>& args, const std::string& message) {
  const auto r = run_cli(args);
  EXPECT_EQ(r.status, 2) << args[0];
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_EQ(r.err, "fray: error: " + message + "\n");
}

// ttk (and sweep, through the same step) takes hp=1 for an attacker spec
// without one; an error about that spec quotes it as the user gave it.
TEST(Verbs, TtkErrorQuotesTheAttackerAsGiven) {
  expect_verb_error({"ttk", "--rules", "crawl", "--attacker", "player:amulet=faith", "--defender", "orc"},
                    "attacker spec 'player:amulet=faith': amulet=faith is not one of none, regeneration");
  const auto r = run_cli({"ttk", "--rules", "crawl", "--attacker", "player:amulet=faith", "--defender", "orc"});
  EXPECT_EQ(r.err.find("hp=1"), std::string::npos) << r.err;
}

TEST(Verbs, UnknownVerbSuggestsTheClosest) {
  expect_verb_error({"atack"}, "unknown verb 'atack' (did you mean 'attack'?)");
  expect_verb_error({"stirke", "--rules", "brogue"}, "unknown verb 'stirke' (did you mean 'strike'?)");
  expect_verb_error({"--json", "lst"}, "unknown verb 'lst' (did you mean 'list' or 'dist'?)");
  const auto r = run_cli({"frobnicate"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("fray: error: unknown verb 'frobnicate' (verbs: dist, roll, attack, ", 0), 0u) << r.err;
}

TEST(Verbs, HelpNamesEveryRulesetAndEngine) {
  for (const char* verb : {"attack", "strike", "ttk", "duel", "list"}) {
    const auto r = run_cli({verb, "--help"});
    ASSERT_EQ(r.status, 0) << verb;
    for (const fray::Ruleset* rules : fray::rulesets())
      EXPECT_NE(r.out.find(std::string(rules->id())), std::string::npos) << verb << " --help lacks " << rules->id();
  }
  for (const char* verb : {"roll", "strike"}) {
    const auto r = run_cli({verb, "--help"});
    for (const std::string& engine : fray::engine_names())
      EXPECT_NE(r.out.find(engine), std::string::npos) << verb << " --help lacks engine " << engine;
  }
  // Each game's situation flags, from its catalog.
  const auto attack = run_cli({"attack", "--help"});
  for (const fray::Ruleset* rules : fray::rulesets()) {
    const auto kinds = rules->catalogs();
    if (std::find(kinds.begin(), kinds.end(), fray::CatalogKind::situations) == kinds.end()) continue;
    for (const auto& flag : rules->catalog(fray::CatalogKind::situations))
      EXPECT_NE(attack.out.find(flag.name), std::string::npos) << rules->id() << " " << flag.name;
  }
}

TEST(Verbs, RollNamesItsEngine) {
  const auto j = run_cli({"roll", "1d6", "--seed", "3", "--json"}).json();
  EXPECT_EQ(j.at("engine"), "default");
  EXPECT_FALSE(j.contains("rng"));
}

TEST(Verbs, GridVerbsArePixelDungeons) {
  const std::string map = fray::test::path("../examples/maps/ballistics.txt");
  const auto plain = run_cli({"path", "--map", map, "--from", "2,5", "--to", "7,3", "--json"});
  ASSERT_EQ(plain.status, 0) << plain.err;
  EXPECT_EQ(plain.json().at("rules"), "pixel-dungeon");
  const auto named =
      run_cli({"path", "--rules", "pixel-dungeon", "--map", map, "--from", "2,5", "--to", "7,3", "--json"});
  EXPECT_EQ(named.out, plain.out);
  expect_verb_error({"path", "--rules", "brogue", "--map", map, "--from", "2,5", "--to", "7,3"},
                    "path is not a verb of --rules brogue (it is for: pixel-dungeon, shattered-pd)");
  expect_verb_error(
      {"surprise", "--rules", "crawl", "--map", map, "--mob", "7,3", "--hero", "2,5", "--state", "sleeping"},
      "surprise is not a verb of --rules crawl (it is for: pixel-dungeon)");
  const auto s = run_cli({"surprise", "--map", map, "--mob", "7,3", "--hero", "2,5", "--state", "sleeping", "--json"});
  ASSERT_EQ(s.status, 0) << s.err;
  EXPECT_EQ(s.json().at("rules"), "pixel-dungeon");
}

// `fray aim`: the cells to tap so the thrown item reaches the gnoll on (7,3).
// (11,1) from (2,5): dx 9, dy -4, err 4, 8, 12→3, 7, 11→2, 6 — (3,5) (4,4)
// (5,4) (6,3) (7,3); (6,3) itself lands on (6,3); a magic bolt tapped on (5,4)
// goes on (6,4) (7,3).
TEST(Verbs, AimListsTheCellsToTap) {
  const std::string map = fray::test::path("../examples/maps/ballistics.txt");
  const auto pd = run_cli({"aim", "--map", map, "--from", "2,5", "--to", "7,3", "--json"});
  ASSERT_EQ(pd.status, 0) << pd.err;
  EXPECT_EQ(pd.json(), nlohmann::json::parse(R"({"rules": "pixel-dungeon", "from": [2, 5], "to": [7, 3],
      "cells": [[11, 1], [9, 2], [10, 2], [11, 2], [7, 3], [8, 3]], "count": 6})"));
  const auto text = run_cli({"aim", "--map", map, "--from", "2,5", "--to", "7,3"});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_EQ(text.out,
            "aim from 2,5 at 7,3 (the character g; a thrown item: Ballistica.cast, stopping at characters): 6 cells "
            "to tap\n"
            "(11,1) (9,2) (10,2) (11,2) (7,3) (8,3)\n"
            "############\n"
            "#..........*\n"
            "#..::....***\n"
            "#..::..X*..#\n"
            "#......##..#\n"
            "#.o....+...#\n"
            "############\n"
            "o start, * a cell to tap, X the target (a cell to tap too)\n");
  const auto spd = run_cli({"aim", "--rules", "shattered-pd", "--map", map, "--from", "2,5", "--to", "7,3", "--flags",
                            "magic-bolt", "--json"});
  ASSERT_EQ(spd.status, 0) << spd.err;
  EXPECT_EQ(spd.json(), nlohmann::json::parse(R"({"rules": "shattered-pd", "from": [2, 5], "to": [7, 3],
      "cells": [[11, 1], [9, 2], [10, 2], [11, 2], [7, 3], [8, 3], [5, 4]], "count": 7,
      "flags": ["stop-chars", "stop-solid"], "params": 6})"));
  // A wall is never where a thrown item ends: the target is drawn 'x' when no tap reaches it.
  const auto none = run_cli({"aim", "--map", map, "--from", "2,5", "--to", "7,4"});
  ASSERT_EQ(none.status, 0) << none.err;
  EXPECT_EQ(none.out.rfind("aim from 2,5 at 7,4 (a cell with no character; a thrown item: Ballistica.cast, stopping "
                           "at characters): no cell to tap reaches it\n",
                           0),
            0u)
      << none.out;
  EXPECT_NE(none.out.find("#......x#..#\n"), std::string::npos) << none.out;
  EXPECT_NE(none.out.find("x the target (tapping it does not reach it)"), std::string::npos) << none.out;
}

TEST(Verbs, AimErrors) {
  const std::string map = fray::test::path("../examples/maps/ballistics.txt");
  expect_verb_error({"aim", "--map", map, "--from", "2,5", "--to", "2,5"},
                    "--to 2,5 is the hero's own cell (--from); aim at another cell");
  expect_verb_error({"aim", "--map", map, "--from", "0,5", "--to", "2,5"}, "--from 0,5 is on a wall");
  expect_verb_error({"aim", "--map", map, "--from", "2,5", "--to", "12,5"},
                    "--to 12,5 is outside the map (12x7; x in 0..11, y in 0..6)");
  expect_verb_error({"aim", "--map", map, "--from", "2;5", "--to", "7,3"}, "--from: '2;5' is not a point X,Y");
  expect_verb_error({"aim", "--map", map, "--from", "2,5", "--to", "7,3", "--flags", "projectile"},
                    "--flags is for --rules shattered-pd; Pixel Dungeon's aim is a thrown item's (Item.cast)");
  expect_verb_error(
      {"aim", "--rules", "shattered-pd", "--map", map, "--from", "2,5", "--to", "7,3", "--flags", "magik"},
      "--flags: unknown flag 'magik' (known: projectile, magic-bolt, wont-stop, stop-target, stop-chars, "
      "stop-solid, ignore-soft-solid)");
  expect_verb_error({"aim", "--rules", "brogue", "--map", map, "--from", "2,5", "--to", "7,3"},
                    "aim is not a verb of --rules brogue (it is for: pixel-dungeon, shattered-pd)");
  // Shattered's Level makes the outer ring wall whatever the map says.
  const std::string edge = "/tmp/fray-aim-edge-" + std::to_string(::getpid()) + ".txt";
  {
    std::ofstream out(edge);
    out << "....\n.g..\n....\n";
  }
  expect_verb_error({"aim", "--rules", "shattered-pd", "--map", edge, "--from", "0,1", "--to", "1,1"},
                    "--from 0,1 is on the map's outer ring, which the game makes wall");
  const auto pd_edge = run_cli({"aim", "--map", edge, "--from", "0,1", "--to", "1,1", "--json"});
  EXPECT_EQ(pd_edge.status, 0) << pd_edge.err;
  // A map too large to sweep cast by cast is refused, not ground through.
  {
    std::ofstream out(edge);
    for (int y = 0; y < 600; ++y) out << std::string(600, '.') << '\n';
  }
  expect_verb_error({"aim", "--map", edge, "--from", "1,1", "--to", "2,2"},
                    "aim: a 600x600 map is too large (one cast per cell of up to 600 steps; at most 134217728 steps in "
                    "all)");
  std::remove(edge.c_str());
}

// The verbs only some games have (verbs.hpp's game_verbs, which the web page
// reads to show a game's own inputs): each takes exactly the rulesets listed.
TEST(Verbs, GameVerbsTakeTheRulesetsTheyList) {
  const std::string map = fray::test::path("../examples/maps/ballistics.txt");
  const std::map<std::string_view, std::vector<std::string>> args{
      {"path", {"--map", map, "--from", "2,5", "--to", "7,3"}},
      {"aim", {"--map", map, "--from", "2,5", "--to", "7,3"}},
      {"fov", {"--map", map, "--at", "2,5"}},
      {"surprise", {"--map", map, "--mob", "7,3", "--hero", "2,5", "--state", "sleeping"}},
      {"table", {"enchant-for-hit"}},
      {"turn", {"--defender", "str=1", "--attacker", "str=0"}},
      {"import", {fray::test::path("golden/crawl_0_34/characters/handmade-human-autumn-katana.txt")}},
  };
  ASSERT_EQ(fray::cli::game_verbs().size(), args.size());
  for (const fray::cli::GameVerb& v : fray::cli::game_verbs()) {
    ASSERT_TRUE(args.count(v.verb)) << v.verb;
    EXPECT_EQ(fray::cli::verb_rules(v.verb), v.rules);
    for (const fray::Ruleset* rules : fray::rulesets()) {
      const std::string id(rules->id());
      std::vector<std::string> line{std::string(v.verb), "--rules", id};
      line.insert(line.end(), args.at(v.verb).begin(), args.at(v.verb).end());
      const auto r = run_cli(line);
      const bool takes = std::find(v.rules.begin(), v.rules.end(), id) != v.rules.end();
      EXPECT_EQ(r.status, takes ? 0 : 2) << v.verb << " " << id << ": " << r.err;
      EXPECT_EQ(r.err.find(std::string(v.verb) + " is not a verb of --rules " + id) != std::string::npos, !takes)
          << v.verb << " " << id << ": " << r.err;
    }
  }
  // Brogue's balance tables are the page's reason to ask; a verb every game takes lists none.
  EXPECT_EQ(fray::cli::verb_rules("table"), std::vector<std::string>{"brogue"});
  EXPECT_TRUE(fray::cli::verb_rules("attack").empty());
}

TEST(List, UnknownRulesetOrKind) {
  expect_verb_error({"list", "--rules", "brouge"},
                    "unknown ruleset 'brouge' (did you mean 'brogue'?) (known: pixel-dungeon, brogue, crawl, epixx, "
                    "crawl-0.34, shattered-pd)");
  for (const fray::Ruleset* rules : fray::rulesets()) {
    const auto r = run_cli({"list", "--rules", std::string(rules->id()), "monstrs"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(r.out.empty());
    EXPECT_NE(r.err.find("unknown catalog 'monstrs' (did you mean 'monsters'?)"), std::string::npos) << r.err;
  }
}

// Every catalog a game has lists its entries; a kind it lacks is an error naming those it has.
TEST(List, EveryCatalogOfEveryGame) {
  for (const fray::Ruleset* rules : fray::rulesets()) {
    const std::string id(rules->id());
    SCOPED_TRACE(id);
    const auto has = rules->catalogs();
    const auto kinds = run_cli({"list", "--rules", id, "--json"});
    ASSERT_EQ(kinds.status, 0) << kinds.err;
    EXPECT_EQ(kinds.json().at("catalogs").size(), has.size());
    const auto text = run_cli({"list", "--rules", id});
    EXPECT_NE(text.out.find(std::string(rules->title())), std::string::npos) << text.out;
    for (fray::CatalogKind kind : fray::kCatalogKinds) {
      const std::string name(fray::catalog_kind_name(kind));
      if (std::find(has.begin(), has.end(), kind) == has.end()) {
        const auto r = run_cli({"list", "--rules", id, name});
        EXPECT_EQ(r.status, 2);
        EXPECT_EQ(r.err.rfind("fray: error: list: --rules " + id + " has no " + name + " (it has: ", 0), 0u) << r.err;
        continue;
      }
      const auto entries = rules->catalog(kind);
      const auto j = run_cli({"list", "--rules", id, name, "--json"});
      ASSERT_EQ(j.status, 0) << j.err;
      EXPECT_EQ(j.json().at("entries").size(), entries.size());
      EXPECT_EQ(kinds.json().at("catalogs").at(name), entries.size());
      const auto t = run_cli({"list", "--rules", id, name});
      for (const auto& e : entries) EXPECT_NE(t.out.find(e.name), std::string::npos) << e.name;
      if (kind == fray::CatalogKind::armors) {
        EXPECT_EQ(run_cli({"list", "--rules", id, "armours"}).out, t.out);
      }
    }
  }
}

}  // namespace
