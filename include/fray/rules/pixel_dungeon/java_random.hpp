// fray/rules/pixel_dungeon/java_random.hpp — java.util.Random, the generator
// behind Math.random(), which every Pixel Dungeon 1.9.1 primitive draws from.
//
// A 48-bit linear congruential generator (multiplier 0x5DEECE66D, increment
// 0xB); nextDouble() = ((next(26) << 27) + next(27)) · 2^-53. Seeding follows
// new Random(seed): the seed is scrambled with the multiplier. The game's
// Math.random() uses one such generator seeded from the clock, so a seeded
// JavaRandom gives the game's exact stream for that seed. Offered to the
// command line as `--rng java`.
#pragma once

#include <cstdint>
#include <fray/core/rng.hpp>

namespace fray::pixel_dungeon {

class JavaRandom {
 public:
  explicit constexpr JavaRandom(std::uint64_t seed = 0) noexcept { set_seed(seed); }

  constexpr void set_seed(std::uint64_t seed) noexcept { s_ = (seed ^ multiplier) & mask; }

  // Random.next(bits): the top `bits` of the 48-bit state after one step.
  constexpr std::uint32_t next_bits(int bits) noexcept {
    s_ = (s_ * multiplier + 0xBULL) & mask;
    return static_cast<std::uint32_t>(s_ >> (48 - bits));
  }
  // Random.nextInt(): 32 bits as a signed int.
  constexpr std::int32_t next_int() noexcept { return static_cast<std::int32_t>(next_bits(32)); }
  // Random.nextDouble(), what Math.random() returns.
  constexpr double next_double() noexcept {
    const std::uint64_t hi = next_bits(26), lo = next_bits(27);
    return static_cast<double>((hi << 27) + lo) * 0x1.0p-53;
  }

  // --- fray::UniformEngine ---
  constexpr std::uint64_t next() noexcept {
    const std::uint64_t hi = next_bits(32), lo = next_bits(32);
    return (hi << 32) | lo;
  }
  constexpr double unit() noexcept { return next_double(); }
  // Uniform on [lo, hi] without bias (multiply-and-reject on 64-bit draws, as
  // fray::Rng): not a Java method; the game's primitives draw through unit().
  constexpr std::int64_t uniform(std::int64_t lo, std::int64_t hi) noexcept { return lemire_uniform(*this, lo, hi); }

 private:
  static constexpr std::uint64_t multiplier = 0x5DEECE66DULL;
  static constexpr std::uint64_t mask = (std::uint64_t{1} << 48) - 1;
  std::uint64_t s_ = 0;
};

}  // namespace fray::pixel_dungeon
