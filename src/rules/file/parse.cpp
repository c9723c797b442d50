// The parser of a rules file's program: statements and expressions read from
// its tokens, each name resolved (a stat, a status, a situation, an outcome, a
// value set before) and each type checked, so that a program that compiles
// fails when run only on a value (an overflow, a range with no values).
#include "compiled.hpp"
#include "lexer.hpp"

#include <fray/core/suggest.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <optional>
#include <utility>

namespace fray::rules_file {

namespace {

bool numeric(Type t) { return t == Type::integer || t == Type::real; }

class Parser {
 public:
  Parser(std::string_view text, const std::string& file, Pos start, const Scope& scope, Program::Impl& out)
      : text_(text), file_(file), scope_(scope), out_(out) {
    toks_ = tokens(text, file, start);
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
  // A node over `kids`, random when one of them is.
  template <class... Kids>
  static std::unique_ptr<Node> joined(Op op, Type type, Pos pos, Kids... kids) {
    auto n = node(op, type, pos);
    (n->kids.push_back(std::move(kids)), ...);
    for (const auto& k : n->kids) n->random = n->random || k->random;
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

  std::unique_ptr<Node> disjunction() { return logical(Op::or_, "or", &Parser::conjunction); }
  std::unique_ptr<Node> conjunction() { return logical(Op::and_, "and", &Parser::negation); }
  // Booleans from `next` joined by `word`, from the left.
  std::unique_ptr<Node> logical(Op op, std::string_view word, std::unique_ptr<Node> (Parser::*next)()) {
    auto l = (this->*next)();
    while (is_word(word)) {
      const Pos p = take().pos;
      auto r = (this->*next)();
      for (const auto* x : {l.get(), r.get()})
        if (x->type != Type::boolean)
          fail(x->pos, fmt::format("'{}' joins booleans, not {}", word, type_name(x->type)));
      l = joined(op, Type::boolean, p, std::move(l), std::move(r));
    }
    return l;
  }
  std::unique_ptr<Node> negation() {
    if (is_word("not")) {
      const Pos p = peek().pos;
      ++i_;
      Depth depth(depth_, p, *this);
      auto x = negation();
      if (x->type != Type::boolean) fail(x->pos, fmt::format("'not' takes a boolean, not {}", type_name(x->type)));
      return joined(Op::not_, Type::boolean, p, std::move(x));
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
    return joined(op, Type::boolean, p, std::move(l), std::move(r));
  }

  std::unique_ptr<Node> sum() { return arithmetic(Op::add, Op::sub, "+", "-", &Parser::product); }
  std::unique_ptr<Node> product() { return arithmetic(Op::mul, Op::div_real, "*", "/", &Parser::unary); }
  // Numbers from `next` joined by `o1` (op1) and `o2` (op2), from the left;
  // an integer unless a side is real or the operator is '/'.
  std::unique_ptr<Node> arithmetic(Op op1, Op op2, std::string_view o1, std::string_view o2,
                                   std::unique_ptr<Node> (Parser::*next)()) {
    auto l = (this->*next)();
    while (is_op(o1) || is_op(o2)) {
      const Token t = take();
      const Op op = t.text == o1 ? op1 : op2;
      auto r = (this->*next)();
      for (const auto* x : {l.get(), r.get()})
        if (!numeric(x->type)) fail(x->pos, fmt::format("'{}' takes numbers, not {}", t.text, type_name(x->type)));
      const Type type =
          op == Op::div_real || l->type == Type::real || r->type == Type::real ? Type::real : Type::integer;
      l = joined(op, type, t.pos, std::move(l), std::move(r));
    }
    return l;
  }
  std::unique_ptr<Node> unary() {
    if (is_op("-")) {
      const Pos p = peek().pos;
      ++i_;
      Depth depth(depth_, p, *this);
      auto x = unary();
      if (!numeric(x->type)) fail(x->pos, fmt::format("'-' takes a number, not {}", type_name(x->type)));
      const Type t = x->type;
      return joined(Op::neg, t, p, std::move(x));
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
    // A random step: drawn, and traced under the call's text.
    const auto step = [&](Op op, Type type) {
      auto x = make(op, type);
      x->random = true;
      x->text = text;
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
      auto lo = node(Op::lit, Type::integer, f.pos);
      lo->v = {Type::integer, w == "rand" ? 0 : 1, 0};
      // rand(n) is 0..n-1: its top is n - 1.
      std::unique_ptr<Node> hi = std::move(args[0]);
      if (w == "rand") {
        auto one = node(Op::lit, Type::integer, f.pos);
        one->v = {Type::integer, 1, 0};
        hi = joined(Op::sub, Type::integer, f.pos, std::move(hi), std::move(one));
      }
      args.clear();
      args.push_back(std::move(lo));
      args.push_back(std::move(hi));
      auto x = step(Op::uniform, Type::integer);
      x->scale = w == "rand" ? 0 : 1;  // the argument is hi + 1 for rand
      return x;
    }
    if (w == "range") {
      arity(2, 2, "range(lo, hi)");
      integers(w);
      return step(Op::uniform, Type::integer);
    }
    if (w == "dice") {
      arity(2, 2, "dice(n, sides)");
      integers(w);
      return step(Op::dice_ns, Type::integer);
    }
    if (w == "chance" || w == "percent") {
      arity(1, 1, w + (w == "chance" ? "(p)" : "(x)"));
      numbers(w);
      auto x = step(Op::chance, Type::boolean);
      x->scale = w == "chance" ? 1 : 100;
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

void parse_program(std::string_view text, const std::string& file, Pos start, const Scope& scope, Program::Impl& out) {
  Parser(text, file, start, scope, out).program();
}

void parse_expression(std::string_view text, const std::string& file, Pos start, const Scope& scope,
                      std::string_view what, Program::Impl& out) {
  Parser(text, file, start, scope, out).expression(what);
}

}  // namespace fray::rules_file
