// rules/notes.hpp — notes the rulesets of several games write alike beside an
// answer. Internal to the library.
#pragma once

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fray {

// "attacker uses the defaults weapon=dagger (the player's start), enchant=0":
// of the defaults a side's spec took ((key, text), in the spec's order), those
// whose key the answer reads (`reads(key)`), as one note for `role`; nothing
// when there are none.
template <class Reads>
std::vector<std::string> defaults_note(std::string_view role,
                                       const std::vector<std::pair<std::string, std::string>>& defaults,
                                       Reads&& reads) {
  std::vector<std::string> used;
  for (const auto& [key, text] : defaults)
    if (reads(key)) used.push_back(text);
  if (used.empty()) return {};
  return {fmt::format("{} uses the defaults {}", role, fmt::join(used, ", "))};
}

}  // namespace fray
