// Shattered Pixel Dungeon's ShadowCaster against the compiled game class
// (golden/shattered_pd/fov.json), and its maps through the grid map format.
#include <gtest/gtest.h>

#include <cmath>
#include <fray/core/error.hpp>
#include <fray/grid/map.hpp>
#include <fray/rules/shattered_pd/ballistica.hpp>
#include <fray/rules/shattered_pd/shadow_caster.hpp>
#include <string>
#include <vector>

#include "support/support.hpp"

namespace spd = fray::shattered_pd;
using fray::grid::Legend;
using fray::grid::Map;
using fray::grid::Point;

namespace {

Point pt(const nlohmann::json& j) { return {j[0].get<int>(), j[1].get<int>()}; }

std::string join(const std::vector<std::string>& rows) {
  std::string t;
  for (const auto& r : rows) t += r + "\n";
  return t;
}

}  // namespace

TEST(SpdShadowCaster, RoundingTableIsTheGames) {
  const auto golden = fray::test::read_json("golden/shattered_pd/fov.json");
  const auto& table = golden["meta"]["rounding_by_radius"];
  ASSERT_EQ(table.size(), 20u);
  for (int r = 1; r <= 20; ++r) {
    const auto& row = spd::shadow_rounding(r);
    for (int j = 1; j <= r; ++j) {
      EXPECT_EQ(row[static_cast<std::size_t>(j)], table[static_cast<std::size_t>(r - 1)][static_cast<std::size_t>(j)])
          << r << "," << j;
      // The static initialiser's formula, in double as Java evaluates it.
      const double v = std::floor(r * std::cos(std::asin(j / (r + 0.5))) + 0.5);
      EXPECT_EQ(row[static_cast<std::size_t>(j)], static_cast<int>(std::min<double>(j, v))) << r << "," << j;
    }
  }
  EXPECT_THROW((void)spd::shadow_rounding(21), fray::Error);
}

TEST(SpdShadowCaster, EveryGoldenCase) {
  const auto golden = fray::test::read_json("golden/shattered_pd/fov.json");
  ASSERT_GE(golden["cases"].size(), 80u);
  for (const auto& c : golden["cases"]) {
    SCOPED_TRACE("case " + std::to_string(c["id"].get<int>()) + " radius " + std::to_string(c["radius"].get<int>()));
    const auto rows = c["map"].get<std::vector<std::string>>();
    const int w = c["width"].get<int>(), h = c["height"].get<int>();
    // The game's own arrays: blocking = losBlocking with the outer ring forced.
    std::vector<std::uint8_t> blocking(static_cast<std::size_t>(w * h));
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x)
        blocking[static_cast<std::size_t>(y * w + x)] =
            rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] == '#' || x == 0 || y == 0 || x == w - 1 ||
                    y == h - 1
                ? 1
                : 0;
    std::vector<std::uint8_t> fov;
    EXPECT_TRUE(spd::cast_shadow(blocking, w, h, pt(c["viewer"]), c["radius"].get<int>(), fov));
    const auto want_rows = c["visible_rows"].get<std::vector<std::string>>();
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x)
        EXPECT_EQ(fov[static_cast<std::size_t>(y * w + x)],
                  want_rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] == '1' ? 1 : 0)
            << x << "," << y;
    // The same through a grid map: the visible cells, in order.
    const Map map = Map::parse(join(rows), "golden", fray::shattered_pd::map_legend());
    fray::grid::Visibility vis;
    spd::field_of_view(map, pt(c["viewer"]), c["radius"].get<int>(), vis);
    std::vector<Point> want;
    for (const auto& p : c["visible"]) want.push_back(pt(p));
    std::sort(want.begin(), want.end(), [](Point a, Point b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
    EXPECT_EQ(vis.cells(), want);
    EXPECT_EQ(vis.cells().size(), c["visible_count"].get<std::size_t>());
  }
}

TEST(SpdShadowCaster, EdgesAndErrors) {
  // Radius 0 sees only the viewer; a radius above 20 is cut to 20.
  const Map open = Map::parse(std::string(50, '.') + "\n", "row", fray::shattered_pd::map_legend());
  fray::grid::Visibility vis;
  spd::field_of_view(open, {25, 0}, 0, vis);
  EXPECT_EQ(vis.cells(), (std::vector<Point>{{25, 0}}));
  EXPECT_THROW(spd::field_of_view(open, {25, 0}, -1, vis), fray::Error);
  EXPECT_THROW(spd::field_of_view(open, {60, 0}, 3, vis), fray::Error);
  std::vector<std::uint8_t> blocking(9, 0), fov;
  EXPECT_FALSE(spd::cast_shadow(blocking, 3, 3, {1, 1}, -1, fov));  // the game throws and clears the view
  EXPECT_EQ(std::count(fov.begin(), fov.end(), 1), 0);
}

TEST(SpdBallistica, EveryGoldenCaseThroughTheMapFormat) {
  const auto golden = fray::test::read_json("golden/shattered_pd/ballistica.json");
  for (const auto& c : golden["cases"]) {
    SCOPED_TRACE("case " + std::to_string(c["id"].get<int>()));
    Map map = Map::parse(join(c["map"].get<std::vector<std::string>>()), "golden", fray::shattered_pd::map_legend());
    for (const auto& ch : c["chars"]) map.set_character(pt(ch), '@');
    const auto b = spd::cast(spd::Level::from_map(map), pt(c["from"]), pt(c["to"]), c["params"].get<int>());
    std::vector<Point> want;
    for (const auto& p : c["path"]) want.push_back(pt(p));
    EXPECT_EQ(b.path, want);
    EXPECT_EQ(b.collision, pt(c["collision"]));
    EXPECT_EQ(b.dist, c["dist"].get<int>());
  }
}

TEST(SpdMapLegend, TerrainSymbols) {
  const Map m = Map::parse("#.+:^S\"wLa@\n", "legend", fray::shattered_pd::map_legend());
  using fray::grid::Tile;
  EXPECT_EQ(m.tile({4, 0}), Tile::trap);
  EXPECT_EQ(m.tile({5, 0}), Tile::statue);
  EXPECT_EQ(m.tile({6, 0}), Tile::high_grass);
  EXPECT_EQ(m.tile({7, 0}), Tile::web);
  EXPECT_EQ(m.tile({8, 0}), Tile::locked_door);
  EXPECT_EQ(m.character({9, 0}), 'a');
  EXPECT_EQ(m.character({10, 0}), '@');
  EXPECT_EQ(m.text(), "#.+:^S\"wLa@\n");
  // Each symbol's flags, as the game's Terrain flags give them.
  EXPECT_TRUE(m.avoid({4, 0}) && !m.passable({4, 0}) && !m.solid({4, 0}) && !m.blocks_sight({4, 0}));
  EXPECT_TRUE(m.solid({5, 0}) && !m.passable({5, 0}) && !m.blocks_sight({5, 0}));
  EXPECT_TRUE(m.passable({6, 0}) && m.blocks_sight({6, 0}) && !m.solid({6, 0}));
  EXPECT_TRUE(m.passable({7, 0}) && m.solid({7, 0}) && !m.blocks_sight({7, 0}));
  EXPECT_TRUE(m.solid({8, 0}) && m.blocks_sight({8, 0}) && !m.passable({8, 0}));
  EXPECT_TRUE(m.passable({2, 0}) && m.solid({2, 0}) && m.blocks_sight({2, 0}));
  // The classic legend keeps S, w and L as characters and refuses ^ and ".
  const Map classic = Map::parse("SwL\n");
  EXPECT_EQ(classic.character({0, 0}), 'S');
  EXPECT_EQ(classic.tile({1, 0}), Tile::floor);
  EXPECT_THROW((void)Map::parse("^\n"), fray::Error);
  try {
    (void)Map::parse(".?\n", "m", fray::shattered_pd::map_legend());
    FAIL();
  } catch (const fray::Error& e) {
    EXPECT_STREQ(e.what(),
                 "map m:1:2: unexpected character '?' (expected one of # . + : ^ S \" w L, @ or another letter)");
  }
}
