// A rules file as read: the game it describes (read.cpp reads the TOML,
// ruleset.cpp answers for it).
#pragma once

#include "program.hpp"

#include <fray/fight/parts/first_attack.hpp>
#include <fray/rules/ruleset.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace fray::rules_file {

// A catalog entry: a monster, weapon, armor or class, and the stats it sets.
struct Entry {
  std::string name;   // as a spec names it (catalog_key)
  std::string title;  // as the file writes it
  std::string description;
  std::vector<std::pair<std::size_t, Val>> values;        // stat, value
  std::vector<std::pair<std::size_t, std::string>> dice;  // a dice stat, its expression
};

// The regeneration of [mechanics] (docs/rules.md, "Mechanics"): the
// parameters of fray's regeneration part (fray/fight/parts/regeneration.hpp),
// each an expression of the side's stats (absent: the part's default).
struct Regen {
  std::optional<Program> every, gain, threshold, per_act;
  int at_full = 0;  // parts::AtFull
};

// Whether a situation lasts a fight or passes with the first attack (`passes`
// in [situations]; fray/fight/parts/first_attack.hpp): a condition of the
// attacker's (over after its own first turn) or of the defender's (over after
// its own turn, or the first attack of the side that moves first).
// Whose condition a situation that passes is (the first-attack part's Holder; `none`: it lasts).
using Passes = fight::parts::Holder;

struct Game {
  std::string file;
  std::string id, title, time_unit = "turns", player;
  std::vector<Stat> stats;
  std::size_t hp = 0;  // the hp stat
  std::vector<std::string> outcomes;
  std::vector<bool> lands;
  std::vector<std::string> situations;
  std::vector<std::string> situation_help;
  std::vector<Passes> situation_passes;
  Program blow;
  std::optional<Program> blows, time;
  std::optional<Regen> regen;
  fight::parts::FirstAttack first_attack;              // [mechanics] first_attack: when passing situations end
  std::vector<Status> statuses;                        // [status]
  std::optional<Program> start;                        // [turn] start
  std::map<CatalogKind, std::vector<Entry>> catalogs;  // monsters, weapons, armors, classes
};

// Reads a rules file (docs/rules.md). Throws RulesFileError.
[[nodiscard]] Game read_game(std::string_view text, const std::string& origin, const std::filesystem::path& base);

// A rules file's bytes (at most kMaxRulesFileBytes). Throws RulesFileError.
[[nodiscard]] std::string read_rules_text(const std::filesystem::path& path);

// The Ruleset of a game read from a file.
[[nodiscard]] std::unique_ptr<const Ruleset> game_ruleset(Game game);

}  // namespace fray::rules_file
