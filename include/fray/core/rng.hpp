// fray/core/rng.hpp — the default random engine and a type-erased engine reference.
//
// The default engine is xoshiro256** (Blackman & Vigna, 2018): 256 bits of
// state, period 2^256 - 1, about 1 ns a draw. A 64-bit seed is spread over the
// state with SplitMix64, so neighbouring seeds give unrelated streams.
//
// Streams: Rng(seed, stream) derives the state from SplitMix64 over the seed and
// the stream number together, so work split into numbered streams (one per
// Monte Carlo block, say) gives the same result whatever thread runs which block.
//
// Integers in [lo, hi] come from Lemire's multiply-and-reject method: no modulo
// bias, one multiplication on the common path. Reals in [0, 1) take the top 53
// bits of a draw.
#pragma once

#include <concepts>
#include <cstdint>
#include <limits>
#include <utility>

namespace fray {

// What rules code needs from an engine: fray::Rng and the games' own engines
// (Brogue's, say) all model it, so one rule serves every engine.
template <class R>
concept UniformEngine = requires(R& r, std::int64_t lo, std::int64_t hi) {
  { r.next() } -> std::same_as<std::uint64_t>;
  { r.uniform(lo, hi) } -> std::same_as<std::int64_t>;
  { r.unit() } -> std::same_as<double>;
};

// SplitMix64 step: the seeding function of the default engine.
[[nodiscard]] constexpr std::uint64_t splitmix64(std::uint64_t& x) noexcept {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// Uniform integer in [0, n), n > 0, from an engine's raw 64-bit draws r.next()
// (Lemire 2019): one multiplication on the common path, draws again only to
// reject the few products that would bias the result.
template <class R>
constexpr std::uint64_t lemire_below(R& r, std::uint64_t n) noexcept {
  unsigned __int128 m = static_cast<unsigned __int128>(r.next()) * n;
  auto low = static_cast<std::uint64_t>(m);
  if (low < n) {
    const std::uint64_t threshold = (0 - n) % n;
    while (low < threshold) {
      m = static_cast<unsigned __int128>(r.next()) * n;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::uint64_t>(m >> 64);
}

// Uniform integer in [lo, hi], lo <= hi, from r.next() as lemire_below: the
// uniform() of every engine whose game has no integer draw of its own to copy.
template <class R>
constexpr std::int64_t lemire_uniform(R& r, std::int64_t lo, std::int64_t hi) noexcept {
  const std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
  if (span == std::numeric_limits<std::uint64_t>::max()) return static_cast<std::int64_t>(r.next());
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + lemire_below(r, span + 1));
}

class Rng {
 public:
  using result_type = std::uint64_t;

  explicit constexpr Rng(std::uint64_t seed = 0, std::uint64_t stream = 0) noexcept { reseed(seed, stream); }

  constexpr void reseed(std::uint64_t seed, std::uint64_t stream = 0) noexcept {
    std::uint64_t x = seed;
    // The stream number is folded in through a second SplitMix64 chain so that
    // (seed, stream) pairs map to unrelated states.
    std::uint64_t y = stream ^ 0x6a09e667f3bcc909ULL;
    const std::uint64_t salt = splitmix64(y);
    x ^= salt;
    for (auto& w : s_) w = splitmix64(x);
  }

  // One raw 64-bit draw.
  constexpr std::uint64_t next() noexcept {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  constexpr std::uint64_t operator()() noexcept { return next(); }
  static constexpr std::uint64_t min() noexcept { return 0; }
  static constexpr std::uint64_t max() noexcept { return std::numeric_limits<std::uint64_t>::max(); }

  // Uniform integer in [0, n), n > 0 (Lemire 2019).
  constexpr std::uint64_t below(std::uint64_t n) noexcept { return lemire_below(*this, n); }

  // Uniform integer in [lo, hi]; lo <= hi.
  constexpr std::int64_t uniform(std::int64_t lo, std::int64_t hi) noexcept { return lemire_uniform(*this, lo, hi); }

  // Uniform real in [0, 1).
  constexpr double unit() noexcept { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) noexcept { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4]{};
};

// A non-owning, type-erased reference to any UniformEngine, for code that must
// not be a template (dice expressions, the command line). Costs one indirect
// call a draw; rules code that is hot takes the engine as a template instead.
class RngRef {
 public:
  // clang-format 14 cannot lay out a requires clause.
  // clang-format off
  template <UniformEngine R>
    requires(!std::same_as<R, RngRef>)
  RngRef(R& r) noexcept  // NOLINT(google-explicit-constructor): a reference wrapper
      : obj_(&r),
        next_([](void* o) { return static_cast<R*>(o)->next(); }),
        uniform_([](void* o, std::int64_t lo, std::int64_t hi) { return static_cast<R*>(o)->uniform(lo, hi); }),
        unit_([](void* o) { return static_cast<R*>(o)->unit(); }) {}
  // clang-format on

  std::uint64_t next() const { return next_(obj_); }
  std::int64_t uniform(std::int64_t lo, std::int64_t hi) const { return uniform_(obj_, lo, hi); }
  double unit() const { return unit_(obj_); }

 private:
  void* obj_;
  std::uint64_t (*next_)(void*);
  std::int64_t (*uniform_)(void*, std::int64_t, std::int64_t);
  double (*unit_)(void*);
};

static_assert(UniformEngine<Rng>);

}  // namespace fray

namespace fray {

// An owned engine behind a virtual interface, for engines chosen by name at
// run time (`fray roll --rng brogue`). It models UniformEngine, so RngRef and
// the dice code take it like any other engine.
class AnyEngine {
 public:
  virtual ~AnyEngine() = default;
  virtual std::uint64_t next() = 0;
  virtual std::int64_t uniform(std::int64_t lo, std::int64_t hi) = 0;
  virtual double unit() = 0;
};

template <UniformEngine R>
class EngineBox final : public AnyEngine {
 public:
  explicit EngineBox(R r) : r_(std::move(r)) {}
  std::uint64_t next() override { return r_.next(); }
  std::int64_t uniform(std::int64_t lo, std::int64_t hi) override { return r_.uniform(lo, hi); }
  double unit() override { return r_.unit(); }
  R& engine() noexcept { return r_; }

 private:
  R r_;
};

}  // namespace fray
