// fray/grid/map.cpp — the text form of maps.
#include <fray/grid/map.hpp>

#include <fray/core/error.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

namespace fray::grid {

namespace {

bool is_character_glyph(char c) { return c == '@' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

std::string show_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7f) return fmt::format("'{}'", c);
  return fmt::format("byte 0x{:02x}", u);
}

// "# . + : @ or a letter", with a legend's own terrain before the characters.
std::string expected_symbols(const Legend& legend) {
  if (legend.terrain.empty()) return "# . + : @ or a letter";
  std::string out = "# . + :";
  for (const TerrainSymbol& t : legend.terrain) out += fmt::format(" {}", t.symbol);
  return out + ", @ or another letter";
}

}  // namespace

Map::Map(int width, int height, Tile fill) {
  if (!(width >= 1 && height >= 1)) throw Error(fmt::format("map size {}x{} must be at least 1x1", width, height));
  if (!(std::int64_t{width} * height <= max_cells))
    throw Error(fmt::format("map size {}x{} is too large", width, height));
  width_ = width;
  height_ = height;
  const auto n = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  tiles_.assign(n, static_cast<std::uint8_t>(fill));
  opaque_.assign(n, tile_blocks_sight(fill) ? 1 : 0);
  glyphs_.assign(n, 0);
}

Map Map::parse(std::string_view text, std::string_view name, const Legend& legend) {
  // Rows end at '\n' (a '\r' before it is dropped); a final newline ends the
  // last row rather than starting one. Calls `row(y, text)` for each row.
  const auto each_row = [&](auto&& row) {
    std::size_t start = 0, y = 0;
    while (start < text.size()) {
      std::size_t end = text.find('\n', start);
      if (end == std::string_view::npos) end = text.size();
      std::string_view r = text.substr(start, end - start);
      if (!r.empty() && r.back() == '\r') r.remove_suffix(1);
      row(y++, r);
      start = end + 1;
    }
  };
  // The size first, in a pass that keeps nothing: a text of many short rows
  // (a file of 2^28 line ends) must not take memory for each before it is
  // refused.
  std::size_t height = 0, width = 0;
  each_row([&](std::size_t, std::string_view r) {
    ++height;
    width = std::max(width, r.size());
  });
  if (height == 0 || width == 0) throw Error(fmt::format("map {}: the map is empty", name));
  if (height > static_cast<std::size_t>(max_cells) || width > static_cast<std::size_t>(max_cells) ||
      static_cast<std::int64_t>(height) * static_cast<std::int64_t>(width) > max_cells)
    throw Error(fmt::format("map {}: the map is too large ({}x{} cells)", name, width, height));

  Map map(static_cast<int>(width), static_cast<int>(height), Tile::wall);
  each_row([&](std::size_t y, std::string_view row) {
    for (std::size_t x = 0; x < row.size(); ++x) {
      const char c = row[x];
      const Point p{static_cast<int>(x), static_cast<int>(y)};
      switch (c) {
        case '#':
          break;
        case '.':
          map.set_tile(p, Tile::floor);
          break;
        case '+':
          map.set_tile(p, Tile::door);
          break;
        case ':':
          map.set_tile(p, Tile::chasm);
          break;
        default:
          if (const TerrainSymbol* t = legend.find(c)) {
            map.set_tile(p, t->tile);
            break;
          }
          if (!is_character_glyph(c))
            throw Error(fmt::format("map {}:{}:{}: unexpected character {} (expected one of {})", name, y + 1, x + 1,
                                    show_char(c), expected_symbols(legend)));
          map.set_tile(p, Tile::floor);
          map.set_character(p, c);
      }
    }
  });
  return map;
}

Map Map::load(const std::string& path, const Legend& legend) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(status)) throw Error(fmt::format("map {}: cannot read the file", path));
  if (!std::filesystem::is_regular_file(status)) throw Error(fmt::format("map {}: not a regular file", path));
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) throw Error(fmt::format("map {}: cannot read the file", path));
  if (size > static_cast<std::uintmax_t>(max_file_bytes))
    throw Error(fmt::format("map {}: {} bytes, more than the {} a map file may have", path, size, max_file_bytes));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(fmt::format("map {}: cannot read the file", path));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw Error(fmt::format("map {}: cannot read the file", path));
  return parse(text.str(), path, legend);
}

void Map::set_tile(Point p, Tile t) {
  if (!(in_bounds(p))) throw Error(fmt::format("cell {},{} is outside the {}x{} map", p.x, p.y, width_, height_));
  tiles_[index(p)] = static_cast<std::uint8_t>(t);
  opaque_[index(p)] = tile_blocks_sight(t) ? 1 : 0;
}

void Map::set_character(Point p, char glyph) {
  if (!(in_bounds(p))) throw Error(fmt::format("cell {},{} is outside the {}x{} map", p.x, p.y, width_, height_));
  glyphs_[index(p)] = glyph;
}

std::vector<Point> Map::characters() const {
  std::vector<Point> out;
  for (int y = 0; y < height_; ++y)
    for (int x = 0; x < width_; ++x)
      if (glyphs_[index({x, y})] != 0) out.push_back({x, y});
  return out;
}

char Map::symbol(Point p) const noexcept {
  if (const char g = character(p); g != 0) return g;
  switch (tile(p)) {
    case Tile::floor:
      return '.';
    case Tile::door:
      return '+';
    case Tile::chasm:
      return ':';
    case Tile::trap:
      return '^';
    case Tile::statue:
      return 'S';
    case Tile::high_grass:
      return '"';
    case Tile::web:
      return 'w';
    case Tile::locked_door:
      return 'L';
    case Tile::wall:
      break;
  }
  return '#';
}

std::string Map::text() const {
  std::string out;
  out.reserve(static_cast<std::size_t>(width_ + 1) * static_cast<std::size_t>(height_));
  for (int y = 0; y < height_; ++y) {
    for (int x = 0; x < width_; ++x) out += symbol({x, y});
    out += '\n';
  }
  return out;
}

void require_inside(const Map& map, Point p, std::string_view what) {
  if (!map.in_bounds(p))
    throw Error(fmt::format("{} {},{} is outside the map ({}x{}; x in 0..{}, y in 0..{})", what, p.x, p.y, map.width(),
                            map.height(), map.width() - 1, map.height() - 1));
}

void require_standable(const Map& map, Point p, std::string_view what) {
  require_inside(map, p, what);
  if (map.tile(p) == Tile::wall) throw Error(fmt::format("{} {},{} is on a wall", what, p.x, p.y));
}

}  // namespace fray::grid
