#include <fmt/format.h>

#include <algorithm>
#include <fray/core/error.hpp>
#include <fray/rules/pixel_dungeon/random.hpp>
#include <fray/rules/shattered_pd/random.hpp>
#include <map>
#include <mutex>

namespace fray::shattered_pd {

namespace {

constexpr std::uint64_t pairs = std::uint64_t{1} << 48;      // all (k1, k2) pairs of 24-bit Floats
constexpr std::int64_t k_max = (std::int64_t{1} << 24) - 1;  // the largest k of one Float
constexpr std::int64_t j_max = 2 * k_max;                    // the largest k1 + k2

// #{(k1, k2) : k1 + k2 <= t}.
std::uint64_t pairs_up_to(std::int64_t t) noexcept {
  if (t < 0) return 0;
  const auto u = static_cast<std::uint64_t>(t);
  if (t <= k_max) return (u + 1) * (u + 2) / 2;
  const auto r = static_cast<std::uint64_t>(j_max - t);  // the pairs above t mirror those below j_max − t
  return pairs - r * (r + 1) / 2;
}

// Random.NormalIntRange's offset for the sum j = k1 + k2, evaluated on one pair
// of that sum: the float sum of two Floats is the correctly rounded j / 2^24,
// whichever pair makes it up.
std::int64_t index_of_sum(std::int64_t j, std::int32_t n) noexcept {
  const std::int64_t k1 = std::min(j, k_max);
  return normal_index(float_of(static_cast<std::uint32_t>(k1)), float_of(static_cast<std::uint32_t>(j - k1)), n);
}

std::vector<std::uint64_t> compute_counts(std::int32_t n) {
  // at_least[m] = #pairs giving an offset >= m; the offset is monotone in j.
  std::vector<std::uint64_t> at_least(static_cast<std::size_t>(n) + 1, 0);
  at_least[0] = pairs;
  std::int64_t lo = 0;  // the j of each m is at least that of m − 1
  for (std::int32_t m = 1; m < n; ++m) {
    std::int64_t a = lo, b = j_max + 1;  // smallest j in [a, b) with index >= m; b when none
    while (a < b) {
      const std::int64_t mid = a + (b - a) / 2;
      if (index_of_sum(mid, n) >= m)
        b = mid;
      else
        a = mid + 1;
    }
    lo = a;
    at_least[static_cast<std::size_t>(m)] = pairs - pairs_up_to(a - 1);
  }
  std::vector<std::uint64_t> counts(static_cast<std::size_t>(n));
  for (std::size_t k = 0; k < counts.size(); ++k) counts[k] = at_least[k] - at_least[k + 1];
  return counts;
}

void check_normal(std::int64_t min, std::int64_t max) {
  if (max < min) throw Error(fmt::format("NormalIntRange({}, {}): the low end is above the high end", min, max));
  if (max - min + 1 > max_normal_width)
    throw Error(fmt::format("NormalIntRange({}, {}): {} values is more than the {} fray enumerates exactly", min, max,
                            max - min + 1, max_normal_width));
}

void check_width(std::int64_t min, std::int64_t max, const char* what) {
  if (max - min + 1 > static_cast<std::int64_t>(Pmf::max_width))
    throw Error(fmt::format("{}({}, {}): the range is too wide", what, min, max));
}

}  // namespace

std::vector<std::uint64_t> normal_int_range_counts(std::int64_t n) {
  if (n < 1 || n > max_normal_width)
    throw Error(
        fmt::format("NormalIntRange over {} values: fray enumerates 1 to {} values exactly", n, max_normal_width));
  constexpr std::int64_t cached_up_to = 1024;
  if (n > cached_up_to) return compute_counts(static_cast<std::int32_t>(n));
  static std::mutex mutex;
  static std::map<std::int64_t, std::vector<std::uint64_t>> cache;
  {
    const std::lock_guard lock(mutex);
    if (const auto it = cache.find(n); it != cache.end()) return it->second;
  }
  auto counts = compute_counts(static_cast<std::int32_t>(n));  // outside the lock: two threads may both compute
  const std::lock_guard lock(mutex);
  return cache.emplace(n, std::move(counts)).first->second;
}

Pmf normal_int_range_pmf(std::int64_t min, std::int64_t max) {
  check_normal(min, max);
  const auto counts = normal_int_range_counts(max - min + 1);
  // Every count is below 2^53, so each weight and their sum 2^48 are exact.
  std::vector<double> w(counts.begin(), counts.end());
  return Pmf::from_weights(min, w);
}

// Pixel Dungeon's NormalIntRange law is this ideal triangle (its Random draws
// in double); the fork's float-exact law above departs from it by a few 1e-8.
Pmf normal_int_range_ideal_pmf(std::int64_t min, std::int64_t max) {
  check_normal(min, max);
  return pixel_dungeon::normal_int_range_pmf(min, max);
}

// Unlike Pixel Dungeon's Int and IntRange (uniform on b+1..a for b < a, an
// error), the fork's return the low end when the range is empty.
Pmf int_pmf(std::int64_t min, std::int64_t max) {
  if (max <= min) return Pmf::point(min);
  check_width(min, max - 1, "Int");
  return Pmf::uniform(min, max - 1);
}

Pmf int_range_pmf(std::int64_t min, std::int64_t max) {
  if (max < min) return Pmf::point(min);
  check_width(min, max, "IntRange");
  return Pmf::uniform(min, max);
}

// Not Pixel Dungeon's Primitive: the fork's attacks draw no Random.Int(a, b),
// and its NormalIntRange is the float-exact law.
Pmf Primitive::pmf() const {
  switch (kind) {
    case Kind::constant:
      return Pmf::point(a);
    case Kind::int_range:
      return int_range_pmf(a, b);
    case Kind::normal:
      return normal_int_range_pmf(a, b);
  }
  return Pmf::point(a);
}

}  // namespace fray::shattered_pd
