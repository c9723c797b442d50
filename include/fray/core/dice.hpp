// fray/core/dice.hpp — dice expressions: parse once, then exact Pmf or samples.
//
// Grammar (whitespace ignored; keywords case-sensitive):
//   expr    := sum [ ("==" | ">=" | ">" | "<=" | "<") sum ]     comparisons give 0 or 1
//   sum     := product { ("+" | "-") product }
//   product := unary { "*" unary }
//   unary   := "-" unary | dice
//   dice    := [atom] "d" atom [ ("kh" | "kl") atom ] [ "!" ]  |  atom
//   atom    := INTEGER | "(" expr ")" | NAME "(" expr { "," expr } ")"
// "dM" means "1dM". "kh"/"kl" keep the highest/lowest K of the N dice. "!"
// explodes: a die showing its largest face is rolled again and added, at most
// Dice::explode_limit extra times per die (the last roll then counts as it is).
// Built-in functions: min(a, b), max(a, b). Rulesets add their own random
// primitives through a DiceFunctions table (brogue_clump, pd_normal, ...).
//
// Any part may itself be random (`(1d3)d6`): the exact result is the mixture
// over its values. Limits that keep every input finite: at most Dice::max_depth
// levels of nesting (each '(', function call and '-' sign opens one; a chain
// of '+', '-' or '*' does not, however long), at most Dice::max_dice dice in
// one roll, the Pmf limits (pmf.hpp) for the exact distribution, and the work
// budget (budget.hpp): exact() estimates its cost before it starts and refuses
// past kMaxWork or kMaxValues with TooLarge.
#pragma once

#include <fray/core/budget.hpp>
#include <fray/core/pmf.hpp>
#include <fray/core/rng.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fray {

// What an exact computation costs: operations and values held at once, as
// the work budget counts them (budget.hpp).
struct DiceCost {
  double work = 0, values = 0;
};

// A random primitive callable from an expression, as `name(arg, ...)`.
struct DiceFunction {
  std::string name;
  std::size_t min_args = 0;
  std::size_t max_args = 0;
  std::string signature;  // for help and error messages: "brogue_clump(lo, hi, clump)"
  // Exact distribution for fixed argument values. Throws fray::Error for
  // arguments out of range (the message should name the function).
  std::function<Pmf(std::span<const std::int64_t>)> exact;
  // One sample for fixed argument values, drawing from `rng` as the game does.
  std::function<std::int64_t(std::span<const std::int64_t>, RngRef)> sample;
  // What `exact` costs for fixed argument values. Dice::exact adds it up over
  // every combination of the arguments' values and charges the budget before
  // the first call, so a function whose distribution takes more than a pass
  // over its values to build (a sum of dice, a convolution) must give it.
  // Without it, a call is charged by the width of its result once made.
  std::function<DiceCost(std::span<const std::int64_t>)> cost = nullptr;
};

// The cost of a distribution built in one pass over lo..hi (a uniform draw, a
// triangle): its width, at most the Pmf's limit; 1 when hi < lo. For
// DiceFunction::cost.
[[nodiscard]] DiceCost span_cost(std::int64_t lo, std::int64_t hi) noexcept;

// A table of functions available to expressions.
class DiceFunctions {
 public:
  // min and max.
  [[nodiscard]] static DiceFunctions builtin();
  // Adds or replaces a function.
  void add(DiceFunction f);
  [[nodiscard]] const DiceFunction* find(std::string_view name) const noexcept;
  [[nodiscard]] const std::vector<DiceFunction>& all() const noexcept { return fns_; }

 private:
  std::vector<DiceFunction> fns_;
};

// The smallest and largest value an expression can take (both can occur).
struct DiceRange {
  std::int64_t min = 0, max = 0;
  friend bool operator==(const DiceRange&, const DiceRange&) = default;
};

class Dice {
 public:
  static constexpr std::int64_t max_dice = 1'000'000;
  // Levels of nesting an expression may have: "((1))" and "-(-1)" have 2,
  // "min(1d6, 2)" 1, "1+2*3" none. The parser and every walk over the parsed
  // expression recurse once per level, so this bounds their stack
  // (docs/limits.md has the figures); deeper is refused by parse().
  static constexpr int max_depth = 100;
  static constexpr int explode_limit = 20;

  // Parses `text`; throws fray::Error naming the expression and the 1-based
  // column of the problem. The function table is copied into the expression.
  [[nodiscard]] static Dice parse(std::string_view text, const DiceFunctions& fns = DiceFunctions::builtin());

  [[nodiscard]] const std::string& text() const noexcept { return text_; }
  // The exact distribution; throws TooLarge (a fray::Error) when its estimated
  // cost is past the budget, before computing anything, and Cancelled once
  // `progress` is cancelled (checked at coarse intervals).
  [[nodiscard]] Pmf exact(Progress* progress = nullptr) const;
  // What exact() is estimated to cost, from the bounds of every part's values:
  // operations and values held (budget.hpp). Parts whose bounds depend on a
  // function's result count as 0 here; exact() checks them again, with their
  // actual values, before each step.
  using Cost = DiceCost;
  [[nodiscard]] Cost estimate() const;
  // One roll. NdM draws rng.uniform(1, M) N times, left to right.
  [[nodiscard]] std::int64_t sample(RngRef rng) const;
  // An upper bound of the draws one sample() makes, from the bounds of every
  // part's values: NdM draws the most dice N can be (max_dice when N's bounds
  // are not known), 21 a die when it explodes, plus what its parts draw; a
  // function call draws at most 2 + its largest argument's magnitude (every
  // ruleset function draws no more), max_dice at most, max_dice when an
  // argument's bounds are not known. Repeated rolls are charged with it
  // (kDrawOps a draw): `fray roll EXPR --count N` refuses N x draws() past
  // the budget.
  [[nodiscard]] double draws() const;
  // The exact range of the expression's values, from a walk of the
  // expression (no distribution is built): 1000d6 is 1000..6000 although
  // exact() drops the values too improbable for a double (its min() and max()
  // are 1599..5401). NdM is N..N*M; a die that explodes is 1..M*(explode_limit+1)
  // (a d1 always explodes: explode_limit+1); NdMkhK keeps K dice; a comparison
  // is 0..1, or 0..0 or 1..1 when it cannot come out otherwise. A function
  // call whose arguments take at most 4096 combinations of values, each range
  // whole, is the span of its exact distributions over them. nullopt when the
  // range cannot be told exactly this way: a call past that, or with an
  // argument whose values may have gaps (an exploding die, a product), and an
  // `==` between parts whose values may have gaps. Throws fray::Error naming
  // the expression when a bound overflows 64 bits, or for a roll exact() and
  // sample() would refuse (a negative count, a die of 0 sides, keeping more
  // dice than rolled).
  [[nodiscard]] std::optional<DiceRange> range() const;

  struct Node;

 private:
  std::string text_;
  std::shared_ptr<const Node> root_;
  std::shared_ptr<const DiceFunctions> fns_;
};

// Exact distribution of one die roll that explodes on its top face, at most
// `limit` extra times.
[[nodiscard]] Pmf exploding_die(std::int64_t sides, int limit = Dice::explode_limit);
// Exact distribution of the sum of the highest (or lowest) `keep` of `n`
// independent dice, each distributed as `die`.
[[nodiscard]] Pmf keep_dice(const Pmf& die, std::int64_t n, std::int64_t keep, bool highest);

}  // namespace fray
