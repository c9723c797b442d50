// fray/report/character.hpp — `fray import`: a player's own character file
// read as an attacker spec (fray/rules/crawl_0_34/character.hpp).
#pragma once

#include <fray/report/report.hpp>
#include <fray/rules/crawl_0_34/character.hpp>

#include <string_view>

namespace fray {

// {"rules", "source", "spec", "character": {"version", "name", "species",
// "background", "xl", "str", "int", "dex", "hp", "hp_max", "ac", "ev", "sh",
// "god", "form", "skills": {key: level}, "weapon", "body", "shield" (an item or
// null), "other": [items], "slaying"}, "unused": [...]}; an item is {"slot",
// "name", "base", "enchant", "brand", "artefact", "unrandart", "properties",
// "melded"}. The text is the spec on its first line, then what the file holds
// that the spec leaves out.
[[nodiscard]] Report character_report(std::string_view rules, std::string_view source, const crawl_0_34::Character& c);

}  // namespace fray
