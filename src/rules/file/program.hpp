// The program of a rules file (docs/rules.md, "The program"): one blow as
// statements, compiled once with its names resolved and its types checked,
// then run against a reader — fight::Enumerate for the exact reading (every
// path, each random step a law with its branches), fight::Sample for the
// sampled one (each step drawn, traced under the name of the value it was
// for). The two readings run the same compiled statements.
#pragma once

#include <fray/core/dice.hpp>
#include <fray/core/draw.hpp>
#include <fray/core/pmf.hpp>
#include <fray/fight/turn.hpp>
#include <fray/rules/rules_file.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace fray::rules_file {

// Where something is in the rules file (1-based).
struct Pos {
  int line = 0, column = 0;
};

enum class Type : std::uint8_t { integer, real, boolean, dice };
[[nodiscard]] std::string_view type_name(Type t) noexcept;

// A value: an integer, a real or a boolean (in `i`).
struct Val {
  Type type = Type::integer;
  std::int64_t i = 0;
  double r = 0;
  [[nodiscard]] double num() const noexcept { return type == Type::real ? r : static_cast<double>(i); }
};

// A dice stat's value on one combatant: its expression, exact law and sampler.
struct DiceValue {
  std::string text;
  std::shared_ptr<const Dice> dice;
  std::shared_ptr<const Pmf> law;
};

// A stat as the file declares it.
struct Stat {
  std::string name;
  Type type = Type::integer;
  Val fallback;              // the default (dice: unused)
  std::string dice_default;  // a dice stat's default expression
  bool has_min = false, has_max = false;
  double min = 0, max = 0;
  std::string help;
};

// What the program reads besides its own values: the stats of the two sides
// (one Val, or one DiceValue for a dice stat, per stat) and the situation's flags.
struct Inputs {
  const std::vector<Val>* a = nullptr;
  const std::vector<DiceValue>* a_dice = nullptr;
  const std::vector<Val>* d = nullptr;
  const std::vector<DiceValue>* d_dice = nullptr;
  const std::vector<bool>* situation = nullptr;
};

// What one blow did: its outcome (an index into the file's outcomes) and damage.
struct Blow {
  std::size_t outcome = 0;
  std::int64_t damage = 0;
};

// A named value a sampled blow set, in the order first set.
struct Named {
  std::string name;
  Val value;
};

struct Node;
struct Stmt;

// The names a program or an expression may read.
struct Scope {
  const std::vector<Stat>* stats = nullptr;
  const std::vector<std::string>* situations = nullptr;
  const std::vector<std::string>* outcomes = nullptr;
};

class Program {
 public:
  // Compiles `text`, which starts in the file `file` at `start` (the place of
  // its first character). Throws RulesFileError at the place of a problem.
  static Program compile(std::string_view text, const std::string& file, Pos start, const Scope& scope);
  // One expression that reads stats and nothing random (`blows`, `time`):
  // compiled as a program `return 0, EXPR` is not; its type must be numeric.
  static Program expression(std::string_view text, const std::string& file, Pos start, const Scope& scope,
                            std::string_view what);

  Program();
  ~Program();
  Program(Program&&) noexcept;
  Program& operator=(Program&&) noexcept;

  // The blow read exactly: each path of its random steps with its probability.
  void each(const Inputs& in, const std::function<void(double, const Blow&)>& sink) const;
  // One blow drawn on `rng`; with `trace`, every draw, and with `named`, the
  // values the path set.
  [[nodiscard]] Blow sample(const Inputs& in, Rng& rng, std::vector<Draw>* trace, std::vector<Named>* named) const;
  // A compiled expression's value (expression()).
  [[nodiscard]] Val value(const Inputs& in) const;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace fray::rules_file
