// The exact reading of a rule chain: each step maps the running distribution
// through the same function the sampler applies (Chain::apply).
#include <fmt/format.h>

#include <algorithm>
#include <fray/core/error.hpp>
#include <fray/rules/crawl/chain.hpp>
#include <vector>

namespace fray::crawl {

std::string fmt_random2(i64 n) { return fmt::format("random2({})", n); }

Pmf Prim::pmf() const {
  switch (kind) {
    case Kind::Const:
      return Pmf::point(a);
    case Kind::Random2:
      return random2_pmf(a);
    case Kind::Random2Avg:
      return random2avg_pmf(a, b);
    case Kind::RollDice:
      return roll_dice_pmf(a, b);
    case Kind::MaybeRandomDiv:
      return maybe_random_div_pmf(a, b);
    case Kind::DivRandRound:
      return div_rand_round_pmf(a, b);
  }
  return Pmf::point(0);
}

std::string Prim::text() const {
  switch (kind) {
    case Kind::Const:
      return fmt::format("{}", a);
    case Kind::Random2:
      return fmt_random2(a);
    case Kind::Random2Avg:
      return fmt::format("random2avg({}, {})", a, b);
    case Kind::RollDice:
      return fmt::format("roll_dice({}, {})", a, b);
    case Kind::MaybeRandomDiv:
      return fmt::format("maybe_random_div({}, {})", a, b);
    case Kind::DivRandRound:
      return fmt::format("div_rand_round({}, {})", a, b);
  }
  return {};
}

namespace {
// f(X) for a Pmf X, accumulated densely (f is cheap and the result narrow).
template <class F>
Pmf map_dense(const Pmf& x, F&& f) {
  i64 lo = INT64_MAX, hi = INT64_MIN;
  const auto p = x.probs();
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p[i] <= 0) continue;
    const i64 v = f(x.min() + static_cast<i64>(i));
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  if (hi - lo >= static_cast<i64>(Pmf::max_width)) return x.map(f);
  std::vector<double> w(static_cast<std::size_t>(hi - lo + 1), 0.0);
  for (std::size_t i = 0; i < p.size(); ++i)
    if (p[i] > 0) w[static_cast<std::size_t>(f(x.min() + static_cast<i64>(i)) - lo)] += p[i];
  return Pmf::from_weights(lo, w);
}
}  // namespace

Pmf Term::pmf() const {
  Pmf p = sub ? sub->exact() : prim.pmf();
  if (mult == 1) return p.shifted(offset);
  if (mult == -1) return (-p).shifted(offset);
  const i64 m = mult, o = offset;
  return map_dense(p, [m, o](i64 v) { return o + m * v; });
}

// --- builders ------------------------------------------------------------------------

Chain& Chain::add(i64 c, std::string label) {
  steps.push_back({Step::Op::Add, Term{Prim::constant(c), nullptr, 1, 0}, 0, 1, 1, std::move(label)});
  return *this;
}
Chain& Chain::add(Prim p, std::string label, i64 mult, i64 offset) {
  steps.push_back({Step::Op::Add, Term{p, nullptr, mult, offset}, 0, 1, 1, std::move(label)});
  return *this;
}
Chain& Chain::add(Chain sub, std::string label, i64 mult) {
  steps.push_back(
      {Step::Op::Add, Term{Prim{}, std::make_shared<const Chain>(std::move(sub)), mult, 0}, 0, 1, 1, std::move(label)});
  return *this;
}
Chain& Chain::mul_div(Term t, i64 den, std::string label) {
  if (den <= 0) throw Error("crawl: divisor must be positive");
  steps.push_back({Step::Op::MulDiv, std::move(t), 0, 1, den, std::move(label)});
  return *this;
}
Chain& Chain::roll(i64 k, std::string label) {
  steps.push_back({Step::Op::Roll, {}, k, 1, 1, std::move(label)});
  return *this;
}
Chain& Chain::div_roll(i64 k, std::string label) {
  if (k <= 0) throw Error("crawl: divisor must be positive");
  steps.push_back({Step::Op::DivRoll, {}, k, 1, 1, std::move(label)});
  return *this;
}
Chain& Chain::round_roll(i64 den, std::string label) {
  if (den <= 0) throw Error("crawl: divisor must be positive");
  steps.push_back({Step::Op::RoundRoll, {}, 0, 1, den, std::move(label)});
  return *this;
}
Chain& Chain::avg2(std::string label) {
  steps.push_back({Step::Op::Avg2, {}, 0, 1, 1, std::move(label)});
  return *this;
}
Chain& Chain::upper_half(std::string label) {
  steps.push_back({Step::Op::UpperHalf, {}, 0, 1, 1, std::move(label)});
  return *this;
}
Chain& Chain::scale(i64 num, i64 den, std::string label) {
  if (den <= 0) throw Error("crawl: divisor must be positive");
  steps.push_back({Step::Op::Scale, {}, 0, num, den, std::move(label)});
  return *this;
}
Chain& Chain::rand_round(i64 num, i64 den, std::string label) {
  if (den <= 0) throw Error("crawl: divisor must be positive");
  steps.push_back({Step::Op::RandRound, {}, 0, num, den, std::move(label)});
  return *this;
}
Chain& Chain::sub_clamp(Term t, std::string label) {
  steps.push_back({Step::Op::SubClamp, std::move(t), 0, 1, 1, std::move(label)});
  return *this;
}
Chain& Chain::at_least(i64 k) {
  steps.push_back({Step::Op::Max, {}, k, 1, 1, {}});
  return *this;
}
Chain& Chain::at_most(i64 k) {
  steps.push_back({Step::Op::Min, {}, k, 1, 1, {}});
  return *this;
}
Chain& Chain::set(i64 k, std::string label) {
  steps.push_back({Step::Op::Set, {}, k, 1, 1, std::move(label)});
  return *this;
}

std::string Chain::describe() const {
  std::string out = fmt::format("base {}", start);
  for (const Step& s : steps) {
    if (s.label.empty()) continue;
    const bool constant =
        (s.op == Step::Op::Add && s.term.is_const()) || s.op == Step::Op::Scale || s.op == Step::Op::Set;
    if (constant && s.op == Step::Op::Add)
      out += fmt::format(", {:+} {}", s.term.offset + s.term.mult * s.term.prim.a, s.label);
    else
      out += ", " + s.label;
  }
  return out;
}

i64 Chain::apply(const Step& s, i64 x, i64 t) {
  switch (s.op) {
    case Step::Op::Add:
      return x + t;
    case Step::Op::MulDiv:
      return x * t / s.den;
    case Step::Op::Scale:
      return x * s.num / s.den;
    case Step::Op::SubClamp:
      return std::max<i64>(0, x - t);
    case Step::Op::Max:
      return std::max(x, s.k);
    case Step::Op::Min:
      return std::min(x, s.k);
    case Step::Op::Set:
      return s.k;
    default:
      break;  // Roll, DivRoll and RandRound draw inside the step
  }
  return x;
}

// --- exact ---------------------------------------------------------------------------

namespace {

// Dense weights over [lo, hi].
struct Acc {
  i64 lo;
  std::vector<double> w;
  Acc(i64 lo_, i64 hi) : lo(lo_), w(static_cast<std::size_t>(hi - lo_ + 1), 0.0) {}
  void add(i64 v, double p) { w[static_cast<std::size_t>(v - lo)] += p; }
  Pmf pmf() const { return Pmf::from_weights(lo, w); }
};

// random2(m(x)) mixed over x: for each m >= 2, 1/m on [0, m-1]; m <= 1 gives 0.
template <class M>
Pmf roll_mixture(const Pmf& x, M&& m_of) {
  i64 top = 0;
  const auto items = x.items();
  for (const auto& [v, p] : items) top = std::max(top, m_of(v) - 1);
  if (top >= static_cast<i64>(Pmf::max_width)) throw Error("crawl: random2 range too large");
  std::vector<double> diff(static_cast<std::size_t>(top) + 2, 0.0);
  for (const auto& [v, p] : items) {
    const i64 m = m_of(v);
    if (m <= 1) {
      diff[0] += p;
      diff[1] -= p;
    } else {
      diff[0] += p / static_cast<double>(m);
      diff[static_cast<std::size_t>(m)] -= p / static_cast<double>(m);
    }
  }
  std::vector<double> w(static_cast<std::size_t>(top) + 1);
  double run = 0;
  for (std::size_t i = 0; i < w.size(); ++i) w[i] = (run += diff[i]);
  for (double& v : w) v = std::max(0.0, v);
  return Pmf::from_weights(0, w);
}

// x * t / den for independent x and t. For x >= 0 the result is monotone in
// t, so each run of t giving the same result is summed at once from prefix
// sums; the work is the number of distinct results, not |x| × |t|.
Pmf mul_div_pmf(const Pmf& x, const Pmf& t, i64 den) {
  const auto xs = x.items();
  const auto tp = t.probs();
  std::vector<double> prefix(tp.size() + 1, 0.0);
  for (std::size_t i = 0; i < tp.size(); ++i) prefix[i + 1] = prefix[i] + tp[i];
  const i64 tlo = t.min(), thi = t.max();
  i64 lo = INT64_MAX, hi = INT64_MIN;
  for (const auto& [v, p] : xs)
    for (i64 c : {v * tlo / den, v * thi / den}) lo = std::min(lo, c), hi = std::max(hi, c);
  if (hi - lo >= static_cast<i64>(Pmf::max_width)) throw Error("crawl: product range too large");
  Acc acc(lo, hi);
  for (const auto& [v, p] : xs) {
    if (v == 0) {
      acc.add(0, p);
      continue;
    }
    if (v < 0 || tlo < 0) {  // rare in the rules: plain enumeration
      for (i64 r = tlo; r <= thi; ++r) acc.add(v * r / den, p * tp[static_cast<std::size_t>(r - tlo)]);
      continue;
    }
    i64 r = tlo;
    while (r <= thi) {
      const i64 q = v * r / den;
      // the first r' with v * r' / den > q
      i64 next = ((q + 1) * den + v - 1) / v;
      if (next > thi + 1) next = thi + 1;
      if (next <= r) next = r + 1;
      const double mass = prefix[static_cast<std::size_t>(next - tlo)] - prefix[static_cast<std::size_t>(r - tlo)];
      if (mass > 0) acc.add(q, p * mass);
      r = next;
    }
  }
  return acc.pmf();
}

// x * t / den for t uniform on [tlo, thi] (the skill multipliers: a run of
// equal results has mass proportional to its length, no table needed).
Pmf mul_div_uniform(const Pmf& x, i64 tlo, i64 thi, i64 den) {
  if (tlo < 0) return mul_div_pmf(x, Pmf::uniform(tlo, thi), den);
  const double each = 1.0 / static_cast<double>(thi - tlo + 1);
  i64 lo = INT64_MAX, hi = INT64_MIN;
  const auto xp = x.probs();
  for (i64 v : {x.min(), x.max()})
    for (i64 c : {v * tlo / den, v * thi / den}) lo = std::min(lo, c), hi = std::max(hi, c);
  if (hi - lo >= static_cast<i64>(Pmf::max_width)) throw Error("crawl: product range too large");
  Acc acc(lo, hi);
  for (std::size_t i = 0; i < xp.size(); ++i) {
    const double p = xp[i];
    if (p <= 0) continue;
    const i64 v = x.min() + static_cast<i64>(i);
    if (v == 0) {
      acc.add(0, p);
      continue;
    }
    if (v < 0) {
      for (i64 r = tlo; r <= thi; ++r) acc.add(v * r / den, p * each);
      continue;
    }
    // Runs of r with the same v·r/den; when v <= den consecutive runs step q by
    // exactly one, so each run costs one division.
    i64 q = v * tlo / den;
    double* w = &acc.w[static_cast<std::size_t>(q - acc.lo)];
    const double unit = p * each;
    for (i64 r = tlo; r <= thi;) {
      i64 next = ((q + 1) * den + v - 1) / v;
      if (next > thi + 1) next = thi + 1;
      *w += unit * static_cast<double>(next - r);
      r = next;
      if (v <= den) {
        ++q;
        ++w;
      } else if (r <= thi) {
        q = v * r / den;
        w = &acc.w[static_cast<std::size_t>(q - acc.lo)];
      }
    }
  }
  return acc.pmf();
}

// f(x, t) for independent x and t, dense.
template <class F>
Pmf combine_dense(const Pmf& x, const Pmf& t, i64 lo, i64 hi, F&& f) {
  Pmf::check_work(x.width(), t.width());
  Acc acc(lo, hi);
  const auto tp = t.probs();
  for (const auto& [v, p] : x.items())
    for (std::size_t j = 0; j < tp.size(); ++j)
      if (tp[j] > 0) acc.add(f(v, t.min() + static_cast<i64>(j)), p * tp[j]);
  return acc.pmf();
}

}  // namespace

Pmf Chain::exact() const { return exact_steps(Pmf::point(start), 0, steps.size()); }

Pmf Chain::exact_steps(Pmf x, std::size_t first, std::size_t last) const {
  last = std::min(last, steps.size());
  for (std::size_t i = first; i < last; ++i) {
    const Step& s = steps[i];
    switch (s.op) {
      case Step::Op::Add:
        x = s.term.is_const() ? x.shifted(s.term.offset + s.term.mult * s.term.prim.a) : x + s.term.pmf();
        break;
      case Step::Op::MulDiv:
        if (!s.term.sub && s.term.prim.kind == Prim::Kind::Random2 && s.term.mult == 1 && s.term.prim.a > 1)
          x = mul_div_uniform(x, s.term.offset, s.term.offset + s.term.prim.a - 1, s.den);
        else
          x = mul_div_pmf(x, s.term.pmf(), s.den);
        break;
      case Step::Op::Roll:
        x = roll_mixture(x, [k = s.k](i64 v) { return v + k; });
        break;
      case Step::Op::DivRoll:
        x = roll_mixture(x, [k = s.k](i64 v) { return v / k; });
        break;
      case Step::Op::RoundRoll: {
        // Result k takes the draws r in [k·den − den + h, k·den + h − 1], h = den/2.
        const i64 den = s.den, h = den / 2;
        auto round = [den, h](i64 r) { return r / den + (r % den >= h ? 1 : 0); };
        const i64 top = round(std::max<i64>(0, x.max()));
        if (top >= static_cast<i64>(Pmf::max_width)) throw Error("crawl: random2 range too large");
        Acc acc(0, top);
        for (const auto& [v, p] : x.items()) {
          if (v < 1) {  // random2(n) is 0 for n <= 1
            acc.add(0, p);
            continue;
          }
          const double each = p / static_cast<double>(v + 1);
          for (i64 k = 0, hi = round(v); k <= hi; ++k) {
            const i64 a = std::max<i64>(0, k * den - den + h), b = std::min<i64>(v, k * den + h - 1);
            if (b >= a) acc.add(k, each * static_cast<double>(b - a + 1));
          }
        }
        x = acc.pmf();
        break;
      }
      case Step::Op::Avg2: {
        std::vector<std::pair<double, Pmf>> parts;
        for (const auto& [v, p] : x.items()) parts.emplace_back(p, random2avg_pmf(v, 2));
        x = Pmf::mixture(parts);
        break;
      }
      case Step::Op::UpperHalf: {
        std::vector<std::pair<double, Pmf>> parts;
        for (const auto& [v, p] : x.items())
          parts.emplace_back(p, v >= 2 ? random_range_pmf((v + 1) / 2 + 1, v) : Pmf::point(v));
        x = Pmf::mixture(parts);
        break;
      }
      case Step::Op::RandRound: {
        // div_rand_round(v·num, den): up with chance (v·num mod den)/den.
        const i64 a = x.min() * s.num / s.den, b = x.max() * s.num / s.den;
        Acc acc(std::min(a, b) - 1, std::max(a, b) + 1);
        const auto xp = x.probs();
        for (std::size_t i = 0; i < xp.size(); ++i) {
          if (xp[i] <= 0) continue;
          const i64 n = (x.min() + static_cast<i64>(i)) * s.num;
          const i64 q = n / s.den, r = n % s.den;
          if (r <= 0) {
            acc.add(q, xp[i]);
          } else {
            acc.add(q, xp[i] * static_cast<double>(s.den - r) / static_cast<double>(s.den));
            acc.add(q + 1, xp[i] * static_cast<double>(r) / static_cast<double>(s.den));
          }
        }
        x = acc.pmf();
        break;
      }
      case Step::Op::SubClamp: {
        const Pmf t = s.term.pmf();
        x = combine_dense(x, t, 0, std::max<i64>(0, x.max() - t.min()), [&s](i64 a, i64 b) { return apply(s, a, b); });
        break;
      }
      case Step::Op::Scale:
      case Step::Op::Max:
      case Step::Op::Min:
      case Step::Op::Set:
        x = map_dense(x, [&s](i64 v) { return apply(s, v, 0); });
        break;
    }
  }
  return x;
}

}  // namespace fray::crawl
