// fray/core/suggest.hpp — "did you mean ...?" for a name nobody knows.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fray {

// Edit distance (insertions, deletions, substitutions, adjacent swaps), case-insensitive.
[[nodiscard]] std::size_t edit_distance(std::string_view a, std::string_view b);

// The known names closest to `name`: those within a third of its length (at
// least 2 edits) or that contain it or are contained in it, best first, at most `limit`.
[[nodiscard]] std::vector<std::string> closest_names(std::string_view name, std::span<const std::string> known,
                                                     std::size_t limit = 3);

// " (did you mean 'a'?)", " (did you mean 'a' or 'b'?)", or "" when nothing is close.
[[nodiscard]] std::string did_you_mean(std::string_view name, std::span<const std::string> known);

}  // namespace fray
