// fray/rules/pixel_dungeon/combat.hpp — one attack in Pixel Dungeon 1.9.1:
// actors/Char.java attack() and everything it calls (research note §2–§7).
//
// plan_attack() resolves both combatants and the situation into an AttackPlan:
// the numbers of the hit test, the random primitives the game draws, and the
// deterministic steps between them (Fury, armour, Combo, Battlemage charges,
// the Assassin bonus, Yog's fists, resistance). exact_outcome() enumerates the
// primitives' distributions through those steps; strike() draws them, in the
// game's order, through the same steps. Nothing in between is written twice.
#pragma once

#include <fray/core/pmf.hpp>
#include <fray/core/rng.hpp>
#include <fray/rules/pixel_dungeon/catalog.hpp>
#include <fray/rules/pixel_dungeon/hero.hpp>
#include <fray/rules/pixel_dungeon/hit.hpp>
#include <fray/rules/pixel_dungeon/random.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>

namespace fray::pixel_dungeon {

// A hero or a mob (inline specs are mobs) with its current condition.
struct Combatant {
  std::string name;
  std::optional<Hero> hero;  // set for the hero; otherwise `mob` is used
  Mob mob;
  std::optional<std::int64_t> hp;  // a mob's current HP (HT when absent); the hero keeps it in Hero::hp
  bool pumped = false;             // Goo has pumped up
  int fists = 0;                   // Yog-Dzewa: living fists

  [[nodiscard]] bool is_hero() const noexcept { return hero.has_value(); }
  [[nodiscard]] std::int64_t ht() const noexcept { return hero ? hero_ht(*hero) : mob.ht; }
  [[nodiscard]] std::int64_t current_hp() const noexcept { return hero ? hero_hp(*hero) : (hp ? *hp : mob.ht); }
};

// Circumstances of the attack (the CLI's --situation flags).
struct Situation {
  bool thrown = false;     // the hero throws its missile weapon
  bool adjacent = false;   // thrown at Chebyshev distance 1: accuracy ×0.5
  bool magic = false;      // a mob casts its spell (magic hit, no armour)
  bool unseen = false;     // the defending mob has not seen its enemy
  bool paralysed = false;  // the defender is paralysed (mob: evasion 0; hero: evasion halved)
  bool water = false;      // the target stands in water (gnoll shaman lightning ×1.5)
  bool resisted = false;   // the defender resists this source: damage becomes IntRange(0, dmg)
  bool immune = false;     // the defender is immune to this source: damage 0
  bool acting = false;     // the defending hero has an action under way (Freerunner)
};

// Everything one attack needs, resolved.
struct AttackPlan {
  std::int64_t accuracy = 0;
  std::int64_t evasion = 0;
  bool magic = false;           // hit test with 2·acuRoll; spell damage: steps 2–6 skipped
  bool never_attacks = false;   // passive mobs: no attack at all
  std::optional<Primitive> armor;  // the armour roll IntRange(0, dr); absent: no draw (spells, Sniper thrown)
  Primitive roll = Primitive::constant(1);  // damageRoll() / the spell's roll
  std::optional<Primitive> bonus;           // hero excess-strength bonus IntRange(0, STR − weapon STR)
  bool fury = false;            // Berserker: trunc(dmg · 1.5f) before armour
  bool water_bonus = false;     // shaman lightning on a target in water: trunc(dmg · 1.5f)
  int combo = 0;                // Gladiator Combo count (bonus from 3)
  std::optional<std::int64_t> charges;  // Battlemage: the wand's charges before this hit
  std::int64_t max_charges = 0;         // and its maximum
  bool assassin = false;        // Assassin bonus: + Int(1, eff)
  int fists = 0;                // Yog-Dzewa: dmg >>= fists
  bool resisted = false, immune = false;
  // Char.damage on a paralysed defender: Random.Int(dmg) >= Random.Int(HP) breaks the
  // paralysis. Two draws that change no damage; kept so the stream matches the game's.
  std::optional<std::int64_t> paralysis_hp;

  // --- the deterministic steps, shared by exact_outcome and strike ---
  // Step 3: the rolled damage (weapon roll + bonus), Fury, the shaman's water bonus.
  [[nodiscard]] std::int64_t rolled(std::int64_t sum) const noexcept {
    if (fury) sum = static_cast<std::int64_t>(static_cast<float>(sum) * 1.5f);
    if (water_bonus) sum = static_cast<std::int64_t>(static_cast<float>(sum) * 1.5f);
    return sum;
  }
  // Steps 4–5: max(dmg − dr, 0), then Hero.attackProc: Combo.hit adds
  // trunc(eff·(count−2)/5f) from count 3; the Battlemage's wand gains a charge
  // when below its maximum and eff > 0, then adds its charges.
  [[nodiscard]] std::int64_t after_armor(std::int64_t dmg, std::int64_t dr) const noexcept {
    std::int64_t e = std::max<std::int64_t>(dmg - dr, 0);
    if (combo >= 3) e += static_cast<std::int64_t>(static_cast<float>(e * (combo - 2)) / 5.0f);
    if (charges) e += (*charges < max_charges && e > 0) ? *charges + 1 : *charges;
    return e;
  }
  // Step 6: Mob.defenseProc's Assassin bonus, eff + Random.Int(1, eff).
  [[nodiscard]] static Primitive assassin_bonus(std::int64_t eff) noexcept { return Primitive::int_excl(1, eff); }
  // Step 7: Yog's fists halve the damage each.
  [[nodiscard]] std::int64_t shifted(std::int64_t e) const noexcept { return fists > 0 ? (e >> std::min(fists, 62)) : e; }
  // Step 7: resistance draws IntRange(0, dmg).
  [[nodiscard]] static Primitive resistance(std::int64_t e) noexcept { return Primitive::int_range(0, e); }
};

// Resolves one attack; throws fray::Error when the situation does not fit the
// combatants (a hero casting, a mob throwing, a spell the mob lacks, ...).
// `attacker_hp` overrides the attacker's current HP (Fury, the brute's rage).
[[nodiscard]] AttackPlan plan_attack(const Combatant& attacker, const Combatant& defender, const Situation& s,
                                     std::optional<std::int64_t> attacker_hp = std::nullopt);

struct Outcome {
  std::int64_t accuracy = 0;
  std::int64_t evasion = 0;
  double p_hit = 0;
  Pmf on_hit;  // damage dealt given a hit
  Pmf damage;  // damage dealt, a miss counting 0
};
[[nodiscard]] Outcome exact_outcome(const AttackPlan& plan);

// One sampled attack and every draw it made (absent: not drawn).
struct Strike {
  bool attacked = false;
  HitRolls hit;
  std::optional<std::int64_t> armor_roll, damage_roll, bonus_roll, assassin_roll, resist_roll;
  std::optional<bool> paralysis_broken;
  std::int64_t damage = 0;
};

// Char.attack's draws in the game's order: acuRoll, defRoll, armour, damage
// roll, strength bonus, Assassin bonus, resistance, the paralysis check.
// Always inlined: the caller's loop then keeps the engine's state in registers,
// instead of reloading it from memory on every draw (about 2× faster).
template <UniformEngine R>
[[nodiscard, gnu::always_inline]] inline Strike strike(const AttackPlan& p, R& rng) {
  Strike s;
  if (p.never_attacks) return s;
  s.attacked = true;
  s.hit = roll_hit(rng, p.accuracy, p.evasion, p.magic);
  if (!s.hit.hit) return s;
  std::int64_t e = 0;
  if (p.magic) {
    s.damage_roll = p.roll.sample(rng);
    e = p.rolled(*s.damage_roll);
  } else {
    if (p.armor) s.armor_roll = p.armor->sample(rng);
    s.damage_roll = p.roll.sample(rng);
    if (p.bonus) s.bonus_roll = p.bonus->sample(rng);
    e = p.after_armor(p.rolled(*s.damage_roll + s.bonus_roll.value_or(0)), s.armor_roll.value_or(0));
    if (p.assassin) {
      s.assassin_roll = AttackPlan::assassin_bonus(e).sample(rng);
      e += *s.assassin_roll;
    }
  }
  e = p.shifted(e);
  if (p.immune) {
    e = 0;
  } else if (p.resisted) {
    s.resist_roll = AttackPlan::resistance(e).sample(rng);
    e = *s.resist_roll;
  }
  if (p.paralysis_hp) {
    // Random.Int(max) draws nothing for max <= 0.
    const std::int64_t a = e > 0 ? int_of(rng.unit(), e) : 0;
    const std::int64_t b = *p.paralysis_hp > 0 ? int_of(rng.unit(), *p.paralysis_hp) : 0;
    s.paralysis_broken = a >= b;
  }
  s.damage = e;
  return s;
}

}  // namespace fray::pixel_dungeon
