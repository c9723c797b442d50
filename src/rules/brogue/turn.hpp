// Brogue CE's fight mechanics, each written once over the fight layer's
// reader (fray/fight/turn.hpp) and a side's typed condition (FightState):
// the laws a turn draws (an attack, the blades' hits, a summons, a jelly's
// bodies striking together) and the mechanics around them (regeneration,
// poison, weakness, transference, a theft, a jelly's split, fleeing near
// death). fight.cpp composes them into the turns of a bout.
#pragma once

#include <fmt/format.h>

#include <fray/core/budget.hpp>
#include <fray/core/draw.hpp>
#include <fray/core/rng.hpp>
#include <fray/fight/parts/drain.hpp>
#include <fray/fight/parts/regeneration.hpp>
#include <fray/fight/states.hpp>
#include <fray/fight/turn.hpp>
#include <fray/rules/brogue/attack.hpp>
#include <fray/rules/brogue/fight.hpp>

#include "rules/brogue/mechanics.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

// A fight state's hash for the table (fight/states.hpp), its fields taken in
// independent 64-bit lanes rather than one after another: the table numbers
// the two conditions of every turn, sampled ones too, so the hash is on the
// fight's hot path. The table mixes the sum before it uses it.
namespace fray::fight {
template <>
struct StateHash<brogue::FightState> {
  static constexpr bool value = true;
  std::uint64_t operator()(const brogue::FightState& s) const noexcept {
    const auto lane = [](auto lo, auto hi) {
      return std::uint64_t{static_cast<std::uint32_t>(lo)} | std::uint64_t{static_cast<std::uint32_t>(hi)} << 32;
    };
    std::uint64_t h =
        lane(s.carried.weapon_lost, s.carried.armor_lost) * 0x9E3779B97F4A7C15ull +
        lane(s.poison_turns, s.poison_amount) * 0xC2B2AE3D27D4EB4Full +
        lane(s.poison_clock, s.weakened) * 0x165667B19E3779F9ull +
        lane(s.regen_spent, s.blades) * 0xD6E8FEB86659FD93ull +
        (std::uint64_t{s.carried.held} | std::uint64_t{s.casting} << 1 | s.bodies.size() << 2) * 0xFF51AFD7ED558CCDull +
        lane(s.lost, s.over) * 0xC4CEB9FE1A85EC53ull;
    for (const std::int32_t b : s.bodies) h = detail::combine(h, static_cast<std::uint32_t>(b));
    return h;
  }
};
}  // namespace fray::fight

namespace fray::brogue::turns {

using fight::After;
using fight::Branch;
using fight::Now;
using Table = fight::States<FightState>;
using Result = After<FightState, FightState>;
using Found = Now<FightState, FightState>;

// Monsters.c decrementMonsterStatus and the poison tick run once per 100
// ticks of game time for a monster (Time.c playerTurnEnded, its
// updateEnvironment step); the player's run once per player turn.
inline constexpr std::int64_t kMonsterTurn = 100;

// Cells around the player a spectral blade (or a jelly's body) can attack from.
inline constexpr std::int32_t kBladesAround = 8;

// A side's regeneration as its turns follow it: the regeneration part
// (fray/fight/parts/regeneration.hpp) with a store of thousandths of a turn,
// moved on by 1000 a turn while the side is below its maximum HP and not
// poisoned, that gives an HP each `threshold` (Monsters.c
// decrementMonsterStatus for a monster, Time.c playerTurnEnded for the
// player, which also gains `per_act` HP every such turn); the acts of one of
// the side's attacks: its whole turns (a monster), one (the player).
struct Regen {
  std::optional<fight::parts::Regeneration> part;  // none: none followed
  [[nodiscard]] std::int64_t period() const { return part ? part->threshold : 0; }
  [[nodiscard]] std::int64_t per_turn() const { return part ? part->per_act : 0; }
  [[nodiscard]] std::int64_t steps() const { return part ? part->acts.front() : 0; }
};

// One side as the turns see it.
struct Body {
  Combatant c;
  std::int64_t attack_time = 100;  // ticks between its attacks
  std::int64_t max_hp = 1;
  std::int64_t tick_period = kMonsterTurn;  // ticks between its poison ticks
  Regen regen;
  bool poisonable = true;  // Combat.c specialHit: no poison or weakness on inanimate or invulnerable

  [[nodiscard]] bool poisons() const { return !c.is_player && c.monster.poisons; }
  std::optional<fight::parts::Drain> drain;  // transference (monster_parts)
  [[nodiscard]] bool transference() const { return drain.has_value(); }
  [[nodiscard]] bool weakens() const {
    const auto& f = c.monster.ability_flags;
    return !c.is_player && std::find(f.begin(), f.end(), "MA_CAUSES_WEAKNESS") != f.end();
  }
  // The combatant with the weakness a fight has added (Items.c weaken caps it at 10).
  [[nodiscard]] Combatant weakened(const FightState& s) const {
    Combatant w = c;
    w.weakness = std::min<std::int64_t>(c.weakness + s.weakened, 10);
    return w;
  }
};

[[nodiscard]] Body body_of(const Combatant& c);

// The spectral blade a goblin conjurer summons (monsterCatalog).
[[nodiscard]] const Combatant& spectral_blade();

// --- memos of per-plan laws ----------------------------------------------------------------

// Values computed once per key: the plan of an attack (and, for the exact
// reader, its exact rolls), made on first use and looked up after. The exact
// reader runs a turn once per path of its draws, and Monte Carlo many turns
// from the same conditions, so each thread keeps its last hit and takes the
// lock only on a change of key (a serial number tells memos apart, as an
// address would not once one is freed).
inline std::uint64_t next_memo_serial() {
  static std::atomic<std::uint64_t> serial{0};
  return ++serial;
}

template <class Key, class Value>
class Memo {
 public:
  template <class Make>
  const Value& get(const Key& key, Make&& make) const {
    struct Last {
      std::uint64_t serial = 0;
      Key key{};
      const Value* value = nullptr;
    };
    thread_local Last last;
    if (last.serial == serial_ && last.key == key) return *last.value;
    const std::lock_guard<std::mutex> lock(mutex_);
    auto it = values_.find(key);
    if (it == values_.end()) it = values_.emplace(key, std::make_unique<const Value>(make())).first;
    last = {serial_, key, it->second.get()};
    return *it->second;
  }

 private:
  std::uint64_t serial_ = next_memo_serial();
  mutable std::mutex mutex_;
  mutable std::map<Key, std::unique_ptr<const Value>> values_;
};

// --- laws ----------------------------------------------------------------------------------

// One attack's rolls: whether it hit, and its damage.
struct Roll {
  bool hit = false;
  std::int64_t damage = 0;
};

// An attack's plan with its exact rolls (a miss, then each damage of a hit).
struct Attack {
  AttackPlan plan;
  std::vector<Branch<Roll>> rolls;
};
[[nodiscard]] Attack attack_of(AttackPlan plan);

// An attack as a law: branches its exact rolls, its sample Combat.c attack's
// own draws (attack.hpp strike: rand_percent, then randClumpedRange), each
// traced as the game's rand_range call.
struct AttackLaw {
  using value_type = Roll;
  const AttackPlan* plan = nullptr;
  const std::vector<Branch<Roll>>* rolls = nullptr;  // null for a sampled turn

  [[nodiscard]] std::size_t size() const noexcept { return rolls ? rolls->size() : 0; }
  [[nodiscard]] Branch<Roll> at(std::size_t i) const { return (*rolls)[i]; }
  Roll sample(Rng& rng, std::vector<Draw>* trace) const;
};

// The hits of `attackers` spectral blades striking in turn (Combat.c attack
// each): branches the binomial law of the hits, sample each blade's strike.
struct BladeHits {
  using value_type = std::int32_t;
  const AttackPlan* plan = nullptr;
  std::int32_t attackers = 0;

  [[nodiscard]] std::size_t size() const noexcept { return static_cast<std::size_t>(attackers) + 1; }
  [[nodiscard]] Branch<std::int32_t> at(std::size_t i) const;
  std::int32_t sample(Rng& rng, std::vector<Draw>* trace) const;
};

// Monsters.c monsterSummons for a goblin conjurer with `blades` followers:
// it summons when !rand_range(0, 3n² + 1), then summonMinions calls
// randClump({3, 5, 1}) blades. The value: blades summoned, 0 for none.
struct Summons {
  using value_type = std::int32_t;
  std::int32_t blades = 0;

  [[nodiscard]] std::int64_t range() const noexcept { return 3 * std::int64_t{blades} * blades + 1; }
  [[nodiscard]] std::size_t size() const noexcept { return 4; }
  [[nodiscard]] Branch<std::int32_t> at(std::size_t i) const;
  std::int32_t sample(Rng& rng, std::vector<Draw>* trace) const;
};

// The damage of `k` equal attacks made together (a jelly's bodies around
// its opponent): branches the convolution of k attacks, sample k strikes.
struct Volley {
  using value_type = std::int64_t;
  const AttackPlan* plan = nullptr;
  const std::vector<Branch<std::int64_t>>* sums = nullptr;  // null for a sampled turn
  std::size_t k = 1;

  [[nodiscard]] std::size_t size() const noexcept { return sums ? sums->size() : 0; }
  [[nodiscard]] Branch<std::int64_t> at(std::size_t i) const { return (*sums)[i]; }
  std::int64_t sample(Rng& rng, std::vector<Draw>* trace) const;
};
[[nodiscard]] std::vector<Branch<std::int64_t>> volley_of(const AttackPlan& plan, std::size_t k);

// --- mechanics -------------------------------------------------------------------------------

// The side's HP after the regeneration that comes with one of its attacks,
// its clock moved on in `s`. The game's order: a monster's regeneration
// (Monsters.c decrementMonsterStatus, in the environment update of each 100
// ticks) comes before its turn in the same 100 ticks, so its turn gives the
// steps of its attack time before the attack; the player's (Time.c
// playerTurnEnded) comes right after the player's action, and the player's
// turn gives it with the attack: the player's own HP is untouched by its
// attack, so it is the same HP the game sees, before any monster acts again.
[[nodiscard]] std::int64_t regenerate(const Body& b, std::int64_t hp, FightState& s);

// The player's heal at the end of a turn whose attack ended the fight: Time.c
// playerTurnEnded still sets what regenPerTurn added past the maximum back
// to it. (A fight that goes on does the same before the player's next turn.)
[[nodiscard]] std::int64_t final_heal(const Body& b, std::int64_t hp, std::int64_t heal);

// The defender's poison ticking over the poisoner's attack time (Monsters.c
// decrementMonsterStatus for a monster, every 100 ticks; Time.c
// playerTurnEnded for the player, each of its turns): poisonAmount HP a tick
// while turns are left, and the amount back to 0 when they run out. The HP
// the ticks took.
[[nodiscard]] std::int64_t poison_ticks(const Body& poisoner, const Body& victim, FightState& d);

// Combat.c attack: a poisoner's hit deals 1 HP; specialHit then adds the
// rolled damage as poison (addPoison(defender, damage, 1)) when the defender
// survives and is neither inanimate nor invulnerable. The damage dealt.
[[nodiscard]] std::int64_t poison_hit(const Body& attacker, const Body& victim, const Roll& roll, FightState& d);

// Combat.c specialHit: a MA_CAUSES_WEAKNESS hit with damage that the
// defender survives weakens it by 1 (Items.c weaken), unless it is inanimate
// or invulnerable.
void weakness_hit(const Body& attacker, const Body& victim, const Roll& roll, std::int64_t dealt, FightState& d);

// Combat.c inflictDamage: an enemy with MA_TRANSFERENCE regains 9/10 of
// min(damage, defender HP), with no cap at its maximum (until its next
// turn), unless the defender is inanimate or invulnerable.
[[nodiscard]] std::int64_t transference(const Body& attacker, const Body& victim, std::int64_t dealt,
                                        std::int64_t left);

// Combat.c specialHit, MA_HIT_STEAL_FLEE (the monkey): a hit on the player,
// which the player survives, steals an unequipped item when a second hit
// roll succeeds (attackHit: hitProbability, the plan's chance to hit), and
// the monkey flees with it for good (MODE_PERM_FLEEING): the fight ends with
// it escaped. The player is taken to carry an unequipped item (the starting
// pack does). The chance is laid on every hit: the fight layer makes a hit
// that kills the player a kill, whatever it says.
template <class R>
void steal_and_flee(R& r, const AttackPlan& plan, const Roll& roll, Result& out) {
  if (roll.hit && r.chance(plan.p_hit(), "steal")) out.escape = Escape::attacker;
}

// Combat.c splitMonster, after every hit of Combat.c attack: the split part
// with the jelly's parameters (parts.hpp kJellySplit). A hit of d >= 1 on a
// body of h leaves 2 x ceil((h - d) / 2) <= h: the side's total HP never goes
// up, so it is the side's HP, and the bodies are its state.
[[nodiscard]] std::vector<std::int32_t> bodies_of(const FightState& s, std::int64_t hp);
// The bodies after a hit of `damage` on the first (fewest HP) one.
[[nodiscard]] std::vector<std::int32_t> split(std::vector<std::int32_t> bodies, std::int64_t damage);
[[nodiscard]] std::int64_t total(const std::vector<std::int32_t>& bodies);

// The HP at or below which a combatant flees (Combat.c inflictDamage:
// info.maxHP / 4 >= currentHP, integer division), or -1 for one that never
// does: the player, and monsters without MONST_FLEES_NEAR_DEATH.
[[nodiscard]] inline std::int64_t flee_threshold(const Body& b) { return flees_near_death(b.c) ? b.max_hp / 4 : -1; }

// Fleeing near death (MONST_FLEES_NEAR_DEATH), Combat.c inflictDamage: a hit
// (or poison tick) that leaves such a monster alive with currentHP <=
// maxHP / 4 sets it fleeing at once; it then runs from its opponent and
// comes back only at three quarters of its HP (Monsters.c
// updateMonsterState), so the fight ends with the monster escaped
// (Escape::defender), the attack's damage dealt. A kill stays one.
inline void flee_when_struck(std::int64_t threshold, std::int64_t def_hp, Result& out) {
  if (threshold >= 0 && out.damage < def_hp && def_hp - out.damage <= threshold) out.escape = Escape::defender;
}

// --- the regeneration clocks an exact analysis meets ------------------------------------

// Both sides together: the chain's conditions multiply by their values (the
// starting player's clock alone takes 5033), so past kMaxRegenClock the turns
// stop the exact analysis with TooLarge, and the fight layer runs Monte Carlo
// with the reason as its note. A clock moves only while its side is below
// its maximum HP, so a fight where one side is never hurt (turns to kill)
// stays exact. Monte Carlo asks no outcomes and is not counted. The count
// lasts as long as the bout: an analysis after another counts on.
class RegenWatch {
 public:
  RegenWatch(const Body& a, const Body& b);
  // The clocks of side a and side b in two conditions the exact chain asks about.
  void see(std::int32_t a_clock, std::int32_t b_clock);

 private:
  std::uint64_t serial_ = next_memo_serial();
  std::mutex mutex_;
  std::set<std::int32_t> seen_[2];
  std::string about_;
};

}  // namespace fray::brogue::turns
