// fray/fight/parts/rage.hpp — rage and shields, one part for every game.
//
// A rage is a side's condition that its HP turns on and that changes its
// attack; the games turn it on two ways:
//
//   game                      on                                  after
//   Pixel Dungeon 1.9.1       HP <= HT x 0.4 (in float)           while it holds    Hero.damage, Fury (Berserker)
//   Pixel Dungeon 1.9.1       HP < HT / 4 (integer division)      while it holds    Brute.damage (gnoll brute)
//   Shattered PD 3.3.6        the first time HP reaches 0         a shield of HT / 2 + 4, round(4 x asc) off it
//                                                                 at the end of every turn, a turn spent
//                                                                 Brute.isAlive, BruteRage.act
//   Shattered PD 3.3.6        the same                            a shield of HT / 2 + 1, round(asc) off it
//                                                                 every third turn   ArmoredBrute, ArmoredRage.act
//
// The part says when the rage is on and what its shield does; what the rage
// changes in the attack (Fury's damage x 1.5, the brute's raging roll) is
// the game's attack, planned raging or not. The part is the parameters
// (Rage), the HP at which an HP rage is on (rage_top, raging), the running
// shield (rage_shield) with its state (RageShield's states below) and its
// effect on being hit (rage_hit), on the side's own turn (rage_turn) and
// between two attacks on it (rage_decay), its note (rage_note), its
// exactness limit (kRageStates) and its PartUse (rage_use, rage_of).
//
// The Shattered Berserker's rage (Berserk) stays per game: docs/mechanics.md
// says why.
#pragma once

#include <fray/fight/part.hpp>

#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace fray::fight::parts {

// What turns the rage on.
enum class RageOn : std::uint8_t {
  hp_at_most = 0,  // HP <= HT x fraction, the product in float (Fury.LEVEL); off again above it
  hp_below = 1,    // HP < HT / divisor, integer division; off again at or above it
  at_death = 2,    // the first time HP reaches 0: a shield that decays, the side dying at its end
};

struct Rage {
  RageOn on = RageOn::hp_at_most;
  float fraction = 0;        // hp_at_most: the fraction of HT (0..1)
  std::int64_t divisor = 1;  // hp_below: HT divided by it (>= 1)
  // at_death: a shield of HT / 2 + shield_plus (HP the side keeps past 0),
  // round(decay x the side's stat factor) off it every `every` turns, the
  // first at the end of the turn of the rage; the side spends its next turn.
  std::int64_t shield_plus = 0;
  float decay = 0;
  int every = 1;
};

// --- a rage turned on by HP ------------------------------------------------------------------

// The highest HP, 1..ht, at which an HP rage is on (-1: at none; an at_death
// rage: -1). The HP below it rage too.
[[nodiscard]] inline std::int64_t rage_top(const Rage& g, std::int64_t ht) {
  std::int64_t top = -1;
  if (g.on == RageOn::hp_at_most)
    // A whole HP below 2^24 is a float exactly: HP <= x holds for HP <= floor(x).
    top = static_cast<std::int64_t>(std::floor(static_cast<float>(ht) * g.fraction));
  else if (g.on == RageOn::hp_below)
    top = ht / g.divisor - 1;
  top = top > ht ? ht : top;
  return top >= 1 ? top : -1;
}
// Whether the rage is on at HP `hp` of `ht`.
[[nodiscard]] inline bool raging(const Rage& g, std::int64_t hp, std::int64_t ht) {
  return hp >= 1 && hp <= rage_top(g, ht);
}

// --- a rage at death, with its shield --------------------------------------------------------

// The running shield of an at_death rage, for a side of `ht` and a stat
// factor `factor` (Shattered's AscensionChallenge.statModifier; 1 without):
// the shield it gains, the HP each decay takes (Math.round of the float
// product) and the turns between decays. `on` false: no rage.
struct RageShield {
  bool on = false;
  std::int64_t shield = 0, decay = 0;
  int every = 1;
};
[[nodiscard]] inline RageShield rage_shield(const Rage& g, std::int64_t ht, float factor) {
  if (g.on != RageOn::at_death) return {};
  return {true, ht / 2 + g.shield_plus,
          static_cast<std::int64_t>(std::floor(static_cast<double>(g.decay * factor) + 0.5)), g.every};
}

// The shield's state on its side, between the attacks of the one who fights
// it (both sides acting once a turn, that one first in a turn): the side's
// fight HP is its HP plus the shield, and the state says
//   0  no rage yet
//   1  raging: the next attack on it takes a decay first
//   2  raging, its next turn spent (the rage's own turn; that turn's decay
//      was taken with the enraging hit)
//   3  raging, not attacked since its spent turn: the next attack takes no decay
//   4, 5  (a decay every third turn) raging, the next decay two or one attacks away
// The buff acts last in a turn from the turn of the rage on: that turn's
// decay comes with the enraging hit, each later one before the next attack
// on the side, the first attack after the spent turn taking none.
inline constexpr int kRageStates = 6;

// The decay since the last attack on the side, and its state from then on.
[[nodiscard]] std::pair<std::int64_t, std::int8_t> rage_decay(const RageShield& r, std::int8_t state);
// On being hit: an attack passing `x` (0 for a miss) to the side at fight HP
// `hp` in `state`: the fight damage and the state after it. Before the rage,
// a hit that takes HP to 0 or below enrages: the damage past 0 is lost, the
// shield comes, less the turn's decay (HP - (shield - decay) is dealt: the
// side is left with shield - decay, or dies when the decay takes it all).
[[nodiscard]] std::pair<std::int64_t, std::int8_t> rage_hit(const RageShield& r, std::int64_t hp, std::int8_t state,
                                                            std::int64_t x);
// On the side's own turn: the turn the rage spent (2) is skipped, and leaves
// it raging, not yet attacked (3).
[[nodiscard]] inline std::int8_t rage_turn(std::int8_t state) { return state == 2 ? 3 : state; }
// Whether the side skips this turn (the rage's spent turn).
[[nodiscard]] inline bool rage_skips(std::int8_t state) { return state == 2; }
// Whether the rage is on in `state`.
[[nodiscard]] inline bool rage_on(std::int8_t state) { return state != 0; }

// --- the note and the part's name ------------------------------------------------------------

// "rages while HP <= 40% of HT" and the like, for a side's `modelled` line.
[[nodiscard]] std::string rage_note(const Rage& g, std::string_view source);

// The PartUse of a rage: parameters, in order,
//   on           0 HP at most a fraction of HT, 1 HP below HT / divisor, 2 at death (RageOn)
//   fraction     on = 0: the fraction of HT (in float), 0..1
//   divisor      on = 1: HT's divisor, 1..10^6
//   shield_plus  on = 2: the shield is HT / 2 + this, 0..10^6
//   decay        on = 2: HP a decay takes, before the stat factor, 0..10^6
//   every        on = 2: turns between decays, 1 or 3 (the states above)
[[nodiscard]] PartUse rage_use(const Rage& g, std::string source);
// The Rage a PartUse names (fray::Error for another part or values out of range).
[[nodiscard]] Rage rage_of(const PartUse& use);

}  // namespace fray::fight::parts
