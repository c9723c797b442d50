#include <fray/rules/ruleset.hpp>

#include <fmt/format.h>

#include <algorithm>

namespace fray {

nlohmann::json pmf_json(const Pmf& pmf) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& [v, p] : pmf.items()) rows.push_back({v, p});
  return {{"pmf", std::move(rows)}, {"mean", pmf.mean()}, {"stddev", pmf.stddev()},
          {"min", pmf.min()},       {"max", pmf.max()}};
}

std::string pmf_table(const Pmf& pmf, std::string_view value_header) {
  const auto items = pmf.items();
  double top = 0;
  for (const auto& [v, p] : items) top = std::max(top, p);
  std::string out = fmt::format("{:>10}  {:>10}  {:>10}\n", value_header, "p", "cumulative");
  double cum = 0;
  for (const auto& [v, p] : items) {
    cum += p;
    const int bar = top > 0 ? static_cast<int>(p / top * 40 + 0.5) : 0;
    out += fmt::format("{:>10}  {:>10.6f}  {:>10.6f}  {}\n", v, p, std::min(cum, 1.0), std::string(bar, '#'));
  }
  out += fmt::format("mean {:.6g}, stddev {:.6g}\n", pmf.mean(), pmf.stddev());
  return out;
}

}  // namespace fray
