// The registry of the verbs only some games have (fray/report/game_verbs.hpp).
#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/grid/fov.hpp>
#include <fray/grid/geometry.hpp>
#include <fray/report/game_verbs.hpp>
#include <fray/report/grid.hpp>
#include <fray/rules/registry.hpp>
#include <fray/rules/spec.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <mutex>

namespace fray {

namespace game_verbs_detail {
// The built-in games' verbs, each with the games that offer it (game_verbs_builtin.cpp).
std::vector<std::pair<VerbDescription, std::vector<std::pair<std::string, VerbRun>>>> builtin();
}  // namespace game_verbs_detail

namespace {

struct Store {
  std::mutex mutex;
  std::vector<VerbDescription> verbs;
  std::vector<std::pair<std::string, std::vector<std::pair<std::string, VerbRun>>>> runs;  // by verb
};

Store& store() {
  // Filled on first use, as fray::registry() is.
  static Store* const the = [] {
    auto* s = new Store;  // never destroyed: a verb may be asked during exit
    for (auto& [verb, runs] : game_verbs_detail::builtin()) {
      s->runs.emplace_back(verb.name, std::move(runs));
      s->verbs.push_back(std::move(verb));
    }
    return s;
  }();
  return *the;
}

std::vector<std::pair<std::string, VerbRun>>* runs_of(Store& s, std::string_view verb) {
  for (auto& [name, runs] : s.runs)
    if (name == verb) return &runs;
  return nullptr;
}

const VerbOption* option_of(const VerbDescription& verb, std::string_view name) {
  for (const VerbOption& o : verb.options)
    if (o.name == name) return &o;
  return nullptr;
}

}  // namespace

bool VerbOption::positional() const {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](unsigned char c) {
    return std::isupper(c) || c == '_' || c == '-' || std::isdigit(c);
  });
}

bool VerbArgs::has(std::string_view name) const { return values.find(std::string(name)) != values.end(); }

std::optional<std::string> VerbArgs::text(std::string_view name) const {
  const auto it = values.find(std::string(name));
  if (it == values.end() || it->second.empty()) return std::nullopt;
  return it->second.front();
}

std::vector<std::string> VerbArgs::list(std::string_view name) const {
  const auto it = values.find(std::string(name));
  return it == values.end() ? std::vector<std::string>{} : it->second;
}

bool VerbArgs::flag(std::string_view name) const {
  const auto v = text(name);
  return v && *v == "true";
}

std::string VerbArgs::label(std::string_view name) const {
  const auto it = labels.find(std::string(name));
  return it == labels.end() ? std::string(name) : it->second;
}

grid::Map VerbArgs::map(std::string_view name, const grid::Legend& legend) const {
  const std::string value = text(name).value_or("");
  if (map_texts.count(std::string(name))) return grid::Map::parse(value, "<text>", legend);
  return grid::Map::load(value, legend);
}

void add_game_verb(VerbDescription verb) {
  Store& s = store();
  const std::lock_guard lock(s.mutex);
  if (verb.name.empty()) throw Error("add_game_verb: a verb needs a name");
  for (const VerbDescription& v : s.verbs)
    if (v.name == verb.name) throw Error(fmt::format("add_game_verb: the verb '{}' is already described", verb.name));
  s.runs.emplace_back(verb.name, std::vector<std::pair<std::string, VerbRun>>{});
  s.verbs.push_back(std::move(verb));
}

void offer_game_verb(std::string_view verb, std::string rules_id, VerbRun run) {
  Store& s = store();
  const std::lock_guard lock(s.mutex);
  auto* runs = runs_of(s, verb);
  if (!runs) throw Error(fmt::format("offer_game_verb: no verb '{}' (add_game_verb describes it)", verb));
  if (!run) throw Error(fmt::format("offer_game_verb: {} offers '{}' with no function", rules_id, verb));
  for (const auto& [id, r] : *runs)
    if (id == rules_id) throw Error(fmt::format("offer_game_verb: {} already offers '{}'", rules_id, verb));
  runs->emplace_back(std::move(rules_id), std::move(run));
}

std::vector<VerbDescription> game_verbs() {
  Store& s = store();
  const std::lock_guard lock(s.mutex);
  return s.verbs;
}

std::optional<VerbDescription> game_verb(std::string_view name) {
  Store& s = store();
  const std::lock_guard lock(s.mutex);
  for (const VerbDescription& v : s.verbs)
    if (v.name == name) return v;
  return std::nullopt;
}

std::vector<std::string> game_verb_rulesets(std::string_view verb) {
  std::vector<std::string> offering;
  {
    Store& s = store();
    const std::lock_guard lock(s.mutex);
    if (const auto* runs = runs_of(s, verb))
      for (const auto& [id, run] : *runs) offering.push_back(id);
  }
  std::vector<std::string> ids;
  for (const Ruleset* r : rulesets())
    if (std::find(offering.begin(), offering.end(), r->id()) != offering.end()) ids.emplace_back(r->id());
  return ids;
}

const Ruleset& game_verb_ruleset(std::string_view verb, std::string_view rules_id, const VerbArgs& args) {
  const Ruleset& r = ruleset(rules_id);
  const std::vector<std::string> legal = game_verb_rulesets(verb);
  if (legal.empty()) {  // no game offers it: a name nobody knows, not a game's missing verb
    std::vector<std::string> known;
    for (const VerbDescription& d : game_verbs()) known.push_back(d.name);
    throw Error(fmt::format("unknown verb '{}'{} (the verbs only some games have: {})", verb,
                            did_you_mean(std::string(verb), known), fmt::join(known, ", ")));
  }
  if (std::find(legal.begin(), legal.end(), r.id()) == legal.end())
    throw Error(fmt::format("{} is not a verb of {} {} (it is for: {})", args.label("verb"), args.label("rules"),
                            r.id(), fmt::join(legal, ", ")));
  return r;
}

VerbAnswer run_game_verb(std::string_view verb, std::string_view rules_id, VerbArgs args) {
  if (!args.labels.count("verb")) args.labels["verb"] = std::string(verb);
  const Ruleset& rules = game_verb_ruleset(verb, rules_id, args);
  const std::optional<VerbDescription> described = game_verb(verb);
  VerbRun run;
  {
    Store& s = store();
    const std::lock_guard lock(s.mutex);
    for (const auto& [id, r] : *runs_of(s, verb))
      if (id == rules.id()) run = r;
  }
  for (const auto& [name, values] : args.values) {
    (void)values;
    if (!option_of(*described, name)) throw Error(fmt::format("{}: no option '{}'", verb, name));
  }
  for (const VerbOption& o : described->options) {
    if (o.kind == VerbOptionKind::text && !o.default_value.empty() && !args.has(o.name))
      args.set(o.name, o.default_value);
    if (o.required && !args.has(o.name)) throw Error(fmt::format("{}: {} is required", verb, args.label(o.name)));
  }
  return run(rules, args);
}

std::vector<std::string> fov_algorithms() {
  std::vector<std::string> names = rulesets_taking("fov");
  names.insert(names.end(), {"symmetric", "symmetric-exact"});
  return names;
}

VerbDescription fov_verb() {
  const std::vector<std::string> games = rulesets_taking("fov");
  const std::vector<std::string> algorithms = fov_algorithms();
  std::string listed;
  for (std::size_t i = 0; i < algorithms.size(); ++i) {
    if (i > 0) listed += i + 1 == algorithms.size() ? " or " : ", ";
    listed += algorithms[i];
    if (i == 0) listed += " (default)";
    if (algorithms[i] == "symmetric") listed += " (as libtcod)";
  }
  std::string rules_help = "that game's own field of view";
  {
    std::string ids, legends;
    for (std::size_t i = 0; i < games.size(); ++i) {
      ids += (i == 0 ? "" : i + 1 == games.size() ? " or " : ", ") + games[i];
      if (!ruleset(games[i]).grid_legend().terrain.empty()) legends += (legends.empty() ? "" : ", ") + games[i];
    }
    rules_help = fmt::format("{}: {}", ids, rules_help);
    if (!legends.empty()) rules_help += fmt::format(" ({} also reads its map legend)", legends);
  }
  // Each game's radius as it states it, then the geometry's.
  std::string radius_help = "View radius (";
  for (const std::string& id : games) {
    const std::string words = ruleset(id).field_of_view_radius();
    if (!words.empty()) radius_help += fmt::format("{} {}; ", id, words);
  }
  radius_help += "symmetric 0 = unlimited)";
  VerbDescription v{"fov",
                    "Field of view on a map",
                    {{"map", "Map file", VerbOptionKind::text, true, "", true},
                     {"at", "Viewer cell X,Y", VerbOptionKind::text, true},
                     {"radius", radius_help},
                     {"algorithm", listed, VerbOptionKind::text, false, algorithms.front()},
                     {"rules", rules_help}}};
  v.own_verb = false;
  return v;
}

Report run_fov(VerbArgs args) {
  constexpr int max_symmetric_radius = 1'000'000;
  const std::vector<std::string> games = rulesets_taking("fov");
  std::string algorithm = args.text("algorithm").value_or(fov_algorithms().front());
  std::string rules_id;
  if (const auto rules = args.text("rules")) {
    if (!args.labels.count("verb")) args.labels["verb"] = "fov";
    const Ruleset& r = ruleset(*rules);
    if (!takes_verb(r, "fov"))
      throw Error(fmt::format("{} is not a verb of {} {} (it is for: {})", args.label("verb"), args.label("rules"),
                              r.id(), fmt::join(games, ", ")));
    rules_id = std::string(r.id());
    if (args.has("algorithm") && algorithm != rules_id)
      throw Error(fmt::format("{} {} does not go with {} {}", args.label("algorithm"), algorithm, args.label("rules"),
                              rules_id));
    algorithm = rules_id;
  }
  // A game's algorithm reads the game's map legend (Ruleset::grid_legend).
  const Ruleset* game = registry().find(algorithm);
  if (game && (game->id() != algorithm || !takes_verb(*game, "fov"))) game = nullptr;
  const grid::Map map = args.map("map", game ? game->grid_legend() : grid::Legend::classic());
  const std::string at_label = args.label("at");
  const auto [x, y] = parse_point(args.text("at").value_or(""), at_label);
  const grid::Point at = grid::checked_point(x, y, at_label);
  grid::require_standable(map, at, at_label);
  const std::string radius_label = args.label("radius");
  const std::optional<std::string> radius_text = args.text("radius");
  grid::Visibility vis;
  int radius = 0;
  if (algorithm == "symmetric" || algorithm == "symmetric-exact") {
    if (radius_text) {
      const std::int64_t r = parse_int(*radius_text, radius_label);
      if (r < 0 || r > max_symmetric_radius)
        throw Error(fmt::format("{} {} is out of range 0..{} for symmetric (0 = unlimited)", radius_label, r,
                                max_symmetric_radius));
      radius = static_cast<int>(r);
    }
    grid::symmetric_shadowcast(
        map.opacity(), at, radius, vis,
        algorithm == "symmetric" ? grid::SlopeArithmetic::libtcod : grid::SlopeArithmetic::exact);
  } else if (game) {
    radius = game->field_of_view(
        map, at, radius_text ? std::optional<std::int64_t>(parse_int(*radius_text, radius_label)) : std::nullopt,
        radius_label, vis);
  } else {
    throw Error(
        fmt::format("{} '{}' is not one of {}", args.label("algorithm"), algorithm, fmt::join(fov_algorithms(), ", ")));
  }
  // Radius 0 is unlimited in symmetric shadowcasting; a game's radius is its own.
  return fov_report(map, vis, {at, algorithm, radius, game == nullptr, rules_id});
}

}  // namespace fray
