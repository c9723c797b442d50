// fray/rules/crawl_0_34/combat.hpp — DCSS 0.34.1 combatants and the single
// formulas an attack is built from: player EV and SH at 1/100, monster EV and
// shield class, block limits, the stat multiplier of damage, AC with GDR, and
// attack delay.
//
// The random primitives (random2, div_rand_round, ...) and the Chain that
// holds one formula as labelled steps are DCSS's own and unchanged since 0.19;
// they come from rules/crawl.
#pragma once

#include <cstdint>
#include <fray/core/pmf.hpp>
#include <fray/core/rng.hpp>
#include <fray/rules/crawl/chain.hpp>
#include <fray/rules/crawl/energy.hpp>
#include <fray/rules/crawl/random.hpp>
#include <fray/rules/crawl/regen.hpp>
#include <fray/rules/crawl_0_34/catalog.hpp>
#include <fray/rules/crawl_0_34/species.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fray::crawl_0_34 {

using crawl::Chain;
using crawl::i64;
using crawl::Prim;
using crawl::Term;

constexpr i64 automatic_hit = 1500;  // AUTOMATIC_HIT

// A weapon's brand (item-prop-enum.h brand_type, those a wielded weapon or
// launcher can carry in 0.34.1), by its spec key.
enum class Brand : std::uint8_t {
  none,
  flaming,
  freezing,
  holy_wrath,
  electrocution,
  venom,
  protection,
  draining,
  speed,
  heavy,
  vampirism,
  pain,
  antimagic,
  distortion,
  chaos,
  penetration,
  reaping,
  spectral,
  rebuke,
  valour,
  entangling,
  sundering,
  concussion,
  devious,
  acid,
  foul_flame,
};
struct BrandInfo {
  Brand brand;
  std::string_view key;     // "holy_wrath"
  std::string_view effect;  // what it does, and what of it fray follows
  bool modelled;            // fray follows all the brand does in a fight
};
// Every brand but none, in brand_type's order.
[[nodiscard]] std::span<const BrandInfo> brands();
[[nodiscard]] const BrandInfo& brand_info(Brand b);
// A brand by its key ("flaming", "holy_wrath"; "holy wrath", "spectralising"
// and "foul flame" as the game writes them; "none"). Throws fray::Error
// naming the word and the closest brands.
[[nodiscard]] Brand lookup_brand(std::string_view word);
// The same, none when the word is no brand fray knows.
[[nodiscard]] std::optional<Brand> find_brand(std::string_view word);

// The player. Skills are stored ×100, as you.skill(sk, 100) gives them.
struct Player {
  int str = 10, dex = 10, xl = 1;
  const Species* species = nullptr;  // species=: its size, claws, HP and equipment limits (none: a human)
  int size = Medium;
  int fighting = 0, weapon_skill = 0, dodging = 0, armor_skill = 0, shields = 0, unarmed = 0, throwing = 0, stealth = 0;
  std::optional<WeaponProp> weapon;  // none: unarmed, or a thrown missile
  int enchant = 0;                   // the weapon's plus
  Brand brand = Brand::none;         // the weapon's brand
  int slaying = 0;                   // player::slaying(): rings, randarts, hurling ego, mutations ...
  std::optional<ArmorProp> body;
  int body_enchant = 0;  // the body armour's plus: AC only
  std::optional<ArmorProp> shield;
  int shield_enchant = 0;              // the shield's plus: SH only
  std::optional<MissileProp> missile;  // thrown when the attack is ranged and no launcher is wielded
  int claws = 0, eyeballs = 0, inaccuracy = 0;
  bool confused = false, vertigo = false, might = false, weak = false, woe = false;
  std::optional<int> ev100;  // _player_evasion(100) straight
  std::optional<int> sh100;  // player_shield_class(100) straight
  std::optional<int> ac100;  // armour_class at ×100 straight
  int hp = 0;
  crawl::RegenSources regen;  // the regeneration a fight follows (troll leather from `body`)
  // "str=10", "weapon=none (unarmed)", ...: the values the spec left to their
  // defaults among those the answer reads (parse_combatant), for the notes.
  std::vector<std::string> defaults;
};

// A monster as it fights: its catalog row with the items it carries.
struct Creature {
  std::string name = "monster";
  int hd = 1, ev = 0, ac = 0;
  bool fighter = false, archer = false;
  int size = Medium, speed = 10;
  crawl::MonsterEnergy energy;  // the catalog's mon_energy_usage (inline: 10 each), attack_energy= and missile_energy=
  std::vector<MonsterAttack> attacks;
  int attack_index = 0;  // which attack of `attacks` is made
  std::optional<WeaponProp> weapon;
  bool game_weapon = false;    // `weapon` is the catalog's: the one the game always gives it
  bool random_weapon = false;  // unarmed here, though the game gives it a weapon drawn at random
  int enchant = 0;
  std::optional<ArmorProp> body;
  std::optional<ArmorProp> shield;
  int shield_enchant = 0;
  std::optional<int> shield_class;  // monster::shield_class() straight
  bool confused = false;
  int inaccuracy = 0, slaying = 0;
  int hp = 0;
  crawl::MonsterResists resists;      // the catalog's; an inline monster is natural, without resistances
  std::vector<std::string> defaults;  // "ev=0", ...: what an inline spec left to its defaults
};

// A spell or other bolt (beam.cc): its to-hit `hit` (AUTOMATIC_HIT always hits).
struct Bolt {
  int hit = 0;
};

// --- player EV, SH, AC -------------------------------------------------------------------

// DCSS 0.34 player::skill(sk, scale) from a skill's ×100 level (as Player holds them): level × scale, rounded down.
[[nodiscard]] constexpr i64 player_skill(int x100, i64 scale) { return static_cast<i64>(x100) * scale / 100; }

// DCSS 0.34 player.cc adjusted_body_armour_penalty(scale): 2·b²·(450 − armour×10)·scale / (5·(str+3)) / 450.
[[nodiscard]] i64 body_armor_penalty(const Player& p, i64 scale);
// DCSS 0.34 player.cc adjusted_shield_penalty(scale): 2·s²·(270 − shields×10)·scale / (25 + 5·str) / 270.
[[nodiscard]] i64 shield_penalty(const Player& p, i64 scale);

// What changes the player's EV in one attack (player.cc _player_evasion).
struct EvasionState {
  bool helpless = false;     // asleep, paralysed or petrified: at most (2 + sf/2)
  bool caught = false;       // caught in a net or web (or petrifying): halved
  bool constricted = false;  // −10
};
// DCSS 0.34 player.cc _player_evasion(100): the EV at 1/100, before random rounding.
[[nodiscard]] i64 player_ev100(const Player& p, const EvasionState& s = {});
// player::evasion(): div_rand_round(ev100, 100), less 10 when the attacker is unseen.
[[nodiscard]] Pmf player_ev_pmf(const Player& p, const EvasionState& s = {}, bool attacker_unseen = false);

// DCSS 0.34 player.cc _sh_from_shield / player_shield_class(100): SH at 1/100
// (twice the displayed SH); 0 without a shield.
[[nodiscard]] i64 player_sh100(const Player& p);
// DCSS 0.34 player.cc base_ac: the body armour's AC at 1/100, base_AC·(440 +
// armour×20)/440 + 100·plus (a shield gives SH, not AC); armour_class()
// random-rounds it.
[[nodiscard]] i64 player_ac100(const Player& p);
// DCSS 0.34 player.cc gdr_perc: 16·AC^(1/4), truncated.
[[nodiscard]] i64 gdr_perc(i64 ac);

// DCSS 0.34 item-prop.cc shield_block_limit / actor::shield_block_limit: the
// blocks a shield makes in one turn: buckler 2, kite shield 3, tower shield 4,
// 1 for SH from anything else.
[[nodiscard]] int block_limit(const std::optional<ArmorProp>& shield);

// --- monster EV and SH -------------------------------------------------------------------

// What changes a monster's EV in one attack (monster.cc monster::evasion).
struct MonsterState {
  bool helpless = false;  // asleep, paralysed or petrified: 0
  bool caught = false;    // caught in a net or web: / 5
  bool constricted = false;
};
// DCSS 0.34 monster.cc monster::evasion: base EV, + PARM_EVASION/60 per armour
// piece, 0 when helpless, /5 when caught (else /2 when confused), −10 constricted.
[[nodiscard]] i64 monster_ev(const Creature& m, const MonsterState& s = {});
// DCSS 0.34 monster.cc monster::shield_class: (shield AC + plus)·2 + HD·4/3; 0 without a shield.
[[nodiscard]] i64 monster_shield_class(const Creature& m);

// --- damage pieces -----------------------------------------------------------------------

// DCSS 0.34 fight.cc stat_modify_damage: the maximum of the base roll at 1/100,
// pot·(75 + 2.5·stat) truncated (at least pot·1 %).
[[nodiscard]] i64 stat_damage100(i64 pot, int stat);
// Long blades, short blades and launchers scale with dex; everything else with str.
[[nodiscard]] bool dex_weapon(const std::string& skill);

// DCSS 0.34 actor::apply_ac with ac_type::normal: the damage armour saves.
// The draws, in the game's order: armour_class() (the player's is random-
// rounded from ×100), gdr_perc() (the player's reads armour_class() again),
// random2(1 + AC), div_rand_round(AC, 2); then
// saved = max(random2(1 + AC), min(gdr·dmax/100, div_rand_round(AC, 2))).
// Player attacks pass dmax 0 and monsters have no GDR, so only monster hits on
// the player see the GDR floor.
struct ArmorRoll {
  i64 ac100 = 0;         // the defender's AC at 1/100
  bool rounds = false;   // armour_class() random-rounds (the player)
  bool has_gdr = false;  // the player
  i64 dmax = 0;          // the attack's maximum damage

  [[nodiscard]] Prim ac_read() const { return rounds ? Prim::div_rand_round(ac100, 100) : Prim::constant(ac100 / 100); }
  // The rule for drawn values.
  [[nodiscard]] i64 saved(i64 ac_gdr, i64 roll, i64 half) const {
    const i64 gdr = has_gdr ? gdr_perc(std::max<i64>(0, ac_gdr)) : 0;
    return std::max(roll, std::min(gdr * dmax / 100, half));
  }
  [[nodiscard]] Pmf exact() const;  // the saved amount
  template <UniformEngine R, class OnDraw>
  i64 sample(R& rng, OnDraw&& on_draw) const {
    constexpr bool traced = crawl::records_draws<OnDraw>;  // no label or call text built without a trace
    const Prim read = ac_read();
    const i64 ac = std::max<i64>(0, read.sample(rng));
    if constexpr (traced)
      if (read.draws()) on_draw(Draw{"armour_class()", read.text(), ac});
    i64 ac_gdr = 0;
    if (has_gdr) {
      ac_gdr = read.sample(rng);
      if constexpr (traced)
        if (read.draws()) on_draw(Draw{"gdr_perc: armour_class()", read.text(), ac_gdr});
    }
    const i64 roll = crawl::random2(rng, 1 + ac);
    if constexpr (traced)
      if (ac > 0) on_draw(Draw{"AC roll", crawl::fmt_random2(1 + ac), roll});
    const Prim h = Prim::div_rand_round(ac, 2);
    const i64 half = h.sample(rng);
    if constexpr (traced)
      if (h.draws()) on_draw(Draw{"GDR: AC/2", h.text(), half});
    return saved(ac_gdr, roll, half);
  }
};

// max(0, d − saved) for independent pre-armour damage and saved amount.
[[nodiscard]] Pmf after_armor(const Pmf& damage, const Pmf& saved);

// --- attack delay ------------------------------------------------------------------------

// DCSS 0.34 player-act.cc player::attack_delay_with, in aut, at normal speed:
// weapon speed − div_rand_round(min(skill×10, 10·min_delay_skill), 20) (unarmed:
// 10 − div_rand_round(UC×10, 54)), at least 3, then + div_rand_round(ASP(20), 20)
// for a shield and, for a launcher, + div_rand_round(ABAP(20), 20). A thrown
// missile: 10 + damage/2 − div_rand_round(throwing×10, 20), at least 7.
[[nodiscard]] Chain player_attack_delay(const Player& p, bool ranged);
// DCSS 0.34 the energy a monster's melee round (fight.cc fight_melee, once for
// all its attacks) or shot (throw.cc mons_throw) spends: div_rand_round(energy
// × monster::attack_delay, 10), energy its mon_energy_usage attack or missile,
// attack_delay 10 (weapon_adjust_delay of a weapon without the speed or heavy
// brand, which fray does not model): the energy itself.
[[nodiscard]] Pmf monster_action_cost(const Creature& m, bool ranged);
// The energy and delay behind it, with the monster's name and speed (for a fight's notes).
[[nodiscard]] crawl::MonsterTime monster_time(const Creature& m, bool ranged);
// Its time at the monster's speed (fray/rules/crawl/energy.hpp): 10 × cost /
// speed aut, each value with its chance (an ogre's 15 energy at speed 10: 15 aut).
[[nodiscard]] std::vector<std::pair<double, double>> monster_attack_delays(const Creature& m, bool ranged);

}  // namespace fray::crawl_0_34
