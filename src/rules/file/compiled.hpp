// A rules file's program as compiled (docs/rules.md, "The program"): its
// statements and expressions as trees, names resolved to indexes and types
// checked. parse.cpp makes them from the program's text; evaluate.cpp runs
// them, exactly (fight::Enumerate) or sampled (fight::Sample); program.cpp
// joins the two behind Program.
#pragma once

#include "program.hpp"

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fray::rules_file {

// The most values one random step may take, and the most nesting an expression may have.
inline constexpr std::int64_t kMaxSpan = 1'000'000;
inline constexpr int kMaxDepth = 100;

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

// Compiles the statements of `text` (Program::compile) or one expression
// (Program::expression, `what` naming it in errors) into `out`. Throw
// RulesFileError at the place of a problem.
void parse_program(std::string_view text, const std::string& file, Pos start, const Scope& scope, Program::Impl& out);
void parse_expression(std::string_view text, const std::string& file, Pos start, const Scope& scope,
                      std::string_view what, Program::Impl& out);

// The program `p` run on `in` with the reader `r`: the blow it returns (or,
// for the start of a turn, an unused Blow). Sampled, `named` (if not null)
// gets the values the path set. The statuses of `in` are set as the program sets them.
Blow evaluate(const Program::Impl& p, const Inputs& in, fight::Enumerate& r);
Blow evaluate(const Program::Impl& p, const Inputs& in, fight::Sample& r, std::vector<Named>* named);
// The value of a compiled expression, which draws nothing.
[[nodiscard]] Val evaluate_value(const Program::Impl& p, const Inputs& in);

}  // namespace fray::rules_file
