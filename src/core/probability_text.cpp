#include <fray/core/probability_text.hpp>

#include <fmt/format.h>

#include <cmath>
#include <string_view>

namespace fray {
namespace {

// Whether a decimal text of a number below 1 reads as 1 ("1.000", "1").
bool reads_one(std::string_view s) { return !s.empty() && s.front() == '1'; }

}  // namespace

std::string percent(double p) {
  if (!std::isfinite(p)) return fmt::format("{} %", p);
  if (p <= 0) return "0 %";
  if (p >= 1) return "100 %";
  if (p < 1e-6) return fmt::format("{:.2g} %", 100 * p);
  if (p < 1e-4) return "<0.01 %";
  if (p > 1 - 1e-4) return ">99.99 %";
  return fmt::format("{:.2f} %", 100 * p);
}

std::string probability(double p, int decimals) {
  const std::string fixed = fmt::format("{:.{}f}", p, decimals);
  if (p > 0 && fixed.find_first_not_of("0.") == std::string::npos) return fmt::format("{:.1e}", p);
  if (p < 1 && reads_one(fixed))
    for (int d = decimals + 1; d <= 17; ++d)
      if (std::string more = fmt::format("{:.{}f}", p, d); !reads_one(more)) return more;
  return fixed;
}

std::string significant(double p, int digits) {
  const std::string g = fmt::format("{:.{}g}", p, digits);
  if (p > 0 && p < 1 && reads_one(g))
    for (int d = digits + 1; d <= 17; ++d)
      if (std::string more = fmt::format("{:.{}g}", p, d); !reads_one(more)) return more;
  return g;
}

}  // namespace fray
