#include <fray/core/pmf.hpp>

#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <numeric>

namespace fray {

std::int64_t checked_add(std::int64_t a, std::int64_t b) {
  std::int64_t r;
  if (__builtin_add_overflow(a, b, &r)) throw Error(fmt::format("value overflows 64 bits: {} + {}", a, b));
  return r;
}

std::int64_t checked_mul(std::int64_t a, std::int64_t b) {
  std::int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) throw Error(fmt::format("value overflows 64 bits: {} * {}", a, b));
  return r;
}

namespace {
std::size_t checked_width(std::int64_t lo, std::int64_t hi) {
  if (hi < lo) throw Error(fmt::format("empty range {}..{}", lo, hi));
  const auto span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
  if (span >= Pmf::max_width)
    throw Error(fmt::format("distribution over {}..{} is wider than the limit of {} values", lo, hi, Pmf::max_width));
  return static_cast<std::size_t>(span) + 1;
}
}  // namespace

Pmf::Pmf(std::int64_t lo, std::vector<double> p) : lo_(lo), p_(std::move(p)) {
  trim();
  const double t = std::accumulate(p_.begin(), p_.end(), 0.0);
  if (!(t > 0) || !std::isfinite(t)) throw Error("distribution has no probability mass");
  if (std::abs(t - 1.0) > 0)
    for (auto& x : p_) x /= t;
}

void Pmf::trim() {
  std::size_t b = 0, e = p_.size();
  while (b < e && !(p_[b] > 0)) ++b;
  while (e > b && !(p_[e - 1] > 0)) --e;
  if (b == e) throw Error("distribution has no probability mass");
  if (b > 0 || e < p_.size()) {
    p_ = std::vector<double>(p_.begin() + static_cast<std::ptrdiff_t>(b), p_.begin() + static_cast<std::ptrdiff_t>(e));
    lo_ += static_cast<std::int64_t>(b);
  }
}

Pmf Pmf::point(std::int64_t v) { return Pmf(v, {1.0}); }

Pmf Pmf::uniform(std::int64_t lo, std::int64_t hi) {
  const std::size_t n = checked_width(lo, hi);
  return Pmf(lo, std::vector<double>(n, 1.0 / static_cast<double>(n)));
}

Pmf Pmf::from_weights(std::int64_t lo, std::span<const double> w) {
  if (w.empty()) throw Error("distribution has no values");
  checked_width(lo, checked_add(lo, static_cast<std::int64_t>(w.size()) - 1));
  for (double x : w)
    if (!(x >= 0) || !std::isfinite(x)) throw Error("distribution weight is negative or not finite");
  return Pmf(lo, std::vector<double>(w.begin(), w.end()));
}

Pmf Pmf::from_pairs(std::span<const std::pair<std::int64_t, double>> pairs) {
  std::map<std::int64_t, double> acc;
  for (const auto& [v, w] : pairs) {
    if (!(w >= 0) || !std::isfinite(w)) throw Error("distribution weight is negative or not finite");
    acc[v] += w;
  }
  return from_map(acc);
}

Pmf Pmf::from_map(const std::map<std::int64_t, double>& acc) {
  std::int64_t lo = 0, hi = -1;
  bool any = false;
  for (const auto& [v, w] : acc)
    if (w > 0) {
      if (!any) lo = v;
      hi = v;
      any = true;
    }
  if (!any) throw Error("distribution has no probability mass");
  std::vector<double> p(checked_width(lo, hi), 0.0);
  for (const auto& [v, w] : acc)
    if (w > 0) p[static_cast<std::size_t>(v - lo)] += w;
  return Pmf(lo, std::move(p));
}

Pmf Pmf::bernoulli(double p) {
  if (!(p >= 0 && p <= 1)) throw Error(fmt::format("probability {} is outside [0, 1]", p));
  const double w[] = {1 - p, p};
  return from_weights(0, w);
}

Pmf Pmf::mixture(std::span<const std::pair<double, Pmf>> parts) {
  std::int64_t lo = 0, hi = 0;
  bool any = false;
  for (const auto& [w, d] : parts) {
    if (!(w >= 0) || !std::isfinite(w)) throw Error("mixture weight is negative or not finite");
    if (w == 0) continue;
    lo = any ? std::min(lo, d.min()) : d.min();
    hi = any ? std::max(hi, d.max()) : d.max();
    any = true;
  }
  if (!any) throw Error("mixture has no weight");
  std::vector<double> p(checked_width(lo, hi), 0.0);
  for (const auto& [w, d] : parts) {
    if (w == 0) continue;
    const auto off = static_cast<std::size_t>(d.min() - lo);
    for (std::size_t i = 0; i < d.p_.size(); ++i) p[off + i] += w * d.p_[i];
  }
  return Pmf(lo, std::move(p));
}

std::vector<std::pair<std::int64_t, double>> Pmf::items() const {
  std::vector<std::pair<std::int64_t, double>> out;
  out.reserve(p_.size());
  for (std::size_t i = 0; i < p_.size(); ++i)
    if (p_[i] > 0) out.emplace_back(lo_ + static_cast<std::int64_t>(i), p_[i]);
  return out;
}

double Pmf::total() const noexcept { return std::accumulate(p_.begin(), p_.end(), 0.0); }

double Pmf::mean() const noexcept {
  // Offsets from lo_ keep the sum accurate for supports far from 0.
  double s = 0;
  for (std::size_t i = 0; i < p_.size(); ++i) s += p_[i] * static_cast<double>(i);
  return static_cast<double>(lo_) + s;
}

double Pmf::variance() const noexcept {
  double m = 0;
  for (std::size_t i = 0; i < p_.size(); ++i) m += p_[i] * static_cast<double>(i);
  double v = 0;
  for (std::size_t i = 0; i < p_.size(); ++i) {
    const double d = static_cast<double>(i) - m;
    v += p_[i] * d * d;
  }
  return v;
}

double Pmf::stddev() const noexcept { return std::sqrt(variance()); }

double Pmf::cdf(std::int64_t k) const noexcept {
  if (k < lo_) return 0;
  if (k >= max()) return 1;
  double s = 0;
  for (std::size_t i = 0; i <= static_cast<std::size_t>(k - lo_); ++i) s += p_[i];
  return std::min(s, 1.0);
}

double Pmf::at_least(std::int64_t k) const noexcept {
  if (k <= lo_) return 1;
  if (k > max()) return 0;
  double s = 0;
  for (std::size_t i = static_cast<std::size_t>(k - lo_); i < p_.size(); ++i) s += p_[i];
  return std::min(s, 1.0);
}

std::int64_t Pmf::quantile(double q) const {
  if (!(q >= 0 && q <= 1)) throw Error(fmt::format("quantile {} is outside [0, 1]", q));
  double s = 0;
  for (std::size_t i = 0; i < p_.size(); ++i) {
    s += p_[i];
    // A tolerance keeps rounding from pushing q = 1 past the last value.
    if (s >= q - 1e-15 && p_[i] > 0) return lo_ + static_cast<std::int64_t>(i);
  }
  return max();
}

void Pmf::check_work(std::size_t a, std::size_t b) {
  if (static_cast<unsigned __int128>(a) * b > max_work)
    throw Error(
        fmt::format("distribution too large to compute exactly ({} x {} terms; the limit is {})", a, b, max_work));
}

Pmf operator+(const Pmf& a, const Pmf& b) {
  const std::int64_t lo = checked_add(a.lo_, b.lo_);
  const std::int64_t hi = checked_add(a.max(), b.max());
  checked_width(lo, hi);
  if (a.p_.size() == 1) return Pmf(lo, b.p_);
  if (b.p_.size() == 1) return Pmf(lo, a.p_);
  Pmf::check_work(a.p_.size(), b.p_.size());
  const auto& x = a.p_.size() >= b.p_.size() ? a.p_ : b.p_;
  const auto& y = a.p_.size() >= b.p_.size() ? b.p_ : a.p_;
  std::vector<double> r(x.size() + y.size() - 1, 0.0);
  for (std::size_t j = 0; j < y.size(); ++j) {
    const double w = y[j];
    if (w == 0) continue;
    double* out = r.data() + j;
    for (std::size_t i = 0; i < x.size(); ++i) out[i] += w * x[i];
  }
  return Pmf(lo, std::move(r));
}

Pmf Pmf::operator-() const {
  const std::int64_t hi = max();
  if (hi == std::numeric_limits<std::int64_t>::min() || lo_ == std::numeric_limits<std::int64_t>::min())
    throw Error("value overflows 64 bits on negation");
  return Pmf(-hi, std::vector<double>(p_.rbegin(), p_.rend()));
}

Pmf operator-(const Pmf& a, const Pmf& b) { return a + (-b); }

Pmf Pmf::shifted(std::int64_t k) const {
  (void)checked_add(max(), k);
  return Pmf(checked_add(lo_, k), p_);
}

Pmf Pmf::repeat(std::uint64_t n) const {
  if (n == 0) return Pmf::point(0);
  if (n > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
    throw Error(fmt::format("repeat count {} is too large", n));
  // Check the final support first so that a hopeless request fails at once.
  const auto k = static_cast<std::int64_t>(n);
  checked_width(checked_mul(lo_, k), checked_mul(max(), k));
  if (is_point()) return point(lo_ * k);
  Pmf result = point(0), base = *this;
  for (std::uint64_t m = n;;) {
    if (m & 1) result = result + base;
    m >>= 1;
    if (!m) break;
    base = base + base;
  }
  return result;
}

double Pmf::repeat_work(double n, double width) noexcept {
  if (!(n >= 2) || !(width > 1)) return 0;
  // Past 2^62 copies the cost is past any budget: count that many.
  const auto copies = static_cast<std::uint64_t>(std::min(n, 0x1p62));
  double work = 0, rw = 1, bw = width;  // the result's width and the power's
  for (std::uint64_t m = copies;;) {
    if (m & 1) {
      if (rw > 1) work += rw * bw;
      rw += bw - 1;
    }
    m >>= 1;
    if (!m) break;
    work += bw * bw;
    bw = 2 * bw - 1;
  }
  return work;
}

bool Pmf::approx_equal(const Pmf& o, double tol) const noexcept {
  const std::int64_t lo = std::min(lo_, o.lo_), hi = std::max(max(), o.max());
  for (std::int64_t v = lo; v <= hi; ++v)
    if (std::abs((*this)[v] - o[v]) > tol) return false;
  return true;
}

}  // namespace fray
