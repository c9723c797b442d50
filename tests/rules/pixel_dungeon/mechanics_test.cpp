// Pixel Dungeon's fight mechanics: the Gladiator's Combo carried as kernel
// state, the vampire bat's life drain in sampled fights, and the lists of
// what a fight leaves out.
#include <fray/fight/solve.hpp>
#include <fray/fight/turn.hpp>
#include <fray/rules/pixel_dungeon/ruleset.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "fight/sampling.hpp"
#include "rules/pixel_dungeon/turn.hpp"
#include "support/support.hpp"

#include <algorithm>
#include <fray/core/error.hpp>
#include <initializer_list>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>

namespace fray {
namespace {

// A target every attack hits (evasion 0: Char.hit compares Random.Float(acu)
// with Random.Float(0) = 0) and that never hurts back.
constexpr const char* kDummy = "hp=1000,evasion=0,accuracy=0,damage=1-1,armor=0";

Bout bout_of(const std::string& a, const std::string& b) {
  AttackRequest req;
  req.attacker = a;
  req.defender = b;
  return ruleset("pixel-dungeon").bout(req);
}

using pixel_dungeon::PdState;

// A side's condition in a bout's fight, by its number in the side's table,
// and the number of a condition.
const PdState& state_of(const Bout& b, bool side_a, std::uint32_t n) {
  return pixel_dungeon::fight_states(b, side_a).at(n);
}
std::uint32_t id_of(const Bout& b, bool side_a, const PdState& s) {
  return pixel_dungeon::fight_states(b, side_a).id(s);
}
// The hero's Gladiator Combo (count, misses since), her regeneration or
// hunger timer (attacks so far), and the affliction the other side left on her.
PdState combo(int count, int misses = 0) { return PdState{.combo = count, .misses = misses}; }
PdState afflicted(int level, std::uint32_t timer = 0) { return PdState{.clock = timer, .affliction = level}; }

// Damage → probability of an exchange's outcomes from one condition, and the
// Combo (count, misses) every outcome of that kind leaves.
struct Answer {
  std::map<std::int64_t, double> hits;
  double p_miss = 0;
  std::pair<int, int> after_hit{-1, -1}, after_miss{-1, -1};
};
Answer ask(const Bout& b, const PdState& state) {
  Answer out;
  for (const Transition& t : b.a_hits_b->outcomes({30, id_of(b, true, state)}, {1000, 0})) {
    const PdState& after = state_of(b, true, t.attacker_state);
    if (t.hit == 1) {
      out.hits[t.damage] += t.p;
      out.after_hit = {after.combo, after.misses};
    } else {
      out.p_miss += t.p;
      out.after_miss = {after.combo, after.misses};
    }
  }
  return out;
}
Answer ask(const Bout& b, int count) { return ask(b, combo(count)); }

// Combo.hit, worked by hand for a short sword (DLY 1): counts 1 and 2 last
// 1.1 turns, so the next attack (1 turn later) keeps them; count 3 lasts
// 1.41 - 0.3 = 1.11, count 4 lasts 1.01, count 5 only 0.91 — gone before the
// next attack, which starts again at 1. The state is the count before the
// attack; from 3 a hit adds trunc(damage (count - 2) / 5).
TEST(PdCombo, CountsAndBonusesOfAShortSword) {
  const Bout b = bout_of("hero:subclass=gladiator", kDummy);
  const Exchange& k = *b.a_hits_b;
  EXPECT_TRUE(k.exact()) << k.why_not_exact();
  const Answer s0 = ask(b, 0), s1 = ask(b, 1), s2 = ask(b, 2), s3 = ask(b, 3), s4 = ask(b, 4), s5 = ask(b, 5);
  EXPECT_EQ(s0.p_miss, 0.0);
  EXPECT_EQ(s0.after_hit.first, 1);
  EXPECT_EQ(s1.after_hit.first, 2);
  EXPECT_EQ(s2.after_hit.first, 3);
  EXPECT_EQ(s3.after_hit.first, 4);
  EXPECT_EQ(s4.after_hit.first, 5);
  EXPECT_EQ(s5.after_hit.first, 1);  // count 5 ended at 0.91 turns: this hit is count 1
  // Counts 1 and 2 add nothing; count 3 adds trunc(d/5), 4 trunc(2d/5), 5 trunc(3d/5).
  EXPECT_EQ(s1.hits, s0.hits);
  EXPECT_EQ(s5.hits, s0.hits);
  auto bonus = [&](int times) {
    std::map<std::int64_t, double> m;
    for (const auto& [d, p] : s0.hits) m[d + d * times / 5] += p;
    return m;
  };
  auto near = [](const std::map<std::int64_t, double>& x, const std::map<std::int64_t, double>& y) {
    if (x.size() != y.size()) return false;
    for (auto i = x.begin(), j = y.begin(); i != x.end(); ++i, ++j)
      if (i->first != j->first || std::abs(i->second - j->second) > 1e-12) return false;
    return true;
  };
  EXPECT_TRUE(near(s2.hits, bonus(1)));
  EXPECT_TRUE(near(s3.hits, bonus(2)));
  EXPECT_TRUE(near(s4.hits, bonus(3)));
}

// A knuckleduster (DLY 0.5) keeps a count through one miss: count 1 lasts 1.1
// turns, a miss half a turn later and the next attack a turn after the hit
// both come before that; a second miss (1.5 turns) does not.
TEST(PdCombo, AFastWeaponKeepsTheCountThroughOneMiss) {
  const Bout b = bout_of("hero:subclass=gladiator,weapon=knuckleduster", "gnoll_brute");
  const Answer s1 = ask(b, 1);
  ASSERT_GT(s1.p_miss, 0.0);
  EXPECT_EQ(s1.after_miss, std::pair(1, 1));  // count 1, one miss since
  EXPECT_EQ(s1.after_hit, std::pair(2, 0));
  const Answer s1m = ask(b, combo(1, 1));
  EXPECT_EQ(s1m.after_hit, std::pair(2, 0));   // the count survived the miss
  EXPECT_EQ(s1m.after_miss, std::pair(0, 0));  // a second miss: 1.5 turns, gone
  // With DLY 0.5 a count lasts to the next attack while 1.41 - c/10 > 0.5, to count 9: the count goes to 10.
  EXPECT_EQ(ask(b, 9).after_hit.first, 10);
  EXPECT_EQ(ask(b, 10).after_hit.first, 1);
}

// The Gladiator's duel is exact now, and the Combo makes it better than the
// same warrior's without the subclass.
TEST(PdCombo, GladiatorDuelIsExactAndBetterThanThePlainWarrior) {
  const auto plain = fight::solve_duel(bout_of("hero:level=3", "skeleton"));
  const auto glad = fight::solve_duel(bout_of("hero:level=3,subclass=gladiator", "skeleton"));
  EXPECT_EQ(glad.method, "exact");
  EXPECT_GT(glad.p_a_wins, plain.p_a_wins + 0.02);  // 0.550 against 0.511
  // The sampled fight follows the same Combo: its interval holds the exact answer.
  fight::FightOptions o;
  o.method = fight::FightOptions::Method::monte_carlo;
  o.monte_carlo.sims = 200000;
  o.monte_carlo.seed = 3;
  o.monte_carlo.progress = false;
  const auto mc = fight::solve_duel(bout_of("hero:level=3,subclass=gladiator", "skeleton"), o);
  const double half = (mc.a_wins_ci.hi - mc.a_wins_ci.lo) / 2;
  EXPECT_NEAR(mc.p_a_wins, glad.p_a_wins, 2 * half);
}

void exact_matches_sampled(const Bout& b, std::uint64_t seed);

// Bat.attackProc, worked by hand: a bat at 1 HP hits a target of 1 HP that
// cannot dodge (evasion 0) or soak (armor 0), so its first attack kills, for
// NormalIntRange(6, 12) damage: 6 + trunc((U1 + U2) / 2) for two floats
// uniform on [0, 7), whose sum S has P(S < s) = s²/98 up to 7: 6..12 with
// weights 4, 12, 20, 26, 20, 12, 4 of 98, symmetric about 9. It heals
// min(damage, 30 - 1) = the damage, so it ends at 7..13 HP with those
// weights, mean 1 + 9 = 10. The exact chain follows the drain.
TEST(PdDrain, TheBatHealsByTheDamageItDeals) {
  const Bout b = bout_of("vampire_bat:hp=1", "hp=1,evasion=0,accuracy=0,damage=1-1,armor=0");
  EXPECT_TRUE(b.a_hits_b->exact()) << b.a_hits_b->why_not_exact();
  const auto r = fight::solve_duel(b);
  EXPECT_EQ(r.method, "exact");
  EXPECT_NEAR(r.p_a_wins, 1.0, 1e-12);
  ASSERT_TRUE(r.a_hp_if_wins.has_value());
  const double weights[] = {4, 12, 20, 26, 20, 12, 4};
  for (int i = 0; i < 7; ++i) EXPECT_NEAR((*r.a_hp_if_wins)[7 + i], weights[i] / 98, 1e-12) << 7 + i;
  EXPECT_NEAR(r.a_hp_if_wins->mean(), 10.0, 1e-12);
  // The kernel caps the heal at HT - HP: at 25 of 30 HP no hit heals more than 5.
  for (const Transition& t : b.a_hits_b->outcomes({25, 0}, {100, 0}))
    EXPECT_EQ(t.heal, std::min<std::int64_t>(t.damage, 5));
  // A whole duel with the drain: exact and sampled agree, the drain is
  // listed as modelled, and it makes the bat stronger than a mob of its stats.
  exact_matches_sampled(bout_of("hero:level=3", "vampire_bat"), 15);
  const auto with = fight::solve_duel(bout_of("hero:level=6,str=13,weapon=mace", "vampire_bat"));
  const auto without =
      fight::solve_duel(bout_of("hero:level=6,str=13,weapon=mace", "hp=30,accuracy=16,evasion=15,damage=6-12,armor=4"));
  EXPECT_EQ(with.method, "exact");
  for (const std::string& n : with.not_modelled) EXPECT_EQ(n.find("life drain"), std::string::npos) << n;
  EXPECT_LT(with.p_a_wins, without.p_a_wins - 0.02) << with.p_a_wins << " " << without.p_a_wins;
}

// NormalIntRange(a, a + 4) = a + trunc((U1 + U2) 5 / 2): the sum of two
// uniform floats, scaled to [0, 5), is triangular with P(T < t) = t² / 12.5 up
// to 2.5, so the offsets 0..4 have weights 2, 6, 9, 6, 2 of 25.
std::map<std::int64_t, double> normal_int_range_of_five(std::int64_t a) {
  const double w[] = {2, 6, 9, 6, 2};
  std::map<std::int64_t, double> m;
  for (int i = 0; i < 5; ++i) m[a + i] = w[i] / 25;
  return m;
}

// (damage, the affliction left on the defender, side b) → probability of a kernel's outcomes.
std::map<std::pair<std::int64_t, std::uint32_t>, double> by_damage_and_state(const Bout& b,
                                                                             const std::vector<Transition>& ts) {
  std::map<std::pair<std::int64_t, std::uint32_t>, double> m;
  for (const Transition& t : ts)
    m[{t.damage, static_cast<std::uint32_t>(state_of(b, false, t.defender_state).affliction)}] += t.p;
  return m;
}

void expect_same(const std::map<std::pair<std::int64_t, std::uint32_t>, double>& got,
                 const std::map<std::pair<std::int64_t, std::uint32_t>, double>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (auto i = got.begin(), j = want.begin(); i != got.end(); ++i, ++j) {
    EXPECT_EQ(i->first, j->first);
    EXPECT_NEAR(i->second, j->second, 1e-12) << i->first.first << " " << i->first.second;
  }
}

// Exact and sampled duels agree: the fight length and both sides' HP at the
// end, chi-square at a fixed seed.
void exact_matches_sampled(const Bout& b, std::uint64_t seed) {
  const auto exact = fight::solve_duel(b);
  ASSERT_EQ(exact.method, "exact") << exact.method_reason;
  fight::FightOptions o;
  o.method = fight::FightOptions::Method::monte_carlo;
  o.monte_carlo.sims = 100000;
  o.monte_carlo.seed = seed;
  o.monte_carlo.progress = false;
  const auto mc = fight::solve_duel(b, o);
  auto counts = [&](const Pmf& p) {
    std::map<std::int64_t, std::uint64_t> c;
    for (const auto& [v, q] : p.items()) c[v] = static_cast<std::uint64_t>(std::llround(q * 100000.0));
    return c;
  };
  EXPECT_GT(test::chi_square_p(*exact.length, counts(*mc.length)), 1e-3);
  EXPECT_GT(test::chi_square_p(exact.a_hp_left, counts(mc.a_hp_left)), 1e-3);
  EXPECT_GT(test::chi_square_p(exact.b_hp_left, counts(mc.b_hp_left)), 1e-3);
}

// Spinner.attackProc and Poison.act, worked by hand. Against a target that
// cannot dodge or soak, the spinner hits for NormalIntRange(12, 16); half its
// hits poison for Random.Int(7, 9) = 7 or 8 turns, and the poison acts at
// once: (int)(7 / 3) + 1 = 3 damage leaving 6 turns, or (int)(8 / 3) + 1 = 3
// leaving 7.
TEST(PdPoison, TheSpinnersHitPoisonsAndTheBuffTicksAtOnce) {
  const Bout b = bout_of("cave_spinner", kDummy);
  const Exchange& k = *b.a_hits_b;
  EXPECT_TRUE(k.exact()) << k.why_not_exact();
  std::map<std::pair<std::int64_t, std::uint32_t>, double> want;
  for (const auto& [v, p] : normal_int_range_of_five(12)) {
    want[{v, 0}] += p / 2;
    want[{v + 3, 6}] += p / 4;
    want[{v + 3, 7}] += p / 4;
  }
  expect_same(by_damage_and_state(b, k.outcomes({50, 0}, {1000, 0})), want);
  // Poisoned for L turns, the target takes (int)(L / 3) + 1 at each of the
  // spinner's attacks that does not poison anew: from 8 turns 3, 3, 3, 2, 2,
  // 2, 1, 1 (17 in all), from 7 turns 14.
  const std::int64_t tick[] = {0, 1, 1, 2, 2, 2, 3, 3, 3};
  std::int64_t from8 = 0;
  for (int left = 8; left >= 1; --left) {
    std::int64_t least = 1 << 30;
    for (const Transition& t : k.outcomes({50, 0}, {1000, id_of(b, false, afflicted(left))}))
      if (t.defender_state == id_of(b, false, afflicted(left - 1))) least = std::min(least, t.damage);
    EXPECT_EQ(least - 12, tick[left]) << left;
    from8 += least - 12;
  }
  EXPECT_EQ(from8, 17);
  // The spinner's state holds no poison of its own: the hero's answer leaves it.
  for (const Transition& t : b.b_hits_a->outcomes({1000, id_of(b, false, afflicted(5))}, {50, 0}))
    EXPECT_EQ(t.attacker_state, id_of(b, false, afflicted(5)));
  exact_matches_sampled(bout_of("hero:level=3", "cave_spinner"), 11);
  // Poison makes the spinner deadlier than its bite alone: a level 12
  // warrior with a sword and scale +2 wins 77.6 % against it, 96.5 % against a
  // plain mob of its stats.
  const char* hero = "hero:level=12,str=16,armor=scale,weapon=sword,armor_level=2";
  const auto with = fight::solve_duel(bout_of(hero, "cave_spinner"));
  const auto without = fight::solve_duel(bout_of(hero, "hp=50,accuracy=20,evasion=14,damage=12-16,armor=6"));
  EXPECT_LT(with.p_a_wins, without.p_a_wins - 0.15) << with.p_a_wins << " " << without.p_a_wins;
}

// A sampled turn draws as the game draws, each draw in the trace: the
// spinner's strike (its accuracy, evasion and damage rolls), then
// Spinner.attackProc's Random.Int(2), and on 0 Poison.set's Random.Int(7, 9);
// the poison's first act adds (int)(L / 3) + 1 = 3 and leaves L - 1 turns.
TEST(PdPoison, ASampledTurnTracesTheGamesDraws) {
  const Bout b = bout_of("cave_spinner", kDummy);
  const auto* x = dynamic_cast<const fight::TurnExchange<pixel_dungeon::PdTurn>*>(b.a_hits_b.get());
  ASSERT_NE(x, nullptr);
  Rng rng(7);
  int poisoned = 0, plain = 0;
  for (int i = 0; i < 200; ++i) {
    std::vector<Draw> trace;
    const Transition t = x->traced({50, 0}, {1000, 0}, rng, &trace);
    auto damage = std::find_if(trace.begin(), trace.end(), [](const Draw& d) { return d.label == "damage"; });
    ASSERT_NE(damage, trace.end());
    EXPECT_EQ(damage->call, "Random.NormalIntRange(12, 16)");
    const std::int64_t v = std::get<std::int64_t>(damage->value);
    ASSERT_LT(damage + 1, trace.end());
    const Draw& proc = *(damage + 1);
    EXPECT_EQ(proc.label, "Spinner.attackProc");
    EXPECT_EQ(proc.call, "Random.Int(2)");
    const int left = state_of(b, false, t.defender_state).affliction;
    if (std::get<std::int64_t>(proc.value) == 0) {
      ++poisoned;
      ASSERT_EQ(damage + 3, trace.end());
      EXPECT_EQ((damage + 2)->label, "Poison.set");
      EXPECT_EQ((damage + 2)->call, "Random.Int(7, 9)");
      const std::int64_t turns = std::get<std::int64_t>((damage + 2)->value);
      EXPECT_TRUE(turns == 7 || turns == 8) << turns;
      EXPECT_EQ(t.damage, v + 3);
      EXPECT_EQ(left, turns - 1);
    } else {
      ++plain;
      EXPECT_EQ(damage + 2, trace.end());
      EXPECT_EQ(t.damage, v);
      EXPECT_EQ(left, 0);
    }
  }
  EXPECT_GT(poisoned, 60);
  EXPECT_GT(plain, 60);
}

// Albino.attackProc and Bleeding.act, worked by hand: against a target that
// cannot dodge or soak, the rat hits for NormalIntRange(1, 5); half its hits
// set bleeding to the damage v, which acts at once: Random.Int(v / 2, v),
// uniform on v / 2 .. v - 1, is both the new level and the damage (from 1, 0:
// the buff goes).
TEST(PdBleeding, TheRatsHitBleedsAndTheLevelDecays) {
  const Bout b = bout_of("albino_rat", kDummy);
  const Exchange& k = *b.a_hits_b;
  EXPECT_TRUE(k.exact()) << k.why_not_exact();
  std::map<std::pair<std::int64_t, std::uint32_t>, double> want;
  for (const auto& [v, p] : normal_int_range_of_five(1)) {
    want[{v, 0}] += p / 2;
    const std::int64_t lo = v / 2, n = v - lo;
    for (std::int64_t l = lo; l < lo + n; ++l)
      want[{v + l, static_cast<std::uint32_t>(l)}] += p / 2 / static_cast<double>(n);
  }
  expect_same(by_damage_and_state(b, k.outcomes({15, 0}, {1000, 0})), want);
  // From level 5 a hit that sets no new bleeding: the level drops to 2, 3 or 4, each a third.
  std::map<std::int64_t, double> from5;
  for (const Transition& t : k.outcomes({15, 0}, {1000, id_of(b, false, afflicted(5))})) {
    const int level = state_of(b, false, t.defender_state).affliction;
    if (t.damage >= 1 && level != 0 && t.damage - level == 1) from5[level] += t.p;
  }
  ASSERT_EQ(from5.size(), 3u);
  for (const auto& [l, p] : from5) EXPECT_NEAR(p, 2.0 / 25 / 2 / 3, 1e-12) << l;  // the hits for 1 that set no bleeding
  exact_matches_sampled(bout_of("hero", "albino_rat"), 12);
}

// Swarm.defenseProc, worked by hand for an attacker whose every hit does 3 on
// the weakest fly: 12 → clone (12 - 3) / 2 = 4 and 12 - 4 - 3 = 5 → {4, 5};
// 4 < 3 + 2, no split → {1, 5}; the 1 dies → {5}; 5 splits into 1 and 1 →
// {1, 1}; two more hits. Six hits where 12 HP without splits take four.
TEST(PdSwarm, SplitsMakeMoreHitsToKill) {
  const char* hitter = "hp=10,accuracy=10,evasion=0,damage=3-3,armor=0";
  const auto r = fight::solve_ttk(bout_of(hitter, "swarm_of_flies:hp=12"));
  EXPECT_EQ(r.method, "exact") << r.method_reason;
  ASSERT_TRUE(r.hits.has_value());
  EXPECT_EQ(r.hits->items().size(), 1u);
  EXPECT_NEAR((*r.hits)[6], 1.0, 1e-12);
  // 10 HP: {3, 4}, {4}, {1}, dead: four hits, as without splits.
  const auto ten = fight::solve_ttk(bout_of(hitter, "swarm_of_flies:hp=10"));
  EXPECT_NEAR((*ten.hits)[4], 1.0, 1e-12);
}

// Every fly attacks on the group's turn: two flies are two independent attacks.
TEST(PdSwarm, EveryFlyAttacks) {
  const Bout b = bout_of("hp=10,accuracy=10,evasion=0,damage=1-1,armor=0", "swarm_of_flies:hp=4");
  // A hit for 1 on 4 HP: clone (4 - 1) / 2 = 1, the fly keeps 4 - 1 - 1 = 2.
  std::optional<std::uint32_t> two;
  for (const Transition& t : b.a_hits_b->outcomes({10, 0}, {4, 0}))
    if (t.hit == 1) {
      EXPECT_EQ(t.damage, 1);
      two = t.defender_state;
    }
  ASSERT_TRUE(two.has_value());
  std::map<std::int64_t, double> one, both, want;
  for (const Transition& t : b.b_hits_a->outcomes({4, 0}, {10, 0})) one[t.damage] += t.p;
  for (const Transition& t : b.b_hits_a->outcomes({3, *two}, {10, 0})) both[t.damage] += t.p;
  for (const auto& [x, p] : one)
    for (const auto& [y, q] : one) want[x + y] += p * q;
  ASSERT_EQ(both.size(), want.size());
  for (const auto& [d, p] : want) EXPECT_NEAR(both[d], p, 1e-12) << d;
  exact_matches_sampled(bout_of("hero:level=3", "swarm_of_flies:hp=30"), 13);
}

// A level-3 warrior against the full swarm: its short sword's hits reach
// 4004 groups of flies, which the exact chain follows. Bare fists of STR 30
// (IntRange(1, 21)) reach 5914, more than the limit: the duel is sampled, says why, and still
// follows the splits: the warrior wins 10.5 % (seed 4), against 93.2 % for
// a mob of the swarm's stats that never splits.
TEST(PdSwarm, SplitsAreExactUpToTheLimitAndSampledPast) {
  const Bout full = bout_of("hero:level=3", "swarm_of_flies");
  EXPECT_TRUE(full.a_hits_b->exact()) << full.a_hits_b->why_not_exact();
  EXPECT_TRUE(full.b_hits_a->exact());
  EXPECT_TRUE(std::any_of(full.modelled.begin(), full.modelled.end(),
                          [](const std::string& m) { return m.find("splits when hit") != std::string::npos; }));
  fight::FightOptions o;
  o.monte_carlo.sims = 20000;
  o.monte_carlo.seed = 4;
  o.monte_carlo.progress = false;
  const auto r = fight::solve_duel(bout_of("hero:weapon=none,str=30", "swarm_of_flies"), o);
  EXPECT_EQ(r.method, "monte-carlo");
  EXPECT_NE(r.method_reason.find("groups of flies"), std::string::npos) << r.method_reason;
  for (const std::string& n : r.not_modelled) EXPECT_EQ(n.find("splits"), std::string::npos) << n;
  const auto plain =
      fight::solve_duel(bout_of("hero:weapon=none,str=30", "hp=80,accuracy=12,evasion=5,damage=1-4,armor=0"));
  EXPECT_LT(r.p_a_wins, plain.p_a_wins - 0.5) << r.p_a_wins << " " << plain.p_a_wins;
}

// In a corridor (corridor=1) the flies stand in line and Swarm.defenseProc
// finds a free cell only behind a lone fly. Worked by hand for hits of 3 on
// 12 HP: the lone fly splits, clone (12 - 3) / 2 = 4 behind, 5 in front →
// [5, 4]; no split with a fly behind → [2, 4]; the 2 dies → [4]; alone, but
// 4 < 3 + 2 → [1]; dead: five hits (six in the open, where the hits go to
// the weakest fly). Only the front fly bites.
TEST(PdSwarm, InACorridorOnlyTheFrontFlyBitesAndALoneFlySplits) {
  const char* hitter = "hp=10,accuracy=10,evasion=0,damage=3-3,armor=0";
  const auto r = fight::solve_ttk(bout_of(hitter, "swarm_of_flies:hp=12,corridor=1"));
  EXPECT_EQ(r.method, "exact") << r.method_reason;
  ASSERT_TRUE(r.hits.has_value());
  EXPECT_NEAR((*r.hits)[5], 1.0, 1e-12);
  const Bout b = bout_of(hitter, "swarm_of_flies:hp=12,corridor=1");
  std::optional<std::uint32_t> two;
  for (const Transition& t : b.a_hits_b->outcomes({10, 0}, {12, 0}))
    if (t.hit == 1) two = t.defender_state;
  ASSERT_TRUE(two.has_value());
  std::map<std::int64_t, double> one, front;
  for (const Transition& t : b.b_hits_a->outcomes({12, 0}, {10, 0})) one[t.damage] += t.p;
  for (const Transition& t : b.b_hits_a->outcomes({9, *two}, {10, 0})) front[t.damage] += t.p;
  EXPECT_EQ(front, one);
  EXPECT_THROW((void)bout_of("hero", "gnoll_scout:corridor=1"), Error);
  exact_matches_sampled(bout_of("hero:level=3", "swarm_of_flies:corridor=1"), 14);
}

// Regeneration.act, worked by hand: a point every REGENERATION_DELAY = 10
// turns of the hero below HT, the first a whole period after it is first hurt.
// A hero attacking
// every turn counts it at its 10th, 20th, ... attack (before the attack), and
// only below HT. With a Ring of Mending +1 the period is 10 / 1.2 = 25/3: the
// points fall at 8.33, 16.67, 25, counted at the 9th, 17th and 25th attacks,
// and the pattern repeats every 25 attacks.
std::vector<int> regen_heals(const std::string& hero, std::int64_t hp, int attacks) {
  const Bout b = bout_of(hero, kDummy);
  std::vector<int> out;
  std::uint32_t state = b.a.state;
  for (int n = 0; n < attacks; ++n) {
    const auto ts = b.a_hits_b->outcomes({hp, state}, {1000, 0});
    for (const Transition& t : ts) EXPECT_EQ(t.heal, ts[0].heal) << n;  // whatever the attack does
    out.push_back(static_cast<int>(ts[0].heal));
    state = ts[0].attacker_state;
  }
  return out;
}
std::vector<int> points_at(std::initializer_list<int> attacks, int n) {
  std::vector<int> v(static_cast<std::size_t>(n), 0);
  for (int a : attacks) v[static_cast<std::size_t>(a - 1)] = 1;
  return v;
}

TEST(PdRegeneration, APointEveryTenTurnsOnTheHerosTurn) {
  EXPECT_EQ(regen_heals("hero:hp=10", 10, 30), points_at({10, 20, 30}, 30));
  EXPECT_EQ(regen_heals("hero:hp=10,ring_mending=1", 10, 50), points_at({9, 17, 25, 34, 42, 50}, 50));
  // A Ring of Mending -1: every 12 turns.
  EXPECT_EQ(regen_heals("hero:hp=10,ring_mending=-1", 10, 24), points_at({12, 24}, 24));
  // Nothing at HT, nothing when starving; the timer stays at HT.
  EXPECT_EQ(regen_heals("hero", 20, 10), std::vector<int>(10, 0));
  const Bout full = bout_of("hero", kDummy);
  for (const Transition& t : full.a_hits_b->outcomes({20, full.a.state}, {1000, 0}))
    EXPECT_EQ(t.attacker_state, full.a.state);
  // Nothing when starving: PdHunger checks that its outcomes only lose HP.
  const Bout b = bout_of("hero:hp=10,ring_mending=1", kDummy);
  EXPECT_NE(std::find_if(b.modelled.begin(), b.modelled.end(),
                         [](const std::string& m) { return m.find("hero regeneration") != std::string::npos; }),
            b.modelled.end());
}

// The hand-written chains below: states (hero HP, mob HP, the hero's count
// of attacks) by mass. One turn of both sides from hero HP ha and mob HP hb:
// the hero's attack (its damage law hit_b), then, if the mob lives, the mob's
// (hit_a), the survivors' mass going to `next` with the hero's new timer.
using HandChain = std::map<std::tuple<std::int64_t, std::int64_t, int>, double>;
void one_turn(const Pmf& hit_a, const Pmf& hit_b, std::int64_t ha, std::int64_t hb, int timer, double p,
              HandChain& next, double& a_wins, double& b_wins) {
  for (const auto& [da, pa] : hit_b.items()) {
    if (hb - da <= 0) {
      a_wins += p * pa;
      continue;
    }
    for (const auto& [db, pb] : hit_a.items()) {
      if (ha - db <= 0)
        b_wins += p * pa * pb;
      else if (p * pa * pb > 1e-18)
        next[{ha - db, hb - da, timer}] += p * pa * pb;
    }
  }
}

// A duel with regeneration, against an independent calculation: the
// per-attack damage of each side (fray attack), both attacking every turn,
// the hero first on a tie, and the hero's 10th, 20th, ... attack below HT
// preceded by +1 HP (up to HT). The probability mass is pushed round by round.
TEST(PdRegeneration, ADuelMatchesAHandWrittenChain) {
  const std::string hero = "hero:hp=12", mob = "hp=40,accuracy=9,evasion=3,damage=1-4,armor=1";
  AttackRequest ab, ba;
  ab.attacker = ba.defender = hero;
  ab.defender = ba.attacker = mob;
  const Pmf hit_b = ruleset("pixel-dungeon").attack(ab).damage, hit_a = ruleset("pixel-dungeon").attack(ba).damage;
  const std::int64_t ht = 20;
  HandChain now{{{12, 40, 0}, 1.0}};
  double a_wins = 0, b_wins = 0;
  while (!now.empty()) {
    HandChain next;
    for (const auto& [at, p] : now) {
      auto [ha, hb, n] = at;
      const int timer = ha < ht ? (n + 1) % 10 : n;  // counts the attacks below HT
      if (n % 10 == 9) ha = std::min(ha + 1, ht);
      one_turn(hit_a, hit_b, ha, hb, timer, p, next, a_wins, b_wins);
    }
    std::swap(now, next);
  }
  const Bout b = bout_of(hero, mob);
  const auto r = fight::solve_duel(b);
  EXPECT_EQ(r.method, "exact");
  EXPECT_NEAR(r.p_a_wins, a_wins, 1e-9);
  EXPECT_NEAR(r.p_b_wins, b_wins, 1e-9);
  // The same fight without regeneration (starving) is worse for the hero.
  const auto starving = fight::solve_duel(bout_of("hero:hp=12,starving=1", mob));
  EXPECT_LT(starving.p_a_wins, r.p_a_wins - 0.005) << starving.p_a_wins << " " << r.p_a_wins;
  exact_matches_sampled(b, 21);
  exact_matches_sampled(bout_of("hero:hp=12,ring_mending=3", mob), 22);
}

// Hunger.act on a starving hero, worked by hand: an act every STEP = 10
// turns (12 for the rogue: 10 x 1.2f rounds to 12 in float), from the
// fight's start whatever her HP, each dealing 1 when Random.Float() < 0.3f,
// that is with probability 0.3f - 2^-26 (a double rounding to a float below
// 0.3f). Counted before her attack on her first turn at or after it: the
// 10th, 20th, 30th attacks of a hero attacking every turn, the rogue's 12th
// and 24th, with a knuckleduster (0.5 turns) the 20th and 40th.
std::vector<double> hunger_chances(const std::string& hero, std::int64_t hp, int attacks) {
  const Bout b = bout_of(hero, kDummy);
  std::vector<double> out;
  std::uint32_t state = b.a.state;
  for (int n = 0; n < attacks; ++n) {
    double lose = 0;
    std::uint32_t next = 0;
    for (const Transition& t : b.a_hits_b->outcomes({hp, state}, {1000, 0})) {
      EXPECT_TRUE(t.heal == 0 || t.heal == -1) << n << " " << t.heal;
      if (t.heal == -1) lose += t.p;
      next = t.attacker_state;
    }
    out.push_back(lose);
    state = next;  // the timer is the same whatever the attack does
  }
  return out;
}
std::vector<double> chances_at(std::initializer_list<int> attacks, int n) {
  const double q = static_cast<double>(0.3f) - std::ldexp(1.0, -26);
  std::vector<double> v(static_cast<std::size_t>(n), 0);
  for (int a : attacks) v[static_cast<std::size_t>(a - 1)] = q;
  return v;
}
void expect_chances(const std::vector<double>& got, const std::vector<double>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], 1e-15) << "attack " << i + 1;
}

TEST(PdHunger, AStarvingHeroLosesOneHpWithChanceThreeTenthsEveryTenTurns) {
  EXPECT_NEAR(static_cast<double>(0.3f) - std::ldexp(1.0, -26), 0.29999999701976776, 1e-17);
  expect_chances(hunger_chances("hero:hp=10,starving=1", 10, 30), chances_at({10, 20, 30}, 30));
  // The timer runs at HT too.
  expect_chances(hunger_chances("hero:starving=1", 20, 20), chances_at({10, 20}, 20));
  expect_chances(hunger_chances("hero:class=rogue,hp=10,starving=1", 10, 24), chances_at({12, 24}, 24));
  expect_chances(hunger_chances("hero:class=mage,hp=10,starving=1", 10, 40), chances_at({20, 40}, 40));
  // A regeneration never comes, and the hunger is listed as modelled.
  const Bout b = bout_of("hero:hp=10,starving=1", kDummy);
  auto has = [](const std::vector<std::string>& v, const char* what) {
    return std::any_of(v.begin(), v.end(), [&](const std::string& l) { return l.find(what) != std::string::npos; });
  };
  EXPECT_TRUE(has(b.modelled, "starving: 1 damage"));
  EXPECT_FALSE(has(b.not_modelled, "starving: 1 damage"));
  // The poison left when she kills the spinner, with hunger between: at 2 HP,
  // her timer at 8 attacks (no act before this, her 9th, at 9 turns), a last
  // poison tick of 1 leaves 1 HP in the turn after the kill, and the act due
  // at 10 turns then kills her with chance q (heal -2), else she keeps 1 (heal -1).
  const double q = static_cast<double>(0.3f) - std::ldexp(1.0, -26);
  const Bout sp = bout_of("hero:starving=1", "cave_spinner:hp=1");
  std::map<std::int64_t, double> by_heal;
  double kills = 0;
  for (const Transition& t : sp.a_hits_b->outcomes({2, id_of(sp, true, afflicted(1, 8))}, {1, 0}))
    if (t.damage >= 1) {
      by_heal[t.heal] += t.p;
      kills += t.p;
    }
  ASSERT_GT(kills, 0.2);
  ASSERT_EQ(by_heal.size(), 2u);
  EXPECT_NEAR(by_heal[-2] / kills, q, 1e-12);
  EXPECT_NEAR(by_heal[-1] / kills, 1 - q, 1e-12);
}

// ADuelMatchesAHandWrittenChain with a starving hero: before her 10th, 20th,
// ... attack she loses 1 HP with chance q (and dies of it at 1 HP, her attack
// then doing nothing); no regeneration.
TEST(PdHunger, ADuelMatchesAHandWrittenChain) {
  const std::string hero = "hero:hp=12,starving=1", mob = "hp=40,accuracy=9,evasion=3,damage=1-4,armor=1";
  AttackRequest ab, ba;
  ab.attacker = ba.defender = hero;
  ab.defender = ba.attacker = mob;
  const Pmf hit_b = ruleset("pixel-dungeon").attack(ab).damage, hit_a = ruleset("pixel-dungeon").attack(ba).damage;
  const double q = static_cast<double>(0.3f) - std::ldexp(1.0, -26);
  HandChain now{{{12, 40, 0}, 1.0}};
  double a_wins = 0, b_wins = 0;
  while (!now.empty()) {
    HandChain next;
    for (const auto& [at, p0] : now) {
      const auto [h0, hb, n] = at;
      const int timer = (n + 1) % 10;
      std::vector<std::pair<std::int64_t, double>> starts{{h0, 1.0}};
      if (n % 10 == 9) starts = {{h0, 1 - q}, {h0 - 1, q}};
      for (const auto& [ha, ps] : starts) {
        const double p = p0 * ps;
        if (ha <= 0) {
          b_wins += p;
          continue;
        }
        one_turn(hit_a, hit_b, ha, hb, timer, p, next, a_wins, b_wins);
      }
    }
    std::swap(now, next);
  }
  const Bout b = bout_of(hero, mob);
  const auto r = fight::solve_duel(b);
  EXPECT_EQ(r.method, "exact");
  EXPECT_NEAR(r.p_a_wins, a_wins, 1e-9);
  EXPECT_NEAR(r.p_b_wins, b_wins, 1e-9);
  exact_matches_sampled(b, 25);
  exact_matches_sampled(bout_of("hero:class=rogue,level=3,starving=1", "gnoll_scout"), 26);
}

// Goo.act and RottingFist.act on water, worked by hand: below HT, Goo regains
// 1 HP on each of its turns and the fist 4, not capped (from 299 of 300 it
// reaches 303); at HT nothing. Off water nothing, and the line stays listed
// as left out.
TEST(PdWater, GooAndTheRottingFistRegainHpOnWater) {
  auto heals = [](const std::string& mob, std::int64_t hp) {
    const Bout b = bout_of(mob, kDummy);
    std::set<std::int64_t> out;
    for (const Transition& t : b.a_hits_b->outcomes({hp, 0}, {1000, 0})) out.insert(t.heal);
    return out;
  };
  EXPECT_EQ(heals("goo:on_water", 50), std::set<std::int64_t>{1});
  EXPECT_EQ(heals("goo:on_water", 79), std::set<std::int64_t>{1});
  EXPECT_EQ(heals("goo:on_water", 80), std::set<std::int64_t>{0});
  EXPECT_EQ(heals("goo", 50), std::set<std::int64_t>{0});
  EXPECT_EQ(heals("rotting_fist:on_water", 299), std::set<std::int64_t>{4});
  EXPECT_EQ(heals("rotting_fist:on_water", 300), std::set<std::int64_t>{0});
  auto listed = [](const std::vector<std::string>& v) {
    return std::any_of(v.begin(), v.end(),
                       [](const std::string& l) { return l.find("on water") != std::string::npos; });
  };
  const Bout wet = bout_of("hero:level=5", "goo:on_water"), dry = bout_of("hero:level=5", "goo");
  EXPECT_TRUE(listed(wet.modelled));
  EXPECT_FALSE(listed(wet.not_modelled));
  EXPECT_TRUE(listed(dry.not_modelled));
  EXPECT_FALSE(listed(dry.modelled));
  EXPECT_THROW((void)bout_of("hero", "gnoll_scout:on_water"), Error);
  // Whole duels: exact and sampled agree, and the water helps Goo.
  const Bout b = bout_of("hero:level=6,str=12,weapon=quarterstaff,armor=leather", "goo:on_water,hp=30");
  exact_matches_sampled(b, 27);
  const auto with = fight::solve_duel(b);
  const auto without = fight::solve_duel(bout_of("hero:level=6,str=12,weapon=quarterstaff,armor=leather", "goo:hp=30"));
  EXPECT_LT(with.p_a_wins, without.p_a_wins - 0.005) << with.p_a_wins << " " << without.p_a_wins;
}

// Poison.act after the spinner dies, worked by hand: from 8 turns left the
// poison deals 3, 3, 3, 2, 2, 2, 1, 1 (17) over the next 8 turns. A hero at 17
// HP who kills the spinner with its first attack (timer at 0: the next
// regeneration point at 10 turns, after the poison) dies of it: the spinner
// wins. At 18 HP it lives on 1 HP. With the timer at 5 attacks (a kill at 6
// turns), a point comes after the 4th tick (at 10 turns): 16 HP die, 17 live
// on 1.
TEST(PdPoison, ThePoisonLeftWhenTheSpinnerDiesCanKillTheHero) {
  const Bout b = bout_of("hero:level=3", "cave_spinner:hp=1");
  auto ends = [&](std::int64_t hp, std::uint32_t timer) {
    std::map<std::int64_t, double> hp_after;  // of the hits that kill
    double p_kill = 0;
    for (const Transition& t : b.a_hits_b->outcomes({hp, id_of(b, true, afflicted(8, timer))}, {1, 0}))
      if (t.damage >= 1) {
        hp_after[hp + t.heal] += t.p;
        p_kill += t.p;
      } else {
        EXPECT_EQ(t.heal, 0);
      }
    EXPECT_GT(p_kill, 0.3);  // the hero's hits that deal damage
    EXPECT_EQ(hp_after.size(), 1u);
    return hp_after.begin()->first;
  };
  EXPECT_EQ(ends(17, 0), 0);
  EXPECT_EQ(ends(18, 0), 1);
  EXPECT_EQ(ends(16, 5), 0);
  EXPECT_EQ(ends(17, 5), 1);
  // Bleeding.act after the rat dies: from level 3 the next level,
  // Random.Int(1, 3), is 1 or 2 (a half each) and is the damage; from 2 it is
  // 1, from 1 it is 0 (the buff goes, no damage): 1 or 2 + 1 = 3 in all. A
  // hero at 3 HP dies with chance 1/2, else lives on 2.
  const Bout r = bout_of("hero", "albino_rat:hp=1");
  std::map<std::int64_t, double> after;
  double all = 0;
  for (const Transition& t : r.a_hits_b->outcomes({3, id_of(r, true, afflicted(3))}, {1, 0}))
    if (t.damage >= 1) {
      after[3 + t.heal] += t.p;
      all += t.p;
    }
  ASSERT_EQ(after.size(), 2u);
  EXPECT_NEAR(after[0] / all, 0.5, 1e-12);
  EXPECT_NEAR(after[2] / all, 0.5, 1e-12);
  // Whole duels: exact and sampled agree, and the poison left over makes the
  // spinner win more often than when the hero stops counting at its kill.
  exact_matches_sampled(bout_of("hero:level=5,hp=20", "cave_spinner"), 23);
  exact_matches_sampled(bout_of("hero:hp=8", "albino_rat"), 24);
}

// The classes of HP each turn names (PdTurn::hp_classes) hold: the duel
// with the answers reused across each class, each class checked at every
// cell, is the duel of the turns asked at every cell. Regeneration, the
// vampire bat's drain, the brute's rage, Berserker Fury, the poison that
// outlives the spinner, water (the rotting fist's 4 HP past HT).
TEST(PdHpClasses, ExactDuelsReadTheClassesTheyName) {
  for (const auto& [a, b] : std::vector<std::pair<std::string, std::string>>{
           {"hero:level=5,hp=20", "cave_spinner"},
           {"hero:level=5,hp=20", "vampire_bat"},
           {"hero:level=3", "gnoll_brute"},
           {"hero:level=4,subclass=berserker", "gnoll_scout"},
           {"hero:level=6,str=12,weapon=quarterstaff,armor=leather", "goo:on_water,hp=30"},
           {"hero:level=9,hp=40", "rotting_fist:on_water,hp=40"}}) {
    SCOPED_TRACE(a + " against " + b);
    (void)test::expect_classes_hold(bout_of(a, b));
  }
}

// --- the first_attack part: a mob's `unseen` -------------------------------------------------

Bout bout_in(const std::string& a, const std::string& b, std::vector<std::string> situation) {
  AttackRequest req;
  req.attacker = a;
  req.defender = b;
  req.situation = std::move(situation);
  return ruleset("pixel-dungeon").bout(req);
}

// A mob that has not seen its attacker defends with evasion 0 until its own
// next turn (Mob.act sets enemySeen; a hit only sets `alerted`). Two inline
// mobs, both attacking once a turn, side a first: a's first attack always
// lands, b's turn follows, and a's later attacks meet b's evasion. The
// values are worked from the game's rules by
// tools/pixel_dungeon/first_attack_duel.py (its `rule` line); a surprise
// that never ends gives P(a wins) = 0.96802237006619807 and mean attacks to
// kill 4.0143077266793457 (its `always` line), none at all 0.26902889909680244
// and 12.042923180037938 (`never`).
TEST(PdFirstAttack, AnUnseenMobIsSurprisedUntilItsOwnTurn) {
  const std::string a = "hp=10,accuracy=6,evasion=4,damage=2-5,armor=1";
  const std::string b = "hp=9,accuracy=7,evasion=9,damage=1-4,armor=2";
  const Bout unseen = bout_in(a, b, {"unseen"});
  const auto r = fight::solve_duel(unseen);
  ASSERT_EQ(r.method, "exact") << r.method_reason;
  EXPECT_NEAR(r.p_a_wins, 0.39845758540809317, 1e-12);
  EXPECT_NEAR(r.p_b_wins, 0.60154241459189839, 1e-12);
  const auto plain = fight::solve_duel(bout_in(a, b, {}));
  EXPECT_NEAR(plain.p_a_wins, 0.26902889909680244, 1e-12);
  // Turns to kill: b's own turns end its surprise after a's first attack.
  const auto t = fight::solve_ttk(unseen);
  ASSERT_EQ(t.method, "exact") << t.method_reason;
  ASSERT_TRUE(t.attacks.has_value());
  EXPECT_NEAR(t.attacks->mean(), 10.042923180037979, 1e-10);
  // With b first on a tie its turn comes before any attack on it: unseen
  // then changes nothing.
  fight::FightOptions b_first;
  b_first.first_on_tie = fight::Who::b;
  EXPECT_NEAR(fight::solve_duel(unseen, b_first).p_a_wins, fight::solve_duel(bout_in(a, b, {}), b_first).p_a_wins,
              1e-13);
  // The conditions: b's turn ends its own (`over`), a's turn leaves b's as they were.
  const auto& ta = pixel_dungeon::fight_states(unseen, true);
  const auto& tb = pixel_dungeon::fight_states(unseen, false);
  for (const Transition& x : unseen.a_hits_b->outcomes({10, 0}, {9, 0})) {
    EXPECT_EQ(x.hit, 1);  // evasion 0: every attack lands
    EXPECT_FALSE(tb.at(x.defender_state).over);
    EXPECT_TRUE(ta.at(x.attacker_state).over);
  }
  for (const Transition& x : unseen.b_hits_a->outcomes({9, 0}, {10, 0})) EXPECT_TRUE(tb.at(x.attacker_state).over);
  const std::uint32_t b_over = tb.id(PdState{.over = true});
  double missed = 0;
  for (const Transition& x : unseen.a_hits_b->outcomes({10, 0}, {9, b_over}))
    if (x.hit == 0) missed += x.p;
  EXPECT_NEAR(missed, 1 - 6.0 / 18.0, 1e-15);  // Char.hit: A / 2D, A = 6 <= D = 9
  // Exact and sampled fights follow the one rule.
  exact_matches_sampled(unseen, 31);
}

// An Assassin's surprise attack on an unseen gnoll scout: evasion 0 and the
// bonus Random.Int(1, damage) on her first attack only; exact and sampled
// agree, and the fight sits between a surprise on every attack and none.
TEST(PdFirstAttack, TheAssassinsBonusIsHerFirstAttacksOnly) {
  const std::string hero = "hero:class=rogue,subclass=assassin,hp=12", mob = "gnoll_scout";
  const Bout unseen = bout_in(hero, mob, {"unseen"});
  const auto r = fight::solve_duel(unseen);
  ASSERT_EQ(r.method, "exact") << r.method_reason;
  const auto plain = fight::solve_duel(bout_in(hero, mob, {}));
  EXPECT_GT(r.p_a_wins, plain.p_a_wins + 0.01) << r.p_a_wins << " " << plain.p_a_wins;
  exact_matches_sampled(unseen, 32);
  // `paralyzed` stays sampled: a paralysis breaks by chance on a hit (Char.damage).
  const auto para = fight::solve_duel(bout_in(hero, mob, {"paralyzed"}));
  EXPECT_EQ(para.method, "monte-carlo");
  EXPECT_NE(para.method_reason.find("Char.damage"), std::string::npos) << para.method_reason;
}

}  // namespace
}  // namespace fray
