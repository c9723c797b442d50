// Pixel Dungeon catalogs: weapons, armors and mobs against the golden tables,
// the upgrade and depth formulas, and lookups by name.
#include <gtest/gtest.h>

#include <fray/core/error.hpp>
#include <fray/rules/pixel_dungeon/catalog.hpp>
#include <fray/rules/spec.hpp>

#include "support/support.hpp"

namespace pd = fray::pixel_dungeon;

namespace {
std::string key_of(const std::string& name) { return fray::catalog_key(name.substr(0, name.find(" ("))); }
}  // namespace

TEST(PdCatalog, WeaponsMatchGolden) {
  const auto g = fray::test::read_json("golden/pixel_dungeon/weapons.json");
  std::size_t n = 0;
  for (const auto& e : g["weapons"]) {
    const pd::Weapon w = pd::lookup_weapon(key_of(e["name"].get<std::string>()));
    EXPECT_EQ(w.min, e["min"].get<std::int64_t>()) << w.key;
    EXPECT_EQ(w.max, e["max"].get<std::int64_t>()) << w.key;
    if (!e["STR"].is_null()) {
      EXPECT_EQ(w.str, e["STR"].get<int>()) << w.key;
    }
    if (e["kind"] == "melee" && e["class"] != "ShortSword") {
      EXPECT_EQ(pd::melee_max0(e["tier"].get<int>(), e["ACU"].get<float>(), e["DLY"].get<float>()),
                e["max"].get<std::int64_t>())
          << w.key;
    }
    ++n;
  }
  EXPECT_EQ(n, 20u);
}

TEST(PdCatalog, WarHammerIsFiveToTwentyFour) {
  // 30 / 1.2f = 24.999998 in float: 24, not the wiki's 25.
  const pd::Weapon w = pd::lookup_weapon("war_hammer");
  EXPECT_EQ(w.min, 5);
  EXPECT_EQ(w.max, 24);
  EXPECT_EQ(w.str, 18);
  EXPECT_FLOAT_EQ(w.acu, 1.2f);
  EXPECT_EQ(pd::melee_max0(4, 1.2f, 1.0f), 18);  // battle axe: 22/1.2f
  EXPECT_EQ(pd::melee_max0(3, 1.0f, 0.8f), 12);  // mace: 16·0.8f
}

TEST(PdCatalog, Upgrades) {
  const pd::Weapon s = pd::upgraded(pd::lookup_weapon("sword"), 2);  // min +1, max +tier, STR −1 per level
  EXPECT_EQ(s.min, 5);
  EXPECT_EQ(s.max, 22);
  EXPECT_EQ(s.str, 12);
  const pd::Weapon ss = pd::upgraded(pd::lookup_weapon("short_sword"), 1);
  EXPECT_EQ(ss.min, 2);
  EXPECT_EQ(ss.max, 13);
  EXPECT_EQ(ss.str, 10);
  const pd::Weapon b = pd::upgraded(pd::lookup_weapon("boomerang"), 2);
  EXPECT_EQ(b.min, 3);
  EXPECT_EQ(b.max, 8);
  EXPECT_EQ(b.str, 8);
  const pd::Weapon wand = pd::upgraded(pd::lookup_weapon("wand"), 3);  // tier 2: 2 .. (4−2+10)/2 + 3 = 9
  EXPECT_EQ(wand.min, 2);
  EXPECT_EQ(wand.max, 9);
  EXPECT_EQ(pd::lookup_weapon("wand").max, 5);
  EXPECT_THROW((void)pd::upgraded(pd::lookup_weapon("dart"), 1), fray::Error);
  EXPECT_THROW((void)pd::upgraded(pd::lookup_weapon("pickaxe"), 1), fray::Error);
  EXPECT_THROW((void)pd::lookup_weapon("laser"), fray::Error);
}

TEST(PdCatalog, Armors) {
  const auto g = fray::test::read_json("golden/pixel_dungeon/armors.json");
  for (const auto& e : g["armors"]) {
    if (e["DR"].is_null()) continue;
    const pd::Armor a = pd::lookup_armor(key_of(e["name"].get<std::string>()));
    EXPECT_EQ(a.dr, e["DR"].get<std::int64_t>());
    EXPECT_EQ(a.str, e["STR"].get<int>());
  }
  EXPECT_EQ(pd::lookup_armor("scale").dr, 8);
  EXPECT_EQ(pd::upgraded(pd::lookup_armor("scale"), 1).dr, 12);
  EXPECT_EQ(pd::upgraded(pd::lookup_armor("scale"), 1).str, 14);
  EXPECT_EQ(pd::lookup_armor("plate_armor").str, 17);
  EXPECT_THROW((void)pd::lookup_armor("mithril"), fray::Error);
}

TEST(PdCatalog, FixedMobsMatchGolden) {
  const auto g = fray::test::read_json("golden/pixel_dungeon/mobs.json");
  ASSERT_EQ(g["mobs"].size(), 40u);
  EXPECT_EQ(pd::mobs().size(), 40u);
  for (const auto& e : g["mobs"]) {
    const std::string key = key_of(e["name"].get<std::string>());
    if (pd::lookup_mob(key).needs_depth || e["class"] == "npcs.MirrorImage") continue;
    const pd::Mob m = pd::lookup_mob(key);
    EXPECT_EQ(m.ht, e["HT"].get<std::int64_t>()) << key;
    EXPECT_EQ(m.evasion, e["defenseSkill"].get<std::int64_t>()) << key;
    EXPECT_EQ(m.accuracy, e["attackSkill"].get<std::int64_t>()) << key;
    EXPECT_EQ(m.dr, e["dr"].get<std::int64_t>()) << key;
    if (e["damage"].is_object()) {
      EXPECT_EQ(m.damage.min(), e["damage"]["min"].get<std::int64_t>()) << key;
      EXPECT_EQ(m.damage.max(), e["damage"]["max"].get<std::int64_t>()) << key;
    }
  }
}

TEST(PdCatalog, GnollScout) {
  const pd::Mob g = pd::lookup_mob("gnoll_scout");
  EXPECT_EQ(g.ht, 12);
  EXPECT_EQ(g.evasion, 4);
  EXPECT_EQ(g.dr, 2);  // not the wiki's 4
  EXPECT_EQ(g.accuracy, 11);
  EXPECT_EQ(g.damage.kind, pd::Primitive::Kind::normal);
}

TEST(PdCatalog, SpecialMobs) {
  EXPECT_FALSE(pd::lookup_mob("crazy_thief").assassin_bonus);
  EXPECT_FALSE(pd::lookup_mob("crazy_bandit").assassin_bonus);
  EXPECT_FALSE(pd::lookup_mob("swarm_of_flies").assassin_bonus);
  EXPECT_TRUE(pd::lookup_mob("fetid_rat").assassin_bonus);
  EXPECT_TRUE(pd::lookup_mob("yog_dzewa").passive);
  EXPECT_TRUE(pd::lookup_mob("quest_npcs").passive);
  EXPECT_EQ(pd::lookup_mob("quest_npcs").evasion, 1000);
  const pd::Mob shaman = pd::lookup_mob("gnoll_shaman");
  ASSERT_TRUE(shaman.spell);
  EXPECT_EQ(shaman.spell->min(), 2);
  EXPECT_EQ(shaman.spell->max(), 11);
  EXPECT_EQ(pd::lookup_mob("dwarf_warlock").spell->max(), 17);
  EXPECT_TRUE(pd::lookup_mob("evil_eye").beam_only);
  EXPECT_EQ(pd::lookup_mob("gnoll_brute").enraged->max(), 40);
  EXPECT_EQ(pd::lookup_mob("goo").pumped_accuracy, 30);
  EXPECT_FLOAT_EQ(pd::lookup_mob("golem").attack_delay, 1.5f);
}

TEST(PdCatalog, DepthMobs) {
  const pd::Mob w = pd::adjust_stats(pd::lookup_mob("wraith"), {12, {}});
  EXPECT_EQ(w.accuracy, 22);
  EXPECT_EQ(w.evasion, 110);
  EXPECT_EQ(w.damage.min(), 1);
  EXPECT_EQ(w.damage.max(), 15);
  EXPECT_EQ(w.ht, 1);
  const pd::Mob p = pd::adjust_stats(pd::lookup_mob("giant_piranha"), {5, {}});
  EXPECT_EQ(p.ht, 35);
  EXPECT_EQ(p.evasion, 20);
  EXPECT_EQ(p.accuracy, 30);
  EXPECT_EQ(p.damage.min(), 5);
  EXPECT_EQ(p.damage.max(), 14);
  EXPECT_EQ(p.dr, 5);
  const pd::Mob m = pd::adjust_stats(pd::lookup_mob("mimic"), {6, {}});
  EXPECT_EQ(m.ht, 36);
  EXPECT_EQ(m.accuracy, 15);
  EXPECT_EQ(m.evasion, 7);
  EXPECT_EQ(m.damage.min(), 3);
  EXPECT_EQ(m.damage.max(), 9);
  const pd::Mob s = pd::adjust_stats(pd::lookup_mob("animated_statue"), {8, pd::lookup_weapon("war_hammer")});
  EXPECT_EQ(s.ht, 55);
  EXPECT_EQ(s.evasion, 12);
  EXPECT_EQ(s.accuracy, 20);  // (int)(17 · 1.2f)
  EXPECT_EQ(s.damage.max(), 24);
  EXPECT_EQ(s.dr, 8);
  const pd::Mob c = pd::adjust_stats(pd::lookup_mob("curse_personification"), {3, {}});
  EXPECT_EQ(c.ht, 19);
  EXPECT_EQ(c.evasion, 13);
  const pd::Mob b = pd::adjust_stats(pd::lookup_mob("golden_bee"), {4, {}});
  EXPECT_EQ(b.ht, 35);
  EXPECT_EQ(b.damage.min(), 3);
  EXPECT_EQ(b.damage.max(), 8);
  EXPECT_THROW((void)pd::adjust_stats(pd::lookup_mob("wraith")), fray::Error);
  EXPECT_THROW((void)pd::adjust_stats(pd::lookup_mob("gnoll_scout"), {3, {}}), fray::Error);
  EXPECT_THROW((void)pd::adjust_stats(pd::lookup_mob("animated_statue"), {3, {}}), fray::Error);
  EXPECT_THROW((void)pd::lookup_mob("kobold"), fray::Error);
}

TEST(PdCatalog, ShortNames) {
  EXPECT_EQ(pd::lookup_mob("rat").name, "marsupial rat");
  EXPECT_EQ(pd::lookup_mob("gnoll").dr, 2);
  EXPECT_EQ(pd::adjust_stats(pd::lookup_mob("piranha"), {2, {}}).ht, 20);
  EXPECT_EQ(pd::armors().size(), 5u);
  EXPECT_EQ(pd::armors()[3].key, "scale");
}

TEST(PdCatalog, Kits) {
  EXPECT_EQ(pd::starting_kit("warrior").weapon, "short_sword");
  EXPECT_EQ(pd::starting_kit("warrior").str, 11);
  EXPECT_EQ(pd::starting_kit("mage").weapon, "knuckleduster");
  EXPECT_FALSE(pd::starting_kit("mage").missile);
  EXPECT_EQ(pd::starting_kit("huntress").missile.value(), "boomerang");
  EXPECT_EQ(pd::starting_kit("rogue").weapon, "dagger");
  EXPECT_THROW((void)pd::starting_kit("priest"), fray::Error);
}

TEST(PdCatalog, FindAndLookup) {
  // find_X: nullptr for an unknown name; lookup_X: the same entry, or an error naming the closest.
  ASSERT_NE(pd::find_mob("gnoll_scout"), nullptr);
  EXPECT_EQ(pd::find_mob("gnoll"), pd::find_mob("gnoll_scout"));  // short name
  EXPECT_EQ(pd::find_mob("Gnoll scout"), pd::find_mob("gnoll_scout"));
  EXPECT_EQ(&pd::lookup_mob("gnoll_scout"), pd::find_mob("gnoll_scout"));
  EXPECT_EQ(pd::find_mob("kobold"), nullptr);
  EXPECT_EQ(pd::find_weapon("laser"), nullptr);
  EXPECT_EQ(pd::find_armor("mithril"), nullptr);
  EXPECT_EQ(pd::find_armor("scale_armor"), pd::find_armor("scale"));
  EXPECT_EQ(pd::find_weapon("war_hammer")->max, 24);
  auto message = [](auto&& f) {
    try {
      f();
    } catch (const fray::Error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(message([] { (void)pd::lookup_mob("gnol_scout"); }).find("did you mean 'gnoll_scout'"), std::string::npos);
  EXPECT_NE(message([] { (void)pd::lookup_weapon("war_hamer"); }).find("did you mean 'war_hammer'"), std::string::npos);
  EXPECT_NE(message([] { (void)pd::lookup_armor("plait"); }).find("did you mean 'plate'"), std::string::npos);
}

TEST(PdCatalog, SpansHoldEveryDataRow) {
  const auto w = fray::test::read_json("golden/pixel_dungeon/weapons.json");
  EXPECT_EQ(pd::weapons().size(), w["weapons"].size());
  std::size_t armors = 0;
  const auto golden = fray::test::read_json("golden/pixel_dungeon/armors.json");
  for (const auto& e : golden["armors"]) armors += e["DR"].is_null() ? 0 : 1;
  EXPECT_EQ(pd::armors().size(), armors);
  EXPECT_EQ(pd::kits().size(), 4u);
}
