// DCSS 0.34 character files (fray/rules/crawl_0_34/character.hpp): real
// morgue files of 0.34 games (tests/golden/crawl_0_34/characters/README.md)
// read as player specs. Every expected value was read by hand from the file:
// the overview (Health or HP, AC, EV, SH, Str, Dex, XL), the inventory lines
// marked (weapon), (worn) or (melded), the skills table (the level in
// brackets, the current one, when there is one) and the "A:" mutations; the
// unrandarts' base items from art-data.txt at 0.34.1.
#include <gtest/gtest.h>

#include <algorithm>
#include <fray/core/error.hpp>
#include <fray/rules/crawl_0_34/attack.hpp>
#include <fray/rules/crawl_0_34/catalog.hpp>
#include <fray/rules/crawl_0_34/character.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/support.hpp"

namespace {

using fray::crawl_0_34::Character;
using fray::crawl_0_34::parse_character;

std::string file(const std::string& name) { return fray::test::read_text("golden/crawl_0_34/characters/" + name); }

Character read(const std::string& name) { return parse_character(file(name), name); }

bool has_unused(const Character& c, const std::string& part) {
  return std::any_of(c.unused.begin(), c.unused.end(),
                     [&](const std::string& u) { return u.find(part) != std::string::npos; });
}

std::string unused_text(const Character& c) {
  std::string out;
  for (const auto& u : c.unused) out += u + "\n";
  return out;
}

struct Expected {
  std::string file, spec, species, background;
  int xl, hp, hp_max, ac, ev, sh;
};

// The spec of each file, its keys in the order fray writes them.
const Expected kFiles[] = {
    {"morgue-Hungry0364-20260402-095531.txt",
     "player:species=minotaur,xl=27,str=24,dex=23,hp=252,fighting=27,maces_flails=27,throwing=0.3,dodging=15.4,"
     "armor_skill=25.3,shields_skill=27,weapon=eveningstar,enchant=9,brand=heavy,body=plate_armour,body_enchant=15,"
     "shield=tower_shield,shield_enchant=8,ac=44,ev=14,sh=84",
     "minotaur", "Fighter", 27, 0, 252, 44, 14, 42},
    {"morgue-Chih-20260401-190156.txt",
     "player:species=barachi,xl=27,str=22,dex=25,hp=249,fighting=27,long_blades=16,throwing=1,dodging=26.8,"
     "armor_skill=26.1,shields_skill=20,weapon=double_sword,enchant=11,shield=kite_shield,artefact_regen=1,ac=52,"
     "ev=31,sh=34",
     "barachi", "Warper", 27, 246, 249, 52, 31, 17},
    {"morgue-joeboomin-20260404-223512.txt",
     "player:species=troll,xl=16,str=54,dex=18,hp=313,fighting=10.8,unarmed=14.8,dodging=8.5,armor_skill=9.7,"
     "slaying=2,claws=3,eyeballs=3,regeneration=1,artefact_regen=1,ac=34,ev=1,sh=0",
     "troll", "Shapeshifter", 16, -3, 313, 34, 1, 0},
    {"morgue-bamdok-20260330-165511.txt",
     "player:species=kobold,xl=18,str=11,dex=23,hp=110,fighting=11.5,short_blades=15.6,throwing=6,dodging=15.1,"
     "stealth=18.7,weapon=rapier,enchant=8,slaying=4,ac=18,ev=27,sh=0",
     "kobold", "Gladiator", 18, -15, 110, 18, 27, 0},
    {"morgue-exant-20260406-220016.txt",
     "player:species=octopode,xl=21,str=11,dex=24,hp=147,fighting=17,short_blades=14.7,throwing=5,dodging=20,"
     "shields_skill=14,stealth=20,weapon=quick_blade,enchant=11,brand=devious,slaying=4,shield=kite_shield,shield_"
     "enchant=4,ac=3,"
     "ev=34,sh=38",
     "octopode", "Brigand", 21, -5, 147, 3, 34, 19},
    {"morgue-InabaYap-20260404-040250.txt",
     "player:species=felid,xl=27,str=22,dex=34,hp=172,fighting=26.9,unarmed=23,dodging=27,stealth=4,slaying=2,"
     "artefact_regen=1,ac=15,ev=87,sh=0",
     "felid", "Berserker", 27, 172, 172, 15, 87, 0},
    {"morgue-Tinylith-20260403-165532.txt",
     "player:species=naga,xl=13,str=12,dex=11,hp=123,fighting=12,ranged_weapons=14,dodging=1.5,stealth=6,"
     "weapon=sling,enchant=10,brand=speed,body=troll_leather_armour,ac=9,ev=8,sh=0",
     "naga", "Alchemist", 13, -7, 123, 9, 8, 0},
    {"handmade-human-autumn-katana.txt",
     "player:species=human,xl=12,str=18,dex=14,hp=92,fighting=12.5,long_blades=13,dodging=3.5,armor_skill=4,"
     "shields_skill=6,weapon=long_sword,enchant=8,slaying=3,body=chain_mail,body_enchant=3,shield=buckler,"
     "shield_enchant=2,ac=12,ev=10,sh=18",
     "human", "Fighter", 12, 80, 92, 12, 10, 9},
};

TEST(Crawl034Character, RealFilesGiveTheirSpecs) {
  for (const Expected& e : kFiles) {
    SCOPED_TRACE(e.file);
    const Character c = read(e.file);
    EXPECT_EQ(c.spec, e.spec);
    EXPECT_EQ(c.species, e.species);
    EXPECT_EQ(c.background, e.background);
    EXPECT_EQ(c.xl, e.xl);
    EXPECT_EQ(c.hp, e.hp);
    EXPECT_EQ(c.hp_max, e.hp_max);
    EXPECT_EQ(c.ac, e.ac);
    EXPECT_EQ(c.ev, e.ev);
    EXPECT_EQ(c.sh, e.sh);
    // The spec is one the 0.34 rules take.
    EXPECT_NO_THROW((void)fray::crawl_0_34::parse_combatant(c.spec, "attacker"));
  }
}

TEST(Crawl034Character, SkillsAreTheCurrentLevels) {
  // " + Level 14.1(22.2) Axes": the base level, then the current one (skills.cc dump_skills).
  const Character c = read("morgue-Hungry0364-20260402-095531.txt");
  EXPECT_DOUBLE_EQ(c.skills.at("axes"), 22.2);
  EXPECT_DOUBLE_EQ(c.skills.at("maces_flails"), 27);
  EXPECT_DOUBLE_EQ(c.skills.at("throwing"), 0.3);
  EXPECT_EQ(c.skills.count("spellcasting"), 0u);
  // Axes is not the eveningstar's skill: named in unused, not in the spec.
  EXPECT_TRUE(has_unused(c, "axes=22.2: not the wielded weapon's skill")) << unused_text(c);
  const Character k = read("morgue-bamdok-20260330-165511.txt");
  EXPECT_DOUBLE_EQ(k.skills.at("fighting"), 11.5);  // " - Level 7.9(11.5) Fighting"
  EXPECT_TRUE(has_unused(k, "skill Hexes 20: fray does not use it in melee")) << unused_text(k);
}

TEST(Crawl034Character, Weapons) {
  // A branded plain weapon: "a +9 heavy eveningstar (weapon)".
  const Character h = read("morgue-Hungry0364-20260402-095531.txt");
  ASSERT_TRUE(h.weapon);
  EXPECT_EQ(h.weapon->base, "eveningstar");
  EXPECT_EQ(h.weapon->enchant, 9);
  EXPECT_EQ(h.weapon->brand, "heavy");
  EXPECT_FALSE(h.weapon->unrandart);
  // Heavy is modelled: in the spec, not in unused.
  EXPECT_NE(h.spec.find(",brand=heavy,"), std::string::npos) << h.spec;
  EXPECT_FALSE(has_unused(h, "weapon brand")) << unused_text(h);
  // An unrandart: "the +11 Singing Sword (weapon) {sonic wave}", a double sword (art-data.txt).
  const Character s = read("morgue-Chih-20260401-190156.txt");
  ASSERT_TRUE(s.weapon);
  EXPECT_TRUE(s.weapon->unrandart);
  EXPECT_EQ(s.weapon->artefact, "Singing Sword");
  EXPECT_EQ(s.weapon->base, "double sword");
  EXPECT_EQ(s.weapon->enchant, 11);
  EXPECT_TRUE(has_unused(s, "unrandart Singing Sword: fray reads its base item (double sword)")) << unused_text(s);
  // A cursed unrandart: "the cursed +8 arc blade (weapon)", a rapier.
  const Character a = read("morgue-bamdok-20260330-165511.txt");
  ASSERT_TRUE(a.weapon);
  EXPECT_EQ(a.weapon->base, "rapier");
  EXPECT_EQ(a.weapon->enchant, 8);
  EXPECT_TRUE(a.weapon->unrandart);
  // A randart, its brand in its braces: "the +11 quick blade of Doom (weapon) {devious, rCorr}".
  const Character r = read("morgue-exant-20260406-220016.txt");
  ASSERT_TRUE(r.weapon);
  EXPECT_EQ(r.weapon->base, "quick blade");
  EXPECT_EQ(r.weapon->artefact, "Doom");
  EXPECT_EQ(r.weapon->brand, "devious");
  EXPECT_FALSE(r.weapon->unrandart);
  // Devious is carried in the spec and, not modelled, named in unused.
  EXPECT_NE(r.spec.find(",brand=devious,"), std::string::npos) << r.spec;
  EXPECT_TRUE(has_unused(r, "weapon brand devious: carried as brand=devious, but not all it does is modelled"))
      << unused_text(r);
  // An unrandart that changes its base item's numbers (BASE_DAM +4, BASE_ACC +2, BASE_DELAY -2).
  const Character k = read("handmade-human-autumn-katana.txt");
  EXPECT_TRUE(has_unused(k, "autumn katana adds +4 to the damage of its long sword (10)")) << unused_text(k);
  EXPECT_TRUE(has_unused(k, "autumn katana adds +2 to the accuracy of its long sword"));
  EXPECT_TRUE(has_unused(k, "autumn katana adds -2 to the delay of its long sword"));
}

TEST(Crawl034Character, ArmourShieldsAndForms) {
  // An unrandart body armour: Maxwell's patent armour is plate armour; the shield's ego is named.
  const Character h = read("morgue-Hungry0364-20260402-095531.txt");
  ASSERT_TRUE(h.body && h.shield);
  EXPECT_EQ(h.body->base, "plate armour");
  EXPECT_EQ(h.body->enchant, 15);
  EXPECT_EQ(h.shield->base, "tower shield");
  EXPECT_EQ(h.shield->brand, "protection");
  // Dragon scales are not in fray's armour catalog: left out, said so.
  const Character c = read("morgue-Chih-20260401-190156.txt");
  ASSERT_TRUE(c.body);
  EXPECT_TRUE(c.body->base.empty());
  EXPECT_TRUE(has_unused(c, "body armour the +8 pearl dragon scales of the Distant Future: not in fray's"));
  // Statue form: the melded body armour is out of the spec; the form is named.
  const Character s = read("morgue-joeboomin-20260404-223512.txt");
  EXPECT_EQ(s.form, "statue");
  ASSERT_TRUE(s.body);
  EXPECT_TRUE(s.body->melded);
  EXPECT_FALSE(s.weapon);
  EXPECT_TRUE(has_unused(s, "form statue: fray does not model forms"));
  EXPECT_TRUE(has_unused(s, "body armour the +9 scales of the Dragon King: melded into the form"));
  EXPECT_TRUE(has_unused(s, "mutation (tough skin 1): inactive"));
  const Character f = read("morgue-InabaYap-20260404-040250.txt");
  EXPECT_EQ(f.form, "storm");
  EXPECT_EQ(f.god, "Trog");
}

TEST(Crawl034Character, AnOffhandWeaponIsNotTheWieldedOne) {
  // A Coglin's second weapon (item-name.cc " (offhand)"), listed before the wielded one.
  std::string text = file("handmade-human-autumn-katana.txt");
  text.replace(text.find(" a - the +8 autumn katana (weapon)"), 0, " Z - a +3 dagger (offhand)\n");
  const Character c = parse_character(text, "FILE");
  ASSERT_TRUE(c.weapon);
  EXPECT_EQ(c.weapon->base, "long sword");
  EXPECT_NE(c.spec.find("weapon=long_sword,enchant=8"), std::string::npos) << c.spec;
  EXPECT_TRUE(has_unused(c, "off-hand weapon a +3 dagger: fray models one weapon")) << unused_text(c);
}

TEST(Crawl034Character, SlayingAndRegeneration) {
  // "a +4 ring of slaying (worn)"; "Slay+4" of an artefact ring; Regen+ of an amulet.
  EXPECT_EQ(read("morgue-exant-20260406-220016.txt").slaying, 4);
  EXPECT_EQ(read("morgue-bamdok-20260330-165511.txt").slaying, 4);
  EXPECT_EQ(read("morgue-joeboomin-20260404-223512.txt").slaying, 2);
  EXPECT_EQ(read("handmade-human-autumn-katana.txt").slaying, 3);
}

TEST(Crawl034Character, NothingIsDroppedSilently) {
  const Character c = read("morgue-Chih-20260401-190156.txt");
  for (const char* part : {"god Uskayaw", "mutation amphibious", "skill Translocations 20", "ring the ring of Yluap",
                           "amulet the amulet of Uvvozyug", "Int 18", "passive effects rampage, faith",
                           "shield the +0 kite shield of the Cicada properties {Rampage Str+2 Int+3 Dex+2}"})
    EXPECT_TRUE(has_unused(c, part)) << part << "\n" << unused_text(c);
}

void expect_refused_file(const std::string& text, const std::string& part) {
  SCOPED_TRACE(part);
  try {
    (void)parse_character(text, "FILE");
    ADD_FAILURE() << "no error";
  } catch (const fray::Error& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind("FILE: ", 0), 0u) << what;
    EXPECT_NE(what.find(part), std::string::npos) << what;
  }
}

TEST(Crawl034Character, OtherFilesAreErrorsNamingTheInput) {
  expect_refused_file("", "empty");
  expect_refused_file("\n\n  \n", "empty");
  expect_refused_file("hello\nworld\n", "not a DCSS character file");
  expect_refused_file(std::string("\x7f"
                                  "ELF\x02\x01\x01\0\0",
                                  9),
                      "not a DCSS character file");
  expect_refused_file(file("morgue-CakeOfDoom-20260406-141843.txt"),
                      "a DCSS 0.35-a0-257-gf9e06672e4 character file, not 0.34");
  expect_refused_file(file("handmade-0.19.txt"), "a DCSS 0.19.6 character file, not 0.34");
  expect_refused_file(" Dungeon Crawl Stone Soup version 0.34-a0-3-g68670cc5b6 (webtiles) character file.\n",
                      "not 0.34");
  expect_refused_file(file("handmade-unknown-weapon.txt"), "the wielded 'a +2 lightsaber' is not in fray's crawl-0.34");
}

TEST(Crawl034Character, TruncatedFilesAreErrors) {
  const std::string text = file("morgue-Hungry0364-20260402-095531.txt");
  expect_refused_file(text.substr(0, text.find("Hungry0364 the Minotaur Barricade (MiFi)")), "no title line");
  expect_refused_file(text.substr(0, text.find("Inventory:")), "no Inventory section");
  expect_refused_file(text.substr(0, text.find("   Skills:")), "no Skills section");
  // Cut anywhere: an answer or an Error, never anything else.
  for (std::size_t n = 0; n < text.size(); n += 997) {
    try {
      (void)parse_character(text.substr(0, n), "FILE");
    } catch (const fray::Error&) {
    }
  }
}

TEST(Crawl034Character, ASpecTheRulesRefuseIsAnError) {
  // Str 0 (stat zero) is no spec's str=.
  std::string text = file("handmade-human-autumn-katana.txt");
  text.replace(text.find("Str: 18"), 7, "Str:  0");
  expect_refused_file(text, "is refused: ");
}

// data/crawl_0_34/unrands.json against art-data.txt at 0.34.1, read by hand.
TEST(Crawl034Unrands, GoldenTable) {
  const auto j = fray::test::read_json("../data/crawl_0_34/unrands.json");
  const auto& rows = j.at("unrands");
  EXPECT_EQ(rows.size(), 140u);  // 142 NAME lines, less the two dummies
  auto row = [&](const std::string& name) {
    for (const auto& r : rows)
      if (r.at("name") == name) return r;
    ADD_FAILURE() << name;
    return nlohmann::json();
  };
  const auto singing = row("Singing Sword");
  EXPECT_EQ(singing.at("base"), "WPN_DOUBLE_SWORD");
  EXPECT_EQ(singing.at("plus"), 11);
  EXPECT_TRUE(singing.at("brand").is_null());
  const auto trog = row("Wrath of Trog");
  EXPECT_EQ(trog.at("base"), "WPN_BATTLEAXE");
  EXPECT_EQ(trog.at("plus"), 8);
  EXPECT_EQ(trog.at("brand"), "SPWPN_ANTIMAGIC");
  const auto katana = row("autumn katana");
  EXPECT_EQ(katana.at("base_name"), "long sword");
  EXPECT_EQ(katana.at("base_damage"), 4);
  EXPECT_EQ(katana.at("base_accuracy"), 2);
  EXPECT_EQ(katana.at("base_delay"), -2);
  const auto maxwell = row("Maxwell's patent armour");
  EXPECT_EQ(maxwell.at("base_name"), "plate armour");
  EXPECT_EQ(maxwell.at("plus"), 15);
  const auto power = row("sword of Power");
  EXPECT_EQ(power.at("base"), "WPN_GREAT_SWORD");
  EXPECT_EQ(power.at("bools"), nlohmann::json::array({"deleted"}));
  const auto faerie = row("faerie dragon scales");
  EXPECT_EQ(faerie.at("base"), "ARM_ACID_DRAGON_ARMOUR");
  EXPECT_TRUE(faerie.at("base_name").is_null());
  EXPECT_EQ(row("gauntlets of War").at("slay"), 5);
  // Every unrandart weapon's base item is in fray's weapon catalog.
  for (const auto& r : rows)
    if (r.at("object") == "weapon") {
      ASSERT_FALSE(r.at("base_name").is_null()) << r.dump();
      EXPECT_NE(fray::crawl_0_34::find_weapon(r.at("base_name").get<std::string>()), nullptr) << r.dump();
    }
}

}  // namespace
