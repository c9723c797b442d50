// fray/rules/brogue/attack.hpp — one Brogue CE melee or thrown attack.
//
// An attack is first reduced to an AttackPlan: every number the game computes
// before drawing (hit percent, damage bounds, factors, multiplier, which draws
// happen). The exact outcome enumerates the plan's random primitives; a strike
// draws them. Both read the same plan, so the two cannot drift.
#pragma once

#include <cstdint>
#include <fray/core/pmf.hpp>
#include <fray/core/rng.hpp>
#include <fray/rules/brogue/catalog.hpp>
#include <fray/rules/brogue/combat.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fray::brogue {

// A combatant as a spec describes it: the player with equipment, or a monster.
struct Combatant {
  std::string name;  // "player", a catalog key, or "inline"
  bool is_player = false;
  std::optional<std::int64_t> hp;
  std::int64_t weakness = 0;  // 0..10 (Items.c weaken caps it at 10)

  // Monster (catalog or inline): flags, accuracy, defense and damage.
  Monster monster;

  // Player: equipment and strength.
  const Weapon* weapon = nullptr;  // nullptr: unarmed
  std::int64_t enchant = 0;        // weapon enchant1
  std::int64_t strength = 12;
  // The player's maximum HP (default: its hp) and the bonus of its rings of
  // regeneration, which set how fast it regains HP in a fight
  // (Items.c updatePlayerRegenerationDelay).
  std::optional<std::int64_t> max_hp;
  std::int64_t regeneration = 0;
  bool regenerates = true;         // false: a fight leaves the player's regeneration out (regeneration=none)
  const Armor* armor = nullptr;    // nullptr: no armor
  std::int64_t armor_enchant = 0;  // armor enchant1
  std::optional<std::int64_t> net_enchant_quarters;  // net_enchant= override
  std::optional<std::int64_t> defense_override;      // defense= override (internal)

  // The keys the spec left out and the reader filled in: (key, "key=value (why)"),
  // e.g. ("strength", "strength=12 (the player's start)"). The answers say those they read.
  std::vector<std::pair<std::string, std::string>> defaults;
};

// Situation flags of one attack (`--situation`), each a state Brogue CE's
// Combat.c attack / attackHit / hitProbability test.
struct Situation {
  bool sleeping = false;   // defender (a monster) asleep: auto-hit, x3
  bool paralyzed = false;  // defender paralyzed: auto-hit, x3
  bool stuck = false;      // defender stuck (net, web): auto-hit, no multiplier
  bool captive = false;    // defender captive (shackled monster): auto-hit, no multiplier
  bool sneak = false;      // player attacks an unaware monster: auto-hit, x3
  bool lunge = false;      // rapier lunge: auto-hit, x3
  bool seized = false;     // defender held by this attacker (bog monster, kraken): 100 %, still drawn
  bool thrown = false;     // the player throws the weapon
  bool slaying = false;    // the player's weapon has a slaying runic for the defender's class: 100 %, still drawn

  friend bool operator==(const Situation&, const Situation&) = default;
};
// Parses flag names ("paralysed" is accepted for "paralyzed"); throws
// fray::Error naming an unknown flag and the closest known ones.
[[nodiscard]] Situation parse_situation(const std::vector<std::string>& flags);

// A name a spec or a flag accepts, with what it means.
struct NamedHelp {
  std::string_view name;
  std::string_view help;
};
// Every situation flag, in the order the docs list them.
[[nodiscard]] std::span<const NamedHelp> situation_flags() noexcept;
// Every key a player spec accepts, then every key a monster or inline spec accepts.
[[nodiscard]] std::span<const NamedHelp> player_keys() noexcept;
[[nodiscard]] std::span<const NamedHelp> monster_keys() noexcept;

// State carried between attacks (the fight layer's Side::state): enchant
// points eaten by acid, and whether a seizing attacker already holds on.
struct CarriedState {
  std::uint32_t weapon_lost = 0;  // weapon enchant1 points lost (attacking an acid monster)
  std::uint32_t armor_lost = 0;   // armor enchant1 points lost (hit by an acid monster)
  bool held = false;              // seized by the opponent
  [[nodiscard]] static CarriedState decode(std::uint32_t s) noexcept {
    return {s & 0x7FFFu, (s >> 15) & 0xFFFFu, (s >> 31) != 0};
  }
  [[nodiscard]] std::uint32_t encode() const noexcept {
    return (weapon_lost & 0x7FFFu) | ((armor_lost & 0xFFFFu) << 15) | (held ? 0x80000000u : 0u);
  }
};

// Derived values of a combatant in a given state.
[[nodiscard]] std::int64_t weapon_net_quarters(const Combatant& c, std::uint32_t weapon_lost = 0);
[[nodiscard]] std::int64_t attack_accuracy(const Combatant& c, std::uint32_t weapon_lost = 0);
[[nodiscard]] std::int64_t defense_value(const Combatant& c, std::uint32_t armor_lost = 0);
// Attack time in ticks: the monster's attack speed; the player's 100, 50 with a quick weapon.
[[nodiscard]] std::int64_t attack_ticks(const Combatant& c);

struct AttackPlan {
  int hit_percent = 0;       // Combat.c hitProbability, as the game computes it
  bool attacks = true;       // false: the attacker bursts (kamikaze) or seizes instead
  bool auto_hit = false;     // hits without rand_percent
  bool rolls_damage = true;  // false: weapon immunity / invulnerability, 0 damage and no roll
  Clump roll;                // the bounds randClumpedRange is called with
  ClumpDice dice;
  std::int64_t factor = FP;     // applied after the roll, truncated (monster weakness, thrown enchant)
  std::int64_t multiplier = 1;  // 3 or 5 for sneak / sleeping / paralyzed / lunge
  bool seizes = false;          // the attack seizes the defender instead of hurting it
  bool acid_weapon = false;     // a hit eats one point of the attacker's weapon enchant
  bool acid_armor = false;      // a hit the defender survives eats one point of its armor enchant
  std::vector<std::string> notes;

  [[nodiscard]] double p_hit() const noexcept { return !attacks ? 0.0 : auto_hit ? 1.0 : hit_percent / 100.0; }
  // Combat.c attack: damage = trunc(roll * factor / FP) * multiplier.
  [[nodiscard]] std::int64_t damage(std::int64_t roll) const noexcept { return roll * factor / FP * multiplier; }
};

// Builds the plan of `attacker` hitting `defender` (Combat.c attack, attackHit,
// hitProbability). Throws fray::Error for a situation that cannot happen
// (a sneak attack by a monster, a lunge without a rapier, ...).
[[nodiscard]] AttackPlan plan_attack(const Combatant& attacker, const Combatant& defender, const Situation& s,
                                     CarriedState attacker_state = {}, CarriedState defender_state = {});

// The exact reading of a plan: the to-hit chance and the damage laws, by
// enumerating the same primitives strike() draws.
struct Outcome {
  int hit_percent = 0;
  double p_hit = 0;
  bool auto_hit = false;
  Pmf damage;         // the miss included as 0
  Pmf damage_on_hit;  // given a hit
};
[[nodiscard]] Outcome exact_outcome(const AttackPlan& plan);

// What a draw was for, in a strike's trace.
enum class DrawFor { to_hit, damage };

struct StrikeResult {
  bool hit = false;
  std::int64_t roll = 0;  // randClumpedRange result (0 when not rolled)
  std::int64_t damage = 0;
};

// One sampled attack. `on_draw(DrawFor, lo, hi, value)` sees every rand_range
// draw in the game's order: rand_percent's rand_range(0, 99) unless the hit is
// automatic, then the damage dice (randClumpedRange, remainder dice first).
template <UniformEngine R, class OnDraw>
StrikeResult strike(const AttackPlan& p, R& rng, OnDraw&& on_draw) {
  StrikeResult r;
  if (!p.attacks) return r;
  if (!p.auto_hit) {
    // Math.c rand_percent: one rand_range(0, 99), even at 100 %.
    const std::int64_t v = rng.uniform(0, 99);
    on_draw(DrawFor::to_hit, 0, 99, v);
    if (v >= p.hit_percent) return r;
  }
  r.hit = true;
  if (!p.rolls_damage) return r;
  r.roll = rand_clumped_range(
      rng, p.dice, [&](std::int64_t lo, std::int64_t hi, std::int64_t v) { on_draw(DrawFor::damage, lo, hi, v); });
  r.damage = p.damage(r.roll);
  return r;
}
template <UniformEngine R>
StrikeResult strike(const AttackPlan& p, R& rng) {
  return strike(p, rng, [](DrawFor, std::int64_t, std::int64_t, std::int64_t) {});
}

// The states after one attack (acid wear, seizing), from the plan, whether it
// hit, its damage and the defender's HP before it.
struct StateChange {
  CarriedState attacker, defender;
};
[[nodiscard]] StateChange after_attack(const AttackPlan& p, const Combatant& attacker, const Combatant& defender,
                                       CarriedState attacker_state, CarriedState defender_state, bool hit,
                                       std::int64_t damage, std::int64_t defender_hp);

// Parses a combatant spec ("player:weapon=sword,enchant=2", "vampire_bat:weakness=1",
// "accuracy=100,defense=20,damage=2-4/1,hp=10"); throws fray::Error naming the
// spec and the bad key. `role` is "attacker" or "defender".
[[nodiscard]] Combatant parse_combatant(std::string_view spec, std::string_view role);

}  // namespace fray::brogue
