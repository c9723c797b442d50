// A thrown dart and a sleeping mob: Pixel Dungeon's Ballistica, field of view
// and surprise odds on a small map, through the library.
#include <fray/grid/fov.hpp>
#include <fray/grid/map.hpp>
#include <fray/rules/pixel_dungeon/ballistica.hpp>
#include <fray/rules/pixel_dungeon/shadow_caster.hpp>
#include <fray/rules/pixel_dungeon/surprise.hpp>

#include <cstdio>
#include <string>
#include <vector>

int main() {
  using fray::grid::Point;
  const fray::grid::Map map = fray::grid::Map::parse(
      "##########\n"
      "#........#\n"
      "#..g.....#\n"
      "#....##..#\n"
      "#.@..#...#\n"
      "##########\n",
      "example");
  const Point hero{2, 4}, gnoll{3, 2};

  // A thrown item: not magic, stops at the first character.
  std::vector<Point> trace;
  const auto hit = fray::pixel_dungeon::cast(map, hero, gnoll, false, true, trace);
  std::printf("dart stops at %d,%d (%s)\n", hit.result.x, hit.result.y,
              std::string(fray::pixel_dungeon::to_string(hit.stop)).c_str());

  // What the hero sees (view distance 8), both ways.
  fray::grid::Visibility vis;
  fray::pixel_dungeon::cast_shadow(map.opacity(), hero, 8, vis);
  std::printf("Pixel Dungeon caster: %zu cells visible\n", vis.count());
  fray::grid::symmetric_shadowcast(map.opacity(), hero, 0, vis);
  std::printf("symmetric shadowcasting: %zu cells visible\n", vis.count());

  // The gnoll sleeps: does it wake on its turn?
  fray::pixel_dungeon::SurpriseQuery q;
  q.state = fray::pixel_dungeon::MobState::sleeping;
  const auto s = fray::pixel_dungeon::surprise_on_map(map, gnoll, hero, q, 8, vis);
  std::printf("gnoll sees the hero's cell: %s; P(next hit is a surprise) = %lld/%lld = %.4f\n", s.in_fov ? "yes" : "no",
              static_cast<long long>(s.den - s.notice_num), static_cast<long long>(s.den), s.p_surprise);
  return 0;
}
