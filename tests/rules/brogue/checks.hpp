// What the Brogue CE mechanics tests share: a bout from two specs, a search
// of a fight's lists of mechanics, and the fight tests' sampling checks.
#pragma once

#include <fray/fight/monte_carlo.hpp>
#include <fray/rules/ruleset.hpp>

#include "fight/sampling.hpp"

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

// Two threads: a seed gives the same fights whatever the threads.
inline fight::MonteCarloOptions mc(std::uint64_t sims, std::uint64_t seed) { return test::mc(sims, seed, 2); }

using test::counts_of;
using test::expect_close;

}  // namespace fray::brogue_test
