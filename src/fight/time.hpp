// The game time of kills, shared by the exact chains and Monte Carlo.
#pragma once

#include <fray/fight/model.hpp>

#include <cstddef>
#include <map>
#include <vector>

namespace fray::fight::detail {

// A distribution over game time from weights by time and their total.
inline RealPmf normalised(const std::map<double, double>& weights, double total) {
  RealPmf out;
  for (const auto& [v, p] : weights) out.emplace_back(v, p / total);
  return out;
}

// Game time to kill, given a kill, with fixed attack times: a kill at a
// side's n-th attack (0-based) is over at (n + 1) x its attack time.
// `a_kills`/`b_kills` weigh the kills by the killer's attack count
// (probabilities or counts; b's empty for turns to kill).
template <class Weight>
RealPmf time_pmf(const std::vector<Weight>& a_kills, double a_time, const std::vector<Weight>& b_kills, double b_time) {
  std::map<double, double> acc;
  for (int w = 0; w < 2; ++w) {
    const std::vector<Weight>& kills = w == 0 ? a_kills : b_kills;
    const double unit = w == 0 ? a_time : b_time;
    for (std::size_t i = 0; i < kills.size(); ++i)
      if (kills[i] > 0) acc[static_cast<double>(i + 1) * unit] += static_cast<double>(kills[i]);
  }
  double total = 0;
  for (const auto& [v, p] : acc) total += p;
  return normalised(acc, total);
}

}  // namespace fray::fight::detail
