// fray/core/embed.hpp — catalogs compiled into the library.
#pragma once

#include <string_view>
#include <utility>
#include <vector>

namespace fray {

// The text of an embedded catalog, by its path under data/ ("brogue/monsters.json").
// Throws fray::Error when there is no such file.
[[nodiscard]] std::string_view catalog_text(std::string_view path);

// Paths of every embedded catalog.
[[nodiscard]] std::vector<std::string_view> catalog_paths();

namespace detail {
extern const std::pair<std::string_view, std::string_view> embedded_files[];
}

}  // namespace fray
