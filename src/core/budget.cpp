#include <fray/core/budget.hpp>

#include <fmt/format.h>

#include <unistd.h>
#include <chrono>
#include <cstdio>

namespace fray {

void require_budget(double work, double values, std::string_view what, std::string_view instead) {
  if (within_budget(work, values)) return;
  const std::string cost = work > kMaxWork
                               ? fmt::format("about {:.2g} operations (the limit is {:.2g})", work, kMaxWork)
                               : fmt::format("about {:.2g} values in memory (the limit is {:.2g})", values, kMaxValues);
  throw TooLarge(
      fmt::format("{} is too large to compute: it needs {}{}{}", what, cost, instead.empty() ? "" : "; ", instead));
}

namespace {
std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
}  // namespace

TerminalProgress::TerminalProgress(std::string label, bool enabled)
    : label_(std::move(label)),
      tty_(enabled && isatty(STDERR_FILENO) == 1),
      start_ns_(now_ns()),
      progress_([this](double f) { draw(f); }) {}

TerminalProgress::~TerminalProgress() {
  if (drawn_) {
    std::fprintf(stderr, "\r%70s\r", "");
    std::fflush(stderr);
  }
}

void TerminalProgress::draw(double f) {
  if (!tty_ || now_ns() - start_ns_ < 1'000'000'000) return;
  const int bar = static_cast<int>(f * 30);
  std::fprintf(stderr, "\r[%s%s] %3d%% %s", std::string(static_cast<std::size_t>(bar), '#').c_str(),
               std::string(static_cast<std::size_t>(30 - bar), ' ').c_str(), static_cast<int>(f * 100), label_.c_str());
  std::fflush(stderr);
  drawn_ = true;
}

}  // namespace fray
