// libtcod's FOV benchmark maps (libtcod tests/unittest.cpp "FOV Benchmarks"),
// shared by the FOV tests and bench/bench_grid.cpp so that both compare with
// libtcod on the very same maps. Header only: the bench does not link the
// test support library.
#pragma once

#include <fray/grid/map.hpp>

#include <random>
#include <string>

namespace fray::test {

// A map of one of libtcod's kinds ("empty", "opaque", "corridor", "forest"),
// side 2r+1, to be viewed from its centre (r, r).
inline grid::Map libtcod_bench_map(const std::string& kind, int r) {
  using grid::Map;
  using grid::Tile;
  const int side = 2 * r + 1;
  if (kind == "empty") return Map(side, side, Tile::floor);
  Map m(side, side, Tile::wall);
  if (kind == "corridor") {
    for (int i = 0; i < side; ++i) {
      m.set_tile({r, i}, Tile::floor);
      m.set_tile({i, r}, Tile::floor);
    }
  } else if (kind == "forest") {
    // One cell in four opaque: std::mt19937 seed 0, uniform 0..3 == 0, in index order.
    std::mt19937 rng(0);
    std::uniform_int_distribution<int> chance(0, 3);
    for (int y = 0; y < side; ++y)
      for (int x = 0; x < side; ++x) m.set_tile({x, y}, chance(rng) == 0 ? Tile::wall : Tile::floor);
  }
  return m;
}

}  // namespace fray::test
