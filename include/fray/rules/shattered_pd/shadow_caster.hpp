// fray/rules/shattered_pd/shadow_caster.hpp — Shattered Pixel Dungeon 3.3.6's
// field of view (mechanics/ShadowCaster.java castShadow, scanOctant).
//
// Recursive shadowcasting over eight octants with slopes in double, each row
// cut to the game's rounding table so the view is round; blocking cells are
// seen. The game indexes its level arrays as y·width + x without checking the
// column, so a row that runs past the left or right edge wraps onto the
// neighbouring row, exactly as in the game; an index off the array ends the
// cast in an exception after which the game clears the whole view, and so
// does fray. On a level whose outer ring blocks sight (every SPD level: Level
// buildFlagMaps forces it) neither happens from a cell inside the ring.
#pragma once

#include <array>
#include <cstdint>
#include <fray/grid/fov.hpp>
#include <fray/grid/geometry.hpp>
#include <fray/grid/map.hpp>
#include <vector>

namespace fray::shattered_pd {

// ShadowCaster.MAX_DISTANCE: a larger distance is cut to it.
inline constexpr int max_view_distance = 20;
// Char.viewDistance of the hero and most mobs.
inline constexpr int default_view_distance = 8;

// ShadowCaster.rounding[r] for r = 1..20 (index 0 unused): the last column of
// row j, min(j, Math.round(r·cos(asin(j/(r+0.5))))).
[[nodiscard]] const std::array<int, max_view_distance + 1>& shadow_rounding(int radius);

// ShadowCaster.castShadow(x, y, w, fov, blocking, distance) on row-major
// arrays of width·height cells: `blocking` 1 where sight stops; `fov` is
// resized and set to 1 on each seen cell. A negative distance, or a viewer
// off the array, makes the game throw: the view is then empty, as the game
// leaves it. Returns false in that case.
bool cast_shadow(const std::vector<std::uint8_t>& blocking, int width, int height, grid::Point viewer, int distance,
                 std::vector<std::uint8_t>& fov);

// The field of view on a map as the game computes it on its level: the map's
// sight-blocking cells with the outer ring forced to block (Level.buildFlagMaps).
// `distance` 0..∞ (cut to 20); throws fray::Error for a negative distance or a
// viewer outside the map.
void field_of_view(const grid::Map& map, grid::Point viewer, int distance, grid::Visibility& out);

}  // namespace fray::shattered_pd
