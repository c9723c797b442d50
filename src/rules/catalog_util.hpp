// rules/catalog_util.hpp — reading the games' JSON catalogs that are embedded
// in the library (data/<game>/*.json). Internal to the library.
//
// The catalogs are compiled in, so bad data in one is a defect of the build;
// it is still reported as fray::Error naming the file and the row, so that the
// command line says where to look rather than printing a bare JSON message.
#pragma once

#include <fray/core/error.hpp>
#include <fray/rules/spec.hpp>

#include <nlohmann/json.hpp>

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fray {

// The embedded catalog at `path` (under data/: "brogue/monsters.json"), parsed.
[[nodiscard]] nlohmann::json parse_catalog(std::string_view path);

// The error for bad data in the catalog at `path`; `row` is named by its
// "name" when it has one.
[[nodiscard]] Error catalog_error(std::string_view path, const nlohmann::json& row, std::string_view what);

// read(data), a JSON error in it (a missing field, a wrong type) reported by
// catalog_error. Errors of an inner read_catalog pass through unchanged.
template <class Read>
decltype(auto) read_catalog(std::string_view path, const nlohmann::json& data, Read&& read) {
  try {
    return read(data);
  } catch (const nlohmann::json::exception& e) {
    throw catalog_error(path, data, e.what());
  }
}

// Every row of the array `rows`, each read into a T by read_catalog.
template <class T, class Read>
std::vector<T> read_catalog_rows(std::string_view path, const nlohmann::json& rows, Read&& read) {
  std::vector<T> out;
  for (const nlohmann::json& row : rows) out.push_back(read_catalog(path, row, read));
  return out;
}

// One row of an array in an embedded catalog, found without parsing it: its
// text (a JSON object) and the catalog key of its "name" ("" when it has none).
struct RowText {
  std::string_view text;
  std::string key;
};

// The rows of the arrays `keys` of the top-level object of the embedded
// catalog at `path`, one list per key, in one pass over the text that builds
// no JSON values: a command that reads one monster of a catalog of hundreds
// parses that monster's row alone (LazyRows). An array missing from the
// object gives no rows; text that is not well-formed JSON throws
// catalog_error. Escapes in a name are decoded.
[[nodiscard]] std::vector<std::vector<RowText>> index_catalog(std::string_view path,
                                                              const std::vector<std::string_view>& keys);

// The rows of one array of a catalog, each read into a T on first use (the
// read is that of read_catalog_rows, its errors reported alike), safely
// from several threads; a row keeps its address once read.
template <class T>
class LazyRows {
 public:
  using value_type = T;
  // read(row, i): row i's T from its parsed JSON.
  using Read = std::function<T(const nlohmann::json&, std::size_t)>;

  LazyRows(std::string_view path, std::vector<RowText> rows, Read read)
      : path_(path),
        text_(std::move(rows)),
        read_(std::move(read)),
        rows_(text_.size()),
        ready_(std::make_unique<std::atomic<bool>[]>(text_.size())) {}

  [[nodiscard]] std::size_t size() const noexcept { return text_.size(); }
  // Row i, read on first use.
  const T& at(std::size_t i) const {
    if (!ready_[i].load(std::memory_order_acquire)) {
      const std::lock_guard lock(mutex_);
      if (!ready_[i].load(std::memory_order_relaxed)) {
        nlohmann::json row;
        try {
          row = nlohmann::json::parse(text_[i].text);
        } catch (const nlohmann::json::exception& e) {
          throw catalog_error(path_, nullptr, e.what());
        }
        rows_[i] = read_catalog(path_, row, [&](const nlohmann::json& r) { return read_(r, i); });
        ready_[i].store(true, std::memory_order_release);
      }
    }
    return rows_[i];
  }
  // Every row, read.
  [[nodiscard]] std::span<const T> all() const {
    std::call_once(all_, [&] {
      for (std::size_t i = 0; i < size(); ++i) (void)at(i);
    });
    return rows_;
  }
  // The first row whose name has the catalog key of `name`; nullptr when none.
  [[nodiscard]] const T* find(std::string_view name) const {
    const std::string key = catalog_key(name);
    for (std::size_t i = 0; i < size(); ++i)
      if (text_[i].key == key) return &at(i);
    return nullptr;
  }
  // The catalog keys of the rows' names, in their order.
  [[nodiscard]] std::vector<std::string> keys() const {
    std::vector<std::string> out;
    out.reserve(size());
    for (const RowText& r : text_) out.push_back(r.key);
    return out;
  }

 private:
  std::string_view path_;
  std::vector<RowText> text_;
  Read read_;
  mutable std::vector<T> rows_;
  std::unique_ptr<std::atomic<bool>[]> ready_;
  mutable std::mutex mutex_;
  mutable std::once_flag all_;
};

// The row whose name has the catalog key of `name` ("Vampire bat" finds
// "vampire_bat"); nullptr when there is none.
template <class T>
const T* find_catalog_row(const std::vector<T>& rows, std::string_view name) {
  const std::string key = catalog_key(name);
  for (const T& row : rows)
    if (catalog_key(row.name) == key) return &row;
  return nullptr;
}

}  // namespace fray
