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
  const Report r = dist_report("1d2", d2);
  EXPECT_EQ(r.json["expression"], "1d2");
  EXPECT_EQ(r.json["mean"], 1.5);
  EXPECT_EQ(r.json["pmf"], nlohmann::json::parse("[[1, 0.5], [2, 0.5]]"));
  EXPECT_EQ(r.text, "1d2\n" + pmf_table(d2));
  // Through dists_report, one expression keeps its one document and text.
  const Report one = dists_report({{"1d2", d2}});
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
