#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/rules/registry.hpp>
#include <fray/rules/ruleset.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <set>

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

namespace {

// Every name a ruleset answers to: its id, then its aliases.
std::vector<std::string> names_of(const Ruleset& r) {
  std::vector<std::string> names{std::string(r.id())};
  for (const auto& a : r.aliases()) names.push_back(a);
  return names;
}

bool answers_to(const Ruleset& r, std::string_view name) {
  if (r.id() == name) return true;
  for (const auto& a : r.aliases())
    if (a == name) return true;
  return false;
}

}  // namespace

const Ruleset& Registry::add(std::unique_ptr<const Ruleset> rules) {
  if (!rules) throw Error("register_ruleset: no ruleset given");
  const Ruleset& r = *rules;
  return add_checked(r, std::move(rules));
}

const Ruleset& Registry::add(const Ruleset& rules) { return add_checked(rules, nullptr); }

const Ruleset& Registry::add_checked(const Ruleset& rules, std::unique_ptr<const Ruleset> owned) {
  const std::lock_guard lock(mutex_);
  const std::vector<std::string> names = names_of(rules);
  for (const std::string& name : names) {
    if (name.empty()) throw Error("register_ruleset: a ruleset's id and aliases must not be empty");
    for (const Ruleset* r : order_)
      if (answers_to(*r, name))
        throw Error(
            fmt::format("register_ruleset: '{}' already names the ruleset '{}' ({})", name, r->id(), r->title()));
  }
  if (std::set<std::string>(names.begin(), names.end()).size() != names.size())
    throw Error(fmt::format("register_ruleset: the ruleset '{}' repeats a name among its id and aliases", rules.id()));
  rules.add_dice_functions(dice_);
  order_.push_back(&rules);
  if (owned) owned_.push_back(std::move(owned));
  return rules;
}

const Ruleset& Registry::load(std::unique_ptr<const Ruleset> rules) {
  if (!rules) throw Error("load: no ruleset given");
  {
    const std::lock_guard lock(mutex_);
    for (auto it = order_.begin(); it != order_.end(); ++it) {
      if (!answers_to(**it, rules->id())) continue;
      if (std::find(loaded_.begin(), loaded_.end(), *it) == loaded_.end())
        throw Error(fmt::format("the id '{}' is the ruleset '{}' ({}), which a rules file cannot replace", rules->id(),
                                (*it)->id(), (*it)->title()));
      order_.erase(it);  // the old one stays in owned_: whoever holds it may still ask it
      break;
    }
  }
  const Ruleset& added = add(std::move(rules));
  const std::lock_guard lock(mutex_);
  loaded_.push_back(&added);
  return added;
}

const Ruleset* Registry::find(std::string_view id) const {
  const std::lock_guard lock(mutex_);
  for (const Ruleset* r : order_)
    if (answers_to(*r, id)) return r;
  return nullptr;
}

const Ruleset& Registry::get(std::string_view id) const {
  if (const Ruleset* r = find(id)) return *r;
  const std::vector<std::string> known = ids();
  throw Error(fmt::format("unknown ruleset '{}'{} (known: {})", id, did_you_mean(id, known), fmt::join(known, ", ")));
}

std::vector<const Ruleset*> Registry::all() const {
  const std::lock_guard lock(mutex_);
  return order_;
}

std::vector<std::string> Registry::ids() const {
  std::vector<std::string> out;
  for (const Ruleset* r : all()) out.emplace_back(r->id());
  return out;
}

DiceFunctions Registry::dice_functions() const {
  const std::lock_guard lock(mutex_);
  return dice_;
}

Registry& registry() {
  // Filled on first use: no order of static initialisers matters, and a
  // static link keeps every game because this function names them.
  static Registry* const the = [] {
    auto* r = new Registry;  // never destroyed: rulesets may be asked during exit
    for (const Ruleset* builtin : {&pixel_dungeon::ruleset(), &brogue::ruleset(), &crawl::ruleset(), &epixx::ruleset(),
                                   &crawl_0_34::ruleset(), &shattered_pd::ruleset()})
      r->add(*builtin);
    return r;
  }();
  return *the;
}

const Ruleset& register_ruleset(std::unique_ptr<const Ruleset> rules) { return registry().add(std::move(rules)); }

std::vector<std::string> rulesets_taking(std::string_view verb) {
  std::vector<std::string> ids;
  for (const Ruleset* r : rulesets())
    if (takes_verb(*r, verb)) ids.emplace_back(r->id());
  return ids;
}

std::vector<const Ruleset*> rulesets() { return registry().all(); }

const Ruleset& ruleset(std::string_view id) { return registry().get(id); }

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

DiceFunctions all_dice_functions() { return registry().dice_functions(); }

std::unique_ptr<AnyEngine> Ruleset::engine(std::string_view name, std::uint64_t) const {
  throw Error(fmt::format("ruleset '{}' has no engine '{}'", id(), name));
}

RulesetDefaults Ruleset::defaults() const {
  RulesetDefaults d;
  const auto kinds = catalogs();
  std::string first_monster;
  if (std::find(kinds.begin(), kinds.end(), CatalogKind::monsters) != kinds.end()) {
    const auto monsters = catalog(CatalogKind::monsters);
    if (!monsters.empty()) first_monster = monsters.front().name;
  }
  d.attacker = player_name().empty() ? first_monster : std::string(player_name());
  d.defender = first_monster;
  if (!first_monster.empty()) d.sweep_series = {first_monster};
  return d;
}

int Ruleset::field_of_view(const grid::Map&, grid::Point, std::optional<std::int64_t>, std::string_view,
                           grid::Visibility&) const {
  throw Error(fmt::format("ruleset '{}' has no field of view", id()));
}

bool takes_verb(const Ruleset& rules, std::string_view verb) {
  const auto verbs = rules.verbs();
  return std::find(verbs.begin(), verbs.end(), verb) != verbs.end();
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
