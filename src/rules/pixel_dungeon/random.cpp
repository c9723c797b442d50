#include <fmt/format.h>

#include <algorithm>
#include <fray/core/error.hpp>
#include <fray/rules/pixel_dungeon/random.hpp>
#include <vector>

namespace fray::pixel_dungeon {

namespace {
// The same cap as the Pmf's width, checked before allocating.
void check_span(std::int64_t a, std::int64_t b, const char* what) {
  if (b < a) throw Error(fmt::format("{}({}, {}): the low end is above the high end", what, a, b));
  if (static_cast<std::uint64_t>(b) - static_cast<std::uint64_t>(a) >= Pmf::max_width)
    throw Error(fmt::format("{}({}, {}): the range is too wide", what, a, b));
}
}  // namespace

Pmf int_pmf(std::int64_t a, std::int64_t b) {
  // Random.Int(a, b) = a + trunc(U * (b - a)).
  if (b > a) return int_range_pmf(a, b - 1);
  if (b >= a - 1) return Pmf::point(a);
  return int_range_pmf(b + 1, a);
}

Pmf int_range_pmf(std::int64_t a, std::int64_t b) {
  check_span(a, b, "IntRange");
  return Pmf::uniform(a, b);
}

Pmf normal_int_range_pmf(std::int64_t a, std::int64_t b) {
  check_span(a, b, "NormalIntRange");
  const auto n = static_cast<std::size_t>(b - a + 1);
  std::vector<double> w(n);
  const double n2 = static_cast<double>(n) * static_cast<double>(n);
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t m = std::min(k, n - 1 - k);
    w[k] = (n % 2 == 1 && 2 * k == n - 1) ? static_cast<double>(2 * n - 1) / n2
                                          : static_cast<double>(2 * (2 * m + 1)) / n2;
  }
  return Pmf::from_weights(a, w);
}

Pmf Primitive::pmf() const {
  switch (kind) {
    case Kind::constant:
      return Pmf::point(a);
    case Kind::int_range:
      return int_range_pmf(a, b);
    case Kind::int_excl:
      return int_pmf(a, b);
    case Kind::normal:
      return normal_int_range_pmf(a, b);
  }
  return Pmf::point(a);
}

std::int64_t Primitive::min() const noexcept {
  if (kind == Kind::int_excl) return b > a ? a : (b >= a - 1 ? a : b + 1);
  return a;
}
std::int64_t Primitive::max() const noexcept {
  if (kind == Kind::int_excl) return b > a ? b - 1 : a;
  return kind == Kind::constant ? a : b;
}

double Primitive::probability(std::int64_t v) const noexcept {
  const std::int64_t lo = min(), hi = max();
  if (v < lo || v > hi) return 0;
  if (kind == Kind::normal) {
    const auto n = static_cast<std::uint64_t>(hi - lo + 1);
    const auto k = static_cast<std::uint64_t>(v - lo);
    const std::uint64_t m = std::min(k, n - 1 - k);
    const double n2 = static_cast<double>(n) * static_cast<double>(n);
    return (n % 2 == 1 && 2 * k == n - 1) ? static_cast<double>(2 * n - 1) / n2
                                          : static_cast<double>(2 * (2 * m + 1)) / n2;
  }
  return 1.0 / static_cast<double>(hi - lo + 1);
}

void add_dice_functions(DiceFunctions& fns) {
  auto two = [](std::span<const std::int64_t> x, const char* name) { check_span(x[0], x[1], name); };
  fns.add(DiceFunction{"pd_int_range", 2, 2, "pd_int_range(a, b)",
                       [two](std::span<const std::int64_t> x) {
                         two(x, "pd_int_range");
                         return int_range_pmf(x[0], x[1]);
                       },
                       [two](std::span<const std::int64_t> x, RngRef rng) {
                         two(x, "pd_int_range");
                         return random_int_range(rng, x[0], x[1]);
                       },
                       [](std::span<const std::int64_t> x) { return span_cost(x[0], x[1]); }});
  fns.add(DiceFunction{"pd_normal", 2, 2, "pd_normal(a, b)",
                       [two](std::span<const std::int64_t> x) {
                         two(x, "pd_normal");
                         return normal_int_range_pmf(x[0], x[1]);
                       },
                       [two](std::span<const std::int64_t> x, RngRef rng) {
                         two(x, "pd_normal");
                         return random_normal_int_range(rng, x[0], x[1]);
                       },
                       [](std::span<const std::int64_t> x) { return span_cost(x[0], x[1]); }});
}

}  // namespace fray::pixel_dungeon
