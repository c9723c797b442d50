// The epixx ruleset through the typed API and the command line (attack,
// strike, turn, catalogs) and the fight layer's kernel (bout).
#include <gtest/gtest.h>

#include <cmath>
#include <fray/core/budget.hpp>
#include <fray/fight/solve.hpp>
#include <fray/rules/epixx/attack.hpp>
#include <fray/rules/epixx/fight.hpp>
#include <fray/rules/epixx/ruleset.hpp>
#include <map>
#include <set>

#include "support/support.hpp"

namespace fray::epixx {
namespace {

double pmf_at(const nlohmann::json& pmf, std::int64_t v) {
  for (const auto& e : pmf["pmf"])
    if (e[0].get<std::int64_t>() == v) return e[1].get<double>();
  return 0;
}

// The probability of an outcome kind in an attack's or a turn attack's "outcomes".
double kind_p(const nlohmann::json& outcomes, const std::string& kind) {
  for (const auto& o : outcomes)
    if (o["kind"] == kind) return o["p"].get<double>();
  ADD_FAILURE() << "no outcome kind " << kind;
  return -1;
}

TEST(EpixxCli, AttackJson) {
  const auto r = test::run_cli({"attack", "--rules", "epixx", "--attacker", "str=0,weapon=1d6", "--defender",
                                "str=1,agi=1,weapon=1d8,shield=1-2,dodge_cap=2,resist_body=1", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = r.json();
  EXPECT_EQ(j["rules"], "epixx");
  const auto& o = j["outcomes"];
  ASSERT_EQ(o.size(), 6u);
  EXPECT_NEAR(kind_p(o, "miss"), 15.0 / 36, 1e-15);
  EXPECT_NEAR(kind_p(o, "dodge"), 6.0 / 36, 1e-15);
  EXPECT_NEAR(kind_p(o, "block"), 5.0 / 36, 1e-15);
  EXPECT_NEAR(kind_p(o, "parry"), 0.0, 1e-15);
  EXPECT_NEAR(kind_p(o, "hit"), 9.0 / 36, 1e-15);
  EXPECT_NEAR(kind_p(o, "critical"), 1.0 / 36, 1e-15);
  double total = 0;
  for (const auto& k : o) {
    total += k["p"].get<double>();
    EXPECT_EQ(k["lands"].get<bool>(), k["kind"] == "hit" || k["kind"] == "critical");
  }
  EXPECT_NEAR(total, 1.0, 1e-15);
  EXPECT_NEAR(j["p_hit"].get<double>(), 10.0 / 36, 1e-15);
  // Body hits: 1d6 - 1 (9/36), head: 1d6 (1/36).
  EXPECT_NEAR(pmf_at(j["damage"], 0), 26.0 / 36 + 9.0 / 36 / 6, 1e-15);
  EXPECT_NEAR(pmf_at(j["damage"], 6), 1.0 / 36 / 6, 1e-15);
  EXPECT_NEAR(pmf_at(j["damage_on_hit"], 0), 0.9 / 6, 1e-15);
  EXPECT_NEAR(pmf_at(j["damage_on_hit"], 6), 0.1 / 6, 1e-15);
  EXPECT_NEAR(j["mean_damage"].get<double>(), j["damage"]["mean"].get<double>(), 1e-15);
  EXPECT_EQ(j["attack_time"].get<double>(), 1.0);
  EXPECT_EQ(j["time_unit"], "turns");
  EXPECT_EQ(j["attacker"]["name"], "str=0,weapon=1d6");
  EXPECT_EQ(j["defender"]["dodge"], 1);
  EXPECT_EQ(j["defender"]["block"], 1);
  // O and D under the names every game gives them: 2D6 + 0 vs 7 + dodge 1 + block 1.
  EXPECT_EQ(j["attacker"]["accuracy"], 0);
  EXPECT_EQ(j["defender"]["evasion"], 2);
  EXPECT_FALSE(j["attacker"].contains("offense"));
  // Defender STA 0: P(confused | crit) = sum over U = 1..6 of P(2D6 <= 6 + U) / 6.
  const auto& d = j["details"];
  EXPECT_NEAR(d["p_confused"].get<double>(), (21 + 26 + 30 + 33 + 35 + 36) / 36.0 / 6 / 36, 1e-15);
  EXPECT_NEAR(d["p_critical"].get<double>(), 1.0 / 36, 1e-15);
  EXPECT_GT(d["confusion_mean_turns_if_critical"].get<double>(), d["confusion_mean_turns"].get<double>());
  EXPECT_EQ(d["kind"], "melee");
  EXPECT_EQ(d["offense"], 0);
  EXPECT_EQ(d["base"], 7);
  EXPECT_EQ(d["crit_threshold"], 12);
  EXPECT_EQ(d["weapon"], "1d6");
  EXPECT_EQ(d["resist_body"], 1);
  EXPECT_FALSE(j["notes"].empty());
  // The human report shows the same numbers, and names the damage after resistance as such.
  const auto t = test::run_cli({"attack", "--rules", "epixx", "--attacker", "str=0,weapon=1d6", "--defender",
                                "str=1,agi=1,weapon=1d8,shield=1-2,dodge_cap=2,resist_body=1"});
  ASSERT_EQ(t.status, 0);
  EXPECT_NE(t.out.find("block 5/36"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("hit 9/36, critical 1/36"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("2D6 +0 vs 7 + dodge 1 + block 1 = 9"), std::string::npos) << t.out;
}

TEST(EpixxCli, DamageIsLabelledAfterResistance) {
  const std::vector<std::string> attack{"attack", "--rules",    "epixx",        "--attacker",
                                        "ogre",   "--defender", "human_fighter"};
  const auto a = test::run_cli(attack);
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.out.find("(unresisted)"), std::string::npos) << a.out;
  EXPECT_NE(a.out.find("damage 2d6+5, after resistance body 1 / head 0"), std::string::npos) << a.out;
  const auto t = test::run_cli({"turn", "--defender", "human_fighter", "--attacker", "ogre"});
  ASSERT_EQ(t.status, 0) << t.err;
  EXPECT_EQ(t.out.find("(unresisted)"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("damage after resistance (a miss counts as 0):"), std::string::npos) << t.out;
}

TEST(EpixxCli, RangedAttackFromPositions) {
  const auto r = test::run_cli({"attack", "--rules", "epixx", "--attacker", "agi=1,weapon=1d6", "--defender",
                                "human_fighter", "--kind", "ranged", "--from", "0,0", "--to", "3,4", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = r.json();
  EXPECT_EQ(j["details"]["base"], 10);  // 7 + range 2 + deflect 1
  EXPECT_EQ(j["details"]["range"], 3);
  EXPECT_NEAR(j["p_hit"].get<double>(), 10.0 / 36, 1e-15);
  EXPECT_NEAR(kind_p(j["outcomes"], "dodge"), 0.0, 1e-15);
}

// Positions near the ends of the 64-bit range: their difference was taken in
// 64 bits and wrapped (INT64_MAX - INT64_MIN is -1), so points 2^64 apart
// read as one cell apart, range modifier 0, and UBSan reported the overflow.
TEST(EpixxRange, FarPositionsAreRefusedNotWrapped) {
  const Ruleset& rs = ruleset();
  const auto range_of = [&](const std::string& from, const std::string& to) {
    return rs.attack({"agi=1,weapon=1d6", "human_fighter", {}, {{"kind", "ranged"}, {"from", from}, {"to", to}}});
  };
  const std::string lo = "-9223372036854775808", hi = "9223372036854775807";
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
           {lo + ",0", hi + ",0"}, {"0," + hi, "0," + lo}, {"0,0", "1000000001,0"}, {"-500000001,0", "500000000,0"}}) {
    try {
      (void)range_of(from, to);
      ADD_FAILURE() << "accepted " << from << " to " << to;
    } catch (const Error& e) {
      EXPECT_EQ(std::string(e.what()), "--from " + from + " and --to " + to +
                                           " are too far apart: the coordinates may differ by at most 1000000000")
          << e.what();
    }
  }
  // At the limit: isqrt(2 x 10^18) = 1 414 213 562, halved; the base is 7 + that + deflect 1.
  const AttackSummary s = range_of("0,0", "1000000000,-1000000000");
  EXPECT_EQ(s.p_hit, 0.0);
  const Value* range = find_field(s.details, "range");
  ASSERT_NE(range, nullptr);
  EXPECT_EQ(*range, Value{std::int64_t{707106781 + 1}});
  EXPECT_EQ(range_modifier(max_range_offset, -max_range_offset), 707106781);
}

TEST(EpixxCli, IncapacitatedAndInvisible) {
  auto r = test::run_cli({"attack", "--rules", "epixx", "--attacker", "ogre", "--defender", "human_fighter",
                          "--situation", "incapacitated", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_DOUBLE_EQ(r.json()["p_hit"].get<double>(), 1.0);
  EXPECT_NEAR(kind_p(r.json()["outcomes"], "critical"), 0.5, 1e-15);
  EXPECT_EQ(r.json()["details"]["chm"], 2);
  r = test::run_cli({"attack", "--rules", "epixx", "--attacker", "str=0", "--defender", "human_fighter", "--situation",
                     "invisible_attacker", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NEAR(r.json()["p_hit"].get<double>(), 21.0 / 36, 1e-15);
}

TEST(EpixxCli, TurnJson) {
  const auto r = test::run_cli({"turn", "--rules", "epixx", "--defender", "str=1,agi=1,shield=1-3", "--attacker",
                                "str=0", "--attacker", "str=0", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = r.json();
  EXPECT_EQ(j["rules"], "epixx");
  EXPECT_EQ(j["kind"], "melee");
  ASSERT_EQ(j["attacks"].size(), 2u);
  EXPECT_NEAR(j["attacks"][0]["p_hit"].get<double>(), 10.0 / 36, 1e-15);
  EXPECT_NEAR(kind_p(j["attacks"][0]["outcomes"], "block"), 5.0 / 36, 1e-15);
  EXPECT_NEAR(kind_p(j["attacks"][1]["outcomes"], "block"), (25.0 * 5 + 6.0 * 6) / 1296, 1e-15);
  EXPECT_NEAR(pmf_at(j["hits"], 0), 23.0 / 48, 1e-15);
  EXPECT_NEAR(pmf_at(j["hits"], 1), 575.0 / 1296, 1e-15);
  EXPECT_NEAR(pmf_at(j["hits"], 2), 25.0 / 324, 1e-15);
  EXPECT_TRUE(j["damage"].contains("pmf"));
  EXPECT_TRUE(j["damage"].contains("mean"));
  EXPECT_NEAR(j["mean_damage"].get<double>(), j["damage"]["mean"].get<double>(), 1e-15);
  EXPECT_GE(j["p_confused"].get<double>(), 0.0);
  // --rules defaults to epixx, the only ruleset with per-turn defenses.
  const auto t =
      test::run_cli({"turn", "--defender", "duellist", "--attacker", "ogre", "--attacker", "human_fighter:str=2"});
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
  EXPECT_EQ(j["engine"], "default");
  EXPECT_EQ(j["traced"], 50);
  ASSERT_EQ(j["strikes"].size(), 50u);
  std::int64_t total = 0;
  std::uint64_t hits = 0;
  for (const auto& s : j["strikes"]) {
    const auto& draws = s["draws"];
    ASSERT_GE(draws.size(), 1u);
    EXPECT_EQ(draws[0]["for"], "to-hit");
    EXPECT_EQ(draws[0]["call"], "2d6");
    EXPECT_EQ(s["rolls"]["to_hit_total"].get<int>(), draws[0]["value"].get<int>() + 3);
    EXPECT_EQ(s["hit"].get<bool>(), s["outcome"] == "hit" || s["outcome"] == "critical");
    if (s["hit"].get<bool>()) {
      ++hits;
      ASSERT_GE(draws.size(), 2u);
      EXPECT_EQ(draws[1]["for"], "damage");
      EXPECT_EQ(draws[1]["call"], "2d6");
      const std::int64_t w = draws[1]["value"];
      EXPECT_EQ(s["rolls"]["weapon_roll"].get<std::int64_t>(), w);
      // Ogre 2d6 + 5 two-handed; the duellist has no resistance.
      EXPECT_EQ(s["damage"].get<std::int64_t>(), w + 5);
      EXPECT_EQ(draws.size(), s["outcome"] == "critical" ? 3u : 2u);
      if (s["outcome"] == "critical") {
        EXPECT_EQ(draws[2]["for"], "confusion");
      }
    } else {
      EXPECT_EQ(draws.size(), 1u);
      EXPECT_EQ(s["damage"].get<std::int64_t>(), 0);
    }
    total += s["damage"].get<std::int64_t>();
  }
  EXPECT_EQ(j["total_damage"].get<std::int64_t>(), total);
  EXPECT_EQ(j["hits"].get<std::uint64_t>(), hits);
  // Beyond kMaxTraced strikes are counted, not traced.
  const auto many = test::run_cli({"strike", "--rules", "epixx", "--attacker", "ogre", "--defender", "duellist",
                                   "--seed", "1", "--count", "1500", "--json"});
  ASSERT_EQ(many.status, 0) << many.err;
  EXPECT_EQ(many.json()["traced"], 1000);
  EXPECT_EQ(many.json()["count"], 1500);
}

TEST(EpixxRuleset, TypedAttackAndStrike) {
  const Ruleset& rs = ruleset();
  const AttackSummary s = rs.attack({"human_fighter", "duellist", {}, {}});
  EXPECT_NEAR(s.p_hit, 10.0 / 36, 1e-15);
  EXPECT_EQ(s.attack_time, 1.0);
  EXPECT_EQ(s.time_unit, "turns");
  EXPECT_EQ(rs.options(), (std::vector<std::string>{"kind", "from", "to"}));
  EXPECT_THROW((void)rs.attack({"ogre", "duellist", {}, {{"rng", "x"}}}), Error);
  // The sampled strikes against the exact outcome of the same plan.
  StrikeRequest req{{"ogre", "duellist", {}, {}}, 7, 200'000, "default"};
  const StrikeRun run = rs.strike(req);
  const AttackSummary exact = rs.attack(req.attack);
  EXPECT_EQ(run.strikes.size(), kMaxTraced);
  std::map<std::int64_t, std::uint64_t> kinds;
  for (const auto& k : run.strikes)
    for (std::size_t i = 0; i < exact.outcomes.size(); ++i)
      if (exact.outcomes[i].name == k.outcome) ++kinds[static_cast<std::int64_t>(i)];
  std::vector<std::pair<std::int64_t, double>> w;
  for (std::size_t i = 0; i < exact.outcomes.size(); ++i) w.emplace_back(i, exact.outcomes[i].p);
  EXPECT_GT(test::chi_square_p(Pmf::from_pairs(w), kinds), 1e-3);
  const double n = static_cast<double>(run.count);
  const double p = exact.p_hit;
  EXPECT_NEAR(static_cast<double>(run.hits) / n, p, 5 * std::sqrt(p * (1 - p) / n));
  EXPECT_NEAR(run.mean_damage(), exact.mean_damage(), 5 * exact.damage.stddev() / std::sqrt(n));
}

// A weapon of many dice draws each of them on every hit: strikes and sampled
// fights are charged those draws before the first one (kDrawOps a draw), so
// 10^7 strikes of 20 000 dice (2 x 10^11 draws, minutes) are refused at once,
// while the exact answers, which roll nothing, still come.
TEST(EpixxRuleset, ManyDiceChargedPerDraw) {
  const Ruleset& rs = ruleset();
  const std::string heavy = "str=1,weapon=20000d6";
  EXPECT_NEAR(rs.attack({heavy, "fighter", {}, {}}).p_hit, 15.0 / 36, 1e-15);
  try {
    (void)rs.strike({{heavy, "fighter", {}, {}}, 1, 10'000'000, "default"});
    ADD_FAILURE() << "10^7 strikes of 20000d6 were not refused";
  } catch (const TooLarge& e) {
    EXPECT_NE(std::string(e.what()).find("10000000 strikes with the weapon \"20000d6\""), std::string::npos)
        << e.what();
  }
  // A few strikes fit.
  EXPECT_EQ(rs.strike({{heavy, "fighter", {}, {}}, 1, 10, "default"}).count, 10u);
  // The kernel says what a sampled attack costs; an ordinary weapon adds a few draws.
  const Bout bout = rs.bout({heavy + ",hp=30", "fighter:hp=30", {}, {}});
  EXPECT_DOUBLE_EQ(bout.a_hits_b->extra_sample_ops(), 20000 * kDrawOps);
  EXPECT_LT(bout.b_hits_a->extra_sample_ops(), 10 * kDrawOps);
  // Monte Carlo of that duel is charged its draws: a million fights is refused.
  fight::FightOptions mc;
  mc.method = fight::FightOptions::Method::monte_carlo;
  mc.monte_carlo.sims = 1'000'000;
  EXPECT_THROW((void)fight::solve_duel(bout, mc), TooLarge);
}

TEST(EpixxRuleset, Catalogs) {
  const Ruleset& rs = ruleset();
  EXPECT_EQ(rs.catalogs(), (std::vector<CatalogKind>{CatalogKind::monsters, CatalogKind::classes,
                                                     CatalogKind::situations, CatalogKind::keys}));
  std::set<std::string> creatures;
  for (CatalogKind k : {CatalogKind::monsters, CatalogKind::classes})
    for (const auto& e : rs.catalog(k)) creatures.insert(e.name);
  std::set<std::string> shipped;
  for (const Example& e : examples()) shipped.insert(e.name);
  EXPECT_EQ(creatures, shipped);
  EXPECT_EQ(creatures, (std::set<std::string>{"human_fighter", "duellist", "ogre"}));
  ASSERT_EQ(rs.catalog(CatalogKind::monsters).size(), 1u);
  EXPECT_EQ(rs.catalog(CatalogKind::monsters)[0].name, "ogre");
  // Every situation item and every spec key, each once.
  const auto situations = rs.catalog(CatalogKind::situations);
  EXPECT_EQ(situations.size(), situation_items().size());
  std::set<std::string> sit_names;
  for (const auto& e : situations) sit_names.insert(e.name);
  for (const char* n : {"invisible_defender", "invisible_attacker", "incapacitated", "confused", "natural_crit",
                        "fixed_indexes", "invisible_no_defenses", "confused_defends", "confusion_immediate",
                        "negative_parry", "deflect_spells", "crit_min=N", "level_cap=N", "chm=N"})
    EXPECT_TRUE(sit_names.count(n)) << n;
  const auto keys = rs.catalog(CatalogKind::keys);
  EXPECT_EQ(keys.size(), spec_keys().size());
  for (const auto& k : keys) {
    EXPECT_FALSE(k.description.empty()) << k.name;
    ASSERT_NE(find_field(k.stats, "default"), nullptr) << k.name;
  }
  // Each flag parses, each key is read by parse_combatant.
  for (const SituationItem& i : situation_items())
    EXPECT_NO_THROW((void)parse_situation({std::string(i.name) + (i.takes_value ? "=1" : "")})) << i.name;
  EXPECT_THROW((void)rs.catalog(CatalogKind::weapons), Error);
  EXPECT_THROW((void)rs.catalog(CatalogKind::armors), Error);
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
  // Unknown names suggest the closest.
  const auto suggests = [](std::vector<std::string> args, const std::string& hint) {
    const auto r = test::run_cli(args);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find(hint), std::string::npos) << r.err;
  };
  suggests({"attack", "--rules", "epixx", "--attacker", "ogr", "--defender", "str=0"}, "did you mean 'ogre'");
  suggests({"attack", "--rules", "epixx", "--attacker", "str=0", "--defender", "resist_bdy=1"},
           "did you mean 'resist_body'");
  suggests({"attack", "--rules", "epixx", "--attacker", "str=0", "--defender", "str=0", "--situation", "confusd"},
           "did you mean 'confused'");
  suggests({"attack", "--rules", "epixx", "--attacker", "str=0", "--defender", "str=0", "--kind", "spel"},
           "did you mean 'spell'");
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
    if (fight_state(*b.a_hits_b, t.defender_state).confused_turns > 0) confused += t.p;
    EXPECT_EQ(t.attacker_state, 0u);
  }
  EXPECT_NEAR(total, 1.0, 1e-12);
  EXPECT_NEAR(zero, 10.0 / 36, 1e-12);  // ogre +3 vs d1 b1: miss 3 + dodge 3 + block 4; every hit does >= 6
  EXPECT_GT(confused, 0.0);
  // The kernel reads the plan exact_outcome reads: the same damage and P(confused).
  const Outcome ex =
      exact_outcome(plan_attack(parse_combatant("ogre", "attacker"), parse_combatant("human_fighter", "defender"), {}));
  std::map<std::int64_t, double> by_damage;
  for (const auto& t : out) by_damage[t.damage] += t.p;
  for (const auto& [v, p] : ex.damage.items()) EXPECT_NEAR(by_damage[v], p, 1e-15) << v;
  for (const auto& [v, p] : by_damage) EXPECT_NEAR(ex.damage[v], p, 1e-15) << v;
  EXPECT_NEAR(confused, ex.p_confused, 1e-15);
  // A defender confused this turn has no defenses: every roll but 2 and 3 hits.
  const std::uint32_t confused_now = fight_state_id(*b.a_hits_b, FightState{{false, false, true}, 0});
  const auto conf = b.a_hits_b->outcomes({24, 0}, {12, confused_now});
  double hit = 0;
  for (const auto& t : conf) hit += t.damage > 0 ? t.p : 0;
  EXPECT_NEAR(hit, 33.0 / 36, 1e-12);
  // The attacker's own turn passes: remaining confusion ticks down, defenses return.
  const std::uint32_t three_to_come = fight_state_id(*b.a_hits_b, FightState{{true, true, false}, 3});
  const FightState next =
      fight_state(*b.a_hits_b, b.a_hits_b->outcomes({24, three_to_come}, {12, 0})[0].attacker_state);
  EXPECT_EQ(next, (FightState{{false, false, true}, 2}));
  // Sampling draws from the same kernel.
  Rng rng(99);
  std::map<std::int64_t, std::uint64_t> seen;
  std::map<std::int64_t, double> expected;
  for (const auto& t : out) expected[t.damage] += t.p;
  for (int i = 0; i < 100'000; ++i) ++seen[b.a_hits_b->sample({24, 0}, {12, 0}, rng).damage];
  std::vector<std::pair<std::int64_t, double>> pairs(expected.begin(), expected.end());
  EXPECT_GT(test::chi_square_p(Pmf::from_pairs(pairs), seen), 1e-3);
}

// --- the defaults a spec took, the items, and what the rules make of them -----------------

AttackRequest melee(std::string attacker, std::string defender) {
  return {std::move(attacker), std::move(defender), {}, {}};
}
using fray::test::defaults_of;
using Lines = std::vector<std::string>;

TEST(EpixxRuleset, AnswersSayTheDefaultsTheyRead) {
  const Ruleset& rs = ruleset();
  // An attacker's weapon, hand, level, size and the ability its attack uses; a defender's dodge,
  // stamina (the critical effect check), level, size, and how it holds its weapon (parry).
  EXPECT_EQ(defaults_of(rs.attack(melee("agi=2", "str=1")).notes),
            (Lines{"attacker uses the defaults str=0, level=1, size=0, weapon=1d6, hand=main",
                   "defender uses the defaults agi=0, sta=0, level=1, size=0, weapon_size=medium, hand=main"}));
  // A shield makes the defender's strength count; the examples give what they stand for.
  EXPECT_EQ(defaults_of(rs.attack(melee("ogre", "agi=1,sta=1,shield=1-2")).notes),
            (Lines{"defender uses the defaults str=0, level=1, size=0, weapon_size=medium, hand=main"}));
  EXPECT_EQ(defaults_of(rs.attack(melee("ogre", "duellist")).notes), (Lines{"defender uses the defaults sta=0"}));
  // A spell reads the spell ability; a ranged attack meets no dodge, block or parry.
  AttackRequest spell = melee("level=1,size=0", "level=1,size=0,sta=0");
  spell.options["kind"] = "spell";
  EXPECT_EQ(defaults_of(rs.attack(spell).notes),
            (Lines{"attacker uses the defaults sta=0, weapon=1d6, spell_ability=sta"}));
  EXPECT_EQ(rs.strike({melee("agi=2", "str=1"), 1, 2, "default"}).notes, rs.attack(melee("agi=2", "str=1")).notes);
  // A fight reads both sides whole.
  EXPECT_EQ(defaults_of(rs.bout(melee("ogre:hp=20", "human_fighter")).notes), Lines{});
  EXPECT_EQ(defaults_of(rs.bout(melee("hp=10", "ogre:hp=20")).notes),
            (Lines{"attacker uses the defaults str=0, agi=0, sta=0, level=1, size=0, weapon=1d6, weapon_size=medium, "
                   "hand=main"}));
}

TEST(EpixxRuleset, EquipmentAndWarnings) {
  const Ruleset& rs = ruleset();
  const AttackSummary a =
      rs.attack(melee("str=1,hand=off,weapon=1d4,weapon_size=small", "agi=3,dodge_cap=1,str=3,shield=1-2"));
  EXPECT_EQ(a.equipment, (Lines{"attacker: weapon 1d4 (small, off hand)",
                                "defender: shield 1-2 (deflect 1, block up to 2), helmet or armour (dodge up to 1)"}));
  EXPECT_EQ(a.warnings,
            (Lines{"attacker: an off-hand attack: damage modifier -1 instead of 1 (two times the str penalty, or -1), "
                   "and -2 to hit without talent_offhand (To-Hit Modifiers)",
                   "defender: the helmet or armour caps dodge at 1; agility 3 would give 3 (Max Dodge Modifier)",
                   "defender: the shield caps block at 2; strength 3 would give 3 (Max Block Modifier)"}));
  // With the talent only the damage modifier is left; a strength penalty doubles.
  EXPECT_EQ(
      rs.attack(melee("str=-2,hand=off,talent_offhand", "str=0")).warnings,
      (Lines{"attacker: an off-hand attack: damage modifier -4 instead of -2 (two times the str penalty, or -1)"}));
  // Items an ability too low cannot use: a shield without strength, a parrying weapon without agility.
  EXPECT_EQ(
      rs.attack(melee("str=0", "str=-1,shield=1-2")).warnings,
      (Lines{"defender: the shield blocks nothing: block is the strength bonus, 0 at strength -1 (Block Modifier)"}));
  EXPECT_EQ(rs.attack(melee("str=0", "agi=-1,parry_cap=2")).warnings,
            (Lines{"defender: the parrying weapon parries nothing: parry is half the agility rounded up, 0 at agility "
                   "-1 (Parry Modifier)"}));
  EXPECT_EQ(rs.attack(melee("str=0", "agi=4,parry_cap=1")).warnings,
            (Lines{"defender: the parrying weapon caps parry at 1; agility 4 would give 2 (Max Parry Modifier)"}));
  // The examples: the duellist's parrying dagger (max parry 1) takes all its agility 2 gives.
  EXPECT_TRUE(rs.attack(melee("ogre", "duellist")).warnings.empty());
  // A ranged attack meets none of the defenses, and no hand.
  AttackRequest ranged = melee("agi=1,hand=off", "agi=3,dodge_cap=1");
  ranged.options["kind"] = "ranged";
  EXPECT_TRUE(rs.attack(ranged).warnings.empty());
  EXPECT_EQ(rs.attack(ranged).equipment,
            (Lines{"attacker: ranged weapon 1d6", "defender: helmet or armour (dodge up to 1)"}));
  // strike carries them; a fight gives both sides'.
  const auto s = rs.strike({melee("str=1,hand=off", "agi=3,dodge_cap=1"), 1, 2, "default"});
  const auto e = rs.attack(melee("str=1,hand=off", "agi=3,dodge_cap=1"));
  EXPECT_EQ(s.equipment, e.equipment);
  EXPECT_EQ(s.warnings, e.warnings);
  EXPECT_EQ(rs.bout(melee("hp=10,str=1,hand=off,agi=3,dodge_cap=1", "hp=10,str=-1,shield=1-2")).warnings,
            (Lines{"attacker: an off-hand attack: damage modifier -1 instead of 1 (two times the str penalty, or -1), "
                   "and -2 to hit without talent_offhand (To-Hit Modifiers)",
                   "attacker: the helmet or armour caps dodge at 1; agility 3 would give 3 (Max Dodge Modifier)",
                   "defender: the shield blocks nothing: block is the strength bonus, 0 at strength -1 (Block "
                   "Modifier)"}));
}

}  // namespace
}  // namespace fray::epixx
