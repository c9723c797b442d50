// What Shattered Pixel Dungeon keeps from Pixel Dungeon, written once (family.hpp).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/rules/pixel_dungeon/family.hpp>
#include <fray/rules/spec.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fray::pixel_dungeon::family {

std::size_t parse_name(const NameTable& t, std::string_view s) {
  const std::string k = t.catalog_key ? catalog_key(s) : std::string(s);
  for (std::size_t i = 0; i < t.names.size(); ++i)
    if (t.names[i] == k) return i;
  const auto listed = t.names.subspan(std::min(t.listed_from, t.names.size()));
  const std::vector<std::string> known(listed.begin(), listed.end());
  throw Error(fmt::format("unknown {} '{}'{} (known: {})", t.what, s, did_you_mean(k, known), fmt::join(listed, ", ")));
}

namespace {

// The specs a key's "specs" names (hero, mob, inline), in the words every
// game's keys catalog uses (player, monster, inline: docs/json.md, Catalogs).
std::string applies_to(std::string_view specs) {
  std::vector<std::string> out;
  for (const auto& [own, word] : {std::pair{"hero", "player"}, {"mob", "monster"}, {"inline", "inline"}})
    if (specs.find(own) != std::string_view::npos) out.emplace_back(word);
  return fmt::format("{}", fmt::join(out, ", "));
}

}  // namespace

std::vector<CatalogEntry> key_entries(std::span<const SpecKey> keys) {
  std::vector<CatalogEntry> out;
  for (const SpecKey& k : keys) {
    auto same = std::find_if(out.begin(), out.end(), [&](const CatalogEntry& e) { return e.name == k.key; });
    if (same != out.end()) {
      same->description += fmt::format("; {}: {}", k.specs, k.description);
      std::string& specs = std::get<std::string>(same->stats[0].value);
      specs += fmt::format(", {}", k.specs);
      same->stats[1].value = applies_to(specs);
      continue;
    }
    out.push_back({std::string(k.key),
                   std::string(k.description),
                   {{"specs", std::string(k.specs)}, {"applies_to", applies_to(k.specs)}}});
  }
  return out;
}

}  // namespace fray::pixel_dungeon::family
