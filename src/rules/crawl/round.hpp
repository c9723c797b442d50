// The fight kernel of both DCSS versions: one side's round (the player's
// attack, or each of a monster's attacks in turn) over the two sides' HP and
// state, with the flavours and the regeneration a fight follows. What differs
// between 0.19 and 0.34 reaches it as data: each attack's odds and its
// sampled strike (each version's own plan_attack, exact_outcome and strike),
// the poison's rate, the regeneration's numbers, and the version's own reason
// for not being exact (how it counts shield blocks).
#pragma once

#include <fray/core/draw.hpp>
#include <fray/core/rng.hpp>
#include <fray/fight/kernel.hpp>
#include <fray/fight/part.hpp>
#include <fray/fight/parts/drain.hpp>
#include <fray/fight/parts/first_attack.hpp>
#include <fray/fight/parts/regeneration.hpp>
#include <fray/rules/crawl/poison.hpp>
#include <fray/rules/crawl/regen.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fray::crawl {

// One attack of a round, after some blocks earlier in the round.
struct AttackOdds {
  double p_block = 0, p_miss = 0, p_hit = 0;
  std::vector<std::pair<i64, double>> damage_on_hit;  // given a hit
};
// One sampled attack.
struct Drawn {
  bool blocked = false, hit = false;
  i64 damage = 0;
};
// What one attack's flavour does to its defender (mons_apply_attack_flavour):
// the player, or a monster (its resistances scale the elemental damage and
// the drain by monster_resist_adjust; its poison resistance decides whether a
// poisoning lands and how hard the poison bites).
struct FlavourEffects {
  PoisonRange poison;
  ElementRange element;
  std::optional<fight::parts::Drain> drain;  // the bite drains: AF_VAMPIRIC (its part) on a defender it can drain
  int element_res = 0;                       // the defender's resistance to the element
  int drain_res = 0;                         // the defender's negative energy resistance (the drain's BEAM_NEG)
  int poison_res = 0;                        // a monster defender's poison resistance
};
// The effects of a monster's attack `flavour` (its HD `hd`) on the player
// (`target` nullptr) or on a monster with resistances `target`: only the
// flavours a fight follows on that defender. `drain`: the attack's drain part
// in the monster's parts (drain_of_attack), or nullptr.
[[nodiscard]] FlavourEffects flavour_effects(std::string_view flavour, int hd, const MonsterResists* target,
                                             const fight::PartUse* drain);

// The attacker's own regeneration, on its turn: the regeneration part
// (`part`), with the game's law of each act's gain (the player's
// div_rand_round over its delay, a monster's natural_regen_rate roll).
struct RoundRegen {
  enum class Who { none, player, monster } who = Who::none;
  int rate = 0;                                  // the player's player_regen()
  std::vector<std::pair<i64, double>> delays{};  // the player's attack delays (aut) and their chances
  MonsterRegen monster{};
  double chance = 0;  // a monster's: the chance of its HP on a turn (the part's `chance`)
  fight::parts::Regeneration part{};
};

// The attacks of a round: each one's odds after the blocks made before it,
// and its sampled strike.
struct RoundAttacks {
  std::vector<std::vector<AttackOdds>> odds;  // [attack][blocks made before it: 0 .. size - 1, the last also for more]
  // One attack sampled after `blocks` blocks (already at most odds[attack].size() - 1), its draws appended to
  // *trace when trace is not null.
  std::function<Drawn(std::size_t attack, std::size_t blocks, Rng& rng, std::vector<Draw>* trace)> draw;
};

// The first-attack part (fray/fight/parts/first_attack.hpp) in a side's
// rounds, when the fight's situation holds passing conditions: each side's
// `over` flag (SideState::over) says whether its own are over.
struct RoundPassing {
  // The defender holds passing conditions (asleep, unaware): `held` is the
  // round while they hold, made from the same description (the version's
  // plan_attack) as the round once they are over. Its first attack ends
  // them, or its first hit (part.hit_ends_foe_only).
  bool defender = false;
  RoundAttacks held{};
  // The mover holds passing conditions: its own turn ends them, unless
  // asleep (part.turn_ends_own false), when it does not attack while they hold.
  bool mover = false;
  bool idle_while_held = false;
  fight::parts::FirstAttack part{};
};

struct RoundSpec {
  std::string id;                             // "crawl", "crawl-0.34": starts every message
  std::vector<std::vector<AttackOdds>> odds;  // [attack][blocks made before it: 0 .. size - 1, the last also for more]
  // One attack sampled after `blocks` blocks (already at most odds[attack].size() - 1), its draws appended to
  // *trace when trace is not null.
  std::function<Drawn(std::size_t attack, std::size_t blocks, Rng& rng, std::vector<Draw>* trace)> draw;
  RoundPassing passing{};
  std::vector<FlavourEffects> effects;  // [attack]
  PoisonRate poison_rate{};
  bool player_defender = false;
  i64 attacker_max_hp = 1, defender_hp = 1;
  double attacker_time = 10;  // aut; the poison on the player ticks over it
  // A monster defender's poison ticks every 10 aut of the rounds of a
  // monster attacker of this speed whose rounds spend `attacker_cost` energy
  // (each round 10 × cost / speed aut, energy.hpp); the defender's speed sets
  // its poison's duration (calc_duration). A cost of 0: random (a poisoner's
  // rounds must not be).
  int attacker_speed = 10, attacker_cost = 10, defender_speed = 10;
  RoundRegen regen{};
  std::string why_not_exact;  // the version's own reason, or empty
};

// The two Exchanges of a bout, A's rounds on B and B's on A: one fight turn
// (round.cpp) read through fight::TurnExchange, over one table of SideState
// (side.hpp) per side, which the two share.
[[nodiscard]] std::pair<std::shared_ptr<const Exchange>, std::shared_ptr<const Exchange>> make_round_exchanges(
    RoundSpec a_on_b, RoundSpec b_on_a);

// The first-attack part on a fight's two directions (RoundPassing), for a
// defender b holding passing conditions: `a_on_b` (made for the situation
// once they are over) takes `held` (made for the situation as given) as its
// round while they hold; b's rounds on a (`b_on_a`) carry b's own, `asleep`:
// b makes no attack while they hold. A round that is not exact while they
// hold makes the fight not exact.
void hold_first_attack(RoundSpec& a_on_b, RoundSpec held, RoundSpec& b_on_a, const fight::parts::FirstAttack& part,
                       bool asleep);

// The player's regeneration in a fight: its maximum HP is the HP it starts
// with; its regeneration sources; over the fighter's attack delays (whole
// aut, as the game's are).
[[nodiscard]] RoundRegen player_round_regen(const Fighter& player, const RegenSources& sources,
                                            const PlayerRegenRate& rate);
// A monster's: the regeneration part of its parts (monster_parts), drawn
// from its HD, fast for a catalog troll (`name`, the game's or the key's
// spelling); none when its parts name none.
[[nodiscard]] RoundRegen monster_round_regen(const std::vector<fight::PartUse>& parts, int hd, std::string_view name);
// What every fight assumes of regeneration, for its notes; and of poison
// and AF_VAMPIRIC, for the fights that have them.
[[nodiscard]] std::string regeneration_note();
[[nodiscard]] std::string poison_note();
[[nodiscard]] std::string monster_poison_note();
[[nodiscard]] std::string drain_note();
// The regeneration counters a player side reaches (1 for a monster or none),
// at most kMaxPlayerStates + 1.
[[nodiscard]] std::size_t regeneration_counters(const RoundRegen& regen);

// The most poison duration (you.duration[DUR_POISONING], 1000 a point) a
// fight follows on the player: past it, an error names it.
inline constexpr i64 kMaxPoisonDuration = (i64{1} << 25) - 1;

// The most monster poison states (degree, duration, maxduration, phase) an
// exact chain follows; past it the fight is sampled, with a note.
inline constexpr std::size_t kMaxMonsterPoisonStates = 4096;
// The most transitions built for the exact chain for a poisoned monster
// (a few seconds), fewer when the budget's values are lowered; past it the
// fight is sampled, with a note.
inline constexpr std::size_t kMaxMonsterPoisonTransitions = 2'000'000;

// The most poison durations an exact chain follows (each a block of HP pairs,
// times the regeneration counters, at most 100); past it the fight is
// sampled, with a note.
inline constexpr std::size_t kMaxPoisonStates = 4096;
// The most (regeneration counter, player HP, opponent HP) cells a duel's
// exact chain follows for a hurt, regenerating player: its HP then go up and
// down, and the chain repeats until little is left; past it the duel is
// sampled, with a note.
inline constexpr std::size_t kMaxRegenCells = 150'000;
// The regeneration counters a player side can hold: you.hit_points_regeneration is 0..99.
inline constexpr std::size_t kMaxPlayerStates = 100;

}  // namespace fray::crawl
