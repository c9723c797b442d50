// fray/rules/shattered_pd/ballistica.hpp — projectile paths in Shattered
// Pixel Dungeon 3.3.6 (mechanics/Ballistica.java, Ballistica(from, to, params)).
//
// The ray steps as Pixel Dungeon's does (fray::grid::Ray: the major axis is x
// when |dx| > |dy|, the error starts at dA/2) and runs until it reaches the
// level's outer ring, recording every cell; the collision is the first cell a
// stop rule picks, checked in this order on each cell (the first three skip
// the source cell; a ray aimed at its own cell stops there with STOP_TARGET):
//   1. STOP_SOLID: the cell is neither passable nor avoided and holds no
//      character → the previous cell (checked before the cell joins the path);
//   2. STOP_SOLID: the cell is solid → this cell, unless IGNORE_SOFT_SOLID and
//      the cell is passable or avoided (a door, a web: then the rules below apply);
//   3. STOP_CHARS: a character stands on the cell → this cell;
//   4. STOP_TARGET: the cell is the target → this cell.
// Without any, the collision is the last cell of the path.
#pragma once

#include <cstdint>
#include <fray/grid/geometry.hpp>
#include <fray/grid/map.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace fray::shattered_pd {

// The symbols of the game's maps beyond # . + : and characters, the terrain of
// its Level flags: '^' visible trap, 'S' statue, '"' high grass, 'w' web,
// 'L' locked door (Ruleset::grid_legend).
[[nodiscard]] const grid::Legend& map_legend();

// The terrain flags Ballistica reads (Level.passable, solid, avoid,
// losBlocking) and where characters stand. The outer ring of cells is wall:
// Level.buildFlagMaps forces it, and insideMap() excludes it.
class Level {
 public:
  // Text form, one row a line: '#' wall, '.' floor, '+' closed door (passable,
  // solid, blocks sight), ':' chasm and '^' visible trap (avoided), 'S' statue
  // (solid), '"' high grass (passable, blocks sight), 'w' a web on floor
  // (passable, solid), 'L' locked door (solid, blocks sight). Rows must have
  // the same length. Throws fray::Error naming the line and column.
  [[nodiscard]] static Level parse(const std::vector<std::string>& rows);
  // A grid map read with map_legend(): its terrain's flags, its
  // characters, and the outer ring forced to wall.
  [[nodiscard]] static Level from_map(const grid::Map& map);

  [[nodiscard]] int width() const noexcept { return width_; }
  [[nodiscard]] int height() const noexcept { return height_; }
  [[nodiscard]] bool inside(grid::Point p) const noexcept {
    return p.x > 0 && p.y > 0 && p.x < width_ - 1 && p.y < height_ - 1;
  }
  [[nodiscard]] bool passable(grid::Point p) const noexcept { return flag(p, passable_bit); }
  [[nodiscard]] bool solid(grid::Point p) const noexcept { return flag(p, solid_bit); }
  [[nodiscard]] bool avoid(grid::Point p) const noexcept { return flag(p, avoid_bit); }
  [[nodiscard]] bool blocks_sight(grid::Point p) const noexcept { return flag(p, sight_bit); }
  [[nodiscard]] bool has_character(grid::Point p) const noexcept { return flag(p, char_bit); }
  // Puts a character on a cell of the map (or takes it away).
  void set_character(grid::Point p, bool present);

 private:
  static constexpr std::uint8_t passable_bit = 1, solid_bit = 2, avoid_bit = 4, sight_bit = 8, char_bit = 16;
  [[nodiscard]] bool flag(grid::Point p, std::uint8_t bit) const noexcept {
    if (p.x < 0 || p.y < 0 || p.x >= width_ || p.y >= height_) return bit == solid_bit || bit == sight_bit;
    return (cells_[static_cast<std::size_t>(p.y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(p.x)] &
            bit) != 0;
  }
  int width_ = 0, height_ = 0;
  std::vector<std::uint8_t> cells_;
};

// Ballistica's params: the game's flag values.
inline constexpr int stop_target = 1, stop_chars = 2, stop_solid = 4, ignore_soft_solid = 8;
inline constexpr int projectile = stop_target | stop_chars | stop_solid;  // thrown weapons
inline constexpr int magic_bolt = stop_chars | stop_solid;                // wands and bolts
inline constexpr int wont_stop = 0;

struct Ballistica {
  std::vector<grid::Point> path;  // from the source until the ray reaches the outer ring
  grid::Point collision;          // Ballistica.collisionPos
  int dist = 0;                   // the collision's index in path
};

// Ballistica's params named as fray's faces take them: a comma list of
// presets and flags (projectile, magic-bolt, wont-stop, stop-target,
// stop-chars, stop-solid, ignore-soft-solid), combined. Throws fray::Error
// naming `label` for an empty list or an unknown name.
[[nodiscard]] int parse_params(std::string_view text, std::string_view label);

// Ballistica(from, to, params); a source on the outer ring gives path [from].
[[nodiscard]] Ballistica cast(const Level& level, grid::Point from, grid::Point to, int params);

// The most ray steps aim() takes: cells × the longest path (width × height ×
// max(width, height)); a larger level is refused.
inline constexpr std::int64_t aim_max_steps = std::int64_t{1} << 27;

// Where to tap so that the projectile's collision is `target`. A tap on cell
// c throws the item to Item.throwPos(hero, c) = new Ballistica(hero.pos, c,
// PROJECTILE).collisionPos (Item.cast, called by the thrower
// CellSelector.Listener with the tapped cell as it is; a wand's zapper casts
// Ballistica(hero.pos, c, collisionProperties) and uses collisionPos too). So:
// every cell c of the level but `from` whose cast(level, from, c,
// params).collision is `target`, by row then column. One cast per cell, each
// at most max(width, height) steps; throws fray::Error when that is more than
// aim_max_steps in all.
[[nodiscard]] std::vector<grid::Point> aim(const Level& level, grid::Point from, grid::Point target,
                                           int params = projectile);

}  // namespace fray::shattered_pd
