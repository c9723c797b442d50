// SVG plots: axes with "nice" ticks, bars or lines, a legend for overlays and
// a <title> on every point (see fray/report/svg.hpp).
#include <fray/core/error.hpp>
#include <fray/report/report.hpp>
#include <fray/report/svg.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <string>
#include <vector>

namespace fray::svg {

namespace {

// The drawing area, in SVG user units.
constexpr double kWidth = 720, kHeight = 400;
constexpr double kLeft = 72, kRight = 20, kTop = 40, kBottom = 56;
// Past this many points a series is drawn as one line without a <title>
// per point, so that no input makes an unbounded document.
constexpr std::size_t kMaxMarkers = 2000;

// Okabe and Ito's colours, told apart with every common colour blindness
// and readable on a white and on a near-black page; each series also has its
// own marker shape (marker()), so that series differ without colour.
constexpr const char* kPalette[] = {"#0072b2", "#e69f00", "#009e73", "#cc79a7",
                                    "#56b4e9", "#d55e00", "#f0e442", "#999999"};

// Series i's marker centred on (x, y), with `rest` (attributes and children)
// inside: a circle, a square, a triangle, a diamond, in turn.
std::string marker(std::size_t i, double x, double y, std::string_view rest, std::string_view cls = "mark") {
  switch (i % 4) {
    case 0:
      return fmt::format("<circle class=\"{}\" cx=\"{:.2f}\" cy=\"{:.2f}\" r=\"3.5\"{}</circle>\n", cls, x, y, rest);
    case 1:
      return fmt::format("<rect class=\"{}\" x=\"{:.2f}\" y=\"{:.2f}\" width=\"6.4\" height=\"6.4\"{}</rect>\n", cls,
                         x - 3.2, y - 3.2, rest);
    case 2:
      return fmt::format("<polygon class=\"{}\" points=\"{:.2f},{:.2f} {:.2f},{:.2f} {:.2f},{:.2f}\"{}</polygon>\n",
                         cls, x, y - 4.2, x + 4, y + 3, x - 4, y + 3, rest);
    default:
      return fmt::format(
          "<polygon class=\"{}\" points=\"{:.2f},{:.2f} {:.2f},{:.2f} {:.2f},{:.2f} {:.2f},{:.2f}\"{}</polygon>\n", cls,
          x, y - 4.5, x + 4.5, y, x, y + 4.5, x - 4.5, y, rest);
  }
}

std::string escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// A number as short text that reads back to the same double ({fmt}'s shortest form).
std::string exact(double v) {
  if (v == std::floor(v) && std::fabs(v) < 1e15) return fmt::format("{}", static_cast<std::int64_t>(v));
  return fmt::format("{}", v);
}

// Ticks at 1, 2 or 5 times a power of ten, about `want` of them over lo..hi.
std::vector<double> ticks(double lo, double hi, int want, bool whole) {
  std::vector<double> out;
  if (!(hi > lo)) {
    out.push_back(lo);
    return out;
  }
  const double raw = (hi - lo) / want;
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  double step = mag;
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * mag >= raw) {
      step = m * mag;
      break;
    }
  if (whole) step = std::max(step, 1.0);
  // Counted, not stepped: past 2^53 adding a step to a double may not move it
  // (values near 10^16), and the count is bounded whatever lo and hi are.
  const double first = std::ceil(lo / step) * step;
  const double n = std::floor((hi - first) / step + 1e-9) + 1;
  const int count = n >= 1 ? static_cast<int>(std::min(n, 4.0 * want + 2)) : 0;
  for (int i = 0; i < count; ++i) {
    const double t = first + i * step;
    if (!out.empty() && t <= out.back()) continue;  // rounded onto the one before
    out.push_back(std::fabs(t) < step * 1e-9 ? 0 : t);
  }
  return out;
}

std::string tick_text(double v, bool percent_axis) {
  if (percent_axis) return fmt::format("{} %", exact(std::round(v * 1e6) / 1e4));
  if (v == std::floor(v) && std::fabs(v) < 1e15) return exact(v);
  return fmt::format("{:.6g}", v);
}

std::string point_title(const std::string& series, double x, double y, bool percent_axis, bool named) {
  std::string t = named ? series + ": " : std::string();
  t += exact(x);
  if (percent_axis)
    t += fmt::format(" → {} ({})", exact(y), percent(y));
  else
    t += fmt::format(" → {}", exact(y));
  return escape(t);
}

}  // namespace

View parse_view(std::string_view name) {
  if (name == "normal") return View::normal;
  if (name == "at-least" || name == "at_least") return View::at_least;
  if (name == "at-most" || name == "at_most") return View::at_most;
  throw Error(fmt::format("unknown plot view '{}' (normal, at-least, at-most)", name));
}

std::string_view view_name(View view) {
  switch (view) {
    case View::at_least:
      return "at-least";
    case View::at_most:
      return "at-most";
    default:
      return "normal";
  }
}

Series pairs_series(std::string name, const std::vector<std::pair<double, double>>& pairs, View view) {
  Series s{std::move(name), {}};
  s.points.reserve(pairs.size());
  double total = 0;
  for (const auto& [x, p] : pairs) total += p;
  double below = 0;  // P(X < x) so far
  for (const auto& [x, p] : pairs) {
    switch (view) {
      case View::normal:
        s.points.emplace_back(x, p);
        break;
      // P(X >= x) as what is left above, so the tail keeps its small values.
      case View::at_least:
        s.points.emplace_back(x, std::max(0.0, total - below));
        break;
      case View::at_most:
        s.points.emplace_back(x, std::min(total, below + p));
        break;
    }
    below += p;
  }
  return s;
}

Series pmf_series(std::string name, const Pmf& pmf, View view) {
  std::vector<std::pair<double, double>> pairs;
  for (const auto& [v, p] : pmf.items()) pairs.emplace_back(static_cast<double>(v), p);
  return pairs_series(std::move(name), pairs, view);
}

namespace {

std::string view_label(View view) {
  switch (view) {
    case View::at_least:
      return "P(X ≥ x)";
    case View::at_most:
      return "P(X ≤ x)";
    default:
      return "P(X = x)";
  }
}

}  // namespace

Plot pmf_plot(std::string title, std::string x_label, const std::vector<std::pair<std::string, Pmf>>& pmfs, View view) {
  Plot plot{std::move(title), std::move(x_label), view_label(view), {}, pmfs.size() == 1, true};
  for (const auto& [name, pmf] : pmfs) plot.series.push_back(pmf_series(name, pmf, view));
  return plot;
}

Plot pmf_json_plot(std::string title, std::string x_label, const nlohmann::json& pmf, View view) {
  std::vector<std::pair<double, double>> pairs;
  if (pmf.is_array())
    for (const auto& item : pmf)
      if (item.is_array() && item.size() == 2 && item[0].is_number() && item[1].is_number())
        pairs.emplace_back(item[0].get<double>(), item[1].get<double>());
  Plot plot{title, std::move(x_label), view_label(view), {}, true, true};
  plot.series.push_back(pairs_series(std::move(title), pairs, view));
  return plot;
}

Plot table_plot(const Table& table, const std::string& x_key, const std::vector<std::string>& y_keys) {
  auto column = [&table](const std::string& key) {
    for (std::size_t i = 0; i < table.columns.size(); ++i)
      if (table.columns[i].key == key) return i;
    std::vector<std::string> keys;
    for (const auto& c : table.columns) keys.push_back(c.key);
    throw Error(fmt::format("plot: the table has no column '{}' (it has: {})", key, fmt::join(keys, ", ")));
  };
  auto number = [](const Value& v, double& out) {
    if (const auto* i = std::get_if<std::int64_t>(&v)) return out = static_cast<double>(*i), true;
    if (const auto* d = std::get_if<double>(&v)) return out = *d, true;
    return false;
  };
  const std::size_t xi = column(x_key);
  Plot plot{table.title, x_key, y_keys.size() == 1 ? y_keys.front() : std::string(), {}, false, false};
  bool all_probabilities = true;
  for (const std::string& key : y_keys) {
    const std::size_t yi = column(key);
    Series s{key, {}};
    for (const auto& row : table.rows) {
      double x = 0, y = 0;
      if (xi < row.size() && yi < row.size() && number(row[xi], x) && number(row[yi], y)) {
        s.points.emplace_back(x, y);
        if (y < 0 || y > 1) all_probabilities = false;
      }
    }
    plot.series.push_back(std::move(s));
  }
  plot.y_percent = all_probabilities && !plot.series.empty();
  return plot;
}

Plot plot_from_json(const nlohmann::json& doc) {
  require(doc.is_object(), "plot: the description must be a JSON object");
  auto text = [&doc](const char* key) {
    if (!doc.contains(key)) return std::string();
    require(doc[key].is_string(), fmt::format("plot: '{}' must be a string", key));
    return doc[key].get<std::string>();
  };
  auto flag = [&doc](const char* key) {
    if (!doc.contains(key)) return false;
    require(doc[key].is_boolean(), fmt::format("plot: '{}' must be true or false", key));
    return doc[key].get<bool>();
  };
  Plot plot{text("title"), text("x_label"), text("y_label"), {}, flag("bars"), flag("y_percent")};
  require(doc.contains("series") && doc["series"].is_array(), "plot: 'series' must be an array");
  for (const auto& s : doc["series"]) {
    require(s.is_object() && s.contains("points") && s["points"].is_array(),
            "plot: each series must be an object with 'points'");
    Series series{s.contains("name") && s["name"].is_string() ? s["name"].get<std::string>() : std::string(), {}};
    for (const auto& p : s["points"]) {
      require(p.is_array() && p.size() == 2 && p[0].is_number() && p[1].is_number(),
              "plot: each point must be [x, y] with two numbers");
      series.points.emplace_back(p[0].get<double>(), p[1].get<double>());
    }
    plot.series.push_back(std::move(series));
  }
  return plot;
}

std::string render(const Plot& plot) {
  // The ranges of every series together.
  double x_lo = std::numeric_limits<double>::infinity(), x_hi = -x_lo;
  double y_hi = 0, y_lo = 0;
  std::size_t points = 0;
  bool whole_x = true;  // ticks at whole values only, when every x is whole (dice, damage, attacks)
  for (const auto& s : plot.series)
    for (const auto& [x, y] : s.points) {
      if (!std::isfinite(x) || !std::isfinite(y)) continue;
      whole_x = whole_x && x == std::floor(x);
      x_lo = std::min(x_lo, x);
      x_hi = std::max(x_hi, x);
      y_hi = std::max(y_hi, y);
      y_lo = std::min(y_lo, y);
      ++points;
    }
  const bool empty = points == 0;
  if (empty) x_lo = 0, x_hi = 1;
  if (y_hi <= y_lo) y_hi = y_lo + 1;
  if (plot.y_percent) y_hi = std::min(1.0, y_hi * 1.05);
  // Bars are centred on whole values: half a value of room either side.
  const bool bars = plot.bars && plot.series.size() == 1 && points <= kMaxMarkers;
  const double pad = bars ? 0.5 : (x_hi > x_lo ? 0 : 0.5);
  const double xa = x_lo - pad, xb = x_hi + pad;
  std::vector<double> yt = ticks(y_lo, y_hi, 5, false);
  // The axis ends on a tick above the highest point.
  if (yt.size() >= 2 && yt.back() < y_hi) yt.push_back(yt.back() + (yt[1] - yt[0]));
  const double yb = std::max(y_hi, yt.back());
  // An overlay's legend sits right of the plot, clear of the lines.
  const bool named = plot.series.size() > 1;
  double legend_width = 0;
  if (named)
    for (const auto& s : plot.series)
      legend_width = std::max(legend_width, 8.0 * static_cast<double>(std::min<std::size_t>(s.name.size(), 40)) + 36);
  const double pw = kWidth - kLeft - kRight - (named ? legend_width + 12 : 0), ph = kHeight - kTop - kBottom;
  auto sx = [&](double x) { return kLeft + (x - xa) / (xb - xa) * pw; };
  auto sy = [&](double y) { return kTop + ph - (y - y_lo) / (yb - y_lo) * ph; };

  std::string o;
  o += fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"fray-plot\" viewBox=\"0 0 {} {}\" width=\"{}\" height=\"{}\" "
      "role=\"img\" font-family=\"system-ui, sans-serif\" font-size=\"13\">\n",
      kWidth, kHeight, kWidth, kHeight);
  o += fmt::format("<title>{}</title>\n", escape(plot.title.empty() ? "fray plot" : plot.title));
  // Standalone, the plot follows the viewer's theme; inside a page, currentColor follows the page.
  o += "<style>.fray-plot{color:#1f2328}.fray-plot .grid{stroke-opacity:.15}"
       ".fray-plot .bar:hover,.fray-plot .mark:hover{opacity:.7}"
       "@media (prefers-color-scheme: dark){.fray-plot{color:#e6edf3}}</style>\n";
  if (!plot.title.empty())
    o += fmt::format(
        "<text class=\"plot-title\" x=\"{}\" y=\"24\" text-anchor=\"middle\" font-size=\"15\" "
        "font-weight=\"600\" fill=\"currentColor\">{}</text>\n",
        kWidth / 2, escape(plot.title));

  // Axes, grid and ticks.
  o += "<g class=\"axis y-axis\" fill=\"currentColor\" stroke=\"currentColor\">\n";
  for (double t : yt) {
    const double y = sy(t);
    o += fmt::format("<line class=\"grid\" x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{:.1f}\" y2=\"{:.1f}\"/>", kLeft,
                     kLeft + pw, y, y);
    o += fmt::format("<text class=\"tick\" x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\" stroke=\"none\">{}</text>\n",
                     kLeft - 6, y + 4, tick_text(t, plot.y_percent));
  }
  o += fmt::format("<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1:.1f}\" y2=\"{2:.1f}\"/>\n", kLeft, kTop, kTop + ph);
  if (!plot.y_label.empty())
    o += fmt::format(
        "<text class=\"label\" transform=\"translate(16 {:.1f}) rotate(-90)\" text-anchor=\"middle\" "
        "stroke=\"none\">{}</text>\n",
        kTop + ph / 2, escape(plot.y_label));
  o += "</g>\n<g class=\"axis x-axis\" fill=\"currentColor\" stroke=\"currentColor\">\n";
  o += fmt::format("<line x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{:.1f}\" y2=\"{:.1f}\"/>\n", kLeft, kLeft + pw, kTop + ph,
                   kTop + ph);
  for (double t : ticks(x_lo, x_hi, 10, bars || whole_x)) {
    const double x = sx(t);
    o +=
        fmt::format("<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1:.1f}\" y2=\"{2:.1f}\"/>", x, kTop + ph, kTop + ph + 5);
    o +=
        fmt::format("<text class=\"tick\" x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\" stroke=\"none\">{}</text>\n",
                    x, kTop + ph + 19, tick_text(t, false));
  }
  if (!plot.x_label.empty())
    o += fmt::format(
        "<text class=\"label\" x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\" stroke=\"none\">{}</text>\n",
        kLeft + pw / 2, kHeight - 10, escape(plot.x_label));
  o += "</g>\n";
  if (empty)
    o += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\" fill=\"currentColor\">no data</text>\n",
                     kLeft + pw / 2, kTop + ph / 2);

  // The data.
  for (std::size_t i = 0; i < plot.series.size(); ++i) {
    const Series& s = plot.series[i];
    const char* colour = kPalette[i % std::size(kPalette)];
    o += fmt::format("<g class=\"series\" data-series=\"{}\" fill=\"{}\" stroke=\"{}\">\n", escape(s.name), colour,
                     colour);
    if (bars) {
      const double w = std::max(1.0, pw / (xb - xa) * 0.8);
      for (const auto& [x, y] : s.points) {
        if (!std::isfinite(x) || !std::isfinite(y)) continue;
        const double top = sy(std::max(y, y_lo)), base = sy(std::max(0.0, y_lo));
        o += fmt::format(
            "<rect class=\"bar\" x=\"{:.2f}\" y=\"{:.2f}\" width=\"{:.2f}\" height=\"{:.2f}\" stroke=\"none\" "
            "data-x=\"{}\" data-y=\"{}\"><title>{}</title></rect>\n",
            sx(x) - w / 2, std::min(top, base), w, std::fabs(base - top), exact(x), exact(y),
            point_title(s.name, x, y, plot.y_percent, false));
      }
    } else {
      std::string line;
      for (const auto& [x, y] : s.points)
        if (std::isfinite(x) && std::isfinite(y)) line += fmt::format("{:.2f},{:.2f} ", sx(x), sy(y));
      if (!line.empty()) line.pop_back();
      o += fmt::format("<polyline class=\"line\" fill=\"none\" stroke-width=\"2\" points=\"{}\"/>\n", line);
      if (points <= kMaxMarkers)
        for (const auto& [x, y] : s.points) {
          if (!std::isfinite(x) || !std::isfinite(y)) continue;
          o += marker(i, sx(x), sy(y),
                      fmt::format(" stroke=\"none\" data-x=\"{}\" data-y=\"{}\"><title>{}</title>", exact(x), exact(y),
                                  point_title(s.name, x, y, plot.y_percent, named)));
        }
    }
    o += "</g>\n";
  }

  // The legend, for overlays: top right, one swatch per series.
  if (named) {
    const double width = legend_width - 30, lx = kLeft + pw + 12, ly = kTop + 6;
    o += "<g class=\"legend\" fill=\"currentColor\">\n";
    o += fmt::format(
        "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"currentColor\" "
        "fill-opacity=\"0.06\" stroke=\"currentColor\" stroke-opacity=\"0.3\"/>\n",
        lx, ly, width + 30, 18.0 * static_cast<double>(plot.series.size()) + 6);
    for (std::size_t i = 0; i < plot.series.size(); ++i) {
      const double y = ly + 16 + 18.0 * static_cast<double>(i);
      o += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"14\" height=\"4\" fill=\"{}\"/>", lx + 6, y - 6,
                       kPalette[i % std::size(kPalette)]);
      o += marker(i, lx + 13, y - 4, fmt::format(" fill=\"{}\" stroke=\"none\">", kPalette[i % std::size(kPalette)]),
                  "legend-mark");
      o += fmt::format("<text class=\"legend-item\" x=\"{:.1f}\" y=\"{:.1f}\">{}</text>\n", lx + 26, y,
                       escape(plot.series[i].name));
    }
    o += "</g>\n";
  }
  o += "</svg>\n";
  return o;
}

}  // namespace fray::svg
