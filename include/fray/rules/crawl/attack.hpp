// fray/rules/crawl/attack.hpp — one DCSS 0.19 melee, missile or bolt attack:
// to-hit against EV, the shield block, the stab, the damage.
//
// plan_attack() writes the whole attack once, as an AttackPlan: rule chains
// (chain.hpp) for the to-hit, the EV, the shield roll, the stab chance and the
// damage, and the parameters of the three tests that join them (attack::test_hit,
// attack::attack_shield_blocked, attack::player_stab_check). resolve() is the one
// rule that turns the three tests into an outcome. exact_outcome() reads the
// plan exactly, strike() samples it in the game's draw order (with a trace when
// asked), and the fight kernel reads exact_outcome() and strike() of the same
// plans; nothing else restates the rule.
#pragma once

#include <array>
#include <fray/core/pmf.hpp>
#include <fray/core/rng.hpp>
#include <fray/core/value.hpp>
#include <fray/rules/crawl/catalog.hpp>
#include <fray/rules/crawl/chain.hpp>
#include <fray/rules/crawl/regen.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace fray::crawl {

constexpr i64 automatic_hit = 1500;  // AUTOMATIC_HIT (attack.h)

// The player's transformations of 0.19 (transformation_type).
enum class Form : std::uint8_t {
  none,
  spider,
  blade_hands,
  statue,
  ice_beast,
  dragon,
  lich,
  bat,
  pig,
  appendage,
  tree,
  porcupine,
  wisp,
  fungus,
  shadow,
  jelly,
};
// "blade_hands"; throws fray::Error suggesting the closest form.
[[nodiscard]] Form parse_form(std::string_view word);
[[nodiscard]] std::string_view form_name(Form form) noexcept;

// The player. Skills are stored ×100, as you.skill(sk, 100) gives them.
struct Player {
  int str = 10, dex = 10, intel = 10, xl = 1;
  int size = Medium;
  int fighting = 0, weapon_skill = 0, dodging = 0, armor_skill = 0, shields = 0, unarmed = 0, throwing = 0, stealth = 0;
  std::optional<WeaponProp> weapon;  // none: unarmed (or throwing with empty hands)
  int enchant = 0;
  int slaying = 0;
  std::optional<ArmorProp> body;
  std::optional<ArmorProp> shield;
  int shield_enchant = 0;
  std::optional<MissileProp> missile;  // thrown or fired when the attack is ranged
  Form form = Form::none;
  int claws = 0, eyeballs = 0, inaccuracy = 0;
  bool confused = false, vertigo = false, starving = false, might = false, weak = false, woe = false;
  std::optional<int> ev;  // EV straight
  std::optional<int> sh;  // player_shield_class() straight (twice the displayed SH)
  std::optional<int> ac;  // AC straight
  int hp = 0;             // for fights
  RegenSources regen;     // the regeneration a fight follows (troll leather from `body`)
  // "str=10", "weapon=none (unarmed)", ...: the values the spec left to their
  // defaults among those the answer reads (parse_combatant), for the notes.
  std::vector<std::string> defaults;
};

// A monster: a catalog row with a spec's overrides, or an inline monster.
struct Monster {
  std::string name;
  int hd = 1, ev = 0, ac = 0;
  bool fighter = false, archer = false;
  int size = Medium, speed = 10;
  MonsterEnergy energy;  // the catalog's mon_energy_usage (inline: 10 each), attack_energy= and missile_energy=
  // An inline monster's one hit (its damage=); a catalog row's own attacks,
  // none for a row that lists none (a defender only: attacking throws).
  std::vector<MonsterAttack> attacks = {{"AT_HIT", "AF_PLAIN", 1, true}};
  int attack_index = 0;  // which of the attacks `attack` reports
  std::optional<WeaponProp> weapon;
  bool game_weapon = false;    // `weapon` is the catalog's: the one the game always gives it
  bool random_weapon = false;  // unarmed here, though the game gives it a weapon drawn at random
  int enchant = 0;
  std::optional<ArmorProp> shield;
  int shield_enchant = 0;
  std::optional<int> sh_value;  // the shield's block value c (overrides the shield item)
  std::optional<MissileProp> missile;
  bool ev_given = false;  // ev was given straight (no shield adjustment)
  bool confused = false;
  int inaccuracy = 0, slaying = 0;
  int hp = 0;
  MonsterResists resists;             // the catalog's; an inline monster is natural, without resistances
  std::vector<std::string> defaults;  // "hd=1", ...: the stats an inline spec left to their defaults
};

// A spell bolt (beam.h struct bolt, as crawl_0_34::Bolt): its to-hit `hit` (AUTOMATIC_HIT 1500 always hits)
// and whether it pierces. It only attacks; it has no damage model here.
struct Bolt {
  int hit = 0;
  bool pierce = false;
};

using Combatant = std::variant<Player, Monster, Bolt>;

struct Situation {
  bool invisible = false;           // the defender is not visible to the attacker
  bool attacker_invisible = false;  // the attacker is not visible to the defender
  bool backlit = false, umbra = false;
  // caught: in a net (actor::caught; the situation flag netted, as crawl_0_34::Situation::caught)
  bool sleeping = false, paralyzed = false, petrified = false, caught = false;
  bool unaware = false, fleeing = false;  // stab chances (denominator 4)
  bool ranged = false;
  bool deflect_missiles = false, repel_missiles = false;
  int blocks = 0;  // shield blocks the defender already made this turn
};

// "player:dex=15,weapon=long_sword", "orc_warrior:hd=5", "hd=3,fighter=1,ev=8",
// "bolt:hit=30,pierce". Throws fray::Error naming the spec and key, and the
// closest catalog name for an unknown one.
[[nodiscard]] Combatant parse_combatant(std::string_view text, std::string_view role);
// Situation flags ("paralysed" is accepted for "paralyzed"); throws fray::Error
// for an unknown flag, suggesting the closest.
[[nodiscard]] Situation parse_situation(const std::vector<std::string>& flags);
// The flags parse_situation knows and what each means, for the catalog.
[[nodiscard]] std::vector<std::pair<std::string, std::string>> situation_flags();
// Every spec key with what it means ("player: dex", "monster: hd", ...), for the catalog.
[[nodiscard]] std::vector<std::pair<std::string, std::string>> spec_keys();
// "player", "bolt", or the monster's name.
[[nodiscard]] std::string combatant_name(const Combatant& c);

// --- single formulas -------------------------------------------------------------------

// player.cc get_real_hp(trans = true): the player's maximum HP from XL and
// Fighting, with the human species modifier (0) and the form's HP modifier
// (form-data.h hp_mod: statue ×13/10, ice beast ×12/10, dragon and
// tree ×15/10), no mutations, artefacts or Berserk. A fight's player HP when
// the spec gives no hp=.
[[nodiscard]] int player_max_hp(const Player& p);
// player.cc player::evasion / _player_evasion (computed, before the unseen-attacker −10).
[[nodiscard]] int player_ev(const Player& p, bool helpless = false);
// player.cc player::adjusted_body_armour_penalty(scale) and adjusted_shield_penalty(scale).
[[nodiscard]] int body_armor_penalty(const Player& p, int scale);
[[nodiscard]] int shield_penalty(const Player& p, int scale);
// player.cc player_shield_class() (twice the displayed SH); 0 without a shield.
[[nodiscard]] int player_sh(const Player& p);
// player.cc you.armour_class() from body armor and Armour skill, and the GDR
// percentage (player::gdr_perc).
[[nodiscard]] int player_ac(const Player& p);
[[nodiscard]] int player_gdr(const Player& p);
// monster.cc monster::evasion in the situation (shield penalty, helpless, caught, confused).
[[nodiscard]] int monster_ev(const Monster& m, const Situation& s);
// DCSS 0.19 the energy a monster's melee round (melee_attack.cc
// handle_phase_attempted, on its first attack only) or shot (throw.cc
// mons_throw) spends: div_rand_round(energy × delay, 10), energy its
// mon_energy_usage attack or missile, delay monster::attack_delay: 10, or
// (10 + the weapon's delay) / 2 when the round's first attack swings the
// wielded weapon (monster::weapon of attack 0: AT_HIT or AT_WEAP_ONLY; a
// launcher wielded in melee counts) or the shot is fired from a launcher.
[[nodiscard]] Pmf monster_action_cost(const Monster& m, bool ranged);
// The energy and delay behind it, with the monster's name and speed (for a fight's notes).
[[nodiscard]] MonsterTime monster_time(const Monster& m, bool ranged);
// player-act.cc player::attack_delay of the player, in aut: the thrown
// missile's, the unarmed (Bat form ×3/5), the weapon's (a launcher swung in
// melee: 15), at least 3, plus the shield's div_rand_round(min(1d P, 1d P),
// 20) with P = adjusted_shield_penalty(20). `ranged`: a missile.
[[nodiscard]] Pmf player_attack_delay_pmf(const Player& p, bool ranged);
// The player's attack delay, or a monster's action in aut (10 × its
// monster_action_cost / speed, fray/rules/crawl/energy.hpp): each value with
// its probability. The player's delay rounds with div_rand_round, so it is
// one of two values unless the skill term divides evenly (more with a shield's
// penalty); a monster's is when energy × delay is not a multiple of 10.
// `ranged`: a missile rather than melee.
[[nodiscard]] std::vector<std::pair<double, double>> attack_delays(const Combatant& c, bool ranged = false);
// Its mean.
[[nodiscard]] double attack_delay(const Combatant& c, bool ranged = false);

// --- one attack ---------------------------------------------------------------------------

// How an attack ends, in Crawl's terms.
enum class Kind : std::uint8_t { miss, block, hit, stab };
inline constexpr std::array<Kind, 4> kKinds = {Kind::miss, Kind::block, Kind::hit, Kind::stab};
// "miss", "block", "hit", "stab".
[[nodiscard]] std::string_view kind_name(Kind k) noexcept;
// The attack reaches the defender (a hit or a stab).
[[nodiscard]] constexpr bool lands(Kind k) noexcept { return k == Kind::hit || k == Kind::stab; }

// The three tests an attack makes, in the order resolve() asks them.
enum class Test : std::uint8_t { stab, block, hit };

// melee_attack::attack: a stab (attack::player_stab_check) always connects and
// cannot be blocked; otherwise a shield block (attack_shield_blocked) stops the
// attack before attack::test_hit is looked at. `passes(test)` answers a test;
// the exact reading walks every path of this rule with its probability, the
// sampled reading answers from its draws.
template <class Passes>
constexpr Kind resolve(Passes&& passes) {
  if (passes(Test::stab)) return Kind::stab;
  if (passes(Test::block)) return Kind::block;
  return passes(Test::hit) ? Kind::hit : Kind::miss;
}

// attack::test_hit's 5 % band: none (compare), an automatic hit, an automatic miss.
enum class Band : std::uint8_t { compare, hit, miss };
// Its three values with their chances: x_chance_in_y(5, 100), then coinflip().
inline constexpr std::array<std::pair<Band, double>, 3> kBand = {
    {{Band::hit, 1.0 / 40}, {Band::miss, 1.0 / 40}, {Band::compare, 19.0 / 20}}};

// attack::test_hit: hit iff to_hit − EV >= 0, unless AUTOMATIC_HIT or the band decides.
[[nodiscard]] constexpr bool test_hit(i64 to_hit, i64 ev, Band band) noexcept {
  if (to_hit >= automatic_hit) return true;
  if (band != Band::compare) return band == Band::hit;
  return to_hit - ev >= 0;
}
// attack::attack_shield_blocked: pro >= con; a bolt's bolt::attempt_block: con < pro.
[[nodiscard]] constexpr bool blocks(i64 pro, i64 con, bool strict = false) noexcept {
  return strict ? pro > con : pro >= con;
}

// Everything one attack needs, resolved from the combatants and the situation.
struct AttackPlan {
  bool player_attacker = false, player_defender = false;
  Chain to_hit;      // the final to-hit number (attack::calc_to_hit and its callers)
  Chain ev;          // the EV it is compared with (random2avg(2·EV, 2) when a monster attacks)
  bool band = true;  // the 5 % automatic band (melee and missiles, not bolts)
  // The shield: con = random2(bypass(to_hit)), pro = shield_bonus; blocked when blocks(pro, con).
  bool can_block = false;
  Chain shield_bonus;    // the defender's shield_bonus() (÷3 when the attacker is unseen)
  i64 bypass_base = 15;  // shield_bypass_ability: 15 + to_hit/2 (player) or 15 + HD·2/3 (monster)
  bool bypass_uses_to_hit = false;
  i64 block_penalty = 0;      // 5·blocks² (player defender) or 4·blocks² (monster)
  bool block_strict = false;  // bolts block when pro > con (beam.cc), attacks when pro >= con
  // The stab: 0 none, 1 always, 4 a chance x_chance_in_y(stab_roll, 100).
  int stab_denom = 0;
  Chain stab_roll;
  // Damage of a landed hit and of a stab (attack::calc_damage); when
  // damage_modeled is false both are 0 and damage_note says why.
  Chain damage;
  Chain stab_damage;
  bool damage_modeled = true;
  std::string damage_note;

  [[nodiscard]] i64 bypass(i64 to_hit) const noexcept {
    return bypass_base + (bypass_uses_to_hit ? to_hit / 2 : 0) + block_penalty;
  }
  // The chain whose value is the damage of a landed attack of kind k.
  [[nodiscard]] const Chain& damage_of(Kind k) const noexcept {
    return k == Kind::stab && stab_denom > 0 ? stab_damage : damage;
  }
};

[[nodiscard]] AttackPlan plan_attack(const Combatant& attacker, const Combatant& defender, const Situation& s);

// The exact reading of a plan.
struct Outcome {
  double p_hit = 0;                // the attack lands: a stab or a hit
  std::array<double, 4> p_kind{};  // by Kind: miss, block, hit, stab; sums to 1
  Pmf damage;                      // per attack: a miss or a block is 0
  Pmf damage_on_hit;               // given that it lands (a point mass at 0 when it never does)
  Pmf to_hit;                      // the final to-hit number
  Pmf ev;                          // the EV it is compared with

  [[nodiscard]] double p(Kind k) const noexcept { return p_kind[static_cast<std::size_t>(k)]; }
};

[[nodiscard]] Outcome exact_outcome(const AttackPlan& plan);

// One sampled attack.
struct StrikeResult {
  Kind kind = Kind::miss;
  i64 to_hit = 0, ev = 0, damage = 0;
  std::optional<i64> con, pro;     // the block roll, when the defender can block
  std::optional<i64> stab_chance;  // the stab's x in x_chance_in_y(x, 100), when it has a chance

  [[nodiscard]] bool hit() const noexcept { return lands(kind); }
};

// One sampled attack, drawing in the game's order: to-hit, EV, the 5 % band,
// the block (con, then pro), the stab, the damage. `on_draw` sees every draw.
template <UniformEngine R, class F = NoDraws>
StrikeResult strike(const AttackPlan& p, R& rng, F&& on_draw = {}) {
  StrikeResult r;
  r.to_hit = p.to_hit.sample(rng, on_draw);
  r.ev = p.ev.sample(rng, on_draw);
  Band band = Band::compare;
  if (p.band && r.to_hit < automatic_hit) {
    const bool decided = x_chance_in_y(rng, 5, 100);
    if constexpr (records_draws<F>) on_draw(Draw{"5% automatic band", "x_chance_in_y(5, 100)", decided ? 1 : 0});
    if (decided) {
      const bool up = coinflip(rng);
      if constexpr (records_draws<F>) on_draw(Draw{"5% band: hit or miss", "coinflip()", up ? 1 : 0});
      band = up ? Band::hit : Band::miss;
    }
  }
  bool blocked = false;
  if (p.can_block) {
    const i64 n = p.bypass(r.to_hit);
    r.con = crawl::random2(rng, n);
    if constexpr (records_draws<F>)
      if (n > 1) on_draw(Draw{"block: shield bypass (con)", fmt_random2(n), *r.con});
    r.pro = p.shield_bonus.sample(rng, on_draw);
    blocked = blocks(*r.pro, *r.con, p.block_strict);
  }
  bool stab = p.stab_denom == 1;
  if (p.stab_denom == 4) {
    r.stab_chance = p.stab_roll.sample(rng, on_draw);
    stab = x_chance_in_y(rng, *r.stab_chance, 100);
    if constexpr (records_draws<F>)
      if (*r.stab_chance > 0 && *r.stab_chance < 100)
        on_draw(Draw{"stab", "x_chance_in_y(" + std::to_string(*r.stab_chance) + ", 100)", stab ? 1 : 0});
  }
  const bool hit = test_hit(r.to_hit, r.ev, band);
  r.kind = resolve([&](Test t) { return t == Test::stab ? stab : t == Test::block ? blocked : hit; });
  if (lands(r.kind) && p.damage_modeled) r.damage = p.damage_of(r.kind).sample(rng, on_draw);
  return r;
}

// beam.cc _test_beam_hit for a bolt against the player with EV `ev` and no
// shield: exact P(hit), read from the bolt's plan. defl: 0 none, 1 Repel
// Missiles, 2 Deflect Missiles.
[[nodiscard]] double beam_hit_probability(i64 hit, i64 ev, int defl, bool pierce);

// --- sweeps ---------------------------------------------------------------------------------

// The most rows one skill sweep gives.
inline constexpr std::size_t kMaxSkillSweepRows = 10000;

// Raises `stat` ("fighting", "weapon_skill" or "dex") of the player attacker
// from `from` to `to` in steps of `step`: a table of value, p_hit and
// mean_damage per attack, each row exact (the numbers the game's fight
// simulator estimates). The values are counted as fray::sweep_values counts
// them: at most kMaxSkillSweepRows, a step too small to tell two apart refused.
[[nodiscard]] Table sweep(const Combatant& attacker, const Combatant& defender, const Situation& s,
                          std::string_view stat, double from, double to, double step = 1);

}  // namespace fray::crawl
