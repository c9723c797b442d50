// fray/core/budget.hpp — the one work budget every exact computation obeys,
// and how a caller watches and cancels a long one.
//
// The rule (docs/limits.md): before an exact computation starts, fray
// estimates its cost from the sizes it will handle (the supports of the
// distributions, the HP, the number of conditions of a fight) in operations —
// one operation is one multiply-add of probabilities, one condition of a
// fight chain stepped by one attack, or, for Monte Carlo, kSampleOps per
// sampled attack — and the values it must hold at once. Past kMaxWork
// operations or kMaxValues values (the default budget, which a program may
// lower: set_budget) it is refused at once with TooLarge, whose
// message says what is too large and what to do instead. The same rule holds
// for dice expressions, attack outcomes, turns to kill, duels, sweeps and
// tables, in every game.
//
// Allowed work runs to the end. A caller that wants to watch it or stop it
// passes a Progress: the computation calls Progress::step at coarse intervals
// (about every 10^7 operations) with the fraction done, and throws Cancelled
// once Progress::cancel has been called (from any thread, or from the
// callback itself).
#pragma once

#include <fray/core/error.hpp>

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace fray {

// The most operations one exact computation may cost: about a second on one
// core of the reference machine (docs/limits.md has the measured figures).
inline constexpr double kMaxWork = 4.0e9;
// The most values (doubles) one computation may hold at once: 256 MiB.
inline constexpr double kMaxValues = 32.0 * 1024 * 1024;
// What one sampled attack of a Monte Carlo fight costs, in operations: a
// sampled attack takes about as long as this many chain steps.
inline constexpr double kSampleOps = 50;
// What one random draw of a sampled dice expression costs, in operations
// (`fray roll`: about 3.5 ns a draw, against about 0.25 ns an operation).
inline constexpr double kDrawOps = 16;

// The budget in force: kMaxWork and kMaxValues unless the program set
// another with set_budget. Every check below reads it. A program that must
// answer within a frame lowers it (a tenth of kMaxWork is about half a
// second); the fuzz targets lower it because their instrumented build runs a
// hundred times slower than a release build.
struct Budget {
  double work = kMaxWork;
  double values = kMaxValues;
};

// The budget every exact computation checks its estimate against.
[[nodiscard]] Budget budget() noexcept;
// Sets it for the whole process (every thread, from the next check on).
// Throws fray::Error unless work is in [1, 1000 x kMaxWork] and values in
// [1, kMaxValues]: more memory than kMaxValues is never allowed.
void set_budget(Budget b);

// A computation past the budget; the message names the input and the way out.
class TooLarge : public Error {
 public:
  using Error::Error;
};

// A computation stopped by Progress::cancel.
class Cancelled : public Error {
 public:
  Cancelled() : Error("cancelled") {}
};

// Watches a long computation and lets another thread stop it. Not copyable:
// pass it by pointer (FightOptions::progress, Dice::exact(Progress*)).
class Progress {
 public:
  // Called with the fraction done, 0..1, on the computing thread.
  using Callback = std::function<void(double fraction)>;

  Progress() = default;
  explicit Progress(Callback on_progress) : on_progress_(std::move(on_progress)) {}
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // Asks the computation to stop; it throws Cancelled at its next check.
  void cancel() noexcept { cancelled_.store(true, std::memory_order_relaxed); }
  [[nodiscard]] bool cancelled() const noexcept { return cancelled_.load(std::memory_order_relaxed); }
  // Throws Cancelled when cancel() was called.
  void check() const {
    if (cancelled()) throw Cancelled();
  }
  // Reports the fraction done, then check().
  void step(double fraction) {
    if (on_progress_) on_progress_(fraction < 0 ? 0 : fraction > 1 ? 1 : fraction);
    check();
  }
  // For computations: the operations they expect (set once the estimate is
  // made), and step() with the fraction of them done.
  void expect(double total) noexcept { total_ = total; }
  void done(double work) { step(total_ > 0 ? work / total_ : 0); }

 private:
  std::atomic<bool> cancelled_{false};
  Callback on_progress_;
  double total_ = 0;
};

// Checks an estimate against the budget: throws TooLarge, saying "`what`
// needs about N operations (the limit is M)" or the same for values, and then
// `instead` (what to do instead), when either is past it.
void require_budget(double work, double values, std::string_view what, std::string_view instead);

// The same check as a value: whether an estimate fits.
[[nodiscard]] bool within_budget(double work, double values) noexcept;

// Calls progress->step(done / total) once at least `every` operations have
// passed since the last call; does nothing without a Progress. The exact
// computations keep one of these per loop.
class Ticker {
 public:
  Ticker(Progress* progress, double total, double every = 1e7) : p_(progress), total_(total), every_(every) {}
  void add(double ops) {
    if (!p_) return;
    done_ += ops;
    if (done_ - last_ >= every_) {
      last_ = done_;
      p_->step(total_ > 0 ? done_ / total_ : 0);
    }
  }
  void set_total(double total) noexcept { total_ = total; }

 private:
  Progress* p_;
  double total_, every_;
  double done_ = 0, last_ = 0;
};

// A progress bar on stderr, for command lines: drawn only when stderr is a
// terminal and the work has lasted a second, cleared when this goes away.
class TerminalProgress {
 public:
  // `label` follows the percentage: "[####   ]  40% exact duel".
  explicit TerminalProgress(std::string label, bool enabled = true);
  ~TerminalProgress();
  TerminalProgress(const TerminalProgress&) = delete;
  TerminalProgress& operator=(const TerminalProgress&) = delete;
  [[nodiscard]] Progress& progress() noexcept { return progress_; }

 private:
  void draw(double fraction);
  std::string label_;
  bool tty_;
  bool drawn_ = false;
  std::int64_t start_ns_;
  Progress progress_;
};

}  // namespace fray
