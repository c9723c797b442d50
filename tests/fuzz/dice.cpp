// Fuzz target: dice expressions (fray/core/dice.hpp) with every ruleset's
// functions: parse, then samples, then the exact distribution. A sample lies
// within the exact distribution's support.
#include "fuzz.hpp"

#include <fray/core/dice.hpp>
#include <fray/core/rng.hpp>
#include <fray/rules/ruleset.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fray;
  const std::string_view text = fuzz::as_text(data, size);
  try {
    const Dice dice = Dice::parse(text, all_dice_functions());
    Rng rng(size);
    std::int64_t samples[4];
    for (auto& s : samples) s = dice.sample(rng);
    try {
      const Pmf pmf = dice.exact();
      fuzz::check_pmf(pmf, "the exact distribution of a dice expression");
      for (const std::int64_t s : samples)
        if (s < pmf.min() || s > pmf.max()) fuzz::fail("a sample outside the exact distribution");
    } catch (const Error&) {
      // Too large to compute exactly: samples are still an answer.
    }
  } catch (const Error&) {
  }
  return 0;
}
