// fray/rules/brogue/attack.hpp: every golden row of hit_probability.csv,
// weakness_adjustments.csv, player_weapon_damage.csv and
// player_armor_defense.csv, the auto-hit cases and their draws, damage
// multipliers, immunity, acid, and exact outcome against sampled strikes.
#include <gtest/gtest.h>

#include <cmath>
#include <fray/rules/brogue/attack.hpp>
#include <fray/rules/brogue/rng.hpp>
#include <fray/rules/spec.hpp>
#include <span>
#include <string>
#include <vector>

#include "support/support.hpp"

using namespace fray::brogue;

namespace {
Combatant spec(const std::string& s) { return parse_combatant(s, "attacker"); }
std::int64_t quarters(const std::string& s) { return std::llround(std::stod(s) * 4); }
// A golden CSV's data rows: all but the header.
std::span<const std::vector<std::string>> after_header(const std::vector<std::vector<std::string>>& rows) {
  return std::span(rows).subspan(1);
}
}  // namespace

TEST(BrogueGolden, HitProbabilityEveryRow) {
  const auto rows = fray::test::read_csv("golden/brogue/hit_probability.csv");
  ASSERT_EQ(rows.size(), 6835u);
  std::size_t player_rows = 0, monster_rows = 0;
  for (const auto& r : after_header(rows)) {
    const Combatant m = spec(fray::catalog_key(r[2]));
    ASSERT_EQ(m.monster.accuracy, std::stoll(r[3]));
    ASSERT_EQ(m.monster.defense, std::stoll(r[4]));
    const int want = std::stoi(r[8]);
    if (r[0] == "player_attacks") {
      const Combatant p = spec("player:net_enchant=" + r[5]);
      ASSERT_EQ(plan_attack(p, m, {}).hit_percent, want) << r[2] << " " << r[5];
      ++player_rows;
    } else {
      const Combatant p = spec("player:defense=" + r[6]);
      ASSERT_EQ(plan_attack(m, p, {}).hit_percent, want) << r[2] << " " << r[6];
      ASSERT_EQ(defense_index(std::stoll(r[6])) - 80, quarters(r[7]));
      ++monster_rows;
    }
  }
  EXPECT_GT(player_rows, 0u);
  EXPECT_GT(monster_rows, 0u);
}

TEST(BrogueGolden, WeaknessAdjustmentsEveryRow) {
  const auto rows = fray::test::read_csv("golden/brogue/weakness_adjustments.csv");
  ASSERT_EQ(rows.size(), 188u);
  const Combatant player = spec("player");
  const Combatant player_net0 = spec("player:net_enchant=0");
  for (const auto& r : after_header(rows)) {
    const Combatant m = spec(fray::catalog_key(r[1]) + ":weakness=" + r[2]);
    EXPECT_EQ(attack_accuracy(m), std::stoll(r[3])) << r[1] << " w" << r[2];
    EXPECT_EQ(defense_value(m), std::stoll(r[4])) << r[1] << " w" << r[2];
    EXPECT_EQ(weakness_damage_factor(m.weakness), std::stoll(r[5]));
    EXPECT_EQ(plan_attack(m, player, {}).hit_percent, std::stoi(r[6])) << r[1] << " w" << r[2];
    EXPECT_EQ(plan_attack(player_net0, m, {}).hit_percent, std::stoi(r[7])) << r[1] << " w" << r[2];
  }
}

TEST(BrogueGolden, PlayerWeaponDamageEveryRow) {
  const auto rows = fray::test::read_csv("golden/brogue/player_weapon_damage.csv");
  ASSERT_EQ(rows.size(), 281u);
  for (const auto& r : after_header(rows)) {
    const Combatant p = spec("player:weapon=" + fray::catalog_key(r[0]) + ",enchant=" + r[1] + ",strength=" + r[2]);
    EXPECT_EQ(weapon_net_quarters(p), quarters(r[3])) << r[0] << " " << r[1] << " " << r[2];
    const AttackPlan plan = plan_attack(p, spec("rat"), {});
    EXPECT_EQ(plan.roll, (Clump{std::stoll(r[4]), std::stoll(r[5]), std::stoll(r[6])})) << r[0] << " " << r[1];
    EXPECT_EQ(attack_accuracy(p), std::stoll(r[7]));
  }
}

TEST(BrogueGolden, PlayerArmorDefenseEveryRow) {
  const auto rows = fray::test::read_csv("golden/brogue/player_armor_defense.csv");
  ASSERT_EQ(rows.size(), 57u);
  for (const auto& r : after_header(rows)) {
    const Combatant p =
        spec("player:armor=" + fray::catalog_key(r[0]) + ",armor_enchant=" + r[2] + ",strength=" + r[3]);
    ASSERT_NE(p.armor, nullptr);
    EXPECT_EQ(p.armor->armor, std::stoll(r[1]));
    EXPECT_EQ(p.armor->strength_required, std::stoll(r[4]));
    EXPECT_EQ(defense_value(p), std::stoll(r[6])) << r[0] << " " << r[2] << " " << r[3];
    EXPECT_EQ(displayed_armor(defense_value(p)), std::stoll(r[7]));
    const std::int64_t net = net_enchant_quarters(
        4 * p.armor_enchant, strength_modifier_quarters(p.strength, 0, p.armor->strength_required));
    EXPECT_EQ(net, quarters(r[5]));
  }
}

TEST(BroguePlayer, StartingKit) {
  const Combatant p = spec("player");
  EXPECT_EQ(*p.hp, 30);
  EXPECT_EQ(defense_value(p), 35);
  EXPECT_EQ(displayed_armor(defense_value(p)), 3);
  EXPECT_EQ(attack_accuracy(p), 100);
  EXPECT_EQ(plan_attack(p, spec("rat"), {}).roll, (Clump{3, 4, 1}));
  // Player weakness acts through strength: 12 - 1 < 12 costs 2.5 points on the dagger.
  EXPECT_EQ(weapon_net_quarters(spec("player:weakness=1")), -10);
  EXPECT_EQ(attack_accuracy(spec("player:weapon=none,weakness=1")), 90);  // 100 x accTable[74]
}

TEST(BrogueAutoHit, WhichCasesDrawARandomNumber) {
  const Combatant p = spec("player");
  const Combatant ogre = spec("ogre");
  struct Case {
    Situation s;
    bool auto_hit;
    std::int64_t multiplier;
  };
  Situation sleeping, paralyzed, stuck, captive, sneak;
  sleeping.sleeping = paralyzed.paralyzed = stuck.stuck = captive.captive = sneak.sneak = true;
  const Case cases[] = {{{}, false, 1},   {sleeping, true, 5}, {paralyzed, true, 5},
                        {stuck, true, 1}, {captive, true, 1},  {sneak, true, 5}};
  for (const Case& c : cases) {
    const AttackPlan plan = plan_attack(p, ogre, c.s);
    EXPECT_EQ(plan.auto_hit, c.auto_hit);
    EXPECT_EQ(plan.multiplier, c.multiplier);
    BrogueRng a(5);
    std::vector<DrawFor> draws;
    const StrikeResult r =
        strike(plan, a, [&](DrawFor w, std::int64_t, std::int64_t, std::int64_t) { draws.push_back(w); });
    // Auto-hits skip rand_percent: the first draw is the damage die.
    ASSERT_FALSE(draws.empty());
    EXPECT_EQ(draws.front(), c.auto_hit ? DrawFor::damage : DrawFor::to_hit);
    if (c.auto_hit) {
      EXPECT_TRUE(r.hit);
      BrogueRng fresh(5);
      EXPECT_EQ(r.roll, fresh.uniform(3, 4));
    }
  }
  // Stuck and captive report 100 %, the others keep hitProbability's value.
  EXPECT_EQ(plan_attack(p, ogre, stuck).hit_percent, 100);
  EXPECT_EQ(plan_attack(p, ogre, sleeping).hit_percent, plan_attack(p, ogre, {}).hit_percent);
  // Monsters get x3 on a paralyzed player; a rapier lunge is x3 too.
  EXPECT_EQ(plan_attack(ogre, p, paralyzed).multiplier, 3);
  const Situation lunge{.lunge = true};
  const AttackPlan l = plan_attack(spec("player:weapon=rapier,strength=15"), ogre, lunge);
  EXPECT_TRUE(l.auto_hit);
  EXPECT_EQ(l.multiplier, 3);
}

TEST(BrogueAutoHit, SeizedIsCertainButStillDraws) {
  const Situation seized{.seized = true};
  const AttackPlan plan = plan_attack(spec("bog_monster"), spec("player"), seized);
  EXPECT_EQ(plan.hit_percent, 100);
  EXPECT_FALSE(plan.auto_hit);
  std::vector<DrawFor> draws;
  BrogueRng r(3);
  const StrikeResult s =
      strike(plan, r, [&](DrawFor w, std::int64_t, std::int64_t, std::int64_t) { draws.push_back(w); });
  EXPECT_TRUE(s.hit);
  ASSERT_EQ(draws.size(), 2u);  // rand_percent(100), then rand_range(3, 4)
  EXPECT_EQ(draws[0], DrawFor::to_hit);
  // Not yet holding: the attack seizes instead.
  const AttackPlan first = plan_attack(spec("bog_monster"), spec("player"), {});
  EXPECT_FALSE(first.attacks);
  EXPECT_EQ(exact_outcome(first).p_hit, 0.0);
}

TEST(BrogueAutoHit, SlayingIsCertainButStillDraws) {
  const Situation slaying{.slaying = true};
  const AttackPlan plan = plan_attack(spec("player:enchant=-10"), spec("acid_mound"), slaying);
  EXPECT_EQ(plan.hit_percent, 100);
  EXPECT_FALSE(plan.auto_hit);
  EXPECT_FALSE(plan.acid_weapon);  // a slaying weapon does not corrode on its class
  EXPECT_EQ(plan.multiplier, 1);
  EXPECT_THROW((void)plan_attack(spec("ogre"), spec("player"), slaying), fray::Error);
}

TEST(BrogueDamage, MonsterWeaknessScalesAfterTheRoll) {
  // Ogre 9-13/2 at weakness 2: trunc(roll x 54253 / 65536).
  const AttackPlan p = plan_attack(spec("ogre:weakness=2"), spec("player"), {});
  EXPECT_EQ(p.factor, 54253);
  const Outcome o = exact_outcome(p);
  const fray::Pmf want = clumped_pmf({9, 13, 2}).map([](std::int64_t v) { return v * 54253 / 65536; });
  EXPECT_TRUE(o.damage_on_hit.approx_equal(want));
  EXPECT_EQ(o.damage_on_hit.min(), 7);
  EXPECT_EQ(o.damage_on_hit.max(), 10);
}

TEST(BrogueDamage, ThrownWeaponsScaleAfterTheRollWithoutMinimum) {
  Situation thrown{.thrown = true};
  const AttackPlan p = plan_attack(spec("player:weapon=dart,enchant=-10"), spec("rat"), thrown);
  EXPECT_EQ(p.roll, (Clump{2, 4, 1}));
  EXPECT_EQ(p.factor, damage_fraction(-40 + 2));  // strength 12 against 10: +0.5
  const Outcome o = exact_outcome(p);
  EXPECT_EQ(o.damage_on_hit.min(), 2 * p.factor / 65536);
  // Sleeping does not make a throw automatic or multiplied.
  thrown.sleeping = true;
  EXPECT_FALSE(plan_attack(spec("player:weapon=dart"), spec("rat"), thrown).auto_hit);
  EXPECT_EQ(plan_attack(spec("player:weapon=dart"), spec("rat"), thrown).multiplier, 1);
}

TEST(BrogueDamage, ImmunityGivesZeroOnAHit) {
  for (const char* m : {"revenant", "warden_of_yendor"}) {
    const AttackPlan p = plan_attack(spec("player:weapon=war_hammer,strength=20"), spec(m), {});
    EXPECT_FALSE(p.rolls_damage);
    const Outcome o = exact_outcome(p);
    EXPECT_EQ(o.damage, fray::Pmf::point(0));
    BrogueRng r(1);
    std::size_t draws = 0;
    (void)strike(p, r, [&](DrawFor, std::int64_t, std::int64_t, std::int64_t) { ++draws; });
    EXPECT_EQ(draws, 1u);  // the to-hit draw only
  }
}

TEST(BrogueDamage, ExactMixtureIncludesTheMiss) {
  const Outcome o = exact_outcome(plan_attack(spec("player"), spec("vampire_bat"), {}));
  EXPECT_EQ(o.hit_percent, 72);
  EXPECT_NEAR(o.damage[0], 0.28, 1e-12);
  EXPECT_NEAR(o.damage[3], 0.36, 1e-12);
  EXPECT_NEAR(o.damage[4], 0.36, 1e-12);
}

TEST(BrogueAcid, WeaponAndArmourWear) {
  const Combatant p = spec("player:enchant=2");
  const Combatant mound = spec("acid_mound");
  AttackPlan plan = plan_attack(p, mound, {});
  EXPECT_TRUE(plan.acid_weapon);
  StateChange c = after_attack(plan, p, mound, {}, {}, true, 3, 15);
  EXPECT_EQ(c.attacker.weapon_lost, 1u);
  EXPECT_EQ(after_attack(plan, p, mound, {}, {}, false, 0, 15).attacker.weapon_lost, 0u);  // only on a hit
  // The lost point is seen by the next attack: net +2 -> +1.
  EXPECT_EQ(weapon_net_quarters(p, c.attacker.weapon_lost), 4);
  EXPECT_EQ(plan_attack(p, mound, {}, c.attacker).hit_percent, hit_percent(player_accuracy(4), 10));
  // Below -10 the weapon no longer wears.
  EXPECT_FALSE(plan_attack(spec("player:enchant=-11"), mound, {}).acid_weapon);
  EXPECT_TRUE(plan_attack(spec("player:enchant=-10"), mound, {}).acid_weapon);
  // Armour: only when the player survives.
  const Combatant pl = spec("player");
  const AttackPlan hit = plan_attack(mound, pl, {});
  EXPECT_TRUE(hit.acid_armor);
  EXPECT_EQ(after_attack(hit, mound, pl, {}, {}, true, 2, 30).defender.armor_lost, 1u);
  EXPECT_EQ(after_attack(hit, mound, pl, {}, {}, true, 2, 2).defender.armor_lost, 0u);
  EXPECT_EQ(defense_value(pl, 1), 25);
  // CarriedState round trip.
  const CarriedState s{3, 7, true};
  const CarriedState t = CarriedState::decode(s.encode());
  EXPECT_EQ(t.weapon_lost, 3u);
  EXPECT_EQ(t.armor_lost, 7u);
  EXPECT_TRUE(t.held);
}

TEST(BrogueStrike, ExactAndSampledAgree) {
  struct Pair {
    const char* a;
    const char* d;
    Situation s;
  };
  const Situation sleeping{.sleeping = true};
  const Pair pairs[] = {
      {"player", "vampire_bat", {}},           {"player:weapon=war_axe,strength=19,enchant=3", "dragon", {}},
      {"player:weapon=javelin", "goblin", {}}, {"player", "ogre", sleeping},
      {"ogre:weakness=3", "player", {}},       {"dragon", "player:armor=plate_armor,strength=19,armor_enchant=4", {}},
      {"tentacle_horror", "player", {}},       {"accuracy=150,defense=0,damage=2-12/3", "player", {}}};
  std::uint64_t seed = 1;
  for (const Pair& pr : pairs) {
    const AttackPlan plan = plan_attack(spec(pr.a), parse_combatant(pr.d, "defender"), pr.s);
    const Outcome o = exact_outcome(plan);
    for (int engine = 0; engine < 2; ++engine) {
      std::map<std::int64_t, std::uint64_t> counts;
      fray::Rng fast(seed);
      BrogueRng game(seed);
      for (int i = 0; i < 100000; ++i) ++counts[engine ? strike(plan, game).damage : strike(plan, fast).damage];
      EXPECT_GT(fray::test::chi_square_p(o.damage, counts), 1e-3) << pr.a << " vs " << pr.d << " engine " << engine;
      ++seed;
    }
  }
}

TEST(BrogueSpecs, Errors) {
  for (const char* bad :
       {"dragonn", "player:wepon=sword", "rat:weakness=-1", "rat:damage=5-2/1", "player:net_enchant=abc",
        "player:enchant=99", "player:net_enchant=0.3", "player:net_enchant=60", "player:weapon=spoon", "accuracy=100",
        "rat:hp=0", "player:net_enchant=1,enchant=1"})
    EXPECT_THROW((void)spec(bad), fray::Error) << bad;
  EXPECT_THROW((void)parse_situation({"asleep"}), fray::Error);
  const Situation sneak{.sneak = true};
  EXPECT_THROW((void)plan_attack(spec("ogre"), spec("player"), sneak), fray::Error);
  const Situation lunge{.lunge = true};
  EXPECT_THROW((void)plan_attack(spec("player"), spec("ogre"), lunge), fray::Error);  // a dagger cannot lunge
  const Situation sleeping{.sleeping = true};
  EXPECT_THROW((void)plan_attack(spec("player"), spec("goblin_totem"), sleeping), fray::Error);
}

namespace {
// The message of the fray::Error `f` throws ("" when it throws none).
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const fray::Error& e) {
    return e.what();
  }
  return {};
}
}  // namespace

TEST(BrogueSpecs, UnknownNamesSuggestTheClosest) {
  const std::string monster = error_of([] { (void)spec("goblin_conjuror"); });
  EXPECT_NE(monster.find("did you mean 'goblin_conjurer'"), std::string::npos) << monster;
  EXPECT_NE(monster.find("attacker spec 'goblin_conjuror'"), std::string::npos) << monster;
  const std::string weapon = error_of([] { (void)spec("player:weapon=swrod"); });
  EXPECT_NE(weapon.find("did you mean 'sword'?"), std::string::npos) << weapon;
  const std::string armor = error_of([] { (void)spec("player:armor=plate"); });
  EXPECT_NE(armor.find("did you mean 'plate_armor'?"), std::string::npos) << armor;
  const std::string flag = error_of([] { (void)parse_situation({"sleping"}); });
  EXPECT_NE(flag.find("did you mean 'sleeping'"), std::string::npos) << flag;
}

TEST(BrogueSpecs, ParalysedIsParalyzed) {
  EXPECT_TRUE(parse_situation({"paralysed"}).paralyzed);
  EXPECT_TRUE(parse_situation({"paralyzed"}).paralyzed);
  // Every listed flag parses and sets exactly one member.
  for (const NamedHelp& f : situation_flags()) EXPECT_NO_THROW((void)parse_situation({std::string(f.name)})) << f.name;
  EXPECT_EQ(situation_flags().size(), 9u);
}

TEST(BrogueSpecs, EveryListedKeyIsRead) {
  // A key the lists name is accepted by the spec reader (no "unknown key").
  for (const NamedHelp& k : player_keys()) {
    const std::string e = error_of([&] { (void)spec("player:" + std::string(k.name) + "=x"); });
    EXPECT_EQ(e.find("unknown key"), std::string::npos) << k.name << ": " << e;
  }
  for (const NamedHelp& k : monster_keys()) {
    const std::string e = error_of([&] { (void)spec("rat:" + std::string(k.name) + "=x"); });
    EXPECT_EQ(e.find("unknown key"), std::string::npos) << k.name << ": " << e;
  }
}
