// The words both DCSS versions use for their monsters' fight mechanics: the
// attack flavours they share (melee-attack.cc mons_apply_attack_flavour) and
// the regeneration lines. Each version adds the flavours of its own.
#pragma once

#include <fray/rules/crawl/regen.hpp>

#include <span>
#include <string>
#include <string_view>
#include <utility>

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

}  // namespace fray::crawl
