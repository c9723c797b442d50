// Shattered Pixel Dungeon 3.3.6: the swarm of flies splitting (turn.hpp).
#include "rules/shattered_pd/turn.hpp"

#include <fmt/format.h>

#include <fray/core/error.hpp>

#include <cmath>
#include <set>

namespace fray::shattered_pd {

Split hit_group(const Group& g, std::int64_t passed, std::int64_t dealt) {
  Split out;
  out.group = g;
  out.lost = fight::parts::split_hit(kSwarmSplit, out.group, passed, dealt);
  return out;
}

Group after_turn(Group g) {
  for (Fly& f : g) f.fresh = false;
  std::sort(g.begin(), g.end());
  return g;
}

int attackers(const Group& g) { return static_cast<int>(fight::parts::split_attackers(kSwarmSplit, g)); }

std::int64_t SwarmDamage::dealt(std::int64_t passed) const {
  std::int64_t e = passed;
  if (vulnerable) e = static_cast<std::int64_t>(static_cast<float>(e) * 1.33f);
  if (taken) e = static_cast<std::int64_t>(std::ceil(static_cast<float>(e) * *taken));
  return e;
}

bool is_swarm(const Combatant& c) { return !c.is_hero() && c.mob.java_class == "Swarm"; }

namespace {
// Every group a swarm can reach from `start`, numbered: the hero's hits with
// each damage she can pass, and the swarm's turns. Throws past kMaxSwarmGroups.
std::shared_ptr<fight::States<Group>> swarm_groups(const Group& start, const std::set<std::int64_t>& passed,
                                                   const SwarmDamage& dmg) {
  auto table = std::make_shared<fight::States<Group>>(start, kMaxSwarmGroups, "swarm of flies: splits");
  std::vector<Group> todo{start};
  auto visit = [&](Group g) {
    const std::size_t before = table->size();
    if (g.empty()) return;
    try {
      (void)table->id(g);
    } catch (const Error&) {
      throw Error(fmt::format(
          "swarm of flies: splits: the fight reaches more than {} groups of flies; give the swarm fewer HP (hp=N)",
          kMaxSwarmGroups));
    }
    if (table->size() > before) todo.push_back(std::move(g));
  };
  while (!todo.empty()) {
    const Group g = std::move(todo.back());
    todo.pop_back();
    visit(after_turn(g));
    for (const std::int64_t d : passed) visit(hit_group(g, d, dmg.dealt(d)).group);
  }
  return table;
}
}  // namespace

std::shared_ptr<const fight::States<Group>> groups_of(const Combatant& swarm, std::int64_t hp, const Combatant& foe,
                                                      const Situation& other_situation, SwarmDamage& dmg) {
  if (!is_swarm(swarm)) return nullptr;
  const Combatant other = striker_of(foe);
  std::set<std::int64_t> passed;
  const bool attacks = other.is_hero() || other.mob.damage || (other_situation.magic && other.mob.spell);
  for (int a = 0; a < 2 && attacks; ++a)
    for (int d = 0; d < 2; ++d) {
      Situation x = other_situation;
      if (a == 1) x.invisible = false;
      if (d == 1) x.surprised = x.paralyzed = x.focus = false;
      AttackPlan p = plan_attack(other, swarm, x);
      dmg.vulnerable = p.vulnerable;
      dmg.taken = p.damage_taken;
      p.vulnerable = false;
      p.damage_taken.reset();
      for (const auto& [v, q] : exact_outcome(p).damage_on_hit.items())
        if (q > 0) passed.insert(v);
    }
  return swarm_groups(Group{Fly{hp, false}}, passed, dmg);
}

}  // namespace fray::shattered_pd
