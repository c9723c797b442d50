// Shattered Pixel Dungeon 3.3.6's abilities that bear on a fight, per mob and
// per hero subclass, and which of them fray's fights follow. The fork lists
// them as Pixel Dungeon does (Modelled, Mechanic, sort_mechanics).
#pragma once

#include <fray/rules/shattered_pd/attack.hpp>

#include "rules/pixel_dungeon/mechanics.hpp"

#include <string>
#include <vector>

namespace fray::shattered_pd {

using pixel_dungeon::Mechanic;
using pixel_dungeon::Modelled;

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
