// Shattered Pixel Dungeon's attack pipeline (Char.attack): the worked examples
// of the rules with their exact numbers, the draw order against the primitives
// drawn by hand, and exact_outcome against strike (chi-square at fixed seeds).
#include <gtest/gtest.h>

#include <fray/core/error.hpp>
#include <fray/rules/shattered_pd/attack.hpp>
#include <map>
#include <vector>

#include "support/support.hpp"

namespace spd = fray::shattered_pd;

namespace {

spd::Combatant hero(spd::HeroClass c, int level, int str) {
  spd::Combatant x;
  x.name = "hero";
  x.hero = spd::starting_hero(c);
  x.hero->level = level;
  x.hero->str = str;
  return x;
}

spd::Combatant mob(std::string_view key) {
  spd::Combatant x;
  x.mob = spd::lookup_mob(key);
  x.name = x.mob.key;
  return x;
}

spd::Weapon weapon(std::string_view key, int level = 0, spd::WeaponAugment aug = spd::WeaponAugment::none) {
  return spd::weapon_at(spd::lookup_weapon(key), level, aug);
}

struct Example {
  spd::AttackPlan plan;
  spd::Outcome out;
};

Example example(const spd::Combatant& a, const spd::Combatant& d, const spd::Situation& s = {}) {
  Example e{spd::plan_attack(a, d, s), {}};
  e.out = spd::exact_outcome(e.plan);
  return e;
}

// Accuracy and evasion the plan rolls with, and the chance.
void expect_hit(const Example& e, std::int64_t acc, std::int64_t eva, double p) {
  EXPECT_EQ(e.plan.hit.accuracy, acc);
  EXPECT_EQ(e.plan.hit.evasion, eva);
  EXPECT_NEAR(e.out.p_hit, p, 1e-9);
}
void expect_damage(const Example& e, std::int64_t lo, std::int64_t hi, double mean, double per_attack, double tol) {
  EXPECT_EQ(e.out.damage_on_hit.min(), lo);
  EXPECT_EQ(e.out.damage_on_hit.max(), hi);
  EXPECT_NEAR(e.out.damage_on_hit.mean(), mean, tol);
  EXPECT_NEAR(e.out.damage.mean(), per_attack, tol);
}

}  // namespace

TEST(SpdAttack, WarriorAndRat) {
  // #1 Warrior L1, worn shortsword vs rat (DR 0–1).
  const auto e1 = example(hero(spd::HeroClass::warrior, 1, 10), mob("rat"));
  expect_hit(e1, 10, 2, 0.9);
  expect_damage(e1, 0, 10, 5, 4.5, 1e-6);
  // #2 rat (1–4) vs the Warrior in cloth (DR 0–2).
  const auto e2 = example(mob("rat"), hero(spd::HeroClass::warrior, 1, 10));
  expect_hit(e2, 8, 5, 11.0 / 16);
  expect_damage(e2, 0, 4, 55.0 / 36, 11.0 / 16 * 55.0 / 36, 1e-6);
}

TEST(SpdAttack, RogueSurpriseWithADagger) {
  // #3 Rogue L3 dagger, surprise on a sleeping gnoll: evasion 0, roll 6–8.
  auto rogue = hero(spd::HeroClass::rogue, 3, 10);
  const auto e = example(rogue, mob("gnoll"), {.surprised = true});
  expect_hit(e, 12, 0, 1);
  EXPECT_EQ(e.plan.roll.a, 6);
  expect_damage(e, 4, 8, 6, 6, 1e-6);
  // A flail cannot surprise: the gnoll keeps its evasion.
  rogue.hero->weapon = weapon("flail");
  rogue.hero->str = 16;
  EXPECT_EQ(spd::plan_attack(rogue, mob("gnoll"), {.surprised = true}).hit.evasion, 4);
}

TEST(SpdAttack, HuntressSpiritBow) {
  // #4 Huntress L5, spirit bow 2–8 (STR 9: + NormalIntRange(0, 1)) at range 3 vs crab (DR 0–4).
  auto h = hero(spd::HeroClass::huntress, 5, 10);
  h.hero->missile = spd::spirit_bow(5);
  const auto e4 = example(h, mob("crab"), {.how = spd::HeroAttack::thrown, .adjacent = false});
  expect_hit(e4, 21, 5, 37.0 / 42);
  expect_damage(e4, 0, 9, 3.51469, 3.09628, 5e-6);
  // #5 the same shot from the next cell.
  const auto e5 = example(h, mob("crab"), {.how = spd::HeroAttack::thrown, .adjacent = true});
  expect_hit(e5, 7, 5, 9.0 / 14);
  expect_damage(e5, 0, 9, 3.51469, 2.25945, 5e-6);
}

TEST(SpdAttack, UpgradedAndHeavyWeapons) {
  // #6 Warrior L10, STR 13, sword +2 (5–28, STR 13) vs skeleton (DR 0–5).
  auto w = hero(spd::HeroClass::warrior, 10, 13);
  w.hero->weapon = weapon("sword", 2);
  const auto e6 = example(w, mob("skeleton"));
  expect_hit(e6, 19, 9, 29.0 / 38);
  expect_damage(e6, 0, 28, 14, 29.0 / 38 * 14, 1e-5);
  // #7 Mage L6, STR 11, longsword (STR 16) vs thief: round(15 · 0.13168724) = 2.
  auto m = hero(spd::HeroClass::mage, 6, 11);
  m.hero->weapon = weapon("longsword");
  const auto e7 = example(m, mob("thief"));
  expect_hit(e7, 2, 12, 1.0 / 12);
  expect_damage(e7, 1, 25, 13, 13.0 / 12, 1e-5);
}

TEST(SpdAttack, BruteAgainstPlateTooHeavy) {
  // #8 brute (20, 5–25) vs Warrior L8, STR 12, plate (STR 18): evasion round(12/1.5^6) = 1,
  // armour NormalIntRange(0, 10) − 12, floored at 0.
  auto w = hero(spd::HeroClass::warrior, 8, 12);
  w.hero->armor = spd::armor_at(spd::lookup_armor("plate"), 0);
  const auto e = example(mob("brute"), w);
  expect_hit(e, 20, 1, 39.0 / 40);
  expect_damage(e, 5, 25, 15, 14.625, 1e-6);
  EXPECT_EQ(e.out.armor, fray::Pmf::point(0));
}

TEST(SpdAttack, BerserkerAtFullRage) {
  // #9 Berserker L12, full rage, STR 14, war hammer +3 (8–42, STR 16) vs monk (DR 0–2).
  auto b = hero(spd::HeroClass::warrior, 12, 14);
  b.hero->subclass = spd::SubClass::berserker;
  b.hero->rage = 1;
  b.hero->weapon = weapon("war_hammer", 3);
  const auto e = example(b, mob("monk"));
  expect_hit(e, 11, 30, 11.0 / 60);
  expect_damage(e, 10, 63, 36.7502, 6.7375, 5e-5);
  // The ×1.5 comb: odd rolls give x.5, rounded up.
  EXPECT_EQ(e.plan.effective(9, 0), 14);
  EXPECT_EQ(e.plan.effective(10, 0), 15);
}

TEST(SpdAttack, SniperIgnoresArmorAtRange) {
  // #10 Sniper L15, STR 15, javelin (8–20) at range vs golem: armour ignored.
  auto s = hero(spd::HeroClass::huntress, 15, 15);
  s.hero->subclass = spd::SubClass::sniper;
  s.hero->missile = weapon("javelin");
  const auto e = example(s, mob("golem"), {.how = spd::HeroAttack::thrown, .adjacent = false});
  expect_hit(e, 36, 15, 19.0 / 24);
  expect_damage(e, 8, 20, 14, 19.0 / 24 * 14, 1e-5);
  // From the next cell the golem's armour counts.
  const auto near = example(s, mob("golem"), {.how = spd::HeroAttack::thrown, .adjacent = true});
  EXPECT_EQ(near.out.armor.max(), 12);
}

TEST(SpdAttack, WarlockBoltIgnoresArmor) {
  // #11 warlock bolt (magic) vs hero L12, STR 13, mail +1, ring of evasion +1 (n = 2).
  auto h = hero(spd::HeroClass::warrior, 12, 13);
  h.hero->armor = spd::armor_at(spd::lookup_armor("mail"), 1);
  h.hero->ring_evasion = 2;
  const auto e = example(mob("warlock"), h, {.magic = true});
  expect_hit(e, 25, 20, 0.8);
  expect_damage(e, 12, 18, 15, 12, 1e-6);
  EXPECT_THROW((void)spd::plan_attack(mob("rat"), h, {.magic = true}), fray::Error);
}

TEST(SpdAttack, BlessedChampionAgainstHexedDuelist) {
  // #12 Blessed-champion gnoll (roll ×4) vs Hexed Duelist L2 (cloth, rapier block 0–1).
  auto g = mob("gnoll");
  g.champion = spd::Champion::blessed;
  auto d = hero(spd::HeroClass::duelist, 2, 10);
  d.buffs.hex = true;
  const auto e = example(g, d);
  expect_hit(e, 10, 6, 0.939999999);
  expect_damage(e, 0, 6, 665.0 / 324, 1.9293, 5e-5);
}

TEST(SpdAttack, WeaknessAugmentAndVulnerable) {
  // #13 Weakened Warrior L4, worn shortsword + damage augment, vs Vulnerable gnoll:
  // round(d·1.5f) → round(·0.67f) → − armour → (int)(·1.33f).
  auto w = hero(spd::HeroClass::warrior, 4, 10);
  w.hero->weapon = weapon("worn_shortsword", 0, spd::WeaponAugment::damage);
  w.weakened = true;
  auto g = mob("gnoll");
  g.vulnerable = true;
  const auto e = example(w, g);
  expect_hit(e, 13, 4, 11.0 / 13);
  expect_damage(e, 0, 13, 1208.0 / 225, 11.0 / 13 * 1208.0 / 225, 1e-5);
  for (std::int64_t v : {4, 8, 12}) EXPECT_EQ(e.out.damage_on_hit[v], 0.0) << v;
  EXPECT_EQ(e.plan.effective(e.plan.base_damage(e.plan.rolled(10), 0), 0), 13);
}

TEST(SpdAttack, DrawOrderFollowsTheGame) {
  // Rogue L3 with STR 12 (excess 2) and a dagger against a gnoll exile: hit
  // (2 Floats), armour (Barkskin, the gnoll's NormalIntRange(0, 2), the exile's
  // NormalIntRange(0, 1)), then Float + NormalIntRange(1, 8), Float + NormalIntRange(0, 2).
  const auto p = spd::plan_attack(hero(spd::HeroClass::rogue, 3, 12), mob("gnoll_exile"), {});
  for (std::int64_t seed = 1; seed <= 200; ++seed) {
    auto rng = spd::pushed_generator(seed), hand = spd::pushed_generator(seed);
    std::vector<spd::DrawFor> order;
    const auto r = spd::strike(p, rng, [&](spd::DrawFor f, double) { order.push_back(f); });
    const float acu = spd::random_float(hand) * 12.0f, def = spd::random_float(hand) * 6.0f;
    ASSERT_EQ(r.hit.hit, acu >= def);
    if (!r.hit.hit) {
      EXPECT_EQ(order.size(), 2u);
      continue;
    }
    std::int64_t dr = spd::random_normal_int_range(hand, 0, 0);
    dr += spd::random_normal_int_range(hand, 0, 2);
    dr += spd::random_normal_int_range(hand, 0, 1);
    (void)spd::random_float(hand);
    const std::int64_t roll = spd::random_normal_int_range(hand, 1, 8);
    (void)spd::random_float(hand);
    const std::int64_t excess = spd::random_normal_int_range(hand, 0, 2);
    EXPECT_EQ(r.armor, dr);
    EXPECT_EQ(r.roll, roll);
    EXPECT_EQ(r.excess, excess);
    EXPECT_EQ(r.damage, std::max<std::int64_t>(roll + excess - dr, 0));
    EXPECT_EQ(spd::random_int(rng), spd::random_int(hand));  // nothing more was drawn
    const std::vector<spd::DrawFor> want = {
        spd::DrawFor::accuracy, spd::DrawFor::evasion, spd::DrawFor::armor,
        spd::DrawFor::armor,    spd::DrawFor::armor,   spd::DrawFor::clover,
        spd::DrawFor::damage,   spd::DrawFor::clover,  spd::DrawFor::excess_strength};
    EXPECT_EQ(order, want);
  }
}

TEST(SpdAttack, ExactAndSampledAgree) {
  auto berserker = hero(spd::HeroClass::warrior, 12, 14);
  berserker.hero->subclass = spd::SubClass::berserker;
  berserker.hero->rage = 0.6f;
  berserker.hero->weapon = weapon("war_hammer", 3);
  auto weak = hero(spd::HeroClass::warrior, 4, 10);
  weak.hero->weapon = weapon("worn_shortsword", 0, spd::WeaponAugment::damage);
  weak.weakened = true;
  auto vulnerable = mob("gnoll");
  vulnerable.vulnerable = true;
  auto huntress = hero(spd::HeroClass::huntress, 5, 10);
  auto giant = mob("skeleton");
  giant.champion = spd::Champion::giant;
  auto asc = mob("crab");
  const std::vector<spd::AttackPlan> plans = {
      spd::plan_attack(berserker, mob("monk"), {}),
      spd::plan_attack(weak, vulnerable, {}),
      spd::plan_attack(huntress, mob("crab"), {.how = spd::HeroAttack::thrown, .adjacent = false}),
      spd::plan_attack(mob("brute"), hero(spd::HeroClass::duelist, 6, 11), {}),
      spd::plan_attack(hero(spd::HeroClass::warrior, 9, 13), giant, {}),
      spd::plan_attack(asc, hero(spd::HeroClass::mage, 20, 14), {.ascension = true}),
      spd::plan_attack(mob("shaman"), hero(spd::HeroClass::cleric, 9, 12), {.magic = true}),
      spd::plan_attack(berserker, mob("slime"), {}),
  };
  std::uint64_t seed = 9001;
  for (const auto& p : plans) {
    const auto exact = spd::exact_outcome(p);
    fray::Rng rng(seed);
    auto java = spd::pushed_generator(static_cast<std::int64_t>(seed++));
    std::map<std::int64_t, std::uint64_t> counts, java_counts;
    for (int i = 0; i < 200000; ++i) {
      ++counts[spd::strike(p, rng).damage];
      ++java_counts[spd::strike(p, java).damage];
    }
    EXPECT_GT(fray::test::chi_square_p(exact.damage, counts), 1e-3) << "plan " << seed;
    EXPECT_GT(fray::test::chi_square_p(exact.damage, java_counts), 1e-3) << "plan " << seed;
  }
}

TEST(SpdAttack, AscensionAndChampions) {
  // Ascending: a crab's rolls ×8 and its damage ×8, rounded.
  const auto p = spd::plan_attack(mob("crab"), hero(spd::HeroClass::warrior, 1, 10), {.ascension = true});
  EXPECT_EQ(p.hit.attacker_factors, std::vector<float>{8.0f});
  EXPECT_EQ(p.factors, std::vector<float>{8.0f});
  // The hero hitting an ascending crab: its armour roll ×8 rounded, its evasion roll ×8.
  const auto q = spd::plan_attack(hero(spd::HeroClass::warrior, 1, 10), mob("crab"), {.ascension = true});
  EXPECT_EQ(q.armor_factor, 8.0f);
  EXPECT_EQ(q.hit.defender_factors, std::vector<float>{8.0f});
  // A Giant champion takes ceil(d · 0.2).
  auto giant = mob("rat");
  giant.champion = spd::Champion::giant;
  const auto g = spd::plan_attack(hero(spd::HeroClass::warrior, 1, 10), giant, {});
  EXPECT_EQ(g.effective(7, 0), 2);
  // An AntiMagic champion is immune to spells.
  auto anti = hero(spd::HeroClass::warrior, 1, 10);
  anti.champion = spd::Champion::antimagic;
  EXPECT_EQ(spd::exact_outcome(spd::plan_attack(mob("warlock"), anti, {.magic = true})).damage, fray::Pmf::point(0));
  // An invisible mob never misses, but infinite evasion still wins.
  EXPECT_EQ(spd::plan_attack(mob("rat"), hero(spd::HeroClass::warrior, 1, 10), {.invisible = true}).hit.sure,
            spd::HitPlan::Sure::hit);
}

// Slime.damage: from 5 up it takes k for a damage d in [T(k), T(k + 1)),
// T(k) = 4 + (k - 4)(k - 3) / 2 (5, 7, 10, 14, 19, 25, 32, ...: the game's
// comment lists the first six). DemonSpawner.damage the same from 20:
// T(k) = 19 + (k - 19)(k - 18) / 2 (20, 22, 25, 29, ...). Both before a
// champion's factor (Char.damage).
TEST(SpdAttack, SlimeAndSpawnerTakeLessFromBigHits) {
  auto taken_by_rule = [](std::int64_t d, std::int64_t base) {
    if (d < base + 1) return d;
    std::int64_t k = base + 1;
    while (base + (k + 1 - base) * (k + 2 - base) / 2 <= d) ++k;
    return k;
  };
  const auto w = hero(spd::HeroClass::warrior, 6, 13);
  for (const char* key : {"slime", "caustic_slime"}) {
    const auto p = spd::plan_attack(w, mob(key), {});
    EXPECT_EQ(p.compress, spd::AttackPlan::Compress::slime) << key;
    for (std::int64_t d = 0; d <= 200; ++d) EXPECT_EQ(p.taken(d), taken_by_rule(d, 4)) << key << " " << d;
  }
  EXPECT_EQ(spd::plan_attack(w, mob("slime"), {}).taken(25), 10);
  const auto sp = spd::plan_attack(w, mob("demon_spawner"), {});
  for (std::int64_t d = 0; d <= 300; ++d) EXPECT_EQ(sp.taken(d), taken_by_rule(d, 19)) << d;
  EXPECT_EQ(sp.taken(85), 30);
  EXPECT_EQ(spd::plan_attack(w, mob("rat"), {}).taken(85), 85);
  // The damage law of a sword (3-20) on a slime, which has no armour: the
  // law on an inline mob without armour, each value taken through the rule.
  auto sword = w;
  sword.hero->weapon = weapon("sword");
  const auto slime = spd::exact_outcome(spd::plan_attack(sword, mob("slime"), {})).damage_on_hit;
  const auto bare = spd::parse_combatant("hp=20,evasion=5,accuracy=12,damage=2-5,armor=0", "defender");
  const auto plain = spd::exact_outcome(spd::plan_attack(sword, bare, {})).damage_on_hit;
  std::map<std::int64_t, double> want;
  for (const auto& [d, q] : plain.items()) want[taken_by_rule(d, 4)] += q;
  EXPECT_EQ(slime.min(), 3);
  EXPECT_EQ(slime.max(), 9);
  for (const auto& [d, q] : want) EXPECT_NEAR(slime[d], q, 1e-12) << d;
  // Ascending, the slime's factor 8: 56 dealt is 7 over it, which takes 6: 48.
  const auto asc = spd::plan_attack(w, mob("slime"), {.ascension = true});
  EXPECT_EQ(asc.compress_factor, 8.0f);
  EXPECT_EQ(asc.taken(39), 39);
  EXPECT_EQ(asc.taken(40), 40);
  EXPECT_EQ(asc.taken(56), 48);
  // A Giant champion slime: 25 becomes 10, then ceil(10 x 0.2) = 2 (not ceil(25 x 0.2) = 5).
  auto giant = mob("slime");
  giant.champion = spd::Champion::giant;
  EXPECT_EQ(spd::plan_attack(w, giant, {}).effective(25, 0), 2);
}

TEST(SpdAttack, RefusedSituations) {
  const auto w = hero(spd::HeroClass::warrior, 1, 10);
  EXPECT_THROW((void)spd::plan_attack(mob("rat"), w, {.how = spd::HeroAttack::thrown}), fray::Error);
  EXPECT_THROW((void)spd::plan_attack(w, mob("rat"), {.magic = true}), fray::Error);
  EXPECT_THROW((void)spd::plan_attack(mob("necromancer"), w, {}), fray::Error);
  EXPECT_THROW((void)spd::plan_attack(mob("rat"), w, {.surprised = true}), fray::Error);
  auto mage = hero(spd::HeroClass::mage, 1, 10);
  EXPECT_THROW((void)spd::plan_attack(mage, mob("rat"), {.how = spd::HeroAttack::thrown}), fray::Error);
}
