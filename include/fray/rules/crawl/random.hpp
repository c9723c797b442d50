// fray/rules/crawl/random.hpp — DCSS 0.19's random primitives (random.cc,
// stepdown.cc), each as an exact Pmf and as a sampler on any UniformEngine.
//
// The samplers draw exactly what the game draws (random2 of 0 or 1 draws
// nothing, as the game returns 0 without touching its generator), so a game's
// own engine plugged in through UniformEngine reproduces its rolls.
#pragma once

#include <cstdint>
#include <fray/core/dice.hpp>
#include <fray/core/pmf.hpp>
#include <fray/core/rng.hpp>

namespace fray::crawl {

using i64 = std::int64_t;

// C integer division and remainder (truncate toward zero), as the game computes.
constexpr i64 cdiv(i64 a, i64 b) noexcept { return a / b; }

// --- exact distributions -----------------------------------------------------------

// random2(n): uniform on [0..n-1]; 0 whenever n <= 1.
[[nodiscard]] Pmf random2_pmf(i64 n);
// random_range(lo, hi) = lo + random2(hi - lo + 1).
[[nodiscard]] Pmf random_range_pmf(i64 lo, i64 hi);
// random2avg(n, r) = (random2(n) + (r-1) draws of random2(n+1)) / r, r >= 1.
[[nodiscard]] Pmf random2avg_pmf(i64 n, i64 rolls);
// roll_dice(k, s) = k + k draws of random2(s); 0 when k <= 0 or s <= 0.
[[nodiscard]] Pmf roll_dice_pmf(i64 k, i64 s);
// maybe_random_div(nom, den, true) = nom <= 0 ? 0 : random2(nom + den) / den.
[[nodiscard]] Pmf maybe_random_div_pmf(i64 nom, i64 den);
// div_rand_round(num, den) = num/den + (random2(den) < num%den), den > 0.
[[nodiscard]] Pmf div_rand_round_pmf(i64 num, i64 den);
// x_chance_in_y(x, y) as a 0/1 variable.
[[nodiscard]] Pmf x_chance_in_y_pmf(i64 x, i64 y);
// one_chance_in(n) as a 0/1 variable: random2(n) == 0.
[[nodiscard]] Pmf one_chance_in_pmf(i64 n);
// coinflip() = random2(2).
[[nodiscard]] Pmf coinflip_pmf();
// P(x_chance_in_y(x, y)).
[[nodiscard]] double x_chance_in_y_p(i64 x, i64 y) noexcept;

// --- deterministic helpers (stepdown.cc, random.cc) -------------------------------

enum class Rounding { Down, Close };
// stepdown(value, step, rounding, cap): step * log2(1 + value/step), then
// rounded (Close adds 0.5) and truncated; cap < 0 means no cap.
[[nodiscard]] i64 stepdown(i64 value, i64 step, Rounding rounding = Rounding::Close, i64 cap = -1);
// stepdown_value(base, stepping, first, cap): base below `first` is unchanged.
[[nodiscard]] i64 stepdown_value(i64 base, i64 stepping, i64 first, i64 cap = -1);
// div_round_up(num, den).
[[nodiscard]] constexpr i64 div_round_up(i64 num, i64 den) noexcept { return num / den + (num % den != 0); }

// --- samplers -------------------------------------------------------------------------

template <UniformEngine R>
i64 random2(R& rng, i64 n) {
  return n <= 1 ? 0 : rng.uniform(0, n - 1);
}
template <UniformEngine R>
i64 random_range(R& rng, i64 lo, i64 hi) {
  return lo + random2(rng, hi - lo + 1);
}
template <UniformEngine R>
bool coinflip(R& rng) {
  return random2(rng, 2) != 0;
}
template <UniformEngine R>
bool one_chance_in(R& rng, i64 n) {
  return random2(rng, n) == 0;
}
template <UniformEngine R>
bool x_chance_in_y(R& rng, i64 x, i64 y) {
  if (x <= 0) return false;
  if (x >= y) return true;
  return random2(rng, y) < x;
}
template <UniformEngine R>
i64 random2avg(R& rng, i64 n, i64 rolls) {
  i64 sum = random2(rng, n);
  for (i64 i = 1; i < rolls; ++i) sum += random2(rng, n + 1);
  return sum / rolls;
}
template <UniformEngine R>
i64 roll_dice(R& rng, i64 k, i64 s) {
  if (k <= 0 || s <= 0) return 0;
  i64 sum = k;
  for (i64 i = 0; i < k; ++i) sum += random2(rng, s);
  return sum;
}
template <UniformEngine R>
i64 maybe_random_div(R& rng, i64 nom, i64 den) {
  return nom <= 0 ? 0 : random2(rng, nom + den) / den;
}
template <UniformEngine R>
i64 div_rand_round(R& rng, i64 num, i64 den) {
  return num / den + (random2(rng, den) < num % den ? 1 : 0);
}

// Adds random2, random2avg, roll_dice and div_rand_round to a dice-function
// table (arguments may themselves be random in an expression).
void add_crawl_dice_functions(DiceFunctions& fns);

}  // namespace fray::crawl
