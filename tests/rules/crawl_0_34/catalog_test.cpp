// Every row of the DCSS 0.34.1 catalogs (data/crawl_0_34/monsters.json and
// weapons.json, as embedded in the library) against the game's own data at
// tag 0.34.1, as tools/crawl/extract_0_34.py extracted it from dat/mons/*.yaml
// and item-prop.cc (tests/golden/crawl_0_34/extracted_monsters.json,
// extracted_items.json): field by field, each field of a row checked, and the
// rows the library loads from them alike. Every monster of the game is in the
// catalog but those its "excluded" lists, each for its reason; a monster's
// changed_since_0_19 is held to the two versions' extractions, its
// not_modelled to the flavours the fights follow (flavours.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fray/core/embed.hpp>
#include <fray/core/error.hpp>
#include <fray/fight/solve.hpp>
#include <fray/rules/crawl_0_34/catalog.hpp>
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

namespace fray::crawl_0_34 {
namespace {

using nlohmann::json;
using namespace crawl_test;

// actor_is_susceptible_to_vampirism: natural or plant.
const Version v034{"hp_10x", {"MH_NATURAL", "MH_PLANT"}, 6, &parse_size};

// Whether a flavour is one a fight follows on some defender: the player
// (crawl::followed_on_player) or a monster (crawl::followed_on_monster).
bool modelled(const std::string& flavour) {
  return flavour == "AF_PLAIN" || crawl::followed_on_player(flavour) || crawl::followed_on_monster(flavour);
}

TEST(Crawl034Catalog, EveryMonsterRowIsTheGames) {
  const auto golden = by_id("golden/crawl_0_34/extracted_monsters.json", "monsters");
  ASSERT_EQ(golden.size(), 671u);  // every dat/mons file of 0.34.1
  const json data = catalog("crawl_0_34/monsters.json");
  const json& rows = data.at("monsters");
  ASSERT_EQ(rows.size(), monsters().size());
  ASSERT_EQ(rows.size(), 642u);  // 671 files but the 29 excluded
  each_row(rows, golden, [](std::size_t i, const json& c, const json& g) {
    // A name two files share: the row's name is the game's and the rest of its MONS_ id.
    json game = g;
    if (c.contains("game_name")) {
      EXPECT_EQ(c.at("game_name"), g.at("name"));
      const std::string name = g.at("name"), id = g.at("id");
      std::string base = "MONS_" + name;
      std::replace(base.begin(), base.end(), ' ', '_');
      std::transform(base.begin(), base.end(), base.begin(), [](unsigned char ch) { return std::toupper(ch); });
      ASSERT_EQ(id.rfind(base + "_", 0), 0u);
      std::string rest = c.at("name").get<std::string>().substr(name.size());
      std::replace(rest.begin(), rest.end(), ' ', '_');
      std::transform(rest.begin(), rest.end(), rest.begin(), [](unsigned char ch) { return std::toupper(ch); });
      EXPECT_EQ(rest, id.substr(base.size()));
      game["name"] = c.at("name");
    }
    expect_monster_row(c, game, v034);
    EXPECT_EQ(c.at("holiness"), g.at("holiness"));
    EXPECT_EQ(c.at("shape"), g.at("shape"));
    EXPECT_EQ(c.at("resists"), g.at("resists"));
    EXPECT_EQ(c.contains("will"), g.contains("will"));
    EXPECT_EQ(c.contains("will_per_hd"), g.contains("will_per_hd"));
    if (g.contains("will")) {
      EXPECT_EQ(c.at("will"), g.at("will"));
    } else {
      EXPECT_EQ(c.at("will_per_hd"), g.at("will_per_hd"));
    }
    // not_modelled: each flavour of its attacks that no fight follows, once, sorted.
    std::set<std::string> left_out;
    for (const json& a : g.at("attacks"))
      if (!modelled(a.at("flavour"))) left_out.insert(a.at("flavour").get<std::string>());
    EXPECT_EQ(c.at("not_modelled"), json(std::vector<std::string>(left_out.begin(), left_out.end())));
    std::vector<std::string> mine = c.at("flags"), theirs = g.at("flags");
    std::sort(mine.begin(), mine.end());
    std::sort(theirs.begin(), theirs.end());
    EXPECT_EQ(mine, theirs);
    expect_only(c, {"id",          "name",      "hd",         "avg_hp_x10",    "ac",
                    "ev",          "speed",     "size",       "energy",        "attacks",
                    "flags",       "fighter",   "archer",     "two_weapons",   "res_fire",
                    "res_cold",    "res_neg",   "res_poison", "natural",       "changed_since_0_19",
                    "holiness",    "shape",     "resists",    "not_modelled",  "will",
                    "will_per_hd", "game_name", "weapon",     "weapon_random", "weapon_note"});
    // The row as the library reads it.
    const MonsterProp& m = monsters()[i];
    expect_monster(m, game, v034);
    const json& e = g.at("energy");
    // 0.34's item and special actions cost 10 and a pickup 100 (monster::action_energy).
    EXPECT_EQ(m.energy,
              (crawl::MonsterEnergy{e.at("move").get<int>(), e.at("swim").get<int>(), e.at("attack").get<int>(),
                                    e.at("missile").get<int>(), e.at("spell").get<int>(), 10, 10, 100}));
  });
}

// changed_since_0_19 lists exactly the fields (HD, HP, AC, EV, speed, size,
// attacks) that differ between the two versions' own data, as (0.19, 0.34.1),
// for a monster 0.19.6's mon-data.h has (by its MONS_ id; null for another);
// the 0.19 catalog's monsters that 0.34.1 no longer has are not_found.
TEST(Crawl034Catalog, ChangesSince019AreTheGames) {
  const auto now = by_id("golden/crawl_0_34/extracted_monsters.json", "monsters");
  const auto then = by_id("golden/crawl/extracted_monsters.json", "monsters");
  const json data = catalog("crawl_0_34/monsters.json");
  const std::pair<const char*, const char*> fields[] = {
      {"hd", "hd"},       {"avg_hp_x10", "hp_10x"}, {"ac", "ac"},          {"ev", "ev"},
      {"speed", "speed"}, {"size", "size"},         {"attacks", "attacks"}};
  std::size_t changed = 0, in_019 = 0;
  for (const json& c : data.at("monsters")) {
    SCOPED_TRACE(c.at("name").get<std::string>());
    const std::string id = c.at("id").get<std::string>();
    const auto old = then.find(id);
    if (old == then.end() || old->second.value("legacy_only", false)) {
      EXPECT_TRUE(c.at("changed_since_0_19").is_null());
      continue;
    }
    ++in_019;
    const json& g19 = old->second;
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
  EXPECT_EQ(in_019, 456u);
  EXPECT_EQ(changed, 144u);
  const json catalog19 = catalog("crawl/monsters.json");
  std::set<std::string> names34;
  for (const auto& [id, g] : now) names34.insert(g.at("name").get<std::string>());
  std::vector<std::string> gone;
  for (const json& c : catalog19.at("monsters"))
    if (!names34.count(c.at("name").get<std::string>())) gone.push_back(c.at("name").get<std::string>());
  EXPECT_EQ(data.at("not_found"), json(gone));
}

// Every dat/mons file is a catalog row or an excluded entry, never both: the
// excluded are the HD 0 placeholders (a genus, the player, the program bug),
// the sensed-monster markers and the wizard-mode test dummies, each named with
// its reason.
TEST(Crawl034Catalog, EveryMonsterIsInTheCatalogOrExcludedWithItsReason) {
  const auto golden = by_id("golden/crawl_0_34/extracted_monsters.json", "monsters");
  const json data = catalog("crawl_0_34/monsters.json");
  std::set<std::string> seen;
  for (const json& c : data.at("monsters")) EXPECT_TRUE(seen.insert(c.at("id").get<std::string>()).second);
  std::size_t placeholders = 0, sensed = 0, dummies = 0;
  for (const json& e : data.at("excluded")) {
    const std::string id = e.at("id");
    SCOPED_TRACE(id);
    EXPECT_TRUE(seen.insert(id).second) << "excluded and in the catalog, or excluded twice";
    ASSERT_TRUE(golden.count(id));
    const json& g = golden.at(id);
    EXPECT_EQ(e.at("name"), g.at("name"));
    EXPECT_EQ(e.at("file"), g.at("file"));
    const std::string reason = e.at("reason");
    if (g.at("hd") == 0) {
      ++placeholders;
      EXPECT_EQ(reason.rfind("HD 0", 0), 0u) << reason;
    } else if (id.rfind("MONS_SENSED", 0) == 0) {
      ++sensed;
      EXPECT_NE(reason.find("sensed-monster marker"), std::string::npos) << reason;
    } else {
      ++dummies;
      EXPECT_EQ(g.at("file").get<std::string>().rfind("TEST", 0), 0u);
      EXPECT_NE(reason.find("test dummy"), std::string::npos) << reason;
    }
  }
  EXPECT_EQ(placeholders, 20u);
  EXPECT_EQ(sensed, 6u);
  EXPECT_EQ(dummies, 3u);
  EXPECT_EQ(seen.size(), golden.size());
  EXPECT_EQ(data.at("total_entries_parsed"), golden.size());
  // The excluded are left out of the library's table too.
  EXPECT_EQ(find_monster("bear"), nullptr);
  EXPECT_EQ(find_monster("sensed_monster"), nullptr);
  EXPECT_EQ(find_monster("test_blob"), nullptr);
}

// Three rows read by hand from their dat/mons files at 0.34.1, as the
// library finds them by their spec names.
TEST(Crawl034Catalog, RowsByHandFromTheirFiles) {
  // xakkrixis.yaml: a unique with an apostrophe in its name (a spec drops it);
  // hd 17, hp_10x 1650, ac 3, ev 10, speed 10, size medium; one hit of 24.
  const MonsterProp& xak = lookup_monster("xakkrixis");
  EXPECT_EQ(xak.name, "Xak'krixis");
  EXPECT_EQ(&xak, find_monster("Xak'krixis"));
  EXPECT_EQ(xak.hd, 17);
  EXPECT_EQ(xak.avg_hp_x10, 1650);
  EXPECT_EQ(xak.ac, 3);
  EXPECT_EQ(xak.ev, 10);
  EXPECT_EQ(xak.speed, 10);
  EXPECT_EQ(xak.size, Medium);
  EXPECT_FALSE(xak.fighter);
  ASSERT_EQ(xak.attacks.size(), 1u);
  EXPECT_EQ(xak.attacks[0], (MonsterAttack{"AT_HIT", "AF_PLAIN", 24}));
  EXPECT_EQ(xak.resists.poison, 0);
  EXPECT_TRUE(xak.resists.natural);

  // serpent-of-hell-dis.yaml: "Serpent of Hell" as three other files name it
  // too (its enum serpent_of_hell_dis tells it apart); four attacks: three
  // reaching bites of 40 and a trample of 35; hd 17, hp_10x 3230, ac 28, ev 4,
  // speed 14, giant, demonic, rF+ rC+ rPois.
  const MonsterProp& dis = lookup_monster("serpent_of_hell_dis");
  EXPECT_EQ(dis.name, "Serpent of Hell Dis");
  EXPECT_EQ(lookup_monster("Serpent of Hell").name, "Serpent of Hell");  // the Gehenna one, MONS_SERPENT_OF_HELL
  EXPECT_EQ(dis.hd, 17);
  EXPECT_EQ(dis.avg_hp_x10, 3230);
  EXPECT_EQ(dis.ac, 28);
  EXPECT_EQ(dis.ev, 4);
  EXPECT_EQ(dis.speed, 14);
  EXPECT_EQ(dis.size, Giant);
  const std::vector<MonsterAttack> four = {{"AT_BITE", "AF_REACH", 40},
                                           {"AT_BITE", "AF_REACH", 40},
                                           {"AT_BITE", "AF_REACH", 40},
                                           {"AT_TRAMPLE", "AF_TRAMPLE", 35}};
  EXPECT_EQ(dis.attacks, four);
  EXPECT_EQ(dis.resists.fire, 1);
  EXPECT_EQ(dis.resists.cold, 1);
  EXPECT_EQ(dis.resists.poison, 1);
  EXPECT_FALSE(dis.resists.natural);

  // freezing-wraith.yaml: a cold hit of 16 (modelled) and a speed-draining
  // hit of 15 (AF_DRAIN_SPEED: not modelled); hd 8, hp_10x 440, ac 12, ev 10;
  // undead, so rPois 3; rF-, rC+++.
  const MonsterProp& wraith = lookup_monster("freezing_wraith");
  EXPECT_EQ(wraith.hd, 8);
  EXPECT_EQ(wraith.avg_hp_x10, 440);
  EXPECT_EQ(wraith.ac, 12);
  EXPECT_EQ(wraith.ev, 10);
  EXPECT_EQ(wraith.attacks, (std::vector<MonsterAttack>{{"AT_HIT", "AF_COLD", 16}, {"AT_HIT", "AF_DRAIN_SPEED", 15}}));
  EXPECT_EQ(wraith.resists.fire, -1);
  EXPECT_EQ(wraith.resists.cold, 3);
  EXPECT_EQ(wraith.resists.poison, 3);
  const json data = catalog("crawl_0_34/monsters.json");
  int checked = 0;
  for (const json& c : data.at("monsters")) {
    const std::map<std::string, json> expected = {{"MONS_FREEZING_WRAITH", json({"AF_DRAIN_SPEED"})},
                                                  {"MONS_SERPENT_OF_HELL_DIS", json({"AF_REACH", "AF_TRAMPLE"})},
                                                  {"MONS_XAKKRIXIS", json::array()}};
    if (const auto it = expected.find(c.at("id")); it != expected.end()) {
      EXPECT_EQ(c.at("not_modelled"), it->second);
      ++checked;
    }
  }
  EXPECT_EQ(checked, 3);
}

// The weapons mon-gear.cc make_mons_weapon gives: a row's `weapon` is a
// catalog weapon and the game's only choice; `weapon_random` rows say what
// the game draws from. Three read by hand from mon-gear.cc at 0.34.1.
TEST(Crawl034Catalog, MonsterWeaponsAreTheGames) {
  const json data = catalog("crawl_0_34/monsters.json");
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
  EXPECT_EQ(fixed, 40u);
  EXPECT_EQ(random, 156u);
  // primary_weapon_specs { MONS_SIGMUND, WPN_HALBERD }; its special case names it "scythe" only.
  EXPECT_EQ(by_name.at("Sigmund").at("weapon"), "halberd");
  // { MONS_YAKTAUR, WPN_ARBALEST }: a launcher, and no melee weapon after it.
  EXPECT_EQ(by_name.at("yaktaur").at("weapon"), "arbalest");
  // MONS_XAKKRIXIS's special case: great mace 15, lajatang 10, quarterstaff 10, glaive 5.
  EXPECT_TRUE(by_name.at("Xak'krixis").at("weapon_random").get<bool>());
  EXPECT_FALSE(by_name.at("Xak'krixis").contains("weapon"));
  // A monster the game gives no weapon: neither field.
  EXPECT_FALSE(by_name.at("rat").contains("weapon"));
  EXPECT_FALSE(by_name.at("rat").contains("weapon_random"));
}

// A player with a long sword, for the fights below.
const std::string kPlayer = "player:hp=60,str=14,dex=14,fighting=10,long_blades=10,weapon=long_sword";

void expect_sane(const AttackSummary& s) {
  EXPECT_GE(s.p_hit, 0.0);
  EXPECT_LE(s.p_hit, 1.0);
  EXPECT_GE(s.damage.min(), 0);
  EXPECT_GE(s.damage_on_hit.min(), 0);
  EXPECT_NEAR(s.damage.total(), 1.0, 1e-9);
}

// Every catalog monster, by its spec name, defends against the player's
// attack and makes each of its attacks on the player, exactly: P(hit) in
// [0, 1], no negative damage. A monster whose file lists no attack is refused
// as an attacker with an error naming it.
TEST(Crawl034Catalog, EveryMonsterDefendsAndAttacks) {
  const Ruleset& rs = fray::ruleset("crawl-0.34");
  std::size_t attackers = 0, unarmed = 0;
  for (const MonsterProp& m : monsters()) {
    const std::string name = catalog_key(m.name);
    SCOPED_TRACE(name);
    expect_sane(rs.attack({kPlayer, name, {}, {}}));
    if (m.attacks.empty()) {
      ++unarmed;
      try {
        (void)rs.attack({name, kPlayer, {}, {}});
        ADD_FAILURE() << "an attack by a monster without attacks";
      } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("has no melee attack"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find(m.name), std::string::npos) << e.what();
      }
      continue;
    }
    ++attackers;
    for (std::size_t k = 1; k <= m.attacks.size(); ++k) {
      const AttackSummary s = rs.attack({name + ":attack=" + std::to_string(k), kPlayer, {}, {}});
      expect_sane(s);
      // An attack that can land deals at least 1 before the player's AC 0
      // (1 + random2(d)): its mean damage on a hit is at least 1.
      if (s.p_hit > 0) {
        EXPECT_GE(s.damage_on_hit.mean(), 1.0) << k;
      }
    }
  }
  EXPECT_EQ(attackers + unarmed, 642u);
  EXPECT_EQ(unarmed, 81u);
}

// A plant (plant.yaml: no attacks, hd 10, hp_10x 2000, speed 0) makes no attack: a
// player of 1 HP always wins the duel, at whatever cost of time.
TEST(Crawl034Catalog, MonsterWithoutAttacksLandsNothingInAFight) {
  const Ruleset& rs = fray::ruleset("crawl-0.34");
  fight::FightOptions o;
  o.monte_carlo.progress = false;
  o.monte_carlo.sims = 2000;
  o.monte_carlo.seed = 3;
  const fight::DuelResult d =
      fight::solve_duel(rs.bout({"player:hp=1,weapon=long_sword,fighting=5,long_blades=5", "plant", {}, {}}), o);
  EXPECT_EQ(d.p_b_wins, 0.0);
  EXPECT_NEAR(d.p_a_wins, 1.0, 1e-12);
}

// Turns to kill and duels for every 16th monster both ways end in time: an
// answer, exact or sampled, or an error saying the fight is too large to
// compute; never a hang.
TEST(Crawl034Catalog, SampledMonstersFightInTime) {
  const Ruleset& rs = fray::ruleset("crawl-0.34");
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
  for (std::size_t i = 0; i < all.size(); i += 16) {
    const MonsterProp& m = all[i];
    const std::string name = catalog_key(m.name);
    SCOPED_TRACE(name);
    const auto t0 = std::chrono::steady_clock::now();
    run([&] {
      const fight::TtkResult t = fight::solve_ttk(rs.bout({kPlayer, name, {}, {}}), o);
      EXPECT_GE(t.p_kill, 0.0);
      EXPECT_LE(t.p_kill, 1.0 + 1e-9);
    });
    if (!m.attacks.empty()) {
      run([&] {
        const fight::TtkResult t = fight::solve_ttk(rs.bout({name, kPlayer, {}, {}}), o);
        EXPECT_GE(t.p_kill, 0.0);
        EXPECT_LE(t.p_kill, 1.0 + 1e-9);
      });
    }
    // In a duel a monster without attacks takes its turns and lands nothing: it never wins.
    run([&] {
      const fight::DuelResult d = fight::solve_duel(rs.bout({kPlayer, name, {}, {}}), o);
      for (const double p : {d.p_a_wins, d.p_b_wins, d.p_draw}) {
        EXPECT_GE(p, 0.0);
        EXPECT_LE(p, 1.0 + 1e-9);
      }
      if (m.attacks.empty()) {
        EXPECT_EQ(d.p_b_wins, 0.0);
      }
    });
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    EXPECT_LT(seconds, 60.0);
  }
  EXPECT_GT(answered, 0u);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 300.0);
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
