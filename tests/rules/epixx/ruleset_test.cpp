// The epixx ruleset through the command line (attack, strike, turn) and the
// fight layer's kernel (bout).
#include <gtest/gtest.h>

#include <cmath>
#include <fray/rules/epixx/ruleset.hpp>
#include <map>

#include "support/support.hpp"

namespace fray::epixx {
namespace {

double pmf_at(const nlohmann::json& pmf, std::int64_t v) {
  for (const auto& e : pmf["pmf"])
    if (e[0].get<std::int64_t>() == v) return e[1].get<double>();
  return 0;
}

TEST(EpixxCli, AttackJson) {
  const auto r = test::run_cli({"attack", "--rules", "epixx", "--attacker", "str=0,weapon=1d6", "--defender",
                                "str=1,agi=1,weapon=1d8,shield=1-2,dodge_cap=2,resist_body=1", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = r.json();
  EXPECT_EQ(j["rules"], "epixx");
  const auto& o = j["outcomes"];
  EXPECT_NEAR(o["miss"].get<double>(), 15.0 / 36, 1e-15);
  EXPECT_NEAR(o["dodge"].get<double>(), 6.0 / 36, 1e-15);
  EXPECT_NEAR(o["block"].get<double>(), 5.0 / 36, 1e-15);
  EXPECT_NEAR(o["parry"].get<double>(), 0.0, 1e-15);
  EXPECT_NEAR(o["hit"].get<double>(), 10.0 / 36, 1e-15);
  EXPECT_NEAR(o["crit"].get<double>(), 1.0 / 36, 1e-15);
  EXPECT_NEAR(j["p_hit"].get<double>(), 10.0 / 36, 1e-15);
  // Body hits: 1d6 - 1 (9/36), head: 1d6 (1/36).
  EXPECT_NEAR(pmf_at(j["damage"], 0), 26.0 / 36 + 9.0 / 36 / 6, 1e-15);
  EXPECT_NEAR(pmf_at(j["damage"], 6), 1.0 / 36 / 6, 1e-15);
  // Defender STA 0: P(confused | crit) = sum over U = 1..6 of P(2D6 <= 6 + U) / 6.
  EXPECT_NEAR(j["confusion"]["p"].get<double>(), (21 + 26 + 30 + 33 + 35 + 36) / 36.0 / 6 / 36, 1e-15);
  EXPECT_NEAR(pmf_at(j["confusion"]["turns"], 0), 1 - j["confusion"]["p"].get<double>(), 1e-15);
  // The human report shows the same numbers.
  const auto t = test::run_cli({"attack", "--rules", "epixx", "--attacker", "str=0,weapon=1d6", "--defender",
                                "str=1,agi=1,weapon=1d8,shield=1-2,dodge_cap=2,resist_body=1"});
  ASSERT_EQ(t.status, 0);
  EXPECT_NE(t.out.find("block  0.1389 (5/36)"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("hit    0.2778 (10/36)"), std::string::npos) << t.out;
}

TEST(EpixxCli, RangedAttackFromPositions) {
  const auto r = test::run_cli({"attack", "--rules", "epixx", "--attacker", "agi=1,weapon=1d6", "--defender",
                                "human_fighter", "--kind", "ranged", "--from", "0,0", "--to", "3,4", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = r.json();
  EXPECT_EQ(j["attack"]["base"], 10);  // 7 + range 2 + deflect 1
  EXPECT_NEAR(j["outcomes"]["hit"].get<double>(), 10.0 / 36, 1e-15);
  EXPECT_NEAR(j["outcomes"]["dodge"].get<double>(), 0.0, 1e-15);
}

TEST(EpixxCli, IncapacitatedAndInvisible) {
  auto r = test::run_cli({"attack", "--rules", "epixx", "--attacker", "ogre", "--defender", "human_fighter",
                          "--situation", "incapacitated", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_DOUBLE_EQ(r.json()["outcomes"]["hit"].get<double>(), 1.0);
  EXPECT_NEAR(r.json()["outcomes"]["crit"].get<double>(), 0.5, 1e-15);
  r = test::run_cli({"attack", "--rules", "epixx", "--attacker", "str=0", "--defender", "human_fighter", "--situation",
                     "invisible_attacker", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NEAR(r.json()["outcomes"]["hit"].get<double>(), 21.0 / 36, 1e-15);
}

TEST(EpixxCli, TurnJson) {
  const auto r = test::run_cli({"turn", "--rules", "epixx", "--defender", "str=1,agi=1,shield=1-3", "--attacker",
                                "str=0", "--attacker", "str=0", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = r.json();
  EXPECT_EQ(j["rules"], "epixx");
  ASSERT_EQ(j["attacks"].size(), 2u);
  EXPECT_NEAR(j["attacks"][0]["outcomes"]["hit"].get<double>(), 10.0 / 36, 1e-15);
  EXPECT_NEAR(pmf_at(j["hits"], 0), 23.0 / 48, 1e-15);
  EXPECT_NEAR(pmf_at(j["hits"], 1), 575.0 / 1296, 1e-15);
  EXPECT_NEAR(pmf_at(j["hits"], 2), 25.0 / 324, 1e-15);
  EXPECT_TRUE(j["damage"].contains("pmf"));
  EXPECT_TRUE(j["damage"].contains("mean"));
  const auto t = test::run_cli({"turn", "--rules", "epixx", "--defender", "duellist", "--attacker", "ogre",
                                "--attacker", "human_fighter:str=2"});
  ASSERT_EQ(t.status, 0) << t.err;
  EXPECT_NE(t.out.find("attack 2 (human_fighter:str=2)"), std::string::npos) << t.out;
}

TEST(EpixxCli, StrikeIsSeededAndTraced) {
  const std::vector<std::string> args{"strike",   "--rules", "epixx", "--attacker", "ogre", "--defender",
                                      "duellist", "--seed",  "42",    "--count",    "50",   "--json"};
  const auto a = test::run_cli(args), b = test::run_cli(args);
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  const auto j = a.json();
  ASSERT_EQ(j["strikes"].size(), 50u);
  std::int64_t total = 0;
  for (const auto& s : j["strikes"]) {
    const int d0 = s["dice"][0], d1 = s["dice"][1];
    EXPECT_EQ(s["total"].get<int>(), d0 + d1 + 3);
    if (s["outcome"] == "hit") {
      EXPECT_TRUE(s.contains("weapon_roll"));
      const std::int64_t w = s["weapon_roll"];
      // Ogre 2d6 + 5 two-handed; the duellist has no resistance.
      EXPECT_EQ(s["damage"].get<std::int64_t>(), w + 5);
    } else {
      EXPECT_EQ(s["damage"].get<std::int64_t>(), 0);
    }
    total += s["damage"].get<std::int64_t>();
  }
  EXPECT_EQ(j["damage_total"].get<std::int64_t>(), total);
}

TEST(EpixxCli, BadInputExitsTwo) {
  const auto bad = [](std::vector<std::string> args) {
    const auto r = test::run_cli(args);
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_EQ(r.err.rfind("fray: error:", 0), 0u) << r.err;
  };
  const auto attack = [&](const std::string& att, const std::string& def, std::vector<std::string> extra = {}) {
    std::vector<std::string> a{"attack", "--rules", "epixx", "--attacker", att, "--defender", def};
    a.insert(a.end(), extra.begin(), extra.end());
    bad(a);
  };
  attack("str=1,colour=red", "str=0");
  attack("hand=left", "str=0");
  attack("weapon=2d", "str=0");
  attack("str=0", "dodge_cap=-1");
  attack("str=0", "parry_cap=-2");
  attack("str=0", "str=0", {"--kind", "thrown"});
  attack("str=0", "str=0", {"--situation", "sleeping"});
  attack("str=0", "str=0", {"--kind", "ranged", "--from", "0,0"});
  attack("str=0", "str=0", {"--from", "0,0", "--to", "1,1"});
  attack("str=0", "str=0", {"--kind", "ranged", "--from", "a,b", "--to", "1,1"});
  attack("nobody", "str=0");
  attack("weapon=1000000d1000000", "str=0");
  bad({"turn", "--rules", "epixx", "--defender", "str=0", "--attacker", "hand=left"});
  bad({"turn", "--rules", "brogue", "--defender", "str=0", "--attacker", "str=0"});
  attack("str=0", "str=0", {"--situation", "crit_min=x"});
  attack("str=0", "str=0", {"--situation", "chm=1000"});
  std::vector<std::string> wide{"turn", "--rules", "epixx", "--defender", "str=0"};
  for (int i = 0; i < 8; ++i) wide.insert(wide.end(), {"--attacker", "weapon=100d100"});
  bad(wide);
}

TEST(EpixxBout, KernelAndSampling) {
  const Ruleset& rs = ruleset();
  EXPECT_THROW((void)rs.bout({"str=0", "str=0", {}, {}}), Error);  // no hp
  const Bout b = rs.bout({"ogre", "human_fighter", {}, {}});
  EXPECT_EQ(b.a.hp, 24);
  EXPECT_EQ(b.b.hp, 12);
  EXPECT_DOUBLE_EQ(b.a.attack_time, 1.0);
  ASSERT_TRUE(b.a_hits_b->exact());
  // From fresh states: the outcome probabilities are those of `attack`.
  const auto out = b.a_hits_b->outcomes({24, 0}, {12, 0});
  double total = 0, zero = 0, confused = 0;
  for (const auto& t : out) {
    total += t.p;
    if (t.damage == 0) zero += t.p;
    if ((t.defender_state >> 3) > 0) confused += t.p;
    EXPECT_EQ(t.attacker_state, 0u);
  }
  EXPECT_NEAR(total, 1.0, 1e-12);
  EXPECT_NEAR(zero, 10.0 / 36, 1e-12);  // ogre +3 vs d1 b1: miss 3 + dodge 3 + block 4; every hit does >= 6
  EXPECT_GT(confused, 0.0);
  // A defender confused this turn has no defences: every roll but 2 and 3 hits.
  const auto conf = b.a_hits_b->outcomes({24, 0}, {12, 4});
  double hit = 0;
  for (const auto& t : conf) hit += t.damage > 0 ? t.p : 0;
  EXPECT_NEAR(hit, 33.0 / 36, 1e-12);
  // The attacker's own turn passes: remaining confusion ticks down, defences return.
  EXPECT_EQ(b.a_hits_b->outcomes({24, (3u << 3) | 3u}, {12, 0})[0].attacker_state, (2u << 3) | 4u);
  // Sampling draws from the same kernel.
  Rng rng(99);
  std::map<std::int64_t, std::uint64_t> seen;
  std::map<std::int64_t, double> expected;
  for (const auto& t : out) expected[t.damage] += t.p;
  for (int i = 0; i < 100'000; ++i) ++seen[b.a_hits_b->sample({24, 0}, {12, 0}, rng).damage];
  std::vector<std::pair<std::int64_t, double>> pairs(expected.begin(), expected.end());
  EXPECT_GT(test::chi_square_p(Pmf::from_pairs(pairs), seen), 1e-3);
}

}  // namespace
}  // namespace fray::epixx
