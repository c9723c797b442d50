// DCSS 0.19's monster specials that bear on a fight: the flavours of the
// catalog's melee attacks (mon-data.h), none of which fray's fights follow.
#pragma once

#include <fray/rules/crawl/attack.hpp>
#include <fray/rules/crawl/catalog.hpp>

#include <string>
#include <vector>

namespace fray::crawl {

// One line per special flavour of the monster's attacks ("AF_POISON: ...").
[[nodiscard]] std::vector<std::string> monster_mechanics(const std::vector<MonsterAttack>& attacks);

// "name: text" for each special of the two combatants; a fight follows none.
void list_mechanics(const Combatant& a, const Combatant& b, std::vector<std::string>& not_modelled);

}  // namespace fray::crawl
