// Swarm.defenseProc: a hit on a group of flies.
#include <algorithm>
#include <cstdint>
#include <fray/core/error.hpp>
#include <utility>

#include "rules/pixel_dungeon/fight.hpp"

namespace fray::pixel_dungeon {

std::pair<std::int64_t, FlyGroup> hit_fly_group(const FlyGroup& g, std::int64_t damage, bool corridor) {
  if (g.empty()) throw Error("swarm of flies: a hit on an empty group");
  const std::int64_t h = g.front();
  FlyGroup after(g.begin() + 1, g.end());
  if (corridor) {
    // Swarm.defenseProc looks for a free cell beside the fly: in a corridor
    // only the one behind it, free when no other fly is there.
    if (g.size() == 1 && h >= damage + 2) {
      const std::int64_t clone = (h - damage) / 2;
      return {damage, {h - damage - clone, clone}};
    }
    if (h > damage) after.insert(after.begin(), h - damage);
    return {std::min(damage, h), std::move(after)};
  }
  if (h >= damage + 2) {
    // Swarm.defenseProc: the clone takes (HP - damage) / 2 and the fly keeps
    // the rest, less the damage, which it then takes.
    const std::int64_t clone = (h - damage) / 2;
    after.push_back(clone);
    after.push_back(h - damage - clone);
  } else if (h > damage) {
    after.push_back(h - damage);
  }
  std::sort(after.begin(), after.end());
  return {std::min(damage, h), std::move(after)};
}

}  // namespace fray::pixel_dungeon
