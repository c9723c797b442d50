// fray/rules/crawl_0_34/character.hpp — a DCSS 0.34 character file (the `#`
// dump, or the morgue file a game ends with) read as a player spec.
//
// The file is the text chardump.cc writes: its header line (" Dungeon Crawl
// Stone Soup version 0.34.x (...) character file."), the overview screen
// (output.cc: Health or HP, AC, EV, SH, Str, Int, Dex, XL, the equipment
// column, the "@:" status and "A:" mutation lines), the inventory (item-name.cc
// DESC_INVENTORY_EQUIP: "(weapon)", "(worn)", "(melded)" mark what is
// equipped) and the skills table (skills.cc dump_skills: " + Level 14.3
// Fighting", the current level in brackets when it differs from the base
// one). parse_character reads what fray's 0.34 player spec takes and lists
// everything else it found in `unused`, with the reason.
//
//   auto c = fray::crawl_0_34::parse_character(text, "morgue.txt");
//   c.spec;    // "player:species=minotaur,xl=27,str=24,dex=23,hp=252,fighting=27,..."
//   c.unused;  // {"axes=22.2: not the wielded weapon's skill", ...}
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fray::crawl_0_34 {

// One equipped item as the inventory shows it.
struct CharacterItem {
  std::string slot;        // weapon, body, shield, helmet, cloak, gloves, boots, barding, amulet, ring, talisman, ...
  std::string text;        // the inventory's name, without its letter and marks ("the +9 heavy eveningstar")
  std::string base;        // fray's catalog name ("eveningstar", "plate armour"); empty when fray has none
  int enchant = 0;         // the +N the name shows (0 when none)
  std::string brand;       // weapon or armour ego ("heavy", "flaming", "protection"); empty when none
  std::string artefact;    // the artefact's own name ("Singing Sword", "of Doom"); empty for a plain item
  bool unrandart = false;  // a named unrandart of data/crawl_0_34/unrands.json
  std::vector<std::string> properties;  // the {...} tokens ("rElec", "Slay+2", "sonic wave")
  bool melded = false;                  // melded into a form: the game ignores it
};

struct Character {
  std::string version;     // "0.34.1", as the header gives it
  std::string name;        // the character's name
  std::string species;     // fray's species key ("minotaur", "deep_elf")
  std::string background;  // "Fighter"
  int xl = 1, str = 0, intel = 0, dex = 0;
  int hp = 0, hp_max = 0;                // the overview's current and maximum HP
  int ac = 0, ev = 0, sh = 0;            // as displayed (SH is player_shield_class()/2)
  std::string god;                       // "" when none
  std::string form;                      // "statue" for statue-form; "" when none
  std::map<std::string, double> skills;  // spec key ("fighting", "maces_flails") -> the current level
  std::optional<CharacterItem> weapon, body, shield;
  std::vector<CharacterItem> other;  // every other equipped item (helmet, rings, talisman, ...)
  int slaying = 0;                   // rings of slaying and Slay±N properties of the equipped items
  std::string spec;                  // the attacker spec: player:species=...,xl=...,...
  std::vector<std::string> unused;   // what the file holds and the spec does not carry, each with why
};

// Reads a DCSS 0.34 character file; `source` names it in errors ("FILE: ...").
// Throws fray::Error for anything that is not one: another version, no
// overview, no skills table, a stat out of the spec's range, or a weapon,
// shield or species fray does not know (named).
[[nodiscard]] Character parse_character(std::string_view text, std::string_view source);

}  // namespace fray::crawl_0_34
