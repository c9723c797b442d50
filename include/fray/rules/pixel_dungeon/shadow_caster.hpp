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

// The game's row limits: limits(R)[p] = min(p, Math.round(R·cos(asin(p/(R+0.5)))))
// for p = 1..R (index 0 unused), R = 1..8.
[[nodiscard]] const std::array<int, max_view_distance + 1>& shadow_limits(int radius);

// Casts from `viewer` with view distance `radius` (1..8, else fray::Error).
// Cells outside the grid are skipped, as the game skips cells off its level.
void cast_shadow(grid::OpacityView map, grid::Point viewer, int radius, grid::Visibility& out);

}  // namespace fray::pixel_dungeon
