// Every row of the DCSS 0.19 catalogs (data/crawl/monsters.json and
// weapons.json, as embedded in the library) against the game's own tables at
// tag 0.19.6, as tools/crawl/extract_0_19.py extracted them from mon-data.h and
// itemprop.cc (tests/golden/crawl/extracted_monsters.json, extracted_items.json):
// field by field, each field of a row checked, and the rows the library loads
// from them alike. Every monster of the game is in the catalog but the rows
// kept for old saves (legacy_only) and those its "excluded" lists, each for
// its reason; a monster's not_modelled is held to the flavours the fights
// follow (flavours.cpp), and every monster fights both ways.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <fray/core/error.hpp>
#include <fray/fight/solve.hpp>
#include <fray/rules/crawl/catalog.hpp>
#include <fray/rules/ruleset.hpp>
#include <fray/rules/spec.hpp>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "rules/crawl/catalog_checks.hpp"
#include "rules/crawl/flavours.hpp"
#include "support/support.hpp"

namespace fray::crawl {
namespace {

using nlohmann::json;
using namespace crawl_test;

const Version v019{"avg_hp_10x", {"MH_NATURAL"}, 7, &parse_size};

// Whether a flavour is one a fight follows on some defender: the player
// (followed_on_player) or a monster (followed_on_monster).
bool modelled(const std::string& flavour) {
  return flavour == "AF_PLAIN" || followed_on_player(flavour) || followed_on_monster(flavour);
}

// The flavours of a golden row's attacks that no fight follows, once each, sorted.
json left_out(const json& g) {
  std::set<std::string> out;
  for (const json& a : g.at("attacks"))
    if (!modelled(a.at("flavour"))) out.insert(a.at("flavour").get<std::string>());
  return json(std::vector<std::string>(out.begin(), out.end()));
}

std::string upper_id(std::string words) {
  std::replace(words.begin(), words.end(), ' ', '_');
  std::transform(words.begin(), words.end(), words.begin(), [](unsigned char ch) { return std::toupper(ch); });
  return words;
}

TEST(CrawlCatalog, EveryMonsterRowIsTheGames) {
  const auto golden = by_id("golden/crawl/extracted_monsters.json", "monsters");
  ASSERT_EQ(golden.size(), 636u);  // every mondata[] row of 0.19.6
  const json rows = catalog("crawl/monsters.json").at("monsters");
  ASSERT_EQ(rows.size(), monsters().size());
  ASSERT_EQ(rows.size(), 513u);  // 636 rows but the 96 legacy_only and the 27 excluded
  each_row(rows, golden, [](std::size_t i, const json& c, const json& g) {
    EXPECT_FALSE(g.value("legacy_only", false));
    // A name two rows share: the row's name is the game's and the rest of its
    // MONS_ id (the Serpent of Hell's "the" left out), or the id's words.
    json game = g;
    if (c.contains("game_name")) {
      EXPECT_EQ(c.at("game_name"), g.at("name"));
      std::string name = g.at("name");
      const std::string id = g.at("id"), row_name = c.at("name");
      const std::string base = "MONS_" + upper_id(name.rfind("the ", 0) == 0 ? name.substr(4) : name);
      EXPECT_NE(id, base);
      if (id.rfind(base + "_", 0) == 0) {
        ASSERT_EQ(row_name.rfind(name + " ", 0), 0u);
        EXPECT_EQ(upper_id(row_name.substr(name.size() + 1)), id.substr(base.size() + 1));
      } else {
        EXPECT_EQ("MONS_" + upper_id(row_name), id);
      }
      game["name"] = c.at("name");
    }
    expect_monster_row(c, game, v019);
    EXPECT_EQ(c.at("not_modelled"), left_out(g));
    expect_only(c, {"id",           "name",      "hd",       "avg_hp_x10",    "ac",         "ev",
                    "speed",        "size",      "energy",   "attacks",       "fighter",    "archer",
                    "two_weapons",  "res_fire",  "res_cold", "res_neg",       "res_poison", "natural",
                    "not_modelled", "game_name", "weapon",   "weapon_random", "weapon_note"});
    // The row as the library reads it.
    const MonsterProp& m = monsters()[i];
    expect_monster(m, game, v019);
    const json& e = g.at("energy");
    EXPECT_EQ(m.energy, (MonsterEnergy{e.at("move").get<int>(), e.at("swim").get<int>(), e.at("attack").get<int>(),
                                       e.at("missile").get<int>(), e.at("spell").get<int>(), e.at("special").get<int>(),
                                       e.at("item").get<int>(), e.at("pickup_percent").get<int>()}));
    for (const MonsterAttack& a : m.attacks) EXPECT_EQ(a.uses_weapon, a.type == "AT_HIT" || a.type == "AT_WEAP_ONLY");
  });
}

// Every mondata[] row is a catalog row, an excluded entry or a legacy_only
// id, exactly one of them, in the table's order: the excluded are the HD 0
// placeholders (a genus, the player, the program bug, the skeletons), the
// sensed-monster markers and the wizard-mode test spawner, each named with
// its reason; legacy_only the rows inside #if TAG_MAJOR_VERSION == 34.
TEST(CrawlCatalog, EveryMonsterIsInTheCatalogOrExcludedWithItsReason) {
  const json golden_file = test::read_json("golden/crawl/extracted_monsters.json");
  const json& golden_rows = golden_file.at("monsters");
  const auto golden = by_id("golden/crawl/extracted_monsters.json", "monsters");
  const json data = catalog("crawl/monsters.json");
  std::vector<std::string> order;  // the catalog's ids, in the game's order
  for (const json& g : golden_rows) {
    const std::string id = g.at("id");
    const bool row = std::any_of(data.at("monsters").begin(), data.at("monsters").end(),
                                 [&](const json& c) { return c.at("id") == id; });
    if (row) order.push_back(id);
  }
  std::vector<std::string> seen_order;
  std::set<std::string> seen;
  for (const json& c : data.at("monsters")) {
    seen_order.push_back(c.at("id"));
    EXPECT_TRUE(seen.insert(c.at("id").get<std::string>()).second);
  }
  EXPECT_EQ(seen_order, order);
  std::size_t placeholders = 0, sensed = 0, dummies = 0, legacy = 0;
  for (const json& e : data.at("excluded")) {
    const std::string id = e.at("id");
    SCOPED_TRACE(id);
    EXPECT_TRUE(seen.insert(id).second) << "excluded and in the catalog, or excluded twice";
    ASSERT_TRUE(golden.count(id));
    const json& g = golden.at(id);
    EXPECT_FALSE(g.value("legacy_only", false));
    EXPECT_EQ(e.at("name"), g.at("name"));
    const std::string reason = e.at("reason");
    if (g.at("hd") == 0) {
      ++placeholders;
      EXPECT_EQ(reason.rfind("HD 0", 0), 0u) << reason;
    } else if (id.rfind("MONS_SENSED", 0) == 0) {
      ++sensed;
      EXPECT_NE(reason.find("sensed-monster marker"), std::string::npos) << reason;
    } else {
      ++dummies;
      EXPECT_EQ(id, "MONS_TEST_SPAWNER");
      EXPECT_NE(reason.find("test dummy"), std::string::npos) << reason;
    }
  }
  for (const json& id : data.at("legacy_only")) {
    SCOPED_TRACE(id.get<std::string>());
    EXPECT_TRUE(seen.insert(id.get<std::string>()).second);
    ASSERT_TRUE(golden.count(id.get<std::string>()));
    EXPECT_TRUE(golden.at(id.get<std::string>()).value("legacy_only", false));
    ++legacy;
  }
  EXPECT_EQ(placeholders, 20u);
  EXPECT_EQ(sensed, 6u);
  EXPECT_EQ(dummies, 1u);
  EXPECT_EQ(legacy, 96u);
  EXPECT_EQ(seen.size(), golden.size());
  EXPECT_EQ(data.at("total_entries_parsed"), golden.size());
  // The excluded and the legacy rows are left out of the library's table too.
  EXPECT_EQ(find_monster("bear"), nullptr);
  EXPECT_EQ(find_monster("sensed_monster"), nullptr);
  EXPECT_EQ(find_monster("test_spawner"), nullptr);
  EXPECT_EQ(find_monster("program_bug"), nullptr);
}

// Rows read by hand from mon-data.h at 0.19.6, as the library finds them by
// their spec names.
TEST(CrawlCatalog, RowsByHandFromMonData) {
  // MONS_SERPENT_OF_HELL_DIS, "the Serpent of Hell" as three other rows name
  // it too: a reaching bite of 35, a claw of 25, a trample of 25, a tail slap
  // of 15; HD 17, avg_hp_10x 3230, AC 30, EV 8, speed 14, giant, demonic,
  // rPois rF rC.
  const MonsterProp& dis = lookup_monster("the_serpent_of_hell_dis");
  EXPECT_EQ(dis.name, "the Serpent of Hell Dis");
  EXPECT_EQ(lookup_monster("the Serpent of Hell").name, "the Serpent of Hell");  // MONS_SERPENT_OF_HELL
  EXPECT_EQ(dis.hd, 17);
  EXPECT_EQ(dis.avg_hp_x10, 3230);
  EXPECT_EQ(dis.ac, 30);
  EXPECT_EQ(dis.ev, 8);
  EXPECT_EQ(dis.speed, 14);
  EXPECT_EQ(dis.size, Giant);
  ASSERT_EQ(dis.attacks.size(), 4u);
  EXPECT_EQ(dis.attacks[0].type, "AT_BITE");
  EXPECT_EQ(dis.attacks[0].flavour, "AF_REACH");
  EXPECT_EQ(dis.attacks[0].damage, 35);
  EXPECT_EQ(dis.attacks[1].type, "AT_CLAW");
  EXPECT_EQ(dis.attacks[1].damage, 25);
  EXPECT_EQ(dis.attacks[2].flavour, "AF_TRAMPLE");
  EXPECT_EQ(dis.attacks[2].damage, 25);
  EXPECT_EQ(dis.attacks[3].type, "AT_TAIL_SLAP");
  EXPECT_EQ(dis.attacks[3].damage, 15);
  EXPECT_EQ(dis.resists.fire, 1);
  EXPECT_EQ(dis.resists.cold, 1);
  EXPECT_EQ(dis.resists.poison, 1);
  EXPECT_FALSE(dis.resists.natural);

  // MONS_PLAYER_SHADOW, "shadow" as MONS_SHADOW names it too: one hit of 0, HD 1,
  // avg_hp_10x 10, AC 3, EV 13, nonliving.
  const MonsterProp& shadow = lookup_monster("player_shadow");
  EXPECT_EQ(shadow.name, "player shadow");
  EXPECT_EQ(lookup_monster("shadow").hd, 6);  // MONS_SHADOW
  EXPECT_EQ(shadow.hd, 1);
  EXPECT_EQ(shadow.avg_hp_x10, 10);
  EXPECT_EQ(shadow.ac, 3);
  EXPECT_EQ(shadow.ev, 13);
  EXPECT_EQ(shadow.resists.poison, 3);

  // MONS_FREEZING_WRAITH: a cold hit of 16 (modelled) and a speed-draining hit
  // of 15 (AF_DRAIN_SPEED: not modelled); HD 8, avg_hp_10x 440, AC 12, EV 10;
  // undead, so rPois 3; MR_VUL_FIRE, mrd(MR_RES_COLD, 3).
  const MonsterProp& wraith = lookup_monster("freezing_wraith");
  EXPECT_EQ(wraith.hd, 8);
  EXPECT_EQ(wraith.avg_hp_x10, 440);
  EXPECT_EQ(wraith.ac, 12);
  EXPECT_EQ(wraith.ev, 10);
  ASSERT_EQ(wraith.attacks.size(), 2u);
  EXPECT_EQ(wraith.attacks[0].flavour, "AF_COLD");
  EXPECT_EQ(wraith.attacks[0].damage, 16);
  EXPECT_EQ(wraith.attacks[1].flavour, "AF_DRAIN_SPEED");
  EXPECT_EQ(wraith.attacks[1].damage, 15);
  EXPECT_EQ(wraith.resists.fire, -1);
  EXPECT_EQ(wraith.resists.cold, 3);
  EXPECT_EQ(wraith.resists.poison, 3);

  // MONS_PLANT: no attack, HD 10, avg_hp_10x 550, AC 10, EV 0, speed 0, small;
  // MR_RES_POISON; a plant, not MH_NATURAL.
  const MonsterProp& plant = lookup_monster("plant");
  EXPECT_TRUE(plant.attacks.empty());
  EXPECT_EQ(plant.hd, 10);
  EXPECT_EQ(plant.avg_hp_x10, 550);
  EXPECT_EQ(plant.ac, 10);
  EXPECT_EQ(plant.ev, 0);
  EXPECT_EQ(plant.speed, 0);
  EXPECT_EQ(plant.size, Small);
  EXPECT_EQ(plant.resists.poison, 1);
  EXPECT_FALSE(plant.resists.natural);

  const json data = catalog("crawl/monsters.json");
  const std::map<std::string, json> expected = {{"MONS_FREEZING_WRAITH", json({"AF_DRAIN_SPEED"})},
                                                {"MONS_SERPENT_OF_HELL_DIS", json({"AF_REACH", "AF_TRAMPLE"})},
                                                {"MONS_PLANT", json::array()}};
  int checked = 0;
  for (const json& c : data.at("monsters"))
    if (const auto it = expected.find(c.at("id")); it != expected.end()) {
      EXPECT_EQ(c.at("not_modelled"), it->second);
      ++checked;
    }
  EXPECT_EQ(checked, 3);
}

// The weapons mon-gear.cc make_mons_weapon gives: a row's `weapon` is a
// catalog weapon and the game's only choice; `weapon_random` rows say what
// the game draws from. Four read by hand from mon-gear.cc at 0.19.6.
TEST(CrawlCatalog, MonsterWeaponsAreTheGames) {
  const json data = catalog("crawl/monsters.json");
  std::size_t fixed = 0, random = 0;
  std::map<std::string, json> by_name;
  for (const json& c : data.at("monsters")) {
    SCOPED_TRACE(c.at("name").get<std::string>());
    by_name[c.at("name")] = c;
    EXPECT_FALSE(c.contains("weapon") && c.contains("weapon_random"));
    if (c.contains("weapon")) {
      ++fixed;
      EXPECT_NE(find_weapon(c.at("weapon").get<std::string>()), nullptr) << c.at("weapon");
    }
    if (c.contains("weapon_random")) {
      ++random;
      EXPECT_TRUE(c.at("weapon_random").get<bool>());
      EXPECT_FALSE(c.at("weapon_note").get<std::string>().empty());
    }
  }
  EXPECT_EQ(fixed, 33u);
  EXPECT_EQ(random, 142u);
  // primary_weapon_specs { MONS_SIGMUND, WPN_SCYTHE }, no special case.
  EXPECT_EQ(by_name.at("Sigmund").at("weapon"), "scythe");
  // { MONS_FIRE_GIANT, WPN_GREAT_SWORD }.
  EXPECT_EQ(by_name.at("fire giant").at("weapon"), "great sword");
  // { MONS_YAKTAUR, WPN_ARBALEST }: a launcher, and no melee weapon after it.
  EXPECT_EQ(by_name.at("yaktaur").at("weapon"), "arbalest");
  // MONS_KOBOLD: no spec, but its special case may give a blowgun or a hand weapon.
  EXPECT_TRUE(by_name.at("kobold").at("weapon_random").get<bool>());
  EXPECT_FALSE(by_name.at("kobold").contains("weapon"));
  // A monster the game gives no weapon: neither field.
  EXPECT_FALSE(by_name.at("rat").contains("weapon"));
  EXPECT_FALSE(by_name.at("rat").contains("weapon_random"));
}

// A player with a long sword, for the fights below.
const std::string kEveryMonsterPlayer = "player:hp=60,str=14,dex=14,fighting=10,weapon_skill=10,weapon=long_sword";

void expect_sane(const AttackSummary& s) {
  EXPECT_GE(s.p_hit, 0.0);
  EXPECT_LE(s.p_hit, 1.0);
  EXPECT_GE(s.damage.min(), 0);
  EXPECT_GE(s.damage_on_hit.min(), 0);
  EXPECT_NEAR(s.damage.total(), 1.0, 1e-9);
  EXPECT_TRUE(std::isfinite(s.mean_damage()));
}

// Every catalog monster, by its spec name, defends against the player's
// attack and makes each of its attacks on the player, exactly: P(hit) in
// [0, 1], no negative damage, each flavour the row calls not_modelled
// named among the answer's not-modelled lines. A monster whose row lists
// no attack is refused as an attacker with an error naming it. Turns to
// kill the monster end, sampled, finite.
TEST(CrawlCatalog, EveryMonsterDefendsAndAttacks) {
  const Ruleset& rs = fray::ruleset("crawl");
  const json rows = catalog("crawl/monsters.json").at("monsters");
  // Turns to kill sampled, a few fights each: every row ends, finite (the
  // exact answers are SampledMonstersFightInTime's and the bestiary's).
  fight::FightOptions o;
  o.method = fight::FightOptions::Method::monte_carlo;
  o.monte_carlo.progress = false;
  o.monte_carlo.sims = 20;
  o.monte_carlo.seed = 1;
  std::size_t attackers = 0, unarmed = 0, killed = 0;
  for (std::size_t i = 0; i < monsters().size(); ++i) {
    const MonsterProp& m = monsters()[i];
    const std::string name = catalog_key(m.name);
    SCOPED_TRACE(name);
    expect_sane(rs.attack({kEveryMonsterPlayer, name, {}, {}}));
    const fight::TtkResult t = fight::solve_ttk(rs.bout({kEveryMonsterPlayer, name, {}, {}}), o);
    EXPECT_GE(t.p_kill, 0.0);
    EXPECT_LE(t.p_kill, 1.0 + 1e-9);
    if (t.attacks) {
      EXPECT_TRUE(std::isfinite(t.attacks->mean()));
      ++killed;
    }
    if (m.attacks.empty()) {
      ++unarmed;
      try {
        (void)rs.attack({name, kEveryMonsterPlayer, {}, {}});
        ADD_FAILURE() << "an attack by a monster without attacks";
      } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("has no melee attack"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find(m.name), std::string::npos) << e.what();
      }
      continue;
    }
    ++attackers;
    const json& not_modelled = rows[i].at("not_modelled");
    for (std::size_t k = 1; k <= m.attacks.size(); ++k) {
      const AttackSummary s = rs.attack({name + ":attack=" + std::to_string(k), kEveryMonsterPlayer, {}, {}});
      expect_sane(s);
      // An attack that can land deals at least 1 before the player's AC 0
      // (1 + random2(d)): its mean damage on a hit is at least 1.
      if (s.p_hit > 0) {
        EXPECT_GE(s.damage_on_hit.mean(), 1.0) << k;
      }
      // One attack is no fight: every flavoured attack of the monster is in its
      // not-modelled lines, the catalog's not_modelled among them.
      for (const json& f : not_modelled) {
        const std::string flavour = f;
        EXPECT_TRUE(std::any_of(s.not_modelled.begin(), s.not_modelled.end(), [&](const std::string& line) {
          return line.find(flavour) != std::string::npos;
        })) << flavour;
      }
    }
  }
  EXPECT_EQ(attackers + unarmed, 513u);
  EXPECT_EQ(unarmed, 49u);
  EXPECT_GT(killed, 0u);
}

// A plant (MONS_PLANT: no attack, HD 10, avg_hp_10x 550, speed 0) makes no
// attack: a player of 1 HP always wins the duel.
TEST(CrawlCatalog, MonsterWithoutAttacksLandsNothingInAFight) {
  const Ruleset& rs = fray::ruleset("crawl");
  fight::FightOptions o;
  o.monte_carlo.progress = false;
  o.monte_carlo.sims = 2000;
  o.monte_carlo.seed = 3;
  for (const char* monster : {"plant", "floating_eye"}) {
    SCOPED_TRACE(monster);
    const fight::DuelResult d =
        fight::solve_duel(rs.bout({"player:hp=1,weapon=long_sword,fighting=5,weapon_skill=5", monster, {}, {}}), o);
    EXPECT_EQ(d.p_b_wins, 0.0);
    EXPECT_NEAR(d.p_a_wins, 1.0, 1e-12);
  }
  try {
    (void)rs.attack({"plant:attack=1", kEveryMonsterPlayer, {}, {}});
    ADD_FAILURE() << "attack= on a monster without attacks";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("no melee attack"), std::string::npos) << e.what();
  }
}

// Turns to kill the player and duels for every 8th monster end in time: an
// answer, exact or sampled, or an error saying the fight is too large to
// compute; never a hang.
TEST(CrawlCatalog, SampledMonstersFightInTime) {
  const Ruleset& rs = fray::ruleset("crawl");
  fight::FightOptions o;
  o.monte_carlo.progress = false;
  o.monte_carlo.sims = 200;
  o.monte_carlo.seed = 1;
  std::size_t answered = 0;
  const auto start = std::chrono::steady_clock::now();
  auto run = [&](auto&& solve) {
    try {
      solve();
      ++answered;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("too large"), std::string::npos) << e.what();
    }
  };
  const auto all = monsters();
  for (std::size_t i = 0; i < all.size(); i += 8) {
    const MonsterProp& m = all[i];
    const std::string name = catalog_key(m.name);
    SCOPED_TRACE(name);
    if (!m.attacks.empty()) {
      run([&] {
        const fight::TtkResult t = fight::solve_ttk(rs.bout({name, kEveryMonsterPlayer, {}, {}}), o);
        EXPECT_GE(t.p_kill, 0.0);
        EXPECT_LE(t.p_kill, 1.0 + 1e-9);
      });
    }
    run([&] {
      const fight::DuelResult d = fight::solve_duel(rs.bout({kEveryMonsterPlayer, name, {}, {}}), o);
      for (const double p : {d.p_a_wins, d.p_b_wins, d.p_draw}) {
        EXPECT_GE(p, 0.0);
        EXPECT_LE(p, 1.0 + 1e-9);
      }
      if (m.attacks.empty()) {
        EXPECT_EQ(d.p_b_wins, 0.0);
      }
    });
  }
  EXPECT_GT(answered, 0u);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 300.0);
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
