// The first-attack part (fray/fight/parts/first_attack.hpp): the situation of
// each case of passing conditions, when a turn ends them, its note and its
// PartUse.
#include <fray/core/error.hpp>
#include <fray/fight/parts/first_attack.hpp>

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

namespace parts = fray::fight::parts;

struct Toy {
  bool invisible = false;  // the attacker's, passing
  bool unaware = false;    // the defender's, passing
  bool asleep = false;     // the defender's, passing
  bool ranged = false;     // lasting
};
constexpr std::array<bool Toy::*, 1> kAttacker{&Toy::invisible};
constexpr std::array<bool Toy::*, 2> kDefender{&Toy::unaware, &Toy::asleep};
const parts::PassingFlags<Toy> kFlags{kAttacker, kDefender};

TEST(PartsFirstAttack, PassedClearsTheEndedSidesFlagsOnly) {
  const Toy s{true, true, true, true};
  const Toy none = parts::passed(s, kFlags, false, false);
  EXPECT_TRUE(none.invisible && none.unaware && none.asleep && none.ranged);
  const Toy a = parts::passed(s, kFlags, true, false);
  EXPECT_FALSE(a.invisible);
  EXPECT_TRUE(a.unaware && a.asleep && a.ranged);
  const Toy d = parts::passed(s, kFlags, false, true);
  EXPECT_TRUE(d.invisible && d.ranged);
  EXPECT_FALSE(d.unaware || d.asleep);
  const Toy both = parts::passed(s, kFlags, true, true);
  EXPECT_FALSE(both.invisible || both.unaware || both.asleep);
  EXPECT_TRUE(both.ranged);
}

TEST(PartsFirstAttack, PassedClearsNumberedFlagsByTheirHolder) {
  using H = parts::Holder;
  const std::vector<bool> flags{true, true, true, false};
  const std::array<H, 4> holders{H::attacker, H::defender, H::none, H::defender};
  EXPECT_EQ(parts::passed(flags, holders, false, false), flags);
  EXPECT_EQ(parts::passed(flags, holders, true, false), (std::vector<bool>{false, true, true, false}));
  EXPECT_EQ(parts::passed(flags, holders, false, true), (std::vector<bool>{true, false, true, false}));
  EXPECT_EQ(parts::passed(flags, holders, true, true), (std::vector<bool>{false, false, true, false}));
}

TEST(PartsFirstAttack, AnyPassingSeesEitherSidesFlags) {
  EXPECT_FALSE(parts::any_passing(Toy{}, kFlags));
  EXPECT_FALSE(parts::any_passing(Toy{.ranged = true}, kFlags));
  EXPECT_TRUE(parts::any_passing(Toy{.invisible = true}, kFlags));
  EXPECT_TRUE(parts::any_passing(Toy{.asleep = true}, kFlags));
}

TEST(PartsFirstAttack, ATurnEndsItsOwnAndTheFirstMoversEndsItsFoes) {
  bool mine = false, foe = false;
  parts::first_attack_turn({}, true, mine, foe);
  EXPECT_TRUE(mine);
  EXPECT_TRUE(foe);
  mine = foe = false;
  parts::first_attack_turn({}, false, mine, foe);
  EXPECT_TRUE(mine);
  EXPECT_FALSE(foe);
  mine = foe = false;
  parts::first_attack_turn({.attack_ends_foe = false}, true, mine, foe);
  EXPECT_TRUE(mine);
  EXPECT_FALSE(foe);
}

// A sleeper's own turn leaves it asleep; a part whose foe is alerted only by
// a hit (DCSS 0.19's unaware monster) keeps the foe's conditions on a miss.
TEST(PartsFirstAttack, TurnEndsOwnAndHitOnly) {
  bool mine = false, foe = false;
  parts::first_attack_turn({.turn_ends_own = false}, true, mine, foe);
  EXPECT_FALSE(mine);
  EXPECT_TRUE(foe);
  const parts::FirstAttack hit_only{.hit_ends_foe_only = true};
  mine = foe = false;
  parts::first_attack_turn(hit_only, true, false, mine, foe);
  EXPECT_TRUE(mine);
  EXPECT_FALSE(foe);
  parts::first_attack_turn(hit_only, true, true, mine, foe);
  EXPECT_TRUE(foe);
  // Without hit_ends_foe_only a miss alerts as well.
  mine = foe = false;
  parts::first_attack_turn({}, true, false, mine, foe);
  EXPECT_TRUE(foe);
}

TEST(PartsFirstAttack, NoteAndUse) {
  const std::array<std::string_view, 2> two{"invisible", "surprised"};
  EXPECT_EQ(parts::first_attack_note(two, "Mob.act"),
            "invisible, surprised hold for the first attack only, then the fight goes on without them (Mob.act)");
  const std::array<std::string_view, 1> one{"unseen"};
  EXPECT_EQ(parts::first_attack_note(one, ""),
            "unseen holds for the first attack only, then the fight goes on without it");
  const fray::fight::PartUse u = parts::first_attack_use({.attack_ends_foe = false}, "Mob.act");
  EXPECT_EQ(u.part, "first_attack");
  ASSERT_EQ(u.params.size(), 1u);
  EXPECT_EQ(u.params[0].first, "attack_ends_foe");
  EXPECT_EQ(u.params[0].second, 0.0);
  EXPECT_FALSE(parts::first_attack_of(u).attack_ends_foe);
  EXPECT_TRUE(parts::first_attack_of(parts::first_attack_use({}, "")).attack_ends_foe);
  // The later parameters are given only when they are not their defaults, and read back.
  const parts::FirstAttack dcss{.attack_ends_foe = true, .turn_ends_own = false, .hit_ends_foe_only = true};
  const fray::fight::PartUse d = parts::first_attack_use(dcss, "mon-behv.cc behaviour_event");
  ASSERT_EQ(d.params.size(), 3u);
  EXPECT_EQ(d.params[1], (std::pair<std::string, double>{"turn_ends_own", 0.0}));
  EXPECT_EQ(d.params[2], (std::pair<std::string, double>{"hit_ends_foe_only", 1.0}));
  const parts::FirstAttack back = parts::first_attack_of(d);
  EXPECT_TRUE(back.attack_ends_foe);
  EXPECT_FALSE(back.turn_ends_own);
  EXPECT_TRUE(back.hit_ends_foe_only);
  fray::fight::PartUse odd = d;
  odd.params[2].second = 2;
  EXPECT_THROW((void)parts::first_attack_of(odd), fray::Error);
  fray::fight::PartUse bad = u;
  bad.params[0].second = 0.5;
  EXPECT_THROW((void)parts::first_attack_of(bad), fray::Error);
  bad.part = "drain";
  EXPECT_THROW((void)parts::first_attack_of(bad), fray::Error);
}

}  // namespace
