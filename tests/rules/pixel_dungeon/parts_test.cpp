// The parts a Pixel Dungeon mob's fight follows (fray/rules/pixel_dungeon/parts.hpp),
// by value, and as `fray list monsters --json` shows them.
#include <fray/rules/pixel_dungeon/parts.hpp>
#include <fray/rules/registry.hpp>

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace pd = fray::pixel_dungeon;

TEST(PdParts, TheVampireBatDrains) {
  // Bat.attackProc: min(damage, HT - HP): the whole damage, capped at HT.
  const std::vector<fray::fight::PartUse> want{
      {"drain", {{"fraction", 1}, {"less", 0}, {"victim_cap", 0}, {"uniform", 0}, {"capped", 1}}, "Bat.attackProc"}};
  EXPECT_EQ(pd::mob_parts(pd::lookup_mob("vampire_bat")), want);
  EXPECT_TRUE(pd::mob_parts(pd::lookup_mob("marsupial_rat")).empty());
  // The catalog lists the same.
  bool listed = false;
  for (const fray::CatalogEntry& e : fray::ruleset("pixel-dungeon").catalog(fray::CatalogKind::monsters))
    if (e.name == "vampire_bat") {
      EXPECT_EQ(e.parts, want);
      listed = true;
    }
  EXPECT_TRUE(listed);
}
