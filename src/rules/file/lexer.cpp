#include "lexer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <utility>

namespace fray::rules_file {

namespace {

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

std::vector<Token> tokens(std::string_view text, const std::string& file, Pos start) {
  return Lexer(text, file, start).all();
}

}  // namespace fray::rules_file
