// Attacks, strikes, tables and catalogs as reports.
#include <fray/report/report.hpp>

#include <fray/core/error.hpp>
#include <fray/report/game_verbs.hpp>
#include <fray/rules/branches.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <type_traits>

namespace fray {

namespace {

using nlohmann::json;

json side_json(const SideSummary& s) {
  json j = fields_json(s.stats);
  j["name"] = s.name;
  return j;
}

std::string title_of(const std::string& id) {
  for (const Ruleset* r : rulesets())
    if (r->id() == id) return std::string(r->title());
  return id;
}

json outcomes_json(const std::vector<OutcomeKind>& kinds) {
  json a = json::array();
  for (const auto& k : kinds) a.push_back({{"kind", k.name}, {"p", k.p}, {"lands", k.lands}});
  return a;
}

bool is_number(const Value& v) { return std::holds_alternative<std::int64_t>(v) || std::holds_alternative<double>(v); }

// Rows of cells under a header, in aligned columns two spaces apart: numbers
// right-aligned, words left-aligned, no blanks at the end of a line.
std::string aligned(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows,
                    const std::vector<bool>& right, std::string_view indent) {
  std::vector<std::size_t> width;
  for (const auto& h : header) width.push_back(h.size());
  for (const auto& row : rows)
    for (std::size_t i = 0; i < row.size() && i < width.size(); ++i) width[i] = std::max(width[i], row[i].size());
  auto line = [&](const std::vector<std::string>& cells) {
    std::string l(indent);
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (i) l += "  ";
      l += right[i] ? fmt::format("{:>{}}", cells[i], width[i]) : fmt::format("{:<{}}", cells[i], width[i]);
    }
    while (!l.empty() && l.back() == ' ') l.pop_back();
    return l + "\n";
  };
  std::string out = line(header);
  for (const auto& row : rows) out += line(row);
  return out;
}

std::string outcomes_text(const std::vector<OutcomeKind>& kinds) {
  std::string t;
  for (const auto& k : kinds) t += fmt::format("{}{} {}", t.empty() ? "" : ", ", k.name, percent(k.p));
  return t;
}

}  // namespace

json pmf_json(const Pmf& pmf) {
  json rows = json::array();
  for (const auto& [v, p] : pmf.items()) rows.push_back({v, p});
  return {
      {"pmf", std::move(rows)}, {"mean", pmf.mean()}, {"stddev", pmf.stddev()}, {"min", pmf.min()}, {"max", pmf.max()}};
}

std::string pmf_table(const Pmf& pmf, std::string_view value_header) {
  const auto items = pmf.items();
  double top = 0;
  for (const auto& [v, p] : items) top = std::max(top, p);
  std::string out = fmt::format("{:>10}  {:>10}  {:>10}\n", value_header, "p", "cumulative");
  double cum = 0;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const auto [v, p] = items[i];
    cum += p;
    const int bar = top > 0 ? static_cast<int>(p / top * 40 + 0.5) : 0;
    // The last row holds everything; before it, a tail too small for six
    // places still keeps the cumulative below 1.
    const std::string c = i + 1 == items.size() ? "1.000000" : probability(std::min(cum, 1.0));
    out += fmt::format("{:>10}  {:>10}  {:>10}  {}\n", v, probability(p), c, std::string(bar, '#'));
  }
  out += fmt::format("mean {:.6g}, stddev {:.6g}\n", pmf.mean(), pmf.stddev());
  return out;
}

json value_json(const Value& v) {
  return std::visit(
      [](const auto& x) -> json {
        if constexpr (std::is_same_v<std::decay_t<decltype(x)>, std::monostate>)
          return nullptr;
        else
          return x;
      },
      v);
}

json fields_json(const Fields& fields) {
  json j = json::object();
  for (const auto& f : fields) j[f.key] = value_json(f.value);
  return j;
}

std::string value_text(const Value& v) {
  struct Text {
    std::string operator()(std::monostate) const { return "-"; }
    std::string operator()(bool b) const { return b ? "yes" : "no"; }
    std::string operator()(std::int64_t i) const { return fmt::format("{}", i); }
    std::string operator()(double d) const { return fmt::format("{:.6g}", d); }
    std::string operator()(const std::string& s) const { return s; }
  };
  return std::visit(Text{}, v);
}

std::string fields_text(const Fields& fields) {
  std::string t;
  for (const auto& f : fields) t += fmt::format("{}{} {}", t.empty() ? "" : ", ", f.key, value_text(f.value));
  return t;
}

Report attack_report(const AttackSummary& s) {
  Report r;
  r.json = {{"rules", s.rules},
            {"attacker", side_json(s.attacker)},
            {"defender", side_json(s.defender)},
            {"situation", s.situation},
            {"p_hit", s.p_hit},
            {"outcomes", outcomes_json(s.outcomes)},
            {"damage", pmf_json(s.damage)},
            {"damage_on_hit", pmf_json(s.damage_on_hit)},
            {"mean_damage", s.mean_damage()},
            {"attack_time", s.attack_time},
            {"time_unit", s.time_unit},
            {"details", fields_json(s.details)},
            {"notes", s.notes},
            {"equipment", s.equipment},
            {"warnings", s.warnings},
            {"modelled", s.modelled},
            {"not_modelled", s.not_modelled}};
  std::string& t = r.text;
  t = fmt::format("{}: {} attacks {}\n", title_of(s.rules), s.attacker.name, s.defender.name);
  for (const auto& e : s.equipment) t += "  equipment: " + e + "\n";
  for (const auto& w : s.warnings) t += "  warning: " + w + "\n";
  if (!s.situation.empty()) t += fmt::format("  situation: {}\n", fmt::join(s.situation, ", "));
  for (const auto& line : s.steps) t += "  " + line + "\n";
  t += fmt::format("  P(hit) = {} ({})\n", significant(s.p_hit), percent(s.p_hit));
  t += fmt::format("  outcomes: {}\n", outcomes_text(s.outcomes));
  t += fmt::format("  mean damage {:.6g} per attack, {:.6g} per hit; an attack takes {:g} {}\n", s.mean_damage(),
                   s.damage_on_hit.mean(), s.attack_time, s.time_unit);
  for (const auto& n : s.notes) t += "  note: " + n + "\n";
  for (const auto& n : s.modelled) t += "  modelled: " + n + "\n";
  for (const auto& n : s.not_modelled) t += "  not modelled: " + n + "\n";
  t += "damage (a miss counts as 0):\n" + pmf_table(s.damage, "damage");
  return r;
}

Report strike_report(const StrikeRun& s) {
  Report r;
  json strikes = json::array();
  std::string& t = r.text;
  t = fmt::format("{}: {} attacks {} (seed {}, rng {}), P(hit) {}\n", title_of(s.rules), s.attacker.name,
                  s.defender.name, s.seed, s.engine, percent(s.p_hit));
  for (const auto& e : s.equipment) t += "  equipment: " + e + "\n";
  for (const auto& w : s.warnings) t += "  warning: " + w + "\n";
  std::uint64_t i = 0;
  for (const auto& k : s.strikes) {
    json draws = json::array();
    std::string line;
    for (const auto& d : k.draws) {
      draws.push_back({{"for", d.label}, {"call", d.call}, {"value", value_json(d.value)}});
      line += fmt::format("{}{} {}={}", line.empty() ? "" : "; ", d.label, d.call, value_text(d.value));
    }
    strikes.push_back({{"outcome", k.outcome},
                       {"hit", k.hit},
                       {"damage", k.damage},
                       {"rolls", fields_json(k.rolls)},
                       {"draws", std::move(draws)}});
    t += fmt::format("  #{}: {}  {}\n", ++i, k.hit ? fmt::format("{} for {}", k.outcome, k.damage) : k.outcome,
                     line.empty() ? "(no draws)" : "[" + line + "]");
  }
  if (s.count > s.strikes.size()) t += fmt::format("  ... ({} strikes traced of {})\n", s.strikes.size(), s.count);
  t += fmt::format("hits {} of {}, total damage {}, mean {:.6g}\n", s.hits, s.count, s.total_damage, s.mean_damage());
  for (const auto& n : s.notes) t += "note: " + n + "\n";
  for (const auto& n : s.modelled) t += "modelled: " + n + "\n";
  for (const auto& n : s.not_modelled) t += "not modelled: " + n + "\n";
  r.json = {{"rules", s.rules},
            {"attacker", side_json(s.attacker)},
            {"defender", side_json(s.defender)},
            {"situation", s.situation},
            {"seed", s.seed},
            {"engine", s.engine},
            {"count", s.count},
            {"p_hit", s.p_hit},
            {"traced", s.strikes.size()},
            {"strikes", std::move(strikes)},
            {"hits", s.hits},
            {"total_damage", s.total_damage},
            {"mean_damage", s.mean_damage()},
            {"details", fields_json(s.details)},
            {"notes", s.notes},
            {"equipment", s.equipment},
            {"warnings", s.warnings},
            {"modelled", s.modelled},
            {"not_modelled", s.not_modelled}};
  return r;
}

Report table_report(const Table& table) {
  Report r;
  json cols = json::array(), rows = json::array();
  for (const auto& c : table.columns) cols.push_back(c.key);
  std::vector<std::string> header;
  for (const auto& c : table.columns) header.push_back(c.label.empty() ? c.key : c.label);
  std::vector<bool> right(table.columns.size(), true);
  std::vector<std::vector<std::string>> cells;
  for (const auto& row : table.rows) {
    require(row.size() == table.columns.size(), "table row has the wrong number of values");
    json o = json::object();
    std::vector<std::string> line;
    for (std::size_t i = 0; i < row.size(); ++i) {
      o[table.columns[i].key] = value_json(row[i]);
      // A probability column ("p_hit", "p_attacker_wins") never reads 0 or 1 when it is not.
      const bool p = table.columns[i].key.rfind("p_", 0) == 0 && std::holds_alternative<double>(row[i]);
      line.push_back(p ? significant(std::get<double>(row[i])) : value_text(row[i]));
      if (!is_number(row[i])) right[i] = false;
    }
    rows.push_back(std::move(o));
    cells.push_back(std::move(line));
  }
  r.json = {{"title", table.title}, {"columns", cols}, {"rows", rows}, {"notes", table.notes}};
  std::string& t = r.text;
  if (!table.title.empty()) t += table.title + "\n";
  t += aligned(header, cells, right, "");
  for (const auto& n : table.notes) t += "note: " + n + "\n";
  return r;
}

std::string table_csv(const Table& table) {
  auto quote = [](const std::string& s) {
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
  };
  std::string out;
  for (std::size_t i = 0; i < table.columns.size(); ++i) out += (i ? "," : "") + quote(table.columns[i].key);
  out += "\n";
  for (const auto& row : table.rows) {
    for (std::size_t i = 0; i < row.size(); ++i) {
      // CSV holds full precision, for a spreadsheet.
      const std::string cell = std::holds_alternative<double>(row[i]) ? fmt::format("{}", std::get<double>(row[i]))
                               : std::holds_alternative<std::monostate>(row[i]) ? std::string()  // an empty cell
                                                                                : value_text(row[i]);
      out += (i ? "," : "") + quote(cell);
    }
    out += "\n";
  }
  return out;
}

Report catalog_report(const Ruleset& rules, CatalogKind kind) {
  const auto entries = rules.catalog(kind);
  Report r;
  json items = json::array();
  // One column per stat, in the order the entries first give them; an entry
  // without a stat leaves its cell blank.
  std::vector<std::string> keys;
  bool described = false;
  for (const auto& e : entries) {
    items.push_back({{"name", e.name}, {"description", e.description}, {"stats", fields_json(e.stats)}});
    if (!e.abilities.empty()) items.back()["abilities"] = e.abilities;
    if (!e.parts.empty()) {
      json parts = json::array();
      for (const fight::PartUse& u : e.parts) {
        json params = json::object();
        for (const auto& [k, v] : u.params) params[k] = v;
        parts.push_back({{"part", u.part}, {"params", std::move(params)}, {"source", u.source}});
      }
      items.back()["parts"] = std::move(parts);
    }
    described = described || !e.description.empty();
    for (const auto& f : e.stats)
      if (std::find(keys.begin(), keys.end(), f.key) == keys.end()) keys.push_back(f.key);
  }
  std::vector<std::string> header{"name"};
  header.insert(header.end(), keys.begin(), keys.end());
  if (described) header.emplace_back("description");
  std::vector<bool> right(header.size(), false);
  for (std::size_t k = 0; k < keys.size(); ++k) {
    right[k + 1] = true;
    for (const auto& e : entries)
      if (const Value* v = find_field(e.stats, keys[k]); v && !is_number(*v)) right[k + 1] = false;
  }
  std::vector<std::vector<std::string>> cells;
  for (const auto& e : entries) {
    std::vector<std::string> line{e.name};
    for (const auto& key : keys) {
      const Value* v = find_field(e.stats, key);
      line.push_back(v ? value_text(*v) : std::string());
    }
    if (described) line.push_back(e.description);
    cells.push_back(std::move(line));
  }
  r.text = fmt::format("{} {} ({}):\n", rules.title(), catalog_kind_name(kind), entries.size());
  r.text += aligned(header, cells, right, "  ");
  // Abilities are sentences: listed under the table, not in a column.
  bool titled = false;
  for (const auto& e : entries)
    for (const auto& a : e.abilities) {
      if (!titled) r.text += "\nspecial abilities:\n";
      titled = true;
      r.text += fmt::format("  {}: {}\n", e.name, a);
    }
  r.json = {{"rules", rules.id()}, {"kind", catalog_kind_name(kind)}, {"entries", std::move(items)}};
  return r;
}

Report catalogs_report(const Ruleset& rules) {
  Report r;
  json kinds = json::object();
  std::string& t = r.text;
  t = fmt::format("{} (--rules {}) has:\n", rules.title(), rules.id());
  for (CatalogKind k : rules.catalogs()) {
    const auto n = rules.catalog(k).size();
    kinds[std::string(catalog_kind_name(k))] = n;
    t += fmt::format("  {:<11} {:>4}   fray list --rules {} {}\n", catalog_kind_name(k), n, rules.id(),
                     catalog_kind_name(k));
  }
  if (kinds.empty()) t += "  no catalogs\n";
  r.json = {{"rules", rules.id()}, {"title", rules.title()}, {"catalogs", kinds}};
  return r;
}

}  // namespace fray

namespace fray {

namespace {

// The verbs `r` takes: those its Ruleset names (fov), then every game verb
// it offers that is a command of its own (a game registered at run time
// adds its own with offer_game_verb), each once.
std::vector<std::string> verbs_of(const Ruleset& r) {
  std::vector<std::string> out = r.verbs();
  for (const VerbDescription& v : game_verbs()) {
    if (!v.own_verb || std::find(out.begin(), out.end(), v.name) != out.end()) continue;
    const auto offered = game_verb_rulesets(v.name);
    if (std::find(offered.begin(), offered.end(), r.id()) != offered.end()) out.push_back(v.name);
  }
  return out;
}

}  // namespace

nlohmann::json ruleset_info_json(const Ruleset& r) {
  json kinds = json::array();
  for (CatalogKind k : r.catalogs()) kinds.push_back(std::string(catalog_kind_name(k)));
  const std::string_view player = r.player_name();
  const RulesetDefaults d = r.defaults();
  json branches = json::array();
  for (const Branch& b : game_branches(r))
    branches.push_back({{"abbrev", b.abbrev}, {"name", b.name}, {"levels", b.levels}});
  return {{"id", r.id()},
          {"title", r.title()},
          {"aliases", r.aliases()},
          {"player", player.empty() ? json(nullptr) : json(player)},
          {"catalogs", kinds},
          {"options", r.options()},
          {"engines", r.engines()},
          {"verbs", verbs_of(r)},
          {"branches", branches},
          {"defaults",
           {{"attacker", d.attacker},
            {"defender", d.defender},
            {"sweep",
             {{"side", d.sweep_side},
              {"key", d.sweep_key},
              {"from", d.sweep_from},
              {"to", d.sweep_to},
              {"step", d.sweep_step},
              {"series", d.sweep_series}}}}}};
}

}  // namespace fray
