// Quick start: an exact distribution and seeded rolls of a dice expression.
#include <fray/core/dice.hpp>

#include <fmt/format.h>

int main() {
  const fray::Dice dice = fray::Dice::parse("4d6kh3");
  const fray::Pmf pmf = dice.exact();
  fmt::print("{}: mean {:.4f}, P(>= 15) = {:.4f}\n", dice.text(), pmf.mean(), pmf.at_least(15));

  fray::Rng rng(2024);  // same seed, same rolls, on every machine
  for (int i = 0; i < 6; ++i) fmt::print("{} ", dice.sample(rng));
  fmt::print("\n");
}
