// DCSS 0.34.1 species (data/crawl_0_34/species.json, written by
// tools/crawl/species_0_34.py from dat/species/*.yaml): what a species changes
// in a fight (its maximum HP, its size, its claws) and what it cannot wield or
// wear; the rest of its innate mutations (auxiliary attacks, AC, regeneration)
// are named, not followed.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fray::crawl_0_34 {

// One auxiliary attack a species' mutations make usable (melee-attack.cc
// Aux*::is_usable): from the XL its mutation reaches the level it needs.
struct SpeciesAux {
  std::string attack;                  // "headbutt", "bite", ...
  std::vector<std::string> mutations;  // MUT_HORNS, ...
  int from_xl = 1;
};

struct Species {
  std::string key;     // "minotaur", "deep_elf"
  std::string name;    // "Minotaur"
  std::string abbrev;  // "Mi", "DE"
  bool starting = true;
  int hp_mod = 0;  // species::get_hp_modifier, tenths
  int size = 3, torso_size = 3;
  // Each XL's innate mutations and their levels, as the species file gives them.
  std::vector<std::pair<int, std::vector<std::pair<std::string, int>>>> mutations;
  bool can_wield = true, can_wear_body_armour = true, can_use_shield = true, quadrumanous = false;
  std::vector<SpeciesAux> aux_attacks;

  // The level of an innate mutation at an XL: the levels given up to it.
  [[nodiscard]] int mutation_level(std::string_view mut, int xl) const;
};

// Every species fray knows, sorted by key.
[[nodiscard]] std::span<const Species> all_species();
// The species of a key ("minotaur", "Minotaur", "vine_stalker") or of the
// game's abbreviation ("Mi", "VS"; "Dr" is the base draconian); null if none.
[[nodiscard]] const Species* find_species(std::string_view word);
// As find_species; an unknown word is an Error with "did you mean".
[[nodiscard]] const Species& lookup_species(std::string_view word);
// The human, the species of a spec without species=.
[[nodiscard]] const Species& human();

// player.cc get_real_hp(trans = true) at DCSS 0.34.1 for a species, an XL and
// the Fighting skill (hundredths): (XL*11/2 + 8 + XL*skill(Fighting, 5)/70 +
// (skill(Fighting, 3) + 1)/2) * (10 + hp_mod) / 10 + 4 * MUT_FLAT_HP, at least
// 1; no hp_max_adj, artefacts, Berserk, Divine Vigour or form.
[[nodiscard]] int species_max_hp(const Species& s, int xl, int fighting100);

// A mutation's short name (mutation-data.h) and what it does in a fight, or
// empty strings for a mutation that does nothing there.
[[nodiscard]] std::pair<std::string, std::string> combat_mutation(std::string_view mut);

// item-prop.cc Armour_prop fit_min, fit_max of a body armour or shield by the
// catalog's name; {-1, -1} when the table has none.
[[nodiscard]] std::pair<int, int> armour_fit(std::string_view name);

}  // namespace fray::crawl_0_34
