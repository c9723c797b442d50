// Life drain, one part for every game (fray/fight/parts/drain.hpp): its
// law, its note and its PartUse.
#include <fmt/format.h>

#include <cmath>
#include <fray/core/error.hpp>
#include <fray/fight/parts/drain.hpp>
#include <fray/fight/parts/regeneration.hpp>
#include <numeric>
#include <string>
#include <utility>

namespace fray::fight::parts {

std::vector<Branch<std::int64_t>> drain_branches(const Drain& d, std::int64_t damage, std::int64_t victim_hp) {
  const std::int64_t amount = drained(d, damage, victim_hp);
  if (!d.uniform || amount <= 0) return {{amount, 1.0}};
  std::vector<Branch<std::int64_t>> out;
  for (std::int64_t h = 1; h <= amount; ++h) out.push_back({h, 1.0 / static_cast<double>(amount)});
  return out;
}

std::string drain_note(const Drain& d, std::string_view source) {
  std::string amount = d.victim_cap ? "min(damage, the defender's HP)" : "damage";
  if (d.less > 0) amount = fmt::format("{} - {}", amount, d.less);
  if (d.numerator != d.denominator) amount = fmt::format("{}/{} of {}", d.numerator, d.denominator, amount);
  if (d.uniform) amount = fmt::format("1 to {} alike", amount);
  const std::string what = fmt::format("life drain: heals {} on each hit that deals damage, {}", amount,
                                       d.capped ? "up to its maximum HP" : "past its maximum HP");
  return source.empty() ? what : fmt::format("{} ({})", what, source);
}

PartUse drain_use(const Drain& d, std::string source) {
  return PartUse{"drain",
                 {{"fraction", static_cast<double>(d.numerator) / static_cast<double>(d.denominator)},
                  {"less", static_cast<double>(d.less)},
                  {"victim_cap", d.victim_cap ? 1.0 : 0.0},
                  {"uniform", d.uniform ? 1.0 : 0.0},
                  {"capped", d.capped ? 1.0 : 0.0}},
                 std::move(source)};
}

Drain drain_of(const PartUse& use) {
  if (use.part != "drain") throw Error(fmt::format("part {} is not a drain", use.part));
  const auto flag = [&use](std::string_view name) {
    const double v = param(use, name);
    if (v != 0 && v != 1) throw Error(fmt::format("part drain: {} = {} is neither 0 nor 1", name, v));
    return v == 1;
  };
  Drain d;
  const double fraction = param(use, "fraction"), less = param(use, "less");
  if (!(fraction > 0 && fraction <= 1))
    throw Error(fmt::format("part drain: fraction = {} is not in (0, 1]", fraction));
  if (!(less >= 0 && less <= 1e6) || less != std::floor(less))
    throw Error(fmt::format("part drain: less = {} is not a whole number in 0..1000000", less));
  // The fraction as tenths, hundredths, ... (the games' are 1 and 9/10).
  for (std::int64_t den = 1; den <= 1'000'000; den *= 10)
    if (const double num = std::round(fraction * static_cast<double>(den));
        std::abs(num / static_cast<double>(den) - fraction) <= 1e-12) {
      const std::int64_t n = static_cast<std::int64_t>(num), g = std::gcd(n, den);
      d.numerator = n / g;
      d.denominator = den / g;
      break;
    }
  d.less = static_cast<std::int64_t>(less);
  d.victim_cap = flag("victim_cap");
  d.uniform = flag("uniform");
  d.capped = flag("capped");
  return d;
}

}  // namespace fray::fight::parts
