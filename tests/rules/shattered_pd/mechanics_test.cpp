// Shattered Pixel Dungeon's fight mechanics, each against a case worked by
// hand from the game's code: the vampire bat's life drain, the spinner's
// poison, ooze, the albino rat's bleeding, the swarm of flies splitting, Goo,
// the gnoll brute's rage, the hero's regeneration and the Berserker's rage,
// the necromancer's skeleton and the spectral necromancer's wraiths, with
// exact chains against Monte Carlo where both exist.
#include <fray/core/error.hpp>
#include <fray/fight/solve.hpp>
#include <fray/rules/shattered_pd/hero.hpp>
#include <fray/rules/shattered_pd/ruleset.hpp>

#include "rules/shattered_pd/fight.hpp"

#include "fight/sampling.hpp"
#include "support/support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fray {
namespace {

// A target every attack hits (evasion 0: Char.hit compares Random.Float(acu)
// with Random.Float(0) = 0), without armor, that never hurts back.
constexpr const char* kDummy = "hp=1000,evasion=0,accuracy=1,damage=0-0,armor=0";

const Ruleset& rules() { return ruleset("shattered-pd"); }

// Random.NormalIntRange(a, b), the game's float-exact law.
Pmf spd_normal(std::int64_t a, std::int64_t b) { return shattered_pd::normal_int_range_pmf(a, b); }

Bout bout_of(const std::string& a, const std::string& b, std::vector<std::string> situation = {}) {
  AttackRequest req;
  req.attacker = a;
  req.defender = b;
  req.situation = std::move(situation);
  return rules().bout(req);
}

AttackSummary attack_of(const std::string& a, const std::string& b, std::vector<std::string> situation = {}) {
  AttackRequest req;
  req.attacker = a;
  req.defender = b;
  req.situation = std::move(situation);
  return rules().attack(req);
}

fight::FightOptions sampled(std::uint64_t sims, std::uint64_t seed) {
  fight::FightOptions o;
  o.method = fight::FightOptions::Method::monte_carlo;
  o.monte_carlo.sims = sims;
  o.monte_carlo.seed = seed;
  o.monte_carlo.progress = false;
  return o;
}

std::map<std::int64_t, std::uint64_t> counts_of(const Pmf& pmf, std::uint64_t n) {
  std::map<std::int64_t, std::uint64_t> c;
  for (const auto& [v, p] : pmf.items()) c[v] = static_cast<std::uint64_t>(std::llround(p * static_cast<double>(n)));
  return c;
}

// The attacker's heal after the attacks that kill a defender of 1 HP, and
// their total probability.
std::pair<std::map<std::int64_t, double>, double> heals_of_kills(const std::vector<Transition>& ts) {
  std::map<std::int64_t, double> by_heal;
  double kills = 0;
  for (const Transition& t : ts)
    if (t.damage >= 1) {
      by_heal[t.heal] += t.p;
      kills += t.p;
    }
  return {by_heal, kills};
}

// The exact duel's HP left on each side against those of n sampled ones, by chi-square.
void expect_same_hp_left(const fight::DuelResult& exact, const fight::DuelResult& mc, std::uint64_t n) {
  EXPECT_GT(test::chi_square_p(exact.a_hp_left, counts_of(mc.a_hp_left, n)), 1e-3);
  EXPECT_GT(test::chi_square_p(exact.b_hp_left, counts_of(mc.b_hp_left, n)), 1e-3);
}

// The exact duel against n sampled ones at `seed`: each side's HP left and the
// length, by chi-square.
void expect_exact_matches_sampled(const Bout& b, std::uint64_t n, std::uint64_t seed) {
  const fight::DuelResult exact = fight::solve_duel(b);
  ASSERT_EQ(exact.method, "exact");
  const fight::DuelResult mc = fight::solve_duel(b, sampled(n, seed));
  expect_same_hp_left(exact, mc, n);
  EXPECT_GT(test::chi_square_p(*exact.length, counts_of(*mc.length, n)), 1e-3);
}

// Whether a line of `lines` (a bout's modelled, not_modelled or notes) holds
// `text`, and `also` when given.
bool lists(const std::vector<std::string>& lines, std::string_view text, std::string_view also = {}) {
  return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) {
    return l.find(text) != std::string::npos && (also.empty() || l.find(also) != std::string::npos);
  });
}

// Outcomes summed by damage.
std::map<std::int64_t, double> by_damage(const std::vector<Transition>& ts) {
  std::map<std::int64_t, double> out;
  for (const Transition& t : ts) out[t.damage] += t.p;
  return out;
}

// A side's state in a fight (typed: the fight layer sees its number in the
// bout's table of side a's or side b's states).
using State = shattered_pd::SideState;
std::uint32_t id_of(const Bout& b, bool side_a, const State& s) { return shattered_pd::state_id(b, side_a, s); }
State state_of(const Bout& b, bool side_a, std::uint32_t id) { return shattered_pd::state_at(b, side_a, id); }
std::string str(const State& s) {
  std::ostringstream o;
  o << "{past " << s.past << " pump " << int{s.pump} << " brute " << int{s.brute} << " necro " << int{s.necro}
    << " turn " << int{s.turn} << " focus " << int{s.focus} << " regen " << int{s.regen} << " dot " << s.dot
    << " group " << s.group << "}";
  return o.str();
}

using ByState = std::map<std::pair<std::int64_t, State>, double>;
// Outcomes summed by (damage, defender state), the defender being side a
// when `defender_a` (an outcome of b_hits_a).
ByState by_damage_and_state(const Bout& b, bool defender_a, const std::vector<Transition>& ts) {
  ByState out;
  for (const Transition& t : ts) out[{t.damage, state_of(b, defender_a, t.defender_state)}] += t.p;
  return out;
}

void expect_same(const ByState& want, const ByState& got) {
  for (const auto& [k, p] : want) {
    const auto it = got.find(k);
    ASSERT_NE(it, got.end()) << "damage " << k.first << " state " << str(k.second);
    EXPECT_NEAR(it->second, p, 1e-12) << "damage " << k.first << " state " << str(k.second);
  }
  double total = 0;
  for (const auto& [k, p] : got) total += p;
  EXPECT_NEAR(total, 1.0, 1e-12);
  EXPECT_EQ(want.size(), got.size());
}

// --- life drain ------------------------------------------------------------------------

// Bat.attackProc: reg = min(damage - 4, HT - HP), healed when positive.
TEST(SpdDrain, BatHealsDamageLessFourUpToItsHt) {
  const Bout b = bout_of("vampire_bat", kDummy);
  const Pmf hit = attack_of("vampire_bat", kDummy).damage_on_hit;
  for (const std::int64_t hp : {10, 28, 30}) {
    std::map<std::int64_t, std::int64_t> heal;
    for (const Transition& t : b.a_hits_b->outcomes({hp, 0}, {1000, 0})) {
      ASSERT_EQ(t.hit, 1);  // evasion 0: every attack hits
      heal[t.damage] = t.heal;
    }
    for (const auto& [v, p] : hit.items()) {
      const std::int64_t want = std::max<std::int64_t>(0, std::min<std::int64_t>(v - 4, 30 - hp));
      EXPECT_EQ(heal.at(v), want) << "hp " << hp << " damage " << v;
    }
  }
  EXPECT_TRUE(b.a_hits_b->reads().attacker_hp);
  ASSERT_EQ(b.modelled.size(), 1u);
  EXPECT_NE(b.modelled[0].find("life drain"), std::string::npos);
}

// P(the bat wins) by value iteration over (bat HP, opponent HP, whose turn),
// each side's attack law from `fray attack`, the bat first: an independent
// calculation of the same duel, with the drain or without it.
double bat_wins(const Pmf& bat, const Pmf& foe, std::int64_t bat_hp, std::int64_t foe_hp, bool drain) {
  const std::int64_t ht = 30;
  std::vector<double> v[2];  // [turn][bat hp · (foe_hp + 1) + foe hp]
  for (auto& x : v) x.assign(static_cast<std::size_t>((ht + 1) * (foe_hp + 1)), 0.0);
  auto at = [&](int turn, std::int64_t hb, std::int64_t hf) -> double& {
    return v[turn][static_cast<std::size_t>(hb * (foe_hp + 1) + hf)];
  };
  for (int it = 0; it < 1500; ++it)
    for (std::int64_t hb = 1; hb <= ht; ++hb)
      for (std::int64_t hf = 1; hf <= foe_hp; ++hf) {
        double bat_turn = 0;
        for (const auto& [d, p] : bat.items()) {
          if (d >= hf) {
            bat_turn += p;
            continue;
          }
          const std::int64_t heal = drain ? std::max<std::int64_t>(0, std::min<std::int64_t>(d - 4, ht - hb)) : 0;
          bat_turn += p * at(1, hb + heal, hf - d);
        }
        double foe_turn = 0;
        for (const auto& [d, p] : foe.items())
          if (d < hb) foe_turn += p * at(0, hb - d, hf);
        at(0, hb, hf) = bat_turn;
        at(1, hb, hf) = foe_turn;
      }
  return at(0, bat_hp, foe_hp);
}

TEST(SpdDrain, DuelMatchesAnIndependentCalculation) {
  const std::string foe = "hp=60,evasion=8,accuracy=20,damage=4-9,armor=2";
  const Bout b = bout_of("vampire_bat:hp=20", foe);
  const Pmf bat = attack_of("vampire_bat", foe).damage;
  const Pmf them = attack_of(foe, "vampire_bat").damage;
  const double with = bat_wins(bat, them, 20, 60, true), without = bat_wins(bat, them, 20, 60, false);
  const std::uint64_t n = 100000;
  const fight::DuelResult r = fight::solve_duel(b, sampled(n, 7));
  EXPECT_EQ(r.method, "monte-carlo");
  const double sd = std::sqrt(with * (1 - with) / static_cast<double>(n));
  EXPECT_NEAR(r.p_a_wins, with, 4 * sd);
  EXPECT_GT(std::abs(with - without), 20 * sd);  // the drain changes who wins
  for (const std::string& line : r.not_modelled) EXPECT_EQ(line.find("life drain"), std::string::npos);
  // The exact chain follows the healing too.
  const fight::DuelResult exact = fight::solve_duel(b);
  ASSERT_EQ(exact.method, "exact");
  EXPECT_NEAR(exact.p_a_wins, with, 1e-9);
  expect_same_hp_left(exact, r, n);
}

// --- poison --------------------------------------------------------------------------

// Spinner.attackProc then Poison.act from 5 turns left: without a new poison
// the tick deals (int)(5/3) + 1 = 2 and leaves 4; a new IntRange(7, 8) keeps
// the larger, 7 or 8, whose tick deals 3 and leaves 6 or 7.
TEST(SpdPoison, SpinnerKernelFromFiveTurnsLeft) {
  const Bout b = bout_of(kDummy, "cave_spinner");
  EXPECT_TRUE(b.b_hits_a->exact());
  const Pmf hit = attack_of("cave_spinner", kDummy).damage_on_hit;
  ByState want;
  for (const auto& [v, p] : hit.items()) {
    want[{v + 2, State{.dot = 4}}] += p / 2;
    want[{v + 3, State{.dot = 6}}] += p / 4;
    want[{v + 3, State{.dot = 7}}] += p / 4;
  }
  expect_same(want, by_damage_and_state(b, true, b.b_hits_a->outcomes({50, 0}, {1000, id_of(b, true, {.dot = 5})})));
  // Unpoisoned and out of turns: the tick does nothing.
  const auto none = by_damage_and_state(b, true, b.b_hits_a->outcomes({50, 0}, {1000, 0}));
  for (const auto& [v, p] : hit.items()) EXPECT_NEAR((none.at({v, State{}})), p / 2, 1e-12);
}

// 21 HP fall to the first attack only when it poisons (the tick adds 3) and
// the roll is 18 or more: P = 1/2 · P(roll >= 18).
TEST(SpdPoison, FirstAttackKillsOnlyWithItsTick) {
  const Pmf hit = attack_of("cave_spinner", kDummy).damage_on_hit;
  const Bout b = bout_of("cave_spinner", "hp=21,evasion=0,accuracy=1,damage=0-0,armor=0");
  const fight::TtkResult r = fight::solve_ttk(b);
  EXPECT_EQ(r.method, "exact");
  ASSERT_TRUE(r.attacks.has_value());
  EXPECT_NEAR((*r.attacks)[1], 0.5 * hit.at_least(18), 1e-12);
  EXPECT_GT(hit.at_least(18), 0.0);
}

TEST(SpdPoison, ExactDuelAgreesWithMonteCarlo) {
  const Bout b = bout_of("hero:level=8,str=14,weapon=sword", "cave_spinner");
  expect_exact_matches_sampled(b, 200000, 11);
}

// --- ooze ----------------------------------------------------------------------------

// CausticSlime.attackProc: half its hits ooze for 20 turns; at the sewers'
// depths Ooze.act deals 1 on half its ticks, the first in the same turn.
TEST(SpdOoze, CausticSlimeAndGoo) {
  {
    const Bout b = bout_of(kDummy, "caustic_slime");
    EXPECT_TRUE(b.b_hits_a->exact());
    const Pmf hit = attack_of("caustic_slime", kDummy).damage_on_hit;
    ByState want;
    for (const auto& [v, p] : hit.items()) {
      want[{v, State{}}] += p / 2;
      want[{v, State{.dot = 19}}] += p / 4;
      want[{v + 1, State{.dot = 19}}] += p / 4;
    }
    expect_same(want, by_damage_and_state(b, true, b.b_hits_a->outcomes({20, 0}, {1000, 0})));
  }
  {
    // Goo on depth 5: a third of its hits, then 1 damage every tick; from 3 turns left, a tick leaves 2.
    // At rest it attacks on 4/5 of its turns; on the others it pumps up, and the tick still comes.
    const Bout b = bout_of(kDummy, "goo");
    const Pmf hit = attack_of("goo", kDummy).damage_on_hit;
    ByState want;
    for (const auto& [v, p] : hit.items()) {
      want[{v + 1, State{.dot = 2}}] += 0.8 * 2 * p / 3;
      want[{v + 1, State{.dot = 19}}] += 0.8 * p / 3;
    }
    want[{1, State{.dot = 2}}] += 0.2;
    expect_same(want, by_damage_and_state(b, true, b.b_hits_a->outcomes({100, 0}, {1000, id_of(b, true, {.dot = 3})})));
  }
}

TEST(SpdOoze, ExactDuelAgreesWithMonteCarlo) {
  const Bout b = bout_of("hero", "caustic_slime");
  const fight::DuelResult exact = fight::solve_duel(b);
  ASSERT_EQ(exact.method, "exact");
  const std::uint64_t n = 100000;
  expect_same_hp_left(exact, fight::solve_duel(b, sampled(n, 13)), n);
}

// --- Goo ------------------------------------------------------------------------------

// Goo.doAttack from rest at full HP: it attacks on Random.Int(5) > 0 (4/5),
// else pumps up (state 1, no attack); pumped once it pumps again (state 2);
// pumped twice it hits with accuracy x2 and NormalIntRange(3, 24), and rests.
// Below half HP the odds are 1/2 and the damage NormalIntRange(1, 12).
TEST(SpdGoo, PumpAndHalfHp) {
  const Bout b = bout_of(kDummy, "goo");
  const Exchange& k = *b.b_hits_a;
  EXPECT_TRUE(k.exact());
  EXPECT_TRUE(k.reads().attacker_hp);
  const State pumped{.past = true, .pump = 1};
  auto pumps = [&](std::int64_t hp) {
    double p = 0;
    for (const Transition& t : k.outcomes({hp, 0}, {1000, 0}))
      if (state_of(b, false, t.attacker_state) == pumped) {
        EXPECT_EQ(t.damage, 0);
        p += t.p;
      }
    return p;
  };
  EXPECT_NEAR(pumps(100), 0.2, 1e-12);
  EXPECT_NEAR(pumps(51), 0.2, 1e-12);
  EXPECT_NEAR(pumps(50), 0.5, 1e-12);
  for (const Transition& t : k.outcomes({100, id_of(b, false, pumped)}, {1000, 0})) {
    EXPECT_TRUE(state_of(b, false, t.attacker_state) == (State{.past = true, .pump = 2}));
    EXPECT_EQ(t.damage, 0);
  }
  // The pumped hit: evasion 0, so it always lands; a third of the hits ooze (tick 1 at depth 5).
  auto law_of = [&](std::int64_t hp, const State& state) {
    std::map<std::int64_t, double> plain, oozed;
    for (const Transition& t : k.outcomes({hp, id_of(b, false, state)}, {1000, 0})) {
      if (state_of(b, false, t.attacker_state) == pumped) continue;  // the pump, above
      EXPECT_TRUE(state_of(b, false, t.attacker_state) == State{.past = true});
      (state_of(b, true, t.defender_state).dot == 19 ? oozed : plain)[t.damage] += t.p;
    }
    return std::pair{plain, oozed};
  };
  {
    auto [plain, oozed] = law_of(100, {.past = true, .pump = 2});
    const Pmf want = spd_normal(3, 24);
    EXPECT_EQ(plain.size(), 22u);
    EXPECT_EQ(oozed.size(), 22u);
    for (std::int64_t v = 3; v <= 24; ++v) {
      EXPECT_NEAR(plain[v], want[v] * 2 / 3, 1e-12) << v;
      EXPECT_NEAR(oozed[v + 1], want[v] / 3, 1e-12) << v;
    }
  }
  {
    auto [plain, oozed] = law_of(50, {});
    const Pmf want = spd_normal(1, 12);
    EXPECT_EQ(plain.size(), 12u);
    for (std::int64_t v = 1; v <= 12; ++v) EXPECT_NEAR(plain[v], want[v] * 0.5 * 2 / 3, 1e-12) << v;
  }
  // Attacked, its evasion is 8, or 12 at HP <= 50.
  const Bout h = bout_of("hero:level=4", "goo");
  EXPECT_TRUE(h.a_hits_b->reads().defender_hp);
  auto p_hit = [&](std::int64_t hp) {
    double p = 0;
    for (const Transition& t :
         h.a_hits_b->outcomes({40, id_of(h, true, {.past = true})}, {hp, id_of(h, false, {.past = true})}))
      if (t.hit == 1) p += t.p;
    return p;
  };
  EXPECT_NEAR(p_hit(51), attack_of("hero:level=4", "goo").p_hit, 1e-12);
  EXPECT_NEAR(p_hit(50), attack_of("hero:level=4", "hp=50,evasion=12,accuracy=15,damage=1-12,armor=2").p_hit, 1e-12);
  EXPECT_GT(p_hit(51), p_hit(50));
}

TEST(SpdGoo, ExactDuelAgreesWithMonteCarlo) {
  // Goo from above half HP to below, against a mob: a hero who attacks once
  // a turn regenerates, which with the ooze on her makes the exact fight
  // heavy (10-20 s, 1 GB).
  const Bout b = bout_of("hp=40,accuracy=20,evasion=10,damage=3-9,armor=3", "goo:hp=55");
  expect_exact_matches_sampled(b, 100000, 17);
}

// --- the slime's compressed damage --------------------------------------------------------

// Slime.damage takes 5 at 5-6 dealt, 6 at 7-9, 7 at 10-13, ... (the attack
// tests check the rule): a fight against a slime reads each hit through it,
// as the one attack does, and says it follows it.
TEST(SpdSlime, FightsTakeTheCompressedDamage) {
  const std::string hero = "hero:level=6,str=13,weapon=sword";
  const Bout b = bout_of(hero, "slime");
  EXPECT_TRUE(lists(b.modelled, "Slime.damage"));
  EXPECT_FALSE(lists(b.not_modelled, "Slime.damage"));
  const Pmf law = attack_of(hero, "slime").damage;
  EXPECT_EQ(law.max(), 9);  // a sword's 20 takes 9
  const auto got =
      by_damage(b.a_hits_b->outcomes({60, id_of(b, true, {.past = true})}, {20, id_of(b, false, {.past = true})}));
  for (std::int64_t d = 0; d <= 9; ++d) EXPECT_NEAR(got.count(d) ? got.at(d) : 0.0, law[d], 1e-12) << d;
  expect_exact_matches_sampled(b, 100000, 29);
}

// --- the gnoll brute's rage ---------------------------------------------------------------

// Brute.isAlive and BruteRage.act, with the 24-point shield kept as HP: a brute
// of 5 HP fights with 29. A hit of 7 takes its HP to 0 (the 2 beyond lost), it
// rages with 24 and loses 4 that turn (the buff, added at the time of the
// hit, acts last in it): 29 -> 20, and it skips its next turn (state 2, then
// 3). The first attack on it after that finds the shield as it was (20: the
// next decay comes at the end of that turn); each later attack first takes
// the last turn's 4, then its damage. The brute hits for NormalIntRange(15,
// 40) instead of 5-25.
TEST(SpdBrute, RageShieldByHand) {
  const std::string hitter = "accuracy=20,damage=7-7,hp=100,evasion=0,armor=0";
  const Bout b = bout_of(hitter, "gnoll_brute:hp=5");
  EXPECT_EQ(b.b.hp, 29);
  EXPECT_TRUE(b.a_hits_b->reads().defender_hp);
  const std::uint32_t past = id_of(b, true, {.past = true});
  auto brute = [&](std::int8_t state) { return id_of(b, false, {.brute = state}); };
  auto raged = [](std::int8_t state) { return State{.past = true, .brute = state}; };
  // The brute's armor (0-8) leaves x of the 7: x >= 5 takes its 5 HP.
  const AttackSummary on = attack_of(hitter, "gnoll_brute");
  ByState want, raging_want, first_want, later_want;
  want[{0, raged(0)}] = 1 - on.p_hit;
  raging_want[{4, raged(2)}] = 1 - on.p_hit;
  first_want[{0, raged(1)}] = 1 - on.p_hit;
  later_want[{4, raged(1)}] = 1 - on.p_hit;
  for (const auto& [x, q] : on.damage_on_hit.items()) {
    if (x >= 5)
      want[{9, raged(2)}] += on.p_hit * q;
    else
      want[{x, raged(0)}] += on.p_hit * q;
    raging_want[{4 + x, raged(2)}] += on.p_hit * q;
    first_want[{x, raged(1)}] += on.p_hit * q;
    later_want[{4 + x, raged(1)}] += on.p_hit * q;
  }
  expect_same(want, by_damage_and_state(b, false, b.a_hits_b->outcomes({100, past}, {29, 0})));
  // Attacked again before its skipped turn (a second attack in a row): the last turn's 4.
  expect_same(raging_want, by_damage_and_state(b, false, b.a_hits_b->outcomes({100, past}, {20, brute(2)})));
  // The first attack after its skipped turn: no decay since the rage's own; the next ones: 4.
  expect_same(first_want, by_damage_and_state(b, false, b.a_hits_b->outcomes({100, past}, {20, brute(3)})));
  expect_same(later_want, by_damage_and_state(b, false, b.a_hits_b->outcomes({100, past}, {20, brute(1)})));
  // The brute: its skipped turn, then its raging hits.
  for (const Transition& t : b.b_hits_a->outcomes({20, brute(2)}, {100, 0})) {
    EXPECT_EQ(t.damage, 0);
    EXPECT_TRUE(state_of(b, false, t.attacker_state) == raged(3));
  }
  auto law = [&](std::int8_t state) { return by_damage(b.b_hits_a->outcomes({20, brute(state)}, {100, 0})); };
  const double q = attack_of("gnoll_brute", hitter).p_hit;
  auto raging = law(1), not_yet_hit = law(3), calm = law(0);
  const Pmf r = spd_normal(15, 40), c = spd_normal(5, 25);
  for (std::int64_t v = 15; v <= 40; ++v) EXPECT_NEAR(raging[v], q * r[v], 1e-12) << v;
  for (std::int64_t v = 15; v <= 40; ++v) EXPECT_NEAR(not_yet_hit[v], q * r[v], 1e-12) << v;
  for (std::int64_t v = 5; v <= 25; ++v) EXPECT_NEAR(calm[v], q * c[v], 1e-12) << v;
  // Studded gloves attack twice a turn: the decay per attack no longer holds, and the rage is left out.
  const Bout g = bout_of("hero:class=huntress", "gnoll_brute");
  EXPECT_EQ(g.b.hp, 40);
  EXPECT_TRUE(lists(g.not_modelled, "rage shield"));
}

TEST(SpdBrute, ExactDuelAgreesWithMonteCarlo) {
  const Bout b = bout_of("hero:level=9,str=14,weapon=sword,armor=mail", "gnoll_brute");
  expect_exact_matches_sampled(b, 100000, 19);
}

// ArmoredBrute.triggerEnrage and ArmoredRage.act: a shield of HT/2 + 1 = 21,
// so a brute of 5 HP fights with 26, and a decay of round(ascension) = 1 in
// the turn of the rage and every third turn after it. Its armour (DR
// NormalIntRange(0, 8) + 4) leaves x = 3..11 of a 15: x >= 5 takes its 5 HP,
// it rages with 21 less that turn's 1: 26 -> 20, and skips its next turn.
// The attacks after that skipped turn take no decay (state 3 -> 4 -> 5 -> 1)
// until the fourth, which takes the decay at the end of the rage's third
// turn (1 -> 4), and so every third attack on.
TEST(SpdArmoredBrute, RageShieldByHand) {
  const std::string hitter = "accuracy=20,damage=15-15,hp=100,evasion=0,armor=0";
  const Bout b = bout_of(hitter, "armored_brute:hp=5");
  const std::uint32_t past = id_of(b, true, {.past = true});
  auto brute = [&](std::int8_t state) { return id_of(b, false, {.brute = state}); };
  auto raged = [](std::int8_t state) { return State{.past = true, .brute = state}; };
  EXPECT_EQ(b.b.hp, 26);
  const AttackSummary on = attack_of(hitter, "armored_brute");
  EXPECT_EQ(on.damage_on_hit.min(), 3);
  EXPECT_EQ(on.damage_on_hit.max(), 11);
  // From each rage state: (the decay it takes, the state after).
  const std::map<std::int8_t, std::pair<std::int64_t, std::int8_t>> next = {
      {3, {0, 4}}, {4, {0, 5}}, {5, {0, 1}}, {1, {1, 4}}, {2, {0, 2}}};
  ByState calm;
  calm[{0, raged(0)}] = 1 - on.p_hit;
  for (const auto& [x, q] : on.damage_on_hit.items()) calm[{x >= 5 ? 6 : x, raged(x >= 5 ? 2 : 0)}] += on.p_hit * q;
  expect_same(calm, by_damage_and_state(b, false, b.a_hits_b->outcomes({100, past}, {26, 0})));
  for (const auto& [state, step] : next) {
    const auto [decay, after] = step;
    ByState want;
    want[{decay, raged(after)}] = 1 - on.p_hit;
    for (const auto& [x, q] : on.damage_on_hit.items()) want[{decay + x, raged(after)}] += on.p_hit * q;
    SCOPED_TRACE(::testing::Message() << "rage state " << int{state});
    expect_same(want, by_damage_and_state(b, false, b.a_hits_b->outcomes({100, past}, {20, brute(state)})));
  }
  // The brute: its skipped turn, then raging hits for 15-40 in every state.
  for (const Transition& t : b.b_hits_a->outcomes({20, brute(2)}, {100, 0})) {
    EXPECT_EQ(t.damage, 0);
    EXPECT_TRUE(state_of(b, false, t.attacker_state) == raged(3));
  }
  const double q = attack_of("armored_brute", hitter).p_hit;
  const Pmf r = spd_normal(15, 40);
  for (std::int8_t state : {1, 3, 4, 5}) {
    const std::vector<Transition> ts = b.b_hits_a->outcomes({20, brute(state)}, {100, 0});
    for (const Transition& t : ts) EXPECT_TRUE(state_of(b, false, t.attacker_state) == raged(state));
    const auto law = by_damage(ts);
    for (std::int64_t v = 15; v <= 40; ++v) EXPECT_NEAR(law.at(v), q * r[v], 1e-12) << v;
  }
  // The note says when the decays come; with the Ascension challenge the
  // decay is round(2.25) = 2.
  EXPECT_TRUE(lists(b.notes, "21-point rage shield"));
  EXPECT_TRUE(lists(b.notes, "every third turn"));
  EXPECT_TRUE(lists(b.modelled, "HT / 2 + 1"));
  EXPECT_FALSE(lists(b.not_modelled, "rage shield"));
  const Bout asc = bout_of(hitter, "armored_brute:hp=5", {"ascension"});
  EXPECT_TRUE(lists(asc.notes, "the decay of 2 of the rage's own turn"));
  const AttackSummary on_asc = attack_of(hitter, "armored_brute", {"ascension"});
  ByState asc_want;
  asc_want[{2, raged(4)}] = 1 - on_asc.p_hit;
  for (const auto& [x, q2] : on_asc.damage_on_hit.items()) asc_want[{2 + x, raged(4)}] += on_asc.p_hit * q2;
  expect_same(asc_want, by_damage_and_state(asc, false,
                                            asc.a_hits_b->outcomes({100, id_of(asc, true, {.past = true})},
                                                                   {20, id_of(asc, false, {.brute = 1})})));
}

TEST(SpdArmoredBrute, ExactDuelAgreesWithMonteCarlo) {
  const Bout b = bout_of("hero:level=14,str=16,weapon=longsword,armor=scale", "armored_brute");
  EXPECT_EQ(b.b.hp, 61);
  expect_exact_matches_sampled(b, 100000, 23);
}

// --- the monk's Focus ---------------------------------------------------------------------

// Monk.act, spend, defenseSkill, defenseVerb: Focus after its first attack
// (state 0 -> 14), and after a parry NormalFloat(6, 7) turns of cooldown,
// 0.5 an attack: c <= 6.5 takes 13 attacks (state 12), c > 6.5 takes 14
// (state 13), c = 6 exactly 12 (state 11). In floats c = 6 + (u + v) / 2 with
// u, v multiples of 2^-24: c rounds above 6.5 once u + v >= 1 + 10 x 2^-24,
// which m (m + 1) / 2 of the 2^48 pairs reach, m = 2^24 - 11; c rounds to 6
// when u + v <= 8 x 2^-24: 45 pairs.
TEST(SpdMonk, FocusByHand) {
  const std::string hero = "hero:level=16,str=16,weapon=longsword,weapon_level=2,armor=scale,armor_level=2";
  const Bout b = bout_of(hero, "monk");
  const std::uint32_t past = id_of(b, true, {.past = true});
  auto monk = [&](std::uint8_t focus) { return id_of(b, false, {.past = true, .focus = focus}); };
  auto focused_in = [](std::uint8_t focus) { return State{.past = true, .focus = focus}; };
  EXPECT_TRUE(lists(b.modelled, "Focus: after"));
  const double pairs = std::ldexp(1.0, 48), m = std::ldexp(1.0, 24) - 11;
  const double p14 = m * (m + 1) / 2 / pairs, p12 = 45 / pairs;
  EXPECT_NEAR(p14, 0.5 - 21 / std::ldexp(1.0, 25) + 110 / std::ldexp(1.0, 49), 1e-16);
  // Her attack on a monk with Focus: a miss, and the cooldown.
  ByState parried;
  parried[{0, focused_in(11)}] = p12;
  parried[{0, focused_in(12)}] = 1 - p12 - p14;
  parried[{0, focused_in(13)}] = p14;
  const auto focused = b.a_hits_b->outcomes({85, past}, {70, monk(14)});
  expect_same(parried, by_damage_and_state(b, false, focused));
  for (const Transition& t : focused) EXPECT_EQ(t.hit, 0);
  // Without Focus: her plain attack, the monk's count unchanged.
  const AttackSummary on = attack_of(hero, "monk");
  for (std::uint8_t state : {0, 5}) {
    ByState want;
    for (const auto& [x, q] : on.damage.items()) want[{x, focused_in(state)}] += q;
    SCOPED_TRACE(::testing::Message() << "monk state " << int{state});
    expect_same(want, by_damage_and_state(b, false, b.a_hits_b->outcomes({85, past}, {70, monk(state)})));
  }
  // The monk's attacks count down to its Focus, and keep it.
  const Pmf law = attack_of("monk", hero).damage;
  for (const auto& [from, to] : std::map<std::uint8_t, std::uint8_t>{{0, 14}, {5, 4}, {12, 11}, {14, 14}}) {
    const std::vector<Transition> ts = b.b_hits_a->outcomes({70, monk(from)}, {85, past});
    for (const Transition& t : ts) EXPECT_EQ(state_of(b, false, t.attacker_state).focus, to) << int{from};
    const auto got = by_damage(ts);
    for (const auto& [x, q] : law.items()) EXPECT_NEAR(got.count(x) ? got.at(x) : 0.0, q, 1e-12) << from << " " << x;
  }
  // Drawn as the game draws it: NormalFloat(6, 7), then 0.5 an attack.
  fray::Rng rng(31);
  const int n = 200000;
  std::map<std::uint32_t, int> drawn;
  for (int i = 0; i < n; ++i) {
    const Transition t = b.a_hits_b->sample({85, past}, {70, monk(14)}, rng);
    EXPECT_EQ(t.damage, 0);
    ++drawn[state_of(b, false, t.defender_state).focus];
  }
  EXPECT_EQ(drawn.size(), 2u);
  EXPECT_NEAR(drawn[13] / static_cast<double>(n), p14, 4 * std::sqrt(p14 * (1 - p14) / n));
  // Against a foe that poisons it, or a swarm, its Focus is left out.
  EXPECT_TRUE(lists(bout_of("cave_spinner", "monk").not_modelled, "Focus: after"));
  EXPECT_TRUE(lists(bout_of("swarm_of_flies", "senior_monk").not_modelled, "Focus: after"));
}

TEST(SpdMonk, ExactDuelAgreesWithMonteCarlo) {
  // A foe without regeneration: a hero's, times the monk's 15 states, makes
  // a million conditions (about 4 s exact).
  const Bout b = bout_of("hp=90,accuracy=45,evasion=30,damage=15-28,armor=8", "monk");
  EXPECT_TRUE(lists(b.modelled, "Focus: after"));
  expect_exact_matches_sampled(b, 100000, 37);
}

// --- bleeding --------------------------------------------------------------------------

// Albino.attackProc: a hit dealing damage bleeds on Random.Int(2) == 0 at a
// level in [2, 3]; the same turn's tick draws NormalFloat(level/2, level) >= 1,
// so it deals at least 1. 2 HP fall to the first attack when the roll is 2 or
// more, or when it is 1 and bleeds: P = P(roll >= 2) + P(roll = 1) / 2.
TEST(SpdBleeding, FirstAttackByHand) {
  const Pmf hit = attack_of("albino_rat", kDummy).damage_on_hit;
  const Bout b = bout_of("albino_rat", "hp=2,evasion=0,accuracy=1,damage=0-0,armor=0");
  EXPECT_FALSE(b.a_hits_b->exact());
  const std::uint64_t n = 200000;
  const fight::TtkResult r = fight::solve_ttk(b, sampled(n, 3));
  ASSERT_TRUE(r.attacks.has_value());
  const double want = hit.at_least(2) + hit[1] / 2;
  EXPECT_NEAR((*r.attacks)[1], want, 4 * std::sqrt(want * (1 - want) / static_cast<double>(n)));
}

// --- the swarm of flies ------------------------------------------------------------------

// 2 damage a hit into a swarm of 9 (Swarm.defenseProc, the fly with the
// fewest HP first): {9} → clone (9-2)/2 = 3, the fly keeps 9-3-2 = 4: {3, 4};
// 3 < 2+2: {1, 4}; the 1 dies: {4}; 4 >= 4 splits, clone 1, the fly 4-1-2 = 1:
// {1, 1}; then {1}; then none. Six hits, where one body would need five: the
// kill comes at attack n with P = C(n-1, 5) p^6 (1-p)^(n-6).
TEST(SpdSwarm, SixHitsOfTwoKillNine) {
  const std::string hitter = "accuracy=20,damage=2-2,hp=10";
  const double p = attack_of(hitter, "swarm_of_flies").p_hit;
  const Bout b = bout_of(hitter, "swarm_of_flies:hp=9");
  EXPECT_TRUE(b.a_hits_b->exact());
  const fight::TtkResult r = fight::solve_ttk(b);
  EXPECT_EQ(r.method, "exact");
  ASSERT_TRUE(r.attacks.has_value());
  EXPECT_EQ(r.attacks->min(), 6);
  double binom = 1;  // C(n-1, 5)
  for (std::int64_t n = 6; n <= 30; ++n) {
    if (n > 6) binom = binom * static_cast<double>(n - 1) / static_cast<double>(n - 6);
    EXPECT_NEAR((*r.attacks)[n], binom * std::pow(p, 6) * std::pow(1 - p, static_cast<double>(n - 6)), 1e-12) << n;
  }
}

// After the first split one fly attacks (the clone is a turn late); after
// the swarm's turn both do: the sum of two attacks.
TEST(SpdSwarm, ClonesAttackFromTheSwarmsNextTurn) {
  const std::string hitter = "accuracy=20,damage=2-2,hp=100,evasion=0,armor=0";
  const Bout b = bout_of(hitter, "swarm_of_flies:hp=9");
  std::uint32_t split = 0;
  for (const Transition& t : b.a_hits_b->outcomes({100, 0}, {9, 0}))
    if (t.hit == 1) {
      EXPECT_EQ(t.damage, 2);
      split = t.defender_state;
    }
  const Pmf one = attack_of("swarm_of_flies", hitter).damage;
  Pmf got;
  std::uint32_t after = 0;
  {
    std::map<std::int64_t, double> acc;
    for (const Transition& t : b.b_hits_a->outcomes({7, split}, {100, 0})) {
      acc[t.damage] += t.p;
      after = t.attacker_state;
    }
    got = Pmf::from_map(acc);
  }
  EXPECT_TRUE(got.approx_equal(one, 1e-12));
  std::map<std::int64_t, double> acc;
  for (const Transition& t : b.b_hits_a->outcomes({7, after}, {100, 0})) acc[t.damage] += t.p;
  EXPECT_TRUE(Pmf::from_map(acc).approx_equal(one + one, 1e-12));
}

TEST(SpdSwarm, ExactDuelAgreesWithMonteCarlo) {
  const Bout b = bout_of("hero:level=2", "swarm_of_flies:hp=14");
  expect_exact_matches_sampled(b, 50000, 5);
  // A whole swarm of 50 reaches more groups than an exact fight follows: sampled, saying why.
  const Bout full = bout_of("hero:level=2", "swarm_of_flies");
  EXPECT_FALSE(full.a_hits_b->exact());
  EXPECT_NE(full.a_hits_b->why_not_exact().find("groups of flies"), std::string::npos);
}

}  // namespace
// --- the hero's regeneration ----------------------------------------------------------

// Regeneration.act after each of her turns below HT: every 10th heals 1.
// Against a mob that never hurts her, a hero at 15 of 20 HP ends with
// min(20, 15 + K / 10) HP after the K attacks she needs (the killing turn's
// regeneration included): K counted here from her damage law.
TEST(SpdRegeneration, EveryTenthTurnBelowHtHealsOne) {
  const std::string mob = "hp=40,evasion=0,accuracy=1,damage=0-0,armor=0";
  const Bout b = bout_of("hero:hp=15", mob);
  const Pmf hit = attack_of("hero", mob).damage;
  std::map<std::int64_t, double> alive{{0, 1.0}}, want;  // the damage so far, below 40
  for (int k = 1; !alive.empty() && k < 1000; ++k) {
    std::map<std::int64_t, double> next;
    for (const auto& [sum, p] : alive)
      for (const auto& [d, q] : hit.items()) {
        if (sum + d >= 40)
          want[std::min<std::int64_t>(20, 15 + k / 10)] += p * q;
        else
          next[sum + d] += p * q;
      }
    alive = std::move(next);
  }
  const fight::DuelResult r = fight::solve_duel(b);
  ASSERT_EQ(r.method, "exact");
  ASSERT_GT(want.size(), 1u);  // some fights last past a heal
  for (const auto& [hp, p] : want) EXPECT_NEAR(r.a_hp_left[hp], p, 1e-9) << hp;
  // The count runs only below HT.
  const std::uint32_t nine = id_of(b, true, {.regen = 9});
  for (const Transition& t : b.a_hits_b->outcomes({19, nine}, {40, 0})) {
    EXPECT_EQ(t.heal, 1);
    EXPECT_TRUE(state_of(b, true, t.attacker_state) == State{.past = true});
  }
  for (const Transition& t : b.a_hits_b->outcomes({20, nine}, {40, 0})) {
    EXPECT_EQ(t.heal, 0);
    EXPECT_TRUE(state_of(b, true, t.attacker_state) == (State{.past = true, .regen = 9}));
  }
}

TEST(SpdRegeneration, ExactDuelAgreesWithMonteCarlo) {
  // A long fight (some 13 turns of hers): she often heals.
  const Bout b = bout_of("hero:level=3,weapon=dagger", "hermit_crab");
  EXPECT_TRUE(lists(b.notes, "regenerates"));
  expect_exact_matches_sampled(b, 100000, 23);
}

// Regeneration.act with other attack times, by hand: the buff acts at every
// whole turn of the fight; a hero attacking every t turns counts on her k-th
// attack the acts since her last, floor(k t) in all by then, each below HT.
// From 10 of 20 HP against a mob that never hurts her she heals 1 on the
// attacks where floor(k t) passes a multiple of 10: with a spear (DLY 1.5, at
// STR 12) on the 7th (10 acts), 14th (21) and 20th (30); with studded gloves
// (0.5) on the 20th and 40th; with a worn shortsword augmented for speed
// (delay 2/3) on the 15th and 30th.
std::vector<int> regen_heals(const std::string& hero, std::int64_t hp, int attacks) {
  const Bout b = bout_of(hero, kDummy);
  std::vector<int> out;
  std::uint32_t state = b.a.state;
  for (int n = 0; n < attacks; ++n) {
    const auto ts = b.a_hits_b->outcomes({hp, state}, {1000, 0});
    for (const Transition& t : ts) {
      EXPECT_EQ(t.heal, ts[0].heal) << n;  // whatever the attack does
      EXPECT_EQ(t.attacker_state, ts[0].attacker_state) << n;
    }
    out.push_back(static_cast<int>(ts[0].heal));
    hp += ts[0].heal;
    state = ts[0].attacker_state;
  }
  return out;
}
std::vector<int> heals_at(std::initializer_list<int> attacks, int n) {
  std::vector<int> v(static_cast<std::size_t>(n), 0);
  for (int a : attacks) v[static_cast<std::size_t>(a - 1)] = 1;
  return v;
}

TEST(SpdRegeneration, OtherAttackTimesCountTheTurnsBetweenAttacks) {
  EXPECT_EQ(regen_heals("hero:hp=10,str=12,weapon=spear", 10, 20), heals_at({7, 14, 20}, 20));
  EXPECT_EQ(regen_heals("hero:hp=10,weapon=studded_gloves", 10, 40), heals_at({20, 40}, 40));
  EXPECT_EQ(regen_heals("hero:hp=10,weapon=worn_shortsword,augment=speed", 10, 30), heals_at({15, 30}, 30));
  // At HT the acts count nothing, and the clock still runs: from 19 HP the
  // spear's 7th attack heals to 20, and nothing more comes.
  EXPECT_EQ(regen_heals("hero:hp=19,str=12,weapon=spear", 19, 30), heals_at({7}, 30));
  const Bout b = bout_of("hero:hp=10,str=12,weapon=spear", kDummy);
  EXPECT_TRUE(lists(b.modelled, "hero regeneration"));
  EXPECT_TRUE(lists(b.notes, "every 1.5 turns"));
}

// The duel of EveryTenthTurnBelowHtHealsOne with a spear: after her K
// attacks she ends with min(20, 15 + floor(1.5 K) / 10).
TEST(SpdRegeneration, ASlowWeaponsDuelByHand) {
  const std::string mob = "hp=40,evasion=0,accuracy=1,damage=0-0,armor=0";
  const std::string hero = "hero:hp=15,str=12,weapon=spear";
  const Bout b = bout_of(hero, mob);
  EXPECT_DOUBLE_EQ(b.a.attack_time, 1.5);
  const Pmf hit = attack_of(hero, mob).damage;
  std::map<std::int64_t, double> alive{{0, 1.0}}, want;
  for (int k = 1; !alive.empty() && k < 1000; ++k) {
    std::map<std::int64_t, double> next;
    for (const auto& [sum, p] : alive)
      for (const auto& [d, q] : hit.items()) {
        if (sum + d >= 40)
          want[std::min<std::int64_t>(20, 15 + (3 * k / 2) / 10)] += p * q;
        else
          next[sum + d] += p * q;
      }
    alive = std::move(next);
  }
  const fight::DuelResult r = fight::solve_duel(b);
  ASSERT_EQ(r.method, "exact");
  ASSERT_GT(want.size(), 1u);
  for (const auto& [hp, p] : want) EXPECT_NEAR(r.a_hp_left[hp], p, 1e-9) << hp;
}

TEST(SpdRegeneration, OtherAttackTimesExactAgreesWithMonteCarlo) {
  expect_exact_matches_sampled(bout_of("hero:level=3,str=12,weapon=spear", "hermit_crab"), 100000, 41);
  expect_exact_matches_sampled(bout_of("hero:level=3,weapon=studded_gloves", "hermit_crab"), 100000, 42);
}

// Against the albino rat (whose fights are sampled) the clock is followed up
// to a cycle of 4 attacks: a scimitar's 0.8 turns repeat after 5, and the
// regeneration is listed as left out with the reason.
TEST(SpdRegeneration, AClockPastHerStateIsLeftOut) {
  const Bout b = bout_of("hero:str=14,weapon=scimitar", "albino_rat");
  EXPECT_TRUE(lists(b.not_modelled, "hero regeneration", "after 5 attacks"));
  const Bout c = bout_of("hero:str=14,weapon=scimitar", "rat");
  EXPECT_TRUE(lists(c.modelled, "hero regeneration"));
  EXPECT_TRUE(c.a_hits_b->exact());
  // A sword four STR short (1.2^4 turns) repeats after 625 attacks: followed,
  // but the fight is sampled, with the reason.
  const Bout d = bout_of("hero:weapon=sword", "rat");
  EXPECT_TRUE(lists(d.modelled, "hero regeneration"));
  EXPECT_FALSE(d.a_hits_b->exact());
  EXPECT_NE(d.a_hits_b->why_not_exact().find("625"), std::string::npos) << d.a_hits_b->why_not_exact();
}

// --- Goo on water ----------------------------------------------------------------------

// Goo.act on water, by hand: below HT it regains 1 HP before its move, which
// reads the new HP. At 50 of 100 HP it is at half HP (pumps from rest with
// Random.Int(2) == 0: 1/2) off water, but on water it moves at 51 (Random.Int(5)
// == 0: 1/5); every outcome heals 1; at 100 nothing.
TEST(SpdGoo, OnWaterItRegainsOneHpBeforeItsMove) {
  const Bout b = bout_of(kDummy, "goo:on_water");
  const Exchange& k = *b.b_hits_a;
  EXPECT_TRUE(k.exact());
  auto pumps = [&](std::int64_t hp, std::int64_t heal) {
    double p = 0;
    for (const Transition& t : k.outcomes({hp, 0}, {1000, 0})) {
      EXPECT_EQ(t.heal, heal) << hp;
      if (state_of(b, false, t.attacker_state) == State{.past = true, .pump = 1}) p += t.p;
    }
    return p;
  };
  EXPECT_NEAR(pumps(50, 1), 0.2, 1e-12);
  EXPECT_NEAR(pumps(49, 1), 0.5, 1e-12);
  EXPECT_NEAR(pumps(100, 0), 0.2, 1e-12);
  EXPECT_NEAR(pumps(99, 1), 0.2, 1e-12);
  // Off water: no heal, and listed as left out.
  const Bout dry = bout_of(kDummy, "goo");
  for (const Transition& t : dry.b_hits_a->outcomes({50, 0}, {1000, 0})) EXPECT_EQ(t.heal, 0);
  auto listed = [](const std::vector<std::string>& v) { return lists(v, "on water"); };
  EXPECT_TRUE(listed(dry.not_modelled));
  EXPECT_FALSE(listed(dry.modelled));
  EXPECT_TRUE(listed(b.modelled));
  EXPECT_FALSE(listed(b.not_modelled));
  EXPECT_THROW((void)bout_of(kDummy, "rat:on_water"), Error);
}

TEST(SpdGoo, OnWaterExactAgreesWithMonteCarlo) {
  const Bout b = bout_of("hp=40,accuracy=20,evasion=10,damage=3-9,armor=3", "goo:on_water,hp=55");
  expect_exact_matches_sampled(b, 100000, 43);
  // The water makes Goo stronger.
  const auto wet = fight::solve_duel(b);
  const auto dry = fight::solve_duel(bout_of("hp=40,accuracy=20,evasion=10,damage=3-9,armor=3", "goo:hp=55"));
  EXPECT_LT(wet.p_a_wins, dry.p_a_wins - 0.01) << wet.p_a_wins << " " << dry.p_a_wins;
}

// --- ticks after the mob dies ---------------------------------------------------------

// Poison.act goes on after the spinner dies: from 5 turns left the ticks deal
// 2 + 2 + 2 + 1 + 1 = 8 (her count of 0 meets no heal in 5 turns). A killing
// blow leaves a hero of 9 HP with 1 (heal -8) and kills one of 8 (heal -8:
// the spinner wins); a blow that does not kill leaves the poison be.
TEST(SpdAfterKill, PoisonGoesOnAfterTheSpinnerDies) {
  const Bout b = bout_of("hero", "cave_spinner:hp=1");
  for (const std::int64_t hp : {9, 8}) {
    double kills = 0;
    for (const Transition& t : b.a_hits_b->outcomes({hp, id_of(b, true, {.dot = 5})}, {1, 0})) {
      EXPECT_EQ(t.heal, t.damage >= 1 ? -8 : 0);
      if (t.damage >= 1) kills += t.p;
    }
    EXPECT_GT(kills, 0.1);
  }
}

// Ooze at depth 4 deals 1 on half its ticks: 3 turns left take Binomial(3,
// 1/2) from a hero of 2 HP after her killing blow: she keeps 2 (1/8), 1 (3/8)
// or dies (1/2).
TEST(SpdAfterKill, OozeGoesOnAfterTheSlimeDies) {
  const Bout b = bout_of("hero", "caustic_slime:hp=1");
  const std::uint32_t three = id_of(b, true, {.dot = 3});
  auto [by_heal, kills] = heals_of_kills(b.a_hits_b->outcomes({2, three}, {1, 0}));
  ASSERT_GT(kills, 0.0);
  ASSERT_EQ(by_heal.size(), 3u);
  EXPECT_NEAR(by_heal[0] / kills, 1.0 / 8, 1e-12);
  EXPECT_NEAR(by_heal[-1] / kills, 3.0 / 8, 1e-12);
  EXPECT_NEAR(by_heal[-2] / kills, 1.0 / 2, 1e-12);
  // The sampled kernel draws the same ticks.
  Rng rng(29);
  std::map<std::int64_t, std::uint64_t> seen;
  std::uint64_t n = 0;
  while (n < 40000) {
    const Transition t = b.a_hits_b->sample({2, three}, {1, 0}, rng);
    if (t.damage < 1) continue;
    ++seen[t.heal + 2];
    ++n;
  }
  const std::pair<std::int64_t, double> want[] = {{0, 1.0 / 2}, {1, 3.0 / 8}, {2, 1.0 / 8}};
  EXPECT_GT(test::chi_square_p(Pmf::from_pairs(want), seen), 1e-3);
}

// --- the Berserker's rage -------------------------------------------------------------

// Berserk.damage and Berserk.act by hand, at HT 20.
TEST(SpdBerserker, RageGrowsAndDecaysByHand) {
  namespace spd = shattered_pd;
  // A hit passing 8: (8 / 20) / 4 = 0.1, and the buffer 3 counts down to 2 the same turn.
  spd::BerserkRage r = spd::berserk_turn({0, 0}, {8}, 20, 20);
  EXPECT_EQ(r.power, 0.1f);
  EXPECT_EQ(r.buffer, 2);
  r = spd::berserk_turn(r, {}, 20, 20);
  r = spd::berserk_turn(r, {}, 20, 20);
  EXPECT_EQ(r.buffer, 0);
  EXPECT_EQ(r.power, 0.1f);
  // The fourth quiet turn at 10 HP: 0.1 - 0.1 * 0.05 * (1/2)^2 = 0.09875.
  r = spd::berserk_turn(r, {}, 10, 20);
  EXPECT_NEAR(r.power, 0.09875, 1e-8);
  // Below 0.1 the loss is that of 0.1 (GameMath.gate); at full HP 0.005 a turn.
  EXPECT_NEAR(spd::berserk_turn({0.05f, 0}, {}, 20, 20).power, 0.045, 1e-8);
  EXPECT_EQ(spd::berserk_turn({0.004f, 0}, {}, 20, 20).power, 0.0f);
  // Two flies' hits in one turn add both, up to 1; a hit passing 0 adds nothing.
  EXPECT_EQ(spd::berserk_turn({0.9f, 0}, {20, 20}, 5, 20).power, 1.0f);
  EXPECT_EQ(spd::berserk_turn({0.5f, 0}, {0}, 20, 20).buffer, 0);
}

// After a mob's hit passing 8 to a Berserker of HT 20 her attacks deal what a
// spec with rage=0.1 deals (Char.attack x min(1.5, 1 + 0.1 / 2)).
TEST(SpdBerserker, AHitTakenRaisesHerDamage) {
  const std::string mob = "hp=1000,evasion=0,accuracy=50,damage=8-8,armor=0";
  const Bout b = bout_of("hero:subclass=berserker", mob);
  EXPECT_FALSE(b.a_hits_b->exact());
  EXPECT_NE(b.a_hits_b->why_not_exact().find("Berserk.act"), std::string::npos);
  EXPECT_TRUE(lists(b.modelled, "Berserker rage", "[sampled fights only]"));
  Rng rng(31);
  std::map<std::int64_t, std::uint64_t> seen;
  std::uint64_t n = 0;
  while (n < 100000) {
    const Transition m = b.b_hits_a->sample({1000, 0}, {20, 0}, rng);
    if (m.hit != 1) continue;
    const Transition h = b.a_hits_b->sample({20 - m.damage, m.defender_state}, {1000, m.attacker_state}, rng);
    ++seen[h.damage];
    ++n;
  }
  const Pmf raged = attack_of("hero:subclass=berserker,rage=0.1", mob).damage;
  EXPECT_GT(test::chi_square_p(raged, seen), 1e-3);
  EXPECT_LT(test::chi_square_p(attack_of("hero:subclass=berserker", mob).damage, seen), 1e-6);
}

// With her rage growing, a Berserker wins a fight more often than the same
// hero without it (26 % against 20 % over a gnoll brute).
TEST(SpdBerserker, RageChangesWhoWins) {
  const std::uint64_t n = 20000;
  const auto wins = [&](const std::string& hero) {
    return fight::solve_duel(bout_of(hero, "gnoll_brute"), sampled(n, 37)).p_a_wins;
  };
  const double grows = wins("hero:subclass=berserker,level=10,str=14,weapon=sword,armor=mail");
  const double plain = wins("hero:level=10,str=14,weapon=sword,armor=mail");
  const double sd = std::sqrt(plain * (1 - plain) / static_cast<double>(n));
  EXPECT_GT(grows - plain, 6 * sd);
}

// --- the necromancer's skeleton --------------------------------------------------------

// The damage a necromancer's minions deal on its turn from `state` (side b
// of the bout, at 40 HP) against `foe`, by damage; every outcome leaves the
// necromancer in state `next`.
std::map<std::int64_t, double> minion_damage(const Bout& b, const State& state, Side foe, const State& next) {
  const auto ts = b.b_hits_a->outcomes({40, id_of(b, false, state)}, foe);
  for (const Transition& t : ts) {
    State got = state_of(b, false, t.attacker_state);
    got.past = false;
    EXPECT_TRUE(got == next) << str(state) << " " << str(got);
  }
  return by_damage(ts);
}
State necro(std::int8_t n) { return {.necro = n}; }
State spectral(std::uint32_t turn) { return {.turn = static_cast<std::uint8_t>(turn)}; }

// Necromancer.Hunting: its first turn starts the summoning (no attack, state
// 1); from its second its skeleton attacks as a catalog skeleton does (state 2).
TEST(SpdNecromancer, ItsSkeletonAttacksFromItsSecondTurn) {
  const std::string foe = "hp=100,evasion=3,accuracy=10,damage=1-1,armor=0";
  const Bout b = bout_of(foe, "necromancer");
  const auto first = minion_damage(b, necro(0), {100, 0}, necro(1));
  EXPECT_EQ(first, (std::map<std::int64_t, double>{{0, 1.0}}));
  const Pmf skeleton = attack_of("skeleton", foe).damage;
  for (const std::int8_t state : {std::int8_t{1}, std::int8_t{2}}) {
    auto got = minion_damage(b, necro(state), {100, 0}, necro(2));
    ASSERT_EQ(got.size(), skeleton.items().size());
    for (const auto& [v, p] : skeleton.items()) EXPECT_NEAR(got[v], p, 1e-12) << v;
  }
}

// Skeleton.die: a neighbour without armour takes NormalIntRange(6, 12). A blow
// that kills the necromancer with its skeleton up leaves an attacker of 9 HP
// with 9 - x, or kills it when x >= 9; before the summon nothing bursts.
TEST(SpdNecromancer, ItsSkeletonBurstsWhenItDies) {
  const Bout b = bout_of("hp=9,evasion=3,accuracy=1000,damage=50-50,armor=0", "necromancer:hp=1");
  const Pmf burst = spd_normal(6, 12);
  auto [by_heal, kills] = heals_of_kills(b.a_hits_b->outcomes({9, 0}, {1, id_of(b, false, necro(2))}));
  ASSERT_GT(kills, 0.99);
  for (const auto& [x, p] : burst.items()) {
    if (x >= 9) continue;
    EXPECT_NEAR(by_heal[-x] / kills, p, 1e-12) << x;
  }
  EXPECT_NEAR(by_heal[-9] / kills, burst.at_least(9), 1e-12);
  for (const Transition& t : b.a_hits_b->outcomes({9, 0}, {1, id_of(b, false, necro(1))})) EXPECT_EQ(t.heal, 0);
  // The burst goes through the victim's Char.damage: a Giant champion takes
  // ceil(x 0.2) (2 of 6-10, 3 of 11-12), a slime its compressed share (5 of
  // 6, 6 of 7-9, 7 of 10-12).
  const Bout g = bout_of("hp=9,evasion=3,accuracy=1000,damage=50-50,armor=0,champion=giant", "necromancer:hp=1");
  auto [giant_heal, giant_kills] = heals_of_kills(g.a_hits_b->outcomes({9, 0}, {1, id_of(g, false, necro(2))}));
  EXPECT_NEAR(giant_heal[-2] / giant_kills, 1 - burst.at_least(11), 1e-12);
  EXPECT_NEAR(giant_heal[-3] / giant_kills, burst.at_least(11), 1e-12);
  const Bout sl = bout_of("slime:hp=9", "necromancer:hp=1");
  auto [slime_heal, slime_kills] = heals_of_kills(sl.a_hits_b->outcomes({9, 0}, {1, id_of(sl, false, necro(2))}));
  ASSERT_GT(slime_kills, 0.0);
  EXPECT_NEAR(slime_heal[-5] / slime_kills, burst[6], 1e-12);
  EXPECT_NEAR(slime_heal[-6] / slime_kills, burst[7] + burst[8] + burst[9], 1e-12);
  EXPECT_NEAR(slime_heal[-7] / slime_kills, burst.at_least(10), 1e-12);
}

TEST(SpdNecromancer, ExactDuelAgreesWithMonteCarlo) {
  const Bout b = bout_of("hero:level=6,str=14,weapon=sword,armor=leather", "necromancer");
  EXPECT_TRUE(lists(b.modelled, "summons a skeleton"));
  expect_exact_matches_sampled(b, 100000, 41);
}

// --- the spectral necromancer's wraiths -------------------------------------------------

// SpectralNecromancer.summonMinion after Necromancer.Hunting.act: wraiths
// appear on its turns 1, 3, 5, ... (from 0) and attack from two turns later
// (Wraith.SPAWN_DELAY); against a foe of evasion 0 without armor every one
// hits for NormalIntRange(3, 6) (Wraith.adjustStats(4), damageRoll), so the
// turn's damage is the sum of that many rolls. Seven cells around the foe
// when it stands next to the necromancer; the state stops at turn 15.
TEST(SpdSpectralNecromancer, AWraithJoinsEveryTwoTurns) {
  const Bout b = bout_of(kDummy, "spectral_necromancer");
  const std::vector<int> wraiths = {0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7};
  for (std::uint32_t turn = 0; turn < wraiths.size(); ++turn) {
    Pmf want = Pmf::point(0);
    for (int i = 0; i < wraiths[turn]; ++i) want = want + spd_normal(3, 6);
    const auto got = minion_damage(b, spectral(std::min(turn, 15u)), {1000, 0}, spectral(std::min(turn + 1, 15u)));
    ASSERT_EQ(got.size(), want.items().size()) << turn;
    for (const auto& [v, p] : want.items()) EXPECT_NEAR(got.at(v), p, 1e-12) << turn << " " << v;
  }
  // The wraith is the catalog's at level 4 whatever the depth.
  const AttackSummary one = attack_of("wraith:depth=4", kDummy);
  const auto got = minion_damage(b, spectral(3), {1000, 0}, spectral(4));
  for (const auto& [v, p] : one.damage.items()) EXPECT_NEAR(got.at(v), p, 1e-12) << v;
}

// Two wraiths (turn 5) against evasion 7: each hits with 1 - 7 / (2 x 14) =
// 3/4 (Char.hit), so no damage with 1/16 and 12 with (3/4 x P(6))^2.
TEST(SpdSpectralNecromancer, TwoWraithsByHand) {
  const Bout b = bout_of("hp=100,evasion=7,accuracy=10,damage=1-1,armor=0", "spectral_necromancer");
  const auto got = minion_damage(b, spectral(5), {100, 0}, spectral(6));
  const double six = spd_normal(3, 6)[6];
  EXPECT_NEAR(got.at(0), 1.0 / 16, 1e-6);
  EXPECT_NEAR(got.at(12), 0.75 * six * 0.75 * six, 1e-6);
  EXPECT_EQ(got.count(13), 0u);
}

// A foe out of reach (`ranged`) leaves all eight cells around it to the
// wraiths: eight attack from turn 17.
TEST(SpdSpectralNecromancer, EightCellsForADistantFoe) {
  const Bout b = bout_of(kDummy, "spectral_necromancer", {"ranged"});
  Pmf eight = Pmf::point(0);
  for (int i = 0; i < 8; ++i) eight = eight + spd_normal(3, 6);
  const auto got = minion_damage(b, spectral(17), {1000, 0}, spectral(17));
  EXPECT_NEAR(got.at(48), eight[48], 1e-15);
  EXPECT_EQ(minion_damage(b, spectral(15), {1000, 0}, spectral(16)).count(48), 0u);
}

// SpectralNecromancer.die kills its wraiths, which leave nothing: a blow that
// kills it changes nothing on its foe's side.
TEST(SpdSpectralNecromancer, ItsWraithsDieWithIt) {
  const Bout b = bout_of("hp=9,evasion=3,accuracy=1000,damage=50-50,armor=0", "spectral_necromancer:hp=1");
  for (const Transition& t : b.a_hits_b->outcomes({9, 0}, {1, id_of(b, false, spectral(15))})) EXPECT_EQ(t.heal, 0);
}

// Each wraith is its own attack, one after another. A gnoll brute of 5 HP
// (fight HP 5 + the 24-point shield) enrages at the hit that takes its HP to
// 0, the rest of that hit lost (Brute.isAlive): the fight damage is then
// 29 - (24 - 4) = 9, the first turn's decay included, and the next wraith
// hits the shield. Summing the two hits first would lose the second.
TEST(SpdSpectralNecromancer, WraithsHitABruteOneAfterAnother) {
  const Bout b = bout_of("gnoll_brute:hp=5", "spectral_necromancer");
  const Pmf one = attack_of("wraith:depth=4", "gnoll_brute").damage;
  ByState want;
  for (const auto& [x, p] : one.items())
    for (const auto& [y, q] : one.items()) {
      std::int64_t dealt = 0;
      std::int8_t state = 0;
      for (const std::int64_t h : {x, y}) {
        if (state != 0) {
          dealt += h;
        } else if (dealt + h < 5) {
          dealt += h;
        } else {
          dealt = 9;
          state = 2;
        }
      }
      want[{dealt, State{.brute = state}}] += p * q;
    }
  const std::uint32_t five = id_of(b, false, spectral(5));
  auto brute = [&](std::int8_t state) { return id_of(b, true, {.brute = state}); };
  expect_same(want, by_damage_and_state(b, true, b.b_hits_a->outcomes({40, five}, {29, 0})));
  // Raging, with no wraith yet: only the turn's decay of 4.
  expect_same({{{4, State{.brute = 2}}, 1.0}},
              by_damage_and_state(b, true, b.b_hits_a->outcomes({40, 0}, {20, brute(2)})));
  // After its skipped turn, none: that turn's decay came with the rage.
  expect_same({{{0, State{.brute = 1}}, 1.0}},
              by_damage_and_state(b, true, b.b_hits_a->outcomes({40, 0}, {20, brute(3)})));
}

// A swarm of 5 HP (no armor, evasion 5: a wraith hits with p = 1 - 5/28)
// splits at each wraith's hit (Swarm.defenseProc: HP >= damage + 2): a 3
// leaves flies of 1 and 1 (3 lost), a 4 one fly of 1 (4 lost), a 5 or 6
// kills it; the second wraith then hits a fly of 1. Summing the two rolls
// before the split would kill the swarm whenever both hit.
TEST(SpdSpectralNecromancer, WraithsSplitASwarmOneAfterAnother) {
  const Bout b = bout_of("swarm:hp=5", "spectral_necromancer");
  const auto got = by_damage(b.b_hits_a->outcomes({40, id_of(b, false, spectral(5))}, {5, 0}));
  const Pmf roll = spd_normal(3, 6);
  const double p = 1 - 5.0 / 28, q3 = roll[3], q4 = roll[4], r = roll.at_least(5);
  EXPECT_NEAR(got.at(0), (1 - p) * (1 - p), 1e-6);
  EXPECT_NEAR(got.at(3), 2 * p * q3 * (1 - p), 1e-6);
  EXPECT_NEAR(got.at(4), p * q3 * p + 2 * p * q4 * (1 - p), 1e-6);
  EXPECT_NEAR(got.at(5), p * q4 * p + p * r + (1 - p) * p * r, 1e-6);
  EXPECT_EQ(got.size(), 4u);
}

TEST(SpdSpectralNecromancer, ExactDuelAgreesWithMonteCarlo) {
  const Bout b = bout_of("hero:level=6,str=14,weapon=sword,armor=leather", "spectral_necromancer");
  EXPECT_TRUE(lists(b.modelled, "level-4 wraith"));
  EXPECT_TRUE(b.not_modelled.empty());
  expect_exact_matches_sampled(b, 100000, 43);
  // Against a gnoll brute, whose rage follows each wraith's hit.
  expect_exact_matches_sampled(bout_of("gnoll_brute", "spectral_necromancer"), 100000, 44);
  // Against a swarm of flies, which each wraith's hit splits.
  expect_exact_matches_sampled(bout_of("swarm:hp=16", "spectral_necromancer"), 100000, 45);
}

// The classes of HP each turn names (SpdTurn::hp_classes) hold: the duel
// with the answers reused across each class, each class checked at every
// cell, is the duel of the turns asked at every cell. The hero's
// regeneration, the gnoll brute's rage, Goo's half HP (attacking and
// attacked) and its water, the bat's drain.
TEST(SpdHpClasses, ExactDuelsReadTheClassesTheyName) {
  for (const auto& [a, b] : std::vector<std::pair<std::string, std::string>>{
           {"hero:level=5", "gnoll_brute"},
           {"hp=40,accuracy=20,evasion=10,damage=3-9,armor=3", "goo:hp=55"},
           {"hp=40,accuracy=20,evasion=10,damage=3-9,armor=3", "goo:hp=55,on_water"},
           {"hero:level=4", "vampire_bat:hp=20"},
           {"hero:level=3", "monk"}}) {
    SCOPED_TRACE(a + " against " + b);
    (void)test::expect_classes_hold(bout_of(a, b));
  }
}

}  // namespace fray
