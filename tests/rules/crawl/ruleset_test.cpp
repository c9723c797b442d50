// The crawl ruleset through its public API and the command line: specs,
// errors, reports, exact-vs-sampled agreement, sweeps and the fight kernel.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fray/report/report.hpp>
#include <fray/rules/crawl/attack.hpp>
#include <fray/rules/crawl/ruleset.hpp>
#include <fray/rules/ruleset.hpp>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "rules/crawl/duel_checks.hpp"
#include "support/support.hpp"

namespace fray::crawl {
namespace {

const std::string fighter = "player:dex=15,str=15,fighting=3,weapon_skill=5,weapon=long_sword";

void expect_error(const std::vector<std::string>& args, const std::string& needle) {
  const test::Run r = test::run_cli(args);
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_EQ(r.err.rfind("fray: error:", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(needle), std::string::npos) << r.err;
}

TEST(CrawlSpecs, PlayerKeysAndDecimals) {
  const Player p = std::get<Player>(
      parse_combatant("player:str=18,dex=12,fighting=5.5,weapon_skill=8,weapon=great_mace,enchant=-3,body=plate_armour,"
                      "shield=buckler,shields_skill=2.5,size=small,claws=1,vertigo,sh=11,ev=9",
                      "attacker"));
  EXPECT_EQ(p.fighting, 550);
  EXPECT_EQ(p.weapon_skill, 800);
  EXPECT_EQ(p.weapon->name, "great mace");
  EXPECT_EQ(p.enchant, -3);
  EXPECT_EQ(p.body->name, "plate armour");
  EXPECT_EQ(p.shields, 250);
  EXPECT_EQ(p.size, Small);
  EXPECT_TRUE(p.vertigo);
  EXPECT_EQ(*p.sh, 11);  // player_shield_class, as the golden sh_internal
  EXPECT_EQ(*p.ev, 9);
}

TEST(CrawlSpecs, MonsterCatalogOverridesAndInline) {
  const Monster m =
      std::get<Monster>(parse_combatant("orc_warrior:hd=6,weapon=war_axe,enchant=2,ev=3,ac=4", "defender"));
  EXPECT_EQ(m.name, "orc warrior");
  EXPECT_EQ(m.hd, 6);
  EXPECT_TRUE(m.fighter);
  EXPECT_EQ(m.weapon->name, "war axe");
  EXPECT_EQ(m.ev, 3);
  EXPECT_EQ(m.ac, 4);
  const Monster t = std::get<Monster>(parse_combatant("troll", "defender"));
  EXPECT_EQ(t.hd, 7);
  EXPECT_EQ(t.attacks.size(), 3u);
  const Monster i = std::get<Monster>(parse_combatant("hd=3,fighter=1,weapon=club,enchant=0,ev=8,ac=2", "attacker"));
  EXPECT_EQ(i.hd, 3);
  EXPECT_TRUE(i.fighter);
  EXPECT_EQ(i.ev, 8);
  EXPECT_EQ(i.weapon->name, "club");
}

TEST(CrawlCli, BadSpecsExitTwo) {
  expect_error({"attack", "--rules", "crawl", "--attacker", "player:dex=-5", "--defender", "orc"}, "dex=-5");
  expect_error({"attack", "--rules", "crawl", "--attacker", "player:fighting=28", "--defender", "orc"}, "fighting=28");
  // The spec is named once, also when the lookup itself refuses the item.
  const test::Run shield =
      test::run_cli({"attack", "--rules", "crawl", "--attacker", "player:shield=plate_armour", "--defender", "orc"});
  EXPECT_EQ(shield.status, 2);
  EXPECT_EQ(shield.err,
            "fray: error: attacker spec 'player:shield=plate_armour': shield=plate_armour is not a shield\n");
  // One bad attack spec each: attacker, defender, an extra flag and its value, and the words the error must say.
  struct BadAttack {
    const char *attacker, *defender, *flag, *value, *says;
  };
  const BadAttack bad[] = {
      {"player:fighting=abc", "orc", "", "", "fighting=abc"},
      {"player:weapon=lightsaber", "orc", "", "", "unknown weapon 'lightsaber'"},
      {"player", "orc_overlord", "", "", "unknown monster 'orc_overlord' (did you mean 'orc_warlord' or 'orc'?)"},
      {"player:weapon=long_swrod", "orc", "", "", "did you mean 'long_sword'"},
      {"player", "orc", "--situation", "sleping", "did you mean 'sleeping'"},
      {"player:form=blade_hand", "orc", "", "", "did you mean 'blade_hands'"},
      {"player", "orc", "--kind", "ranged", "--kind is not used by --rules crawl"},
      {"player:mojo=3", "orc", "", "", "unknown key 'mojo'"},
      {"player:body=buckler", "orc", "", "", "not body armour"},
      {"player", "orc", "--situation", "drunk", "unknown situation 'drunk'"},
      {"player", "player", "", "", "cannot attack a player"},
      {"player", "orc", "--situation", "ranged", "missile=NAME"},
      {"player:weapon=shortbow", "orc", "", "", "is a launcher"},
  };
  for (const BadAttack& x : bad) {
    std::vector<std::string> args{"attack", "--rules", "crawl", "--attacker", x.attacker, "--defender", x.defender};
    if (*x.flag) args.insert(args.end(), {x.flag, x.value});
    expect_error(args, x.says);
  }
  expect_error({"sweep", "--rules", "crawl", "--attacker", fighter, "--defender", "orc", "--skill", "luck"},
               "cannot sweep 'luck'");
  expect_error({"sweep", "--rules", "crawl", "--attacker", fighter, "--defender", "orc", "--skill", "fighting",
                "--from", "0", "--to", "30"},
               "outside");
  expect_error({"sweep", "--rules", "brogue", "--attacker", fighter, "--defender", "orc", "--skill", "fighting"},
               "--skill is the crawl skill sweep; for --rules brogue sweep a spec key with --key");
}

double kind_p(const nlohmann::json& j, const std::string& kind) {
  for (const auto& k : j.at("outcomes"))
    if (k.at("kind") == kind) return k.at("p").get<double>();
  ADD_FAILURE() << "no outcome " << kind << " in " << j.at("outcomes").dump();
  return -1;
}

TEST(CrawlCli, AttackJsonMatchesWorkedExampleA) {
  const test::Run r =
      test::run_cli({"attack", "--rules", "crawl", "--attacker", fighter, "--defender", "hd=1,ev=10", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = r.json();
  EXPECT_EQ(j.at("rules"), "crawl");
  const double p = 151461744563.0 / 243856267200.0;
  EXPECT_NEAR(j.at("p_hit").get<double>(), p, 1e-12);
  ASSERT_EQ(j.at("outcomes").size(), 2u);  // no shield, no stab: miss and hit
  EXPECT_NEAR(kind_p(j, "hit"), p, 1e-12);
  EXPECT_NEAR(kind_p(j, "miss"), 1 - p, 1e-12);
  EXPECT_EQ(j.at("details").at("p_block").get<double>(), 0.0);
  EXPECT_EQ(j.at("details").at("p_stab").get<double>(), 0.0);
  EXPECT_NEAR(j.at("details").at("to_hit_mean").get<double>(), 13.0, 1e-9);
  EXPECT_EQ(j.at("details").at("to_hit_max"), 30);
  EXPECT_EQ(j.at("details").at("ev_mean").get<double>(), 10.0);
  EXPECT_NEAR(j.at("damage").at("pmf").at(0).at(1).get<double>(),
              1 - p + p * j.at("damage_on_hit").at("pmf").at(0).at(1).get<double>(), 1e-12);
  EXPECT_NEAR(j.at("mean_damage").get<double>(), p * j.at("damage_on_hit").at("mean").get<double>(), 1e-12);
  EXPECT_NEAR(j.at("attack_time").get<double>(), 11.5, 1e-12);  // long sword 14 − div_rand_round(50, 20)
  EXPECT_EQ(j.at("time_unit"), "aut");
  EXPECT_EQ(j.at("attacker").at("name"), "player");
  EXPECT_EQ(j.at("attacker").at("weapon"), "long sword");
  EXPECT_EQ(j.at("attacker").at("fighting").get<double>(), 3.0);
  // One name per concept in every game's side stats; Crawl's own in the details.
  EXPECT_NEAR(j.at("attacker").at("accuracy").get<double>(), 13.0, 1e-9);
  EXPECT_EQ(j.at("defender").at("evasion"), 10);
  EXPECT_EQ(j.at("defender").at("dr"), 0);
  EXPECT_FALSE(j.at("attacker").contains("to_hit"));
  EXPECT_FALSE(j.at("defender").contains("ev"));
  EXPECT_FALSE(j.at("defender").contains("ac"));
  EXPECT_EQ(j.at("details").at("ev"), 10);
  EXPECT_EQ(j.at("details").at("ac"), 0);
  const test::Run text =
      test::run_cli({"attack", "--rules", "crawl", "--attacker", fighter, "--defender", "hd=1,ev=10"});
  EXPECT_NE(text.out.find("P(hit) = 0.621111"), std::string::npos) << text.out;
}

TEST(CrawlCli, InlineMonsterDefaultsAreNamed) {
  // A player's to-hit question does not read the defender's HD: it defaults, and the notes say so.
  const test::Run r = test::run_cli({"attack", "--rules", "crawl", "--attacker",
                                     "player:weapon_skill=5,weapon=long_sword", "--defender", "ev=10", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = r.json();
  EXPECT_EQ(j.at("defender").at("hd"), 1);
  EXPECT_EQ(j.at("defender").at("hp"), 5);  // 11·HD/2
  bool named = false;
  for (const auto& n : j.at("notes"))
    named =
        named || n.get<std::string>() == "inline defender uses the defaults hd=1, ac=0, damage=1, hp=5 (docs/crawl.md)";
  EXPECT_TRUE(named) << j.at("notes").dump();
  const Monster m = std::get<Monster>(parse_combatant("hd=4,ev=3,ac=2,damage=7,hp=30", "defender"));
  EXPECT_TRUE(m.defaults.empty());
  EXPECT_EQ(std::get<Monster>(parse_combatant("hd=4", "defender")).hp, 22);
  EXPECT_TRUE(std::get<Monster>(parse_combatant("orc", "defender")).defaults.empty());
}

TEST(CrawlRuleset, AliasAndOptions) {
  EXPECT_EQ(&fray::ruleset("crawl-0.19"), &fray::ruleset("crawl"));
  EXPECT_TRUE(fray::ruleset("crawl").options().empty());
  AttackRequest req{fighter, "orc", {}, {{"from", "3,4"}}};
  EXPECT_THROW((void)fray::ruleset("crawl").attack(req), Error);
  const test::Run r =
      test::run_cli({"attack", "--rules", "crawl-0.19", "--attacker", fighter, "--defender", "orc", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.json().at("rules"), "crawl");
}

TEST(CrawlRuleset, CatalogsListEveryEntry) {
  const Ruleset& rs = fray::ruleset("crawl");
  const std::vector<CatalogKind> kinds = rs.catalogs();
  EXPECT_EQ(kinds, (std::vector<CatalogKind>{CatalogKind::monsters, CatalogKind::weapons, CatalogKind::armors,
                                             CatalogKind::situations, CatalogKind::keys}));
  const auto mons = rs.catalog(CatalogKind::monsters);
  ASSERT_EQ(mons.size(), monsters().size());
  for (std::size_t i = 0; i < mons.size(); ++i) {
    EXPECT_EQ(find_monster(mons[i].name), &monsters()[i]) << mons[i].name;
    EXPECT_NE(find_field(mons[i].stats, "hd"), nullptr);
    EXPECT_NE(find_field(mons[i].stats, "attacks"), nullptr);
    (void)parse_combatant(mons[i].name, "defender");  // every entry is a spec
  }
  const auto weps = rs.catalog(CatalogKind::weapons);
  ASSERT_EQ(weps.size(), weapons().size() + missiles().size());
  for (std::size_t i = 0; i < weapons().size(); ++i) {
    EXPECT_EQ(find_weapon(weps[i].name), &weapons()[i]) << weps[i].name;
    EXPECT_NE(find_field(weps[i].stats, "delay"), nullptr);
  }
  for (std::size_t i = 0; i < missiles().size(); ++i)
    EXPECT_EQ(find_missile(weps[weapons().size() + i].name), &missiles()[i]);
  const auto arms = rs.catalog(CatalogKind::armors);
  ASSERT_EQ(arms.size(), armors().size());
  for (std::size_t i = 0; i < arms.size(); ++i) EXPECT_EQ(find_armor(arms[i].name), &armors()[i]);
  const auto sits = rs.catalog(CatalogKind::situations);
  ASSERT_EQ(sits.size(), situation_flags().size());
  for (const auto& e : sits) EXPECT_NO_THROW((void)parse_situation({e.name})) << e.name;
  const auto keys = rs.catalog(CatalogKind::keys);
  EXPECT_EQ(keys.size(), spec_keys().size());
  EXPECT_THROW((void)rs.catalog(CatalogKind::classes), Error);
  // Lookups: find is nullable, lookup throws with a suggestion.
  EXPECT_EQ(find_monster("orc_overlord"), nullptr);
  try {
    (void)lookup_monster("orc_overlord");
    ADD_FAILURE();
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "unknown monster 'orc_overlord' (did you mean 'orc_warlord' or 'orc'?)");
  }
  EXPECT_EQ(lookup_weapon("Long sword").name, "long sword");
  EXPECT_THROW((void)lookup_armor("plate_armor"), Error);
}

TEST(CrawlCli, MonsterWithShieldBlocksAndStabs) {
  // Golden p_vs_lshield_hd15 through the command line.
  const test::Run r = test::run_cli({"attack", "--rules", "crawl", "--attacker",
                                     "player:dex=18,str=20,fighting=15,weapon_skill=16,weapon=long_sword,enchant=5",
                                     "--defender", "orc_warlord:shield=large_shield,shield_enchant=2", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NEAR(r.json().at("p_hit").get<double>(), 0.3855444156822553, 1e-12);
  EXPECT_GT(kind_p(r.json(), "block"), 0.1);
  EXPECT_EQ(r.json().at("outcomes").size(), 3u);  // miss, block, hit
  // Golden p_vs_netted_stealth: netted deep elf blademaster (EV 25 / 5).
  const test::Run n = test::run_cli({"attack", "--rules", "crawl", "--attacker",
                                     "player:dex=20,str=10,fighting=6,weapon_skill=10,stealth=15,weapon=short_sword,"
                                     "enchant=2",
                                     "--defender", "deep_elf_blademaster", "--situation", "netted", "--json"});
  ASSERT_EQ(n.status, 0) << n.err;
  EXPECT_NEAR(n.json().at("p_hit").get<double>(), 0.9016198447164099, 1e-12);
  EXPECT_NEAR(kind_p(n.json(), "stab"), 67.0 / 200, 1e-12);
  EXPECT_NEAR(n.json().at("details").at("p_stab").get<double>(), 67.0 / 200, 1e-12);
}

TEST(CrawlCli, MonsterAgainstShieldedPlayer) {
  // golden m_vs_buckler and m_vs_shield_invis_att through the command line.
  const test::Run r = test::run_cli(
      {"attack", "--rules", "crawl", "--attacker", "hd=4,fighter=1", "--defender", "player:ev=10,sh=11", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NEAR(r.json().at("p_hit").get<double>(), 6125.0 / 11339, 1e-12);
  EXPECT_NEAR(kind_p(r.json(), "block"), 801.0 / 4301, 1e-12);
  const test::Run i = test::run_cli({"attack", "--rules", "crawl", "--attacker", "hd=8", "--defender",
                                     "player:ev=12,shield=shield,shields_skill=10,dex=14,str=14", "--situation",
                                     "attacker_invisible", "--json"});
  ASSERT_EQ(i.status, 0) << i.err;
  EXPECT_NEAR(kind_p(i.json(), "block"), 1479.0 / 10810, 1e-12);
  EXPECT_NEAR(i.json().at("p_hit").get<double>(), 58093.0 / 108100, 1e-12);
}

TEST(CrawlCli, StrikeTracesEveryDraw) {
  const test::Run r = test::run_cli({"strike", "--rules", "crawl", "--attacker", fighter, "--defender", "orc", "--seed",
                                     "7", "--count", "3", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = r.json();
  EXPECT_EQ(j.at("engine"), "default");
  EXPECT_EQ(j.at("traced"), 3);
  ASSERT_EQ(j.at("strikes").size(), 3u);
  std::int64_t total = 0;
  for (const auto& s : j.at("strikes")) {
    bool rolled = false;
    for (const auto& d : s.at("draws")) {
      if (d.at("for") == "to-hit roll") {
        rolled = d.at("value") == s.at("rolls").at("to_hit");
        EXPECT_EQ(d.at("call").get<std::string>().rfind("random2(", 0), 0u) << d.dump();
      }
    }
    EXPECT_TRUE(rolled) << s.dump();
    const std::string kind = s.at("outcome");
    EXPECT_TRUE(kind == "hit" || kind == "miss") << kind;
    EXPECT_EQ(s.at("hit").get<bool>(), kind == "hit");
    total += s.at("damage").get<std::int64_t>();
  }
  EXPECT_EQ(j.at("total_damage").get<std::int64_t>(), total);
  const test::Run again = test::run_cli({"strike", "--rules", "crawl", "--attacker", fighter, "--defender", "orc",
                                         "--seed", "7", "--count", "3", "--json"});
  EXPECT_EQ(again.out, r.out);  // reproducible from the seed
  expect_error({"strike", "--rules", "crawl", "--attacker", fighter, "--defender", "orc", "--rng", "brogue"},
               "no engine 'brogue'");
}

TEST(CrawlRuleset, StrikeTracesTheFirstThousand) {
  StrikeRequest req{{fighter, "orc", {}, {}}, 3, kMaxTraced + 500, "default"};
  const StrikeRun run = fray::ruleset("crawl").strike(req);
  EXPECT_EQ(run.strikes.size(), kMaxTraced);
  EXPECT_EQ(run.count, kMaxTraced + 500);
  // The same seed gives the same strikes through the plan directly.
  const AttackPlan plan = plan_attack(parse_combatant(fighter, "attacker"), parse_combatant("orc", "defender"), {});
  Rng rng(3);
  std::uint64_t hits = 0;
  std::int64_t total = 0;
  for (std::uint64_t i = 0; i < req.count; ++i) {
    const StrikeResult s = strike(plan, rng);
    hits += s.hit();
    total += s.damage;
    if (i < kMaxTraced) {
      EXPECT_EQ(run.strikes[i].outcome, kind_name(s.kind));
      EXPECT_EQ(run.strikes[i].damage, s.damage);
    }
  }
  EXPECT_EQ(run.hits, hits);
  EXPECT_EQ(run.total_damage, total);
}

TEST(CrawlCli, SweepRowsAreExactAttacks) {
  const test::Run r =
      test::run_cli({"sweep", "--rules", "crawl", "--attacker", "player:dex=15,str=15,weapon_skill=5,weapon=long_sword",
                     "--defender", "hd=1,ev=10", "--skill", "fighting", "--from", "0", "--to", "27", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto rows = r.json().at("rows");
  ASSERT_EQ(rows.size(), 28u);
  EXPECT_EQ(r.json().at("columns"), nlohmann::json::parse(R"(["value", "p_hit", "mean_damage"])"));
  // The fighting 3 row is worked example A.
  EXPECT_NEAR(rows.at(3).at("p_hit").get<double>(), 151461744563.0 / 243856267200.0, 1e-12);
  for (std::size_t i = 1; i < rows.size(); ++i) {
    EXPECT_GT(rows.at(i).at("p_hit").get<double>(), rows.at(i - 1).at("p_hit").get<double>());
    EXPECT_GT(rows.at(i).at("mean_damage").get<double>(), rows.at(i - 1).at("mean_damage").get<double>());
  }
  const test::Run csv =
      test::run_cli({"sweep", "--attacker", "player:dex=15,str=15,weapon_skill=5,weapon=long_sword", "--defender",
                     "hd=1,ev=10", "--skill", "fighting", "--from", "3", "--to", "4", "--csv"});
  ASSERT_EQ(csv.status, 0) << csv.err;
  EXPECT_EQ(csv.out.rfind("value,p_hit,mean_damage\n3,0.6211107", 0), 0u) << csv.out;
  EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 3);
}

// Exact and sampled agree: the same plan read both ways, fixed seeds. The
// outcome kinds (miss, block, hit, stab) come from the one resolve() rule.
void check_agreement(const Combatant& a, const Combatant& d, const Situation& s, std::uint64_t seed) {
  const AttackPlan p = plan_attack(a, d, s);
  const Outcome o = exact_outcome(p);
  Rng rng(seed);
  const int n = 100000;
  std::map<std::int64_t, std::uint64_t> to_hit, damage, landed, kinds;
  for (int i = 0; i < n; ++i) {
    const StrikeResult r = strike(p, rng);
    ++to_hit[r.to_hit];
    ++damage[r.damage];
    if (r.hit()) ++landed[r.damage];
    ++kinds[static_cast<std::int64_t>(r.kind)];
    if (!r.hit()) {
      EXPECT_EQ(r.damage, 0);
    }
  }
  EXPECT_GT(test::chi_square_p(o.to_hit, to_hit), 1e-3);
  EXPECT_GT(test::chi_square_p(o.damage, damage), 1e-3);
  if (!landed.empty()) {
    EXPECT_GT(test::chi_square_p(o.damage_on_hit, landed), 1e-3);
  }
  std::vector<std::pair<std::int64_t, double>> kind_p;
  for (Kind k : kKinds) kind_p.emplace_back(static_cast<std::int64_t>(k), o.p(k));
  EXPECT_GT(test::chi_square_p(Pmf::from_pairs(kind_p), kinds), 1e-3);
  double sum = 0;
  for (Kind k : kKinds) sum += o.p(k);
  EXPECT_NEAR(sum, 1.0, 1e-12);
  EXPECT_NEAR(o.p_hit, o.p(Kind::hit) + o.p(Kind::stab), 1e-15);
}

TEST(CrawlAgreement, ExactAndSampledAgree) {
  Situation none;
  Situation backlit;
  backlit.backlit = true;
  Situation netted;
  netted.caught = true;
  Situation sleeping;
  sleeping.sleeping = true;
  Situation ranged_deflect;
  ranged_deflect.ranged = true;
  ranged_deflect.deflect_missiles = true;
  Situation umbra_inv;
  umbra_inv.umbra = true;
  umbra_inv.attacker_invisible = true;
  check_agreement(parse_combatant(fighter, "attacker"), parse_combatant("orc", "defender"), none, 1);
  check_agreement(parse_combatant("player:dex=10,str=18,fighting=5,weapon_skill=8,weapon=great_mace,enchant=-3,"
                                  "body=plate_armour,shield=shield,shields_skill=3",
                                  "attacker"),
                  parse_combatant("orc_warlord:shield=large_shield", "defender"), backlit, 2);
  check_agreement(parse_combatant("player:dex=20,fighting=6,weapon_skill=10,stealth=15,weapon=dagger", "attacker"),
                  parse_combatant("deep_elf_blademaster", "defender"), netted, 3);
  check_agreement(parse_combatant("player:dex=16,fighting=8,unarmed=12,form=blade_hands,str=14", "attacker"),
                  parse_combatant("troll", "defender"), sleeping, 4);
  check_agreement(parse_combatant("orc_warrior:weapon=war_axe", "attacker"),
                  parse_combatant("player:ev=10,sh=11,body=chain_mail,armour_skill=10", "defender"), umbra_inv, 5);
  check_agreement(
      parse_combatant("troll", "attacker"),
      parse_combatant("player:dex=14,str=12,dodging=8,body=leather_armour,shield=buckler,shields_skill=5", "defender"),
      none, 6);
  check_agreement(parse_combatant("player:dex=16,fighting=4,weapon_skill=8,weapon=shortbow,missile=arrow", "attacker"),
                  parse_combatant("centaur", "defender"), ranged_deflect, 7);
}

TEST(CrawlAgreement, BoltsExactAndSampledAgree) {
  Situation repel;
  repel.repel_missiles = true;
  repel.backlit = true;
  Situation deflect;
  deflect.deflect_missiles = true;
  check_agreement(parse_combatant("bolt:hit=30,pierce", "attacker"), parse_combatant("player:ev=15,sh=16", "defender"),
                  repel, 21);
  check_agreement(parse_combatant("bolt:hit=40", "attacker"),
                  parse_combatant("orc_warlord:shield=large_shield", "defender"), deflect, 22);
}

TEST(CrawlCli, BoltsAgainstThePlayer) {
  // golden beam_vs_player_cases through the command line (no shield, no band).
  const test::Run r = test::run_cli({"attack", "--rules", "crawl", "--attacker", "bolt:hit=30,pierce", "--defender",
                                     "player:ev=15", "--situation", "repel_missiles", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NEAR(r.json().at("p_hit").get<double>(), 3414675890963.0 / 4990906206000.0, 1e-12);
  EXPECT_EQ(r.json().at("damage").at("max"), 0);  // not modeled: reported as 0, and the notes say so
  EXPECT_EQ(r.json().at("damage_on_hit").at("max"), 0);
  EXPECT_EQ(r.json().at("details").at("damage_modeled"), false);
  EXPECT_NE(r.json().at("notes").dump().find("bolt damage is not modeled"), std::string::npos);
  expect_error({"attack", "--rules", "crawl", "--attacker", "bolt", "--defender", "orc"}, "needs hit=N");
  expect_error({"attack", "--rules", "crawl", "--attacker", "bolt:hit=2000", "--defender", "orc"}, "hit=2000");
}

TEST(CrawlBout, KernelIsTheRoundOfAttacks) {
  const Ruleset& rs = fray::ruleset("crawl");
  const Bout b = rs.bout({"player:hp=40,dex=15,str=15,fighting=3,weapon_skill=5,weapon=long_sword", "troll", {}, {}});
  EXPECT_EQ(b.a.hp, 40);
  EXPECT_EQ(b.b.hp, 39);  // avg_hp_x10 385, rounded
  EXPECT_EQ(b.time_unit, "aut");
  EXPECT_NEAR(b.a.attack_time, 14 - 2.5, 1e-12);  // long sword 14 aut − (5·10)/20, the mean of 11 and 12
  EXPECT_NEAR(b.b.attack_time, 10, 1e-12);
  EXPECT_TRUE(b.a_hits_b->exact());
  // The troll's round is its bite and two claws: the kernel's mean is the sum.
  double expected = 0;
  const Monster troll = std::get<Monster>(parse_combatant("troll", "attacker"));
  const Combatant me = parse_combatant("player:hp=40,dex=15,str=15", "defender");
  for (int i = 0; i < 3; ++i) {
    Monster one = troll;
    one.attack_index = i;
    expected += exact_outcome(plan_attack(one, me, {})).damage.mean();
  }
  double mean = 0, total = 0;
  for (const Transition& t : b.b_hits_a->outcomes({33, 0}, {40, 0})) {
    mean += t.p * static_cast<double>(t.damage);
    total += t.p;
  }
  EXPECT_NEAR(total, 1.0, 1e-12);
  EXPECT_NEAR(mean, expected, 1e-9);
  // Sampling draws from the same plans.
  Rng rng(9);
  double sum = 0;
  const int n = 50000;
  for (int i = 0; i < n; ++i) sum += static_cast<double>(b.b_hits_a->sample({33, 0}, {40, 0}, rng).damage);
  EXPECT_NEAR(sum / n, expected, 0.1);
  // A shield makes the block count matter across rounds: not exact, and says why.
  const Bout s = rs.bout({"troll", "player:hp=40,shield=shield,shields_skill=5", {}, {}});
  EXPECT_FALSE(s.a_hits_b->exact());
  EXPECT_FALSE(s.a_hits_b->why_not_exact().empty());
  // No hp=: the player's maximum HP, get_real_hp at XL 1: 1·11/2 + 8 = 13, said in a note.
  const Bout d = rs.bout({"player", "troll", {}, {}});
  EXPECT_EQ(d.a.hp, 13);
  // And the troll's time, a monster's time, the player's defaults, the regeneration's.
  ASSERT_EQ(d.notes.size(), 5u);
  EXPECT_NE(d.notes[0].find("has 13 HP: no hp= given"), std::string::npos) << d.notes[0];
  EXPECT_EQ(d.notes[1],
            "troll: each melee round spends 10 energy (div_rand_round(attack energy 10 × delay 10, 10)), 10 aut at "
            "speed 10");
  EXPECT_NE(d.notes[2].find("monster time:"), std::string::npos) << d.notes[2];
  EXPECT_EQ(d.notes[3],
            "player attacker uses the defaults str=10, dex=10, xl=1, fighting=0, weapon=none (unarmed), unarmed=0, "
            "dodging=0 (docs/crawl.md)");
  EXPECT_NE(d.notes[4].find("regeneration:"), std::string::npos) << d.notes[4];
}

// player-act.cc player::attack_delay: base − div_rand_round(x, d) takes two
// values unless x divides evenly, a shield adds its own roll; the fight gets
// them all with their probabilities.
TEST(CrawlDelay, RandomRoundingGivesTwoDelays) {
  using Delays = std::vector<std::pair<double, double>>;
  auto delays = [](const char* spec) { return attack_delays(parse_combatant(spec, "attacker")); };
  // Long sword (14 aut, minimum 7 at skill 14): skill 5 → x = 50, 50/20 = 2 r 10.
  EXPECT_EQ(delays("player:weapon_skill=5,weapon=long_sword"), (Delays{{11, 0.5}, {12, 0.5}}));
  // Skill 4 → x = 40: exactly 2, one delay of 12.
  EXPECT_EQ(delays("player:weapon_skill=4,weapon=long_sword"), (Delays{{12, 1.0}}));
  // Skill 27 is past the minimum-delay skill: x = 140 → 7 aut.
  EXPECT_EQ(delays("player:weapon_skill=27,weapon=long_sword"), (Delays{{7, 1.0}}));
  // Unarmed: 10 − div_rand_round(UC×10, 54); UC 3 → 30/54: 9 with 30/54, else 10.
  const Delays uc = delays("player:unarmed=3");
  ASSERT_EQ(uc.size(), 2u);
  EXPECT_EQ(uc[0].first, 9);
  EXPECT_NEAR(uc[0].second, 30.0 / 54, 1e-15);
  EXPECT_EQ(uc[1].first, 10);
  EXPECT_NEAR(attack_delay(parse_combatant("player:unarmed=3", "attacker")), 10 - 30.0 / 54, 1e-12);
  // A monster's round: 10 × its energy / speed aut (energy_test.cpp).
  EXPECT_EQ(delays("orc_warrior"), (Delays{{10, 1.0}}));
  // A shield (-30, Shields 0, medium: adjusted_shield_penalty(20) = 60) adds
  // div_rand_round(min(1d60, 1d60), 20): 0..3, on average E[min]/20 with
  // E[min] = Σ j²/3600 (j = 1..60) = 73810/3600.
  const Delays shield = delays("player:weapon_skill=4,weapon=long_sword,shield=shield");
  ASSERT_EQ(shield.size(), 4u);
  EXPECT_EQ(shield.front().first, 12);
  EXPECT_EQ(shield.back().first, 15);
  EXPECT_NEAR(attack_delay(parse_combatant("player:weapon_skill=4,weapon=long_sword,shield=shield", "attacker")),
              12 + 73810.0 / 3600 / 20, 1e-12);
  // A thrown javelin (10): 10 + 10/2 − div_rand_round(throwing×10, 20), at least 7.
  EXPECT_EQ(attack_delays(parse_combatant("player:missile=javelin,throwing=5", "attacker"), true),
            (Delays{{12, 0.5}, {13, 0.5}}));
  EXPECT_EQ(attack_delays(parse_combatant("player:missile=javelin,throwing=27", "attacker"), true), (Delays{{7, 1.0}}));
  // Bat form: 10 − div_rand_round(100, 54) (8 with 46/54, else 9), then div_rand_round(d×3, 5).
  const Delays bat = delays("player:form=bat,unarmed=10");
  ASSERT_EQ(bat.size(), 3u);
  EXPECT_EQ(bat[0].first, 4);
  EXPECT_NEAR(bat[0].second, 46.0 / 54 / 5, 1e-15);
  EXPECT_NEAR(bat[1].second, 46.0 / 54 * 4 / 5 + 8.0 / 54 * 3 / 5, 1e-15);
  EXPECT_NEAR(bat[2].second, 8.0 / 54 * 2 / 5, 1e-15);
}

TEST(CrawlDelay, ARandomDelayMakesTheDuelSampledAndTheTtkExact) {
  const Ruleset& rs = fray::ruleset("crawl");
  const Bout b = rs.bout({"player:hp=40,fighting=5,weapon_skill=5,weapon=long_sword", "orc_warrior", {}, {}});
  ASSERT_EQ(b.a.attack_times.size(), 2u);
  EXPECT_TRUE(b.b.attack_times.empty());
  fight::FightOptions o = crawl_test::quiet(4000);
  const fight::DuelResult d = fight::solve_duel(b, o);
  EXPECT_EQ(d.method, "monte-carlo");
  EXPECT_NE(d.method_reason.find("side a's attack time is random"), std::string::npos) << d.method_reason;
  // Turns to kill of a defender whose own turns change nothing stay exact
  // (b_hits_a null: none). The orc warrior's regeneration, which turns to
  // kill follow, makes the order of turns matter: sampled, saying why.
  Bout still = b;
  still.b_hits_a = nullptr;
  const fight::TtkResult t = fight::solve_ttk(still, o);
  EXPECT_EQ(t.method, "exact");
  EXPECT_NEAR(fight::mean_of(t.time), t.attacks->mean() * 11.5, 1e-9);  // Wald: E[N] × E[delay]
  const fight::TtkResult regen = fight::solve_ttk(b, o);
  EXPECT_EQ(regen.method, "monte-carlo");
  EXPECT_NE(regen.method_reason.find("the attacker's attack time is random and the defender's own turns"),
            std::string::npos)
      << regen.method_reason;
  // The report shows the delay's range.
  const Report r = ttk_report("crawl", b, regen);
  EXPECT_EQ(r.json["attacker"]["attack_times"], nlohmann::json::parse("[[11.0, 0.5], [12.0, 0.5]]"));
  EXPECT_NE(r.text.find("11.5 (11-12)"), std::string::npos) << r.text;
}

}  // namespace
}  // namespace fray::crawl

namespace {

// player.cc adjusted_body_armour_penalty at scale 1: plate armour's
// encumbrance b = 18 (PARM_EVASION −180 tenths), STR 10, Armour 0:
// 2·18²·(450 − 0) / (5·(10 + 3)) / 450 = 291600 / 65 / 450 = 4486 / 450 = 9.
TEST(CrawlCli, EquipmentAndArmorWarning) {
  const auto j = fray::test::run_cli({"attack", "--rules", "crawl", "--attacker",
                                      "player:body=plate_armour,weapon=long_sword", "--defender", "orc", "--json"})
                     .json();
  EXPECT_EQ(j["equipment"], nlohmann::json::parse(R"(["attacker (player, STR 10): long sword +0, plate armour"])"));
  ASSERT_EQ(j["warnings"].size(), 1u);
  EXPECT_NE(j["warnings"][0].get<std::string>().find("body armour penalty 9"), std::string::npos) << j["warnings"];
  const auto light = fray::test::run_cli({"attack", "--rules", "crawl", "--attacker",
                                          "player:body=robe,weapon=long_sword", "--defender", "orc", "--json"})
                         .json();
  EXPECT_TRUE(light["warnings"].empty()) << light["warnings"];
}

const fray::Ruleset& crawl019() { return fray::ruleset("crawl"); }
fray::AttackSummary ask019(const std::string& a, const std::string& d, std::vector<std::string> situation = {}) {
  return crawl019().attack({a, d, std::move(situation), {}});
}
bool has_note(const std::vector<std::string>& notes, const std::string& line) {
  return std::find(notes.begin(), notes.end(), line) != notes.end();
}

// By role: the body armour's penalty comes off the attacker's to-hit and the
// defender's EV; the shield's (large shield, Shields 0: (50 − 0)/10 = 5 at
// scale 1, 100 at scale 20) as well, and it slows each attack. A fight takes
// both. A monster's items are listed too.
TEST(CrawlCli, WarningsByRoleAndMonsterItems) {
  EXPECT_EQ(ask019("player:body=plate_armour,weapon=long_sword", "orc").warnings,
            (std::vector<std::string>{"the attacker's plate armour is heavy for STR 10 and Armour 0: body armour "
                                      "penalty 9.96 (adjusted_body_armour_penalty), taken off to-hit"}));
  EXPECT_EQ(ask019("orc", "player:body=plate_armour").warnings,
            (std::vector<std::string>{"the defender's plate armour is heavy for STR 10 and Armour 0: body armour "
                                      "penalty 9.96 (adjusted_body_armour_penalty), taken off EV"}));
  EXPECT_TRUE(ask019("orc", "player:body=plate_armour,ev=8").warnings.empty());
  EXPECT_EQ(
      ask019("player:shield=large_shield,weapon=long_sword", "orc").warnings,
      (std::vector<std::string>{"the attacker's large shield is heavy for its Shields skill 0: shield penalty 5.00 "
                                "(adjusted_shield_penalty, P = 100), taken off to-hit, and "
                                "div_rand_round(min(1d P, 1d P), 20) aut added to each attack"}));
  // A buckler (−8) at Shields 0: (8·20)/10 = 16 at scale 20, 80 at scale 100;
  // its penalty is 0 at scale 1 but the game's rolls see it.
  EXPECT_EQ(ask019("orc", "player:shield=buckler").warnings,
            (std::vector<std::string>{"the defender's buckler is heavy for its Shields skill 0: shield penalty 0.80 "
                                      "(adjusted_shield_penalty, P = 16), taken off EV"}));
  const fray::Bout b = crawl019().bout({"player:hp=20,body=plate_armour", "orc_warrior:weapon=mace", {}, {}});
  EXPECT_EQ(b.warnings, (std::vector<std::string>{"the attacker's plate armour is heavy for STR 10 and Armour 0: "
                                                  "body armour penalty 9.96 (adjusted_body_armour_penalty), taken "
                                                  "off to-hit and EV"}));
  EXPECT_EQ(ask019("player:weapon=long_sword", "orc_warrior:weapon=mace,enchant=1,shield=buckler").equipment,
            (std::vector<std::string>{"attacker (player, STR 10): long sword +0",
                                      "defender (orc warrior): mace +1, buckler +0"}));
}

// What the game does not let be wielded (itemprop.cc is_weapon_wieldable:
// min_2h_size; hands_reqd: below min_1h_size two hands): the 0.19.6 demon
// trident is one-handed from medium.
TEST(CrawlCli, WieldingWarnings) {
  EXPECT_EQ(ask019("player:size=little,weapon=great_sword", "orc").warnings,
            (std::vector<std::string>{"the attacker's great sword is too large for a little player: the game does "
                                      "not let it be wielded (player::could_wield, is_weapon_wieldable); fray answers "
                                      "as if it were"}));
  EXPECT_EQ(ask019("player:weapon=demon_trident,shield=buckler,shields_skill=27", "orc", {}).warnings,
            std::vector<std::string>{});
  EXPECT_EQ(ask019("player:size=small,weapon=demon_trident,shield=buckler,shields_skill=27", "orc").warnings,
            (std::vector<std::string>{"the attacker's demon trident takes two hands for a small player: the game "
                                      "does not let it be wielded with a buckler (hands_reqd: a two-hander leaves no "
                                      "hand for the shield); fray answers as if it were"}));
  EXPECT_EQ(ask019("player", "kobold:weapon=giant_club").warnings,
            (std::vector<std::string>{"the defender's giant club is too large for a small kobold: the game does not "
                                      "let it be wielded (monster::could_wield); fray answers as if it were"}));
}

// The defaults a player spec took, in the notes of attack, strike and fight.
TEST(CrawlCli, PlayerDefaultsInTheNotes) {
  const std::string attacker =
      "player attacker uses the defaults str=10, dex=10, xl=1, fighting=0, weapon_skill=0 (docs/crawl.md)";
  EXPECT_TRUE(has_note(ask019("player:weapon=long_sword", "orc").notes, attacker));
  fray::StrikeRequest sr;
  sr.attack = {"player:weapon=long_sword", "orc", {}, {}};
  EXPECT_TRUE(has_note(crawl019().strike(sr).notes, attacker));
  EXPECT_TRUE(has_note(ask019("orc", "player:xl=5,body=plate_armour,form=wisp").notes,
                       "player defender uses the defaults str=10, dex=10, fighting=0, weapon=none (unarmed), "
                       "dodging=0, armor_skill=0 (docs/crawl.md)"));
  const std::string full = "player:str=12,dex=13,xl=3,fighting=2,weapon_skill=3,dodging=1,weapon=long_sword,hp=30";
  for (const std::string& n : crawl019().bout({full, "orc", {}, {}}).notes)
    EXPECT_EQ(n.find("uses the defaults"), std::string::npos) << n;
}

}  // namespace
