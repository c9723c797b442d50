// Fuzz target: map text through every field-of-view algorithm and every path
// function — the grid layer's (symmetric shadowcasting in both arithmetics,
// Bresenham lines) and each game's (Pixel Dungeon's ShadowCaster, Ballistica
// and surprise; Shattered Pixel Dungeon's Level and Ballistica).
//
// Input: 5 header bytes — viewer x, viewer y, target x, target y (signed, so
// points off the map are tried too) and a byte of options (radius, flags;
// with its top bit set the four coordinates are scaled by 2^22, out to the
// grid's coordinate limit of 2^29, so that the distance and line arithmetic
// is tried at its extremes) — then the map text.
#include "fuzz.hpp"

#include <fray/grid/fov.hpp>
#include <fray/grid/geometry.hpp>
#include <fray/grid/map.hpp>
#include <fray/rules/pixel_dungeon/ballistica.hpp>
#include <fray/rules/pixel_dungeon/shadow_caster.hpp>
#include <fray/rules/pixel_dungeon/surprise.hpp>
#include <fray/rules/shattered_pd/ballistica.hpp>

namespace {

using namespace fray;
using grid::Point;

void fov(const grid::Map& map, Point viewer, int radius) {
  grid::Visibility vis;
  for (const auto arithmetic : {grid::SlopeArithmetic::libtcod, grid::SlopeArithmetic::exact}) {
    try {
      grid::symmetric_shadowcast(map.opacity(), viewer, radius, vis, arithmetic);
      if (!vis.visible(viewer)) fuzz::fail("symmetric shadowcast: the viewer does not see its own cell");
    } catch (const Error&) {
    }
  }
  try {
    pixel_dungeon::cast_shadow(map.opacity(), viewer, radius, vis);
    (void)vis.count();
  } catch (const Error&) {
  }
}

void paths(const grid::Map& map, Point from, Point to, int flags) {
  std::vector<Point> trace;
  for (const bool magic : {false, true})
    for (const bool chars : {false, true}) {
      const auto r = pixel_dungeon::cast(map, from, to, magic, chars, trace);
      if (trace.empty() || !(trace.front() == from)) fuzz::fail("Ballistica: the trace does not start at the source");
      (void)r;
      (void)pixel_dungeon::path_cells(trace);
    }
  try {
    const std::vector<Point> line = grid::bresenham(from, to);
    if (line.empty() || !(line.front() == from) || !(line.back() == to)) fuzz::fail("bresenham: wrong ends");
  } catch (const Error&) {
    // Longer than a line may be (grid::max_line_cells).
  }
  if (grid::chebyshev(from, to) < 0 || grid::isqrt_distance(from, to) < grid::chebyshev(from, to))
    fuzz::fail("distances out of order");

  try {
    pixel_dungeon::SurpriseQuery q;
    q.state = static_cast<pixel_dungeon::MobState>(flags % 3);
    q.stealth = (flags >> 2) % 5 - 2;
    q.flying = (flags & 0x20) != 0;
    q.alerted = (flags & 0x40) != 0;
    grid::Visibility vis;
    const auto s = pixel_dungeon::surprise_on_map(map, from, to, q, 1 + flags % 8, vis);
    fuzz::check_probability(s.p_notice, "surprise: P(notice)");
    fuzz::check_probability(s.p_surprise, "surprise: P(surprise)");
  } catch (const Error&) {
  }
}

void shattered(std::string_view text, Point from, Point to) {
  // Shattered's Level takes rows of equal length, without line ends.
  std::vector<std::string> rows = fuzz::lines(text);
  if (!rows.empty() && rows.back().empty()) rows.pop_back();
  for (auto& r : rows)
    if (!r.empty() && r.back() == '\r') r.pop_back();
  try {
    const shattered_pd::Level level = shattered_pd::Level::parse(rows);
    for (int params = 0; params < 16; ++params) {
      const shattered_pd::Ballistica b = shattered_pd::cast(level, from, to, params);
      if (b.path.empty() || b.dist < 0 || static_cast<std::size_t>(b.dist) >= b.path.size())
        fuzz::fail("Shattered Ballistica: collision outside the path");
    }
  } catch (const Error&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 5) return 0;
  const int flags = data[4];
  const int scale = flags & 0x80 ? 1 << 22 : 1;  // -128 x 2^22 = -2^29, the limit
  const Point viewer{static_cast<std::int8_t>(data[0]) * scale, static_cast<std::int8_t>(data[1]) * scale};
  const Point target{static_cast<std::int8_t>(data[2]) * scale, static_cast<std::int8_t>(data[3]) * scale};
  const int radius = flags % 12 - 1;  // -1..10: out of range on both sides
  const std::string_view text = fuzz::as_text(data + 5, size - 5);
  try {
    const grid::Map map = grid::Map::parse(text, "fuzz");
    fov(map, viewer, radius);
    paths(map, viewer, target, flags);
  } catch (const Error&) {
  }
  shattered(text, viewer, target);
  return 0;
}
