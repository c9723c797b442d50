// fray/report/epixx.hpp — the epixx `turn` answer as JSON and text.
#pragma once

#include <fray/report/report.hpp>
#include <fray/rules/epixx/turn.hpp>

namespace fray {

// `fray turn`: one defender turn facing several attacks.
[[nodiscard]] Report turn_report(const epixx::TurnResult& turn);

}  // namespace fray
