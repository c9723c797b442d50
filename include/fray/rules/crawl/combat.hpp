// fray/rules/crawl/combat.hpp — DCSS 0.19 melee and missile attacks: to-hit,
// EV, SH and blocks, stabs, damage (research note §2–§7).
//
// plan() turns the combatants and the situation into rule chains (chain.hpp);
// outcome() reads them exactly and strike() samples them, so both come from
// one description.
#pragma once

#include <fray/core/pmf.hpp>
#include <fray/core/rng.hpp>
#include <fray/rules/crawl/catalog.hpp>
#include <fray/rules/crawl/chain.hpp>

#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace fray::crawl {

constexpr i64 automatic_hit = 1500;  // AUTOMATIC_HIT

// Skills are stored ×100, as you.skill(sk, 100) gives them.
struct Player {
  int str = 10, dex = 10, intel = 10, xl = 1;
  int size = Medium;
  int fighting = 0, weapon_skill = 0, dodging = 0, armour_skill = 0, shields = 0, unarmed = 0, throwing = 0,
      stealth = 0;
  std::optional<WeaponProp> weapon;  // none: unarmed (or throwing with empty hands)
  int enchant = 0;
  int slaying = 0;
  std::optional<ArmourProp> body;
  std::optional<ArmourProp> shield;
  int shield_enchant = 0;
  std::optional<MissileProp> missile;  // thrown or fired when the attack is ranged
  std::string form = "none";           // none, blade_hands, statue, dragon, ...
  int claws = 0, eyeballs = 0, inaccuracy = 0;
  bool confused = false, vertigo = false, starving = false, might = false, weak = false, woe = false;
  std::optional<int> ev;   // EV straight
  std::optional<int> sh;   // player_shield_class() straight (twice the displayed SH)
  std::optional<int> ac;   // AC straight
  int hp = 0;              // for fights
};

struct Monster {
  std::string name;
  int hd = 1, ev = 0, ac = 0;
  bool fighter = false, archer = false;
  int size = Medium, speed = 10;
  std::vector<MonsterAttack> attacks;
  int attack_index = 0;  // which of the attacks `attack` reports
  std::optional<WeaponProp> weapon;
  int enchant = 0;
  std::optional<ArmourProp> shield;
  int shield_enchant = 0;
  std::optional<int> sh_value;  // the shield's block value c (overrides the shield item)
  std::optional<MissileProp> missile;
  bool ev_given = false;        // ev was given straight (no shield adjustment)
  bool confused = false;
  int inaccuracy = 0, slaying = 0;
  int hp = 0;
};

// A spell bolt (§6c): its to-hit `hit` (AUTOMATIC_HIT 1500 always hits) and
// whether it pierces. It only attacks; it has no damage model here.
struct Beam {
  int hit = 0;
  bool pierce = false;
};

using Combatant = std::variant<Player, Monster, Beam>;

struct Situation {
  bool invisible = false;           // the defender is not visible to the attacker
  bool attacker_invisible = false;  // the attacker is not visible to the defender
  bool backlit = false, umbra = false;
  bool sleeping = false, paralysed = false, petrified = false, netted = false;
  bool unaware = false, fleeing = false;  // stab chances (denominator 4)
  bool ranged = false;
  bool deflect_missiles = false, repel_missiles = false;
  int blocks = 0;  // shield blocks the defender already made this turn
};

// --- single formulas -------------------------------------------------------------------

// §4a: player::evasion (computed, before the invisible-attacker −10).
[[nodiscard]] int player_ev(const Player& p, bool helpless = false);
// §4: adjusted_body_armour_penalty(scale), adjusted_shield_penalty(scale).
[[nodiscard]] int body_armour_penalty(const Player& p, int scale);
[[nodiscard]] int shield_penalty(const Player& p, int scale);
// §5: player_shield_class() (twice the displayed SH); 0 without a shield.
[[nodiscard]] int player_sh(const Player& p);
// §7b: the player's AC and GDR percentage.
[[nodiscard]] int player_ac(const Player& p);
[[nodiscard]] int player_gdr(const Player& p);
// §4b: monster EV in the situation (shield penalty, helpless, netted).
[[nodiscard]] int monster_ev(const Monster& m, const Situation& s);
// §9 attack delay in aut: each value with its probability. player::attack_delay
// rounds with div_rand_round, so a player's delay is one of two values unless
// the skill term divides evenly; a monster's is 100 / speed.
[[nodiscard]] std::vector<std::pair<double, double>> attack_delays(const Combatant& c);
// Its mean.
[[nodiscard]] double attack_delay(const Combatant& c);

// --- one attack ---------------------------------------------------------------------------

struct Plan {
  bool player_attacker = false, player_defender = false;
  Chain to_hit;             // the final to-hit number
  Chain ev;                 // the EV it is compared with (random2avg for monster attackers)
  bool can_block = false;
  Chain shield_bonus;       // the defender's shield_bonus() (after /3 when the attacker is unseen)
  i64 bypass_base = 15;     // shield_bypass_ability: 15 + to_hit/2 (player) or 15 + HD*2/3 (monster)
  bool bypass_uses_to_hit = false;
  i64 block_penalty = 0;    // 5·blocks² (player) or 4·blocks² (monster)
  bool band = true;         // the 5% automatic hit/miss band (melee and missiles, not bolts)
  bool block_strict = false;  // bolts block when pro > con (beam.cc), attacks when pro >= con
  int stab_denom = 0;       // 0 no stab, 1 always, 4 a chance
  Chain stab_roll;          // x_chance_in_y(stab_roll, 100) when stab_denom == 4
  std::optional<Chain> damage;       // damage of a landed, unblocked hit
  std::optional<Chain> stab_damage;  // damage of a stab
  std::string damage_note;           // why damage is absent
};

[[nodiscard]] Plan plan(const Combatant& attacker, const Combatant& defender, const Situation& s);

struct Outcome {
  double p_hit = 0;    // the attack lands (stab or hit, not blocked)
  double p_block = 0;  // blocked by a shield
  double p_stab = 0;
  Pmf to_hit;
  std::optional<Pmf> damage;      // per attack: a miss or block is 0
  std::optional<Pmf> hit_damage;  // given a landed normal hit
};

[[nodiscard]] Outcome outcome(const Plan& p);

// The automatic band of attack::test_hit: none (compare), automatic hit, automatic miss.
enum class Band { Compare, Hit, Miss };
// attack::test_hit's verdict for one to-hit, EV and band: hit iff margin >= 0.
[[nodiscard]] constexpr bool test_hit(i64 to_hit, i64 ev, Band band) noexcept {
  if (to_hit >= automatic_hit) return true;
  if (band != Band::Compare) return band == Band::Hit;
  return to_hit - ev >= 0;
}
// attack_shield_blocked: pro >= con; a bolt's attempt_block: con < pro.
[[nodiscard]] constexpr bool blocks(i64 pro, i64 con, bool strict = false) noexcept {
  return strict ? pro > con : pro >= con;
}
[[nodiscard]] inline i64 bypass(const Plan& p, i64 to_hit) noexcept {
  return p.bypass_base + (p.bypass_uses_to_hit ? to_hit / 2 : 0) + p.block_penalty;
}

struct StrikeResult {
  bool hit = false, blocked = false, stab = false;
  i64 to_hit = 0, ev = 0, damage = 0;
  Trace trace;
};

// One sampled attack, drawing in the game's order: to-hit, EV, the 5% band,
// the block, the stab, the damage.
template <UniformEngine R>
StrikeResult strike(const Plan& p, R& rng, bool with_trace = true) {
  StrikeResult r;
  Trace* t = with_trace ? &r.trace : nullptr;
  r.to_hit = p.to_hit.sample(rng, t);
  r.ev = p.ev.sample(rng, t);
  Band band = Band::Compare;
  if (p.band && r.to_hit < automatic_hit && x_chance_in_y(rng, 5, 100))
    band = coinflip(rng) ? Band::Hit : Band::Miss;
  if (t && p.band && r.to_hit < automatic_hit)
    t->push_back({"5% automatic band", "x_chance_in_y(5, 100) then coinflip()",
                  band == Band::Compare ? 0 : band == Band::Hit ? 1 : -1, band == Band::Compare ? 0 : 1});
  const bool hit = test_hit(r.to_hit, r.ev, band);
  if (p.can_block) {
    const i64 con = crawl::random2(rng, bypass(p, r.to_hit));
    if (t && bypass(p, r.to_hit) > 1) t->push_back({"block: con", fmt_random2(bypass(p, r.to_hit)), con, con});
    const i64 pro = p.shield_bonus.sample(rng, t);
    r.blocked = blocks(pro, con, p.block_strict);
  }
  if (p.stab_denom == 1) {
    r.stab = true;
  } else if (p.stab_denom == 4) {
    const i64 chance = p.stab_roll.sample(rng, t);
    r.stab = x_chance_in_y(rng, chance, 100);
    if (t) t->push_back({"stab", "x_chance_in_y(" + std::to_string(chance) + ", 100)", r.stab ? 1 : 0, r.stab ? 1 : 0});
  }
  if (r.stab) r.blocked = false;
  r.hit = r.stab || (hit && !r.blocked);
  if (r.hit) {
    const Chain* d = r.stab && p.stab_damage ? &*p.stab_damage : (p.damage ? &*p.damage : nullptr);
    if (d) r.damage = d->sample(rng, t);
  }
  return r;
}

// §6c: a spell bolt against the player (beam.cc _test_beam_hit): exact P(hit)
// and one sample. defl: 0 none, 1 Repel Missiles, 2 Deflect Missiles.
[[nodiscard]] Chain beam_attack_chain(i64 hit, int defl, bool pierce);
[[nodiscard]] double beam_hit_probability(i64 hit, i64 ev, int defl, bool pierce);

}  // namespace fray::crawl
