// The parts a Shattered Pixel Dungeon mob's fight follows
// (fray/rules/shattered_pd/parts.hpp), by value, and in the catalog.
#include <fray/rules/registry.hpp>
#include <fray/rules/shattered_pd/parts.hpp>

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace spd = fray::shattered_pd;

TEST(SpdParts, TheBatDrainsTheDamageLessFour) {
  // Bat.attackProc: min(damage - 4, HT - HP), healed when positive.
  const std::vector<fray::fight::PartUse> want{
      {"drain", {{"fraction", 1}, {"less", 4}, {"victim_cap", 0}, {"uniform", 0}, {"capped", 1}}, "Bat.attackProc"}};
  const spd::Mob& bat = spd::lookup_mob("vampire_bat");
  EXPECT_EQ(bat.java_class, "Bat");
  EXPECT_EQ(spd::mob_parts(bat), want);
  EXPECT_TRUE(spd::mob_parts(spd::lookup_mob("marsupial_rat")).empty());
  bool listed = false;
  for (const fray::CatalogEntry& e : fray::ruleset("shattered-pd").catalog(fray::CatalogKind::monsters))
    if (e.name == "vampire_bat") {
      EXPECT_EQ(e.parts, want);
      listed = true;
    }
  EXPECT_TRUE(listed);
}
