// fray/core/probability_text.hpp — probabilities as text that never read as
// certain or impossible when they are not.
//
// Every report (and every game's step text) prints a probability through one
// of these, so that a chance of 2.1e-8 never shows as "0.00 %" and its
// complement never as "100.00 %".
#pragma once

#include <string>

namespace fray {

// A probability as a percentage: "37.50 %", "<0.01 %", ">99.99 %",
// "2.1e-06 %"; "0 %" and "100 %" only for exactly 0 and 1.
[[nodiscard]] std::string percent(double p);
// A probability to `decimals` places ("0.166667"), with more places when
// that would read 1 but it is not ("0.99999998"), in scientific notation when
// it would read 0 but it is not ("3.1e-09").
[[nodiscard]] std::string probability(double p, int decimals = 6);
// A probability to `digits` significant digits ("0.488497", "0.00012"),
// with more digits when that would read 1 but it is not ("0.999999979").
[[nodiscard]] std::string significant(double p, int digits = 6);

}  // namespace fray
