#include <fray/rules/pixel_dungeon/hit.hpp>

namespace fray::pixel_dungeon {

double hit_chance(std::int64_t accuracy, std::int64_t evasion, bool magic) noexcept {
  // Char.hit with continuous Random.Float rolls, in closed form.
  if (evasion <= 0) return 1.0;
  const double a = static_cast<double>(magic ? 2 * accuracy : accuracy);
  const double d = static_cast<double>(evasion);
  if (a <= 0) return 0.0;
  return a <= d ? a / (2 * d) : 1 - d / (2 * a);
}

}  // namespace fray::pixel_dungeon
