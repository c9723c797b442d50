// fray/rules/brogue/ruleset.hpp: the command line (attack, strike, roll, table),
// bad input, the fight layer's kernel and the dice functions.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fray/core/dice.hpp>
#include <fray/fight/exact.hpp>
#include <fray/fight/monte_carlo.hpp>
#include <fray/fight/solve.hpp>
#include <fray/rules/brogue/attack.hpp>
#include <fray/rules/brogue/fight.hpp>
#include <fray/rules/brogue/rng.hpp>
#include <fray/rules/brogue/ruleset.hpp>
#include <fray/rules/spec.hpp>
#include <string>
#include <vector>

#include "support/support.hpp"

using fray::test::run_cli;

namespace {
std::vector<std::int64_t> golden_stream(std::size_t which, const char* field) {
  const auto g = fray::test::read_json("golden/brogue/rng_stream.json");
  return g.at("streams").at(which).at(field).get<std::vector<std::int64_t>>();
}
}  // namespace

TEST(BrogueCli, AttackJson) {
  const auto r =
      run_cli({"attack", "--rules", "brogue", "--attacker", "player", "--defender", "vampire_bat", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = r.json();
  EXPECT_EQ(j.at("rules"), "brogue");
  EXPECT_DOUBLE_EQ(j.at("p_hit").get<double>(), 0.72);
  const auto details = j.at("details");
  EXPECT_EQ(details.at("hit_percent"), 72);
  EXPECT_EQ(details.at("auto_hit"), false);
  EXPECT_EQ(details.at("draws_to_hit"), true);
  EXPECT_EQ(details.at("damage_roll_lo"), 3);
  EXPECT_EQ(details.at("damage_roll_hi"), 4);
  EXPECT_EQ(details.at("damage_roll_clump"), 1);
  EXPECT_EQ(details.at("multiplier"), 1);
  EXPECT_EQ(details.at("factor"), 65536);
  const auto outcomes = j.at("outcomes");
  ASSERT_EQ(outcomes.size(), 2u);
  EXPECT_EQ(outcomes[0].at("kind"), "miss");
  EXPECT_EQ(outcomes[1].at("kind"), "hit");
  EXPECT_EQ(outcomes[1].at("lands"), true);
  EXPECT_DOUBLE_EQ(outcomes[1].at("p").get<double>(), 0.72);
  const auto pmf = j.at("damage").at("pmf");
  ASSERT_EQ(pmf.size(), 3u);
  EXPECT_EQ(pmf[0][0], 0);
  EXPECT_NEAR(pmf[0][1].get<double>(), 0.28, 1e-12);
  EXPECT_NEAR(j.at("damage").at("mean").get<double>(), 0.72 * 3.5, 1e-12);
  EXPECT_NEAR(j.at("mean_damage").get<double>(), 0.72 * 3.5, 1e-12);
  EXPECT_EQ(j.at("damage_on_hit").at("min"), 3);
  EXPECT_EQ(j.at("attack_time"), 100);
  EXPECT_EQ(j.at("time_unit"), "ticks");
  EXPECT_EQ(j.at("attacker").at("accuracy"), 100);
  EXPECT_EQ(j.at("attacker").at("weapon"), "dagger");
  EXPECT_EQ(j.at("attacker").at("net_enchant"), 0.0);
  // Brogue's defense is the evasion of every game's side stats; its own name stays in the details.
  EXPECT_EQ(j.at("defender").at("evasion"), 25);
  EXPECT_FALSE(j.at("defender").contains("defense"));
  EXPECT_EQ(j.at("details").at("defense"), 25);
  EXPECT_TRUE(j.at("notes").is_array());
}

TEST(BrogueCli, AttackSituationsAndText) {
  const auto r = run_cli({"attack", "--rules", "brogue", "--attacker", "player", "--defender", "ogre", "--situation",
                          "sleeping", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.json().at("details").at("auto_hit"), true);
  EXPECT_EQ(r.json().at("details").at("multiplier"), 5);
  EXPECT_EQ(r.json().at("p_hit"), 1.0);
  EXPECT_EQ(r.json().at("outcomes").size(), 1u);
  EXPECT_EQ(r.json().at("damage").at("min"), 15);  // dagger x5
  EXPECT_EQ(r.json().at("damage").at("max"), 20);
  // The British spelling is still accepted.
  const auto b = run_cli({"attack", "--rules", "brogue", "--attacker", "ogre", "--defender", "player", "--situation",
                          "paralysed", "--json"});
  ASSERT_EQ(b.status, 0) << b.err;
  EXPECT_EQ(b.json().at("details").at("multiplier"), 3);
  const auto t = run_cli({"attack", "--rules", "brogue", "--attacker", "player", "--defender", "ogre"});
  ASSERT_EQ(t.status, 0);
  EXPECT_NE(t.out.find("hitProbability"), std::string::npos);
  EXPECT_NE(t.out.find("randClumpedRange(3, 4, 1)"), std::string::npos);
  // A bloat never attacks: one outcome, no_attack.
  const auto n = run_cli({"attack", "--rules", "brogue", "--attacker", "bloat", "--defender", "player", "--json"});
  ASSERT_EQ(n.status, 0) << n.err;
  EXPECT_EQ(n.json().at("outcomes")[0].at("kind"), "no_attack");
  EXPECT_EQ(n.json().at("p_hit"), 0.0);
}

TEST(BrogueCli, StrikeWithTheGameEngineReproducesItsDraws) {
  // Seed 1: rand_range(0, 99) gives 63 first; with a 72 % chance that hits,
  // and the dagger's rand_range(3, 4) is the next draw of the same stream.
  const auto r = run_cli({"strike", "--rules", "brogue", "--attacker", "player", "--defender", "vampire_bat", "--seed",
                          "1", "--count", "50", "--rng", "brogue", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = r.json();
  EXPECT_EQ(j.at("engine"), "brogue");
  EXPECT_EQ(j.at("traced"), 50);
  fray::brogue::BrogueRng g(1);
  std::size_t n = 0;
  std::int64_t total = 0;
  for (const auto& s : j.at("strikes")) {
    for (const auto& d : s.at("draws")) {
      const std::string call = d.at("call");
      const bool to_hit = call == "rand_range(0, 99)";
      EXPECT_EQ(d.at("for"), to_hit ? "to-hit" : "damage");
      const std::int64_t lo = to_hit ? 0 : 3, hi = to_hit ? 99 : 4;
      EXPECT_EQ(d.at("value").get<std::int64_t>(), g.uniform(lo, hi));
      ++n;
    }
    EXPECT_EQ(s.at("outcome"), s.at("hit").get<bool>() ? "hit" : "miss");
    EXPECT_EQ(s.at("rolls").at("roll"), s.at("damage"));
    total += s.at("damage").get<std::int64_t>();
  }
  EXPECT_GT(n, 50u);
  EXPECT_EQ(j.at("total_damage"), total);
  const auto first = golden_stream(0, "rand_range_0_99");
  EXPECT_EQ(j.at("strikes")[0].at("draws")[0].at("value"), first[0]);
  // Same seed, same output; the default engine differs.
  EXPECT_EQ(run_cli({"strike", "--rules", "brogue", "--attacker", "player", "--defender", "vampire_bat", "--seed", "1",
                     "--count", "50", "--rng", "brogue", "--json"})
                .out,
            r.out);
  const auto d = run_cli({"strike", "--rules", "brogue", "--attacker", "player", "--defender", "vampire_bat", "--seed",
                          "1", "--count", "5"});
  ASSERT_EQ(d.status, 0) << d.err;
  EXPECT_NE(d.out.find("rand_range(0, 99)"), std::string::npos);
}

TEST(BrogueCli, StrikeTracesTheFirstThousand) {
  const auto r = run_cli({"strike", "--rules", "brogue", "--attacker", "ogre", "--defender", "player", "--seed", "7",
                          "--count", "1500", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = r.json();
  EXPECT_EQ(j.at("count"), 1500);
  EXPECT_EQ(j.at("traced"), fray::kMaxTraced);
  EXPECT_EQ(j.at("strikes").size(), fray::kMaxTraced);
  EXPECT_EQ(j.at("engine"), "default");
}

TEST(BrogueCli, RollWithTheGameEngine) {
  const auto clump = golden_stream(0, "randClumpedRange_0_10_3");
  const auto r =
      run_cli({"roll", "brogue_clump(0,10,3)", "--rng", "brogue", "--seed", "1", "--count", "100", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.json().at("rolls").get<std::vector<std::int64_t>>(), clump);
  const auto d6 = run_cli({"roll", "1d6", "--rng", "brogue", "--seed", "1", "--count", "100", "--json"});
  EXPECT_EQ(d6.json().at("rolls").get<std::vector<std::int64_t>>(), golden_stream(0, "rand_range_1_6"));
  const auto pc = run_cli({"roll", "brogue_percent(50)", "--rng", "brogue", "--seed", "1", "--count", "100", "--json"});
  EXPECT_EQ(pc.json().at("rolls").get<std::vector<std::int64_t>>(), golden_stream(0, "rand_percent_50"));
}

TEST(BrogueCli, Table) {
  const auto r =
      run_cli({"table", "--rules", "brogue", "enchant-for-hit", "--percent", "50,66,75,90,95,100", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto rows = r.json().at("rows");
  ASSERT_EQ(rows.size(), 10u);
  EXPECT_EQ(r.json().at("columns")[0], "monster");
  EXPECT_EQ(r.json().at("columns")[1], "p50");
  EXPECT_EQ(rows[0].at("monster"), "vampire_bat");
  EXPECT_EQ(rows[0].at("p50"), -5.5);
  EXPECT_EQ(rows[0].at("p66"), -1.25);
  // --rules defaults to brogue, the one ruleset with tables.
  const auto a = run_cli({"table", "armor-for-hit", "--percent", "50,2", "--attacker", "vampire_bat,bog_monster",
                          "--reachable", "--json"});
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.json().at("rows")[0].at("p50"), 5.5);
  EXPECT_TRUE(a.json().at("rows")[1].at("p2").is_null());
  const auto t = run_cli({"table", "--rules", "brogue", "armor-for-hit"});
  ASSERT_EQ(t.status, 0);
  EXPECT_NE(t.out.find("dragon"), std::string::npos);
  EXPECT_NE(t.out.find("50%"), std::string::npos);
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
      {"attack", "--rules", "brogue", "--attacker", "player:hp=50,max_hp=40", "--defender", "rat"},
      {"attack", "--rules", "brogue", "--attacker", "player:regeneration=abc", "--defender", "rat"},
      {"attack", "--rules", "brogue", "--attacker", "player:regeneration=99", "--defender", "rat"},
      {"attack", "--rules", "brogue", "--attacker", "player", "--defender", "rat", "--situation", "drunk"},
      {"attack", "--rules", "brogue", "--attacker", "ogre", "--defender", "player", "--situation", "sneak"},
      {"strike", "--rules", "brogue", "--attacker", "player", "--defender", "rat", "--rng", "nope"},
      {"table", "--rules", "brogue", "enchant-for-hit", "--defender", "dragonn"},
      {"table", "--rules", "brogue", "enchant-for-hit", "--percent", "150"},
      {"table", "--rules", "brogue", "hp-for-kill"},
      {"table", "--rules", "crawl", "enchant-for-hit"},
      {"table", "--rules", "brogue", "enchant-for-hit", "--reachable"},
      {"attack", "--rules", "brogue", "--attacker", "player", "--defender", "rat", "--kind", "ranged"},
      {"strike", "--rules", "brogue", "--attacker", "player", "--defender", "rat", "--from", "1,1"},
      {"roll", "brogue_clump(0,10)", "--rng", "brogue", "--seed", "1"},
  };
  for (const auto& args : bad) {
    const auto r = run_cli(args);
    EXPECT_EQ(r.status, 2) << fmt::format("{}", fmt::join(args, " "));
    EXPECT_TRUE(r.out.empty());
    EXPECT_EQ(r.err.rfind("fray: error:", 0), 0u) << r.err;
  }
}

TEST(BrogueBout, KernelCarriesAcid) {
  const fray::Ruleset& rs = fray::brogue::ruleset();
  // regeneration=none: the player's 5033-value regeneration clock would make
  // the fight sampled (fight.hpp kMaxRegenClock).
  const fray::Bout b = rs.bout({"player:enchant=1,regeneration=none", "acid_mound", {}, {}});
  EXPECT_EQ(b.a.hp, 30);
  EXPECT_EQ(b.b.hp, 15);
  // max_hp alone is the player's HP too.
  EXPECT_EQ(rs.bout({"player:max_hp=60", "acid_mound", {}, {}}).a.hp, 60);
  EXPECT_EQ(b.a.attack_time, 100);
  EXPECT_EQ(b.time_unit, "ticks");
  ASSERT_TRUE(b.a_hits_b->exact());
  const auto out = b.a_hits_b->outcomes({30, 0}, {15, 0});
  double total = 0, p_wear = 0;
  for (const auto& t : out) {
    total += t.p;
    if (t.damage > 0) {
      EXPECT_EQ(fray::brogue::fight_state(*b.a_hits_b, t.attacker_state).carried.weapon_lost, 1u);  // one point gone
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
      EXPECT_EQ(fray::brogue::fight_state(*b.b_hits_a, t.defender_state).carried.armor_lost, 1u);
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
  EXPECT_TRUE(fray::brogue::fight_state(*b.a_hits_b, held).carried.held);
  const auto next = b.a_hits_b->outcomes({55, 0}, {30, held});
  double p_hit = 0;
  for (const auto& t : next) p_hit += t.damage > 0 ? t.p : 0;
  EXPECT_NEAR(p_hit, 1.0, 1e-12);
  // Transference is followed exactly (the chain follows healing).
  EXPECT_TRUE(rs.bout({"vampire_bat", "player:regeneration=none", {}, {}}).a_hits_b->exact());
  // Poison is followed exactly (as the defender's state).
  EXPECT_TRUE(rs.bout({"spider", "player:regeneration=none", {}, {}}).a_hits_b->why_not_exact().empty());
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
  // A clump is a sum of dice: 1000 dice over 1..10^6 are 1000 convolutions of
  // widths up to 5 x 10^5. Each call is charged before the first is made.
  EXPECT_GT(fray::Dice::parse("brogue_clump(1, 1000000, 1000)", fns).estimate().work, fray::kMaxWork);
  EXPECT_THROW((void)fray::Dice::parse("brogue_clump(1, 1d1000000, 1000)", fns).exact(), fray::TooLarge);
  EXPECT_THROW((void)fray::Dice::parse("brogue_clump(1, 1000 * 1d1000, 10)", fns).exact(), fray::TooLarge);
}

// --- the typed API -------------------------------------------------------------------

TEST(BrogueTyped, AttackSummaryMatchesEveryHitGolden) {
  // Every row of hit_probability.csv through Ruleset::attack: the game's
  // hitProbability in details, P(hit) its hundredth, and the landing kinds
  // summing to P(hit).
  const fray::Ruleset& rs = fray::brogue::ruleset();
  const auto rows = fray::test::read_csv("golden/brogue/hit_probability.csv");
  ASSERT_EQ(rows.size(), 6835u);
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const auto& r = rows[i];
    const std::string monster = fray::catalog_key(r[2]);
    const bool player_attacks = r[0] == "player_attacks";
    fray::AttackRequest req;
    req.attacker = player_attacks ? "player:net_enchant=" + r[5] : monster;
    req.defender = player_attacks ? monster : "player:defense=" + r[6];
    const fray::AttackSummary s = rs.attack(req);
    const int want = std::stoi(r[8]);
    const auto* hp = fray::find_field(s.details, "hit_percent");
    ASSERT_NE(hp, nullptr);
    ASSERT_EQ(std::get<std::int64_t>(*hp), want) << r[2] << " " << r[5] << " " << r[6];
    double landing = 0, total = 0;
    for (const auto& k : s.outcomes) {
      total += k.p;
      if (k.lands) landing += k.p;
    }
    ASSERT_EQ(s.p_hit, landing);
    ASSERT_NEAR(total, 1.0, 1e-12);
    // Monsters that seize or burst do not attack at all.
    const fray::brogue::Monster& m = fray::brogue::lookup_monster(monster);
    const bool attacks = player_attacks || !(m.seizes || m.kamikaze);
    ASSERT_EQ(s.p_hit, attacks ? want / 100.0 : 0.0) << r[2];
    ASSERT_NEAR(s.damage.mean(), s.p_hit * s.damage_on_hit.mean(), 1e-9);
  }
}

TEST(BrogueTyped, StrikeRunAgreesWithTheSummary) {
  const fray::Ruleset& rs = fray::brogue::ruleset();
  fray::StrikeRequest req{{"ogre", "player", {}, {}}, 11, 200000, "brogue"};
  const fray::StrikeRun run = rs.strike(req);
  const fray::AttackSummary s = rs.attack(req.attack);
  EXPECT_EQ(run.p_hit, s.p_hit);
  EXPECT_EQ(run.strikes.size(), fray::kMaxTraced);
  EXPECT_EQ(run.count, 200000u);
  // 200000 strikes: the sampled mean lies within 5 standard errors of the exact one.
  const double se = s.damage.stddev() / std::sqrt(200000.0);
  EXPECT_NEAR(run.mean_damage(), s.mean_damage(), 5 * se);
  for (const fray::Strike& k : run.strikes) {
    ASSERT_FALSE(k.draws.empty());
    EXPECT_EQ(k.draws[0].label, "to-hit");
    EXPECT_EQ(k.draws[0].call, "rand_range(0, 99)");
    EXPECT_EQ(k.draws.size(), k.hit ? 3u : 1u);  // 9-13 clump 2: two dice of 0..2
  }
  // An unknown engine is refused by name.
  req.engine = "brogu";
  EXPECT_THROW((void)rs.strike(req), fray::Error);
}

TEST(BrogueTyped, OptionsAreRefused) {
  const fray::Ruleset& rs = fray::brogue::ruleset();
  EXPECT_TRUE(rs.options().empty());
  fray::AttackRequest req{"player", "rat", {}, {{"kind", "ranged"}}};
  try {
    (void)rs.attack(req);
    FAIL() << "--kind accepted";
  } catch (const fray::Error& e) {
    EXPECT_NE(std::string(e.what()).find("--kind"), std::string::npos) << e.what();
  }
  EXPECT_THROW((void)rs.strike({req, 1, 1, "default"}), fray::Error);
  EXPECT_THROW((void)rs.bout(req), fray::Error);
  const auto r =
      run_cli({"attack", "--rules", "brogue", "--attacker", "player", "--defender", "rat", "--kind", "ranged"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--kind"), std::string::npos) << r.err;
}

TEST(BrogueTyped, CatalogsListEveryEntry) {
  const fray::Ruleset& rs = fray::brogue::ruleset();
  const auto kinds = rs.catalogs();
  ASSERT_EQ(kinds.size(), 5u);
  const auto count_of = [](const char* file) {
    return fray::test::read_json(std::string("../data/brogue/") + file).size();
  };
  for (const fray::CatalogKind k : kinds) {
    const auto entries = rs.catalog(k);
    EXPECT_FALSE(entries.empty()) << fray::catalog_kind_name(k);
    for (const auto& e : entries) {
      EXPECT_FALSE(e.name.empty());
      EXPECT_FALSE(e.description.empty()) << e.name;
    }
  }
  const auto monsters = rs.catalog(fray::CatalogKind::monsters);
  EXPECT_EQ(monsters.size(), count_of("monsters.json"));
  EXPECT_EQ(monsters.size(), fray::brogue::monsters().size());
  EXPECT_EQ(rs.catalog(fray::CatalogKind::weapons).size(), count_of("weapons.json"));
  EXPECT_EQ(rs.catalog(fray::CatalogKind::armors).size(), count_of("armors.json"));
  EXPECT_EQ(rs.catalog(fray::CatalogKind::situations).size(), fray::brogue::situation_flags().size());
  EXPECT_EQ(rs.catalog(fray::CatalogKind::keys).size(),
            fray::brogue::player_keys().size() + fray::brogue::monster_keys().size());
  // Every monster entry names a monster a spec accepts, with its stats.
  for (const auto& e : monsters) EXPECT_NO_THROW((void)fray::brogue::parse_combatant(e.name, "defender")) << e.name;
  const auto ogre = std::find_if(monsters.begin(), monsters.end(), [](const auto& e) { return e.name == "ogre"; });
  ASSERT_NE(ogre, monsters.end());
  EXPECT_EQ(std::get<std::int64_t>(*fray::find_field(ogre->stats, "hp")), 55);
  EXPECT_EQ(std::get<std::string>(*fray::find_field(ogre->stats, "damage")), "9-13/2");
  EXPECT_EQ(std::get<std::int64_t>(*fray::find_field(ogre->stats, "attack_speed")), 200);
  const auto& revenant =
      *std::find_if(monsters.begin(), monsters.end(), [](const auto& e) { return e.name == "revenant"; });
  EXPECT_NE(std::get<std::string>(*fray::find_field(revenant.stats, "flags")).find("immune_to_weapons"),
            std::string::npos);
  // Every situation the catalog lists parses.
  for (const auto& e : rs.catalog(fray::CatalogKind::situations))
    EXPECT_NO_THROW((void)fray::brogue::parse_situation({e.name})) << e.name;
  EXPECT_THROW((void)rs.catalog(fray::CatalogKind::classes), fray::Error);
}

TEST(BrogueTyped, UnknownMonsterSuggests) {
  const fray::Ruleset& rs = fray::brogue::ruleset();
  try {
    (void)rs.attack({"player", "goblin_conjuror", {}, {}});
    FAIL() << "no error";
  } catch (const fray::Error& e) {
    EXPECT_NE(std::string(e.what()).find("did you mean 'goblin_conjurer'"), std::string::npos) << e.what();
  }
  const auto r = run_cli({"attack", "--rules", "brogue", "--attacker", "player", "--defender", "dragonn"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("did you mean 'dragon'?"), std::string::npos) << r.err;
}

namespace {

// Combat.c strengthModifier: 2.5 net enchant a missing point of strength. A
// war hammer (strength 20) in the hands of strength 12 loses 8 × 2.5 = 20;
// banded mail (strength 15) on strength 12 loses 3 × 2.5 = 7.5, 75 internal
// defense. Enough strength: no warning.
TEST(BrogueCli, EquipmentAndStrengthWarnings) {
  const auto a = run_cli({"attack", "--rules", "brogue", "--attacker", "player:weapon=war_hammer", "--defender",
                          "goblin", "--json"})
                     .json();
  EXPECT_EQ(a["equipment"],
            nlohmann::json::parse(R"x(["attacker (player, strength 12): war hammer +0 (needs strength 20)"])x"));
  ASSERT_EQ(a["warnings"].size(), 1u);
  EXPECT_EQ(a["warnings"][0],
            "attacker: the war hammer needs strength 20 but the player has 12: -20 net enchant (2.5 a missing point, "
            "Combat.c strengthModifier), lowering accuracy and damage");
  const auto d = run_cli({"attack", "--rules", "brogue", "--attacker", "goblin", "--defender",
                          "player:armor=banded_mail,armor_enchant=1", "--json"})
                     .json();
  EXPECT_EQ(
      d["equipment"],
      nlohmann::json::parse(R"x(["defender (player, strength 12): banded mail +1 (needs strength 15, armor 7)"])x"));
  ASSERT_EQ(d["warnings"].size(), 1u);
  EXPECT_NE(d["warnings"][0].get<std::string>().find("-7.5 net enchant"), std::string::npos);
  EXPECT_NE(d["warnings"][0].get<std::string>().find("internal defense 75 lower"), std::string::npos);
  const auto ok = run_cli({"attack", "--rules", "brogue", "--attacker", "player:weapon=war_hammer,strength=20",
                           "--defender", "goblin", "--json"})
                      .json();
  EXPECT_TRUE(ok["warnings"].empty());
  // Weakness lowers the strength the items see.
  const auto weak = run_cli({"attack", "--rules", "brogue", "--attacker", "player:weapon=sword,weakness=2",
                             "--defender", "goblin", "--json"})
                        .json();
  ASSERT_EQ(weak["warnings"].size(), 1u);
  EXPECT_NE(weak["warnings"][0].get<std::string>().find("needs strength 14 but the player has 10"), std::string::npos)
      << weak["warnings"];
}

// Turns to kill follow the defender's regeneration on its own turns
// (decrementMonsterStatus: the troll regains an HP every turn below its
// maximum), its attacks doing nothing: the starting player needs about three
// times the attacks it needed when the troll never healed (47.35). Exact, and
// Monte Carlo at a fixed seed agrees on the mean.
TEST(BrogueBout, TurnsToKillFollowTheDefendersRegeneration) {
  const fray::Bout b = fray::brogue::ruleset().bout({"player", "troll", {}, {}});
  const fray::fight::TtkResult before = fray::fight::ttk_exact(*b.a_hits_b, b.a, b.b);
  EXPECT_NEAR(before.attacks->mean(), 47.347142696380509, 1e-9);
  const fray::fight::TtkResult after = fray::fight::ttk_exact(b);
  EXPECT_EQ(after.method, "exact");
  EXPECT_NEAR(after.p_kill, 1.0, 1e-12);
  EXPECT_NEAR(after.attacks->mean(), 154.29783507750528, 1e-9);
  fray::fight::MonteCarloOptions o;
  o.sims = 5000;
  o.seed = 9;
  o.progress = false;
  const fray::fight::TtkResult sampled = fray::fight::ttk_monte_carlo(b, fray::fight::Who::a, o);
  EXPECT_NEAR(sampled.attacks->mean(), after.attacks->mean(), 4.5 * after.attacks->stddev() / std::sqrt(5000.0));
}

}  // namespace

// --- the defaults a spec took, the items, and what they cost ------------------------------

namespace {
fray::AttackRequest request(std::string attacker, std::string defender) {
  return {std::move(attacker), std::move(defender), {}, {}};
}
using fray::test::defaults_of;
using Lines = std::vector<std::string>;
}  // namespace

TEST(BrogueTyped, AnswersSayTheDefaultsTheyRead) {
  const fray::Ruleset& rs = fray::brogue::ruleset();
  // The player's start (initializeRogue): an attack reads its weapon and strength, not its armor or HP.
  EXPECT_EQ(defaults_of(rs.attack(request("player", "goblin")).notes),
            (Lines{"attacker uses the defaults weapon=dagger (the player's start), enchant=0, strength=12 (the "
                   "player's start)"}));
  EXPECT_EQ(defaults_of(rs.attack(request("goblin", "player:strength=14")).notes),
            (Lines{"defender uses the defaults armor=leather_armor (the player's start), armor_enchant=0"}));
  // net_enchant= and defense= replace what strength and enchant would give.
  EXPECT_TRUE(defaults_of(rs.attack(request("player:weapon=sword,net_enchant=1", "goblin")).notes).empty());
  EXPECT_TRUE(defaults_of(rs.attack(request("goblin", "player:defense=40")).notes).empty());
  // An inline attacker's accuracy; a catalog monster's HP only in a fight.
  EXPECT_EQ(defaults_of(rs.attack(request("damage=1-3/1", "goblin")).notes),
            (Lines{"attacker uses the defaults accuracy=100"}));
  EXPECT_EQ(rs.strike({request("player", "goblin"), 1, 2, "default"}).notes,
            rs.attack(request("player", "goblin")).notes);
  const fray::Bout b = rs.bout(request("player:weapon=sword,max_hp=40", "goblin"));
  EXPECT_EQ(defaults_of(b.notes),
            (Lines{"attacker uses the defaults enchant=0, armor=leather_armor (the player's start), armor_enchant=0, "
                   "strength=12 (the player's start), hp=40 (max_hp), regeneration=0",
                   "defender uses the defaults hp=15 (the catalog's)"}));
}

TEST(BrogueTyped, StrikesAndFightsCarryTheWarnings) {
  const fray::Ruleset& rs = fray::brogue::ruleset();
  const auto a = rs.attack(request("player:weapon=broadsword", "goblin"));
  const auto s = rs.strike({request("player:weapon=broadsword", "goblin"), 1, 2, "brogue"});
  EXPECT_EQ(s.equipment, (Lines{"attacker (player, strength 12): broadsword +0 (needs strength 19)"}));
  EXPECT_EQ(s.equipment, a.equipment);
  EXPECT_EQ(s.warnings, a.warnings);
  EXPECT_EQ(s.warnings, (Lines{"attacker: the broadsword needs strength 19 but the player has 12: -17.5 net enchant "
                               "(2.5 a missing point, Combat.c strengthModifier), lowering accuracy and damage"}));
  // A fight: the player's weapon and armor both weigh (banded mail needs 15).
  EXPECT_EQ(rs.bout(request("ogre", "player:weapon=war_hammer,armor=banded_mail,strength=14")).warnings,
            (Lines{"defender: the war hammer needs strength 20 but the player has 14: -15 net enchant (2.5 a missing "
                   "point, Combat.c strengthModifier), lowering accuracy and damage",
                   "defender: the banded mail needs strength 15 but the player has 14: -2.5 net enchant (2.5 a "
                   "missing point, Combat.c strengthModifier), internal defense 25 lower"}));
  EXPECT_TRUE(rs.bout(request("player", "goblin")).warnings.empty());
  const auto r = run_cli({"duel", "--rules", "brogue", "--a", "player:armor=plate_armor", "--b", "goblin", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.json()["warnings"],
            nlohmann::json::array({"attacker: the plate armor needs strength 19 but the player has 12: -17.5 net "
                                   "enchant (2.5 a missing point, Combat.c strengthModifier), internal defense 175 "
                                   "lower"}));
}
