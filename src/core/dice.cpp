#include <fray/core/dice.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <optional>

namespace fray {

// --- function table -----------------------------------------------------------------

DiceCost span_cost(std::int64_t lo, std::int64_t hi) noexcept {
  const double width = static_cast<double>(hi) - static_cast<double>(lo) + 1;
  const double w = std::clamp(width, 1.0, static_cast<double>(Pmf::max_width));
  return {w, w};
}

DiceFunctions DiceFunctions::builtin() {
  DiceFunctions t;
  auto pair_fn = [&t](std::string name, bool is_max) {
    t.add({name, 2, 2, name + "(a, b)",
           [is_max](std::span<const std::int64_t> a) {
             return Pmf::point(is_max ? std::max(a[0], a[1]) : std::min(a[0], a[1]));
           },
           [is_max](std::span<const std::int64_t> a, RngRef) {
             return is_max ? std::max(a[0], a[1]) : std::min(a[0], a[1]);
           },
           [](std::span<const std::int64_t>) {
             return DiceCost{1, 1};
           }});
  };
  pair_fn("min", false);
  pair_fn("max", true);
  return t;
}

void DiceFunctions::add(DiceFunction f) {
  for (auto& g : fns_)
    if (g.name == f.name) {
      g = std::move(f);
      return;
    }
  fns_.push_back(std::move(f));
}

const DiceFunction* DiceFunctions::find(std::string_view name) const noexcept {
  for (const auto& f : fns_)
    if (f.name == name) return &f;
  return nullptr;
}

// --- syntax tree ----------------------------------------------------------------------

// A chain of sums or of products is one node whose operands are its kids, in
// order, so that "1+1+...+1" is one level deep however long: the syntax tree
// is as deep as the expression's nesting (at most Dice::max_depth levels of
// parentheses, calls and '-' signs), and every walk over it (estimate,
// evaluation, sampling, destruction) recurses no deeper than that.
struct Dice::Node {
  enum class Kind { number, sum, product, neg, cmp, dice, call } kind = Kind::number;
  std::int64_t value = 0;                         // number
  std::string op;                                 // cmp: "==", ">=", ">", "<=", "<"; sum: '+' or '-' before kids[i]
  std::vector<std::size_t> op_columns;            // sum, product: the column of the operator before kids[i]
  std::vector<std::shared_ptr<const Node>> kids;  // operands; dice: count, sides[, keep]
  bool keep_high = false, has_keep = false, explode = false;
  std::size_t fn = 0;      // call: index into the function table
  std::size_t column = 0;  // 1-based, for run-time errors
};

namespace {

using NodePtr = std::shared_ptr<const Dice::Node>;
using Kind = Dice::Node::Kind;

// The parser recurses once per level of nesting (Dice::max_depth at most),
// through comparison, sum, product, unary, dice and atom. Their frames are
// kept small so that the deepest expression allowed parses on a small stack:
// what does not recurse (building a node, reading a number, the checks and
// their messages) is done in functions of its own, out of line
// (FRAY_OFF_PATH), whose frames are gone before the next level starts.
#define FRAY_OFF_PATH [[gnu::noinline]]

class Parser {
 public:
  Parser(std::string_view text, const DiceFunctions& fns) : s_(text), fns_(fns) {}

  NodePtr parse() {
    skip();
    if (pos_ == s_.size()) fail("empty expression");
    NodePtr n = comparison();
    skip();
    if (pos_ != s_.size()) fail(fmt::format("unexpected '{}'", s_[pos_]));
    return n;
  }

 private:
  [[noreturn]] FRAY_OFF_PATH void fail(const std::string& what, std::size_t at = std::string::npos) const {
    const std::size_t col = (at == std::string::npos ? pos_ : at) + 1;
    throw Error(fmt::format("dice expression \"{}\": column {}: {}", s_, col, what));
  }
  void skip() {
    while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }
  bool peek(std::string_view t) {
    skip();
    return s_.substr(pos_, t.size()) == t;
  }
  bool eat(std::string_view t) {
    if (!peek(t)) return false;
    pos_ += t.size();
    return true;
  }
  FRAY_OFF_PATH static NodePtr make(Kind k, std::vector<NodePtr> kids, std::size_t col) {
    auto n = std::make_shared<Dice::Node>();
    n->kind = k;
    n->kids = std::move(kids);
    n->column = col + 1;
    return n;
  }

  // One level of nesting more, opened at `at`: a '(' , a call's arguments
  // or a '-' sign. Past Dice::max_depth the expression is refused, so the
  // parser's recursion, and every later walk over the tree, stays within a
  // small stack.
  void enter(std::size_t at) {
    if (++depth_ > Dice::max_depth) too_deep(at);
  }
  [[noreturn]] FRAY_OFF_PATH void too_deep(std::size_t at) const {
    fail(fmt::format("nested more than {} levels deep (each '(', function call and '-' sign opens one)",
                     Dice::max_depth),
         at);
  }
  void leave() { --depth_; }

  static constexpr std::string_view kComparisons[] = {"==", ">=", "<=", ">", "<"};

  NodePtr comparison() {
    NodePtr left = sum();
    const std::size_t at = pos_;
    const int op = comparison_op();
    if (op < 0) return left;
    NodePtr right = sum();
    return comparison_node(std::move(left), std::move(right), op, at);
  }
  // The comparison operator at pos_, eaten (its index in kComparisons), or -1.
  FRAY_OFF_PATH int comparison_op() {
    for (std::size_t i = 0; i < std::size(kComparisons); ++i)
      if (eat(kComparisons[i])) return static_cast<int>(i);
    if (peek("=")) fail("'=' is not an operator; use '=='");
    return -1;
  }
  FRAY_OFF_PATH NodePtr comparison_node(NodePtr left, NodePtr right, int op, std::size_t at) {
    auto n = std::make_shared<Dice::Node>();
    n->kind = Kind::cmp;
    n->kids = {std::move(left), std::move(right)};
    n->column = at + 1;
    n->op = std::string(kComparisons[static_cast<std::size_t>(op)]);
    if (peek("==") || peek(">") || peek("<")) fail("comparisons do not chain; use parentheses");
    return n;
  }

  // operand { op operand }, one node for the whole chain (see Dice::Node).
  template <class Operand>
  NodePtr chain(Kind kind, std::string_view ops, Operand operand) {
    NodePtr first = operand();
    std::shared_ptr<Dice::Node> n;
    for (;;) {
      const std::size_t at = pos_;
      skip();
      if (pos_ == s_.size() || ops.find(s_[pos_]) == std::string_view::npos) break;
      extend(n, first, kind, s_[pos_++], at);
      NodePtr next = operand();
      n->kids.push_back(std::move(next));
    }
    if (!n) return first;
    return n;
  }
  // The chain's node, made at its first operator, and the operator `op` at `at`.
  FRAY_OFF_PATH static void extend(std::shared_ptr<Dice::Node>& n, NodePtr& first, Kind kind, char op, std::size_t at) {
    if (!n) {
      n = std::make_shared<Dice::Node>();
      n->kind = kind;
      n->column = at + 1;
      n->kids.push_back(std::move(first));
    }
    n->op += op;
    n->op_columns.push_back(at + 1);
  }

  NodePtr sum() {
    return chain(Kind::sum, "+-", [this] { return product(); });
  }

  NodePtr product() {
    return chain(Kind::product, "*", [this] { return unary(); });
  }

  NodePtr unary() {
    const std::size_t at = pos_;
    if (!eat("-")) return dice();
    check_negative_dice(at);
    enter(at);
    NodePtr operand = unary();
    leave();
    return make(Kind::neg, {std::move(operand)}, at);
  }
  // "-1d6" reads as a negative number of dice, which no game rolls; say so
  // rather than guess whether "-(1d6)" was meant.
  FRAY_OFF_PATH void check_negative_dice(std::size_t at) {
    skip();
    std::size_t p = pos_;
    while (p < s_.size() && std::isdigit(static_cast<unsigned char>(s_[p]))) ++p;
    if (p > pos_ && p < s_.size() && s_[p] == 'd') fail("the number of dice cannot be negative", at);
  }

  bool at_dice() {
    skip();
    return pos_ < s_.size() && s_[pos_] == 'd' &&
           (pos_ + 1 == s_.size() || std::isdigit(static_cast<unsigned char>(s_[pos_ + 1])) || s_[pos_ + 1] == '(' ||
            std::isspace(static_cast<unsigned char>(s_[pos_ + 1])) ||
            !std::isalpha(static_cast<unsigned char>(s_[pos_ + 1])));
  }

  NodePtr dice() {
    const std::size_t at = pos_;
    NodePtr count;
    if (at_dice()) {
      count = number_node(1, at);
    } else {
      count = atom();
      if (!at_dice()) return count;
    }
    const std::size_t dpos = pos_;
    ++pos_;  // 'd'
    expect_sides();
    NodePtr sides = atom();
    const std::size_t kat = pos_;
    const int keep = keep_op();  // 0 none, 1 highest, 2 lowest
    NodePtr kept = keep != 0 ? atom() : nullptr;
    return dice_node(std::move(count), std::move(sides), std::move(kept), keep == 1, at, dpos, kat);
  }
  FRAY_OFF_PATH void expect_sides() {
    skip();
    if (pos_ == s_.size() || !(std::isdigit(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '(' ||
                               std::isalpha(static_cast<unsigned char>(s_[pos_]))))
      fail("expected the number of sides after 'd'");
  }
  // "kh" or "kl" at pos_, eaten, with what follows checked.
  FRAY_OFF_PATH int keep_op() {
    if (!eat("kh") && !eat("kl")) return 0;
    const char which = s_[pos_ - 1];
    skip();
    if (pos_ == s_.size() || !(std::isdigit(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '('))
      fail("expected how many dice to keep after 'k" + std::string(1, which) + "'");
    return which == 'h' ? 1 : 2;
  }
  FRAY_OFF_PATH NodePtr dice_node(NodePtr count, NodePtr sides, NodePtr kept, bool high, std::size_t at,
                                  std::size_t dpos, std::size_t kat) {
    auto n = std::make_shared<Dice::Node>();
    n->kind = Kind::dice;
    n->column = dpos + 1;
    if (kept) {
      n->keep_high = high;
      n->has_keep = true;
      // Literal counts are checked now, so the error points at the expression.
      if (count->kind == Kind::number && kept->kind == Kind::number && (kept->value > count->value || kept->value < 0))
        fail(fmt::format("cannot keep {} of {} dice", kept->value, count->value), kat);
    }
    if (eat("!")) {
      n->explode = true;
      if (peek("!")) fail("a die explodes with a single '!'");
    }
    if (count->kind == Kind::number && count->value > Dice::max_dice)
      fail(fmt::format("{} dice is more than the limit of {}", count->value, Dice::max_dice), at);
    if (sides->kind == Kind::number && sides->value < 1) fail("a die needs at least 1 side", dpos + 1);
    n->kids = {std::move(count), std::move(sides)};
    if (kept) n->kids.push_back(std::move(kept));
    return n;
  }

  NodePtr atom() {
    skip();
    const std::size_t at = pos_;
    if (pos_ == s_.size()) fail("expected a number, '(' or a function, found the end of the expression");
    const char c = s_[pos_];
    if (std::isdigit(static_cast<unsigned char>(c))) return number();
    if (c == '(') {
      enter(at);
      ++pos_;
      NodePtr n = comparison();
      if (!eat(")")) fail("expected ')'");
      leave();
      return n;
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') return call();
    unexpected(c);
  }
  [[noreturn]] FRAY_OFF_PATH void unexpected(char c) const {
    fail(fmt::format("expected a number, '(' or a function, found '{}'", c));
  }
  FRAY_OFF_PATH static NodePtr number_node(std::int64_t v, std::size_t at) {
    auto n = std::make_shared<Dice::Node>();
    n->value = v;
    n->column = at + 1;
    return n;
  }
  FRAY_OFF_PATH NodePtr number() {
    const std::size_t at = pos_;
    std::int64_t v = 0;
    while (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_]))) {
      if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, s_[pos_] - '0', &v))
        fail("number does not fit in 64 bits", at);
      ++pos_;
    }
    return number_node(v, at);
  }

  NodePtr call() {
    const std::size_t at = pos_;
    const DiceFunction* f = function();
    std::vector<NodePtr> args;
    enter(at);
    if (!peek(")")) {
      do args.push_back(comparison());
      while (eat(","));
    }
    leave();
    return call_node(f, std::move(args), at);
  }
  // The function named at pos_, and its '(', eaten.
  FRAY_OFF_PATH const DiceFunction* function() {
    const std::size_t at = pos_;
    while (pos_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_')) ++pos_;
    const std::string name(s_.substr(at, pos_ - at));
    const DiceFunction* f = fns_.find(name);
    if (!f) {
      std::string known;
      for (const auto& g : fns_.all()) known += (known.empty() ? "" : ", ") + g.name;
      fail(fmt::format("unknown function '{}' (known: {})", name, known), at);
    }
    if (!eat("(")) fail(fmt::format("expected '(' after {}", name));
    return f;
  }
  FRAY_OFF_PATH NodePtr call_node(const DiceFunction* f, std::vector<NodePtr> args, std::size_t at) {
    if (!eat(")")) fail("expected ')' or ','");
    if (args.size() < f->min_args || args.size() > f->max_args)
      fail(fmt::format("{} takes {} argument{}: {}", f->name,
                       f->min_args == f->max_args ? fmt::format("{}", f->min_args)
                                                  : fmt::format("{} to {}", f->min_args, f->max_args),
                       f->max_args == 1 ? "" : "s", f->signature),
           at);
    auto n = std::make_shared<Dice::Node>();
    n->kind = Kind::call;
    n->kids = std::move(args);
    n->column = at + 1;
    n->fn = static_cast<std::size_t>(f - fns_.all().data());
    return n;
  }

  std::string_view s_;
  const DiceFunctions& fns_;
  std::size_t pos_ = 0;
  int depth_ = 0;  // levels of nesting open at pos_
};

std::int64_t compare(const std::string& op, std::int64_t a, std::int64_t b) {
  if (op == "==") return a == b;
  if (op == ">=") return a >= b;
  if (op == "<=") return a <= b;
  if (op == ">") return a > b;
  return a < b;
}

// Checks the numbers a roll of NdM[kK] was given at run time.
void check_roll(const std::string& text, const Dice::Node& n, std::int64_t count, std::int64_t sides,
                std::int64_t keep) {
  auto fail = [&](const std::string& what) {
    throw Error(fmt::format("dice expression \"{}\": column {}: {}", text, n.column, what));
  };
  if (count < 0) fail(fmt::format("the number of dice cannot be negative ({})", count));
  if (count > Dice::max_dice) fail(fmt::format("{} dice is more than the limit of {}", count, Dice::max_dice));
  if (sides < 1) fail(fmt::format("a die needs at least 1 side (got {})", sides));
  if (n.has_keep && (keep < 0 || keep > count)) fail(fmt::format("cannot keep {} of {} dice", keep, count));
}

// --- cost model -----------------------------------------------------------------------
//
// What computing a roll exactly costs, in operations (budget.hpp), from the
// values its count, sides and kept dice can take. Each parameter's values are
// cut into at most kBuckets groups and a group costs as much as its largest
// value: monotone costs make the sum an upper bound, within a few percent of
// the true sum for the costs that matter (the largest values dominate them).

constexpr std::size_t kBuckets = 48;
// What one part of a mixture costs besides its values: making the Pmf.
constexpr double kPartOps = 64;
// Multiply-adds per pair of values in Pmf::combine (a std::map insert).
constexpr double kMapOps = 20;
// Multiply-adds one binomial term costs (an exp and a log).
constexpr double kExpOps = 20;
// Passes a die of s faces costs to build, per face: the weights written,
// checked, summed and divided by their sum (Pmf's constructor).
constexpr double kBuildOps = 4;
// Doubles one std::map entry holds (key, value, three pointers, colour).
constexpr double kMapValues = 6;

// A sum of two parts x and y values wide: a convolution, or a copy of the
// wider when one is a single value (Estimator and Eval alike).
double sum_work(double x, double y) { return x > 1 && y > 1 ? x * y : x + y; }

struct Bucket {
  double top;  // the largest value in the group
  double n;    // how many values
};
using Axis = std::vector<Bucket>;

Axis axis_of_range(double lo, double hi, std::size_t buckets = kBuckets) {
  Axis a;
  if (!(hi >= lo)) return a;
  const double width = hi - lo + 1;
  // Past 2^53 a double no longer steps by one: one group then stands for the
  // whole range (its cost is past any budget anyway).
  if (!std::isfinite(width) || hi > 0x1p53) return {{hi, width}};
  // Counted in groups, not stepped by adding to a double, so the loop ends.
  const double per = std::max(1.0, std::ceil(width / static_cast<double>(buckets)));
  const auto groups = static_cast<std::size_t>(std::ceil(width / per));
  for (std::size_t g = 0; g < groups; ++g) {
    const double first = lo + static_cast<double>(g) * per;
    a.push_back({std::min(hi, first + per - 1), std::min(per, hi - first + 1)});
  }
  return a;
}

Axis axis_of_values(const Pmf& p) {
  std::vector<std::int64_t> v;
  for (const auto& [x, q] : p.items()) v.push_back(x);
  Axis a;
  const std::size_t per = (v.size() + kBuckets - 1) / kBuckets;
  for (std::size_t i = 0; i < v.size(); i += per) {
    const std::size_t e = std::min(v.size(), i + per);
    a.push_back({static_cast<double>(v[e - 1]), static_cast<double>(e - i)});
  }
  return a;
}

// One roll of c dice of s sides, keeping k (keep_dice) or all (repeat).
Dice::Cost roll_cost(double c, double s, double k, bool explode, bool keep) {
  c = std::clamp(c, 0.0, static_cast<double>(Dice::max_dice));
  s = std::clamp(s, 1.0, static_cast<double>(Pmf::max_width));
  const double faces = explode ? s * (Dice::explode_limit + 1) : s;
  Dice::Cost r;
  // No die rolled, or none kept: 0, and no die built (Eval::exact_dice).
  if (c == 0 || (keep && k <= 0)) return {kPartOps + 1, 1};
  if (!keep) {
    const double width = c * (faces - 1) + 1;
    // Building the die, then summing c of them.
    r.work = kBuildOps * faces + Pmf::repeat_work(c, faces) + width + kPartOps;
    r.values = 3 * width + faces;  // the result, the power being squared, their sum
  } else {
    k = std::clamp(k, 0.0, c);
    const double span = k * (faces - 1) + 1;
    // keep_dice, per face: each row j < k (j dice kept, its sums over at most
    // j * (faces - 1) + 1 values) adds to k - j rows: the sum over j is
    // (faces - 1) (k^3 - k) / 6 + k (k + 1) / 2 multiply-adds. Then the
    // binomial terms: k (k + 1) / 2 of them, and for each row a tail summed
    // only when it is under one half, which stops within 4 (k + 1) + 64 terms
    // (past 4 (k + 1) each term is at most half the one before) and c + 1.
    const double rows = (faces - 1) * (k * k * k - k) / 6 + k * (k + 1) / 2;
    const double terms = k * (k + 1) / 2 + k * std::min(c + 1, 4 * (k + 1) + 64);
    r.work = kBuildOps * faces + faces * (rows + terms * kExpOps) + span + kPartOps;
    r.values = (k + 1) * (k * faces + 1);  // keep_dice's rows and its result
  }
  return r;
}

// Every roll over the given values of count, sides and kept dice: the
// mixture of the rolls, computed one at a time.
Dice::Cost rolls_cost(const Axis& count, const Axis& sides, const Axis& keep, bool explode, bool has_keep) {
  Dice::Cost total;
  const Axis none{{0, 1}};
  for (const Bucket& c : count)
    for (const Bucket& s : sides)
      for (const Bucket& k : has_keep ? keep : none) {
        const Dice::Cost one = roll_cost(c.top, s.top, k.top, explode, has_keep);
        total.work += one.work * c.n * s.n * k.n;
        total.values = std::max(total.values, one.values);
      }
  return total;
}

// Bounds of a part's values, as far as the parts below tell them.
struct Shape {
  double lo = 0, hi = 0;
  bool known = true;
  [[nodiscard]] double width() const { return hi - lo + 1; }
};

struct Estimator {
  const DiceFunctions* fns;
  Dice::Cost cost;
  double draws = 0;  // of one sample (Dice::draws)

  // Recurses once per level of nesting: the work of each kind of node is
  // done out of line (FRAY_OFF_PATH), so the frame on the path stays small.
  Shape walk(const Dice::Node& n) {
    switch (n.kind) {
      case Kind::number:
        return {static_cast<double>(n.value), static_cast<double>(n.value)};
      case Kind::neg: {
        const Shape a = walk(*n.kids[0]);
        if (a.known) cost.work += a.width();  // the values copied
        return {-a.hi, -a.lo, a.known};
      }
      case Kind::sum:
      case Kind::product: {
        // Left to right, as the evaluation folds the chain.
        Shape a = walk(*n.kids[0]);
        for (std::size_t i = 1; i < n.kids.size(); ++i) {
          const Shape b = walk(*n.kids[i]);
          a = step(n, i, a, b);
        }
        return a;
      }
      case Kind::cmp: {
        const Shape a = walk(*n.kids[0]), b = walk(*n.kids[1]);
        if (!a.known || !b.known) return {0, 0, false};
        cost.work += a.width() * b.width() * kMapOps;
        return {0, 1};
      }
      case Kind::dice: {
        const Shape c = walk(*n.kids[0]), s = walk(*n.kids[1]);
        const Shape k = n.has_keep ? walk(*n.kids[2]) : Shape{};
        const double dice = c.known ? std::clamp(c.hi, 0.0, double(Dice::max_dice)) : double(Dice::max_dice);
        draws += dice * (n.explode ? Dice::explode_limit + 1 : 1);
        return rolls(n, c, s, k);
      }
      case Kind::call:
        return walk_call(n);
    }
    return {0, 0, false};
  }

  // The chain's step i: its value so far `a` with its operand i, `b`.
  FRAY_OFF_PATH Shape step(const Dice::Node& n, std::size_t i, const Shape& a, const Shape& b) {
    if (!a.known || !b.known) return {0, 0, false};
    if (n.kind == Kind::product) return product(a, b);
    cost.work += sum_work(a.width(), b.width());
    cost.values = std::max(cost.values, 2 * (a.width() + b.width()));
    return n.op[i - 1] == '+' ? Shape{a.lo + b.lo, a.hi + b.hi} : Shape{a.lo - b.hi, a.hi - b.lo};
  }

  FRAY_OFF_PATH Shape rolls(const Dice::Node& n, const Shape& c, const Shape& s, const Shape& k) {
    if (!c.known || !s.known || !k.known) return {0, 0, false};
    const Dice::Cost r = rolls_cost(axis_of_range(std::max(0.0, c.lo), std::min(c.hi, double(Dice::max_dice))),
                                    axis_of_range(std::max(1.0, s.lo), s.hi), axis_of_range(std::max(0.0, k.lo), k.hi),
                                    n.explode, n.has_keep);
    cost.work += r.work;
    cost.values = std::max(cost.values, r.values);
    const double top = n.explode ? s.hi * (Dice::explode_limit + 1) : s.hi;
    return n.has_keep ? Shape{std::min(0.0, k.lo), k.hi * top} : Shape{std::min(0.0, c.lo), c.hi * top};
  }

  FRAY_OFF_PATH Shape walk_call(const Dice::Node& n) {
    std::vector<Shape> args;
    bool known = true;
    for (const auto& kid : n.kids) {
      args.push_back(walk(*kid));
      known = known && args.back().known;
    }
    const DiceFunction& f = fns->all()[n.fn];
    if (known && f.cost && args.size() <= 6) call(f, args);
    double largest = 0;
    for (const Shape& a : args) largest = std::max({largest, std::abs(a.lo), std::abs(a.hi)});
    draws += known ? std::min(2 + largest, double(Dice::max_dice)) : double(Dice::max_dice);
    return {0, 0, false};
  }

  Shape product(const Shape& a, const Shape& b) {
    const double pairs = a.width() * b.width();
    cost.work += pairs * kMapOps;
    const double x[] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
    const Shape r{*std::min_element(x, x + 4), *std::max_element(x, x + 4)};
    cost.values = std::max(cost.values, std::min(pairs, r.width()) * kMapValues);
    return r;
  }

  // A call over its arguments' bounds: each argument's range cut into
  // groups, each combination of groups charged as its costliest corner times
  // its size, an upper bound for a cost monotone in each argument.
  FRAY_OFF_PATH void call(const DiceFunction& f, const std::vector<Shape>& args) {
    const std::size_t groups = args.size() <= 2 ? kBuckets : 16 >> (args.size() - 3);
    std::vector<Axis> axes;
    for (const Shape& a : args) {
      axes.push_back(axis_of_range(a.lo, a.hi, std::max<std::size_t>(groups, 1)));
      if (axes.back().empty()) return;
    }
    std::vector<std::size_t> idx(args.size(), 0);
    std::vector<std::int64_t> vals(args.size());
    // Past +-2^62 an argument is past any range a function accepts.
    auto whole = [](double x) { return static_cast<std::int64_t>(std::clamp(x, -0x1p62, 0x1p62)); };
    for (;;) {
      DiceCost most;
      double size = 1;
      for (std::size_t i = 0; i < axes.size(); ++i) size *= axes[i][idx[i]].n;
      for (std::size_t corner = 0; corner < (std::size_t{1} << args.size()); ++corner) {
        for (std::size_t i = 0; i < args.size(); ++i) {
          const Bucket& b = axes[i][idx[i]];
          vals[i] = whole(corner >> i & 1 ? b.top : b.top - b.n + 1);
        }
        const DiceCost c = f.cost(vals);
        most.work = std::max(most.work, c.work);
        most.values = std::max(most.values, c.values);
      }
      cost.work += most.work * size;
      cost.values = std::max(cost.values, most.values);
      std::size_t i = 0;
      while (i < idx.size() && ++idx[i] == axes[i].size()) idx[i++] = 0;
      if (i == idx.size()) return;
    }
  }
};

}  // namespace

// --- exact distributions ----------------------------------------------------------------

Pmf exploding_die(std::int64_t sides, int limit) {
  if (sides < 1) throw Error(fmt::format("a die needs at least 1 side (got {})", sides));
  if (sides == 1) return Pmf::point(limit + 1);  // every roll is the top face
  // Refused before the weights are allocated, not by the width check after.
  if (limit < 0 || sides > static_cast<std::int64_t>(Pmf::max_width) / (limit + 1))
    throw Error(fmt::format("an exploding d{} spans more than the limit of {} values", sides, Pmf::max_width));
  // Roll k (0-based) happens with probability (1/M)^k; rolls before the
  // limit stop on faces 1..M-1, the last allowed roll stops on any face.
  std::vector<double> w(static_cast<std::size_t>(checked_mul(sides, limit + 1)), 0.0);
  const double m = static_cast<double>(sides);
  double reach = 1;
  for (int k = 0; k <= limit; ++k) {
    const std::int64_t top = k == limit ? sides : sides - 1;
    for (std::int64_t r = 1; r <= top; ++r) w[static_cast<std::size_t>(k * sides + r - 1)] = reach / m;
    reach /= m;
  }
  return Pmf::from_weights(1, w);
}

Pmf keep_dice(const Pmf& die, std::int64_t n, std::int64_t keep, bool highest) {
  if (n < 0 || keep < 0 || keep > n) throw Error(fmt::format("cannot keep {} of {} dice", keep, n));
  if (keep == 0 || n == 0) return Pmf::point(0);
  auto faces = die.items();
  if (highest) std::reverse(faces.begin(), faces.end());
  // Faces in the order they are kept, best first. State: after the faces so
  // far, how many dice show one of them (j < keep) and the sum of those dice,
  // all kept. Given j, the n - j other dice are independent and each shows a
  // later face, so the count on the next face is binomial with the face's
  // share of the mass still unassigned. Once keep dice are assigned the kept
  // sum is final: the binomial's tail from keep - j on goes straight to the
  // result. The cost is faces x keep^2 x the kept sum's range, whatever n is.
  // Partial kept sums lie between min(0, keep*min face) and max(0, keep*max face).
  const std::int64_t lo = std::min<std::int64_t>(0, checked_mul(die.min(), keep));
  const std::int64_t hi = std::max<std::int64_t>(0, checked_mul(die.max(), keep));
  if (static_cast<std::uint64_t>(hi - lo) >= Pmf::max_width)
    throw Error(fmt::format("keeping {} of {} dice spans too many values", keep, n));
  const auto span = static_cast<std::size_t>(hi - lo) + 1;
  const auto k = static_cast<std::size_t>(keep);
  // The rows below hold k x span values; the dice budget (kMaxValues) refuses
  // such a roll before it gets here, this guards a direct call.
  if (static_cast<double>(k) * static_cast<double>(span) > kMaxValues)
    throw Error(fmt::format("keeping {} of {} dice needs too many values", keep, n));
  // The multiply-adds of the rows below, as the work estimate counts them.
  const auto kk = static_cast<unsigned __int128>(k);
  const unsigned __int128 adds =
      (static_cast<unsigned __int128>(die.width()) - 1) * (kk * kk * kk - kk) / 6 + kk * (kk + 1) / 2;
  Pmf::check_work(faces.size(),
                  static_cast<std::size_t>(std::min<unsigned __int128>(adds, std::numeric_limits<std::size_t>::max())));
  // cur[j]: the states with j dice assigned, over kept sums lo..hi; the
  // nonzero ones of row j lie in [first[j], last[j]] (first > last: none).
  std::vector<std::vector<double>> cur(k, std::vector<double>(span, 0.0));
  std::vector<std::size_t> first(k, span), last(k, 0);
  const auto off = static_cast<std::size_t>(-lo);
  cur[0][off] = 1.0;
  first[0] = last[0] = off;
  std::vector<double> done(span, 0.0);
  std::vector<double> pt(k + 1, 0.0);  // P(t dice show this face), t < keep - j
  double remaining = 1.0;
  for (std::size_t fi = 0; fi < faces.size(); ++fi) {
    const auto [face, q] = faces[fi];
    const bool end = fi + 1 == faces.size();
    const double pr = end ? 1.0 : std::min(1.0, q / remaining);
    // Rows from the top down, in place: row j + t (t >= 1) has already
    // passed this face when row j adds to it, and row j itself is scaled by
    // P(no die shows this face) last.
    for (std::size_t j = k; j-- > 0;) {
      if (first[j] > last[j]) continue;
      const std::int64_t left = n - static_cast<std::int64_t>(j);  // dice not yet assigned
      const std::size_t need = k - j;                              // dice still to keep
      // pt[t] for t < need, and the tail P(t >= need).
      double tail;
      if (pr >= 1.0) {
        std::fill(pt.begin(), pt.begin() + static_cast<std::ptrdiff_t>(need), 0.0);
        tail = 1.0;  // every die left shows this face, and left >= need
      } else if (pr <= 0.0) {
        std::fill(pt.begin(), pt.begin() + static_cast<std::ptrdiff_t>(need), 0.0);
        pt[0] = 1.0;
        tail = 0.0;
      } else {
        const double lp = std::log(pr), lq = std::log1p(-pr);
        double lc = 0;  // log C(left, t), built up term by term
        double head = 0;
        for (std::size_t t = 0; t < need; ++t) {
          const auto tt = static_cast<double>(t);
          pt[t] = std::exp(lc + tt * lp + (static_cast<double>(left) - tt) * lq);
          head += pt[t];
          lc += std::log(static_cast<double>(left) - tt) - std::log(tt + 1);
        }
        if (head <= 0.5) {
          tail = 1.0 - head;
        } else {
          // A small tail, summed term by term from t = need: past the mode the
          // ratio of consecutive terms only falls, so once it is below 1 the
          // rest is at most term * r / (1 - r).
          const double odds = pr / (1.0 - pr);
          auto t = static_cast<double>(need);
          double term = std::exp(lc + t * lp + (static_cast<double>(left) - t) * lq);
          tail = 0;
          while (term > 0) {
            tail += term;
            if (t >= static_cast<double>(left)) break;
            const double r = (static_cast<double>(left) - t) / (t + 1) * odds;
            term *= r;
            t += 1;
            if (r < 1 && term * r / (1 - r) < tail * 1e-18) {
              tail += term;
              break;
            }
          }
        }
      }
      auto& row = cur[j];
      for (std::size_t t = need; t-- > 1;) {
        const double w = pt[t];
        if (w == 0) continue;
        // Faces may be negative: the shift is signed, the indices stay in 0..span-1.
        const std::int64_t shift = static_cast<std::int64_t>(t) * face;
        const auto a = static_cast<std::size_t>(static_cast<std::int64_t>(first[j]) + shift);
        const std::size_t width = last[j] - first[j] + 1;
        double* out = cur[j + t].data() + a;
        const double* in = row.data() + first[j];
        for (std::size_t s = 0; s < width; ++s) out[s] += in[s] * w;
        first[j + t] = std::min(first[j + t], a);
        last[j + t] = std::max(last[j + t], a + width - 1);
      }
      if (tail != 0) {
        const auto a =
            static_cast<std::size_t>(static_cast<std::int64_t>(first[j]) + static_cast<std::int64_t>(need) * face);
        double* out = done.data() + a;
        const double* in = row.data() + first[j];
        for (std::size_t s = 0, width = last[j] - first[j] + 1; s < width; ++s) out[s] += in[s] * tail;
      }
      const double stay = pt[0];
      if (stay == 0) {
        std::fill(row.begin() + static_cast<std::ptrdiff_t>(first[j]),
                  row.begin() + static_cast<std::ptrdiff_t>(last[j]) + 1, 0.0);
        first[j] = span;
        last[j] = 0;
      } else {
        for (std::size_t s = first[j]; s <= last[j]; ++s) row[s] *= stay;
      }
    }
    remaining -= q;
  }
  return Pmf::from_weights(lo, done);
}

namespace {

// Pmf::mixture, one part at a time: the same sums in the same order, without
// holding every part at once (a roll of random size has up to a million).
// Values at or above the first part's minimum go to `up_`, those below it to
// `down_` (nearest first): both grow at their far end only, so parts whose
// values fall one after another cost a pass each, not a move of all.
class Mixer {
 public:
  void add(double w, Pmf d) {
    if (!(w >= 0) || !std::isfinite(w)) throw Error("mixture weight is negative or not finite");
    ++parts_;
    if (parts_ == 1) {
      first_w_ = w;
      first_.emplace(std::move(d));
      return;
    }
    if (first_) {
      Pmf f = std::move(*first_);
      first_.reset();
      put(first_w_, f);
    }
    put(w, d);
  }
  Pmf result() && {
    if (first_) return std::move(*first_);
    if (!any_) throw Error("mixture has no weight");
    std::vector<double> all(down_.rbegin(), down_.rend());
    all.insert(all.end(), up_.begin(), up_.end());
    return Pmf::from_weights(base_ - static_cast<std::int64_t>(down_.size()), all);
  }

 private:
  void put(double w, const Pmf& d) {
    if (w == 0) return;
    if (!any_) {
      any_ = true;
      base_ = d.min();
    }
    // The values so far are base_ - down_.size() .. base_ + up_.size() - 1.
    const std::int64_t lo = std::min(base_ - std::ssize(down_), d.min());
    const std::int64_t hi = up_.empty() ? d.max() : std::max(base_ + std::ssize(up_) - 1, d.max());
    if (static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo) >= Pmf::max_width)
      throw Error(fmt::format("distribution over {}..{} is wider than the limit of {} values", lo, hi, Pmf::max_width));
    const auto p = d.probs();
    // p[i] is the value d.min() + i; those below base_ are the first `below`.
    const auto below = static_cast<std::size_t>(std::clamp<std::int64_t>(base_ - d.min(), 0, std::ssize(p)));
    if (below > 0) {
      const auto reach = static_cast<std::size_t>(base_ - d.min());  // base_ - 1 - d.min(), plus one
      if (down_.size() < reach) down_.resize(reach, 0.0);
      for (std::size_t i = 0; i < below; ++i) down_[reach - 1 - i] += w * p[i];
    }
    if (below < p.size()) {
      const auto off = static_cast<std::size_t>(d.min() + static_cast<std::int64_t>(below) - base_);
      if (up_.size() < off + p.size() - below) up_.resize(off + p.size() - below, 0.0);
      for (std::size_t i = below; i < p.size(); ++i) up_[off + i - below] += w * p[i];
    }
  }

  std::size_t parts_ = 0;
  double first_w_ = 0;
  std::optional<Pmf> first_;
  bool any_ = false;
  std::int64_t base_ = 0;  // the first part's minimum
  std::vector<double> down_, up_;
};

struct Eval {
  const std::string& text;
  const DiceFunctions& fns;
  Progress* progress = nullptr;
  double spent = 0;  // operations charged so far, over the whole expression
  Ticker ticker{nullptr, 0};
  double total = 0;  // the ticker's total: the estimate, or what was charged past it

  // Charges the next step to the budget before it starts; the message names
  // the part of the expression.
  // `now`: the work is done at once (else the caller ticks as it goes).
  void charge(const Dice::Node& n, double work, double values, bool now = true) { charge(n.column, work, values, now); }
  void charge(std::size_t column, double work, double values, bool now = true) {
    // The message quotes the whole expression: made only when it is needed,
    // or a chain of n terms would copy the text n times.
    if (!within_budget(spent + work, values))
      require_budget(spent + work, values, fmt::format("dice expression \"{}\" (at column {})", text, column),
                     "use fewer or smaller dice, or sample it: fray roll EXPR --count N");
    spent += work;
    // The estimate counts a call only from its arguments' bounds: the
    // progress fraction follows what was actually charged.
    if (spent > total) ticker.set_total(total = spent);
    if (now) ticker.add(work);
  }

  // Recurses once per level of nesting: the work of each kind of node is
  // done out of line (FRAY_OFF_PATH), so the frames on the path stay small.
  Pmf exact(const Dice::Node& n) {
    switch (n.kind) {
      case Kind::number:
        return Pmf::point(n.value);
      case Kind::sum:
      case Kind::product: {
        // Folded left to right: (a op b) op c ..., each step charged at its operator.
        Pmf a = exact(*n.kids[0]);
        for (std::size_t i = 1; i < n.kids.size(); ++i) {
          const Pmf b = exact(*n.kids[i]);
          a = step(n, i, a, b);
        }
        return a;
      }
      case Kind::neg:
        return negate(n, exact(*n.kids[0]));
      case Kind::cmp: {
        const Pmf a = exact(*n.kids[0]);
        return compare_pmfs(n, a, exact(*n.kids[1]));
      }
      case Kind::dice: {
        const Pmf count = exact(*n.kids[0]);
        const Pmf sides = exact(*n.kids[1]);
        return rolls(n, count, sides, n.has_keep ? exact(*n.kids[2]) : Pmf::point(0));
      }
      case Kind::call:
        return exact_call(n);
    }
    return Pmf();
  }

  // The chain's step i: its value so far `a` with its operand i, `b`.
  FRAY_OFF_PATH Pmf step(const Dice::Node& n, std::size_t i, const Pmf& a, const Pmf& b) {
    const auto x = static_cast<double>(a.width()), y = static_cast<double>(b.width());
    if (n.kind == Kind::sum) {
      charge(n.op_columns[i - 1], sum_work(x, y), 2.0 * (x + y));
      return n.op[i - 1] == '+' ? a + b : a - b;
    }
    charge(n.op_columns[i - 1], x * y * kMapOps, x * y * kMapValues);
    return Pmf::combine(a, b, [](std::int64_t u, std::int64_t v) { return checked_mul(u, v); });
  }

  FRAY_OFF_PATH Pmf negate(const Dice::Node& n, const Pmf& a) {
    charge(n, static_cast<double>(a.width()), 2.0 * static_cast<double>(a.width()));
    return -a;
  }

  FRAY_OFF_PATH Pmf compare_pmfs(const Dice::Node& n, const Pmf& a, const Pmf& b) {
    const double pairs = static_cast<double>(a.width()) * static_cast<double>(b.width());
    charge(n, pairs * kMapOps, 0.0);
    const std::string& op = n.op;
    return Pmf::combine(a, b, [&op](std::int64_t x, std::int64_t y) { return compare(op, x, y); });
  }

  // Every roll of NdM[kK] over the values its parts take, mixed.
  FRAY_OFF_PATH Pmf rolls(const Dice::Node& n, const Pmf& count, const Pmf& sides, const Pmf& keep) {
    // The rolls' cost from the values the parts actually take.
    const Dice::Cost cost =
        rolls_cost(axis_of_values(count), axis_of_values(sides), axis_of_values(keep), n.explode, n.has_keep);
    charge(n, cost.work, cost.values, false);
    Mixer parts;
    for (const auto& [c, pc] : count.items())
      for (const auto& [s, ps] : sides.items())
        for (const auto& [k, pk] : keep.items()) {
          check_roll(text, n, c, s, k);
          tick(n, roll_cost(double(c), double(s), double(k), n.explode, n.has_keep).work);
          // No die rolled, or none kept: 0, without building a die of s
          // sides (`0d(1d60000)` would build 60 000 of them).
          if (c == 0 || (n.has_keep && k == 0)) {
            parts.add(pc * ps * pk, Pmf::point(0));
            continue;
          }
          const Pmf die = n.explode ? exploding_die(s) : Pmf::uniform(1, s);
          if (!n.has_keep) {
            // Refuse a hopeless request before starting it.
            const auto width = static_cast<unsigned __int128>(c) * static_cast<std::uint64_t>(die.width() - 1) + 1;
            if (width > Pmf::max_width)
              throw Error(fmt::format(
                  "dice expression \"{}\": column {}: {}d{} is too large to compute exactly ({} values; the limit "
                  "is {})",
                  text, n.column, c, s, static_cast<std::uint64_t>(std::min<unsigned __int128>(width, ~0ULL)),
                  Pmf::max_width));
            parts.add(pc * ps * pk, die.repeat(static_cast<std::uint64_t>(c)));
          } else {
            parts.add(pc * ps * pk, keep_dice(die, c, k, n.keep_high));
          }
        }
    return std::move(parts).result();
  }

  // Reports one roll of a mixture, charged with the others before the first.
  void tick(const Dice::Node&, double work) { ticker.add(work); }

  using Values = std::vector<std::pair<std::int64_t, double>>;

  // On the path: the arguments' values, one at a time; the calls are made out of line.
  Pmf exact_call(const Dice::Node& n) {
    std::vector<Values> args;
    std::uint64_t combos = 1;
    for (const auto& k : n.kids) {
      args.push_back(exact(*k).items());
      combos = count_combos(n, combos, args.back().size());
    }
    return calls(n, args, combos);
  }

  FRAY_OFF_PATH std::uint64_t count_combos(const Dice::Node& n, std::uint64_t combos, std::size_t values) const {
    combos *= values;
    if (combos > 1'000'000)
      throw Error(fmt::format("dice expression \"{}\": column {}: the arguments of {} take too many values", text,
                              n.column, fns.all()[n.fn].name));
    return combos;
  }

  // The function called on every combination of its arguments' values, mixed.
  FRAY_OFF_PATH Pmf calls(const Dice::Node& n, const std::vector<Values>& args, std::uint64_t combos) {
    const DiceFunction& f = fns.all()[n.fn];
    std::vector<std::int64_t> vals(args.size());
    // Calls `visit(p)` with `vals` set to each combination of the arguments'
    // values in turn, p its probability.
    auto each = [&](auto&& visit) {
      std::vector<std::size_t> idx(args.size(), 0);
      for (;;) {
        double p = 1;
        for (std::size_t i = 0; i < args.size(); ++i) {
          vals[i] = args[i][idx[i]].first;
          p *= args[i][idx[i]].second;
        }
        visit(p);
        std::size_t i = 0;
        while (i < idx.size() && ++idx[i] == args[i].size()) idx[i++] = 0;
        if (i == idx.size()) return;
      }
    };
    // Every call is charged before the first is made.
    DiceCost all{static_cast<double>(combos) * kPartOps, 0};
    if (f.cost)
      each([&](double) {
        const DiceCost c = f.cost(vals);
        all.work += c.work;
        all.values = std::max(all.values, c.values);
      });
    charge(n, all.work, all.values, false);
    Mixer parts;
    each([&](double p) {
      Pmf d = f.exact(vals);
      const auto width = static_cast<double>(d.width());
      if (f.cost)
        tick(n, f.cost(vals).work + kPartOps);
      else
        charge(n, width, width);  // a function without a cost: its result's width, once made
      parts.add(p, std::move(d));
    });
    return std::move(parts).result();
  }

  std::int64_t sample(const Dice::Node& n, RngRef rng) const {
    switch (n.kind) {
      case Kind::number:
        return n.value;
      case Kind::sum: {
        auto a = sample(*n.kids[0], rng);
        for (std::size_t i = 1; i < n.kids.size(); ++i) {
          const auto b = sample(*n.kids[i], rng);
          if (n.op[i - 1] == '+') {
            a = checked_add(a, b);
          } else {
            if (b == std::numeric_limits<std::int64_t>::min()) throw Error("value overflows 64 bits");
            a = checked_add(a, -b);
          }
        }
        return a;
      }
      case Kind::neg: {
        const auto a = sample(*n.kids[0], rng);
        if (a == std::numeric_limits<std::int64_t>::min()) throw Error("value overflows 64 bits");
        return -a;
      }
      case Kind::product: {
        auto a = sample(*n.kids[0], rng);
        for (std::size_t i = 1; i < n.kids.size(); ++i) a = checked_mul(a, sample(*n.kids[i], rng));
        return a;
      }
      case Kind::cmp: {
        const auto a = sample(*n.kids[0], rng);
        return compare(n.op, a, sample(*n.kids[1], rng));
      }
      case Kind::dice: {
        const std::int64_t c = sample(*n.kids[0], rng);
        const std::int64_t s = sample(*n.kids[1], rng);
        return roll(n, c, s, n.has_keep ? sample(*n.kids[2], rng) : 0, rng);
      }
      case Kind::call: {
        std::vector<std::int64_t> vals;
        for (const auto& k : n.kids) vals.push_back(sample(*k, rng));
        return call(n, vals, rng);
      }
    }
    return 0;
  }

  FRAY_OFF_PATH std::int64_t call(const Dice::Node& n, const std::vector<std::int64_t>& vals, RngRef rng) const {
    return fns.all()[n.fn].sample(vals, rng);
  }

  static std::int64_t roll_die(std::int64_t sides, bool explode, RngRef rng) {
    std::int64_t total = rng.uniform(1, sides);
    if (!explode) return total;
    std::int64_t last = total;
    for (int k = 0; k < Dice::explode_limit && last == sides; ++k) total += last = rng.uniform(1, sides);
    return total;
  }

  // One roll of c dice of s sides, keeping k.
  FRAY_OFF_PATH std::int64_t roll(const Dice::Node& n, std::int64_t c, std::int64_t s, std::int64_t k,
                                  RngRef rng) const {
    check_roll(text, n, c, s, k);
    if (!n.has_keep) {
      std::int64_t total = 0;
      for (std::int64_t i = 0; i < c; ++i) total = checked_add(total, roll_die(s, n.explode, rng));
      return total;
    }
    std::vector<std::int64_t> rolls(static_cast<std::size_t>(c));
    for (auto& r : rolls) r = roll_die(s, n.explode, rng);
    if (n.keep_high)
      std::sort(rolls.begin(), rolls.end(), std::greater<>());
    else
      std::sort(rolls.begin(), rolls.end());
    std::int64_t total = 0;
    for (std::int64_t i = 0; i < k; ++i) total = checked_add(total, rolls[static_cast<std::size_t>(i)]);
    return total;
  }
};

// --- the range of values ------------------------------------------------------------------
//
// Every part of an expression rolls independently of the others, and its
// smallest and largest values both occur, so a sum's bounds are its parts'
// summed, a product's the extreme products of its parts' bounds, a
// comparison's what the parts' bounds allow. `whole` says every value between
// the bounds occurs too (an unexploded roll, a sum of whole parts): only then
// can `==` or a function's arguments be judged from the bounds alone.
struct Span {
  std::int64_t lo = 0, hi = 0;
  bool whole = true;
};

struct RangeWalk {
  const std::string& text;
  const DiceFunctions& fns;

  [[noreturn]] void overflow(const Dice::Node& n) const {
    throw Error(fmt::format("dice expression \"{}\": column {}: its range overflows 64 bits", text, n.column));
  }
  std::int64_t add(const Dice::Node& n, std::int64_t a, std::int64_t b) const {
    std::int64_t r;
    if (__builtin_add_overflow(a, b, &r)) overflow(n);
    return r;
  }
  std::int64_t mul(const Dice::Node& n, std::int64_t a, std::int64_t b) const {
    std::int64_t r;
    if (__builtin_mul_overflow(a, b, &r)) overflow(n);
    return r;
  }
  std::int64_t negate(const Dice::Node& n, std::int64_t a) const {
    if (a == std::numeric_limits<std::int64_t>::min()) overflow(n);
    return -a;
  }

  // Recurses once per level of nesting; each kind's work is out of line.
  std::optional<Span> walk(const Dice::Node& n) const {
    switch (n.kind) {
      case Kind::number:
        return Span{n.value, n.value, true};
      case Kind::neg: {
        const auto a = walk(*n.kids[0]);
        if (!a) return std::nullopt;
        return Span{negate(n, a->hi), negate(n, a->lo), a->whole};
      }
      case Kind::sum:
      case Kind::product: {
        auto a = walk(*n.kids[0]);
        for (std::size_t i = 1; a && i < n.kids.size(); ++i) {
          const auto b = walk(*n.kids[i]);
          a = b ? chain(n, i, *a, *b) : std::nullopt;
        }
        return a;
      }
      case Kind::cmp: {
        const auto a = walk(*n.kids[0]);
        const auto b = a ? walk(*n.kids[1]) : std::nullopt;
        return b ? cmp(n, *a, *b) : std::nullopt;
      }
      case Kind::dice: {
        const auto c = walk(*n.kids[0]);
        const auto s = c ? walk(*n.kids[1]) : std::nullopt;
        const auto k = s && n.has_keep ? walk(*n.kids[2]) : std::optional<Span>(Span{});
        return c && s && k ? roll(n, *c, *s, *k) : std::nullopt;
      }
      case Kind::call:
        return call(n);
    }
    return std::nullopt;
  }

  FRAY_OFF_PATH std::optional<Span> chain(const Dice::Node& n, std::size_t i, const Span& a, const Span& b) const {
    if (n.kind == Kind::sum) {
      if (n.op[i - 1] == '+') return Span{add(n, a.lo, b.lo), add(n, a.hi, b.hi), a.whole && b.whole};
      return Span{add(n, a.lo, negate(n, b.hi)), add(n, a.hi, negate(n, b.lo)), a.whole && b.whole};
    }
    const std::int64_t x[] = {mul(n, a.lo, b.lo), mul(n, a.lo, b.hi), mul(n, a.hi, b.lo), mul(n, a.hi, b.hi)};
    // A whole range times 0, 1 or -1 stays whole; any other product may leave gaps.
    auto unit = [](const Span& p) { return p.lo == p.hi && p.lo >= -1 && p.lo <= 1; };
    const bool whole = (unit(a) && b.whole) || (unit(b) && a.whole);
    return Span{*std::min_element(x, x + 4), *std::max_element(x, x + 4), whole};
  }

  FRAY_OFF_PATH std::optional<Span> cmp(const Dice::Node& n, const Span& a, const Span& b) const {
    bool can_true = false, can_false = false;
    if (n.op == "==") {
      const bool both_one = a.lo == a.hi && b.lo == b.hi;
      can_false = !both_one || a.lo != b.lo;
      const bool meet = a.lo <= b.hi && b.lo <= a.hi;
      // Overlapping bounds share a value when both ranges are whole or a bound
      // of one is a bound of the other; else the gaps decide: not known.
      const bool at_bound = a.lo == b.lo || a.lo == b.hi || a.hi == b.lo || a.hi == b.hi;  // bounds occur
      if (meet && !at_bound && !(a.whole && b.whole)) return std::nullopt;
      can_true = meet;
    } else if (n.op == ">=") {
      can_true = a.hi >= b.lo, can_false = a.lo < b.hi;
    } else if (n.op == "<=") {
      can_true = a.lo <= b.hi, can_false = a.hi > b.lo;
    } else if (n.op == ">") {
      can_true = a.hi > b.lo, can_false = a.lo <= b.hi;
    } else {
      can_true = a.lo < b.hi, can_false = a.hi >= b.lo;
    }
    return Span{can_false ? 0 : 1, can_true ? 1 : 0, true};
  }

  // NdM[kK][!]: each die 1..M, or with '!' 1..M*(explode_limit+1) (a die of
  // one side always explodes, every roll its top face); K (or N) dice counted.
  FRAY_OFF_PATH std::optional<Span> roll(const Dice::Node& n, const Span& c, const Span& s, const Span& k) const {
    // The rolls exact() and sample() refuse, at the bounds that would reach them.
    check_roll(text, n, c.lo, s.lo, n.has_keep ? k.lo : 0);
    check_roll(text, n, c.hi, s.hi, n.has_keep ? std::min(k.hi, c.hi) : 0);
    if (n.has_keep) check_roll(text, n, c.lo, s.lo, k.hi);
    const std::int64_t faces = Dice::explode_limit + 1;
    const std::int64_t die_lo = n.explode && s.hi == 1 ? faces : 1;
    const std::int64_t die_hi = n.explode ? mul(n, s.hi, faces) : s.hi;
    const Span& counted = n.has_keep ? k : c;
    return Span{mul(n, counted.lo, die_lo), mul(n, counted.hi, die_hi), !n.explode && counted.whole};
  }

  // A call: its exact distribution at each combination of its arguments'
  // values, when they are whole ranges and few enough.
  FRAY_OFF_PATH std::optional<Span> call(const Dice::Node& n) const {
    constexpr std::uint64_t kMaxCombos = 4096;
    std::vector<Span> args;
    std::uint64_t combos = 1;
    for (const auto& kid : n.kids) {
      const auto a = walk(*kid);
      if (!a || !a->whole) return std::nullopt;
      const auto width = static_cast<std::uint64_t>(a->hi) - static_cast<std::uint64_t>(a->lo) + 1;
      if (width == 0 || width > kMaxCombos || (combos *= width) > kMaxCombos) return std::nullopt;
      args.push_back(*a);
    }
    const DiceFunction& f = fns.all()[n.fn];
    std::vector<std::int64_t> vals;
    for (const Span& a : args) vals.push_back(a.lo);
    std::optional<Span> out;
    for (;;) {
      const Pmf p = f.exact(vals);
      if (!out)
        out = Span{p.min(), p.max(), p.is_point()};
      else
        out = Span{std::min(out->lo, p.min()), std::max(out->hi, p.max()), false};
      std::size_t i = 0;
      while (i < vals.size() && vals[i] == args[i].hi) vals[i] = args[i].lo, ++i;
      if (i == vals.size()) break;
      ++vals[i];
    }
    // One value in every case: the range is whole.
    if (out && out->lo == out->hi) out->whole = true;
    return out;
  }
};

}  // namespace

std::optional<DiceRange> Dice::range() const {
  const auto r = RangeWalk{text_, *fns_}.walk(*root_);
  if (!r) return std::nullopt;
  return DiceRange{r->lo, r->hi};
}

Dice Dice::parse(std::string_view text, const DiceFunctions& fns) {
  Dice d;
  d.text_ = std::string(text);
  d.fns_ = std::make_shared<const DiceFunctions>(fns);
  d.root_ = Parser(d.text_, *d.fns_).parse();
  return d;
}

Dice::Cost Dice::estimate() const {
  Estimator e{fns_.get(), {}};
  (void)e.walk(*root_);
  return e.cost;
}

double Dice::draws() const {
  Estimator e{fns_.get(), {}};
  (void)e.walk(*root_);
  return e.draws;
}

Pmf Dice::exact(Progress* progress) const {
  const Cost cost = estimate();
  require_budget(cost.work, cost.values, fmt::format("dice expression \"{}\"", text_),
                 "use fewer or smaller dice, or sample it: fray roll EXPR --count N");
  if (progress) progress->check();
  Eval e{text_, *fns_, progress};
  e.ticker = Ticker(progress, cost.work);
  e.total = cost.work;
  return e.exact(*root_);
}

std::int64_t Dice::sample(RngRef rng) const { return Eval{text_, *fns_}.sample(*root_, rng); }

}  // namespace fray

#undef FRAY_OFF_PATH
