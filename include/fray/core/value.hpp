// fray/core/value.hpp — typed named values and tables, the shape every
// game's own numbers take on their way to a report.
//
// A game has numbers no other game has (Brogue's hit percent, Crawl's
// to-hit roll, an epixx modifier). They travel as Fields: a key, as it
// appears in JSON, and a typed value. A sweep or a balance table is a Table.
// The report layer (fray/report) renders both the same way for every game.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace fray {

// std::monostate is "no value" (JSON null; "-" in text): a table cell that
// has no answer, such as a hit chance no enchant reaches.
using Value = std::variant<std::monostate, bool, std::int64_t, double, std::string>;

struct Field {
  std::string key;  // snake_case, the JSON key
  Value value;
};
using Fields = std::vector<Field>;

// The value of `key` in `fields`, or nullptr.
[[nodiscard]] inline const Value* find_field(const Fields& fields, const std::string& key) noexcept {
  for (const auto& f : fields)
    if (f.key == key) return &f.value;
  return nullptr;
}

// A table: named columns, rows of values in column order.
struct Column {
  std::string key;    // the JSON key and CSV header
  std::string label;  // the text header (the key when empty)
};
struct Table {
  std::string title;
  std::vector<Column> columns;
  std::vector<std::vector<Value>> rows;
  std::vector<std::string> notes;
};

}  // namespace fray
