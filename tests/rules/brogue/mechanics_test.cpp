// Brogue CE's fight mechanics: transference in sampled fights, and the lists
// of what a fight leaves out (summons, splitting, poison).
#include <fray/fight/solve.hpp>
#include <fray/rules/ruleset.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace fray {
namespace {

Bout bout_of(const std::string& a, const std::string& b) {
  AttackRequest req;
  req.attacker = a;
  req.defender = b;
  return ruleset("brogue").bout(req);
}

bool lists(const std::vector<std::string>& list, std::string_view words) {
  return std::any_of(list.begin(), list.end(), [&](const std::string& s) { return s.find(words) != s.npos; });
}

// Combat.c inflictDamage, worked by hand: the bat (damage 2-6) hitting a
// player at 3 HP regains 9/10 of min(damage, 3), truncated: 2 · 9/10 = 1 for
// a 2, 3 · 9/10 = 2 for anything more; a miss heals nothing.
TEST(BrogueTransference, TheBatRegainsNineTenthsOfWhatItTakes) {
  const Bout b = bout_of("player", "vampire_bat");
  const Exchange& bat = *b.b_hits_a;
  EXPECT_FALSE(bat.exact());
  bool two = false, more = false;
  for (const Transition& t : bat.outcomes({18, 0}, {3, 0})) {
    const std::int64_t want = t.damage == 0 ? 0 : t.damage == 2 ? 1 : 2;
    EXPECT_EQ(t.heal, want) << t.damage;
    two = two || t.damage == 2;
    more = more || t.damage >= 3;
  }
  EXPECT_TRUE(two && more);
  // Against a full-health player the heal is 9/10 of the damage: 6 → 5.
  for (const Transition& t : bat.outcomes({18, 0}, {40, 0})) EXPECT_EQ(t.heal, t.damage * 9 / 10);
  // The player's own hits heal nothing.
  for (const Transition& t : b.a_hits_b->outcomes({40, 0}, {18, 0})) EXPECT_EQ(t.heal, 0);
  // The sampled duel follows it and says so; the exact one would not.
  const auto r = fight::solve_duel(b);
  EXPECT_EQ(r.method, "monte-carlo");
  EXPECT_NE(r.note.find("vampire_bat (b) attacking player (a)"), std::string::npos) << r.note;
  EXPECT_FALSE(lists(r.not_modelled, "transference"));
  EXPECT_TRUE(lists(b.modelled, "transference"));
  EXPECT_TRUE(lists(r.not_modelled, "flits"));
}

// The transference makes the bat stronger than the same numbers without it:
// a bat whose heal is ignored (an inline monster with its stats) loses more often.
TEST(BrogueTransference, HealingChangesTheOdds) {
  fight::FightOptions o;
  o.monte_carlo.sims = 200000;
  o.monte_carlo.seed = 9;
  o.monte_carlo.progress = false;
  o.method = fight::FightOptions::Method::monte_carlo;
  const auto with = fight::solve_duel(bout_of("player", "vampire_bat"), o);
  const auto without = fight::solve_duel(bout_of("player", "hp=18,defense=25,accuracy=100,damage=2-6/1"), o);
  EXPECT_LT(with.p_a_wins, without.a_wins_ci.lo);
}

TEST(BrogueMechanics, TheConjurersBladesAndTheJellysSplittingAreListed) {
  const auto conj = fight::solve_duel(bout_of("player", "goblin_conjurer"));
  EXPECT_TRUE(lists(conj.not_modelled, "spectral blades"));
  const auto jelly = fight::solve_duel(bout_of("player", "pink_jelly"));
  EXPECT_TRUE(lists(jelly.not_modelled, "splits when damaged"));
  // Acid is followed exactly: listed as modelled, not as left out.
  const Bout acid = bout_of("player", "acid_mound");
  EXPECT_TRUE(lists(acid.modelled, "MONST_DEFEND_DEGRADE_WEAPON"));
  EXPECT_FALSE(lists(acid.not_modelled, "MONST_DEFEND_DEGRADE_WEAPON"));
}

}  // namespace
}  // namespace fray
