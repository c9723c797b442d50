#include "rules/shattered_pd/fight.hpp"

#include <fmt/format.h>

#include <fray/core/error.hpp>
#include <fray/fight/states.hpp>
#include <fray/rules/shattered_pd/ruleset.hpp>

#include "rules/pixel_dungeon/fight.hpp"
#include "rules/shattered_pd/mechanics.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <compare>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace fray::shattered_pd {
namespace {

// A side's state: bit 31 says that the situation's passing conditions are
// over (see SpdExchange); the other 31 bits hold what the opponent's
// mechanic keeps on this side — the turns of poison or ooze left, the
// bleeding level's float bits (never negative, so bit 31 is free), or the
// number of a swarm's group.
constexpr std::uint32_t kPast = 1u << 31;
constexpr std::uint32_t kAux = kPast - 1;
constexpr std::uint32_t aux_of(std::uint32_t s) noexcept { return s & kAux; }
constexpr int past_of(std::uint32_t s) noexcept { return (s & kPast) != 0 ? 1 : 0; }

// --- the swarm of flies ----------------------------------------------------------------

// One fly of a swarm: its HP, and whether it was born since the swarm's last
// turn (a clone joins with SPLIT_DELAY = 1 turn, so it first acts a turn
// after the hero's attack that made it, after the swarm's next turn).
struct Fly {
  std::int64_t hp = 0;
  bool fresh = false;
  auto operator<=>(const Fly&) const = default;
};
using Group = std::vector<Fly>;  // sorted: the fly the hero attacks first

// What the hero's hit does to the group: Swarm.defenseProc splits the fly she
// hits when its HP >= damage + 2 (the damage Char.attack passes it, before
// Vulnerable and the champion's factor; a swarm has no armor), the clone
// taking (HP - damage) / 2 of its HP; then the fly takes the damage dealt.
// Every clone finds a free cell: the fight is on open ground.
struct Split {
  Group group;
  std::int64_t lost = 0;  // the group's HP lost: the damage, up to the fly's HP
};
Split hit_group(const Group& g, std::int64_t passed, std::int64_t dealt) {
  Split out;
  out.group.assign(g.begin() + 1, g.end());
  Fly target = g.front();  // the fly with the fewest HP
  if (target.hp >= passed + 2) {
    const std::int64_t clone = (target.hp - passed) / 2;
    target.hp -= clone;
    out.group.push_back({clone, true});
  }
  out.lost = std::min(dealt, target.hp);
  target.hp -= dealt;
  if (target.hp > 0) out.group.push_back(target);
  std::sort(out.group.begin(), out.group.end());
  return out;
}
Group after_turn(Group g) {
  for (Fly& f : g) f.fresh = false;
  std::sort(g.begin(), g.end());
  return g;
}
int attackers(const Group& g) {
  const auto ready = std::count_if(g.begin(), g.end(), [](const Fly& f) { return !f.fresh; });
  return static_cast<int>(std::min<std::ptrdiff_t>(ready, kMaxFliesAround));
}

// The damage a hit passes to Swarm.defenseProc (Math.round of the roll and
// its multipliers) and the damage it deals after Vulnerable and the swarm's
// champion factor (AttackPlan::effective with no armor).
struct SwarmDamage {
  bool vulnerable = false;
  std::optional<float> taken;
  std::int64_t dealt(std::int64_t passed) const {
    std::int64_t e = passed;
    if (vulnerable) e = static_cast<std::int64_t>(static_cast<float>(e) * 1.33f);
    if (taken) e = static_cast<std::int64_t>(std::ceil(static_cast<float>(e) * *taken));
    return e;
  }
};

// Every group a swarm can reach from `start`, numbered: the hero's hits with
// each damage she can pass, and the swarm's turns. Throws past kMaxSwarmGroups.
std::shared_ptr<fight::States<Group>> swarm_groups(const Group& start, const std::set<std::int64_t>& passed,
                                                   const SwarmDamage& dmg) {
  auto table = std::make_shared<fight::States<Group>>(start, kMaxSwarmGroups, "swarm of flies: splits");
  std::vector<Group> todo{start};
  auto visit = [&](Group g) {
    const std::size_t before = table->size();
    if (g.empty()) return;
    try {
      (void)table->id(g);
    } catch (const Error&) {
      throw Error(fmt::format(
          "swarm of flies: splits: the fight reaches more than {} groups of flies; give the swarm fewer HP (hp=N)",
          kMaxSwarmGroups));
    }
    if (table->size() > before) todo.push_back(std::move(g));
  };
  while (!todo.empty()) {
    const Group g = std::move(todo.back());
    todo.pop_back();
    visit(after_turn(g));
    for (const std::int64_t d : passed) visit(hit_group(g, d, dmg.dealt(d)).group);
  }
  return table;
}

// --- the damage over time a mob's hits leave -------------------------------------------

// Poison, Ooze and Bleeding act at the end of every turn (Buff.actPriority =
// BUFF_PRIO, after the hero and the mobs), the first time in the very turn the
// hit attached them (Actor.add schedules a new buff at the current time). The
// mobs that leave them attack once a turn (attackDelay 1), so each tick comes
// right after the mob's attack and before anyone's next move: fray adds it to
// the mob's attack, whether that hits or not. The ticks on a hero after she
// has killed the mob go with her killing attack (after_kill); those on a mob
// after it killed its foe are not followed.
struct Dot {
  enum class Kind { none, poison, ooze, bleeding } kind = Kind::none;
  int chance = 1;  // attached by 1 in `chance` hits (Random.Int(chance) == 0)
  // Poison: Random.IntRange(min, max) turns, × (ascension/2 + 0.5) rounded (Spinner.attackProc).
  int poison_min = 0, poison_max = 0;
  float poison_scale = 1;
  // Ooze.act: a tick deals `ooze_damage`, on half the turns only when `ooze_coin` (depths 1-4).
  std::int64_t ooze_damage = 1;
  bool ooze_coin = false;

  [[nodiscard]] std::int64_t poison_turns(int drawn) const {
    return poison_scale == 1 ? drawn : java_round(static_cast<float>(drawn) * poison_scale);
  }
};

// The game's Dungeon.scalingDepth() for a mob's ooze: 26 while ascending,
// else where the mob lives (Goo on depth 5, the sewers' mobs above it).
Dot dot_of(const Combatant& c, const Situation& s) {
  Dot d;
  if (c.is_hero()) return d;
  const std::string& k = c.mob.java_class;
  if (k == "Spinner") {
    d.kind = Dot::Kind::poison;
    d.chance = 2;
    d.poison_min = 7;
    d.poison_max = 8;
    const float asc = s.ascension ? c.mob.ascension : 1.0f;
    d.poison_scale = asc / 2.0f + 0.5f;
  } else if (k == "Goo" || k == "CausticSlime" || k == "FetidRat") {
    d.kind = Dot::Kind::ooze;
    d.chance = k == "CausticSlime" ? 2 : 3;
    const int depth = s.ascension ? 26 : k == "Goo" ? 5 : 4;
    d.ooze_damage = depth > 5 ? 1 + depth / 5 : 1;
    d.ooze_coin = depth < 5;
  } else if (k == "Albino") {
    d.kind = Dot::Kind::bleeding;
    d.chance = 2;
  }
  return d;
}

// A bleeding level is kept as its float bits less those of 0.5f, plus 1 (0:
// no bleeding): a level that lasts is in [0.5, 3) (Bleeding.set draws it in
// [2, 3); Bleeding.act ends it below round(level) = 1), so it takes 21 bits and
// leaves room in the hero's side state for her own counters (HeroCodec).
// memcpy rather than std::bit_cast: Emscripten 3.1's libc++ has no bit_cast.
constexpr std::uint32_t kHalfBits = 0x3F000000u;  // 0.5f
float level_of(std::uint32_t aux) {
  if (aux == 0) return 0;
  const std::uint32_t bits = aux - 1 + kHalfBits;
  float level;
  std::memcpy(&level, &bits, sizeof level);
  return level;
}
std::uint32_t aux_of_level(float level) {
  if (!(level >= 0.5f && level < 4.0f)) throw Error("bleeding: a level outside [0.5, 4)");
  std::uint32_t bits;
  std::memcpy(&bits, &level, sizeof bits);
  return bits - kHalfBits + 1;
}

// Random.NormalFloat(min, max): min + (Float(max - min) + Float(max - min)) / 2, in float.
template <class R>
float normal_float(R& rng, float min, float max) {
  const float r = max - min;
  const float u = random_float(rng, r);
  const float v = random_float(rng, r);
  return min + (u + v) / 2.0f;
}

// The tick of poison or ooze with `left` turns: (p, damage) pairs.
std::vector<std::pair<double, std::int64_t>> ticks(const Dot& dot, std::int64_t left) {
  if (left <= 0) return {{1.0, 0}};
  if (dot.kind == Dot::Kind::poison) return {{1.0, left / 3 + 1}};  // Poison.act: (int)(left / 3) + 1
  if (dot.ooze_coin) return {{0.5, 0}, {0.5, dot.ooze_damage}};
  return {{1.0, dot.ooze_damage}};
}

// One sampled tick at the end of a turn: its damage, and `aux` counted down.
std::int64_t sample_tick(const Dot& dot, std::uint32_t& aux, Rng& rng) {
  if (aux == 0) return 0;
  switch (dot.kind) {
    case Dot::Kind::poison: {
      const std::int64_t dmg = aux / 3 + 1;
      --aux;
      return dmg;
    }
    case Dot::Kind::ooze:
      --aux;
      return !dot.ooze_coin || random_int(rng, 2) == 0 ? dot.ooze_damage : 0;
    case Dot::Kind::bleeding: {
      // Bleeding.act: level = NormalFloat(level / 2, level); round(level) > 0 deals it, else it ends.
      const float now = level_of(aux);
      const float level = normal_float(rng, now / 2.0f, now);
      const std::int64_t dmg = java_round(level);
      aux = dmg > 0 ? aux_of_level(level) : 0;
      return dmg;
    }
    case Dot::Kind::none:
      break;
  }
  return 0;
}

// --- the hero's own counters: regeneration and the Berserker's rage ----------------------

// Regeneration.act runs once a turn (spend(TICK)) at HERO_PRIO - 1, right
// after the hero's own move in a turn she acts: below HT it adds 1 / 10f to
// partialRegen and, at 1 or more, heals the whole part. From 0 the float sum
// first reaches 1 at the 10th step (1.0000001f) and keeps 1.2e-7; that drift
// grows by as much per heal, so for the first 800 000 heals every 10th step
// below HT heals 1 HP. fray keeps that count of steps (0-9), starting the
// fight at 0. A hero who attacks every t turns meets the buff's acts at whole
// turns on a clock (pixel_dungeon::turn_clock): those since her last attack
// are counted on her next, with her HP then.
inline constexpr int kRegenSteps = 10;
// The most attacks after which the pattern of those acts repeats, as Pixel
// Dungeon's regeneration clock; past kMaxExactRegenCycle the clock multiplies
// the exact chain's conditions past what it follows in reasonable time (a
// sword four STR short, 1.2^4 turns, repeats after 625 attacks and takes a
// fight against Goo past 4 million conditions), and the fight is sampled.
inline constexpr std::uint32_t kMaxRegenCycle = 4096;
inline constexpr std::uint32_t kMaxExactRegenCycle = 32;
// The most distinct rage powers a fight numbers (Berserk.power is a float
// that a hit raises and a quiet turn lowers by an amount read from the HP).
inline constexpr std::uint32_t kMaxRagePowers = 1u << 20;

// The hero's side state: bit 31 is kPast; the other 31 bits hold
//  - without a rage counter: what the mob's hits left (bits 0-24 for a
//    bleeding level, else 0-7: poison or ooze turns), the regeneration count
//    (the next 4 bits) and her attacks modulo the regeneration clock's cycle
//    (the bits above, up to bit 30);
//  - with one: the turns of poison or ooze (bits 0-4), the regeneration count
//    (5-8), Berserk.powerLossBuffer (9-10) and the number of Berserk.power in
//    the table of the powers met (11-30). The rage is followed only when she
//    attacks once a turn, when the clock has one value and takes no bits.
struct HeroCodec {
  bool on = false;     // the side is a hero
  bool regen = false;  // Regeneration followed
  bool rage = false;   // Berserk power followed: a Berserker, both acting once a turn
  std::int64_t ht = 0;
  int dot_bits = 25;                             // the bits of what the mob's hits left
  pixel_dungeon::RegenClock clock;               // with `regen`: Regeneration.act's turns in each of her attacks
  std::shared_ptr<fight::States<float>> powers;  // with `rage`; value 0 is the spec's rage=

  [[nodiscard]] std::uint32_t dot_mask() const { return (1u << dot_bits) - 1; }
  [[nodiscard]] std::uint32_t dot(std::uint32_t aux) const { return on ? aux & dot_mask() : aux; }
  [[nodiscard]] std::uint32_t with_dot(std::uint32_t aux, std::uint32_t d) const {
    if (!on) return d;
    if (d > dot_mask()) throw Error(fmt::format("damage over time: {} turns left do not fit the hero's state", d));
    return (aux & ~dot_mask()) | d;
  }
  [[nodiscard]] int shift() const { return dot_bits; }
  [[nodiscard]] int count(std::uint32_t aux) const { return static_cast<int>((aux >> shift()) & 0xFu); }
  [[nodiscard]] std::uint32_t with_count(std::uint32_t aux, int c) const {
    return (aux & ~(0xFu << shift())) | (static_cast<std::uint32_t>(c) << shift());
  }
  // The bits left above the count for the clock, and the most cycle they hold.
  [[nodiscard]] int clock_shift() const { return dot_bits + 4; }
  [[nodiscard]] std::uint32_t max_cycle() const {
    return rage ? 1 : std::min<std::uint32_t>(kMaxRegenCycle, 1u << (31 - clock_shift()));
  }
  [[nodiscard]] std::uint32_t clock_at(std::uint32_t aux) const {
    return clock.cycle > 1 ? (aux & kAux) >> clock_shift() : 0;
  }
  [[nodiscard]] std::uint32_t with_clock(std::uint32_t aux, std::uint32_t n) const {
    if (clock.cycle <= 1) return aux;
    return (aux & ((1u << clock_shift()) - 1)) | (n << clock_shift());
  }
  [[nodiscard]] int buffer(std::uint32_t aux) const { return static_cast<int>((aux >> 9) & 3u); }
  [[nodiscard]] float power(std::uint32_t aux) const { return powers->at(aux >> 11); }
  [[nodiscard]] std::uint32_t with_rage(std::uint32_t aux, float power, int buffer) const {
    return (aux & 0x1FFu) | (static_cast<std::uint32_t>(buffer) << 9) | (powers->id(power) << 11);
  }
};

// `turns` acts of Regeneration.act from HP `hp`: her heal and her side's aux
// after them. Each act below HT counts a step; the 10th heals 1 HP.
std::pair<std::int64_t, std::uint32_t> regen_turns(const HeroCodec& c, std::int64_t hp, std::uint32_t aux, int turns) {
  std::int64_t heal = 0;
  if (!c.regen) return {0, aux};
  for (int i = 0; i < turns && hp + heal < c.ht; ++i) {
    const int n = c.count(aux) + 1;
    if (n == kRegenSteps) ++heal;
    aux = c.with_count(aux, n == kRegenSteps ? 0 : n);
  }
  return {heal, aux};
}

// Regeneration.act on the hero's attack: the acts due since her last attack
// (one when she attacks once a turn), her heal and her side's aux after them.
std::pair<std::int64_t, std::uint32_t> regen_step(const HeroCodec& c, std::int64_t hp, std::uint32_t aux) {
  if (!c.regen) return {0, aux};
  const std::uint32_t n = c.clock_at(aux);
  const auto [heal, after] = regen_turns(c, hp, aux, c.clock.at_attack(n));
  return {heal, c.with_clock(after, (n + 1) % c.clock.cycle)};
}

// The Berserker's turn as the mob's target (berserk_turn), in her side state.
std::uint32_t rage_turn(const HeroCodec& c, std::uint32_t aux, const std::vector<std::int64_t>& passed,
                        std::int64_t hp_after) {
  const BerserkRage r = berserk_turn({c.power(aux), c.buffer(aux)}, passed, hp_after, c.ht);
  return c.with_rage(aux, r.power, r.buffer);
}

// --- what the mob's hits left, once the hero has killed it --------------------------------

// Poison, ooze and bleeding keep acting on the hero after the mob that left
// them has died, at the end of each turn, with her regeneration between
// them, and can kill her. From her HP and side state after her killing turn's
// regeneration: each HP she ends with, 0 when they kill her.
std::map<std::int64_t, double> after_kill(const Dot& dot, const HeroCodec& c, std::int64_t hp, std::uint32_t aux) {
  std::map<std::pair<std::int64_t, std::uint32_t>, double> now{{{hp, aux}, 1.0}};
  std::map<std::int64_t, double> out;
  while (!now.empty()) {
    std::map<std::pair<std::int64_t, std::uint32_t>, double> next;
    for (const auto& [k, p] : now) {
      const auto [h, x] = k;
      const std::uint32_t left = c.dot(x);
      if (left == 0) {
        out[h] += p;
        continue;
      }
      for (const auto& [q, tick] : ticks(dot, left)) {
        const std::int64_t h2 = h - tick;
        if (h2 <= 0) {
          out[0] += p * q;
          continue;
        }
        const std::uint32_t x2 = c.with_dot(x, left - 1);
        if (left == 1) {
          out[h2] += p * q;
          continue;
        }
        const auto [heal, x3] = regen_turns(c, h2, x2, 1);  // the next turn's regeneration
        next[{h2 + heal, x3}] += p * q;
      }
    }
    now = std::move(next);
  }
  return out;
}
std::int64_t sample_after_kill(const Dot& dot, const HeroCodec& c, std::int64_t hp, std::uint32_t aux, Rng& rng) {
  std::uint32_t left = c.dot(aux);
  while (left > 0) {
    hp -= sample_tick(dot, left, rng);
    if (hp <= 0) return 0;
    if (left == 0) break;
    const auto [heal, x] = regen_turns(c, hp, c.with_dot(aux, left), 1);
    hp += heal;
    aux = x;
  }
  return hp;
}

// --- Goo ---------------------------------------------------------------------------------

bool is_goo(const Combatant& c) { return !c.is_hero() && c.mob.java_class == "Goo"; }

// Goo at HP * 2 <= HT, pumped up or not: the catalog's `when` rows give its
// numbers (Goo.attackSkill, damageRoll, defenseSkill: 15, 1-12 and 12 at half
// HP; x2 and NormalIntRange(3, 3 max) pumped), read by plan_attack from the
// HP and the pump the kernel's variant sets.
Combatant goo_as(Combatant c, bool enraged, bool pumped) {
  c.hp = enraged ? c.mob.ht / 2 : c.mob.ht;
  c.pumped = pumped;
  return c;
}
// Whether a mob whose stats read its HP (Goo) is at half HP or less.
bool enraged(const Combatant& c, std::int64_t hp) { return holds(c.mob, MobCondition::hp_at_most_half, {.hp = hp}); }

// --- the gnoll brute's rage ---------------------------------------------------------------

// Brute.isAlive: the first time its HP reaches 0 (the damage beyond it lost)
// it gains a BruteRage shield of HT/2 + 4 and spends a turn (triggerEnrage);
// while the shield lasts it hits for NormalIntRange(15, 40) (damageRoll), and
// the buff takes round(4 x ascension) off the shield at the end of every turn,
// the first in the turn of the rage (BruteRage.act); at 0 it dies. The
// armored brute's ArmoredRage (a BruteRage, so the same 15-40) starts at
// HT/2 + 1 and takes round(ascension) every third turn from the rage's own
// (ArmoredBrute.triggerEnrage, ArmoredRage.act: spend(3 * TICK)). fray keeps
// the shield as HP: the brute's fight HP is its HP plus the shield, and its
// state says whether it rages (1: the next attack on it takes a decay),
// skips its next turn (2), rages and has not been attacked since its skipped
// turn (3), or, for the armored brute, rages with the next decay one or two
// attacks away (5, 4). The buff acts last in a turn (Actor BUFF_PRIO), from
// the turn of the rage on (Actor.add: at the time of the hit): that turn's
// decay is taken at the enraging hit, and each later decay, before her hit,
// at the next attack of the one who fights it, the first attack after the
// skipped turn taking none. That takes both to attack once a turn, and her
// to act before the brute in a turn, as the hero does (Actor HERO_PRIO).
struct Rage {
  bool on = false;
  std::int64_t shield = 0, decay = 0;
  int every = 1;  // turns between decays
};
bool is_brute(const Combatant& c) {
  return !c.is_hero() && (c.mob.java_class == "Brute" || c.mob.java_class == "ArmoredBrute");
}
Rage rage_of(const Combatant& brute, const Situation& s, double brute_time, double other_time) {
  Rage r;
  if (!is_brute(brute) || brute_time != 1 || other_time != 1) return r;
  const float asc = s.ascension ? brute.mob.ascension : 1.0f;
  r.on = true;
  if (brute.mob.java_class == "ArmoredBrute") {
    r.shield = brute.mob.ht / 2 + 1;
    r.decay = java_round(asc);
    r.every = 3;
  } else {
    r.shield = brute.mob.ht / 2 + 4;
    r.decay = java_round(4.0f * asc);
  }
  return r;
}
// A raging brute's decay since the last attack on it, and its state from
// then on. After its skipped turn (3) none: that turn's decay came with the
// rage. The armored brute's decays come every third attack from there: at
// the 4th, 7th, ... attack after the skipped turn (attack m takes the decay
// at the end of turn m - 1 of the rage).
std::pair<std::int64_t, std::uint32_t> rage_decay(const Rage& r, std::uint32_t state) {
  const std::uint32_t after = r.every == 1 ? 1 : 4;  // the state after a decay
  switch (state) {
    case 0:
      return {0, 0};
    case 3:
      return {0, after};
    case 4:
      return {0, 5};
    case 5:
      return {0, 1};
    case 2:
      return {r.every == 1 ? r.decay : 0, 2};
    default:
      return {r.decay, after};
  }
}
// A hit that passes `x` to a brute with fight HP `hp` in rage state `state`:
// the fight damage and the new state.
std::pair<std::int64_t, std::uint32_t> rage_hit(const Rage& r, std::int64_t hp, std::uint32_t state, std::int64_t x) {
  if (state == 0) {
    if (x < hp - r.shield) return {x, 0};
    const std::int64_t left = r.shield - r.decay;  // enraged, then the turn's decay
    return {left <= 0 ? hp : hp - left, 2};
  }
  const auto [decay, now] = rage_decay(r, state);
  return {decay + x, now};  // the last turn's decay, then the hit
}
// The brute's own turn in rage state `state`: the one the rage spent (2)
// is skipped, and leaves it raging, not yet attacked (3).
std::uint32_t brute_turn(std::uint32_t state) { return state == 2 ? 3 : state; }
// Brute.damageRoll with BruteRage: the catalog's `raging` row (15-40).
Combatant brute_as(Combatant c, bool raged) {
  c.raging = raged;
  return c;
}

// --- the monk's Focus ---------------------------------------------------------------------

// Monk.act, spend, defenseSkill and defenseVerb (the senior monk is a Monk):
// at the end of each of its turns without Focus and with focusCooldown <= 0
// it gains Focus; an attack on it while it has Focus misses (its
// INFINITE_EVASION beats even a sure hit, Char.hit), and that miss spends the
// Focus and sets focusCooldown = NormalFloat(6, 7) (defenseVerb, which
// Char.attack calls on every miss); each of its
// attacks takes its delay, 0.5, off the cooldown. The cooldown starts at 0:
// Focus after its first attack. Its state in a fight: the attacks it still
// has to make before its next Focus, less one (0 at the start), or kFocused.
constexpr std::uint32_t kFocused = 14;
bool is_monk(const Combatant& c) {
  return !c.is_hero() && (c.mob.java_class == "Monk" || c.mob.java_class == "Senior");
}
// The monk's state after one of its attacks.
std::uint32_t focus_after_attack(std::uint32_t state) { return state == 0 || state == kFocused ? kFocused : state - 1; }
// After a parry the monk makes ceil(c / 0.5) attacks before its next Focus,
// c = NormalFloat(6, 7) = 6 + (u + v) / 2 in floats, u and v multiples of
// 2^-24 below 1 (Random.Float): 12 when u + v is at most 8 x 2^-24 (c
// rounds to 6), 14 from 2^24 + 10 units on (c rounds above 6.5), else 13;
// counted over the 2^48 pairs. The states that follow (attacks less one)
// and their chances.
std::array<std::pair<std::uint32_t, double>, 3> focus_cooldowns() {
  constexpr double pairs = 281474976710656.0;  // 2^48
  constexpr double m = 16777216.0 - 11;        // pairs summing to 2^24 + 10 and more: 1 + 2 + ... + m
  constexpr double p12 = 45 / pairs, p14 = m * (m + 1) / 2 / pairs;
  return {{{11, p12}, {12, 1 - p12 - p14}, {13, p14}}};
}
// The same drawn as the game draws it: the cooldown, less 0.5 an attack.
template <class R>
std::uint32_t sample_focus_cooldown(R& rng) {
  float cooldown = normal_float(rng, 6.0f, 7.0f);
  std::uint32_t attacks = 0;
  for (; cooldown > 0; ++attacks) cooldown -= 0.5f;
  return attacks - 1;
}

// --- the necromancer's skeleton ----------------------------------------------------------

// Necromancer.Hunting.act: with its target seen within 4 cells and no
// skeleton, it starts summoning and spends its first turn (firstSummon); on
// its second it places a NecroSkeleton (HP 20 of HT 25) in the free cell next
// to the target nearest to it (Necromancer.summonMinion), which acts that same
// turn (GameScene.add at the current time) and notices an adjacent hero at
// once (Mob.Wandering: detection chance 1 / (1/2 + stealth) >= 1 for stealth
// 0), so it attacks from that turn on, once a turn. Necromancer.die kills the
// skeleton, which bursts (Skeleton.die). The necromancer's side state: 0
// before its first turn, 1 summoning, 2 with its skeleton.
bool is_necromancer(const Combatant& c) { return !c.is_hero() && c.mob.java_class == "Necromancer"; }
Combatant skeleton_of(const Combatant& necro) {
  Combatant k;
  k.name = necro.name + "'s skeleton";
  k.mob = lookup_mob("skeleton");
  return k;
}

// --- the spectral necromancer's wraiths -------------------------------------------------

// SpectralNecromancer.summonMinion: where the necromancer would place its
// skeleton (Necromancer.Hunting.act, the same first turn) it places a wraith
// at level 4 (Wraith.adjustStats(4): accuracy 14, evasion 70, damage
// NormalIntRange(3, 6), 1 HP), whatever the depth. It keeps no skeleton, so
// in the same turn it starts the next summoning, which takes two turns now
// that firstSummon is over: wraiths appear on its turns 1, 3, 5, ... (from
// 0), while a cell next to its target is free; with none it waits a turn.
// Each enters with Wraith.SPAWN_DELAY = 2 (GameScene.add on a whole turn),
// hunting and having seen its target (adjustStats sets enemySeen), so it
// attacks from two turns after it appears, once a turn. SpectralNecromancer.die
// kills them all; they leave nothing behind. The side state is the turns the
// necromancer has taken, up to the turn from which every cell holds an
// attacking wraith.
inline constexpr int kWraithLevel = 4;        // SpectralNecromancer.summonMinion: adjustStats(4)
inline constexpr int kWraithSpawnDelay = 2;   // Wraith.SPAWN_DELAY
inline constexpr int kWraithSummonTurns = 2;  // Necromancer.Hunting.act: spend(2 * TICK) after the first
bool is_spectral(const Combatant& c) { return !c.is_hero() && c.mob.java_class == "SpectralNecromancer"; }
Combatant wraith_of(const Combatant& necro) {
  Combatant w;
  w.name = necro.name + "'s wraith";
  MobSetting level;
  level.depth = kWraithLevel;
  w.mob = mob_at_depth(lookup_mob("wraith"), level);
  return w;
}
// The cells next to the target the wraiths can take: the eight around it, less
// the necromancer's when the two are adjacent.
int wraith_cells(const Situation& s) { return s.adjacent ? 7 : 8; }
// The wraiths that attack on the necromancer's turn `turn` (0: its first):
// those that appeared on turns 1, 3, 5, ... up to turn - kWraithSpawnDelay.
int wraiths_acting(std::uint32_t turn, int cells) {
  const std::int64_t last = static_cast<std::int64_t>(turn) - kWraithSpawnDelay;
  if (last < 1) return 0;
  return static_cast<int>(std::min<std::int64_t>(cells, (last - 1) / kWraithSummonTurns + 1));
}
// The first turn from which all the cells hold attacking wraiths: the side
// state stops counting there.
std::uint32_t wraith_last_turn(int cells) {
  return static_cast<std::uint32_t>(1 + kWraithSummonTurns * (cells - 1) + kWraithSpawnDelay);
}
// The fighter that strikes for a combatant: a necromancer's minion, else itself.
Combatant striker_of(const Combatant& c) {
  if (is_necromancer(c)) return skeleton_of(c);
  if (is_spectral(c)) return wraith_of(c);
  return c;
}

// Skeleton.die: each living neighbour takes Math.round(NormalIntRange(6, 12)
// x ascension) less two of its own armour rolls, floored at 0 (armour counts
// twice against the burst). `plan`: the skeleton's attack on that neighbour,
// for its armour terms.
struct Burst {
  AttackPlan plan;
  float ascension = 1;
  Pmf damage;  // the exact law
};
Burst burst_on(const Combatant& necro, const Combatant& victim, const Situation& s) {
  Burst b;
  Situation x;
  x.ascension = s.ascension;
  const Combatant k = skeleton_of(necro);
  b.plan = plan_attack(k, victim, x);
  b.plan.armor_ignored = false;
  b.ascension = s.ascension ? k.mob.ascension : 1.0f;
  const Pmf roll = Pmf::combine(Primitive::normal(6, 12).pmf(), Pmf::point(0), [&](std::int64_t v, std::int64_t) {
    return b.ascension == 1 ? v : java_round(static_cast<float>(v) * b.ascension);
  });
  const Pmf dr = exact_outcome(b.plan).armor;
  const Pmf two = Pmf::combine(dr, dr, [](std::int64_t u, std::int64_t v) { return u + v; });
  // Skeleton.die: victim.damage(max(0, roll - armour)): the victim's own damage() takes it.
  b.damage = Pmf::combine(
      roll, two, [&](std::int64_t r, std::int64_t a) { return b.plan.taken(std::max<std::int64_t>(0, r - a)); });
  return b;
}
// One drawn burst: the roll, then the two armour rolls, in the game's order.
std::int64_t sample_burst(const Burst& b, Rng& rng) {
  std::int64_t roll = Primitive::normal(6, 12).sample(rng);
  if (b.ascension != 1) roll = java_round(static_cast<float>(roll) * b.ascension);
  std::int64_t armor = 0;
  for (int n = 0; n < 2; ++n) {
    std::int64_t terms = 0;
    for (std::size_t i = 0; i < b.plan.armor.size(); ++i)
      terms += b.plan.armor_term(i, b.plan.armor[i].roll.sample(rng));
    armor += b.plan.armor_total(terms);
  }
  return b.plan.taken(std::max<std::int64_t>(0, roll - armor));
}

// --- the kernel --------------------------------------------------------------------------

// The per-attack kernel of a fight. Besides what each mechanic keeps, a side's
// state says whether the situation's passing conditions are over: they last
// for the first attack. The attacker's invisibility ends with her attack
// (Invisibility.dispel), and a mob that was unaware or paralyzed has noticed
// her, or woken, by her second (Mob.act sets enemySeen on the mob's turn,
// which comes between two attacks of a hero no faster than it); the Monk's
// Focus is spent on the first attack it meets. A side's own attack also ends
// its own.
class SpdExchange final : public Exchange {
 public:
  SpdExchange(const Combatant& att, const Combatant& def, const Situation& s, bool ends_defender_state,
              std::shared_ptr<const fight::States<Group>> att_group,
              std::shared_ptr<const fight::States<Group>> def_group, const SwarmDamage& swarm_damage,
              const Rage& att_rage, const Rage& def_rage, bool att_focus, bool def_focus, HeroCodec att_codec,
              HeroCodec def_codec, const Dot& victim_dot, int wraith_cells)
      : ends_defender_state_(ends_defender_state),
        att_(att),
        def_(def),
        s_(s),
        att_codec_(std::move(att_codec)),
        def_codec_(std::move(def_codec)),
        victim_dot_(victim_dot),
        att_rage_(att_rage),
        def_rage_(def_rage),
        att_focus_(att_focus),
        def_focus_(def_focus),
        att_group_(std::move(att_group)),
        def_group_(std::move(def_group)),
        swarm_damage_(swarm_damage),
        ht_(att.ht()),
        goo_att_(is_goo(att)),
        goo_def_(is_goo(def)) {
    necro_ = is_necromancer(att);
    if (is_spectral(att)) {
      wraith_cells_ = wraith_cells;
      wraith_last_ = wraith_last_turn(wraith_cells);
    }
    // Goo.act on water: below HT, HP += healInc (1 without the Stronger
    // Bosses challenge) before its move, which then reads the new HP.
    water_ = goo_att_ && att.on_water ? 1 : 0;
    if (is_necromancer(def) && !att_group_) burst_ = burst_on(def, att, s);
    attacks_ = att.is_hero() || att.mob.damage || (s.magic && att.mob.spell) || necro_ || wraiths();
    drain_ = !att.is_hero() && att.mob.java_class == "Bat";
    dot_ = def_group_ ? Dot{} : dot_of(att, s);
    const int variants = goo_att_ ? 4 : goo_def_ || att_rage_.on ? 2 : 1;
    for (int a = 0; a < 2; ++a)
      for (int d = 0; d < 2; ++d)
        for (int v = 0; v < variants; ++v) {
          if (!attacks_) continue;
          // Variant bit 0: Goo (either side) below half HP; bit 1: Goo's pumped attack.
          const bool rage = (v & 1) != 0, pumped = (v & 2) != 0;
          // For a raging brute, bit 0 is its rage.
          const Combatant me = goo_att_              ? goo_as(att, rage, pumped)
                               : att_rage_.on        ? brute_as(att, rage)
                               : necro_ || wraiths() ? striker_of(att)
                                                     : att;
          const AttackPlan& p = plans_[a][d][static_cast<std::size_t>(v)] = plan_of(me, a, d, v);
          const Outcome o = exact_outcome(p);
          Pmf one = o.damage;
          auto& k = kernels_[a][d][static_cast<std::size_t>(v)];
          if (o.p_hit < 1) k.push_back(Transition{1 - o.p_hit, 0, 0, 0, 0});
          if (o.p_hit > 0)
            for (const auto& [dmg, q] : o.damage_on_hit.items()) k.push_back(Transition{o.p_hit * q, dmg, 0, 0, 1});
          if (att_group_ && v == 0) {
            // k flies attacking: the sum of k independent attacks.
            Pmf sum = Pmf::point(0);
            flies_[a][d].push_back({Transition{1, 0, 0, 0, -1}});
            for (int n = 1; n <= kMaxFliesAround; ++n) {
              sum = sum + one;
              auto& ts = flies_[a][d].emplace_back();
              for (const auto& [dmg, q] : sum.items()) ts.push_back(Transition{q, dmg, 0, 0, -1});
            }
          }
        }
    const auto* group = att_group_ ? att_group_.get() : def_group_.get();
    const HeroCodec& hero = att_codec_.on ? att_codec_ : def_codec_;
    if (hero.regen && hero.clock.cycle > kMaxExactRegenCycle)
      why_ = fmt::format(
          "the hero's regeneration repeats its pattern only after {} of her attacks, more than the {} an exact fight "
          "follows",
          hero.clock.cycle, kMaxExactRegenCycle);
    else if (att_codec_.rage || def_codec_.rage)
      why_ =
          "the Berserker's rage loses, on each quiet turn, an amount read from her HP (Berserk.act), so its values "
          "multiply with the fight's paths";
    else if (group && group->size() > kMaxExactSwarmGroups)
      why_ = fmt::format(
          "the swarm of flies can split into {} groups of flies, more than the {} an exact fight follows "
          "(Swarm.defenseProc)",
          group->size(), kMaxExactSwarmGroups);
    else if (dot_.kind == Dot::Kind::bleeding)
      why_ =
          "bleeding's level is a real number drawn anew each turn (Bleeding.act: NormalFloat(level / 2, level)), "
          "which no finite chain holds";
  }

  std::vector<Transition> outcomes(Side a, Side d) const override {
    const int fa = past_of(a.state), fd = past_of(d.state);
    std::vector<Transition> out;
    std::uint32_t own_aux = next_own(a.state);  // what the attacker keeps
    if (!attacks_) {
      out.push_back(Transition{1, 0, 0, 0, 0});
    } else if (att_group_) {
      out = flies_[fa][fd][static_cast<std::size_t>(attackers(att_group_->at(aux_of(a.state))))];
    } else if (goo_att_) {
      // Goo.doAttack: from rest it attacks on Random.Int(HP*2 <= HT ? 2 : 5) > 0, else
      // pumps up; pumped once it pumps again; pumped twice it attacks pumped, and rests.
      const bool rage = enraged(att_, a.hp + water_heal(a.hp));
      const std::uint32_t pump = aux_of(a.state);
      if (pump >= 2) {
        out = kernels_[fa][fd][(rage ? 1 : 0) | 2];
        own_aux = 0;
      } else if (pump == 1) {
        out.push_back(Transition{1, 0, 0, 0, -1});
        own_aux = 2;
      } else {
        const double p_attack = rage ? 0.5 : 0.8;
        for (Transition t : kernels_[fa][fd][rage ? 1 : 0]) {
          t.p *= p_attack;
          out.push_back(t);
        }
        out.push_back(Transition{1 - p_attack, 0, 0, 0, -1});
        out.back().attacker_state = 1;  // marks the pump, below
        own_aux = 0;
      }
    } else if (att_rage_.on) {
      const std::uint32_t state = aux_of(a.state);
      if (state == 2)
        out.push_back(Transition{1, 0, 0, 0, -1});  // the turn triggerEnrage spent
      else
        out = kernels_[fa][fd][state == 0 ? 0 : 1];
      own_aux = brute_turn(state);
    } else if (necro_) {
      // Its first turn starts the summoning; from its second its skeleton attacks.
      const std::uint32_t state = aux_of(a.state);
      if (state == 0)
        out.push_back(Transition{1, 0, 0, 0, -1});
      else
        out = kernels_[fa][fd][0];
      own_aux = state == 0 ? 1 : 2;
    } else if (wraiths()) {
      // This turn's wraiths, their hits already applied to the defender.
      const std::uint32_t turn = aux_of(a.state);
      out = volley(wraiths_acting(turn, wraith_cells_), fa, fd, d);
      own_aux = std::min(turn + 1, wraith_last_);
    } else {
      out = kernels_[fa][fd][goo_def_ && enraged(def_, d.hp) ? 1 : 0];
    }
    if (att_focus_) own_aux = focus_after_attack(aux_of(a.state));
    // A monk with Focus parries each attack (not a turn without one): a
    // miss, and its next cooldown, carried in defender_state to the loop below.
    const bool parry = def_focus_ && aux_of(d.state) == kFocused;
    if (parry) {
      std::vector<Transition> parried;
      for (const Transition& t : out) {
        if (t.hit == -1) {
          parried.push_back(t);
          parried.back().defender_state = kFocused;
          continue;
        }
        for (const auto& [state, p] : focus_cooldowns()) {
          Transition u = t;
          u.p = t.p * p;
          u.damage = 0;
          u.hit = 0;
          u.defender_state = state;
          parried.push_back(u);
        }
      }
      out = std::move(parried);
    }
    // The hero's regeneration right after her move (Regeneration.act).
    const std::uint32_t before_regen = own_aux;
    std::int64_t regen = 0;
    std::tie(regen, own_aux) = regen_step(att_codec_, a.hp, own_aux);
    regen += water_heal(a.hp);
    std::vector<Transition> all;
    all.reserve(out.size() * 2);
    for (Transition t : out) {
      t.attacker_state = kPast | (goo_att_ && t.attacker_state == 1 ? 1u : own_aux);
      t.heal += regen;
      if (wraiths()) {
        all.push_back(t);
        continue;
      }
      std::uint32_t def_aux = parry ? t.defender_state : def_codec_.dot(aux_of(d.state));
      if (def_group_ && t.hit == 1) {
        const Split sp = hit_group(def_group_->at(def_aux), t.damage, swarm_damage_.dealt(t.damage));
        t.damage = sp.lost;
        def_aux = sp.group.empty() ? def_aux : def_group_->id(sp.group);
      }
      if (def_rage_.on) {
        const auto [dmg, state] = rage_hit(def_rage_, d.hp, def_aux, t.hit == 1 ? t.damage : 0);
        t.damage = dmg;
        def_aux = state;
      }
      if (drain_ && t.hit == 1) t.heal = std::max<std::int64_t>(0, std::min(t.damage - 4, ht_ - a.hp));
      // Bleeding is sampled only: here the attack alone (fight reports' first-attack columns).
      if (dot_.kind == Dot::Kind::none || dot_.kind == Dot::Kind::bleeding) {
        t.defender_state = next_defender(d.state, def_aux);
        all.push_back(t);
        continue;
      }
      // Attached, with each duration, or not; then the tick.
      std::vector<std::pair<double, std::int64_t>> left;  // (p, turns left before the tick)
      const std::int64_t now = def_aux;
      const bool can = t.hit == 1;
      const double p_on = can ? 1.0 / dot_.chance : 0.0;
      if (p_on < 1) left.emplace_back(1 - p_on, now);
      if (p_on > 0) {
        if (dot_.kind == Dot::Kind::poison) {
          const int n = dot_.poison_max - dot_.poison_min + 1;
          for (int x = dot_.poison_min; x <= dot_.poison_max; ++x)
            left.emplace_back(p_on / n, std::max(dot_.poison_turns(x), now));
        } else {
          left.emplace_back(p_on, std::int64_t{20});  // Ooze.DURATION
        }
      }
      for (const auto& [p, l] : left) {
        for (const auto& [q, tick] : ticks(dot_, l)) {
          Transition u = t;
          u.p = t.p * p * q;
          u.damage += tick;
          u.defender_state = next_defender(d.state, static_cast<std::uint32_t>(l > 0 ? l - 1 : 0));
          all.push_back(u);
        }
      }
    }
    return with_burst(with_after_kill(std::move(all), a, d, own_aux, regen), a, d, before_regen);
  }

  Transition sample(Side a, Side d, Rng& rng) const override {
    std::uint32_t own = next_own(a.state);
    const std::uint32_t before_regen = own;
    std::int64_t regen = 0;
    std::tie(regen, own) = regen_step(att_codec_, a.hp, own);
    regen += water_heal(a.hp);
    Transition t{1, 0, kPast | own, 0, 0, regen};
    std::uint32_t def_aux = def_codec_.dot(aux_of(d.state));
    std::vector<std::int64_t> passed;  // what each hit passes to Hero.defenseProc
    // Goo.doAttack, as in outcomes(): which variant attacks, or a turn spent pumping.
    int v = goo_def_ && enraged(def_, d.hp) ? 1 : 0;
    bool attacks = attacks_;
    if (goo_att_ && attacks_) {
      const bool rage = enraged(att_, a.hp + water_heal(a.hp));
      const std::uint32_t pump = aux_of(a.state);
      v = rage ? 1 : 0;
      if (pump >= 2) {
        v |= 2;
        t.attacker_state = kPast;
      } else if (pump == 1) {
        attacks = false;
        t.attacker_state = kPast | 2;
      } else if (random_int(rng, rage ? 2 : 5) > 0) {
        t.attacker_state = kPast;
      } else {
        attacks = false;
        t.attacker_state = kPast | 1;
      }
      if (!attacks) t.hit = -1;
    }
    if (necro_) {
      const std::uint32_t state = aux_of(a.state);
      attacks = state != 0;
      t.attacker_state = kPast | (state == 0 ? 1u : 2u);
      if (!attacks) t.hit = -1;
    }
    if (wraiths()) {
      // As volley(): this turn's wraiths, one after another.
      const std::uint32_t turn = aux_of(a.state);
      t.attacker_state = kPast | std::min(turn + 1, wraith_last_);
      const int n = wraiths_acting(turn, wraith_cells_);
      const int fa = past_of(a.state), fd = past_of(d.state);
      t.damage = wraith_start(def_aux);
      if (def_rage_.on) def_aux = rage_decay(def_rage_, def_aux).second;
      bool gone = false, landed = false;
      for (int i = 0; i < n; ++i) {
        const int wv = goo_def_ && enraged(def_, d.hp - t.damage) ? 1 : 0;
        const AttackPlan& plan = plans_[fa][fd][static_cast<std::size_t>(wv)];
        const StrikeResult r = strike(plan, rng);
        if (!(r.attacked && r.hit.hit)) continue;
        landed = true;
        wraith_hit(r.damage, d.hp, t.damage, def_aux, gone);
        if (def_codec_.rage && !plan.magic)
          passed.push_back(plan.passed(plan.base_damage(plan.rolled(r.roll), r.excess)));
      }
      t.hit = n == 1 ? static_cast<std::int8_t>(landed ? 1 : 0) : std::int8_t{-1};
      attacks = false;
    }
    if (att_focus_) t.attacker_state = kPast | focus_after_attack(aux_of(a.state));
    if (att_rage_.on && attacks_) {
      const std::uint32_t state = aux_of(a.state);
      v = state == 0 ? 0 : 1;
      attacks = state != 2;
      t.attacker_state = kPast | brute_turn(state);
      if (!attacks) t.hit = -1;
    }
    if (def_focus_ && attacks && def_aux == kFocused) {
      // The monk parries (as in outcomes()).
      attacks = false;
      t.hit = 0;
      def_aux = sample_focus_cooldown(rng);
    }
    if (attacks) {
      const int fa = past_of(a.state), fd = past_of(d.state);
      const int n = att_group_ ? attackers(att_group_->at(aux_of(a.state))) : 1;
      bool landed = false;
      const AttackPlan& plan = att_codec_.rage ? rage_plan(att_codec_.power(aux_of(a.state)), fa, fd, v)
                                               : plans_[fa][fd][static_cast<std::size_t>(v)];
      for (int i = 0; i < n; ++i) {
        const StrikeResult s = strike(plan, rng);
        t.damage += s.damage;
        const bool hit = s.attacked && s.hit.hit;
        landed = landed || hit;
        if (def_codec_.rage && hit && !plan.magic)
          passed.push_back(plan.passed(plan.base_damage(plan.rolled(s.roll), s.excess)));
      }
      t.hit = att_group_ ? -1 : static_cast<std::int8_t>(landed ? 1 : 0);
      if (att_group_) landed = false;  // a swarm neither drains nor leaves damage over time
      if (def_group_ && landed) {
        const Split sp = hit_group(def_group_->at(def_aux), t.damage, swarm_damage_.dealt(t.damage));
        t.damage = sp.lost;
        if (!sp.group.empty()) def_aux = def_group_->id(sp.group);
      }
      if (def_rage_.on && (landed || def_aux != 0)) {
        const auto [dmg, state] = rage_hit(def_rage_, d.hp, def_aux, landed ? t.damage : 0);
        t.damage = dmg;
        def_aux = state;
      }
      if (drain_ && landed) t.heal = std::max<std::int64_t>(0, std::min(t.damage - 4, ht_ - a.hp));
      // Char.attack calls attackProc on every hit, with the damage dealt.
      if (landed && dot_.kind != Dot::Kind::none) {
        const bool deals = t.damage > 0;
        switch (dot_.kind) {
          case Dot::Kind::poison:
            if (random_int(rng, dot_.chance) == 0) {
              const int x = random_int_range(rng, dot_.poison_min, dot_.poison_max);
              def_aux = static_cast<std::uint32_t>(std::max<std::int64_t>(dot_.poison_turns(x), def_aux));
            }
            break;
          case Dot::Kind::ooze:
            if (random_int(rng, dot_.chance) == 0) def_aux = 20;
            break;
          case Dot::Kind::bleeding:
            // Albino.attackProc: damage > 0 && Random.Int(2) == 0; Bleeding.set keeps the larger level.
            if (deals && random_int(rng, dot_.chance) == 0) {
              const float level = normal_float(rng, 2.0f, 3.0f);
              if (level_of(def_aux) < level) def_aux = aux_of_level(level);
            }
            break;
          case Dot::Kind::none:
            break;
        }
      }
    }
    // The tick at the end of the turn.
    t.damage += sample_tick(dot_, def_aux, rng);
    t.defender_state = next_defender(d.state, def_aux);
    if (def_codec_.rage) t.defender_state = rage_of_turn(t.defender_state, passed, d.hp - t.damage);
    if (victim_dot_.kind != Dot::Kind::none && t.damage >= d.hp && att_codec_.dot(own) > 0)
      t.heal = sample_after_kill(victim_dot_, att_codec_, a.hp + regen, own, rng) - a.hp;
    if (burst_ && aux_of(d.state) == 2 && t.damage >= d.hp)
      burst_hits(t, a.hp, sample_burst(*burst_, rng), before_regen);
    return t;
  }

  bool exact() const override { return why_.empty(); }
  std::string why_not_exact() const override { return why_; }
  // The bat's drain reads its own HP (to cap the healing at HT); Goo's
  // numbers follow its HP, attacking or attacked.
  // The hero's regeneration reads her HP (it stops at HT); what the mob left
  // on her goes on after a killing attack, which reads both.
  Reads reads() const override {
    const bool after = victim_dot_.kind != Dot::Kind::none || burst_.has_value();
    return {drain_ || goo_att_ || att_codec_.regen || after, goo_def_ || def_rage_.on || def_codec_.rage || after};
  }

 private:
  // What the attacker keeps after its attack (its passing conditions are
  // over): a swarm's newborn flies will attack from its next turn on.
  std::uint32_t next_own(std::uint32_t s) const {
    std::uint32_t x = aux_of(s);
    if (att_group_) x = att_group_->id(after_turn(att_group_->at(x)));
    return x;
  }
  // The defender's state with what the attacker's hits left on it.
  std::uint32_t next_defender(std::uint32_t s, std::uint32_t aux) const {
    return (ends_defender_state_ ? kPast : (s & kPast)) | def_codec_.with_dot(aux_of(s), aux);
  }
  // The Berserker's rage after the turn in which she took `passed`.
  std::uint32_t rage_of_turn(std::uint32_t s, const std::vector<std::int64_t>& passed, std::int64_t hp_after) const {
    return (s & kPast) | rage_turn(def_codec_, aux_of(s), passed, hp_after);
  }
  // One wraith's hit that passes `x` to the defender, after the volley's
  // earlier hits dealt `dealt` and left it in `aux` (`gone`: a swarm with no
  // fly left): a swarm splits at each hit (Swarm.defenseProc), and a gnoll
  // brute enrages at the hit that takes its HP to 0 (Brute.isAlive), the
  // later ones falling on its shield.
  void wraith_hit(std::int64_t x, std::int64_t hp, std::int64_t& dealt, std::uint32_t& aux, bool& gone) const {
    if (def_group_) {
      if (gone) return;
      const Split sp = hit_group(def_group_->at(aux), x, swarm_damage_.dealt(x));
      dealt += sp.lost;
      if (sp.group.empty())
        gone = true;
      else
        aux = def_group_->id(sp.group);
      return;
    }
    if (def_rage_.on && aux == 0) {
      const auto [dmg, state] = rage_hit(def_rage_, hp - dealt, 0, x);
      dealt += dmg;
      aux = state;
      return;
    }
    dealt += x;
  }
  // Before a volley: a raging brute's decay since the last attack on it,
  // which comes whether any wraith attacks or not (as rage_hit adds it).
  std::int64_t wraith_start(std::uint32_t aux) const { return def_rage_.on ? rage_decay(def_rage_, aux).first : 0; }
  // The attacks of n wraiths in one turn, one after another, each its own
  // Mob.act: the damage and the defender's state after all of them. Goo's
  // numbers follow its HP from hit to hit. One wraith keeps its hit or miss.
  std::vector<Transition> volley(int n, int fa, int fd, Side d) const {
    struct Key {
      std::int64_t dealt;
      std::uint32_t aux;
      bool gone;
      std::int8_t hit;
      bool operator<(const Key& o) const {
        return std::tie(dealt, aux, gone, hit) < std::tie(o.dealt, o.aux, o.gone, o.hit);
      }
    };
    const std::uint32_t aux0 = def_codec_.dot(aux_of(d.state));
    const std::uint32_t aux1 = def_rage_.on ? rage_decay(def_rage_, aux0).second : aux0;
    std::map<Key, double> now{{Key{wraith_start(aux0), aux1, false, -1}, 1.0}};
    for (int i = 0; i < n; ++i) {
      std::map<Key, double> next;
      for (const auto& [k, p] : now) {
        const int v = goo_def_ && enraged(def_, d.hp - k.dealt) ? 1 : 0;
        for (const Transition& t : kernels_[fa][fd][static_cast<std::size_t>(v)]) {
          Key u = k;
          if (t.hit == 1) wraith_hit(t.damage, d.hp, u.dealt, u.aux, u.gone);
          u.hit = n == 1 ? t.hit : std::int8_t{-1};
          next[u] += p * t.p;
        }
      }
      now = std::move(next);
    }
    std::vector<Transition> out;
    out.reserve(now.size());
    for (const auto& [k, p] : now) out.push_back(Transition{p, k.dealt, 0, next_defender(d.state, k.aux), k.hit});
    return out;
  }
  // The hero's killing attacks, split by what the ticks the mob left on her
  // do after it dies (heal: the HP she ends with, less her HP now).
  std::vector<Transition> with_after_kill(std::vector<Transition> all, Side a, Side d, std::uint32_t own_aux,
                                          std::int64_t regen) const {
    // Bleeding's fights are sampled (its kernel is not exact): its rest is drawn in sample().
    if (victim_dot_.kind == Dot::Kind::none || victim_dot_.kind == Dot::Kind::bleeding || att_codec_.dot(own_aux) == 0)
      return all;
    const std::map<std::int64_t, double> end = after_kill(victim_dot_, att_codec_, a.hp + regen, own_aux);
    std::vector<Transition> out;
    out.reserve(all.size() + end.size());
    for (const Transition& t : all) {
      if (t.damage < d.hp) {
        out.push_back(t);
        continue;
      }
      for (const auto& [hp, q] : end) {
        Transition u = t;
        u.p *= q;
        u.heal = hp - a.hp;
        out.push_back(u);
      }
    }
    return out;
  }
  // The attacks that kill a necromancer with its skeleton up, split by the
  // skeleton's burst on the attacker (before the hero's regeneration of that
  // turn, which follows her move and so the burst).
  std::vector<Transition> with_burst(std::vector<Transition> all, Side a, Side d, std::uint32_t before_regen) const {
    if (!burst_ || aux_of(d.state) != 2) return all;
    std::vector<Transition> out;
    out.reserve(all.size() + burst_->damage.items().size());
    for (const Transition& t : all) {
      if (t.damage < d.hp) {
        out.push_back(t);
        continue;
      }
      for (const auto& [x, q] : burst_->damage.items()) {
        Transition u = t;
        u.p *= q;
        burst_hits(u, a.hp, x, before_regen);
        out.push_back(u);
      }
    }
    return out;
  }
  // The burst `x` on an attacker of `hp` HP: it dies, or keeps the rest and
  // then regenerates (her regeneration follows her move, and so the burst).
  void burst_hits(Transition& t, std::int64_t hp, std::int64_t x, std::uint32_t before_regen) const {
    if (hp - x <= 0) {
      t.heal = -hp;
      return;
    }
    const auto [heal, aux] = regen_step(att_codec_, hp - x, before_regen);
    t.heal = heal - x;
    t.attacker_state = kPast | aux;
  }
  // The plan of `me`'s attack in variant v (see the constructor) with the
  // passing conditions a (the attacker's) and d (the defender's) over or not.
  AttackPlan plan_of(const Combatant& me, int a, int d, int v) const {
    Situation x = s_;
    if (a == 1) x.invisible = false;
    if (d == 1) x.surprised = x.paralyzed = x.focus = false;
    AttackPlan p = plan_attack(me, goo_def_ ? goo_as(def_, (v & 1) != 0, false) : def_, x);
    // The swarm's split reads the damage before Vulnerable and its
    // champion's factor: the plan gives that, and dealt() the rest.
    if (def_group_) {
      p.vulnerable = false;
      p.damage_taken.reset();
    }
    return p;
  }
  // The Berserker's plan at a rage power (Char.attack's Berserk.damageFactor).
  const AttackPlan& rage_plan(float power, int a, int d, int v) const {
    const std::lock_guard lock(rage_mutex_);
    auto& plans = rage_plans_[power];
    if (!plans) {
      plans = std::make_unique<std::array<AttackPlan, 8>>();
      Combatant me = att_;
      me.hero->rage = power;
      for (int i = 0; i < 8; ++i) (*plans)[static_cast<std::size_t>(i)] = plan_of(me, i >> 2, (i >> 1) & 1, i & 1);
    }
    return (*plans)[static_cast<std::size_t>(a * 4 + d * 2 + v)];
  }

  bool ends_defender_state_;
  Combatant att_, def_;
  Situation s_;
  HeroCodec att_codec_, def_codec_;
  Dot victim_dot_;  // what the defender's hits leave on the attacking hero
  mutable std::mutex rage_mutex_;
  mutable std::map<float, std::unique_ptr<std::array<AttackPlan, 8>>> rage_plans_;
  Rage att_rage_, def_rage_;
  bool att_focus_, def_focus_;  // the attacker's, the defender's Focus followed (a monk)
  std::shared_ptr<const fight::States<Group>> att_group_, def_group_;
  SwarmDamage swarm_damage_;
  std::int64_t ht_;
  bool goo_att_, goo_def_;
  std::int64_t water_ = 0;  // Goo on water: HP it regains on its turn below HT
  [[nodiscard]] std::int64_t water_heal(std::int64_t hp) const { return water_ > 0 && hp < ht_ ? water_ : 0; }
  bool attacks_ = true;
  bool drain_ = false;
  bool necro_ = false;  // the attacker is a necromancer: its skeleton attacks
  // The attacker is a spectral necromancer: the cells its wraiths can take
  // (0 for any other attacker) and the turn its state stops counting at.
  int wraith_cells_ = 0;
  std::uint32_t wraith_last_ = 0;
  [[nodiscard]] bool wraiths() const { return wraith_cells_ > 0; }
  std::optional<Burst> burst_;  // the defender is one: its skeleton bursts when it dies
  Dot dot_;
  // By the passing conditions of attacker and defender, and Goo's variant.
  std::array<std::array<std::array<AttackPlan, 4>, 2>, 2> plans_;
  std::array<std::array<std::array<std::vector<Transition>, 4>, 2>, 2> kernels_;
  std::array<std::array<std::vector<std::vector<Transition>>, 2>, 2> flies_;
  std::string why_;
};

Fighter fighter(const Combatant& c, const Situation& s, std::string_view role) {
  Fighter f;
  f.name = c.name;
  f.hp = c.current_hp();
  if (f.hp <= 0) throw Error(fmt::format("{} '{}' needs hp=N (N >= 1) for a fight", role, c.name));
  f.attack_time = attack_time(c, s);
  return f;
}

bool is_swarm(const Combatant& c) { return !c.is_hero() && c.mob.java_class == "Swarm"; }

// The swarm's groups, when `swarm` is one: every damage `other` (or the
// minion that strikes for it) can pass it.
std::shared_ptr<const fight::States<Group>> groups_of(const Combatant& swarm, std::int64_t hp, const Combatant& foe,
                                                      const Situation& other_situation, SwarmDamage& dmg) {
  if (!is_swarm(swarm)) return nullptr;
  const Combatant other = striker_of(foe);
  std::set<std::int64_t> passed;
  const bool attacks = other.is_hero() || other.mob.damage || (other_situation.magic && other.mob.spell);
  for (int a = 0; a < 2 && attacks; ++a)
    for (int d = 0; d < 2; ++d) {
      Situation x = other_situation;
      if (a == 1) x.invisible = false;
      if (d == 1) x.surprised = x.paralyzed = x.focus = false;
      AttackPlan p = plan_attack(other, swarm, x);
      dmg.vulnerable = p.vulnerable;
      dmg.taken = p.damage_taken;
      p.vulnerable = false;
      p.damage_taken.reset();
      for (const auto& [v, q] : exact_outcome(p).damage_on_hit.items())
        if (q > 0) passed.insert(v);
    }
  return swarm_groups(Group{Fly{hp, false}}, passed, dmg);
}

// The hero's counters a fight follows: her regeneration, on the clock of her
// attacks against the buff's turns (`why`: the reason when that clock repeats
// only after more attacks than her state holds); the Berserker's rage when
// both sides act once a turn (each mob attack is one Berserk.act) and the mob
// is no albino rat (whose bleeding level takes the bits the rage needs).
HeroCodec codec_of(const Combatant& c, const Combatant& other, const Situation& other_situation, double own_time,
                   double other_time, std::string* why = nullptr) {
  HeroCodec k;
  if (!c.is_hero()) return k;
  k.on = true;
  k.ht = c.ht();
  const Dot::Kind left = dot_of(other, other_situation).kind;
  k.rage = c.hero->subclass == SubClass::berserker && own_time == 1 && other_time == 1 && left != Dot::Kind::bleeding;
  k.dot_bits = k.rage ? 5 : left == Dot::Kind::bleeding ? 25 : 8;
  try {
    k.clock = pixel_dungeon::turn_clock(own_time, 1, k.max_cycle(), "hero regeneration");
    k.regen = true;
  } catch (const Error& e) {
    if (why) *why = e.what();
  }
  if (k.rage) k.powers = std::make_shared<fight::States<float>>(c.hero->rage, kMaxRagePowers, "Berserker rage");
  return k;
}

// Moves the listed mechanic of `who` whose text holds `key` from modelled to
// not modelled, saying why.
void leave_out(Bout& b, const std::string& who, std::string_view key, std::string_view why) {
  const auto it = std::find_if(b.modelled.begin(), b.modelled.end(), [&](const std::string& l) {
    return l.rfind(who + ": ", 0) == 0 && l.find(key) != std::string::npos;
  });
  if (it == b.modelled.end()) return;
  b.not_modelled.push_back(fmt::format("{} ({})", *it, why));
  b.modelled.erase(it);
}

}  // namespace

// The attack a combatant makes back in a fight: a mob without a melee attack casts its spell.
Situation counter_situation(const Combatant& c, const Situation& s) {
  Situation x;
  x.ascension = s.ascension;
  x.ferret_tuft = s.ferret_tuft;
  x.adjacent = s.adjacent;  // the same distance both ways (Tengu.attackSkill, GnollGuard.damageRoll read it)
  x.magic = !c.is_hero() && !c.mob.damage && c.mob.spell.has_value();
  return x;
}

BerserkRage berserk_turn(BerserkRage r, const std::vector<std::int64_t>& passed, std::int64_t hp_after,
                         std::int64_t ht) {
  for (const std::int64_t x : passed) {
    if (x <= 0) continue;
    r.power = std::min(1.0f, r.power + (static_cast<float>(x) / static_cast<float>(ht)) / 4.0f);
    r.buffer = 3;
  }
  if (r.buffer > 0) {
    --r.buffer;
  } else if (r.power > 0) {
    const float gate = std::clamp(r.power, 0.1f, 1.0f);
    const double frac =
        static_cast<double>(static_cast<float>(std::max<std::int64_t>(hp_after, 0)) / static_cast<float>(ht));
    r.power =
        static_cast<float>(static_cast<double>(r.power) - static_cast<double>(gate * 0.05f) * std::pow(frac, 2.0));
    if (r.power <= 0) r.power = 0;
  }
  return r;
}

// Focus is followed for a monk attacking every half turn whose foe leaves no
// state on it (poison, ooze or bleeding) and is one attacker (no swarm, no
// wraiths).
bool focus_on(const Combatant& monk, double monk_time, const Combatant& foe, const Situation& foe_side) {
  return is_monk(monk) && monk_time == 0.5 && !is_swarm(foe) && !is_spectral(foe) &&
         dot_of(foe, foe_side).kind == Dot::Kind::none;
}

Bout make_bout(const Combatant& attacker, const Combatant& defender, const Situation& situation) {
  const Situation back = counter_situation(defender, situation);
  if (is_swarm(attacker) && is_swarm(defender))
    throw Error("swarm of flies: splits: a swarm fighting a swarm is not modelled");
  Bout b;
  b.a = fighter(attacker, situation, "attacker");
  b.b = fighter(defender, back, "defender");
  const Rage a_rage = rage_of(attacker, situation, b.a.attack_time, b.b.attack_time);
  const Rage b_rage = rage_of(defender, back, b.b.attack_time, b.a.attack_time);
  b.a.hp += a_rage.shield;
  b.b.hp += b_rage.shield;
  SwarmDamage a_dmg, b_dmg;  // what b passes to a swarm a, and a to a swarm b
  const auto a_groups = groups_of(attacker, b.a.hp, defender, back, a_dmg);
  const auto b_groups = groups_of(defender, b.b.hp, attacker, situation, b_dmg);
  // The attacker's invisibility ends with her first attack; the defender's
  // unawareness or paralysis with its first turn.
  std::string regen_why[2];
  const HeroCodec a_codec = codec_of(attacker, defender, back, b.a.attack_time, b.b.attack_time, &regen_why[0]);
  const HeroCodec b_codec = codec_of(defender, attacker, situation, b.b.attack_time, b.a.attack_time, &regen_why[1]);
  // What the other's hits leave on a hero, which goes on after she kills it.
  const Dot on_a = attacker.is_hero() && !is_swarm(defender) ? dot_of(defender, back) : Dot{};
  const Dot on_b = defender.is_hero() && !is_swarm(attacker) ? dot_of(attacker, situation) : Dot{};
  // The two are adjacent unless the situation says `ranged`: one of the cells
  // around the spectral necromancer's foe may be its own.
  const int cells = wraith_cells(situation);
  const bool a_focus = focus_on(attacker, b.a.attack_time, defender, back);
  const bool b_focus = focus_on(defender, b.b.attack_time, attacker, situation);
  b.a_hits_b = std::make_shared<SpdExchange>(attacker, defender, situation, true, a_groups, b_groups, b_dmg, a_rage,
                                             b_rage, a_focus, b_focus, a_codec, b_codec, on_a, cells);
  b.b_hits_a = std::make_shared<SpdExchange>(defender, attacker, back, false, b_groups, a_groups, a_dmg, b_rage, a_rage,
                                             b_focus, a_focus, b_codec, a_codec, on_b, cells);
  b.time_unit = "turns";
  list_mechanics(attacker, defender, false, b.modelled, b.not_modelled);
  for (const auto& [c, r] : {std::pair{&attacker, a_rage}, std::pair{&defender, b_rage}}) {
    if (!is_brute(*c)) continue;
    if (r.on) {
      b.notes.push_back(fmt::format(
          "{}: its HP in the fight includes the {}-point rage shield it gains at 0 HP; the decay of {} of the "
          "rage's own turn comes with the hit that enrages it, {} with the next attack on it",
          c->name, r.shield, r.decay,
          r.every == 1 ? "each later turn's"
                       : "and every third turn's after it (at the 4th, 7th, ... attack after "
                         "its skipped turn)"));
      continue;
    }
    // The rage needs both sides to attack once a turn: otherwise it is left out.
    leave_out(b, c->name, "rage shield", "followed only when both sides attack once a turn");
  }
  for (const auto& [c, on] : {std::pair{&attacker, a_focus}, std::pair{&defender, b_focus}})
    if (is_monk(*c) && !on)
      leave_out(b, c->name, "Focus: after",
                "followed when the monk attacks every half turn against one foe that leaves no poison, ooze or "
                "bleeding on it");
  for (const Combatant* c : {&attacker, &defender}) {
    const Combatant& other = c == &attacker ? defender : attacker;
    if (is_swarm(*c))
      b.notes.push_back(fmt::format(
          "{}: its HP is the flies' total; {} attacks the fly with the fewest HP, every clone finds a free cell "
          "(open ground), and up to {} flies attack at once, each from the swarm's turn after its birth",
          c->name, other.name, kMaxFliesAround));
    if (dot_of(*c, c == &attacker ? situation : back).kind != Dot::Kind::none && !is_swarm(other))
      b.notes.push_back(fmt::format(
          "{}: what its hits leave ticks at the end of each turn, after its attack (buffs act last in a turn), "
          "so fray adds each tick to its attack; {}; water washing ooze off is not followed",
          c->name,
          other.is_hero() ? fmt::format("after it dies the ticks go on until they end, and if they kill {} she loses "
                                        "the fight though she killed it",
                                        other.name)
                          : std::string("ticks after it dies are not followed")));
  }
  // The stats that follow the moment (the distance, the mob's HP, the great crab's watch), each side attacking and
  // attacked.
  for (const std::string& n : moment_notes(attacker, situation, true, true)) b.notes.push_back(n);
  for (const std::string& n : moment_notes(attacker, back, false, true)) b.notes.push_back(n);
  for (const std::string& n : moment_notes(defender, back, true, true)) b.notes.push_back(n);
  for (const std::string& n : moment_notes(defender, situation, false, true)) b.notes.push_back(n);
  for (const Combatant* c : {&attacker, &defender})
    if (is_goo(*c) && c->on_water)
      b.notes.push_back(fmt::format(
          "{}: stands on water the whole fight and, below HT, regains 1 HP at the start of each of its turns, "
          "before it attacks or pumps up, which then read its new HP (Goo.act)",
          c->name));
  for (const Combatant* c : {&attacker, &defender}) {
    if (!is_necromancer(*c)) continue;
    const Combatant& other = c == &attacker ? defender : attacker;
    b.notes.push_back(fmt::format(
        "{}: {} attacks it, never its skeleton; the fight starts with it hunting {} within 4 cells and no "
        "skeleton; on its second turn its skeleton (HP 20 of 25) appears next to {} and attacks that turn and "
        "each turn after; when {} dies the skeleton dies and bursts on {}{}; its healing and Adrenaline (speed "
        "only) change nothing here, and a champion's buff is not passed on",
        c->name, other.name, other.name, other.name, c->name, other.name,
        is_swarm(other) ? " (not followed against a swarm)" : ""));
  }
  for (const Combatant* c : {&attacker, &defender}) {
    if (!is_spectral(*c)) continue;
    const Combatant& other = c == &attacker ? defender : attacker;
    const Combatant w = wraith_of(*c);
    b.notes.push_back(fmt::format(
        "{0}: {1} attacks it, never its wraiths; the fight starts with it hunting {1} within 4 cells; it summons "
        "a wraith (level {2}: accuracy {3}, evasion {4}, damage {5}-{6}, 1 HP) next to {1} on its turns 2, 4, 6, "
        "... while one of the {7} cells around {1} is free, and each attacks from 2 turns after it appears, so "
        "up to {7} attack on each of its turns from its turn {8} on; when {0} dies its wraiths die with it; a "
        "champion's buff is not passed on",
        c->name, other.name, kWraithLevel, w.mob.accuracy, w.mob.evasion, w.mob.damage->min(), w.mob.damage->max(),
        cells, wraith_last_turn(cells) + 1));
  }
  for (const auto& [c, k, why] :
       {std::tuple{&attacker, a_codec, &regen_why[0]}, std::tuple{&defender, b_codec, &regen_why[1]}}) {
    if (!k.on) continue;
    const double time = c == &attacker ? b.a.attack_time : b.b.attack_time;
    if (k.regen && time == 1)
      b.notes.push_back(fmt::format(
          "{}: regenerates 1 HP on every 10th of her turns below HT, right after her move (Regeneration.act), "
          "counting from 0 at the start of the fight; not hungry, no Chalice of Blood, talents or salt cube",
          c->name));
    else if (k.regen)
      b.notes.push_back(fmt::format(
          "{}: Regeneration.act acts once a turn, at whole turns from the fight's start, and heals 1 HP on every "
          "10th act below HT, counting from 0; she attacks every {:.4g} turns, and the acts since her last attack "
          "are counted on her next, right after her move, each below HT with her HP then (a pattern of {} "
          "attacks); not hungry, no Chalice of Blood, talents or salt cube",
          c->name, time, k.clock.cycle));
    else
      leave_out(b, c->name, "hero regeneration", *why);
    if (c->hero->subclass != SubClass::berserker) continue;
    if (k.rage)
      b.notes.push_back(fmt::format(
          "{}: the rage starts at rage={} with no buffer left and grows with each hit she takes; going berserk "
          "(the shield at full rage) is the player's choice and not followed; without Endless Rage",
          c->name, c->hero->rage));
    else
      leave_out(b, c->name, "Berserker rage",
                "followed only when both sides act once a turn and the other is no albino rat; the fight holds the "
                "spec's rage= fixed");
  }
  return b;
}

}  // namespace fray::shattered_pd
