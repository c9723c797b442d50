// fray/rules/brogue/catalog.hpp: the embedded catalogs. Every row of
// data/brogue/*.json, and every monster, weapon and armor the library loads
// from them, field by field against the tables tools/brogue/extract.py reads
// off Brogue CE's source (tests/golden/brogue/tables.json).
#include <gtest/gtest.h>

#include <algorithm>
#include <fray/core/error.hpp>
#include <fray/rules/brogue/attack.hpp>
#include <fray/rules/brogue/catalog.hpp>
#include <set>
#include <string>
#include <vector>

#include "support/support.hpp"

using namespace fray::brogue;
using nlohmann::json;

namespace {

json data(const std::string& file) { return fray::test::read_json("../data/brogue/" + file); }
const json& source() {
  static const json s = fray::test::read_json("golden/brogue/tables.json");
  return s;
}

// Flags compare as sets: the catalog lists them in bit order, the source as written.
std::set<std::string> flag_set(const json& list) { return list.get<std::set<std::string>>(); }
std::set<std::string> flag_set(const std::vector<std::string>& list) { return {list.begin(), list.end()}; }
bool has(const json& list, const std::string& flag) { return flag_set(list).count(flag) > 0; }

Clump clump(const json& d) {
  return {d["min"].get<std::int64_t>(), d["max"].get<std::int64_t>(), d["clumpFactor"].get<std::int64_t>()};
}

// The source's row of a weapon or armor kind ("DAGGER", "LEATHER_ARMOR").
const json& kind_row(const char* table, const std::string& kind) {
  for (const json& r : source()[table])
    if (r["kind"] == kind) return r;
  throw std::runtime_error("no kind " + kind);
}

}  // namespace

TEST(BrogueCatalog, Counts) {
  EXPECT_EQ(monsters().size(), 67u);
  EXPECT_EQ(weapons().size(), 15u);
  EXPECT_EQ(armors().size(), 6u);
}

TEST(BrogueCatalog, MonstersByKey) {
  const Monster* ogre = find_monster("ogre");
  ASSERT_NE(ogre, nullptr);
  EXPECT_EQ(ogre->hp, 55);
  EXPECT_EQ(ogre->defense, 60);
  EXPECT_EQ(ogre->accuracy, 125);
  EXPECT_EQ(ogre->damage, (Clump{9, 13, 2}));
  EXPECT_EQ(ogre->attack_speed, 200);
  const Monster* dragon = find_monster("dragon");
  ASSERT_NE(dragon, nullptr);
  EXPECT_EQ(dragon->damage, (Clump{25, 50, 4}));
  EXPECT_EQ(dragon->accuracy, 250);
  ASSERT_NE(find_monster("warden_of_yendor"), nullptr);
  EXPECT_TRUE(find_monster("warden_of_yendor")->invulnerable);
  ASSERT_NE(find_monster("vampire_bat"), nullptr);
  EXPECT_TRUE(find_monster("vampire bat")->transference);  // the game's spelling works too
  EXPECT_TRUE(find_monster("revenant")->immune_to_weapons);
  EXPECT_TRUE(find_monster("acid_mound")->degrades_weapon);
  EXPECT_TRUE(find_monster("acid_mound")->degrades_armor);
  EXPECT_TRUE(find_monster("bog_monster")->seizes);
  EXPECT_TRUE(find_monster("spider")->poisons);
  EXPECT_TRUE(find_monster("bloat")->kamikaze);
  EXPECT_EQ(find_monster("bog_monster")->accuracy, 5000);
  EXPECT_EQ(find_monster("no_such_thing"), nullptr);
}

TEST(BrogueCatalog, WeaponsArmorsAndStart) {
  EXPECT_EQ(find_weapon("dagger")->damage, (Clump{3, 4, 1}));
  EXPECT_TRUE(find_weapon("dagger")->sneak_bonus);
  EXPECT_TRUE(find_weapon("rapier")->lunges);
  EXPECT_TRUE(find_weapon("rapier")->quick);
  EXPECT_TRUE(find_weapon("war_hammer")->staggers);
  EXPECT_EQ(find_weapon("war_hammer")->damage, (Clump{25, 35, 1}));
  EXPECT_EQ(find_weapon("javelin")->damage, (Clump{3, 11, 3}));
  EXPECT_TRUE(find_weapon("dart")->thrown);
  EXPECT_EQ(find_weapon("broadsword")->strength_required, 19);
  EXPECT_EQ(find_armor("leather_armor")->armor, 30);
  EXPECT_EQ(find_armor("plate_armor")->armor, 110);
  EXPECT_EQ(find_armor("plate_armor")->strength_required, 19);
  EXPECT_EQ(player_start().hp, 30);
  EXPECT_EQ(player_start().strength, 12);
  EXPECT_EQ(player_start().unarmed, (Clump{1, 2, 1}));
}

TEST(BrogueCatalog, LookupsThrowWithSuggestions) {
  EXPECT_EQ(lookup_monster("vampire bat").key, "vampire_bat");
  EXPECT_EQ(&lookup_weapon("sword"), find_weapon("sword"));
  EXPECT_EQ(lookup_armor("plate_armor").armor, 110);
  try {
    (void)lookup_monster("dragonn");
    FAIL() << "no error";
  } catch (const fray::Error& e) {
    EXPECT_NE(std::string(e.what()).find("did you mean 'dragon'?"), std::string::npos) << e.what();
  }
  EXPECT_THROW((void)lookup_weapon("spoon"), fray::Error);
  EXPECT_THROW((void)lookup_armor("mithril"), fray::Error);
}

// --- every row against the game's source ----------------------------------------------

TEST(BrogueCatalog, EveryMonsterRowMatchesTheSource) {
  const json rows = data("monsters.json");
  const json& src = source()["monsters"];
  // Every kind but the player ("you", index 0, in player.json), in MK_* order.
  ASSERT_EQ(rows.size() + 1, src.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const json& row = rows[i];
    const json& e = src[i + 1];
    SCOPED_TRACE(e["name"].get<std::string>());
    EXPECT_EQ(row["index"], e["index"]);
    for (const char* field :
         {"id", "name", "maxHP", "defense", "accuracy", "damage", "attackSpeed", "movementSpeed", "turnsBetweenRegen"})
      EXPECT_EQ(row[field], e[field]) << field;
    EXPECT_EQ(flag_set(row["flags"]), flag_set(e["flags"]));
    EXPECT_EQ(flag_set(row["abilityFlags"]), flag_set(e["abilityFlags"]));
  }
}

TEST(BrogueCatalog, EveryLoadedMonsterMatchesTheSource) {
  const json& src = source()["monsters"];
  ASSERT_EQ(monsters().size() + 1, src.size());
  for (std::size_t i = 0; i < monsters().size(); ++i) {
    const Monster& m = monsters()[i];
    const json& e = src[i + 1];
    SCOPED_TRACE(m.key);
    EXPECT_EQ(m.name, e["name"]);
    EXPECT_EQ(m.hp, e["maxHP"]);
    EXPECT_EQ(m.defense, e["defense"]);
    EXPECT_EQ(m.accuracy, e["accuracy"]);
    EXPECT_EQ(m.damage, clump(e["damage"]));
    EXPECT_EQ(m.attack_speed, e["attackSpeed"]);
    EXPECT_EQ(m.movement_speed, e["movementSpeed"]);
    EXPECT_EQ(m.turns_between_regen, e["turnsBetweenRegen"]);
    EXPECT_EQ(flag_set(m.flags), flag_set(e["flags"]));
    EXPECT_EQ(flag_set(m.ability_flags), flag_set(e["abilityFlags"]));
    // The flags a melee exchange reads, each from its Rogue.h flag.
    EXPECT_EQ(m.immune_to_weapons, has(e["flags"], "MONST_IMMUNE_TO_WEAPONS"));
    EXPECT_EQ(m.invulnerable, has(e["flags"], "MONST_INVULNERABLE"));
    EXPECT_EQ(m.inanimate, has(e["flags"], "MONST_INANIMATE"));
    EXPECT_EQ(m.degrades_weapon, has(e["flags"], "MONST_DEFEND_DEGRADE_WEAPON"));
    EXPECT_EQ(m.degrades_armor, has(e["abilityFlags"], "MA_HIT_DEGRADE_ARMOR"));
    EXPECT_EQ(m.kamikaze, has(e["abilityFlags"], "MA_KAMIKAZE"));
    EXPECT_EQ(m.seizes, has(e["abilityFlags"], "MA_SEIZES"));
    EXPECT_EQ(m.poisons, has(e["abilityFlags"], "MA_POISONS"));
    EXPECT_EQ(m.transference, has(e["abilityFlags"], "MA_TRANSFERENCE"));
  }
}

TEST(BrogueCatalog, WeaponsMatchTheSource) {
  const json rows = data("weapons.json");
  const json& src = source()["weapons"];
  ASSERT_EQ(rows.size(), src.size());
  ASSERT_EQ(weapons().size(), src.size());
  for (std::size_t i = 0; i < src.size(); ++i) {
    const json& e = src[i];
    SCOPED_TRACE(e["name"].get<std::string>());
    const json& row = rows[i];
    EXPECT_EQ(row["index"], e["index"]);
    for (const char* field : {"name", "damage", "strengthRequired", "thrown"}) EXPECT_EQ(row[field], e[field]) << field;
    EXPECT_EQ(flag_set(row["itemFlags"]), flag_set(e["itemFlags"]));
    const Weapon& w = weapons()[i];
    EXPECT_EQ(w.name, e["name"]);
    EXPECT_EQ(w.damage, clump(e["damage"]));
    EXPECT_EQ(w.strength_required, e["strengthRequired"]);
    EXPECT_EQ(w.thrown, e["thrown"]);
    EXPECT_EQ(w.sneak_bonus, has(e["itemFlags"], "ITEM_SNEAK_ATTACK_BONUS"));
    EXPECT_EQ(w.lunges, has(e["itemFlags"], "ITEM_LUNGE_ATTACKS"));
    EXPECT_EQ(w.quick, has(e["itemFlags"], "ITEM_ATTACKS_QUICKLY"));
    EXPECT_EQ(w.staggers, has(e["itemFlags"], "ITEM_ATTACKS_STAGGER"));
  }
}

TEST(BrogueCatalog, ArmorsMatchTheSource) {
  const json rows = data("armors.json");
  const json& src = source()["armors"];
  ASSERT_EQ(rows.size(), src.size());
  ASSERT_EQ(armors().size(), src.size());
  for (std::size_t i = 0; i < src.size(); ++i) {
    const json& e = src[i];
    SCOPED_TRACE(e["name"].get<std::string>());
    // A new armor's value is randClump(its range): a range of one value.
    ASSERT_EQ(e["armor"]["min"], e["armor"]["max"]);
    const std::int64_t armor = e["armor"]["min"];
    const json& row = rows[i];
    EXPECT_EQ(row["index"], e["index"]);
    EXPECT_EQ(row["name"], e["name"]);
    EXPECT_EQ(row["strengthRequired"], e["strengthRequired"]);
    EXPECT_EQ(row["armor_internal"], armor);
    EXPECT_EQ(row["armor_displayed"], displayed_armor(armor));  // Items.c displayedArmorValue: armor / 10
    EXPECT_EQ(armors()[i].name, e["name"]);
    EXPECT_EQ(armors()[i].armor, armor);
    EXPECT_EQ(armors()[i].strength_required, e["strengthRequired"]);
  }
}

TEST(BrogueCatalog, MutationsMatchTheSource) {
  const json rows = data("mutations.json");
  const json& src = source()["mutations"];
  ASSERT_EQ(rows.size(), src.size());
  for (std::size_t i = 0; i < src.size(); ++i) {
    const json& row = rows[i];
    const json& e = src[i];
    SCOPED_TRACE(e["name"].get<std::string>());
    for (const char* field :
         {"name", "healthFactor", "moveSpeedFactor", "attackSpeedFactor", "defenseFactor", "damageFactor"})
      EXPECT_EQ(row[field], e[field]) << field;
    EXPECT_EQ(flag_set(row["addsFlags"]), flag_set(e["monsterFlags"]));
    EXPECT_EQ(flag_set(row["addsAbilityFlags"]), flag_set(e["monsterAbilityFlags"]));
  }
}

TEST(BrogueCatalog, PlayerMatchesTheSource) {
  const json p = data("player.json");
  const json& you = source()["monsters"][0];
  ASSERT_EQ(you["id"], "MK_YOU");
  const json& entry = p["catalog_entry"];
  EXPECT_EQ(entry["name"], you["name"]);
  for (const char* field : {"maxHP", "defense", "accuracy", "attackSpeed", "movementSpeed"})
    EXPECT_EQ(entry[field], you[field]) << field;
  EXPECT_EQ(entry["damage_unarmed"], you["damage"]);
  EXPECT_EQ(p["starting_strength"], source()["player"]["strength"]);
  // initializeRogue's pack: each item named in the catalog's kit, its quantity, whether it is equipped.
  const json& kit = source()["player"]["kit"];
  const json listed = p["starting_kit"];
  ASSERT_EQ(listed.size(), kit.size());
  for (std::size_t i = 0; i < kit.size(); ++i) {
    const json& item = kit[i];
    const std::string line = listed[i].get<std::string>();
    SCOPED_TRACE(line);
    const std::string category = item["category"].get<std::string>();
    std::string name = category == "WEAPON"  ? kind_row("weapons", item["kind"])["name"].get<std::string>()
                       : category == "ARMOR" ? kind_row("armors", item["kind"])["name"].get<std::string>()
                                             : "ration";
    if (!item["quantity"].is_null()) {
      name += "s";
      EXPECT_EQ(line.rfind(std::to_string(item["quantity"].get<int>()) + " ", 0), 0u);
    }
    EXPECT_NE(line.find(name), std::string::npos);
    if (!item["enchant1"].is_null()) {
      EXPECT_NE(line.find("+0"), std::string::npos);
    }
    EXPECT_EQ(line.find("equipped") != std::string::npos, item["equipped"].get<bool>());
  }
  // The library's player: the "you" entry, the strength, the equipped weapon and armor.
  const PlayerStart& start = player_start();
  EXPECT_EQ(start.hp, you["maxHP"]);
  EXPECT_EQ(start.accuracy, you["accuracy"]);
  EXPECT_EQ(start.unarmed, clump(you["damage"]));
  EXPECT_EQ(start.strength, source()["player"]["strength"]);
  std::vector<std::string> equipped;
  for (const json& item : kit)
    if (item["equipped"].get<bool>())
      equipped.push_back(item["category"] == "WEAPON"
                             ? lookup_weapon(kind_row("weapons", item["kind"])["name"].get<std::string>()).key
                             : lookup_armor(kind_row("armors", item["kind"])["name"].get<std::string>()).key);
  EXPECT_EQ(equipped, (std::vector<std::string>{start.weapon, start.armor}));
  // after_initialization: the numbers recalculateEquipmentBonuses derives from that start.
  const json& after = p["after_initialization"];
  const Combatant player = parse_combatant("player", "test");
  EXPECT_EQ(after["maxHP"], start.hp);
  EXPECT_EQ(after["accuracy"], attack_accuracy(player));
  EXPECT_EQ(after["defense_internal"], defense_value(player));
  EXPECT_EQ(after["armor_displayed"], displayed_armor(defense_value(player)));
  EXPECT_EQ(clump(after["melee_damage"]), player_weapon_damage(player.weapon->damage, weapon_net_quarters(player)));
}
