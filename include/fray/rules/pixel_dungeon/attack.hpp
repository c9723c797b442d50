// fray/rules/pixel_dungeon/attack.hpp — one attack in Pixel Dungeon 1.9.1:
// actors/Char.java attack() and everything it calls.
//
// plan_attack() resolves both combatants and the situation into an AttackPlan:
// the numbers of the hit test, the random primitives the game draws, and the
// deterministic steps between them (Fury, armor, Combo, Battlemage charges,
// the Assassin bonus, Yog's fists, resistance).
//
// read_attack() is the one description of Char.attack's pipeline: which
// primitive is drawn in which order, and what the game computes between the
// draws. It is a walk over the plan parameterised by a reader. The exact
// reader (exact_outcome) turns each primitive into its distribution and pushes
// the distributions through the steps; the sampled reader (strike) draws each
// primitive from an engine, in the game's order, and applies the same steps to
// the values. Neither reader knows the order of the steps or their branches.
#pragma once

#include <algorithm>
#include <cstdint>
#include <fray/core/draw.hpp>
#include <fray/core/pmf.hpp>
#include <fray/core/rng.hpp>
#include <fray/rules/pixel_dungeon/catalog.hpp>
#include <fray/rules/pixel_dungeon/hero.hpp>
#include <fray/rules/pixel_dungeon/hit.hpp>
#include <fray/rules/pixel_dungeon/random.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace fray::pixel_dungeon {

// A hero or a mob (inline specs are mobs) with its current condition.
struct Combatant {
  std::string name;
  std::optional<Hero> hero;  // set for the hero; otherwise `mob` is used
  Mob mob;
  std::optional<std::int64_t> hp;  // a mob's current HP (HT when absent); the hero keeps it in Hero::hp
  bool pumped = false;             // Goo has pumped up
  int fists = 0;                   // Yog-Dzewa: living fists
  bool corridor = false;           // a swarm of flies fights in a corridor one cell wide
  bool on_water = false;           // Goo or a rotting fist stands on water (it regenerates there)
  // The keys the spec left out and the reader filled in: (key, "key=value (why)"),
  // e.g. ("str", "str=11 (the warrior's kit)"). The answers say those they read.
  std::vector<std::pair<std::string, std::string>> defaults;

  [[nodiscard]] bool is_hero() const noexcept { return hero.has_value(); }
  [[nodiscard]] std::int64_t ht() const noexcept { return hero ? hero_ht(*hero) : mob.ht; }
  [[nodiscard]] std::int64_t current_hp() const noexcept { return hero ? hero_hp(*hero) : (hp ? *hp : mob.ht); }
};

// Circumstances of the attack (the --situation flags).
struct Situation {
  bool thrown = false;     // the hero throws its missile weapon
  bool adjacent = false;   // thrown at Chebyshev distance 1: accuracy ×0.5
  bool magic = false;      // a mob casts its spell (magic hit, no armor)
  bool unseen = false;     // the defending mob has not seen its enemy
  bool paralyzed = false;  // the defender is paralyzed (mob: evasion 0; hero: evasion halved)
  bool water = false;      // the target stands in water (gnoll shaman lightning ×1.5)
  bool resisted = false;   // the defender resists this source: damage becomes IntRange(0, dmg)
  bool immune = false;     // the defender is immune to this source: damage 0
  bool acting = false;     // the defending hero has an action under way (Freerunner)
};

// Parses a combatant spec ("hero:class=rogue,level=4", "gnoll_scout",
// "wraith:depth=12", "accuracy=20,evasion=5,damage=2-6"); throws fray::Error
// naming the spec and the bad key, with the closest names for an unknown one.
// `role` ("attacker", "defender") names the spec in errors.
[[nodiscard]] Combatant parse_combatant(std::string_view spec, std::string_view role);
// Parses situation flags ("paralysed" is accepted for "paralyzed"); throws
// fray::Error naming an unknown flag and the closest one.
[[nodiscard]] Situation parse_situation(const std::vector<std::string>& flags);

// Everything one attack needs, resolved.
struct AttackPlan {
  std::int64_t accuracy = 0;
  std::int64_t evasion = 0;
  bool magic = false;              // hit test with 2·acuRoll; spell damage: no armor, attackProc or defenseProc
  bool never_attacks = false;      // passive mobs: no attack at all
  std::optional<Primitive> armor;  // the armor roll IntRange(0, dr); absent: no draw (spells, Sniper thrown)
  Primitive roll = Primitive::constant(1);  // damageRoll() / the spell's roll
  std::optional<Primitive> bonus;           // hero excess-strength bonus IntRange(0, STR − weapon STR)
  bool fury = false;                        // Berserker: trunc(dmg · 1.5f) before armor
  bool water_bonus = false;                 // shaman lightning on a target in water: trunc(dmg · 1.5f)
  int combo = 0;                            // Gladiator Combo count (bonus from 3)
  std::optional<std::int64_t> charges;      // Battlemage: the wand's charges before this hit
  std::int64_t max_charges = 0;             // and its maximum
  bool assassin = false;                    // Assassin bonus: + Int(1, eff)
  int fists = 0;                            // Yog-Dzewa: dmg >>= fists
  bool resisted = false, immune = false;
  // Char.damage on a paralyzed defender: Random.Int(dmg) >= Random.Int(HP) breaks the
  // paralysis. Two draws that change no damage; kept so the stream matches the game's.
  std::optional<std::int64_t> paralysis_hp;

  // --- the deterministic steps between the draws ---
  // Hero.damageRoll / Mob.damageRoll's result: the weapon roll plus the STR
  // bonus; Fury (Hero.damageRoll: dmg * 1.5f when the Berserker is furious);
  // the shaman's lightning on a target in water (Shaman.LightningBolt).
  [[nodiscard]] std::int64_t rolled(std::int64_t sum) const noexcept {
    if (fury) sum = static_cast<std::int64_t>(static_cast<float>(sum) * 1.5f);
    if (water_bonus) sum = static_cast<std::int64_t>(static_cast<float>(sum) * 1.5f);
    return sum;
  }
  // Char.attack: effectiveDamage = max(dmg − dr, 0); then Hero.attackProc:
  // Combo.hit adds trunc(eff·(count−2)/5f) from count 3; the Battlemage's wand
  // gains a charge when below its maximum and eff > 0, then adds its charges.
  [[nodiscard]] std::int64_t after_armor(std::int64_t dmg, std::int64_t dr) const noexcept {
    std::int64_t e = std::max<std::int64_t>(dmg - dr, 0);
    if (combo >= 3) e += static_cast<std::int64_t>(static_cast<float>(e * (combo - 2)) / 5.0f);
    if (charges) e += (*charges < max_charges && e > 0) ? *charges + 1 : *charges;
    return e;
  }
  // Mob.defenseProc: the Assassin bonus, eff + Random.Int(1, eff).
  [[nodiscard]] static Primitive assassin_bonus(std::int64_t eff) noexcept { return Primitive::int_excl(1, eff); }
  // Yog.damage: every living fist halves the damage.
  [[nodiscard]] std::int64_t shifted(std::int64_t e) const noexcept {
    return fists > 0 ? (e >> std::min(fists, 62)) : e;
  }
  // Char.damage: a resisted source deals Random.IntRange(0, dmg).
  [[nodiscard]] static Primitive resistance(std::int64_t e) noexcept { return Primitive::int_range(0, e); }
};

// Resolves one attack; throws fray::Error when the situation does not fit the
// combatants (a hero casting, a mob throwing, a spell the mob lacks, ...).
// `attacker_hp` overrides the attacker's current HP (Fury, the brute's rage).
[[nodiscard]] AttackPlan plan_attack(const Combatant& attacker, const Combatant& defender, const Situation& s,
                                     std::optional<std::int64_t> attacker_hp = std::nullopt);

// What a draw is for, in the order Char.attack makes them.
enum class DrawFor : std::uint8_t {
  acu_roll,          // Char.hit: Random.Float(attackSkill)
  def_roll,          // Char.hit: Random.Float(defenseSkill)
  armor_roll,        // Char.attack: Random.IntRange(0, enemy.dr())
  damage_roll,       // damageRoll(): the weapon's, the mob's, or the spell's
  bonus_roll,        // Weapon.damageRoll: the excess-strength bonus
  assassin_roll,     // Mob.defenseProc: the Assassin bonus
  resist_roll,       // Char.damage: resistance
  paralysis_damage,  // Char.damage on a paralyzed defender: Random.Int(dmg) ...
  paralysis_hp,      // ... >= Random.Int(HP) breaks the paralysis
};
[[nodiscard]] std::string_view to_string(DrawFor what) noexcept;

// One call of com.watabou.utils.Random, with its arguments.
struct RandomCall {
  enum class Fn : std::uint8_t { float_x, int_max, int_ab, int_range, normal_int_range };
  Fn fn = Fn::int_range;
  std::int64_t a = 0, b = 0;  // Float(a), Int(a), Int(a, b), IntRange(a, b), NormalIntRange(a, b)

  // The call a non-constant primitive makes.
  [[nodiscard]] static constexpr RandomCall of(const Primitive& p) noexcept {
    switch (p.kind) {
      case Primitive::Kind::int_excl:
        return {Fn::int_ab, p.a, p.b};
      case Primitive::Kind::normal:
        return {Fn::normal_int_range, p.a, p.b};
      case Primitive::Kind::int_range:
      case Primitive::Kind::constant:
        break;
    }
    return {Fn::int_range, p.a, p.b};
  }
  // "Random.IntRange(0, 2)", "Random.Float(12)".
  [[nodiscard]] std::string text() const;
};

// The walk over Char.attack's pipeline: the one place that says which
// primitive is drawn when, and what happens between the draws. `Reader`
// supplies the meaning of a draw and of a step:
//   Drawn draw(DrawFor, const Primitive&)   a primitive (exact: its law; sampled: a value)
//   Drawn none()                            a primitive that is not drawn (0)
//   Value join(f, Drawn...)                 f applied to independent draws
//   Value then(DrawFor, Value, prim_of, combine)  a draw whose primitive depends on the value so far
//   Value map(Value, f), Value constant(c)
//   bool hit_test(accuracy, evasion, magic) Char.hit; false ends the attack as a miss
//   void paralysis_check(Value, hp)         draws that change no damage
//   Result no_attack(), miss(), landed(Value)
template <class Reader>
[[gnu::always_inline]] inline typename Reader::Result read_attack(const AttackPlan& p, Reader& rd) {
  using i64 = std::int64_t;
  // Mob.act: a passive mob (Yog-Dzewa, the quest NPCs) never attacks.
  if (p.never_attacks) return rd.no_attack();
  // Char.hit: acuRoll = Random.Float(attackSkill) first, then defRoll = Random.Float(defenseSkill).
  if (!rd.hit_test(p.accuracy, p.evasion, p.magic)) return rd.miss();
  typename Reader::Value e{};
  if (p.magic) {
    // A mob's spell (Shaman, Warlock, Eye, BurningFist) hands its roll straight
    // to Char.damage: no armor, no attackProc, no defenseProc.
    e = rd.join([&](i64 v) { return p.rolled(v); }, rd.draw(DrawFor::damage_roll, p.roll));
  } else {
    // Char.attack: the armor roll Random.IntRange(0, enemy.dr()) comes first
    // (none for a Sniper's throw), then damageRoll() and, in Weapon.damageRoll,
    // the excess-strength bonus; then max(dmg − dr, 0) and attackProc.
    const auto armor = p.armor ? rd.draw(DrawFor::armor_roll, *p.armor) : rd.none();
    const auto roll = rd.draw(DrawFor::damage_roll, p.roll);
    const auto bonus = p.bonus ? rd.draw(DrawFor::bonus_roll, *p.bonus) : rd.none();
    e = rd.join([&](i64 w, i64 x, i64 d) { return p.after_armor(p.rolled(w + x), d); }, roll, bonus, armor);
    // Mob.defenseProc: the Assassin bonus, eff + Random.Int(1, eff).
    if (p.assassin)
      e = rd.then(
          DrawFor::assassin_roll, e, [](i64 v) { return AttackPlan::assassin_bonus(v); },
          [](i64 v, i64 x) { return v + x; });
  }
  // Char.damage (Yog.damage first): the fists halve it, immunity zeroes it,
  // resistance draws Random.IntRange(0, dmg).
  if (p.fists > 0) e = rd.map(e, [&](i64 v) { return p.shifted(v); });
  if (p.immune) {
    e = rd.constant(0);
  } else if (p.resisted) {
    e = rd.then(
        DrawFor::resist_roll, e, [](i64 v) { return AttackPlan::resistance(v); }, [](i64, i64 x) { return x; });
  }
  // Char.damage on a paralyzed defender: whether the paralysis breaks.
  if (p.paralysis_hp) rd.paralysis_check(e, *p.paralysis_hp);
  return rd.landed(e);
}

// The exact reading of a plan.
struct Outcome {
  double p_hit = 0;
  Pmf damage;         // damage dealt, a miss counting 0
  Pmf damage_on_hit;  // damage dealt given a hit
};
[[nodiscard]] Outcome exact_outcome(const AttackPlan& plan);

// One sampled attack and every value it drew (absent: not drawn).
struct StrikeResult {
  bool attacked = false;
  HitRolls hit;
  std::optional<std::int64_t> armor_roll, damage_roll, bonus_roll, assassin_roll, resist_roll;
  std::optional<bool> paralysis_broken;
  std::int64_t damage = 0;
};

// The sampled reader: every primitive drawn from `rng`, in the walk's order.
// `on_draw(DrawFor, RandomCall, double value)` sees each call that draws.
template <UniformEngine R, class OnDraw>
class Sampler {
 public:
  using Drawn = std::int64_t;
  using Value = std::int64_t;
  using Result = StrikeResult;

  Sampler(R& rng, OnDraw& on_draw) noexcept : rng_(rng), on_draw_(on_draw) {}

  Result no_attack() const noexcept { return s_; }
  Result miss() const noexcept { return s_; }
  Result landed(Value e) noexcept {
    s_.damage = e;
    return s_;
  }
  [[gnu::always_inline]] bool hit_test(std::int64_t accuracy, std::int64_t evasion, bool magic) {
    s_.attacked = true;
    s_.hit.acu_roll = random_float(rng_, static_cast<double>(accuracy));
    on_draw_(DrawFor::acu_roll, RandomCall{RandomCall::Fn::float_x, accuracy, 0}, s_.hit.acu_roll);
    s_.hit.def_roll = random_float(rng_, static_cast<double>(evasion));
    on_draw_(DrawFor::def_roll, RandomCall{RandomCall::Fn::float_x, evasion, 0}, s_.hit.def_roll);
    s_.hit.hit = hits(s_.hit.acu_roll, s_.hit.def_roll, magic);
    return s_.hit.hit;
  }
  static Drawn none() noexcept { return 0; }
  [[gnu::always_inline]] Drawn draw(DrawFor what, const Primitive& p) {
    const std::int64_t v = p.sample(rng_);
    switch (what) {
      case DrawFor::armor_roll:
        s_.armor_roll = v;
        break;
      case DrawFor::damage_roll:
        s_.damage_roll = v;
        break;
      case DrawFor::bonus_roll:
        s_.bonus_roll = v;
        break;
      case DrawFor::assassin_roll:
        s_.assassin_roll = v;
        break;
      case DrawFor::resist_roll:
        s_.resist_roll = v;
        break;
      default:
        break;
    }
    if (p.kind != Primitive::Kind::constant) on_draw_(what, RandomCall::of(p), static_cast<double>(v));
    return v;
  }
  template <class F, class... D>
  static Value join(F&& f, D... d) {
    return f(d...);
  }
  template <class PrimOf, class Combine>
  [[gnu::always_inline]] Value then(DrawFor what, Value v, PrimOf&& prim_of, Combine&& combine) {
    return combine(v, draw(what, prim_of(v)));
  }
  template <class F>
  static Value map(Value v, F&& f) {
    return f(v);
  }
  static Value constant(std::int64_t c) noexcept { return c; }
  [[gnu::always_inline]] void paralysis_check(Value dmg, std::int64_t hp) {
    // Random.Int(max) draws nothing for max <= 0.
    std::int64_t a = 0, b = 0;
    if (dmg > 0) {
      a = int_of(rng_.unit(), dmg);
      on_draw_(DrawFor::paralysis_damage, RandomCall{RandomCall::Fn::int_max, dmg, 0}, static_cast<double>(a));
    }
    if (hp > 0) {
      b = int_of(rng_.unit(), hp);
      on_draw_(DrawFor::paralysis_hp, RandomCall{RandomCall::Fn::int_max, hp, 0}, static_cast<double>(b));
    }
    s_.paralysis_broken = a >= b;
  }

 private:
  R& rng_;
  OnDraw& on_draw_;
  StrikeResult s_;
};

// Sees no draw.
struct IgnoreDraws {
  void operator()(DrawFor, const RandomCall&, double) const noexcept {}
};

// Records each draw as a fray::Draw in `trace`: Random.Float's value a real,
// every other call's an integer.
struct DrawsTo {
  std::vector<Draw>* trace;
  void operator()(DrawFor what, const RandomCall& call, double value) const {
    Draw& d = trace->emplace_back();
    d.label = to_string(what);
    d.call = call.text();
    if (call.fn == RandomCall::Fn::float_x)
      d.value = value;
    else
      d.value = static_cast<std::int64_t>(value);
  }
};

// One attack drawn as the game draws it: read_attack with the sampled reader.
// Always inlined: the caller's loop then keeps the engine's state in
// registers, instead of reloading it from memory on every draw (about 2× faster).
template <UniformEngine R, class OnDraw = IgnoreDraws>
[[nodiscard, gnu::always_inline]] inline StrikeResult strike(const AttackPlan& p, R& rng, OnDraw&& on_draw = {}) {
  Sampler<R, std::remove_reference_t<OnDraw>> reader(rng, on_draw);
  return read_attack(p, reader);
}

}  // namespace fray::pixel_dungeon
