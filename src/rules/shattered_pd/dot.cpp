// Shattered Pixel Dungeon 3.3.6: the damage over time a mob's hits leave (turn.hpp).
#include "rules/shattered_pd/turn.hpp"

#include <string>

namespace fray::shattered_pd {

// The game's Dungeon.scalingDepth() for a mob's ooze: 26 while ascending,
// else where the mob lives (Goo on depth 5, the sewers' mobs above it).
Dot dot_of(const Combatant& c, const Situation& s) {
  Dot d;
  if (c.is_hero()) return d;
  const std::string& k = c.mob.java_class;
  if (k == "Spinner") {
    d.kind = Dot::Kind::poison;
    d.chance = 2;
    d.poison_min = 7;
    d.poison_max = 8;
    const float asc = s.ascension ? c.mob.ascension : 1.0f;
    d.poison_scale = asc / 2.0f + 0.5f;
  } else if (k == "Goo" || k == "CausticSlime" || k == "FetidRat") {
    d.kind = Dot::Kind::ooze;
    d.chance = k == "CausticSlime" ? 2 : 3;
    const int depth = s.ascension ? 26 : k == "Goo" ? 5 : 4;
    d.ooze_damage = depth > 5 ? 1 + depth / 5 : 1;
    d.ooze_coin = depth < 5;
  } else if (k == "Albino") {
    d.kind = Dot::Kind::bleeding;
    d.chance = 2;
  }
  return d;
}

}  // namespace fray::shattered_pd
