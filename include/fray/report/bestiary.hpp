// fray/report/bestiary.hpp — `fray bestiary` as a table, JSON, CSV and text.
#pragma once

#include <fray/core/value.hpp>
#include <fray/report/report.hpp>
#include <fray/rules/bestiary.hpp>

namespace fray {

// Every column, one row per monster in order of danger (docs/json.md):
// name, level, hp, p_hit, p_hit_by, damage_per_hit, damage_per_hit_by,
// damage_per_attack, damage_per_attack_by, damage_per_turn_by, hits_to_kill,
// turns_to_kill, p_win, p_lose, method, fights, p_win_lo, p_win_hi, note; a
// value the row does not have is empty (null in JSON). The CSV and the JSON.
[[nodiscard]] Table bestiary_table(const BestiaryResult& result);
// The JSON is bestiary_table's (title, columns, rows, notes); the text a
// narrower table of the columns a reader compares, with the notes.
[[nodiscard]] Report bestiary_report(const BestiaryResult& result);

}  // namespace fray
