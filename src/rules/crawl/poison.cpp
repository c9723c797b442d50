// DCSS 0.19 player poison: player.cc handle_player_poison with its two time
// conversions, and melee_attack.cc mons_do_poison's amounts; the elemental
// flavours' extra damage (flavour_damage).
#include <fray/rules/crawl/poison.hpp>

#include <algorithm>
#include <cmath>

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

}  // namespace fray::crawl
