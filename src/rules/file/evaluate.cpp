// Running a rules file's compiled program: one evaluator, Run<R>, for both
// readings. Each random step is a law (UniformLaw, DiceLaw, TestLaw,
// ChanceLaw) that the reader R either branches on (fight::Enumerate: every
// value with its probability) or draws (fight::Sample: one value, traced
// under the name of the value it was for).
#include "compiled.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>

namespace fray::rules_file {

namespace {

// A uniform integer lo..hi: the game's randint.
struct UniformLaw {
  using value_type = std::int64_t;
  std::int64_t lo = 0, hi = 0;
  const std::string* label;
  const std::string* call;
  [[nodiscard]] std::size_t size() const noexcept { return static_cast<std::size_t>(hi - lo + 1); }
  [[nodiscard]] fight::Branch<std::int64_t> at(std::size_t i) const noexcept {
    return {lo + static_cast<std::int64_t>(i), 1.0 / static_cast<double>(hi - lo + 1)};
  }
  std::int64_t sample(Rng& rng, std::vector<Draw>* trace) const {
    const std::int64_t v = rng.uniform(lo, hi);
    if (trace) trace->push_back({*label, *call, Value(v)});
    return v;
  }
};

// A law given by its distribution, drawn with its dice.
struct DiceLaw {
  using value_type = std::int64_t;
  const Pmf* pmf;
  const Dice* dice;
  const std::string* label;
  const std::string* call;
  [[nodiscard]] std::size_t size() const noexcept { return pmf->width(); }
  [[nodiscard]] fight::Branch<std::int64_t> at(std::size_t i) const noexcept {
    return {pmf->min() + static_cast<std::int64_t>(i), pmf->probs()[i]};
  }
  std::int64_t sample(Rng& rng, std::vector<Draw>* trace) const {
    const std::int64_t v = dice->sample(rng);
    if (trace) trace->push_back({*label, *call, Value(v)});
    return v;
  }
};

template <class T>
bool compare(Op op, T x, T y) {
  switch (op) {
    case Op::lt:
      return x < y;
    case Op::le:
      return x <= y;
    case Op::gt:
      return x > y;
    case Op::ge:
      return x >= y;
    case Op::eq:
      return x == y;
    default:
      return x != y;
  }
}

// A drawn value compared with a fixed one: `v op t`, or `t op v` when the
// draw is the comparison's right side.
struct Test {
  Op op;
  bool flip;
  std::int64_t t;
  bool operator()(std::int64_t v) const { return flip ? compare(op, t, v) : compare(op, v, t); }
};

// A yes with probability p: two branches in the exact reading.
struct YesNoLaw {
  using value_type = bool;
  double p = 0;
  const std::string* label;
  const std::string* call;
  [[nodiscard]] std::size_t size() const noexcept { return 2; }
  [[nodiscard]] fight::Branch<bool> at(std::size_t i) const noexcept {
    return i == 0 ? fight::Branch<bool>{true, p} : fight::Branch<bool>{false, 1 - p};
  }
};

// A uniform step or a dice law compared with a fixed value: sampled, the
// number is drawn as the game draws it and tested.
template <class Drawn>
struct TestLaw : YesNoLaw {
  Drawn draw;
  Test holds;
  bool sample(Rng& rng, std::vector<Draw>* trace) const {
    const std::int64_t v = draw(rng);
    if (trace) trace->push_back({*label, *call, Value(v)});
    return holds(v);
  }
};

// chance(p), percent(x): sampled, one real in [0, 1) drawn.
struct ChanceLaw : YesNoLaw {
  bool sample(Rng& rng, std::vector<Draw>* trace) const {
    const double u = rng.unit();
    if (trace) trace->push_back({*label, fmt::format("{} -> unit() < {}", *call, p), Value(u)});
    return u < p;
  }
};

template <class R>
class Run {
 public:
  Run(const Program::Impl& p, const Inputs& in, R& r, std::vector<Named>* named)
      : p_(p), in_(in), r_(r), named_(named), vars_(p.slots.size()), set_(p.slots.size(), false) {}

  Blow body() {
    if (auto b = block(p_.body)) return *b;
    if (!p_.returns) return {};
    fail(p_.end, "the program ends without a return on this path");
  }
  Val value() { return eval(*p_.expr); }

 private:
  [[noreturn]] void fail(Pos p, const std::string& what) const {
    throw RulesFileError(p_.file, p.line, p.column, what);
  }

  std::optional<Blow> block(const std::vector<Stmt>& body) {
    for (const Stmt& s : body) {
      switch (s.kind) {
        case Stmt::assign: {
          label_ = &p_.slots[s.slot];
          const Val v = eval(*s.e);
          vars_[s.slot] = v;
          if (named_) {
            auto at = std::find_if(named_->begin(), named_->end(), [&](const Named& n) { return n.name == *label_; });
            if (at == named_->end())
              named_->push_back({*label_, v});
            else
              at->value = v;
          }
          set_[s.slot] = true;
          break;
        }
        case Stmt::set: {
          label_ = &kStatus;
          const std::int64_t v = eval(*s.e).i;
          const std::int64_t most = p_.status_max[s.slot];
          (*(s.side == 0 ? in_.a_status : in_.d_status))[s.slot] = std::clamp<std::int64_t>(v, 0, most);
          break;
        }
        case Stmt::branch: {
          label_ = &kIf;
          bool taken = false;
          for (const auto& [cond, arm] : s.arms) {
            label_ = &kIf;
            if (eval(*cond).i != 0) {
              taken = true;
              if (auto b = block(arm)) return b;
              break;
            }
          }
          if (!taken && s.has_else)
            if (auto b = block(s.otherwise)) return b;
          break;
        }
        case Stmt::ret: {
          label_ = &kDamage;
          Blow b{s.outcome, 0};
          if (s.e) {
            b.damage = eval(*s.e).i;
            if (b.damage < 0)
              fail(s.e->pos, fmt::format("the damage is {}, below 0 (max(0, ...) keeps it at 0)", b.damage));
          }
          return b;
        }
      }
    }
    return std::nullopt;
  }

  Val integer(std::int64_t v) const { return {Type::integer, v, 0}; }
  Val boolean(bool v) const { return {Type::boolean, v ? 1 : 0, 0}; }
  Val real(double v, Pos p) const {
    if (!std::isfinite(v)) fail(p, "a real that is not finite (an overflow or a division by 0)");
    return {Type::real, 0, v};
  }
  std::int64_t whole(double v, Pos p) const {
    if (!(v >= -9.2e18 && v <= 9.2e18)) fail(p, fmt::format("{} does not fit in a 64-bit integer", v));
    return static_cast<std::int64_t>(v);
  }
  [[noreturn]] void overflow(Pos p) const { fail(p, "integer overflow (beyond 64 bits)"); }

  std::int64_t span_checked(std::int64_t lo, std::int64_t hi, Pos p, const std::string& text) const {
    if (hi < lo) fail(p, fmt::format("{}: no values ({}..{})", text, lo, hi));
    if (hi - lo >= kMaxSpan || hi - lo < 0)
      fail(p, fmt::format("{}: {}..{} is more than {} values", text, lo, hi, kMaxSpan));
    return hi - lo + 1;
  }

  Val eval(const Node& n) {
    switch (n.op) {
      case Op::lit:
        return n.v;
      case Op::stat:
        return (*(n.side == 0 ? in_.a : in_.d))[n.index];
      case Op::flag:
        return boolean((*in_.situation)[n.index]);
      case Op::blow:
        return integer(in_.blow);
      case Op::status:
        return integer((*(n.side == 0 ? in_.a_status : in_.d_status))[n.index]);
      case Op::var:
        if (!set_[n.index]) fail(n.pos, fmt::format("'{}' is read before it is set on this path", n.text));
        return vars_[n.index];
      case Op::neg: {
        const Val x = eval(*n.kids[0]);
        if (x.type == Type::real) return real(-x.r, n.pos);
        if (x.i == std::numeric_limits<std::int64_t>::min()) overflow(n.pos);
        return integer(-x.i);
      }
      case Op::add:
      case Op::sub:
      case Op::mul:
      case Op::div_real: {
        const Val x = eval(*n.kids[0]), y = eval(*n.kids[1]);
        if (n.type == Type::integer) {
          std::int64_t out = 0;
          const bool bad = n.op == Op::add   ? __builtin_add_overflow(x.i, y.i, &out)
                           : n.op == Op::sub ? __builtin_sub_overflow(x.i, y.i, &out)
                                             : __builtin_mul_overflow(x.i, y.i, &out);
          if (bad) overflow(n.pos);
          return integer(out);
        }
        const double a = x.num(), b = y.num();
        switch (n.op) {
          case Op::add:
            return real(a + b, n.pos);
          case Op::sub:
            return real(a - b, n.pos);
          case Op::mul:
            return real(a * b, n.pos);
          default:
            if (b == 0) fail(n.pos, "division by 0");
            return real(a / b, n.pos);
        }
      }
      case Op::lt:
      case Op::le:
      case Op::gt:
      case Op::ge:
      case Op::eq:
      case Op::ne: {
        const Val x = eval(*n.kids[0]), y = eval(*n.kids[1]);
        if (x.type != Type::real && y.type != Type::real) return boolean(compare(n.op, x.i, y.i));
        return boolean(compare(n.op, x.num(), y.num()));
      }
      case Op::and_:
        return boolean(eval(*n.kids[0]).i != 0 && eval(*n.kids[1]).i != 0);
      case Op::or_:
        return boolean(eval(*n.kids[0]).i != 0 || eval(*n.kids[1]).i != 0);
      case Op::not_:
        return boolean(eval(*n.kids[0]).i == 0);
      case Op::pick: {
        const std::int64_t i = eval(*n.kids[0]).i;
        const auto count = static_cast<std::int64_t>(n.kids.size()) - 1;
        if (i < 0 || i >= count)
          fail(n.pos, fmt::format("pick({}, ...): no value {} among its {} (0..{})", i, i, count, count - 1));
        const Val v = eval(*n.kids[static_cast<std::size_t>(i) + 1]);
        if (n.type == Type::real && v.type != Type::real) return real(v.num(), n.pos);
        return v;
      }
      case Op::if_: {
        const Val v = eval(*n.kids[eval(*n.kids[0]).i != 0 ? 1 : 2]);
        if (n.type == Type::real && v.type != Type::real) return real(v.num(), n.pos);
        return v;
      }
      case Op::min:
      case Op::max: {
        Val best = eval(*n.kids[0]);
        for (std::size_t k = 1; k < n.kids.size(); ++k) {
          const Val v = eval(*n.kids[k]);
          const bool below = n.type == Type::integer ? v.i < best.i : v.num() < best.num();
          const bool above = n.type == Type::integer ? v.i > best.i : v.num() > best.num();
          if (n.op == Op::min ? below : above) best = v;
        }
        return n.type == Type::real ? real(best.num(), n.pos) : best;
      }
      case Op::clamp: {
        const Val x = eval(*n.kids[0]), lo = eval(*n.kids[1]), hi = eval(*n.kids[2]);
        if (hi.num() < lo.num()) fail(n.pos, fmt::format("clamp(x, lo, hi): hi {} is below lo {}", hi.num(), lo.num()));
        const Val v = x.num() < lo.num() ? lo : hi.num() < x.num() ? hi : x;
        return n.type == Type::real ? real(v.num(), n.pos) : v;
      }
      case Op::abs: {
        const Val x = eval(*n.kids[0]);
        if (x.type == Type::real) return real(std::fabs(x.r), n.pos);
        if (x.i == std::numeric_limits<std::int64_t>::min()) overflow(n.pos);
        return integer(x.i < 0 ? -x.i : x.i);
      }
      case Op::floor:
      case Op::ceil:
      case Op::round:
      case Op::trunc: {
        const Val x = eval(*n.kids[0]);
        if (x.type == Type::integer) return x;
        const double v = n.op == Op::floor   ? std::floor(x.r)
                         : n.op == Op::ceil  ? std::ceil(x.r)
                         : n.op == Op::round ? std::round(x.r)
                                             : std::trunc(x.r);
        return integer(whole(v, n.pos));
      }
      case Op::idiv:
      case Op::imod: {
        const Val x = eval(*n.kids[0]), y = eval(*n.kids[1]);
        if (y.i == 0) fail(n.pos, n.op == Op::idiv ? "div(x, 0): division by 0" : "mod(x, 0): division by 0");
        if (x.i == std::numeric_limits<std::int64_t>::min() && y.i == -1) overflow(n.pos);
        return integer(n.op == Op::idiv ? x.i / y.i : x.i % y.i);
      }
      case Op::uniform: {
        const std::int64_t lo = eval(*n.kids[0]).i, hi = eval(*n.kids[1]).i;
        if (n.scale == 0 && hi < lo) fail(n.pos, fmt::format("{}: n is {}, below 1", n.text, hi + 1));
        span_checked(lo, hi, n.pos, n.text);
        if (lo == hi) return integer(lo);
        return integer(r_.draw(UniformLaw{lo, hi, label_, &n.text}));
      }
      case Op::dice_law:
        return integer(r_.draw(DiceLaw{n.pmf.get(), n.dice.get(), label_, &n.text}));
      case Op::dice_stat: {
        const DiceValue& d = (*(n.side == 0 ? in_.a_dice : in_.d_dice))[n.index];
        return integer(r_.draw(DiceLaw{d.law.get(), d.dice.get(), label_, &n.text}));
      }
      case Op::dice_ns: {
        const std::int64_t count = eval(*n.kids[0]).i, sides = eval(*n.kids[1]).i;
        if (count < 0 || sides < 1) fail(n.pos, fmt::format("{}: {} dice of {} sides", n.text, count, sides));
        if (count == 0) return integer(0);
        if (count > kMaxSpan / sides)
          fail(n.pos, fmt::format("{}: {} dice of {} sides take more than {} values", n.text, count, sides, kMaxSpan));
        const auto law = dice_law(count, sides);
        return integer(r_.draw(DiceLaw{law.first.get(), law.second.get(), label_, &n.text}));
      }
      case Op::chance: {
        const double v = eval(*n.kids[0]).num();
        const double p = v / n.scale;
        if (!(p >= 0 && p <= 1))
          fail(n.pos, fmt::format("{}: {} is outside {}", n.text, v, n.scale == 1 ? "0..1" : "0..100"));
        return yes_or_no(ChanceLaw{{p, label_, &n.text}});
      }
      case Op::cmp_uniform: {
        const std::int64_t lo = eval(*n.kids[0]).i, hi = eval(*n.kids[1]).i, t = eval(*n.kids[2]).i;
        const std::int64_t count = span_checked(lo, hi, n.pos, n.text);
        const Test holds{n.cmp, n.flip, t};
        const std::int64_t yes = count_holding(lo, hi, n.cmp, n.flip, t);
        const double p = static_cast<double>(yes) / static_cast<double>(count);
        const auto draw = [lo, hi](Rng& g) { return g.uniform(lo, hi); };
        return yes_or_no(TestLaw<decltype(draw)>{{p, label_, &n.text}, draw, holds});
      }
      case Op::cmp_law: {
        const Pmf* law = n.pmf.get();
        const Dice* dice = n.dice.get();
        if (n.scale == 2) {
          const DiceValue& d = (*(n.side == 0 ? in_.a_dice : in_.d_dice))[n.index];
          law = d.law.get();
          dice = d.dice.get();
        }
        const std::int64_t t = eval(*n.kids[0]).i;
        const Test holds{n.cmp, n.flip, t};
        double p = 0;
        for (std::size_t i = 0; i < law->width(); ++i)
          if (holds(law->min() + static_cast<std::int64_t>(i))) p += law->probs()[i];
        p = std::clamp(p, 0.0, 1.0);
        const auto draw = [dice](Rng& g) { return dice->sample(g); };
        return yes_or_no(TestLaw<decltype(draw)>{{p, label_, &n.text}, draw, holds});
      }
    }
    fail(n.pos, "internal: an unknown step");
  }

  // A yes-or-no step. The exact reading follows no branch of probability 0:
  // a sure answer is given without a step.
  template <class Law>
  Val yes_or_no(const Law& law) {
    if constexpr (R::exact) {
      if (!(law.p > 0)) return boolean(false);
      if (!(law.p < 1)) return boolean(true);
    }
    return boolean(r_.draw(law));
  }

  // How many of lo..hi satisfy `v op t` (or `t op v` when flipped): the
  // values that hold form one interval, or all but one for '!='.
  static std::int64_t count_holding(std::int64_t lo, std::int64_t hi, Op op, bool flip, std::int64_t t) {
    if (flip) {
      switch (op) {
        case Op::lt:
          op = Op::gt;
          break;
        case Op::le:
          op = Op::ge;
          break;
        case Op::gt:
          op = Op::lt;
          break;
        case Op::ge:
          op = Op::le;
          break;
        default:
          break;
      }
    }
    using W = __int128;
    const W L = lo, H = hi, T = t;
    const auto width = [](W a, W b) { return b < a ? W{0} : b - a + 1; };
    W yes = 0;
    switch (op) {
      case Op::lt:
        yes = width(L, std::min(H, T - 1));
        break;
      case Op::le:
        yes = width(L, std::min(H, T));
        break;
      case Op::gt:
        yes = width(std::max(L, T + 1), H);
        break;
      case Op::ge:
        yes = width(std::max(L, T), H);
        break;
      case Op::eq:
        yes = (L <= T && T <= H) ? 1 : 0;
        break;
      default:
        yes = width(L, H) - ((L <= T && T <= H) ? 1 : 0);
        break;
    }
    return static_cast<std::int64_t>(yes);
  }

  // The law and the dice of n dice of s sides, made once for each (n, s) a
  // program meets (a replay of the exact reading meets them again).
  std::pair<std::shared_ptr<const Pmf>, std::shared_ptr<const Dice>> dice_law(std::int64_t count, std::int64_t sides) {
    const std::lock_guard lock(p_.mutex);
    auto& slot = p_.dice_cache[{count, sides}];
    if (!slot.first) {
      if (p_.dice_cache.size() > 4096) {
        p_.dice_cache.clear();
        return dice_law_unlocked(count, sides);
      }
      slot = dice_law_unlocked(count, sides);
    }
    return slot;
  }
  static std::pair<std::shared_ptr<const Pmf>, std::shared_ptr<const Dice>> dice_law_unlocked(std::int64_t count,
                                                                                              std::int64_t sides) {
    return {std::make_shared<Pmf>(Pmf::uniform(1, sides).repeat(static_cast<std::uint64_t>(count))),
            std::make_shared<Dice>(Dice::parse(fmt::format("{}d{}", count, sides)))};
  }

  static inline const std::string kIf = "if";
  static inline const std::string kDamage = "damage";
  static inline const std::string kStatus = "status";

  const Program::Impl& p_;
  const Inputs& in_;
  R& r_;
  std::vector<Named>* named_;
  std::vector<Val> vars_;
  std::vector<bool> set_;
  const std::string* label_ = &kIf;
};

}  // namespace

Blow evaluate(const Program::Impl& p, const Inputs& in, fight::Enumerate& r) {
  return Run<fight::Enumerate>(p, in, r, nullptr).body();
}

Blow evaluate(const Program::Impl& p, const Inputs& in, fight::Sample& r, std::vector<Named>* named) {
  return Run<fight::Sample>(p, in, r, named).body();
}

Val evaluate_value(const Program::Impl& p, const Inputs& in) {
  Rng unused(0);
  fight::Sample r(unused, nullptr);
  return Run<fight::Sample>(p, in, r, nullptr).value();
}

}  // namespace fray::rules_file
