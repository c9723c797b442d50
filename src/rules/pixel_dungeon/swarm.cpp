// Swarm.defenseProc: a hit on a group of flies.
#include <algorithm>
#include <cstdint>
#include <fray/core/error.hpp>
#include <utility>

#include "rules/pixel_dungeon/fight.hpp"
#include "rules/pixel_dungeon/parts.hpp"

namespace fray::pixel_dungeon {

std::pair<std::int64_t, FlyGroup> hit_fly_group(const FlyGroup& g, std::int64_t damage, bool corridor) {
  if (g.empty()) throw Error("swarm of flies: a hit on an empty group");
  FlyGroup after = g;
  const std::int64_t lost = fight::parts::split_hit(corridor ? kSwarmSplitInLine : kSwarmSplit, after, damage, damage);
  return {lost, std::move(after)};
}

}  // namespace fray::pixel_dungeon
