// fray/rules/pixel_dungeon/surprise.hpp — whether a mob has noticed the hero.
//
// Pixel Dungeon 1.9.1 actors/mobs/Mob.java (Mob.act and its AI states):
// a mob's enemySeen is recomputed only on its own turn, from its field of view
// and its AI state. When it is false, the hero's next hit is a surprise attack
// (the mob's defense is 0; the hit itself belongs to the ruleset).
#pragma once

#include <cstdint>
#include <fray/grid/fov.hpp>
#include <fray/grid/geometry.hpp>
#include <fray/grid/map.hpp>
#include <optional>
#include <string_view>

namespace fray::pixel_dungeon {

enum class MobState { sleeping, wandering, hunting };
// "sleeping" | "wandering" | "hunting"; anything else is a fray::Error.
[[nodiscard]] MobState parse_mob_state(std::string_view text);
[[nodiscard]] std::string_view to_string(MobState state) noexcept;

struct SurpriseQuery {
  MobState state = MobState::sleeping;
  bool in_fov = false;   // the hero is in the mob's field of view (and not invisible)
  int distance = 1;      // Level.distance: Chebyshev distance mob–hero
  int stealth = 0;       // hero stealth: the sum of Ring of Shadows levels (may be negative)
  bool flying = false;   // the hero is flying (levitation)
  bool alerted = false;  // a wandering mob that was just alerted (e.g. woken by damage) notices for sure
};

struct Surprise {
  bool in_fov = false;  // the mob can see the hero's cell on its turn
  // The mob notices with probability 1/n (Random.Int(n) == 0); n as the game
  // computes it, when a roll is made at all.
  std::optional<std::int64_t> roll_n;
  double p_notice = 0;    // P(enemySeen) after the mob's turn
  double p_surprise = 1;  // P(not enemySeen): the hero's next hit is a surprise attack
  // The same probabilities as exact fractions num/den.
  std::int64_t notice_num = 0, den = 1;
};

// The probabilities, from the mob's state and what it sees.
//   sleeping:  wakes iff in view and Random.Int(distance + stealth + (flying ? 2 : 0)) == 0
//   wandering: notices iff in view and (alerted or Random.Int(distance/2 + stealth) == 0)
//   hunting:   sees iff in view
// Random.Int(n) is 0 with probability 1/n for n ≥ 1 and always 0 for n ≤ 0.
[[nodiscard]] Surprise surprise(const SurpriseQuery& query);

// The whole situation on a map: the mob casts its field of view (view
// distance `radius`, 1..8) from `mob`, and the query is answered for `hero`.
// `fov` is scratch space, reused between calls.
[[nodiscard]] Surprise surprise_on_map(const grid::Map& map, grid::Point mob, grid::Point hero, SurpriseQuery query,
                                       int radius, grid::Visibility& fov);

}  // namespace fray::pixel_dungeon
