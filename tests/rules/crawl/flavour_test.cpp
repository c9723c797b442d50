// Monster attack flavours in a fight, both DCSS versions alike: fire, cold
// and AF_VAMPIRIC on the player and on a monster (melee-attack.cc
// mons_apply_attack_flavour, mon-util.cc flavour_damage, fight.cc
// resist_adjust_damage, the catalogs' resistances). The shared fight
// kernel's exact round against hand-worked laws built from each attack's own
// odds (Ruleset::attack, each version's exact_outcome), and the sampled round
// against them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fray/fight/solve.hpp>
#include <fray/rules/crawl/catalog.hpp>
#include <fray/rules/crawl_0_34/catalog.hpp>
#include <fray/rules/ruleset.hpp>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/crawl/duel_checks.hpp"
#include "support/support.hpp"

namespace fray::crawl {
namespace {

using crawl_test::has_line;
using crawl_test::kBoth;

// A one-attack monster's elemental flavour on a defender, in the round of
// `rules` (exact and sampled): a damaging hit of v adds
// adjust(e) for e = lo..hi alike (resist_adjust_damage by hand); a miss or a
// hit of 0 adds nothing. The hit's odds are the attack's own (Ruleset::attack).
void expect_element_on(const char* rules, const char* attacker, const char* defender, std::int64_t lo, std::int64_t hi,
                       const std::function<std::int64_t(std::int64_t)>& adjust) {
  const Ruleset& rs = fray::ruleset(rules);
  const Bout b = rs.bout({attacker, defender, {}, {}});
  ASSERT_TRUE(b.a_hits_b->exact()) << b.a_hits_b->why_not_exact();
  const AttackSummary hit = rs.attack({attacker, defender, {}, {}});
  std::map<std::int64_t, double> expected{{0, 1 - hit.p_hit}};
  for (const auto& [v, pv] : hit.damage_on_hit.items()) {
    if (v == 0) {
      expected[0] += hit.p_hit * pv;
      continue;
    }
    for (std::int64_t e = lo; e <= hi; ++e)
      expected[v + adjust(e)] += hit.p_hit * pv / static_cast<double>(hi - lo + 1);
  }
  std::map<std::int64_t, double> got;
  const std::int64_t d_hp = b.b.hp;
  for (const Transition& t : b.a_hits_b->outcomes({b.a.hp, 0}, {d_hp, 0})) got[t.damage] += t.p;
  ASSERT_EQ(got.size(), expected.size()) << rules << " " << attacker << " vs " << defender;
  for (const auto& [d, p] : expected) EXPECT_NEAR(got[d], p, 1e-12) << rules << " " << defender << " " << d;
  Rng rng(29);
  std::map<std::int64_t, std::uint64_t> counts;
  for (int i = 0; i < 40000; ++i) ++counts[b.a_hits_b->sample({b.a.hp, 0}, {d_hp, 0}, rng).damage];
  const std::vector<std::pair<std::int64_t, double>> pairs(expected.begin(), expected.end());
  EXPECT_GT(test::chi_square_p(Pmf::from_pairs(pairs), counts), 1e-3) << rules << " " << defender;
}

// The vampire knight (HD 11: regenerates 1 HP on 11/25 of its turns below its
// maximum, natural_regen_rate 11 from the divider div_rand_round(15 - 11, 4)
// = 1) against a defender, `short` HP below its maximum: its round heals
// min(r + drain, short), r its regeneration, drain 1 + random2(v) of each
// damaging bite (its second attack, v the bite's damage) when the defender
// is natural, else nothing. Exact by hand from the bite's odds; the sampled
// mean within 0.03.
void expect_knight_drains(const char* rules, const char* defender, bool drains, std::int64_t short_hp) {
  const Ruleset& rs = fray::ruleset(rules);
  const Bout b = rs.bout({"vampire_knight", defender, {}, {}});
  ASSERT_TRUE(b.a_hits_b->exact()) << b.a_hits_b->why_not_exact();
  EXPECT_TRUE(b.a_hits_b->reads().attacker_hp);
  for (const Transition& t : b.a_hits_b->outcomes({b.a.hp, 0}, {b.b.hp, 0})) EXPECT_EQ(t.heal, 0) << rules;
  const AttackSummary bite = rs.attack({"vampire_knight:attack=2", defender, {}, {}});
  const double regen = 11.0 / 25.0;
  auto capped = [short_hp](std::int64_t h) { return static_cast<double>(std::min(h, short_hp)); };
  double expected = 0, p_damaging = 0;
  if (drains)
    for (const auto& [v, pv] : bite.damage_on_hit.items()) {
      if (v <= 0) continue;
      p_damaging += bite.p_hit * pv;
      double mean = 0;
      for (std::int64_t h = 1; h <= v; ++h)
        mean += ((1 - regen) * capped(h) + regen * capped(h + 1)) / static_cast<double>(v);
      expected += bite.p_hit * pv * mean;
    }
  expected += (1 - p_damaging) * regen * capped(1);
  const std::int64_t hp = b.a.hp - short_hp, d_hp = b.b.hp;
  double heal = 0;
  for (const Transition& t : b.a_hits_b->outcomes({hp, 0}, {d_hp, 0})) {
    heal += t.p * static_cast<double>(t.heal);
    EXPECT_LE(t.heal, short_hp) << rules;
  }
  EXPECT_NEAR(heal, expected, 1e-12) << rules << " " << defender;
  Rng rng(31);
  double sum = 0;
  const int n = 40000;
  for (int i = 0; i < n; ++i) sum += static_cast<double>(b.a_hits_b->sample({hp, 0}, {d_hp, 0}, rng).heal);
  EXPECT_NEAR(sum / n, expected, 0.03) << rules << " " << defender;
}

// A player both versions read alike: 60 HP, a long sword at skill 4.
constexpr const char* kPlayer60 = "player:hp=60,fighting=5,weapon_skill=4,weapon=long_sword";

// On the player (no resistances): the ice beast's damaging hit adds
// HD + random2(2·HD) = 5..14 cold, the balrug's 14 + random2(14) fire, each
// value alike (flavour_damage).
TEST(CrawlFlavours, ElementOnThePlayer) {
  EXPECT_EQ(element_range("AF_COLD", 5).lo, 5);
  EXPECT_EQ(element_range("AF_COLD", 5).hi, 14);
  EXPECT_EQ(element_range("AF_FIRE", 14).lo, 14);
  EXPECT_EQ(element_range("AF_FIRE", 14).hi, 27);
  EXPECT_FALSE(element_range("AF_PLAIN", 5).adds());
  for (const char* rules : kBoth) {
    expect_element_on(rules, "ice_beast", kPlayer60, 5, 14, [](i64 e) { return e; });
    const Bout b = fray::ruleset(rules).bout({"ice_beast", kPlayer60, {}, {}});
    EXPECT_TRUE(has_line(b.modelled, "AF_COLD")) << rules;
    EXPECT_FALSE(has_line(b.not_modelled, "AF_COLD")) << rules;
  }
}

// AF_VAMPIRIC on the player: each damaging bite heals 1 + random2(damage),
// up to the HP the knight started with.
TEST(CrawlFlavours, BiteOnThePlayer) {
  for (const char* rules : kBoth) {
    expect_knight_drains(rules, kPlayer60, true, 3);
    EXPECT_TRUE(has_line(fray::ruleset(rules).bout({"vampire_knight", kPlayer60, {}, {}}).modelled, "AF_VAMPIRIC"))
        << rules;
  }
}

// The catalogs' resistances, read from mon-data.h (0.19) and dat/mons (0.34).
TEST(CrawlFlavours, CatalogResistances) {
  for (const auto* r : {&lookup_monster("ice_beast").resists, &crawl_0_34::lookup_monster("ice_beast").resists}) {
    EXPECT_EQ(r->fire, -1);
    EXPECT_EQ(r->cold, 3);
    EXPECT_TRUE(r->natural);
  }
  for (const auto* r : {&lookup_monster("balrug").resists, &crawl_0_34::lookup_monster("balrug").resists}) {
    EXPECT_EQ(r->fire, 3);
    EXPECT_EQ(r->cold, -1);
    EXPECT_FALSE(r->natural);
  }
  EXPECT_FALSE(lookup_monster("skeletal_warrior").resists.natural);
  EXPECT_TRUE(crawl_0_34::lookup_monster("orc_warrior").resists.natural);
  EXPECT_EQ(lookup_monster("fire_giant").resists.fire, 2);
  EXPECT_EQ(crawl_0_34::lookup_monster("hell_knight").resists.fire, 3);
  // resist_adjust_damage for a monster: 1/2, 1/5, nothing, x15/10.
  EXPECT_EQ(monster_resist_adjust(27, 0), 27);
  EXPECT_EQ(monster_resist_adjust(27, 1), 13);
  EXPECT_EQ(monster_resist_adjust(27, 2), 5);
  EXPECT_EQ(monster_resist_adjust(27, 3), 0);
  EXPECT_EQ(monster_resist_adjust(27, -1), 40);
}

// AF_FIRE and AF_COLD on a monster: the balrug's 14 + random2(14) fire
// against rF- (ice beast) x15/10, rF++ (fire giant) /5, rF+++ (hell knight)
// nothing; the ice beast's 5 + random2(10) cold against rC+ (polar bear) /2
// and no resistance (orc warrior) whole. Poison on a monster is followed
// (monster_poison_test.cpp).
TEST(CrawlFlavours, ElementOnAMonster) {
  for (const char* rules : kBoth) {
    expect_element_on(rules, "balrug", "ice_beast", 14, 27, [](i64 e) { return e * 15 / 10; });
    expect_element_on(rules, "balrug", "fire_giant", 14, 27, [](i64 e) { return e / 5; });
    expect_element_on(rules, "balrug", "hell_knight", 14, 27, [](i64) { return i64{0}; });
    expect_element_on(rules, "ice_beast", "polar_bear", 5, 14, [](i64 e) { return e / 2; });
    expect_element_on(rules, "ice_beast", "orc_warrior", 5, 14, [](i64 e) { return e; });
    const Ruleset& rs = fray::ruleset(rules);
    const Bout b = rs.bout({"balrug", "ice_beast", {}, {}});
    EXPECT_TRUE(has_line(b.modelled, "balrug: AT_HIT attack adds HD + random2(HD) fire damage")) << rules;
    EXPECT_FALSE(has_line(b.not_modelled, "AF_FIRE")) << rules;
    EXPECT_TRUE(has_line(rs.bout({"adder", "orc_warrior", {}, {}}).modelled, "AF_POISON")) << rules;
    EXPECT_FALSE(has_line(rs.bout({"adder", "orc_warrior", {}, {}}).not_modelled, "AF_POISON")) << rules;
  }
}

// AF_VAMPIRIC on a monster: the knight drains a natural orc warrior (rN 0:
// the drain whole) and never an undead skeletal warrior (its regeneration
// alone heals it).
TEST(CrawlFlavours, BiteOnAMonster) {
  for (const char* rules : kBoth) {
    expect_knight_drains(rules, "orc_warrior", true, 3);
    expect_knight_drains(rules, "orc_warrior", true, 20);
    expect_knight_drains(rules, "skeletal_warrior", false, 3);
    const Bout m = fray::ruleset(rules).bout({"vampire_knight", "skeletal_warrior", {}, {}});
    EXPECT_TRUE(has_line(m.modelled, "AF_VAMPIRIC")) << rules;
    EXPECT_FALSE(has_line(m.not_modelled, "AF_VAMPIRIC")) << rules;
  }
}

}  // namespace
}  // namespace fray::crawl
