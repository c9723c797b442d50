// fray/rules/brogue/catalog.hpp: the embedded catalogs.
#include <gtest/gtest.h>

#include <fray/core/error.hpp>
#include <fray/rules/brogue/catalog.hpp>
#include <string>

using namespace fray::brogue;

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
