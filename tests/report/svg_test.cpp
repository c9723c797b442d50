// SVG plots: the axes, labels, titles and values a plot carries, in each view.
#include <fray/core/error.hpp>
#include <fray/core/pmf.hpp>
#include <fray/report/svg.hpp>

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

namespace fray {
namespace {

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

// The data-y values of the drawn points, in document order.
std::vector<std::string> ys(const std::string& svg) {
  std::vector<std::string> out;
  for (auto at = svg.find("data-y=\""); at != std::string::npos; at = svg.find("data-y=\"", at + 1)) {
    const auto start = at + 8;
    out.push_back(svg.substr(start, svg.find('"', start) - start));
  }
  return out;
}

// Four equally likely values: every probability and sum is exact in binary.
Pmf quarters() {
  const std::array<double, 4> w{1, 1, 1, 1};
  return Pmf::from_weights(1, w);
}

TEST(Svg, OneDistributionIsBarsWithAxesLabelsAndTitles) {
  const std::string s = svg::render(svg::pmf_plot("d4", "value", {{"d4", quarters()}}, svg::View::normal));
  EXPECT_EQ(s.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_NE(s.find("</svg>"), std::string::npos);
  EXPECT_EQ(count(s, "class=\"bar\""), 4u);
  EXPECT_NE(s.find("class=\"axis x-axis\""), std::string::npos);
  EXPECT_NE(s.find("class=\"axis y-axis\""), std::string::npos);
  EXPECT_NE(s.find(">value</text>"), std::string::npos);      // x label
  EXPECT_NE(s.find(">P(X = x)</text>"), std::string::npos);   // y label
  EXPECT_NE(s.find("<title>d4</title>"), std::string::npos);  // the document's title
  EXPECT_EQ(ys(s), (std::vector<std::string>{"0.25", "0.25", "0.25", "0.25"}));
  // Hover: the value, the exact probability and the percentage.
  EXPECT_NE(s.find("<title>3 → 0.25 (25.00 %)</title>"), std::string::npos);
  // A probability axis reads in percent; one distribution needs no legend.
  EXPECT_NE(s.find(">20 %</text>"), std::string::npos);
  EXPECT_EQ(s.find("class=\"legend\""), std::string::npos);
  // The theme: text and axes follow currentColor, and a dark scheme is styled.
  EXPECT_NE(s.find("fill=\"currentColor\""), std::string::npos);
  EXPECT_NE(s.find("prefers-color-scheme: dark"), std::string::npos);
}

TEST(Svg, ValuesPastTwoToThe53AreDrawn) {
  // Near 10^16 a double does not step by one: the ticks are counted, so the
  // plot ends, with both values' bars.
  const Pmf p = Pmf::uniform(10'000'000'000'000'001, 10'000'000'000'000'002);
  const std::string s = svg::render(svg::pmf_plot("1d2+10^16", "value", {{"x", p}}, svg::View::normal));
  EXPECT_EQ(count(s, "class=\"bar\""), 2u);
  EXPECT_NE(s.find("</svg>"), std::string::npos);
}

TEST(Svg, AtLeastAndAtMostViews) {
  const std::string least = svg::render(svg::pmf_plot("d4", "value", {{"d4", quarters()}}, svg::View::at_least));
  EXPECT_EQ(ys(least), (std::vector<std::string>{"1", "0.75", "0.5", "0.25"}));
  EXPECT_NE(least.find(">P(X ≥ x)</text>"), std::string::npos);
  const std::string most = svg::render(svg::pmf_plot("d4", "value", {{"d4", quarters()}}, svg::View::at_most));
  EXPECT_EQ(ys(most), (std::vector<std::string>{"0.25", "0.5", "0.75", "1"}));
  EXPECT_EQ(svg::parse_view("at-least"), svg::View::at_least);
  EXPECT_EQ(svg::parse_view("at_most"), svg::View::at_most);
  try {
    (void)svg::parse_view("sideways");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "unknown plot view 'sideways' (normal, at-least, at-most)");
  }
}

TEST(Svg, OverlaysAreLinesWithALegend) {
  // 1d2 and 2d1: P(1) = P(2) = 1/2, and the point 2.
  const std::array<double, 2> half{1, 1};
  const std::string s = svg::render(svg::pmf_plot(
      "compare", "value", {{"1d2", Pmf::from_weights(1, half)}, {"2d1", Pmf::point(2)}}, svg::View::normal));
  EXPECT_EQ(count(s, "class=\"bar\""), 0u);
  EXPECT_EQ(count(s, "<polyline"), 2u);
  EXPECT_EQ(count(s, "class=\"mark\""), 3u);
  EXPECT_NE(s.find("class=\"legend\""), std::string::npos);
  EXPECT_NE(s.find(">1d2</text>"), std::string::npos);
  EXPECT_NE(s.find(">2d1</text>"), std::string::npos);
  // An overlay's hover names its series.
  EXPECT_NE(s.find("<title>2d1: 2 → 1 (100 %)</title>"), std::string::npos);
  EXPECT_NE(s.find("<title>1d2: 1 → 0.5 (50.00 %)</title>"), std::string::npos);
  EXPECT_EQ(ys(s), (std::vector<std::string>{"0.5", "0.5", "1"}));
}

TEST(Svg, TextIsEscaped) {
  const std::string s = svg::render(svg::pmf_plot("a<b & \"c\"", "x", {{"q", Pmf::point(0)}}, svg::View::normal));
  EXPECT_NE(s.find("<title>a&lt;b &amp; &quot;c&quot;</title>"), std::string::npos);
  EXPECT_EQ(s.find("a<b"), std::string::npos);
}

TEST(Svg, TablePlotDrawsColumnsAndSkipsCellsWithoutANumber) {
  Table t;
  t.title = "sweep";
  t.columns = {{"value", ""}, {"p_hit", ""}, {"note", ""}};
  t.rows = {{std::int64_t{0}, 0.5, std::string("a")},
            {std::int64_t{1}, Value{}, std::string("b")},
            {std::int64_t{2}, 0.75, std::string("c")}};
  const svg::Plot plot = svg::table_plot(t, "value", {"p_hit"});
  ASSERT_EQ(plot.series.size(), 1u);
  EXPECT_EQ(plot.series[0].points, (std::vector<std::pair<double, double>>{{0, 0.5}, {2, 0.75}}));
  EXPECT_TRUE(plot.y_percent);
  const std::string s = svg::render(plot);
  EXPECT_EQ(ys(s), (std::vector<std::string>{"0.5", "0.75"}));
  EXPECT_EQ(count(s, "<polyline"), 1u);
  try {
    (void)svg::table_plot(t, "value", {"mean"});
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "plot: the table has no column 'mean' (it has: value, p_hit, note)");
  }
}

TEST(Svg, PlotFromJson) {
  const auto doc = nlohmann::json::parse(
      R"({"title": "t", "x_label": "level", "series": [{"name": "orc", "points": [[1, 2], [2, 3]]}]})");
  const svg::Plot plot = svg::plot_from_json(doc);
  EXPECT_EQ(plot.title, "t");
  EXPECT_EQ(plot.x_label, "level");
  EXPECT_FALSE(plot.y_percent);
  ASSERT_EQ(plot.series.size(), 1u);
  EXPECT_EQ(plot.series[0].name, "orc");
  EXPECT_EQ(ys(svg::render(plot)), (std::vector<std::string>{"2", "3"}));
  try {
    (void)svg::plot_from_json(nlohmann::json::parse(R"({"series": [{"points": [[1]]}]})"));
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "plot: each point must be [x, y] with two numbers");
  }
}

TEST(Svg, EmptyAndLargePlotsStayBounded) {
  const std::string empty = svg::render(svg::Plot{"none", "x", "y", {}, false, false});
  EXPECT_NE(empty.find(">no data</text>"), std::string::npos);
  // Past 2000 points a series is one line without a title per point.
  svg::Series big{"big", {}};
  for (int i = 0; i < 5000; ++i) big.points.emplace_back(i, i % 7);
  const std::string s = svg::render(svg::Plot{"big", "x", "y", {big}, true, false});
  EXPECT_EQ(count(s, "<title>"), 1u);
  EXPECT_EQ(count(s, "<polyline"), 1u);
  EXPECT_LT(s.size(), 200'000u);
}

}  // namespace
}  // namespace fray
