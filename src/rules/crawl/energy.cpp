// How time passes for a DCSS monster (energy.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <fray/rules/crawl/energy.hpp>
#include <fray/rules/crawl/random.hpp>

namespace fray::crawl {

Pmf action_cost(int energy, int delay) {
  // 0.19 melee_attack.cc handle_phase_attempted / 0.34 fight.cc fight_melee,
  // throw.cc mons_throw: speed_increment -= div_rand_round(energy * delay, 10).
  return div_rand_round_pmf(static_cast<i64>(energy) * delay, 10);
}

std::vector<std::pair<double, double>> action_times(const Pmf& cost, int speed) {
  // mon-act.cc _monster_add_energy: div_rand_round(speed * time_taken, 10) a
  // player action, speed/10 energy a aut.
  const double s = std::max(1, speed);
  std::vector<std::pair<double, double>> out;
  for (const auto& [c, p] : cost.items())
    if (p > 0) out.emplace_back(10.0 * static_cast<double>(c) / s, p);
  return out;
}

std::string cost_text(const Pmf& cost) {
  if (cost.is_point()) return fmt::format("{} energy", cost.min());
  return fmt::format("{} or {} energy", cost.min(), cost.max());
}

std::string monster_time_note(const MonsterTime& t) {
  const Pmf cost = action_cost(t.energy, t.delay);
  std::string times;
  for (const auto& [time, p] : action_times(cost, t.speed))
    times += fmt::format("{}{:g}", times.empty() ? "" : " or ", time);
  return fmt::format(
      "{}: each {} spends {} (div_rand_round({} energy {} × delay {}, 10){}), {} aut at speed {}", t.name,
      t.ranged ? "shot" : "melee round", cost_text(cost), t.ranged ? "missile" : "attack", t.energy, t.delay,
      t.delay_source.empty() ? "" : fmt::format("; delay {} is {}", t.delay, t.delay_source), times, t.speed);
}

std::string monster_time_limit_note() {
  return "monster time: a monster gains speed/10 energy an aut and each of its rounds takes the time its energy "
         "takes to gain (mon-act.cc _monster_add_energy, monster::action_energy); the game rounds each gain, "
         "div_rand_round(speed × time_taken, 10) after each player action, at random and lets a monster act only "
         "between two of the player's actions, once it holds 80 energy, which a fight does not follow: the same "
         "rate, each round at its own time";
}

}  // namespace fray::crawl
