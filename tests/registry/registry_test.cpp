// fray/rules/registry.hpp: the built-in games from the first use, a game added
// at run time (tests/registry/coin_game.hpp, defined only here) and asked
// through the same public API and command line as a built-in one, and the
// refusal of a name already taken. Its own test program: registering a game
// changes fray::rulesets() for the rest of the process.
#include "registry/coin_game.hpp"

#include <fray/core/error.hpp>
#include <fray/fight/solve.hpp>
#include <fray/report/game_verbs.hpp>
#include <fray/report/report.hpp>
#include <fray/rules/registry.hpp>
#include <fray/rules/ruleset.hpp>

#include "verbs.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>
#include <string>
#include <vector>

namespace fray {
namespace {

const std::vector<std::string> kBuiltins{"pixel-dungeon", "brogue", "crawl", "epixx", "crawl-0.34", "shattered-pd"};

class NamedRules : public Ruleset {
 public:
  NamedRules(std::string id, std::vector<std::string> aliases) : id_(std::move(id)), aliases_(std::move(aliases)) {}
  std::string_view id() const override { return id_; }
  std::string_view title() const override { return "named"; }
  std::vector<std::string> aliases() const override { return aliases_; }
  std::string_view player_name() const override { return {}; }
  AttackSummary attack(const AttackRequest&) const override { return {}; }
  StrikeRun strike(const StrikeRequest&) const override { return {}; }
  Bout bout(const AttackRequest&) const override { return {}; }
  std::vector<CatalogKind> catalogs() const override { return {}; }
  std::vector<CatalogEntry> catalog(CatalogKind) const override { return {}; }

 private:
  std::string id_;
  std::vector<std::string> aliases_;
};

std::string refusal(std::string id, std::vector<std::string> aliases = {}) {
  try {
    (void)register_ruleset(std::make_unique<NamedRules>(std::move(id), std::move(aliases)));
  } catch (const Error& e) {
    return e.what();
  }
  return "(registered)";
}

struct Cli {
  int status = -1;
  std::string out, err;
  nlohmann::json json() const { return nlohmann::json::parse(out); }
};

Cli cli(std::vector<std::string> args) {
  args.insert(args.begin(), "fray");
  std::ostringstream out, err;
  Cli r;
  r.status = cli::run(args, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

// The order of these tests does not matter: every one that needs the coin
// game registers it first (test::coin_rules registers it once).
TEST(Registry, BuiltinsFirstInTheirOrder) {
  const std::vector<std::string> ids = registry().ids();
  ASSERT_GE(ids.size(), kBuiltins.size());
  EXPECT_EQ(std::vector<std::string>(ids.begin(), ids.begin() + 6), kBuiltins);
  EXPECT_EQ(&ruleset("crawl-0.19"), &ruleset("crawl"));  // an alias
  EXPECT_EQ(registry().find("nethack"), nullptr);
}

TEST(Registry, AGameAddedAtRunTimeIsKnownByIdAndAlias) {
  const Ruleset& coin = test::coin_rules();
  EXPECT_EQ(&ruleset("coin"), &coin);
  EXPECT_EQ(&ruleset("coin-flip"), &coin);
  EXPECT_EQ(registry().find("coin"), &coin);
  const std::vector<std::string> ids = registry().ids();
  EXPECT_EQ(ids.back(), "coin");
  EXPECT_EQ(rulesets().back(), &coin);
  EXPECT_THROW((void)ruleset("coins"), Error);
  try {
    (void)ruleset("coins");
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()),
              "unknown ruleset 'coins' (did you mean 'coin'?) (known: pixel-dungeon, brogue, crawl, epixx, "
              "crawl-0.34, shattered-pd, coin)");
  }
}

TEST(Registry, ANameTakenIsRefusedAndNothingIsAdded) {
  (void)test::coin_rules();
  const std::vector<std::string> before = registry().ids();
  EXPECT_EQ(refusal("coin"), "register_ruleset: 'coin' already names the ruleset 'coin' (Coin 1.0)");
  EXPECT_EQ(refusal("brogue"), "register_ruleset: 'brogue' already names the ruleset 'brogue' (Brogue CE 1.15)");
  // An id that is another game's alias, an alias that is another game's id or alias.
  EXPECT_EQ(refusal("crawl-0.19"),
            "register_ruleset: 'crawl-0.19' already names the ruleset 'crawl' (Dungeon Crawl Stone Soup 0.19)");
  EXPECT_EQ(refusal("dice", {"coin-flip"}),
            "register_ruleset: 'coin-flip' already names the ruleset 'coin' (Coin 1.0)");
  EXPECT_EQ(refusal("dice", {"epixx"}),
            "register_ruleset: 'epixx' already names the ruleset 'epixx' (epixx 2D6 rogue)");
  EXPECT_EQ(refusal(""), "register_ruleset: a ruleset's id and aliases must not be empty");
  EXPECT_EQ(refusal("dice", {"d6", "d6"}),
            "register_ruleset: the ruleset 'dice' repeats a name among its id and aliases");
  EXPECT_THROW((void)register_ruleset(nullptr), Error);
  EXPECT_EQ(registry().ids(), before);
}

// The public API the faces use answers for the new game as for any: an
// attack, strikes, a fight's turns to kill and duel (exact values by hand).
TEST(Registry, TheNewGameAnswersThroughThePublicApi) {
  const Ruleset& coin = test::coin_rules();
  const AttackSummary s = ruleset("coin").attack({"knight", "goblin", {}, {}});
  EXPECT_EQ(s.p_hit, 0.5);
  const nlohmann::json a = attack_report(s).json;
  EXPECT_EQ(a["rules"], "coin");
  EXPECT_EQ(a["mean_damage"], 0.5);

  const StrikeRun run = coin.strike({{"knight", "goblin", {}, {}}, 7, 10000, "default"});
  EXPECT_EQ(run.strikes.size(), kMaxTraced);
  // 10 000 fair flips: within 4 standard deviations (50) of 5 000, at this fixed seed.
  EXPECT_NEAR(static_cast<double>(run.hits), 5000.0, 200.0);
  EXPECT_EQ(strike_report(run).json["count"], 10000);

  // Turns to kill a 2 HP goblin: the 2nd head comes on attack n with
  // probability (n-1)/2^n: 1/4, 1/4, 3/16, 1/8, ...; mean 2 / (1/2) = 4.
  const Bout bout = coin.bout({"knight", "goblin", {}, {}});
  const fight::TtkResult t = fight::solve_ttk(bout);
  EXPECT_EQ(t.method, "exact");
  ASSERT_TRUE(t.attacks);
  EXPECT_NEAR((*t.attacks)[2], 0.25, 1e-12);
  EXPECT_NEAR((*t.attacks)[3], 0.25, 1e-12);
  EXPECT_NEAR((*t.attacks)[4], 3.0 / 16, 1e-12);
  EXPECT_NEAR(t.attacks->mean(), 4.0, 1e-9);
  // The duel, knight (3 HP, first) against goblin (2 HP), alternating flips:
  // with x_a, x_b the knight's chance when it or the goblin is to flip,
  // x_a = (2 A + B) / 3 over the states one hit away; 22/27 in all.
  const fight::DuelResult d = fight::solve_duel(bout);
  EXPECT_NEAR(d.p_a_wins, 22.0 / 27, 1e-12);
  EXPECT_NEAR(d.p_b_wins, 5.0 / 27, 1e-12);
  EXPECT_EQ(duel_report("coin", bout, d).json["p_a_wins"], d.p_a_wins);
}

// The command line (run in-process) asks the registry, so the new game is a
// --rules value of every verb like the built-in ones.
TEST(Registry, TheCommandLineTakesTheNewGame) {
  (void)test::coin_rules();
  const Cli at = cli({"attack", "--rules", "coin", "--attacker", "knight", "--defender", "goblin", "--json"});
  ASSERT_EQ(at.status, 0) << at.err;
  EXPECT_EQ(at.json()["p_hit"], 0.5);
  const Cli st = cli({"strike", "--rules", "coin-flip", "--attacker", "knight", "--defender", "goblin", "--seed", "3",
                      "--count", "4", "--json"});
  ASSERT_EQ(st.status, 0) << st.err;
  EXPECT_EQ(st.json()["rules"], "coin");
  EXPECT_EQ(st.json()["strikes"].size(), 4u);
  const Cli ttk = cli({"ttk", "--rules", "coin", "--attacker", "knight", "--defender", "goblin", "--json"});
  ASSERT_EQ(ttk.status, 0) << ttk.err;
  EXPECT_NEAR(ttk.json()["attacks"]["mean"].get<double>(), 4.0, 1e-9);
  const Cli duel = cli({"duel", "--rules", "coin", "--a", "knight", "--b", "goblin", "--json"});
  ASSERT_EQ(duel.status, 0) << duel.err;
  EXPECT_NEAR(duel.json()["p_a_wins"].get<double>(), 22.0 / 27, 1e-12);
  const Cli list = cli({"list", "--rules", "coin", "monsters", "--json"});
  ASSERT_EQ(list.status, 0) << list.err;
  EXPECT_EQ(list.json()["entries"][1]["name"], "goblin");
  // A verb only some games have: the new game takes none of them.
  const Cli table = cli({"table", "--rules", "coin", "enchant-for-hit"});
  EXPECT_EQ(table.status, 2);
  EXPECT_NE(table.err.find("table is not a verb of --rules coin (it is for: brogue)"), std::string::npos) << table.err;
  const Cli bad = cli({"attack", "--rules", "coin", "--attacker", "dragon", "--defender", "goblin"});
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.err, "fray: error: attacker: unknown monster 'dragon' (known: knight, goblin)\n");
}

// A registered game adds a verb of its own (fray/report/game_verbs.hpp): the
// command line run in-process offers it as a subcommand, with --rules
// listing the game, and refuses it for a game without it as it refuses a
// built-in game's verb.
TEST(Registry, ANewGameAddsItsOwnVerb) {
  test::add_coin_flip_verb();
  EXPECT_EQ(game_verb_rulesets("flip"), std::vector<std::string>{"coin"});
  EXPECT_EQ(cli::verb_rules("flip"), std::vector<std::string>{"coin"});
  const Cli help = cli({"--help"});
  EXPECT_NE(help.out.find("flip "), std::string::npos) << help.out;
  const Cli verb_help = cli({"flip", "--help"});
  ASSERT_EQ(verb_help.status, 0);
  EXPECT_NE(verb_help.out.find("--times TEXT REQUIRED"), std::string::npos) << verb_help.out;
  EXPECT_NE(verb_help.out.find("Ruleset (only coin)"), std::string::npos) << verb_help.out;
  // Three flips: 1/8, 3/8, 3/8, 1/8 (C(3, k) / 2^3); --rules defaults to the one game.
  const Cli three = cli({"flip", "--times", "3", "--json"});
  ASSERT_EQ(three.status, 0) << three.err;
  const nlohmann::json rows = three.json()["rows"];
  ASSERT_EQ(rows.size(), 4u);
  const double expected[] = {0.125, 0.375, 0.375, 0.125};
  for (std::size_t k = 0; k < 4; ++k) {
    EXPECT_EQ(rows[k]["heads"], static_cast<int>(k));
    EXPECT_EQ(rows[k]["p"].get<double>(), expected[k]);
  }
  EXPECT_EQ(cli({"flip", "--rules", "coin-flip", "--times", "3", "--json"}).out, three.out);
  // The faces' document of the game lists it (Python's fray.rulesets(), the page's rulesetInfo()).
  EXPECT_EQ(ruleset_info_json(test::coin_rules())["verbs"], nlohmann::json::array({"flip"}));
  EXPECT_EQ(cli({"flip", "--rules", "brogue", "--times", "3"}).err,
            "fray: error: flip is not a verb of --rules brogue (it is for: coin)\n");
  EXPECT_EQ(cli({"flip", "--times", "0"}).err, "fray: error: --times 0 is out of range 1..60\n");
  EXPECT_EQ(cli({"flip"}).status, 2);
  // The library runs it for any face, naming the options as that face does.
  VerbArgs args;
  args.set("times", "61");
  try {
    (void)run_game_verb("flip", "coin", args);
    ADD_FAILURE() << "61 flips are refused";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "times 61 is out of range 1..60");
  }
  // A name taken, or an offer of a verb nobody described, is refused.
  EXPECT_THROW(add_game_verb({"flip", "again", {}}), Error);
  EXPECT_THROW(add_game_verb({"table", "again", {}}), Error);
  EXPECT_THROW(offer_game_verb("flip", "coin", [](const Ruleset&, const VerbArgs&) { return VerbAnswer(Table{}); }),
               Error);
  EXPECT_THROW(offer_game_verb("juggle", "coin", [](const Ruleset&, const VerbArgs&) { return VerbAnswer(Table{}); }),
               Error);
}

// The built-in games' verbs are offered by the games whose Ruleset::verbs
// name them, and each one's description is complete.
TEST(Registry, BuiltinGameVerbsAgreeWithTheRulesets) {
  for (const VerbDescription& v : game_verbs()) {
    SCOPED_TRACE(v.name);
    EXPECT_FALSE(v.help.empty());
    for (const VerbOption& o : v.options) EXPECT_FALSE(o.help.empty()) << o.name;
    if (v.name == "flip" || v.name == "skill-sweep") continue;
    EXPECT_EQ(game_verb_rulesets(v.name), rulesets_taking(v.name));
  }
  EXPECT_EQ(game_verb_rulesets("skill-sweep"), std::vector<std::string>{"crawl"});
  EXPECT_EQ(fov_algorithms().front(), rulesets_taking("fov").front());
}

// What the faces ask instead of a name: the capabilities, in the one
// document Python's fray.rulesets() and the page's rulesetInfo() are.
TEST(Registry, CapabilitiesAndTheirDefaults) {
  const Ruleset& coin = test::coin_rules();
  EXPECT_TRUE(coin.verbs().empty());
  EXPECT_TRUE(coin.grid_legend().terrain.empty());
  const nlohmann::json info = ruleset_info_json(coin);
  EXPECT_EQ(info["title"], "Coin 1.0");
  EXPECT_EQ(info["player"], "knight");
  // By default a face starts from the player against the first monster.
  EXPECT_EQ(info["defaults"]["attacker"], "knight");
  EXPECT_EQ(info["defaults"]["defender"], "knight");
  EXPECT_EQ(info["defaults"]["sweep"]["series"], nlohmann::json::array({"knight"}));
  EXPECT_EQ(rulesets_taking("table"), std::vector<std::string>{"brogue"});
  EXPECT_EQ(rulesets_taking("fov"), (std::vector<std::string>{"pixel-dungeon", "shattered-pd"}));
  EXPECT_EQ(ruleset_info_json(ruleset("brogue"))["verbs"], nlohmann::json::array({"table"}));
  // The branches a bestiary's --branch names (Ruleset::branches_data): none for most games.
  EXPECT_EQ(info["branches"], nlohmann::json::array());
  EXPECT_EQ(ruleset_info_json(ruleset("brogue"))["branches"], nlohmann::json::array());
  const nlohmann::json d034 = ruleset_info_json(ruleset("crawl-0.34"))["branches"].at(0);
  EXPECT_EQ(d034, (nlohmann::json{{"abbrev", "D"}, {"name", "Dungeon"}, {"levels", 15}}));
  EXPECT_EQ(ruleset("shattered-pd").grid_legend().terrain.size(), 5u);
  EXPECT_TRUE(ruleset("pixel-dungeon").grid_legend().terrain.empty());
}

// fray fov asks the game for its field of view (Ruleset::field_of_view) and
// names the algorithms from the registry; the messages are as before.
TEST(Registry, FieldOfViewIsAskedOfTheGame) {
  (void)test::coin_rules();
  const std::string map = FRAY_TEST_DIR "/../examples/maps/ballistics.txt";
  const Cli unknown = cli({"fov", "--map", map, "--at", "2,5", "--algorithm", "raycast"});
  EXPECT_EQ(unknown.status, 2);
  EXPECT_EQ(
      unknown.err,
      "fray: error: --algorithm 'raycast' is not one of pixel-dungeon, shattered-pd, symmetric, symmetric-exact\n");
  EXPECT_EQ(cli({"fov", "--map", map, "--at", "2,5", "--radius", "9"}).err,
            "fray: error: --radius 9 is out of range 1..8 for pixel-dungeon\n");
  EXPECT_EQ(cli({"fov", "--map", map, "--at", "2,5", "--rules", "shattered-pd", "--radius", "-1"}).err,
            "fray: error: --radius -1 is out of range 0..1000000 for shattered-pd (above 20 is cut to it)\n");
  // A game that takes no fov is not an algorithm, and has none to give.
  EXPECT_EQ(cli({"fov", "--map", map, "--at", "2,5", "--algorithm", "coin"}).err,
            "fray: error: --algorithm 'coin' is not one of pixel-dungeon, shattered-pd, symmetric, symmetric-exact\n");
  grid::Visibility vis;
  const grid::Map open = grid::Map::parse("...\n...\n");
  try {
    (void)ruleset("coin").field_of_view(open, {1, 1}, std::nullopt, "radius", vis);
    ADD_FAILURE() << "coin has no field of view";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "ruleset 'coin' has no field of view");
  }
  // Through the API: the game's default radius, and its cut (Shattered Pixel Dungeon: 20).
  EXPECT_EQ(ruleset("pixel-dungeon").field_of_view(open, {1, 1}, std::nullopt, "radius", vis), 8);
  EXPECT_EQ(vis.cells().size(), 6u);
  EXPECT_EQ(ruleset("shattered-pd").field_of_view(open, {1, 1}, 500, "radius", vis), 20);
}

}  // namespace
}  // namespace fray
