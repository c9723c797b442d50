// fray/report/svg.hpp — plots as SVG, for the command line (--svg FILE) and
// the web page alike.
//
// A plot is a few named series of (x, y) points drawn over axes with labels:
// one distribution as bars, several overlaid as lines with a legend. Every
// point carries an SVG <title> with its exact value and probability, so a
// browser shows them on hover. Axes and text use currentColor and a style
// block follows prefers-color-scheme, so a plot reads in light and dark themes.
#pragma once

#include <fray/core/pmf.hpp>
#include <fray/core/value.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fray::svg {

// How a distribution is shown, as AnyDice does: P(X = x), P(X >= x) or P(X <= x).
enum class View { normal, at_least, at_most };
// "normal", "at-least" or "at-most" (underscores accepted); fray::Error otherwise.
[[nodiscard]] View parse_view(std::string_view name);
[[nodiscard]] std::string_view view_name(View view);

struct Series {
  std::string name;
  std::vector<std::pair<double, double>> points;  // x ascending
};

struct Plot {
  std::string title;
  std::string x_label;
  std::string y_label;
  std::vector<Series> series;
  bool bars = false;       // one series drawn as bars (a distribution); otherwise lines
  bool y_percent = false;  // y is a probability: the axis reads in %, and starts at 0 and ends at 100 % at most
};

// The SVG document of a plot. A plot without points draws its axes and says "no data".
[[nodiscard]] std::string render(const Plot& plot);

// A distribution as a series, in the given view.
[[nodiscard]] Series pmf_series(std::string name, const Pmf& pmf, View view);
// [value, probability] pairs (a pmf's JSON "pmf" array, values ascending) as a series.
[[nodiscard]] Series pairs_series(std::string name, const std::vector<std::pair<double, double>>& pairs, View view);
// Several distributions: bars for one, lines with a legend for more.
[[nodiscard]] Plot pmf_plot(std::string title, std::string x_label,
                            const std::vector<std::pair<std::string, Pmf>>& pmfs, View view);
// The "pmf" array of a report's distribution ([[value, probability], ...]) as a plot.
[[nodiscard]] Plot pmf_json_plot(std::string title, std::string x_label, const nlohmann::json& pmf, View view);
// Columns of a table against one of its columns, one line each (a sweep).
// Cells without a number are left out. fray::Error names a missing column.
[[nodiscard]] Plot table_plot(const Table& table, const std::string& x_key, const std::vector<std::string>& y_keys);

// A plot described in JSON, for pages that overlay series of their own:
// {"title", "x_label", "y_label", "bars", "y_percent", "series": [{"name", "points": [[x, y], ...]}]}.
// fray::Error names what is malformed.
[[nodiscard]] Plot plot_from_json(const nlohmann::json& doc);

}  // namespace fray::svg
