// The parts a Brogue CE monster's fight follows (fray/rules/brogue/parts.hpp),
// from its catalog row, by value, and in the catalog.
#include <fray/rules/brogue/parts.hpp>
#include <fray/rules/registry.hpp>

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace brogue = fray::brogue;

TEST(BrogueParts, TheVampireBatRegeneratesAndTransfers) {
  // turnsBetweenRegen 20: an HP every 20000 thousandths, 1000 a turn (every
  // 100 ticks); MA_TRANSFERENCE: 9/10 of min(damage, the defender's HP), past
  // the maximum.
  const std::vector<fray::fight::PartUse> want{
      {"regeneration",
       {{"every", 1}, {"gain", 1000}, {"threshold", 20000}, {"per_act", 0}, {"chance", 1}, {"at_full", 0}},
       "Monsters.c decrementMonsterStatus"},
      {"drain",
       {{"fraction", 0.9}, {"less", 0}, {"victim_cap", 1}, {"uniform", 0}, {"capped", 0}},
       "Combat.c inflictDamage, MA_TRANSFERENCE"}};
  const brogue::Monster& bat = brogue::lookup_monster("vampire bat");
  EXPECT_TRUE(bat.transference);
  EXPECT_EQ(brogue::monster_parts(bat), want);
  // A goblin regenerates and does not drain.
  const auto goblin = brogue::monster_parts(brogue::lookup_monster("goblin"));
  ASSERT_EQ(goblin.size(), 1u);
  EXPECT_EQ(goblin[0], want[0]);
  bool listed = false;
  for (const fray::CatalogEntry& e : fray::ruleset("brogue").catalog(fray::CatalogKind::monsters))
    if (e.name == "vampire_bat" || e.name == "vampire bat") {
      EXPECT_EQ(e.parts, want);
      listed = true;
    }
  EXPECT_TRUE(listed);
}

// The one list names the poison and the jelly's split too (Combat.c
// specialHit's MA_POISONS, splitMonster: both halves rounded up, at most 100
// others).
TEST(BrogueParts, ThePinkJellySplitsAndTheSpiderPoisons) {
  using fray::fight::parts::find_part;
  using fray::fight::parts::param;
  const auto jelly = brogue::monster_parts(brogue::lookup_monster("pink_jelly"));
  const auto* split = find_part(jelly, "split");
  ASSERT_NE(split, nullptr);
  EXPECT_EQ(param(*split, "halves"), 1);  // both_ceil
  EXPECT_EQ(param(*split, "max_others"), 100);
  const auto spider = brogue::monster_parts(brogue::lookup_monster("spider"));
  const auto* poison = find_part(spider, "poison");
  ASSERT_NE(poison, nullptr);
  EXPECT_EQ(param(*poison, "stack"), 2);  // add
  EXPECT_EQ(find_part(brogue::monster_parts(brogue::lookup_monster("rat")), "poison"), nullptr);
}
