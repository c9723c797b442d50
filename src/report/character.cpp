// `fray import`'s report (fray/report/character.hpp).
#include <fray/report/character.hpp>

#include <fmt/format.h>

namespace fray {

namespace {

nlohmann::json item_json(const crawl_0_34::CharacterItem& it) {
  auto text_or_null = [](const std::string& s) { return s.empty() ? nlohmann::json(nullptr) : nlohmann::json(s); };
  return {{"slot", it.slot},
          {"name", it.text},
          {"base", text_or_null(it.base)},
          {"enchant", it.enchant},
          {"brand", text_or_null(it.brand)},
          {"artefact", text_or_null(it.artefact)},
          {"unrandart", it.unrandart},
          {"properties", it.properties},
          {"melded", it.melded}};
}

nlohmann::json optional_item(const std::optional<crawl_0_34::CharacterItem>& it) {
  return it ? item_json(*it) : nlohmann::json(nullptr);
}

}  // namespace

Report character_report(std::string_view rules, std::string_view source, const crawl_0_34::Character& c) {
  Report r;
  nlohmann::json skills = nlohmann::json::object();
  for (const auto& [k, v] : c.skills) skills[k] = v;
  nlohmann::json other = nlohmann::json::array();
  for (const auto& it : c.other) other.push_back(item_json(it));
  auto text_or_null = [](const std::string& s) { return s.empty() ? nlohmann::json(nullptr) : nlohmann::json(s); };
  r.json = {{"rules", rules},
            {"source", source},
            {"spec", c.spec},
            {"character",
             {{"version", c.version},
              {"name", c.name},
              {"species", c.species},
              {"background", c.background},
              {"xl", c.xl},
              {"str", c.str},
              {"int", c.intel},
              {"dex", c.dex},
              {"hp", c.hp},
              {"hp_max", c.hp_max},
              {"ac", c.ac},
              {"ev", c.ev},
              {"sh", c.sh},
              {"god", text_or_null(c.god)},
              {"form", text_or_null(c.form)},
              {"skills", skills},
              {"weapon", optional_item(c.weapon)},
              {"body", optional_item(c.body)},
              {"shield", optional_item(c.shield)},
              {"other", other},
              {"slaying", c.slaying}}},
            {"unused", c.unused}};
  r.text = c.spec + "\n";
  if (!c.unused.empty()) {
    // Comment lines after the spec: `head -n1` keeps the spec alone.
    r.text +=
        fmt::format("# {}: {}, DCSS {}, {} {}; not in the spec:\n", source, c.name, c.version, c.species, c.background);
    for (const std::string& u : c.unused) r.text += "#   " + u + "\n";
  }
  return r;
}

}  // namespace fray
