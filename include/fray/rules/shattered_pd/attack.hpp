// fray/rules/shattered_pd/attack.hpp — one attack in Shattered Pixel Dungeon
// 3.3.6: actors/Char.java attack() and what it calls (hit, drRoll,
// damageRoll, the damage multipliers, defenseProc, damage).
//
// plan_attack() resolves both combatants and the situation into an
// AttackPlan: the hit test, the random primitives the game draws (armour
// terms, the damage roll, the excess-strength bonus) and the deterministic
// steps between them. exact_outcome() pushes the primitives' exact laws
// through those steps; strike() draws the primitives in the game's order and
// applies the same steps. Nothing in between is written twice.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fray/core/pmf.hpp>
#include <fray/core/rng.hpp>
#include <fray/rules/shattered_pd/catalog.hpp>
#include <fray/rules/shattered_pd/hero.hpp>
#include <fray/rules/shattered_pd/hit.hpp>
#include <fray/rules/shattered_pd/random.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fray::shattered_pd {

// buffs/ChampionEnemy.java: the Champion Enemies challenge's six kinds.
enum class Champion : std::uint8_t { blazing, projecting, antimagic, giant, blessed, growing };

// The hero or a mob, with the buffs that change an attack.
struct Combatant {
  std::string name;
  std::optional<Hero> hero;  // set for the hero; otherwise `mob`
  Mob mob;
  RollBuffs buffs;  // Bless, Hex, Daze, the Bless talent; champion and ascension factors are added by plan_attack
  std::optional<Champion> champion;
  float growing = 1.19f;           // Growing's m: 1.19 + 0.01 per 4 turns
  bool weakened = false;           // Weakness: damage dealt ×0.67f
  bool vulnerable = false;         // Vulnerable: damage taken after armour ×1.33f, truncated
  std::optional<std::int64_t> hp;  // current HP for a fight (HT when absent; an inline mob has no HT of its own)
  bool on_water = false;           // Goo stands on water (it regenerates there)
  // States a fight puts a mob in (no spec key): Goo pumped up twice, a
  // gnoll brute raging (MobCondition::pumped, raging).
  bool pumped = false;
  bool raging = false;
  // The hero spec's keys it did not give, taken from the class's start
  // (HeroClass.initHero): "level", "str", "weapon", "missile", "armor".
  std::vector<std::string> defaults;

  [[nodiscard]] bool is_hero() const noexcept { return hero.has_value(); }
  // HT: Hero.updateHT for the hero, the mob's HT (0 for an inline mob without hp=).
  [[nodiscard]] std::int64_t ht() const noexcept { return hero ? hero_ht(*hero) : mob.ht; }
  [[nodiscard]] std::int64_t current_hp() const noexcept { return hp ? *hp : ht(); }
};

// The circumstances of one attack.
struct Situation {
  HeroAttack how = HeroAttack::melee;  // the hero's melee weapon or her thrown one
  bool adjacent = true;                // a thrown attack from the next cell: accuracy ×0.5, and no Sniper bypass
  bool magic = false;                  // the attacking mob casts its spell: roll ×2, no armour
  // The defending mob is unaware of the hero (it has not seen her, she is
  // invisible or out of its view): Mob.surprisedBy, when her weapon can
  // surprise-attack, gives evasion 0 and the sneak weapons' rolls.
  bool surprised = false;
  bool paralyzed = false;  // the defender is paralyzed: a mob's evasion is 0, the hero's halved
  bool invisible = false;  // the attacker is invisible: infinite accuracy when it can surprise-attack
  bool ascension = false;  // the hero is ascending with the Amulet: the mobs' ascension factors apply
  int point_blank = 0;     // the hero's Point Blank talent points (adjacent thrown accuracy)
  int ferret_tuft = -1;    // the hero's Ferret Tuft level (-1: none): every defender's evasion roll grows
  // Buffs named by the situation rather than a spec: Bless and Weakness on
  // the attacker; Hex, Daze and Vulnerable on the defender; the Monk's Focus
  // (infinite evasion) on the defending hero.
  bool blessed = false, weakened = false, hexed = false, dazed = false, vulnerable = false, focus = false;
};

// The combatants with the situation's buffs put on them (blessed and
// weakened on the attacker; hexed, dazed and vulnerable on the defender).
void apply_situation(Combatant& attacker, Combatant& defender, const Situation& s);

// The moment of an attack as a mob's stat methods see it (mob_stats), the
// mob attacking (`attacking`) or attacked: its HP, the distance, a fight's
// pump and rage; attacked, whether it watches its visible attacker (the
// great crab: aware, not paralyzed, the attacker not invisible).
[[nodiscard]] MobMoment moment_of(const Combatant& mob, const Situation& s, bool attacking) noexcept;

// Reads a combatant spec: "hero:class=rogue,level=5,weapon=dagger,weapon_level=2",
// a mob "gnoll_scout:champion=blessed", "wraith:depth=7", or an inline mob
// "accuracy=12,evasion=5,damage=2-8,armor=3". Every spec also takes the buff
// flags bless, hex, daze, weakened, vulnerable and champion=<kind>. Throws
// fray::Error naming the spec and the bad key. `role` is "attacker", "defender", ...
[[nodiscard]] Combatant parse_combatant(std::string_view spec, std::string_view role);
// Reads situation flags: thrown, ranged (not adjacent), adjacent, magic,
// surprised (unseen), paralyzed (paralysed), invisible, ascension,
// point_blank=N, ferret_tuft=N, blessed, weakened, hexed, dazed, vulnerable, focus.
// Throws fray::Error naming an unknown flag.
[[nodiscard]] Situation parse_situation(const std::vector<std::string>& flags);

struct AttackPlan {
  HitPlan hit;
  bool attacks = true;  // false: the attack deals nothing (an AntiMagic champion hit by a spell)
  bool magic = false;   // a spell: the damage roll only, no armour, no defenseProc, no Weakness

  // Char.drRoll of the defender, term by term in draw order: each term's
  // roll, less `penalty`, floored at 0 when `floored` (the hero's armour and
  // block terms); then + armor_const, × armor_factor rounded (ascension),
  // and 0 when `armor_ignored` (the Sniper at range), though still drawn.
  struct ArmorTerm {
    Primitive roll;
    std::int64_t penalty = 0;
    bool floored = false;
  };
  std::vector<ArmorTerm> armor;
  std::int64_t armor_const = 0;
  float armor_factor = 1;
  bool armor_ignored = false;

  // The damage roll: the hero's draw a Float (Hero.heroDamageIntRange's
  // 13-leaf clover check) before each NormalIntRange.
  bool hero_roll = false;
  Primitive roll = Primitive::constant(1);
  float augment = 1;                // Weapon.Augment: Math.round(roll · factor)
  std::optional<Primitive> excess;  // NormalIntRange(0, STR − STRReq) when positive
  std::int64_t flat = 0;            // Ring of Force in melee
  // Char.attack's float multipliers, in order: Berserk, the attacker's
  // champion, ascension, Weakness (a spell: ascension only).
  std::vector<float> factors;
  bool vulnerable = false;  // the defender's Vulnerable
  // The defender's own override of Char.damage, before the champion's
  // factor: Slime.damage (the slime and the caustic slime) takes less from
  // 5 damage up, measured over its ascension factor (`compress_factor`),
  // DemonSpawner.damage from 20 up.
  enum class Compress : std::uint8_t { none, slime, spawner };
  Compress compress = Compress::none;
  float compress_factor = 1;
  std::optional<float> damage_taken;  // the defender's champion: ceil(d · factor)

  // --- the deterministic steps, shared by exact_outcome and strike ---------------
  [[nodiscard]] std::int64_t armor_term(std::size_t i, std::int64_t roll) const noexcept {
    const ArmorTerm& t = armor[i];
    return t.floored ? std::max<std::int64_t>(0, roll - t.penalty) : roll - t.penalty;
  }
  // Char.attack: dr = Math.round(drRoll · ascension), 0 for the Sniper at range.
  [[nodiscard]] std::int64_t armor_total(std::int64_t terms) const noexcept {
    if (armor_ignored) return 0;
    const std::int64_t sum = terms + armor_const;
    return armor_factor == 1 ? sum : java_round(static_cast<float>(sum) * armor_factor);
  }
  // Weapon.damageRoll: Math.round(roll · augment).
  [[nodiscard]] std::int64_t rolled(std::int64_t roll) const noexcept {
    return augment == 1 ? roll : java_round(static_cast<float>(roll) * augment);
  }
  // Hero.damageRoll: + excess STR + Ring of Force, floored at 0.
  [[nodiscard]] std::int64_t base_damage(std::int64_t rolled_roll, std::int64_t excess_roll) const noexcept {
    const std::int64_t d = rolled_roll + excess_roll + flat;
    return hero_roll ? std::max<std::int64_t>(0, d) : d;
  }
  // Char.attack from the damage roll and the armour: the float multipliers,
  // Math.round, minus armour floored at 0, Vulnerable (truncated), then
  // Char.damage's champion factor (ceil). A spell skips the armour.
  [[nodiscard]] std::int64_t effective(std::int64_t base, std::int64_t dr) const noexcept {
    return after_armor(passed(base), dr);
  }
  // The first half of effective(): Math.round of the multiplied roll, the
  // damage Char.attack passes to the defender's defenseProc before its armour
  // (what a Berserker's rage grows by, Hero.defenseProc).
  [[nodiscard]] std::int64_t passed(std::int64_t base) const noexcept {
    float d = static_cast<float>(base);
    for (float f : factors) d *= f;
    return java_round(d);
  }
  // The second half: the armour, Vulnerable, the defender's own damage()
  // and the champion's factor.
  [[nodiscard]] std::int64_t after_armor(std::int64_t passed_damage, std::int64_t dr) const noexcept {
    std::int64_t e = passed_damage;
    if (!magic) {
      e = std::max<std::int64_t>(e - dr, 0);
      if (vulnerable) e = static_cast<std::int64_t>(static_cast<float>(e) * 1.33f);
    }
    return taken(e);
  }
  // Damage `dmg` dealt to the defender in Char.damage (an attack's, or a
  // skeleton's burst): its own override, then the champion's factor.
  [[nodiscard]] std::int64_t taken(std::int64_t dmg) const noexcept {
    std::int64_t e = dmg;
    if (compress == Compress::slime) {
      // 5/6/7/8/9/10 taken at 5/7/10/14/19/25 dealt, in floats as the game does.
      float scaled = static_cast<float>(e) / compress_factor;
      if (scaled >= 5) scaled = 4 + static_cast<float>(std::sqrt(static_cast<double>(8 * (scaled - 4) + 1)) - 1) / 2;
      e = static_cast<std::int64_t>(scaled * compress_factor);
    } else if (compress == Compress::spawner && e >= 20) {
      // 20/21/22/23 taken at 20/22/25/29 dealt.
      e = 19 + static_cast<std::int64_t>(std::sqrt(static_cast<double>(8 * (e - 19) + 1)) - 1) / 2;
    }
    if (damage_taken) e = static_cast<std::int64_t>(std::ceil(static_cast<float>(e) * *damage_taken));
    return e;
  }
};

// Resolves one attack. Throws fray::Error when the situation does not fit the
// combatants (a mob throwing, a spell the mob lacks, a mob without a melee
// attack, a hero casting).
[[nodiscard]] AttackPlan plan_attack(const Combatant& attacker, const Combatant& defender, const Situation& s);

struct Outcome {
  double p_hit = 0;   // the closed form of the hit test (within 1e-7 of the game)
  Pmf damage;         // damage dealt, a miss counting 0
  Pmf damage_on_hit;  // damage dealt given a hit
  Pmf armor;          // the armour value subtracted (0 for spells)
};
// The exact outcome of a plan, with NormalIntRange's float-exact law.
[[nodiscard]] Outcome exact_outcome(const AttackPlan& plan);

// The law of AttackPlan::passed given a hit: the damage the defender's
// defenseProc sees, before its armour.
[[nodiscard]] Pmf passed_damage(const AttackPlan& plan);
// What a draw was for, in a strike's trace.
enum class DrawFor : std::uint8_t { accuracy, evasion, armor, clover, damage, excess_strength };

struct StrikeResult {
  bool attacked = false;
  HitRolls hit;
  std::int64_t armor = 0;   // the armour value subtracted
  std::int64_t roll = 0;    // the damage roll (before augment and excess STR)
  std::int64_t excess = 0;  // the excess-STR roll
  std::int64_t damage = 0;
};

// One sampled attack. `on_draw(DrawFor, value)` sees every draw in the game's
// order: the accuracy and evasion rolls (after their factors), each armour
// term's roll, then for the hero a Float and the weapon roll, and a Float and
// the excess-STR roll; for a mob its damage roll.
template <UniformEngine R, class OnDraw>
StrikeResult strike(const AttackPlan& p, R& rng, OnDraw&& on_draw) {
  StrikeResult r;
  if (!p.attacks) return r;
  r.attacked = true;
  r.hit = roll_hit(p.hit, rng);
  if (r.hit.drawn) {
    on_draw(DrawFor::accuracy, static_cast<double>(r.hit.acu_roll));
    on_draw(DrawFor::evasion, static_cast<double>(r.hit.def_roll));
  }
  if (!r.hit.hit) return r;
  std::int64_t terms = 0;
  for (std::size_t i = 0; i < p.armor.size(); ++i) {
    const std::int64_t v = p.armor[i].roll.sample(rng);
    on_draw(DrawFor::armor, static_cast<double>(v));
    terms += p.armor_term(i, v);
  }
  r.armor = p.magic ? 0 : p.armor_total(terms);
  auto draw = [&](const Primitive& prim, DrawFor what) {
    if (p.hero_roll) on_draw(DrawFor::clover, static_cast<double>(random_float(rng)));
    const std::int64_t v = prim.sample(rng);
    on_draw(what, static_cast<double>(v));
    return v;
  };
  r.roll = draw(p.roll, DrawFor::damage);
  if (p.excess) r.excess = draw(*p.excess, DrawFor::excess_strength);
  r.damage = p.effective(p.base_damage(p.rolled(r.roll), r.excess), r.armor);
  return r;
}
template <UniformEngine R>
StrikeResult strike(const AttackPlan& p, R& rng) {
  return strike(p, rng, [](DrawFor, double) {});
}

}  // namespace fray::shattered_pd
