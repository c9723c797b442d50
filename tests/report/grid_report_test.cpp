// fray/report/grid.hpp: the `fray path`, `fray aim`, `fray fov` and `fray surprise`
// documents, the one place the command line and the Python module build them.
#include <fray/grid/fov.hpp>
#include <fray/grid/map.hpp>
#include <fray/report/grid.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace fray {
namespace {

using grid::Point;

TEST(GridReport, FovRadiusZeroIsUnlimitedOnlyWhereItMeansIt) {
  const grid::Map map = grid::Map::parse("###\n#.#\n###\n");
  grid::Visibility vis;
  vis.reset(3, 3);
  vis.set(1, 1);
  const Report sym = fov_report(map, vis, {{1, 1}, "symmetric", 0, true, ""});
  EXPECT_EQ(sym.json,
            nlohmann::json::parse(
                R"({"visible": [[1, 1]], "count": 1, "at": [1, 1], "algorithm": "symmetric", "radius": null})"));
  EXPECT_EQ(
      sym.text,
      "field of view from 1,1 (symmetric, radius unlimited): 1 cells visible\n\n @\n\ncells not visible are blank\n");
  // A game's algorithm whose radius 0 is a radius, asked by --rules.
  const Report game = fov_report(map, vis, {{1, 1}, "some-game", 0, false, "some-game"});
  EXPECT_EQ(game.json["radius"], 0);
  EXPECT_EQ(game.json["rules"], "some-game");
  EXPECT_NE(game.text.find("(some-game, radius 0)"), std::string::npos) << game.text;
}

TEST(GridReport, SurpriseFractions) {
  pixel_dungeon::SurpriseQuery q;
  q.stealth = 1;
  pixel_dungeon::Surprise s;
  s.in_fov = true;
  s.roll_n = 3;
  s.notice_num = 1;
  s.den = 3;
  s.p_notice = 1.0 / 3;
  s.p_surprise = 2.0 / 3;
  const Report r = surprise_report("pixel-dungeon", "sleeping", {4, 1}, {1, 1}, q, 8, s);
  EXPECT_EQ(r.json["p_notice_fraction"], "1/3");
  EXPECT_EQ(r.json["p_surprise_fraction"], "2/3");
  EXPECT_EQ(r.json["roll"], 3);
  EXPECT_EQ(r.json["distance"], 3);
  EXPECT_EQ(r.json["hero"], nlohmann::json::parse("[1, 1]"));
  EXPECT_NE(r.text.find("in view; the mob notices when Random.Int(3) == 0"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("P(mob notices the hero) = 1/3 = 0.333333"), std::string::npos) << r.text;
}

TEST(GridReport, BallisticaKeysOfEachGame) {
  const grid::Map map = grid::Map::parse("#####\n#...#\n#####\n");
  pixel_dungeon::BallisticaResult res;
  res.result = {3, 1};
  res.stop = pixel_dungeon::BallisticaStop::target;
  const Report pd = ballistica_report("pixel-dungeon", map, {1, 1}, {3, 1}, false, true, res,
                                      std::vector<Point>{{1, 1}, {2, 1}, {3, 1}});
  EXPECT_EQ(pd.json["result"], nlohmann::json::parse("[3, 1]"));
  EXPECT_EQ(pd.json["reason"], "target");
  EXPECT_EQ(pd.json["hit_chars"], true);
  EXPECT_EQ(pd.json["trace"].size(), 3u);
  shattered_pd::Ballistica b;
  b.path = {{1, 1}, {2, 1}, {3, 1}};
  b.collision = {3, 1};
  b.dist = 2;
  const Report spd = ballistica_report("shattered-pd", map, {1, 1}, {3, 1}, shattered_pd::projectile, b);
  EXPECT_EQ(spd.json["flags"], nlohmann::json::parse(R"(["stop-target", "stop-chars", "stop-solid"])"));
  EXPECT_EQ(spd.json["params"], shattered_pd::projectile);
  EXPECT_EQ(spd.json["dist"], 2);
  EXPECT_NE(spd.text.find("collision at 3,1, distance 2"), std::string::npos) << spd.text;
  EXPECT_NE(spd.text.find("#o*X#"), std::string::npos) << spd.text;
}

TEST(GridReport, AimMarksTheCellsToTap) {
  const grid::Map map = grid::Map::parse("######\n#@.g.#\n######\n");
  // The cells as the rules give them (by row); the report draws what it is given.
  const Report pd = aim_report({"pixel-dungeon", {1, 1}, {3, 1}, {{3, 1}, {4, 1}, {5, 1}}, std::nullopt}, map);
  EXPECT_EQ(pd.json, nlohmann::json::parse(R"({"rules": "pixel-dungeon", "from": [1, 1], "to": [3, 1],
      "cells": [[3, 1], [4, 1], [5, 1]], "count": 3})"));
  EXPECT_EQ(pd.text,
            "aim from 1,1 at 3,1 (the character g; a thrown item: Ballistica.cast, stopping at characters): 3 cells to "
            "tap\n(3,1) (4,1) (5,1)\n######\n#o.X**\n######\no start, * a cell to tap, X the target (a cell to tap "
            "too)\n");
  // No cell: the target drawn 'x', Shattered's params named.
  const Report spd = aim_report({"shattered-pd", {1, 1}, {2, 1}, {}, shattered_pd::magic_bolt}, map);
  EXPECT_EQ(spd.json["count"], 0);
  EXPECT_EQ(spd.json["cells"], nlohmann::json::array());
  EXPECT_EQ(spd.json["flags"], nlohmann::json::parse(R"(["stop-chars", "stop-solid"])"));
  EXPECT_EQ(spd.json["params"], shattered_pd::magic_bolt);
  EXPECT_EQ(spd.text,
            "aim from 1,1 at 2,1 (a cell with no character; Ballistica stop-chars, stop-solid): no cell to tap reaches "
            "it\n######\n#oxg.#\n######\no start, * a cell to tap, x the target (tapping it does not reach it)\n");
}

}  // namespace
}  // namespace fray
