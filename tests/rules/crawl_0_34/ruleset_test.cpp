// The crawl-0.34 ruleset: the worked examples of the rules asked as the
// command line asks them (specs and flags through fray::Ruleset), exact
// against sampled strikes and fight rounds at fixed seeds, the sweep, the
// fight kernel's exactness, and the catalogs.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fray/core/error.hpp>
#include <fray/fight/solve.hpp>
#include <fray/rules/crawl_0_34/ruleset.hpp>
#include <map>
#include <string>
#include <vector>

#include "support/support.hpp"

namespace fray::crawl_0_34 {
namespace {

const Ruleset& rules() { return fray::ruleset("crawl-0.34"); }

AttackSummary ask(const std::string& a, const std::string& d, std::vector<std::string> situation = {}) {
  AttackRequest req;
  req.attacker = a;
  req.defender = d;
  req.situation = std::move(situation);
  return rules().attack(req);
}

double p_of(const AttackSummary& s, const std::string& kind) {
  for (const auto& o : s.outcomes)
    if (o.name == kind) return o.p;
  return 0;
}

const Value& stat(const SideSummary& side, const std::string& key) {
  const Value* v = find_field(side.stats, key);
  EXPECT_NE(v, nullptr) << key;
  static const Value none;
  return v ? *v : none;
}

// Example A's fighter: dex 15, fighting 3, long blades 5, a +0 long sword.
const std::string kFighter = "player:dex=15,fighting=3,long_blades=5,weapon=long_sword";

TEST(Crawl034Ruleset, RegisteredBesideCrawl019) {
  EXPECT_EQ(rules().id(), "crawl-0.34");
  EXPECT_EQ(fray::ruleset("crawl-0.34.1").id(), "crawl-0.34");
  EXPECT_EQ(fray::ruleset("crawl-0.19").id(), "crawl");
  EXPECT_EQ(fray::ruleset("crawl").title(), "Dungeon Crawl Stone Soup 0.19");
  EXPECT_EQ(rules().title(), "Dungeon Crawl Stone Soup 0.34.1");
}

TEST(Crawl034Ruleset, ExampleAFighterAgainstEv) {
  const AttackSummary s = ask(kFighter, "hd=1,ev=10");
  EXPECT_NEAR(s.p_hit, 151461744563.0 / 243856267200.0, 1e-12);
  EXPECT_NEAR(p_of(s, "miss") + p_of(s, "hit"), 1.0, 1e-15);
  const std::pair<int, double> table[] = {{0, 0.975},    {5, 0.79806},  {15, 0.44417}, {20, 0.26722},
                                          {25, 0.09702}, {30, 0.02628}, {40, 0.025}};
  for (const auto& [ev, p] : table) EXPECT_NEAR(ask(kFighter, "hd=1,ev=" + std::to_string(ev)).p_hit, p, 5e-6) << ev;
  // Backlit: +5 flat, the EV 5 value; umbra: −3.
  EXPECT_NEAR(ask(kFighter, "hd=1,ev=10", {"backlit"}).p_hit, ask(kFighter, "hd=1,ev=5").p_hit, 1e-15);
  EXPECT_NEAR(ask(kFighter, "hd=1,ev=10", {"umbra"}).p_hit, 0.51494, 5e-6);
  // weapon_skill= is the same number as the weapon's own skill key.
  EXPECT_EQ(ask("player:dex=15,fighting=3,weapon_skill=5,weapon=long_sword", "hd=1,ev=10").p_hit, s.p_hit);
}

TEST(Crawl034Ruleset, ExampleBMonstersAgainstThePlayer) {
  EXPECT_NEAR(ask("orc", "player:ev=12").p_hit, 51773.0 / 120000.0, 1e-15);
  const AttackSummary human = ask("orc", "player:dex=15,str=15");
  EXPECT_NEAR(human.p_hit, 510921.0 / 1012000.0, 1e-15);
  EXPECT_EQ(std::get<double>(stat(human.defender, "evasion")), 10.40);
  // The game keeps EV in hundredths: ev=10.40 is that human's EV.
  EXPECT_NEAR(ask("orc", "player:ev=10.40").p_hit, 510921.0 / 1012000.0, 1e-15);
  EXPECT_NEAR(ask("orc", "player:ev100=1040").p_hit, 510921.0 / 1012000.0, 1e-15);
  EXPECT_NEAR(ask("orc_warrior", "player:ev=10").p_hit, 77.0 / 116.0, 1e-15);
  const std::string buckler = "player:ev=10,dex=16,shields_skill=5,shield=buckler";
  const AttackSummary blocked = ask("orc_warrior", buckler);
  EXPECT_EQ(std::get<double>(stat(blocked.defender, "sh")), 11.23);
  EXPECT_NEAR(blocked.p_hit, 4872791.0 / 9071200.0, 1e-15);
  EXPECT_NEAR(p_of(blocked, "block"), 14917.0 / 78200.0, 1e-15);
  EXPECT_NEAR(ask("orc_warrior", buckler, {"blocks=1"}).p_hit, 4872791.0 / 9071200.0, 1e-15);
  // Two blocks this turn exhaust a buckler.
  const AttackSummary spent = ask("orc_warrior", buckler, {"blocks=2"});
  EXPECT_NEAR(spent.p_hit, 77.0 / 116.0, 1e-15);
  EXPECT_EQ(p_of(spent, "block"), 0.0);
  // sh=11.23 is the buckler's SH in hundredths.
  EXPECT_NEAR(ask("orc_warrior", "player:ev=10,sh=11.23,shield=buckler").p_hit, 4872791.0 / 9071200.0, 1e-15);
}

TEST(Crawl034Ruleset, ExampleCNoArmourToHitPenalty) {
  const std::string mace = "player:dex=10,str=18,fighting=5,weapon=great_mace,maces_flails=8,body=plate_armour";
  EXPECT_NEAR(ask(mace + ",enchant=-3", "deep_elf_blademaster").p_hit, 721.0 / 28080.0, 1e-15);
  EXPECT_NEAR(ask(mace, "ogre").p_hit, 0.71665, 5e-6);
}

TEST(Crawl034Ruleset, ExampleDPlayerDamage) {
  const AttackSummary s = ask(kFighter + ",str=15", "hd=1,ev=10");
  EXPECT_EQ(s.damage_on_hit.min(), 0);
  EXPECT_EQ(s.damage_on_hit.max(), 14);
  EXPECT_NEAR(s.damage_on_hit.mean(), 495976918.0 / 84900963.0, 1e-12);
  EXPECT_NEAR(s.mean_damage(), s.p_hit * 495976918.0 / 84900963.0, 1e-12);
  EXPECT_NEAR(ask(kFighter, "hd=1,ev=10,ac=5").damage_on_hit.mean(), 3.7489, 5e-5);
}

TEST(Crawl034Ruleset, ExampleEMonsterDamageAgainstGdr) {
  const AttackSummary s = ask("orc_warrior:weapon=mace", "player:body=plate_armour");
  EXPECT_EQ(std::get<double>(stat(s.defender, "dr")), 10.0);
  // Crawl's own name of the defender's AC and EV, in the details.
  ASSERT_NE(find_field(s.details, "ac"), nullptr);
  EXPECT_EQ(std::get<double>(*find_field(s.details, "ac")), 10.0);
  EXPECT_EQ(*find_field(s.details, "ev"), stat(s.defender, "evasion"));
  EXPECT_NEAR(s.damage_on_hit.mean(), 4.1847, 5e-5);
}

TEST(Crawl034Ruleset, SituationsFromTheCommandLine) {
  // Sleeping: always a stab; confused: EV halved, no block, a stab chance.
  const AttackSummary asleep = ask(kFighter, "orc_warrior:shield=kite_shield", {"sleeping"});
  EXPECT_EQ(asleep.p_hit, 1.0);
  EXPECT_EQ(p_of(asleep, "stab"), 1.0);
  const AttackSummary confused = ask(kFighter, "orc_warrior:shield=kite_shield", {"confused"});
  EXPECT_EQ(std::get<std::int64_t>(stat(confused.defender, "evasion")), 6);  // (13 − 100/60) / 2
  EXPECT_EQ(p_of(confused, "block"), 0.0);
  EXPECT_GT(p_of(confused, "stab"), 0.0);
  EXPECT_EQ(ask(kFighter, "orc_warrior:shield=kite_shield,confused").p_hit, confused.p_hit);
  // Caught: EV / 5.
  EXPECT_EQ(std::get<std::int64_t>(stat(ask(kFighter, "orc", {"caught"}).defender, "evasion")), 2);
  EXPECT_EQ(ask(kFighter, "orc", {"netted"}).p_hit, ask(kFighter, "orc", {"caught"}).p_hit);
  // Invisible: −6 to-hit (to_hit − 6 >= EV is to_hit >= EV + 6) and no stab, even of a sleeper (EV 0).
  const AttackSummary unseen = ask(kFighter, "hd=1,ev=10", {"invisible", "sleeping"});
  EXPECT_NEAR(unseen.p_hit, ask(kFighter, "hd=1,ev=6").p_hit, 1e-15);
  EXPECT_EQ(p_of(unseen, "stab"), 0.0);
  // Ranged: a launcher against Deflect Missiles is EV + 24.
  const std::string bow = "player:dex=16,fighting=4,weapon=shortbow,ranged_weapons=8";
  EXPECT_EQ(ask(bow, "hd=1,ev=10", {"ranged", "deflect_missiles"}).p_hit, ask(bow, "hd=1,ev=34", {"ranged"}).p_hit);
  EXPECT_NEAR(ask("centaur:weapon=shortbow", "player:ev=13.40", {"ranged"}).p_hit, 1797.0 / 3100.0, 1e-15);
}

TEST(Crawl034Ruleset, MonsterMissileDamage) {
  // An inline archer, HD 6, shortbow (8) and a 5-damage attack against AC 0:
  // random2(8) + 1 + random2(5) + random2avg(8, 2).
  const AttackSummary s = ask("hd=6,archer=1,damage=5,weapon=shortbow", "player:ev=10", {"ranged"});
  const Pmf archer = Pmf::uniform(0, 7) + Pmf::uniform(1, 5) + [] {
    std::map<std::int64_t, double> m;  // (random2(8) + random2(9)) / 2
    for (int a = 0; a < 8; ++a)
      for (int b = 0; b < 9; ++b) m[(a + b) / 2] += 1.0 / 72;
    return Pmf::from_map(m);
  }();
  EXPECT_TRUE(s.damage_on_hit.approx_equal(archer, 1e-12));
  // Without M_ARCHER no bonus.
  const AttackSummary plain = ask("hd=6,damage=5,weapon=shortbow", "player:ev=10", {"ranged"});
  EXPECT_TRUE(plain.damage_on_hit.approx_equal(Pmf::uniform(0, 7) + Pmf::uniform(1, 5), 1e-12));
}

// --- exact against sampled, through the Ruleset ------------------------------------------

// Sampled strikes of the ruleset (in runs of kMaxTraced, so every strike keeps
// its outcome and damage) against its exact answer.
void expect_ruleset_strikes_match(const std::string& a, const std::string& d, std::vector<std::string> situation,
                                  std::uint64_t seed) {
  SCOPED_TRACE(a + " vs " + d);
  const AttackSummary exact = ask(a, d, situation);
  std::map<std::int64_t, std::uint64_t> damage;
  std::map<std::string, std::uint64_t> kinds;
  std::uint64_t n = 0;
  for (int run = 0; run < 100; ++run) {
    StrikeRequest req;
    req.attack.attacker = a;
    req.attack.defender = d;
    req.attack.situation = situation;
    req.seed = seed * 1000 + static_cast<std::uint64_t>(run);
    req.count = kMaxTraced;
    const StrikeRun r = rules().strike(req);
    EXPECT_EQ(r.p_hit, exact.p_hit);
    for (const Strike& k : r.strikes) {
      ++damage[k.damage];
      ++kinds[k.outcome];
      EXPECT_FALSE(k.draws.empty());
      ++n;
    }
  }
  EXPECT_GT(test::chi_square_p(exact.damage, damage), 1e-3);
  std::map<std::int64_t, double> expected_kinds;
  std::map<std::int64_t, std::uint64_t> seen_kinds;
  for (std::size_t i = 0; i < exact.outcomes.size(); ++i) {
    expected_kinds[static_cast<std::int64_t>(i)] = exact.outcomes[i].p;
    seen_kinds[static_cast<std::int64_t>(i)] = kinds[exact.outcomes[i].name];
  }
  std::uint64_t listed = 0;
  for (const auto& [i, c] : seen_kinds) listed += c;
  EXPECT_EQ(listed, n);  // no outcome the exact answer does not list
  EXPECT_GT(test::chi_square_p(Pmf::from_map(expected_kinds), seen_kinds), 1e-3);
}

TEST(Crawl034Ruleset, StrikesAgreeWithTheExactAnswer) {
  expect_ruleset_strikes_match(kFighter + ",str=15", "orc_knight:shield=tower_shield", {"fleeing"}, 1);
  expect_ruleset_strikes_match("player:dex=18,short_blades=8,stealth=7,enchant=2,weapon=dagger,might", "orc",
                               {"caught"}, 2);
  expect_ruleset_strikes_match("orc_warrior:weapon=war_axe,enchant=-2",
                               "player:dex=16,str=14,dodging=6,shields_skill=7.5,shield=kite_shield,body=scale_mail,"
                               "armor_skill=3.3",
                               {}, 3);
  expect_ruleset_strikes_match("player:dex=16,str=12,fighting=4,weapon=arbalest,ranged_weapons=8.5", "ogre",
                               {"ranged", "backlit"}, 4);
  expect_ruleset_strikes_match("centaur_warrior:weapon=longbow", "player:ev=12.35,ac=6.5", {"ranged"}, 5);
}

// The fight kernel's exact round against its sampled round: a two-attack
// monster against a buckler (two blocks a turn), so the block count grows
// within the round.
TEST(Crawl034Ruleset, FightRoundAgreesWithItsSamples) {
  AttackRequest req;
  req.attacker = "ettin:weapon=great_mace";
  req.defender = "player:dex=18,shields_skill=10,shield=buckler,body=ring_mail,hp=80";
  const Bout bout = rules().bout(req);
  const Exchange& k = *bout.a_hits_b;
  std::map<std::int64_t, double> exact;
  for (const Transition& t : k.outcomes({}, {})) exact[t.damage] += t.p;
  Rng rng(20261123);
  std::map<std::int64_t, std::uint64_t> seen;
  for (int i = 0; i < 200000; ++i) ++seen[k.sample({}, {}, rng).damage];
  EXPECT_GT(test::chi_square_p(Pmf::from_map(exact), seen), 1e-3);
}

// --- fights ---------------------------------------------------------------------------------

TEST(Crawl034Ruleset, FightsAreExactUnlessTheBlockLimitCarriesOrTheDelayIsRandom) {
  AttackRequest req;
  // Long blades 4: a 12 aut delay, not random; the orc warrior (10 aut) acts between any two of them.
  req.attacker = "player:dex=15,str=15,fighting=5,long_blades=4,weapon=long_sword,hp=40";
  req.defender = "orc_warrior:shield=kite_shield";
  const Bout fixed = rules().bout(req);
  EXPECT_TRUE(fixed.a.attack_times.empty());
  EXPECT_EQ(fixed.a.attack_time, 12.0);
  EXPECT_TRUE(fixed.a_hits_b->exact());
  EXPECT_TRUE(fixed.b_hits_a->exact());
  const fight::DuelResult duel = fight::solve_duel(fixed);
  EXPECT_EQ(duel.method, "exact");
  // Long blades 20: 7 aut against the warrior's 10 aut turn: two attacks can share its block limit.
  req.attacker = "player:dex=15,str=15,fighting=5,long_blades=20,weapon=long_sword,hp=40";
  const Bout fast = rules().bout(req);
  EXPECT_FALSE(fast.a_hits_b->exact());
  EXPECT_NE(fast.a_hits_b->why_not_exact().find("block limit"), std::string::npos);
  // Without a shield nothing carries over.
  req.defender = "orc_warrior";
  EXPECT_TRUE(rules().bout(req).a_hits_b->exact());
  // Long blades 5: 11 or 12 aut; turns to kill are exact, a duel is sampled and says why.
  req.attacker = "player:dex=15,str=15,fighting=5,long_blades=5,weapon=long_sword,hp=40";
  const Bout random = rules().bout(req);
  ASSERT_EQ(random.a.attack_times.size(), 2u);
  // Exact while the defender's own turns are left out (b_hits_a null); the
  // orc warrior's regeneration makes the order of turns matter: sampled.
  Bout still = random;
  still.b_hits_a = nullptr;
  EXPECT_EQ(fight::solve_ttk(still).method, "exact");
  fight::FightOptions o;
  o.monte_carlo.sims = 2000;
  o.monte_carlo.threads = 1;
  o.monte_carlo.progress = false;
  const fight::DuelResult sampled = fight::solve_duel(random, o);
  EXPECT_EQ(sampled.method, "monte-carlo");
  EXPECT_NE(sampled.method_reason.find("attack time is random"), std::string::npos) << sampled.method_reason;
}

TEST(Crawl034Ruleset, FightsRefuseWhatCannotFight) {
  AttackRequest req;
  req.attacker = "bolt:hit=30";
  req.defender = "orc";
  EXPECT_THROW((void)rules().bout(req), Error);
  req.attacker = "player:weapon=dagger";  // no hp: a human's maximum HP at XL 1 (species_test.cpp)
  EXPECT_EQ(rules().bout(req).a.hp, 13);
  req.attacker = "player:weapon=dagger,hp=20";
  req.situation = {"blocks=1"};
  EXPECT_THROW((void)rules().bout(req), Error);
}

// --- sweeps ---------------------------------------------------------------------------------

TEST(Crawl034Ruleset, SweepRowsAreTheAttacksOfEachValue) {
  const Combatant p = parse_combatant("player:dex=15,str=15,fighting=3,long_blades=5,weapon=long_sword", "a");
  const Combatant d = parse_combatant("orc_warrior:shield=buckler", "d");
  for (const char* key : {"fighting", "long_blades", "weapon_skill", "stealth", "dex", "str"}) {
    SCOPED_TRACE(key);
    const bool stat = std::string(key) == "dex" || std::string(key) == "str";
    const Table t = sweep(p, d, {}, key, stat ? 1 : 0, stat ? 28 : 27);
    ASSERT_EQ(t.rows.size(), 28u);
    for (std::size_t i : {std::size_t{0}, std::size_t{9}, std::size_t{27}}) {
      const double v = std::get<double>(t.rows[i][0]);
      // The sweep's row is the attack of the spec re-read with KEY=value.
      std::string spec = "player:dex=15,str=15,fighting=3,long_blades=5,weapon=long_sword";
      const std::string k = std::string(key) == "weapon_skill" ? "long_blades" : key;
      const auto at = spec.find(k + "=");
      const std::string value = stat ? std::to_string(static_cast<int>(v)) : fmt::format("{}", v);
      if (at == std::string::npos)
        spec += "," + k + "=" + value;
      else
        spec.replace(at, spec.find(',', at) == std::string::npos ? std::string::npos : spec.find(',', at) - at,
                     k + "=" + value);
      const AttackSummary s = ask(spec, "orc_warrior:shield=buckler");
      EXPECT_NEAR(std::get<double>(t.rows[i][1]), s.p_hit, 1e-15) << spec;
      EXPECT_NEAR(std::get<double>(t.rows[i][2]), s.mean_damage(), 1e-12) << spec;
    }
  }
  // Fighting raises P(hit) and damage.
  const Table f = sweep(p, d, {}, "fighting");
  EXPECT_LT(std::get<double>(f.rows.front()[1]), std::get<double>(f.rows.back()[1]));
  EXPECT_THROW((void)sweep(p, d, {}, "axes"), Error);  // not the long sword's skill
  EXPECT_THROW((void)sweep(p, d, {}, "fightin"), Error);
  EXPECT_THROW((void)sweep(p, d, {}, "fighting", 0, 30), Error);
  EXPECT_THROW((void)sweep(d, p, {}, "fighting"), Error);
}

TEST(Crawl034Ruleset, SkillsDexAndStrAreNumericSpecKeys) {
  std::map<std::string, std::pair<double, double>> numeric;
  for (const CatalogEntry& e : rules().catalog(CatalogKind::keys))
    if (const Value* lo = find_field(e.stats, "min"))
      numeric[e.name] = {std::get<double>(*lo), std::get<double>(*find_field(e.stats, "max"))};
  for (const char* skill :
       {"fighting", "weapon_skill", "short_blades", "long_blades", "axes", "maces_flails", "polearms", "staves",
        "ranged_weapons", "dodging", "armor_skill", "shields_skill", "unarmed", "throwing", "stealth"}) {
    ASSERT_TRUE(numeric.count(std::string("player:") + skill)) << skill;
    EXPECT_EQ(numeric[std::string("player:") + skill], std::make_pair(0.0, 27.0)) << skill;
  }
  EXPECT_EQ(numeric["player:dex"], std::make_pair(1.0, 99.0));
  EXPECT_EQ(numeric["player:str"], std::make_pair(1.0, 99.0));
  EXPECT_FALSE(numeric.count("player:weapon"));
}

TEST(Crawl034Ruleset, Catalogs) {
  EXPECT_EQ(rules().catalog(CatalogKind::monsters).size(), 642u);
  EXPECT_EQ(rules().catalog(CatalogKind::weapons).size(), 60u + 11u);
  EXPECT_EQ(rules().catalog(CatalogKind::armors).size(), 23u);
  bool blocks = false;
  for (const auto& e : rules().catalog(CatalogKind::situations)) blocks = blocks || e.name == "blocks=N";
  EXPECT_TRUE(blocks);
  EXPECT_THROW((void)rules().catalog(CatalogKind::classes), Error);
  // A monster's weapon: the one the game always gives it, "random", or no stat.
  std::map<std::string, std::string> weapon;
  for (const auto& e : rules().catalog(CatalogKind::monsters))
    for (const auto& f : e.stats)
      if (f.key == "weapon") weapon[e.name] = std::get<std::string>(f.value);
  EXPECT_EQ(weapon["sigmund"], "halberd");
  EXPECT_EQ(weapon["yaktaur"], "arbalest");
  EXPECT_EQ(weapon["orc"], "random");
  EXPECT_FALSE(weapon.count("rat"));
  EXPECT_EQ(std::count_if(weapon.begin(), weapon.end(), [](const auto& w) { return w.second != "random"; }), 40);
}

// The items behind an answer, a line each; a monster's only when it carries some.
TEST(Crawl034Ruleset, Equipment) {
  const AttackSummary s =
      ask("player:str=14,dex=15,weapon=long_sword,enchant=2,body=plate_armour,shield=buckler,shield_enchant=1",
          "orc_warrior:weapon=mace,enchant=-1,shield=kite_shield");
  EXPECT_EQ(s.equipment,
            (std::vector<std::string>{"attacker (player, STR 14, DEX 15): long sword +2, plate armour +0, buckler +1",
                                      "defender (orc warrior): mace -1, kite shield +0"}));
  EXPECT_EQ(ask("orc", "player:missile=javelin").equipment,
            (std::vector<std::string>{"defender (player, STR 10, DEX 10): no weapon, javelin to throw"}));
}

// DCSS 0.34 player.cc adjusted_body_armour_penalty and adjusted_shield_penalty,
// by hand: plate (b = 18), STR 10, Armour 0: 2·18²·450·100/(5·13)/450 = 996,
// 9.96 EV; a tower shield (s = 15), STR 10, Shields 0: 2·15²·270·100/75/270 =
// 600, 6.00 EV, and at scale 20, 120: div_rand_round(120, 20) = 6 aut an
// attack; a buckler (s = 5): 66 (0.66 EV), 13 at scale 20 (0.65 aut). No
// penalty touches to-hit in 0.34; the body armour's slows only a launcher.
TEST(Crawl034Ruleset, ArmourWarningsByRole) {
  const AttackSummary att = ask("player:weapon=long_sword,body=plate_armour,shield=tower_shield", "orc");
  EXPECT_EQ(att.warnings, (std::vector<std::string>{"the attacker's tower shield is heavy for STR 10 and Shields 0: "
                                                    "adjusted_shield_penalty costs it 6.00 aut an attack "
                                                    "(div_rand_round(ASP(20), 20))"}));
  const AttackSummary def = ask("orc", "player:body=plate_armour,shield=buckler");
  EXPECT_EQ(def.warnings,
            (std::vector<std::string>{
                "the defender's plate armour is heavy for STR 10 and Armour 0: adjusted_body_armour_penalty costs "
                "it 9.96 EV",
                "the defender's buckler is heavy for STR 10 and Shields 0: adjusted_shield_penalty costs it 0.66 EV"}));
  // EV given straight: the armour no longer costs any.
  EXPECT_TRUE(ask("orc", "player:body=plate_armour,ev=10").warnings.empty());
  // A launcher's shots: div_rand_round(ABAP(20), 20), ABAP(20) = 199 (9.95 aut).
  const AttackSummary bow = ask("player:weapon=shortbow,body=plate_armour", "orc", {"ranged"});
  EXPECT_EQ(bow.warnings, (std::vector<std::string>{
                              "the attacker's plate armour is heavy for STR 10 and Armour 0: "
                              "adjusted_body_armour_penalty costs it 9.95 aut a shot (div_rand_round(ABAP(20), 20))"}));
  // Strong and skilled enough: nothing.
  EXPECT_TRUE(ask("player:str=30,shields_skill=27,shield=buckler,weapon=long_sword", "orc").warnings.empty());
  // A fight: each side attacks and defends.
  const Bout b = rules().bout({"player:hp=40,weapon=long_sword,shield=tower_shield", "orc", {}, {}});
  EXPECT_EQ(b.warnings, (std::vector<std::string>{"the attacker's tower shield is heavy for STR 10 and Shields 0: "
                                                  "adjusted_shield_penalty costs it 6.00 EV and 6.00 aut an attack "
                                                  "(div_rand_round(ASP(20), 20))"}));
}

// What the game does not let be wielded: a weapon too large for the size
// (item-prop.cc is_weapon_too_large: min_2h_size), a two-hander (below
// min_1h_size) with a shield; the same for monsters (monster::could_wield,
// monster::pickup).
TEST(Crawl034Ruleset, WieldingWarnings) {
  EXPECT_EQ(ask("player:size=little,weapon=great_sword,long_blades=5", "orc").warnings,
            (std::vector<std::string>{"the attacker's great sword is too large for a little player: the game does "
                                      "not let it be wielded (item-prop.cc is_weapon_too_large); fray answers as if it "
                                      "were"}));
  EXPECT_EQ(ask("player:weapon=great_sword,long_blades=5,shield=buckler,shields_skill=27,str=30", "orc").warnings,
            (std::vector<std::string>{"the attacker's great sword takes two hands for a medium player: the game "
                                      "does not let it be wielded with a buckler (item-prop.cc get_all_item_slots: a "
                                      "two-hander takes the off hand); fray answers as if it were"}));
  EXPECT_TRUE(ask("player:size=large,weapon=great_sword,long_blades=5", "orc").warnings.empty());
  EXPECT_EQ(ask("player", "kobold:weapon=giant_club").warnings,
            (std::vector<std::string>{"the defender's giant club is too large for a small kobold: the game does not "
                                      "let it be wielded (monster::could_wield); fray answers as if it were"}));
  EXPECT_EQ(ask("orc:weapon=great_sword,shield=buckler", "player").warnings,
            (std::vector<std::string>{"the attacker's great sword takes two hands for a medium orc: the game does "
                                      "not let it be wielded with a buckler (monster::pickup drops the shield); fray "
                                      "answers as if it were"}));
}

// The defaults a player spec took, in the notes of attack, strike and fight.
TEST(Crawl034Ruleset, PlayerDefaultsInTheNotes) {
  const auto has = [](const std::vector<std::string>& notes, const std::string& line) {
    return std::find(notes.begin(), notes.end(), line) != notes.end();
  };
  const std::string attacker =
      "player attacker uses the defaults str=10, dex=10, fighting=0, long_blades=0 (docs/crawl_0_34.md)";
  EXPECT_TRUE(has(ask("player:weapon=long_sword", "orc").notes, attacker));
  StrikeRequest sr;
  sr.attack = {"player:weapon=long_sword", "orc", {}, {}};
  EXPECT_TRUE(has(rules().strike(sr).notes, attacker));
  // A defender's Dodging counts; given skills are not listed.
  EXPECT_TRUE(has(ask("orc", "player:dex=14,body=leather_armour,armour_skill=3").notes,
                  "player defender uses the defaults str=10, fighting=0, weapon=none (unarmed), unarmed=0, "
                  "dodging=0 (docs/crawl_0_34.md)"));
  EXPECT_TRUE(has(ask("orc", "player:missile=dart,shield=buckler,sh=5").notes,
                  "player defender uses the defaults str=10, dex=10, fighting=0, weapon=none (unarmed), "
                  "throwing=0, dodging=0 (docs/crawl_0_34.md)"));
  const std::string full = "player:str=12,dex=13,fighting=2,long_blades=3,dodging=1,weapon=long_sword,hp=30";
  const Bout b = rules().bout({full, "orc", {}, {}});
  for (const std::string& n : b.notes) EXPECT_EQ(n.find("uses the defaults"), std::string::npos) << n;
  const Bout d = rules().bout({"player:hp=30", "orc", {}, {}});
  EXPECT_TRUE(has(d.notes,
                  "player attacker uses the defaults str=10, dex=10, fighting=0, weapon=none (unarmed), "
                  "unarmed=0, dodging=0 (docs/crawl_0_34.md)"));
}

}  // namespace
}  // namespace fray::crawl_0_34
