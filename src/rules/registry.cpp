#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/rules/ruleset.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>

// Each game's folder defines its ruleset object.
namespace fray::brogue {
const Ruleset& ruleset();
}
namespace fray::pixel_dungeon {
const Ruleset& ruleset();
}
namespace fray::crawl {
const Ruleset& ruleset();
}
namespace fray::epixx {
const Ruleset& ruleset();
}
namespace fray::crawl_0_34 {
const Ruleset& ruleset();
}
namespace fray::shattered_pd {
const Ruleset& ruleset();
}

namespace fray {

std::span<const Ruleset* const> rulesets() {
  static const std::array<const Ruleset*, 6> all = {&pixel_dungeon::ruleset(), &brogue::ruleset(),
                                                    &crawl::ruleset(),         &epixx::ruleset(),
                                                    &crawl_0_34::ruleset(),    &shattered_pd::ruleset()};
  return all;
}

const Ruleset& ruleset(std::string_view id) {
  std::vector<std::string> ids;
  for (const Ruleset* r : rulesets()) {
    if (r->id() == id) return *r;
    for (const auto& a : r->aliases())
      if (a == id) return *r;
    ids.emplace_back(r->id());
  }
  throw Error(fmt::format("unknown ruleset '{}'{} (known: {})", id, did_you_mean(id, ids), fmt::join(ids, ", ")));
}

std::string_view catalog_kind_name(CatalogKind kind) noexcept {
  switch (kind) {
    case CatalogKind::monsters:
      return "monsters";
    case CatalogKind::weapons:
      return "weapons";
    case CatalogKind::armors:
      return "armors";
    case CatalogKind::classes:
      return "classes";
    case CatalogKind::situations:
      return "situations";
    case CatalogKind::keys:
      return "keys";
  }
  return "?";
}

CatalogKind parse_catalog_kind(std::string_view name) {
  if (name == "armours" || name == "armour" || name == "armor") return CatalogKind::armors;
  std::vector<std::string> names;
  for (CatalogKind k : kCatalogKinds) {
    if (catalog_kind_name(k) == name) return k;
    names.emplace_back(catalog_kind_name(k));
  }
  throw Error(
      fmt::format("unknown catalog '{}'{} (known: {})", name, did_you_mean(name, names), fmt::join(names, ", ")));
}

void check_options(const Ruleset& rules, const AttackRequest& request) {
  const auto known = rules.options();
  for (const auto& [key, value] : request.options) {
    (void)value;
    if (std::find(known.begin(), known.end(), key) == known.end())
      throw Error(
          fmt::format("--{} is not used by --rules {}{}", key, rules.id(),
                      known.empty() ? std::string() : fmt::format(" (it reads: --{})", fmt::join(known, ", --"))));
  }
}

std::vector<std::string> engine_names() {
  std::vector<std::string> names{"default"};
  for (const Ruleset* r : rulesets())
    for (const auto& e : r->engines()) names.push_back(e);
  return names;
}

const DiceFunctions& all_dice_functions() {
  static const DiceFunctions fns = [] {
    DiceFunctions f = DiceFunctions::builtin();
    for (const Ruleset* r : rulesets()) r->add_dice_functions(f);
    return f;
  }();
  return fns;
}

std::unique_ptr<AnyEngine> Ruleset::engine(std::string_view name, std::uint64_t) const {
  throw Error(fmt::format("ruleset '{}' has no engine '{}'", id(), name));
}

std::unique_ptr<AnyEngine> make_engine(std::string_view name, std::uint64_t seed) {
  if (name == "default") return std::make_unique<EngineBox<Rng>>(Rng(seed));
  for (const Ruleset* r : rulesets())
    for (const auto& e : r->engines())
      if (e == name) return r->engine(name, seed);
  const auto known = engine_names();
  throw Error(
      fmt::format("unknown engine '{}'{} (known: {})", name, did_you_mean(name, known), fmt::join(known, ", ")));
}

}  // namespace fray
