// DCSS 0.34.1 attacks: the worked examples of the rules, single formulas,
// exact against sampled strikes, specs, catalogs and attack delay.
#include <gtest/gtest.h>

#include <algorithm>
#include <fray/core/error.hpp>
#include <fray/rules/crawl_0_34/attack.hpp>
#include <map>

#include "support/support.hpp"

namespace fray::crawl_0_34 {
namespace {

Player fighter() {  // dex 15, fighting 3, long blades 5, +0 long sword
  Player p;
  p.dex = 15;
  p.str = 15;
  p.fighting = 300;
  p.weapon_skill = 500;
  p.weapon = lookup_weapon("long_sword");
  return p;
}

Creature target(int ev, int ac = 0) {
  Creature m;
  m.ev = ev;
  m.ac = ac;
  return m;
}

double p_hit(const Combatant& a, const Combatant& d, const Situation& s = {}) {
  return exact_outcome(plan_attack(a, d, s)).p_hit;
}

TEST(Crawl034Examples, FighterAgainstEv) {  // A
  EXPECT_NEAR(p_hit({fighter()}, {target(10)}), 151461744563.0 / 243856267200.0, 1e-12);
  const std::pair<int, double> table[] = {{0, 0.975},    {5, 0.79806},  {15, 0.44417}, {20, 0.26722},
                                          {25, 0.09702}, {30, 0.02628}, {40, 0.025}};
  for (const auto& [ev, p] : table) EXPECT_NEAR(p_hit({fighter()}, {target(ev)}), p, 5e-6) << ev;
  Situation backlit;
  backlit.backlit = true;
  EXPECT_NEAR(p_hit({fighter()}, {target(10)}, backlit), p_hit({fighter()}, {target(5)}), 1e-15);
  Situation umbra;
  umbra.umbra = true;
  EXPECT_NEAR(p_hit({fighter()}, {target(10)}, umbra), 0.51494, 5e-6);
}

TEST(Crawl034Examples, MonstersAgainstThePlayer) {  // B
  Player twelve;
  twelve.ev100 = 1200;
  EXPECT_NEAR(p_hit({parse_combatant("orc", "attacker")}, {twelve}), 51773.0 / 120000.0, 1e-15);
  Player human;
  human.dex = 15;
  human.str = 15;
  EXPECT_EQ(player_ev100(human), 1040);
  EXPECT_NEAR(p_hit({parse_combatant("orc", "attacker")}, {human}), 510921.0 / 1012000.0, 1e-15);
  Player ten;
  ten.ev100 = 1000;
  const Combatant warrior = parse_combatant("orc_warrior", "attacker");
  EXPECT_NEAR(p_hit(warrior, {ten}), 77.0 / 116.0, 1e-15);

  Player buckler = ten;
  buckler.dex = 16;
  buckler.shields = 500;
  buckler.shield = lookup_armor("buckler");
  EXPECT_EQ(player_sh100(buckler), 1123);
  const Outcome o = exact_outcome(plan_attack(warrior, {buckler}, {}));
  EXPECT_NEAR(o.p_hit, 4872791.0 / 9071200.0, 1e-15);
  // The block does not depend on the to-hit roll, so P(block) is P_block.
  EXPECT_NEAR(o.p_block, 14917.0 / 78200.0, 1e-15);
  Situation spent;
  spent.blocks = 2;  // a buckler blocks twice a turn
  EXPECT_NEAR(p_hit(warrior, {buckler}, spent), 77.0 / 116.0, 1e-15);
  spent.blocks = 1;
  EXPECT_NEAR(p_hit(warrior, {buckler}, spent), 4872791.0 / 9071200.0, 1e-15);
}

TEST(Crawl034Examples, NoArmourToHitPenalty) {  // C
  const Combatant p = parse_combatant(
      "player:dex=10,str=18,fighting=5,weapon=great_mace,enchant=-3,weapon_skill=8,body=plate_armour", "attacker");
  EXPECT_NEAR(p_hit(p, {parse_combatant("deep_elf_blademaster", "defender")}), 721.0 / 28080.0, 1e-15);
  const Combatant plus0 =
      parse_combatant("player:dex=10,str=18,fighting=5,weapon=great_mace,weapon_skill=8,body=plate_armour", "attacker");
  EXPECT_NEAR(p_hit(plus0, {parse_combatant("ogre", "defender")}), 0.71665, 5e-6);
}

TEST(Crawl034Examples, PlayerDamage) {  // D
  EXPECT_EQ(stat_damage100(10, 15), 1125);
  EXPECT_EQ(stat_damage100(10, 5), 875);
  EXPECT_EQ(stat_damage100(10, 10), 1000);
  EXPECT_EQ(stat_damage100(10, 20), 1250);
  EXPECT_EQ(stat_damage100(10, 30), 1500);
  const Outcome o = exact_outcome(plan_attack({fighter()}, {target(10)}, {}));
  ASSERT_TRUE(o.damage_on_hit);
  EXPECT_EQ(o.damage_on_hit->min(), 0);
  EXPECT_EQ(o.damage_on_hit->max(), 14);
  EXPECT_NEAR(o.damage_on_hit->mean(), 495976918.0 / 84900963.0, 1e-12);
  EXPECT_NEAR(o.damage->mean(), o.p_hit * 495976918.0 / 84900963.0, 1e-12);
  const Outcome armored = exact_outcome(plan_attack({fighter()}, {target(10, 5)}, {}));
  EXPECT_NEAR(armored.damage_on_hit->mean(), 3.7489, 5e-5);
}

TEST(Crawl034Examples, MonsterDamageAgainstGdr) {  // E
  const Combatant warrior = parse_combatant("orc_warrior:weapon=mace", "attacker");
  const Combatant plate = parse_combatant("player:body=plate_armour", "defender");
  EXPECT_EQ(player_ac100(*plate.player()), 1000);
  // Armour skill 5: 10·100·(440 + 100)/440; a +2 plus adds 200.
  EXPECT_EQ(player_ac100(*parse_combatant("player:body=plate_armour,armor_skill=5,body_enchant=2", "d").player()),
            1227 + 200);
  EXPECT_EQ(gdr_perc(10), 28);
  const AttackPlan plan = plan_attack(warrior, plate, {});
  EXPECT_EQ(plan.armor.dmax, 20);
  const Outcome o = exact_outcome(plan);
  EXPECT_NEAR(o.damage_on_hit->mean(), 4.1847, 5e-5);
}

// mon-gear.cc make_mons_weapon: a monster the game always gives one weapon
// type wields it unless the spec names another or none. Sigmund (AT_HIT 1)
// with his halberd (damage 13) lands random2(13) + 1 + random2(1): 1..13,
// each 1/13, against a player without AC; unarmed, 1 + random2(1) = 1.
TEST(Crawl034Specs, MonstersWieldTheWeaponTheGameGivesThem) {
  const Combatant sigmund = parse_combatant("sigmund", "attacker");
  ASSERT_TRUE(sigmund.creature()->weapon);
  EXPECT_EQ(sigmund.creature()->weapon->name, "halberd");
  EXPECT_TRUE(sigmund.creature()->game_weapon);
  const Combatant bare = parse_combatant("player", "defender");
  const Outcome armed = exact_outcome(plan_attack(sigmund, bare, {}));
  ASSERT_TRUE(armed.damage_on_hit);
  EXPECT_EQ(armed.damage_on_hit->min(), 1);
  EXPECT_EQ(armed.damage_on_hit->max(), 13);
  for (int k = 1; k <= 13; ++k) EXPECT_NEAR((*armed.damage_on_hit)[k], 1.0 / 13.0, 1e-15) << k;

  const Combatant unarmed = parse_combatant("sigmund:weapon=none", "attacker");
  EXPECT_FALSE(unarmed.creature()->weapon);
  const Outcome fist = exact_outcome(plan_attack(unarmed, bare, {}));
  EXPECT_EQ(fist.damage_on_hit->min(), 1);
  EXPECT_EQ(fist.damage_on_hit->max(), 1);

  const Combatant dagger = parse_combatant("sigmund:weapon=dagger", "attacker");
  EXPECT_EQ(dagger.creature()->weapon->name, "dagger");
  EXPECT_FALSE(dagger.creature()->game_weapon);

  // The orc's weapon is drawn at random: none by default, and said so.
  const Combatant orc = parse_combatant("orc", "attacker");
  EXPECT_FALSE(orc.creature()->weapon);
  EXPECT_TRUE(orc.creature()->random_weapon);
  // An inline monster has none.
  EXPECT_FALSE(parse_combatant("hd=3", "attacker").creature()->weapon);
  // Every fixed weapon of the catalog is one the weapons catalog knows.
  int armed_rows = 0;
  for (const MonsterProp& m : monsters())
    if (!m.weapon.empty()) {
      EXPECT_NE(find_weapon(m.weapon), nullptr) << m.name;
      ++armed_rows;
    }
  EXPECT_EQ(armed_rows, 40);
}

TEST(Crawl034Formulas, PlayerSkillAtScale) {
  // player::skill(sk, scale) from the ×100 level, rounded down: 5.5 levels at
  // scale 10 is 55, at 256 (skill_rdiv) 1408; 15.99 at scale 50 is 799.
  EXPECT_EQ(player_skill(550, 10), 55);
  EXPECT_EQ(player_skill(550, 256), 1408);
  EXPECT_EQ(player_skill(1599, 50), 799);
  EXPECT_EQ(player_skill(0, 256), 0);
}

TEST(Crawl034Formulas, GdrTable) {
  const std::pair<i64, i64> table[] = {{1, 16}, {5, 23}, {10, 28}, {16, 32}, {20, 33}, {30, 37}, {50, 42}};
  for (const auto& [ac, g] : table) EXPECT_EQ(gdr_perc(ac), g) << ac;
}

TEST(Crawl034Formulas, PlayerEvasionExamples) {
  auto ev = [](std::string_view spec) { return player_ev100(*parse_combatant(spec, "defender").player()); };
  EXPECT_EQ(ev("player:dex=15,str=15"), 1040);
  EXPECT_EQ(ev("player:dex=15,str=15,dodging=10"), 1640);
  EXPECT_EQ(ev("player:dex=20,dodging=27"), 3200);
  EXPECT_EQ(ev("player:dex=30,dodging=27"), 4280);
  EXPECT_EQ(ev("player:dex=12,str=15,dodging=5,body=plate_armour"), 420);
  EXPECT_EQ(ev("player:dex=12,str=15,dodging=5,body=plate_armour,armor_skill=15"), 660);
  EXPECT_EQ(ev("player:dex=14,str=12,dodging=8,body=leather_armour"), 1426);
  EXPECT_EQ(ev("player:dex=12,str=18,dodging=3,shield=tower_shield"), 793);
  EXPECT_EQ(ev("player:dex=16,str=14,dodging=6,shield=kite_shield,shields_skill=10"), 1292);
  EXPECT_EQ(ev("player:dex=8,str=8,body=chain_mail"), 302);
  // Helpless: at most (2 + sf/2)·100; caught: halved; constricted: −10.
  const Player p = *parse_combatant("player:dex=15,str=15", "defender").player();
  EXPECT_EQ(player_ev100(p, {.helpless = true}), 200);
  EXPECT_EQ(player_ev100(p, {.caught = true}), 520);
  EXPECT_EQ(player_ev100(p, {.constricted = true}), 40);
}

// 0.34's size_type has no SIZE_BIG: a giant is 5, its EV size factor
// 2·(SIZE_MEDIUM − SIZE_GIANT) = −4 (player.cc _player_evasion_size_factor).
// Dex 15, dodging 0: (10 − 4)·100 + 800·100/24/10/10 = 600 + 33.
TEST(Crawl034Formulas, GiantIsTheSixthSize) {
  EXPECT_EQ(parse_size("giant"), 5);
  EXPECT_EQ(parse_size("SIZE_GIANT"), 5);
  EXPECT_EQ(size_name(5), "giant");
  EXPECT_EQ(player_ev100(*parse_combatant("player:dex=15,size=giant", "defender").player()), 633);
  EXPECT_EQ(player_ev100(*parse_combatant("player:dex=15,size=large", "defender").player()), 836);  // 800 + 36
  EXPECT_EQ(player_ev100(*parse_combatant("player:dex=15,size=large", "defender").player(), {.helpless = true}), 100);
  try {
    (void)parse_combatant("player:size=big", "defender");
    ADD_FAILURE() << "size=big taken";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("unknown size 'big'"), std::string::npos) << e.what();
  }
  EXPECT_EQ(lookup_monster("fire_dragon").size, Giant);
}

TEST(Crawl034Formulas, MonsterEvasionWithArmourAndNets) {
  Creature knight = *parse_combatant("orc_knight:shield=tower_shield", "defender").creature();
  EXPECT_EQ(monster_ev(knight), 11);  // 13 − 150/60
  knight.body = lookup_armor("plate_armour");
  EXPECT_EQ(monster_ev(knight), 8);  // and − 180/60
  knight.shield = lookup_armor("buckler");
  knight.body.reset();
  EXPECT_EQ(monster_ev(knight), 13);  // −50/60 is 0
  const Creature orc = *parse_combatant("orc", "defender").creature();
  EXPECT_EQ(monster_ev(orc, {.caught = true}), 2);  // 10 / 5
  EXPECT_EQ(monster_ev(orc, {.helpless = true}), 0);
  EXPECT_EQ(monster_ev(*parse_combatant("orc:confused", "defender").creature()), 5);
  EXPECT_EQ(monster_ev(orc, {.constricted = true}), 0);
  Situation net;
  net.caught = true;
  EXPECT_EQ(exact_outcome(plan_attack({fighter()}, {orc}, net)).ev.min(), 2);
}

TEST(Crawl034Formulas, ShieldsAndBlockLimits) {
  EXPECT_EQ(block_limit(std::nullopt), 1);
  EXPECT_EQ(block_limit(lookup_armor("buckler")), 2);
  EXPECT_EQ(block_limit(lookup_armor("kite_shield")), 3);
  EXPECT_EQ(block_limit(lookup_armor("tower_shield")), 4);
  const Creature knight = *parse_combatant("orc_knight:shield=tower_shield", "defender").creature();
  EXPECT_EQ(monster_shield_class(knight), 26 + 12);
  // A tower shield blocks four times a turn, then never.
  for (int b = 0; b <= 4; ++b) {
    Situation s;
    s.blocks = b;
    const Outcome o = exact_outcome(plan_attack({fighter()}, {knight}, s));
    if (b < 4)
      EXPECT_GT(o.p_block, 0.3) << b;
    else
      EXPECT_EQ(o.p_block, 0.0);
  }
  // An AUTOMATIC_HIT is never blocked.
  Player woe = fighter();
  woe.woe = true;
  const Outcome o = exact_outcome(plan_attack({woe}, {knight}, {}));
  EXPECT_EQ(o.p_block, 0.0);
  EXPECT_EQ(o.p_hit, 1.0);
  // The player's SH: only dex scales it (no size offset since 0.34).
  const Player shielded = *parse_combatant("player:dex=20,shields_skill=10,shield=buckler", "defender").player();
  EXPECT_EQ(player_sh100(shielded), 1499);
}

TEST(Crawl034Formulas, MonsterToHitAgainstAnUnseenPlayer) {
  // Orc warrior, mhit 28: unseen −28·35/100 = −9, confused −5: random2(28 − 9 − 5 + 1).
  Situation unseen;
  unseen.invisible = true;
  const AttackPlan p =
      plan_attack(parse_combatant("orc_warrior:confused", "a"), parse_combatant("player", "d"), unseen);
  EXPECT_TRUE(p.to_hit.exact().approx_equal(Pmf::uniform(0, 14)));
}

TEST(Crawl034Formulas, MissileDeflectionIsEvasion) {
  const Combatant archer = parse_combatant("centaur:weapon=shortbow", "attacker");
  Player p;
  p.ev100 = 1340;
  Situation s;
  s.ranged = true;
  EXPECT_NEAR(p_hit(archer, {p}, s), 1797.0 / 3100.0, 1e-15);
  s.repel_missiles = true;
  Player plus15 = p;
  plus15.ev100 = 2840;
  Situation plain;
  plain.ranged = true;
  EXPECT_NEAR(p_hit(archer, {p}, s), p_hit(archer, {plus15}, plain), 1e-15);
  // A monster's Deflect Missiles adds 24 EV against the player's arrows.
  const Combatant bow = parse_combatant("player:dex=16,str=12,fighting=4,weapon=shortbow,weapon_skill=8", "attacker");
  Situation deflect;
  deflect.ranged = true;
  deflect.deflect_missiles = true;
  Situation ranged;
  ranged.ranged = true;
  EXPECT_NEAR(p_hit(bow, {target(10)}, deflect), p_hit(bow, {target(34)}, ranged), 1e-15);
}

TEST(Crawl034Formulas, Stabs) {
  Situation asleep;
  asleep.sleeping = true;
  const Outcome o = exact_outcome(plan_attack({fighter()}, {target(10)}, asleep));
  EXPECT_EQ(o.p_stab, 1.0);
  EXPECT_EQ(o.p_hit, 1.0);
  // Fleeing: x_chance_in_y(LB/2 + stealth/2 + dex + 1, 100) = (2 or 3) + 0 + 16.
  Situation fleeing;
  fleeing.fleeing = true;
  const Outcome f = exact_outcome(plan_attack({fighter()}, {target(10)}, fleeing));
  EXPECT_NEAR(f.p_stab, 0.5 * 0.18 + 0.5 * 0.19, 1e-15);
  // An unseen target is never stabbed.
  asleep.invisible = true;
  EXPECT_EQ(exact_outcome(plan_attack({fighter()}, {target(10)}, asleep)).p_stab, 0.0);
}

TEST(Crawl034Formulas, Bolts) {
  // A bolt of to-hit 30 against a monster of EV 10: random2(30) >= random2avg(random2(10), 2).
  const Outcome o = exact_outcome(plan_attack(parse_combatant("bolt:hit=30", "attacker"), {target(10)}, {}));
  const Pmf ev = [] {
    crawl::Chain c;
    c.start = 10;
    c.roll(0, "").avg2("");
    return c.exact();
  }();
  double p = 0;
  for (i64 t = 0; t < 30; ++t) p += ev.cdf(t) / 30;
  EXPECT_NEAR(o.p_hit, p, 1e-15);
  EXPECT_EQ(exact_outcome(plan_attack(parse_combatant("bolt:hit=1500", "attacker"), {target(60)}, {})).p_hit, 1.0);
}

// --- exact against sampled --------------------------------------------------------------

void expect_strikes_match(const AttackPlan& plan, std::uint64_t seed) {
  const Outcome o = exact_outcome(plan);
  Rng rng(seed);
  std::map<i64, std::uint64_t> damage, to_hit;
  std::uint64_t hits = 0;
  constexpr int n = 200000;
  for (int i = 0; i < n; ++i) {
    const StrikeResult r = strike(plan, rng);
    ++damage[r.hit ? r.damage : 0];
    ++to_hit[r.to_hit];
    hits += r.hit;
  }
  ASSERT_TRUE(o.damage);
  EXPECT_GT(test::chi_square_p(*o.damage, damage), 1e-3);
  EXPECT_GT(test::chi_square_p(o.to_hit, to_hit), 1e-3);
  const double se = std::sqrt(o.p_hit * (1 - o.p_hit) / n);
  EXPECT_NEAR(static_cast<double>(hits) / n, o.p_hit, 4 * se + 1e-12);
}

TEST(Crawl034Strike, PlayerMeleeWithBlocksAndStabs) {
  Situation fleeing;
  fleeing.fleeing = true;
  expect_strikes_match(plan_attack({fighter()}, {parse_combatant("orc_knight:shield=tower_shield", "d")}, fleeing), 41);
  Player stabber = fighter();
  stabber.weapon = lookup_weapon("dagger");
  stabber.weapon_skill = 800;
  stabber.stealth = 700;
  stabber.enchant = 2;
  stabber.might = true;
  Situation caught;
  caught.caught = true;
  expect_strikes_match(plan_attack({stabber}, {parse_combatant("orc", "d")}, caught), 42);
}

TEST(Crawl034Strike, MonsterMeleeAgainstRoundedEvShAndAc) {
  const Combatant p = parse_combatant(
      "player:dex=16,str=14,dodging=6,shields_skill=7.5,shield=kite_shield,body=scale_mail,armor_skill=3.3",
      "defender");
  expect_strikes_match(plan_attack(parse_combatant("orc_warrior:weapon=war_axe,enchant=-2", "a"), p, {}), 43);
}

TEST(Crawl034Strike, LaunchersThrowsAndBolts) {
  Situation ranged;
  ranged.ranged = true;
  expect_strikes_match(
      plan_attack(parse_combatant("player:dex=16,str=12,fighting=4,weapon=arbalest,weapon_skill=8.5", "a"),
                  {parse_combatant("ogre", "d")}, ranged),
      44);
  expect_strikes_match(plan_attack(parse_combatant("player:dex=13,str=17,fighting=2,throwing=6.4,missile=javelin", "a"),
                                   {parse_combatant("troll", "d")}, ranged),
                       45);
  Situation lit;
  lit.backlit = true;
  const AttackPlan bolts[] = {
      plan_attack(parse_combatant("bolt:hit=25", "a"),
                  parse_combatant("player:dex=14,sh100=1250,shield=buckler,ev100=1470", "d"), {}),
      plan_attack(parse_combatant("bolt:hit=33", "a"),
                  parse_combatant("player:sh100=2050,shield=kite_shield,ev100=910", "d"), lit),
      plan_attack(parse_combatant("bolt:hit=40", "a"), parse_combatant("orc_knight:shield=kite_shield", "d"), lit),
  };
  std::uint64_t seed = 46;
  for (const AttackPlan& bolt : bolts) {
    const Outcome o = exact_outcome(bolt);
    EXPECT_GT(o.p_block, 0);
    Rng rng(seed++);
    std::uint64_t hits = 0, blocks = 0;
    std::map<i64, std::uint64_t> ev;
    constexpr int n = 200000;
    for (int i = 0; i < n; ++i) {
      const StrikeResult r = strike(bolt, rng);
      hits += r.hit;
      blocks += r.blocked;
      ++ev[r.ev];
    }
    EXPECT_NEAR(static_cast<double>(hits) / n, o.p_hit, 4 * std::sqrt(o.p_hit * (1 - o.p_hit) / n));
    EXPECT_NEAR(static_cast<double>(blocks) / n, o.p_block, 4 * std::sqrt(o.p_block * (1 - o.p_block) / n));
    EXPECT_GT(test::chi_square_p(o.ev, ev), 1e-3);
  }
}

TEST(Crawl034Strike, BoltDrawOrder) {
  std::vector<std::string> labels;
  Rng rng(9);
  (void)strike(plan_attack(parse_combatant("bolt:hit=25", "a"),
                           parse_combatant("player:sh100=1250,shield=buckler,ev100=1470", "d"), {}),
               rng, [&](const Draw& d) { labels.push_back(d.label); });
  const std::vector<std::string> player = {
      "EV player::evasion()",     "SH player_shield_class()",   "block: con",
      "SH player_shield_class()", "SH roll random2avg(2SH, 2)", "bolt roll random2(h)",
      "EV roll random2avg(EV, 2)"};
  EXPECT_EQ(labels, player);
  labels.clear();
  (void)strike(
      plan_attack(parse_combatant("bolt:hit=40", "a"), parse_combatant("orc_knight:shield=kite_shield", "d"), {}), rng,
      [&](const Draw& d) { labels.push_back(d.label); });
  ASSERT_GE(labels.size(), 4u);
  EXPECT_EQ(labels.front(), "SH roll random2avg(shield_class, 2)");
  EXPECT_EQ(labels[labels.size() - 3], "EV roll random2(EV + repulsion)");
  EXPECT_EQ(labels[labels.size() - 2], "bolt roll random2(h)");
  EXPECT_EQ(labels.back(), "EV roll random2avg(EV, 2)");
}

TEST(Crawl034Examples, SleepingDefenderTakesFiveHalves) {
  Situation asleep;
  asleep.sleeping = true;
  const Combatant orc = parse_combatant("orc_warrior", "a");
  const Pmf awake = *exact_outcome(plan_attack(orc, parse_combatant("player", "d"), {})).damage_on_hit;
  const Pmf slept = *exact_outcome(plan_attack(orc, parse_combatant("player", "d"), asleep)).damage_on_hit;
  EXPECT_TRUE(slept.approx_equal(awake.map([](i64 v) { return v * 5 / 2; })));
  EXPECT_EQ(exact_outcome(plan_attack(orc, parse_combatant("player", "d"), asleep)).p_block, 0.0);
}

TEST(Crawl034Strike, TraceFollowsTheGame) {
  const AttackPlan plan =
      plan_attack(parse_combatant("orc_warrior:weapon=mace", "a"),
                  parse_combatant("player:ev100=1040,sh100=1123,shield=buckler,ac100=1050", "d"), {});
  Rng rng(7);
  std::vector<std::string> labels;
  StrikeResult r;
  do {
    labels.clear();
    r = strike(plan, rng, [&](const Draw& d) { labels.push_back(d.label); });
  } while (!r.hit);
  ASSERT_GE(labels.size(), 8u);
  EXPECT_EQ(labels[0], "to-hit roll random2(mhit+1)");
  EXPECT_EQ(labels[1], "EV player::evasion()");
  EXPECT_EQ(labels[2], "EV roll random2avg(2EV, 2)");
  EXPECT_EQ(labels[3], "5% automatic band");
  EXPECT_EQ(labels[4], "block: con");
  EXPECT_EQ(labels[5], "SH player_shield_class()");
  // The armour reads AC twice (armour_class, gdr_perc), then rolls random2(1 + AC).
  const auto at = [&](const char* l) { return std::find(labels.begin(), labels.end(), l) - labels.begin(); };
  EXPECT_LT(at("armour_class()"), at("gdr_perc: armour_class()"));
  EXPECT_LT(at("gdr_perc: armour_class()"), at("AC roll"));
  EXPECT_LT(at("AC roll"), static_cast<std::ptrdiff_t>(labels.size()));
}

// --- weapon brands ----------------------------------------------------------------------------
//
// The worked examples: a str 10, dex 10 player of no skill with a +0 long
// sword (damage 10) against monsters of AC 0. The damage done d is
// div_round_near(random2(1001), 100): 0 with 50/1001, 1..9 with 100/1001
// each, 10 with 51/1001. attack::apply_damage_brand then adds, from d:
// flaming or freezing resist_adjust_damage(r, random2(d)/2 + 1) when d > 0
// (rF 1 halves it, rC -1 takes x15/10); electrocution one_chance_in(4) for
// 8 + random2(13), whatever d; draining coinflip() then (1 + random2(d))/2 on
// a natural monster; holy wrath 1 + random2(15d)/10 on the undead when d > 0;
// foul flame 1 + random2(d)/(rff + 1), or 1 + random2(d)·1.5 on the holy.
// The fractions below are that enumeration, made apart from fray's chains.

Pmf branded(std::string_view brand, std::string_view monster) {
  const Combatant p = parse_combatant("player:weapon=long_sword,brand=" + std::string(brand), "a");
  return *exact_outcome(plan_attack(p, parse_combatant(monster, "d"), {})).damage_on_hit;
}

TEST(Crawl034Brands, DamageOfEachBrand) {
  struct Case {
    const char *brand, *monster;
    double mean, p_top;
    i64 top;
    double p1, p2, p10;
  };
  const Case cases[] = {
      {"flaming", "orc", 427309.0 / 63063, 51.0 / 5005, 15, 0, 100.0 / 1001, 4775.0 / 63063},
      {"flaming", "lost_soul", 1757078.0 / 315315, 102.0 / 5005, 12, 100.0 / 1001, 100.0 / 1001, 512.0 / 6435},  // rF 1
      {"freezing", "fire_vortex", 2315473.0 / 315315, 51.0 / 5005, 17, 0, 100.0 / 1001, 5300.0 / 63063},  // rC -1
      {"electrocution", "orc", 17027.0 / 2002, 51.0 / 52052, 30, 75.0 / 1001, 75.0 / 1001, 2239.0 / 52052},
      {"draining", "orc", 1414705.0 / 252252, 51.0 / 20020, 15, 100.0 / 1001, 75.0 / 1001, 83093.0 / 1261260},
      {"holy_wrath", "ghost", 1749742.0 / 189189, 17.0 / 5005, 25, 0, 200.0 / 3003, 965.0 / 14553},
      {"foul_flame", "ghost", 427309.0 / 63063, 51.0 / 5005, 15, 0, 100.0 / 1001, 4775.0 / 63063},  // rff 1
      {"foul_flame", "god_wrath_avatar", 1110335.0 / 126126, 51.0 / 10010, 24, 0, 100.0 / 1001, 155.0 / 2574},
      {"foul_flame", "orc", 2283.0 / 286, 51.0 / 10010, 20, 0, 100.0 / 1001, 9395.0 / 126126},
  };
  for (const Case& c : cases) {
    const Pmf d = branded(c.brand, c.monster);
    const std::string what = std::string(c.brand) + " vs " + c.monster;
    EXPECT_NEAR(d.mean(), c.mean, 1e-12) << what;
    EXPECT_EQ(d.max(), c.top) << what;
    EXPECT_NEAR(d[c.top], c.p_top, 1e-15) << what;
    EXPECT_NEAR(d[1], c.p1, 1e-15) << what;
    EXPECT_NEAR(d[2], c.p2, 1e-15) << what;
    EXPECT_NEAR(d[10], c.p10, 1e-15) << what;
  }
  // No extra where the game adds none: rElec 1, the unliving for draining,
  // holy wrath on the living or from a mummy's hand, a brand of no damage.
  const Pmf plain = branded("none", "orc");
  EXPECT_NEAR(plain.mean(), 5010.0 / 1001, 1e-12);
  EXPECT_TRUE(branded("electrocution", "lost_soul").approx_equal(plain));
  EXPECT_TRUE(branded("draining", "ghost").approx_equal(plain));
  EXPECT_TRUE(branded("holy_wrath", "orc").approx_equal(plain));
  EXPECT_TRUE(branded("venom", "orc").approx_equal(plain));
  const Combatant mummy = parse_combatant("player:species=mummy,weapon=long_sword,brand=holy_wrath", "a");
  EXPECT_TRUE(exact_outcome(plan_attack(mummy, parse_combatant("ghost", "d"), {})).damage_on_hit->approx_equal(plain));
}

TEST(Crawl034Brands, HeavyDamageAndDelays) {
  // A dagger (4): heavy makes it div_rand_round(36, 5), 7 with 4/5, 8 with 1/5;
  // then div_round_near(random2(100·dam + 1), 100).
  const Pmf heavy = *exact_outcome(plan_attack(parse_combatant("player:weapon=dagger,brand=heavy", "a"),
                                               parse_combatant("orc", "d"), {}))
                         .damage_on_hit;
  EXPECT_NEAR(heavy.mean(), 10121036.0 / 2807505, 1e-12);
  EXPECT_NEAR(heavy[0], 39050.0 / 561501, 1e-15);
  EXPECT_NEAR(heavy[7], 233504.0 / 2807505, 1e-15);
  EXPECT_NEAR(heavy[8], 17.0 / 1335, 1e-15);
  EXPECT_EQ(heavy.max(), 8);
  // Delay: long sword 14, skill 5 → 12 or 11 (each 1/2); speed div_rand_round(2x, 3):
  // 12 → 8, 11 → 7 r 1 (8 with 1/3); heavy div_rand_round(3x, 2): 12 → 18, 11 → 16 r 1.
  Player fast = fighter();
  fast.brand = Brand::speed;
  const Pmf s = player_attack_delay(fast, false).exact();
  EXPECT_NEAR(s[8], 2.0 / 3, 1e-15);
  EXPECT_NEAR(s[7], 1.0 / 3, 1e-15);
  Player slow = fighter();
  slow.brand = Brand::heavy;
  const Pmf h = player_attack_delay(slow, false).exact();
  EXPECT_NEAR(h[18], 0.5, 1e-15);
  EXPECT_NEAR(h[17], 0.25, 1e-15);
  EXPECT_NEAR(h[16], 0.25, 1e-15);
  // A launcher's brand too (player::attack_delay_with): a shortbow of speed.
  Player bow;
  bow.weapon = lookup_weapon("shortbow");
  const Pmf plain_bow = player_attack_delay(bow, true).exact();
  bow.brand = Brand::speed;
  EXPECT_LT(player_attack_delay(bow, true).exact().mean(), plain_bow.mean());
}

TEST(Crawl034Brands, StrikesMatchTheExactAnswer) {
  Situation fleeing;
  fleeing.fleeing = true;
  std::uint64_t seed = 60;
  for (const char* spec : {"player:dex=14,str=15,fighting=5,weapon=long_sword,long_blades=7,brand=flaming",
                           "player:dex=14,str=15,fighting=5,weapon=long_sword,long_blades=7,brand=electrocution",
                           "player:dex=14,str=15,fighting=5,weapon=long_sword,long_blades=7,brand=draining",
                           "player:dex=14,str=15,fighting=5,weapon=war_axe,axes=6,brand=heavy"})
    expect_strikes_match(plan_attack(parse_combatant(spec, "a"), parse_combatant("orc_warrior", "d"), {}), seed++);
  // Stabs share the brand; holy wrath on the undead, flaming through rF.
  expect_strikes_match(
      plan_attack(parse_combatant("player:dex=16,weapon=dagger,short_blades=6,stealth=5,brand=holy_wrath", "a"),
                  parse_combatant("ghoul", "d"), fleeing),
      seed++);
  expect_strikes_match(plan_attack(parse_combatant("player:weapon=long_sword,long_blades=4,brand=flaming", "a"),
                                   parse_combatant("lost_soul", "d"), {}),
                       seed++);
}

TEST(Crawl034Brands, TraceDrawsTheBrandAfterTheArmour) {
  const AttackPlan plan = plan_attack(parse_combatant("player:weapon=long_sword,brand=electrocution", "a"),
                                      parse_combatant("orc_knight", "d"), {});  // AC 2: an AC roll
  Rng rng(3);
  bool struck = false;
  for (int i = 0; i < 200 && !struck; ++i) {
    std::vector<std::string> labels;
    const StrikeResult r = strike(plan, rng, [&](const Draw& d) { labels.push_back(d.label); });
    if (!r.hit) continue;
    const auto at = [&](std::string_view l) { return std::find(labels.begin(), labels.end(), l) - labels.begin(); };
    const auto n = static_cast<std::ptrdiff_t>(labels.size());
    ASSERT_LT(at("AC roll"), n);
    ASSERT_LT(at("electrocution: strikes"), n);
    EXPECT_LT(at("AC roll"), at("electrocution: strikes"));
    if (at("electrocution: 8 + random2(13)") < n) {
      EXPECT_EQ(at("electrocution: 8 + random2(13)"), at("electrocution: strikes") + 1);
      EXPECT_GE(r.damage, 8);
      struck = true;
    }
  }
  EXPECT_TRUE(struck);
}

TEST(Crawl034Brands, SpecErrors) {
  try {
    (void)parse_combatant("player:weapon=long_sword,brand=flamming", "a");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("did you mean 'flaming'"), std::string::npos) << e.what();
  }
  EXPECT_THROW((void)parse_combatant("player:brand=flaming", "a"), Error);           // no weapon
  EXPECT_THROW((void)parse_combatant("orc:weapon=mace,brand=flaming", "a"), Error);  // the player's key
  EXPECT_EQ(lookup_brand("holy wrath"), Brand::holy_wrath);
  EXPECT_EQ(lookup_brand("spectralising"), Brand::spectral);
  EXPECT_EQ(lookup_brand("foul flame"), Brand::foul_flame);
  EXPECT_EQ(lookup_brand("none"), Brand::none);
  for (const BrandInfo& b : brands()) EXPECT_EQ(lookup_brand(b.key), b.brand);
}

// --- specs, catalogs, delay ---------------------------------------------------------------

TEST(Crawl034Spec, ErrorsNameTheInput) {
  EXPECT_THROW((void)parse_combatant("player:dexx=3", "attacker"), Error);
  try {
    (void)parse_combatant("orc_warior", "attacker");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("orc_warrior"), std::string::npos) << e.what();
  }
  EXPECT_THROW((void)parse_combatant("player:shield=plate_armour", "defender"), Error);
  EXPECT_THROW((void)parse_combatant("player:ev=10,ev100=1000", "defender"), Error);
  EXPECT_THROW((void)parse_situation({"sleepy"}), Error);
  EXPECT_TRUE(parse_situation({"paralysed"}).paralyzed);
  EXPECT_TRUE(parse_situation({"netted"}).caught);
  EXPECT_EQ(parse_situation({"blocks=2"}).blocks, 2);
  EXPECT_EQ(parse_combatant("player:armour_skill=4", "a").player()->armor_skill, 400);
  EXPECT_THROW((void)plan_attack({fighter()}, parse_combatant("player", "d"), {}), Error);
  Situation ranged;
  ranged.ranged = true;
  EXPECT_THROW((void)plan_attack({fighter()}, {target(5)}, ranged), Error);
  EXPECT_THROW((void)plan_attack(parse_combatant("player:weapon=shortbow", "a"), {target(5)}, {}), Error);
}

TEST(Crawl034Catalog, LookupsAndSuggestions) {
  EXPECT_EQ(weapons().size(), 60u);  // 59 rows and the magical staff
  EXPECT_EQ(armors().size(), 23u);
  EXPECT_EQ(missiles().size(), 11u);
  EXPECT_EQ(monsters().size(), 642u);  // every 0.34.1 monster that can fight
  ASSERT_NE(find_weapon("long_sword"), nullptr);
  EXPECT_EQ(find_weapon("Long sword")->damage, 10);
  EXPECT_TRUE(find_weapon("magical_staff")->magic_staff);
  EXPECT_EQ(find_weapon("shortbow")->skill, "SK_RANGED_WEAPONS");
  EXPECT_TRUE(find_weapon("arbalest")->crossbow);
  EXPECT_EQ(find_monster("hill_giant"), nullptr);  // gone since 0.19
  EXPECT_EQ(find_armor("leather_armor"), find_armor("leather_armour"));
  EXPECT_EQ(lookup_monster("orc_warrior").attacks.at(0).damage, 12);
  EXPECT_EQ(lookup_missile("javelin").damage, 10);
  try {
    (void)lookup_weapon("long_swrod");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("did you mean 'long_sword'"), std::string::npos) << e.what();
  }
}

TEST(Crawl034Delay, PlayerAndMonster) {
  // Long sword 14 aut, skill 5: 14 − div_rand_round(50, 20) → 12 or 11.
  const Pmf d = player_attack_delay(fighter(), false).exact();
  EXPECT_NEAR(d[12], 0.5, 1e-15);
  EXPECT_NEAR(d[11], 0.5, 1e-15);
  Player master = fighter();
  master.weapon_skill = 2000;
  EXPECT_TRUE(player_attack_delay(master, false).exact().approx_equal(Pmf::point(7)));
  Player fists;
  fists.unarmed = 2700;
  // 10 − div_rand_round(270, 54) = 5.
  EXPECT_TRUE(player_attack_delay(fists, false).exact().approx_equal(Pmf::point(5)));
  // A tower shield at shields 0, str 10: + div_rand_round(ASP(20), 20).
  Player tower = fighter();
  tower.str = 10;
  tower.shield = lookup_armor("tower_shield");
  EXPECT_EQ(shield_penalty(tower, 20), 2 * 225 * 270 * 20 / 75 / 270);
  EXPECT_NEAR(player_attack_delay(tower, false).exact().mean(), 11.5 + 120.0 / 20, 1e-12);
  // A javelin (10): 10 + 5 − div_rand_round(throwing×10, 20), at least 7.
  const Pmf javelin =
      player_attack_delay(*parse_combatant("player:missile=javelin,throwing=5", "a").player(), true).exact();
  EXPECT_NEAR(javelin[13], 0.5, 1e-15);
  EXPECT_NEAR(javelin[12], 0.5, 1e-15);
  EXPECT_TRUE(player_attack_delay(*parse_combatant("player:missile=dart,throwing=27", "a").player(), true)
                  .exact()
                  .approx_equal(Pmf::point(7)));
  EXPECT_THROW((void)player_attack_delay(*parse_combatant("player", "a").player(), true), Error);
  // A wolf (speed 17, attack energy 10): 10 × 10 / 17 aut a round.
  const auto wolf = monster_attack_delays(*parse_combatant("wolf", "a").creature(), false);
  ASSERT_EQ(wolf.size(), 1u);
  EXPECT_NEAR(wolf[0].first, 100.0 / 17, 1e-12);
  EXPECT_EQ(wolf[0].second, 1.0);
}

}  // namespace
}  // namespace fray::crawl_0_34

namespace fray::crawl_0_34 {
namespace {

// The base damage roll, div_round_near(random2(M + 1), den), read exactly and
// sampled, against counting the draws.
TEST(Crawl034Formulas, RoundRollIsDivRoundNearOfRandom2) {
  for (const i64 den : {100, 7, 2}) {
    for (const i64 m : {0, 1, 49, 50, 99, 100, 1125, 1876}) {
      Chain c;
      c.start = m;
      c.round_roll(den, "base damage");
      std::map<i64, double> count;
      for (i64 r = 0; r <= m; ++r) count[r / den + (r % den >= den / 2 ? 1 : 0)] += 1.0 / static_cast<double>(m + 1);
      EXPECT_TRUE(c.exact().approx_equal(Pmf::from_map(count), 1e-15)) << m << " / " << den;
      Rng rng(static_cast<std::uint64_t>(m * 31 + den));
      for (int i = 0; i < 200; ++i) EXPECT_GT(count[c.sample(rng)], 0.0);
    }
  }
}

}  // namespace
}  // namespace fray::crawl_0_34
