// fray/rules/crawl/catalog.hpp — the DCSS 0.19 item and monster tables
// embedded from data/crawl/ (weapons.json: itemprop.cc Weapon_prop,
// Missile_prop, Armour_prop; monsters.json: mon-data.h rows).
//
// Every word the rules test (a weapon's skill, a shield's kind, an armor's
// slot, whether a monster attack swings the wielded weapon) is read into an
// enumeration once, when the tables load; the attack code never compares names.
#pragma once

#include <cstdint>
#include <fray/rules/crawl/energy.hpp>
#include <fray/rules/crawl/poison.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fray::crawl {

// Body sizes, as the game numbers them (size_type).
enum Size : int { Tiny = 0, Little, Small, Medium, Large, Big, Giant };
[[nodiscard]] int parse_size(std::string_view word);  // "medium" or "SIZE_MEDIUM"; throws fray::Error
[[nodiscard]] std::string_view size_name(int size);

// The weapon skills of 0.19 (skill_type) that a weapon can train.
enum class Skill : std::uint8_t {
  fighting,
  short_blades,
  long_blades,
  axes,
  maces_flails,
  polearms,
  staves,
  slings,
  bows,
  crossbows,
  throwing,
};
// "SK_LONG_BLADES" or "long_blades"; throws fray::Error.
[[nodiscard]] Skill parse_skill(std::string_view word);
// "long_blades".
[[nodiscard]] std::string_view skill_name(Skill skill) noexcept;

struct WeaponProp {
  std::string name;  // "long sword"
  Skill skill = Skill::fighting;
  int damage = 0;       // PWPN_DAMAGE
  int accuracy = 0;     // PWPN_HIT
  int base_delay = 10;  // aut
  int min_delay = 10;
  int min_delay_skill = 0;
  bool ranged = false;       // a launcher
  bool legacy = false;       // not generated in 0.19, kept for old saves
  bool magic_staff = false;  // a magical staff: the "staff" row, enchantment ignored
  bool dagger = false;       // stab damage doubles the dex term (attack::player_stab_weapon_bonus)
  bool blowgun = false;      // its enchantment adds no damage (ranged_attack::calc_damage)
  int min_2h_size = Tiny;    // the smallest size that can wield it (is_weapon_wieldable)
  int min_1h_size = Tiny;    // the smallest that wields it in one hand (hands_reqd); 7: none
};

// Where an armor is worn (equipment_type), as far as the rules care.
enum class ArmorSlot : std::uint8_t { body, shield, other };
// The three shields: their block and penalty formulas differ (player.cc player_shield_class).
enum class ShieldKind : std::uint8_t { none, buckler, shield, large_shield };

struct ArmorProp {
  std::string name;
  ArmorSlot slot = ArmorSlot::other;
  ShieldKind shield = ShieldKind::none;  // for ArmorSlot::shield
  int ac = 0;                            // base AC
  int ev_penalty = 0;                    // PARM_EVASION (tenths, <= 0)
};

struct MissileProp {
  std::string name;
  int damage = 0;
  bool throwable = false;
};

struct MonsterAttack {
  std::string type;     // "AT_HIT", for reports
  std::string flavour;  // "AF_PLAIN", for reports
  int damage = 0;
  bool uses_weapon = false;  // AT_HIT and AT_WEAP_ONLY swing the wielded weapon (monster::weapon)
};

struct MonsterProp {
  std::string name;
  int hd = 1;
  int avg_hp_x10 = 10;
  int ac = 0;
  int ev = 0;
  bool fighter = false;
  bool archer = false;
  int size = Medium;
  int speed = 10;
  MonsterEnergy energy;  // mon_energy_usage: the energy each kind of action costs
  std::vector<MonsterAttack> attacks;
  MonsterResists resists;  // res_fire, res_cold, res_neg, natural, res_poison
  // The weapon type mon-gear.cc make_mons_weapon always gives it ("" when it
  // gives none, or draws one at random: `weapon_random`).
  std::string weapon;
  bool weapon_random = false;
};

// Lookups by catalog key ("long_sword", "orc_warrior"). find_* returns nullptr
// for an unknown key; lookup_* throws fray::Error naming it and suggesting the
// closest keys. "magical_staff" is the staff row flagged as a magical staff.
[[nodiscard]] const WeaponProp* find_weapon(std::string_view key);
[[nodiscard]] const ArmorProp* find_armor(std::string_view key);
[[nodiscard]] const MissileProp* find_missile(std::string_view key);
[[nodiscard]] const MonsterProp* find_monster(std::string_view key);
[[nodiscard]] const WeaponProp& lookup_weapon(std::string_view key);
[[nodiscard]] const ArmorProp& lookup_armor(std::string_view key);
[[nodiscard]] const MissileProp& lookup_missile(std::string_view key);
[[nodiscard]] const MonsterProp& lookup_monster(std::string_view key);

// Whole tables, in the data files' order.
[[nodiscard]] std::span<const WeaponProp> weapons();
[[nodiscard]] std::span<const ArmorProp> armors();
[[nodiscard]] std::span<const MissileProp> missiles();
[[nodiscard]] std::span<const MonsterProp> monsters();

}  // namespace fray::crawl
