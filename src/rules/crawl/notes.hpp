// What both DCSS versions' rulesets write beside an answer alike: the
// defaults a spec took, and the game's limits on wielding. What differs
// between 0.19 and 0.34 (the functions a warning names, the page a note
// points to) reaches them as data.
#pragma once

#include <fmt/format.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fray::crawl {

// The game's functions behind its two limits on wielding, named in a
// warning: a weapon too large for the wielder's size, and a two-hander with
// a shield (0.19: player::could_wield and itemprop.cc is_weapon_wieldable,
// hands_reqd; 0.34: item-prop.cc is_weapon_too_large, get_all_item_slots).
struct WieldRules {
  std::string_view too_large, two_hands;
};
// A monster's, the same in both versions.
inline constexpr WieldRules kMonsterWieldRules{"monster::could_wield", "monster::pickup drops the shield"};

// The warnings of a wielder whose weapon the game would not let it wield:
// weapon->min_2h_size above its size (too large), or a shield with
// weapon->min_1h_size above its size (a two-hander). `who` is "the
// attacker", `what` the wielder ("player", "orc warrior"), `size_word` the
// version's name of `size`.
template <class Weapon, class Shield>
void wield_warnings(std::string_view who, std::string_view what, int size, std::string_view size_word,
                    const std::optional<Weapon>& weapon, const std::optional<Shield>& shield, const WieldRules& rules,
                    std::vector<std::string>& out) {
  if (!weapon) return;
  if (weapon->min_2h_size > size)
    out.push_back(
        fmt::format("{}'s {} is too large for a {} {}: the game does not let it be wielded ({}); fray "
                    "answers as if it were",
                    who, weapon->name, size_word, what, rules.too_large));
  if (shield && size < weapon->min_1h_size)
    out.push_back(
        fmt::format("{}'s {} takes two hands for a {} {}: the game does not let it be wielded with a {} "
                    "({}); fray answers as if it were",
                    who, weapon->name, size_word, what, shield->name, rules.two_hands));
}

// The notes of the defaults a side's spec took: an inline monster's
// (`monster`), the player's (`player`; its Dodging only when it defends: EV
// is all it changes). nullptr for the kind the side is not; `doc` is the
// version's page ("docs/crawl.md").
void default_notes(std::string_view role, bool defends, const std::vector<std::string>* monster,
                   const std::vector<std::string>* player, std::string_view doc, std::vector<std::string>& notes);

// The note of a catalog monster's weapon (both versions' monster types,
// nullptr for a side that is not one): the one the game always gives it
// (mon-gear.cc make_mons_weapon), which it wields unless its spec says
// otherwise, or none though the game draws one at random.
template <class M>
void weapon_notes(std::string_view role, const M* m, std::vector<std::string>& notes) {
  if (m && m->game_weapon)
    notes.push_back(
        fmt::format("the {} {} wields a {} {:+}, the weapon the game always gives it (mon-gear.cc "
                    "make_mons_weapon; weapon=none fights unarmed)",
                    role, m->name, m->weapon->name, m->enchant));
  if (m && m->random_weapon)
    notes.push_back(
        fmt::format("the {} {} fights unarmed here; the game gives it a weapon drawn at random "
                    "(mon-gear.cc make_mons_weapon): weapon=NAME gives it one",
                    role, m->name));
}

}  // namespace fray::crawl
