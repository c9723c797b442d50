// fray/rules/pixel_dungeon/shadow_caster.hpp against the game's own ShadowCaster
// (golden/pixel_dungeon/fov.json, produced by the unmodified Java class).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fray/core/error.hpp>
#include <fray/core/rng.hpp>
#include <fray/rules/pixel_dungeon/shadow_caster.hpp>
#include <fstream>
#include <string>
#include <vector>

#include "support/support.hpp"

namespace pd = fray::pixel_dungeon;
using fray::grid::Map;
using fray::grid::Point;
using fray::grid::Visibility;

namespace {
Map golden_map(const nlohmann::json& c) {
  std::string text;
  for (const auto& row : c["map"]) text += row.get<std::string>() + "\n";
  return Map::parse(text, "golden");
}
std::vector<Point> points(const nlohmann::json& a) {
  std::vector<Point> out;
  for (const auto& p : a) out.push_back({p[0].get<int>(), p[1].get<int>()});
  return out;
}
}  // namespace

TEST(ShadowCaster, ReproducesEveryGoldenCase) {
  const auto golden = fray::test::read_json("golden/pixel_dungeon/fov.json");
  ASSERT_GE(golden["cases"].size(), 50u);
  Visibility vis;
  for (const auto& c : golden["cases"]) {
    SCOPED_TRACE("case " + std::to_string(c["id"].get<int>()));
    const Map map = golden_map(c);
    const Point viewer{c["viewer"][0].get<int>(), c["viewer"][1].get<int>()};
    pd::cast_shadow(map.opacity(), viewer, c["radius"].get<int>(), vis);
    EXPECT_EQ(vis.cells(), points(c["visible"]));
    EXPECT_EQ(vis.count(), c["visible_count"].get<std::size_t>());
  }
}

TEST(ShadowCaster, RoundingTableIsTheGamesFormula) {
  // ShadowCaster's static initialiser: min(j, Math.round(i·cos(asin(j / (i + 0.5))))).
  for (int r = 1; r <= pd::max_view_distance; ++r) {
    const auto& lim = pd::shadow_limits(r);
    for (int p = 1; p <= r; ++p) {
      const double v = r * std::cos(std::asin(p / (r + 0.5)));
      const long java_round = static_cast<long>(std::floor(v + 0.5));
      EXPECT_EQ(lim[static_cast<std::size_t>(p)], std::min<long>(p, java_round)) << "R=" << r << " p=" << p;
    }
  }
  // The note's R = 8 row: [1,2,3,4,5,6,5,3].
  const auto& l8 = pd::shadow_limits(8);
  EXPECT_EQ(std::vector<int>(l8.begin() + 1, l8.end()), (std::vector<int>{1, 2, 3, 4, 5, 6, 5, 3}));
}

TEST(ShadowCaster, OpenRoomShapeAndWallsSeen) {
  // In an open field the visible set is the rounding table's disc: for R = 2
  // the limits are [1, 1], so the 5×5 square minus its four corners.
  Map map(9, 9, fray::grid::Tile::floor);
  Visibility vis;
  pd::cast_shadow(map.opacity(), {4, 4}, 2, vis);
  EXPECT_EQ(vis.count(), 21u);
  EXPECT_FALSE(vis.visible({2, 2}));
  EXPECT_TRUE(vis.visible({3, 2}));
  // A wall next to the viewer is seen, the cell behind it is not.
  map.set_tile({5, 4}, fray::grid::Tile::wall);
  pd::cast_shadow(map.opacity(), {4, 4}, 2, vis);
  EXPECT_TRUE(vis.visible({5, 4}));
  EXPECT_FALSE(vis.visible({6, 4}));
}

TEST(ShadowCaster, IsNotSymmetric) {
  // ShadowCaster.castShadow is asymmetric. Find a pair on the golden maps.
  const auto golden = fray::test::read_json("golden/pixel_dungeon/fov.json");
  Visibility a, b;
  int one_way = 0;
  for (const auto& c : golden["cases"]) {
    const Map map = golden_map(c);
    const Point v{c["viewer"][0].get<int>(), c["viewer"][1].get<int>()};
    const int r = c["radius"].get<int>();
    pd::cast_shadow(map.opacity(), v, r, a);
    for (Point p : a.cells()) {
      if (map.blocks_sight(p)) continue;
      pd::cast_shadow(map.opacity(), p, r, b);
      if (!b.visible(v)) ++one_way;
    }
  }
  EXPECT_GT(one_way, 0);
}

TEST(ShadowCaster, RadiusOutOfRangeIsAnError) {
  Map map(5, 5);
  Visibility vis;
  EXPECT_THROW(pd::cast_shadow(map.opacity(), {2, 2}, 0, vis), fray::Error);
  EXPECT_THROW(pd::cast_shadow(map.opacity(), {2, 2}, 9, vis), fray::Error);
  EXPECT_THROW(pd::cast_shadow(map.opacity(), {5, 2}, 8, vis), fray::Error);
}

TEST(ShadowCasterCli, FovJsonMatchesGolden) {
  const auto golden = fray::test::read_json("golden/pixel_dungeon/fov.json");
  int runs = 0;
  for (const auto& c : golden["cases"]) {
    if (c["id"].get<int>() % 9 != 0) continue;  // a sample; the library test covers all
    const std::string file = "/tmp/fray-fov-" + std::to_string(c["id"].get<int>()) + ".txt";
    {
      std::ofstream out(file);
      for (const auto& r : c["map"]) out << r.get<std::string>() << '\n';
    }
    const auto run = fray::test::run_cli(
        {"fov", "--map", file, "--at",
         std::to_string(c["viewer"][0].get<int>()) + "," + std::to_string(c["viewer"][1].get<int>()), "--radius",
         std::to_string(c["radius"].get<int>()), "--algorithm", "pixel-dungeon", "--json"});
    std::remove(file.c_str());
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.json()["visible"], c["visible"]) << "case " << c["id"];
    ++runs;
  }
  EXPECT_GE(runs, 5);
}

TEST(ShadowCasterCli, BadInputIsExitTwo) {
  const std::string file = "/tmp/fray-fov-bad.txt", weird = "/tmp/fray-fov-weird.txt";
  {
    std::ofstream(file) << "#####\n#...#\n#####\n";
    std::ofstream(weird) << "#####\n#..x?\n#####\n";
  }
  const std::vector<std::vector<std::string>> bad{
      {"fov", "--map", "/nonexistent/map.txt", "--at", "1,1"},
      {"fov", "--map", file, "--at", "0,0"},
      {"fov", "--map", file, "--at", "7,1"},
      {"fov", "--map", file, "--at", "1,1", "--radius", "9"},
      {"fov", "--map", file, "--at", "1,1", "--radius", "0"},
      {"fov", "--map", file, "--at", "1,1", "--radius", "x"},
      {"fov", "--map", file, "--at", "1,1", "--algorithm", "raycast"},
      {"fov", "--map", file, "--at", "1,1", "--algorithm", "symmetric", "--radius", "-1"},
  };
  for (const auto& args : bad) {
    const auto run = fray::test::run_cli(args);
    EXPECT_EQ(run.status, 2) << args[4];
    EXPECT_TRUE(run.out.empty());
    EXPECT_EQ(run.err.rfind("fray: error:", 0), 0u) << run.err;
  }
  const auto run = fray::test::run_cli({"fov", "--map", weird, "--at", "1,1"});
  EXPECT_EQ(run.status, 2);
  EXPECT_EQ(run.err,
            "fray: error: map " + weird + ":2:5: unexpected character '?' (expected one of # . + : @ or a letter)\n");
  std::remove(file.c_str());
  std::remove(weird.c_str());
}

namespace {
// A plain transcription of ShadowCaster.castShadow and scanOctant (per-cell bounds
// check, no tables or early exits), to check the fast caster on maps without
// border walls and with viewers at the edges.
std::vector<Point> plain_cast(const Map& m, Point v, int radius) {
  const auto& limits = pd::shadow_limits(radius);
  std::vector<std::uint8_t> fov(static_cast<std::size_t>(m.width() * m.height()), 0);
  fov[static_cast<std::size_t>(v.y * m.width() + v.x)] = 1;
  const int oct[8][4] = {{1, 1, 0, 0}, {-1, 1, 0, 0}, {1, -1, 0, 0}, {-1, -1, 0, 0},
                         {0, 0, 1, 1}, {0, 0, -1, 1}, {0, 0, 1, -1}, {0, 0, -1, -1}};
  for (const auto& o : oct) {
    std::vector<std::pair<float, float>> obs;
    std::size_t limit = 0;
    for (int p = 1; p <= radius; ++p) {
      const float dq2 = 0.5f / static_cast<float>(p);
      for (int q = 0; q <= limits[static_cast<std::size_t>(p)]; ++q) {
        const int x = v.x + q * o[0] + p * o[2], y = v.y + p * o[1] + q * o[3];
        if (!m.in_bounds({x, y})) continue;
        const float a0 = static_cast<float>(q) / static_cast<float>(p), a1 = a0 - dq2, a2 = a0 + dq2;
        auto blocked = [&](float a) {
          for (std::size_t i = 0; i < limit; ++i)
            if (a >= obs[i].first && a <= obs[i].second) return true;
          return false;
        };
        if (!(blocked(a0) && blocked(a1) && blocked(a2))) fov[static_cast<std::size_t>(y * m.width() + x)] = 1;
        if (m.blocks_sight({x, y})) {
          if (obs.size() > limit && a1 <= obs.back().second)
            obs.back().second = a2;
          else
            obs.push_back({a1, a2});
        }
      }
      limit = obs.size();
    }
  }
  std::vector<Point> out;
  for (int y = 0; y < m.height(); ++y)
    for (int x = 0; x < m.width(); ++x)
      if (fov[static_cast<std::size_t>(y * m.width() + x)]) out.push_back({x, y});
  return out;
}
}  // namespace

TEST(ShadowCaster, MatchesPlainDescriptionOnBorderlessMaps) {
  fray::Rng rng(99, 3);
  Visibility vis;
  for (int trial = 0; trial < 400; ++trial) {
    const int w = static_cast<int>(rng.uniform(1, 20)), h = static_cast<int>(rng.uniform(1, 20));
    Map m(w, h);
    const int pct = static_cast<int>(rng.uniform(0, 90));
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x)
        if (static_cast<int>(rng.uniform(0, 99)) < pct) m.set_tile({x, y}, fray::grid::Tile::wall);
    const Point v{static_cast<int>(rng.uniform(0, w - 1)), static_cast<int>(rng.uniform(0, h - 1))};
    const int r = static_cast<int>(rng.uniform(1, 8));
    pd::cast_shadow(m.opacity(), v, r, vis);
    ASSERT_EQ(vis.cells(), plain_cast(m, v, r)) << "trial " << trial;
  }
}
