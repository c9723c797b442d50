#include <algorithm>
#include <cmath>
#include <fray/rules/brogue/combat.hpp>
#include <iterator>

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

std::int64_t turns_for_full_regen_thousandths(std::int64_t bonus) noexcept {
  // PowerTables.c POW_REGEN: floor(FP x 0.75^x) for x = -10..50.
  static constexpr std::int64_t pow_regen[] = {
      1163770, 872827, 654620, 490965, 368224, 276168, 207126, 155344, 116508, 87381, 65536, 49152, 36864,
      27648,   20736,  15552,  11664,  8748,   6561,   4920,   3690,   2767,   2075,  1556,  1167,  875,
      656,     492,    369,    277,    207,    155,    116,    87,     65,     49,    36,    27,    20,
      15,      11,     8,      6,      4,      3,      2,      2,      1,      1,     0,     0,     0,
      0,       0,      0,      0,      0,      0,      0,      0,      0};
  constexpr std::int64_t last = static_cast<std::int64_t>(std::size(pow_regen)) - 1;
  const std::int64_t idx = std::clamp<std::int64_t>(bonus + 10, 0, last);
  return 1000 * turns_for_full_regen * pow_regen[idx] / FP + 2000;
}

PlayerRegeneration player_regeneration(std::int64_t max_hp, std::int64_t bonus) noexcept {
  const std::int64_t full = turns_for_full_regen_thousandths(bonus);
  // The game's loop takes full / 1000 off the maximum while more is left,
  // leaving 1..full / 1000: the same by division.
  const std::int64_t step = full / 1000;
  const std::int64_t hp = std::max<std::int64_t>(max_hp, 1);
  PlayerRegeneration r;
  r.hp_per_turn = (hp - 1) / step;
  r.turns_between_thousandths = full / (hp - r.hp_per_turn * step);
  return r;
}

}  // namespace fray::brogue
