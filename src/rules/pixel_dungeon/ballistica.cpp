// Pixel Dungeon 1.9.1 mechanics/Ballistica.java cast() (Ballistica.cast).
#include <fray/rules/pixel_dungeon/ballistica.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <fray/core/error.hpp>

namespace fray::pixel_dungeon {

std::string_view to_string(BallisticaStop stop) noexcept {
  switch (stop) {
    case BallisticaStop::target:
      return "target";
    case BallisticaStop::wall:
      return "wall";
    case BallisticaStop::door:
      return "door";
    case BallisticaStop::character:
      return "char";
  }
  return "target";
}

BallisticaResult cast(const grid::Map& map, grid::Point from, grid::Point to, bool magic, bool hit_chars,
                      std::vector<grid::Point>& trace) {
  trace.clear();
  trace.push_back(from);
  // The game's Bresenham stepping (err starts at dA/2; ties make y the major axis).
  grid::Ray ray(from, to);
  grid::Point cell = from;
  // The map is bounded by walls on every side, so a magic ray always ends.
  while (!(cell == to) || magic) {
    cell = ray.next();
    trace.push_back(cell);
    if (!map.passable(cell) && !map.avoid(cell)) {
      // Stopped by a wall: the game drops the wall from its trace and returns the cell before.
      trace.pop_back();
      return {trace.back(), BallisticaStop::wall};
    }
    if (map.blocks_sight(cell)) return {cell, BallisticaStop::door};
    if (hit_chars && map.has_character(cell)) return {cell, BallisticaStop::character};
  }
  // Reached the target: the game records it a second time.
  trace.push_back(cell);
  return {to, BallisticaStop::target};
}

std::vector<grid::Point> path_cells(const std::vector<grid::Point>& trace) {
  std::vector<grid::Point> out(trace.begin(), trace.end());
  if (out.size() >= 2 && out[out.size() - 1] == out[out.size() - 2]) out.pop_back();
  return out;
}

std::vector<grid::Point> aim(const grid::Map& map, grid::Point from, grid::Point target, bool magic, bool hit_chars) {
  const std::int64_t w = map.width(), h = map.height();
  if (w * h * std::max(w, h) > aim_max_steps)
    throw Error(
        fmt::format("aim: a {}x{} map is too large (one cast per cell of up to {} steps; at most {} steps in all)", w,
                    h, std::max(w, h), aim_max_steps));
  // Item.cast: the item goes where Ballistica.cast(hero.pos, tapped cell, false, true) returns.
  std::vector<grid::Point> cells, trace;
  for (int y = 0; y < map.height(); ++y)
    for (int x = 0; x < map.width(); ++x) {
      const grid::Point c{x, y};
      if (c == from) continue;
      if (cast(map, from, c, magic, hit_chars, trace).result == target) cells.push_back(c);
    }
  return cells;
}

}  // namespace fray::pixel_dungeon
