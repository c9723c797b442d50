// The labels of every fight on the command line: which game mechanics it
// follows and leaves out (`modelled`, `not_modelled`), which method answered
// which part and why (`method`, `method_asked`, `method_reason`, `sampled`),
// how `--method`, `--exact` and `--sims` choose it, and the names every game
// gives the sides' accuracy, evasion and damage reduction.
#include "support/support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace {

using fray::test::run_cli;
using nlohmann::json;

json json_of(std::vector<std::string> args) {
  args.push_back("--json");
  const auto r = run_cli(args);
  EXPECT_EQ(r.status, 0) << r.err;
  return r.json();
}

std::string text_of(const std::vector<std::string>& args) {
  const auto r = run_cli(args);
  EXPECT_EQ(r.status, 0) << r.err;
  return r.out;
}

bool holds(const json& list, const std::string& line) {
  return std::find(list.begin(), list.end(), json(line)) != list.end();
}

// The mechanics a fight follows are listed, not only those it leaves out:
// the vampire bat's drain (Pixel Dungeon), the swarm's splitting, Brogue's
// transference — in ttk and duel, JSON and text.
TEST(FightCli, ModelledMechanicsAreListed) {
  const std::string drain = "vampire bat: life drain: heals min(damage, HT - HP) on each hit (Bat.attackProc)";
  const std::string split =
      "swarm of flies: splits when hit: a clone takes (HP - damage) / 2 of its HP when a free neighbouring cell "
      "exists (Swarm.defenseProc)";
  const std::string transference =
      "vampire_bat: transference: heals 9/10 of min(damage, defender HP) on each hit (Combat.c inflictDamage, "
      "MA_TRANSFERENCE)";
  struct Case {
    std::vector<std::string> ttk, duel;
    std::string line;
  };
  const std::vector<std::string> quick = {"--method", "auto", "--sims", "2000", "--threads", "1"};
  const Case cases[] = {
      {{"ttk", "--rules", "pixel-dungeon", "--attacker", "vampire_bat", "--defender", "hero:level=3"},
       {"duel", "--rules", "pixel-dungeon", "--a", "vampire_bat", "--b", "hero:level=3"},
       drain},
      {{"ttk", "--rules", "pixel-dungeon", "--attacker", "hero:level=3", "--defender", "swarm_of_flies"},
       {"duel", "--rules", "pixel-dungeon", "--a", "swarm_of_flies", "--b", "hero:level=3"},
       split},
      {{"ttk", "--rules", "brogue", "--attacker", "vampire_bat", "--defender", "goblin"},
       {"duel", "--rules", "brogue", "--a", "vampire_bat", "--b", "goblin"},
       transference},
  };
  for (const Case& c : cases) {
    for (std::vector<std::string> args : {c.ttk, c.duel}) {
      SCOPED_TRACE(args[0] + " " + args[2] + " " + args[4] + " " + args[6]);
      args.insert(args.end(), quick.begin(), quick.end());
      const json j = json_of(args);
      EXPECT_TRUE(holds(j.at("modelled"), c.line)) << j.at("modelled").dump(1);
      EXPECT_FALSE(holds(j.at("not_modelled"), c.line));
      EXPECT_NE(text_of(args).find("\nmodelled: " + c.line + "\n"), std::string::npos);
    }
  }
  // One attack lists what it follows too: the drain is no part of one bite.
  const json a = json_of({"attack", "--rules", "pixel-dungeon", "--attacker", "vampire_bat", "--defender", "hero"});
  EXPECT_TRUE(a.at("modelled").is_array());
  EXPECT_TRUE(holds(a.at("not_modelled"), drain)) << a.dump(1);
}

// --sims alone asks for Monte Carlo, as it always has; with --method (or
// --exact) it is the number of fights of whatever Monte Carlo answers.
TEST(FightCli, MethodAndFights) {
  const std::vector<std::string> exactable = {"duel", "--rules", "epixx", "--a", "human_fighter", "--b", "duellist"};
  auto with = [](std::vector<std::string> args, const std::vector<std::string>& more) {
    args.insert(args.end(), more.begin(), more.end());
    args.insert(args.end(), {"--threads", "1"});
    return json_of(args);
  };
  const json sims = with(exactable, {"--sims", "3000"});
  EXPECT_EQ(sims.at("method"), "monte-carlo");
  EXPECT_EQ(sims.at("method_asked"), "monte-carlo");
  EXPECT_EQ(sims.at("method_reason"), "Monte Carlo asked for");
  EXPECT_EQ(sims.at("sims"), 3000);
  EXPECT_EQ(with(exactable, {"--method", "monte-carlo", "--sims", "3000"}), sims);
  // Auto with a number of fights: exact where it can be, no runs then.
  const json automatic = with(exactable, {"--method", "auto", "--sims", "3000"});
  EXPECT_EQ(automatic.at("method"), "exact");
  EXPECT_EQ(automatic.at("method_asked"), "auto");
  EXPECT_EQ(automatic.at("sampled"), json::array());
  EXPECT_FALSE(automatic.contains("sims"));
  EXPECT_EQ(with(exactable, {}), automatic);
  const json exact = with(exactable, {"--exact", "--sims", "3000"});
  EXPECT_EQ(exact.at("method"), "exact");
  EXPECT_EQ(exact.at("method_asked"), "exact");
  EXPECT_EQ(exact.at("method_reason"), "exact asked for");
  EXPECT_EQ(with(exactable, {"--method", "exact"}), exact);
  // Where the exact analysis cannot be made (the goblin conjurer's blades),
  // auto and exact both sample with the fights given, and say why.
  const std::vector<std::string> blades = {"duel", "--rules", "brogue", "--a", "player", "--b", "goblin_conjurer"};
  const json fallback = with(blades, {"--method", "auto", "--sims", "2000"});
  EXPECT_EQ(fallback.at("method"), "monte-carlo");
  EXPECT_EQ(fallback.at("method_asked"), "auto");
  EXPECT_EQ(fallback.at("sims"), 2000);
  EXPECT_EQ(fallback.at("method_reason").get<std::string>().rfind("auto: no exact analysis (", 0), 0u)
      << fallback.at("method_reason");
  EXPECT_EQ(fallback.at("sampled").size(), 11u);
  const json refused = with(blades, {"--exact", "--sims", "2000"});
  EXPECT_EQ(refused.at("method"), "monte-carlo");
  EXPECT_EQ(refused.at("method_asked"), "exact");
  EXPECT_EQ(refused.at("method_reason").get<std::string>().rfind("exact asked for, but no exact analysis (", 0), 0u)
      << refused.at("method_reason");
  // The same runs, whatever was asked for: the numbers agree with --sims alone.
  const json sampled = with(blades, {"--sims", "2000"});
  EXPECT_EQ(refused.at("p_a_wins"), sampled.at("p_a_wins"));
  EXPECT_EQ(fallback.at("p_a_wins"), sampled.at("p_a_wins"));
  std::vector<std::string> text = blades;
  text.insert(text.end(), {"--exact", "--sims", "2000", "--threads", "1"});
  const std::string t = text_of(text);
  EXPECT_NE(t.find("Duel (brogue, Monte Carlo (exact not possible), 2000 fights, seed 1, for the rules modelled; "),
            std::string::npos)
      << t;
  EXPECT_NE(t.find("\nmethod: exact asked for, but no exact analysis ("), std::string::npos) << t;
}

// Turns to kill exact with its hits sampled: the title names each part's
// method, and the JSON the sampled key with its runs.
TEST(FightCli, EachPartNamesItsMethod) {
  const std::vector<std::string> args = {
      "ttk",    "--rules", "pixel-dungeon", "--attacker", "vampire_bat", "--defender", "hero:level=3",
      "--sims", "2000",    "--method",      "auto",       "--threads",   "1"};
  const json j = json_of(args);
  EXPECT_EQ(j.at("method"), "exact");
  EXPECT_EQ(j.at("sampled"), json::array({"hits"}));
  EXPECT_EQ(j.at("sims"), 2000);
  EXPECT_EQ(j.at("seed"), 1);
  EXPECT_FALSE(j.contains("hits_method"));
  EXPECT_FALSE(j.contains("note"));
  EXPECT_NE(j.at("method_reason").get<std::string>().find("; hits to kill sampled: the defender's own turns"),
            std::string::npos)
      << j.at("method_reason");
  const std::string t = text_of(args);
  EXPECT_NE(t.find("Turns to kill (pixel-dungeon, exact; hits to kill: Monte Carlo, 2000 fights, seed 1): "),
            std::string::npos)
      << t;
  EXPECT_NE(t.find("hits to kill (attacks that land; Monte Carlo, 2000 fights, seed 1): mean"), std::string::npos) << t;
}

// The fights inside fray sweep list their mechanics and take --method.
TEST(FightCli, SweepListsItsFightsMechanicsAndTakesAMethod) {
  const std::vector<std::string> args = {
      "sweep", "--rules", "pixel-dungeon", "--attacker", "vampire_bat", "--defender", "hero",   "--side", "defender",
      "--key", "level",   "--from",        "1",          "--to",        "2",          "--sims", "500",    "--threads",
      "1"};
  const json j = json_of(args);
  const std::string drain =
      "modelled: vampire bat: life drain: heals min(damage, HT - HP) on each hit (Bat.attackProc)";
  EXPECT_TRUE(holds(j.at("notes"), drain)) << j.at("notes").dump(1);
  EXPECT_NE(text_of(args).find("note: " + drain + "\n"), std::string::npos);
  std::vector<std::string> mc = args;
  mc.insert(mc.end(), {"--method", "monte-carlo"});
  const json m = json_of(mc);
  EXPECT_TRUE(holds(m.at("notes"), "duel: Monte Carlo, 500 fights a row, seed 1 in every row (Monte Carlo asked for)"))
      << m.at("notes").dump(1);
}

// One name per concept in the sides' stats of every game: the attacker's
// accuracy, the defender's evasion; the old names are gone from the sides
// and the game's own stay in the details.
TEST(FightCli, OneNamePerConceptInEveryGamesSideStats) {
  struct Game {
    std::string rules, attacker, defender;
    std::vector<std::string> own;  // the game's own terms, in the details
  };
  const Game games[] = {
      {"pixel-dungeon", "hero:level=5,str=18,weapon=war_hammer", "gnoll_scout", {"accuracy", "evasion"}},
      {"shattered-pd", "hero:class=warrior,level=5", "gnoll_brute", {"accuracy", "evasion"}},
      {"brogue", "player", "goblin_conjurer", {"defense"}},
      {"crawl", "player:fighting=5,weapon=long_sword", "orc_warrior", {"ev", "ac"}},
      {"crawl-0.34", "player:fighting=5,long_blades=5,weapon=long_sword", "orc_warrior", {"ev", "ac"}},
      {"epixx", "human_fighter", "duellist", {"offense", "dodge"}},
  };
  for (const Game& g : games) {
    for (const char* verb : {"attack", "strike"}) {
      SCOPED_TRACE(g.rules + " " + verb);
      std::vector<std::string> args = {verb, "--rules", g.rules, "--attacker", g.attacker, "--defender", g.defender};
      if (std::string(verb) == "strike") args.insert(args.end(), {"--seed", "1", "--count", "3"});
      const json j = json_of(args);
      EXPECT_TRUE(j.at("attacker").at("accuracy").is_number()) << j.at("attacker").dump();
      EXPECT_TRUE(j.at("defender").at("evasion").is_number()) << j.at("defender").dump();
      for (const char* side : {"attacker", "defender"}) {
        for (const char* old : {"to_hit", "ev", "ac", "defense", "armor_dr", "offense"}) {
          EXPECT_FALSE(j.at(side).contains(old)) << side << " " << old;
        }
      }
      if (std::string(verb) == "attack") {
        for (const std::string& own : g.own) EXPECT_TRUE(j.at("details").contains(own)) << own;
      }
    }
  }
  // Damage reduction: dr in the games that have one.
  EXPECT_EQ(
      json_of({"attack", "--rules", "crawl", "--attacker", "orc", "--defender", "orc_warrior"}).at("defender").at("dr"),
      json_of({"attack", "--rules", "crawl", "--attacker", "orc", "--defender", "orc_warrior"}).at("details").at("ac"));
  EXPECT_EQ(json_of({"attack", "--rules", "shattered-pd", "--attacker", "rat", "--defender",
                     "hero:class=warrior,armor=leather"})
                .at("defender")
                .at("dr"),
            "0-4");
  // A fighter's P(hit) is p_hit, as everywhere.
  const json d = json_of({"duel", "--rules", "epixx", "--a", "human_fighter", "--b", "duellist"});
  EXPECT_TRUE(d.at("a").at("p_hit").is_number());
  EXPECT_FALSE(d.at("a").contains("accuracy"));
}

}  // namespace
