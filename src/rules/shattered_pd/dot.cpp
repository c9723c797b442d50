// Shattered Pixel Dungeon 3.3.6: the damage over time a mob's hits leave
// (turn.hpp), as the parameters of the damage-over-time part
// (fray/fight/parts/damage_over_time.hpp).
#include "rules/shattered_pd/turn.hpp"

#include <string>

namespace fray::shattered_pd {

namespace parts = fight::parts;

// Every one of them acts at the end of each turn, the first in the turn its
// hit attached it (the mob attacks once a turn: right after its attack), and
// goes on on the hero once the mob that left it is dead (after_kill).
Dot dot_of(const Combatant& c, const Situation& s) {
  Dot d;
  if (c.is_hero()) return d;
  const std::string& k = c.mob.java_class;
  parts::DamageOverTime& p = d.part;
  if (k == "Spinner") {
    // Spinner.attackProc: on Random.Int(2) == 0, Poison.set(IntRange(7, 8)
    // × (ascension / 2 + 0.5), rounded), which keeps the longer. Poison.act:
    // (int)(left / 3) + 1, then one turn less.
    d.kind = Dot::Kind::poison;
    const float asc = s.ascension ? c.mob.ascension : 1.0f;
    p = {.name = "poison",
         .chance = 2,
         .dose = parts::DotDose::roll,
         .dose_lo = 7,
         .dose_hi = 8,
         .dose_scale = asc / 2.0f + 0.5f,
         .stack = parts::DotStack::longer,
         .damage = parts::DotDamage::third_left,
         .decay = parts::DotDecay::count_down,
         .applies_label = "Spinner.attackProc: Random.Int",
         .dose_label = "Spinner.attackProc: Random.IntRange",
         .tick_label = "Poison.act"};
  } else if (k == "Goo" || k == "CausticSlime" || k == "FetidRat") {
    // Ooze.set: Ooze.DURATION = 20 turns, on Random.Int(3) == 0 (Random.Int(2)
    // for the caustic slime). Ooze.act: 1 + depth / 5 past depth 5, else 1,
    // on Random.Int(2) == 0 only at depths 1-4; Dungeon.scalingDepth() is 26
    // while ascending, else where the mob lives (Goo on depth 5, the sewers'
    // mobs above it).
    d.kind = Dot::Kind::ooze;
    const int depth = s.ascension ? 26 : k == "Goo" ? 5 : 4;
    p = {.name = "ooze",
         .chance = k == "CausticSlime" ? 2 : 3,
         .dose = parts::DotDose::roll,
         .dose_lo = 20,
         .dose_hi = 20,
         .stack = parts::DotStack::replace,
         .damage = parts::DotDamage::constant,
         .tick_damage = depth > 5 ? 1 + depth / 5 : 1,
         .coin = depth < 5,
         .decay = parts::DotDecay::count_down,
         .applies_label = "attackProc (ooze): Random.Int",
         .dose_label = "Ooze.set",
         .tick_label = "Ooze.act: Random.Int"};
  } else if (k == "Albino") {
    // Albino.attackProc: a hit dealing more than 0, on Random.Int(2) == 0,
    // Bleeding.set(NormalFloat(2, 3)), which keeps the higher level.
    // Bleeding.act: level = NormalFloat(level / 2, level), round(level) dealt
    // while above 0.
    d.kind = Dot::Kind::bleeding;
    p = {.name = "bleeding",
         .chance = 2,
         .needs_damage = true,
         .dose = parts::DotDose::normal,
         .dose_lo = 2,
         .dose_hi = 3,
         .stack = parts::DotStack::longer,
         .damage = parts::DotDamage::level,
         .decay = parts::DotDecay::normal_half,
         .applies_label = "Albino.attackProc: Random.Int",
         .dose_label = "Bleeding.set: Random.NormalFloat",
         .tick_label = "Bleeding.act: Random.NormalFloat"};
  }
  return d;
}

std::vector<fight::PartUse> part_uses(const Combatant& c, const Situation& s) {
  if (is_swarm(c)) return {parts::split_part(kSwarmSplit, "Swarm.defenseProc")};
  const Dot d = dot_of(c, s);
  if (d.kind == Dot::Kind::none) return {};
  const char* source = d.kind == Dot::Kind::poison ? "Spinner.attackProc, Poison.act"
                       : d.kind == Dot::Kind::ooze ? "attackProc, Ooze.act"
                                                   : "Albino.attackProc, Bleeding.act";
  return {parts::dot_part(d.part, source)};
}

}  // namespace fray::shattered_pd
