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
