// The size of the tests' Monte Carlo checks.
#pragma once

#include <cstdint>

namespace fray::test {

// How many draws a Monte Carlo check makes: n, or n divided by the environment
// variable FRAY_TEST_SCALE when it is set (the sanitizer build sets it:
// tests/CMakeLists.txt), never below `floor` (nor above n). The instrumented
// suite so runs the same assertions at a fraction of the cost. Only for checks
// whose tolerance follows the count (a bound in standard errors of n, a
// chi-square test of counts), which stay as sound at the smaller count; the
// seeds stay fixed, so a scaled run is as repeatable as a full one.
std::uint64_t scaled(std::uint64_t n, std::uint64_t floor = 2000);

// "Refused at once" checks: a bound in seconds for work the library must
// refuse or finish promptly (it ran for seconds to minutes before the fix),
// times 20 in the instrumented build (FRAY_TEST_SCALE above 1), which runs
// 5 to 20 times slower. Measured as CPU time (cpu_seconds), so that other
// programs on a loaded machine do not count.
double prompt(double seconds);
// The CPU time this process has used, all its threads, in seconds.
double cpu_seconds();
// The CPU time of the child processes that ended and were waited for (a
// run_cli's fray), in seconds.
double child_cpu_seconds();

}  // namespace fray::test
