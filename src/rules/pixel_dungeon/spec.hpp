// Pixel Dungeon 1.9.1's spec keys and situation flags, shared by the spec
// readers (parse.cpp) and the catalogs (ruleset.cpp).
#pragma once

#include <fray/rules/pixel_dungeon/attack.hpp>
#include <fray/rules/pixel_dungeon/family.hpp>

#include <span>
#include <string_view>

namespace fray::pixel_dungeon {

// Every spec key: which specs read it, and what it means. The spec readers
// check against this list, and `fray list keys` prints it.
using SpecKey = family::SpecKey;
[[nodiscard]] std::span<const SpecKey> spec_keys();

// The situation flags, with the British spelling still accepted.
struct Flag {
  std::string_view name;
  bool Situation::*member;
  std::string_view description;
};
[[nodiscard]] std::span<const Flag> situation_flags();

}  // namespace fray::pixel_dungeon
