// fray/rules/brogue/fight.hpp — Brogue CE fights: the kernels the fight layer
// runs, and the condition each side carries between attacks.
//
// A side's condition is more than one counter (acid wear, a seizure, poison
// and its clock, regeneration's clock, a conjurer's spectral blades), so the
// kernels keep it in a table shared by both sides of a bout and hand the
// fight layer its number (Side::state; 0 is the spec's start).
#pragma once

#include <fray/fight/kernel.hpp>
#include <fray/rules/brogue/attack.hpp>

#include <compare>
#include <cstdint>
#include <numeric>
#include <tuple>
#include <vector>

namespace fray::brogue {

// One side's condition between two attacks.
struct FightState {
  CarriedState carried;  // acid wear, held by a seizing attacker
  // Poison (Combat.c addPoison): turns left, HP lost a turn (one per dose),
  // and the game time since its last tick, counted by the poisoner's attacks.
  std::int32_t poison_turns = 0;
  std::int32_t poison_amount = 0;
  std::int32_t poison_clock = 0;
  // Weakness points from MA_CAUSES_WEAKNESS hits (Items.c weaken: +1 a
  // hit, at most 10 with the spec's own; it lasts 300 turns, longer than a
  // fight).
  std::int32_t weakened = 0;
  // Regeneration (Monsters.c decrementMonsterStatus, Time.c
  // playerTurnEnded): thousandths of a turn spent towards the next HP; 0 at
  // the start (a whole period to go, as after the game's last HP gained).
  std::int32_t regen_spent = 0;
  // A goblin conjurer's side: spectral blades alive, and whether its
  // current turn finishes a cast (a cast takes two turns).
  std::int32_t blades = 0;
  bool casting = false;
  // The situation's passing conditions (fray/fight/parts/first_attack.hpp):
  // `over` once the side's own are done with (a sneak attack's or a sleeping
  // monster's surprise, a lunge), and the turns a surprised monster still
  // loses (Combat.c attack: it is flat-footed for max(movementSpeed,
  // attackSpeed) ticks). Both stay 0 in a fight without such a situation.
  // (Kept beside `casting`, in the room its alignment leaves.)
  bool over = false;
  std::int32_t lost = 0;
  // A splitting jelly's side: the HP of each body, fewest first; empty at
  // the start (one body with the side's HP).
  std::vector<std::int32_t> bodies{};

  // Ordered through std::tie's <, which every standard library of the
  // supported toolchains has (Emscripten 3.1's libc++ has no <=> on vector).
  [[nodiscard]] auto key() const noexcept {
    return std::tie(carried.weapon_lost, carried.armor_lost, carried.held, poison_turns, poison_amount, poison_clock,
                    weakened, regen_spent, blades, casting, bodies, over, lost);
  }
  friend bool operator<(const FightState& x, const FightState& y) noexcept { return x.key() < y.key(); }
  friend bool operator==(const FightState& x, const FightState& y) noexcept { return x.key() == y.key(); }
};

// The most fight states one bout numbers (both sides together): the
// exact chain of a poison fight stays far below it (a spider against the
// starting player reaches a few hundred); past it a fight stops with a
// fray::Error naming the mechanic.
inline constexpr std::uint32_t kMaxFightStates = 1u << 18;

// The most conditions of a splitting jelly's bodies for which its fight is
// exact: counted before the fight over every way the player's hits can
// split it; past it the fight is sampled and says why. A pink jelly (50 HP)
// against a dagger stays well below it.
inline constexpr std::size_t kMaxJellyStates = 20000;

// How many values a regeneration clock takes: it moves on by 1000
// thousandths a turn and gives an HP each `period` thousandths, so it takes
// the values 1000 k mod period (0 when there is no regeneration). A monster
// regenerating every n turns: n; the starting player (30 HP, an HP each
// 10066/1000 turns): 5033; at 40 HP (7550): 151.
[[nodiscard]] constexpr std::int64_t regen_clock_values(std::int64_t period) noexcept {
  return period <= 0 ? 0 : period / std::gcd(period, std::int64_t{1000});
}
// The most values the regeneration clocks of a fight's two sides may take
// together (the product of their regen_clock_values) for the kernels to be
// exact: each value multiplies the conditions of the exact chain, whose HP
// then also go back up. Past it the regenerating sides are sampled and say
// why.
inline constexpr std::int64_t kMaxRegenClock = 200;

// The condition behind a state number of a Brogue kernel (one of the two
// Exchanges of a brogue Bout). Throws fray::Error for another kernel or an
// unknown number.
[[nodiscard]] FightState fight_state(const Exchange& kernel, std::uint32_t state);

// The Bout of two combatants (what Ruleset::bout returns for brogue), `a`'s
// attacks in situation `s` and `b`'s in counter_situation(s). Situations in
// a fight (docs/brogue.md): sneak, sleeping and lunge hold for the first
// attack only (src/rules/brogue/parts.hpp kPassing), a surprised monster then
// losing surprised_turns of its turns; stuck, seized and slaying last the
// whole fight; check_fight_situation refuses the rest. Throws fray::Error
// for a situation that cannot happen or that the fight does not follow.
[[nodiscard]] Bout make_bout(const Combatant& a, const Combatant& b, const Situation& s = {});

// fray::Error naming a flag a fight refuses: paralyzed (its duration is not
// given), captive (never fought in melee), thrown (not a melee attack).
void check_fight_situation(const Situation& s);

// The situation of the defender's attacks back on the situation's attacker:
// none of the flags a fight takes, each describing the attacker's attack.
[[nodiscard]] Situation counter_situation(const Situation& s);

// Combat.c attack: a monster that a sneak attack or an attack in its sleep
// surprises loses max(movementSpeed, attackSpeed) ticks: this many of its
// turns (0 for the player, who is never so surprised). fray::Error when the
// ticks are not a whole number of its attacks (no catalog monster).
[[nodiscard]] std::int32_t surprised_turns(const Combatant& c);

}  // namespace fray::brogue
