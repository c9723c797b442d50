#include "program.hpp"

#include <fray/core/budget.hpp>
#include <fray/core/suggest.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <utility>

namespace fray::rules_file {

std::string_view type_name(Type t) noexcept {
  switch (t) {
    case Type::integer:
      return "an integer";
    case Type::real:
      return "a real";
    case Type::boolean:
      return "a boolean";
    case Type::dice:
      return "dice";
  }
  return "?";
}

namespace {

// The most values one random step may take, and the most nesting an expression may have.
constexpr std::int64_t kMaxSpan = 1'000'000;
constexpr int kMaxDepth = 100;

// --- tokens ----------------------------------------------------------------------------------

enum class Tok : std::uint8_t { end, newline, integer, real, dice, name, string, op };

struct Token {
  Tok kind = Tok::end;
  std::string text;  // a name, an operator, a string's contents, a dice literal
  std::int64_t i = 0;
  double r = 0;
  Pos pos;
  std::size_t at = 0, to = 0;  // the token's place in the program text
};

class Lexer {
 public:
  Lexer(std::string_view text, const std::string& file, Pos start)
      : s_(text), file_(file), line_(start.line), col_(start.column) {}

  std::vector<Token> all() {
    std::vector<Token> out;
    for (;;) {
      Token t = next();
      const bool end = t.kind == Tok::end;
      out.push_back(std::move(t));
      if (end) return out;
    }
  }

 private:
  [[noreturn]] void fail(Pos p, const std::string& what) const { throw RulesFileError(file_, p.line, p.column, what); }

  char peek(std::size_t k = 0) const { return i_ + k < s_.size() ? s_[i_ + k] : '\0'; }
  void advance() {
    if (s_[i_] == '\n') {
      ++line_;
      col_ = 1;
    } else {
      ++col_;
    }
    ++i_;
  }

  Token next() {
    for (;;) {
      const char c = peek();
      if (c == ' ' || c == '\t' || c == '\r') {
        advance();
      } else if (c == '#') {
        while (i_ < s_.size() && peek() != '\n') advance();
      } else {
        break;
      }
    }
    Token t;
    t.pos = {line_, col_};
    t.at = i_;
    if (i_ >= s_.size()) {
      t.kind = Tok::end;
      t.to = i_;
      return t;
    }
    const char c = peek();
    if (c == '\n' || c == ';') {
      advance();
      t.kind = Tok::newline;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      number(t);
    } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      while (std::isalnum(static_cast<unsigned char>(peek())) || peek() == '_') advance();
      t.text = std::string(s_.substr(t.at, i_ - t.at));
      t.kind = Tok::name;
      // dN: one die of N sides.
      if (t.text.size() > 1 && t.text[0] == 'd' && std::all_of(t.text.begin() + 1, t.text.end(), [](char x) {
            return std::isdigit(static_cast<unsigned char>(x));
          }))
        t.kind = Tok::dice;
    } else if (c == '"') {
      advance();
      while (i_ < s_.size() && peek() != '"' && peek() != '\n') advance();
      if (peek() != '"') fail(t.pos, "a string without its closing '\"'");
      t.text = std::string(s_.substr(t.at + 1, i_ - t.at - 1));
      advance();
      t.kind = Tok::string;
    } else {
      static constexpr std::string_view two[] = {"<=", ">=", "==", "!="};
      t.kind = Tok::op;
      for (std::string_view o : two)
        if (s_.substr(i_, 2) == o) {
          t.text = std::string(o);
          advance();
          advance();
          t.to = i_;
          return t;
        }
      if (std::string_view("+-*/(),.<>=").find(c) == std::string_view::npos)
        fail(t.pos, fmt::format("unexpected character '{}'", c));
      t.text = std::string(1, c);
      advance();
    }
    t.to = i_;
    return t;
  }

  void number(Token& t) {
    while (std::isdigit(static_cast<unsigned char>(peek()))) advance();
    bool real = false;
    if (peek() == '.' && std::isdigit(static_cast<unsigned char>(peek(1)))) {
      real = true;
      advance();
      while (std::isdigit(static_cast<unsigned char>(peek()))) advance();
    }
    if (!real && peek() == 'd' && std::isdigit(static_cast<unsigned char>(peek(1)))) {
      advance();
      while (std::isdigit(static_cast<unsigned char>(peek()))) advance();
      t.kind = Tok::dice;
      t.text = std::string(s_.substr(t.at, i_ - t.at));
      return;
    }
    if (std::isalpha(static_cast<unsigned char>(peek())) || peek() == '_')
      fail(t.pos, fmt::format("a number runs into a name: '{}'", s_.substr(t.at, i_ - t.at + 1)));
    const std::string text(s_.substr(t.at, i_ - t.at));
    if (real) {
      t.kind = Tok::real;
      t.r = std::strtod(text.c_str(), nullptr);
      if (!std::isfinite(t.r)) fail(t.pos, fmt::format("the number {} is too large", text));
    } else {
      t.kind = Tok::integer;
      std::int64_t v = 0;
      for (char ch : text)
        if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, ch - '0', &v))
          fail(t.pos, fmt::format("the integer {} does not fit in 64 bits", text));
      t.i = v;
    }
  }

  std::string_view s_;
  const std::string& file_;
  std::size_t i_ = 0;
  int line_, col_;
};

}  // namespace

// --- the compiled program --------------------------------------------------------------------

enum class Op : std::uint8_t {
  lit,
  stat,    // side, index
  flag,    // situation index
  status,  // side, index
  blow,    // the blow's number in its turn
  var,     // slot
  neg,
  add,
  sub,
  mul,
  div_real,
  lt,
  le,
  gt,
  ge,
  eq,
  ne,
  and_,
  or_,
  not_,
  if_,
  pick,  // kids: index, values
  min,
  max,
  clamp,
  abs,
  floor,
  ceil,
  round,
  trunc,
  idiv,
  imod,
  // random steps
  uniform,      // kids: lo, hi
  dice_law,     // a fixed law (pmf, dice)
  dice_stat,    // side, index
  dice_ns,      // kids: n, s
  chance,       // kids: p (scale: 1 or 100)
  cmp_uniform,  // kids: lo, hi, threshold; cmp: the comparison; flip: the draw is on the right
  cmp_law,      // a fixed law compared with kids[0]
};

struct Node {
  Op op = Op::lit;
  Type type = Type::integer;
  Pos pos;
  std::string text;  // the source of a random step, for its trace
  Val v;
  int side = 0;           // 0: a, 1: d
  std::size_t index = 0;  // stat, flag or slot
  double scale = 1;       // chance: 1, percent: 100
  Op cmp = Op::lt;        // cmp_uniform, cmp_law
  bool flip = false;      // the draw is the comparison's right side
  std::shared_ptr<const Pmf> pmf;
  std::shared_ptr<const Dice> dice;
  std::vector<std::unique_ptr<Node>> kids;
  bool random = false;
};

struct Stmt {
  enum Kind : std::uint8_t { assign, branch, ret, set } kind = assign;
  int side = 0;  // set: the side whose status
  Pos pos;
  std::size_t slot = 0;     // assign
  std::unique_ptr<Node> e;  // assign: the value; ret: the damage (may be null)
  std::vector<std::pair<std::unique_ptr<Node>, std::vector<Stmt>>> arms;  // branch: conditions and blocks
  std::vector<Stmt> otherwise;                                            // branch: else
  bool has_else = false;
  std::size_t outcome = 0;  // ret
};

struct Program::Impl {
  std::string file;
  std::vector<Stmt> body;
  std::unique_ptr<Node> expr;  // an expression program
  std::vector<std::string> slots;
  std::vector<Type> slot_types;
  Pos end;                               // where the program's text ends
  bool returns = true;                   // Scope::returns
  std::vector<std::int64_t> status_max;  // each status's max
  bool reads_blow = false;
  // dice(n, s) laws met so far.
  mutable std::mutex mutex;
  mutable std::map<std::pair<std::int64_t, std::int64_t>,
                   std::pair<std::shared_ptr<const Pmf>, std::shared_ptr<const Dice>>>
      dice_cache;
};

namespace {

// --- the parser and the names --------------------------------------------------------------------

bool numeric(Type t) { return t == Type::integer || t == Type::real; }

class Parser {
 public:
  Parser(std::string_view text, const std::string& file, Pos start, const Scope& scope, Program::Impl& out)
      : text_(text), file_(file), scope_(scope), out_(out) {
    toks_ = Lexer(text, file, start).all();
  }

  void program() {
    out_.body = block(true);
    if (peek().kind != Tok::end) fail(peek().pos, fmt::format("'{}' without its 'if'", peek().text));
    out_.end = peek().pos;
  }

  void expression(std::string_view what) {
    skip_newlines();
    if (peek().kind == Tok::end) fail(peek().pos, fmt::format("{} is empty", what));
    out_.expr = expr();
    skip_newlines();
    if (peek().kind != Tok::end)
      fail(peek().pos, fmt::format("{}: unexpected '{}' after the expression", what, peek().text));
    if (out_.expr->random) fail(out_.expr->pos, fmt::format("{} may not be random", what));
    if (!numeric(out_.expr->type))
      fail(out_.expr->pos, fmt::format("{} must be a number, not {}", what, type_name(out_.expr->type)));
  }

 private:
  [[noreturn]] void fail(Pos p, const std::string& what) const { throw RulesFileError(file_, p.line, p.column, what); }

  const Token& peek(std::size_t k = 0) const { return toks_[std::min(i_ + k, toks_.size() - 1)]; }
  Token take() { return toks_[std::min(i_++, toks_.size() - 1)]; }
  bool is_op(std::string_view o, std::size_t k = 0) const { return peek(k).kind == Tok::op && peek(k).text == o; }
  bool is_word(std::string_view w) const { return peek().kind == Tok::name && peek().text == w; }
  void skip_newlines() {
    while (peek().kind == Tok::newline) ++i_;
  }
  void expect_op(std::string_view o, std::string_view after) {
    if (!is_op(o)) fail(peek().pos, fmt::format("expected '{}' {}, found {}", o, after, shown(peek())));
    ++i_;
  }
  void end_of_statement() {
    if (peek().kind != Tok::newline && peek().kind != Tok::end)
      fail(peek().pos, fmt::format("expected the end of the line, found {}", shown(peek())));
  }
  static std::string shown(const Token& t) {
    switch (t.kind) {
      case Tok::end:
        return "the end of the program";
      case Tok::newline:
        return "the end of the line";
      default:
        return fmt::format("'{}'", t.text.empty() ? std::string("?") : t.text);
    }
  }
  static bool keyword(std::string_view w) {
    static constexpr std::string_view words[] = {"if",  "then", "elif", "else", "end",  "return",
                                                 "and", "or",   "not",  "true", "false"};
    return std::find(std::begin(words), std::end(words), w) != std::end(words);
  }

  // Statements up to 'elif', 'else', 'end' or the end of the program.
  std::vector<Stmt> block(bool top) {
    std::vector<Stmt> out;
    for (;;) {
      skip_newlines();
      const Token& t = peek();
      if (t.kind == Tok::end) return out;
      if (t.kind == Tok::name && (t.text == "elif" || t.text == "else" || t.text == "end")) {
        if (top) fail(t.pos, fmt::format("'{}' without its 'if'", t.text));
        return out;
      }
      out.push_back(statement());
    }
  }

  Stmt statement() {
    Stmt s;
    s.pos = peek().pos;
    if (is_word("if")) {
      s.kind = Stmt::branch;
      ++i_;
      for (;;) {
        auto c = condition();
        auto b = block(false);
        s.arms.emplace_back(std::move(c), std::move(b));
        if (is_word("elif")) {
          ++i_;
          continue;
        }
        break;
      }
      if (is_word("else")) {
        ++i_;
        s.has_else = true;
        s.otherwise = block(false);
      }
      if (!is_word("end")) fail(peek().pos, fmt::format("the 'if' of line {} has no 'end'", s.pos.line));
      ++i_;
      end_of_statement();
      return s;
    }
    if (is_word("return")) {
      if (!scope_.returns) fail(peek().pos, "the start of a turn sets statuses and returns nothing");
      s.kind = Stmt::ret;
      ++i_;
      const Token name = take();
      if (name.kind != Tok::name) fail(name.pos, fmt::format("return: expected an outcome, found {}", shown(name)));
      const auto& outs = *scope_.outcomes;
      const auto at = std::find(outs.begin(), outs.end(), name.text);
      if (at == outs.end())
        fail(name.pos, fmt::format("unknown outcome '{}'{} (outcomes: {})", name.text,
                                   fray::did_you_mean(name.text, outs), fmt::join(outs, ", ")));
      s.outcome = static_cast<std::size_t>(at - outs.begin());
      if (is_op(",")) {
        ++i_;
        s.e = expr();
        if (s.e->type == Type::dice)
          fail(s.e->pos, "the damage must be an integer, not dice: roll them with roll(...)");
        if (s.e->type != Type::integer)
          fail(s.e->pos, fmt::format("the damage must be an integer, not {} (floor, ceil, round or trunc make one)",
                                     type_name(s.e->type)));
      }
      end_of_statement();
      return s;
    }
    const Token name = take();
    if (name.kind != Tok::name || keyword(name.text))
      fail(name.pos, fmt::format("expected a statement (NAME = ..., if, return), found {}", shown(name)));
    if (is_op(".") && (name.text == "a" || name.text == "d") && peek(1).kind == Tok::name && is_op("=", 2) &&
        status_index(peek(1).text)) {
      ++i_;
      const Token field = take();
      ++i_;  // =
      s.kind = Stmt::set;
      s.side = name.text == "a" ? 0 : 1;
      s.slot = *status_index(field.text);
      s.e = expr();
      if (s.e->type != Type::integer)
        fail(s.e->pos, fmt::format("the status {} is an integer, not {}", field.text, type_name(s.e->type)));
      end_of_statement();
      return s;
    }
    if (is_op("."))
      fail(peek().pos,
           fmt::format("'{}.' names a stat, which the program may read but not set (a status of [status] it may)",
                       name.text));
    if (name.text == "blow")
      fail(name.pos, "'blow' is the blow's number in its turn, which the program may read but not set");
    expect_op("=", fmt::format("after '{}'", name.text));
    s.kind = Stmt::assign;
    s.e = expr();
    if (s.e->type == Type::dice)
      fail(s.e->pos,
           fmt::format("'{}' would hold dice: roll them with roll(...) (a dice stat is read only by roll)", name.text));
    end_of_statement();
    const auto at = std::find(out_.slots.begin(), out_.slots.end(), name.text);
    if (at == out_.slots.end()) {
      s.slot = out_.slots.size();
      out_.slots.push_back(name.text);
      out_.slot_types.push_back(s.e->type);
    } else {
      s.slot = static_cast<std::size_t>(at - out_.slots.begin());
      if (out_.slot_types[s.slot] != s.e->type)
        fail(s.e->pos, fmt::format("'{}' was {} and is set here to {}", name.text, type_name(out_.slot_types[s.slot]),
                                   type_name(s.e->type)));
    }
    return s;
  }

  std::unique_ptr<Node> condition() {
    auto c = expr();
    if (c->type != Type::boolean) fail(c->pos, fmt::format("an 'if' needs a condition, not {}", type_name(c->type)));
    if (!is_word("then")) fail(peek().pos, fmt::format("expected 'then' after the condition, found {}", shown(peek())));
    ++i_;
    return c;
  }

  // --- expressions ---

  static std::unique_ptr<Node> node(Op op, Type type, Pos pos) {
    auto n = std::make_unique<Node>();
    n->op = op;
    n->type = type;
    n->pos = pos;
    return n;
  }
  std::string source(std::size_t from) const { return std::string(text_.substr(from, toks_[i_ - 1].to - from)); }

  struct Depth {
    int& d;
    Depth(int& depth, Pos p, const Parser& parser) : d(depth) {
      if (++d > kMaxDepth) parser.fail(p, fmt::format("an expression nested more than {} levels deep", kMaxDepth));
    }
    ~Depth() { --d; }
  };

  std::unique_ptr<Node> expr() { return disjunction(); }

  std::unique_ptr<Node> disjunction() {
    auto l = conjunction();
    while (is_word("or")) {
      const Pos p = peek().pos;
      ++i_;
      l = logical(Op::or_, std::move(l), conjunction(), p);
    }
    return l;
  }
  std::unique_ptr<Node> conjunction() {
    auto l = negation();
    while (is_word("and")) {
      const Pos p = peek().pos;
      ++i_;
      l = logical(Op::and_, std::move(l), negation(), p);
    }
    return l;
  }
  std::unique_ptr<Node> logical(Op op, std::unique_ptr<Node> l, std::unique_ptr<Node> r, Pos p) {
    for (const auto* x : {l.get(), r.get()})
      if (x->type != Type::boolean)
        fail(x->pos, fmt::format("'{}' joins booleans, not {}", op == Op::and_ ? "and" : "or", type_name(x->type)));
    auto n = node(op, Type::boolean, p);
    n->random = l->random || r->random;
    n->kids.push_back(std::move(l));
    n->kids.push_back(std::move(r));
    return n;
  }
  std::unique_ptr<Node> negation() {
    if (is_word("not")) {
      const Pos p = peek().pos;
      ++i_;
      Depth depth(depth_, p, *this);
      auto x = negation();
      if (x->type != Type::boolean) fail(x->pos, fmt::format("'not' takes a boolean, not {}", type_name(x->type)));
      auto n = node(Op::not_, Type::boolean, p);
      n->random = x->random;
      n->kids.push_back(std::move(x));
      return n;
    }
    return comparison();
  }
  std::unique_ptr<Node> comparison() {
    const std::size_t from = peek().at;
    auto l = sum();
    static const std::pair<std::string_view, Op> ops[] = {{"<", Op::lt},  {"<=", Op::le}, {">", Op::gt},
                                                          {">=", Op::ge}, {"==", Op::eq}, {"!=", Op::ne}};
    for (const auto& [text, op] : ops) {
      if (!is_op(text)) continue;
      const Pos p = peek().pos;
      ++i_;
      auto r = sum();
      const bool equality = op == Op::eq || op == Op::ne;
      const bool ok =
          (numeric(l->type) && numeric(r->type)) || (equality && l->type == Type::boolean && r->type == Type::boolean);
      if (!ok)
        fail(p, fmt::format("'{}' compares {}, not {} and {}", text, equality ? "numbers or booleans" : "numbers",
                            type_name(l->type), type_name(r->type)));
      if (is_op("<") || is_op("<=") || is_op(">") || is_op(">=") || is_op("==") || is_op("!="))
        fail(peek().pos, "comparisons do not chain: join them with 'and'");
      return compared(op, std::move(l), std::move(r), p, source(from));
    }
    return l;
  }

  // A comparison; one of a uniform step or a fixed law with a value that is
  // not random is one yes-or-no step (docs/rules.md, "Random steps").
  std::unique_ptr<Node> compared(Op op, std::unique_ptr<Node> l, std::unique_ptr<Node> r, Pos p, std::string text) {
    const auto drawn = [](const Node& x) {
      return x.op == Op::uniform || x.op == Op::dice_law || x.op == Op::dice_stat;
    };
    const bool left = drawn(*l) && !r->random && r->type == Type::integer;
    const bool right = !left && drawn(*r) && !l->random && l->type == Type::integer;
    if (left || right) {
      std::unique_ptr<Node>& step = left ? l : r;
      std::unique_ptr<Node>& other = left ? r : l;
      const bool uniform = step->op == Op::uniform;
      auto n = node(uniform ? Op::cmp_uniform : Op::cmp_law, Type::boolean, p);
      n->cmp = op;
      n->flip = right;
      n->text = std::move(text);
      n->random = true;
      n->side = step->side;
      n->index = step->index;
      n->pmf = step->pmf;
      n->dice = step->dice;
      if (uniform) {
        n->kids.push_back(std::move(step->kids[0]));
        n->kids.push_back(std::move(step->kids[1]));
        n->text = step->text + "  (" + n->text + ")";
      } else if (step->op == Op::dice_stat) {
        n->op = Op::cmp_law;
        n->scale = 2;  // the law of a dice stat
      }
      n->kids.push_back(std::move(other));
      return n;
    }
    auto n = node(op, Type::boolean, p);
    n->random = l->random || r->random;
    n->kids.push_back(std::move(l));
    n->kids.push_back(std::move(r));
    return n;
  }

  std::unique_ptr<Node> sum() {
    auto l = product();
    while (is_op("+") || is_op("-")) {
      const Token t = take();
      l = arithmetic(t.text == "+" ? Op::add : Op::sub, std::move(l), product(), t.pos, t.text);
    }
    return l;
  }
  std::unique_ptr<Node> product() {
    auto l = unary();
    while (is_op("*") || is_op("/")) {
      const Token t = take();
      l = arithmetic(t.text == "*" ? Op::mul : Op::div_real, std::move(l), unary(), t.pos, t.text);
    }
    return l;
  }
  std::unique_ptr<Node> arithmetic(Op op, std::unique_ptr<Node> l, std::unique_ptr<Node> r, Pos p, std::string_view o) {
    for (const auto* x : {l.get(), r.get()})
      if (!numeric(x->type)) fail(x->pos, fmt::format("'{}' takes numbers, not {}", o, type_name(x->type)));
    const Type t = op == Op::div_real || l->type == Type::real || r->type == Type::real ? Type::real : Type::integer;
    auto n = node(op, t, p);
    n->random = l->random || r->random;
    n->kids.push_back(std::move(l));
    n->kids.push_back(std::move(r));
    return n;
  }
  std::unique_ptr<Node> unary() {
    if (is_op("-")) {
      const Pos p = peek().pos;
      ++i_;
      Depth depth(depth_, p, *this);
      auto x = unary();
      if (!numeric(x->type)) fail(x->pos, fmt::format("'-' takes a number, not {}", type_name(x->type)));
      auto n = node(Op::neg, x->type, p);
      n->random = x->random;
      n->kids.push_back(std::move(x));
      return n;
    }
    return atom();
  }

  std::unique_ptr<Node> atom() {
    const Token t = take();
    switch (t.kind) {
      case Tok::integer: {
        auto n = node(Op::lit, Type::integer, t.pos);
        n->v = {Type::integer, t.i, 0};
        return n;
      }
      case Tok::real: {
        auto n = node(Op::lit, Type::real, t.pos);
        n->v = {Type::real, 0, t.r};
        return n;
      }
      case Tok::dice:
        return fixed_dice(t.text, t.pos, t.text);
      case Tok::string:
        fail(t.pos, "a string is only a dice expression inside roll(\"...\")");
      case Tok::op:
        if (t.text == "(") {
          Depth depth(depth_, t.pos, *this);
          auto x = expr();
          expect_op(")", "to close the '('");
          return x;
        }
        fail(t.pos, fmt::format("expected a value, found '{}'", t.text));
      case Tok::name:
        return named(t);
      case Tok::newline:
      case Tok::end:
        fail(t.pos, fmt::format("expected a value, found {}", shown(t)));
    }
    fail(t.pos, "expected a value");
  }

  std::unique_ptr<Node> fixed_dice(const std::string& text, Pos p, std::string shown_as) {
    auto n = node(Op::dice_law, Type::integer, p);
    try {
      auto d = std::make_shared<Dice>(Dice::parse(text));
      n->pmf = std::make_shared<Pmf>(d->exact());
      n->dice = std::move(d);
    } catch (const Error& e) {
      fail(p, e.what());
    }
    if (n->pmf->width() > static_cast<std::size_t>(kMaxSpan))
      fail(p, fmt::format("{} takes more than {} values", text, kMaxSpan));
    n->text = std::move(shown_as);
    n->random = true;
    return n;
  }

  std::unique_ptr<Node> named(const Token& t) {
    if (t.text == "true" || t.text == "false") {
      auto n = node(Op::lit, Type::boolean, t.pos);
      n->v = {Type::boolean, t.text == "true" ? 1 : 0, 0};
      return n;
    }
    if (keyword(t.text) && !(t.text == "if" && is_op("(")))
      fail(t.pos, fmt::format("expected a value, found '{}'", t.text));
    if (is_op(".")) {
      ++i_;
      const Token field = take();
      if (field.kind != Tok::name && field.kind != Tok::dice)
        fail(field.pos, fmt::format("expected a name after '{}.', found {}", t.text, shown(field)));
      if (t.text == "a" || t.text == "d") return stat(t.text == "a" ? 0 : 1, field, t.pos);
      if (t.text == "situation") {
        const auto& flags = *scope_.situations;
        const auto at = std::find(flags.begin(), flags.end(), field.text);
        if (at == flags.end())
          fail(field.pos, fmt::format("unknown situation '{}'{}{}", field.text, fray::did_you_mean(field.text, flags),
                                      flags.empty() ? " (the file has no [situations])" : ""));
        auto n = node(Op::flag, Type::boolean, t.pos);
        n->index = static_cast<std::size_t>(at - flags.begin());
        return n;
      }
      fail(t.pos, fmt::format("'{}.' names nothing: a. is the attacker, d. the defender, situation. a flag", t.text));
    }
    if (is_op("(")) return call(t);
    if (t.text == "blow") {
      out_.reads_blow = true;
      return node(Op::blow, Type::integer, t.pos);
    }
    const auto at = std::find(out_.slots.begin(), out_.slots.end(), t.text);
    if (at == out_.slots.end()) {
      std::vector<std::string> known = out_.slots;
      fail(t.pos,
           fmt::format("unknown name '{}'{} (stats are a.NAME and d.NAME; a value must be set before it is read)",
                       t.text, fray::did_you_mean(t.text, known)));
    }
    const auto slot = static_cast<std::size_t>(at - out_.slots.begin());
    auto n = node(Op::var, out_.slot_types[slot], t.pos);
    n->index = slot;
    n->text = t.text;
    return n;
  }

  std::optional<std::size_t> status_index(const std::string& name) const {
    if (!scope_.statuses) return std::nullopt;
    for (std::size_t k = 0; k < scope_.statuses->size(); ++k)
      if ((*scope_.statuses)[k].name == name) return k;
    return std::nullopt;
  }

  std::unique_ptr<Node> stat(int side, const Token& field, Pos p) {
    if (const auto k = status_index(field.text)) {
      auto n = node(Op::status, Type::integer, p);
      n->side = side;
      n->index = *k;
      n->text = fmt::format("{}.{}", side == 0 ? "a" : "d", field.text);
      return n;
    }
    const auto& stats = *scope_.stats;
    for (std::size_t k = 0; k < stats.size(); ++k) {
      if (stats[k].name != field.text) continue;
      auto n = node(stats[k].type == Type::dice ? Op::dice_stat : Op::stat, stats[k].type, p);
      n->side = side;
      n->index = k;
      n->text = fmt::format("{}.{}", side == 0 ? "a" : "d", field.text);
      return n;
    }
    std::vector<std::string> names;
    for (const Stat& s : stats) names.push_back(s.name);
    fail(field.pos, fmt::format("unknown stat '{}'{} (stats: {})", field.text, fray::did_you_mean(field.text, names),
                                fmt::join(names, ", ")));
  }

  // roll() of a dice value: a dice stat's roll; of a choice among dice
  // (pick, if), the choice among their rolls, which draws only the one chosen.
  std::unique_ptr<Node> rolled(std::unique_ptr<Node> x, const std::string& text) {
    if (x->op == Op::dice_stat) {
      x->type = Type::integer;
      x->random = true;
      x->text = text;
      return x;
    }
    if (x->op != Op::pick && x->op != Op::if_) fail(x->pos, "roll takes a dice stat, or a pick or if among dice stats");
    for (std::size_t k = 1; k < x->kids.size(); ++k) x->kids[k] = rolled(std::move(x->kids[k]), text);
    x->type = Type::integer;
    x->random = true;
    return x;
  }

  std::unique_ptr<Node> call(const Token& f) {
    const std::size_t from = f.at;
    ++i_;  // (
    Depth depth(depth_, f.pos, *this);
    std::vector<std::unique_ptr<Node>> args;
    std::optional<Token> text_arg;
    if (!is_op(")")) {
      for (;;) {
        if (peek().kind == Tok::string) {
          text_arg = take();
        } else {
          args.push_back(expr());
        }
        if (is_op(",")) {
          ++i_;
          continue;
        }
        break;
      }
    }
    expect_op(")", fmt::format("to close {}(", f.text));
    const std::string text = source(from);
    const std::size_t n = args.size() + (text_arg ? 1 : 0);
    const auto arity = [&](std::size_t lo, std::size_t hi, std::string_view sig) {
      if (n < lo || n > hi)
        fail(f.pos, fmt::format("{} takes {}", sig,
                                lo == hi ? fmt::format("{} argument{}", lo, lo == 1 ? "" : "s")
                                         : fmt::format("{} or more arguments", lo)));
      if (text_arg && f.text != "roll") fail(text_arg->pos, fmt::format("{} takes no string", f.text));
    };
    const auto numbers = [&](std::string_view sig) {
      for (const auto& a : args)
        if (!numeric(a->type)) fail(a->pos, fmt::format("{} takes numbers, not {}", sig, type_name(a->type)));
    };
    const auto integers = [&](std::string_view sig) {
      for (const auto& a : args)
        if (a->type != Type::integer)
          fail(a->pos, fmt::format("{} takes integers, not {} (floor, ceil, round or trunc make one)", sig,
                                   type_name(a->type)));
    };
    const auto make = [&](Op op, Type type) {
      auto x = node(op, type, f.pos);
      for (auto& a : args) {
        x->random = x->random || a->random;
        x->kids.push_back(std::move(a));
      }
      return x;
    };
    const auto widest = [&] {
      for (const auto& a : args)
        if (a->type == Type::real) return Type::real;
      return Type::integer;
    };
    const std::string& w = f.text;
    if (w == "min" || w == "max") {
      arity(2, 64, w + "(x, y, ...)");
      numbers(w);
      return make(w == "min" ? Op::min : Op::max, widest());
    }
    if (w == "clamp") {
      arity(3, 3, "clamp(x, lo, hi)");
      numbers(w);
      return make(Op::clamp, widest());
    }
    if (w == "abs") {
      arity(1, 1, "abs(x)");
      numbers(w);
      return make(Op::abs, widest());
    }
    if (w == "floor" || w == "ceil" || w == "round" || w == "trunc") {
      arity(1, 1, w + "(x)");
      numbers(w);
      return make(w == "floor"   ? Op::floor
                  : w == "ceil"  ? Op::ceil
                  : w == "round" ? Op::round
                                 : Op::trunc,
                  Type::integer);
    }
    if (w == "div" || w == "mod") {
      arity(2, 2, w + "(x, y)");
      integers(w);
      return make(w == "div" ? Op::idiv : Op::imod, Type::integer);
    }
    if (w == "pick") {
      arity(2, 4096, "pick(i, v0, v1, ...)");
      if (args[0]->type != Type::integer)
        fail(args[0]->pos, fmt::format("pick(i, ...) needs an integer i, not {}", type_name(args[0]->type)));
      Type t = args[1]->type;
      for (std::size_t k = 2; k < args.size(); ++k) {
        if (args[k]->type == t) continue;
        if (!numeric(args[k]->type) || !numeric(t))
          fail(args[k]->pos,
               fmt::format("pick(i, ...): the values are {} and {}", type_name(t), type_name(args[k]->type)));
        t = Type::real;
      }
      return make(Op::pick, t);
    }
    if (w == "if") {
      arity(3, 3, "if(condition, x, y)");
      if (args[0]->type != Type::boolean)
        fail(args[0]->pos, fmt::format("if(condition, x, y) needs a condition, not {}", type_name(args[0]->type)));
      Type t = args[1]->type;
      if (args[1]->type != args[2]->type) {
        if (!numeric(args[1]->type) || !numeric(args[2]->type))
          fail(args[2]->pos, fmt::format("if(condition, x, y): x is {} and y {}", type_name(args[1]->type),
                                         type_name(args[2]->type)));
        t = Type::real;
      }
      return make(Op::if_, t);
    }
    // Random steps.
    if (w == "rand" || w == "randint") {
      arity(1, 1, w + "(n)");
      integers(w);
      auto x = node(Op::uniform, Type::integer, f.pos);
      auto lo = node(Op::lit, Type::integer, f.pos);
      lo->v = {Type::integer, w == "rand" ? 0 : 1, 0};
      // rand(n) is 0..n-1: its top is n - 1.
      std::unique_ptr<Node> hi = std::move(args[0]);
      if (w == "rand") {
        auto one = node(Op::lit, Type::integer, f.pos);
        one->v = {Type::integer, 1, 0};
        auto minus = node(Op::sub, Type::integer, f.pos);
        minus->random = hi->random;
        minus->kids.push_back(std::move(hi));
        minus->kids.push_back(std::move(one));
        hi = std::move(minus);
      }
      x->random = true;
      x->kids.push_back(std::move(lo));
      x->kids.push_back(std::move(hi));
      x->text = text;
      x->scale = w == "rand" ? 0 : 1;  // the argument is hi + 1 for rand
      return x;
    }
    if (w == "range") {
      arity(2, 2, "range(lo, hi)");
      integers(w);
      auto x = make(Op::uniform, Type::integer);
      x->random = true;
      x->text = text;
      return x;
    }
    if (w == "dice") {
      arity(2, 2, "dice(n, sides)");
      integers(w);
      auto x = make(Op::dice_ns, Type::integer);
      x->random = true;
      x->text = text;
      return x;
    }
    if (w == "chance" || w == "percent") {
      arity(1, 1, w + (w == "chance" ? "(p)" : "(x)"));
      numbers(w);
      auto x = make(Op::chance, Type::boolean);
      x->scale = w == "chance" ? 1 : 100;
      x->random = true;
      x->text = text;
      return x;
    }
    if (w == "roll") {
      arity(1, 1, "roll(dice)");
      if (text_arg) return fixed_dice(text_arg->text, text_arg->pos, text);
      if (args[0]->type != Type::dice)
        fail(args[0]->pos,
             fmt::format("roll takes a dice stat or a dice expression in quotes, not {}", type_name(args[0]->type)));
      return rolled(std::move(args[0]), text);
    }
    static const std::vector<std::string> fns = {"min",   "max",    "clamp",   "abs",  "floor", "ceil",    "round",
                                                 "trunc", "div",    "mod",     "if",   "rand",  "randint", "range",
                                                 "dice",  "chance", "percent", "roll", "pick"};
    fail(f.pos,
         fmt::format("unknown function '{}'{} (functions: {})", w, fray::did_you_mean(w, fns), fmt::join(fns, ", ")));
  }

  std::string_view text_;
  const std::string& file_;
  const Scope& scope_;
  Program::Impl& out_;
  std::vector<Token> toks_;
  std::size_t i_ = 0;
  int depth_ = 0;
};

}  // namespace

// --- running it ------------------------------------------------------------------------------

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

// A yes or no: a uniform step or a dice law compared with a fixed value. The
// exact reading has two branches; the sampled one draws the number.
template <class Drawn>
struct TestLaw {
  using value_type = bool;
  double p = 0;
  Drawn draw;  // the number, drawn as the game draws it
  Test holds;
  const std::string* label;
  const std::string* call;
  [[nodiscard]] std::size_t size() const noexcept { return 2; }
  [[nodiscard]] fight::Branch<bool> at(std::size_t i) const noexcept {
    return i == 0 ? fight::Branch<bool>{true, p} : fight::Branch<bool>{false, 1 - p};
  }
  bool sample(Rng& rng, std::vector<Draw>* trace) const {
    const std::int64_t v = draw(rng);
    if (trace) trace->push_back({*label, *call, Value(v)});
    return holds(v);
  }
};

// A yes with probability p, drawn as one real in [0, 1).
struct ChanceLaw {
  using value_type = bool;
  double p = 0;
  const std::string* label;
  const std::string* call;
  [[nodiscard]] std::size_t size() const noexcept { return 2; }
  [[nodiscard]] fight::Branch<bool> at(std::size_t i) const noexcept {
    return i == 0 ? fight::Branch<bool>{true, p} : fight::Branch<bool>{false, 1 - p};
  }
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
        if constexpr (R::exact) {
          if (p == 0) return boolean(false);
          if (p == 1) return boolean(true);
        }
        return boolean(r_.draw(ChanceLaw{p, label_, &n.text}));
      }
      case Op::cmp_uniform: {
        const std::int64_t lo = eval(*n.kids[0]).i, hi = eval(*n.kids[1]).i, t = eval(*n.kids[2]).i;
        const std::int64_t count = span_checked(lo, hi, n.pos, n.text);
        const Test holds{n.cmp, n.flip, t};
        const std::int64_t yes = count_holding(lo, hi, n.cmp, n.flip, t);
        const double p = static_cast<double>(yes) / static_cast<double>(count);
        if constexpr (R::exact) {
          if (yes == 0) return boolean(false);
          if (yes == count) return boolean(true);
        }
        const auto draw = [lo, hi](Rng& g) { return g.uniform(lo, hi); };
        return boolean(r_.draw(TestLaw<decltype(draw)>{p, draw, holds, label_, &n.text}));
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
        if constexpr (R::exact) {
          if (!(p > 0)) return boolean(false);
          if (!(p < 1)) return boolean(true);
        }
        const auto draw = [dice](Rng& g) { return dice->sample(g); };
        return boolean(r_.draw(TestLaw<decltype(draw)>{p, draw, holds, label_, &n.text}));
      }
    }
    fail(n.pos, "internal: an unknown step");
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

Program::Program() : impl_(std::make_unique<Impl>()) {}
Program::~Program() = default;
Program::Program(Program&&) noexcept = default;
Program& Program::operator=(Program&&) noexcept = default;

Program Program::compile(std::string_view text, const std::string& file, Pos start, const Scope& scope) {
  Program p;
  p.impl_->file = file;
  p.impl_->returns = scope.returns;
  if (scope.statuses)
    for (const Status& st : *scope.statuses) p.impl_->status_max.push_back(st.max);
  Parser(text, file, start, scope, *p.impl_).program();
  if (p.impl_->body.empty()) throw RulesFileError(file, start.line, start.column, "the program is empty");
  return p;
}

Program Program::expression(std::string_view text, const std::string& file, Pos start, const Scope& scope,
                            std::string_view what) {
  Program p;
  p.impl_->file = file;
  Parser(text, file, start, scope, *p.impl_).expression(what);
  return p;
}

std::uint64_t max_paths() noexcept {
  const double by_budget = budget().work / 1000;
  return static_cast<std::uint64_t>(std::clamp(by_budget, 1.0, static_cast<double>(fight::kMaxTurnPaths)));
}

namespace {
// The inputs with statuses of their own, copied from those given (every
// status 0 when none are): a run on them leaves the caller's as they were.
struct Fresh {
  std::vector<std::int64_t> a, d;
  Inputs in;
  Fresh(const Inputs& given, std::size_t n)
      : a(given.a_status ? *given.a_status : std::vector<std::int64_t>(n, 0)),
        d(given.d_status ? *given.d_status : std::vector<std::int64_t>(n, 0)),
        in(given) {
    in.a_status = &a;
    in.d_status = &d;
  }
  Fresh(const Fresh&) = delete;  // `in` points into this object
  Fresh& operator=(const Fresh&) = delete;
};
}  // namespace

void Program::each(const Inputs& in, const std::function<void(double, const Blow&)>& sink) const {
  const std::uint64_t most = max_paths();
  const std::size_t n = impl_->status_max.size();
  try {
    fight::Enumerate::each(
        [&](fight::Enumerate& r) {
          // Each path starts from the statuses given: a replay must not see
          // what the path before it set.
          const Fresh fresh(in, n);
          Run<fight::Enumerate> run(*impl_, fresh.in, r, nullptr);
          return run.body();
        },
        [&](double p, Blow&& b) { sink(p, b); }, most);
  } catch (const TooLarge&) {
    throw TooLarge(
        fmt::format("{}: one blow has more than {} paths of random steps (or more than {} steps on one), "
                    "more than the exact reading follows; fray strike samples it, and a fight is sampled "
                    "(--method monte-carlo)",
                    impl_->file, most, fight::kMaxTurnDraws));
  }
}

Blow Program::sample(const Inputs& in, Rng& rng, std::vector<Draw>* trace, std::vector<Named>* named) const {
  fight::Sample r(rng, trace);
  const Fresh fresh(in, impl_->status_max.size());
  Run<fight::Sample> run(*impl_, fresh.in, r, named);
  return run.body();
}

bool Program::reads_blow() const noexcept { return impl_->reads_blow; }

Blow Program::run(fight::Enumerate& r, const Inputs& in) const {
  Run<fight::Enumerate> run(*impl_, in, r, nullptr);
  return run.body();
}

Blow Program::run(fight::Sample& r, const Inputs& in) const {
  Run<fight::Sample> run(*impl_, in, r, nullptr);
  return run.body();
}

Val Program::value(const Inputs& in) const {
  Rng unused(0);
  fight::Sample r(unused, nullptr);
  Run<fight::Sample> run(*impl_, in, r, nullptr);
  return run.value();
}

}  // namespace fray::rules_file
