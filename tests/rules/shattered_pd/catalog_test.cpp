// Shattered Pixel Dungeon's catalogs against the tables read off the game
// (golden/shattered_pd/{weapons,armors,mobs}.json): every weapon and armour at
// +0 to +10, the spirit bow at every hero level, every mob, depth formulas.
#include <gtest/gtest.h>

#include <fray/core/error.hpp>
#include <fray/rules/shattered_pd/catalog.hpp>
#include <fray/rules/spec.hpp>
#include <string>

#include "support/support.hpp"

namespace spd = fray::shattered_pd;

namespace {

std::string key_of(const nlohmann::json& row) {
  std::string name = row["name"];
  name = name.substr(0, name.find(" ("));
  return fray::catalog_key(name);
}

}  // namespace

TEST(SpdCatalog, TriangularSteps) {
  const int want[] = {0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5};
  for (int l = 0; l < 16; ++l) EXPECT_EQ(spd::triangular_steps(l), want[l]) << l;
  EXPECT_EQ(spd::triangular_steps(-2), 0);
}

TEST(SpdCatalog, EveryWeaponAtEveryLevel) {
  const auto g = fray::test::read_json("golden/shattered_pd/weapons.json");
  ASSERT_EQ(g["weapons"].size(), spd::weapons().size());
  for (const auto& row : g["weapons"]) {
    const spd::Weapon& w = spd::lookup_weapon(key_of(row));
    EXPECT_EQ(w.tier, row["tier"].get<int>()) << w.key;
    EXPECT_EQ(w.accuracy, row["ACC"].get<float>()) << w.key;
    EXPECT_EQ(w.delay, row["DLY"].get<float>()) << w.key;
    EXPECT_EQ(w.reach, row["RCH"].get<int>()) << w.key;
    if (row["surprise_min_frac"].is_null())
      EXPECT_FALSE(w.sneak) << w.key;
    else
      EXPECT_EQ(w.sneak, row["surprise_min_frac"].get<float>()) << w.key;
    if (w.kind == spd::WeaponKind::bow) {
      const auto& per = row["per_hero_level_1_to_30"];
      for (int L = 1; L <= 30; ++L) {
        const spd::Weapon b = spd::spirit_bow(L);
        EXPECT_EQ(b.min, per["min"][L - 1].get<std::int64_t>()) << "hero level " << L;
        EXPECT_EQ(b.max, per["max"][L - 1].get<std::int64_t>()) << "hero level " << L;
        EXPECT_EQ(b.str, per["STR"][L - 1].get<int>()) << "hero level " << L;
      }
      EXPECT_THROW((void)spd::weapon_at(w, 3), fray::Error);
      continue;
    }
    EXPECT_EQ(w.kind, row["kind"] == "melee" ? spd::WeaponKind::melee : spd::WeaponKind::thrown) << w.key;
    const auto& per = row["per_level"];
    for (int l = 0; l <= 10; ++l) {
      const spd::Weapon x = spd::weapon_at(w, l);
      EXPECT_EQ(x.min, per["min"][l].get<std::int64_t>()) << w.key << " +" << l;
      EXPECT_EQ(x.max, per["max"][l].get<std::int64_t>()) << w.key << " +" << l;
      EXPECT_EQ(x.str, per["STR"][l].get<int>()) << w.key << " +" << l;
      if (per.contains("block")) {
        EXPECT_EQ(x.block, per["block"][l].get<std::int64_t>()) << w.key << " +" << l;
      }
    }
  }
  EXPECT_EQ(spd::lookup_weapon("cudgel").accuracy, 1.40f);
  EXPECT_EQ(spd::lookup_weapon("mages_staff").name, "mage's staff");
  EXPECT_EQ(spd::lookup_weapon("Mage's staff").key, "mages_staff");
  EXPECT_EQ(spd::spirit_bow(5, 1).max, 10);
}

TEST(SpdCatalog, EveryArmorEveryAugmentEveryLevel) {
  const auto g = fray::test::read_json("golden/shattered_pd/armors.json");
  ASSERT_EQ(g["armors"].size(), spd::armors().size());
  const std::pair<const char*, spd::ArmorAugment> augments[] = {{"NONE", spd::ArmorAugment::none},
                                                                {"EVASION", spd::ArmorAugment::evasion},
                                                                {"DEFENSE", spd::ArmorAugment::defense}};
  for (const auto& row : g["armors"]) {
    const spd::Armor& a = spd::lookup_armor(key_of(row));
    EXPECT_EQ(a.tier, row["tier"].get<int>());
    EXPECT_EQ(a.dr_min, row["DRMin"].get<std::int64_t>());
    EXPECT_EQ(a.dr_max, row["DRMax"].get<std::int64_t>());
    EXPECT_EQ(a.str, row["STR"].get<int>());
    for (const auto& [name, aug] : augments) {
      const auto& per = row["per_level"][name];
      for (int l = 0; l <= 10; ++l) {
        const spd::Armor x = spd::armor_at(a, l, aug);
        EXPECT_EQ(x.dr_min, per["DRMin"][l].get<std::int64_t>()) << a.key << " " << name << " +" << l;
        EXPECT_EQ(x.dr_max, per["DRMax"][l].get<std::int64_t>()) << a.key << " " << name << " +" << l;
        EXPECT_EQ(x.str, per["STR"][l].get<int>()) << a.key << " " << name << " +" << l;
        EXPECT_EQ(x.evasion_bonus, per["evasion_bonus"][l].get<std::int64_t>()) << a.key << " " << name << " +" << l;
      }
    }
  }
  EXPECT_EQ(&spd::lookup_armor("plate"), &spd::lookup_armor("plate_armor"));
}

TEST(SpdCatalog, EveryMob) {
  const auto g = fray::test::read_json("golden/shattered_pd/mobs.json");
  ASSERT_EQ(g["mobs"].size(), spd::mobs().size());
  const auto& asc = g["meta"]["ascension_modifiers"];
  for (const auto& row : g["mobs"]) {
    const std::string cls = row["class"];
    const spd::Mob* m = nullptr;
    for (const spd::Mob& x : spd::mobs())
      if (x.java_class == cls) m = &x;
    ASSERT_NE(m, nullptr) << cls;
    EXPECT_EQ(spd::find_mob(m->key), m) << cls;
    EXPECT_EQ(m->exp, row["EXP"].get<std::int64_t>()) << cls;
    EXPECT_EQ(m->max_level, row["maxLvl"].get<std::int64_t>()) << cls;
    EXPECT_EQ(m->attack_delay, row["attackDelay"].get<float>()) << cls;
    EXPECT_EQ(m->speed, row["baseSpeed"].get<float>()) << cls;
    EXPECT_EQ(m->flying, row["flying"].get<bool>()) << cls;
    if (asc.contains(cls)) {
      EXPECT_EQ(m->ascension, asc[cls].get<float>()) << cls;
    }
    if (m->depth_scaled) continue;
    EXPECT_EQ(m->ht, row["HT"].get<std::int64_t>()) << cls;
    EXPECT_EQ(m->evasion, row["defenseSkill"].get<std::int64_t>()) << cls;
    if (!row["attackSkill"].is_null()) {
      EXPECT_EQ(m->accuracy, row["attackSkill"].get<std::int64_t>()) << cls;
    }
    if (row["damage"].is_null()) {
      EXPECT_FALSE(m->damage) << cls;
    } else {
      ASSERT_TRUE(m->damage) << cls;
      EXPECT_EQ(m->damage->kind, spd::Primitive::Kind::normal);
      EXPECT_EQ(m->damage->a, row["damage"]["min"].get<std::int32_t>()) << cls;
      EXPECT_EQ(m->damage->b, row["damage"]["max"].get<std::int32_t>()) << cls;
    }
    EXPECT_EQ(m->dr_max, row["dr_max"].get<std::int64_t>()) << cls;
    EXPECT_EQ(m->dr_const, row["dr_const"].get<std::int64_t>()) << cls;
    EXPECT_EQ(m->dr_extra.size(), row["dr_extra"].size()) << cls;
  }
  // Subclasses take their parent's ascension factor.
  EXPECT_EQ(spd::lookup_mob("albino").ascension, 10.0f);
  EXPECT_EQ(spd::lookup_mob("purple_gnoll_shaman").ascension, 2.25f);
  // Spells: the magic attacks' damage.
  EXPECT_EQ(spd::lookup_mob("warlock").spell->b, 18);
  EXPECT_EQ(spd::lookup_mob("dm100").spell->a, 3);
  EXPECT_EQ(spd::lookup_mob("eye").spell->a, 30);
  EXPECT_FALSE(spd::lookup_mob("rat").spell);
}

TEST(SpdCatalog, DepthScaledMobs) {
  const spd::Mob w = spd::mob_at_depth(spd::lookup_mob("wraith"), {.depth = 7});
  EXPECT_EQ(w.accuracy, 17);
  EXPECT_EQ(w.evasion, 85);
  EXPECT_EQ(w.damage->a, 4);
  EXPECT_EQ(w.damage->b, 9);
  EXPECT_EQ(w.ht, 1);
  const spd::Mob t = spd::mob_at_depth(spd::lookup_mob("tormented_spirit"), {.depth = 5});  // round(7.5) = 8
  EXPECT_EQ(t.accuracy, 18);
  EXPECT_EQ(t.damage->a, 5);
  const spd::Mob p = spd::mob_at_depth(spd::lookup_mob("piranha"), {.depth = 12});
  EXPECT_EQ(p.ht, 70);
  EXPECT_EQ(p.evasion, 34);
  EXPECT_EQ(p.accuracy, 44);
  EXPECT_EQ(p.damage->a, 12);
  EXPECT_EQ(p.damage->b, 28);
  EXPECT_EQ(p.dr_max, 12);
  const spd::Mob mimic = spd::mob_at_depth(spd::lookup_mob("mimic"), {.depth = 9});
  EXPECT_EQ(mimic.ht, 60);
  EXPECT_EQ(mimic.evasion, 6);
  EXPECT_EQ(mimic.accuracy, 15);
  EXPECT_EQ(mimic.dr_max, 5);
  const spd::Weapon hammer = spd::weapon_at(spd::lookup_weapon("war_hammer"), 2);
  const spd::Mob s = spd::mob_at_depth(spd::lookup_mob("statue"), {.depth = 10, .weapon = &hammer});
  EXPECT_EQ(s.ht, 65);
  EXPECT_EQ(s.accuracy, 22);  // (int)(19 · 1.20f) = (int)22.8000009
  EXPECT_EQ(s.damage->a, 7);
  EXPECT_EQ(s.damage->b, 36);
  const spd::Weapon shield = spd::lookup_weapon("greatshield");
  const spd::Armor plate = spd::armor_at(spd::lookup_armor("plate"), 1);
  const spd::Mob as =
      spd::mob_at_depth(spd::lookup_mob("armored_statue"), {.depth = 4, .weapon = &shield, .armor = &plate});
  EXPECT_EQ(as.ht, 70);
  EXPECT_EQ(as.dr_max, 10);
  ASSERT_EQ(as.dr_extra.size(), 1u);
  EXPECT_EQ(as.dr_extra[0], (std::pair<std::int32_t, std::int32_t>{1, 15}));
  const spd::Mob bee = spd::mob_at_depth(spd::lookup_mob("bee"), {.depth = 8});
  EXPECT_EQ(bee.ht, 40);
  EXPECT_EQ(bee.damage->a, 4);
  EXPECT_EQ(bee.damage->b, 10);
  // Fixed mobs come back unchanged; bad settings are refused.
  EXPECT_EQ(spd::mob_at_depth(spd::lookup_mob("rat"), {.depth = 3}).ht, 8);
  EXPECT_THROW((void)spd::mob_at_depth(spd::lookup_mob("statue"), {.depth = 3}), fray::Error);
  EXPECT_THROW((void)spd::mob_at_depth(spd::lookup_mob("rat"), {.depth = 3, .weapon = &hammer}), fray::Error);
  EXPECT_THROW((void)spd::mob_at_depth(spd::lookup_mob("wraith"), {.depth = 27}), fray::Error);
}

TEST(SpdCatalog, LookupsSuggestNames) {
  EXPECT_EQ(spd::find_mob("rat")->name, "marsupial rat");
  EXPECT_EQ(spd::find_mob("Marsupial rat")->key, "marsupial_rat");
  EXPECT_EQ(spd::find_mob("nope"), nullptr);
  EXPECT_EQ(spd::find_weapon("nope"), nullptr);
  EXPECT_EQ(spd::find_armor("nope"), nullptr);
  try {
    (void)spd::lookup_mob("gnol_scout");
    FAIL();
  } catch (const fray::Error& e) {
    EXPECT_NE(std::string(e.what()).find("did you mean 'gnoll_scout'"), std::string::npos) << e.what();
  }
  try {
    (void)spd::lookup_weapon("longswrd");
    FAIL();
  } catch (const fray::Error& e) {
    EXPECT_NE(std::string(e.what()).find("'longsword'"), std::string::npos) << e.what();
  }
  EXPECT_THROW((void)spd::lookup_armor("chain"), fray::Error);
  EXPECT_THROW((void)spd::weapon_at(spd::lookup_weapon("sword"), -1), fray::Error);
  EXPECT_THROW((void)spd::spirit_bow(0), fray::Error);
}
