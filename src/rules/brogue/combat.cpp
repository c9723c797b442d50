#include <cmath>
#include <fray/rules/brogue/combat.hpp>

namespace fray::brogue {

namespace {
// Brogue CE PowerTables.c holds the tables as literals; they are
// floor(65536 x base^(exponent_per_step x (i - 80))). Every exact entry lies
// at least 4e-4 from an integer, so double pow then floor gives each one.
PowerTable make_table(double base, double exponent_per_step) {
  PowerTable t{};
  for (int i = 0; i < table_size; ++i)
    t[static_cast<std::size_t>(i)] =
        static_cast<std::int64_t>(std::floor(65536.0 * std::pow(base, exponent_per_step * (i - table_zero))));
  return t;
}
}  // namespace

const PowerTable& accuracy_table() noexcept {
  static const PowerTable t = make_table(1.065, 0.25);
  return t;
}
const PowerTable& damage_table() noexcept { return accuracy_table(); }
const PowerTable& defense_table() noexcept {
  static const PowerTable t = make_table(0.987, 2.5);
  return t;
}

Pmf clumped_pmf(const Clump& c) {
  const ClumpDice d = clump_dice(c);
  if (d.single) return Pmf::uniform(d.base, d.hi);
  // The last convolution joins two halves of the range: refuse at once what
  // the Pmf limits would refuse after seconds of work.
  const auto half = static_cast<std::size_t>((c.hi - c.lo) / 2 + 1);
  if (d.big + d.small > 2) Pmf::check_work(half, half);
  Pmf total = Pmf::point(d.base);
  if (d.big > 0) total = total + Pmf::uniform(0, d.sides + 1).repeat(static_cast<std::uint64_t>(d.big));
  if (d.small > 0 && d.sides > 0) total = total + Pmf::uniform(0, d.sides).repeat(static_cast<std::uint64_t>(d.small));
  return total;
}

Clump player_weapon_damage(const Clump& base, std::int64_t net_quarters) noexcept {
  const std::int64_t f = damage_fraction(net_quarters);
  auto scale = [f](std::int64_t b) {
    const std::int64_t v = b * f / FP;
    return v < 1 ? std::int64_t{1} : v;
  };
  return Clump{scale(base.lo), scale(base.hi), base.clump};
}

}  // namespace fray::brogue
