// fray/rules/pixel_dungeon/shadow_caster.hpp — Pixel Dungeon's field of view.
//
// Pixel Dungeon 1.9.1 mechanics/ShadowCaster.java castShadow(x, y, fov,
// distance) (ShadowCaster.castShadow): eight octants, a circular
// row limit from the game's rounding table, blocked angle intervals in 32-bit
// float, permissive (one clear sample of three is enough), walls seen, and
// not symmetric — all exactly as the game computes it.
#pragma once

#include <array>
#include <fray/grid/fov.hpp>
#include <fray/grid/geometry.hpp>
#include <fray/grid/map.hpp>

namespace fray::pixel_dungeon {

// ShadowCaster.MAX_DISTANCE: a larger view distance throws in the game.
inline constexpr int max_view_distance = 8;
// A char's default viewDistance.
inline constexpr int default_view_distance = 8;

// ShadowCaster.rounding, the Pixel Dungeon family's one table: row r ends at
// column j = min(j, Math.round(r·cos(asin(j/(r+0.5))))) for j = 1..r (index
// 0 unused). Pixel Dungeon 1.9.1's static initialiser fills rows 1..8 (its
// MAX_DISTANCE), Shattered Pixel Dungeon 3.3.6's rows 1..20 by the same
// formula, so the two agree where both exist and each reads its own rows.
inline constexpr int shadow_caster_rounding_rows = 20;
inline constexpr std::array<std::array<int, shadow_caster_rounding_rows + 1>, shadow_caster_rounding_rows + 1>
    shadow_caster_rounding{{
        {0},
        {0, 1},
        {0, 1, 1},
        {0, 1, 2, 2},
        {0, 1, 2, 3, 2},
        {0, 1, 2, 3, 3, 2},
        {0, 1, 2, 3, 4, 4, 2},
        {0, 1, 2, 3, 4, 5, 4, 3},
        {0, 1, 2, 3, 4, 5, 6, 5, 3},
        {0, 1, 2, 3, 4, 5, 6, 6, 5, 3},
        {0, 1, 2, 3, 4, 5, 6, 7, 6, 5, 3},
        {0, 1, 2, 3, 4, 5, 6, 7, 8, 7, 5, 3},
        {0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 7, 6, 3},
        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 8, 6, 4},
        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 9, 8, 6, 4},
        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 9, 8, 6, 4},
        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 11, 10, 8, 7, 4},
        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 11, 10, 9, 7, 4},
        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 12, 11, 9, 7, 4},
        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 13, 12, 11, 9, 7, 4},
        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 14, 13, 11, 10, 8, 4},
    }};

// The game's row limits: limits(R)[p] = min(p, Math.round(R·cos(asin(p/(R+0.5)))))
// for p = 1..R (index 0 unused), R = 1..8.
[[nodiscard]] const std::array<int, max_view_distance + 1>& shadow_limits(int radius);

// Casts from `viewer` with view distance `radius` (1..8, else fray::Error).
// Cells outside the grid are skipped, as the game skips cells off its level.
void cast_shadow(grid::OpacityView map, grid::Point viewer, int radius, grid::Visibility& out);

}  // namespace fray::pixel_dungeon
