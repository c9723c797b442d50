// `--rules shattered-pd` on the command line: attack, strike, ttk, duel and
// list with its specs, bad specs as errors, and the grid verbs reproducing
// the game's Ballistica and ShadowCaster (golden/shattered_pd) through map files.
#include <fray/core/error.hpp>

#include "support/support.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

using fray::test::run_cli;

void expect_error(const std::vector<std::string>& args, const std::string& message) {
  const auto r = run_cli(args);
  EXPECT_EQ(r.status, 2) << args[0];
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_EQ(r.err.rfind("fray: error: " + message, 0), 0u) << r.err;
}

std::string write_map(const std::string& name, const std::vector<std::string>& rows) {
  // One folder per process: test programs of several checkouts may run at once.
  const auto dir = std::filesystem::temp_directory_path() / ("fray_spd_cli_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto file = dir / name;
  std::ofstream out(file);
  for (const auto& r : rows) out << r << '\n';
  return file.string();
}

std::vector<std::vector<int>> points(const nlohmann::json& j) { return j.get<std::vector<std::vector<int>>>(); }

}  // namespace

TEST(SpdCli, AttackWithTheIssueSpec) {
  const auto r =
      run_cli({"attack", "--rules", "shattered-pd", "--attacker",
               "hero:class=duelist,subclass=champion,level=12,str=14,weapon=rapier,weapon_level=2,armor=mail,"
               "armor_level=1",
               "--defender", "gnoll_brute", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = r.json();
  EXPECT_EQ(j.at("rules"), "shattered-pd");
  // Duelist L12: accuracy 21 (rapier ACC 1); the brute's evasion 15: 1 − 15/42.
  EXPECT_EQ(j.at("attacker").at("accuracy"), 21);
  EXPECT_EQ(j.at("defender").at("evasion"), 15);
  EXPECT_NEAR(j.at("p_hit").get<double>(), 1 - 15.0 / 42, 1e-12);
  for (const char* mob : {"dm100", "gnoll_brute", "rat", "wraith:depth=7"}) {
    const auto m = run_cli({"attack", "--rules", "shattered-pd", "--attacker", mob, "--defender", "hero"});
    EXPECT_EQ(m.status, 0) << mob << m.err;
  }
  const auto inline_fight =
      run_cli({"ttk", "--rules", "shattered-pd", "--attacker", "hero:level=5", "--defender", "evasion=3,hp=20"});
  EXPECT_EQ(inline_fight.status, 0) << inline_fight.err;
  const auto duel = run_cli(
      {"duel", "--rules", "shattered-pd", "--a", "hero:level=5,weapon=sword,str=14", "--b", "gnoll_brute", "--json"});
  ASSERT_EQ(duel.status, 0) << duel.err;
  EXPECT_EQ(duel.json().at("method"), "exact");
  const auto strike = run_cli({"strike", "--rules", "shattered-pd", "--attacker", "hero", "--defender", "rat", "--rng",
                               "java", "--seed", "5", "--json"});
  ASSERT_EQ(strike.status, 0) << strike.err;
  EXPECT_EQ(strike.json().at("engine"), "java");
}

TEST(SpdCli, BadSpecsAreErrors) {
  const std::vector<std::string> a = {"attack", "--rules", "shattered-pd", "--defender", "rat", "--attacker"};
  auto with = [&](const std::string& spec) {
    auto v = a;
    v.push_back(spec);
    return v;
  };
  expect_error(with("hero:class=duelist,subclass=berserker"), "attacker spec");
  expect_error(with("hero:level=31"), "attacker spec");
  expect_error(with("hero:weapon=rapeir"), "attacker spec");
  expect_error(with("hero:wepon=rapier"), "attacker spec");
  expect_error(with("gnol_brute"), "attacker spec");
  expect_error(with("wraith"), "attacker spec");  // needs depth=
  expect_error(with("hero:hp=500"), "attacker spec");
  expect_error(with("accuracy=5,damage=9-2"), "attacker spec");
  expect_error(
      {"attack", "--rules", "shattered-pd", "--attacker", "hero", "--defender", "rat", "--situation", "blesed"},
      "unknown situation 'blesed' (did you mean 'blessed'?)");
  expect_error({"attack", "--rules", "shattered-pd", "--attacker", "rat", "--defender", "hero", "--situation", "magic"},
               "mob 'marsupial rat' has no spell");
  expect_error({"ttk", "--rules", "shattered-pd", "--attacker", "hero", "--defender", "accuracy=3"},
               "defender 'inline' needs hp=N");
  expect_error({"attack", "--rules", "shattered-pd", "--attacker", "hero", "--defender", "rat", "--kind", "x"},
               "--kind is not used by --rules shattered-pd");
  expect_error({"dist", "shattered_normal(8,1)"}, "");
}

TEST(SpdCli, PathReproducesTheGamesBallistica) {
  const auto golden = fray::test::read_json("golden/shattered_pd/ballistica.json");
  int checked = 0;
  for (const auto& c : golden["cases"]) {
    auto rows = c["map"].get<std::vector<std::string>>();
    bool on_floor = true;
    for (const auto& ch : c["chars"]) {
      char& cell = rows[ch[1].get<std::size_t>()][ch[0].get<std::size_t>()];
      on_floor = on_floor && cell == '.';
      cell = '@';
    }
    if (!on_floor) continue;  // a map file puts characters on floor only
    const int params = c["params"].get<int>();
    std::string flags = params == 0 ? "wont-stop" : "";
    const std::pair<int, const char*> names[] = {
        {1, "stop-target"}, {2, "stop-chars"}, {4, "stop-solid"}, {8, "ignore-soft-solid"}};
    for (const auto& [bit, name] : names)
      if (params & bit) flags += (flags.empty() ? "" : ",") + std::string(name);
    const std::string file = write_map("ballistica.txt", rows);
    const auto from = c["from"], to = c["to"];
    const auto r = run_cli({"path", "--rules", "shattered-pd", "--map", file, "--from",
                            std::to_string(from[0].get<int>()) + "," + std::to_string(from[1].get<int>()), "--to",
                            std::to_string(to[0].get<int>()) + "," + std::to_string(to[1].get<int>()), "--flags", flags,
                            "--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    const auto j = r.json();
    SCOPED_TRACE("case " + std::to_string(c["id"].get<int>()));
    EXPECT_EQ(points(j.at("path")), points(c["path"]));
    EXPECT_EQ(j.at("collision"), c["collision"]);
    EXPECT_EQ(j.at("dist"), c["dist"]);
    EXPECT_EQ(j.at("params"), params);
    ++checked;
  }
  EXPECT_GE(checked, 150);
}

TEST(SpdCli, FovReproducesTheGamesShadowCaster) {
  const auto golden = fray::test::read_json("golden/shattered_pd/fov.json");
  for (const auto& c : golden["cases"]) {
    SCOPED_TRACE("case " + std::to_string(c["id"].get<int>()));
    const std::string file = write_map("fov.txt", c["map"].get<std::vector<std::string>>());
    const auto v = c["viewer"];
    const auto r = run_cli({"fov", "--rules", "shattered-pd", "--map", file, "--at",
                            std::to_string(v[0].get<int>()) + "," + std::to_string(v[1].get<int>()), "--radius",
                            std::to_string(c["radius"].get<int>()), "--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    auto want = points(c["visible"]);
    std::sort(want.begin(), want.end(),
              [](const auto& a, const auto& b) { return a[1] != b[1] ? a[1] < b[1] : a[0] < b[0]; });
    EXPECT_EQ(points(r.json().at("visible")), want);
    EXPECT_EQ(r.json().at("radius"), c["effective_radius"]);
  }
}

TEST(SpdCli, GridErrors) {
  const std::string file = write_map("small.txt", {"#####", "#.S.#", "#####"});
  expect_error({"path", "--rules", "shattered-pd", "--map", file, "--from", "1,1", "--to", "3,1", "--flags", "magik"},
               "--flags: unknown flag 'magik'");
  expect_error({"path", "--rules", "shattered-pd", "--map", file, "--from", "1,1", "--to", "3,1", "--magic"},
               "--magic and --hit-chars are Pixel Dungeon's");
  expect_error({"path", "--map", file, "--from", "1,1", "--to", "3,1", "--flags", "projectile"},
               "--flags is for --rules shattered-pd");
  expect_error({"fov", "--rules", "shattered-pd", "--map", file, "--at", "1,1", "--radius", "-1"}, "--radius -1");
  expect_error({"fov", "--rules", "brogue", "--map", file, "--at", "1,1"}, "fov is not a verb of --rules brogue");
  // The statue is terrain with --rules shattered-pd; without it, 'S' is a character.
  const auto spd =
      run_cli({"path", "--rules", "shattered-pd", "--map", file, "--from", "1,1", "--to", "3,1", "--json"});
  ASSERT_EQ(spd.status, 0) << spd.err;
  EXPECT_EQ(spd.json().at("collision"), nlohmann::json::array({1, 1}));  // stops before the statue
}
