// The branches of a game's dungeon, from data/<game>/branches.json (embedded).
#include <fray/rules/branches.hpp>

#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/rules/spec.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <mutex>
#include <string_view>

#include "rules/catalog_util.hpp"

namespace fray {
namespace {

std::vector<Branch> load(std::string_view path) {
  const nlohmann::json data = parse_catalog(path);
  std::vector<Branch> out = read_catalog_rows<Branch>(path, data.at("branches"), [](const nlohmann::json& b) {
    return Branch{b.at("abbrev").get<std::string>(), b.at("name").get<std::string>(), b.at("levels").get<int>(), {}};
  });
  for (const nlohmann::json& row : data.at("population")) {
    read_catalog(path, row, [&](const nlohmann::json& p) {
      // A monster fray's catalog does not have (a placeholder, one the
      // catalog leaves out) cannot be a bestiary row.
      if (p.at("catalog").is_null()) return 0;
      const std::string abbrev = p.at("branch").get<std::string>();
      const auto b = std::find_if(out.begin(), out.end(), [&](const Branch& x) { return x.abbrev == abbrev; });
      if (b == out.end()) throw catalog_error(path, p, fmt::format("no branch '{}'", abbrev));
      b->population.push_back({p.at("catalog").get<std::string>(), p.at("min_depth").get<int>(),
                               p.at("max_depth").get<int>(), p.at("rarity").get<int>(),
                               p.at("shape").get<std::string>()});
      return 0;
    });
  }
  return out;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

const std::vector<Branch>& game_branches(const Ruleset& rules) {
  static const std::vector<Branch> none;
  const std::string_view path = rules.branches_data();
  if (path.empty()) return none;
  // Each file read once, when first asked for; the map's rows never move.
  static std::mutex mutex;
  static std::map<std::string, std::vector<Branch>, std::less<>> loaded;
  const std::lock_guard lock(mutex);
  if (const auto it = loaded.find(path); it != loaded.end()) return it->second;
  return loaded.emplace(std::string(path), load(path)).first->second;
}

std::string BranchFilter::text() const {
  if (!branch) return {};
  if (lo == 1 && hi == branch->levels) return branch->abbrev;
  if (lo == hi) return fmt::format("{}:{}", branch->abbrev, lo);
  return fmt::format("{}:{}-{}", branch->abbrev, lo, hi);
}

BranchFilter parse_branch_filter(const Ruleset& rules, const std::string& text, const std::string& what) {
  const std::vector<Branch>& branches = game_branches(rules);
  if (branches.empty()) throw Error(fmt::format("{}: {} has no branch data", what, rules.id()));
  const auto colon = text.find(':');
  const std::string name = text.substr(0, colon);
  std::vector<std::string> known;
  for (const Branch& b : branches) known.push_back(b.abbrev);
  const auto b = std::find_if(branches.begin(), branches.end(), [&](const Branch& x) {
    return lower(x.abbrev) == lower(name) || lower(x.name) == lower(name);
  });
  if (name.empty() || b == branches.end())
    throw Error(fmt::format("{} '{}': {} has no branch '{}'{} (its branches: {})", what, text, rules.id(), name,
                            did_you_mean(name, known), fmt::join(known, ", ")));
  BranchFilter f{&*b, 1, b->levels};
  if (colon == std::string::npos) return f;
  const std::string depths = text.substr(colon + 1);
  auto bad = [&] {
    return Error(
        fmt::format("{} '{}': expected {}, {}:N, {}:LO-HI, {}:LO- or {}:-HI with whole levels 1..{} ({} "
                    "has {} level{})",
                    what, text, b->abbrev, b->abbrev, b->abbrev, b->abbrev, b->abbrev, b->levels, b->name, b->levels,
                    b->levels == 1 ? "" : "s"));
  };
  // A level: whole digits only, no sign, within the branch.
  auto level = [&](std::string_view s, int fallback) {
    if (s.empty()) return fallback;
    if (s.size() > 3 || !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; })) throw bad();
    int v = 0;
    for (char c : s) v = v * 10 + (c - '0');
    if (v < 1 || v > b->levels) throw bad();
    return v;
  };
  if (depths.empty() || depths == "-") throw bad();
  const auto dash = depths.find('-');
  if (dash == std::string::npos) {
    f.lo = f.hi = level(depths, 0);
  } else {
    if (depths.find('-', dash + 1) != std::string::npos) throw bad();
    f.lo = level(std::string_view(depths).substr(0, dash), 1);
    f.hi = level(std::string_view(depths).substr(dash + 1), b->levels);
  }
  if (f.lo > f.hi) throw bad();
  return f;
}

std::vector<std::string> branch_monsters(const BranchFilter& filter) {
  std::vector<std::string> out;
  if (!filter.branch) return out;
  for (const BranchPopulation& p : filter.branch->population)
    if (p.min_depth <= filter.hi && p.max_depth >= filter.lo &&
        std::find(out.begin(), out.end(), p.monster) == out.end())
      out.push_back(p.monster);
  return out;
}

}  // namespace fray
