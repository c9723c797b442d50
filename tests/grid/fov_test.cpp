// fray/grid/fov.hpp: symmetric shadowcasting — the symmetry property, known
// shapes, and identity with libtcod's FOV_SYMMETRIC_SHADOWCAST (light walls on)
// when libtcod is present.
#include <fray/grid/fov.hpp>

#include <fray/core/error.hpp>
#include <fray/core/rng.hpp>

#include "support/libtcod_maps.hpp"
#include "support/support.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#ifdef FRAY_HAVE_LIBTCOD
#include <fov.h>
#endif

using namespace fray::grid;

namespace {

Map random_map(fray::Rng& rng, int w, int h, int wall_percent) {
  Map m(w, h, Tile::floor);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      if (static_cast<int>(rng.uniform(0, 99)) < wall_percent) m.set_tile({x, y}, Tile::wall);
  return m;
}

#ifdef FRAY_HAVE_LIBTCOD
std::vector<Point> libtcod_fov(const Map& m, Point at, int radius) {
  TCOD_Map* t = TCOD_map_new(m.width(), m.height());
  for (int y = 0; y < m.height(); ++y)
    for (int x = 0; x < m.width(); ++x) TCOD_map_set_properties(t, x, y, !m.blocks_sight({x, y}), true);
  TCOD_map_compute_fov(t, at.x, at.y, radius, true, FOV_SYMMETRIC_SHADOWCAST);
  std::vector<Point> out;
  for (int y = 0; y < m.height(); ++y)
    for (int x = 0; x < m.width(); ++x)
      if (TCOD_map_is_in_fov(t, x, y)) out.push_back({x, y});
  TCOD_map_delete(t);
  return out;
}
#endif

}  // namespace

TEST(SymmetricFov, OpenFieldAndRadiusRule) {
  Visibility vis;
  const Map m(21, 21);
  symmetric_shadowcast(m.opacity(), {10, 10}, 0, vis);
  EXPECT_EQ(vis.count(), 21u * 21u);
  // libtcod's radius rule: dx² + dy² < r².
  symmetric_shadowcast(m.opacity(), {10, 10}, 3, vis);
  std::size_t want = 0;
  for (int dy = -3; dy <= 3; ++dy)
    for (int dx = -3; dx <= 3; ++dx) want += dx * dx + dy * dy < 9;
  EXPECT_EQ(vis.count(), want);
  EXPECT_EQ(want, 25u);  // |dx|,|dy| <= 2, all of them: 4+4 = 8 < 9
  EXPECT_TRUE(vis.visible({10, 10}));
  EXPECT_FALSE(vis.visible({13, 10}));
  EXPECT_TRUE(vis.visible({12, 12}));
}

TEST(SymmetricFov, PillarShadowAndWallsLit) {
  // A pillar east of the viewer hides the cell right behind it; walls are lit.
  Map m = Map::parse(
      "#######\n"
      "#.....#\n"
      "#.@#..#\n"
      "#.....#\n"
      "#######\n");
  Visibility vis;
  symmetric_shadowcast(m.opacity(), {2, 2}, 0, vis);
  EXPECT_TRUE(vis.visible({3, 2}));
  EXPECT_FALSE(vis.visible({4, 2}));
  EXPECT_FALSE(vis.visible({5, 2}));
  EXPECT_FALSE(vis.visible({6, 1}));  // the pillar's shadow widens with distance
  EXPECT_TRUE(vis.visible({0, 2}));   // walls are lit
  EXPECT_TRUE(vis.visible({6, 0}));
  EXPECT_TRUE(vis.visible({0, 0}));
  EXPECT_EQ(vis.cells().front(), (Point{0, 0}));
  EXPECT_THROW(symmetric_shadowcast(m.opacity(), {7, 2}, 0, vis), fray::Error);
  EXPECT_THROW(symmetric_shadowcast(m.opacity(), {2, 2}, -1, vis), fray::Error);
}

TEST(SymmetricFov, FloorToFloorSymmetryOnRandomMaps) {
  fray::Rng rng(20261122, 5);
  Visibility a, b;
  std::size_t pairs = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const int w = static_cast<int>(rng.uniform(5, 40)), h = static_cast<int>(rng.uniform(5, 30));
    const Map m = random_map(rng, w, h, static_cast<int>(rng.uniform(5, 45)));
    const int radius = trial % 3 == 0 ? 0 : static_cast<int>(rng.uniform(2, 12));
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        if (m.blocks_sight({x, y})) continue;
        symmetric_shadowcast(m.opacity(), {x, y}, radius, a, SlopeArithmetic::exact);
        for (int v = 0; v < h; ++v)
          for (int u = 0; u < w; ++u) {
            if (m.blocks_sight({u, v}) || (v * w + u) <= (y * w + x)) continue;
            const bool ab = a.visible({u, v});
            symmetric_shadowcast(m.opacity(), {u, v}, radius, b, SlopeArithmetic::exact);
            ASSERT_EQ(ab, b.visible({x, y})) << "trial " << trial << " " << x << "," << y << " vs " << u << "," << v;
            ++pairs;
          }
        if (pairs > 400000) break;
      }
  }
  EXPECT_GT(pairs, 10000u);
}

TEST(SymmetricFov, FloatSlopesDifferFromExactOnlyByEdgeCentres) {
  // The libtcod arithmetic loses, to float rounding, some floor cells whose
  // centre lies exactly on a sector edge; it never sees anything the exact
  // arithmetic does not, and walls always agree.
  fray::Rng rng(4242, 2);
  Visibility f, e;
  std::size_t lost = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const int w = static_cast<int>(rng.uniform(5, 70)), h = static_cast<int>(rng.uniform(5, 50));
    const Map m = random_map(rng, w, h, static_cast<int>(rng.uniform(0, 50)));
    for (int k = 0; k < 10; ++k) {
      const Point at{static_cast<int>(rng.uniform(0, w - 1)), static_cast<int>(rng.uniform(0, h - 1))};
      symmetric_shadowcast(m.opacity(), at, 0, f, SlopeArithmetic::libtcod);
      symmetric_shadowcast(m.opacity(), at, 0, e, SlopeArithmetic::exact);
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
          if (f.visible({x, y})) {
            ASSERT_TRUE(e.visible({x, y})) << x << "," << y;
          }
          if (e.visible({x, y}) && !f.visible({x, y})) {
            ASSERT_FALSE(m.blocks_sight({x, y}));
            ++lost;
          }
        }
    }
  }
  EXPECT_GT(lost, 0u);  // the difference is real, so both arithmetics are offered
}

TEST(SymmetricFov, IdenticalToLibtcodOnBenchmarkMaps) {
#ifndef FRAY_HAVE_LIBTCOD
  GTEST_SKIP() << "libtcod (Debian libtcod-dev) is not installed: comparison with FOV_SYMMETRIC_SHADOWCAST skipped";
#else
  Visibility vis;
  for (const std::string kind : {"empty", "opaque", "corridor", "forest"})
    for (int r : {4, 10, 50})
      for (int radius : {0, r, r / 2 + 1}) {
        const Map m = fray::test::libtcod_bench_map(kind, r);
        symmetric_shadowcast(m.opacity(), {r, r}, radius, vis);
        EXPECT_EQ(vis.cells(), libtcod_fov(m, {r, r}, radius)) << kind << " r=" << r << " radius=" << radius;
        // And from off-centre viewers.
        for (Point at : {Point{1, 1}, Point{r / 2, 2 * r - 1}, Point{2 * r, r}}) {
          symmetric_shadowcast(m.opacity(), at, radius, vis);
          EXPECT_EQ(vis.cells(), libtcod_fov(m, at, radius)) << kind << " r=" << r << " at " << at.x << "," << at.y;
        }
      }
#endif
}

TEST(SymmetricFov, IdenticalToLibtcodOnRandomMaps) {
#ifndef FRAY_HAVE_LIBTCOD
  GTEST_SKIP() << "libtcod (Debian libtcod-dev) is not installed: comparison with FOV_SYMMETRIC_SHADOWCAST skipped";
#else
  fray::Rng rng(77, 1);
  Visibility vis;
  int compared = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int w = static_cast<int>(rng.uniform(1, 90)), h = static_cast<int>(rng.uniform(1, 60));
    const Map m = random_map(rng, w, h, static_cast<int>(rng.uniform(0, 60)));
    for (int k = 0; k < 8; ++k) {
      const Point at{static_cast<int>(rng.uniform(0, w - 1)), static_cast<int>(rng.uniform(0, h - 1))};
      const int radius = k % 2 == 0 ? 0 : static_cast<int>(rng.uniform(1, 30));
      symmetric_shadowcast(m.opacity(), at, radius, vis);
      ASSERT_EQ(vis.cells(), libtcod_fov(m, at, radius))
          << "trial " << trial << " " << w << "x" << h << " at " << at.x << "," << at.y << " radius " << radius;
      ++compared;
    }
  }
  EXPECT_EQ(compared, 2400);
#endif
}

// A wall on the anti-diagonal x + y = n (viewer at 0,0): each row of the east
// quadrant splits the sector below the wall off, and that sub-sector splits
// again in the next row, so the sub-sectors nest one a row, half as deep as
// the map is wide. They were scanned by recursion, one call each, which
// overflowed a small stack; they are kept in memory now. libtcod (where it is
// installed) gives the whole visible set.
Map staircase_map(int n) {
  Map m(n, n, Tile::floor);
  for (int x = n / 2; x < n; ++x)
    if (n - x >= 0 && n - x < n) m.set_tile({x, n - x}, Tile::wall);
  return m;
}

TEST(SymmetricFov, NestedSectorsNeedNoStack) {
  const int n = 2048;
  const Map m = staircase_map(n);
  for (const SlopeArithmetic arithmetic : {SlopeArithmetic::libtcod, SlopeArithmetic::exact}) {
    Visibility vis;
    fray::test::run_on_stack(64 * 1024, [&] { symmetric_shadowcast(m.opacity(), {0, 0}, 0, vis, arithmetic); });
    // Nothing stands between the viewer and a cell in front of the wall (x + y < n).
    for (int y = 0; y < n; ++y)
      for (int x = 0; x + y < n; ++x) ASSERT_TRUE(vis.visible({x, y})) << x << "," << y;
#ifdef FRAY_HAVE_LIBTCOD
    if (arithmetic == SlopeArithmetic::libtcod) {
      EXPECT_EQ(vis.cells(), libtcod_fov(m, {0, 0}, 0));
    }
#endif
  }
}

TEST(SymmetricFovCli, JsonSortedByRowThenColumn) {
  const std::string file = "/tmp/fray-fov-sym.txt";
  std::ofstream(file) << "#####\n#.@.#\n##+##\n#...#\n#####\n";
  const auto run = fray::test::run_cli({"fov", "--map", file, "--at", "2,1", "--algorithm", "symmetric", "--json"});
  std::remove(file.c_str());
  ASSERT_EQ(run.status, 0) << run.err;
  const auto want = nlohmann::json::parse(
      "[[0,0],[1,0],[2,0],[3,0],[4,0],[0,1],[1,1],[2,1],[3,1],[4,1],[0,2],[1,2],[2,2],[3,2],[4,2]]");
  EXPECT_EQ(run.json()["visible"], want);
}
