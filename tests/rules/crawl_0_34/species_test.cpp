// DCSS 0.34.1 species (fray/rules/crawl_0_34/species.hpp): the table against
// the game's dat/species files (facts read by hand from the files at 0.34.1),
// the maximum HP of player.cc get_real_hp worked by hand, what a species
// changes in a spec (size, claws, regeneration, equipment), and the lines an
// answer gives of its innate mutations.
#include <gtest/gtest.h>

#include <algorithm>
#include <fray/core/embed.hpp>
#include <fray/core/error.hpp>
#include <fray/rules/crawl_0_34/combat.hpp>
#include <fray/rules/crawl_0_34/ruleset.hpp>
#include <fray/rules/crawl_0_34/species.hpp>
#include <fray/rules/ruleset.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace fray::crawl_0_34 {
namespace {

std::string error_of(const std::string& spec) {
  try {
    (void)parse_combatant(spec, "attacker");
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

Player player(const std::string& spec) { return *parse_combatant(spec, "attacker").player(); }

bool mentions(const std::vector<std::string>& lines, const std::string& part) {
  return std::any_of(lines.begin(), lines.end(),
                     [&](const std::string& l) { return l.find(part) != std::string::npos; });
}

// dat/species at 0.34.1: 47 species files, 12 of them with TAG_MAJOR_VERSION
// (old saves only), so 35 species; the 8 draconian colours (difficulty: False)
// are not starting ones, so 27 are.
TEST(Crawl034Species, TableHoldsTheGamesSpecies) {
  const auto all = all_species();
  EXPECT_EQ(all.size(), 35U);
  EXPECT_EQ(std::count_if(all.begin(), all.end(), [](const Species& s) { return s.starting; }), 27);
  const auto j = nlohmann::json::parse(catalog_text("crawl_0_34/species.json"));
  ASSERT_EQ(j.at("species").size(), all.size());
  for (std::size_t i = 0; i < all.size(); ++i) {
    const auto& r = j.at("species")[i];
    EXPECT_EQ(all[i].key, r.at("key").get<std::string>());
    EXPECT_EQ(all[i].hp_mod, r.at("hp_mod").get<int>()) << all[i].key;
  }
  EXPECT_EQ(find_species("mayflytaur"), nullptr);  // deprecated-mayflytaur.yaml: TAG_MAJOR_VERSION 34
  EXPECT_EQ(find_species("hill_orc"), nullptr);
}

TEST(Crawl034Species, FactsOfTheFiles) {
  // minotaur.yaml: hp 1, size medium (default), MUT_HORNS 2 and MUT_REFLEXIVE_HEADBUTT at XL 1.
  const Species& mi = lookup_species("minotaur");
  EXPECT_EQ(mi.name, "Minotaur");
  EXPECT_EQ(mi.abbrev, "Mi");
  EXPECT_EQ(mi.hp_mod, 1);
  EXPECT_EQ(mi.size, Medium);
  EXPECT_EQ(mi.mutation_level("MUT_HORNS", 1), 2);
  EXPECT_EQ(mi.mutation_level("MUT_REFLEXIVE_HEADBUTT", 27), 1);
  // troll.yaml: hp 3, size large, MUT_CLAWS 3, MUT_REGENERATION 1.
  const Species& tr = lookup_species("troll");
  EXPECT_EQ(tr.hp_mod, 3);
  EXPECT_EQ(tr.size, Large);
  EXPECT_EQ(tr.torso_size, Large);
  EXPECT_EQ(tr.mutation_level("MUT_CLAWS", 1), 3);
  // naga.yaml: size large with small_torso (torso medium); MUT_CONSTRICTING_TAIL 1 at XL 1 and 1 more at 13.
  const Species& na = lookup_species("naga");
  EXPECT_EQ(na.size, Large);
  EXPECT_EQ(na.torso_size, Medium);
  EXPECT_EQ(na.mutation_level("MUT_CONSTRICTING_TAIL", 12), 1);
  EXPECT_EQ(na.mutation_level("MUT_CONSTRICTING_TAIL", 13), 2);
  ASSERT_EQ(na.aux_attacks.size(), 1U);
  EXPECT_EQ(na.aux_attacks[0].attack, "constrict");  // AuxConstrict: level 2
  EXPECT_EQ(na.aux_attacks[0].from_xl, 13);
  // felid.yaml: hp -3, little, MUT_NO_GRASPING, MUT_NO_ARMOUR, MUT_CLAWS 1, MUT_FANGS 3.
  const Species& fe = lookup_species("felid");
  EXPECT_EQ(fe.hp_mod, -3);
  EXPECT_EQ(fe.size, Little);
  EXPECT_FALSE(fe.can_wield);
  EXPECT_FALSE(fe.can_wear_body_armour);
  EXPECT_FALSE(fe.can_use_shield);
  // vine-stalker.yaml: MUT_FANGS 2 at XL 1, 1 more at XL 8.
  EXPECT_EQ(lookup_species("vine_stalker").mutation_level("MUT_FANGS", 7), 2);
  EXPECT_EQ(lookup_species("vine_stalker").mutation_level("MUT_FANGS", 8), 3);
  // get_player_equip_slot_count: no body armour for draconians, octopodes, poltergeists.
  for (const char* k : {"draconian", "red_draconian", "octopode", "poltergeist"})
    EXPECT_FALSE(lookup_species(k).can_wear_body_armour) << k;
  EXPECT_TRUE(lookup_species("human").can_wear_body_armour);
  EXPECT_TRUE(lookup_species("coglin").can_use_shield);  // SLOT_WEAPON_OR_OFFHAND holds one
  EXPECT_TRUE(lookup_species("formicid").quadrumanous);
  EXPECT_FALSE(lookup_species("oni").quadrumanous);
  // item-prop.cc Armour_prop: plate armour fits small..medium, the tower shield medium..giant.
  EXPECT_EQ(armour_fit("plate armour"), (std::pair<int, int>{Small, Medium}));
  EXPECT_EQ(armour_fit("tower shield"), (std::pair<int, int>{Medium, Giant}));
}

TEST(Crawl034Species, NamesAndAbbreviations) {
  EXPECT_EQ(find_species("Mi"), &lookup_species("minotaur"));
  EXPECT_EQ(find_species("mi"), &lookup_species("minotaur"));
  EXPECT_EQ(find_species("Minotaur"), &lookup_species("minotaur"));
  EXPECT_EQ(find_species("DE"), &lookup_species("deep_elf"));
  EXPECT_EQ(find_species("deep elf"), &lookup_species("deep_elf"));
  EXPECT_EQ(find_species("VS"), &lookup_species("vine_stalker"));
  EXPECT_EQ(find_species("Dr"), &lookup_species("draconian"));  // the colours share it; the base is the starting one
  EXPECT_EQ(find_species("Hu"), &human());
  EXPECT_EQ(find_species("xx"), nullptr);
}

// player.cc get_real_hp at 0.34.1, by hand:
// hitp = XL*11/2 + 8 + XL*skill(F,5)/70 + (skill(F,3)+1)/2; hitp = hitp*(10+hp_mod)/10; + 4*MUT_FLAT_HP.
TEST(Crawl034Species, MaxHpWorkedExamples) {
  // Human XL 1, Fighting 0: 5 + 8 + 0 + (0+1)/2 = 13; *10/10 = 13.
  EXPECT_EQ(species_max_hp(human(), 1, 0), 13);
  // Minotaur XL 12, Fighting 10: 66 + 8 + 12*50/70 (= 8) + 31/2 (= 15) = 97; 97*11/10 = 106.
  EXPECT_EQ(species_max_hp(lookup_species("minotaur"), 12, 1000), 106);
  // Fighting 10.5: skill(F,5) = 52, skill(F,3) = 31: 74 + 624/70 (8) + 32/2 (16) = 98; 98*11/10 = 107.
  EXPECT_EQ(species_max_hp(lookup_species("minotaur"), 12, 1050), 107);
  // Deep Elf XL 27, Fighting 27: 148 + 8 + 27*135/70 (= 52) + 82/2 (= 41) = 249; 249*8/10 = 199.
  EXPECT_EQ(species_max_hp(lookup_species("deep_elf"), 27, 2700), 199);
  // Troll, the same: 249*13/10 = 323. Felid: 249*7/10 = 174.
  EXPECT_EQ(species_max_hp(lookup_species("troll"), 27, 2700), 323);
  EXPECT_EQ(species_max_hp(lookup_species("felid"), 27, 2700), 174);
  // Djinni XL 1, Fighting 0: 13*9/10 = 11, + 4 (MUT_FLAT_HP 1) = 15.
  EXPECT_EQ(species_max_hp(lookup_species("djinni"), 1, 0), 15);
}

// A fight without hp= takes the species' maximum HP; without species=, a human's.
TEST(Crawl034Species, FightDefaultHp) {
  const Ruleset& rs = fray::ruleset("crawl-0.34");
  const Bout b = rs.bout({"player:species=Mi,xl=12,fighting=10,long_blades=8,weapon=long_sword", "orc", {}, {}});
  EXPECT_EQ(b.a.hp, 106);
  EXPECT_TRUE(mentions(b.notes, "has 106 HP: no hp= given, so a minotaur's maximum HP at XL 12, Fighting 10"));
  EXPECT_EQ(rs.bout({"player:xl=1", "orc", {}, {}}).a.hp, 13);
  EXPECT_EQ(rs.bout({"orc", "player:species=troll,xl=27,fighting=27", {}, {}}).b.hp, 323);
  EXPECT_EQ(rs.bout({"player:species=troll,xl=27,hp=50", "orc", {}, {}}).a.hp, 50);
}

TEST(Crawl034Species, SpeciesSetsSizeClawsAndRegeneration) {
  const Player t = player("player:species=troll");
  EXPECT_EQ(t.size, Large);
  EXPECT_EQ(t.claws, 3);
  EXPECT_EQ(t.regen.mutation, 1);
  // The same player spelt out: the same EV and unarmed damage.
  const Player spelt = player("player:size=large,claws=3,regeneration=1");
  EXPECT_EQ(player_ev100(t, {}), player_ev100(spelt, {}));
  EXPECT_NE(player_ev100(t, {}), player_ev100(player("player"), {}));
  EXPECT_EQ(player("player:species=felid").size, Little);
  EXPECT_EQ(player("player:species=felid").claws, 1);
  EXPECT_EQ(player("player:species=human").claws, 0);
  EXPECT_EQ(player("player:species=troll,claws=3").claws, 3);
  EXPECT_EQ(player("player:species=felid,claws=3").claws, 3);  // mutated claws beyond the innate level
  EXPECT_EQ(player("player:species=vine_stalker,regeneration=2").regen.mutation, 2);
}

TEST(Crawl034Species, SpecErrorsNameTheKey) {
  auto expect = [](const std::string& spec, const std::string& part) {
    const std::string e = error_of(spec);
    EXPECT_NE(e.find(part), std::string::npos) << spec << " -> " << e;
  };
  expect("player:species=minotar", "unknown species 'minotar' (did you mean 'minotaur'?)");
  expect("player:species=felid,weapon=dagger", "weapon=dagger: a felid cannot wield weapons");
  expect("player:species=felid,body=robe", "body=robe: a felid cannot wear body armour");
  expect("player:species=octopode,body=robe", "body=robe: an octopode cannot wear body armour");
  expect("player:species=red_draconian,body=robe", "body=robe: a red_draconian cannot wear body armour");
  expect("player:species=felid,shield=buckler", "shield=buckler: a felid cannot hold a shield");
  expect("player:species=spriggan,weapon=great_sword", "weapon=great_sword: too large for a spriggan to wield");
  expect("player:species=naga,weapon=giant_club", "weapon=giant_club: too large for a naga to wield");
  expect("player:species=troll,body=plate_armour", "body=plate_armour: too small for a troll to wear");
  expect("player:species=spriggan,shield=tower_shield", "shield=tower_shield: too large for a spriggan to wear");
  expect("player:species=troll,size=medium", "size=medium is not the size of a troll (large)");
  expect("player:species=troll,claws=1", "claws=1 is below a troll's innate claws (3)");
  expect("player:species=troll,regeneration=0", "regeneration=0 is below a troll's innate Regeneration (1)");
  // What the game allows.
  EXPECT_EQ(error_of("player:species=formicid,weapon=giant_club,shield=tower_shield"), "no error");
  EXPECT_EQ(error_of("player:species=troll,weapon=giant_club,body=troll_leather_armour"), "no error");
  EXPECT_EQ(error_of("player:species=naga,body=plate_armour,shield=kite_shield"), "no error");
  EXPECT_EQ(error_of("player:species=coglin,weapon=long_sword,shield=kite_shield"), "no error");
  EXPECT_EQ(error_of("player:species=troll,size=large"), "no error");
}

TEST(Crawl034Species, MutationLines) {
  AttackRequest req;
  req.attacker = "player:species=minotaur,xl=12,fighting=10,long_blades=8,weapon=long_sword";
  req.defender = "orc";
  const AttackSummary s = fray::ruleset("crawl-0.34").attack(req);
  EXPECT_TRUE(mentions(s.not_modelled,
                       "player (minotaur): horns 2 (MUT_HORNS): the headbutt auxiliary attack, damage 5 + 3 a level "
                       "(AuxHeadbutt) not modelled"));
  EXPECT_TRUE(mentions(s.not_modelled, "player (minotaur): retaliatory headbutt 1 (MUT_REFLEXIVE_HEADBUTT)"));
  EXPECT_TRUE(mentions(s.modelled, "player (minotaur): HP modifier +10%"));
  // A troll: its claws and regeneration followed, its fur and skin (AC) not.
  req.attacker = "player:species=troll";
  const AttackSummary t = fray::ruleset("crawl-0.34").attack(req);
  EXPECT_TRUE(mentions(t.modelled, "player (troll): claws 3 (MUT_CLAWS)"));
  EXPECT_TRUE(mentions(t.modelled, "player (troll): regeneration 1 (MUT_REGENERATION)"));
  EXPECT_TRUE(mentions(t.not_modelled, "player (troll): tough skin 1 (MUT_TOUGH_SKIN): AC not modelled"));
  EXPECT_FALSE(mentions(t.not_modelled, "MUT_CLAWS"));
  // Only the mutations the XL has given: the green draconian's stinger comes at XL 14.
  req.attacker = "player:species=green_draconian,xl=13";
  EXPECT_FALSE(mentions(fray::ruleset("crawl-0.34").attack(req).not_modelled, "MUT_STINGER"));
  req.attacker = "player:species=green_draconian,xl=14";
  EXPECT_TRUE(mentions(fray::ruleset("crawl-0.34").attack(req).not_modelled, "stinger 2 (MUT_STINGER)"));
  // No species: no species lines.
  req.attacker = "player";
  EXPECT_FALSE(mentions(fray::ruleset("crawl-0.34").attack(req).modelled, "player ("));
}

}  // namespace
}  // namespace fray::crawl_0_34
