// fray/rules/shattered_pd/random.hpp — Shattered Pixel Dungeon 3.3.6's random
// primitives (SPD-classes com/watabou/utils/Random.java).
//
// The game draws every primitive from a java.util.Random: Float() is
// next(24) / 2^24 as a float, Int(n) is nextInt(n) (exactly uniform, with
// rejection), and NormalIntRange(a, b) adds two Floats and scales them in
// 32-bit float arithmetic. fray reproduces each formula bit for bit, so a
// java.util.Random seeded as Random.pushGenerator(seed) seeds it gives the
// game's own stream, value for value.
//
// Any fray engine can stand in for the game's generator: the samplers take
// their raw bits through next_bits(rng, bits), which is the engine's own
// next(bits) for java.util.Random and the top bits of a 64-bit draw otherwise.
//
// Every float expression is evaluated in binary32 exactly as Java evaluates it:
// x86-64 computes float arithmetic in SSE registers (no excess precision), and
// ISO C++ mode (-std=c++20, no GNU extensions) keeps GCC from contracting
// a·b + c into a fused multiply-add.
#pragma once

#include <concepts>
#include <cstdint>
#include <fray/core/pmf.hpp>
#include <fray/core/rng.hpp>
#include <fray/rules/pixel_dungeon/java_random.hpp>
#include <vector>

namespace fray::shattered_pd {

// java.util.Random, the same generator Pixel Dungeon 1.9.1 draws from.
using JavaRandom = pixel_dungeon::JavaRandom;

// --- the generator ----------------------------------------------------------------

// Random.scrambleSeed: the MX3 mixer (xor-shift and multiply by
// 0xbea225f9eb34556d, four rounds) that Random.pushGenerator(seed) applies
// before handing the seed to new java.util.Random(seed).
[[nodiscard]] constexpr std::uint64_t scramble_seed(std::uint64_t x) noexcept {
  constexpr std::uint64_t c = 0xbea225f9eb34556dULL;
  x ^= x >> 32;
  x *= c;
  x ^= x >> 29;
  x *= c;
  x ^= x >> 32;
  x *= c;
  x ^= x >> 29;
  return x;
}

// The generator Random.pushGenerator(seed) puts on top of the game's stack.
[[nodiscard]] constexpr JavaRandom pushed_generator(std::int64_t seed) noexcept {
  return JavaRandom(scramble_seed(static_cast<std::uint64_t>(seed)));
}

// Random's stack of generators: every draw comes from the top one;
// pushGenerator(seed) pushes a seeded one and popGenerator() returns to the one
// below, which resumes where it stopped. The bottom generator is the game's
// unseeded one; here it is seeded with `base_seed` as new java.util.Random(base_seed).
class GeneratorStack {
 public:
  explicit GeneratorStack(std::uint64_t base_seed = 0) : stack_{JavaRandom(base_seed)} {}

  void push(std::int64_t seed) { stack_.push_back(pushed_generator(seed)); }
  // Random.popGenerator: the bottom generator is never popped.
  void pop() noexcept {
    if (stack_.size() > 1) stack_.pop_back();
  }
  [[nodiscard]] std::size_t depth() const noexcept { return stack_.size(); }
  [[nodiscard]] JavaRandom& top() noexcept { return stack_.back(); }

  // --- fray::UniformEngine, and next(bits) as java.util.Random ---
  std::uint32_t next_bits(int bits) noexcept { return top().next_bits(bits); }
  std::uint64_t next() noexcept { return top().next(); }
  std::int64_t uniform(std::int64_t lo, std::int64_t hi) noexcept { return top().uniform(lo, hi); }
  double unit() noexcept { return top().unit(); }

 private:
  std::vector<JavaRandom> stack_;
};

// An engine with java.util.Random's next(bits).
template <class R>
concept JavaBitsEngine = requires(R& r, int bits) {
  { r.next_bits(bits) } -> std::same_as<std::uint32_t>;
};

// next(bits), 1 <= bits <= 32: java.util.Random's own for engines that have it,
// otherwise the top `bits` of one 64-bit draw (uniform all the same).
template <UniformEngine R>
[[nodiscard]] inline std::uint32_t next_bits(R& rng, int bits) noexcept {
  if constexpr (JavaBitsEngine<R>)
    return rng.next_bits(bits);
  else
    return static_cast<std::uint32_t>(rng.next() >> (64 - bits));
}

// --- the formulas ------------------------------------------------------------------

// Random.Float(): k / 2^24 for the 24-bit integer k = next(24).
[[nodiscard]] constexpr float float_of(std::uint32_t k) noexcept { return static_cast<float>(k) * 0x1.0p-24f; }

// Random.NormalIntRange(a, b) given its two Floats: a + (int)((u1 + u2) * n / 2f)
// with n = b − a + 1, every step in float. The halving is exact.
[[nodiscard]] inline std::int64_t normal_index(float u1, float u2, std::int32_t n) noexcept {
  const float sum = u1 + u2;
  const float scaled = sum * static_cast<float>(n);
  return static_cast<std::int32_t>(scaled / 2.0f);
}

// --- samplers: the game's draws from any engine ------------------------------------

// Random.Float(): one next(24).
template <UniformEngine R>
[[nodiscard]] float random_float(R& rng) noexcept {
  return float_of(next_bits(rng, 24));
}
// Random.Float(max): Float() · max, rounded to float.
template <UniformEngine R>
[[nodiscard]] float random_float(R& rng, float max) noexcept {
  return random_float(rng) * max;
}
// Random.Float(min, max): min + Float(max − min), in float.
template <UniformEngine R>
[[nodiscard]] float random_float(R& rng, float min, float max) noexcept {
  return min + random_float(rng, max - min);
}

// Random.Int(): nextInt(), 32 bits as a signed int.
template <UniformEngine R>
[[nodiscard]] std::int32_t random_int(R& rng) noexcept {
  return static_cast<std::int32_t>(next_bits(rng, 32));
}

// Random.Int(n): 0 for n <= 0 without drawing; otherwise java.util.Random
// nextInt(n): (n · next(31)) >> 31 for a power of two, else next(31) mod n,
// drawn again while the draw falls in the incomplete last block.
template <UniformEngine R>
[[nodiscard]] std::int32_t random_int(R& rng, std::int32_t n) noexcept {
  if (n <= 0) return 0;
  std::int32_t r = static_cast<std::int32_t>(next_bits(rng, 31));
  const std::int32_t m = n - 1;
  if ((n & m) == 0) return static_cast<std::int32_t>((static_cast<std::int64_t>(n) * r) >> 31);
  // Java: for (u = r; u - (r = u % n) + m < 0; u = next(31)); the sum
  // overflows int exactly when u lies in the last, incomplete block of n.
  for (std::int32_t u = r; static_cast<std::int64_t>(u) - (r = u % n) + m > INT32_MAX;
       u = static_cast<std::int32_t>(next_bits(rng, 31))) {
  }
  return r;
}

// Random.Int(min, max): min + Int(max − min), uniform on min .. max−1; min when max <= min.
template <UniformEngine R>
[[nodiscard]] std::int32_t random_int(R& rng, std::int32_t min, std::int32_t max) noexcept {
  return min + random_int(rng, max - min);
}

// Random.IntRange(min, max): min + Int(max − min + 1), uniform on min .. max;
// IntRange(a, a) still draws once; min without a draw when max < min.
template <UniformEngine R>
[[nodiscard]] std::int32_t random_int_range(R& rng, std::int32_t min, std::int32_t max) noexcept {
  return min + random_int(rng, max - min + 1);
}

// Random.NormalIntRange(min, max): two Floats even when min == max.
template <UniformEngine R>
[[nodiscard]] std::int32_t random_normal_int_range(R& rng, std::int32_t min, std::int32_t max) noexcept {
  const float u1 = random_float(rng);
  const float u2 = random_float(rng);
  return static_cast<std::int32_t>(min + normal_index(u1, u2, max - min + 1));
}

// Random.Long(): (next(32) << 32) + next(32), the second as a signed int.
template <UniformEngine R>
[[nodiscard]] std::int64_t random_long(R& rng) noexcept {
  const auto hi = static_cast<std::uint64_t>(static_cast<std::int64_t>(random_int(rng)));
  const auto lo = static_cast<std::uint64_t>(static_cast<std::int64_t>(random_int(rng)));
  return static_cast<std::int64_t>((hi << 32) + lo);
}

// --- exact distributions -------------------------------------------------------------

// The widest range whose exact law fray enumerates: n = max − min + 1 values.
// Ranges in the game stay below a few hundred values.
inline constexpr std::int64_t max_normal_width = std::int64_t{1} << 20;

// Random.Int(min, max): uniform on min .. max−1; the point min when max <= min.
[[nodiscard]] Pmf int_pmf(std::int64_t min, std::int64_t max);
// Random.IntRange(min, max): uniform on min .. max; the point min when max < min.
[[nodiscard]] Pmf int_range_pmf(std::int64_t min, std::int64_t max);

// Random.NormalIntRange's exact law, as counts out of 2^48 (every pair of
// 24-bit Floats): counts[k] pairs give min + k. The float sum of the two Floats
// k1/2^24 + k2/2^24 depends only on j = k1 + k2, and the result is monotone in
// j, so the law follows from the smallest j reaching each value (a binary
// search over 0 .. 2^25 − 2) and the number of pairs with k1 + k2 >= j.
// The counts depend only on n = max − min + 1; those of n <= 1024 are computed
// once and kept (thread-safe). Throws fray::Error for n < 1 or n > max_normal_width.
[[nodiscard]] std::vector<std::uint64_t> normal_int_range_counts(std::int64_t n);
// Random.NormalIntRange(min, max) exactly: normal_int_range_counts / 2^48 from min.
[[nodiscard]] Pmf normal_int_range_pmf(std::int64_t min, std::int64_t max);
// The textbook triangular law of the same call, with the two Floats taken as
// continuous: with m = min(k, n−1−k), P(min+k) = 2(2m+1)/n², except the middle
// value of odd n, (2n−1)/n². The exact law differs from it by < 2·10⁻⁷ a value.
[[nodiscard]] Pmf normal_int_range_ideal_pmf(std::int64_t min, std::int64_t max);

// One primitive with fixed arguments, as the damage pipeline draws it.
struct Primitive {
  enum class Kind : std::uint8_t { constant, int_range, normal };
  Kind kind = Kind::constant;
  std::int32_t a = 0, b = 0;

  [[nodiscard]] static Primitive constant(std::int32_t v) noexcept { return {Kind::constant, v, v}; }
  [[nodiscard]] static Primitive int_range(std::int32_t a, std::int32_t b) noexcept { return {Kind::int_range, a, b}; }
  [[nodiscard]] static Primitive normal(std::int32_t a, std::int32_t b) noexcept { return {Kind::normal, a, b}; }

  // No draw for a constant, IntRange's one (or none when b < a), NormalIntRange's two Floats.
  template <UniformEngine R>
  [[nodiscard]] std::int32_t sample(R& rng) const noexcept {
    switch (kind) {
      case Kind::constant:
        return a;
      case Kind::int_range:
        return random_int_range(rng, a, b);
      case Kind::normal:
        return random_normal_int_range(rng, a, b);
    }
    return a;
  }
  [[nodiscard]] Pmf pmf() const;
  [[nodiscard]] std::int64_t min() const noexcept { return a; }
  [[nodiscard]] std::int64_t max() const noexcept { return b < a ? a : b; }
};

}  // namespace fray::shattered_pd
