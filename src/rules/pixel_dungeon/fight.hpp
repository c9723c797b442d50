// Pixel Dungeon 1.9.1's fight kernels: one turn of a combatant against
// another (turn.hpp: PdTurn, read through fight::TurnExchange) over the two
// sides' HP and typed condition, with the mechanics that change who wins
// carried in it — the Gladiator's Combo, a cave spinner's poison and an albino
// rat's bleeding ticking on their victim, a swarm of flies as a group of
// bodies that splits when hit, the vampire bat's life drain, the hero's
// regeneration and hunger on their clocks (fray/rules/pixel_dungeon/clock.hpp,
// which Shattered Pixel Dungeon's fights use too).
#pragma once

#include <fray/fight/kernel.hpp>
#include <fray/rules/pixel_dungeon/attack.hpp>
#include <fray/rules/pixel_dungeon/clock.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fray::pixel_dungeon {

// The most groups of flies a swarm's splits may reach for the exact chain to
// follow them; past it the fight is sampled (Monte Carlo) with a note.
inline constexpr std::size_t kExactFlyGroups = 5000;
// The most groups a fight may reach at all: past it the fight is refused
// (fray::Error naming the swarm's splits), as neither method could number them.
inline constexpr std::size_t kMaxFlyGroups = std::size_t{1} << 18;
// The most flies next to the hero: the eight cells around it.
inline constexpr std::size_t kMaxAdjacentFlies = 8;

// Fills the bout's kernels (a_hits_b, b_hits_a), the fighters' start states
// and the notes stating what the fight assumes. The fighters (names, HP,
// attack times) must be set already.
void add_kernels(Bout& bout, const Combatant& a, const Combatant& b, const Situation& s);

// The exact chain follows outcomes that heal the attacker (life drain).
inline constexpr bool kChainFollowsHeal = true;

// --- the rules, exposed for the tests ---

// A cave spinner's poison or an albino rat's bleeding on the other side.
enum class Affliction { none, poison, bleeding };

struct AfflictionStep {
  double p;
  int level;            // after the step: poison turns left, bleeding level
  std::int64_t damage;  // HP the victim loses
};

// One turn of the buff (Poison.act, Bleeding.act), from `level`.
[[nodiscard]] std::vector<AfflictionStep> affliction_tick(Affliction a, int level);

// Hunger.act on a starving hero: Random.Float() < 0.3f, with Random.Float()
// the double Math.random() rounded to a float, which is below 0.3f exactly
// when the double is below 0.3f less half a float step there (2^-26).
[[nodiscard]] double starving_hit_chance();

// What an affliction still on a side does after the fight, once its source
// is dead (the buff keeps acting once a turn): turn by turn, the affliction
// ticks, then regen[k - 1] HP come back (capped at `ht`; none past the
// vector's end) for turn k = 1, 2, ..., and a starving hero takes hunger[k - 1]
// chances of 1 damage (Hunger.act, starving_hit_chance each).
// Each final HP with its probability; 0: the side died of it. `resists`: a
// mob that resists poison takes IntRange(0, damage).
[[nodiscard]] std::vector<std::pair<double, std::int64_t>> after_affliction(Affliction a, int level, std::int64_t hp,
                                                                            std::int64_t ht, bool resists,
                                                                            const std::vector<int>& regen,
                                                                            const std::vector<int>& hunger = {});

// The chances of a starving hero's `points` acts of Hunger (each 1 damage
// with starving_hit_chance): (probability, HP lost) for 0..points.
[[nodiscard]] std::vector<std::pair<double, std::int64_t>> hunger_losses(int points);

// A swarm's flies, by HP, ascending.
using FlyGroup = std::vector<std::int64_t>;
// A hit of `damage` on the group's weakest fly (Swarm.defenseProc, then
// Char.damage): the HP the group loses and the flies after it (empty: the
// last fly died). In a corridor (`corridor`) the flies are in line, front
// first: the hit falls on the front fly, which splits only when it is alone
// (the clone takes the cell behind it).
[[nodiscard]] std::pair<std::int64_t, FlyGroup> hit_fly_group(const FlyGroup& g, std::int64_t damage,
                                                              bool corridor = false);

}  // namespace fray::pixel_dungeon
