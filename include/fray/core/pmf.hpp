// fray/core/pmf.hpp — exact discrete distributions over 64-bit integers.
//
// A Pmf stores probabilities densely from its smallest to its largest value
// with non-zero probability. Every operation is exact up to double rounding;
// probabilities sum to 1 within 1e-12. Outcomes whose probability underflows
// to 0.0 in double arithmetic (the far tails of 1000d6) are dropped.
//
// Limits, so that no input can make fray hang or exhaust memory:
//   - a distribution spans at most Pmf::max_width consecutive values;
//   - one convolution costs at most Pmf::max_work multiply-adds.
// Past either, the operation throws fray::Error.
#pragma once

#include <fray/core/error.hpp>

#include <cstdint>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace fray {

class Pmf {
 public:
  static constexpr std::size_t max_width = std::size_t{1} << 22;
  static constexpr std::uint64_t max_work = std::uint64_t{1} << 32;

  // The point distribution at 0.
  Pmf() : lo_(0), p_{1.0} {}

  [[nodiscard]] static Pmf point(std::int64_t v);
  // Each of lo..hi with equal probability; lo <= hi.
  [[nodiscard]] static Pmf uniform(std::int64_t lo, std::int64_t hi);
  // Values lo, lo+1, ... with the given non-negative weights (normalised).
  [[nodiscard]] static Pmf from_weights(std::int64_t lo, std::span<const double> weights);
  // Arbitrary (value, weight) pairs; repeated values add up; weights normalised.
  [[nodiscard]] static Pmf from_pairs(std::span<const std::pair<std::int64_t, double>> pairs);
  // A Bernoulli 0/1 variable with P(1) = p.
  [[nodiscard]] static Pmf bernoulli(double p);
  // Weighted mixture of distributions; weights normalised.
  [[nodiscard]] static Pmf mixture(std::span<const std::pair<double, Pmf>> parts);

  // Support and lookup.
  [[nodiscard]] std::int64_t min() const noexcept { return lo_; }
  // Subtracting first: lo_ + size alone overflows for a point at INT64_MAX.
  [[nodiscard]] std::int64_t max() const noexcept { return lo_ + (static_cast<std::int64_t>(p_.size()) - 1); }
  [[nodiscard]] std::size_t width() const noexcept { return p_.size(); }
  [[nodiscard]] double operator[](std::int64_t v) const noexcept {
    return v < lo_ || v > max() ? 0.0 : p_[static_cast<std::size_t>(v - lo_)];
  }
  // Dense probabilities of min()..max().
  [[nodiscard]] std::span<const double> probs() const noexcept { return p_; }
  // The (value, probability) pairs with probability > 0, values ascending.
  [[nodiscard]] std::vector<std::pair<std::int64_t, double>> items() const;
  [[nodiscard]] bool is_point() const noexcept { return p_.size() == 1; }

  // Summaries.
  [[nodiscard]] double mean() const noexcept;
  [[nodiscard]] double variance() const noexcept;
  [[nodiscard]] double stddev() const noexcept;
  [[nodiscard]] double cdf(std::int64_t k) const noexcept;       // P(X <= k)
  [[nodiscard]] double at_least(std::int64_t k) const noexcept;  // P(X >= k)
  // The smallest value v with P(X <= v) >= q, for q in [0, 1].
  [[nodiscard]] std::int64_t quantile(double q) const;
  [[nodiscard]] double total() const noexcept;  // sum of probabilities (1 within rounding)

  // Arithmetic on independent variables.
  friend Pmf operator+(const Pmf& a, const Pmf& b);  // convolution
  friend Pmf operator-(const Pmf& a, const Pmf& b);  // a + (-b)
  [[nodiscard]] Pmf operator-() const;
  [[nodiscard]] Pmf shifted(std::int64_t k) const;
  // Sum of n independent copies (repeated squaring); n == 0 gives point(0).
  [[nodiscard]] Pmf repeat(std::uint64_t n) const;
  // The multiply-adds repeat(n) makes on a distribution `width` values wide
  // (each convolution of the repeated squaring: the product of the widths).
  [[nodiscard]] static double repeat_work(double n, double width) noexcept;

  // The distribution of f(X).
  template <class F>
  [[nodiscard]] Pmf map(F&& f) const {
    std::map<std::int64_t, double> acc;
    for (std::size_t i = 0; i < p_.size(); ++i)
      if (p_[i] > 0) acc[f(lo_ + static_cast<std::int64_t>(i))] += p_[i];
    return from_map(acc);
  }
  // The distribution of f(X, Y) for independent X = a, Y = b.
  template <class F>
  [[nodiscard]] static Pmf combine(const Pmf& a, const Pmf& b, F&& f) {
    check_work(a.width(), b.width());
    std::map<std::int64_t, double> acc;
    for (std::size_t i = 0; i < a.p_.size(); ++i) {
      if (a.p_[i] == 0) continue;
      for (std::size_t j = 0; j < b.p_.size(); ++j)
        if (b.p_[j] > 0)
          acc[f(a.lo_ + static_cast<std::int64_t>(i), b.lo_ + static_cast<std::int64_t>(j))] += a.p_[i] * b.p_[j];
    }
    return from_map(acc);
  }
  // E[X] over a function: sum of p(v) * f(v).
  template <class F>
  [[nodiscard]] double expect(F&& f) const {
    double s = 0;
    for (std::size_t i = 0; i < p_.size(); ++i)
      if (p_[i] > 0) s += p_[i] * f(lo_ + static_cast<std::int64_t>(i));
    return s;
  }
  // P(pred(X)).
  template <class P>
  [[nodiscard]] double probability(P&& pred) const {
    return expect([&](std::int64_t v) { return pred(v) ? 1.0 : 0.0; });
  }
  // X conditioned on pred(X); throws fray::Error when P(pred) == 0.
  template <class P>
  [[nodiscard]] Pmf given(P&& pred) const {
    std::map<std::int64_t, double> acc;
    for (std::size_t i = 0; i < p_.size(); ++i) {
      const std::int64_t v = lo_ + static_cast<std::int64_t>(i);
      if (p_[i] > 0 && pred(v)) acc[v] += p_[i];
    }
    if (acc.empty()) throw Error("conditioning on an event of probability 0");
    return from_map(acc);
  }
  // max(X - Y, 0) and friends are map/combine; these two are common enough to name.
  [[nodiscard]] Pmf clamp_min(std::int64_t floor) const {
    return map([floor](std::int64_t v) { return v < floor ? floor : v; });
  }

  // Same support and every probability within tol.
  [[nodiscard]] bool approx_equal(const Pmf& other, double tol = 1e-12) const noexcept;
  friend bool operator==(const Pmf&, const Pmf&) = default;

  // Builds from a value->weight map (weights normalised); used by map/combine.
  [[nodiscard]] static Pmf from_map(const std::map<std::int64_t, double>& acc);
  // Throws fray::Error when a convolution of these widths would exceed max_work.
  static void check_work(std::size_t a, std::size_t b);

 private:
  Pmf(std::int64_t lo, std::vector<double> p);  // trims zero ends, normalises
  void trim();

  std::int64_t lo_;
  std::vector<double> p_;
};

// Checked 64-bit arithmetic for values; throws fray::Error on overflow.
[[nodiscard]] std::int64_t checked_add(std::int64_t a, std::int64_t b);
[[nodiscard]] std::int64_t checked_mul(std::int64_t a, std::int64_t b);

}  // namespace fray
