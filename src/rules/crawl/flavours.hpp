// The words both DCSS versions use for their monsters' fight mechanics: the
// attack flavours they share (melee-attack.cc mons_apply_attack_flavour) and
// the regeneration lines. Each version adds the flavours of its own.
#pragma once

#include <fray/rules/crawl/regen.hpp>

#include <algorithm>
#include <concepts>
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
// Whether a fight follows the flavour on a monster: AF_FIRE and AF_COLD
// (after its resistance), AF_VAMPIRIC (which drains only a natural
// monster) and poison (its ENCH_POISON, after its poison resistance).
[[nodiscard]] bool followed_on_monster(std::string_view flavour);

// A side's regeneration line for `modelled`: a monster's (with its HD and
// whether it is a fast regenerator) or, for nullptr, the player's, with its
// sources (regen_sources_text) when it has any.
[[nodiscard]] std::string regeneration_line(std::string_view name, const MonsterRegen* monster,
                                            std::string_view sources = {});

// What the shared lines read of either version's monster attack
// (crawl::MonsterAttack, crawl_0_34::MonsterAttack): its AT_ type and AF_
// flavour, by name.
template <class A>
concept FlavouredAttack = requires(const A& a) {
  { a.type } -> std::convertible_to<std::string_view>;
  { a.flavour } -> std::convertible_to<std::string_view>;
};
// What a fight's regeneration reads of either version's monster
// (crawl::Monster, crawl_0_34::Creature): its HD and its name (the fast
// regenerators are named in the catalogs).
template <class M>
concept RegeneratingMonster = requires(const M& m) {
  { m.hd } -> std::convertible_to<int>;
  { m.name } -> std::convertible_to<std::string_view>;
};

// The line of each flavoured (not AF_PLAIN) attack, once each: a monster's
// mechanics in either version, whose attack types differ only in their type.
template <FlavouredAttack Attack>
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
template <RegeneratingMonster Monster>
[[nodiscard]] std::string regeneration_line_of(std::string_view name, const Monster* monster) {
  if (!monster) return regeneration_line(name, nullptr);
  const MonsterRegen regen{monster->hd, fast_regenerator(monster->name)};
  return regeneration_line(name, &regen);
}

// "name: line" for each flavoured attack of either side, once each: in
// `modelled` when that side's fight rounds follow it on the other side
// (a_fights, b_fights: a bout's melee rounds, not one attack or a shot, and
// `follows(flavour, target)`), else in `not_modelled`. `monster_of(side)` is
// a side's monster (nullptr for the player or a bolt), `name_of(side)` its
// name, `own` the version's own flavours.
template <class Combatant, class MonsterOf, class NameOf, class Follows>
void list_flavours(const Combatant& a, const Combatant& b, bool a_fights, bool b_fights, MonsterOf&& monster_of,
                   NameOf&& name_of, Follows&& follows, std::span<const FlavourWords> own,
                   std::vector<std::string>& modelled, std::vector<std::string>& not_modelled) {
  for (const Combatant* c : {&a, &b}) {
    const auto* m = monster_of(*c);
    if (!m) continue;
    const Combatant& target = c == &a ? b : a;
    const bool fight = c == &a ? a_fights : b_fights;
    for (const auto& x : m->attacks) {
      if (x.flavour == "AF_PLAIN") continue;
      std::string text = name_of(*c) + ": " + flavour_line(x.type, x.flavour, own);
      std::vector<std::string>& list = fight && follows(x.flavour, target) ? modelled : not_modelled;
      if (std::find(list.begin(), list.end(), text) == list.end()) list.push_back(std::move(text));
    }
  }
}

// Each side's regeneration line: the player's (`player_of(side)`, its
// sources at the version's `rate`) or a monster's (`monster_of(side)`).
template <class Combatant, class PlayerOf, class MonsterOf, class NameOf>
void list_regeneration_lines(const Combatant& a, const Combatant& b, PlayerOf&& player_of, MonsterOf&& monster_of,
                             NameOf&& name_of, const PlayerRegenRate& rate, std::vector<std::string>& modelled) {
  for (const Combatant* side : {&a, &b}) {
    const auto* p = player_of(*side);
    modelled.push_back(p ? regeneration_line(name_of(*side), nullptr, regen_sources_text(p->regen, rate))
                         : regeneration_line_of(name_of(*side), monster_of(*side)));
  }
}

}  // namespace fray::crawl
