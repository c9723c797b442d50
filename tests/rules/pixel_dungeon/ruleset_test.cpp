// Pixel Dungeon through fray::Ruleset and the fray binary: specs, reports,
// bad input, strikes, and the fight kernel.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fray/core/error.hpp>
#include <fray/rules/pixel_dungeon/ruleset.hpp>
#include <set>

#include "rules/pixel_dungeon/turn.hpp"
#include "support/support.hpp"

namespace pd = fray::pixel_dungeon;
using fray::test::run_cli;

TEST(PdRuleset, AttackJsonWorkedCheck) {
  // A level-5 hero with a war hammer has accuracy 16 (Hero.attackSkill); the gnoll scout evades with 4.
  const auto r = run_cli({"attack", "--rules", "pixel-dungeon", "--attacker", "hero:level=5,str=18,weapon=war_hammer",
                          "--defender", "gnoll_scout", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = r.json();
  EXPECT_EQ(j["rules"], "pixel-dungeon");
  EXPECT_EQ(j["details"]["accuracy"], 16);
  EXPECT_EQ(j["details"]["evasion"], 4);
  EXPECT_EQ(j["details"]["magic"], false);
  EXPECT_EQ(j["details"]["armor_roll"], "Random.IntRange(0, 2)");
  EXPECT_EQ(j["details"]["damage_roll"], "Random.NormalIntRange(5, 24)");
  EXPECT_EQ(j["attacker"]["accuracy"], 16);
  EXPECT_EQ(j["attacker"]["weapon"], "war_hammer");
  EXPECT_EQ(j["attacker"]["str"], 18);
  EXPECT_EQ(j["attacker"]["level"], 5);
  EXPECT_EQ(j["defender"]["evasion"], 4);
  EXPECT_EQ(j["defender"]["hp"], 12);
  EXPECT_DOUBLE_EQ(j["p_hit"].get<double>(), 0.875);
  ASSERT_EQ(j["outcomes"].size(), 2u);
  EXPECT_EQ(j["outcomes"][0]["kind"], "miss");
  EXPECT_EQ(j["outcomes"][1]["kind"], "hit");
  EXPECT_DOUBLE_EQ(j["outcomes"][1]["p"].get<double>(), 0.875);
  EXPECT_EQ(j["damage"]["pmf"][0][0], 0);
  EXPECT_EQ(j["damage"]["max"], 24);
  EXPECT_EQ(j["damage_on_hit"]["min"], 3);  // 5 − 2
  // mean on a hit: E[max(W − R, 0)] = 14.5 − 1 (W >= 5 > R), so 0.875 · 13.5.
  EXPECT_NEAR(j["damage"]["mean"].get<double>(), 0.875 * 13.5, 1e-12);
  EXPECT_NEAR(j["mean_damage"].get<double>(), 0.875 * 13.5, 1e-12);
  EXPECT_DOUBLE_EQ(j["attack_time"].get<double>(), 1.0);
  EXPECT_EQ(j["time_unit"], "turns");
  EXPECT_TRUE(j["notes"].is_array());
}

TEST(PdRuleset, AttackJsonStrengthPenalty) {
  const auto j = run_cli({"attack", "--rules", "pixel-dungeon", "--attacker", "hero:level=5,str=15,weapon=war_hammer",
                          "--defender", "gnoll_scout", "--json"})
                     .json();
  EXPECT_EQ(j["details"]["accuracy"], 4);
  EXPECT_DOUBLE_EQ(j["p_hit"].get<double>(), 0.5);
  // Weapon.speedFactor: 1.2^3 in float.
  EXPECT_NEAR(j["attack_time"].get<double>(), 1.728, 1e-6);
  bool warned = false;
  for (const auto& n : j["warnings"])
    warned |= n.get<std::string>().find("needs STR 18 but the hero has 15") != std::string::npos;
  EXPECT_TRUE(warned) << j["warnings"];
  EXPECT_EQ(j["equipment"], nlohmann::json::parse(R"x(["attacker (hero, STR 15): war hammer +0 (needs STR 18)"])x"));
  // Armor too heavy for a defending hero.
  const auto a = run_cli({"attack", "--rules", "pixel-dungeon", "--attacker", "gnoll_scout", "--defender",
                          "hero:armor=plate", "--json"})
                     .json();
  bool armor = false;
  for (const auto& n : a["warnings"])
    armor |= n.get<std::string>().find("needs STR 17 but the hero has 11") != std::string::npos;
  EXPECT_TRUE(armor) << a["warnings"];
  // Plate is tier 5: DR 5·(2 + 0) = 10, STR 7 + 2·5 = 17.
  EXPECT_EQ(a["equipment"],
            nlohmann::json::parse(R"x(["defender (hero, STR 11): plate armor +0 (needs STR 17, DR 10)"])x"));
  // Strong enough: no warning.
  const auto ok = run_cli({"attack", "--rules", "pixel-dungeon", "--attacker", "hero:level=5,str=18,weapon=war_hammer",
                           "--defender", "gnoll_scout", "--json"})
                      .json();
  EXPECT_TRUE(ok["warnings"].empty()) << ok["warnings"];
}

TEST(PdRuleset, HumanReportShowsTheSameNumbers) {
  const auto r = run_cli({"attack", "--rules", "pixel-dungeon", "--attacker", "hero:level=5,str=18,weapon=war_hammer",
                          "--defender", "gnoll_scout"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("accuracy 16 (Hero.attackSkill) vs evasion 4"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("87.50 %"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Random.NormalIntRange(5, 24)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("cumulative"), std::string::npos);
}

TEST(PdRuleset, SituationsAndDepthMobs) {
  const auto j = run_cli({"attack", "--rules", "pixel-dungeon", "--attacker", "hero:class=rogue,subclass=assassin",
                          "--defender", "wraith:depth=12", "--situation", "unseen", "--json"})
                     .json();
  EXPECT_EQ(j["details"]["evasion"], 0);
  EXPECT_EQ(j["details"]["assassin_bonus"], true);
  EXPECT_EQ(j["p_hit"], 1.0);
  const auto s = run_cli({"attack", "--rules", "pixel-dungeon", "--attacker", "gnoll_shaman", "--defender", "hero",
                          "--situation", "magic", "--json"})
                     .json();
  EXPECT_EQ(s["details"]["magic"], true);
  EXPECT_EQ(s["details"]["armor_roll"], "none");
  EXPECT_DOUBLE_EQ(s["p_hit"].get<double>(), 1 - 5.0 / 44);
  EXPECT_DOUBLE_EQ(s["attack_time"].get<double>(), 2.0);  // the lightning takes two turns
  const auto inl = run_cli({"attack", "--rules", "pixel-dungeon", "--attacker", "accuracy=20,damage=3-3", "--defender",
                            "evasion=10,armor=0,hp=30", "--json"})
                       .json();
  EXPECT_DOUBLE_EQ(inl["p_hit"].get<double>(), 0.75);
  EXPECT_EQ(inl["damage_on_hit"]["pmf"][0][0], 3);
  // American and British spellings of the flag give the same answer.
  const auto us = run_cli({"attack", "--rules", "pixel-dungeon", "--attacker", "gnoll_scout", "--defender",
                           "hero:level=3", "--situation", "paralyzed", "--json"})
                      .json();
  const auto uk = run_cli({"attack", "--rules", "pixel-dungeon", "--attacker", "gnoll_scout", "--defender",
                           "hero:level=3", "--situation", "paralysed", "--json"})
                      .json();
  EXPECT_EQ(us["details"]["evasion"], 3);
  EXPECT_EQ(us["damage"], uk["damage"]);
}

TEST(PdRuleset, BadInput) {
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"hero:class=priest", "gnoll_scout"},
      {"hero:subclass=ninja", "gnoll_scout"},
      {"hero", "kobold"},
      {"hero:weapon=laser", "gnoll_scout"},
      {"hero:armor=mithril", "gnoll_scout"},
      {"hero:colour=red", "gnoll_scout"},
      {"hero:level=0", "gnoll_scout"},
      {"hero:str=-3", "gnoll_scout"},
      {"hero:weapon_level=abc", "gnoll_scout"},
      {"damage=9-3", "gnoll_scout"},
      {"hero:subclass=sniper,class=warrior", "gnoll_scout"},
      {"hero", "wraith"},
      {"hero", "gnoll_scout:depth=3"},
      {"hero", "gnoll_scout:hp=99"},
      {"hero:hp=21", "gnoll_scout"},
      {"hero:weapon=dart", "gnoll_scout"},
      {"hero:combo=3", "gnoll_scout"},
      {"hero:weapon=war_hammer,weapon_level=-99", "gnoll_scout"},
      {"", "gnoll_scout"},
      {"damage=1-1000000", "gnoll_scout"},
      {"hero:class=mage,subclass=battlemage,charges=3,max_charges=2", "gnoll_scout"},
      {"animated_statue:depth=3", "hero"},
      {"mirror_image", "hero"},
  };
  for (const auto& [a, d] : bad) {
    const auto r = run_cli({"attack", "--rules", "pixel-dungeon", "--attacker", a, "--defender", d});
    EXPECT_EQ(r.status, 2) << a << " vs " << d;
    EXPECT_TRUE(r.out.empty()) << a;
    EXPECT_EQ(r.err.rfind("fray: error:", 0), 0u) << a << ": " << r.err;
  }
  for (const std::string flags : {"sneaky", "magic", "thrown,adjacent"}) {
    const auto r = run_cli({"attack", "--rules", "pixel-dungeon", "--attacker", "gnoll_scout", "--defender", "hero",
                            "--situation", flags});
    EXPECT_EQ(r.status, 2) << flags;
    EXPECT_TRUE(r.out.empty());
  }
  const auto k = run_cli(
      {"attack", "--rules", "pixel-dungeon", "--attacker", "hero", "--defender", "gnoll_scout", "--kind", "ranged"});
  EXPECT_EQ(k.status, 2);
}

TEST(PdRuleset, UnknownNamesSuggestTheClosest) {
  auto error = [](fray::AttackRequest req) {
    try {
      (void)pd::ruleset().attack(req);
    } catch (const fray::Error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(error({"hero", "gnol_scout", {}, {}}).find("did you mean 'gnoll_scout'?"), std::string::npos);
  EXPECT_NE(error({"hreo", "gnoll_scout", {}, {}}).find("did you mean 'hero'"), std::string::npos);
  EXPECT_NE(error({"hero:weapon=war_hamer", "gnoll_scout", {}, {}}).find("did you mean 'war_hammer'"),
            std::string::npos);
  EXPECT_NE(error({"hero:class=warior", "gnoll_scout", {}, {}}).find("did you mean 'warrior'"), std::string::npos);
  EXPECT_NE(error({"hero", "gnoll_scout", {"unsen"}, {}}).find("did you mean 'unseen'"), std::string::npos);
  const std::string opt = error({"hero", "gnoll_scout", {}, {{"kind", "ranged"}}});
  EXPECT_NE(opt.find("--kind"), std::string::npos) << opt;
  EXPECT_TRUE(pd::ruleset().options().empty());
}

TEST(PdRuleset, PassiveMobsNeverAttack) {
  const fray::AttackSummary s = pd::ruleset().attack({"yog_dzewa", "hero", {}, {}});
  ASSERT_EQ(s.outcomes.size(), 1u);
  EXPECT_EQ(s.outcomes[0].name, "no_attack");
  EXPECT_EQ(s.outcomes[0].p, 1.0);
  EXPECT_EQ(s.p_hit, 0.0);
  EXPECT_TRUE(s.damage.is_point());
  const fray::StrikeRun r = pd::ruleset().strike({{"quest_npcs", "hero", {}, {}}, 1, 3, "default"});
  ASSERT_EQ(r.strikes.size(), 3u);
  EXPECT_EQ(r.strikes[0].outcome, "no_attack");
  EXPECT_TRUE(r.strikes[0].draws.empty());
  EXPECT_EQ(r.hits, 0u);
}

TEST(PdRuleset, PHitIsTheSumOfLandingKinds) {
  const std::vector<fray::AttackRequest> reqs = {
      {"hero:level=5,str=18,weapon=war_hammer", "gnoll_scout", {}, {}},
      {"gnoll_shaman", "hero:level=2", {"magic", "water"}, {}},
      {"hero:class=rogue,subclass=assassin", "gnoll_scout", {"unseen"}, {}},
      {"yog_dzewa", "hero", {}, {}},
      {"golem", "hero:level=14,armor=plate,str=17", {"paralyzed"}, {}},
  };
  for (const auto& req : reqs) {
    const fray::AttackSummary s = pd::ruleset().attack(req);
    double landing = 0, total = 0;
    for (const auto& k : s.outcomes) {
      total += k.p;
      if (k.lands) landing += k.p;
    }
    EXPECT_NEAR(total, 1.0, 1e-15) << req.attacker;
    EXPECT_DOUBLE_EQ(landing, s.p_hit) << req.attacker;
    EXPECT_NEAR(s.damage.mean(), s.p_hit * s.damage_on_hit.mean(), 1e-12) << req.attacker;
    EXPECT_FALSE(s.steps.empty());
  }
}

TEST(PdRuleset, StrikeIsSeededAndTraced) {
  const std::vector<std::string> args = {"strike",
                                         "--rules",
                                         "pixel-dungeon",
                                         "--attacker",
                                         "hero:class=rogue,subclass=assassin",
                                         "--defender",
                                         "gnoll_scout",
                                         "--situation",
                                         "unseen",
                                         "--seed",
                                         "42",
                                         "--count",
                                         "50",
                                         "--json"};
  const auto a = run_cli(args), b = run_cli(args);
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  const auto j = a.json();
  EXPECT_EQ(j["engine"], "default");
  EXPECT_EQ(j["traced"], 50);
  ASSERT_EQ(j["strikes"].size(), 50u);
  std::int64_t total = 0;
  for (const auto& s : j["strikes"]) {
    const auto& r = s["rolls"];
    EXPECT_EQ(r["def_roll"], 0.0);  // surprised: evasion 0
    EXPECT_TRUE(s["hit"].get<bool>());
    EXPECT_EQ(s["outcome"], "hit");
    const auto eff =
        std::max<std::int64_t>(r["damage_roll"].get<std::int64_t>() - r["armor_roll"].get<std::int64_t>(), 0);
    const auto bonus = r["assassin_roll"].get<std::int64_t>();
    EXPECT_EQ(s["damage"], eff + bonus);
    EXPECT_GE(bonus, 1);
    EXPECT_LE(bonus, std::max<std::int64_t>(eff - 1, 1));
    // acuRoll, defRoll, armor, damage, assassin bonus: the game's order.
    const auto& d = s["draws"];
    ASSERT_EQ(d.size(), 5u);
    EXPECT_EQ(d[0]["call"], "Random.Float(12)");
    EXPECT_EQ(d[1]["call"], "Random.Float(0)");
    EXPECT_EQ(d[2]["for"], "armor");
    EXPECT_EQ(d[2]["call"], "Random.IntRange(0, 2)");
    EXPECT_EQ(d[2]["value"], r["armor_roll"]);
    EXPECT_EQ(d[3]["call"], "Random.NormalIntRange(1, 8)");
    EXPECT_EQ(d[3]["value"], r["damage_roll"]);
    EXPECT_EQ(d[4]["call"], fmt::format("Random.Int(1, {})", eff));
    EXPECT_EQ(d[4]["value"], bonus);
    total += s["damage"].get<std::int64_t>();
  }
  EXPECT_EQ(j["hits"], 50);
  EXPECT_EQ(j["total_damage"], total);
  const auto t = run_cli({"strike", "--rules", "pixel-dungeon", "--attacker", "hero", "--defender", "gnoll_scout",
                          "--seed", "42", "--count", "3"});
  ASSERT_EQ(t.status, 0);
  EXPECT_NE(t.out.find("Random.Float(10)"), std::string::npos) << t.out;
}

TEST(PdRuleset, StrikeEnginesAndTheExactLaw) {
  const fray::AttackRequest req{"hero:level=4,str=13", "sewer_crab", {}, {}};
  const fray::AttackSummary e = pd::ruleset().attack(req);
  for (const std::string engine : {"default", "java"}) {
    const fray::StrikeRun s = pd::ruleset().strike({req, 5, 100000, engine});
    EXPECT_EQ(s.engine, engine);
    EXPECT_EQ(s.strikes.size(), fray::kMaxTraced);  // traces are capped
    EXPECT_DOUBLE_EQ(s.p_hit, e.p_hit);
    const double n = 100000;
    EXPECT_NEAR(double(s.hits) / n, e.p_hit, 5 * std::sqrt(e.p_hit * (1 - e.p_hit) / n)) << engine;
    EXPECT_NEAR(s.mean_damage(), e.mean_damage(), 5 * e.damage.stddev() / std::sqrt(n)) << engine;
  }
  // The java engine is java.util.Random: a different stream from the default one.
  const auto a = pd::ruleset().strike({req, 5, 10, "default"});
  const auto b = pd::ruleset().strike({req, 5, 10, "java"});
  EXPECT_NE(std::get<double>(a.strikes[0].rolls[0].value), std::get<double>(b.strikes[0].rolls[0].value));
}

TEST(PdRuleset, Catalogs) {
  const fray::Ruleset& rs = pd::ruleset();
  EXPECT_EQ(rs.catalogs().size(), 6u);
  const auto mobs = fray::test::read_json("../data/pixel_dungeon/mobs.json")["mobs"];
  const auto monsters = rs.catalog(fray::CatalogKind::monsters);
  ASSERT_EQ(monsters.size(), mobs.size());
  EXPECT_EQ(monsters.size(), pd::mobs().size());
  EXPECT_EQ(rs.catalog(fray::CatalogKind::weapons).size(),
            fray::test::read_json("../data/pixel_dungeon/weapons.json")["weapons"].size());
  EXPECT_EQ(rs.catalog(fray::CatalogKind::armors).size(), pd::armors().size());
  // Four classes with their kits, eight subclasses.
  EXPECT_EQ(rs.catalog(fray::CatalogKind::classes).size(), pd::kits().size() + 8);
  EXPECT_EQ(rs.catalog(fray::CatalogKind::situations).size(), 9u);
  // Every entry names something a spec or a flag accepts.
  for (const auto& m : monsters) EXPECT_NE(pd::find_mob(m.name), nullptr) << m.name;
  for (const auto& w : rs.catalog(fray::CatalogKind::weapons)) EXPECT_NE(pd::find_weapon(w.name), nullptr);
  for (const auto& a : rs.catalog(fray::CatalogKind::armors)) EXPECT_NE(pd::find_armor(a.name), nullptr);
  for (const auto& f : rs.catalog(fray::CatalogKind::situations)) EXPECT_NO_THROW((void)pd::parse_situation({f.name}));
  const auto gnoll =
      std::find_if(monsters.begin(), monsters.end(), [](const auto& e) { return e.name == "gnoll_scout"; });
  ASSERT_NE(gnoll, monsters.end());
  EXPECT_EQ(std::get<std::int64_t>(*fray::find_field(gnoll->stats, "ht")), 12);
  EXPECT_EQ(std::get<std::string>(*fray::find_field(gnoll->stats, "damage")), "2-5");
  // Every key a spec reads is listed once.
  const auto keys = rs.catalog(fray::CatalogKind::keys);
  std::set<std::string> names;
  for (const auto& k : keys) EXPECT_TRUE(names.insert(k.name).second) << k.name;
  for (const char* k : {"class",         "subclass",      "level",        "str",         "hp",
                        "weapon",        "weapon_level",  "armor",        "armor_level", "missile",
                        "missile_level", "ring_accuracy", "ring_evasion", "combo",       "charges",
                        "max_charges",   "depth",         "pumped",       "fists",       "accuracy",
                        "evasion",       "damage"})
    EXPECT_TRUE(names.count(k)) << k;
  const auto list = run_cli({"list", "--rules", "pixel-dungeon", "monsters", "--json"});
  if (list.status == 0) {
    EXPECT_EQ(list.json()["entries"].size(), mobs.size());
  }
}

TEST(PdRuleset, BoutKernelCarriesFury) {
  fray::AttackRequest req{"hero:subclass=berserker,level=3,str=13", "gnoll_brute", {}, {}};
  const fray::Bout b = pd::ruleset().bout(req);
  EXPECT_EQ(b.a.hp, 30);
  EXPECT_EQ(b.b.hp, 40);
  EXPECT_DOUBLE_EQ(b.a.attack_time, 1.0);
  EXPECT_EQ(b.time_unit, "turns");
  EXPECT_TRUE(b.a_hits_b->exact());
  const auto calm = b.a_hits_b->outcomes({30, 0}, {40, 0});
  const auto fury = b.a_hits_b->outcomes({12, 0}, {40, 0});  // 12 <= 0.4 · 30
  double pc = 0, mc = 0, pf = 0, mf = 0;
  for (const auto& t : calm) pc += t.p, mc += t.p * double(t.damage);
  for (const auto& t : fury) pf += t.p, mf += t.p * double(t.damage);
  EXPECT_NEAR(pc, 1, 1e-12);
  EXPECT_NEAR(pf, 1, 1e-12);
  EXPECT_GT(mf, mc);
  // The brute's rage follows its own HP.
  std::int64_t calm_max = 0, rage_max = 0;
  for (const auto& t : b.b_hits_a->outcomes({40, 0}, {30, 0})) calm_max = std::max(calm_max, t.damage);
  for (const auto& t : b.b_hits_a->outcomes({9, 0}, {30, 0})) rage_max = std::max(rage_max, t.damage);
  EXPECT_EQ(calm_max, 18 - 0);
  EXPECT_EQ(rage_max, 40);
  // sample draws from the same plan.
  fray::Rng rng(3);
  std::map<std::int64_t, std::uint64_t> counts;
  for (int i = 0; i < 100000; ++i) ++counts[b.a_hits_b->sample({12, 0}, {40, 0}, rng).damage];
  std::vector<std::pair<std::int64_t, double>> pairs;
  for (const auto& t : fury) pairs.emplace_back(t.damage, t.p);
  EXPECT_GT(fray::test::chi_square_p(fray::Pmf::from_pairs(pairs), counts), 1e-3);
  // Fury and rage read the attacker's own HP, and the kernels say so; so
  // does the hero's regeneration, which stops at HT: a plain warrior against
  // a rat reads its own HP, unless it is starving, and the rat reads none.
  EXPECT_TRUE(b.a_hits_b->reads().attacker_hp);
  EXPECT_TRUE(b.b_hits_a->reads().attacker_hp);
  EXPECT_FALSE(b.a_hits_b->reads().defender_hp);
  const fray::Bout plain = pd::ruleset().bout({"hero:hp=20", "marsupial_rat", {}, {}});
  EXPECT_TRUE(plain.a_hits_b->reads().attacker_hp);
  EXPECT_FALSE(plain.b_hits_a->reads().attacker_hp);
  const fray::Bout starving = pd::ruleset().bout({"hero:hp=20,starving=1", "marsupial_rat", {}, {}});
  EXPECT_FALSE(starving.a_hits_b->reads().attacker_hp);
  EXPECT_FALSE(starving.a_hits_b->reads().defender_hp);
  // A miss and a hit that armor absorbs are told apart: the kernel's hits
  // carry the plan's hit chance, whatever damage they do.
  double p_hit = 0;
  for (const auto& t : calm) p_hit += t.landed() ? t.p : 0.0;
  const auto o = pd::exact_outcome(pd::plan_attack(pd::parse_combatant("hero:subclass=berserker,level=3,str=13", "a"),
                                                   pd::parse_combatant("gnoll_brute", "d"), {}));
  EXPECT_NEAR(p_hit, o.p_hit, 1e-15);
}

TEST(PdRuleset, BoutSaysWhenItIsNotExact) {
  // The Gladiator's Combo is kernel state: exact, starting from the count
  // before the spec's first hit (combo=3: 2).
  const auto g = pd::ruleset().bout({"hero:subclass=gladiator,combo=3", "gnoll_scout", {}, {}});
  EXPECT_TRUE(g.a_hits_b->exact());
  EXPECT_EQ(pd::fight_states(g, true).at(g.a.state).combo, 2);
  // The swarm's splitting is followed as a group of flies: exact while the
  // groups its splits can reach stay few (the full 80 HP against a short
  // sword: 4004), sampled past that (bare fists of STR 30, IntRange(1, 21):
  // 5914), modelled either way.
  EXPECT_TRUE(pd::ruleset().bout({"hero", "swarm_of_flies", {}, {}}).a_hits_b->exact());
  const auto swarm = pd::ruleset().bout({"hero:weapon=none,str=30", "swarm_of_flies", {}, {}});
  EXPECT_FALSE(swarm.a_hits_b->exact());
  EXPECT_NE(swarm.a_hits_b->why_not_exact().find("groups of flies"), std::string::npos);
  EXPECT_TRUE(swarm.not_modelled.empty());
  ASSERT_EQ(swarm.modelled.size(), 2u);  // the splits and the hero's regeneration
  EXPECT_NE(swarm.modelled[0].find("hero regeneration"), std::string::npos);
  EXPECT_NE(swarm.modelled[1].find("splits when hit"), std::string::npos);
  // Two swarms do not split each other: the splits are listed as left out.
  const auto two = pd::ruleset().bout({"swarm_of_flies", "swarm_of_flies", {}, {}});
  ASSERT_EQ(two.not_modelled.size(), 2u);
  EXPECT_NE(two.not_modelled[0].find("splits when hit"), std::string::npos);
  EXPECT_TRUE(pd::ruleset().bout({"hero", "swarm_of_flies:hp=20", {}, {}}).a_hits_b->exact());
  // The vampire bat's drain heals it, and the exact chain follows it.
  const auto bat = pd::ruleset().bout({"hero", "vampire_bat", {}, {}});
  EXPECT_TRUE(bat.b_hits_a->exact()) << bat.b_hits_a->why_not_exact();
  // An unseen mob's surprise ends on its own turn, which the fight follows
  // (the first_attack part); a paralysis, which breaks by chance on a hit, not.
  EXPECT_TRUE(pd::ruleset().bout({"hero", "gnoll_scout", {"unseen"}, {}}).a_hits_b->exact());
  EXPECT_FALSE(pd::ruleset().bout({"hero", "gnoll_scout", {"paralyzed"}, {}}).a_hits_b->exact());
  const auto w = pd::ruleset().bout({"hero:weapon=knuckleduster", "golem", {}, {}});
  EXPECT_DOUBLE_EQ(w.a.attack_time, 0.5);
  EXPECT_DOUBLE_EQ(w.b.attack_time, 1.5);
  // Yog never strikes back.
  const auto y = pd::ruleset().bout({"hero", "yog_dzewa", {}, {}});
  const auto back = y.b_hits_a->outcomes({300, 0}, {20, 0});
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].damage, 0);
  EXPECT_THROW((void)pd::ruleset().bout({"hero", "evasion=3", {}, {}}), fray::Error);  // inline needs hp
}

// --- the defaults a spec took, the items, and what they cost ------------------------------

namespace {
// The request of one attack, through the typed API.
fray::AttackRequest req(std::string attacker, std::string defender, std::vector<std::string> situation = {}) {
  return {std::move(attacker), std::move(defender), std::move(situation), {}};
}
using fray::test::defaults_of;
using Lines = std::vector<std::string>;
}  // namespace

TEST(PdRuleset, AnswersSayTheDefaultsTheyRead) {
  const fray::Ruleset& rs = pd::ruleset();
  // A bare hero is a warrior at level 1 with its kit; an attack reads its weapon, not its armor or HP.
  EXPECT_EQ(defaults_of(rs.attack(req("hero", "rat")).notes),
            (Lines{"attacker uses the defaults class=warrior, level=1, str=11 (the warrior's kit), "
                   "weapon=short_sword (the warrior's kit), weapon_level=0"}));
  // Thrown: the missile instead of the weapon.
  EXPECT_EQ(defaults_of(rs.attack(req("hero:class=rogue", "rat", {"thrown"})).notes),
            (Lines{"attacker uses the defaults level=1, str=10 (the rogue's kit), missile=dart (the rogue's kit)"}));
  // A defending hero: its armor; a paralyzed mob's HP (Char.damage reads it).
  EXPECT_EQ(defaults_of(rs.attack(req("rat", "hero:class=mage,level=2")).notes),
            (Lines{"defender uses the defaults str=10 (the mage's kit), armor=cloth (the mage's kit), armor_level=0"}));
  EXPECT_EQ(defaults_of(rs.attack(req("rat", "gnoll_scout", {"paralyzed"})).notes),
            (Lines{"defender uses the defaults hp=12 (HT)"}));
  // The brute's rage and Goo's pumped-up attack read its state; an inline attacker's damage defaults to 1.
  EXPECT_EQ(defaults_of(rs.attack(req("gnoll_brute", "rat")).notes), (Lines{"attacker uses the defaults hp=40 (HT)"}));
  EXPECT_EQ(defaults_of(rs.attack(req("goo", "rat")).notes),
            (Lines{"attacker uses the defaults pumped=0 (not pumped up)"}));
  EXPECT_EQ(defaults_of(rs.attack(req("accuracy=10", "rat")).notes), (Lines{"attacker uses the defaults damage=1"}));
  // A spec that gives everything the answer reads takes no default.
  EXPECT_TRUE(defaults_of(rs.attack(req("hero:class=warrior,level=3,str=12,weapon=sword,weapon_level=1", "rat")).notes)
                  .empty());
  // strike says the same.
  EXPECT_EQ(rs.strike({req("hero", "rat"), 1, 3, "default"}).notes, rs.attack(req("hero", "rat")).notes);
  // A fight reads both sides whole: items, HP, the state keys.
  const fray::Bout b = rs.bout(req("hero:armor=scale", "swarm_of_flies"));
  EXPECT_EQ(defaults_of(b.notes),
            (Lines{"attacker uses the defaults class=warrior, level=1, str=11 (the warrior's kit), "
                   "weapon=short_sword (the warrior's kit), weapon_level=0, armor_level=0, hp=20 (HT)",
                   "defender uses the defaults corridor=0 (an open room), hp=80 (HT)"}));
}

TEST(PdRuleset, WarningsFollowTheClassAndTheWay) {
  const fray::Ruleset& rs = pd::ruleset();
  // Weapon.acuracyFactor weighs a thrown weapon 3 STR more for the warrior (not Weapon.speedFactor).
  EXPECT_EQ(rs.attack(req("hero", "rat", {"thrown"})).warnings,
            (Lines{"attacker: the dart needs STR 10, 13 for a warrior to throw (Weapon.acuracyFactor), but the hero "
                   "has 11: accuracy ÷1.5^2 (Weapon.acuracyFactor)"}));
  // ...2 less for the huntress, in both.
  EXPECT_EQ(rs.attack(req("hero:class=huntress,str=12,missile=javelin", "rat", {"thrown"})).warnings,
            (Lines{"attacker: the javelin needs STR 15, 13 for a huntress to throw (Weapon.acuracyFactor, "
                   "speedFactor), but the hero has 12: accuracy ÷1.5^1 (Weapon.acuracyFactor), attack time ×1.2^1 "
                   "(Weapon.speedFactor)"}));
  EXPECT_TRUE(rs.attack(req("hero:class=huntress,str=9", "rat", {"thrown"})).warnings.empty());  // boomerang STR 10
  // In melee, the weapon's own STR; the defender's armor.
  EXPECT_EQ(rs.attack(req("hero:weapon=war_hammer,str=15", "hero:armor=plate")).warnings,
            (Lines{"attacker: the war hammer needs STR 18 but the hero has 15: accuracy ÷1.5^3 "
                   "(Weapon.acuracyFactor), attack time ×1.2^3 (Weapon.speedFactor)",
                   "defender: the plate armor needs STR 17 but the hero has 11: evasion ÷1.5^6 (Hero.defenseSkill)"}));
  // strike carries the items and the warnings of attack.
  const auto a = rs.attack(req("hero:weapon=war_hammer,str=15", "hero:armor=plate"));
  const auto s = rs.strike({req("hero:weapon=war_hammer,str=15", "hero:armor=plate"), 1, 2, "default"});
  EXPECT_EQ(s.equipment, a.equipment);
  EXPECT_EQ(s.warnings, a.warnings);
  EXPECT_EQ(s.equipment, (Lines{"attacker (hero, STR 15): war hammer +0 (needs STR 18)",
                                "defender (hero, STR 11): plate armor +0 (needs STR 17, DR 10)"}));
  // A fight: each side's weapon and armor.
  EXPECT_EQ(rs.bout(req("hero:armor=scale", "hero:class=mage,weapon=longsword")).warnings,
            (Lines{"attacker: the scale armor needs STR 15 but the hero has 11: evasion ÷1.5^4 (Hero.defenseSkill)",
                   "defender: the longsword needs STR 16 but the hero has 10: accuracy ÷1.5^6 "
                   "(Weapon.acuracyFactor), attack time ×1.2^6 (Weapon.speedFactor)"}));
  EXPECT_TRUE(rs.bout(req("hero", "rat")).warnings.empty());
}

TEST(PdCli, FightsPrintTheirWarnings) {
  const auto r = run_cli({"ttk", "--rules", "pixel-dungeon", "--attacker", "hero:armor=scale", "--defender", "rat"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("warning: attacker: the scale armor needs STR 15 but the hero has 11"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("note: attacker uses the defaults class=warrior"), std::string::npos) << r.out;
}
