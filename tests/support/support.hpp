// Shared test helpers: golden files, the CLI, and exact-vs-sampled checks.
#pragma once

#include <fray/core/pmf.hpp>

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

// 1 in a test program built with AddressSanitizer: its frames are larger,
// and it reserves its address space up front.
#if defined(__SANITIZE_ADDRESS__)
#define FRAY_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FRAY_TEST_ASAN 1
#endif
#endif
#ifndef FRAY_TEST_ASAN
#define FRAY_TEST_ASAN 0
#endif

namespace fray::test {

// Path of a file under tests/ ("golden/brogue/monsters.json").
std::string path(const std::string& rel);
std::string read_text(const std::string& rel);
nlohmann::json read_json(const std::string& rel);
// Rows of a CSV file under tests/, header first, fields split on commas.
std::vector<std::vector<std::string>> read_csv(const std::string& rel);

// Runs the fray binary with these arguments (shell-quoted here).
struct Run {
  int status = -1;
  std::string out;
  std::string err;
  nlohmann::json json() const;  // parses out
};
Run run_cli(const std::vector<std::string>& args);

// Runs `f` on a thread of its own whose stack is `bytes` long, and rethrows
// what it throws. A recursion deeper than that stack crashes the test program
// (a stack overflow is a crash, not an exception): a test of a depth limit
// runs the deepest input allowed this way, so the limit is known to hold with
// a small stack, under the sanitizers' larger frames too.
void run_on_stack(std::size_t bytes, const std::function<void()>& f);

// Pearson chi-square goodness of fit of `counts` (value → times seen) against
// `expected`; bins with expected count below 5 are pooled. Returns the p-value.
double chi_square_p(const Pmf& expected, const std::map<std::int64_t, std::uint64_t>& counts);
// Upper regularized incomplete gamma Q(a, x).
double gamma_q(double a, double x);

// A fight result's notes on one line ("a; b"), to look for one of them.
std::string joined(const std::vector<std::string>& notes);
// The notes that say which defaults a spec took ("attacker uses the defaults ...").
std::vector<std::string> defaults_of(const std::vector<std::string>& notes);

}  // namespace fray::test
