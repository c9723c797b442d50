// Shattered Pixel Dungeon 3.3.6's abilities that bear on a fight, per mob and
// per hero subclass, and which of them fray's fights follow.
#pragma once

#include <fray/rules/shattered_pd/attack.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace fray::shattered_pd {

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

// The mob's abilities, by its Java class (empty for a plain mob).
[[nodiscard]] std::vector<Mechanic> mob_mechanics(const Mob& mob);
// The hero's (its subclass's and its own regeneration).
[[nodiscard]] std::vector<Mechanic> hero_mechanics(const Hero& hero);
[[nodiscard]] std::vector<Mechanic> mechanics(const Combatant& c);

// "name: text" for each mechanic of the two combatants, sorted into what a
// fight (or, with `attack`, one attack) follows and what it leaves out.
void list_mechanics(const Combatant& a, const Combatant& b, bool attack, std::vector<std::string>& modelled,
                    std::vector<std::string>& not_modelled);

}  // namespace fray::shattered_pd
