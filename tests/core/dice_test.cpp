// fray/core/dice.hpp against enumeration, and the sampler against the exact law.
#include <fray/core/dice.hpp>

#include "support/support.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

using fray::Dice;
using fray::Pmf;

namespace {
Pmf exact(const std::string& e) { return Dice::parse(e).exact(); }

// All outcomes of n dice with `sides` faces, folded by f.
template <class F>
Pmf enumerate(int n, int sides, F f) {
  std::map<std::int64_t, double> acc;
  std::vector<int> v(static_cast<std::size_t>(n), 1);
  for (;;) {
    acc[f(v)] += 1;
    std::size_t i = 0;
    while (i < v.size() && ++v[i] > sides) v[i++] = 1;
    if (i == v.size()) break;
  }
  return Pmf::from_map(acc);
}

void expect_sampler_matches(const std::string& e, std::uint64_t seed, int n = 100000) {
  const Dice d = Dice::parse(e);
  fray::Rng rng(seed);
  std::map<std::int64_t, std::uint64_t> counts;
  for (int i = 0; i < n; ++i) ++counts[d.sample(rng)];
  EXPECT_GT(fray::test::chi_square_p(d.exact(), counts), 1e-3) << e;
}
}  // namespace

TEST(Dice, ThreeD6) {
  const Pmf p = exact("3d6");
  EXPECT_TRUE(p.approx_equal(enumerate(3, 6, [](auto& v) { return v[0] + v[1] + v[2]; }), 1e-15));
  EXPECT_NEAR(p[3], 1.0 / 216, 1e-17);
  EXPECT_NEAR(p.mean(), 10.5, 1e-12);
}

TEST(Dice, KeepHighest) {
  const Pmf p = exact("4d6kh3");
  const Pmf brute = enumerate(4, 6, [](auto v) {
    std::sort(v.begin(), v.end());
    return v[1] + v[2] + v[3];
  });
  EXPECT_TRUE(p.approx_equal(brute, 1e-14));
  EXPECT_NEAR(p.mean(), 15869.0 / 1296, 1e-12);
  EXPECT_NEAR(p[18], 21.0 / 1296, 1e-15);
}

TEST(Dice, KeepLowest) {
  const Pmf p = exact("2d20kl1");
  EXPECT_TRUE(p.approx_equal(enumerate(2, 20, [](auto& v) { return std::min(v[0], v[1]); }), 1e-15));
  EXPECT_NEAR(p.mean(), 287.0 / 40, 1e-12);
  EXPECT_NEAR(p[1], 39.0 / 400, 1e-15);
}

TEST(Dice, KeepMiddleCases) {
  EXPECT_TRUE(exact("3d4kh3").approx_equal(exact("3d4"), 1e-14));
  EXPECT_EQ(exact("3d4kh0"), Pmf::point(0));
  EXPECT_TRUE(exact("5d3kl2").approx_equal(enumerate(5, 3,
                                                     [](auto v) {
                                                       std::sort(v.begin(), v.end());
                                                       return v[0] + v[1];
                                                     }),
                                           1e-14));
}

// Every outcome of n dice distributed as `die`, sorted, the best `keep`
// summed. The sums of many small weights are kept in long double, so that the
// enumeration's own rounding stays far below the tolerance.
Pmf enumerate_keep(const Pmf& die, int n, int keep, bool highest) {
  const auto faces = die.items();
  std::map<std::int64_t, long double> acc;
  std::vector<std::size_t> idx(static_cast<std::size_t>(n), 0);
  for (;;) {
    std::vector<std::int64_t> v;
    long double w = 1;
    for (const std::size_t i : idx) {
      v.push_back(faces[i].first);
      w *= faces[i].second;
    }
    std::sort(v.begin(), v.end());
    if (highest) std::reverse(v.begin(), v.end());
    std::int64_t sum = 0;
    for (int i = 0; i < keep; ++i) sum += v[static_cast<std::size_t>(i)];
    acc[sum] += w;
    std::size_t i = 0;
    while (i < idx.size() && ++idx[i] == faces.size()) idx[i++] = 0;
    if (i == idx.size()) break;
  }
  std::map<std::int64_t, double> out;
  for (const auto& [sum, w] : acc) out[sum] = static_cast<double>(w);
  return Pmf::from_map(out);
}

TEST(Dice, KeepAgainstEnumeration) {
  // Every NdFkhK and NdFklK with up to 6 dice of up to 8 faces (at most 8^5 outcomes).
  for (int n = 1; n <= 6; ++n)
    for (int sides = 1; sides <= 8; ++sides) {
      if (std::pow(sides, n) > 40000) continue;
      for (int keep = 0; keep <= n; ++keep)
        for (const bool high : {true, false}) {
          const std::string e = fmt::format("{}d{}k{}{}", n, sides, high ? 'h' : 'l', keep);
          const Pmf brute = enumerate_keep(Pmf::uniform(1, sides), n, keep, high);
          EXPECT_TRUE(exact(e).approx_equal(brute, 1e-15)) << e;
        }
    }
}

TEST(Dice, KeepUnevenAndNegativeFaces) {
  // An exploding die (uneven weights) and a die with negative and zero faces.
  const Pmf exploding = fray::exploding_die(3, 2);
  const Pmf odd = Pmf::from_map({{-3, 0.1}, {-1, 0.25}, {0, 0.05}, {2, 0.4}, {5, 0.2}});
  for (const Pmf& die : {exploding, odd})
    for (int n = 1; n <= 5; ++n)
      for (int keep = 0; keep <= n; ++keep)
        for (const bool high : {true, false})
          EXPECT_TRUE(fray::keep_dice(die, n, keep, high).approx_equal(enumerate_keep(die, n, keep, high), 1e-15))
              << n << " keep " << keep << (high ? " highest" : " lowest") << " of " << die.min() << ".." << die.max();
  EXPECT_TRUE(exact("3d3kh2!").approx_equal(enumerate_keep(fray::exploding_die(3), 3, 2, true), 1e-15));
}

TEST(Dice, KeepManyDice) {
  // The highest of 1000d6: P(max = v) = (v/6)^1000 - ((v-1)/6)^1000, and the
  // lowest: P(min = v) = ((7-v)/6)^1000 - ((6-v)/6)^1000, to full relative precision.
  const Pmf high = exact("1000d6kh1"), low = exact("1000d6kl1");
  for (int v = 1; v <= 6; ++v) {
    const double pmax = std::pow(v / 6.0, 1000) - std::pow((v - 1) / 6.0, 1000);
    const double pmin = std::pow((7 - v) / 6.0, 1000) - std::pow((6 - v) / 6.0, 1000);
    // Below about 1e-308 both underflow to 0 (v = 1, 2 of the highest).
    if (pmax == 0)
      EXPECT_EQ(high[v], 0.0) << v;
    else
      EXPECT_NEAR(high[v] / pmax, 1.0, 1e-12) << v;
    if (pmin == 0)
      EXPECT_EQ(low[v], 0.0) << v;
    else
      EXPECT_NEAR(low[v] / pmin, 1.0, 1e-12) << v;
  }
  // The lowest 5 of 551d50 sum to 5 when at least 5 dice show 1:
  // 1 - sum_{t<5} C(551, t) (1/50)^t (49/50)^(551-t).
  const Pmf p = exact("551d50kl5");
  double below = 0, c = 1;
  for (int t = 0; t < 5; ++t) {
    below += c * std::pow(1.0 / 50, t) * std::pow(49.0 / 50, 551 - t);
    c = c * (551 - t) / (t + 1);
  }
  EXPECT_NEAR(p[5], 1 - below, 1e-14);
  EXPECT_EQ(p.min(), 5);
  // Keeping every die is the plain sum; the mean of the best of a million d20
  // is 20 - sum_{v<20} (v/20)^1000000 = 20 to double precision.
  EXPECT_TRUE(exact("60d6kh60").approx_equal(exact("60d6"), 1e-15));
  EXPECT_NEAR(exact("1000000d20kh1").mean(), 20.0, 1e-12);
  EXPECT_NEAR(exact("1000000d20kh3")[60], 1.0, 1e-12);
  EXPECT_LE(Dice::parse("551d50kl5").estimate().work, 1e8);
  // Called directly, past what the dice budget would let through: refused
  // before its tables are allocated (90 000 rows of 3.6 million sums).
  EXPECT_THROW((void)fray::keep_dice(Pmf::point(40), 90000, 90000, true), fray::Error);
}

TEST(Dice, Exploding) {
  const Pmf p = exact("d6!");
  // 1..5 at 1/6 each; 6 + r at 1/36 for r = 1..5; ...
  EXPECT_NEAR(p[5], 1.0 / 6, 1e-15);
  EXPECT_EQ(p[6], 0.0);
  EXPECT_NEAR(p[7], 1.0 / 36, 1e-15);
  EXPECT_NEAR(p[13], 1.0 / 216, 1e-15);
  EXPECT_NEAR(p.mean(), 4.2, 1e-9);  // 3.5 * 6/5 in the limit; the cap changes it by < 1e-13
  EXPECT_EQ(p.max(), 6 * (Dice::explode_limit + 1));
  EXPECT_EQ(exact("d1!"), Pmf::point(Dice::explode_limit + 1));
}

TEST(Dice, ArithmeticAndFunctions) {
  EXPECT_EQ(exact("2+3*4"), Pmf::point(14));
  EXPECT_EQ(exact("(2+3)*4"), Pmf::point(20));
  EXPECT_EQ(exact("-3 - -2"), Pmf::point(-1));
  EXPECT_EQ(exact("min(3, 9) + max(3, 9)"), Pmf::point(12));
  EXPECT_TRUE(exact("max(1d6, 1d6)").approx_equal(exact("2d6kh1"), 1e-15));
  EXPECT_TRUE(exact("1d6 >= 5").approx_equal(Pmf::bernoulli(1.0 / 3), 1e-15));
  EXPECT_TRUE(exact("1d6 == 1d6").approx_equal(Pmf::bernoulli(1.0 / 6), 1e-15));
  EXPECT_TRUE(exact("1d6 < 3").approx_equal(Pmf::bernoulli(1.0 / 3), 1e-15));
  EXPECT_TRUE(exact("2d6 - 2d6").approx_equal(exact("2d6") - exact("2d6"), 1e-15));
  EXPECT_TRUE(exact("d6 * 2").approx_equal(Pmf::uniform(1, 6).map([](std::int64_t v) { return 2 * v; }), 1e-15));
}

TEST(Dice, RandomCountIsAMixture) {
  // (1d2)d6: half 1d6, half 2d6.
  const std::vector<std::pair<double, Pmf>> parts = {{0.5, exact("1d6")}, {0.5, exact("2d6")}};
  EXPECT_TRUE(exact("(1d2)d6").approx_equal(Pmf::mixture(parts), 1e-15));
}

TEST(Dice, LargeExactSums) {
  const Pmf a = exact("1000d6");
  EXPECT_NEAR(a.mean(), 3500, 1e-6);
  EXPECT_NEAR(a.variance(), 1000 * 35.0 / 12, 1e-4);
  const Pmf b = exact("100d100");
  EXPECT_NEAR(b.mean(), 5050, 1e-6);
  EXPECT_EQ(b.min(), 100);
  EXPECT_EQ(b.max(), 10000);
}

TEST(Dice, CustomFunction) {
  fray::DiceFunctions fns = fray::DiceFunctions::builtin();
  fns.add({"twice", 1, 1, "twice(x)", [](std::span<const std::int64_t> a) { return Pmf::point(2 * a[0]); },
           [](std::span<const std::int64_t> a, fray::RngRef) { return 2 * a[0]; },
           [](std::span<const std::int64_t>) {
             return fray::DiceCost{1, 1};
           }});
  const Dice d = Dice::parse("twice(1d3)", fns);
  EXPECT_TRUE(d.exact().approx_equal(exact("1d3 * 2"), 1e-15));
  fray::Rng rng(1);
  const auto v = d.sample(rng);
  EXPECT_TRUE(v == 2 || v == 4 || v == 6);
  EXPECT_THROW((void)Dice::parse("twice(1, 2)", fns), fray::Error);
}

TEST(Dice, CallsWhoseValuesFallAreMixed) {
  // down(n): uniform over -n..1-n. down(1d3) mixes {-1, 0}, {-2, -1} and
  // {-3, -2}, each part below the one before, overlapping it by one value.
  fray::DiceFunctions fns = fray::DiceFunctions::builtin();
  fns.add({"down", 1, 1, "down(n)", [](std::span<const std::int64_t> a) { return Pmf::uniform(-a[0], 1 - a[0]); },
           [](std::span<const std::int64_t> a, fray::RngRef r) { return r.uniform(-a[0], 1 - a[0]); },
           [](std::span<const std::int64_t> a) { return fray::span_cost(-a[0], 1 - a[0]); }});
  const Pmf p = Dice::parse("down(1d3)", fns).exact();
  EXPECT_EQ(p.min(), -3);
  EXPECT_EQ(p.max(), 0);
  EXPECT_NEAR(p[-3], 1.0 / 6, 1e-15);
  EXPECT_NEAR(p[-2], 1.0 / 3, 1e-15);
  EXPECT_NEAR(p[-1], 1.0 / 3, 1e-15);
  EXPECT_NEAR(p[0], 1.0 / 6, 1e-15);
  // zig(n): n when odd, -n when even. zig(1d5) puts 1, -2, 3, -4, 5 in turn,
  // on either side of the first part, further out each time.
  fns.add({"zig", 1, 1, "zig(n)", [](std::span<const std::int64_t> a) { return Pmf::point(a[0] % 2 ? a[0] : -a[0]); },
           [](std::span<const std::int64_t> a, fray::RngRef) { return a[0] % 2 ? a[0] : -a[0]; },
           [](std::span<const std::int64_t>) {
             return fray::DiceCost{1, 1};
           }});
  EXPECT_EQ(Dice::parse("zig(1d5)", fns).exact(),
            Pmf::from_pairs(std::vector<std::pair<std::int64_t, double>>{{-4, 1}, {-2, 1}, {1, 1}, {3, 1}, {5, 1}}));
}

TEST(Dice, SamplerMatchesExact) {
  expect_sampler_matches("3d6", 1);
  expect_sampler_matches("4d6kh3", 2);
  expect_sampler_matches("2d20kl1", 3);
  expect_sampler_matches("d6!", 4);
  expect_sampler_matches("(1d3)d4 - 2", 5);
  expect_sampler_matches("max(1d8, 2d4) >= 5", 6);
}

TEST(Dice, SamplerDrawsLeftToRight) {
  // NdM is N calls of uniform(1, M), in order: a game engine replays exactly.
  const Dice d = Dice::parse("2d6 + 1d4");
  fray::Rng a(77), b(77);
  const auto v = d.sample(a);
  const auto x = b.uniform(1, 6), y = b.uniform(1, 6), z = b.uniform(1, 4);
  EXPECT_EQ(v, x + y + z);
}

TEST(Dice, BadExpressions) {
  struct Case {
    const char* text;
    const char* message;
  };
  const Case cases[] = {
      {"", "column 1: empty expression"},
      {"3d", "column 3: expected the number of sides"},
      {"d", "column 2: expected the number of sides"},
      {"2d0", "column 3: a die needs at least 1 side"},
      {"-1d6", "column 1: the number of dice cannot be negative"},
      {"1d6+", "column 5: expected a number"},
      {"((1d6)", "column 7: expected ')'"},
      {"1d6kh7", "cannot keep 7 of 1 dice"},
      {"3d6!!!!", "column 5: a die explodes with a single '!'"},
      {"frob(2)", "unknown function 'frob'"},
      {"99999999999999999999", "does not fit in 64 bits"},
      {"1d6 = 3", "'=' is not an operator"},
      {"1 < 2 < 3", "comparisons do not chain"},
      {"min(1)", "min takes 2 arguments"},
      {"2000000d6", "more than the limit"},
  };
  for (const auto& c : cases) {
    try {
      (void)Dice::parse(c.text).exact();
      ADD_FAILURE() << "accepted: " << c.text;
    } catch (const fray::Error& e) {
      EXPECT_NE(std::string(e.what()).find(c.message), std::string::npos) << c.text << " → " << e.what();
      EXPECT_NE(std::string(e.what()).find(std::string("\"") + c.text + "\""), std::string::npos) << e.what();
    }
  }
}

TEST(Dice, TooLargeIsRefusedNotComputed) {
  EXPECT_THROW((void)exact("1000000d1000000"), fray::Error);
  EXPECT_THROW((void)exact("(0-1)d6"), fray::Error);
  EXPECT_THROW((void)exact("9223372036854775807 + 1"), fray::Error);
  fray::Rng rng(1);
  EXPECT_THROW((void)Dice::parse("(0-2)d6").sample(rng), fray::Error);
  EXPECT_THROW((void)Dice::parse("9223372036854775807 * 2").sample(rng), fray::Error);
}

// --- nesting -----------------------------------------------------------------------------

namespace {

std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

// `open` n times, then `inner`, then `close` n times.
std::string nested(const std::string& open, const std::string& inner, const std::string& close, int n) {
  return repeat(open, n) + inner + repeat(close, n);
}

std::string parse_error(const std::string& text) {
  try {
    (void)Dice::parse(text);
  } catch (const fray::Error& e) {
    return e.what();
  }
  return "accepted";
}

std::string too_deep(const std::string& text, int column) {
  return fmt::format(
      "dice expression \"{}\": column {}: nested more than 100 levels deep (each '(', function call and '-' sign "
      "opens one)",
      text, column);
}

// The deepest expressions of each kind that parse() accepts.
std::vector<std::string> deepest() {
  const int n = Dice::max_depth;
  return {
      nested("(", "1d6", ")", n),
      repeat("-", n) + "1",
      nested("min(", "1", ", 2)", n),
      nested("1d(", "6", ")", n),
      nested("-(", "1", ")", n / 2),
      // Every kind of node at each level: a comparison, a sum, a product and a roll.
      nested("2 <= 1 + 1 * 1d(", "1", ")", n),
  };
}

// A small stack that holds the deepest expressions with room to spare: they
// need at most 98 KiB in Release (g++ 12 -O3) and 411 KiB in the sanitized
// fuzz build (clang 14 -O2, ASan and UBSan), whose frames are larger
// (docs/limits.md has the figures). An unoptimized build's frames are larger
// still.
#if FRAY_TEST_ASAN
constexpr std::size_t kSmallStack = 640 * 1024;
#elif defined(__OPTIMIZE__)
constexpr std::size_t kSmallStack = 256 * 1024;
#else
constexpr std::size_t kSmallStack = 2048 * 1024;
#endif

}  // namespace

TEST(Dice, NestingPastTheLimitIsRefused) {
  static_assert(Dice::max_depth == 100);
  const int over = Dice::max_depth + 1;
  const struct {
    std::string text;
    int column;  // of what opens level 101
  } cases[] = {
      {nested("(", "1d6", ")", over), 101},     {repeat("-", over) + "1", 101},
      {nested("min(", "1", ", 2)", over), 401}, {nested("1d(", "6", ")", over), 303},
      {nested("-(", "1", ")", 51), 101},        {nested("2 <= 1 + 1 * 1d(", "1", ")", over), 1616},
  };
  for (const auto& c : cases) EXPECT_EQ(parse_error(c.text), too_deep(c.text, c.column));
  // One level less is accepted.
  for (const auto& text : deepest()) EXPECT_NO_THROW((void)Dice::parse(text)) << text;
}

// Once a stack overflow (exit status 139): 100 000 parentheses, or '-' signs,
// each a level of the parser's recursion.
TEST(Dice, ThousandsDeepIsAnErrorNotACrash) {
  const std::string parens = nested("(", "1d6", ")", 100000), minus = repeat("-", 100000) + "1",
                    calls = nested("max(", "1", ",1)", 100000);
  EXPECT_EQ(parse_error(parens), too_deep(parens, 101));
  EXPECT_EQ(parse_error(minus), too_deep(minus, 101));
  EXPECT_EQ(parse_error(calls), too_deep(calls, 401));
}

// A chain of '+', '-' or '*' is one node, not a tree as deep as it is long:
// 100 000 terms once made a tree 100 000 deep, whose estimate, evaluation and
// destruction overflowed the stack.
TEST(Dice, LongChainsAreNotDeep) {
  const int n = 100000;
  const Dice sum = Dice::parse("1" + repeat(" + 1", n - 1));
  EXPECT_EQ(sum.exact(), Pmf::point(n));
  fray::Rng rng(1);
  EXPECT_EQ(sum.sample(rng), n);
  // Alternating signs, folded left to right: 1 - 1 + 1 - 1 ... ends at 0 or 1.
  const Dice alt = Dice::parse("1" + repeat(" - 1 + 1", n / 10));
  EXPECT_EQ(alt.exact(), Pmf::point(1));
  EXPECT_EQ(alt.sample(rng), 1);
  const Dice product = Dice::parse("1" + repeat(" * 1", n / 5));
  EXPECT_EQ(product.exact(), Pmf::point(1));
  EXPECT_EQ(product.sample(rng), 1);
  // Random terms: the convolution of n uniform draws, as nd2.
  const Dice dice = Dice::parse("1d2" + repeat(" + 1d2", 999));
  EXPECT_TRUE(dice.exact().approx_equal(Dice::parse("1000d2").exact(), 1e-12));
  EXPECT_GT(dice.estimate().work, 0);
}

// The deepest expressions allowed, parsed, estimated, computed exactly,
// sampled and destroyed on a thread with a small stack: the limit keeps
// every walk within it.
TEST(Dice, DeepestAllowedRunsOnASmallStack) {
  fray::test::run_on_stack(kSmallStack, [] {
    for (const std::string& text : deepest()) {
      const Dice d = Dice::parse(text);
      (void)d.estimate();
      const Pmf p = d.exact();
      fray::Rng rng(1);
      const auto v = d.sample(rng);
      EXPECT_GE(v, p.min()) << text;
      EXPECT_LE(v, p.max()) << text;
    }
  });
}

// What one sample draws at most, the charge of `fray roll --count N`.
TEST(Dice, DrawsBoundEverySample) {
  EXPECT_EQ(Dice::parse("3d6").draws(), 3);
  EXPECT_EQ(Dice::parse("7").draws(), 0);
  EXPECT_EQ(Dice::parse("d6!").draws(), 21);  // a die and its 20 explosions at most
  EXPECT_EQ(Dice::parse("4d6kh3 + 2d8").draws(), 6);
  EXPECT_EQ(Dice::parse("(1d6)d(2d4)").draws(), 1 + 2 + 6);        // up to 6 dice of up to 8 sides
  EXPECT_EQ(Dice::parse("max(1d6, 1d6) * 2").draws(), 2 + 2 + 6);  // a call: 2 + its largest argument
  EXPECT_EQ(Dice::parse("1000000d6").draws(), 1e6);
  EXPECT_EQ(Dice::parse("(1000000d6)d6").draws(), 2e6);  // the count is at most max_dice
  // Every draw the sampler makes is within the bound.
  struct Counter {
    std::uint64_t n = 0;
    fray::Rng rng{5};
    std::uint64_t next() {
      ++n;
      return rng.next();
    }
    std::int64_t uniform(std::int64_t lo, std::int64_t hi) {
      ++n;
      return rng.uniform(lo, hi);
    }
    double unit() {
      ++n;
      return rng.unit();
    }
  };
  for (const char* e : {"3d6", "(1d6)d(2d4)", "d6!", "(1d3)d4kh1", "2d(1d6)!"}) {
    const Dice d = Dice::parse(e);
    for (int i = 0; i < 200; ++i) {
      Counter c;
      (void)d.sample(fray::RngRef(c));
      EXPECT_LE(static_cast<double>(c.n), d.draws()) << e;
    }
  }
}

// --- Dice::range: the expression's own smallest and largest values ---------------------

namespace {
fray::DiceRange range_of(const std::string& e) {
  const auto r = Dice::parse(e).range();
  EXPECT_TRUE(r.has_value()) << e;
  return r.value_or(fray::DiceRange{-1, -1});
}
}  // namespace

TEST(DiceRange, ExactValues) {
  using R = fray::DiceRange;
  // 1000d6: every die 1..6, whatever the distribution drops.
  EXPECT_EQ(range_of("1000d6"), (R{1000, 6000}));
  EXPECT_EQ(range_of("3d6"), (R{3, 18}));
  EXPECT_EQ(range_of("d20"), (R{1, 20}));
  EXPECT_EQ(range_of("0d6"), (R{0, 0}));
  // Kept dice: K of them, each 1..M.
  EXPECT_EQ(range_of("4d6kh3"), (R{3, 18}));
  EXPECT_EQ(range_of("2d20kl1"), (R{1, 20}));
  EXPECT_EQ(range_of("4d6kh0"), (R{0, 0}));
  // Exploding: a die at its top face rolls again, at most 20 times (explode_limit):
  // d6! is 1..6*21; a d1 always explodes, so it is 21 exactly.
  EXPECT_EQ(range_of("d6!"), (R{1, 126}));
  EXPECT_EQ(range_of("2d4!"), (R{2, 168}));
  EXPECT_EQ(range_of("d1!"), (R{21, 21}));
  EXPECT_EQ(range_of("3d1!"), (R{63, 63}));
  EXPECT_EQ(range_of("3d6kh2!"), (R{2, 252}));
  // Negative modifiers and signs.
  EXPECT_EQ(range_of("1d6-3"), (R{-2, 3}));
  EXPECT_EQ(range_of("1d20+d4-2"), (R{0, 22}));
  EXPECT_EQ(range_of("2-3d4"), (R{-10, -1}));
  EXPECT_EQ(range_of("-(1d6)"), (R{-6, -1}));
  EXPECT_EQ(range_of("-(1d6-10)"), (R{4, 9}));
  EXPECT_EQ(range_of("1d6*-2"), (R{-12, -2}));
  EXPECT_EQ(range_of("(1d6-3)*(1d4-2)"), (R{-4, 6}));
  // Random counts and sides: the mixture over their values.
  EXPECT_EQ(range_of("(1d3)d6"), (R{1, 18}));
  EXPECT_EQ(range_of("(1d3-1)d6"), (R{0, 12}));
  EXPECT_EQ(range_of("2d(1d4)"), (R{2, 8}));
  EXPECT_EQ(range_of("(1d3+1)d6kh2"), (R{2, 12}));
  EXPECT_EQ(range_of("d(1d3)!"), (R{1, 63}));
  // Comparisons: 0..1, or the one answer the bounds allow.
  EXPECT_EQ(range_of("1d6>=4"), (R{0, 1}));
  EXPECT_EQ(range_of("1d6>6"), (R{0, 0}));
  EXPECT_EQ(range_of("1d6>=1"), (R{1, 1}));
  EXPECT_EQ(range_of("1d6<1"), (R{0, 0}));
  EXPECT_EQ(range_of("1d6<=6"), (R{1, 1}));
  EXPECT_EQ(range_of("1d6==7"), (R{0, 0}));
  EXPECT_EQ(range_of("1d6==1d6"), (R{0, 1}));
  EXPECT_EQ(range_of("3==3"), (R{1, 1}));
  EXPECT_EQ(range_of("d6!==1"), (R{0, 1}));  // 1 is a bound of d6!: it occurs
  // Function calls: their distributions over the arguments' values.
  EXPECT_EQ(range_of("min(1d6, 3)"), (R{1, 3}));
  EXPECT_EQ(range_of("max(2d6, 10)"), (R{10, 12}));
  EXPECT_EQ(range_of("min(1d6, 1d4) + max(1, 2)"), (R{3, 6}));
}

TEST(DiceRange, UnknownWhenGapsDecide) {
  // (2*1d3)==3: 2, 4, 6 never equal 3, but the bounds 2..6 cannot tell it.
  EXPECT_FALSE(Dice::parse("2*1d3==3").range().has_value());
  EXPECT_FALSE(Dice::parse("d6!==6").range().has_value());
  // A call whose argument may have gaps, or over too many combinations.
  EXPECT_FALSE(Dice::parse("min(d6!, 3)").range().has_value());
  EXPECT_FALSE(Dice::parse("min(1d5000, 1d5000)").range().has_value());
  // Whatever contains an unknown part is unknown.
  EXPECT_FALSE(Dice::parse("1 + (2*1d3==3)").range().has_value());
}

TEST(DiceRange, AgreesWithTheDistribution) {
  // Where the distribution keeps every value, its ends are the range.
  for (const char* e :
       {"3d6",     "4d6kh3",     "2d20kl1",    "d6!",         "2d4!",     "1d6-3",          "-(1d4)*1d3",
        "(1d3)d6", "(1d3)d4kh1", "min(1d6,3)", "max(2d6,10)", "1d6>=4",   "1d6>6",          "2d6*0",
        "1d6*1d6", "d1!",        "(1d3-1)d6!", "2d(1d4)!",    "1d6==1d6", "(1d6-3)*(1d4-2)"}) {
    const Dice d = Dice::parse(e);
    const Pmf p = d.exact();
    const auto r = d.range();
    ASSERT_TRUE(r.has_value()) << e;
    EXPECT_EQ(r->min, p.min()) << e;
    EXPECT_EQ(r->max, p.max()) << e;
  }
  // 1000d6: the distribution drops its tails, the range does not.
  const Pmf p = exact("1000d6");
  EXPECT_GT(p.min(), 1000);
  EXPECT_LT(p.max(), 6000);
}

TEST(DiceRange, RefusesWhatTheRollRefuses) {
  // The rolls exact() refuses: a negative count, keeping more dice than rolled.
  for (const char* e : {"(1d3-2)d6", "(1d2)d6kh2", "2d(1d3-1)"}) {
    EXPECT_THROW((void)Dice::parse(e).exact(), fray::Error) << e;
    EXPECT_THROW((void)Dice::parse(e).range(), fray::Error) << e;
  }
  // A bound past 64 bits.
  try {
    (void)Dice::parse("1000000d9223372036854775807").range();
    ADD_FAILURE() << "no error";
  } catch (const fray::Error& e) {
    EXPECT_NE(std::string(e.what()).find("overflows 64 bits"), std::string::npos) << e.what();
  }
  EXPECT_THROW((void)Dice::parse("-(0-9223372036854775807-1)").range(), fray::Error);
}
