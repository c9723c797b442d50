// The shared report layer: percentages, tables, CSV, catalogs, and the keys
// of the attack and strike documents.
#include <fray/core/error.hpp>
#include <fray/report/report.hpp>

#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

namespace fray {
namespace {

TEST(Percent, ReadsZeroOrOneOnlyWhenItIs) {
  EXPECT_EQ(percent(0), "0 %");
  EXPECT_EQ(percent(1), "100 %");
  EXPECT_EQ(percent(0.375), "37.50 %");
  EXPECT_EQ(percent(0.5), "50.00 %");
  EXPECT_EQ(percent(0.0001), "0.01 %");
  EXPECT_EQ(percent(0.00004), "<0.01 %");
  EXPECT_EQ(percent(0.99996), ">99.99 %");
  EXPECT_EQ(percent(1 - 1e-12), ">99.99 %");
  EXPECT_EQ(percent(0.9999), "99.99 %");
  EXPECT_EQ(percent(2.1e-8), "2.1e-06 %");
  EXPECT_EQ(percent(1e-300), "1e-298 %");
  // Every probability strictly between 0 and 1 reads neither 0.00 % nor 100.00 %.
  for (double p : {1e-320, 1e-9, 4.9e-7, 1e-6, 4.99e-5, 5e-5, 5.01e-5, 0.99995, 0.999949, 0.9999999, 1 - 1e-16}) {
    const std::string t = percent(p);
    EXPECT_NE(t, "0.00 %") << p;
    EXPECT_NE(t, "0 %") << p;
    EXPECT_NE(t, "100.00 %") << p;
    EXPECT_NE(t, "100 %") << p;
  }
}

TEST(Probability, SmallValuesKeepTheirSize) {
  EXPECT_EQ(probability(0), "0.000000");
  EXPECT_EQ(probability(1), "1.000000");
  EXPECT_EQ(probability(1.0 / 6), "0.166667");
  EXPECT_EQ(probability(4e-7), "4.0e-07");
  EXPECT_EQ(probability(3.14e-9, 5), "3.1e-09");
  EXPECT_EQ(probability(6e-6, 5), "0.00001");
}

TEST(Probability, NearlyCertainKeepsItsDistanceFromOne) {
  // A duel won but for a 2.1e-8 chance of losing.
  EXPECT_EQ(probability(1 - 2.1e-8), "0.99999998");
  EXPECT_EQ(probability(1 - 2.1e-8, 5), "0.99999998");
  EXPECT_EQ(probability(0.9999996), "0.9999996");
  EXPECT_EQ(significant(1 - 2.1e-8), "0.99999998");
  EXPECT_EQ(significant(0.488497), "0.488497");
  EXPECT_EQ(significant(1), "1");
  EXPECT_EQ(significant(0), "0");
  for (double p : {1 - 1e-15, 1 - 2.1e-8, 0.9999999, 0.99999951}) {
    EXPECT_NE(probability(p).front(), '1') << p;
    EXPECT_NE(significant(p).front(), '1') << p;
  }
}

TEST(Table, ProbabilityColumnsNeverReadOne) {
  Table t;
  t.columns = {{"value", ""}, {"p_attacker_wins", ""}, {"mean", ""}};
  t.rows = {{Value(std::int64_t{1}), Value(1 - 2.1e-8), Value(1 - 2.1e-8)}};
  const Report r = table_report(t);
  // The probability column keeps its distance from 1; a plain number rounds.
  EXPECT_NE(r.text.find("0.99999998"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("  1\n"), std::string::npos) << r.text;
}

Table sample_table() {
  Table t;
  t.title = "Sample";
  t.columns = {{"monster", ""}, {"hp", "HP"}, {"p_hit", ""}, {"note", ""}};
  t.rows = {{Value(std::string("rat")), Value(std::int64_t{6}), Value(0.5), Value(std::string("plain"))},
            {Value(std::string("goblin, conjurer")), Value(std::int64_t{10}), Value(1.0 / 3),
             Value(std::string("says \"hi\""))}};
  t.notes = {"made up"};
  return t;
}

TEST(Table, CsvQuotesWhatNeedsQuoting) {
  EXPECT_EQ(table_csv(sample_table()),
            "monster,hp,p_hit,note\n"
            "rat,6,0.5,plain\n"
            "\"goblin, conjurer\",10,0.3333333333333333,\"says \"\"hi\"\"\"\n");
  Table lines;
  lines.columns = {{"a", ""}, {"b", ""}};
  lines.rows = {{Value(std::string("two\nlines")), Value(true)}};
  EXPECT_EQ(table_csv(lines), "a,b\n\"two\nlines\",yes\n");
}

TEST(Table, ReportAlignsNumbersRightAndWordsLeft) {
  const Report r = table_report(sample_table());
  EXPECT_EQ(r.text,
            "Sample\n"
            "monster           HP     p_hit  note\n"
            "rat                6       0.5  plain\n"
            "goblin, conjurer  10  0.333333  says \"hi\"\n"
            "note: made up\n");
  EXPECT_EQ(r.json.at("title"), "Sample");
  EXPECT_EQ(r.json.at("columns"), nlohmann::json({"monster", "hp", "p_hit", "note"}));
  ASSERT_EQ(r.json.at("rows").size(), 2u);
  EXPECT_EQ(r.json.at("rows")[0].at("hp"), 6);
  EXPECT_EQ(r.json.at("rows")[1].at("monster"), "goblin, conjurer");
  EXPECT_EQ(r.json.at("notes"), nlohmann::json({"made up"}));
}

TEST(Table, RowOfTheWrongWidthIsAnError) {
  Table t = sample_table();
  t.rows.push_back({Value(std::string("bat"))});
  EXPECT_THROW((void)table_report(t), Error);
}

// A ruleset with two small catalogs, for the catalog renderers.
class TinyRules : public Ruleset {
 public:
  std::string_view id() const override { return "tiny"; }
  std::string_view title() const override { return "Tiny Rogue 1.0"; }
  std::string_view player_name() const override { return {}; }
  AttackSummary attack(const AttackRequest&) const override { throw Error("tiny: no attacks"); }
  StrikeRun strike(const StrikeRequest&) const override { throw Error("tiny: no strikes"); }
  Bout bout(const AttackRequest&) const override { throw Error("tiny: no fights"); }
  std::vector<CatalogKind> catalogs() const override { return {CatalogKind::monsters, CatalogKind::situations}; }
  std::vector<CatalogEntry> catalog(CatalogKind kind) const override {
    if (kind == CatalogKind::monsters)
      return {{"rat", "a rat", {{"hp", std::int64_t{6}}, {"damage", std::string("1-3")}}},
              {"goblin_conjurer", "casts blades", {{"hp", std::int64_t{10}}, {"accuracy", 0.7}}}};
    if (kind == CatalogKind::situations) return {{"sleeping", "the defender sleeps", {}}};
    throw Error("tiny has no such catalog");
  }
};

TEST(Catalog, ReportHasAlignedStatColumns) {
  const TinyRules rules;
  const Report r = catalog_report(rules, CatalogKind::monsters);
  EXPECT_EQ(r.text,
            "Tiny Rogue 1.0 monsters (2):\n"
            "  name             hp  damage  accuracy  description\n"
            "  rat               6  1-3               a rat\n"
            "  goblin_conjurer  10               0.7  casts blades\n");
  EXPECT_EQ(r.json.at("rules"), "tiny");
  EXPECT_EQ(r.json.at("kind"), "monsters");
  ASSERT_EQ(r.json.at("entries").size(), 2u);
  EXPECT_EQ(r.json.at("entries")[0].at("name"), "rat");
  EXPECT_EQ(r.json.at("entries")[0].at("description"), "a rat");
  EXPECT_EQ(r.json.at("entries")[0].at("stats").at("hp"), 6);
  EXPECT_EQ(r.json.at("entries")[1].at("stats").at("accuracy"), 0.7);
  EXPECT_FALSE(r.json.at("entries")[0].at("stats").contains("accuracy"));

  const Report s = catalog_report(rules, CatalogKind::situations);
  EXPECT_EQ(s.text,
            "Tiny Rogue 1.0 situations (1):\n"
            "  name      description\n"
            "  sleeping  the defender sleeps\n");
  EXPECT_THROW((void)catalog_report(rules, CatalogKind::weapons), Error);
}

TEST(Catalog, KindsReportCountsEachCatalog) {
  const TinyRules rules;
  const Report r = catalogs_report(rules);
  EXPECT_EQ(r.json, nlohmann::json::parse(R"({"rules": "tiny", "title": "Tiny Rogue 1.0",
                                               "catalogs": {"monsters": 2, "situations": 1}})"));
  EXPECT_NE(r.text.find("fray list --rules tiny monsters"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("fray list --rules tiny situations"), std::string::npos) << r.text;
}

AttackSummary sample_attack() {
  AttackSummary s;
  s.rules = "tiny";
  s.attacker = {"rat", {{"accuracy", std::int64_t{10}}}};
  s.defender = {"goblin", {{"evasion", std::int64_t{4}}, {"asleep", false}}};
  s.situation = {"sleeping"};
  s.p_hit = 0.75;
  s.outcomes = {{"miss", 0.25, false}, {"hit", 0.75, true}};
  s.damage_on_hit = Pmf::uniform(1, 3);
  const std::pair<double, Pmf> parts[] = {{0.25, Pmf::point(0)}, {0.75, s.damage_on_hit}};
  s.damage = Pmf::mixture(parts);
  s.attack_time = 1;
  s.time_unit = "turns";
  s.details = {{"hit_percent", std::int64_t{75}}};
  s.steps = {"accuracy 10 against defense 4"};
  s.notes = {"made up"};
  s.modelled = {"rat: bites twice as hard asleep"};
  s.not_modelled = {"goblin: steals"};
  return s;
}

TEST(AttackReport, KeysAndText) {
  const Report r = attack_report(sample_attack());
  const auto& j = r.json;
  std::vector<std::string> keys;
  for (const auto& [k, v] : j.items()) keys.push_back(k);
  EXPECT_EQ(keys, (std::vector<std::string>{"attack_time", "attacker", "damage", "damage_on_hit", "defender", "details",
                                            "equipment", "mean_damage", "modelled", "not_modelled", "notes", "outcomes",
                                            "p_hit", "rules", "situation", "time_unit", "warnings"}));
  EXPECT_EQ(j.at("attacker"), nlohmann::json({{"name", "rat"}, {"accuracy", 10}}));
  EXPECT_EQ(j.at("defender").at("asleep"), false);
  EXPECT_EQ(j.at("outcomes")[1], nlohmann::json({{"kind", "hit"}, {"p", 0.75}, {"lands", true}}));
  EXPECT_DOUBLE_EQ(j.at("mean_damage").get<double>(), 1.5);
  EXPECT_EQ(j.at("damage").at("pmf")[0], nlohmann::json({0, 0.25}));
  EXPECT_EQ(j.at("details").at("hit_percent"), 75);
  EXPECT_NE(r.text.find("P(hit) = 0.75 (75.00 %)"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("outcomes: miss 25.00 %, hit 75.00 %"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("accuracy 10 against defense 4"), std::string::npos) << r.text;
  // What the attack follows and leaves out, in the JSON and the text.
  EXPECT_EQ(j.at("modelled"), nlohmann::json::array({"rat: bites twice as hard asleep"}));
  EXPECT_EQ(j.at("not_modelled"), nlohmann::json::array({"goblin: steals"}));
  EXPECT_NE(r.text.find("  modelled: rat: bites twice as hard asleep\n  not modelled: goblin: steals\n"),
            std::string::npos)
      << r.text;
}

TEST(AttackReport, NearlyCertainHitIsNotOneHundredPercent) {
  AttackSummary s = sample_attack();
  s.p_hit = 1 - 1e-9;
  s.outcomes = {{"miss", 1e-9, false}, {"hit", 1 - 1e-9, true}};
  const Report r = attack_report(s);
  EXPECT_EQ(r.text.find("100.00 %"), std::string::npos) << r.text;
  EXPECT_EQ(r.text.find("0.00 %"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("miss 1e-07 %, hit >99.99 %"), std::string::npos) << r.text;
}

TEST(StrikeReport, KeysAndTrace) {
  StrikeRun run;
  run.rules = "tiny";
  run.attacker = {"rat", {}};
  run.defender = {"goblin", {}};
  run.seed = 7;
  run.engine = "default";
  run.count = 3;
  run.p_hit = 0.75;
  run.strikes = {{"hit", true, 2, {{"armor", std::int64_t{1}}}, {{"to-hit", "rand(1, 100)", 12}, {"damage", "1d3", 2}}},
                 {"miss", false, 0, {}, {{"to-hit", "rand(1, 100)", 90}}}};
  run.hits = 2;
  run.total_damage = 5;
  run.equipment = {"attacker (hero, STR 10): war hammer +0 (needs STR 18)"};
  run.warnings = {"attacker: the war hammer needs STR 18 but the hero has 10"};
  run.modelled = {"rat: bites twice as hard asleep"};
  run.not_modelled = {"goblin: steals"};
  const Report r = strike_report(run);
  // What the strikes follow and leave out, in the JSON and the text.
  EXPECT_EQ(r.json.at("modelled"), nlohmann::json::array({"rat: bites twice as hard asleep"}));
  EXPECT_EQ(r.json.at("not_modelled"), nlohmann::json::array({"goblin: steals"}));
  EXPECT_NE(r.text.find("\nmodelled: rat: bites twice as hard asleep\nnot modelled: goblin: steals\n"),
            std::string::npos)
      << r.text;
  const auto& j = r.json;
  std::vector<std::string> keys;
  for (const auto& [k, v] : j.items()) keys.push_back(k);
  EXPECT_EQ(keys, (std::vector<std::string>{"attacker", "count", "defender", "details", "engine", "equipment", "hits",
                                            "mean_damage", "modelled", "not_modelled", "notes", "p_hit", "rules",
                                            "seed", "situation", "strikes", "total_damage", "traced", "warnings"}));
  EXPECT_EQ(j.at("traced"), 2);
  EXPECT_EQ(j.at("count"), 3);
  EXPECT_DOUBLE_EQ(j.at("mean_damage").get<double>(), 5.0 / 3);
  EXPECT_EQ(j.at("strikes")[0].at("draws")[1], nlohmann::json({{"for", "damage"}, {"call", "1d3"}, {"value", 2}}));
  EXPECT_EQ(j.at("strikes")[0].at("rolls").at("armor"), 1);
  EXPECT_NE(r.text.find("#1: hit for 2  [to-hit rand(1, 100)=12; damage 1d3=2]"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("(2 strikes traced of 3)"), std::string::npos) << r.text;
  // The items and their warnings, as attack gives them.
  EXPECT_EQ(j.at("equipment"), nlohmann::json::array({"attacker (hero, STR 10): war hammer +0 (needs STR 18)"}));
  EXPECT_EQ(j.at("warnings"), nlohmann::json::array({"attacker: the war hammer needs STR 18 but the hero has 10"}));
  EXPECT_NE(r.text.find("  equipment: attacker (hero, STR 10): war hammer +0 (needs STR 18)\n"), std::string::npos)
      << r.text;
  EXPECT_NE(r.text.find("  warning: attacker: the war hammer needs STR 18 but the hero has 10\n"), std::string::npos)
      << r.text;
}

}  // namespace
}  // namespace fray

namespace fray {
namespace {

TEST(Table, NoValueIsNullDashAndAnEmptyCell) {
  const Table t{"odds", {{"monster", ""}, {"p50", ""}}, {{std::string("ogre"), Value{}}}, {}};
  const Report r = table_report(t);
  EXPECT_TRUE(r.json.at("rows")[0].at("p50").is_null());
  EXPECT_NE(r.text.find("ogre     -"), std::string::npos) << r.text;
  EXPECT_EQ(table_csv(t), "monster,p50\nogre,\n");
  EXPECT_EQ(value_text(Value{}), "-");
  EXPECT_TRUE(value_json(Value{}).is_null());
}

}  // namespace
}  // namespace fray
