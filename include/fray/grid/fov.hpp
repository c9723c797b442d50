// fray/grid/fov.hpp — field of view: the visible set and symmetric shadowcasting.
//
// Pixel Dungeon's own caster is in fray/rules/pixel_dungeon/shadow_caster.hpp;
// both write into a Visibility, which is reused between calls so that a
// steady-state call allocates nothing.
#pragma once

#include <fray/grid/geometry.hpp>
#include <fray/grid/map.hpp>

#include <cstdint>
#include <vector>

namespace fray::grid {

// Which cells of a width × height grid are visible.
class Visibility {
 public:
  // Sizes to width × height and clears; allocates only when the grid grows.
  void reset(int width, int height);

  [[nodiscard]] int width() const noexcept { return width_; }
  [[nodiscard]] int height() const noexcept { return height_; }
  [[nodiscard]] bool visible(Point p) const noexcept {
    return p.x >= 0 && p.y >= 0 && p.x < width_ && p.y < height_ && cells_[index(p.x, p.y)] != 0;
  }
  void set(int x, int y) noexcept { cells_[index(x, y)] = 1; }
  // Raw row-major cells, 1 = visible.
  [[nodiscard]] std::uint8_t* data() noexcept { return cells_.data(); }
  [[nodiscard]] const std::uint8_t* data() const noexcept { return cells_.data(); }

  // The visible cells sorted by y then x.
  [[nodiscard]] std::vector<Point> cells() const;
  [[nodiscard]] std::size_t count() const noexcept;

 private:
  [[nodiscard]] std::size_t index(int x, int y) const noexcept {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x);
  }
  int width_ = 0;
  int height_ = 0;
  std::vector<std::uint8_t> cells_;
};

// Symmetric shadowcasting (Albert Ford's algorithm, as libtcod's
// FOV_SYMMETRIC_SHADOWCAST computes it with light_walls on): a floor cell is
// visible when its centre lies in the unshadowed sector; a wall is visible
// when any of it does. Floor-to-floor visibility is symmetric.
//
// radius 0 means unlimited; otherwise libtcod's radius rule applies: a cell is
// visible only if dx² + dy² < radius². The viewer's cell is always visible.
// The viewer must be inside the grid (it may stand on an opaque cell).
//
// Two arithmetics for the sector slopes:
//   libtcod — 32-bit floats and libtcod's tie rounding: the visible set is
//             identical to libtcod's, cell for cell (the default);
//   exact   — Ford's reference in exact rationals: floor-to-floor symmetric
//             without exception. The float version can differ from it on
//             rare cells far from the viewer whose centre lies exactly on a
//             sector edge (and is then seen one way only).
enum class SlopeArithmetic { libtcod, exact };
void symmetric_shadowcast(OpacityView map, Point viewer, int radius, Visibility& out,
                          SlopeArithmetic arithmetic = SlopeArithmetic::libtcod);

}  // namespace fray::grid
