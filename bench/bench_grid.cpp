// Field of view and projectile paths: fray against libtcod on the same maps in
// the same run. Maps: libtcod's benchmark kinds (empty, opaque, corridor,
// forest; side 2r+1, viewer at the centre, unlimited radius, light walls on)
// for r = 4, 10, 50, and an 80×50 map with 25 % walls.
#include <fray/core/rng.hpp>
#include <fray/grid/fov.hpp>
#include <fray/grid/map.hpp>
#include <fray/rules/pixel_dungeon/ballistica.hpp>
#include <fray/rules/pixel_dungeon/shadow_caster.hpp>

#include "support/libtcod_maps.hpp"

#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#ifdef FRAY_HAVE_LIBTCOD
#include <fov.h>
#endif

using namespace fray::grid;

namespace {

struct BenchMap {
  std::string name;
  Map map;
  Point viewer;
};

std::vector<BenchMap> maps() {
  std::vector<BenchMap> out;
  for (const std::string kind : {"empty", "opaque", "corridor", "forest"})
    for (int r : {4, 10, 50})
      out.push_back({kind + "_r" + std::to_string(r), fray::test::libtcod_bench_map(kind, r), {r, r}});
  // 80×50 with 25 % walls (fixed seed), viewer on the floor cell nearest the centre.
  fray::Rng rng(2026, 0);
  Map m(80, 50, Tile::floor);
  for (int y = 0; y < 50; ++y)
    for (int x = 0; x < 80; ++x)
      if (rng.uniform(0, 3) == 0) m.set_tile({x, y}, Tile::wall);
  m.set_tile({40, 25}, Tile::floor);
  out.push_back({"rooms80x50_25pct", m, {40, 25}});
  return out;
}

// Registers one of fray's FOVs (`compute` fills a Visibility from a map) under `name`.
template <class Compute>
void fray_fov_benchmark(const std::string& name, const BenchMap* p, Compute compute) {
  benchmark::RegisterBenchmark(name.c_str(), [p, compute](benchmark::State& state) {
    Visibility vis;
    for (auto _ : state) {
      compute(*p, vis);
      benchmark::DoNotOptimize(vis.data());
    }
  });
}

#ifdef FRAY_HAVE_LIBTCOD
TCOD_Map* to_libtcod(const Map& m) {
  TCOD_Map* t = TCOD_map_new(m.width(), m.height());
  for (int y = 0; y < m.height(); ++y)
    for (int x = 0; x < m.width(); ++x) TCOD_map_set_properties(t, x, y, !m.blocks_sight({x, y}), true);
  return t;
}

// Registers libtcod's FOV `algorithm` to `radius` (0: unlimited), light walls on, under `name`.
void libtcod_fov_benchmark(const std::string& name, const BenchMap* p, int radius, TCOD_fov_algorithm_t algorithm) {
  benchmark::RegisterBenchmark(name.c_str(), [p, radius, algorithm](benchmark::State& state) {
    TCOD_Map* t = to_libtcod(p->map);
    for (auto _ : state) {
      TCOD_map_compute_fov(t, p->viewer.x, p->viewer.y, radius, true, algorithm);
      benchmark::ClobberMemory();
    }
    TCOD_map_delete(t);
  });
}
#endif

void register_all() {
  static const std::vector<BenchMap> all = maps();
  for (const BenchMap& bm : all) {
    const BenchMap* p = &bm;
    fray_fov_benchmark("fov_symmetric/fray/" + bm.name, p, [](const BenchMap& m, Visibility& vis) {
      symmetric_shadowcast(m.map.opacity(), m.viewer, 0, vis);
    });
    fray_fov_benchmark("fov_symmetric/fray_exact/" + bm.name, p, [](const BenchMap& m, Visibility& vis) {
      symmetric_shadowcast(m.map.opacity(), m.viewer, 0, vis, SlopeArithmetic::exact);
    });
#ifdef FRAY_HAVE_LIBTCOD
    libtcod_fov_benchmark("fov_symmetric/libtcod/" + bm.name, p, 0, FOV_SYMMETRIC_SHADOWCAST);
#endif
    // Pixel Dungeon's caster works to radius 8 at most; libtcod's FOV_SHADOW at the same radius.
    fray_fov_benchmark("fov_r8/pixel_dungeon/" + bm.name, p, [](const BenchMap& m, Visibility& vis) {
      fray::pixel_dungeon::cast_shadow(m.map.opacity(), m.viewer, 8, vis);
    });
#ifdef FRAY_HAVE_LIBTCOD
    libtcod_fov_benchmark("fov_r8/libtcod_shadow/" + bm.name, p, 8, FOV_SHADOW);
#endif
  }
  // Ballistica: every target on the 80×50 map from its centre, magic and not.
  benchmark::RegisterBenchmark("ballistica/rooms80x50_25pct/all_targets", [](benchmark::State& state) {
    const BenchMap& bm = all.back();
    std::vector<Point> trace;
    trace.reserve(256);
    for (auto _ : state) {
      for (int y = 0; y < bm.map.height(); ++y)
        for (int x = 0; x < bm.map.width(); ++x) {
          const auto r = fray::pixel_dungeon::cast(bm.map, bm.viewer, {x, y}, (x + y) % 2 == 0, true, trace);
          benchmark::DoNotOptimize(r);
        }
    }
    state.SetItemsProcessed(state.iterations() * bm.map.width() * bm.map.height());
  });
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
