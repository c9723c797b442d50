// Shattered Pixel Dungeon 3.3.6's abilities that bear on a fight, per mob and
// per hero subclass, and which of them fray's fights follow. The fork lists
// them as Pixel Dungeon does (fray/rules/pixel_dungeon/mechanic.hpp: Modelled,
// Mechanic, sort_mechanics).
#pragma once

#include <fray/rules/pixel_dungeon/mechanic.hpp>
#include <fray/rules/shattered_pd/attack.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace fray::shattered_pd {

using pixel_dungeon::Mechanic;
using pixel_dungeon::Modelled;

// The mob's abilities, by its Java class (empty for a plain mob).
[[nodiscard]] std::vector<Mechanic> mob_mechanics(const Mob& mob);
// The hero's (its subclass's and its own regeneration).
[[nodiscard]] std::vector<Mechanic> hero_mechanics(const Hero& hero);
[[nodiscard]] std::vector<Mechanic> mechanics(const Combatant& c);

// For a mob whose stats follow the moment of an attack (the catalog's `when`
// rows on the distance, its HP, the great crab's watch), attacking or
// attacked in situation `s`: the stats taken and those of the other case, a
// line each ("Tengu: accuracy 10 with its foe adjacent; accuracy 20 with its
// foe not adjacent ..."). `fight`: a stat that follows the mob's HP is said
// to follow it through the fight.
[[nodiscard]] std::vector<std::string> moment_notes(const Combatant& c, const Situation& s, bool attacking, bool fight);

// "name: text" for each mechanic of the two combatants, sorted into what a
// fight (or, with `attack`, one attack) follows and what it leaves out.
void list_mechanics(const Combatant& a, const Combatant& b, bool attack, std::vector<std::string>& modelled,
                    std::vector<std::string>& not_modelled);

// The label of a draw of Char.attack in a trace ("accuracy", "excess_strength").
[[nodiscard]] std::string_view draw_label(DrawFor d);

}  // namespace fray::shattered_pd
