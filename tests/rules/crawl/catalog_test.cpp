// Every row of the DCSS 0.19 catalogs (data/crawl/monsters.json and
// weapons.json, as embedded in the library) against the game's own tables at
// tag 0.19.6, as tools/crawl/extract_0_19.py extracted them from mon-data.h and
// itemprop.cc (tests/golden/crawl/extracted_monsters.json, extracted_items.json):
// field by field, each field of a row checked, and the rows the library loads
// from them alike.
#include <gtest/gtest.h>

#include <algorithm>
#include <fray/core/embed.hpp>
#include <fray/rules/crawl/catalog.hpp>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "support/support.hpp"

namespace fray::crawl {
namespace {

using nlohmann::json;

json catalog(const char* path) { return json::parse(catalog_text(path)); }

// The golden rows of `section` by their id (the game's enum: MONS_OGRE, WPN_CLUB, ...).
std::map<std::string, json> by_id(const char* file, const char* section) {
  std::map<std::string, json> out;
  const json data = test::read_json(file);  // kept: a range over a temporary's member would dangle
  for (const json& row : data.at(section)) out.emplace(row.at("id").get<std::string>(), row);
  return out;
}

bool has(const json& list, const char* word) { return std::find(list.begin(), list.end(), json(word)) != list.end(); }

int level(const json& resists, const char* key) { return resists.contains(key) ? resists.at(key).get<int>() : 0; }

// Every key of `row` is one the test checks, so that no field of a catalog goes unchecked.
void expect_only(const json& row, const std::set<std::string>& checked) {
  for (const auto& [key, value] : row.items()) EXPECT_TRUE(checked.count(key)) << "unchecked field " << key;
}

TEST(CrawlCatalog, EveryMonsterRowIsTheGames) {
  const auto golden = by_id("golden/crawl/extracted_monsters.json", "monsters");
  ASSERT_EQ(golden.size(), 636u);  // every mondata[] row of 0.19.6
  const json rows = catalog("crawl/monsters.json").at("monsters");
  ASSERT_EQ(rows.size(), monsters().size());
  ASSERT_EQ(rows.size(), 63u);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const json& c = rows[i];
    SCOPED_TRACE(c.at("name").get<std::string>());
    const auto it = golden.find(c.at("id").get<std::string>());
    ASSERT_NE(it, golden.end());
    const json& g = it->second;
    EXPECT_EQ(c.at("name"), g.at("name"));
    EXPECT_EQ(c.at("hd"), g.at("hd"));
    EXPECT_EQ(c.at("avg_hp_x10"), g.at("avg_hp_10x"));
    EXPECT_EQ(c.at("ac"), g.at("ac"));
    EXPECT_EQ(c.at("ev"), g.at("ev"));
    EXPECT_EQ(c.at("speed"), g.at("speed"));
    EXPECT_EQ(c.at("size"), g.at("size"));
    EXPECT_EQ(c.at("energy"), g.at("energy"));
    EXPECT_EQ(c.at("attacks"), g.at("attacks"));
    const json& flags = g.at("flags");
    EXPECT_EQ(c.at("fighter").get<bool>(), has(flags, "M_FIGHTER"));
    EXPECT_EQ(c.at("archer").get<bool>(), has(flags, "M_ARCHER"));
    EXPECT_EQ(c.at("two_weapons").get<bool>(), has(flags, "M_TWO_WEAPONS"));
    const json& r = g.at("resists");
    const json& holiness = g.at("holiness");
    EXPECT_EQ(c.at("res_fire").get<int>(), level(r, "fire"));
    EXPECT_EQ(c.at("res_cold").get<int>(), level(r, "cold"));
    EXPECT_EQ(c.at("res_neg").get<int>(), level(r, "neg"));
    // mon-util.cc _apply_holiness_resists: undead and nonliving monsters resist poison fully.
    const bool unpoisonable = has(holiness, "MH_UNDEAD") || has(holiness, "MH_NONLIVING");
    EXPECT_EQ(c.at("res_poison").get<int>(), unpoisonable ? 3 : level(r, "poison"));
    EXPECT_EQ(c.at("natural").get<bool>(), has(holiness, "MH_NATURAL"));
    expect_only(c, {"id", "name", "hd", "avg_hp_x10", "ac", "ev", "speed", "size", "energy", "attacks", "fighter",
                    "archer", "two_weapons", "res_fire", "res_cold", "res_neg", "res_poison", "natural"});
    // The row as the library reads it.
    const MonsterProp& m = monsters()[i];
    EXPECT_EQ(m.name, g.at("name").get<std::string>());
    EXPECT_EQ(m.hd, g.at("hd").get<int>());
    EXPECT_EQ(m.avg_hp_x10, g.at("avg_hp_10x").get<int>());
    EXPECT_EQ(m.ac, g.at("ac").get<int>());
    EXPECT_EQ(m.ev, g.at("ev").get<int>());
    EXPECT_EQ(m.speed, g.at("speed").get<int>());
    EXPECT_EQ(m.size, parse_size(g.at("size").get<std::string>()));
    const json& e = g.at("energy");
    EXPECT_EQ(m.energy, (MonsterEnergy{e.at("move").get<int>(), e.at("swim").get<int>(), e.at("attack").get<int>(),
                                       e.at("missile").get<int>(), e.at("spell").get<int>(), e.at("special").get<int>(),
                                       e.at("item").get<int>(), e.at("pickup_percent").get<int>()}));
    ASSERT_EQ(m.attacks.size(), g.at("attacks").size());
    for (std::size_t k = 0; k < m.attacks.size(); ++k) {
      const json& a = g.at("attacks")[k];
      EXPECT_EQ(m.attacks[k].type, a.at("type").get<std::string>());
      EXPECT_EQ(m.attacks[k].flavour, a.at("flavour").get<std::string>());
      EXPECT_EQ(m.attacks[k].damage, a.at("damage").get<int>());
      EXPECT_EQ(m.attacks[k].uses_weapon, m.attacks[k].type == "AT_HIT" || m.attacks[k].type == "AT_WEAP_ONLY");
    }
    EXPECT_EQ(m.fighter, has(flags, "M_FIGHTER"));
    EXPECT_EQ(m.archer, has(flags, "M_ARCHER"));
    EXPECT_EQ(m.resists.fire, level(r, "fire"));
    EXPECT_EQ(m.resists.cold, level(r, "cold"));
    EXPECT_EQ(m.resists.neg, level(r, "neg"));
    EXPECT_EQ(m.resists.poison, unpoisonable ? 3 : level(r, "poison"));
    EXPECT_EQ(m.resists.natural, has(holiness, "MH_NATURAL"));
  }
}

TEST(CrawlCatalog, EveryItemRowIsTheGames) {
  const json items = catalog("crawl/weapons.json");
  const auto weapons_golden = by_id("golden/crawl/extracted_items.json", "weapons");
  ASSERT_EQ(weapons_golden.size(), 57u);
  ASSERT_EQ(items.at("weapons").size(), 57u);  // every Weapon_prop row
  std::size_t lib = 0;
  for (const json& c : items.at("weapons")) {
    SCOPED_TRACE(c.at("name").get<std::string>());
    const auto it = weapons_golden.find(c.at("id").get<std::string>());
    ASSERT_NE(it, weapons_golden.end());
    const json& g = it->second;
    EXPECT_EQ(c.at("name"), g.at("name"));
    EXPECT_EQ(c.at("base_damage"), g.at("damage"));
    EXPECT_EQ(c.at("accuracy"), g.at("accuracy"));
    EXPECT_EQ(c.at("base_delay_aut"), g.at("delay"));
    EXPECT_EQ(c.at("skill"), g.at("skill"));
    EXPECT_EQ(c.at("min_2h_size"), g.at("min_2h_size"));
    EXPECT_EQ(c.at("min_1h_size"), g.at("min_1h_size"));
    EXPECT_EQ(c.at("ammo"), g.at("ammo"));
    EXPECT_EQ(c.at("ranged"), g.at("ranged"));
    EXPECT_EQ(c.at("legacy_only"), g.at("legacy_only"));
    EXPECT_EQ(c.at("commonness"), g.at("commonness"));
    EXPECT_EQ(c.at("min_delay_aut"), g.at("min_delay"));
    EXPECT_EQ(c.at("min_delay_skill"), g.at("min_delay_skill"));
    expect_only(c, {"id", "name", "base_damage", "accuracy", "base_delay_aut", "skill", "min_2h_size", "min_1h_size",
                    "ammo", "ranged", "legacy_only", "commonness", "min_delay_aut", "min_delay_skill"});
    // The library's row (the staff row is followed by its magical-staff copy).
    const WeaponProp& w = weapons()[lib++];
    EXPECT_EQ(w.name, g.at("name").get<std::string>());
    EXPECT_EQ(w.damage, g.at("damage").get<int>());
    EXPECT_EQ(w.accuracy, g.at("accuracy").get<int>());
    EXPECT_EQ(w.base_delay, g.at("delay").get<int>());
    EXPECT_EQ(w.min_delay, g.at("min_delay").get<int>());
    EXPECT_EQ(w.min_delay_skill, g.at("min_delay_skill").get<int>());
    // NUM_SIZE_LEVELS (7): no size wields it one-handed.
    auto size = [](const json& word) { return word == "NUM_SIZE_LEVELS" ? 7 : parse_size(word.get<std::string>()); };
    EXPECT_EQ(w.min_2h_size, size(g.at("min_2h_size")));
    EXPECT_EQ(w.min_1h_size, size(g.at("min_1h_size")));
    EXPECT_EQ(w.ranged, g.at("ranged").get<bool>());
    EXPECT_EQ(w.legacy, g.at("legacy_only").get<bool>());
    EXPECT_EQ(w.skill, parse_skill(g.at("skill").get<std::string>()));
    if (w.name == "staff") {
      EXPECT_TRUE(weapons()[lib++].magic_staff);
    }
  }
  EXPECT_EQ(lib, weapons().size());

  const auto missiles_golden = by_id("golden/crawl/extracted_items.json", "missiles");
  ASSERT_EQ(items.at("missiles").size(), missiles_golden.size());  // every Missile_prop row
  for (std::size_t i = 0; i < items.at("missiles").size(); ++i) {
    const json& c = items.at("missiles")[i];
    SCOPED_TRACE(c.at("name").get<std::string>());
    const auto it = missiles_golden.find(c.at("id").get<std::string>());
    ASSERT_NE(it, missiles_golden.end());
    const json& g = it->second;
    EXPECT_EQ(c.at("name"), g.at("name"));
    EXPECT_EQ(c.at("base_damage"), g.at("damage"));
    EXPECT_EQ(c.at("throwable"), g.at("throwable"));
    EXPECT_EQ(c.at("legacy_only"), g.at("legacy_only"));
    expect_only(c, {"id", "name", "base_damage", "throwable", "legacy_only"});
    EXPECT_EQ(missiles()[i].damage, g.at("damage").get<int>());
    EXPECT_EQ(missiles()[i].throwable, g.at("throwable").get<bool>());
  }

  const auto armours_golden = by_id("golden/crawl/extracted_items.json", "armours");
  ASSERT_EQ(items.at("armours").size(), 31u);  // Armour_prop but the ten dragon hides
  for (std::size_t i = 0; i < items.at("armours").size(); ++i) {
    const json& c = items.at("armours")[i];
    SCOPED_TRACE(c.at("name").get<std::string>());
    const auto it = armours_golden.find(c.at("id").get<std::string>());
    ASSERT_NE(it, armours_golden.end());
    const json& g = it->second;
    EXPECT_EQ(c.at("name"), g.at("name"));
    EXPECT_EQ(c.at("base_ac"), g.at("ac"));
    EXPECT_EQ(c.at("ev_penalty_raw"), g.at("ev"));
    EXPECT_EQ(c.at("slot"), g.at("slot"));
    expect_only(c, {"id", "name", "base_ac", "ev_penalty_raw", "slot"});
    EXPECT_EQ(armors()[i].ac, g.at("ac").get<int>());
    EXPECT_EQ(armors()[i].ev_penalty, g.at("ev").get<int>());
  }
}

}  // namespace
}  // namespace fray::crawl
