// Pixel Dungeon 1.9.1 actors/mobs/Mob.java enemySeen (Mob.act and its AI states).
#include <fmt/format.h>

#include <fray/core/error.hpp>
#include <fray/rules/pixel_dungeon/shadow_caster.hpp>
#include <fray/rules/pixel_dungeon/surprise.hpp>

namespace fray::pixel_dungeon {

MobState parse_mob_state(std::string_view text) {
  if (text == "sleeping") return MobState::sleeping;
  if (text == "wandering") return MobState::wandering;
  if (text == "hunting") return MobState::hunting;
  throw Error(fmt::format("mob state '{}' is not one of sleeping, wandering, hunting", text));
}

std::string_view to_string(MobState state) noexcept {
  switch (state) {
    case MobState::sleeping:
      return "sleeping";
    case MobState::wandering:
      return "wandering";
    case MobState::hunting:
      return "hunting";
  }
  return "sleeping";
}

Surprise surprise(const SurpriseQuery& query) {
  if (!(query.distance >= 0)) throw Error(fmt::format("distance {} must not be negative", query.distance));
  Surprise s;
  s.in_fov = query.in_fov;
  // P(notice) = num/den.
  std::int64_t num = 0, den = 1;
  if (query.in_fov) {
    switch (query.state) {
      case MobState::sleeping: {
        // Mob.Sleeping.act: Random.Int(distance + stealth + (flying ? 2 : 0)) == 0
        const std::int64_t n = std::int64_t{query.distance} + query.stealth + (query.flying ? 2 : 0);
        s.roll_n = n;
        num = 1;
        den = n > 0 ? n : 1;
        break;
      }
      case MobState::wandering: {
        // Mob.Wandering.act: justAlerted || Random.Int(distance / 2 + stealth) == 0
        if (query.alerted) {
          num = den = 1;
        } else {
          const std::int64_t n = std::int64_t{query.distance / 2} + query.stealth;
          s.roll_n = n;
          num = 1;
          den = n > 0 ? n : 1;
        }
        break;
      }
      case MobState::hunting:
        num = den = 1;  // Mob.Hunting.act: enemySeen = enemyInFOV
        break;
    }
  }
  s.notice_num = num;
  s.den = den;
  s.p_notice = static_cast<double>(num) / static_cast<double>(den);
  s.p_surprise = static_cast<double>(den - num) / static_cast<double>(den);
  return s;
}

Surprise surprise_on_map(const grid::Map& map, grid::Point mob, grid::Point hero, SurpriseQuery query, int radius,
                         grid::Visibility& fov) {
  grid::require_standable(map, mob, "mob");
  grid::require_standable(map, hero, "hero");
  if (!(!(mob == hero))) throw Error(fmt::format("the mob and the hero are both at {},{}", mob.x, mob.y));
  // Char.act → Level.updateFieldOfView → ShadowCaster.castShadow with the mob's viewDistance.
  cast_shadow(map.opacity(), mob, radius, fov);
  query.in_fov = fov.visible(hero);
  query.distance = grid::chebyshev(mob, hero);
  return surprise(query);
}

}  // namespace fray::pixel_dungeon
