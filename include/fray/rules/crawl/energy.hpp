// fray/rules/crawl/energy.hpp — how time passes for a DCSS monster, both
// versions: the energy its actions cost (mon_energy_usage) and the time that
// energy takes to gather at its speed.
//
// The game gives a monster energy (speed_increment) after each of the
// player's actions, div_rand_round(speed × time_taken, 10) (mon-act.cc
// _monster_add_energy): speed/10 a aut, on average exactly. The monster acts
// while it holds at least 80 (monster::has_action_energy), and each action
// spends the energy of its kind (monster::action_energy). A melee round, all
// of the monster's attacks, spends div_rand_round(attack energy × delay, 10)
// once (0.19 melee_attack.cc handle_phase_attempted, for the first attack
// only; 0.34 fight.cc fight_melee), a shot div_rand_round(missile energy ×
// delay, 10) (throw.cc mons_throw), `delay` being monster::attack_delay,
// which each version works out its own way. fray gives each such action the
// time its energy takes to gather: 10 × cost / speed aut. What it does not
// follow: the random rounding of each gain, and the game's monsters acting
// only between two of the player's actions (when their energy has reached
// 80); the long-run rate is the game's.
#pragma once

#include <fray/core/pmf.hpp>

#include <string>
#include <utility>
#include <vector>

namespace fray::crawl {

// mon_energy_usage (mon-util.h): the energy each kind of action costs.
// 0.19 reads all eight from mon-data.h; 0.34's dat/mons files give the first
// five, and monster::action_energy fixes an item's and a special action's at
// 10 and a pickup's at 100.
struct MonsterEnergy {
  int move = 10, swim = 10, attack = 10, missile = 10, spell = 10, special = 10, item = 10, pickup = 100;

  friend bool operator==(const MonsterEnergy&, const MonsterEnergy&) = default;
};

// The energy a melee round or a shot spends: div_rand_round(energy × delay, 10).
[[nodiscard]] Pmf action_cost(int energy, int delay);

// The time of an action costing `cost` (each value with its chance) for a
// monster of `speed` (at least 1): 10 × cost / speed aut, ascending, each
// time with its chance.
[[nodiscard]] std::vector<std::pair<double, double>> action_times(const Pmf& cost, int speed);

// An action's cost, in words: "15 energy" or "12 or 13 energy".
[[nodiscard]] std::string cost_text(const Pmf& cost);

// A monster side's time in a fight, for its notes: "ogre: each melee round
// spends 15 energy (attack energy 15 × delay 10 / 10), 15 aut at speed 10".
// `delay_source` says where a delay other than 10 comes from ("the mace's
// (10 + 14) / 2"), empty for none.
struct MonsterTime {
  std::string name;
  bool ranged = false;  // shots rather than melee rounds
  int energy = 10, delay = 10, speed = 10;
  std::string delay_source{};
};
[[nodiscard]] std::string monster_time_note(const MonsterTime& t);
// What every fight with a monster assumes of its time (what the game does
// that fray does not follow), for the notes.
[[nodiscard]] std::string monster_time_limit_note();

}  // namespace fray::crawl
