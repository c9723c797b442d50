// Checks both DCSS versions' catalog tests share: a catalog row (as embedded
// in the library, and as the library reads it) against the game's own row as
// tools/crawl/extract_*.py extracted it, field by field for the fields both
// versions have. What a version names or counts otherwise is its Version; the
// fields only one version has are checked by that version's test.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <fray/core/embed.hpp>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "support/support.hpp"

namespace fray::crawl_test {

using nlohmann::json;

inline json catalog(const char* path) { return json::parse(catalog_text(path)); }

// The golden rows of `section` by their id (the game's enum: MONS_OGRE, WPN_CLUB, ...).
inline std::map<std::string, json> by_id(const char* file, const char* section) {
  std::map<std::string, json> out;
  const json data = test::read_json(file);  // kept: a range over a temporary's member would dangle
  for (const json& row : data.at(section)) out.emplace(row.at("id").get<std::string>(), row);
  return out;
}

inline bool has(const json& list, const char* word) {
  return std::find(list.begin(), list.end(), json(word)) != list.end();
}

inline int level(const json& resists, const char* key) {
  return resists.contains(key) ? resists.at(key).get<int>() : 0;
}

// Every key of `row` is one the test checks, so that no field of a catalog goes unchecked.
inline void expect_only(const json& row, const std::set<std::string>& checked) {
  for (const auto& [key, value] : row.items()) EXPECT_TRUE(checked.count(key)) << "unchecked field " << key;
}

// check(i, row, golden row) for every row of `rows`, each found in `golden` by its id.
template <class Check>
void each_row(const json& rows, const std::map<std::string, json>& golden, Check&& check) {
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const json& c = rows[i];
    SCOPED_TRACE(c.at("name").get<std::string>());
    const auto it = golden.find(c.at("id").get<std::string>());
    ASSERT_NE(it, golden.end());
    check(i, c, it->second);
  }
}

// What the versions' extracted rows and rules name differently.
struct Version {
  const char* hp_key;                        // a monster's average HP ×10: "avg_hp_10x" (0.19), "hp_10x" (0.34)
  std::vector<const char*> natural;          // the holinesses the vampiric brand drains
  int num_size_levels;                       // NUM_SIZE_LEVELS: no size wields the weapon one-handed
  int (*parse_size)(std::string_view word);  // the version's size names
};

// Whether a golden monster row is one the vampiric brand drains.
inline bool natural(const json& g, const Version& v) {
  return std::any_of(v.natural.begin(), v.natural.end(), [&](const char* h) { return has(g.at("holiness"), h); });
}

// mon-util.cc _apply_holiness_resists: undead and nonliving monsters resist poison fully.
inline int poison(const json& g) {
  const json& holiness = g.at("holiness");
  const bool unpoisonable = has(holiness, "MH_UNDEAD") || has(holiness, "MH_NONLIVING");
  return unpoisonable ? 3 : level(g.at("resists"), "poison");
}

// A catalog monster row against the game's.
inline void expect_monster_row(const json& c, const json& g, const Version& v) {
  EXPECT_EQ(c.at("name"), g.at("name"));
  EXPECT_EQ(c.at("hd"), g.at("hd"));
  EXPECT_EQ(c.at("avg_hp_x10"), g.at(v.hp_key));
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
  EXPECT_EQ(c.at("res_fire").get<int>(), level(r, "fire"));
  EXPECT_EQ(c.at("res_cold").get<int>(), level(r, "cold"));
  EXPECT_EQ(c.at("res_neg").get<int>(), level(r, "neg"));
  EXPECT_EQ(c.at("res_poison").get<int>(), poison(g));
  EXPECT_EQ(c.at("natural").get<bool>(), natural(g, v));
}

// The monster row as the library reads it (crawl::MonsterProp, crawl_0_34::MonsterProp).
template <class Monster>
void expect_monster(const Monster& m, const json& g, const Version& v) {
  EXPECT_EQ(m.name, g.at("name").get<std::string>());
  EXPECT_EQ(m.hd, g.at("hd").get<int>());
  EXPECT_EQ(m.avg_hp_x10, g.at(v.hp_key).get<int>());
  EXPECT_EQ(m.ac, g.at("ac").get<int>());
  EXPECT_EQ(m.ev, g.at("ev").get<int>());
  EXPECT_EQ(m.speed, g.at("speed").get<int>());
  EXPECT_EQ(m.size, v.parse_size(g.at("size").get<std::string>()));
  ASSERT_EQ(m.attacks.size(), g.at("attacks").size());
  for (std::size_t k = 0; k < m.attacks.size(); ++k) {
    const json& a = g.at("attacks")[k];
    EXPECT_EQ(m.attacks[k].type, a.at("type").get<std::string>());
    EXPECT_EQ(m.attacks[k].flavour, a.at("flavour").get<std::string>());
    EXPECT_EQ(m.attacks[k].damage, a.at("damage").get<int>());
  }
  const json& flags = g.at("flags");
  EXPECT_EQ(m.fighter, has(flags, "M_FIGHTER"));
  EXPECT_EQ(m.archer, has(flags, "M_ARCHER"));
  const json& r = g.at("resists");
  EXPECT_EQ(m.resists.fire, level(r, "fire"));
  EXPECT_EQ(m.resists.cold, level(r, "cold"));
  EXPECT_EQ(m.resists.neg, level(r, "neg"));
  EXPECT_EQ(m.resists.poison, poison(g));
  EXPECT_EQ(m.resists.natural, natural(g, v));
}

// A catalog weapon row against the game's (Weapon_prop, with fight.cc's minimum delay).
inline void expect_weapon_row(const json& c, const json& g) {
  EXPECT_EQ(c.at("name"), g.at("name"));
  EXPECT_EQ(c.at("base_damage"), g.at("damage"));
  EXPECT_EQ(c.at("accuracy"), g.at("accuracy"));
  EXPECT_EQ(c.at("base_delay_aut"), g.at("delay"));
  EXPECT_EQ(c.at("skill"), g.at("skill"));
  EXPECT_EQ(c.at("min_2h_size"), g.at("min_2h_size"));
  EXPECT_EQ(c.at("min_1h_size"), g.at("min_1h_size"));
  EXPECT_EQ(c.at("ranged"), g.at("ranged"));
  EXPECT_EQ(c.at("legacy_only"), g.at("legacy_only"));
  EXPECT_EQ(c.at("commonness"), g.at("commonness"));
  EXPECT_EQ(c.at("min_delay_aut"), g.at("min_delay"));
  EXPECT_EQ(c.at("min_delay_skill"), g.at("min_delay_skill"));
}

// The weapon row as the library reads it (crawl::WeaponProp, crawl_0_34::WeaponProp).
template <class Weapon>
void expect_weapon(const Weapon& w, const json& g, const Version& v) {
  EXPECT_EQ(w.name, g.at("name").get<std::string>());
  EXPECT_EQ(w.damage, g.at("damage").get<int>());
  EXPECT_EQ(w.accuracy, g.at("accuracy").get<int>());
  EXPECT_EQ(w.base_delay, g.at("delay").get<int>());
  EXPECT_EQ(w.min_delay, g.at("min_delay").get<int>());
  EXPECT_EQ(w.min_delay_skill, g.at("min_delay_skill").get<int>());
  auto size = [&](const json& word) {
    return word == "NUM_SIZE_LEVELS" ? v.num_size_levels : v.parse_size(word.get<std::string>());
  };
  EXPECT_EQ(w.min_2h_size, size(g.at("min_2h_size")));
  EXPECT_EQ(w.min_1h_size, size(g.at("min_1h_size")));
  EXPECT_EQ(w.ranged, g.at("ranged").get<bool>());
  EXPECT_EQ(w.legacy, g.at("legacy_only").get<bool>());
}

// The library's weapons against the catalog's rows: check(catalog row, golden row,
// library row) for each, the staff row followed by its magical-staff copy.
template <class Weapons, class Check>
void each_weapon(const json& rows, const std::map<std::string, json>& golden, const Weapons& weapons, Check&& check) {
  std::size_t lib = 0;
  each_row(rows, golden, [&](std::size_t, const json& c, const json& g) {
    ASSERT_LT(lib, weapons.size());
    const auto& w = weapons[lib++];
    check(c, g, w);
    if (w.name == "staff") {
      ASSERT_LT(lib, weapons.size());
      EXPECT_TRUE(weapons[lib++].magic_staff);
    }
  });
  EXPECT_EQ(lib, weapons.size());
}

// Catalog missile and armour rows against the game's (Missile_prop, Armour_prop).
inline void expect_missile_row(const json& c, const json& g) {
  EXPECT_EQ(c.at("name"), g.at("name"));
  EXPECT_EQ(c.at("base_damage"), g.at("damage"));
  EXPECT_EQ(c.at("legacy_only"), g.at("legacy_only"));
}

inline void expect_armour_row(const json& c, const json& g) {
  EXPECT_EQ(c.at("name"), g.at("name"));
  EXPECT_EQ(c.at("base_ac"), g.at("ac"));
  EXPECT_EQ(c.at("ev_penalty_raw"), g.at("ev"));
  EXPECT_EQ(c.at("slot"), g.at("slot"));
}

}  // namespace fray::crawl_test
