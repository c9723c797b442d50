// fray/rules/branches.hpp — where a game's random generation places its
// monsters: the branches of its dungeon, each with its population table, and
// the `--branch NAME[:DEPTHS]` filter of `fray bestiary`.
//
// The data comes from the game's own tables (DCSS: mon-pick-data.h, read by
// tools/crawl/branches.py into data/<game>/branches.json). Uniques and the
// monsters that vaults place are not in these tables: a branch's monsters are
// those the game's random generation puts there.
#pragma once

#include <fray/rules/ruleset.hpp>

#include <string>
#include <vector>

namespace fray {

// One row of a branch's population table: the monster, as the game's
// monsters catalog names it, drawn at the branch's depths
// min_depth..max_depth (the game's own range: it may start below 1 or end
// past the branch's levels, for out-of-depth picks) with this rarity and
// shape ("flat", "semi", "peak", "fall", "rise": how the weight changes
// across the range). A monster may have several rows in one branch.
struct BranchPopulation {
  std::string monster;
  int min_depth = 0, max_depth = 0;
  int rarity = 0;
  std::string shape;
};

struct Branch {
  std::string abbrev;  // "D", "Lair", "Depths": as the game abbreviates it
  std::string name;    // "Dungeon", "Lair", "Depths"
  int levels = 0;      // its number of levels
  // Rows whose monster the game's catalog has, in the table's order.
  std::vector<BranchPopulation> population;
};

// The branches of `rules`' dungeon, in the game's order; empty for a game
// without branch data (Ruleset::branches_data empty; DCSS 0.34 and 0.19 have it).
[[nodiscard]] const std::vector<Branch>& game_branches(const Ruleset& rules);

// A branch and a range of its levels: `--branch D`, `D:3`, `D:1-5` (also
// `D:3-`, `D:-5`, open sides ending at the branch's first or last level).
struct BranchFilter {
  const Branch* branch = nullptr;
  int lo = 0, hi = 0;  // 1 <= lo <= hi <= branch->levels
  // "D:1-5" ("D:3" for one level, "D" for every level).
  [[nodiscard]] std::string text() const;
};

// Reads `text` as NAME[:DEPTHS] against the branches of `rules`, NAME by its
// abbreviation or its name, case-insensitively. Throws fray::Error naming
// `what` ("--branch") for a game without branch data, an unknown branch (with
// the closest names and the list), or depths that are not whole numbers
// within the branch's levels.
[[nodiscard]] BranchFilter parse_branch_filter(const Ruleset& rules, const std::string& text, const std::string& what);

// The monsters the branch's population table places in the filter's levels
// (a row whose depth range overlaps them), each once, in the table's order.
[[nodiscard]] std::vector<std::string> branch_monsters(const BranchFilter& filter);

}  // namespace fray
