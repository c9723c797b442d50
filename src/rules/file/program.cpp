// Program: a rules file's program compiled once (parse.cpp) and run by either
// reader (evaluate.cpp), the exact one with a bound on its paths.
#include "compiled.hpp"

#include <fray/core/budget.hpp>

#include <fmt/format.h>

#include <algorithm>

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
  parse_program(text, file, start, scope, *p.impl_);
  if (p.impl_->body.empty()) throw RulesFileError(file, start.line, start.column, "the program is empty");
  return p;
}

Program Program::expression(std::string_view text, const std::string& file, Pos start, const Scope& scope,
                            std::string_view what) {
  Program p;
  p.impl_->file = file;
  parse_expression(text, file, start, scope, what, *p.impl_);
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
          return evaluate(*impl_, fresh.in, r);
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
  return evaluate(*impl_, fresh.in, r, named);
}

bool Program::reads_blow() const noexcept { return impl_->reads_blow; }

Blow Program::run(fight::Enumerate& r, const Inputs& in) const { return evaluate(*impl_, in, r); }

Blow Program::run(fight::Sample& r, const Inputs& in) const { return evaluate(*impl_, in, r, nullptr); }

Val Program::value(const Inputs& in) const { return evaluate_value(*impl_, in); }

}  // namespace fray::rules_file