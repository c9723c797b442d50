#include <fray/core/error.hpp>
#include <fray/fight/model.hpp>

#include <fmt/format.h>

#include "fight/check.hpp"

#include <algorithm>
#include <cmath>

namespace fray::fight {

Schedule::Schedule(double a_time, double b_time, Who first_on_tie) : time_{a_time, b_time}, first_(first_on_tie) {
  detail::check(std::isfinite(a_time) && a_time > 0, "side a: attack time must be a positive number, got {}", a_time);
  detail::check(std::isfinite(b_time) && b_time > 0, "side b: attack time must be a positive number, got {}", b_time);
}

Schedule::Schedule(const Fighter& a, const Fighter& b, Who first_on_tie)
    : Schedule(a.attack_time, b.attack_time, first_on_tie) {
  if (random_time(a)) random_[0] = &a;
  if (random_time(b)) random_[1] = &b;
}

Schedule::Schedule(const Fighter& a) : Schedule(a, a) { solo_ = true; }

Schedule::Turn Schedule::next_drawn(Rng* rng) {
  // A side's next start: k * t for a fixed time (in double, 5 * 1.2 and
  // 6 * 1.0 must tie, hence the relative 1e-9), the drawn times' sum otherwise.
  auto start = [&](std::size_t i) { return random_[i] ? start_[i] : static_cast<double>(done_[i]) * time_[i]; };
  std::size_t i = 0;
  if (!solo_) {
    const double ta = start(0), tb = start(1);
    const double eps = 1e-9 * std::max({1.0, ta, tb});
    i = std::fabs(ta - tb) <= eps ? static_cast<std::size_t>(first_) : (ta < tb ? 0 : 1);
  }
  const std::uint64_t nth = done_[i]++;
  double end;
  if (random_[i]) {
    detail::check(rng != nullptr, "a random attack time needs a random engine to draw it");
    end = start_[i] += draw_time(*random_[i], *rng);
  } else {
    end = static_cast<double>(nth + 1) * time_[i];
  }
  return {static_cast<Who>(i), nth, end};
}

double mean_of(const RealPmf& pmf) noexcept {
  double s = 0, w = 0;
  for (const auto& [v, p] : pmf) {
    s += v * p;
    w += p;
  }
  return w > 0 ? s / w : 0.0;
}

Interval wilson_interval(std::uint64_t successes, std::uint64_t trials, double z) {
  if (trials == 0) return {0, 1};
  const double n = static_cast<double>(trials);
  const double p = static_cast<double>(successes) / n;
  const double z2 = z * z;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = z / (1 + z2 / n) * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n));
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

AttackStats attack_stats(const Exchange& kernel, Side attacker, Side defender, double attack_time) {
  AttackStats s;
  double p_hit = 0, sum = 0;
  for (const Transition& t : kernel.outcomes(attacker, defender)) {
    if (t.landed()) p_hit += t.p;
    sum += t.p * static_cast<double>(t.damage);
  }
  s.p_hit = p_hit;
  s.damage_per_attack = sum;
  s.damage_per_hit = p_hit > 0 ? sum / p_hit : 0.0;
  s.damage_per_time = attack_time > 0 ? sum / attack_time : 0.0;
  return s;
}

void check_fighter(const Fighter& f, std::string_view role) {
  const std::string who = f.name.empty() ? std::string(role) : fmt::format("{} ({})", role, f.name);
  detail::check(f.hp >= 1, "{}: hp must be at least 1, got {}", who, f.hp);
  detail::check(f.hp <= kMaxHp, "{}: hp {} is more than fight analysis takes ({})", who, f.hp, kMaxHp);
  detail::check(std::isfinite(f.attack_time) && f.attack_time > 0, "{}: attack time must be a positive number, got {}",
                who, f.attack_time);
  if (f.attack_times.empty()) return;
  detail::check(f.attack_times.size() <= 1024, "{}: {} attack times are too many (at most 1024)", who,
                f.attack_times.size());
  double total = 0, mean = 0;
  for (const auto& [t, p] : f.attack_times) {
    detail::check(std::isfinite(t) && t > 0, "{}: attack time must be a positive number, got {}", who, t);
    detail::check(std::isfinite(p) && p >= 0, "{}: attack time {} has probability {}", who, t, p);
    total += p;
    mean += t * p;
  }
  detail::check(std::fabs(total - 1) <= 1e-9, "{}: the attack times' probabilities add up to {}, not 1", who, total);
  detail::check(std::fabs(mean - f.attack_time) <= 1e-9 * f.attack_time,
                "{}: attack time {} is not the mean {} of its random attack times", who, f.attack_time, mean);
}

double draw_time(const Fighter& f, Rng& rng) {
  if (!random_time(f)) return f.attack_time;
  double u = rng.unit();
  for (const auto& [t, p] : f.attack_times) {
    if (u < p) return t;
    u -= p;
  }
  return f.attack_times.back().first;  // u ran past the last by rounding
}

void check_bout(const Bout& bout) {
  check_fighter(bout.a, "side a");
  check_fighter(bout.b, "side b");
  require(bout.a_hits_b != nullptr, "side a has no attack on side b");
  require(bout.b_hits_a != nullptr, "side b has no attack on side a");
}

}  // namespace fray::fight
