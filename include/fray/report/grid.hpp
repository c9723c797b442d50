// fray/report/grid.hpp — the grid verbs' answers (`fray path`, `fray fov`,
// `fray surprise`) as JSON and text, for every face alike: the command line
// and the Python module call these, so their documents agree by construction.
#pragma once

#include <fray/grid/fov.hpp>
#include <fray/grid/geometry.hpp>
#include <fray/grid/map.hpp>
#include <fray/report/report.hpp>
#include <fray/rules/pixel_dungeon/ballistica.hpp>
#include <fray/rules/pixel_dungeon/surprise.hpp>
#include <fray/rules/shattered_pd/ballistica.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fray {

// [x, y] and [[x, y], ...].
[[nodiscard]] nlohmann::json point_json(grid::Point p);
[[nodiscard]] nlohmann::json points_json(const std::vector<grid::Point>& cells);

// `fray path` by Pixel Dungeon's Ballistica.cast(from, to, magic, hitChars):
// the cells it crossed (`trace`) and where it stopped.
[[nodiscard]] Report ballistica_report(std::string_view rules, const grid::Map& map, grid::Point from, grid::Point to,
                                       bool magic, bool hit_chars, const pixel_dungeon::BallisticaResult& result,
                                       const std::vector<grid::Point>& trace);
// `fray path` by Shattered Pixel Dungeon's Ballistica(from, to, params).
[[nodiscard]] Report ballistica_report(std::string_view rules, const grid::Map& map, grid::Point from, grid::Point to,
                                       int params, const shattered_pd::Ballistica& result);

// `fray aim`: the cells to tap so that the projectile from `from` stops on
// `to` (pixel_dungeon::aim, shattered_pd::aim); `params` is Shattered Pixel
// Dungeon's Ballistica params (nullopt: Pixel Dungeon's thrown item).
struct AimAnswer {
  std::string rules;
  grid::Point from;
  grid::Point to;
  std::vector<grid::Point> cells;  // by row, then column, as aim() gives them
  std::optional<int> params;
};
[[nodiscard]] Report aim_report(const AimAnswer& answer, const grid::Map& map);

// `fray fov`: the cells `visible` from `at`. `radius` 0 reads as unlimited
// (JSON null) when `zero_is_unlimited`; `rules` (empty: none) is the ruleset
// the algorithm was asked by.
struct FovAnswer {
  grid::Point at;
  std::string algorithm;
  int radius = 0;
  bool zero_is_unlimited = true;
  std::string rules;
};
[[nodiscard]] Report fov_report(const grid::Map& map, const grid::Visibility& visible, const FovAnswer& answer);

// `fray surprise`: Pixel Dungeon's Mob.notice odds on a map.
[[nodiscard]] Report surprise_report(std::string_view rules, std::string_view state, grid::Point mob, grid::Point hero,
                                     const pixel_dungeon::SurpriseQuery& query, int radius,
                                     const pixel_dungeon::Surprise& surprise);

}  // namespace fray
