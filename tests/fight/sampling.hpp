// What the fight tests share to compare a sampled fight with an exact one
// (Monte Carlo options, counts back from a sampled PMF, a bound in standard
// errors, a whole duel compared), and two exact duels with each other.
#pragma once

#include <fray/fight/exact.hpp>
#include <fray/fight/monte_carlo.hpp>

#include "support/support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace fray::test {

// Quiet Monte Carlo options.
inline fight::MonteCarloOptions mc(std::uint64_t sims, std::uint64_t seed, unsigned threads = 1) {
  fight::MonteCarloOptions o;
  o.sims = sims;
  o.seed = seed;
  o.threads = threads;
  o.progress = false;
  return o;
}

// Counts back from a sampled Pmf (probabilities times sims).
inline std::map<std::int64_t, std::uint64_t> counts_of(const Pmf& pmf, std::uint64_t n) {
  std::map<std::int64_t, std::uint64_t> c;
  for (const auto& [v, p] : pmf.items()) c[v] = static_cast<std::uint64_t>(std::llround(p * static_cast<double>(n)));
  return c;
}

// |sampled - exact| within 4.5 standard errors.
inline void expect_close(double sampled, double exact, std::uint64_t n, const char* what) {
  const double se = std::sqrt(std::max(exact * (1 - exact), 1e-12) / static_cast<double>(n));
  EXPECT_LE(std::fabs(sampled - exact), 4.5 * se + 1e-12) << what << ": sampled " << sampled << ", exact " << exact;
}

// n sampled duels (a first) against the exact one: P(a wins) within 4.5
// standard errors, and the length and both sides' HP left by chi-square.
// Returns the sampled duel.
inline fight::DuelResult expect_sampled_duel_agrees(const Bout& x, const fight::DuelResult& exact, std::uint64_t n,
                                                    std::uint64_t seed, unsigned threads) {
  fight::DuelResult sampled = fight::duel_monte_carlo(x, fight::Who::a, mc(n, seed, threads));
  expect_close(sampled.p_a_wins, exact.p_a_wins, n, "p_a_wins");
  expect_close(sampled.p_a_escapes, exact.p_a_escapes, n, "p_a_escapes");
  expect_close(sampled.p_b_escapes, exact.p_b_escapes, n, "p_b_escapes");
  EXPECT_TRUE(exact.length && sampled.length);
  if (exact.length && sampled.length) {
    EXPECT_GT(chi_square_p(*exact.length, counts_of(*sampled.length, n)), 1e-3);
  }
  EXPECT_GT(chi_square_p(exact.a_hp_left, counts_of(sampled.a_hp_left, n)), 1e-3);
  EXPECT_GT(chi_square_p(exact.b_hp_left, counts_of(sampled.b_hp_left, n)), 1e-3);
  return sampled;
}

// Two exact answers to one duel, from different algorithms: equal to 1e-13.
inline void expect_same_duel(const fight::DuelResult& x, const fight::DuelResult& y) {
  EXPECT_NEAR(x.p_a_wins, y.p_a_wins, 1e-13);
  EXPECT_NEAR(x.p_b_wins, y.p_b_wins, 1e-13);
  EXPECT_NEAR(x.p_draw, y.p_draw, 1e-13);
  EXPECT_NEAR(x.p_a_escapes, y.p_a_escapes, 1e-13);
  EXPECT_NEAR(x.p_b_escapes, y.p_b_escapes, 1e-13);
  ASSERT_EQ(x.length.has_value(), y.length.has_value());
  if (x.length) {
    EXPECT_TRUE(x.length->approx_equal(*y.length, 1e-13));
  }
  EXPECT_TRUE(x.a_hp_left.approx_equal(y.a_hp_left, 1e-13));
  EXPECT_TRUE(x.b_hp_left.approx_equal(y.b_hp_left, 1e-13));
  ASSERT_EQ(x.time.size(), y.time.size());
  for (std::size_t i = 0; i < x.time.size(); ++i) {
    EXPECT_DOUBLE_EQ(x.time[i].first, y.time[i].first);
    EXPECT_NEAR(x.time[i].second, y.time[i].second, 1e-13);
  }
}

// A kernel as it is, but naming no classes of HP (Exchange::hp_classes): the
// exact chain then asks it at every cell whose HP it reads.
class WithoutClasses final : public Exchange {
 public:
  explicit WithoutClasses(std::shared_ptr<const Exchange> inner) : inner_(std::move(inner)) {}
  std::vector<Transition> outcomes(Side a, Side d) const override { return inner_->outcomes(a, d); }
  Transition sample(Side a, Side d, Rng& rng) const override { return inner_->sample(a, d, rng); }
  Reads reads() const override {
    Reads r = inner_->reads();
    r.classes = false;
    return r;
  }
  bool exact() const override { return inner_->exact(); }
  std::string why_not_exact() const override { return inner_->why_not_exact(); }

 private:
  std::shared_ptr<const Exchange> inner_;
};

// A bout's exact duel with the classes of HP its kernels name, each class
// checked at every cell (ExactLimits::check_classes), against the duel of
// the same kernels asked at every cell: the same to 1e-13. Returns the first.
inline fight::DuelResult expect_classes_hold(const Bout& bout) {
  EXPECT_TRUE(bout.a_hits_b->reads().classes || bout.b_hits_a->reads().classes) << "no kernel names classes";
  fight::ExactLimits checked;
  checked.check_classes = true;
  fight::DuelResult classed = fight::duel_exact(bout, fight::Who::a, checked);
  Bout plain = bout;
  plain.a_hits_b = std::make_shared<WithoutClasses>(bout.a_hits_b);
  plain.b_hits_a = std::make_shared<WithoutClasses>(bout.b_hits_a);
  expect_same_duel(classed, fight::duel_exact(plain));
  return classed;
}

}  // namespace fray::test
