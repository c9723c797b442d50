// Brogue CE's monster abilities that bear on a fight (monsterCatalog's
// ability and behaviour flags, bolts, summons, regeneration), and which of
// them fray's fights follow.
#pragma once

#include <fray/rules/brogue/attack.hpp>
#include <fray/rules/brogue/fight.hpp>

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
  bool attack = false;           // the outcome of one attack (fray attack) includes it
  bool over_time = false;        // acts between attacks (regeneration, summons): no part of one attack
  bool vs_player_only = false;   // followed only in a fight with the player (the conjurer's blades)
  bool vs_jelly_foe = false;     // followed against an opponent fights_jelly accepts (a jelly's splitting)
  bool vs_conjurer_foe = false;  // followed against an opponent fights_conjurer accepts (the conjurer's blades)
};

// Regeneration fray's fights follow: every monster that regenerates and
// whose attack time is whole turns (all of the catalog's), its clock in the
// side's state (fight.hpp regen_clock_values: n values for an HP every n
// turns). The player's is followed in every fight (fight.cpp body_of).
[[nodiscard]] bool regeneration_followed(const Monster& m);
[[nodiscard]] bool regeneration_modelled(const Combatant& c);
// Thousandths of a turn a regenerated HP of the combatant as its fights
// follow it (0: none followed): a monster's turnsBetweenRegen x 1000, the
// player's turnsBetweenRegen (Items.c updatePlayerRegenerationDelay).
[[nodiscard]] std::int64_t regen_period(const Combatant& c);

// A monster that splits when damaged (MA_CLONE_SELF_ON_DEFEND).
[[nodiscard]] bool splitting(const Combatant& c);
// Whether fray follows a splitting jelly's bodies against this opponent:
// the player, or a monster that does not split itself and whose hits carry
// nothing the jelly's kernels leave out (poison, transference, weakness,
// seizing, a burst). Combat.c attack calls splitMonster after every hit, whoever lands it.
[[nodiscard]] bool fights_jelly(const Combatant& c);

// A goblin conjurer (MA_CAST_SUMMON with its spectral blades).
[[nodiscard]] bool is_conjurer(const Combatant& c);
// Whether fray follows a goblin conjurer's spectral blades against this
// opponent: the player, or a monster that is neither a conjurer nor a
// splitting jelly (each a group of its own) and whose hits carry nothing
// that hitting a blade instead of the conjurer would lose (poison ticking
// on the conjurer, a seizure, a burst).
[[nodiscard]] bool fights_conjurer(const Combatant& c);

// A monster that flees near death (MONST_FLEES_NEAR_DEATH): fight.cpp ends
// its fights with it escaped once a hit leaves it at a quarter of its
// maximum HP or less. Every monster is taken as the player's enemy: an ally
// (Combat.c inflictDamage's MONSTER_ALLY test) never flees so.
[[nodiscard]] bool flees_near_death(const Combatant& c);

// A monster that steals and flees (MA_HIT_STEAL_FLEE, the monkey) fighting
// the player: fight.cpp ends the fight with it escaped after a hit it steals
// with (Combat.c specialHit, which steals only from the player).
[[nodiscard]] bool steals_and_flees(const Combatant& thief, const Combatant& victim);

[[nodiscard]] std::vector<Mechanic> monster_mechanics(const Monster& m);
[[nodiscard]] std::vector<Mechanic> mechanics(const Combatant& c);

// "name: text" for each mechanic of the two combatants, sorted into what a
// fight (or, with `attack`, one attack) follows and what it leaves out.
void list_mechanics(const Combatant& a, const Combatant& b, bool attack, std::vector<std::string>& modelled,
                    std::vector<std::string>& not_modelled);

}  // namespace fray::brogue
