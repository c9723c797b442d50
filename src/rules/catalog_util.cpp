#include "rules/catalog_util.hpp"

#include <fray/core/embed.hpp>

#include <fmt/format.h>

namespace fray {

nlohmann::json parse_catalog(std::string_view path) {
  try {
    return nlohmann::json::parse(catalog_text(path));
  } catch (const nlohmann::json::exception& e) {
    throw catalog_error(path, nullptr, e.what());
  }
}

Error catalog_error(std::string_view path, const nlohmann::json& row, std::string_view what) {
  if (row.is_object() && row.contains("name") && row["name"].is_string())
    return Error(fmt::format("catalog {}, row '{}': {}", path, row["name"].get<std::string>(), what));
  return Error(fmt::format("catalog {}: {}", path, what));
}

}  // namespace fray
