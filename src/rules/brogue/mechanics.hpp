// Brogue CE's monster abilities that bear on a fight (monsterCatalog's
// ability and behaviour flags, bolts, summons, regeneration), and which of
// them fray's fights follow.
#pragma once

#include <fray/rules/brogue/attack.hpp>

#include <string>
#include <vector>

namespace fray::brogue {

// How far fray follows one mechanic.
enum class Modelled {
  exact,    // in the exact chain and in the sampled fight
  sampled,  // in the sampled fight only
  no,       // in neither: listed as not modelled
};

struct Mechanic {
  std::string text;
  Modelled fight = Modelled::no;
  bool attack = false;          // the outcome of one attack (fray attack) includes it
  bool over_time = false;       // acts between attacks (regeneration, summons): no part of one attack
  bool vs_player_only = false;  // followed only in a fight with the player (the conjurer's blades)
};

// Regeneration fray's fights follow: a monster regaining 1 HP every
// kFastRegenTurns turns or faster (the troll, kraken, tentacle horror and
// ifrit every turn, the bog monster and underworm every 3), whose attack time
// is whole turns. Slower regeneration gives back under a fifth of an HP a
// turn, and following it would make every such fight a chain whose HP go
// back up (cycles over the whole grid) for little change in who wins.
inline constexpr std::int64_t kFastRegenTurns = 3;
[[nodiscard]] bool regenerates_fast(const Monster& m);
[[nodiscard]] bool regeneration_modelled(const Combatant& c);

[[nodiscard]] std::vector<Mechanic> monster_mechanics(const Monster& m);
[[nodiscard]] std::vector<Mechanic> mechanics(const Combatant& c);

// "name: text" for each mechanic of the two combatants, sorted into what a
// fight (or, with `attack`, one attack) follows and what it leaves out.
void list_mechanics(const Combatant& a, const Combatant& b, bool attack, std::vector<std::string>& modelled,
                    std::vector<std::string>& not_modelled);

}  // namespace fray::brogue
