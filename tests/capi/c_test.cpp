// include/fray/c.h: fray_run is the `fray` executable byte for byte (status,
// stdout, stderr), fray_attack and fray_strike give the numbers of `fray
// attack --json` and `fray strike --count 1 --json`, and no exception crosses
// the C boundary: bad specs, bad arguments and null pointers come back as a
// status and a message.
#include <fray/c.h>

#include "support/support.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace {

struct CRun {
  int status = -1;
  std::string out, err;
};

CRun c_run(const std::vector<std::string>& args) {
  std::vector<const char*> argv{"fray"};
  for (const std::string& a : args) argv.push_back(a.c_str());
  char* out = nullptr;
  char* err = nullptr;
  CRun r;
  r.status = fray_run(static_cast<int>(argv.size()), argv.data(), &out, &err);
  EXPECT_NE(out, nullptr);
  EXPECT_NE(err, nullptr);
  if (out) r.out = out;
  if (err) r.err = err;
  fray_free(out);
  fray_free(err);
  return r;
}

// The same command line through the C API and through the executable.
void expect_same(const std::vector<std::string>& args) {
  SCOPED_TRACE(testing::PrintToString(args));
  const CRun c = c_run(args);
  const fray::test::Run cli = fray::test::run_cli(args);
  EXPECT_EQ(c.status, cli.status);
  EXPECT_EQ(c.out, cli.out);
  EXPECT_EQ(c.err, cli.err);
}

TEST(CApi, RunIsTheCommandLine) {
  expect_same({"attack", "--rules", "brogue", "--attacker", "ogre", "--defender", "player", "--json"});
  expect_same({"attack", "--rules", "brogue", "--attacker", "ogre", "--defender", "player"});
  expect_same({"strike", "--rules", "pixel-dungeon", "--attacker", "hero:level=3", "--defender", "rat", "--seed", "7",
               "--count", "5", "--json"});
  expect_same({"dist", "3d6", "--json"});
  expect_same({"--version"});
  expect_same({"--help"});
  // Bad input: status 2, "fray: error: ..." on stderr, nothing on stdout.
  expect_same({"attack", "--rules", "brogue", "--attacker", "no_such_monster", "--defender", "player"});
  expect_same({"attack", "--rules", "nethack", "--attacker", "ogre", "--defender", "player"});
  expect_same({"atack"});
  expect_same({"dist", "3d"});
  expect_same({});
}

TEST(CApi, RunRefusesBadArgumentVectors) {
  char* out = reinterpret_cast<char*>(1);
  char* err = nullptr;
  EXPECT_EQ(fray_run(2, nullptr, &out, &err), FRAY_EBADINPUT);
  ASSERT_NE(err, nullptr);
  EXPECT_EQ(std::string(err), "fray: error: the arguments are missing (argc < 0 or a null argv)\n");
  EXPECT_EQ(std::string(out), "");
  fray_free(out);
  fray_free(err);
  const char* argv[] = {"fray", "dist", nullptr};
  EXPECT_EQ(fray_run(3, argv, &out, &err), FRAY_EBADINPUT);
  EXPECT_EQ(std::string(err), "fray: error: argument 2 is a null pointer\n");
  fray_free(out);
  fray_free(err);
  EXPECT_EQ(fray_run(-1, argv, nullptr, nullptr), FRAY_EBADINPUT);
  // Streams may be dropped.
  const char* ok[] = {"fray", "dist", "1d6"};
  EXPECT_EQ(fray_run(3, ok, nullptr, nullptr), FRAY_OK);
}

fray_attack_request brogue_ogre() {
  fray_attack_request r{};
  r.rules = "brogue";
  r.attacker = "ogre";
  r.defender = "player";
  return r;
}

TEST(CApi, AttackGivesTheNumbersOfTheDocument) {
  const fray::test::Run cli =
      fray::test::run_cli({"attack", "--rules", "brogue", "--attacker", "ogre", "--defender", "player", "--json"});
  ASSERT_EQ(cli.status, 0) << cli.err;
  const nlohmann::json doc = cli.json();
  const fray_attack_request req = brogue_ogre();
  fray_attack_result res;
  char* err = nullptr;
  ASSERT_EQ(fray_attack(&req, &res, &err), FRAY_OK);
  EXPECT_EQ(err, nullptr);
  // The document prints 17 significant digits: the same doubles.
  EXPECT_EQ(res.p_hit, doc.at("p_hit").get<double>());
  EXPECT_EQ(res.mean_damage, doc.at("mean_damage").get<double>());
  // The document lists the possible values; the array is dense from the least.
  const nlohmann::json& pmf = doc.at("damage").at("pmf");
  EXPECT_EQ(res.damage_min, doc.at("damage").at("min").get<std::int64_t>());
  EXPECT_EQ(res.damage_min + static_cast<std::int64_t>(res.damage_count) - 1,
            doc.at("damage").at("max").get<std::int64_t>());
  std::size_t possible = 0;
  for (std::size_t i = 0; i < res.damage_count; ++i) possible += res.damage[i] > 0 ? 1 : 0;
  EXPECT_EQ(possible, pmf.size());
  for (const nlohmann::json& pair : pmf) {
    const std::int64_t v = pair.at(0).get<std::int64_t>();
    ASSERT_GE(v, res.damage_min);
    ASSERT_LT(v - res.damage_min, static_cast<std::int64_t>(res.damage_count));
    EXPECT_EQ(res.damage[v - res.damage_min], pair.at(1).get<double>()) << v;
  }
  double on_hit = 0;
  for (std::size_t i = 0; i < res.damage_on_hit_count; ++i) on_hit += res.damage_on_hit[i];
  EXPECT_NEAR(on_hit, 1.0, 1e-12);
  // Brogue CE: an ogre hits for 9-13 (monsterCatalog), so a hit does at least 9.
  EXPECT_EQ(res.damage_on_hit_min, 9);
  fray_attack_result_free(&res);
  EXPECT_EQ(res.damage, nullptr);
  fray_attack_result_free(&res);  // twice is harmless
}

TEST(CApi, AttackTakesSituationAndOptions) {
  const fray::test::Run cli = fray::test::run_cli(
      {"attack", "--rules", "epixx", "--attacker", "duellist", "--defender", "ogre", "--kind", "ranged", "--json"});
  ASSERT_EQ(cli.status, 0) << cli.err;
  fray_attack_request req{};
  req.rules = "epixx";
  req.attacker = "duellist";
  req.defender = "ogre";
  const char* keys[] = {"kind"};
  const char* values[] = {"ranged"};
  req.option_keys = keys;
  req.option_values = values;
  req.option_count = 1;
  fray_attack_result res;
  ASSERT_EQ(fray_attack(&req, &res, nullptr), FRAY_OK);
  EXPECT_EQ(res.p_hit, cli.json().at("p_hit").get<double>());
  fray_attack_result_free(&res);

  const fray::test::Run asleep = fray::test::run_cli({"attack", "--rules", "brogue", "--attacker", "player",
                                                      "--defender", "ogre", "--situation", "sleeping", "--json"});
  ASSERT_EQ(asleep.status, 0) << asleep.err;
  fray_attack_request s{};
  s.rules = "brogue";
  s.attacker = "player";
  s.defender = "ogre";
  const char* flags[] = {"sleeping"};
  s.situation = flags;
  s.situation_count = 1;
  ASSERT_EQ(fray_attack(&s, &res, nullptr), FRAY_OK);
  EXPECT_EQ(res.p_hit, asleep.json().at("p_hit").get<double>());
  EXPECT_EQ(res.mean_damage, asleep.json().at("mean_damage").get<double>());
  fray_attack_result_free(&res);
}

TEST(CApi, StrikeIsTheCommandLinesStrike) {
  for (const std::uint64_t seed : {1ULL, 42ULL, 18446744073709551615ULL}) {
    for (const char* engine : {"default", "java"}) {
      const fray::test::Run cli =
          fray::test::run_cli({"strike", "--rules", "pixel-dungeon", "--attacker", "hero:level=3", "--defender",
                               "gnoll_scout", "--seed", std::to_string(seed), "--rng", engine, "--json"});
      ASSERT_EQ(cli.status, 0) << cli.err;
      const nlohmann::json strike = cli.json().at("strikes").at(0);
      fray_attack_request req{};
      req.rules = "pixel-dungeon";
      req.attacker = "hero:level=3";
      req.defender = "gnoll_scout";
      fray_strike_result res;
      ASSERT_EQ(fray_strike(&req, seed, engine, &res, nullptr), FRAY_OK);
      EXPECT_EQ(res.hit != 0, strike.at("hit").get<bool>()) << seed << engine;
      EXPECT_EQ(res.damage, strike.at("damage").get<std::int64_t>()) << seed << engine;
      EXPECT_EQ(std::string(res.outcome), strike.at("outcome").get<std::string>()) << seed << engine;
    }
  }
}

// Each bad request: the status, and the message the command line prints
// after "fray: error: ".
void expect_refused(const fray_attack_request* req, const std::string& cli_verb_error, int status = FRAY_EBADINPUT) {
  fray_attack_result res;
  res.p_hit = 0.5;
  res.damage = reinterpret_cast<double*>(8);
  char* err = nullptr;
  EXPECT_EQ(fray_attack(req, &res, &err), status);
  ASSERT_NE(err, nullptr);
  EXPECT_EQ(std::string(err), cli_verb_error);
  EXPECT_EQ(res.damage, nullptr);  // zeroed: freeing it is harmless
  EXPECT_EQ(res.p_hit, 0.0);
  fray_free(err);
  fray_strike_result s;
  EXPECT_EQ(fray_strike(req, 1, nullptr, &s, &err), status);
  ASSERT_NE(err, nullptr);
  EXPECT_EQ(std::string(err), cli_verb_error);
  fray_free(err);
}

std::string cli_error(const std::vector<std::string>& args) {
  const fray::test::Run cli = fray::test::run_cli(args);
  EXPECT_EQ(cli.status, 2);
  const std::string prefix = "fray: error: ";
  EXPECT_EQ(cli.err.rfind(prefix, 0), 0U) << cli.err;
  return cli.err.substr(prefix.size(), cli.err.size() - prefix.size() - 1);
}

TEST(CApi, BadInputIsAStatusAndAMessage) {
  fray_attack_request req = brogue_ogre();
  req.attacker = "no_such_monster";
  expect_refused(&req,
                 cli_error({"attack", "--rules", "brogue", "--attacker", "no_such_monster", "--defender", "player"}));
  req = brogue_ogre();
  req.rules = "nethack";
  expect_refused(&req, cli_error({"attack", "--rules", "nethack", "--attacker", "ogre", "--defender", "player"}));
  req = brogue_ogre();
  req.defender = "player:hp=-3";
  expect_refused(&req, cli_error({"attack", "--rules", "brogue", "--attacker", "ogre", "--defender", "player:hp=-3"}));
  req = brogue_ogre();
  const char* flags[] = {"upside_down"};
  req.situation = flags;
  req.situation_count = 1;
  expect_refused(&req, cli_error({"attack", "--rules", "brogue", "--attacker", "ogre", "--defender", "player",
                                  "--situation", "upside_down"}));
  req = brogue_ogre();
  const char* keys[] = {"kind"};
  const char* values[] = {"ranged"};
  req.option_keys = keys;
  req.option_values = values;
  req.option_count = 1;
  expect_refused(&req, cli_error({"attack", "--rules", "brogue", "--attacker", "ogre", "--defender", "player", "--kind",
                                  "ranged"}));

  // Null pointers anywhere are bad input too.
  expect_refused(nullptr, "the request is missing (a null pointer)");
  req = brogue_ogre();
  req.rules = nullptr;
  expect_refused(&req, "the ruleset id is missing (a null pointer)");
  req = brogue_ogre();
  req.attacker = nullptr;
  expect_refused(&req, "the attacker spec is missing (a null pointer)");
  req = brogue_ogre();
  req.situation_count = 2;
  expect_refused(&req, "the situation flags are missing (a null pointer)");
  req = brogue_ogre();
  req.option_count = 1;
  expect_refused(&req, "the options are missing (a null pointer)");
  const fray_attack_request ok = brogue_ogre();
  char* err = nullptr;
  EXPECT_EQ(fray_attack(&ok, nullptr, &err), FRAY_EBADINPUT);
  EXPECT_EQ(std::string(err), "the result is missing (a null pointer)");
  fray_free(err);
  EXPECT_EQ(fray_attack(&ok, nullptr, nullptr), FRAY_EBADINPUT);  // the message may be dropped

  // An unknown engine, named as the command line names it.
  fray_strike_result s;
  EXPECT_EQ(fray_strike(&ok, 1, "mersenne", &s, &err), FRAY_EBADINPUT);
  ASSERT_NE(err, nullptr);
  EXPECT_EQ(std::string(err), cli_error({"strike", "--rules", "brogue", "--attacker", "ogre", "--defender", "player",
                                         "--seed", "1", "--rng", "mersenne"}));
  fray_free(err);
}

TEST(CApi, VersionIsTheProjects) {
  const CRun v = c_run({"--version"});
  EXPECT_EQ(v.out, std::string("fray ") + fray_version() + "\n");
}

}  // namespace
