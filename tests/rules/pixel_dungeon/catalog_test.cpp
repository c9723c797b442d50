// Pixel Dungeon catalogs: every row of data/pixel_dungeon/*.json and every
// entry the library loads from them, field by field, against the facts
// tools/pixel_dungeon/extract.py reads off the game's Java source
// (tests/golden/pixel_dungeon/{mobs,weapons,armors,kits}.json); the upgrade and
// depth formulas at every level and depth the source was run at; lookups by name.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <fray/core/error.hpp>
#include <fray/rules/pixel_dungeon/catalog.hpp>
#include <fray/rules/pixel_dungeon/hero.hpp>
#include <fray/rules/spec.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "support/support.hpp"

namespace pd = fray::pixel_dungeon;

namespace {

using nlohmann::json;

// The catalog as the repository holds it, and the facts extracted from the game.
json data(const std::string& file) { return fray::test::read_json("../data/pixel_dungeon/" + file); }
json source(const std::string& file) { return fray::test::read_json("golden/pixel_dungeon/" + file); }

// The extracted rows of a table, by Java class.
std::map<std::string, json> by_class(const json& rows) {
  std::map<std::string, json> out;
  for (const json& r : rows) out[r["class"].get<std::string>()] = r;
  return out;
}

// A value the source gives as cases (Goo's pumpedUp, the brute's enraged):
// the one that holds otherwise, or the one under `when`.
json otherwise(const json& v) { return v.is_array() ? v.back()["value"] : v; }
json when(const json& v, const std::string& condition) {
  if (v.is_array())
    for (const json& c : v)
      if (c["when"] == condition) return c["value"];
  return nullptr;
}

// A roll as the source gives it ({roll, min, max}, or an int for a constant)
// and as the catalog or the library holds it, in one spelling: "NormalIntRange 2..5".
std::string roll_text(const json& v) {
  if (v.is_number_integer()) return fmt::format("constant {}..{}", v.get<int>(), v.get<int>());
  return fmt::format("{} {}..{}", v["roll"].get<std::string>(), v["min"].get<int>(), v["max"].get<int>());
}
std::string roll_text(const pd::Primitive& p) {
  const char* kind = p.kind == pd::Primitive::Kind::normal      ? "NormalIntRange"
                     : p.kind == pd::Primitive::Kind::int_excl  ? "Int"
                     : p.kind == pd::Primitive::Kind::int_range ? "IntRange"
                                                                : "constant";
  return fmt::format("{} {}..{}", kind, p.min(), p.max());
}
// The catalog's damage {min, max, roll: "NormalIntRange" | "Random.Int(2,12) uniform" | "constant (...)"}.
std::string catalog_roll_text(const json& d) {
  const std::string roll = d["roll"].get<std::string>();
  const std::string kind = roll.rfind("NormalIntRange", 0) == 0 ? "NormalIntRange"
                           : roll.rfind("Random.Int(", 0) == 0  ? "Int"
                           : roll.rfind("constant", 0) == 0     ? "constant"
                                                                : roll;
  return fmt::format("{} {}..{}", kind, d["min"].get<int>(), d["max"].get<int>());
}

// The Java classes a catalog row stands for: one, or the list of the quest NPCs' row.
std::vector<std::string> classes_of(const json& row) {
  const std::string cls = row["class"].get<std::string>();
  const auto open = cls.find(" (");
  if (open == std::string::npos) return {cls};
  std::vector<std::string> out;
  const std::string list = cls.substr(open + 2, cls.size() - open - 3);
  std::string::size_type i = 0;
  while (i < list.size()) {
    auto j = list.find(", ", i);
    if (j == std::string::npos) j = list.size();
    out.push_back("npcs." + list.substr(i, j - i));
    i = j + 2;
  }
  return out;
}

// The Sad Ghost flies (Ghost: flying = true), the other quest NPCs of their
// one catalog row do not; the row says what four of the five do.
bool flying_exception(const std::string& cls) { return cls == "npcs.Ghost"; }

// Mob classes the catalog leaves out: shopkeepers are never fought.
const std::set<std::string> not_listed = {"npcs.Shopkeeper", "npcs.ImpShopkeeper"};

float f32(const json& v) { return v.get<float>(); }

}  // namespace

TEST(PdCatalog, WarHammerIsFiveToTwentyFour) {
  // 30 / 1.2f = 24.999998 in float: 24, not the wiki's 25.
  const pd::Weapon w = pd::lookup_weapon("war_hammer");
  EXPECT_EQ(w.min, 5);
  EXPECT_EQ(w.max, 24);
  EXPECT_EQ(w.str, 18);
  EXPECT_FLOAT_EQ(w.acu, 1.2f);
  EXPECT_EQ(pd::melee_max0(4, 1.2f, 1.0f), 18);  // battle axe: 22/1.2f
  EXPECT_EQ(pd::melee_max0(3, 1.0f, 0.8f), 12);  // mace: 16·0.8f
}

TEST(PdCatalog, Upgrades) {
  const pd::Weapon s = pd::upgraded(pd::lookup_weapon("sword"), 2);  // min +1, max +tier, STR −1 per level
  EXPECT_EQ(s.min, 5);
  EXPECT_EQ(s.max, 22);
  EXPECT_EQ(s.str, 12);
  const pd::Weapon ss = pd::upgraded(pd::lookup_weapon("short_sword"), 1);
  EXPECT_EQ(ss.min, 2);
  EXPECT_EQ(ss.max, 13);
  EXPECT_EQ(ss.str, 10);
  const pd::Weapon b = pd::upgraded(pd::lookup_weapon("boomerang"), 2);  // 1+lvl .. 4+2·lvl, STR unchanged
  EXPECT_EQ(b.min, 3);
  EXPECT_EQ(b.max, 8);
  EXPECT_EQ(b.str, 10);
  const pd::Weapon wand = pd::upgraded(pd::lookup_weapon("wand"), 3);  // tier 2: 2 .. (4−2+10)/2 + 3 = 9
  EXPECT_EQ(wand.min, 2);
  EXPECT_EQ(wand.max, 9);
  EXPECT_EQ(pd::lookup_weapon("wand").max, 5);
  EXPECT_THROW((void)pd::upgraded(pd::lookup_weapon("dart"), 1), fray::Error);
  EXPECT_THROW((void)pd::upgraded(pd::lookup_weapon("pickaxe"), 1), fray::Error);
  EXPECT_THROW((void)pd::lookup_weapon("laser"), fray::Error);
}

TEST(PdCatalog, Armors) {
  EXPECT_EQ(pd::lookup_armor("scale").dr, 8);
  EXPECT_EQ(pd::upgraded(pd::lookup_armor("scale"), 1).dr, 12);
  EXPECT_EQ(pd::upgraded(pd::lookup_armor("scale"), 1).str, 14);
  EXPECT_EQ(pd::lookup_armor("plate_armor").str, 17);
  EXPECT_THROW((void)pd::lookup_armor("mithril"), fray::Error);
}

TEST(PdCatalog, GnollScout) {
  const pd::Mob g = pd::lookup_mob("gnoll_scout");
  EXPECT_EQ(g.ht, 12);
  EXPECT_EQ(g.evasion, 4);
  EXPECT_EQ(g.dr, 2);  // not the wiki's 4
  EXPECT_EQ(g.accuracy, 11);
  EXPECT_EQ(g.damage.kind, pd::Primitive::Kind::normal);
}

TEST(PdCatalog, SpecialMobs) {
  EXPECT_FALSE(pd::lookup_mob("crazy_thief").assassin_bonus);
  EXPECT_FALSE(pd::lookup_mob("crazy_bandit").assassin_bonus);
  EXPECT_FALSE(pd::lookup_mob("swarm_of_flies").assassin_bonus);
  EXPECT_TRUE(pd::lookup_mob("fetid_rat").assassin_bonus);
  EXPECT_TRUE(pd::lookup_mob("yog_dzewa").passive);
  EXPECT_TRUE(pd::lookup_mob("quest_npcs").passive);
  EXPECT_EQ(pd::lookup_mob("quest_npcs").evasion, 1000);
  const pd::Mob shaman = pd::lookup_mob("gnoll_shaman");
  ASSERT_TRUE(shaman.spell);
  EXPECT_EQ(shaman.spell->min(), 2);
  EXPECT_EQ(shaman.spell->max(), 11);
  EXPECT_EQ(pd::lookup_mob("dwarf_warlock").spell->max(), 17);
  EXPECT_TRUE(pd::lookup_mob("evil_eye").beam_only);
  EXPECT_EQ(pd::lookup_mob("gnoll_brute").enraged->max(), 40);
  EXPECT_EQ(pd::lookup_mob("goo").pumped_accuracy, 30);
  EXPECT_FLOAT_EQ(pd::lookup_mob("golem").attack_delay, 1.5f);
}

TEST(PdCatalog, DepthMobs) {
  const pd::Mob w = pd::adjust_stats(pd::lookup_mob("wraith"), {12, {}});
  EXPECT_EQ(w.accuracy, 22);
  EXPECT_EQ(w.evasion, 110);
  EXPECT_EQ(w.damage.min(), 1);
  EXPECT_EQ(w.damage.max(), 15);
  EXPECT_EQ(w.ht, 1);
  const pd::Mob p = pd::adjust_stats(pd::lookup_mob("giant_piranha"), {5, {}});
  EXPECT_EQ(p.ht, 35);
  EXPECT_EQ(p.evasion, 20);
  EXPECT_EQ(p.accuracy, 30);
  EXPECT_EQ(p.damage.min(), 5);
  EXPECT_EQ(p.damage.max(), 14);
  EXPECT_EQ(p.dr, 5);
  const pd::Mob m = pd::adjust_stats(pd::lookup_mob("mimic"), {6, {}});
  EXPECT_EQ(m.ht, 36);
  EXPECT_EQ(m.accuracy, 15);
  EXPECT_EQ(m.evasion, 7);
  EXPECT_EQ(m.damage.min(), 3);
  EXPECT_EQ(m.damage.max(), 9);
  const pd::Mob s = pd::adjust_stats(pd::lookup_mob("animated_statue"), {8, pd::lookup_weapon("war_hammer")});
  EXPECT_EQ(s.ht, 55);
  EXPECT_EQ(s.evasion, 12);
  EXPECT_EQ(s.accuracy, 20);  // (int)(17 · 1.2f)
  EXPECT_EQ(s.damage.max(), 24);
  EXPECT_EQ(s.dr, 8);
  const pd::Mob c = pd::adjust_stats(pd::lookup_mob("curse_personification"), {3, {}});
  EXPECT_EQ(c.ht, 19);
  EXPECT_EQ(c.evasion, 13);
  const pd::Mob b = pd::adjust_stats(pd::lookup_mob("golden_bee"), {4, {}});
  EXPECT_EQ(b.ht, 35);
  EXPECT_EQ(b.damage.min(), 3);
  EXPECT_EQ(b.damage.max(), 8);
  EXPECT_THROW((void)pd::adjust_stats(pd::lookup_mob("wraith")), fray::Error);
  EXPECT_THROW((void)pd::adjust_stats(pd::lookup_mob("gnoll_scout"), {3, {}}), fray::Error);
  EXPECT_THROW((void)pd::adjust_stats(pd::lookup_mob("animated_statue"), {3, {}}), fray::Error);
  EXPECT_THROW((void)pd::lookup_mob("kobold"), fray::Error);
}

TEST(PdCatalog, ShortNames) {
  EXPECT_EQ(pd::lookup_mob("rat").name, "marsupial rat");
  EXPECT_EQ(pd::lookup_mob("gnoll").dr, 2);
  EXPECT_EQ(pd::adjust_stats(pd::lookup_mob("piranha"), {2, {}}).ht, 20);
  EXPECT_EQ(pd::armors().size(), 5u);
  EXPECT_EQ(pd::armors()[3].key, "scale");
}

TEST(PdCatalog, Kits) {
  EXPECT_EQ(pd::starting_kit("warrior").weapon, "short_sword");
  EXPECT_EQ(pd::starting_kit("warrior").str, 11);
  EXPECT_EQ(pd::starting_kit("mage").weapon, "knuckleduster");
  EXPECT_FALSE(pd::starting_kit("mage").missile);
  EXPECT_EQ(pd::starting_kit("huntress").missile.value(), "boomerang");
  EXPECT_EQ(pd::starting_kit("rogue").weapon, "dagger");
  EXPECT_THROW((void)pd::starting_kit("priest"), fray::Error);
}

TEST(PdCatalog, FindAndLookup) {
  // find_X: nullptr for an unknown name; lookup_X: the same entry, or an error naming the closest.
  ASSERT_NE(pd::find_mob("gnoll_scout"), nullptr);
  EXPECT_EQ(pd::find_mob("gnoll"), pd::find_mob("gnoll_scout"));  // short name
  EXPECT_EQ(pd::find_mob("Gnoll scout"), pd::find_mob("gnoll_scout"));
  EXPECT_EQ(&pd::lookup_mob("gnoll_scout"), pd::find_mob("gnoll_scout"));
  EXPECT_EQ(pd::find_mob("kobold"), nullptr);
  EXPECT_EQ(pd::find_weapon("laser"), nullptr);
  EXPECT_EQ(pd::find_armor("mithril"), nullptr);
  EXPECT_EQ(pd::find_armor("scale_armor"), pd::find_armor("scale"));
  EXPECT_EQ(pd::find_weapon("war_hammer")->max, 24);
  auto message = [](auto&& f) {
    try {
      f();
    } catch (const fray::Error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(message([] { (void)pd::lookup_mob("gnol_scout"); }).find("did you mean 'gnoll_scout'"), std::string::npos);
  EXPECT_NE(message([] { (void)pd::lookup_weapon("war_hamer"); }).find("did you mean 'war_hammer'"), std::string::npos);
  EXPECT_NE(message([] { (void)pd::lookup_armor("plait"); }).find("did you mean 'plate'"), std::string::npos);
}

// --- every row against the game's source ----------------------------------------------

TEST(PdCatalog, EveryMobRowMatchesTheSource) {
  const auto src = by_class(source("mobs.json")["mobs"]);
  std::set<std::string> listed;
  const json rows = data("mobs.json")["mobs"];
  for (json row : rows) {  // a copy, as `e` below
    const std::string name = row["name"].get<std::string>();
    const auto members = classes_of(row);
    for (const std::string& cls : members) {
      SCOPED_TRACE(name + " (" + cls + ")");
      listed.insert(cls);
      ASSERT_TRUE(src.count(cls)) << "no class " << cls << " in the source";
      // A copy: operator[] of a json that is not const reads a missing key as
      // null (the source leaves out what the game computes), where the const
      // one may not be asked for a missing key at all.
      json e = src.at(cls);
      const json by_depth = e.value("by_depth", json::object());
      if (members.size() == 1) {
        EXPECT_EQ(name.substr(0, name.find(" (")), e["name"]);
      }
      // A number the catalog leaves null is one the source computes from the depth, or copies at run time.
      auto check = [&](const char* field, const char* from) {
        SCOPED_TRACE(field);
        if (row[field].is_null()) {
          EXPECT_TRUE(by_depth.contains(from) || e[from].is_null()) << "the source has " << e[from];
          return;
        }
        ASSERT_FALSE(by_depth.contains(from)) << "the source computes it from the depth";
        EXPECT_EQ(row[field], otherwise(e[from]));
      };
      check("HT", "HT");
      check("defenseSkill", "evasion");
      check("attackSkill", "attackSkill");
      check("dr", "dr");
      check("EXP", "EXP");
      check("maxLvl", "maxLvl");
      if (row["attackDelay"].is_null())
        EXPECT_TRUE(by_depth.contains("attackDelay"));
      else
        EXPECT_EQ(row["attackDelay"].get<float>(), f32(e["attackDelay"]));
      EXPECT_EQ(row["baseSpeed"].get<float>(), f32(e["baseSpeed"]));
      if (flying_exception(cls))
        EXPECT_NE(row["flying"], e["flying"]);
      else
        EXPECT_EQ(row["flying"], e["flying"]);
      if (row["damage"].is_object())
        EXPECT_EQ(catalog_roll_text(row["damage"]), roll_text(otherwise(e["damageRoll"])));
      else
        EXPECT_TRUE(by_depth.contains("damageRoll") || e["damageRoll"].is_null());
      // The damage it deals in another state.
      for (const auto& [state, condition] :
           std::map<std::string, std::string>{{"pumped_up", "pumpedUp"}, {"enraged", "enraged"}}) {
        const json alt = row.value("alt_damage", json::object()).value(state, json());
        EXPECT_EQ(alt.is_null(), when(e["damageRoll"], condition).is_null()) << state;
        if (!alt.is_null()) {
          EXPECT_EQ(catalog_roll_text(alt), roll_text(when(e["damageRoll"], condition)));
        }
      }
      // Its magic attack: damage and time.
      EXPECT_EQ(row.contains("ranged"), e.contains("magic_attack"));
      if (row.contains("ranged") && e.contains("magic_attack")) {
        EXPECT_EQ(row["ranged"]["hit"], "magic");
        EXPECT_EQ(catalog_roll_text(row["ranged"]["damage"]), roll_text(e["magic_attack"]["damage"]));
        EXPECT_EQ(row["ranged"]["time"].get<float>(), f32(e["magic_attack"]["time"]));
      }
      // Bestiary.mobClass: the same weights at the same depths ("26+": the default case, from 26 on).
      std::map<std::string, float> weights, game;
      for (const auto& [depth, w] : row["bestiary_weights"].items()) weights[depth == "26+" ? "26" : depth] = f32(w);
      for (const auto& [depth, w] : e["bestiary"].items()) game[depth] = f32(w);
      EXPECT_EQ(weights, game);
      EXPECT_EQ(row.value("inherits", json()), e.value("inherits", json()));
      // Bestiary.mutable: a rare variant says which class it replaces, and how often.
      if (e.contains("rare_variant_of")) {
        ASSERT_FALSE(row["special"].empty());
        const std::string first = row["special"][0].get<std::string>();
        EXPECT_NE(first.find(e["rare_variant_of"]["class"].get<std::string>()), std::string::npos) << first;
        EXPECT_NE(first.find(e["rare_variant_of"]["chance"].get<std::string>()), std::string::npos) << first;
      }
    }
  }
  // Every mob class of the game is in the catalog, or left out on purpose.
  for (const auto& [cls, e] : src) EXPECT_TRUE(listed.count(cls) || not_listed.count(cls)) << cls << " is not listed";
}

TEST(PdCatalog, EveryLoadedMobMatchesTheSource) {
  const auto src = by_class(source("mobs.json")["mobs"]);
  const json rows = data("mobs.json")["mobs"];
  ASSERT_EQ(pd::mobs().size(), rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const pd::Mob& m = pd::mobs()[i];
    for (const std::string& cls : classes_of(rows[i])) {
      SCOPED_TRACE(m.key + " (" + cls + ")");
      // A copy: operator[] of a json that is not const reads a missing key as
      // null (the source leaves out what the game computes), where the const
      // one may not be asked for a missing key at all.
      json e = src.at(cls);
      const json by_depth = e.value("by_depth", json::object());
      EXPECT_EQ(m.needs_depth, !by_depth.empty());
      // The source writes null for what the game copies from the hero (the
      // mirror image), and leaves out what it computes from the depth.
      EXPECT_EQ(m.needs_hero, e.contains("attackSkill") && e["attackSkill"].is_null());
      if (!m.needs_depth) {
        EXPECT_EQ(m.ht, e["HT"]);
        EXPECT_EQ(m.evasion, e["evasion"]);
        EXPECT_EQ(m.dr, e["dr"]);
        EXPECT_EQ(m.attack_delay, f32(e["attackDelay"]));
        if (!m.needs_hero) {
          EXPECT_EQ(m.accuracy, otherwise(e["attackSkill"]));
          EXPECT_EQ(roll_text(m.damage), roll_text(otherwise(e["damageRoll"])));
        }
      }
      if (!flying_exception(cls)) {
        EXPECT_EQ(m.flying, e["flying"]);
      }
      // Goo.attackSkill and damageRoll when pumped up; Brute.damageRoll when enraged.
      const json pumped = when(e["damageRoll"], "pumpedUp");
      EXPECT_EQ(m.pumped.has_value(), !pumped.is_null());
      if (m.pumped) {
        EXPECT_EQ(roll_text(*m.pumped), roll_text(pumped));
      }
      const json pumped_accuracy = when(e["attackSkill"], "pumpedUp && !jumped");
      EXPECT_EQ(m.pumped_accuracy, pumped_accuracy.is_null() ? 0 : pumped_accuracy.get<std::int64_t>());
      const json enraged = when(e["damageRoll"], "enraged");
      EXPECT_EQ(m.enraged.has_value(), !enraged.is_null());
      if (m.enraged) {
        EXPECT_EQ(roll_text(*m.enraged), roll_text(enraged));
      }
      // The magic attack: its roll, its time, the shaman's bonus in water; the eye's is its only attack.
      EXPECT_EQ(m.spell.has_value(), e.contains("magic_attack"));
      if (m.spell && e.contains("magic_attack")) {
        const json& magic = e["magic_attack"];
        EXPECT_EQ(roll_text(*m.spell), roll_text(magic["damage"]));
        EXPECT_EQ(m.spell_time, f32(magic["time"]));
        EXPECT_EQ(m.spell_water_bonus, magic.contains("multiplier"));
        if (magic.contains("multiplier")) {
          EXPECT_EQ(f32(magic["multiplier"]["factor"]), 1.5f);
        }
        EXPECT_EQ(m.beam_only, !magic["melee_too"].get<bool>());
      }
    }
  }
}

TEST(PdCatalog, DepthMobsMatchTheSourceAtEveryDepth) {
  const auto src = by_class(source("mobs.json")["mobs"]);
  std::size_t checked = 0;
  for (const pd::Mob& m : pd::mobs()) {
    if (!m.needs_depth) continue;
    const json& e = src.at(m.java_class);
    const json& by_depth = e["by_depth"];
    // A value from the depth table, or the source's constant.
    auto at = [&](const char* field, int depth, const std::string& weapon) -> json {
      if (!by_depth.contains(field)) return otherwise(e[field]);
      const json& t = by_depth[field];
      return weapon.empty() ? t[depth - 1] : t[weapon][depth - 1];
    };
    std::vector<std::pair<std::string, const pd::Weapon*>> weapons{{"", nullptr}};
    if (m.needs_weapon) {
      weapons.clear();
      for (const auto& [cls, t] : by_depth["HT"].items()) {
        const auto w = std::find_if(pd::weapons().begin(), pd::weapons().end(),
                                    [&cls = cls](const pd::Weapon& x) { return x.java_class == cls; });
        ASSERT_NE(w, pd::weapons().end()) << cls;
        weapons.emplace_back(cls, &*w);
      }
    }
    for (const auto& [cls, weapon] : weapons) {
      for (int d = 1; d <= 26; ++d) {
        SCOPED_TRACE(fmt::format("{} at depth {} {}", m.key, d, cls));
        pd::MobOptions opt{d, {}};
        if (weapon) opt.weapon = *weapon;
        const pd::Mob a = pd::adjust_stats(m, opt);
        EXPECT_EQ(a.ht, at("HT", d, cls));
        EXPECT_EQ(a.evasion, at("evasion", d, cls));
        EXPECT_EQ(a.accuracy, at("attackSkill", d, cls));
        EXPECT_EQ(roll_text(a.damage), roll_text(at("damageRoll", d, cls)));
        EXPECT_EQ(a.dr, at("dr", d, cls));
        EXPECT_EQ(a.attack_delay, f32(at("attackDelay", d, cls)));
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 26u * (5 + 11));  // five mobs, and the statue with each of the 11 melee weapons
}

TEST(PdCatalog, WeaponsMatchTheSource) {
  const auto src = by_class(source("weapons.json")["weapons"]);
  const json rows = data("weapons.json")["weapons"];
  ASSERT_EQ(pd::weapons().size(), rows.size());
  EXPECT_EQ(rows.size(), src.size()) << "a weapon of the game is missing from the catalog";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const json& row = rows[i];
    const pd::Weapon& w = pd::weapons()[i];
    SCOPED_TRACE(w.key);
    ASSERT_TRUE(src.count(row["class"].get<std::string>()));
    const json& e = src.at(row["class"].get<std::string>());
    const json& l0 = e["levels"]["0"];
    // The catalog's row.
    if (e["kind"] != "wand") {
      EXPECT_EQ(row["name"], e["name"]);
    }
    const std::string kind = row["kind"].get<std::string>();
    EXPECT_EQ(kind.substr(0, kind.find(' ')) == "other" ? (e["kind"] == "wand" ? "wand" : "weapon") : kind,
              e["kind"].get<std::string>());
    EXPECT_EQ(row["tier"], e["tier"]);
    EXPECT_EQ(row["min"], l0["min"]);
    EXPECT_EQ(row["max"], l0["max"]);
    EXPECT_EQ(f32(row["ACU"]), f32(e["ACU"]));
    EXPECT_EQ(f32(row["DLY"]), f32(e["DLY"]));
    EXPECT_EQ(row["STR"], l0.value("STR", json()));
    // The loaded weapon at every level the source was run at.
    EXPECT_EQ(w.java_class, row["class"]);
    EXPECT_EQ(w.acu, f32(e["ACU"]));
    EXPECT_EQ(w.dly, f32(e["DLY"]));
    if (e["kind"] == "melee") {
      EXPECT_EQ(w.tier, e["tier"]);
    }
    for (int level = -3; level <= 10; ++level) {
      SCOPED_TRACE(level);
      const std::string l = std::to_string(level);
      if (!e["levels"].contains(l)) {
        EXPECT_THROW((void)pd::upgraded(w, level), fray::Error) << "the game cannot upgrade it";
        continue;
      }
      if (w.kind == pd::WeaponKind::wand && level < 0) {
        EXPECT_THROW((void)pd::upgraded(w, level), fray::Error);  // fray takes wands from +0 up
        continue;
      }
      const pd::Weapon u = pd::upgraded(w, level);
      EXPECT_EQ(u.min, e["levels"][l]["min"]);
      EXPECT_EQ(u.max, e["levels"][l]["max"]);
      if (w.kind != pd::WeaponKind::wand) {
        EXPECT_EQ(u.str, e["levels"][l]["STR"]);
      }
    }
  }
}

TEST(PdCatalog, ArmorsMatchTheSource) {
  const auto src = by_class(source("armors.json")["armors"]);
  std::size_t loaded = 0;
  const json rows = data("armors.json")["armors"];
  for (const json& row : rows) {
    const std::string cls = row["class"].get<std::string>();
    SCOPED_TRACE(cls);
    if (row["DR"].is_null()) {  // class armor copies the armor it is made from
      EXPECT_EQ(cls, "ClassArmor");
      continue;
    }
    ASSERT_TRUE(src.count(cls));
    const json& e = src.at(cls);
    EXPECT_EQ(row["name"], e["name"]);
    EXPECT_EQ(row["tier"], e["tier"]);
    EXPECT_EQ(row["DR"], e["levels"]["0"]["DR"]);
    EXPECT_EQ(row["STR"], e["levels"]["0"]["STR"]);
    const pd::Armor& a = pd::armors()[loaded++];
    EXPECT_EQ(a.name, e["name"]);
    EXPECT_EQ(a.tier, e["tier"]);
    for (const auto& [level, v] : e["levels"].items()) {
      const pd::Armor u = pd::upgraded(a, std::stoi(level));
      EXPECT_EQ(u.dr, v["DR"]) << level;
      EXPECT_EQ(u.str, v["STR"]) << level;
    }
  }
  EXPECT_EQ(loaded, pd::armors().size());
  EXPECT_EQ(loaded, src.size()) << "an armor of the game is missing from the catalog";
}

TEST(PdCatalog, KitsMatchTheSource) {
  const json src = source("kits.json")["kits"];
  const json rows = data("kits.json")["kits"];
  ASSERT_EQ(rows.size(), src.size());
  auto class_of_weapon = [](const json& key) {
    return key.is_null() ? json() : json(pd::lookup_weapon(key.get<std::string>()).java_class);
  };
  const auto armors = data("armors.json")["armors"];
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const json& row = rows[i];
    const json& e = src[i];
    SCOPED_TRACE(e["class"].get<std::string>());
    EXPECT_EQ(row["class"], e["class"]);
    EXPECT_EQ(row["str"], e["str"]);
    EXPECT_EQ(class_of_weapon(row["weapon"]), e["weapon"]);
    EXPECT_EQ(class_of_weapon(row["missile"]), e["missiles"].empty() ? json() : e["missiles"][0]["class"]);
    const auto armor = std::find_if(armors.begin(), armors.end(), [&](const json& a) {
      return a["name"].get<std::string>().rfind(row["armor"].get<std::string>() + " ", 0) == 0;
    });
    ASSERT_NE(armor, armors.end());
    EXPECT_EQ((*armor)["class"], e["armor"]);
    // The library's starting hero: the kit, and HT (the Huntress starts 5 lower).
    const pd::Hero h = pd::starting_hero(pd::parse_hero_class(e["class"].get<std::string>()));
    EXPECT_EQ(pd::hero_ht(h), e["HT"]);
    EXPECT_EQ(h.str, e["str"]);
  }
}
