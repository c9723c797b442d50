// fray/rules/brogue/catalog.hpp — Brogue CE's monsters, weapons and armor.
//
// The catalogs are JSON under data/brogue/, embedded in the library, read off
// Brogue CE 1.15 (1.15.1 has the same tables): 67 monsters (Globals.c
// monsterCatalog, in MK_* order), 15 weapons (Globals.c weaponTable), 6 armors
// (armorTable), and the player's start (the catalog entry "you" and RogueMain.c
// initializeRogue's kit). tests/rules/brogue/catalog_test.cpp holds every row to
// the tables tools/brogue/extract.py reads off the game's source.
#pragma once

#include <cstdint>
#include <fray/rules/brogue/combat.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fray::brogue {

struct Monster {
  std::string name;  // as the game spells it: "vampire bat"
  std::string key;   // catalog key: "vampire_bat"
  std::int64_t hp = 0, defense = 0, accuracy = 0;
  Clump damage;
  std::int64_t attack_speed = 100, movement_speed = 100;
  // Flags that change a melee exchange.
  bool immune_to_weapons = false;  // MONST_IMMUNE_TO_WEAPONS (revenant, guardians)
  bool invulnerable = false;       // MONST_INVULNERABLE (Warden of Yendor)
  bool inanimate = false;          // MONST_INANIMATE: never sneak-attacked, asleep or paralyzed
  bool degrades_weapon = false;    // MONST_DEFEND_DEGRADE_WEAPON (acid mound, acidic jelly)
  bool degrades_armor = false;     // MA_HIT_DEGRADE_ARMOR
  bool kamikaze = false;           // MA_KAMIKAZE: bursts instead of attacking
  bool seizes = false;             // MA_SEIZES: first attack seizes
  bool poisons = false;            // MA_POISONS: damage becomes poison
  bool transference = false;       // MA_TRANSFERENCE: heals by the damage dealt
  // Every behaviour and ability flag as the catalog spells it, and the turns
  // between two regenerated HP (0: none), for the list of its mechanics.
  std::vector<std::string> flags, ability_flags;
  std::int64_t turns_between_regen = 0;
};

struct Weapon {
  std::string name, key;
  Clump damage;
  std::int64_t strength_required = 10;
  bool thrown = false;
  bool sneak_bonus = false;  // ITEM_SNEAK_ATTACK_BONUS (dagger): x5 instead of x3
  bool lunges = false;       // ITEM_LUNGE_ATTACKS (rapier)
  bool quick = false;        // ITEM_ATTACKS_QUICKLY (rapier): half attack time
  bool staggers = false;     // ITEM_ATTACKS_STAGGER (mace, war hammer): recovery doubles after a hit
};

struct Armor {
  std::string name, key;
  std::int64_t armor = 0;  // internal (x10)
  std::int64_t strength_required = 10;
};

struct PlayerStart {
  std::int64_t hp = 30, strength = 12, accuracy = 100;
  Clump unarmed{1, 2, 1};
  std::string weapon = "dagger", armor = "leather_armor";
};

[[nodiscard]] std::span<const Monster> monsters();
[[nodiscard]] std::span<const Weapon> weapons();
[[nodiscard]] std::span<const Armor> armors();
[[nodiscard]] const PlayerStart& player_start();

// Look-ups by catalog key ("vampire_bat", "war_hammer", "leather_armor"); the
// game's own spelling ("vampire bat") is accepted too. nullptr when unknown.
[[nodiscard]] const Monster* find_monster(std::string_view name);
[[nodiscard]] const Weapon* find_weapon(std::string_view name);
[[nodiscard]] const Armor* find_armor(std::string_view name);

// The same look-ups for a name that must exist: an unknown one throws
// fray::Error naming it and the closest keys ("did you mean 'dragon'?").
[[nodiscard]] const Monster& lookup_monster(std::string_view name);
[[nodiscard]] const Weapon& lookup_weapon(std::string_view name);
[[nodiscard]] const Armor& lookup_armor(std::string_view name);

// "unknown monster 'dragonn' (did you mean 'dragon'?)": the message both the
// look-ups above and the spec reader give. `kind` is "monster", "weapon", "armor".
[[nodiscard]] std::string unknown_name(std::string_view kind, std::string_view name);

}  // namespace fray::brogue
