// fray/report/dice.hpp: the `fray dist` and `fray roll` documents, the one
// place the command line and the Python module build them.
#include <fray/core/pmf.hpp>
#include <fray/report/dice.hpp>

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace fray {
namespace {

TEST(DiceReport, OneExpressionIsOneDocument) {
  const Pmf d2 = Pmf::from_map({{1, 0.5}, {2, 0.5}});
  const Report r = dist_report("1d2", d2, DiceRange{1, 2});
  EXPECT_EQ(r.json["expression"], "1d2");
  EXPECT_EQ(r.json["range"], nlohmann::json::parse("[1, 2]"));
  EXPECT_EQ(r.json["mean"], 1.5);
  EXPECT_EQ(r.json["pmf"], nlohmann::json::parse("[[1, 0.5], [2, 0.5]]"));
  EXPECT_EQ(r.text, "1d2\n" + pmf_table(d2));
  // Through dists_report, one expression keeps its one document and text.
  const Report one = dists_report({{"1d2", d2}}, {DiceRange{1, 2}});
  EXPECT_EQ(one.json, r.json);
  EXPECT_EQ(one.text, r.text);
}

TEST(DiceReport, SeveralExpressionsAreAnArrayAndTextsApart) {
  const Pmf d2 = Pmf::from_map({{1, 0.5}, {2, 0.5}});
  const Pmf one = Pmf::from_map({{1, 1.0}});
  const Report r = dists_report({{"1d2", d2}, {"1", one}});
  ASSERT_TRUE(r.json.is_array());
  ASSERT_EQ(r.json.size(), 2u);
  EXPECT_EQ(r.json[1]["expression"], "1");
  EXPECT_EQ(r.json[1]["mean"], 1.0);
  EXPECT_EQ(r.text, "1d2\n" + pmf_table(d2) + "\n1\n" + pmf_table(one));
}

TEST(DiceReport, RangeBeyondThePmf) {
  // The distribution's ends (a double's) short of the expression's range:
  // both are given, and the text says the range.
  const Pmf mid = Pmf::from_map({{1599, 0.5}, {5401, 0.5}});
  const Report r = dist_report("1000d6", mid, DiceRange{1000, 6000});
  EXPECT_EQ(r.json["min"], 1599);
  EXPECT_EQ(r.json["max"], 5401);
  EXPECT_EQ(r.json["range"], nlohmann::json::parse("[1000, 6000]"));
  EXPECT_EQ(r.text, "1000d6 (range 1000..6000; the values listed are those a double can tell)\n" + pmf_table(mid));
  // A range not known: null, and the text as before.
  const Report unknown = dist_report("2*1d3==3", Pmf::from_map({{0, 1.0}}), std::nullopt);
  EXPECT_TRUE(unknown.json["range"].is_null());
  EXPECT_EQ(unknown.text, "2*1d3==3\n" + pmf_table(Pmf::from_map({{0, 1.0}})));
  // dists_report without ranges: null for each.
  EXPECT_TRUE(dists_report({{"1d2", Pmf::from_map({{1, 0.5}, {2, 0.5}})}}).json["range"].is_null());
}

TEST(DiceReport, Roll) {
  const Report r = roll_report("3d6", 42, "default", {3, 17, 10});
  EXPECT_EQ(r.json,
            nlohmann::json::parse(R"({"expression": "3d6", "seed": 42, "engine": "default", "rolls": [3, 17, 10]})"));
  EXPECT_EQ(r.text, "3d6 (seed 42, rng default): 3 17 10");
  // A seed above 2^63 stays exact.
  EXPECT_EQ(roll_report("1", 18446744073709551615ULL, "java", {1}).json["seed"].get<std::uint64_t>(),
            18446744073709551615ULL);
}

}  // namespace
}  // namespace fray
