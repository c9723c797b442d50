#include <fray/core/budget.hpp>

#include <fmt/format.h>

#include <unistd.h>
#include <atomic>
#include <chrono>
#include <cstdio>

namespace fray {

namespace {
// Relaxed atomics: a new budget applies from the next check on, in any thread.
std::atomic<double> g_work{kMaxWork};
std::atomic<double> g_values{kMaxValues};
}  // namespace

Budget budget() noexcept { return {g_work.load(std::memory_order_relaxed), g_values.load(std::memory_order_relaxed)}; }

void set_budget(Budget b) {
  // Written so that NaN fails too.
  if (!(b.work >= 1 && b.work <= 1000 * kMaxWork))
    throw Error(fmt::format("budget: work {} is outside [1, {:.2g}] operations", b.work, 1000 * kMaxWork));
  if (!(b.values >= 1 && b.values <= kMaxValues))
    throw Error(fmt::format("budget: values {} is outside [1, {:.2g}]", b.values, kMaxValues));
  g_work.store(b.work, std::memory_order_relaxed);
  g_values.store(b.values, std::memory_order_relaxed);
}

bool within_budget(double work, double values) noexcept {
  const Budget b = budget();
  return work <= b.work && values <= b.values;
}

void require_budget(double work, double values, std::string_view what, std::string_view instead) {
  const Budget b = budget();
  if (work <= b.work && values <= b.values) return;
  const std::string cost = work > b.work
                               ? fmt::format("about {:.2g} operations (the limit is {:.2g})", work, b.work)
                               : fmt::format("about {:.2g} values in memory (the limit is {:.2g})", values, b.values);
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
