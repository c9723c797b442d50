// fray/rules/brogue/rng.hpp — Brogue CE's own random number generator.
//
// Brogue CE Math.c ranval / raninit: Bob Jenkins' small noncryptographic PRNG
// (32-bit, two-rotate variant), seeded from a 64-bit game seed, and
// rand_range's division-with-rejection. With this engine a seeded strike draws
// exactly the numbers the game would draw, in the same order.
#pragma once

#include <cstdint>
#include <fray/core/error.hpp>
#include <fray/core/rng.hpp>

namespace fray::brogue {

class BrogueRng {
 public:
  explicit constexpr BrogueRng(std::uint64_t seed = 0) noexcept { reseed(seed); }

  // Brogue CE Math.c seedRandomGenerator/raninit: a = 0xF1EA5EED,
  // b = c = d = low word, c ^= high word, then 20 discarded steps.
  constexpr void reseed(std::uint64_t seed) noexcept {
    const auto lo = static_cast<std::uint32_t>(seed);
    const auto hi = static_cast<std::uint32_t>(seed >> 32);
    a_ = 0xF1EA5EEDu;
    b_ = c_ = d_ = lo;
    c_ ^= hi;
    for (int i = 0; i < 20; ++i) (void)step();
  }

  // Brogue CE Math.c ranval: one raw 32-bit output.
  constexpr std::uint32_t step() noexcept {
    const std::uint32_t e = a_ - rotl(b_, 27);
    a_ = b_ ^ rotl(c_, 17);
    b_ = c_ + d_;
    c_ = d_ + e;
    d_ = e + a_;
    return d_;
  }

  // UniformEngine: next() is one raw 32-bit output (widened).
  constexpr std::uint64_t next() noexcept { return step(); }

  // Brogue CE Math.c rand_range: lo when hi <= lo (no draw); otherwise
  // r = step() / (0xFFFFFFFF / n), redrawn until r < n. The game's ranges
  // never exceed 2^32 values; a wider one is refused rather than divided by 0.
  constexpr std::int64_t uniform(std::int64_t lo, std::int64_t hi) {
    if (hi <= lo) return lo;
    const std::uint64_t n = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo) + 1;
    if (n > 0xFFFFFFFFull) throw Error("brogue rand_range: a range of more than 2^32 - 1 values");
    const std::uint64_t div = 0xFFFFFFFFull / n;
    std::uint64_t r = 0;
    do {
      r = step() / div;
    } while (r >= n);
    return lo + static_cast<std::int64_t>(r);
  }

  // A real in [0, 1) from one raw output (not a game primitive).
  constexpr double unit() noexcept { return static_cast<double>(step()) * 0x1.0p-32; }

  // Brogue CE Math.c rand_percent: always exactly one rand_range(0, 99).
  constexpr bool percent(std::int64_t p) { return uniform(0, 99) < (p < 0 ? 0 : p > 100 ? 100 : p); }

  // Brogue CE Math.c rand_64bits: two steps, the earlier one in the high word.
  constexpr std::uint64_t bits64() noexcept {
    const std::uint64_t hi = step();
    return (hi << 32) | step();
  }

 private:
  static constexpr std::uint32_t rotl(std::uint32_t x, int k) noexcept { return (x << k) | (x >> (32 - k)); }
  std::uint32_t a_ = 0, b_ = 0, c_ = 0, d_ = 0;
};

static_assert(UniformEngine<BrogueRng>);

}  // namespace fray::brogue
