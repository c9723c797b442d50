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

#include "support/support.hpp"

namespace fray::crawl_0_34 {
namespace {

using nlohmann::json;

json catalog(const char* path) { return json::parse(catalog_text(path)); }

std::map<std::string, json> by_key(const char* file, const char* section, const char* key) {
  std::map<std::string, json> out;
  const json data = test::read_json(file);  // kept: a range over a temporary's member would dangle
  for (const json& row : data.at(section)) out.emplace(row.at(key).get<std::string>(), row);
  return out;
}

bool has(const json& list, const char* word) { return std::find(list.begin(), list.end(), json(word)) != list.end(); }

int level(const json& resists, const char* key) { return resists.contains(key) ? resists.at(key).get<int>() : 0; }

void expect_only(const json& row, const std::set<std::string>& checked) {
  for (const auto& [key, value] : row.items()) EXPECT_TRUE(checked.count(key)) << "unchecked field " << key;
}

TEST(Crawl034Catalog, EveryMonsterRowIsTheGames) {
  const auto golden = by_key("golden/crawl_0_34/extracted_monsters.json", "monsters", "id");
  ASSERT_EQ(golden.size(), 671u);  // every dat/mons file of 0.34.1
  const json data = catalog("crawl_0_34/monsters.json");
  const json& rows = data.at("monsters");
  ASSERT_EQ(rows.size(), monsters().size());
  ASSERT_EQ(rows.size(), 60u);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const json& c = rows[i];
    SCOPED_TRACE(c.at("name").get<std::string>());
    const auto it = golden.find(c.at("id").get<std::string>());
    ASSERT_NE(it, golden.end());
    const json& g = it->second;
    EXPECT_EQ(c.at("name"), g.at("name"));
    EXPECT_EQ(c.at("hd"), g.at("hd"));
    EXPECT_EQ(c.at("avg_hp_x10"), g.at("hp_10x"));
    EXPECT_EQ(c.at("ac"), g.at("ac"));
    EXPECT_EQ(c.at("ev"), g.at("ev"));
    EXPECT_EQ(c.at("speed"), g.at("speed"));
    EXPECT_EQ(c.at("size"), g.at("size"));
    EXPECT_EQ(c.at("energy"), g.at("energy"));
    EXPECT_EQ(c.at("attacks"), g.at("attacks"));
    const json& flags = g.at("flags");
    std::vector<std::string> mine = c.at("flags"), theirs = flags;
    std::sort(mine.begin(), mine.end());
    std::sort(theirs.begin(), theirs.end());
    EXPECT_EQ(mine, theirs);
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
    // actor_is_susceptible_to_vampirism: natural or plant.
    const bool natural = has(holiness, "MH_NATURAL") || has(holiness, "MH_PLANT");
    EXPECT_EQ(c.at("natural").get<bool>(), natural);
    expect_only(
        c, {"id",      "name",       "hd",      "avg_hp_x10",        "ac",     "ev",          "speed",    "size",
            "energy",  "attacks",    "flags",   "fighter",           "archer", "two_weapons", "res_fire", "res_cold",
            "res_neg", "res_poison", "natural", "changed_since_0_19"});
    // The row as the library reads it.
    const Monster& m = monsters()[i];
    EXPECT_EQ(m.name, g.at("name").get<std::string>());
    EXPECT_EQ(m.hd, g.at("hd").get<int>());
    EXPECT_EQ(m.avg_hp_x10, g.at("hp_10x").get<int>());
    EXPECT_EQ(m.ac, g.at("ac").get<int>());
    EXPECT_EQ(m.ev, g.at("ev").get<int>());
    EXPECT_EQ(m.speed, g.at("speed").get<int>());
    EXPECT_EQ(m.size, parse_size(g.at("size").get<std::string>()));
    const json& e = g.at("energy");
    // 0.34's item and special actions cost 10 and a pickup 100 (monster::action_energy).
    EXPECT_EQ(m.energy,
              (crawl::MonsterEnergy{e.at("move").get<int>(), e.at("swim").get<int>(), e.at("attack").get<int>(),
                                    e.at("missile").get<int>(), e.at("spell").get<int>(), 10, 10, 100}));
    ASSERT_EQ(m.attacks.size(), g.at("attacks").size());
    for (std::size_t k = 0; k < m.attacks.size(); ++k) {
      const json& a = g.at("attacks")[k];
      EXPECT_EQ(m.attacks[k].type, a.at("type").get<std::string>());
      EXPECT_EQ(m.attacks[k].flavour, a.at("flavour").get<std::string>());
      EXPECT_EQ(m.attacks[k].damage, a.at("damage").get<int>());
    }
    EXPECT_EQ(m.fighter, has(flags, "M_FIGHTER"));
    EXPECT_EQ(m.archer, has(flags, "M_ARCHER"));
    EXPECT_EQ(m.resists.fire, level(r, "fire"));
    EXPECT_EQ(m.resists.cold, level(r, "cold"));
    EXPECT_EQ(m.resists.neg, level(r, "neg"));
    EXPECT_EQ(m.resists.poison, unpoisonable ? 3 : level(r, "poison"));
    EXPECT_EQ(m.resists.natural, natural);
  }
}

// changed_since_0_19 lists exactly the fields (HD, HP, AC, EV, speed, size,
// attacks) that differ between the two versions' own data, as (0.19, 0.34.1);
// the 0.19 catalog's monsters that 0.34.1 no longer has are not_found.
TEST(Crawl034Catalog, ChangesSince019AreTheGames) {
  const auto now = by_key("golden/crawl_0_34/extracted_monsters.json", "monsters", "id");
  const auto then = by_key("golden/crawl/extracted_monsters.json", "monsters", "id");
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
  const auto weapons_golden = by_key("golden/crawl_0_34/extracted_items.json", "weapons", "id");
  ASSERT_EQ(weapons_golden.size(), 59u);
  ASSERT_EQ(items.at("weapons").size(), 59u);  // every Weapon_prop row
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
    EXPECT_TRUE(c.at("ammo").is_null());  // 0.34's weapon_def has no ammo
    EXPECT_EQ(c.at("ranged"), g.at("ranged"));
    EXPECT_EQ(c.at("legacy_only"), g.at("legacy_only"));
    EXPECT_EQ(c.at("commonness"), g.at("commonness"));
    EXPECT_EQ(c.at("min_delay_aut"), g.at("min_delay"));
    EXPECT_EQ(c.at("min_delay_skill"), g.at("min_delay_skill"));
    EXPECT_EQ(c.at("is_crossbow"), g.at("crossbow"));
    expect_only(c, {"id", "name", "base_damage", "accuracy", "base_delay_aut", "skill", "min_2h_size", "min_1h_size",
                    "ammo", "ranged", "legacy_only", "commonness", "min_delay_aut", "min_delay_skill", "is_crossbow"});
    const Weapon& w = weapons()[lib++];
    EXPECT_EQ(w.name, g.at("name").get<std::string>());
    EXPECT_EQ(w.skill, g.at("skill").get<std::string>());
    EXPECT_EQ(w.damage, g.at("damage").get<int>());
    EXPECT_EQ(w.accuracy, g.at("accuracy").get<int>());
    EXPECT_EQ(w.base_delay, g.at("delay").get<int>());
    EXPECT_EQ(w.min_delay, g.at("min_delay").get<int>());
    EXPECT_EQ(w.min_delay_skill, g.at("min_delay_skill").get<int>());
    // NUM_SIZE_LEVELS (6): no size wields it one-handed.
    auto size = [](const json& word) { return word == "NUM_SIZE_LEVELS" ? 6 : parse_size(word.get<std::string>()); };
    EXPECT_EQ(w.min_2h_size, size(g.at("min_2h_size")));
    EXPECT_EQ(w.min_1h_size, size(g.at("min_1h_size")));
    EXPECT_EQ(w.ranged, g.at("ranged").get<bool>());
    EXPECT_EQ(w.legacy, g.at("legacy_only").get<bool>());
    EXPECT_EQ(w.crossbow, g.at("crossbow").get<bool>());
    if (w.name == "staff") {
      EXPECT_TRUE(weapons()[lib++].magic_staff);
    }
  }
  EXPECT_EQ(lib, weapons().size());

  const auto missiles_golden = by_key("golden/crawl_0_34/extracted_items.json", "missiles", "id");
  ASSERT_EQ(items.at("missiles").size(), missiles_golden.size());  // every Missile_prop row
  for (std::size_t i = 0; i < items.at("missiles").size(); ++i) {
    const json& c = items.at("missiles")[i];
    SCOPED_TRACE(c.at("name").get<std::string>());
    const auto it = missiles_golden.find(c.at("id").get<std::string>());
    ASSERT_NE(it, missiles_golden.end());
    const json& g = it->second;
    EXPECT_EQ(c.at("name"), g.at("name"));
    EXPECT_EQ(c.at("base_damage"), g.at("damage"));
    EXPECT_EQ(c.at("legacy_only"), g.at("legacy_only"));
    expect_only(c, {"id", "name", "base_damage", "legacy_only"});
    EXPECT_EQ(missiles()[i].damage, g.at("damage").get<int>());
    EXPECT_EQ(missiles()[i].legacy, g.at("legacy_only").get<bool>());
  }

  const auto armours_golden = by_key("golden/crawl_0_34/extracted_items.json", "armours", "id");
  ASSERT_EQ(items.at("armours").size(), 23u);  // Armour_prop but the dragon hides and scales
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
    EXPECT_EQ(c.at("legacy_only"), g.at("legacy_only"));
    expect_only(c, {"id", "name", "base_ac", "ev_penalty_raw", "slot", "legacy_only"});
    EXPECT_EQ(armors()[i].ac, g.at("ac").get<int>());
    EXPECT_EQ(armors()[i].ev_penalty, g.at("ev").get<int>());
    EXPECT_EQ(armors()[i].slot, g.at("slot").get<std::string>());
    EXPECT_EQ(armors()[i].legacy, g.at("legacy_only").get<bool>());
  }
}

}  // namespace
}  // namespace fray::crawl_0_34
