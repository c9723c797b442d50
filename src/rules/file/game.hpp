// A rules file as read: the game it describes (read.cpp reads the TOML,
// ruleset.cpp answers for it).
#pragma once

#include "program.hpp"

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

// The regeneration of [mechanics] (docs/rules.md, "Mechanics").
struct Regen {
  Program every, amount;
};

struct Game {
  std::string file;
  std::string id, title, time_unit = "turns", player;
  std::vector<Stat> stats;
  std::size_t hp = 0;  // the hp stat
  std::vector<std::string> outcomes;
  std::vector<bool> lands;
  std::vector<std::string> situations;
  std::vector<std::string> situation_help;
  Program blow;
  std::optional<Program> blows, time;
  std::optional<Regen> regen;
  std::map<CatalogKind, std::vector<Entry>> catalogs;  // monsters, weapons, armors, classes
};

// Reads a rules file (docs/rules.md). Throws RulesFileError.
[[nodiscard]] Game read_game(std::string_view text, const std::string& origin, const std::filesystem::path& base);

// A rules file's bytes (at most kMaxRulesFileBytes). Throws RulesFileError.
[[nodiscard]] std::string read_rules_text(const std::filesystem::path& path);

// The Ruleset of a game read from a file.
[[nodiscard]] std::unique_ptr<const Ruleset> game_ruleset(Game game);

}  // namespace fray::rules_file
