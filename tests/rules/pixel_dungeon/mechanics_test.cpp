// Pixel Dungeon's fight mechanics: the Gladiator's Combo carried as kernel
// state, the vampire bat's life drain in sampled fights, and the lists of
// what a fight leaves out.
#include <fray/fight/solve.hpp>
#include <fray/rules/pixel_dungeon/ruleset.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>

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

// Damage → probability of an exchange's outcomes from one condition, and the
// attacker state every outcome of that kind leaves.
struct Answer {
  std::map<std::int64_t, double> hits;
  double p_miss = 0;
  std::uint32_t after_hit = 0xffffffff, after_miss = 0xffffffff;
};
Answer ask(const Exchange& k, std::uint32_t state) {
  Answer out;
  for (const Transition& t : k.outcomes({30, state}, {1000, 0})) {
    if (t.hit == 1) {
      out.hits[t.damage] += t.p;
      out.after_hit = t.attacker_state;
    } else {
      out.p_miss += t.p;
      out.after_miss = t.attacker_state;
    }
  }
  return out;
}

// Combo.hit, worked by hand for a short sword (DLY 1): counts 1 and 2 last
// 1.1 turns, so the next attack (1 turn later) keeps them; count 3 lasts
// 1.41 - 0.3 = 1.11, count 4 lasts 1.01, count 5 only 0.91 — gone before the
// next attack, which starts again at 1. The state is the count before the
// attack; from 3 a hit adds trunc(damage (count - 2) / 5).
TEST(PdCombo, CountsAndBonusesOfAShortSword) {
  const Bout b = bout_of("hero:subclass=gladiator", kDummy);
  const Exchange& k = *b.a_hits_b;
  EXPECT_TRUE(k.exact()) << k.why_not_exact();
  const Answer s0 = ask(k, 0), s1 = ask(k, 1), s2 = ask(k, 2), s3 = ask(k, 3), s4 = ask(k, 4), s5 = ask(k, 5);
  EXPECT_EQ(s0.p_miss, 0.0);
  EXPECT_EQ(s0.after_hit, 1u);
  EXPECT_EQ(s1.after_hit, 2u);
  EXPECT_EQ(s2.after_hit, 3u);
  EXPECT_EQ(s3.after_hit, 4u);
  EXPECT_EQ(s4.after_hit, 5u);
  EXPECT_EQ(s5.after_hit, 1u);  // count 5 ended at 0.91 turns: this hit is count 1
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
  const Exchange& k = *b.a_hits_b;
  const Answer s1 = ask(k, 1);
  ASSERT_GT(s1.p_miss, 0.0);
  EXPECT_EQ(s1.after_miss, 1u | 1u << 8);  // count 1, one miss since
  EXPECT_EQ(s1.after_hit, 2u);
  const Answer s1m = ask(k, 1u | 1u << 8);
  EXPECT_EQ(s1m.after_hit, 2u);   // the count survived the miss
  EXPECT_EQ(s1m.after_miss, 0u);  // a second miss: 1.5 turns, gone
  // With DLY 0.5 a count lasts to the next attack while 1.41 - c/10 > 0.5, to count 9: the count goes to 10.
  EXPECT_EQ(ask(k, 9).after_hit, 10u);
  EXPECT_EQ(ask(k, 10).after_hit, 1u);
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

// Bat.attackProc, worked by hand: a bat at 1 HP hits a target of 1 HP that
// cannot dodge (evasion 0) or soak (armor 0), so its first attack kills, for
// NormalIntRange(6, 12) damage: 6 + trunc((U1 + U2) / 2) for two floats
// uniform on [0, 7), whose sum S has P(S < s) = s²/98 up to 7: 6..12 with
// weights 4, 12, 20, 26, 20, 12, 4 of 98, symmetric about 9. It heals
// min(damage, 30 - 1) = the damage, so it ends at 7..13 HP with those
// weights, mean 1 + 9 = 10.
TEST(PdDrain, TheBatHealsByTheDamageItDeals) {
  const Bout b = bout_of("vampire_bat:hp=1", "hp=1,evasion=0,accuracy=0,damage=1-1,armor=0");
  EXPECT_FALSE(b.a_hits_b->exact());
  fight::FightOptions o;
  o.monte_carlo.sims = 100000;
  o.monte_carlo.seed = 5;
  o.monte_carlo.progress = false;
  const auto r = fight::solve_duel(b, o);
  EXPECT_EQ(r.method, "monte-carlo");
  EXPECT_EQ(r.p_a_wins, 1.0);
  ASSERT_TRUE(r.a_hp_if_wins.has_value());
  const double weights[] = {4, 12, 20, 26, 20, 12, 4};
  for (int i = 0; i < 7; ++i) EXPECT_NEAR((*r.a_hp_if_wins)[7 + i], weights[i] / 98, 0.005) << 7 + i;
  EXPECT_NEAR(r.a_hp_if_wins->mean(), 10.0, 0.02);
  // The kernel caps the heal at HT - HP: at 25 of 30 HP no hit heals more than 5.
  for (const Transition& t : b.a_hits_b->outcomes({25, 0}, {100, 0}))
    EXPECT_EQ(t.heal, std::min<std::int64_t>(t.damage, 5));
  // The note names the bat's side, and the drain is no longer listed as left out.
  const auto back = fight::solve_duel(bout_of("hero:level=3", "vampire_bat"), o);
  EXPECT_NE(back.note.find("vampire bat (b) attacking warrior level 3 (a)"), std::string::npos) << back.note;
  for (const std::string& n : back.not_modelled) EXPECT_EQ(n.find("life drain"), std::string::npos) << n;
}

// The swarm's splitting is not followed by either method: the duel stays
// exact and says so, naming the mechanic.
TEST(PdMechanics, TheSwarmsSplittingIsListed) {
  const auto r = fight::solve_duel(bout_of("hero:level=3", "swarm_of_flies"));
  EXPECT_EQ(r.method, "exact");
  ASSERT_FALSE(r.not_modelled.empty());
  EXPECT_TRUE(std::any_of(r.not_modelled.begin(), r.not_modelled.end(),
                          [](const std::string& n) { return n.find("splits when hit") != std::string::npos; }));
}

}  // namespace
}  // namespace fray
