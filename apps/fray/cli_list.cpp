// `fray list --rules GAME [KIND]`: what a spec or a flag of a game can name.
#include "verbs.hpp"

#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

namespace fray::cli {

namespace {

// The kind KIND names, among those `rules` has. A name no game uses gets the
// closest kind; a kind this game lacks names the ones it has.
CatalogKind kind_of(const Ruleset& rules, const std::string& name) {
  const std::vector<CatalogKind> has = rules.catalogs();
  std::vector<std::string> names;
  for (CatalogKind k : has) names.emplace_back(catalog_kind_name(k));
  std::vector<std::string> all;
  for (CatalogKind k : kCatalogKinds) all.emplace_back(catalog_kind_name(k));
  all.emplace_back("armours");
  if (std::find(all.begin(), all.end(), name) == all.end())
    throw Error(fmt::format("list: unknown catalog '{}'{} (--rules {} has: {})", name,
                            did_you_mean(name, names.empty() ? all : names), rules.id(),
                            names.empty() ? std::string("none") : fmt::format("{}", fmt::join(names, ", "))));
  const CatalogKind kind = parse_catalog_kind(name);
  if (std::find(has.begin(), has.end(), kind) == has.end())
    throw Error(fmt::format("list: --rules {} has no {} (it has: {})", rules.id(), catalog_kind_name(kind),
                            names.empty() ? std::string("none") : fmt::format("{}", fmt::join(names, ", "))));
  return kind;
}

}  // namespace

void add_list_verbs(Cli& cli) {
  struct Opts {
    std::string rules, kind;
  };
  auto o = std::make_shared<Opts>();
  std::vector<std::string> kinds;
  for (CatalogKind k : kCatalogKinds) kinds.emplace_back(catalog_kind_name(k));
  auto* v = add_verb(cli, "list", "What a game's specs and flags can name: monsters, weapons, situations, ...", [o] {
    const Ruleset& rules = rules_for("list", o->rules);
    if (o->kind.empty()) return catalogs_report(rules);
    return catalog_report(rules, kind_of(rules, o->kind));
  });
  add_rules_option(v, o->rules);
  v->add_option(
      "KIND", o->kind,
      fmt::format("Catalog: {} (British armours too); without it, the kinds the game has", fmt::join(kinds, ", ")));
}

}  // namespace fray::cli
