// `fray import --rules crawl-0.34 FILE`: a DCSS 0.34 character file as an
// attacker spec on the command line; the spec it prints works in `fray
// attack` and `fray duel`; bad files are errors naming them.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "support/support.hpp"

namespace {

using fray::test::run_cli;

std::string character(const std::string& name) { return fray::test::path("golden/crawl_0_34/characters/" + name); }

// The first line of the text report: the spec alone.
std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

const char* const kHungry = "morgue-Hungry0364-20260402-095531.txt";
const std::string kHungrySpec =
    "player:species=minotaur,xl=27,str=24,dex=23,hp=252,fighting=27,maces_flails=27,throwing=0.3,dodging=15.4,"
    "armor_skill=25.3,shields_skill=27,weapon=eveningstar,enchant=9,brand=heavy,body=plate_armour,body_enchant=15,"
    "shield=tower_shield,shield_enchant=8,ac=44,ev=14,sh=84";

TEST(ImportCli, PrintsTheSpecThenWhatItLeavesOut) {
  const auto r = run_cli({"import", "--rules", "crawl-0.34", character(kHungry)});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(first_line(r.out), kHungrySpec);
  // Every other line is a comment: `head -n1` keeps the spec alone.
  std::istringstream in(r.out.substr(r.out.find('\n') + 1));
  std::string line;
  int comments = 0;
  while (std::getline(in, line)) {
    EXPECT_EQ(line.rfind("# ", 0), 0u) << line;
    ++comments;
  }
  EXPECT_GT(comments, 5);
  EXPECT_NE(r.out.find("#   shield ego protection: fray does not read it"), std::string::npos) << r.out;
  // The heavy brand is modelled: in the spec, not among the comments.
  EXPECT_EQ(r.out.find("weapon brand"), std::string::npos) << r.out;
  // The alias of the ruleset offers it too.
  const auto a = run_cli({"import", "--rules", "crawl-0.34.1", character(kHungry)});
  EXPECT_EQ(a.out, r.out);
}

TEST(ImportCli, Json) {
  const auto r = run_cli({"import", "--rules", "crawl-0.34", "--json", character(kHungry)});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = r.json();
  EXPECT_EQ(j.at("spec"), kHungrySpec);
  EXPECT_EQ(j.at("rules"), "crawl-0.34");
  const auto& c = j.at("character");
  EXPECT_EQ(c.at("species"), "minotaur");
  EXPECT_EQ(c.at("background"), "Fighter");
  EXPECT_EQ(c.at("xl"), 27);
  EXPECT_EQ(c.at("str"), 24);
  EXPECT_EQ(c.at("int"), 6);
  EXPECT_EQ(c.at("dex"), 23);
  EXPECT_EQ(c.at("hp"), 0);
  EXPECT_EQ(c.at("hp_max"), 252);
  EXPECT_EQ(c.at("ac"), 44);
  EXPECT_EQ(c.at("ev"), 14);
  EXPECT_EQ(c.at("sh"), 42);
  EXPECT_EQ(c.at("god"), "Ru");
  EXPECT_TRUE(c.at("form").is_null());
  EXPECT_DOUBLE_EQ(c.at("skills").at("axes").get<double>(), 22.2);
  EXPECT_EQ(c.at("weapon").at("base"), "eveningstar");
  EXPECT_EQ(c.at("weapon").at("brand"), "heavy");
  EXPECT_EQ(c.at("body").at("artefact"), "Maxwell's patent armour");
  EXPECT_EQ(c.at("body").at("unrandart"), true);
  EXPECT_EQ(c.at("shield").at("base"), "tower shield");
  EXPECT_FALSE(j.at("unused").empty());
}

// Runs `fray import --rules crawl-0.34 -` with `file` on standard input.
std::string from_stdin(const std::string& file, int& status) {
  char dir[] = "/tmp/fray-import-XXXXXX";
  if (!mkdtemp(dir)) throw std::runtime_error("mkdtemp failed");
  const std::string out = std::string(dir) + "/out";
  const std::string cmd =
      std::string("'") + FRAY_CLI + "' import --rules crawl-0.34 - <'" + file + "' >'" + out + "' 2>/dev/null";
  const int st = std::system(cmd.c_str());
  status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  std::ifstream in(out);
  std::stringstream text;
  text << in.rdbuf();
  std::remove(out.c_str());
  rmdir(dir);
  return text.str();
}

TEST(ImportCli, ReadsStandardInput) {
  int status = -1;
  const std::string out = from_stdin(character(kHungry), status);
  EXPECT_EQ(status, 0);
  EXPECT_EQ(first_line(out), kHungrySpec);
  EXPECT_NE(out.find("# <stdin>: Hungry0364"), std::string::npos) << out;
}

void expect_import_error(const std::vector<std::string>& args, const std::string& part) {
  SCOPED_TRACE(part);
  const auto r = run_cli(args);
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_EQ(r.err.rfind("fray: error: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(part), std::string::npos) << r.err;
}

TEST(ImportCli, BadFilesAreErrorsNamingThem) {
  const std::string v019 = character("handmade-0.19.txt");
  expect_import_error({"import", "--rules", "crawl-0.34", v019}, v019 + ": a DCSS 0.19.6 character file, not 0.34");
  const std::string v035 = character("morgue-CakeOfDoom-20260406-141843.txt");
  expect_import_error({"import", "--rules", "crawl-0.34", v035},
                      v035 + ": a DCSS 0.35-a0-257-gf9e06672e4 character file");
  expect_import_error({"import", "--rules", "crawl-0.34", "/no/such/file.txt"},
                      "/no/such/file.txt: cannot read the file (no such file)");
  expect_import_error({"import", "--rules", "crawl-0.34", fray::test::path("golden/crawl_0_34")},
                      "(a directory, not a character file)");
  expect_import_error({"import", "--rules", "crawl-0.34", "/dev/null"},
                      "/dev/null: cannot read the file (not a regular file: a device, a pipe or a socket; give - to "
                      "read standard input)");
  // run_cli gives /dev/null as standard input: empty.
  expect_import_error({"import", "--rules", "crawl-0.34", "-"}, "<stdin>: empty");
  expect_import_error({"import", "--rules", "crawl-0.34", character("handmade-unknown-weapon.txt")},
                      "the wielded 'a +2 lightsaber' is not in fray's crawl-0.34 weapon catalog");
  // Only crawl-0.34 offers the verb.
  expect_import_error({"import", "--rules", "crawl", character(kHungry)}, "import is not a verb of --rules crawl");
}

// The imported spec, as printed, is an attacker of `fray attack` and a side of `fray duel`.
TEST(ImportCli, TheSpecFightsAMonster) {
  for (const char* file : {"morgue-Hungry0364-20260402-095531.txt", "morgue-Chih-20260401-190156.txt",
                           "morgue-joeboomin-20260404-223512.txt", "morgue-bamdok-20260330-165511.txt",
                           "morgue-exant-20260406-220016.txt", "morgue-InabaYap-20260404-040250.txt",
                           "morgue-Tinylith-20260403-165532.txt", "handmade-human-autumn-katana.txt"}) {
    SCOPED_TRACE(file);
    const auto imported = run_cli({"import", "--rules", "crawl-0.34", character(file)});
    ASSERT_EQ(imported.status, 0) << imported.err;
    const std::string spec = first_line(imported.out);
    // A launcher (the Naga's sling) shoots: the ranged situation.
    const bool launcher = spec.find("weapon=sling") != std::string::npos;
    std::vector<std::string> args{"attack", "--rules",    "crawl-0.34",  "--attacker",
                                  spec,     "--defender", "orc_warrior", "--json"};
    if (launcher) args.insert(args.end(), {"--situation", "ranged"});
    const auto attack = run_cli(args);
    ASSERT_EQ(attack.status, 0) << attack.err;
    const double p = attack.json().at("p_hit").get<double>();
    EXPECT_GT(p, 0.0);
    EXPECT_LE(p, 1.0);
    std::vector<std::string> duel_args{"duel", "--rules", "crawl-0.34", "--a", spec, "--b", "orc_warrior", "--json"};
    if (launcher) duel_args.insert(duel_args.end(), {"--situation", "ranged"});
    const auto duel = run_cli(duel_args);
    ASSERT_EQ(duel.status, 0) << duel.err;
  }
  // The Minotaur Fighter (AC 44, 252 HP, a +9 eveningstar at Maces & Flails 27) beats an orc warrior.
  const auto duel = run_cli({"duel", "--rules", "crawl-0.34", "--a", kHungrySpec, "--b", "orc_warrior", "--json"});
  ASSERT_EQ(duel.status, 0) << duel.err;
  EXPECT_GT(duel.json().at("p_a_wins").get<double>(), 0.999);
}

}  // namespace
