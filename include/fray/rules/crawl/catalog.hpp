// fray/rules/crawl/catalog.hpp — the DCSS 0.19 item and monster tables
// embedded from data/crawl/ (weapons.json: Weapon_prop, Missile_prop,
// Armour_prop; monsters.json: mon-data.h rows).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fray::crawl {

// Body sizes, as the game numbers them.
enum Size : int { Tiny = 0, Little, Small, Medium, Large, Big, Giant };
[[nodiscard]] int parse_size(std::string_view word);  // "medium" or "SIZE_MEDIUM"; throws fray::Error
[[nodiscard]] std::string_view size_name(int size);

struct WeaponProp {
  std::string name;    // "long sword"
  std::string skill;   // "SK_LONG_BLADES"
  int damage = 0;      // PWPN_DAMAGE
  int accuracy = 0;    // PWPN_HIT
  int base_delay = 10; // aut
  int min_delay = 10;
  int min_delay_skill = 0;
  bool ranged = false;  // a launcher
  bool legacy = false;
  bool magic_staff = false;  // a magical staff: the "staff" row, enchantment ignored
};

struct ArmourProp {
  std::string name;
  std::string slot;      // "EQ_BODY_ARMOUR", "EQ_SHIELD", ...
  int ac = 0;            // base AC
  int ev_penalty = 0;    // PARM_EVASION (tenths, <= 0)
};

struct MissileProp {
  std::string name;
  int damage = 0;
  bool throwable = false;
};

struct MonsterAttack {
  std::string type;     // "AT_HIT"
  std::string flavour;  // "AF_PLAIN"
  int damage = 0;
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
  std::vector<MonsterAttack> attacks;
};

// Lookups by catalog key ("long_sword", "orc_warrior"); throw fray::Error
// naming the unknown item. weapon("magical_staff") is the staff row flagged
// as a magical staff.
[[nodiscard]] const WeaponProp& weapon(std::string_view key);
[[nodiscard]] const ArmourProp& armour(std::string_view key);
[[nodiscard]] const MissileProp& missile(std::string_view key);
[[nodiscard]] const MonsterProp& monster(std::string_view key);
[[nodiscard]] const std::vector<WeaponProp>& weapons();
[[nodiscard]] const std::vector<MonsterProp>& monsters();

}  // namespace fray::crawl
