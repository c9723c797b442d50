// fray/rules/pixel_dungeon/ballistica.hpp against the game's own Ballistica.cast
// (golden/pixel_dungeon/ballistica.json, produced by the unmodified Java class).
#include <gtest/gtest.h>

#include <cstdio>
#include <fray/rules/pixel_dungeon/ballistica.hpp>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "support/support.hpp"

namespace pd = fray::pixel_dungeon;
using fray::grid::Map;
using fray::grid::Point;

namespace {

Map golden_map(const nlohmann::json& c) {
  std::string text;
  for (const auto& row : c["map"]) text += row.get<std::string>() + "\n";
  Map map = Map::parse(text, "golden");
  for (const auto& ch : c["chars"]) map.set_character({ch[0].get<int>(), ch[1].get<int>()}, 'm');
  return map;
}

Point pt(const nlohmann::json& j) { return {j[0].get<int>(), j[1].get<int>()}; }

std::string reason_of(const std::string& stop) {
  if (stop == "target") return "target";
  if (stop == "wall_next") return "wall";
  if (stop == "los_blocking_cell") return "door";
  if (stop == "char") return "char";
  return "?" + stop;
}

}  // namespace

TEST(Ballistica, ReproducesEveryGoldenCase) {
  const auto golden = fray::test::read_json("golden/pixel_dungeon/ballistica.json");
  ASSERT_GE(golden["cases"].size(), 100u);
  std::vector<Point> trace;
  int checked = 0;
  for (const auto& c : golden["cases"]) {
    SCOPED_TRACE("case " + std::to_string(c["id"].get<int>()));
    const Map map = golden_map(c);
    const auto res =
        pd::cast(map, pt(c["from"]), pt(c["to"]), c["magic"].get<bool>(), c["hitChars"].get<bool>(), trace);
    EXPECT_EQ(res.result, pt(c["result"]));
    EXPECT_EQ(std::string(pd::to_string(res.stop)), reason_of(c["stop"].get<std::string>()));
    std::vector<Point> want;
    for (const auto& p : c["trace"]) want.push_back(pt(p));
    EXPECT_EQ(trace, want);
    EXPECT_EQ(static_cast<int>(trace.size()), c["distance"].get<int>());
    ++checked;
  }
  EXPECT_EQ(checked, static_cast<int>(golden["cases"].size()));
}

TEST(Ballistica, SameCellTargetIsRecordedTwiceAndMagicRunsUpLeft) {
  // Ballistica.cast: from == to, non-magic → trace [from, from]; magic → up-left diagonal.
  const Map map = Map::parse("#####\n#...#\n#...#\n#...#\n#####\n");
  std::vector<Point> trace;
  auto res = pd::cast(map, {2, 2}, {2, 2}, false, false, trace);
  EXPECT_EQ(res.stop, pd::BallisticaStop::target);
  EXPECT_EQ(trace, (std::vector<Point>{{2, 2}, {2, 2}}));
  EXPECT_EQ(pd::path_cells(trace), (std::vector<Point>{{2, 2}}));
  res = pd::cast(map, {3, 3}, {3, 3}, true, false, trace);
  EXPECT_EQ(res.stop, pd::BallisticaStop::wall);
  EXPECT_EQ(res.result, (Point{1, 1}));
  EXPECT_EQ(trace, (std::vector<Point>{{3, 3}, {2, 2}, {1, 1}}));
}

TEST(Ballistica, ChasmsAreCrossedDoorsAndCharactersStop) {
  const Map map = Map::parse("##########\n#.::.+...#\n#.a......#\n##########\n");
  std::vector<Point> trace;
  // Across the chasm, stopping on the door (kept in the path).
  auto res = pd::cast(map, {1, 1}, {8, 1}, false, true, trace);
  EXPECT_EQ(res.stop, pd::BallisticaStop::door);
  EXPECT_EQ(res.result, (Point{5, 1}));
  EXPECT_EQ(trace.size(), 5u);
  // A character stops a hitChars ray on its cell, and is passed without hitChars.
  res = pd::cast(map, {1, 2}, {5, 2}, false, true, trace);
  EXPECT_EQ(res.stop, pd::BallisticaStop::character);
  EXPECT_EQ(res.result, (Point{2, 2}));
  res = pd::cast(map, {1, 2}, {5, 2}, false, false, trace);
  EXPECT_EQ(res.stop, pd::BallisticaStop::target);
  // A magic ray goes on past the target to the wall.
  res = pd::cast(map, {1, 2}, {5, 2}, true, false, trace);
  EXPECT_EQ(res.stop, pd::BallisticaStop::wall);
  EXPECT_EQ(res.result, (Point{8, 2}));
  // Past the map edge everything is wall.
  const Map open = Map::parse("...\n...\n");
  res = pd::cast(open, {0, 0}, {2, 1}, true, false, trace);
  EXPECT_EQ(res.stop, pd::BallisticaStop::wall);
  EXPECT_EQ(res.result, (Point{2, 1}));
}

TEST(BallisticaCli, PathJsonListsEachCellOnce) {
  const auto golden = fray::test::read_json("golden/pixel_dungeon/ballistica.json");
  int runs = 0;
  for (const auto& c : golden["cases"]) {
    // One CLI run per stop kind is enough here; the library test covers every case.
    static std::set<std::string> seen;
    const std::string stop = c["stop"].get<std::string>();
    // The text form puts characters on floor only.
    bool on_floor = true;
    for (const auto& ch : c["chars"])
      on_floor &= c["map"][ch[1].get<std::size_t>()].get<std::string>()[ch[0].get<std::size_t>()] == '.';
    if (!on_floor) continue;
    if (!seen.insert(stop + (c["magic"].get<bool>() ? "m" : "")).second) continue;
    // Write the map with the characters as letters.
    std::vector<std::string> rows;
    for (const auto& r : c["map"]) rows.push_back(r.get<std::string>());
    for (const auto& ch : c["chars"]) rows[ch[1].get<std::size_t>()][ch[0].get<std::size_t>()] = 'g';
    const std::string file = "/tmp/fray-ballistica-" + std::to_string(c["id"].get<int>()) + ".txt";
    {
      std::ofstream out(file);
      for (const auto& r : rows) out << r << '\n';
    }
    std::vector<std::string> args{
        "path",
        "--map",
        file,
        "--from",
        std::to_string(c["from"][0].get<int>()) + "," + std::to_string(c["from"][1].get<int>()),
        "--to",
        std::to_string(c["to"][0].get<int>()) + "," + std::to_string(c["to"][1].get<int>()),
        "--json"};
    if (c["magic"].get<bool>()) args.push_back("--magic");
    if (c["hitChars"].get<bool>()) args.push_back("--hit-chars");
    const auto run = fray::test::run_cli(args);
    std::remove(file.c_str());
    ASSERT_EQ(run.status, 0) << run.err;
    const auto j = run.json();
    auto want = c["trace"];
    if (stop == "target") want.erase(want.size() - 1);
    EXPECT_EQ(j["path"], want) << "case " << c["id"];
    EXPECT_EQ(j["result"], c["result"]);
    EXPECT_EQ(j["reason"], reason_of(stop));
    ++runs;
  }
  EXPECT_GE(runs, 4);
}

TEST(BallisticaCli, BadInputIsExitTwo) {
  const std::string file = "/tmp/fray-ballistica-bad.txt";
  {
    std::ofstream out(file);
    out << "#####\n#...#\n#####\n";
  }
  const std::vector<std::vector<std::string>> bad{
      {"path", "--map", "/nonexistent/map.txt", "--from", "1,1", "--to", "3,1"},
      {"path", "--map", file, "--from", "0,0", "--to", "3,1"},   // on a wall
      {"path", "--map", file, "--from", "1,1", "--to", "9,1"},   // outside
      {"path", "--map", file, "--from", "1,-1", "--to", "3,1"},  // outside
      {"path", "--map", file, "--from", "1;1", "--to", "3,1"},   // not a point
  };
  for (const auto& args : bad) {
    const auto run = fray::test::run_cli(args);
    EXPECT_EQ(run.status, 2) << args[4];
    EXPECT_TRUE(run.out.empty());
    EXPECT_EQ(run.err.rfind("fray: error:", 0), 0u) << run.err;
  }
  std::remove(file.c_str());
}
