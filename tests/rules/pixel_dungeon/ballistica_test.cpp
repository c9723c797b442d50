// fray/rules/pixel_dungeon/ballistica.hpp against the game's own Ballistica.cast
// (golden/pixel_dungeon/ballistica.json, produced by the unmodified Java class).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fray/core/error.hpp>
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

// --- aim: where to tap (Item.cast throws to Ballistica.cast(hero.pos, tapped cell, false, true)) ---

namespace {

using Cells = std::vector<Point>;

// The example maps the command line's help uses.
std::vector<Map> example_maps() {
  std::vector<Map> out;
  for (const char* name : {"ballistics.txt", "corner.txt", "door.txt"})
    out.push_back(Map::load(fray::test::path(std::string("../examples/maps/") + name)));
  return out;
}

}  // namespace

TEST(BallisticaAim, OpenRoomEveryCellBeyondTheTargetOnItsLines) {
  // From (1,2) at the gnoll on (3,2): a ray passes (3,2) at its second step only
  // along the row (err = dA/2 + 2·dB < dA), so the row beyond it, and the walls
  // (6,1) and (6,3) whose rays (dx 5, dy ±1) keep to the row for two steps.
  const Map map = Map::parse("#######\n#.....#\n#@.g..#\n#.....#\n#######\n");
  EXPECT_EQ(pd::aim(map, {1, 2}, {3, 2}), (Cells{{6, 1}, {3, 2}, {4, 2}, {5, 2}, {6, 2}, {6, 3}}));
  // A wand's magic bolt goes on past the tapped cell: (2,2), short of the gnoll, reaches it too.
  EXPECT_EQ(pd::aim(map, {1, 2}, {3, 2}, true, true), (Cells{{6, 1}, {2, 2}, {3, 2}, {4, 2}, {5, 2}, {6, 2}, {6, 3}}));
}

TEST(BallisticaAim, AnEmptyCellIsReachedOnlyByTappingItOrTheWallBehind) {
  // A thrown item lands on the tapped cell; past an empty target it flies on,
  // unless the next cell is a wall (cast returns the cell before the wall).
  const Map map = Map::parse("#######\n#.....#\n#@....#\n#.....#\n#######\n");
  EXPECT_EQ(pd::aim(map, {1, 2}, {3, 2}), (Cells{{3, 2}}));
  EXPECT_EQ(pd::aim(map, {1, 2}, {5, 2}), (Cells{{5, 2}, {6, 2}}));
  // A wall is never where the item ends.
  EXPECT_EQ(pd::aim(map, {1, 2}, {6, 2}), Cells{});
}

TEST(BallisticaAim, PillarInTheWayTapBeyondTheTarget) {
  // From (1,1) at (5,2): tapping (5,2) steps (2,1) (3,2) — the pillar — so the
  // item stops on (2,1); tapping (6,2) (dx 5, dy 1: err 2,3,4→0) goes (2,1)
  // (3,1) (4,2) (5,2) round it, as do (7,2) (8,2) (9,2) and (10,3).
  const Map map = Map::parse("###########\n#@........#\n#..#.g....#\n#.........#\n###########\n");
  std::vector<Point> trace;
  EXPECT_EQ(pd::cast(map, {1, 1}, {5, 2}, false, true, trace).result, (Point{2, 1}));
  EXPECT_EQ(pd::aim(map, {1, 1}, {5, 2}), (Cells{{6, 2}, {7, 2}, {8, 2}, {9, 2}, {10, 3}}));
}

TEST(BallisticaAim, CharacterInFrontTakesTheTapsBehindIt) {
  // The rat on (3,2) stands where the pillar stood: the taps round it still
  // reach the gnoll, and every tap through (3,2) hits the rat instead.
  const Map map = Map::parse("###########\n#@........#\n#..r.g....#\n#.........#\n###########\n");
  EXPECT_EQ(pd::aim(map, {1, 1}, {5, 2}), (Cells{{6, 2}, {7, 2}, {8, 2}, {9, 2}, {10, 3}}));
  EXPECT_EQ(pd::aim(map, {1, 1}, {3, 2}), (Cells{{3, 2},
                                                 {4, 2},
                                                 {5, 2},
                                                 {4, 3},
                                                 {5, 3},
                                                 {6, 3},
                                                 {7, 3},
                                                 {8, 3},
                                                 {9, 3},
                                                 {6, 4},
                                                 {7, 4},
                                                 {8, 4},
                                                 {9, 4},
                                                 {10, 4}}));
  // In a row, the first character takes every tap: nothing reaches the one behind.
  // The rat is reached from the row, and from the wall cells above and below
  // it three or more columns off (dx ≥ 3, dy ±1: err 1 + 1 < dx at the first step).
  const Map row = Map::parse("#######\n#@rg..#\n#######\n");
  EXPECT_EQ(pd::aim(row, {1, 1}, {3, 1}), Cells{});
  EXPECT_EQ(pd::aim(row, {1, 1}, {2, 1}),
            (Cells{{4, 0}, {5, 0}, {6, 0}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}, {4, 2}, {5, 2}, {6, 2}}));
}

TEST(BallisticaAim, AgreesWithTheGoldenCasts) {
  // Every golden cast (the game's own Ballistica.cast) from `from` towards `to`
  // ended on `result`: so `to` is a cell to tap for `result`, and for no other cell.
  const auto golden = fray::test::read_json("golden/pixel_dungeon/ballistica.json");
  int checked = 0;
  for (const auto& c : golden["cases"]) {
    if (pt(c["from"]) == pt(c["to"])) continue;
    SCOPED_TRACE("case " + std::to_string(c["id"].get<int>()));
    const Map map = golden_map(c);
    const bool magic = c["magic"].get<bool>(), hit = c["hitChars"].get<bool>();
    const Cells hits = pd::aim(map, pt(c["from"]), pt(c["result"]), magic, hit);
    EXPECT_NE(std::find(hits.begin(), hits.end(), pt(c["to"])), hits.end());
    if (pt(c["result"]) != pt(c["to"])) {
      const Cells at_to = pd::aim(map, pt(c["from"]), pt(c["to"]), magic, hit);
      EXPECT_EQ(std::find(at_to.begin(), at_to.end(), pt(c["to"])), at_to.end());
    }
    ++checked;
  }
  EXPECT_GE(checked, 150);
}

TEST(BallisticaAim, EveryTapLandsSomewhereOnce) {
  // On the example maps, from every cell a hero may stand on: the cells to tap
  // for each target split the map (less `from`), each cell under the target its
  // cast ends on, in row order.
  for (const Map& map : example_maps()) {
    for (int fy = 0; fy < map.height(); ++fy)
      for (int fx = 0; fx < map.width(); ++fx) {
        const Point from{fx, fy};
        if (map.tile(from) == fray::grid::Tile::wall) continue;
        std::vector<int> owner(static_cast<std::size_t>(map.width() * map.height()), -1);
        std::vector<Point> trace;
        for (int ty = 0; ty < map.height(); ++ty)
          for (int tx = 0; tx < map.width(); ++tx) {
            const Cells cells = pd::aim(map, from, {tx, ty});
            EXPECT_TRUE(std::is_sorted(cells.begin(), cells.end(),
                                       [](Point a, Point b) { return a.y != b.y ? a.y < b.y : a.x < b.x; }));
            for (Point c : cells) {
              int& o = owner[static_cast<std::size_t>(c.y * map.width() + c.x)];
              EXPECT_EQ(o, -1) << "two targets for one tap";
              o = ty * map.width() + tx;
              EXPECT_EQ(pd::cast(map, from, c, false, true, trace).result, (Point{tx, ty}));
            }
          }
        for (int i = 0; i < map.width() * map.height(); ++i)
          EXPECT_EQ(owner[static_cast<std::size_t>(i)] == -1, i == fy * map.width() + fx) << i;
      }
  }
}

TEST(BallisticaAim, RefusesAMapTooLargeToSweep) {
  // 512 × 512 × 512 = 2^27 steps is the most; one more column is refused.
  EXPECT_NO_THROW((void)pd::aim(Map(8, 8), {1, 1}, {2, 2}));
  EXPECT_THROW((void)pd::aim(Map(513, 512), {1, 1}, {2, 2}), fray::Error);
}
