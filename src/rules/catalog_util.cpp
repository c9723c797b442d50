#include "rules/catalog_util.hpp"

#include <fray/core/embed.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

namespace fray {

nlohmann::json parse_catalog(std::string_view path) {
  try {
    return nlohmann::json::parse(catalog_text(path));
  } catch (const nlohmann::json::exception& e) {
    throw catalog_error(path, nullptr, e.what());
  }
}

std::vector<std::vector<RowText>> index_catalog(std::string_view path, const std::vector<std::string_view>& keys) {
  // One pass over the bytes that stops only at strings and brackets,
  // strings skipped whole (memchr): a few instructions a byte, where
  // parsing builds every value. It checks that brackets match; the rows'
  // own syntax is checked when each is parsed.
  const std::string_view s = catalog_text(path);
  const auto fail = [&](std::string_view what, std::size_t at) {
    return catalog_error(path, nullptr, fmt::format("{} at byte {}", what, at));
  };
  static constexpr auto kShaping = [] {
    std::array<bool, 256> t{};
    for (const char c : std::string_view("\"{}[]")) t[static_cast<unsigned char>(c)] = true;
    return t;
  }();
  // The end of the string whose opening quote is at i: its closing quote.
  const auto string_end = [&](std::size_t i) {
    for (std::size_t q = i;;) {
      const void* found = std::memchr(s.data() + q + 1, '"', s.size() - q - 1);
      if (!found) throw fail("unterminated string", i);
      q = static_cast<std::size_t>(static_cast<const char*>(found) - s.data());
      std::size_t slashes = 0;
      while (s[q - 1 - slashes] == '\\') ++slashes;
      if (slashes % 2 == 0) return q;
    }
  };
  // The first character at or past i that is not white space.
  const auto skip_space = [&](std::size_t i) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t')) ++i;
    return i;
  };
  std::vector<std::vector<RowText>> out(keys.size());
  constexpr int kMaxDepth = 64;
  std::uint64_t object = 0;              // bit d: the container at depth d + 1 is an object
  int depth = 0;                         // 1: the top object, 2: an array in it, 3: a row
  std::vector<RowText>* rows = nullptr;  // the array being indexed, at depth 2
  std::size_t row_begin = 0;
  std::string row_key;
  std::string_view top_key;  // the last key of the top object
  for (std::size_t i = 0; i < s.size(); ++i) {
    while (i < s.size() && !kShaping[static_cast<unsigned char>(s[i])]) ++i;
    if (i == s.size()) break;
    const char c = s[i];
    if (c == '"') {
      const std::size_t q = string_end(i);
      // A key is a string followed by ':'; only the top object's keys and
      // the rows' "name" matter.
      if (depth == 1 || (depth == 3 && rows)) {
        const std::string_view str = s.substr(i + 1, q - i - 1);
        const std::size_t colon = skip_space(q + 1);
        if (colon < s.size() && s[colon] == ':') {
          if (depth == 1) top_key = str;
          const std::size_t v = skip_space(colon + 1);
          if (depth == 3 && str == "name" && v < s.size() && s[v] == '"') {
            const std::size_t e = string_end(v);
            const std::string_view name = s.substr(v + 1, e - v - 1);
            row_key = catalog_key(name.find('\\') == std::string_view::npos
                                      ? std::string(name)
                                      : nlohmann::json::parse(s.substr(v, e + 1 - v)).get<std::string>());
            i = e;
            continue;
          }
          i = colon;
          continue;
        }
      }
      i = q;
    } else if (c == '{' || c == '[') {
      if (depth == kMaxDepth) throw fail("nesting too deep", i);
      if (c == '{')
        object |= std::uint64_t{1} << depth;
      else
        object &= ~(std::uint64_t{1} << depth);
      ++depth;
      if (depth == 2 && c == '[') {
        const auto which = std::find(keys.begin(), keys.end(), top_key);
        rows = which == keys.end() ? nullptr : &out[static_cast<std::size_t>(which - keys.begin())];
      } else if (depth == 3 && rows) {
        if (c != '{') throw fail("a row that is not an object", i);
        row_begin = i;
        row_key.clear();
      }
    } else {  // '}' or ']'
      if (depth == 0 || (c == '}') != ((object >> (depth - 1) & 1) != 0)) throw fail("unmatched bracket", i);
      if (depth == 3 && rows) rows->push_back({s.substr(row_begin, i + 1 - row_begin), row_key});
      if (depth == 2) rows = nullptr;
      --depth;
    }
  }
  if (depth != 0) throw fail("unterminated value", s.size());
  return out;
}

Error catalog_error(std::string_view path, const nlohmann::json& row, std::string_view what) {
  if (row.is_object() && row.contains("name") && row["name"].is_string())
    return Error(fmt::format("catalog {}, row '{}': {}", path, row["name"].get<std::string>(), what));
  return Error(fmt::format("catalog {}: {}", path, what));
}

}  // namespace fray
