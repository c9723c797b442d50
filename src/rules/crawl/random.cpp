// DCSS 0.19 random.cc / stepdown.cc primitives: exact distributions and the
// dice functions built on them (random.cc random2, random2avg, roll_dice,
// maybe_random_div, div_rand_round, x_chance_in_y; stepdown.cc stepdown).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fray/core/error.hpp>
#include <fray/rules/crawl/random.hpp>
#include <vector>

namespace fray::crawl {

namespace {
// Ranges beyond this are refused: a distribution that wide is a typo, and the
// dense Pmf would not fit anyway.
constexpr i64 max_range = static_cast<i64>(Pmf::max_width) - 1;

void check_range(i64 n, const char* fn) {
  if (n > max_range) throw Error(fmt::format("{}: range {} is too large (at most {})", fn, n, max_range));
}

// X / d (C division) for a non-negative X, dense.
Pmf bucket(const Pmf& x, i64 d) {
  const i64 lo = x.min() / d, hi = x.max() / d;
  std::vector<double> w(static_cast<std::size_t>(hi - lo + 1), 0.0);
  const auto p = x.probs();
  for (std::size_t i = 0; i < p.size(); ++i)
    w[static_cast<std::size_t>((x.min() + static_cast<i64>(i)) / d - lo)] += p[i];
  return Pmf::from_weights(lo, w);
}
}  // namespace

Pmf random2_pmf(i64 n) {
  if (n <= 1) return Pmf::point(0);
  check_range(n, "random2");
  return Pmf::uniform(0, n - 1);
}

Pmf random_range_pmf(i64 lo, i64 hi) { return random2_pmf(checked_add(checked_add(hi, -lo), 1)).shifted(lo); }

Pmf random2avg_pmf(i64 n, i64 rolls) {
  if (rolls < 1) throw Error(fmt::format("random2avg: rolls {} must be at least 1", rolls));
  if (rolls > 64) throw Error(fmt::format("random2avg: rolls {} is too many (at most 64)", rolls));
  const Pmf sum = random2_pmf(n) + random2_pmf(checked_add(n, 1)).repeat(static_cast<std::uint64_t>(rolls - 1));
  return bucket(sum, rolls);
}

Pmf roll_dice_pmf(i64 k, i64 s) {
  if (k <= 0 || s <= 0) return Pmf::point(0);
  if (k > Dice::max_dice) throw Error(fmt::format("roll_dice: {} dice is too many (at most {})", k, Dice::max_dice));
  return random2_pmf(s).repeat(static_cast<std::uint64_t>(k)).shifted(k);
}

Pmf maybe_random_div_pmf(i64 nom, i64 den) {
  if (den <= 0) throw Error(fmt::format("maybe_random_div: divisor {} must be positive", den));
  if (nom <= 0) return Pmf::point(0);
  // random2(nom + den) / den: each quotient q takes the draws q·den .. q·den+den-1.
  const i64 n = checked_add(nom, den);
  check_range(n, "maybe_random_div");
  if (n <= 1) return Pmf::point(0);
  const i64 top = (n - 1) / den;
  std::vector<double> w(static_cast<std::size_t>(top) + 1, static_cast<double>(den));
  w.back() = static_cast<double>(n - top * den);
  return Pmf::from_weights(0, w);
}

Pmf div_rand_round_pmf(i64 num, i64 den) {
  if (den <= 0) throw Error(fmt::format("div_rand_round: divisor {} must be positive", den));
  const i64 q = num / den, r = num % den;
  // random2(den) < r: r/den when r > 0, never when r <= 0 (C remainder).
  if (r <= 0) return Pmf::point(q);
  const std::pair<i64, double> parts[] = {{q, static_cast<double>(den - r)}, {q + 1, static_cast<double>(r)}};
  return Pmf::from_pairs(parts);
}

double x_chance_in_y_p(i64 x, i64 y) noexcept {
  if (x <= 0) return 0.0;
  if (x >= y) return 1.0;
  return static_cast<double>(x) / static_cast<double>(y);
}

Pmf x_chance_in_y_pmf(i64 x, i64 y) { return Pmf::bernoulli(x_chance_in_y_p(x, y)); }

Pmf one_chance_in_pmf(i64 n) { return Pmf::bernoulli(n <= 1 ? 1.0 : 1.0 / static_cast<double>(n)); }

Pmf coinflip_pmf() { return random2_pmf(2); }

i64 stepdown(i64 value, i64 step, Rounding rounding, i64 cap) {
  if (step <= 0) throw Error(fmt::format("stepdown: step {} must be positive", step));
  const double ret =
      static_cast<double>(step) * std::log2(1.0 + static_cast<double>(value) / static_cast<double>(step));
  auto r = static_cast<i64>(rounding == Rounding::Close ? ret + 0.5 : ret);
  if (cap >= 0 && r > cap) r = cap;
  return r;
}

i64 stepdown_value(i64 base, i64 stepping, i64 first, i64 cap) {
  if (base < first) return base;
  const i64 offset = first - stepping;
  i64 r = offset + stepdown(base - offset, stepping, Rounding::Down);
  if (cap >= 0 && r > cap) r = cap;
  return r;
}

namespace {
// k dice of `sides` values each, summed by Pmf::repeat.
DiceCost sum_cost(double k, double sides) {
  sides = std::clamp(sides, 1.0, static_cast<double>(max_range) + 1);
  const double width = k * (sides - 1) + 1;
  return {Pmf::repeat_work(k, sides) + width, 3 * width};
}
}  // namespace

void add_crawl_dice_functions(DiceFunctions& fns) {
  // The samplers are the templated game primitives above, on the erased engine.
  fns.add({"random2", 1, 1, "random2(n): DCSS uniform 0..n-1 (0 when n <= 1)",
           [](std::span<const i64> a) { return random2_pmf(a[0]); },
           [](std::span<const i64> a, RngRef r) {
             check_range(a[0], "random2");
             return random2(r, a[0]);
           },
           [](std::span<const i64> a) { return span_cost(0, a[0] - (a[0] > 0)); }});
  fns.add({"random2avg", 2, 2, "random2avg(n, rolls): DCSS average of random2(n) and rolls-1 random2(n+1)",
           [](std::span<const i64> a) { return random2avg_pmf(a[0], a[1]); },
           [](std::span<const i64> a, RngRef r) {
             if (a[1] < 1 || a[1] > 64) (void)random2avg_pmf(a[0], a[1]);  // the same range error
             return random2avg(r, a[0], a[1]);
           },
           [](std::span<const i64> a) {
             // random2(n) plus rolls - 1 draws of random2(n + 1), then bucketed.
             const double rolls = std::clamp<double>(static_cast<double>(a[1]), 1, 64);
             DiceCost c = sum_cost(rolls, static_cast<double>(a[0]) + 1);
             c.work *= 2;  // the draws' sum, then the first draw added to it
             return c;
           }});
  fns.add({"roll_dice", 2, 2, "roll_dice(k, s): DCSS k dice of s sides (0 when k or s <= 0)",
           [](std::span<const i64> a) { return roll_dice_pmf(a[0], a[1]); },
           [](std::span<const i64> a, RngRef r) {
             if (a[0] > Dice::max_dice) (void)roll_dice_pmf(a[0], a[1]);
             return roll_dice(r, a[0], a[1]);
           },
           [](std::span<const i64> a) {
             if (a[0] <= 0 || a[1] <= 0) return DiceCost{1, 1};
             return sum_cost(std::min<double>(static_cast<double>(a[0]), Dice::max_dice), static_cast<double>(a[1]));
           }});
  fns.add({"div_rand_round", 2, 2, "div_rand_round(x, d): DCSS x/d rounded up with chance (x mod d)/d",
           [](std::span<const i64> a) { return div_rand_round_pmf(a[0], a[1]); },
           [](std::span<const i64> a, RngRef r) {
             if (a[1] <= 0) (void)div_rand_round_pmf(a[0], a[1]);
             return div_rand_round(r, a[0], a[1]);
           },
           [](std::span<const i64>) {
             return DiceCost{2, 2};
           }});
}

}  // namespace fray::crawl
