// fray/fight/parts/regeneration.hpp — regeneration, one part for every game.
//
// Every game's natural regeneration is an accumulator on a clock: at each
// act of the clock, while the side is below its maximum HP, a store gains
// some units; each time the store reaches a threshold it gives back that
// many units as one HP. The games differ only in the numbers:
//
//   game                       acts (the clock)             gain      threshold  at full HP
//   Pixel Dungeon 1.9.1        every 10 / 1.2^mending turns  1         1          clock and store hold
//   Shattered PD 3.3.6         every turn                    1         10         clock runs, store holds
//   Brogue CE (monster)        every 100 ticks               1000      turnsBetweenRegen x 1000   hold
//   Brogue CE (player)         every player turn (+ regenPerTurn HP each act)                     hold
//   DCSS (player)              every player turn             div_rand_round(rate x delay, 10)  100  store to 0
//   DCSS (monster)             every monster turn            1 with natural_regen_rate / 25  1   hold
//
// (Pixel Dungeon Regeneration.act, Shattered Regeneration.act's partialRegen,
// Brogue Monsters.c decrementMonsterStatus and Time.c playerTurnEnded, DCSS
// player-reacts.cc _regenerate_hp_and_mp and mon-act.cc _monster_regenerate.)
// docs/mechanics.md#parts lists each game's parameters.
//
// The part is the parameters (Regeneration), its state (RegenState: the
// clock's phase and the store), its effect on the side's own turn
// (regenerate), its note (regeneration_note), its exactness limit
// (regeneration_states, check_regeneration) and its PartUse
// (regeneration_use, regeneration_of).
#pragma once

#include <fray/fight/part.hpp>
#include <fray/fight/turn.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <vector>

namespace fray::fight::parts {

// --- the clock -----------------------------------------------------------------------------

// A clock of acts seen from a side that takes a turn every `turn_time`: in
// whole units of a fraction of a game turn, so that it repeats exactly. The
// acts fall at whole multiples of `period` from the clock's start; those in
// (n turn_time, (n + 1) turn_time] are counted at the side's turn n (0-based).
struct Clock {
  std::int64_t attack = 1;  // the side's time between two of its attacks (its turns)
  std::int64_t period = 1;  // time between two acts
  std::int64_t turn = 1;    // one game turn
  std::uint32_t cycle = 1;  // turns of the side after which the pattern of acts repeats
  // Acts due in (from, to].
  [[nodiscard]] int points(std::int64_t from, std::int64_t to) const;
  // Acts counted at the side's turn n (0-based).
  [[nodiscard]] int at_attack(std::uint32_t n) const;
  // at_attack(n) for each n of one cycle.
  [[nodiscard]] std::vector<int> by_attack() const;
};

// One act at each of the side's turns, whatever their length (Brogue's
// player, DCSS): a cycle of 1.
[[nodiscard]] Clock each_turn();

// The clock of acts every `period_num / period_den` game turns seen from a
// side taking a turn every `turn_time` game turns (a float of the game's
// times: a decimal delay times powers of 6/5, 2/3 or 5/3, found exactly among
// the denominators 10 x 5^k x 3^j). `what` names the mechanic and `every`
// the act in the error thrown (fray::Error) when the pattern repeats only
// after more than `max_cycle` turns of the side, or the times share no
// common unit fray can hold.
[[nodiscard]] Clock clock_of(double turn_time, std::int64_t period_num, std::int64_t period_den,
                             std::uint32_t max_cycle, std::string_view what, std::string_view every);

// The same for whole times: a turn every `turn_time` ticks, an act every `period` ticks.
[[nodiscard]] Clock clock_of_ticks(std::int64_t turn_time, std::int64_t period, std::uint32_t max_cycle,
                                   std::string_view what);

// --- the parameters ------------------------------------------------------------------------

// What the part does while its side is at (or above) its maximum HP.
enum class AtFull : std::uint8_t {
  hold = 0,        // neither the clock nor the store moves (Pixel Dungeon, Brogue, a DCSS monster)
  clock_runs = 1,  // the clock moves on, the store holds (Shattered Pixel Dungeon)
  reset = 2,       // the store goes back to 0 (the DCSS player's hit_points_regeneration)
};

struct Regeneration {
  // The acts at each of the side's turns over the clock's cycle (Clock::by_attack);
  // {1}: one act a turn.
  std::vector<int> acts{1};
  std::int64_t gain = 1;       // store units an act adds (a fixed gain; a random one is a law, see regenerate)
  std::int64_t threshold = 1;  // store units an HP takes (>= 1)
  std::int64_t per_act = 0;    // HP every act below the maximum gives besides (Brogue's regenPerTurn)
  AtFull at_full = AtFull::hold;

  [[nodiscard]] bool cycles() const noexcept { return acts.size() > 1; }
};

// The part's state on its side: the clock's phase (the side's turns so far,
// modulo the cycle) and the store (0 .. threshold - 1). A game whose side
// state is packed keeps the two in its own fields and passes them to
// regenerate; RegenState is the part's own condition for a side state made of
// parts.
struct RegenState {
  std::uint32_t phase = 0;
  std::int32_t store = 0;

  [[nodiscard]] auto key() const { return std::tie(phase, store); }
  friend bool operator==(const RegenState&, const RegenState&) = default;
  friend auto operator<=>(const RegenState&, const RegenState&) = default;
};

// --- the effect on the side's turn ---------------------------------------------------------

// The regeneration of one of the side's turns, from HP `hp` below or at its
// maximum `max`: the acts the clock gives this turn, each skipped when the
// side is then at its maximum or `paused` (Brogue: poisoned); each other
// adds the gain to the store and gives an HP for each threshold the store
// reaches, plus per_act. Returns the HP regained (not capped at the maximum:
// each act checks it, and per_act may pass it, as Brogue's playerTurnEnded
// does until its next turn); moves `phase` and `store`.
//
// `gain` is the Regeneration's fixed gain (std::int64_t: no draw), or a law
// whose value is the units an act adds, drawn once per act that is not
// skipped (DCSS: the player's div_rand_round, a monster's chance).
// `count` acts of the regeneration on their own, from HP `hp`: each skipped
// once the side is at its maximum, each other adding the gain to `store` and
// giving an HP for each threshold it reaches, plus per_act. The HP regained;
// `store` moved. (regenerate below counts the clock's acts for a turn.)
template <class R, class Gain, class Store>
std::int64_t acts(R& r, const Regeneration& g, const Gain& gain, std::int64_t hp, std::int64_t max, Store& store,
                  int count) {
  (void)r;  // drawn from only for a random gain
  std::int64_t healed = 0;
  for (int i = 0; i < count && hp + healed < max; ++i) {
    std::int64_t s = store;
    if constexpr (std::is_integral_v<Gain>)
      s += gain;
    else
      s += static_cast<std::int64_t>(r.draw(gain));
    while (s >= g.threshold) {
      s -= g.threshold;
      ++healed;
    }
    store = static_cast<Store>(s);
    healed += g.per_act;
  }
  return healed;
}

template <class R, class Gain, class Phase, class Store>
std::int64_t regenerate(R& r, const Regeneration& g, const Gain& gain, std::int64_t hp, std::int64_t max, Phase& phase,
                        Store& store, bool paused = false) {
  const bool full = hp >= max || paused;
  if (full && g.at_full == AtFull::reset) store = 0;
  const std::size_t n = g.acts.size() > 1 ? static_cast<std::size_t>(phase) : 0;
  if (g.acts.size() > 1 && (!full || g.at_full == AtFull::clock_runs))
    phase = static_cast<Phase>((n + 1) % g.acts.size());
  if (full) return 0;
  return acts(r, g, gain, hp, max, store, g.acts[n]);
}

// With the part's own state and fixed gain.
template <class R>
std::int64_t regenerate(R& r, const Regeneration& g, std::int64_t hp, std::int64_t max, RegenState& s,
                        bool paused = false) {
  return regenerate(r, g, g.gain, hp, max, s.phase, s.store, paused);
}

// A random gain of `value` units with chance `p`, else 0, drawn as one yes or
// no (a game whose roll is several draws gives its own law).
struct GainChance {
  using value_type = std::int64_t;
  std::int64_t value = 1;
  double p = 1;
  [[nodiscard]] std::size_t size() const noexcept { return 2; }
  [[nodiscard]] Branch<std::int64_t> at(std::size_t i) const noexcept {
    return i == 0 ? Branch<std::int64_t>{0, 1 - p} : Branch<std::int64_t>{value, p};
  }
  std::int64_t sample(Rng& rng, std::vector<Draw>* trace) const {
    const bool yes = rng.unit() < p;
    if (trace) trace->push_back(Draw{"regeneration", "chance", static_cast<std::int64_t>(yes ? 1 : 0)});
    return yes ? value : 0;
  }
};

// --- the exactness limit -------------------------------------------------------------------

// The most values of RegenState a side's regeneration may reach: the clock's
// cycle times the store's values (threshold / gcd(gain, threshold) for a
// fixed gain, the threshold for a random one).
[[nodiscard]] std::size_t regeneration_states(const Regeneration& g, bool random_gain = false);
// Throws TooLarge naming `what` when regeneration_states is past `limit`: an
// exact chain multiplies its conditions by them.
void check_regeneration(const Regeneration& g, std::size_t limit, std::string_view what, bool random_gain = false);

// --- the note and the part's name ----------------------------------------------------------

// "regenerates 1 HP every 10 turns below its maximum" and the like, from the
// Regeneration and the clock's act period in game turns (0: each of the
// side's turns), for a side's `modelled` line.
[[nodiscard]] std::string regeneration_note(const Regeneration& g, double act_turns, std::string_view source);

// The PartUse of a regeneration: parameters, in order,
//   every      game turns between two acts (0: each of the side's own turns)
//   gain       store units an act adds (a random gain: its mean)
//   threshold  store units an HP takes
//   per_act    HP every act gives besides
//   chance     the chance an act gains (1: always)
//   at_full    0 hold, 1 the clock runs, 2 the store resets (AtFull)
[[nodiscard]] PartUse regeneration_use(double every, double gain, double threshold, double per_act, double chance,
                                       AtFull at_full, std::string source);
// The parameters a PartUse names, for a side taking a turn every
// `turn_time` game turns (`max_cycle`: the longest clock cycle followed).
// Throws fray::Error for a PartUse of another part or out-of-range values.
[[nodiscard]] Regeneration regeneration_of(const PartUse& use, double turn_time, std::uint32_t max_cycle);

}  // namespace fray::fight::parts
