// DCSS 0.19 attacks against golden/crawl (exact rationals, checked against
// the real game) and worked examples computed from the same DCSS functions.
#include <gtest/gtest.h>

#include <cmath>
#include <fray/rules/crawl/attack.hpp>
#include <fray/rules/spec.hpp>

#include "support/support.hpp"

namespace fray::crawl {
namespace {

using nlohmann::json;

const json& cases() {
  static const json j = test::read_json("golden/crawl/to_hit_cases.json");
  return j;
}

// "a/b" with arbitrarily long integers, as a long double.
double fraction(const std::string& s) {
  const auto slash = s.find('/');
  if (slash == std::string::npos) return std::stod(s);
  return static_cast<double>(std::strtold(s.substr(0, slash).c_str(), nullptr) /
                             std::strtold(s.substr(slash + 1).c_str(), nullptr));
}

WeaponProp golden_weapon(const json& w) {
  WeaponProp p = lookup_weapon(w.value("staff", false) ? "magical staff" : w.at("name").get<std::string>());
  EXPECT_EQ(p.accuracy, w.at("accuracy").get<int>()) << w.dump();
  return p;
}

Player golden_player(const json& in) {
  Player p;
  p.dex = in.at("dex").get<int>();
  p.str = in.value("str", 10);
  p.fighting = in.value("fighting100", 0);
  p.weapon_skill = in.value("weapon_skill100", 0);
  p.unarmed = in.value("unarmed_skill100", 0);
  p.throwing = in.value("throwing100", 0);
  p.stealth = in.value("stealth", 0) * 100;
  if (in.contains("weapon") && !in.at("weapon").is_null()) {
    p.weapon = golden_weapon(in.at("weapon"));
    p.enchant = in.at("weapon").value("plus", 0);
  }
  if (in.contains("body")) p.body = lookup_armor(in.at("body").get<std::string>());
  p.armor_skill = in.value("armour_skill", 0) * 100;
  if (in.contains("shield")) p.shield = lookup_armor(in.at("shield").get<std::string>());
  p.shields = in.value("shields_skill", 0) * 100;
  p.starving = in.value("starving", false);
  p.inaccuracy = in.value("inaccuracy", 0);
  p.claws = in.value("claws", false) ? 1 : 0;
  if (in.value("form_unarmed_hit_bonus", 0) == 12) p.form = Form::blade_hands;
  return p;
}

TEST(CrawlGolden, PlayerAttackerCasesExact) {
  int n = 0;
  for (const json& c : cases().at("player_attacker_cases")) {
    const json& in = c.at("inputs");
    const json& tg = in.at("target");
    Player p = golden_player(in);
    Monster m;
    m.ev = tg.at("ev").get<int>();
    m.ev_given = true;  // the golden EV already includes the shield's penalty
    m.hd = tg.value("hd", 1);
    if (tg.contains("size")) m.size = parse_size(tg.at("size").get<std::string>());
    if (tg.contains("shield")) {
      m.shield = lookup_armor(tg.at("shield").get<std::string>());
      m.shield_enchant = tg.value("shield_plus", 0);
    }
    Situation s;
    s.backlit = in.value("target_backlit", false);
    s.caught = tg.value("caught", false);
    const AttackPlan pl = plan_attack(p, m, s);
    const Outcome o = exact_outcome(pl);
    EXPECT_NEAR(o.p_hit, c.at("p_hit_float").get<double>(), 1e-12) << c.at("id");
    EXPECT_NEAR(o.p_hit, fraction(c.at("p_hit").get<std::string>()), 1e-12) << c.at("id");
    const json& d = c.at("derived");
    EXPECT_EQ(body_armor_penalty(p, 20), d.at("armour_tohit_penalty_x20").get<int>()) << c.at("id");
    EXPECT_EQ(shield_penalty(p, 20), d.at("shield_tohit_penalty_x20").get<int>()) << c.at("id");
    EXPECT_NEAR(o.to_hit.mean(), d.at("final_tohit_mean").get<double>(), 1e-9) << c.at("id");
    EXPECT_EQ(pl.ev.exact().mean(), d.at("effective_target_ev").get<double>()) << c.at("id");
    ++n;
  }
  EXPECT_EQ(n, 19);
}

TEST(CrawlGolden, MonsterAttackerCasesExact) {
  int n = 0;
  for (const json& c : cases().at("monster_attacker_cases")) {
    const json& a = c.at("inputs").at("attacker");
    const json& d = c.at("inputs").at("defender");
    Monster m;
    m.hd = a.at("hd").get<int>();
    m.fighter = a.value("fighter", false);
    m.attacks = {{"AT_HIT", "AF_PLAIN", 5}};
    if (a.contains("weapon")) {
      m.weapon = golden_weapon(a.at("weapon"));
      m.enchant = a.at("weapon").value("plus", 0);
    }
    Player p;
    p.ev = d.at("ev").get<int>();
    if (d.contains("sh_internal")) {
      p.sh = d.at("sh_internal").get<int>();
      // and the same SH from the shield itself
      Player q;
      q.shield = lookup_armor(d.at("shield").get<std::string>());
      q.shields = d.at("shields_skill").get<int>() * 100;
      q.dex = d.at("dex").get<int>();
      q.str = d.at("str").get<int>();
      EXPECT_EQ(player_sh(q), *p.sh) << c.at("id");
    }
    Situation s;
    s.backlit = a.value("defender_backlit", false);
    s.attacker_invisible = a.value("attacker_invisible_to_defender", false);
    const Outcome o = exact_outcome(plan_attack(m, p, s));
    EXPECT_NEAR(o.p_hit, c.at("p_hit_float").get<double>(), 1e-12) << c.at("id");
    EXPECT_NEAR(o.p(Kind::block), fraction(c.at("derived").at("p_block").get<std::string>()), 1e-12) << c.at("id");
    ++n;
  }
  EXPECT_EQ(n, 10);
}

TEST(CrawlGolden, PlayerEvExamples) {
  for (const json& c : cases().at("player_ev_examples")) {
    const json& in = c.at("inputs");
    Player p;
    p.dex = in.at("dex").get<int>();
    p.str = in.at("strength").get<int>();
    p.dodging = in.at("dodging").get<int>() * 100;
    p.size = in.value("size", 3);
    if (in.contains("body")) p.body = lookup_armor(in.at("body").get<std::string>());
    EXPECT_EQ(player_ev(p), c.at("ev").get<int>()) << c.at("id");
  }
}

TEST(CrawlGolden, PlayerEvWorkedValues) {
  // Worked values checked against the real player.cc player::evasion.
  auto ev = [](int dex, int str, int dodging, int size = Medium, const char* body = nullptr, int arm = 0,
               const char* shield = nullptr, int shields = 0) {
    Player p;
    p.dex = dex;
    p.str = str;
    p.dodging = dodging * 100;
    p.size = size;
    if (body) p.body = lookup_armor(body);
    p.armor_skill = arm * 100;
    if (shield) p.shield = lookup_armor(shield);
    p.shields = shields * 100;
    return player_ev(p);
  };
  EXPECT_EQ(ev(15, 10, 10), 19);
  EXPECT_EQ(ev(20, 10, 27), 35);
  EXPECT_EQ(ev(12, 15, 5, Medium, "plate armour", 0), 5);
  EXPECT_EQ(ev(12, 15, 5, Medium, "plate armour", 15), 7);
  EXPECT_EQ(ev(12, 18, 3, Medium, nullptr, 0, "large shield", 0), 8);
  EXPECT_EQ(ev(18, 10, 10, Small), 23);
  EXPECT_EQ(ev(10, 10, 5, Large), 11);
}

TEST(CrawlGolden, PlayerShWorkedValues) {
  Player p;
  p.shield = lookup_armor("large shield");
  p.shield_enchant = 3;
  p.shields = 2000;
  p.dex = 12;
  p.str = 22;
  EXPECT_EQ(player_sh(p), 51);
}

TEST(CrawlGolden, PlayerRangedCases) {
  for (const json& c : cases().at("player_ranged_cases")) {
    const json& in = c.at("inputs");
    Player p = golden_player(in);
    if (in.contains("launcher")) {
      p.weapon = lookup_weapon(in.at("launcher").get<std::string>());
      p.weapon_skill = in.at("launcher_skill100").get<int>();
    }
    p.missile = lookup_missile(in.at("proj").get<std::string>());
    Monster m;
    m.ev = in.at("target").at("ev").get<int>();
    m.ev_given = true;
    Situation s;
    s.ranged = true;
    const Outcome o = exact_outcome(plan_attack(p, m, s));
    EXPECT_NEAR(o.p_hit, c.at("p_hit_float").get<double>(), 1e-12) << c.at("id");
    EXPECT_NEAR(o.to_hit.mean(), c.at("derived").at("final_tohit_mean").get<double>(), 1e-9) << c.at("id");
  }
}

TEST(CrawlGolden, MonsterRangedCases) {
  for (const json& c : cases().at("monster_ranged_cases")) {
    const json& in = c.at("inputs");
    Monster m;
    m.hd = in.at("hd").get<int>();
    m.archer = in.at("archer").get<bool>();
    m.weapon = lookup_weapon(in.at("launcher").get<std::string>());
    m.enchant = in.at("plus").get<int>();
    Player p;
    p.ev = in.at("ev").get<int>();
    Situation s;
    s.ranged = true;
    s.deflect_missiles = in.at("defl").get<int>() == 2;
    s.repel_missiles = in.at("defl").get<int>() == 1;
    const AttackPlan pl = plan_attack(m, p, s);
    const Outcome o = exact_outcome(pl);
    EXPECT_NEAR(o.p_hit, c.at("p_hit_float").get<double>(), 1e-12) << c.at("id");
    EXPECT_NEAR(o.to_hit.mean(), c.at("derived").at("tohit_mean").get<double>(), 1e-9) << c.at("id");
  }
}

TEST(CrawlGolden, BeamCases) {
  for (const json& c : cases().at("beam_vs_player_cases")) {
    const json& in = c.at("inputs");
    const double p = beam_hit_probability(in.at("beam_hit").get<int>(), in.at("player_ev").get<int>(),
                                          in.at("deflection").get<int>(), in.at("pierce").get<bool>());
    EXPECT_NEAR(p, c.at("p_hit_float").get<double>(), 1e-12) << c.at("id");
  }
}

TEST(CrawlGolden, DamageCases) {
  const json j = test::read_json("golden/crawl/damage_cases.json");
  int n = 0;
  for (const json& c : j.at("cases")) {
    const json& in = c.at("inputs");
    Pmf got;
    if (in.contains("wname")) {
      Player p;
      p.str = in.at("str").get<int>();
      p.dex = in.at("dex").get<int>();
      p.weapon = lookup_weapon(in.at("wname").get<std::string>());
      p.enchant = in.at("plus").get<int>();
      p.weapon_skill = in.at("weapon_skill100").get<int>();
      p.fighting = in.at("fighting100").get<int>();
      const Monster m = std::get<Monster>(parse_combatant(catalog_key(in.at("mon").get<std::string>()), "defender"));
      EXPECT_EQ(m.ac, c.at("derived").at("harness_monster_ac").get<int>());
      got = exact_outcome(plan_attack(p, m, {})).damage_on_hit;
    } else {
      const Monster m = std::get<Monster>(parse_combatant(catalog_key(in.at("mon").get<std::string>()), "attacker"));
      Player p;
      p.ev = 0;
      if (in.at("body").get<std::string>() != "none") p.body = lookup_armor(in.at("body").get<std::string>());
      p.armor_skill = in.at("armour_skill").get<int>() * 100;
      EXPECT_EQ(player_ac(p), c.at("derived").at("player_ac").get<int>());
      EXPECT_EQ(player_gdr(p), c.at("derived").at("player_gdr").get<int>());
      got = exact_outcome(plan_attack(m, p, {})).damage_on_hit;
    }
    for (const auto& [k, v] : c.at("distribution").items())
      EXPECT_NEAR(got[std::stoll(k)], fraction(v.get<std::string>()), 1e-12) << c.at("id") << " value " << k;
    EXPECT_NEAR(got.total(), 1.0, 1e-12);
    EXPECT_EQ(got.width(), c.at("distribution").size()) << c.at("id");
    EXPECT_NEAR(got.mean(), c.at("mean_exact_float").get<double>(), 1e-12) << c.at("id");
    ++n;
  }
  EXPECT_EQ(n, 4);
}

// Worked examples: attack.cc calc_your_to_hit and attack::test_hit against a fixed EV.
TEST(CrawlWorkedExamples, A_FighterAgainstEv) {
  Player p;
  p.dex = 15;
  p.str = 15;
  p.fighting = 300;
  p.weapon_skill = 500;
  p.weapon = lookup_weapon("long_sword");
  auto hit = [&](int ev) {
    Monster m;
    m.ev = ev;
    m.ev_given = true;
    return exact_outcome(plan_attack(p, m, {})).p_hit;
  };
  EXPECT_NEAR(hit(10), 151461744563.0 / 243856267200.0, 1e-12);
  const Outcome o = [&] {
    Monster m;
    m.ev = 10;
    return exact_outcome(plan_attack(p, m, {}));
  }();
  EXPECT_EQ(o.to_hit.min(), 0);
  EXPECT_EQ(o.to_hit.max(), 30);  // random2(mhit) with mhit up to 31
  EXPECT_NEAR(hit(0), 0.975, 1e-12);
  EXPECT_NEAR(hit(5), 0.798, 5e-4);
  EXPECT_NEAR(hit(15), 0.444, 5e-4);
  EXPECT_NEAR(hit(20), 0.267, 5e-4);
  EXPECT_NEAR(hit(25), 0.097, 5e-4);
  EXPECT_NEAR(hit(30), 0.0263, 5e-5);
  EXPECT_NEAR(hit(40), 0.025, 1e-12);  // only the automatic 2.5 %
}

TEST(CrawlWorkedExamples, B_OrcAgainstPlayer) {
  Player p;
  p.ev = 12;
  Monster orc = std::get<Monster>(parse_combatant("orc", "attacker"));
  const AttackPlan pl = plan_attack(orc, p, {});
  const Pmf evroll = pl.ev.exact();
  EXPECT_NEAR(evroll[11], 47.0 / 600, 1e-15);
  EXPECT_NEAR(evroll[12], 47.0 / 600, 1e-15);
  EXPECT_EQ(evroll.max(), 23);
  EXPECT_NEAR(exact_outcome(pl).p_hit, 51773.0 / 120000, 1e-12);
  orc.weapon = lookup_weapon("club");
  EXPECT_NEAR(exact_outcome(plan_attack(orc, p, {})).p_hit, 0.5, 1e-12);
  Monster warrior = std::get<Monster>(parse_combatant("orc_warrior:weapon=war_axe", "attacker"));
  Player q;
  q.ev = 10;
  EXPECT_NEAR(exact_outcome(plan_attack(warrior, q, {})).p_hit, 77.0 / 116, 1e-12);
  q.sh = 11;
  const Outcome ob = exact_outcome(plan_attack(warrior, q, {}));
  EXPECT_NEAR(ob.p(Kind::block), 801.0 / 4301, 1e-12);
  EXPECT_NEAR(ob.p_hit, 6125.0 / 11339, 1e-12);
}

TEST(CrawlWorkedExamples, C_Penalties) {
  Player p;
  p.dex = 10;
  p.str = 18;
  p.fighting = 500;
  p.weapon_skill = 800;
  p.weapon = lookup_weapon("great_mace");
  p.enchant = -3;
  p.body = lookup_armor("plate_armour");
  EXPECT_EQ(body_armor_penalty(p, 20), 123);
  Monster m;
  m.ev = 5;
  EXPECT_NEAR(exact_outcome(plan_attack(p, m, {})).p_hit, 0.669, 5e-4);
  p.armor_skill = 1000;
  EXPECT_NEAR(exact_outcome(plan_attack(p, m, {})).p_hit, 0.684, 5e-4);
}

TEST(CrawlRules, SleepingTargetIsAlwaysStabbedAndNeverBlocks) {
  Player p;
  p.weapon = lookup_weapon("dagger");
  Monster m = std::get<Monster>(parse_combatant("orc_warlord:shield=large_shield", "defender"));
  Situation s;
  s.sleeping = true;
  const Outcome o = exact_outcome(plan_attack(p, m, s));
  EXPECT_EQ(o.p_hit, 1.0);
  EXPECT_EQ(o.p(Kind::stab), 1.0);
  EXPECT_EQ(o.p(Kind::block), 0.0);
  // A stab's damage is at least 1 before AC; the warlord's AC 3 can still stop it.
  EXPECT_GT(o.damage.mean(), exact_outcome(plan_attack(p, m, {})).damage.mean());
}

TEST(CrawlRules, MonsterShieldLowersEvAndBlocks) {
  const Monster m = std::get<Monster>(parse_combatant("orc_warlord:shield=large_shield", "defender"));
  EXPECT_EQ(monster_ev(m, {}), 8);  // 10 − 50/10/2
  Situation net;
  net.caught = true;
  EXPECT_EQ(monster_ev(m, net), 8 / 5);
  Situation sleep;
  sleep.sleeping = true;
  EXPECT_EQ(monster_ev(m, sleep), 0);
  // A confused monster: EV halved, no block, a stab chance.
  Monster c = std::get<Monster>(parse_combatant("orc_warlord:shield=large_shield,confused", "defender"));
  EXPECT_EQ(monster_ev(c, {}), 4);
  Player p;
  p.weapon = lookup_weapon("dagger");
  const AttackPlan pl = plan_attack(p, c, {});
  EXPECT_FALSE(pl.can_block);
  EXPECT_EQ(pl.stab_denom, 4);
}

TEST(CrawlRules, WoeAlwaysHits) {
  Player p;
  p.weapon = lookup_weapon("long_sword");
  p.woe = true;
  Monster m;
  m.ev = 60;
  const Outcome o = exact_outcome(plan_attack(p, m, {}));
  EXPECT_EQ(o.to_hit, Pmf::point(automatic_hit));
  EXPECT_EQ(o.p_hit, 1.0);
}

TEST(CrawlRules, InvisibleDefenderCostsPlayerSixAndMonsterThirtyFivePercent) {
  Player p;
  p.weapon = lookup_weapon("long_sword");
  Monster m;
  m.ev = 5;
  Situation inv;
  inv.invisible = true;
  EXPECT_NEAR(exact_outcome(plan_attack(p, m, inv)).to_hit.mean(),
              exact_outcome(plan_attack(p, m, {})).to_hit.mean() - 6, 1e-12);
  Monster orc;
  orc.hd = 4;
  orc.fighter = true;  // mhit 28 → 28·65/100 = 18
  Player d;
  d.ev = 5;
  EXPECT_EQ(exact_outcome(plan_attack(orc, d, inv)).to_hit.max(), 18);
}

}  // namespace
}  // namespace fray::crawl
