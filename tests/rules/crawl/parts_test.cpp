// The parts a DCSS monster's fight follows (fray/rules/crawl/parts.hpp), in
// both versions, from its catalog row, by value, and in the catalogs.
#include <fray/rules/crawl/catalog.hpp>
#include <fray/rules/crawl/parts.hpp>
#include <fray/rules/crawl_0_34/catalog.hpp>
#include <fray/rules/registry.hpp>

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace crawl = fray::crawl;

namespace {

fray::fight::PartUse regeneration(double chance, const char* source) {
  return {"regeneration",
          {{"every", 0}, {"gain", 1}, {"threshold", 1}, {"per_act", 0}, {"chance", chance}, {"at_full", 0}},
          source};
}

// The same uses, the parameters within rounding (the chance sums the game's draws' branches).
void expect_uses(const std::vector<fray::fight::PartUse>& got, const std::vector<fray::fight::PartUse>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(got[i].part, want[i].part);
    EXPECT_EQ(got[i].source, want[i].source);
    ASSERT_EQ(got[i].params.size(), want[i].params.size()) << got[i].part;
    for (std::size_t k = 0; k < got[i].params.size(); ++k) {
      EXPECT_EQ(got[i].params[k].first, want[i].params[k].first);
      EXPECT_NEAR(got[i].params[k].second, want[i].params[k].second, 1e-12) << got[i].params[k].first;
    }
  }
}

}  // namespace

TEST(CrawlParts, TheVampireKnightRegeneratesAndItsSecondAttackDrains) {
  // natural_regen_rate at HD 11: div_rand_round(15 - 11, 4) = 1 exactly,
  // then div_rand_round(11, 1) = 11: 11/25 a turn. AF_VAMPIRIC on attack 1:
  // 1 + random2(damage), up to the maximum.
  const std::vector<fray::fight::PartUse> want{
      regeneration(11.0 / 25, "mon-act.cc _monster_regenerate, natural_regen_rate"),
      {"drain",
       {{"fraction", 1}, {"less", 0}, {"victim_cap", 0}, {"uniform", 1}, {"capped", 1}, {"attack", 1}},
       "mons_apply_attack_flavour, AF_VAMPIRIC"}};
  expect_uses(crawl::monster_parts(crawl::lookup_monster("vampire knight")), want);
  expect_uses(crawl::monster_parts(fray::crawl_0_34::lookup_monster("vampire knight")), want);
  EXPECT_EQ(crawl::drain_of_attack(want, 1), &want[1]);
  EXPECT_EQ(crawl::drain_of_attack(want, 0), nullptr);
}

TEST(CrawlParts, AGoblinAndATroll) {
  // HD 1: natural_regen_rate is 1 whatever the draws: 1/25. The troll: M_FAST_REGEN, every turn.
  expect_uses(
      crawl::monster_parts(crawl::lookup_monster("goblin")),
      (std::vector<fray::fight::PartUse>{regeneration(0.04, "mon-act.cc _monster_regenerate, natural_regen_rate")}));
  expect_uses(crawl::monster_parts(crawl::lookup_monster("troll")),
              (std::vector<fray::fight::PartUse>{regeneration(1, "mon-act.cc _monster_regenerate, M_FAST_REGEN")}));
  for (const char* id : {"crawl", "crawl-0.34"}) {
    bool listed = false;
    for (const fray::CatalogEntry& e : fray::ruleset(id).catalog(fray::CatalogKind::monsters))
      if (e.name == "vampire_knight" || e.name == "vampire knight") {
        ASSERT_EQ(e.parts.size(), 2u) << id;
        EXPECT_EQ(e.parts[1].part, "drain") << id;
        listed = true;
      }
    EXPECT_TRUE(listed) << id;
  }
}
