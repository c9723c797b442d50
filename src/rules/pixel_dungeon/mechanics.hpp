// Pixel Dungeon 1.9.1's special abilities that bear on a fight, per mob and
// per hero subclass, and which of them fray's fights follow (Mechanic rows,
// fray/rules/pixel_dungeon/mechanic.hpp).
#pragma once

#include <fray/rules/pixel_dungeon/attack.hpp>
#include <fray/rules/pixel_dungeon/mechanic.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace fray::pixel_dungeon {

// The mob's abilities, by catalog key (empty for a plain mob).
[[nodiscard]] std::vector<Mechanic> mob_mechanics(const Mob& mob);
// The hero's (its subclass's and its own regeneration).
[[nodiscard]] std::vector<Mechanic> hero_mechanics(const Hero& hero);
[[nodiscard]] std::vector<Mechanic> mechanics(const Combatant& c);

// "name: text" for each mechanic of the two combatants, sorted into what a
// fight (or, with `attack`, one attack) follows and what it leaves out.
void list_mechanics(const Combatant& a, const Combatant& b, bool attack, std::vector<std::string>& modelled,
                    std::vector<std::string>& not_modelled);

}  // namespace fray::pixel_dungeon
