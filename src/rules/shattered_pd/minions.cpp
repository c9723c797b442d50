// Shattered Pixel Dungeon 3.3.6: the necromancer's skeleton and the spectral
// necromancer's wraiths (turn.hpp).
#include "rules/shattered_pd/turn.hpp"

#include <fray/rules/shattered_pd/ruleset.hpp>

namespace fray::shattered_pd {

// Necromancer.Hunting.act: with its target seen within 4 cells and no
// skeleton, it starts summoning and spends its first turn (firstSummon); on
// its second it places a NecroSkeleton (HP 20 of HT 25) in the free cell next
// to the target nearest to it (Necromancer.summonMinion), which acts that same
// turn (GameScene.add at the current time) and notices an adjacent hero at
// once (Mob.Wandering: detection chance 1 / (1/2 + stealth) >= 1 for stealth
// 0), so it attacks from that turn on, once a turn. Necromancer.die kills the
// skeleton, which bursts (Skeleton.die). The necromancer's side state
// (SideState::necro): 0 before its first turn, 1 summoning, 2 with its skeleton.
bool is_necromancer(const Combatant& c) { return !c.is_hero() && c.mob.java_class == "Necromancer"; }
Combatant skeleton_of(const Combatant& necro) {
  Combatant k;
  k.name = necro.name + "'s skeleton";
  k.mob = lookup_mob("skeleton");
  return k;
}

// SpectralNecromancer.summonMinion: where the necromancer would place its
// skeleton (Necromancer.Hunting.act, the same first turn) it places a wraith
// at level 4 (Wraith.adjustStats(4): accuracy 14, evasion 70, damage
// NormalIntRange(3, 6), 1 HP), whatever the depth. It keeps no skeleton, so
// in the same turn it starts the next summoning, which takes two turns now
// that firstSummon is over: wraiths appear on its turns 1, 3, 5, ... (from
// 0), while a cell next to its target is free; with none it waits a turn.
// Each enters with Wraith.SPAWN_DELAY = 2 (GameScene.add on a whole turn),
// hunting and having seen its target (adjustStats sets enemySeen), so it
// attacks from two turns after it appears, once a turn. SpectralNecromancer.die
// kills them all; they leave nothing behind. The side state (SideState::turn)
// is the turns the necromancer has taken, up to the turn from which every
// cell holds an attacking wraith.
bool is_spectral(const Combatant& c) { return !c.is_hero() && c.mob.java_class == "SpectralNecromancer"; }
Combatant wraith_of(const Combatant& necro) {
  Combatant w;
  w.name = necro.name + "'s wraith";
  MobSetting level;
  level.depth = kWraithLevel;
  w.mob = mob_at_depth(lookup_mob("wraith"), level);
  return w;
}
// The cells next to the target the wraiths can take: the eight around it, less
// the necromancer's when the two are adjacent.
int wraith_cells(const Situation& s) { return s.adjacent ? 7 : 8; }
// The wraiths that attack on the necromancer's turn `turn` (0: its first):
// those that appeared on turns 1, 3, 5, ... up to turn - kWraithSpawnDelay.
int wraiths_acting(std::uint32_t turn, int cells) {
  const std::int64_t last = static_cast<std::int64_t>(turn) - kWraithSpawnDelay;
  if (last < 1) return 0;
  return static_cast<int>(std::min<std::int64_t>(cells, (last - 1) / kWraithSummonTurns + 1));
}
// The first turn from which all the cells hold attacking wraiths: the side
// state stops counting there.
std::uint32_t wraith_last_turn(int cells) {
  return static_cast<std::uint32_t>(1 + kWraithSummonTurns * (cells - 1) + kWraithSpawnDelay);
}
// The fighter that strikes for a combatant: a necromancer's minion, else itself.
Combatant striker_of(const Combatant& c) {
  if (is_necromancer(c)) return skeleton_of(c);
  if (is_spectral(c)) return wraith_of(c);
  return c;
}

Burst burst_on(const Combatant& necro, const Combatant& victim, const Situation& s) {
  Burst b;
  Situation x;
  x.ascension = s.ascension;
  const Combatant k = skeleton_of(necro);
  b.plan = plan_attack(k, victim, x);
  b.plan.armor_ignored = false;
  b.ascension = s.ascension ? k.mob.ascension : 1.0f;
  const Pmf roll = Pmf::combine(Primitive::normal(6, 12).pmf(), Pmf::point(0), [&](std::int64_t v, std::int64_t) {
    return b.ascension == 1 ? v : java_round(static_cast<float>(v) * b.ascension);
  });
  const Pmf dr = exact_outcome(b.plan).armor;
  const Pmf two = Pmf::combine(dr, dr, [](std::int64_t u, std::int64_t v) { return u + v; });
  // Skeleton.die: victim.damage(max(0, roll - armour)): the victim's own damage() takes it.
  const Pmf damage = Pmf::combine(
      roll, two, [&](std::int64_t r, std::int64_t a) { return b.plan.taken(std::max<std::int64_t>(0, r - a)); });
  for (const auto& [v, q] : damage.items()) b.law.push_back({v, q});
  return b;
}

std::int64_t Burst::sample(Rng& rng, std::vector<Draw>* trace) const {
  std::int64_t roll = Primitive::normal(6, 12).sample(rng);
  if (trace) trace->push_back(Draw{"Skeleton.die", "Random.NormalIntRange(6, 12)", roll});
  if (ascension != 1) roll = java_round(static_cast<float>(roll) * ascension);
  std::int64_t armor = 0;
  for (int n = 0; n < 2; ++n) {
    std::int64_t terms = 0;
    for (std::size_t i = 0; i < plan.armor.size(); ++i) {
      const std::int64_t v = plan.armor[i].roll.sample(rng);
      if (trace) trace->push_back(Draw{"Skeleton.die: armor", "drRoll", v});
      terms += plan.armor_term(i, v);
    }
    armor += plan.armor_total(terms);
  }
  return plan.taken(std::max<std::int64_t>(0, roll - armor));
}

}  // namespace fray::shattered_pd
