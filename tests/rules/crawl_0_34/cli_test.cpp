// crawl-0.34 on the command line: bad specs and flags are errors naming the
// input ("fray: error: ...", exit status 2, nothing on stdout), and the
// verbs answer for the new ruleset and its aliases.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/support.hpp"

namespace {

using fray::test::run_cli;

// Runs `fray attack --rules crawl-0.34` and expects an error containing `part`.
void expect_error(std::vector<std::string> args, const std::string& part) {
  std::string shown = "fray";
  for (const auto& a : args) shown += " " + a;
  SCOPED_TRACE(shown);
  const auto r = run_cli(args);
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_EQ(r.err.rfind("fray: error: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(part), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
}

void expect_attack_error(const std::string& a, const std::string& d, const std::string& part,
                         const std::string& situation = {}) {
  std::vector<std::string> args = {"attack", "--rules", "crawl-0.34", "--attacker", a, "--defender", d};
  if (!situation.empty()) args.insert(args.end(), {"--situation", situation});
  expect_error(args, part);
}

TEST(Crawl034Cli, BadSpecsNameTheInput) {
  expect_attack_error("player:dexx=3", "orc", "dexx");
  expect_attack_error("player:dex=0", "orc", "dex");
  expect_attack_error("player:fighting=28", "orc", "fighting");
  expect_attack_error("player:weapon=long_swrod", "orc", "did you mean 'long_sword'");
  expect_attack_error("player:weapon=mace,long_blades=5", "orc", "long_blades= is not the skill of the wielded mace");
  expect_attack_error("player:weapon=long_sword,long_blades=5,weapon_skill=5", "orc",
                      "give weapon_skill or long_blades, not both");
  expect_attack_error("player:ranged_weapons=5", "orc", "ranged_weapons= needs a weapon");
  expect_attack_error("player:weapon_skill=5", "orc", "weapon_skill= needs weapon=");
  expect_attack_error("orc", "player:ev=10.405", "more than two decimals");
  expect_attack_error("orc", "player:ev=10,ev100=1000", "give ev or ev100, not both");
  expect_attack_error("orc", "player:sh=-1", "sh");
  expect_attack_error("orc", "player:shield=plate_armour", "not a shield");
  expect_attack_error("orc_warior", "player", "did you mean 'orc_warrior'");
  expect_attack_error("fighter=1,ev=5", "player", "an inline monster needs hd=N");
  expect_attack_error("orc:hd=5", "player", "hd= is for inline monsters");
  expect_attack_error("hd=3,weapon=nope", "player", "unknown weapon 'nope'");
  expect_attack_error("player:weapon=long_sword", "orc", "unknown situation 'sleepy'", "sleepy");
  expect_attack_error("player:weapon=long_sword", "orc", "blocks must be 0..10", "blocks=11");
  expect_attack_error("player:weapon=shortbow", "orc", "is a launcher; add --situation ranged");
  expect_attack_error("player:weapon=long_sword", "orc", "is not a launcher", "ranged");
  expect_attack_error("player", "player", "one side must be a monster");
  expect_attack_error("player", "bolt:hit=10", "a bolt cannot be attacked");
  expect_attack_error("bolt", "player", "a bolt needs hit=N");
  expect_error({"attack", "--rules", "crawl-0.34", "--attacker", "orc", "--defender", "player", "--from", "1,1"},
               "--from is not used by --rules crawl-0.34");
  expect_error({"strike", "--rules", "crawl-0.34", "--attacker", "orc", "--defender", "player", "--rng", "brogue"},
               "no engine 'brogue'");
  expect_error({"duel", "--rules", "crawl-0.34", "--a", "bolt:hit=20", "--b", "orc"}, "a bolt cannot fight");
  // A condition of the defender a fight cannot follow is refused in a fight, named, and why.
  expect_error({"duel", "--rules", "crawl-0.34", "--a", "player", "--b", "orc", "--situation", "paralyzed"},
               "crawl-0.34: paralyzed in a fight: paralysis lasts a random time (ENCH_PARALYSIS)");
  expect_error({"ttk", "--rules", "crawl-0.34", "--attacker", "player", "--defender", "orc", "--situation", "caught"},
               "crawl-0.34: caught in a fight: a defender caught in a net struggles free");
  expect_error({"duel", "--rules", "crawl", "--a", "orc", "--b", "player", "--situation", "sleeping"},
               "crawl: sleeping in a fight: the defender is the player");
  expect_error({"list", "--rules", "crawl-0.34", "classes"}, "has no classes");
  expect_error({"attack", "--rules", "crawl-0.35", "--attacker", "orc", "--defender", "player"},
               "unknown ruleset 'crawl-0.35' (did you mean 'crawl-0.34'");
}

TEST(Crawl034Cli, VerbsAnswer) {
  const auto a =
      run_cli({"attack", "--rules", "crawl-0.34.1", "--attacker",
               "player:dex=15,fighting=3,long_blades=5,weapon=long_sword", "--defender", "hd=1,ev=10", "--json"});
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.json().at("rules"), "crawl-0.34");
  EXPECT_NEAR(a.json().at("p_hit").get<double>(), 151461744563.0 / 243856267200.0, 1e-12);
  const auto s = run_cli({"strike", "--rules", "crawl-0.34", "--attacker", "orc_warrior:weapon=mace", "--defender",
                          "player:ev=10.40,sh=11.23,shield=buckler,ac=10.50", "--seed", "7", "--json"});
  ASSERT_EQ(s.status, 0) << s.err;
  EXPECT_FALSE(s.json().at("strikes").at(0).at("draws").empty());
  const auto old = run_cli({"attack", "--rules", "crawl-0.19", "--attacker", "player:weapon=long_sword", "--defender",
                            "orc_warrior", "--json"});
  ASSERT_EQ(old.status, 0) << old.err;
  EXPECT_EQ(old.json().at("rules"), "crawl");
  const auto ttk = run_cli({"ttk", "--rules", "crawl-0.34", "--attacker",
                            "player:dex=15,str=15,fighting=5,long_blades=4,weapon=long_sword,hp=40", "--defender",
                            "orc_warrior", "--json"});
  ASSERT_EQ(ttk.status, 0) << ttk.err;
  EXPECT_EQ(ttk.json().at("method"), "exact");
}

}  // namespace
