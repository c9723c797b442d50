// Brogue CE fights opened in a situation (fray/rules/brogue/fight.hpp
// make_bout): a sneak attack or an attack on a sleeping monster holds for the
// first attack only, and the surprised monster loses max(movementSpeed,
// attackSpeed) ticks (Combat.c attack); a lunge holds for the first attack;
// stuck, seized and slaying last the whole fight; paralyzed, captive and
// thrown are refused. The expected values are built here from the single
// attacks' laws (Ruleset::attack, tested on their own) and the order of the
// turns, independently of the fight's chain; the sampled fight is checked
// against the exact one.
#include <fray/core/error.hpp>
#include <fray/fight/exact.hpp>
#include <fray/fight/monte_carlo.hpp>
#include <fray/fight/part.hpp>
#include <fray/rules/brogue/fight.hpp>
#include <fray/rules/ruleset.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "fight/sampling.hpp"
#include "rules/brogue/checks.hpp"
#include "support/scale.hpp"

namespace fray {
namespace {

using brogue_test::lists;
using brogue_test::mc;

// An inline monster: no regeneration, no abilities, 100 ticks to attack and to move.
constexpr const char* kMonster = "accuracy=100,defense=70,damage=2-6/1,hp=40";
constexpr const char* kPlayer = "player:regeneration=none";

Bout bout_in(const std::string& a, const std::string& b, std::vector<std::string> situation) {
  AttackRequest req;
  req.attacker = a;
  req.defender = b;
  req.situation = std::move(situation);
  return ruleset("brogue").bout(req);
}

// One attack's damage law (a miss as 0), as `fray attack` gives it.
Pmf law(const std::string& a, const std::string& b, std::vector<std::string> situation = {}) {
  AttackRequest req;
  req.attacker = a;
  req.defender = b;
  req.situation = std::move(situation);
  return ruleset("brogue").attack(req).damage;
}

// The law of the attacks to kill `hp`: the first attack's law, then the
// others' (P(N <= n) = P(first + n - 1 others >= hp)), up to a tail of 1e-15.
Pmf attacks_to_kill(const Pmf& first, const Pmf& others, std::int64_t hp) {
  std::map<std::int64_t, double> out;
  Pmf sum = first;
  double before = 0;
  for (std::int64_t n = 1; before < 1 - 1e-15 && n < 10000; ++n) {
    const double now = 1 - sum.cdf(hp - 1);
    out[n] = now - before;
    before = now;
    sum = sum + others;
  }
  return Pmf::from_map(out);
}

// Every value's probability within `tol` (the two tails may stop at
// different faint values).
bool near_pmf(const Pmf& x, const Pmf& y, double tol) {
  const std::int64_t lo = std::min(x.min(), y.min()), hi = std::max(x.max(), y.max());
  for (std::int64_t v = lo; v <= hi; ++v)
    if (std::fabs(x[v] - y[v]) > tol) return false;
  return true;
}

// P(a wins) of a duel between a (hp_a) and b (hp_b): a's k-th attack at k
// ta ticks, b's at k tb, a first on a tie; a's first attack's damage law is
// `first`, its later ones `a_law`, b's `b_law`, and b's first `b_skips`
// turns make no attack. A plain grid of the two HP, kills absorbing.
double duel_wins(const Pmf& first, const Pmf& a_law, const Pmf& b_law, std::int64_t hp_a, std::int64_t hp_b,
                 int b_skips, std::int64_t ta = 100, std::int64_t tb = 100) {
  std::map<std::pair<std::int64_t, std::int64_t>, double> now{{{hp_a, hp_b}, 1.0}};
  double a_wins = 0;
  std::int64_t na = 0, nb = 0;
  for (int turn = 0; turn < 40000 && !now.empty(); ++turn) {
    std::map<std::pair<std::int64_t, std::int64_t>, double> next;
    const bool a_moves = na * ta <= nb * tb;
    const bool skip = !a_moves && nb < b_skips;
    const bool first_attack = a_moves && na == 0;
    ++(a_moves ? na : nb);
    for (const auto& [hp, p] : now) {
      if (skip) {
        next[hp] += p;
        continue;
      }
      const Pmf& l = a_moves ? (first_attack ? first : a_law) : b_law;
      for (const auto& [d, q] : l.items()) {
        if (a_moves) {
          if (hp.second - d <= 0)
            a_wins += p * q;
          else
            next[{hp.first, hp.second - d}] += p * q;
        } else if (hp.first - d > 0) {
          next[{hp.first - d, hp.second}] += p * q;
        }
      }
    }
    now.clear();
    for (const auto& [hp, p] : next)
      if (p > 1e-18) now[hp] = p;
  }
  return a_wins;
}

// Combat.c attack: the sneak attack's law (x5 with the dagger, always hits)
// for the first attack, the plain one after; the inline monster never
// regenerates, so its own turns change nothing of its HP.
TEST(BrogueSituationFight, SneakAttackThenPlainAttacksToKill) {
  const Bout b = bout_in("player", kMonster, {"sneak"});
  const Pmf want = attacks_to_kill(law("player", kMonster, {"sneak"}), law("player", kMonster), 40);
  const fight::TtkResult r = fight::ttk_exact(b);
  ASSERT_TRUE(r.attacks.has_value());
  EXPECT_NEAR(r.p_kill, 1.0, 1e-12);
  EXPECT_TRUE(near_pmf(*r.attacks, want, 1e-12)) << r.attacks->mean() << " " << want.mean();
  // Without the sneak: one attack more on average than 15-20 damage saves.
  const fight::TtkResult plain = fight::ttk_exact(bout_in("player", kMonster, {}));
  EXPECT_GT(plain.attacks->mean() - r.attacks->mean(), 3.0);
}

// A rapier lunge (x3, always hits) for the first attack, then the rapier's
// plain attacks; a lunge surprises nobody: the monster loses no ticks.
TEST(BrogueSituationFight, LungeHoldsForTheFirstAttackOnly) {
  const std::string p = "player:weapon=rapier,regeneration=none";
  const Bout b = bout_in(p, kMonster, {"lunge"});
  const Pmf want = attacks_to_kill(law(p, kMonster, {"lunge"}), law(p, kMonster), 40);
  const fight::TtkResult r = fight::ttk_exact(b);
  EXPECT_TRUE(near_pmf(*r.attacks, want, 1e-12));
  for (const Transition& t : b.a_hits_b->outcomes({30, 0}, {40, 0})) {
    EXPECT_TRUE(brogue::fight_state(*b.a_hits_b, t.attacker_state).over);
    EXPECT_EQ(brogue::fight_state(*b.a_hits_b, t.defender_state).lost, 0);
  }
  // The duel: the monster attacks at once, as in the plain fight.
  const double want_wins =
      duel_wins(law(p, kMonster, {"lunge"}), law(p, kMonster), law(kMonster, p), 30, 40, 0, 50, 100);
  EXPECT_NEAR(fight::duel_exact(b).p_a_wins, want_wins, 1e-12);
}

// The duel after a sneak attack: the monster, flat-footed, loses its first
// turn (max(100, 100) ticks = one of its 100-tick attacks), then the sides
// take turns. The value is the grid of the two HP over that order.
TEST(BrogueSituationFight, ASurprisedMonsterLosesItsFirstTurn) {
  const Bout b = bout_in(kPlayer, kMonster, {"sneak"});
  const Pmf x = law(kPlayer, kMonster, {"sneak"}), y = law(kPlayer, kMonster), z = law(kMonster, kPlayer);
  const double want = duel_wins(x, y, z, 30, 40, 1);
  const fight::DuelResult r = fight::duel_exact(b);
  EXPECT_NEAR(r.p_a_wins, want, 1e-12);
  EXPECT_NEAR(r.p_a_wins + r.p_b_wins, 1.0, 1e-12);
  // The same first attack without the lost turn is another answer.
  EXPECT_GT(std::fabs(duel_wins(x, y, z, 30, 40, 0) - want), 1e-3);
  // Asleep, the same.
  EXPECT_NEAR(fight::duel_exact(bout_in(kPlayer, kMonster, {"sleeping"})).p_a_wins, want, 1e-12);
}

// Combat.c attack: a monster attacking a sleeping one surprises it too
// (defenderWasAsleep needs no player): x3, and its first turn lost.
TEST(BrogueSituationFight, AMonsterOnASleepingMonster) {
  const std::string m = "accuracy=100,defense=0,damage=3-9/1,hp=30";
  const Pmf x = law(m, kMonster, {"sleeping"}), y = law(m, kMonster), z = law(kMonster, m);
  EXPECT_DOUBLE_EQ(x.mean(), 3 * 6.0);
  const fight::DuelResult r = fight::duel_exact(bout_in(m, kMonster, {"sleeping"}));
  EXPECT_NEAR(r.p_a_wins, duel_wins(x, y, z, 30, 40, 1), 1e-12);
}

// The turns lost: max(movementSpeed, attackSpeed) over the attack time.
TEST(BrogueSituationFight, SurprisedTurns) {
  const auto spec = [](const char* s) { return brogue::parse_combatant(s, "defender"); };
  EXPECT_EQ(brogue::surprised_turns(spec("goblin")), 1);       // 100, 100
  EXPECT_EQ(brogue::surprised_turns(spec("jackal")), 1);       // moves in 50, attacks in 100
  EXPECT_EQ(brogue::surprised_turns(spec("bog_monster")), 2);  // moves in 200, attacks in 100
  EXPECT_EQ(brogue::surprised_turns(spec("spider")), 1);       // moves in 100, attacks in 200
  EXPECT_EQ(brogue::surprised_turns(spec("player")), 0);
  // No catalog monster has it, and no spec sets it: 150 ticks lost are not a
  // whole number of 100-tick attacks.
  brogue::Combatant odd = spec("goblin");
  odd.monster.movement_speed = 150;
  EXPECT_THROW((void)brogue::surprised_turns(odd), Error);
}

// A bog monster asleep loses two turns: the first, at the hit, gives
// nothing; the second its regeneration (an HP every 3 turns: 1000 of 3000
// thousandths); its third turn is its attack (here, its seizing).
TEST(BrogueSituationFight, LostTurnsRegenerateAfterTheFirst) {
  const Bout b = bout_in("player:weapon=sword,regeneration=none", "bog_monster", {"sleeping"});
  const auto out = b.a_hits_b->outcomes({30, 0}, {55, 0});
  ASSERT_FALSE(out.empty());
  const Transition& hit = out.front();
  EXPECT_TRUE(hit.landed());
  const brogue::FightState d = brogue::fight_state(*b.a_hits_b, hit.defender_state);
  EXPECT_EQ(d.lost, 2);
  EXPECT_TRUE(d.over);
  const std::int64_t hp = 55 - hit.damage;
  const auto first = b.b_hits_a->outcomes({hp, hit.defender_state}, {30, hit.attacker_state});
  ASSERT_EQ(first.size(), 1u);
  EXPECT_EQ(first[0].damage, 0);
  EXPECT_EQ(first[0].heal, 0);
  const brogue::FightState d1 = brogue::fight_state(*b.b_hits_a, first[0].attacker_state);
  EXPECT_EQ(d1.lost, 1);
  EXPECT_EQ(d1.regen_spent, 0);
  const auto second = b.b_hits_a->outcomes({hp, first[0].attacker_state}, {30, hit.attacker_state});
  ASSERT_EQ(second.size(), 1u);
  EXPECT_EQ(second[0].damage, 0);
  const brogue::FightState d2 = brogue::fight_state(*b.b_hits_a, second[0].attacker_state);
  EXPECT_EQ(d2.lost, 0);
  EXPECT_EQ(d2.regen_spent, 1000);
  // Its next turn seizes (no damage, the player held).
  const auto third = b.b_hits_a->outcomes({hp, second[0].attacker_state}, {30, hit.attacker_state});
  ASSERT_EQ(third.size(), 1u);
  EXPECT_TRUE(brogue::fight_state(*b.b_hits_a, third[0].defender_state).carried.held);
}

// When the monster moves first on a tie, its own turn ends the surprise:
// the fight is the plain one.
TEST(BrogueSituationFight, AMonsterMovingFirstEndsTheSurprise) {
  const std::string p = "player:weapon=sword,regeneration=none";
  const fight::DuelResult x = fight::duel_exact(bout_in(p, "ogre", {"sneak"}), fight::Who::b);
  const fight::DuelResult y = fight::duel_exact(bout_in(p, "ogre", {}), fight::Who::b);
  test::expect_same_duel(x, y);
  const fight::DuelResult first = fight::duel_exact(bout_in(p, "ogre", {"sneak"}), fight::Who::a);
  EXPECT_GT(first.p_a_wins, y.p_a_wins + 1e-3);
}

// Exact and sampled read one turn: the duel and turns to kill agree at a fixed seed.
TEST(BrogueSituationFight, SampledAgreesWithExact) {
  const std::uint64_t n = test::scaled(40000);
  const Bout b = bout_in("player:weapon=sword,regeneration=none", "ogre", {"sneak"});
  const fight::DuelResult exact = fight::duel_exact(b);
  EXPECT_GT(exact.p_a_wins, 0.003);
  test::expect_sampled_duel_agrees(b, exact, n, 11, 2);
  // Two lost turns, the second regenerating, then a seizing, fleeing monster.
  const Bout bog = bout_in("player:regeneration=none,weapon=sword,strength=14", "bog_monster", {"sleeping"});
  const fight::DuelResult bog_exact = fight::duel_exact(bog);
  EXPECT_GT(bog_exact.p_b_wins, 0.01);
  EXPECT_GT(bog_exact.p_b_escapes, 0.5);
  test::expect_sampled_duel_agrees(bog, bog_exact, n, 13, 2);
  const Bout t = bout_in("player", kMonster, {"sleeping"});
  const fight::TtkResult te = fight::ttk_exact(t);
  const fight::TtkResult ts = fight::ttk_monte_carlo(t, fight::Who::a, mc(n, 12));
  ASSERT_TRUE(te.attacks && ts.attacks);
  EXPECT_GT(test::chi_square_p(*te.attacks, brogue_test::counts_of(*ts.attacks, n)), 1e-3);
}

// Lasting flags. Stuck: every attack hits (attackHit), so the attacks to
// kill are the hits of the on-hit law.
TEST(BrogueSituationFight, StuckLastsTheWholeFight) {
  const Pmf every = law("player", kMonster, {"stuck"});
  const fight::TtkResult r = fight::ttk_exact(bout_in("player", kMonster, {"stuck"}));
  EXPECT_TRUE(near_pmf(*r.attacks, attacks_to_kill(every, every, 40), 1e-12));
  // The monster's attacks back are its plain ones.
  const Bout b = bout_in(kPlayer, kMonster, {"stuck"});
  const Bout plain = bout_in(kPlayer, kMonster, {});
  const auto back = b.b_hits_a->outcomes({40, 0}, {30, 0});
  const auto want = plain.b_hits_a->outcomes({40, 0}, {30, 0});
  ASSERT_EQ(back.size(), want.size());
  for (std::size_t i = 0; i < back.size(); ++i) {
    EXPECT_EQ(back[i].damage, want[i].damage);
    EXPECT_DOUBLE_EQ(back[i].p, want[i].p);
  }
}

// Seized: the bog monster holds the player from the start, so no attack is
// spent seizing: one attack fewer than the plain fight, every time.
TEST(BrogueSituationFight, SeizedSkipsTheSeizingAttack) {
  const std::string p = "player:regeneration=none,hp=30";
  const fight::TtkResult held = fight::ttk_exact(bout_in("bog_monster", p, {"seized"}));
  const fight::TtkResult plain = fight::ttk_exact(bout_in("bog_monster", p, {}));
  ASSERT_TRUE(held.attacks && plain.attacks);
  std::map<std::int64_t, double> shifted;
  for (const auto& [n, q] : plain.attacks->items()) shifted[n - 1] = q;
  EXPECT_TRUE(near_pmf(*held.attacks, Pmf::from_map(shifted), 1e-12));
}

// Slaying: the runic acts on every hit (chance 100) and kills.
TEST(BrogueSituationFight, SlayingKillsOnTheFirstHit) {
  const fight::DuelResult r = fight::duel_exact(bout_in(kPlayer, "ogre", {"slaying"}));
  EXPECT_NEAR(r.p_a_wins, 1.0, 1e-15);
  ASSERT_TRUE(r.length.has_value());
  EXPECT_NEAR((*r.length)[1], 1.0, 1e-15);
}

// What a fight refuses names the flag and why; flags the attack itself
// refuses stay refused.
TEST(BrogueSituationFight, Refusals) {
  const auto refused = [](const std::string& a, const std::string& b, const std::string& flag,
                          const std::string& words) {
    try {
      (void)bout_in(a, b, {flag});
      ADD_FAILURE() << flag << " was not refused";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
  };
  refused("player", "goblin", "paralyzed", "situation 'paralyzed' is not followed in a fight");
  refused("player", "goblin", "paralysed", "situation 'paralyzed' is not followed in a fight");
  refused("player", "goblin", "captive", "situation 'captive' is not followed in a fight");
  refused("player", "goblin", "thrown", "situation 'thrown' is not followed in a fight");
  refused("player", "goblin_conjurer", "sneak", "situation flags are not followed in a fight of player");
  refused("player", "pink_jelly", "sleeping", "situation flags are not followed in a fight of player");
  refused("bog_monster", "goblin", "sleeping", "seizes goblin with its first attack");
  refused("goblin", "player", "sneak", "'sneak' is the player attacking an unaware monster");
  refused("player", "goblin", "lunge", "'lunge' needs the player wielding a rapier");
  refused("player", "goblin", "sneaky", "unknown situation 'sneaky'");
}

// A fight without a situation is the one it was: the same kernels' outcomes
// as with every flag off, and no side state touched.
TEST(BrogueSituationFight, NoSituationLeavesTheStatesAlone) {
  const Bout b = bout_in(kPlayer, "goblin", {});
  for (const Transition& t : b.a_hits_b->outcomes({30, 0}, {15, 0})) {
    EXPECT_FALSE(brogue::fight_state(*b.a_hits_b, t.attacker_state).over);
    EXPECT_FALSE(brogue::fight_state(*b.a_hits_b, t.defender_state).over);
  }
  EXPECT_FALSE(lists(b.notes, "first attack only"));
  EXPECT_TRUE(lists(bout_in(kPlayer, "goblin", {"sneak"}).notes,
                    "sneak holds for the first attack only, then the fight goes on without it (Combat.c attack)"));
  EXPECT_EQ(brogue::counter_situation(brogue::parse_situation({"sneak", "stuck", "slaying"})), brogue::Situation{});
}

// The situations catalog names the first-attack part on the flags that hold
// for the first attack only, as the fight reads them.
TEST(BrogueSituationFight, CatalogNamesTheFirstAttackPart) {
  std::map<std::string, bool> named;
  for (const CatalogEntry& e : ruleset("brogue").catalog(CatalogKind::situations))
    named[e.name] = fight::parts::find_part(e.parts, "first_attack") != nullptr;
  const std::map<std::string, bool> want{{"sleeping", true}, {"paralyzed", false}, {"stuck", false},
                                         {"captive", false}, {"sneak", true},      {"lunge", true},
                                         {"seized", false},  {"thrown", false},    {"slaying", false}};
  EXPECT_EQ(named, want);
}

}  // namespace
}  // namespace fray
