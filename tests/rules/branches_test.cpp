// The branches of a game's dungeon (fray/rules/branches.hpp): the population
// tables against facts read in DCSS's own mon-pick-data.h and branch-data.h
// (0.34.1 and 0.19.6), the NAME[:DEPTHS] filter and its errors.
#include <fray/core/error.hpp>
#include <fray/rules/branches.hpp>
#include <fray/rules/ruleset.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace fray {
namespace {

void expect_branch_error(const Ruleset& rules, const std::string& text, const std::string& part) {
  try {
    (void)parse_branch_filter(rules, text, "--branch");
    ADD_FAILURE() << "no error for '" << text << "', expected one containing: " << part;
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
  }
}

const Branch& branch_of(const Ruleset& rules, const std::string& abbrev) {
  for (const Branch& b : game_branches(rules))
    if (b.abbrev == abbrev) return b;
  throw std::runtime_error("no branch " + abbrev);
}

std::vector<BranchPopulation> rows_of(const Branch& b, const std::string& monster) {
  std::vector<BranchPopulation> out;
  for (const BranchPopulation& p : b.population)
    if (p.monster == monster) out.push_back(p);
  return out;
}

std::vector<std::string> monsters(const Ruleset& rules, const std::string& text) {
  std::vector<std::string> m = branch_monsters(parse_branch_filter(rules, text, "--branch"));
  std::sort(m.begin(), m.end());
  return m;
}

bool has(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// branch-data.h branches[]: the branches in branch_type's order, but those
// branch.cc branch_is_unfinished() names (Dwarf, Blade, Forest, Labyrinth).
TEST(Branches, Crawl034BranchesAndLevels) {
  const Ruleset& rules = ruleset("crawl-0.34");
  const std::vector<Branch>& bs = game_branches(rules);
  ASSERT_EQ(bs.size(), 36u);
  EXPECT_EQ(bs.front().abbrev, "D");
  EXPECT_EQ(bs.front().name, "Dungeon");
  std::vector<std::string> abbrevs;
  for (const Branch& b : bs) abbrevs.push_back(b.abbrev);
  for (const char* gone : {"Dwarf", "Blade", "Forest", "Lab"}) EXPECT_FALSE(has(abbrevs, gone)) << gone;
  const std::pair<const char*, int> levels[] = {
      {"D", 15},    {"Temple", 1}, {"Orc", 2},    {"Elf", 3}, {"Lair", 5},  {"Swamp", 4}, {"Snake", 4}, {"Vaults", 5},
      {"Crypt", 3}, {"Tomb", 3},   {"Depths", 4}, {"Zot", 5}, {"Abyss", 7}, {"Dis", 7},   {"Zig", 27},  {"Sewer", 1}};
  for (const auto& [abbrev, n] : levels) EXPECT_EQ(branch_of(rules, abbrev).levels, n) << abbrev;
}

// mon-pick-data.h population[]: the rows of fray's catalog monsters, counted
// and read (the file's 941 rows but the draugr's two, a monster the catalog
// leaves out, and the Zot orb's two, a placeholder).
TEST(Branches, Crawl034PopulationTable) {
  const Ruleset& rules = ruleset("crawl-0.34");
  std::size_t total = 0;
  for (const Branch& b : game_branches(rules)) total += b.population.size();
  EXPECT_EQ(total, 937u);
  EXPECT_EQ(branch_of(rules, "D").population.size(), 129u);
  EXPECT_EQ(branch_of(rules, "Lair").population.size(), 38u);
  EXPECT_EQ(branch_of(rules, "Depths").population.size(), 48u);  // POP_DEPTHS
  EXPECT_EQ(branch_of(rules, "Crypt").population.size(), 26u);
  EXPECT_EQ(branch_of(rules, "Tomb").population.size(), 12u);  // 13 but the draugr
  EXPECT_EQ(branch_of(rules, "Zot").population.size(), 34u);   // 36 but the orb's two
  EXPECT_TRUE(branch_of(rules, "Temple").population.empty());
  EXPECT_TRUE(branch_of(rules, "Zig").population.empty());

  // D's jackal: { 1, 3, 175, FLAT } then { 4, 5, 175, FALL }.
  const auto jackal = rows_of(branch_of(rules, "D"), "jackal");
  ASSERT_EQ(jackal.size(), 2u);
  EXPECT_EQ(jackal[0].min_depth, 1);
  EXPECT_EQ(jackal[0].max_depth, 3);
  EXPECT_EQ(jackal[0].rarity, 175);
  EXPECT_EQ(jackal[0].shape, "flat");
  EXPECT_EQ(jackal[1].min_depth, 4);
  EXPECT_EQ(jackal[1].max_depth, 5);
  EXPECT_EQ(jackal[1].shape, "fall");
  // The Depths' rakshasa: { -3, 3, 250, SEMI }.
  const auto rakshasa = rows_of(branch_of(rules, "Depths"), "rakshasa");
  ASSERT_EQ(rakshasa.size(), 1u);
  EXPECT_EQ(rakshasa[0].min_depth, -3);
  EXPECT_EQ(rakshasa[0].max_depth, 3);
  EXPECT_EQ(rakshasa[0].rarity, 250);
  EXPECT_EQ(rakshasa[0].shape, "semi");
}

TEST(Branches, Crawl034FilterByDepth) {
  const Ruleset& rules = ruleset("crawl-0.34");
  // D:1: the twelve rows of D whose range starts at 1 (none starts lower).
  EXPECT_EQ(monsters(rules, "D:1"),
            (std::vector<std::string>{"ball python", "bat", "dart slug", "endoplasm", "frilled lizard", "gnoll",
                                      "goblin", "hobgoblin", "jackal", "kobold", "quokka", "rat"}));
  // The ribbon worm { 2, 5 } and the adder { 2, 6 } join at D:2.
  const auto d2 = monsters(rules, "D:2");
  EXPECT_EQ(d2.size(), 14u);
  EXPECT_TRUE(has(d2, "ribbon worm"));
  EXPECT_TRUE(has(d2, "adder"));
  // The jackal's two rows reach D:5, not D:6.
  EXPECT_TRUE(has(monsters(rules, "D:5"), "jackal"));
  EXPECT_FALSE(has(monsters(rules, "D:6"), "jackal"));
  EXPECT_TRUE(has(monsters(rules, "d:4-7"), "jackal"));  // by abbreviation, any case
  EXPECT_EQ(monsters(rules, "Dungeon:1"), monsters(rules, "D:1"));
  EXPECT_EQ(monsters(rules, "D:-1"), monsters(rules, "D:1"));
  EXPECT_EQ(monsters(rules, "D:1-"), monsters(rules, "D"));
  // The Depths' rakshasa { -3, 3 } is at Depths:3, not Depths:4.
  EXPECT_TRUE(has(monsters(rules, "Depths:3"), "rakshasa"));
  EXPECT_FALSE(has(monsters(rules, "Depths:4"), "rakshasa"));
  // Lair's dire elephant { 10, 11 } is only an out-of-depth pick: Lair has 5 levels.
  EXPECT_FALSE(has(monsters(rules, "Lair"), "dire elephant"));
  EXPECT_TRUE(has(monsters(rules, "Lair:1"), "black bear"));  // { -2, 4 }

  const BranchFilter f = parse_branch_filter(rules, "depths:2-3", "--branch");
  EXPECT_EQ(f.text(), "Depths:2-3");
  EXPECT_EQ(parse_branch_filter(rules, "D:1-15", "--branch").text(), "D");
  EXPECT_EQ(parse_branch_filter(rules, "D:4-4", "--branch").text(), "D:4");
}

// 0.19.6: the same tables, its own rows; fray's 0.19 catalog has 63 monsters.
TEST(Branches, Crawl019) {
  const Ruleset& rules = ruleset("crawl");
  const std::vector<Branch>& bs = game_branches(rules);
  ASSERT_EQ(bs.size(), 33u);
  EXPECT_EQ(branch_of(rules, "Lair").levels, 6);
  EXPECT_EQ(branch_of(rules, "Depths").levels, 5);
  // pop_d[]'s jackal: { 1, 11, 335, SEMI }.
  const auto jackal = rows_of(branch_of(rules, "D"), "jackal");
  ASSERT_EQ(jackal.size(), 1u);
  EXPECT_EQ(jackal[0].min_depth, 1);
  EXPECT_EQ(jackal[0].max_depth, 11);
  EXPECT_EQ(jackal[0].rarity, 335);
  EXPECT_EQ(jackal[0].shape, "semi");
  EXPECT_TRUE(has(monsters(rules, "D:11"), "jackal"));
  EXPECT_FALSE(has(monsters(rules, "D:12"), "jackal"));
}

TEST(Branches, Errors) {
  const Ruleset& crawl = ruleset("crawl-0.34");
  expect_branch_error(crawl, "Lari", "crawl-0.34 has no branch 'Lari' (did you mean 'Lair'");
  expect_branch_error(crawl, "Lari", "(its branches: D, Temple, Orc,");
  expect_branch_error(crawl, ":3", "has no branch ''");
  for (const char* bad : {"D:", "D:0", "D:16", "D:3-2", "D:-", "D:1-2-3", "D:+3", "D:x", "D:1.5", "D:99999"})
    expect_branch_error(crawl, bad, "whole levels 1..15 (Dungeon has 15 levels)");
  expect_branch_error(crawl, "Orc:3", "whole levels 1..2 (Orcish Mines has 2 levels)");
  for (const char* game : {"pixel-dungeon", "shattered-pd", "brogue", "epixx"}) {
    EXPECT_TRUE(game_branches(ruleset(game)).empty()) << game;
    expect_branch_error(ruleset(game), "D", std::string("--branch: ") + game + " has no branch data");
  }
}

}  // namespace
}  // namespace fray
