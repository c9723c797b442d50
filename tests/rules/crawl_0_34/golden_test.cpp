// DCSS 0.34.1 attacks against golden/crawl_0_34: exact values of the rules,
// each case checked against the real 0.34.1 game's code.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fray/rules/crawl_0_34/attack.hpp>

#include "support/support.hpp"

namespace fray::crawl_0_34 {
namespace {

using nlohmann::json;

const json& to_hit_cases() {
  static const json j = test::read_json("golden/crawl_0_34/to_hit_cases.json");
  return j;
}
const json& damage_cases() {
  static const json j = test::read_json("golden/crawl_0_34/damage_cases.json");
  return j;
}

// "a/b" with integers of any length, as a double.
double fraction(const std::string& s) {
  const auto slash = s.find('/');
  if (slash == std::string::npos) return std::stod(s);
  return static_cast<double>(std::strtold(s.substr(0, slash).c_str(), nullptr) /
                             std::strtold(s.substr(slash + 1).c_str(), nullptr));
}

WeaponProp golden_weapon(const json& w) {
  const WeaponProp& found = lookup_weapon(w.at("name").get<std::string>());
  EXPECT_EQ(found.accuracy, w.at("accuracy").get<int>()) << w.dump();
  EXPECT_EQ(found.damage, w.at("base_damage").get<int>()) << w.dump();
  EXPECT_EQ(found.skill, w.at("skill").get<std::string>()) << w.dump();
  return found;
}

Player golden_player(const json& in) {
  Player p;
  p.dex = in.at("dex").get<int>();
  p.str = in.value("str", 10);
  p.fighting = in.value("fighting100", 0);
  p.weapon_skill = in.value("weapon_skill100", 0);
  p.unarmed = in.value("unarmed_skill100", 0);
  p.stealth = in.value("stealth", 0) * 100;
  if (in.contains("weapon") && !in.at("weapon").is_null()) {
    p.weapon = golden_weapon(in.at("weapon"));
    p.enchant = in.at("weapon").value("plus", 0);
  }
  return p;
}

// The monster a player case attacks, and the situation its flags describe.
std::pair<Creature, Situation> golden_target(const json& in) {
  const json& t = in.at("target");
  Creature m;
  m.ev = t.at("ev").get<int>();
  m.hd = t.at("hd").get<int>();
  m.ac = in.value("target_ac", 0);
  int shield_raw = 0;
  if (!t.at("shield").is_null()) {
    m.shield = lookup_armor(t.at("shield").get<std::string>());
    shield_raw = m.shield->ev_penalty;
  }
  // Worn pieces other than the shield: a body armour of that PARM_EVASION.
  for (const json& raw : t.at("armour_ev_raw")) {
    const int v = raw.get<int>();
    if (v == shield_raw) {
      shield_raw = 1;  // matched once
      continue;
    }
    for (const ArmorProp& a : armors())
      if (a.is_body() && !a.legacy && a.ev_penalty == v) {
        m.body = a;
        break;
      }
    EXPECT_TRUE(m.body.has_value()) << "no body armour with PARM_EVASION " << v;
  }
  m.confused = t.value("confused", false);
  Situation s;
  s.sleeping = t.value("asleep", false);
  s.caught = t.value("netted", false) || t.value("caught", false);
  s.fleeing = t.value("fleeing", false);
  s.backlit = in.value("target_backlit", false);
  return {m, s};
}

TEST(Crawl034Golden, PlayerAttacksEveryCase) {
  int n = 0;
  for (const char* group : {"player_attacker_cases", "player_ranged_cases"}) {
    for (const json& c : to_hit_cases().at(group)) {
      SCOPED_TRACE(c.at("id").get<std::string>());
      const json& in = c.at("inputs");
      Player p = golden_player(in);
      auto [m, s] = golden_target(in);
      s.ranged = std::string(group) == "player_ranged_cases";
      const AttackPlan plan = plan_attack({p}, {m}, s);
      const Outcome o = exact_outcome(plan);
      EXPECT_NEAR(o.p_hit, fraction(c.at("p_hit").get<std::string>()), 1e-12);
      EXPECT_NEAR(o.p_hit, c.at("p_hit_float").get<double>(), 1e-12);
      const json& d = c.at("derived");
      // The monster's EV after armour and state (not compared for a guaranteed stab).
      if (plan.stab_denom != 1) {
        EXPECT_EQ(o.ev.min(), d.at("effective_target_ev").get<i64>());
        EXPECT_TRUE(o.ev.is_point());
      }
      EXPECT_NEAR(o.to_hit.mean(), d.at("final_tohit_mean").get<double>(), 1e-9);
      // The range before the roll: random2(mhit) reaches mhit_max - 1 at most.
      EXPECT_EQ(o.to_hit.max() - (s.backlit ? 5 : 0), d.at("pre_roll_mhit_max").get<i64>() - 1);
      ++n;
    }
  }
  EXPECT_EQ(n, 9);
}

TEST(Crawl034Golden, MonsterAttacksEveryCase) {
  int n = 0;
  for (const char* group : {"monster_attacker_cases", "monster_ranged_cases"}) {
    for (const json& c : to_hit_cases().at(group)) {
      SCOPED_TRACE(c.at("id").get<std::string>());
      const json& a = c.at("inputs").at("attacker");
      const json& def = c.at("inputs").at("defender");
      Creature m;
      m.hd = a.at("hd").get<int>();
      m.fighter = a.at("fighter").get<bool>();
      m.archer = a.at("archer").get<bool>();
      m.attacks = {{"AT_HIT", "AF_PLAIN", 1}};
      if (a.contains("weapon")) {
        m.weapon = golden_weapon(a.at("weapon"));
        m.enchant = a.at("weapon").value("plus", 0);
      }
      Player p;
      p.ev100 = def.at("ev100").get<int>();
      p.sh100 = def.at("sh100").get<int>();
      if (!def.at("shield").is_null()) p.shield = lookup_armor(def.at("shield").get<std::string>());
      Situation s;
      s.blocks = def.at("blocks_this_turn").get<int>();
      s.ranged = std::string(group) == "monster_ranged_cases";
      const AttackPlan plan = plan_attack({m}, {p}, s);
      const Outcome o = exact_outcome(plan);
      EXPECT_NEAR(o.p_hit, fraction(c.at("p_hit").get<std::string>()), 1e-12);
      EXPECT_NEAR(o.p_block, fraction(c.at("derived").at("p_block").get<std::string>()), 1e-12);
      EXPECT_EQ(o.to_hit.max(), c.at("derived").at("mhit_before_roll").get<i64>());
      ++n;
    }
  }
  EXPECT_EQ(n, 6);
}

TEST(Crawl034Golden, PlayerEvasionEveryExample) {
  int n = 0;
  for (const json& c : to_hit_cases().at("player_ev_examples")) {
    SCOPED_TRACE(c.at("id").get<std::string>());
    const json& in = c.at("inputs");
    Player p;
    p.dex = in.at("dex").get<int>();
    p.str = in.at("strength").get<int>();
    p.dodging = in.at("dodging").get<int>() * 100;
    p.armor_skill = in.at("armour").get<int>() * 100;
    if (in.at("body").get<std::string>() != "none") p.body = lookup_armor(in.at("body").get<std::string>());
    if (!in.at("shield").is_null()) p.shield = lookup_armor(in.at("shield").get<std::string>());
    p.shields = in.at("shields").get<int>() * 100;
    EXPECT_EQ(player_ev100(p), c.at("ev100").get<i64>());
    const Pmf ev = player_ev_pmf(p);
    for (const auto& [v, q] : c.at("ev_distribution").items())
      EXPECT_NEAR(ev[std::stoll(v)], fraction(q.get<std::string>()), 1e-12) << v;
    EXPECT_EQ(ev.width(), c.at("ev_distribution").size());
    ++n;
  }
  EXPECT_EQ(n, 4);
}

TEST(Crawl034Golden, DamageEveryCase) {
  int n = 0;
  for (const json& c : damage_cases().at("cases")) {
    SCOPED_TRACE(c.at("id").get<std::string>());
    const json& in = c.at("inputs");
    AttackPlan plan;
    if (in.contains("dex")) {
      const Player p = golden_player(in);
      auto [m, s] = golden_target(in);
      EXPECT_EQ(m.ac, c.at("derived").at("monster_ac").get<int>());
      plan = plan_attack({p}, {m}, s);
    } else {
      const json& a = in.at("attacker");
      Creature m;
      m.attacks = {{"AT_HIT", "AF_PLAIN", a.at("attack_damage").get<int>()}};
      m.weapon = golden_weapon(a.at("weapon"));
      m.enchant = a.at("weapon").value("plus", 0);
      Player p;
      p.ac100 = in.at("player_ac").get<int>() * 100;
      plan = plan_attack({m}, {p}, {});
      EXPECT_EQ(plan.armor.dmax, c.at("derived").at("dmax").get<i64>());
      EXPECT_EQ(gdr_perc(in.at("player_ac").get<i64>()), c.at("derived").at("player_gdr_perc").get<i64>());
    }
    ASSERT_TRUE(plan.damage.has_value());
    const Pmf d = after_armor(plan.damage->exact(), plan.armor.exact());
    EXPECT_NEAR(d.mean(), fraction(c.at("mean_exact").get<std::string>()), 1e-12);
    EXPECT_NEAR(d.mean(), c.at("mean_exact_float").get<double>(), 1e-12);
    const json& dist = c.at("distribution");
    EXPECT_EQ(d.items().size(), dist.size());
    for (const auto& [v, q] : dist.items()) EXPECT_NEAR(d[std::stoll(v)], fraction(q.get<std::string>()), 1e-12) << v;
    // exact_outcome's damage_on_hit is the same distribution.
    const Outcome o = exact_outcome(plan);
    ASSERT_TRUE(o.damage_on_hit.has_value());
    EXPECT_TRUE(o.damage_on_hit->approx_equal(d, 1e-12));
    ++n;
  }
  EXPECT_EQ(n, 3);
}

}  // namespace
}  // namespace fray::crawl_0_34
