// The mechanic parts of Shattered Pixel Dungeon 3.3.6's mobs (parts.hpp):
// one line per part a mob's class has.
#include <fray/rules/shattered_pd/parts.hpp>

#include "rules/shattered_pd/turn.hpp"

namespace fray::shattered_pd {

std::vector<fight::PartUse> mob_parts(const Mob& mob) {
  std::vector<fight::PartUse> out;
  if (mob.java_class == "Bat") out.push_back(fight::parts::drain_use(kBatDrain, "Bat.attackProc"));
  if (mob.java_class == "Brute") out.push_back(fight::parts::rage_use(kBruteRage, "Brute.isAlive, BruteRage.act"));
  if (mob.java_class == "ArmoredBrute")
    out.push_back(fight::parts::rage_use(kArmoredRage, "ArmoredBrute.triggerEnrage, ArmoredRage.act"));
  // Damage over time and splitting, as the turn takes them (part_uses), for
  // the mob where the catalog puts it (not ascending).
  Combatant c;
  c.name = mob.key;
  c.mob = mob;
  for (fight::PartUse& u : part_uses(c, Situation{})) out.push_back(std::move(u));
  return out;
}

}  // namespace fray::shattered_pd
