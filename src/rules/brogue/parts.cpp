// The mechanic parts of Brogue CE's monsters (parts.hpp): one line per part.
#include <fray/rules/brogue/parts.hpp>

#include "rules/brogue/mechanics.hpp"
#include "rules/brogue/parts.hpp"

namespace fray::brogue {

fight::PartUse regeneration_part(std::int64_t thousandths, std::int64_t per_turn, bool player) {
  return fight::parts::regeneration_use(player ? 0 : 1, 1000, static_cast<double>(thousandths),
                                        static_cast<double>(per_turn), 1, fight::parts::AtFull::hold,
                                        player ? "Time.c playerTurnEnded" : "Monsters.c decrementMonsterStatus");
}

std::vector<fight::PartUse> monster_parts(const Monster& m) {
  std::vector<fight::PartUse> out;
  if (regeneration_followed(m)) out.push_back(regeneration_part(m.turns_between_regen * 1000, 0, false));
  if (m.transference) out.push_back(fight::parts::drain_use(kTransference, "Combat.c inflictDamage, MA_TRANSFERENCE"));
  // Damage over time and splitting, with the parameters the turn takes.
  for (fight::PartUse& u : part_uses(m)) out.push_back(std::move(u));
  return out;
}

}  // namespace fray::brogue
