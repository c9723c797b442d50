// A program that uses an installed fray through find_package(fray).
#include <fray/core/dice.hpp>

#include <cmath>
#include <cstdio>

int main() {
  const fray::Pmf d = fray::Dice::parse("3d6").exact();
  std::printf("3d6 mean %.4f\n", d.mean());
  return std::abs(d.mean() - 10.5) < 1e-12 && std::abs(d[10] - 27.0 / 216) < 1e-15 ? 0 : 1;
}
