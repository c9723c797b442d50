// fray/rules/crawl/chain.hpp — one description of a DCSS rule, read three ways.
//
// A Chain is a start value and a list of labelled steps, each a deterministic
// function of the running value and (at most) one random term built from the
// game's primitives. The exact reading pushes a Pmf through the steps; the
// sampled reading draws each term and applies the same step; the traced
// reading is the sampled one with every draw handed to a callback, labelled
// and named as the game's call ("random2(31)"). The rule builders in
// attack.cpp write every DCSS formula as a Chain once, so the exact numbers,
// the sampled strikes and their traces cannot drift apart.
#pragma once

#include <fray/core/pmf.hpp>
#include <fray/core/rng.hpp>
#include <fray/rules/crawl/random.hpp>
#include <fray/rules/ruleset.hpp>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace fray::crawl {

// A game primitive with fixed arguments.
struct Prim {
  enum class Kind : std::uint8_t { Const, Random2, Random2Avg, RollDice, MaybeRandomDiv, DivRandRound };
  Kind kind = Kind::Const;
  i64 a = 0, b = 0;

  static Prim constant(i64 v) { return {Kind::Const, v, 0}; }
  static Prim random2(i64 n) { return {Kind::Random2, n, 0}; }
  static Prim random2avg(i64 n, i64 r) { return {Kind::Random2Avg, n, r}; }
  static Prim roll_dice(i64 k, i64 s) { return {Kind::RollDice, k, s}; }
  static Prim maybe_random_div(i64 nom, i64 den) { return {Kind::MaybeRandomDiv, nom, den}; }
  static Prim div_rand_round(i64 num, i64 den) { return {Kind::DivRandRound, num, den}; }

  [[nodiscard]] Pmf pmf() const;
  [[nodiscard]] std::string text() const;  // "random2(8)"
  // False when the game returns without touching its generator (random2(1), ...).
  [[nodiscard]] bool draws() const noexcept {
    switch (kind) {
      case Kind::Const:
        return false;
      case Kind::Random2:
        return a > 1;
      case Kind::Random2Avg:
        return a > 1 || (b > 1 && a + 1 > 1);
      case Kind::RollDice:
        return a > 0 && b > 1;
      case Kind::MaybeRandomDiv:
        return a > 0 && a + b > 1;
      case Kind::DivRandRound:
        return b > 1;  // random2(den) whatever the remainder
    }
    return false;
  }
  template <UniformEngine R>
  i64 sample(R& rng) const {
    switch (kind) {
      case Kind::Const:
        return a;
      case Kind::Random2:
        return crawl::random2(rng, a);
      case Kind::Random2Avg:
        return crawl::random2avg(rng, a, b);
      case Kind::RollDice:
        return crawl::roll_dice(rng, a, b);
      case Kind::MaybeRandomDiv:
        return crawl::maybe_random_div(rng, a, b);
      case Kind::DivRandRound:
        return crawl::div_rand_round(rng, a, b);
    }
    return 0;
  }
};

struct Chain;

// "random2(n)" for traces.
std::string fmt_random2(i64 n);

// offset + mult × (a primitive, or the value of a sub-chain).
struct Term {
  Prim prim;
  std::shared_ptr<const Chain> sub;  // when set, used instead of prim
  i64 mult = 1;
  i64 offset = 0;

  [[nodiscard]] bool is_const() const noexcept { return !sub && prim.kind == Prim::Kind::Const; }
  [[nodiscard]] Pmf pmf() const;
};

// The sampled reading's callback when nobody records the draws: no label or
// call text is built then.
struct NoDraws {
  void operator()(const Draw&) const noexcept {}
};
template <class F>
inline constexpr bool records_draws = !std::is_same_v<std::remove_cvref_t<F>, NoDraws>;

// Every draw of a sampled reading, in order.
using Trace = std::vector<Draw>;
// An on_draw that appends to a Trace.
struct TraceTo {
  Trace* trace;
  void operator()(const Draw& d) const { trace->push_back(d); }
};

struct Step {
  enum class Op : std::uint8_t {
    Add,        // x + t
    MulDiv,     // x * t / den
    Roll,       // random2(x + k)
    DivRoll,    // random2(x / k)
    Avg2,       // random2avg(x, 2)
    UpperHalf,  // x >= 2 ? random_range((x+1)/2 + 1, x) : x
    Scale,      // x * num / den
    RandRound,  // div_rand_round(x * num, den)
    SubClamp,   // max(0, x - t)
    Max,        // max(x, k)
    Min,        // min(x, k)
    Set,        // k
    RoundRoll,  // div_round_near(random2(x + 1), den): DCSS 0.34's base damage roll
  };
  Op op = Op::Add;
  Term term;
  i64 k = 0, num = 1, den = 1;
  std::string label;
};

struct Chain {
  i64 start = 0;
  std::vector<Step> steps;

  // Builders (return *this for chaining).
  Chain& add(i64 c, std::string label = {});
  Chain& add(Prim p, std::string label, i64 mult = 1, i64 offset = 0);
  Chain& add(Chain sub, std::string label, i64 mult = 1);
  Chain& mul_div(Term t, i64 den, std::string label);
  Chain& roll(i64 k, std::string label);      // random2(x + k)
  Chain& div_roll(i64 k, std::string label);  // random2(x / k)
  Chain& avg2(std::string label);             // random2avg(x, 2)
  Chain& upper_half(std::string label);       // random_range((x+1)/2 + 1, x) for x >= 2
  Chain& scale(i64 num, i64 den, std::string label = {});
  Chain& rand_round(i64 num, i64 den, std::string label);
  Chain& sub_clamp(Term t, std::string label);
  Chain& at_least(i64 k);
  Chain& at_most(i64 k);
  Chain& set(i64 k, std::string label = {});
  // div_round_near(random2(x + 1), den) (random.cc div_round_near: up when the
  // remainder is at least den/2), read without the den-times wider roll.
  Chain& round_roll(i64 den, std::string label);

  // The exact distribution of the final value.
  [[nodiscard]] Pmf exact() const;
  // The distribution after steps [first, last) from `x`: exact() is
  // exact_steps(Pmf::point(start), 0, steps.size()). Two chains that share
  // their first steps can read them once.
  [[nodiscard]] Pmf exact_steps(Pmf x, std::size_t first, std::size_t last) const;
  // One sample; `on_draw` sees every draw the game makes, in its order.
  template <UniformEngine R, class F = NoDraws>
  i64 sample(R& rng, F&& on_draw = {}) const;
  // The random steps' labels, in order ("fighting, weapon skill, to-hit roll").
  [[nodiscard]] std::string describe() const;
  // The result of one step for a drawn term value (the rule itself).
  [[nodiscard]] static i64 apply(const Step& s, i64 x, i64 t);
};

template <UniformEngine R, class F>
i64 sample_term(const Term& t, R& rng, const std::string& label, F& on_draw) {
  if (t.is_const()) return t.offset + t.mult * t.prim.a;
  if (t.sub) {  // the sub-chain reports its own draws
    const i64 v = t.sub->sample(rng, on_draw);
    return t.offset + t.mult * v;
  }
  const i64 v = t.prim.sample(rng);
  if constexpr (records_draws<F>)
    if (t.prim.draws()) on_draw(Draw{label, t.prim.text(), v});
  return t.offset + t.mult * v;
}

template <UniformEngine R, class F>
i64 Chain::sample(R& rng, F&& on_draw) const {
  i64 x = start;
  for (const Step& s : steps) {
    switch (s.op) {
      case Step::Op::Roll: {
        const i64 r = crawl::random2(rng, x + s.k);
        if constexpr (records_draws<F>)
          if (x + s.k > 1) on_draw(Draw{s.label, fmt_random2(x + s.k), r});
        x = r;
        break;
      }
      case Step::Op::RoundRoll: {
        const i64 r = crawl::random2(rng, x + 1);
        if constexpr (records_draws<F>)
          if (x + 1 > 1) on_draw(Draw{s.label, fmt_random2(x + 1), r});
        x = r / s.den + (r % s.den >= s.den / 2 ? 1 : 0);
        break;
      }
      case Step::Op::DivRoll: {
        const i64 r = crawl::random2(rng, x / s.k);
        if constexpr (records_draws<F>)
          if (x / s.k > 1) on_draw(Draw{s.label, fmt_random2(x / s.k), r});
        x = r;
        break;
      }
      case Step::Op::Avg2: {
        const i64 r = crawl::random2avg(rng, x, 2);
        if constexpr (records_draws<F>)
          if (x > 0) on_draw(Draw{s.label, "random2avg(" + std::to_string(x) + ", 2)", r});
        x = r;
        break;
      }
      case Step::Op::UpperHalf: {
        if (x >= 2) {
          const i64 r = crawl::random_range(rng, (x + 1) / 2 + 1, x);
          if constexpr (records_draws<F>)
            on_draw(
                Draw{s.label, "random_range(" + std::to_string((x + 1) / 2 + 1) + ", " + std::to_string(x) + ")", r});
          x = r;
        }
        break;
      }
      case Step::Op::RandRound: {
        const i64 n = x * s.num;
        const i64 r = crawl::div_rand_round(rng, n, s.den);
        if constexpr (records_draws<F>)
          if (s.den > 1)
            on_draw(Draw{s.label, "div_rand_round(" + std::to_string(n) + ", " + std::to_string(s.den) + ")", r});
        x = r;
        break;
      }
      case Step::Op::Scale:
      case Step::Op::Max:
      case Step::Op::Min:
      case Step::Op::Set:
        x = apply(s, x, 0);
        break;
      default:
        x = apply(s, x, sample_term(s.term, rng, s.label, on_draw));
        break;
    }
  }
  return x;
}

}  // namespace fray::crawl
