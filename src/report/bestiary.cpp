// `fray bestiary` rendered: the full table for JSON and CSV, a narrower one for text.
#include <fray/report/bestiary.hpp>

#include <fmt/format.h>

#include <optional>
#include <string>
#include <vector>

namespace fray {
namespace {

Value opt(const std::optional<double>& v) { return v ? Value{*v} : Value{}; }

std::string bestiary_title(const BestiaryResult& r) {
  return fmt::format("{}: {} against {} monster{}{}, in order of danger", r.title, r.attacker, r.rows.size(),
                     r.rows.size() == 1 ? "" : "s", r.branch.empty() ? "" : fmt::format(" of {}", r.branch));
}

}  // namespace

Table bestiary_table(const BestiaryResult& result) {
  Table t;
  t.title = bestiary_title(result);
  t.columns = {{"name", "monster"},
               {"level", result.level_stat.empty() ? "level" : result.level_stat},
               {"hp", "HP"},
               {"p_hit", "P(hit)"},
               {"p_hit_by", "P(hit by)"},
               {"damage_per_hit", "damage per hit"},
               {"damage_per_hit_by", "damage per hit by"},
               {"damage_per_attack", "damage per attack"},
               {"damage_per_attack_by", "damage per attack by"},
               {"damage_per_turn_by", fmt::format("damage by per time ({})", result.time_unit)},
               {"hits_to_kill", "hits to kill"},
               {"turns_to_kill", fmt::format("time to kill ({})", result.time_unit)},
               {"p_win", "P(win)"},
               {"p_lose", "P(lose)"},
               {"method", "method"},
               {"fights", "fights"},
               {"p_win_lo", "P(win) low"},
               {"p_win_hi", "P(win) high"},
               {"note", "note"}};
  for (const BestiaryRow& r : result.rows) {
    // Pushed one by one: GCC 12 misreads a braced list of Values as uninitialized.
    std::vector<Value> row;
    row.reserve(t.columns.size());
    row.emplace_back(r.name);
    row.push_back(opt(r.level));
    row.emplace_back(r.hp);
    row.push_back(opt(r.p_hit));
    row.push_back(opt(r.p_hit_by));
    row.push_back(opt(r.damage_per_hit));
    row.push_back(opt(r.damage_per_hit_by));
    row.push_back(opt(r.damage_per_attack));
    row.push_back(opt(r.damage_per_attack_by));
    row.push_back(opt(r.damage_per_turn_by));
    row.push_back(opt(r.hits_to_kill));
    row.push_back(opt(r.turns_to_kill));
    row.push_back(opt(r.p_win));
    row.push_back(opt(r.p_lose));
    row.push_back(r.method.empty() ? Value{} : Value{r.method});
    row.emplace_back(static_cast<std::int64_t>(r.fights));
    row.push_back(opt(r.p_win_lo));
    row.push_back(opt(r.p_win_hi));
    row.emplace_back(r.note);
    t.rows.push_back(std::move(row));
  }
  t.notes = result.notes;
  return t;
}

Report bestiary_report(const BestiaryResult& result) {
  const Table full = bestiary_table(result);
  // The text: the columns a reader compares; the rest are in --json and --csv.
  const std::vector<std::string> keep = {"name",
                                         "level",
                                         "hp",
                                         "p_hit",
                                         "p_hit_by",
                                         "damage_per_attack",
                                         "damage_per_attack_by",
                                         "damage_per_turn_by",
                                         "hits_to_kill",
                                         "turns_to_kill",
                                         "p_win",
                                         "p_lose",
                                         "method",
                                         "note"};
  Table narrow;
  narrow.title = full.title;
  narrow.notes = full.notes;
  std::vector<std::size_t> at;
  for (const std::string& k : keep) {
    if (k == "level" && result.level_stat.empty()) continue;
    for (std::size_t i = 0; i < full.columns.size(); ++i)
      if (full.columns[i].key == k) {
        at.push_back(i);
        narrow.columns.push_back(full.columns[i]);
      }
  }
  for (const auto& row : full.rows) {
    std::vector<Value> cells;
    cells.reserve(at.size());
    for (std::size_t i : at) cells.push_back(row[i]);
    narrow.rows.push_back(std::move(cells));
  }
  Report r;
  r.json = table_report(full).json;
  r.text = table_report(narrow).text;
  return r;
}

}  // namespace fray
