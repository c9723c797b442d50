// fray/rules/crawl_0_34/catalog.hpp — the DCSS 0.34.1 item and monster tables
// embedded from data/crawl_0_34/ (weapons.json: item-prop.cc Weapon_prop,
// Missile_prop, Armour_prop; monsters.json: mon-data.h rows).
#pragma once

#include <fray/rules/crawl/energy.hpp>
#include <fray/rules/crawl/poison.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fray::crawl_0_34 {

// Body sizes, as 0.34 numbers them (size-type.h: SIZE_TINY .. SIZE_GIANT;
// 0.19's SIZE_BIG is gone, so a giant is 5 and its EV size factor
// 2·(SIZE_MEDIUM − size) is −4).
enum Size : int { Tiny = 0, Little, Small, Medium, Large, Giant };
// "medium" or "SIZE_MEDIUM"; throws fray::Error naming the word.
[[nodiscard]] int parse_size(std::string_view word);
[[nodiscard]] std::string_view size_name(int size);

struct WeaponProp {
  std::string name;          // "long sword"
  std::string skill;         // "SK_LONG_BLADES"
  int damage = 0;            // PWPN_DAMAGE
  int accuracy = 0;          // PWPN_HIT
  int base_delay = 10;       // aut at skill 0
  int min_delay = 10;        // weapon_min_delay
  int min_delay_skill = 0;   // the skill level that reaches min_delay
  bool ranged = false;       // a launcher (skill SK_RANGED_WEAPONS)
  bool legacy = false;       // kept for old saves only
  bool crossbow = false;     // is_crossbow
  int min_2h_size = Tiny;    // the smallest size that can wield it (is_weapon_too_large)
  int min_1h_size = Tiny;    // the smallest that wields it in one hand (basic_hands_reqd); 6: none
  bool magic_staff = false;  // an OBJ_STAVES item: the "staff" row, its enchantment ignored
};

struct ArmorProp {
  std::string name;
  std::string slot;    // "SLOT_BODY_ARMOUR", "SLOT_OFFHAND", ...
  int ac = 0;          // base AC
  int ev_penalty = 0;  // PARM_EVASION (tenths, <= 0)
  bool legacy = false;
  [[nodiscard]] bool is_shield() const noexcept {
    return slot == "SLOT_OFFHAND" && (name == "buckler" || name == "kite shield" || name == "tower shield");
  }
  [[nodiscard]] bool is_body() const noexcept { return slot == "SLOT_BODY_ARMOUR"; }
};

struct MissileProp {
  std::string name;
  int damage = 0;
  bool legacy = false;
};

struct MonsterAttack {
  std::string type;     // "AT_HIT"
  std::string flavour;  // "AF_PLAIN"
  int damage = 0;
  friend bool operator==(const MonsterAttack&, const MonsterAttack&) = default;
};

struct MonsterProp {
  std::string name;
  int hd = 1;
  int avg_hp_x10 = 10;
  int ac = 0;
  int ev = 0;
  bool fighter = false;  // M_FIGHTER
  bool archer = false;   // M_ARCHER
  int size = Medium;
  int speed = 10;
  crawl::MonsterEnergy energy;  // mon_energy_usage of dat/mons: the energy each kind of action costs
  std::vector<MonsterAttack> attacks;
  crawl::MonsterResists resists;  // res_fire, res_cold, res_neg, natural, res_poison
  // The weapon type mon-gear.cc make_mons_weapon always gives it ("" when it
  // gives none, or draws one at random: `weapon_random`).
  std::string weapon;
  bool weapon_random = false;
};

[[nodiscard]] std::span<const WeaponProp> weapons();
[[nodiscard]] std::span<const ArmorProp> armors();
[[nodiscard]] std::span<const MissileProp> missiles();
[[nodiscard]] std::span<const MonsterProp> monsters();

// Look-ups by catalog key ("long_sword", "orc_warrior") or the game's own
// spelling ("long sword"); nullptr when unknown. find_weapon("magical_staff")
// is the staff row read as a magical staff.
[[nodiscard]] const WeaponProp* find_weapon(std::string_view key);
[[nodiscard]] const ArmorProp* find_armor(std::string_view key);
[[nodiscard]] const MissileProp* find_missile(std::string_view key);
[[nodiscard]] const MonsterProp* find_monster(std::string_view key);
// The same, throwing fray::Error naming the key and the closest known names.
[[nodiscard]] const WeaponProp& lookup_weapon(std::string_view key);
[[nodiscard]] const ArmorProp& lookup_armor(std::string_view key);
[[nodiscard]] const MissileProp& lookup_missile(std::string_view key);
[[nodiscard]] const MonsterProp& lookup_monster(std::string_view key);

}  // namespace fray::crawl_0_34
