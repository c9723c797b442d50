// The words both DCSS versions use for their monsters' fight mechanics: the
// attack flavours they share (melee-attack.cc mons_apply_attack_flavour) and
// the regeneration lines. Each version adds the flavours of its own.
#pragma once

#include <fray/rules/crawl/regen.hpp>

#include <algorithm>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fray::crawl {

using FlavourWords = std::pair<std::string_view, std::string_view>;  // flavour, what it does

// "AT_BITE attack poisons ..." for a flavour of the shared table or of
// `own`, else "AT_X: special flavour AF_Y (melee-attack.cc)".
[[nodiscard]] std::string flavour_line(std::string_view type, std::string_view flavour,
                                       std::span<const FlavourWords> own);

// Whether a fight follows the flavour on the player (a human: poisonable,
// living, not resistant to fire, cold or electricity): poison, AF_VAMPIRIC
// and the elemental flavours.
[[nodiscard]] bool followed_on_player(std::string_view flavour);

// A side's regeneration line for `modelled`: a monster's (with its HD and
// whether it is a fast regenerator) or, for nullptr, the player's.
[[nodiscard]] std::string regeneration_line(std::string_view name, const MonsterRegen* monster);

// The line of each flavoured (not AF_PLAIN) attack, once each: a monster's
// mechanics in either version, whose attack types differ only in their type.
template <class Attack>
[[nodiscard]] std::vector<std::string> flavour_lines(std::span<const Attack> attacks,
                                                     std::span<const FlavourWords> own) {
  std::vector<std::string> out;
  for (const Attack& a : attacks) {
    if (a.flavour == "AF_PLAIN") continue;
    std::string text = flavour_line(a.type, a.flavour, own);
    if (std::find(out.begin(), out.end(), text) == out.end()) out.push_back(std::move(text));
  }
  return out;
}

// regeneration_line of a side that is `monster` (its HD and name), or the
// player for nullptr; either version's monster type.
template <class Monster>
[[nodiscard]] std::string regeneration_line_of(std::string_view name, const Monster* monster) {
  if (!monster) return regeneration_line(name, nullptr);
  const MonsterRegen regen{monster->hd, fast_regenerator(monster->name)};
  return regeneration_line(name, &regen);
}

}  // namespace fray::crawl
