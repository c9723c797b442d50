// fray/rules/pixel_dungeon/random.hpp — Pixel Dungeon 1.9.1's random primitives.
//
// PD-classes com/watabou/utils/Random.java (Float, Int, IntRange, NormalIntRange): every
// primitive is one or two Math.random() doubles U in [0, 1) put through a fixed
// formula. Each is written here once as a function of U (`*_of`), drawn by the
// samplers from any UniformEngine's unit(), and enumerated exactly as a Pmf.
#pragma once

#include <cstdint>
#include <fray/core/dice.hpp>
#include <fray/core/pmf.hpp>
#include <fray/core/rng.hpp>

namespace fray::pixel_dungeon {

// --- the formulas, as functions of the uniform draws ----------------------------

// Random.Float(x): (float)(U * x).
[[nodiscard]] inline float float_of(double u, double x) noexcept { return static_cast<float>(u * x); }
// Random.Int(max): trunc(U * max) for max > 0, else 0.
[[nodiscard]] inline std::int64_t int_of(double u, std::int64_t max) noexcept {
  return max > 0 ? static_cast<std::int64_t>(u * static_cast<double>(max)) : 0;
}
// Random.Int(a, b): a + trunc(U * (b - a)); b excluded, and Int(a, a) = a.
[[nodiscard]] inline std::int64_t int_of(double u, std::int64_t a, std::int64_t b) noexcept {
  return a + static_cast<std::int64_t>(u * static_cast<double>(b - a));
}
// Random.IntRange(a, b): a + trunc(U * (b - a + 1)), uniform on a..b.
[[nodiscard]] inline std::int64_t int_range_of(double u, std::int64_t a, std::int64_t b) noexcept {
  return a + static_cast<std::int64_t>(u * static_cast<double>(b - a + 1));
}
// Random.NormalIntRange(a, b): a + trunc((U1 + U2) * (b - a + 1) / 2), in double.
[[nodiscard]] inline std::int64_t normal_int_range_of(double u1, double u2, std::int64_t a, std::int64_t b) noexcept {
  return a + static_cast<std::int64_t>((u1 + u2) * static_cast<double>(b - a + 1) / 2);
}

// --- samplers: the game's draws from any engine ----------------------------------

template <UniformEngine R>
[[nodiscard]] float random_float(R& rng, double x) {
  return float_of(rng.unit(), x);
}
template <UniformEngine R>
[[nodiscard]] std::int64_t random_int(R& rng, std::int64_t a, std::int64_t b) {
  return int_of(rng.unit(), a, b);
}
template <UniformEngine R>
[[nodiscard]] std::int64_t random_int_range(R& rng, std::int64_t a, std::int64_t b) {
  return int_range_of(rng.unit(), a, b);
}
template <UniformEngine R>
[[nodiscard]] std::int64_t random_normal_int_range(R& rng, std::int64_t a, std::int64_t b) {
  const double u1 = rng.unit();
  const double u2 = rng.unit();
  return normal_int_range_of(u1, u2, a, b);
}

// --- exact distributions -----------------------------------------------------------

// Random.Int(a, b): uniform on a..b-1 when b > a; a when b is a or a-1; in
// general uniform on b+1..a when b < a (truncation towards zero).
[[nodiscard]] Pmf int_pmf(std::int64_t a, std::int64_t b);
// Random.IntRange(a, b), a <= b: uniform on a..b.
[[nodiscard]] Pmf int_range_pmf(std::int64_t a, std::int64_t b);
// Random.NormalIntRange(a, b), a <= b: with n = b - a + 1 and
// m = min(k, n-1-k), P(a+k) = 2(2m+1)/n², except the middle value of odd n,
// (2n-1)/n².
[[nodiscard]] Pmf normal_int_range_pmf(std::int64_t a, std::int64_t b);

// One primitive with fixed arguments: what the damage pipeline draws.
struct Primitive {
  enum class Kind { constant, int_range, int_excl, normal };
  Kind kind = Kind::constant;
  std::int64_t a = 0, b = 0;

  [[nodiscard]] static Primitive constant(std::int64_t v) { return {Kind::constant, v, v}; }
  [[nodiscard]] static Primitive int_range(std::int64_t a, std::int64_t b) { return {Kind::int_range, a, b}; }
  [[nodiscard]] static Primitive int_excl(std::int64_t a, std::int64_t b) { return {Kind::int_excl, a, b}; }
  [[nodiscard]] static Primitive normal(std::int64_t a, std::int64_t b) { return {Kind::normal, a, b}; }

  // Draws no engine value for a constant, one for Int/IntRange, two for NormalIntRange.
  template <UniformEngine R>
  [[nodiscard]] std::int64_t sample(R& rng) const {
    switch (kind) {
      case Kind::constant:
        return a;
      case Kind::int_range:
        return random_int_range(rng, a, b);
      case Kind::int_excl:
        return random_int(rng, a, b);
      case Kind::normal:
        return random_normal_int_range(rng, a, b);
    }
    return a;
  }
  [[nodiscard]] Pmf pmf() const;
  [[nodiscard]] std::int64_t min() const noexcept;
  [[nodiscard]] std::int64_t max() const noexcept;
  // P(value) without building a Pmf (hot path of the exact pipeline).
  [[nodiscard]] double probability(std::int64_t v) const noexcept;
};

// Registers pd_int_range(a, b) and pd_normal(a, b) for dice expressions.
void add_dice_functions(DiceFunctions& fns);

}  // namespace fray::pixel_dungeon
