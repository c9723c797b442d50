// fray/rules/brogue/ruleset.hpp: the command line (attack, strike, roll, table),
// bad input, the fight layer's kernel and the dice functions.
#include <fray/rules/brogue/ruleset.hpp>

#include <fray/core/dice.hpp>
#include <fray/rules/brogue/attack.hpp>
#include <fray/rules/brogue/rng.hpp>

#include "support/support.hpp"

#include <gtest/gtest.h>

using fray::test::run_cli;

namespace {
std::vector<std::int64_t> golden_stream(std::size_t which, const char* field) {
  const auto g = fray::test::read_json("golden/brogue/rng_stream.json");
  return g.at("streams").at(which).at(field).get<std::vector<std::int64_t>>();
}
}  // namespace

TEST(BrogueCli, AttackJson) {
  const auto r = run_cli({"attack", "--rules", "brogue", "--attacker", "player", "--defender", "vampire_bat", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = r.json();
  EXPECT_EQ(j.at("rules"), "brogue");
  EXPECT_EQ(j.at("hit_percent"), 72);
  EXPECT_DOUBLE_EQ(j.at("p_hit").get<double>(), 0.72);
  EXPECT_EQ(j.at("auto_hit"), false);
  const auto pmf = j.at("damage").at("pmf");
  ASSERT_EQ(pmf.size(), 3u);
  EXPECT_EQ(pmf[0][0], 0);
  EXPECT_NEAR(pmf[0][1].get<double>(), 0.28, 1e-12);
  EXPECT_NEAR(j.at("damage").at("mean").get<double>(), 0.72 * 3.5, 1e-12);
}

TEST(BrogueCli, AttackSituationsAndText) {
  const auto r = run_cli({"attack", "--rules", "brogue", "--attacker", "player", "--defender", "ogre", "--situation",
                          "sleeping", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.json().at("auto_hit"), true);
  EXPECT_EQ(r.json().at("p_hit"), 1.0);
  EXPECT_EQ(r.json().at("damage").at("min"), 15);  // dagger x5
  EXPECT_EQ(r.json().at("damage").at("max"), 20);
  const auto t = run_cli({"attack", "--rules", "brogue", "--attacker", "player", "--defender", "ogre"});
  ASSERT_EQ(t.status, 0);
  EXPECT_NE(t.out.find("hitProbability"), std::string::npos);
}

TEST(BrogueCli, StrikeWithTheGameEngineReproducesItsDraws) {
  // Seed 1: rand_range(0, 99) gives 63 first; with a 72 % chance that hits,
  // and the dagger's rand_range(3, 4) is the next draw of the same stream.
  const auto r = run_cli({"strike", "--rules", "brogue", "--attacker", "player", "--defender", "vampire_bat", "--seed",
                          "1", "--count", "50", "--rng", "brogue", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = r.json();
  fray::brogue::BrogueRng g(1);
  std::size_t n = 0;
  for (const auto& s : j.at("strikes")) {
    for (const auto& d : s.at("draws")) {
      const std::string call = d.at("call");
      const std::int64_t lo = call == "rand_range(0, 99)" ? 0 : 3, hi = call == "rand_range(0, 99)" ? 99 : 4;
      EXPECT_EQ(d.at("value").get<std::int64_t>(), g.uniform(lo, hi));
      ++n;
    }
  }
  EXPECT_GT(n, 50u);
  const auto first = golden_stream(0, "rand_range_0_99");
  EXPECT_EQ(j.at("strikes")[0].at("draws")[0].at("value"), first[0]);
  // Same seed, same output; the default engine differs.
  EXPECT_EQ(run_cli({"strike", "--rules", "brogue", "--attacker", "player", "--defender", "vampire_bat", "--seed", "1",
                     "--count", "50", "--rng", "brogue", "--json"}).out, r.out);
  const auto d = run_cli({"strike", "--rules", "brogue", "--attacker", "player", "--defender", "vampire_bat", "--seed",
                          "1", "--count", "5"});
  ASSERT_EQ(d.status, 0) << d.err;
  EXPECT_NE(d.out.find("rand_range(0,99)"), std::string::npos);
}

TEST(BrogueCli, RollWithTheGameEngine) {
  const auto clump = golden_stream(0, "randClumpedRange_0_10_3");
  const auto r = run_cli({"roll", "brogue_clump(0,10,3)", "--rng", "brogue", "--seed", "1", "--count", "100", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.json().at("rolls").get<std::vector<std::int64_t>>(), clump);
  const auto d6 = run_cli({"roll", "1d6", "--rng", "brogue", "--seed", "1", "--count", "100", "--json"});
  EXPECT_EQ(d6.json().at("rolls").get<std::vector<std::int64_t>>(), golden_stream(0, "rand_range_1_6"));
  const auto pc = run_cli({"roll", "brogue_percent(50)", "--rng", "brogue", "--seed", "1", "--count", "100", "--json"});
  EXPECT_EQ(pc.json().at("rolls").get<std::vector<std::int64_t>>(), golden_stream(0, "rand_percent_50"));
}

TEST(BrogueCli, Table) {
  const auto r = run_cli({"table", "--rules", "brogue", "enchant-for-hit", "--percent", "50,66,75,90,95,100", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto rows = r.json().at("rows");
  ASSERT_EQ(rows.size(), 10u);
  EXPECT_EQ(rows[0].at("monster"), "vampire_bat");
  EXPECT_EQ(rows[0].at("values").at("50"), -5.5);
  EXPECT_EQ(rows[0].at("values").at("66"), -1.25);
  const auto a = run_cli({"table", "--rules", "brogue", "armor-for-hit", "--percent", "50,2", "--attacker",
                          "vampire_bat,bog_monster", "--reachable", "--json"});
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.json().at("rows")[0].at("values").at("50"), 5.5);
  EXPECT_TRUE(a.json().at("rows")[1].at("values").at("2").is_null());
  const auto t = run_cli({"table", "--rules", "brogue", "armor-for-hit"});
  ASSERT_EQ(t.status, 0);
  EXPECT_NE(t.out.find("dragon"), std::string::npos);
}

TEST(BrogueCli, BadInputExitsTwo) {
  const std::vector<std::vector<std::string>> bad = {
      {"attack", "--rules", "brogue", "--attacker", "player", "--defender", "dragonn"},
      {"attack", "--rules", "brogue", "--attacker", "player:colour=red", "--defender", "rat"},
      {"attack", "--rules", "brogue", "--attacker", "rat:weakness=-1", "--defender", "player"},
      {"attack", "--rules", "brogue", "--attacker", "rat:damage=5-2/1", "--defender", "player"},
      {"attack", "--rules", "brogue", "--attacker", "player:net_enchant=abc", "--defender", "rat"},
      {"attack", "--rules", "brogue", "--attacker", "player:enchant=1000", "--defender", "rat"},
      {"attack", "--rules", "brogue", "--attacker", "player:enchant=-100", "--defender", "rat"},
      {"attack", "--rules", "brogue", "--attacker", "player", "--defender", "rat", "--situation", "drunk"},
      {"attack", "--rules", "brogue", "--attacker", "ogre", "--defender", "player", "--situation", "sneak"},
      {"strike", "--rules", "brogue", "--attacker", "player", "--defender", "rat", "--rng", "nope"},
      {"table", "--rules", "brogue", "enchant-for-hit", "--defender", "dragonn"},
      {"table", "--rules", "brogue", "enchant-for-hit", "--percent", "150"},
      {"table", "--rules", "brogue", "hp-for-kill"},
      {"roll", "brogue_clump(0,10)", "--rng", "brogue", "--seed", "1"},
  };
  for (const auto& args : bad) {
    const auto r = run_cli(args);
    EXPECT_EQ(r.status, 2) << args[5 < args.size() ? 5 : 0];
    EXPECT_TRUE(r.out.empty());
    EXPECT_EQ(r.err.rfind("fray: error:", 0), 0u) << r.err;
  }
}

TEST(BrogueBout, KernelCarriesAcid) {
  const fray::Ruleset& rs = fray::brogue::ruleset();
  const fray::Bout b = rs.bout({"player:enchant=1", "acid_mound", {}, {}});
  EXPECT_EQ(b.a.hp, 30);
  EXPECT_EQ(b.b.hp, 15);
  EXPECT_EQ(b.a.attack_time, 100);
  EXPECT_EQ(b.time_unit, "ticks");
  ASSERT_TRUE(b.a_hits_b->exact());
  const auto out = b.a_hits_b->outcomes({30, 0}, {15, 0});
  double total = 0, p_wear = 0;
  for (const auto& t : out) {
    total += t.p;
    if (t.damage > 0) {
      EXPECT_EQ(t.attacker_state, 1u);  // one enchant point gone
      p_wear += t.p;
    } else {
      EXPECT_EQ(t.attacker_state, 0u);
    }
  }
  EXPECT_NEAR(total, 1, 1e-12);
  // Player at +1 (net +1.00, accuracy 106) against defense 10: hitProbability.
  EXPECT_NEAR(p_wear, fray::brogue::hit_percent(106, 10) / 100.0, 1e-12);
  // The acid mound's hits eat armour; after one lost point the defense is 25.
  const auto back = b.b_hits_a->outcomes({15, 0}, {30, 0});
  for (const auto& t : back)
    if (t.damage > 0) {
      EXPECT_EQ(fray::brogue::CarriedState::decode(t.defender_state).armor_lost, 1u);
    }
  // Sampling follows the same description.
  fray::Rng rng(3);
  std::map<std::int64_t, std::uint64_t> counts;
  for (int i = 0; i < 50000; ++i) ++counts[b.a_hits_b->sample({30, 0}, {15, 0}, rng).damage];
  std::vector<std::pair<std::int64_t, double>> pairs;
  for (const auto& t : out) pairs.emplace_back(t.damage, t.p);
  EXPECT_GT(fray::test::chi_square_p(fray::Pmf::from_pairs(pairs), counts), 1e-3);
}

TEST(BrogueBout, SeizingAndNotExactCases) {
  const fray::Ruleset& rs = fray::brogue::ruleset();
  const fray::Bout b = rs.bout({"bog_monster", "player", {}, {}});
  const auto first = b.a_hits_b->outcomes({55, 0}, {30, 0});
  ASSERT_EQ(first.size(), 1u);
  EXPECT_EQ(first[0].damage, 0);
  const auto held = first[0].defender_state;
  EXPECT_TRUE(fray::brogue::CarriedState::decode(held).held);
  const auto next = b.a_hits_b->outcomes({55, 0}, {30, held});
  double p_hit = 0;
  for (const auto& t : next) p_hit += t.damage > 0 ? t.p : 0;
  EXPECT_NEAR(p_hit, 1.0, 1e-12);
  EXPECT_FALSE(rs.bout({"vampire_bat", "player", {}, {}}).a_hits_b->exact());
  EXPECT_FALSE(rs.bout({"spider", "player", {}, {}}).a_hits_b->why_not_exact().empty());
  EXPECT_FALSE(rs.bout({"player:weapon=mace,strength=16", "ogre", {}, {}}).a_hits_b->exact());
  EXPECT_EQ(rs.bout({"player:weapon=rapier", "ogre", {}, {}}).a.attack_time, 50);
  EXPECT_EQ(rs.bout({"player", "ogre", {}, {}}).b.attack_time, 200);
  EXPECT_THROW((void)rs.bout({"player", "accuracy=100,defense=0,damage=1-3/1", {}, {}}), fray::Error);  // no hp
}

TEST(BrogueDice, FunctionsAndEngine) {
  const fray::DiceFunctions& fns = fray::all_dice_functions();
  const auto d = fray::Dice::parse("brogue_clump(0,10,3)", fns);
  EXPECT_TRUE(d.exact().approx_equal(fray::brogue::clumped_pmf({0, 10, 3})));
  EXPECT_NEAR(fray::Dice::parse("brogue_percent(30)", fns).exact()[1], 0.3, 1e-12);
  auto e = fray::make_engine("brogue", 1);
  fray::brogue::BrogueRng g(1);
  EXPECT_EQ(e->next(), g.next());
  EXPECT_THROW((void)fray::Dice::parse("brogue_clump(0,10,5000)", fns).exact(), fray::Error);
}
