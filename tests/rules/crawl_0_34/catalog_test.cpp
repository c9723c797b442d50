// Every row of the DCSS 0.34.1 catalogs (data/crawl_0_34/monsters.json and
// weapons.json, as embedded in the library) against the game's own data at
// tag 0.34.1, as tools/crawl/extract_0_34.py extracted it from dat/mons/*.yaml
// and item-prop.cc (tests/golden/crawl_0_34/extracted_monsters.json,
// extracted_items.json): field by field, each field of a row checked, and the
// rows the library loads from them alike. A monster's changed_since_0_19 is
// held to the two versions' extractions.
#include <gtest/gtest.h>

#include <algorithm>
#include <fray/core/embed.hpp>
#include <fray/rules/crawl_0_34/catalog.hpp>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "rules/crawl/catalog_checks.hpp"
#include "support/support.hpp"

namespace fray::crawl_0_34 {
namespace {

using nlohmann::json;
using namespace crawl_test;

// actor_is_susceptible_to_vampirism: natural or plant.
const Version v034{"hp_10x", {"MH_NATURAL", "MH_PLANT"}, 6, &parse_size};

TEST(Crawl034Catalog, EveryMonsterRowIsTheGames) {
  const auto golden = by_id("golden/crawl_0_34/extracted_monsters.json", "monsters");
  ASSERT_EQ(golden.size(), 671u);  // every dat/mons file of 0.34.1
  const json data = catalog("crawl_0_34/monsters.json");
  const json& rows = data.at("monsters");
  ASSERT_EQ(rows.size(), monsters().size());
  ASSERT_EQ(rows.size(), 60u);
  each_row(rows, golden, [](std::size_t i, const json& c, const json& g) {
    expect_monster_row(c, g, v034);
    std::vector<std::string> mine = c.at("flags"), theirs = g.at("flags");
    std::sort(mine.begin(), mine.end());
    std::sort(theirs.begin(), theirs.end());
    EXPECT_EQ(mine, theirs);
    expect_only(
        c, {"id",      "name",       "hd",      "avg_hp_x10",        "ac",     "ev",          "speed",    "size",
            "energy",  "attacks",    "flags",   "fighter",           "archer", "two_weapons", "res_fire", "res_cold",
            "res_neg", "res_poison", "natural", "changed_since_0_19"});
    // The row as the library reads it.
    const MonsterProp& m = monsters()[i];
    expect_monster(m, g, v034);
    const json& e = g.at("energy");
    // 0.34's item and special actions cost 10 and a pickup 100 (monster::action_energy).
    EXPECT_EQ(m.energy,
              (crawl::MonsterEnergy{e.at("move").get<int>(), e.at("swim").get<int>(), e.at("attack").get<int>(),
                                    e.at("missile").get<int>(), e.at("spell").get<int>(), 10, 10, 100}));
  });
}

// changed_since_0_19 lists exactly the fields (HD, HP, AC, EV, speed, size,
// attacks) that differ between the two versions' own data, as (0.19, 0.34.1);
// the 0.19 catalog's monsters that 0.34.1 no longer has are not_found.
TEST(Crawl034Catalog, ChangesSince019AreTheGames) {
  const auto now = by_id("golden/crawl_0_34/extracted_monsters.json", "monsters");
  const auto then = by_id("golden/crawl/extracted_monsters.json", "monsters");
  const json data = catalog("crawl_0_34/monsters.json");
  const std::pair<const char*, const char*> fields[] = {
      {"hd", "hd"},       {"avg_hp_x10", "hp_10x"}, {"ac", "ac"},          {"ev", "ev"},
      {"speed", "speed"}, {"size", "size"},         {"attacks", "attacks"}};
  std::size_t changed = 0;
  for (const json& c : data.at("monsters")) {
    SCOPED_TRACE(c.at("name").get<std::string>());
    const std::string id = c.at("id").get<std::string>();
    ASSERT_TRUE(then.count(id));
    const json& g19 = then.at(id);
    const json& g34 = now.at(id);
    json expected = json::object();
    for (const auto& [key, key34] : fields) {
      const char* key19 = std::string(key) == "avg_hp_x10" ? "avg_hp_10x" : key;
      if (g19.at(key19) == g34.at(key34)) continue;
      if (std::string(key) == "attacks") {
        auto triples = [](const json& attacks) {
          json out = json::array();
          for (const json& a : attacks) out.push_back({a.at("type"), a.at("flavour"), a.at("damage")});
          return out;
        };
        expected[key] = {triples(g19.at(key19)), triples(g34.at(key34))};
      } else {
        expected[key] = {g19.at(key19), g34.at(key34)};
      }
    }
    EXPECT_EQ(c.at("changed_since_0_19"), expected);
    changed += !expected.empty();
  }
  EXPECT_EQ(changed, 25u);
  const json catalog19 = catalog("crawl/monsters.json");
  std::set<std::string> names34;
  for (const auto& [id, g] : now) names34.insert(g.at("name").get<std::string>());
  std::vector<std::string> gone;
  for (const json& c : catalog19.at("monsters"))
    if (!names34.count(c.at("name").get<std::string>())) gone.push_back(c.at("name").get<std::string>());
  EXPECT_EQ(data.at("not_found"), json(gone));
}

TEST(Crawl034Catalog, EveryItemRowIsTheGames) {
  const json items = catalog("crawl_0_34/weapons.json");
  const auto weapons_golden = by_id("golden/crawl_0_34/extracted_items.json", "weapons");
  ASSERT_EQ(weapons_golden.size(), 59u);
  ASSERT_EQ(items.at("weapons").size(), 59u);  // every Weapon_prop row
  each_weapon(items.at("weapons"), weapons_golden, weapons(), [](const json& c, const json& g, const WeaponProp& w) {
    expect_weapon_row(c, g);
    EXPECT_TRUE(c.at("ammo").is_null());  // 0.34's weapon_def has no ammo
    EXPECT_EQ(c.at("is_crossbow"), g.at("crossbow"));
    expect_only(c, {"id", "name", "base_damage", "accuracy", "base_delay_aut", "skill", "min_2h_size", "min_1h_size",
                    "ammo", "ranged", "legacy_only", "commonness", "min_delay_aut", "min_delay_skill", "is_crossbow"});
    expect_weapon(w, g, v034);
    EXPECT_EQ(w.skill, g.at("skill").get<std::string>());
    EXPECT_EQ(w.crossbow, g.at("crossbow").get<bool>());
  });

  const auto missiles_golden = by_id("golden/crawl_0_34/extracted_items.json", "missiles");
  ASSERT_EQ(items.at("missiles").size(), missiles_golden.size());  // every Missile_prop row
  each_row(items.at("missiles"), missiles_golden, [](std::size_t i, const json& c, const json& g) {
    expect_missile_row(c, g);
    expect_only(c, {"id", "name", "base_damage", "legacy_only"});
    EXPECT_EQ(missiles()[i].damage, g.at("damage").get<int>());
    EXPECT_EQ(missiles()[i].legacy, g.at("legacy_only").get<bool>());
  });

  const auto armours_golden = by_id("golden/crawl_0_34/extracted_items.json", "armours");
  ASSERT_EQ(items.at("armours").size(), 23u);  // Armour_prop but the dragon hides and scales
  each_row(items.at("armours"), armours_golden, [](std::size_t i, const json& c, const json& g) {
    expect_armour_row(c, g);
    EXPECT_EQ(c.at("legacy_only"), g.at("legacy_only"));
    expect_only(c, {"id", "name", "base_ac", "ev_penalty_raw", "slot", "legacy_only"});
    EXPECT_EQ(armors()[i].ac, g.at("ac").get<int>());
    EXPECT_EQ(armors()[i].ev_penalty, g.at("ev").get<int>());
    EXPECT_EQ(armors()[i].slot, g.at("slot").get<std::string>());
    EXPECT_EQ(armors()[i].legacy, g.at("legacy_only").get<bool>());
  });
}

}  // namespace
}  // namespace fray::crawl_0_34
