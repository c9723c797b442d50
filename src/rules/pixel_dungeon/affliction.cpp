// Pixel Dungeon's afflictions in a fight: a cave spinner's poison
// (Poison.act), an albino rat's bleeding (Bleeding.act), and a starving
// hero's hunger (Hunger.act), tick by tick and after the fight.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include <fray/fight/turn.hpp>

#include "rules/pixel_dungeon/fight.hpp"
#include "rules/pixel_dungeon/turn.hpp"

namespace fray::pixel_dungeon {

double starving_hit_chance() {
  // Random.Float() is (float)Math.random(): a double U rounds to a float below
  // 0.3f when U < 0.3f - 2^-26 (half the float step 2^-25 below 0.3f; the
  // midpoint itself rounds to 0.3f, whose last bit is even).
  return static_cast<double>(0.3f) - std::ldexp(1.0, -26);
}

std::vector<std::pair<double, std::int64_t>> hunger_losses(int points) {
  // The acts of Hunger.act, read exactly: starve() `points` times, one act each.
  const std::vector<int> one_act{1};
  std::map<std::int64_t, double> by_loss;
  for (int j = 0; j <= points; ++j) by_loss[j] = 0;
  fight::Enumerate::each(
      [&](fight::Enumerate& r) {
        std::int64_t lost = 0;
        for (int i = 0; i < points; ++i) {
          PdState s;
          lost += starve(r, one_act, s);
        }
        return lost;
      },
      [&](double p, std::int64_t lost) { by_loss[lost] += p; });
  std::vector<std::pair<double, std::int64_t>> out;
  for (const auto& [lost, p] : by_loss) out.emplace_back(p, lost);
  return out;
}

std::vector<std::pair<double, std::int64_t>> after_affliction(Affliction a, int level, std::int64_t hp, std::int64_t ht,
                                                              bool resists, const std::vector<int>& regen,
                                                              const std::vector<int>& hunger) {
  std::map<std::int64_t, double> done;  // final HP (0: dead) → probability
  std::map<std::pair<std::int64_t, int>, double> now{{{hp, level}, 1.0}}, next;
  for (std::size_t k = 0; !now.empty(); ++k) {
    const int points = k < regen.size() ? regen[k] : 0;
    const int starving = k < hunger.size() ? hunger[k] : 0;
    next.clear();
    for (const auto& entry : now) {
      // Named rather than bound: the lambdas below capture them.
      const std::int64_t h = entry.first.first;
      const int l = entry.first.second;
      const double p = entry.second;
      if (l <= 0) {
        done[h] += p;
        continue;
      }
      // Poison.act or Bleeding.act, read exactly (a mob that resists poison
      // takes IntRange(0, dmg) of it: Char.damage).
      fight::Enumerate::each(
          [&](fight::Enumerate& r) {
            int level_after = l;
            const std::int64_t dmg = affliction_act(r, a, resists, level_after);
            return std::pair(dmg, level_after);
          },
          [&](double q0, std::pair<std::int64_t, int> step) {
            const std::int64_t left = h - step.first;
            const double q = p * q0;
            if (left <= 0) {
              done[0] += q;
              return;
            }
            // Regeneration.act: +1 a point while HP < HT.
            const std::int64_t healed = left < ht ? std::min(left + points, ht) : left;
            // Hunger.act on a starving hero, after the tick.
            for (const auto& [qh, lost] : hunger_losses(starving)) {
              if (healed - lost <= 0)
                done[0] += q * qh;
              else
                next[{healed - lost, step.second}] += q * qh;
            }
          });
    }
    std::swap(now, next);
  }
  std::vector<std::pair<double, std::int64_t>> out;
  for (const auto& [h, p] : done) out.emplace_back(p, h);
  return out;
}

std::vector<AfflictionStep> affliction_tick(Affliction a, int level) {
  std::vector<AfflictionStep> out;
  fight::Enumerate::each(
      [&](fight::Enumerate& r) {
        int after = level;
        const std::int64_t dmg = affliction_act(r, a, false, after);
        return std::pair(dmg, after);
      },
      [&](double p, std::pair<std::int64_t, int> step) {
        out.push_back({p, step.second, step.first});
      });
  return out;
}

}  // namespace fray::pixel_dungeon
