// fray/rules/pixel_dungeon/ballistica.hpp — Pixel Dungeon's projectile paths.
//
// Pixel Dungeon 1.9.1 mechanics/Ballistica.java cast(from, to, magic, hitChars)
// on a fray::grid::Map instead of the
// game's 32-wide level: cells outside the map are walls, as the game's forced
// wall border makes them.
#pragma once

#include <cstdint>
#include <fray/grid/geometry.hpp>
#include <fray/grid/map.hpp>
#include <string_view>
#include <vector>

namespace fray::pixel_dungeon {

// Why the projectile stopped.
enum class BallisticaStop {
  target,     // a non-magic ray reached `to`
  wall,       // the next cell is neither passable nor a chasm; the ray stops before it
  door,       // the cell blocks sight (a closed door); the ray stops on it
  character,  // hitChars and a character stands on the cell; the ray stops on it
};
[[nodiscard]] std::string_view to_string(BallisticaStop stop) noexcept;  // "target", "wall", "door", "char"

struct BallisticaResult {
  grid::Point result;  // where the projectile ends (cast()'s return value)
  BallisticaStop stop = BallisticaStop::target;
};

// Casts a ray as the game does. `trace` receives the game's trace exactly:
// `from` first, then every cell entered; a wall that stops the ray is not in
// it; when a non-magic ray reaches `to` the game appends `to` a second time
// (so for from == to the trace is [from, from]). `trace` is cleared first and
// reused, so repeated casts need not allocate.
//
// Stop rules, checked on each cell entered (never on `from`):
//   1. not passable and not a chasm → stop on the previous cell (wall);
//   2. blocks sight, or hit_chars and a character is there → stop on it.
// magic: the ray continues past `to` until a stop rule fires.
BallisticaResult cast(const grid::Map& map, grid::Point from, grid::Point to, bool magic, bool hit_chars,
                      std::vector<grid::Point>& trace);

// The path as the command line shows it: the trace with each cell once (the
// game's duplicated end cell dropped).
[[nodiscard]] std::vector<grid::Point> path_cells(const std::vector<grid::Point>& trace);

// The most ray steps aim() takes: cells × the longest path (width × height ×
// max(width, height)); a larger map is refused.
inline constexpr std::int64_t aim_max_steps = std::int64_t{1} << 27;

// Where to tap so that the projectile stops on `target`. A tap on cell c
// throws the item along Ballistica.cast(hero.pos, c, false, true) (Item.cast,
// called by the thrower CellSelector.Listener with the tapped cell as it is)
// and the item lands on, or hits the character on, the cell cast() returns.
// So: every cell c of the map but `from` whose cast(map, from, c, magic,
// hit_chars) result is `target`, by row then column (a wand's bolt is
// magic = true, Wand.java's zapper). One cast per cell, each at most
// max(width, height) + 1 steps; throws fray::Error when that is more than
// aim_max_steps in all.
[[nodiscard]] std::vector<grid::Point> aim(const grid::Map& map, grid::Point from, grid::Point target,
                                           bool magic = false, bool hit_chars = true);

}  // namespace fray::pixel_dungeon
