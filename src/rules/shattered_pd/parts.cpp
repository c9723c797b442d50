// The mechanic parts of Shattered Pixel Dungeon 3.3.6's mobs (parts.hpp):
// one line per part a mob's class has.
#include <fray/rules/shattered_pd/parts.hpp>

namespace fray::shattered_pd {

std::vector<fight::PartUse> mob_parts(const Mob& mob) {
  std::vector<fight::PartUse> out;
  if (mob.java_class == "Bat") out.push_back(fight::parts::drain_use(kBatDrain, "Bat.attackProc"));
  return out;
}

}  // namespace fray::shattered_pd
