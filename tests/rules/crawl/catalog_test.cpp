// Every row of the DCSS 0.19 catalogs (data/crawl/monsters.json and
// weapons.json, as embedded in the library) against the game's own tables at
// tag 0.19.6, as tools/crawl/extract_0_19.py extracted them from mon-data.h and
// itemprop.cc (tests/golden/crawl/extracted_monsters.json, extracted_items.json):
// field by field, each field of a row checked, and the rows the library loads
// from them alike.
#include <gtest/gtest.h>

#include <cstddef>
#include <fray/rules/crawl/catalog.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "rules/crawl/catalog_checks.hpp"

namespace fray::crawl {
namespace {

using nlohmann::json;
using namespace crawl_test;

const Version v019{"avg_hp_10x", {"MH_NATURAL"}, 7, &parse_size};

TEST(CrawlCatalog, EveryMonsterRowIsTheGames) {
  const auto golden = by_id("golden/crawl/extracted_monsters.json", "monsters");
  ASSERT_EQ(golden.size(), 636u);  // every mondata[] row of 0.19.6
  const json rows = catalog("crawl/monsters.json").at("monsters");
  ASSERT_EQ(rows.size(), monsters().size());
  ASSERT_EQ(rows.size(), 63u);
  each_row(rows, golden, [](std::size_t i, const json& c, const json& g) {
    expect_monster_row(c, g, v019);
    expect_only(c, {"id", "name", "hd", "avg_hp_x10", "ac", "ev", "speed", "size", "energy", "attacks", "fighter",
                    "archer", "two_weapons", "res_fire", "res_cold", "res_neg", "res_poison", "natural"});
    // The row as the library reads it.
    const MonsterProp& m = monsters()[i];
    expect_monster(m, g, v019);
    const json& e = g.at("energy");
    EXPECT_EQ(m.energy, (MonsterEnergy{e.at("move").get<int>(), e.at("swim").get<int>(), e.at("attack").get<int>(),
                                       e.at("missile").get<int>(), e.at("spell").get<int>(), e.at("special").get<int>(),
                                       e.at("item").get<int>(), e.at("pickup_percent").get<int>()}));
    for (const MonsterAttack& a : m.attacks) EXPECT_EQ(a.uses_weapon, a.type == "AT_HIT" || a.type == "AT_WEAP_ONLY");
  });
}

TEST(CrawlCatalog, EveryItemRowIsTheGames) {
  const json items = catalog("crawl/weapons.json");
  const auto weapons_golden = by_id("golden/crawl/extracted_items.json", "weapons");
  ASSERT_EQ(weapons_golden.size(), 57u);
  ASSERT_EQ(items.at("weapons").size(), 57u);  // every Weapon_prop row
  each_weapon(items.at("weapons"), weapons_golden, weapons(), [](const json& c, const json& g, const WeaponProp& w) {
    expect_weapon_row(c, g);
    EXPECT_EQ(c.at("ammo"), g.at("ammo"));
    expect_only(c, {"id", "name", "base_damage", "accuracy", "base_delay_aut", "skill", "min_2h_size", "min_1h_size",
                    "ammo", "ranged", "legacy_only", "commonness", "min_delay_aut", "min_delay_skill"});
    expect_weapon(w, g, v019);
    EXPECT_EQ(w.skill, parse_skill(g.at("skill").get<std::string>()));
  });

  const auto missiles_golden = by_id("golden/crawl/extracted_items.json", "missiles");
  ASSERT_EQ(items.at("missiles").size(), missiles_golden.size());  // every Missile_prop row
  each_row(items.at("missiles"), missiles_golden, [](std::size_t i, const json& c, const json& g) {
    expect_missile_row(c, g);
    EXPECT_EQ(c.at("throwable"), g.at("throwable"));
    expect_only(c, {"id", "name", "base_damage", "throwable", "legacy_only"});
    EXPECT_EQ(missiles()[i].damage, g.at("damage").get<int>());
    EXPECT_EQ(missiles()[i].throwable, g.at("throwable").get<bool>());
  });

  const auto armours_golden = by_id("golden/crawl/extracted_items.json", "armours");
  ASSERT_EQ(items.at("armours").size(), 31u);  // Armour_prop but the ten dragon hides
  each_row(items.at("armours"), armours_golden, [](std::size_t i, const json& c, const json& g) {
    expect_armour_row(c, g);
    expect_only(c, {"id", "name", "base_ac", "ev_penalty_raw", "slot"});
    EXPECT_EQ(armors()[i].ac, g.at("ac").get<int>());
    EXPECT_EQ(armors()[i].ev_penalty, g.at("ev").get<int>());
  });
}

}  // namespace
}  // namespace fray::crawl
