// The Pixel Dungeon family's shared hero rules (fray/rules/pixel_dungeon/family.hpp),
// held against each version's tables and worked values.
#include <gtest/gtest.h>

#include <array>
#include <fray/core/error.hpp>
#include <fray/rules/pixel_dungeon/family.hpp>
#include <fray/rules/pixel_dungeon/hero.hpp>
#include <fray/rules/shattered_pd/hero.hpp>
#include <string>
#include <string_view>

namespace pd = fray::pixel_dungeon;
namespace spd = fray::shattered_pd;
namespace family = fray::pixel_dungeon::family;

TEST(PdFamily, HeroBases) {
  EXPECT_EQ(family::accuracy_base(1), 10);
  EXPECT_EQ(family::evasion_base(1), 5);
  EXPECT_EQ(family::hero_ht(1), 20);
  EXPECT_EQ(family::hero_ht(30), 165);
}

TEST(PdFamily, HeavyWeaponAccuracy) {
  EXPECT_EQ(family::heavy_weapon_accuracy(1.2f, 0), 1.2f);
  EXPECT_EQ(family::heavy_weapon_accuracy(1.2f, -3), 1.2f);
  // (float)(1.0 / 2.25) and (float)((double)1.2f / 3.375).
  EXPECT_EQ(family::heavy_weapon_accuracy(1.0f, 2), 0.44444445f);
  EXPECT_EQ(family::heavy_weapon_accuracy(1.2f, 3), static_cast<float>(static_cast<double>(1.2f) / 3.375));
}

TEST(PdFamily, SubclassClassesInBothVersions) {
  using PC = pd::HeroClass;
  using PS = pd::SubClass;
  const std::array<std::pair<PS, PC>, 8> pd_rows = {{{PS::gladiator, PC::warrior},
                                                     {PS::berserker, PC::warrior},
                                                     {PS::warlock, PC::mage},
                                                     {PS::battlemage, PC::mage},
                                                     {PS::assassin, PC::rogue},
                                                     {PS::freerunner, PC::rogue},
                                                     {PS::sniper, PC::huntress},
                                                     {PS::warden, PC::huntress}}};
  for (const auto& [s, c] : pd_rows) EXPECT_EQ(pd::class_of(s), c) << pd::to_string(s);
  EXPECT_EQ(pd::class_of(PS::none), std::nullopt);

  using SC = spd::HeroClass;
  using SS = spd::SubClass;
  const std::array<std::pair<SS, SC>, 12> spd_rows = {{{SS::berserker, SC::warrior},
                                                       {SS::gladiator, SC::warrior},
                                                       {SS::battlemage, SC::mage},
                                                       {SS::warlock, SC::mage},
                                                       {SS::assassin, SC::rogue},
                                                       {SS::freerunner, SC::rogue},
                                                       {SS::sniper, SC::huntress},
                                                       {SS::warden, SC::huntress},
                                                       {SS::champion, SC::duelist},
                                                       {SS::monk, SC::duelist},
                                                       {SS::priest, SC::cleric},
                                                       {SS::paladin, SC::cleric}}};
  for (const auto& [s, c] : spd_rows) EXPECT_EQ(spd::class_of(s), c) << spd::to_string(s);
  EXPECT_EQ(spd::class_of(SS::none), std::nullopt);
}

namespace {
std::string error_of(const family::NameTable& t, std::string_view s) {
  try {
    (void)family::parse_name(t, s);
  } catch (const fray::Error& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST(PdFamily, ParseNameAsEachVersionReadsIt) {
  constexpr std::array<std::string_view, 3> names = {"none", "red_one", "blue"};
  // Pixel Dungeon: the name as typed; "none" read but not listed.
  const family::NameTable exact{names, "colour", 1};
  EXPECT_EQ(family::parse_name(exact, "none"), 0u);
  EXPECT_EQ(family::parse_name(exact, "blue"), 2u);
  EXPECT_EQ(error_of(exact, "Red One"), "unknown colour 'Red One' (did you mean 'red_one'?) (known: red_one, blue)");
  EXPECT_EQ(error_of(exact, "bleu"), "unknown colour 'bleu' (did you mean 'blue'?) (known: red_one, blue)");
  // Shattered: the name as a catalog key, every name listed.
  const family::NameTable key{names, "colour", 0, true};
  EXPECT_EQ(family::parse_name(key, "Red One"), 1u);
  EXPECT_EQ(error_of(key, "green"), "unknown colour 'green' (known: none, red_one, blue)");
}
