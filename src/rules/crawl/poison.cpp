// DCSS 0.19 player poison: player.cc handle_player_poison with its two time
// conversions, and melee_attack.cc mons_do_poison's amounts; the elemental
// flavours' extra damage (flavour_damage); a monster's poison (mon-ench.cc
// ENCH_POISON), the same in 0.19 and 0.34.
#include <fray/rules/crawl/poison.hpp>

#include <fmt/format.h>

#include <fray/core/error.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace fray::crawl {
namespace {

// player.cc _poison_dur_to_aut: the aut until a duration runs out: linear at
// the slowest rate, then 1/denom every 10 aut, then linear at the fastest.
double dur_to_aut(double dur, const PoisonRate& r) {
  const double slow_until = r.denom * 10.0 * r.min_per_aut;
  const double decay = std::log(r.denom / (r.denom - 1.0));
  if (dur < slow_until) return dur / r.min_per_aut;
  if (dur < r.denom * 10.0 * r.max_per_aut) return r.denom * 10.0 + 10.0 * std::log(dur / slow_until) / decay;
  return r.denom * 10.0 + (dur - r.denom * 10.0 * r.max_per_aut) / r.max_per_aut +
         10.0 * std::log(r.max_per_aut / r.min_per_aut) / decay;
}

// player.cc _poison_aut_to_dur: its inverse.
double aut_to_dur(double aut, const PoisonRate& r) {
  if (aut < r.denom * 10.0) return aut * r.min_per_aut;
  const double decay = std::log(r.denom / (r.denom - 1.0));
  const double at_max_speed = r.denom * 10.0 + 10.0 * std::log(r.max_per_aut / r.min_per_aut) / decay;
  if (aut < at_max_speed) return r.denom * 10.0 * r.min_per_aut * std::exp(decay / 10.0 * (aut - r.denom * 10.0));
  return r.denom * 10.0 * r.max_per_aut + r.max_per_aut * (aut - at_max_speed);
}

}  // namespace

PoisonTick poison_tick(i64 duration, double delay, const PoisonRate& rate) {
  if (duration <= 0) return {};
  const double cur = static_cast<double>(duration);
  const double left = aut_to_dur(dur_to_aut(cur, rate) - delay, rate);
  // The game truncates the new duration to int, and its damage is the drop in
  // whole points, both with C++ integer division.
  const i64 decrease = duration - static_cast<i64>(left);
  PoisonTick t;
  // ouch() only for damage above 0.
  t.damage = std::max<i64>(0, duration / 1000 - (duration - decrease) / 1000);
  t.duration = duration;
  // reduce_player_poison(decrease): nothing when decrease <= 0; less than a
  // point left ends the poison.
  if (decrease > 0) {
    t.duration -= decrease;
    if (t.duration < 1000) t.duration = 0;
  }
  return t;
}

PoisonTick poison_over(i64 duration, double time, const PoisonRate& rate) {
  PoisonTick total{0, duration};
  for (double left = time; left > 0 && total.duration > 0; left -= kPoisonSlice) {
    const PoisonTick t = poison_tick(total.duration, std::min(left, kPoisonSlice), rate);
    total.damage += t.damage;
    total.duration = t.duration;
  }
  return total;
}

PoisonRange poison_range(std::string_view flavour, int hd) {
  if (flavour == "AF_POISON_STRONG") return {hd * 11 / 3, hd * 13 / 2};
  if (flavour == "AF_POISON" || flavour == "AF_REACH_STING") return {hd * 2, hd * 4};
  return {};
}

i64 monster_resist_adjust(i64 damage, int res) {
  if (res >= 3) return 0;
  if (res > 0) return damage / (1 + i64{res} * res);
  if (res < 0) return damage * 15 / 10;
  return damage;
}

int element_resist(std::string_view flavour, const MonsterResists& r) {
  if (flavour == "AF_FIRE") return r.fire;
  if (flavour == "AF_COLD") return r.cold;
  return 0;
}

ElementRange element_range(std::string_view flavour, int hd) {
  // random2(n) draws 0 .. n-1, and 0 for n <= 0.
  auto from = [hd](i64 spread) { return ElementRange{hd, hd + std::max<i64>(0, spread - 1)}; };
  if (hd <= 0) return {};
  if (flavour == "AF_FIRE") return from(hd);
  if (flavour == "AF_COLD") return from(2 * i64{hd});
  if (flavour == "AF_ELEC") return from(hd / 2);
  return {};
}

double monster_poison_lands(int res) noexcept {
  if (res >= 3) return 0.0;
  return res >= 1 ? 1.0 - x_chance_in_y_p(2, 3) : 1.0;
}

PoisonDurationRoll monster_poison_duration_roll(int levels, int speed) noexcept {
  // mon-ench.cc _mod_speed(125, speed): 125·10/speed, at least 1 (speed 0 counts as 10).
  const i64 s = speed == 0 ? 10 : speed;
  const i64 mod = std::max<i64>(1, 125 * 10 / s);
  const i64 deg = levels == 0 ? 1 : levels;
  // timed_effects.cc speed_to_duration clamps the speed to 1..100.
  return {std::max<i64>(2, 1000 * deg / mod), speed < 1 ? 10 : std::min<i64>(speed, 100)};
}

Pmf monster_poison_duration_pmf(const PoisonDurationRoll& roll) {
  std::vector<std::pair<double, Pmf>> parts;
  for (const auto& [unit, p] : div_rand_round_pmf(100, roll.speed).items()) {
    const i64 raw = roll.cturn * unit;
    const i64 low = 60 * raw / 100, high = 40 * raw / 100;
    parts.emplace_back(p, (random2avg_pmf(low + high + 1, 2).shifted(raw - low)).clamp_min(15));
  }
  return Pmf::mixture(parts);
}

PoisonTickRoll monster_poison_tick_roll(int degree, int res) noexcept {
  return {degree >= 4 ? 1 : 0, degree + 1, res < 0 ? degree : 0};
}

Pmf monster_poison_tick_pmf(const PoisonTickRoll& roll) {
  const Pmf die = roll_dice_pmf(1, roll.die);
  std::pair<double, Pmf> coin[] = {{0.5, Pmf::point(0)}, {0.5, die}};
  Pmf out = Pmf::mixture(coin).shifted(roll.base);
  if (roll.vulnerable > 0) out = out + roll_dice_pmf(2, roll.vulnerable).shifted(-1);
  return out;
}

MonsterPoison monster_poison_decayed(const MonsterPoison& p) noexcept {
  // lose_ench_duration(me, 10): at 10 or less the enchantment is deleted.
  if (p.degree <= 0 || p.duration <= 10) return {};
  MonsterPoison out{p.degree, p.duration - 10, p.max_duration};
  if (p.degree <= 1) return out;
  const int factor = p.degree * (p.degree + 1) / 2;
  if (p.duration < p.max_duration * (factor - 1) / factor) return {p.degree - 1, p.duration, p.duration};
  return out;
}

MonsterPoison monster_poison_added(const MonsterPoison& p, int levels, i64 duration) noexcept {
  const int d = static_cast<int>(duration);
  if (p.degree <= 0) return {levels, d, d};
  const int degree = std::min(p.degree + levels, kMaxPoisonDegree);
  return {degree, p.duration + d, std::max(p.max_duration, p.duration + d)};
}

void check_monster_side(const MonsterSideState& side, std::string_view id) {
  const MonsterPoison& p = side.poison;
  if (p.degree > kMaxMonsterPoisonDegree)
    throw Error(fmt::format("{}: a monster's poison of degree {} is more than the {} a fight follows", id, p.degree,
                            kMaxMonsterPoisonDegree));
  if (p.max_duration > kMaxMonsterPoisonDuration)
    throw Error(
        fmt::format("{}: a monster's poison duration grew to {}, past the {} a fight follows (about 200 ticks "
                    "still to come); a long fight against a poisoner: give the poisoned side fewer HP",
                    id, p.max_duration, kMaxMonsterPoisonDuration));
  if (side.phase < 0 || side.phase >= kMaxPoisonPhases)
    throw Error(
        fmt::format("{}: a poison tick phase of {} is past the {} a fight follows", id, side.phase, kMaxPoisonPhases));
}

int poison_tick_period(int speed, int cost) noexcept {
  const int s = std::max(1, speed);
  return s / std::gcd(s, std::max(1, cost));
}

int poison_ticks_at(int k, int speed, int cost) noexcept {
  const int s = std::max(1, speed), c = std::max(1, cost);
  return c * k / s - c * (k - 1) / s;
}

}  // namespace fray::crawl
