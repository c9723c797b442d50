// The first-attack part (fray/fight/parts/first_attack.hpp): the situation of
// each case of passing conditions, when a turn ends them, its note and its
// PartUse.
#include <fray/core/error.hpp>
#include <fray/fight/parts/first_attack.hpp>

#include <gtest/gtest.h>

#include <array>
#include <string_view>

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
  fray::fight::PartUse bad = u;
  bad.params[0].second = 0.5;
  EXPECT_THROW((void)parts::first_attack_of(bad), fray::Error);
  bad.part = "drain";
  EXPECT_THROW((void)parts::first_attack_of(bad), fray::Error);
}

}  // namespace
