// What the Brogue CE mechanics tests share: a bout from two specs, a search
// of a fight's lists of mechanics, Monte Carlo options, and a Pmf as counts
// of n fights for a chi-square test.
#pragma once

#include <fray/fight/monte_carlo.hpp>
#include <fray/rules/ruleset.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace fray::brogue_test {

inline Bout bout_of(const std::string& a, const std::string& b) {
  AttackRequest req;
  req.attacker = a;
  req.defender = b;
  return ruleset("brogue").bout(req);
}

// Whether a line of `list` (Bout::modelled, Bout::not_modelled) holds `words`.
inline bool lists(const std::vector<std::string>& list, std::string_view words) {
  return std::any_of(list.begin(), list.end(), [&](const std::string& s) { return s.find(words) != s.npos; });
}

inline fight::MonteCarloOptions mc(std::uint64_t sims, std::uint64_t seed) {
  fight::MonteCarloOptions o;
  o.sims = sims;
  o.seed = seed;
  o.threads = 2;
  o.progress = false;
  return o;
}

inline std::map<std::int64_t, std::uint64_t> counts_of(const Pmf& pmf, std::uint64_t n) {
  std::map<std::int64_t, std::uint64_t> c;
  for (const auto& [v, p] : pmf.items()) c[v] = static_cast<std::uint64_t>(std::llround(p * static_cast<double>(n)));
  return c;
}

}  // namespace fray::brogue_test
