// Pixel Dungeon 1.9.1's special abilities that bear on a fight, per mob and
// per hero subclass, and which of them fray's fights follow.
#pragma once

#include <fmt/format.h>

#include <fray/rules/pixel_dungeon/attack.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace fray::pixel_dungeon {

// How far fray follows one mechanic.
enum class Modelled {
  exact,    // in the exact chain and in the sampled fight
  sampled,  // in the sampled fight only (the exact analysis gives way to Monte Carlo)
  no,       // in neither: listed as not modelled
};

struct Mechanic {
  std::string_view text;  // what it does, naming the game's source
  Modelled fight = Modelled::no;
  bool attack = false;     // the outcome of one attack (fray attack) includes it
  bool over_time = false;  // acts between attacks (regeneration): no part of one attack
};

// The mob's abilities, by catalog key (empty for a plain mob).
[[nodiscard]] std::vector<Mechanic> mob_mechanics(const Mob& mob);
// The hero's (its subclass's and its own regeneration).
[[nodiscard]] std::vector<Mechanic> hero_mechanics(const Hero& hero);
[[nodiscard]] std::vector<Mechanic> mechanics(const Combatant& c);

// "name: text" for each mechanic of the two combatants, sorted into what a
// fight (or, with `attack`, one attack) follows and what it leaves out.
void list_mechanics(const Combatant& a, const Combatant& b, bool attack, std::vector<std::string>& modelled,
                    std::vector<std::string>& not_modelled);

// The loop of list_mechanics for any game whose lists are Mechanic rows:
// each of the two combatants' mechanics (`of(c)`), sorted by whether a
// fight (or, with `attack`, one attack) follows it. Shattered Pixel Dungeon,
// a fork, sorts its own lists with it.
template <class C, class Of>
void sort_mechanics(const C& a, const C& b, bool attack, Of&& of, std::vector<std::string>& modelled,
                    std::vector<std::string>& not_modelled) {
  for (const C* c : {&a, &b})
    for (const Mechanic& m : of(*c)) {
      if (attack && m.over_time) continue;
      const bool in = attack ? m.attack : m.fight != Modelled::no;
      std::string line = fmt::format("{}: {}", c->name, m.text);
      if (!attack && m.fight == Modelled::sampled) line += " [sampled fights only]";
      (in ? modelled : not_modelled).push_back(std::move(line));
    }
}

}  // namespace fray::pixel_dungeon
