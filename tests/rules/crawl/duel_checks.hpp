// Checks both DCSS versions' fight tests share: an exact duel and Monte Carlo
// at a fixed seed tell the same fight.
#pragma once

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <fray/fight/solve.hpp>
#include <fray/rules/ruleset.hpp>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "support/support.hpp"

namespace fray::crawl_test {

// Fight options for a test: no progress line, and `sims` sampled fights
// when the fight is sampled.
inline fight::FightOptions quiet(std::uint64_t sims) {
  fight::FightOptions o;
  o.monte_carlo.progress = false;
  o.monte_carlo.sims = sims;
  return o;
}

// The duel is exact; `sims` sampled fights at `seed` agree on who wins
// (within 4 standard errors) and, with `hp_chi_square`, on side a's HP at the
// end (chi-square).
inline void expect_exact_duel_agrees(const Bout& b, std::uint64_t seed, bool hp_chi_square,
                                     std::uint64_t sims = 40000) {
  fight::FightOptions o;
  o.monte_carlo.progress = false;
  const fight::DuelResult exact = fight::solve_duel(b, o);
  ASSERT_EQ(exact.method, "exact") << exact.method_reason;
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

// Where the player's poison takes too many durations for the exact chain
// (the shared kernel's kMaxPoisonStates, decided before the chain starts):
// an adder's and a killer bee's fights against a player of `adder_hp` and
// `bee_hp` HP are exact, turns to kill and duel alike; one HP more is past the
// cut and says why. The player's own attacks carry no poison to follow.
inline void expect_poison_cut(const char* rules, int adder_hp, int bee_hp) {
  const Ruleset& rs = fray::ruleset(rules);
  auto player = [](int hp) { return fmt::format("player:hp={},fighting=5,weapon_skill=4,weapon=long_sword", hp); };
  const std::pair<const char*, int> last_exact[] = {{"adder", adder_hp}, {"killer_bee", bee_hp}};
  for (const auto& [monster, hp] : last_exact) {
    EXPECT_TRUE(rs.bout({monster, player(hp), {}, {}}).a_hits_b->exact()) << rules << " " << monster << " " << hp;
    EXPECT_TRUE(rs.bout({player(hp), monster, {}, {}}).b_hits_a->exact()) << rules << " " << monster << " " << hp;
    const Bout past = rs.bout({monster, player(hp + 1), {}, {}});
    EXPECT_FALSE(past.a_hits_b->exact()) << rules << " " << monster;
    EXPECT_NE(past.a_hits_b->why_not_exact().find("poison reaches more than 4096 durations"), std::string::npos);
    EXPECT_FALSE(rs.bout({player(hp + 1), monster, {}, {}}).b_hits_a->exact()) << rules << " " << monster;
  }
  EXPECT_TRUE(rs.bout({"adder", player(14), {}, {}}).b_hits_a->exact()) << rules;
}

// Whether a line of `list` (a result's notes or not_modelled) mentions `needle`.
inline bool has_line(const std::vector<std::string>& list, std::string_view needle) {
  for (const std::string& s : list)
    if (s.find(needle) != std::string::npos) return true;
  return false;
}

// The two Crawl rulesets, for tests that hold in both.
inline constexpr const char* kBoth[] = {"crawl", "crawl-0.34"};

}  // namespace fray::crawl_test
