// Pixel Dungeon through fray::Ruleset and the fray binary: specs, reports,
// bad input, strikes, and the fight kernel.
#include <fray/rules/pixel_dungeon/ruleset.hpp>

#include <fray/core/error.hpp>

#include "support/support.hpp"

#include <gtest/gtest.h>

namespace pd = fray::pixel_dungeon;
using fray::test::run_cli;

TEST(PdRuleset, AttackJsonWorkedCheck) {
  // Research §11: a level-5 hero with a war hammer has accuracy 16; the gnoll scout evades with 4.
  const auto r = run_cli({"attack", "--rules", "pixel-dungeon", "--attacker", "hero:level=5,str=18,weapon=war_hammer",
                          "--defender", "gnoll_scout", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = r.json();
  EXPECT_EQ(j["rules"], "pixel-dungeon");
  EXPECT_EQ(j["accuracy"], 16);
  EXPECT_EQ(j["evasion"], 4);
  EXPECT_DOUBLE_EQ(j["p_hit"].get<double>(), 0.875);
  EXPECT_EQ(j["damage"]["pmf"][0][0], 0);
  EXPECT_EQ(j["damage"]["max"], 24);
  EXPECT_EQ(j["damage_on_hit"]["min"], 3);  // 5 − 2
  // mean on a hit: E[max(W − R, 0)] = 14.5 − 1 (W >= 5 > R), so 0.875 · 13.5.
  EXPECT_NEAR(j["damage"]["mean"].get<double>(), 0.875 * 13.5, 1e-12);
}

TEST(PdRuleset, AttackJsonStrengthPenalty) {
  const auto j = run_cli({"attack", "--rules", "pixel-dungeon", "--attacker", "hero:level=5,str=15,weapon=war_hammer",
                          "--defender", "gnoll_scout", "--json"})
                     .json();
  EXPECT_EQ(j["accuracy"], 4);
  EXPECT_DOUBLE_EQ(j["p_hit"].get<double>(), 0.5);
}

TEST(PdRuleset, HumanReportShowsTheSameNumbers) {
  const auto r = run_cli({"attack", "--rules", "pixel-dungeon", "--attacker", "hero:level=5,str=18,weapon=war_hammer",
                          "--defender", "gnoll_scout"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("accuracy 16 vs evasion 4"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("0.875000"), std::string::npos);
  EXPECT_NE(r.out.find("cumulative"), std::string::npos);
}

TEST(PdRuleset, SituationsAndDepthMobs) {
  const auto j = run_cli({"attack", "--rules", "pixel-dungeon", "--attacker", "hero:class=rogue,subclass=assassin",
                          "--defender", "wraith:depth=12", "--situation", "unseen", "--json"})
                     .json();
  EXPECT_EQ(j["evasion"], 0);
  EXPECT_EQ(j["p_hit"], 1.0);
  const auto s = run_cli({"attack", "--rules", "pixel-dungeon", "--attacker", "gnoll_shaman", "--defender", "hero",
                          "--situation", "magic", "--json"})
                     .json();
  EXPECT_EQ(s["magic"], true);
  EXPECT_DOUBLE_EQ(s["p_hit"].get<double>(), 1 - 5.0 / 44);
  const auto inl = run_cli({"attack", "--rules", "pixel-dungeon", "--attacker", "accuracy=20,damage=3-3",
                            "--defender", "evasion=10,armor=0,hp=30", "--json"})
                       .json();
  EXPECT_DOUBLE_EQ(inl["p_hit"].get<double>(), 0.75);
  EXPECT_EQ(inl["damage_on_hit"]["pmf"][0][0], 3);
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
      {"yog_dzewa", "hero"},
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
  const auto k = run_cli({"attack", "--rules", "pixel-dungeon", "--attacker", "hero", "--defender", "gnoll_scout",
                          "--kind", "ranged"});
  EXPECT_EQ(k.status, 2);
}

TEST(PdRuleset, StrikeIsSeededAndTraced) {
  const std::vector<std::string> args = {"strike", "--rules", "pixel-dungeon", "--attacker",
                                         "hero:class=rogue,subclass=assassin", "--defender", "gnoll_scout",
                                         "--situation", "unseen", "--seed", "42", "--count", "50", "--json"};
  const auto a = run_cli(args), b = run_cli(args);
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  const auto j = a.json();
  ASSERT_EQ(j["strikes"].size(), 50u);
  for (const auto& s : j["strikes"]) {
    EXPECT_EQ(s["def_roll"], 0.0);  // surprised: evasion 0
    EXPECT_TRUE(s["hit"].get<bool>());
    const auto eff = std::max<std::int64_t>(s["damage_roll"].get<std::int64_t>() - s["armor_roll"].get<std::int64_t>(), 0);
    const auto bonus = s["assassin_roll"].get<std::int64_t>();
    EXPECT_EQ(s["damage"], eff + bonus);
    EXPECT_GE(bonus, 1);
    EXPECT_LE(bonus, std::max<std::int64_t>(eff - 1, 1));
  }
  EXPECT_EQ(j["hits"], 50);
  const auto t = run_cli({"strike", "--rules", "pixel-dungeon", "--attacker", "hero", "--defender", "gnoll_scout",
                          "--seed", "42", "--count", "3"});
  ASSERT_EQ(t.status, 0);
  EXPECT_NE(t.out.find("acuRoll"), std::string::npos);
}

TEST(PdRuleset, StrikeCountsFollowTheExactLaw) {
  const auto e = run_cli({"attack", "--rules", "pixel-dungeon", "--attacker", "hero:level=4,str=13", "--defender",
                          "sewer_crab", "--json"})
                     .json();
  const auto s = run_cli({"strike", "--rules", "pixel-dungeon", "--attacker", "hero:level=4,str=13", "--defender",
                          "sewer_crab", "--seed", "5", "--count", "100000", "--json"})
                     .json();
  std::vector<std::pair<std::int64_t, double>> pairs;
  for (const auto& r : e["damage"]["pmf"]) pairs.emplace_back(r[0].get<std::int64_t>(), r[1].get<double>());
  std::map<std::int64_t, std::uint64_t> counts;
  for (const auto& r : s["damage_counts"]) counts[r[0].get<std::int64_t>()] = r[1].get<std::uint64_t>();
  EXPECT_GT(fray::test::chi_square_p(fray::Pmf::from_pairs(pairs), counts), 1e-3);
  EXPECT_EQ(s["strikes"].size(), 1000u);  // traces are capped
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
  // Fury and rage read the attacker's own HP, and the kernels say so; a plain
  // warrior against a rat reads no HP.
  EXPECT_TRUE(b.a_hits_b->reads().attacker_hp);
  EXPECT_TRUE(b.b_hits_a->reads().attacker_hp);
  EXPECT_FALSE(b.a_hits_b->reads().defender_hp);
  const fray::Bout plain = pd::ruleset().bout({"hero:hp=20", "marsupial_rat", {}, {}});
  EXPECT_FALSE(plain.a_hits_b->reads().attacker_hp);
  EXPECT_FALSE(plain.b_hits_a->reads().attacker_hp);
  // A miss and a hit that armour absorbs are told apart: the kernel's hits
  // carry the plan's hit chance, whatever damage they do.
  double p_hit = 0;
  for (const auto& t : calm) p_hit += t.landed() ? t.p : 0.0;
  const auto o = pd::exact_outcome(pd::plan_attack(pd::parse_combatant("hero:subclass=berserker,level=3,str=13", "a"),
                                                   pd::parse_combatant("gnoll_brute", "d"), {}));
  EXPECT_NEAR(p_hit, o.p_hit, 1e-15);
}

TEST(PdRuleset, BoutSaysWhenItIsNotExact) {
  const auto g = pd::ruleset().bout({"hero:subclass=gladiator,combo=3", "gnoll_scout", {}, {}});
  EXPECT_FALSE(g.a_hits_b->exact());
  EXPECT_NE(g.a_hits_b->why_not_exact().find("Combo"), std::string::npos);
  EXPECT_FALSE(pd::ruleset().bout({"hero", "swarm_of_flies", {}, {}}).a_hits_b->exact());
  EXPECT_FALSE(pd::ruleset().bout({"hero", "gnoll_scout", {"unseen"}, {}}).a_hits_b->exact());
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
