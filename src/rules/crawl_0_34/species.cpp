// Loads data/crawl_0_34/species.json (embedded) once.
#include <fray/rules/crawl_0_34/species.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <fray/core/embed.hpp>
#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/rules/crawl_0_34/catalog.hpp>
#include <fray/rules/spec.hpp>
#include <map>
#include <nlohmann/json.hpp>

namespace fray::crawl_0_34 {

namespace {

struct SpeciesTable {
  std::vector<Species> species;
  std::map<std::string, std::pair<std::string, std::string>, std::less<>> mutations;
  std::map<std::string, std::pair<int, int>, std::less<>> fits;
};

const SpeciesTable& table() {
  static const SpeciesTable t = [] {
    SpeciesTable out;
    const auto j = nlohmann::json::parse(catalog_text("crawl_0_34/species.json"));
    for (const auto& r : j.at("species")) {
      Species s;
      s.key = r.at("key").get<std::string>();
      s.name = r.at("name").get<std::string>();
      s.abbrev = r.at("abbrev").get<std::string>();
      s.starting = r.at("starting").get<bool>();
      s.hp_mod = r.at("hp_mod").get<int>();
      s.size = parse_size(r.at("size").get<std::string>());
      s.torso_size = parse_size(r.at("torso_size").get<std::string>());
      for (const auto& [xl, muts] : r.at("mutations").items()) {
        std::vector<std::pair<std::string, int>> at;
        for (const auto& [m, lv] : muts.items()) at.emplace_back(m, lv.get<int>());
        s.mutations.emplace_back(std::stoi(xl), std::move(at));
      }
      std::sort(s.mutations.begin(), s.mutations.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
      s.can_wield = r.at("can_wield").get<bool>();
      s.can_wear_body_armour = r.at("can_wear_body_armour").get<bool>();
      s.can_use_shield = r.at("can_use_shield").get<bool>();
      s.quadrumanous = r.at("quadrumanous").get<bool>();
      for (const auto& a : r.at("aux_attacks"))
        s.aux_attacks.push_back({a.at("attack").get<std::string>(), a.at("mutations").get<std::vector<std::string>>(),
                                 a.at("from_xl").get<int>()});
      out.species.push_back(std::move(s));
    }
    for (const auto& m : j.at("combat_mutations"))
      out.mutations[m.at("id").get<std::string>()] = {m.at("name").get<std::string>(),
                                                      m.at("combat").get<std::string>()};
    for (const auto& a : j.at("armour_fit"))
      out.fits[catalog_key(a.at("name").get<std::string>())] = {parse_size(a.at("fit_min").get<std::string>()),
                                                                parse_size(a.at("fit_max").get<std::string>())};
    return out;
  }();
  return t;
}

std::string lowered(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

int Species::mutation_level(std::string_view mut, int xl) const {
  int level = 0;
  for (const auto& [at, muts] : mutations)
    if (at <= xl)
      for (const auto& [m, lv] : muts)
        if (m == mut) level += lv;
  return level;
}

std::span<const Species> all_species() { return table().species; }

const Species* find_species(std::string_view word) {
  const std::string key = catalog_key(word);
  for (const Species& s : table().species)
    if (s.key == key) return &s;
  // The game's abbreviation, any case: a starting species' own ("Dr" is the
  // base draconian, whose colours share it).
  const std::string w = lowered(word);
  for (const Species& s : table().species)
    if (s.starting && lowered(s.abbrev) == w) return &s;
  return nullptr;
}

const Species& lookup_species(std::string_view word) {
  if (const Species* s = find_species(word)) return *s;
  std::vector<std::string> known;
  for (const Species& s : table().species) known.push_back(s.key);
  throw Error(fmt::format("crawl-0.34: unknown species '{}'{} (species: {}; or the game's two-letter abbreviation)",
                          word, did_you_mean(catalog_key(word), known), fmt::join(known, ", ")));
}

const Species& human() { return lookup_species("human"); }

int species_max_hp(const Species& s, int xl, int fighting100) {
  // you.skill(SK_FIGHTING, scale, false, false): the skill with its progress,
  // times scale, rounded down; fray holds Fighting in hundredths.
  const int fight5 = fighting100 * 5 / 100, fight3 = fighting100 * 3 / 100;
  int hp = xl * 11 / 2 + 8;
  hp += xl * fight5 / 70 + (fight3 + 1) / 2;
  hp = hp * (10 + s.hp_mod) / 10;
  hp += s.mutation_level("MUT_FLAT_HP", xl) * 4;
  // MUT_ROBUST, MUT_RUGGED_BROWN_SCALES and MUT_FRAIL are no species' innate mutations.
  return std::max(1, hp);
}

std::pair<std::string, std::string> combat_mutation(std::string_view mut) {
  const auto& m = table().mutations;
  if (const auto it = m.find(mut); it != m.end()) return it->second;
  return {};
}

std::pair<int, int> armour_fit(std::string_view name) {
  const auto& f = table().fits;
  if (const auto it = f.find(catalog_key(name)); it != f.end()) return it->second;
  return {-1, -1};
}

}  // namespace fray::crawl_0_34
