// apps/fray/progress.hpp — the progress of a verb's long work, for a terminal
// and for whoever embeds the command line.
//
// A verb that may run long (an exact distribution, turns to kill, a duel)
// watches its work through a VerbProgress: the terminal bar as before, and
// the process-wide hook when one is set. The web engine (web/engine.cpp) sets
// the hook to post each fraction to the page, which draws its own bar while
// the computation runs in the worker.
#pragma once

#include <fray/core/budget.hpp>

#include <functional>
#include <string>
#include <string_view>
#include <utility>

namespace fray::cli {

// Called on the computing thread with the verb's label ("duel") and the
// fraction done, 0..1; it may throw fray::Cancelled to stop the work.
using ProgressHook = std::function<void(std::string_view label, double fraction)>;

inline ProgressHook& progress_hook() {
  static ProgressHook hook;
  return hook;
}

class VerbProgress {
 public:
  VerbProgress(std::string label, bool terminal)
      : label_(std::move(label)), bar_(label_, terminal), progress_([this](double f) {
          bar_.progress().step(f);
          if (const ProgressHook& hook = progress_hook()) hook(label_, f);
        }) {}
  VerbProgress(const VerbProgress&) = delete;
  VerbProgress& operator=(const VerbProgress&) = delete;
  [[nodiscard]] Progress& progress() noexcept { return progress_; }

 private:
  std::string label_;
  TerminalProgress bar_;
  Progress progress_;
};

}  // namespace fray::cli
