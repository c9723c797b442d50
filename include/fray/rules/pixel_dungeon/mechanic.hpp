// fray/rules/pixel_dungeon/mechanic.hpp — how the Pixel Dungeon family lists
// a combatant's special abilities that bear on a fight, and which of them
// fray follows. Pixel Dungeon 1.9.1 and Shattered Pixel Dungeon 3.3.6 each
// keep their own rows (one per mob class and hero subclass, naming the game's
// functions) and sort them into the modelled and not-modelled lists with
// sort_mechanics.
#pragma once

#include <fmt/format.h>

#include <string>
#include <string_view>
#include <utility>
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

// "name: text" for each of the two combatants' mechanics (`of(c)`), sorted by
// whether a fight (or, with `attack`, one attack) follows it. A mechanic the
// fight would follow goes to not_modelled when `left_out(c, m)` says this
// pairing of the two combatants leaves it out.
template <class C, class Of, class LeftOut>
void sort_mechanics(const C& a, const C& b, bool attack, Of&& of, LeftOut&& left_out,
                    std::vector<std::string>& modelled, std::vector<std::string>& not_modelled) {
  for (const C* c : {&a, &b})
    for (const Mechanic& m : of(*c)) {
      if (attack && m.over_time) continue;
      const bool in = attack ? m.attack : m.fight != Modelled::no && !left_out(*c, m);
      std::string line = fmt::format("{}: {}", c->name, m.text);
      if (!attack && m.fight == Modelled::sampled) line += " [sampled fights only]";
      (in ? modelled : not_modelled).push_back(std::move(line));
    }
}

// The same, with every mechanic a fight would follow followed.
template <class C, class Of>
void sort_mechanics(const C& a, const C& b, bool attack, Of&& of, std::vector<std::string>& modelled,
                    std::vector<std::string>& not_modelled) {
  sort_mechanics(
      a, b, attack, std::forward<Of>(of), [](const C&, const Mechanic&) { return false; }, modelled, not_modelled);
}

}  // namespace fray::pixel_dungeon
