#include <fmt/format.h>

#include <fmt/ranges.h>
#include <algorithm>
#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/rules/shattered_pd/ballistica.hpp>
#include <fray/rules/spec.hpp>

namespace fray::shattered_pd {

const grid::Legend& map_legend() {
  static const grid::Legend legend{{{'^', grid::Tile::trap},
                                    {'S', grid::Tile::statue},
                                    {'"', grid::Tile::high_grass},
                                    {'w', grid::Tile::web},
                                    {'L', grid::Tile::locked_door}}};
  return legend;
}

Level Level::parse(const std::vector<std::string>& rows) {
  Level l;
  l.height_ = static_cast<int>(rows.size());
  l.width_ = rows.empty() ? 0 : static_cast<int>(rows[0].size());
  if (l.width_ < 1 || l.height_ < 1) throw Error("level: no rows");
  if (static_cast<std::int64_t>(l.width_) * l.height_ > (std::int64_t{1} << 24)) throw Error("level: too large");
  l.cells_.assign(static_cast<std::size_t>(l.width_) * static_cast<std::size_t>(l.height_), 0);
  for (int y = 0; y < l.height_; ++y) {
    const std::string& row = rows[static_cast<std::size_t>(y)];
    if (static_cast<int>(row.size()) != l.width_)
      throw Error(fmt::format("level line {}: {} cells, not {}", y + 1, row.size(), l.width_));
    for (int x = 0; x < l.width_; ++x) {
      std::uint8_t f = 0;
      switch (row[static_cast<std::size_t>(x)]) {
        case '#':
          f = solid_bit | sight_bit;
          break;
        case '.':
          f = passable_bit;
          break;
        case '+':
          f = passable_bit | solid_bit | sight_bit;
          break;
        case ':':
        case '^':
          f = avoid_bit;
          break;
        case 'S':
          f = solid_bit;
          break;
        case '"':
          f = passable_bit | sight_bit;
          break;
        case 'w':
          f = passable_bit | solid_bit;
          break;
        case 'L':
          f = solid_bit | sight_bit;
          break;
        default:
          throw Error(fmt::format("level line {} column {}: unknown cell '{}'", y + 1, x + 1,
                                  row[static_cast<std::size_t>(x)]));
      }
      // Level.buildFlagMaps: the outer ring is wall whatever the map says.
      if (!l.inside({x, y})) f = solid_bit | sight_bit;
      l.cells_[static_cast<std::size_t>(y) * static_cast<std::size_t>(l.width_) + static_cast<std::size_t>(x)] = f;
    }
  }
  return l;
}

Level Level::from_map(const grid::Map& map) {
  Level l;
  l.width_ = map.width();
  l.height_ = map.height();
  l.cells_.assign(static_cast<std::size_t>(l.width_) * static_cast<std::size_t>(l.height_), 0);
  for (int y = 0; y < l.height_; ++y)
    for (int x = 0; x < l.width_; ++x) {
      const grid::Point p{x, y};
      std::uint8_t f = 0;
      if (!l.inside(p)) {
        f = solid_bit | sight_bit;  // Level.buildFlagMaps
      } else {
        if (map.passable(p)) f |= passable_bit;
        if (map.solid(p)) f |= solid_bit;
        if (map.avoid(p)) f |= avoid_bit;
        if (map.blocks_sight(p)) f |= sight_bit;
      }
      if (map.has_character(p)) f |= char_bit;
      l.cells_[static_cast<std::size_t>(y) * static_cast<std::size_t>(l.width_) + static_cast<std::size_t>(x)] = f;
    }
  return l;
}

void Level::set_character(grid::Point p, bool present) {
  if (p.x < 0 || p.y < 0 || p.x >= width_ || p.y >= height_)
    throw Error(fmt::format("level: ({}, {}) is outside the map", p.x, p.y));
  std::uint8_t& c =
      cells_[static_cast<std::size_t>(p.y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(p.x)];
  c = present ? static_cast<std::uint8_t>(c | char_bit) : static_cast<std::uint8_t>(c & ~char_bit);
}

Ballistica cast(const Level& level, grid::Point from, grid::Point to, int params) {
  const bool target = (params & stop_target) != 0, chars = (params & stop_chars) != 0,
             solid = (params & stop_solid) != 0, soft = (params & ignore_soft_solid) != 0;
  Ballistica b;
  if (!level.inside(from)) {
    b.path = {from};
    b.collision = from;
    return b;
  }
  bool collided = false;
  auto collide = [&](grid::Point p) {
    b.collision = p;
    collided = true;
  };
  grid::Ray ray(from, to);
  for (grid::Point cell = from; level.inside(cell); cell = ray.next()) {
    const bool source = cell == from;
    if (!collided && solid && !source && !level.passable(cell) && !level.avoid(cell) && !level.has_character(cell))
      collide(b.path.back());
    b.path.push_back(cell);
    if (collided) continue;
    // A soft solid (a door, a web) is skipped with IGNORE_SOFT_SOLID; the later rules still see it.
    const bool soft_solid = soft && (level.passable(cell) || level.avoid(cell));
    if (!source && solid && level.solid(cell) && !soft_solid) {
      collide(cell);
    } else if (!source && chars && level.has_character(cell)) {
      collide(cell);
    } else if (target && cell == to) {
      collide(cell);
    }
  }
  if (!collided) collide(b.path.back());
  b.dist = static_cast<int>(std::find(b.path.begin(), b.path.end(), b.collision) - b.path.begin());
  return b;
}

std::vector<grid::Point> aim(const Level& level, grid::Point from, grid::Point target, int params) {
  const std::int64_t w = level.width(), h = level.height();
  if (w * h * std::max(w, h) > aim_max_steps)
    throw Error(
        fmt::format("aim: a {}x{} map is too large (one cast per cell of up to {} steps; at most {} steps in all)", w,
                    h, std::max(w, h), aim_max_steps));
  // Item.throwPos: the item goes to new Ballistica(hero.pos, tapped cell, PROJECTILE).collisionPos.
  std::vector<grid::Point> cells;
  for (int y = 0; y < level.height(); ++y)
    for (int x = 0; x < level.width(); ++x) {
      const grid::Point c{x, y};
      if (c == from) continue;
      if (cast(level, from, c, params).collision == target) cells.push_back(c);
    }
  return cells;
}

int parse_params(std::string_view text, std::string_view label) {
  static constexpr std::pair<std::string_view, int> names[] = {{"projectile", projectile},
                                                               {"magic-bolt", magic_bolt},
                                                               {"wont-stop", wont_stop},
                                                               {"stop-target", stop_target},
                                                               {"stop-chars", stop_chars},
                                                               {"stop-solid", stop_solid},
                                                               {"ignore-soft-solid", ignore_soft_solid}};
  const auto parts = split_list(text);
  if (parts.empty()) throw Error(fmt::format("{} '{}' names no flag", label, text));
  int params = 0;
  for (const std::string& part : parts) {
    const auto* it = std::find_if(std::begin(names), std::end(names), [&](const auto& n) { return n.first == part; });
    if (it == std::end(names)) {
      std::vector<std::string> known;
      for (const auto& n : names) known.emplace_back(n.first);
      throw Error(fmt::format("{}: unknown flag '{}'{} (known: {})", label, part, did_you_mean(part, known),
                              fmt::join(known, ", ")));
    }
    params |= it->second;
  }
  return params;
}

}  // namespace fray::shattered_pd
