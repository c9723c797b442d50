// Checks both DCSS versions' fight tests share: an exact duel and Monte Carlo
// at a fixed seed tell the same fight.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <fray/fight/solve.hpp>
#include <map>

#include "support/support.hpp"

namespace fray::crawl_test {

// The duel is exact; `sims` sampled fights at `seed` agree on who wins
// (within 4 standard errors) and, with `hp_chi_square`, on side a's HP at the
// end (chi-square).
inline void expect_exact_duel_agrees(const Bout& b, std::uint64_t seed, bool hp_chi_square,
                                     std::uint64_t sims = 40000) {
  fight::FightOptions o;
  o.monte_carlo.progress = false;
  const fight::DuelResult exact = fight::solve_duel(b, o);
  ASSERT_EQ(exact.method, "exact") << exact.note;
  EXPECT_NEAR(exact.p_a_wins + exact.p_b_wins + exact.p_draw, 1.0, 1e-6);
  o.method = fight::FightOptions::Method::monte_carlo;
  o.monte_carlo.sims = sims;
  o.monte_carlo.seed = seed;
  const fight::DuelResult mc = fight::solve_duel(b, o);
  const double se = std::sqrt(exact.p_a_wins * (1 - exact.p_a_wins) / static_cast<double>(sims));
  EXPECT_NEAR(mc.p_a_wins, exact.p_a_wins, 4 * se + 1e-6);
  if (!hp_chi_square) return;
  std::map<std::int64_t, std::uint64_t> counts;
  for (const auto& [hp, p] : mc.a_hp_left.items())
    if (p > 0) counts[hp] = static_cast<std::uint64_t>(std::llround(p * static_cast<double>(sims)));
  EXPECT_GT(test::chi_square_p(exact.a_hp_left, counts), 1e-3);
}

}  // namespace fray::crawl_test
