// Shattered Pixel Dungeon 3.3.6: one side's turn in a fight, written once
// over typed side state and read exactly or sampled (fray/fight/turn.hpp).
// Each mechanic is its own small function over the reader and the state:
// the hero's regeneration, the damage over time a mob's hits leave, the
// gnoll brute's rage, the monk's Focus, Goo's pump, the swarm of flies
// splitting, the necromancers' minions.
#pragma once

#include <fray/fight/parts/damage_over_time.hpp>
#include <fray/fight/parts/drain.hpp>
#include <fray/fight/parts/first_attack.hpp>
#include <fray/fight/parts/rage.hpp>
#include <fray/fight/parts/regeneration.hpp>
#include <fray/fight/parts/split.hpp>
#include <fray/fight/turn.hpp>
#include <fray/rules/pixel_dungeon/clock.hpp>
#include <fray/rules/shattered_pd/attack.hpp>
#include <fray/rules/shattered_pd/hero.hpp>
#include <fray/rules/shattered_pd/random.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <compare>
#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace fray::shattered_pd {

// --- the side state ----------------------------------------------------------------------

// The most flies that attack the hero at once: the eight cells around her.
inline constexpr int kMaxFliesAround = 8;

// A side's condition in a fight. `past`: the side's passing conditions are
// over (the first_attack part's `over`; the flags are kPassing, parts.hpp:
// the attacker's invisibility ends with her attack, Invisibility.dispel; a
// mob that was unaware or paralyzed has noticed her, or woken, by her second,
// Mob.act setting enemySeen on the mob's turn; the Monk's Focus is spent on
// the first attack it meets). The other fields each belong to one mechanic
// and stay 0 on a side it does not concern.
struct SideState {
  bool past = false;
  std::int8_t pump = 0;     // Goo: pumped up 0, 1 or 2 times (goo_turn)
  std::int8_t brute = 0;    // the gnoll brute's rage shield (the rage part's state)
  std::int8_t necro = 0;    // the necromancer: 0 before its first turn, 1 summoning, 2 with its skeleton
  std::uint8_t turn = 0;    // the spectral necromancer's turns taken, up to wraith_last_turn
  std::uint8_t focus = 0;   // the monk: attacks before its next Focus, less one, or kFocused
  std::int8_t regen = 0;    // the hero's Regeneration steps since her last heal (0-9)
  std::int8_t buffer = 0;   // the Berserker's Berserk.powerLossBuffer
  std::int16_t dot = 0;     // turns of poison or ooze left
  std::uint16_t clock = 0;  // the hero's attacks modulo her regeneration clock's cycle
  std::uint32_t group = 0;  // a swarm's group of flies, its number in the fight's table of groups
  float bleed = 0;          // bleeding's level (0: none)
  float power = 0;          // the Berserker's Berserk.power

  [[nodiscard]] auto key() const {
    return std::tie(past, pump, brute, necro, turn, focus, regen, buffer, dot, clock, group, bleed, power);
  }
  friend bool operator==(const SideState&, const SideState&) = default;
  friend auto operator<=>(const SideState&, const SideState&) = default;
};
static_assert(sizeof(SideState) == 24, "SideState: three words without padding (its hash reads them)");
}  // namespace fray::shattered_pd

// The hash of a side state (fight::States numbers them by it): its three
// words, which is cheaper than hashing its fields one by one, as the exact
// chain looks up every outcome's states.
template <>
struct std::hash<fray::shattered_pd::SideState> {
  std::size_t operator()(const fray::shattered_pd::SideState& s) const noexcept {
    std::uint64_t w[3];
    std::memcpy(w, &s, sizeof w);
    return static_cast<std::size_t>((w[0] * 0x9E3779B97F4A7C15ull) ^ (w[1] * 0xC2B2AE3D27D4EB4Full) ^ w[2]);
  }
};

namespace fray::shattered_pd {

using After = fight::After<SideState, SideState>;
using Now = fight::Now<SideState, SideState>;

// --- the game's draws, as laws -----------------------------------------------------------

// Random.Int(n) == 0.
struct IntIs0 {
  using value_type = bool;
  int n = 2;
  const char* label = "Random.Int";
  [[nodiscard]] std::size_t size() const noexcept { return 2; }
  [[nodiscard]] fight::Branch<bool> at(std::size_t i) const noexcept {
    const double p = 1.0 / n;
    return i == 0 ? fight::Branch<bool>{true, p} : fight::Branch<bool>{false, 1 - p};
  }
  bool sample(Rng& rng, std::vector<Draw>* trace) const;
};

// Random.IntRange(min, max).
struct IntRange {
  using value_type = int;
  int min = 0, max = 0;
  const char* label = "Random.IntRange";
  [[nodiscard]] std::size_t size() const noexcept { return static_cast<std::size_t>(max - min + 1); }
  [[nodiscard]] fight::Branch<int> at(std::size_t i) const noexcept {
    return {min + static_cast<int>(i), 1.0 / static_cast<double>(max - min + 1)};
  }
  int sample(Rng& rng, std::vector<Draw>* trace) const;
};

// Random.NormalFloat(min, max): a real, drawn by a sampled turn only.
struct NormalFloat {
  using value_type = float;
  float min = 0, max = 0;
  const char* label = "Random.NormalFloat";
  [[nodiscard]] std::size_t size() const noexcept { return 0; }
  [[nodiscard]] fight::Branch<float> at(std::size_t) const noexcept { return {min, 0}; }
  float sample(Rng& rng, std::vector<Draw>* trace) const;
};

// Random.NormalFloat(min, max): min + (Float(max - min) + Float(max - min)) / 2, in float.
template <class R>
float normal_float(R& rng, float min, float max) {
  const float r = max - min;
  const float u = random_float(rng, r);
  const float v = random_float(rng, r);
  return min + (u + v) / 2.0f;
}

// One attack (Char.attack), or the sum of `count` attacks of a swarm's
// flies: its exact branches (a miss, and each damage of a hit), precomputed
// once per plan, and the game's strikes with their draws. `passed` holds
// what each hit passes to Hero.defenseProc (the Berserker's rage reads it);
// only a sampled attack fills it.
struct Blow {
  std::int8_t hit = 0;  // 1 landed, 0 missed, -1 several attacks
  std::int64_t damage = 0;
  std::uint8_t n = 0;
  std::array<std::int64_t, kMaxFliesAround> passed{};
  // Ordered through std::tie (std::array has no operator<=> in every
  // standard library fray builds with).
  bool operator==(const Blow&) const = default;
  bool operator<(const Blow& o) const {
    return std::tie(hit, damage, n, passed) < std::tie(o.hit, o.damage, o.n, o.passed);
  }
};
struct BlowLaw {
  using value_type = Blow;
  const std::vector<fight::Branch<Blow>>* branches = nullptr;
  const AttackPlan* plan = nullptr;
  int count = 1;
  // Whether the draw keeps what each hit passed (Blow::passed): only a
  // Berserker defender reads it (berserk_turn).
  bool passes = false;
  [[nodiscard]] std::size_t size() const noexcept { return branches->size(); }
  [[nodiscard]] fight::Branch<Blow> at(std::size_t i) const { return (*branches)[i]; }
  Blow sample(Rng& rng, std::vector<Draw>* trace) const;
};
// The exact branches of one attack of `plan`, and of the sum of k of them.
[[nodiscard]] std::vector<fight::Branch<Blow>> blow_branches(const AttackPlan& plan);
[[nodiscard]] std::vector<std::vector<fight::Branch<Blow>>> flies_branches(const AttackPlan& plan);

// A chain of steps run to its end, read exactly: each step by the exact
// reader, the paths merged by state after each (a Markov chain over S).
// The sampled reading runs the same step on the sampled reader.
template <class S, class Step, class Done>
std::vector<fight::Branch<S>> run_exact(const S& start, const Step& step, const Done& done) {
  std::map<S, double> now{{start, 1.0}}, end;
  while (!now.empty()) {
    std::map<S, double> next;
    for (const auto& entry : now) {
      // Named rather than bound: a lambda below captures them.
      const S& s = entry.first;
      const double p = entry.second;
      if (done(s)) {
        end[s] += p;
        continue;
      }
      fight::Enumerate::each(
          [&](fight::Enumerate& r) {
            S x = s;
            step(r, x);
            return x;
          },
          [&](double q, S&& x) { next[std::move(x)] += p * q; });
    }
    now = std::move(next);
  }
  std::vector<fight::Branch<S>> out;
  out.reserve(end.size());
  for (const auto& [s, p] : end) out.push_back({s, p});
  return out;
}
template <class R, class S, class Step, class Done>
S run_sampled(R& r, S s, const Step& step, const Done& done) {
  while (!done(s)) step(r, s);
  return s;
}

// Exact laws computed once per key and kept (the exact reader replays a turn
// once per path, and each replay asks again).
template <class K, class S>
class Memo {
 public:
  template <class Make>
  const std::vector<fight::Branch<S>>* get(const K& key, Make&& make) const {
    // The paths of one turn ask for the same key in a row. (A memo is known
    // by a number of its own: another may take the address of one gone.)
    thread_local std::uint64_t last_memo = 0;
    thread_local K last_key{};
    thread_local const std::vector<fight::Branch<S>>* last = nullptr;
    if (last_memo == serial_ && last_key == key) return last;
    last = find_or_make(key, std::forward<Make>(make));
    last_memo = serial_;
    last_key = key;
    return last;
  }

 private:
  template <class Make>
  const std::vector<fight::Branch<S>>* find_or_make(const K& key, Make&& make) const {
    {
      const std::lock_guard lock(mutex_);
      if (const auto it = map_.find(key); it != map_.end()) return &it->second;
    }
    std::vector<fight::Branch<S>> made = make();
    const std::lock_guard lock(mutex_);
    return &map_.try_emplace(key, std::move(made)).first->second;
  }

  static std::uint64_t next_serial() {
    static std::atomic<std::uint64_t> n{0};
    return ++n;
  }
  std::uint64_t serial_ = next_serial();
  mutable std::mutex mutex_;
  mutable std::map<K, std::vector<fight::Branch<S>>> map_;
};

// --- the damage over time a mob's hits leave (dot.cpp) ----------------------------------

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
  // Its parameters as the damage-over-time part (dot.cpp dot_of: the
  // spinner's, the ooze's by depth, the albino rat's).
  fight::parts::DamageOverTime part{};
};
[[nodiscard]] Dot dot_of(const Combatant& c, const Situation& s);
// The parts a combatant's catalog row names: the damage over time its hits
// leave (dot.cpp), its splitting (a swarm of flies).
[[nodiscard]] std::vector<fight::PartUse> part_uses(const Combatant& c, const Situation& s);

// The game's calls for a damage over time's draws: Random.Int(n) == 0,
// Random.IntRange(lo, hi), Random.NormalFloat(lo, hi).
struct SpdDotDraws {
  template <class R>
  bool one_in(R& r, fight::parts::DotRoll, int n, std::string_view label) const {
    return r.draw(IntIs0{n, label.data()});  // a label is a literal's view
  }
  template <class R>
  std::int64_t uniform(R& r, fight::parts::DotRoll, std::int64_t lo, std::int64_t hi, std::string_view label) const {
    return r.draw(IntRange{static_cast<int>(lo), static_cast<int>(hi), label.data()});
  }
  template <class R>
  float normal(R& r, fight::parts::DotRoll, float lo, float hi, std::string_view label) const {
    return r.draw(NormalFloat{lo, hi, label.data()});
  }
};

// What a hit that landed leaves (the mob's attackProc, which Char.attack
// calls on every hit with the damage dealt): Spinner.attackProc's poison
// (Buff.affect(Poison).set keeps the longer), the ooze of Goo, the caustic
// slime and the fetid rat (Ooze.set: Ooze.DURATION = 20), Albino.attackProc's
// bleeding (damage > 0, Bleeding.set keeps the higher level). Bleeding's
// level is a real number: only a sampled turn attaches it. `dealt`: the
// hit's damage.
template <class R>
[[gnu::always_inline]] inline void dot_attach(R& r, const Dot& dot, SideState& s, std::int64_t dealt) {
  if (dot.kind == Dot::Kind::none) return;
  if (dot.kind == Dot::Kind::bleeding) {
    fight::parts::DotState<float> d{.level = s.bleed};
    (void)fight::parts::dot_hit(r, SpdDotDraws{}, dot.part, d, dealt);
    s.bleed = d.level;
    return;
  }
  fight::parts::DotState<> d{.left = s.dot};
  (void)fight::parts::dot_hit(r, SpdDotDraws{}, dot.part, d, dealt);
  s.dot = static_cast<std::int16_t>(d.left);
}

// One tick at the end of a turn: its damage, the turns left counted down.
// Poison.act: (int)(left / 3) + 1. Ooze.act: its damage, at depths 1-4 on
// Random.Int(2) == 0. Bleeding.act: level = NormalFloat(level / 2, level);
// round(level) > 0 deals it, else it ends.
template <class R>
[[gnu::always_inline]] inline std::int64_t dot_tick(R& r, const Dot& dot, SideState& s) {
  if (dot.kind == Dot::Kind::none || (s.dot == 0 && s.bleed == 0)) return 0;
  if (dot.kind == Dot::Kind::bleeding) {
    fight::parts::DotState<float> d{.level = s.bleed};
    const std::int64_t dmg = fight::parts::dot_tick(r, SpdDotDraws{}, dot.part, d);
    s.bleed = d.level;
    return dmg;
  }
  fight::parts::DotState<> d{.left = s.dot};
  const std::int64_t dmg = fight::parts::dot_tick(r, SpdDotDraws{}, dot.part, d);
  s.dot = static_cast<std::int16_t>(d.left);
  return dmg;
}
[[nodiscard]] inline bool dot_left(const SideState& s) { return s.dot > 0 || s.bleed > 0; }

// --- the hero's regeneration and the Berserker's rage --------------------------------------

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
// Against the albino rat, whose fights are sampled, the clock is followed up
// to a cycle of kMaxBleedingRegenCycle attacks, and the regeneration is left
// out beyond.
inline constexpr std::uint32_t kMaxRegenCycle = 4096;
inline constexpr std::uint32_t kMaxBleedingRegenCycle = 4;
inline constexpr std::uint32_t kMaxExactRegenCycle = 32;
struct HeroCounters {
  bool on = false;     // the side is a hero
  bool regen = false;  // Regeneration followed
  bool rage = false;   // Berserk power followed: a Berserker, both acting once a turn
  std::int64_t ht = 0;
  pixel_dungeon::RegenClock clock;  // with `regen`: Regeneration.act's turns in each of her attacks
  fight::parts::Regeneration part;  // with `regen`: the regeneration part on that clock (hero_regeneration)
};

// The hero's regeneration as the part's parameters (Shattered Pixel Dungeon
// 3.3.6 Regeneration.act): each of the buff's turns below HT is a step of the
// store, the 10th heals 1 HP; the clock runs at HT, the store holds.
[[nodiscard]] inline fight::parts::Regeneration hero_regeneration(const pixel_dungeon::RegenClock& clock) {
  fight::parts::Regeneration g;
  g.acts = clock.by_attack();
  g.gain = 1;
  g.threshold = kRegenSteps;
  g.at_full = fight::parts::AtFull::clock_runs;
  return g;
}

// `turns` acts of Regeneration.act from HP `hp`: the heal. Each act below HT
// counts a step; the 10th heals 1 HP (the regeneration part's acts).
inline std::int64_t regen_turns(const HeroCounters& h, std::int64_t hp, SideState& s, int turns) {
  if (!h.regen) return 0;
  int none = 0;  // no draw: the gain is fixed
  return fight::parts::acts(none, h.part, h.part.gain, hp, h.ht, s.regen, turns);
}
// Regeneration.act on the hero's attack: the acts due since her last attack
// (one when she attacks once a turn), on her clock (the regeneration part).
inline std::int64_t regen_step(const HeroCounters& h, std::int64_t hp, SideState& s) {
  if (!h.regen) return 0;
  int none = 0;
  return fight::parts::regenerate(none, h.part, h.part.gain, hp, h.ht, s.clock, s.regen);
}

// --- the gnoll brute's rage (brute.cpp; the rage part) -----------------------------------

// Brute.isAlive: the first time its HP reaches 0 (the damage beyond it lost)
// it gains a BruteRage shield of HT/2 + 4 and spends a turn (triggerEnrage);
// while the shield lasts it hits for NormalIntRange(15, 40) (damageRoll), and
// the buff takes round(4 x ascension) off the shield at the end of every turn,
// the first in the turn of the rage (BruteRage.act); at 0 it dies. The
// armored brute's ArmoredRage (a BruteRage, so the same 15-40) starts at
// HT/2 + 1 and takes round(ascension) every third turn from the rage's own
// (ArmoredBrute.triggerEnrage, ArmoredRage.act: spend(3 * TICK)). Both are
// the rage part at death (kBruteRage, kArmoredRage in parts.hpp; the shield's
// states, its decays and hits in fray/fight/parts/rage.hpp), named by the
// brute's catalog row (mob_parts). fray keeps the shield as HP: the brute's
// fight HP is its HP plus the shield. The buff acts last in a turn (Actor
// BUFF_PRIO), from the turn of the rage on (Actor.add: at the time of the
// hit): that turn's decay is taken at the enraging hit, and each later
// decay, before her hit, at the next attack of the one who fights it, the
// first attack after the skipped turn taking none. That takes both to attack
// once a turn, and her to act before the brute in a turn, as the hero does
// (Actor HERO_PRIO).
using Rage = fight::parts::RageShield;
using fight::parts::rage_decay;
using fight::parts::rage_hit;
// A side's parts: its catalog row's (mob_parts), none for a hero; made once
// a fight and shared by both turns.
using PartList = std::shared_ptr<const std::vector<fight::PartUse>>;
[[nodiscard]] PartList parts_of(const Combatant& c);
// The rage the parts name (nullopt: none).
[[nodiscard]] std::optional<fight::parts::Rage> rage_part(const PartList& parts);
// The running rage of a side whose parts name one (`on` false when they do
// not, or when either side does not attack once a turn).
[[nodiscard]] Rage rage_of(const Combatant& brute, const PartList& parts, const Situation& s, double brute_time,
                           double other_time);
// Brute.damageRoll with BruteRage: the catalog's `raging` row (15-40).
[[nodiscard]] inline Combatant brute_as(Combatant c, bool raged) {
  c.raging = raged;
  return c;
}

// --- the monk's Focus (brute.cpp) --------------------------------------------------------

// Monk.act, spend, defenseSkill and defenseVerb (the senior monk is a Monk):
// at the end of each of its turns without Focus and with focusCooldown <= 0
// it gains Focus; an attack on it while it has Focus misses (its
// INFINITE_EVASION beats even a sure hit, Char.hit), and that miss spends the
// Focus and sets focusCooldown = NormalFloat(6, 7) (defenseVerb, which
// Char.attack calls on every miss); each of its attacks takes its delay, 0.5,
// off the cooldown. The cooldown starts at 0: Focus after its first attack.
// Its state in a fight: the attacks it still has to make before its next
// Focus, less one (0 at the start), or kFocused.
inline constexpr std::uint8_t kFocused = 14;
[[nodiscard]] bool is_monk(const Combatant& c);
[[nodiscard]] inline std::uint8_t focus_after_attack(std::uint8_t state) {
  return state == 0 || state == kFocused ? kFocused : static_cast<std::uint8_t>(state - 1);
}
// The cooldown a parry sets (Monk.defenseVerb: NormalFloat(6, 7)), as the
// attacks the monk makes before its next Focus, less one: exactly, its three
// values' chances counted over the game's float draws; sampled, drawn.
struct FocusCooldown {
  using value_type = std::uint8_t;
  [[nodiscard]] std::size_t size() const noexcept { return 3; }
  [[nodiscard]] fight::Branch<std::uint8_t> at(std::size_t i) const noexcept;
  std::uint8_t sample(Rng& rng, std::vector<Draw>* trace) const;
};

// --- Goo ---------------------------------------------------------------------------------

[[nodiscard]] bool is_goo(const Combatant& c);
// Goo at HP * 2 <= HT, pumped up or not: the catalog's `when` rows give its
// numbers (Goo.attackSkill, damageRoll, defenseSkill: 15, 1-12 and 12 at half
// HP; x2 and NormalIntRange(3, 3 max) pumped), read by plan_attack from the
// HP and the pump the turn's variant sets.
[[nodiscard]] Combatant goo_as(Combatant c, bool enraged, bool pumped);
// Whether a mob whose stats read its HP (Goo) is at half HP or less.
[[nodiscard]] bool enraged(const Combatant& c, std::int64_t hp);

// Goo.doAttack: from rest it attacks on Random.Int(HP*2 <= HT ? 2 : 5) > 0,
// else pumps up; pumped once it pumps again; pumped twice it attacks pumped,
// and rests. Whether it attacks, and the pump of that attack.
template <class R>
bool goo_turn(R& r, SideState& s, bool half_hp, bool& pumped) {
  pumped = false;
  if (s.pump >= 2) {
    s.pump = 0;
    pumped = true;
    return true;
  }
  if (s.pump == 1) {
    s.pump = 2;
    return false;
  }
  if (r.draw(IntIs0{half_hp ? 2 : 5, "Goo.doAttack: Random.Int"})) {
    s.pump = 1;
    return false;
  }
  return true;
}

// --- the swarm of flies (swarm.cpp) ------------------------------------------------------

// Group states of a swarm of flies (the flies' HP and which were born since
// the swarm's last turn) beyond which a fight is refused.
inline constexpr std::uint32_t kMaxSwarmGroups = 1u << 17;
// Group states up to which a fight with a swarm is exact; beyond, the chain
// (HP pairs times group states) grows past a second and 100 MB, and the fight
// is sampled (a swarm of 50 against a hero reaches 5 000 to 12 000).
inline constexpr std::size_t kMaxExactSwarmGroups = 4096;

// One fly of a swarm: its HP, and whether it was born since the swarm's last
// turn (a clone joins with SPLIT_DELAY = 1 turn, so it first acts a turn
// after the hero's attack that made it, after the swarm's next turn).
struct Fly {
  std::int64_t hp = 0;
  bool fresh = false;
  auto operator<=>(const Fly&) const = default;
};
using Group = std::vector<Fly>;  // sorted: the fly the hero attacks first

// What the hero's hit does to the group (Swarm.defenseProc).
struct Split {
  Group group;
  std::int64_t lost = 0;  // the group's HP lost: the damage, up to the fly's HP
};
[[nodiscard]] Split hit_group(const Group& g, std::int64_t passed, std::int64_t dealt);
// Swarm.defenseProc splits the fly she hits when its HP >= damage + 2 (the
// damage Char.attack passes it, before Vulnerable and the champion's factor;
// a swarm has no armor), the clone taking (HP - damage) / 2 of its HP; then
// the fly takes the damage dealt. Every clone finds a free cell (the fight is
// on open ground) and first attacks on the swarm's next turn; the hero hits
// the fly with the fewest HP; up to eight flies around her attack.
inline constexpr fight::parts::Split kSwarmSplit{.min_left = 2,
                                                 .halves = fight::parts::SplitHalves::clone_floor,
                                                 .clones_wait = true,
                                                 .max_attacking = kMaxFliesAround};
// The swarm's turn: its newborn flies attack from its next turn on.
[[nodiscard]] Group after_turn(Group g);
// The flies that attack on the swarm's turn.
[[nodiscard]] int attackers(const Group& g);
// The damage a hit passes to Swarm.defenseProc (Math.round of the roll and
// its multipliers) and the damage it deals after Vulnerable and the swarm's
// champion factor (AttackPlan::effective with no armor).
struct SwarmDamage {
  bool vulnerable = false;
  std::optional<float> taken;
  [[nodiscard]] std::int64_t dealt(std::int64_t passed) const;
};
[[nodiscard]] bool is_swarm(const Combatant& c);
// The swarm's groups, when `swarm` is one: every damage `foe` (or the minion
// that strikes for it) can pass it. Throws past kMaxSwarmGroups.
[[nodiscard]] std::shared_ptr<const fight::States<Group>> groups_of(const Combatant& swarm, std::int64_t hp,
                                                                    const Combatant& foe,
                                                                    const Situation& other_situation, SwarmDamage& dmg);

// --- the necromancers' minions (minions.cpp) ---------------------------------------------

inline constexpr int kWraithLevel = 4;        // SpectralNecromancer.summonMinion: adjustStats(4)
inline constexpr int kWraithSpawnDelay = 2;   // Wraith.SPAWN_DELAY
inline constexpr int kWraithSummonTurns = 2;  // Necromancer.Hunting.act: spend(2 * TICK) after the first
[[nodiscard]] bool is_necromancer(const Combatant& c);
[[nodiscard]] bool is_spectral(const Combatant& c);
[[nodiscard]] Combatant skeleton_of(const Combatant& necro);
[[nodiscard]] Combatant wraith_of(const Combatant& necro);
[[nodiscard]] int wraith_cells(const Situation& s);
[[nodiscard]] int wraiths_acting(std::uint32_t turn, int cells);
[[nodiscard]] std::uint32_t wraith_last_turn(int cells);
[[nodiscard]] Combatant striker_of(const Combatant& c);

// Skeleton.die: each living neighbour takes Math.round(NormalIntRange(6, 12)
// x ascension) less two of its own armour rolls, floored at 0 (armour counts
// twice against the burst): exactly, its law; sampled, the roll and then the
// two armour rolls, in the game's order.
struct Burst {
  using value_type = std::int64_t;
  AttackPlan plan;  // the skeleton's attack on that neighbour, for its armour terms
  float ascension = 1;
  std::vector<fight::Branch<std::int64_t>> law;
  [[nodiscard]] std::size_t size() const noexcept { return law.size(); }
  [[nodiscard]] fight::Branch<std::int64_t> at(std::size_t i) const { return law[i]; }
  std::int64_t sample(Rng& rng, std::vector<Draw>* trace) const;
};
[[nodiscard]] Burst burst_on(const Combatant& necro, const Combatant& victim, const Situation& s);

// --- the turn ----------------------------------------------------------------------------

// One side's turn against the other: its mechanics, its attack (or its
// minions'), what the attack does to the other's mechanics, and what follows
// at the end of the turn.
class SpdTurn {
 public:
  using mine = SideState;
  using theirs = SideState;

  struct Sides {
    std::shared_ptr<const fight::States<Group>> group;  // a swarm's groups
    PartList parts;                                     // the side's parts (parts_of)
    Rage rage;                                          // a gnoll brute's rage
    bool focus = false;                                 // a monk's Focus followed
    HeroCounters hero;                                  // a hero's counters
  };
  // `ends_defender_state`: the side moves first in the first_attack part's
  // sense, its attack ending the defender's passing conditions (side a's
  // does; side b's leaves them to side a's own turn).
  SpdTurn(const Combatant& att, const Combatant& def, const Situation& s, bool ends_defender_state, Sides me, Sides foe,
          const SwarmDamage& swarm_damage, const Dot& victim_dot, int wraith_cells);

  template <class R>
  After turn(R& r, const Now& now) const;

  [[nodiscard]] bool exact() const { return why_.empty(); }
  [[nodiscard]] std::string why_not_exact() const { return why_; }
  [[nodiscard]] Exchange::Reads reads() const;
  [[nodiscard]] Exchange::HpClasses hp_classes(const Now& now) const;

  // The tables of the two sides' states the fight numbers (the mover's, the other's).
  void keep(std::shared_ptr<const fight::States<SideState>> mine,
            std::shared_ptr<const fight::States<SideState>> theirs) {
    mine_states_ = std::move(mine);
    theirs_states_ = std::move(theirs);
  }
  [[nodiscard]] const fight::States<SideState>& mine_states() const { return *mine_states_; }
  [[nodiscard]] const fight::States<SideState>& theirs_states() const { return *theirs_states_; }

 private:
  struct VolleyEnd {
    Blow s;  // the damage dealt, the hit (of a lone wraith), what the hits passed
    SideState foe;
    bool gone = false;  // a swarm with no fly left
    int i = 0;          // wraiths that have attacked
    bool operator==(const VolleyEnd&) const = default;
    bool operator<(const VolleyEnd& o) const { return std::tie(s, foe, gone, i) < std::tie(o.s, o.foe, o.gone, o.i); }
  };
  struct Alive {
    std::int64_t hp = 0;
    SideState s;
    bool over = false;
    bool operator==(const Alive&) const = default;
    bool operator<(const Alive& o) const { return std::tie(hp, s, over) < std::tie(o.hp, o.s, o.over); }
  };
  template <class R>
  Blow volley(R& r, int n, int fa, int fd, std::int64_t hp, SideState& foe) const;
  void wraith_hit(std::int64_t x, std::int64_t hp, VolleyEnd& v) const;
  template <class R>
  std::int64_t after_kill(R& r, std::int64_t hp, const SideState& s) const;
  [[nodiscard]] AttackPlan plan_of(const Combatant& me, int a, int d, int v) const;
  // The law of one attack by the passing conditions and the variant (inline:
  // a sampled fight asks it at every attack).
  [[nodiscard]] BlowLaw law_of(int fa, int fd, int v, const SideState& me) const {
    const auto ia = static_cast<std::size_t>(fa), id = static_cast<std::size_t>(fd), iv = static_cast<std::size_t>(v);
    BlowLaw law{&strikes_[ia][id][iv], &plans_[ia][id][iv]};
    law.passes = foe_.hero.rage;
    if (me_.hero.rage) law.plan = rage_plan(fa * 4 + fd * 2 + v, me.power);
    return law;
  }
  [[nodiscard]] const AttackPlan* rage_plan(int i, float power) const;
  [[nodiscard]] std::int64_t water_heal(std::int64_t hp) const { return water_ > 0 && hp < ht_ ? water_ : 0; }
  [[nodiscard]] bool wraiths() const { return wraith_cells_ > 0; }

  bool ends_defender_state_;
  // Whether this side's turn ends its foe's conditions, worked out once from
  // the part (kFirstAttack; its own it always ends, as the part says).
  bool ends_foe_ = false;
  Combatant att_, def_;
  Situation s_;
  Sides me_, foe_;
  SwarmDamage swarm_damage_;
  Dot victim_dot_;  // what the defender's hits leave on the attacking hero
  Dot dot_;         // what the attacker's hits leave on the defender
  std::int64_t ht_;
  bool goo_att_, goo_def_;
  std::int64_t water_ = 0;  // Goo on water: HP it regains on its turn below HT
  bool attacks_ = true;
  std::optional<fight::parts::Drain> drain_;  // the mob's drain part (mob_parts)
  bool necro_ = false;                        // the attacker is a necromancer: its skeleton attacks
  // The attacker is a spectral necromancer: the cells its wraiths can take
  // (0 for any other attacker) and the turn its state stops counting at.
  int wraith_cells_ = 0;
  std::uint32_t wraith_last_ = 0;
  std::optional<Burst> burst_;  // the defender is a necromancer: its skeleton bursts when it dies
  // hp_classes: whether the turn reads its HP through the classes it
  // names, the most a hit passes (a brute's rage reads its HP up to that
  // plus its shield), and how far below HT a heal is capped.
  bool classes_ = false;
  std::int64_t top_hit_ = 0, heal_window_ = 0;
  // By the passing conditions of attacker and defender, and the variant:
  // bit 0 Goo (either side) below half HP or a brute's rage; bit 1 Goo's pump.
  std::array<std::array<std::array<AttackPlan, 4>, 2>, 2> plans_;
  std::array<std::array<std::array<std::vector<fight::Branch<Blow>>, 4>, 2>, 2> strikes_;
  std::array<std::array<std::vector<std::vector<fight::Branch<Blow>>>, 2>, 2> flies_;
  // The Berserker's plans by rage power (Char.attack's Berserk.damageFactor).
  // The last power's entry is read without the lock: entries of the map
  // never move nor go, and a sampled fight asks the same power turn after
  // turn.
  using RagePlans = std::map<float, std::unique_ptr<std::array<AttackPlan, 8>>>;
  mutable std::mutex rage_mutex_;
  mutable RagePlans rage_plans_;
  mutable std::atomic<const RagePlans::value_type*> rage_last_{nullptr};
  Memo<std::tuple<int, int, int, std::int64_t, SideState>, VolleyEnd> volleys_;
  Memo<std::tuple<std::int64_t, SideState>, Alive> after_kills_;
  std::string why_;
  std::shared_ptr<const fight::States<SideState>> mine_states_, theirs_states_;
};

}  // namespace fray::shattered_pd
