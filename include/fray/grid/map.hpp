// fray/grid/map.hpp — a grid map and its text form.
//
// Text form: one row a line; '#' wall (blocks movement and sight), '.' floor,
// '+' door (passable, blocks sight), ':' chasm (not passable, does not block
// sight or projectiles), '@' or any ASCII letter: a character standing on
// floor. Rows may differ in length; the map is the bounding rectangle and
// every missing cell, like every cell outside the map, is a wall.
//
// A game whose maps have more terrain gives a Legend that adds symbols
// (Ruleset::grid_legend; Shattered Pixel Dungeon's reads '^' visible trap,
// 'S' statue, '"' high grass, 'w' web, 'L' locked door). A symbol the legend
// adds is then terrain, not a character; every other symbol keeps its meaning.
#pragma once

#include <fray/grid/geometry.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fray::grid {

enum class Tile : std::uint8_t {
  floor,
  wall,
  door,
  chasm,
  // Terrain a game's legend may add (Legend::terrain), as Shattered Pixel
  // Dungeon's Level flags have it:
  trap,         // '^' a visible trap: avoided (not passable, not solid), sight passes
  statue,       // 'S' solid and not passable, sight passes
  high_grass,   // '"' passable, not solid, blocks sight
  web,          // 'w' floor under a web: passable and solid (a soft solid), sight passes
  locked_door,  // 'L' solid, not passable, blocks sight
};

// Which symbols a map's text form uses: always # . + : and characters ('@',
// letters), and the terrain symbols a game adds (read before characters, so
// an added letter is terrain).
struct TerrainSymbol {
  char symbol = 0;
  Tile tile = Tile::floor;
};
struct Legend {
  std::vector<TerrainSymbol> terrain;
  // # . + : and characters only.
  [[nodiscard]] static Legend classic() { return {}; }
  [[nodiscard]] const TerrainSymbol* find(char c) const noexcept {
    for (const TerrainSymbol& t : terrain)
      if (t.symbol == c) return &t;
    return nullptr;
  }
};

// A read-only view of which cells block sight, row-major, 1 = opaque: the
// input of the field-of-view algorithms. Cells outside [0,width)×[0,height)
// are outside the grid.
struct OpacityView {
  const std::uint8_t* opaque = nullptr;
  int width = 0;
  int height = 0;
  [[nodiscard]] bool in_bounds(int x, int y) const noexcept { return x >= 0 && y >= 0 && x < width && y < height; }
};

class Map {
 public:
  // Largest map accepted (cells), so a hostile file cannot exhaust memory.
  static constexpr std::int64_t max_cells = std::int64_t{1} << 26;
  // Largest map file accepted (bytes): every cell and line end of the largest map, in CRLF.
  static constexpr std::int64_t max_file_bytes = std::int64_t{1} << 28;

  Map() = default;
  // A width × height map filled with `fill`.
  Map(int width, int height, Tile fill = Tile::floor);

  // Parses the text form. `name` names the input in errors:
  // "map NAME:LINE:COL: unexpected character 'x'".
  [[nodiscard]] static Map parse(std::string_view text, std::string_view name = "<text>",
                                 const Legend& legend = Legend::classic());
  // Reads and parses a file; a missing or unreadable file, one that is not a
  // regular file (a directory, a device such as /dev/zero) or one larger than
  // max_file_bytes is a fray::Error, refused before anything is read.
  [[nodiscard]] static Map load(const std::string& path, const Legend& legend = Legend::classic());

  [[nodiscard]] int width() const noexcept { return width_; }
  [[nodiscard]] int height() const noexcept { return height_; }
  [[nodiscard]] bool in_bounds(Point p) const noexcept { return p.x >= 0 && p.y >= 0 && p.x < width_ && p.y < height_; }

  // The tile at p; outside the map, a wall.
  [[nodiscard]] Tile tile(Point p) const noexcept {
    return in_bounds(p) ? static_cast<Tile>(tiles_[index(p)]) : Tile::wall;
  }
  [[nodiscard]] bool blocks_sight(Point p) const noexcept { return tile_blocks_sight(tile(p)); }
  [[nodiscard]] bool passable(Point p) const noexcept {
    const Tile t = tile(p);
    return t == Tile::floor || t == Tile::door || t == Tile::high_grass || t == Tile::web;
  }
  // Not passable, but projectiles and sight go over it (a chasm, a visible trap).
  [[nodiscard]] bool avoid(Point p) const noexcept {
    const Tile t = tile(p);
    return t == Tile::chasm || t == Tile::trap;
  }
  // Shattered Pixel Dungeon's Level.solid: walls, doors, statues, webs, locked doors.
  [[nodiscard]] bool solid(Point p) const noexcept {
    const Tile t = tile(p);
    return t == Tile::wall || t == Tile::door || t == Tile::statue || t == Tile::web || t == Tile::locked_door;
  }
  [[nodiscard]] static constexpr bool tile_blocks_sight(Tile t) noexcept {
    return t == Tile::wall || t == Tile::door || t == Tile::high_grass || t == Tile::locked_door;
  }
  [[nodiscard]] bool has_character(Point p) const noexcept { return in_bounds(p) && glyphs_[index(p)] != 0; }

  // Changes a cell (p must be inside the map).
  void set_tile(Point p, Tile t);
  // Puts a character (shown as `glyph`, a letter or '@') on p, or removes it with glyph 0.
  void set_character(Point p, char glyph);
  // The character on p (0 if none).
  [[nodiscard]] char character(Point p) const noexcept { return in_bounds(p) ? glyphs_[index(p)] : char{0}; }
  // The cells with characters, by y then x.
  [[nodiscard]] std::vector<Point> characters() const;

  // The symbol of a cell in the text form.
  [[nodiscard]] char symbol(Point p) const noexcept;
  // The whole map in the text form (rectangular, one row a line).
  [[nodiscard]] std::string text() const;

  [[nodiscard]] OpacityView opacity() const noexcept { return {opaque_.data(), width_, height_}; }

 private:
  [[nodiscard]] std::size_t index(Point p) const noexcept {
    return static_cast<std::size_t>(p.y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(p.x);
  }
  int width_ = 0;
  int height_ = 0;
  std::vector<std::uint8_t> tiles_;   // Tile
  std::vector<std::uint8_t> opaque_;  // 1 where sight is blocked
  std::vector<char> glyphs_;          // character letter, 0 if none
};

// Where a point given on the command line or in a spec is checked: it must be
// inside the map, and (for `stand`) not a wall. `what` names it ("--from").
void require_inside(const Map& map, Point p, std::string_view what);
void require_standable(const Map& map, Point p, std::string_view what);

}  // namespace fray::grid
