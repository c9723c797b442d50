// tests/fuzz/fuzz.hpp — what the libFuzzer targets share.
//
// Each target feeds bytes to one of fray's inputs and lets only fray::Error
// through its try blocks: any other exception escapes the target, so libFuzzer
// reports it (as it reports a crash, a sanitizer finding, a timeout and a
// memory blow-up). The library must answer bad input with fray::Error only.
#pragma once

#include <fray/core/budget.hpp>
#include <fray/core/error.hpp>
#include <fray/core/pmf.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

// The fuzz build (coverage, ASan and UBSan) runs the exact computations'
// inner loops up to about 120 times slower than a release build, so an input
// that the default budget allows (up to a few seconds in Release) could pass
// the 60 s per-input timeout without being a hang. Each target runs with a
// twentieth of the default work budget and an eighth of the values: every
// exact computation it starts ends within seconds, and the refusal paths are
// fuzzed at the same time. libFuzzer calls this once, before the first input.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fray::set_budget({fray::kMaxWork / 20, fray::kMaxValues / 8});
  return 0;
}

namespace fray::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// The input cut at '\n' (the last piece may be empty).
inline std::vector<std::string> lines(std::string_view text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) {
      out.emplace_back(text.substr(start));
      return out;
    }
    out.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
}

// A failed invariant of an answer fray gave: a finding, reported as a crash.
[[noreturn]] inline void fail(const char* what) {
  std::fprintf(stderr, "fuzz invariant failed: %s\n", what);
  std::abort();
}

// A distribution fray returns sums to 1 and has finite, non-negative entries.
inline void check_pmf(const Pmf& p, const char* what) {
  if (p.width() == 0) fail(what);
  for (const double x : p.probs())
    if (!(x >= 0.0) || !std::isfinite(x)) fail(what);
  if (std::abs(p.total() - 1.0) > 1e-6) fail(what);
}

inline void check_probability(double p, const char* what) {
  if (!(p >= -1e-9 && p <= 1.0 + 1e-9)) fail(what);
}

}  // namespace fray::fuzz
