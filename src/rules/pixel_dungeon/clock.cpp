// The Pixel Dungeon family's buff clocks in a fight (clock.hpp): the hero's
// regeneration (Regeneration.act) and a buff acting every few whole turns
// (Pixel Dungeon Hunger.act, Shattered Pixel Dungeon Regeneration.act), on
// the regeneration part's clock.
#include <fmt/format.h>

#include <cstdint>
#include <cstdlib>
#include <fray/core/error.hpp>
#include <fray/rules/pixel_dungeon/clock.hpp>
#include <string_view>

namespace fray::pixel_dungeon {

RegenClock regeneration_clock(double attack_time, int mending, std::uint32_t max_cycle) {
  if (mending < -10 || mending > 10) throw Error(fmt::format("ring_mending={} is out of range -10..10", mending));
  // Regeneration.act: spend(REGENERATION_DELAY / 1.2^bonus), REGENERATION_DELAY = 10,
  // bonus the Ring of Mending levels: 10 x (5/6)^bonus turns.
  std::int64_t pn = 10, pd = 1;
  for (int i = 0; i < std::abs(mending); ++i) {
    pn *= mending > 0 ? 5 : 6;
    pd *= mending > 0 ? 6 : 5;
  }
  return fight::parts::clock_of(attack_time, pn, pd, max_cycle, "hero regeneration", "a point");
}

RegenClock turn_clock(double attack_time, int period, std::uint32_t max_cycle, std::string_view what) {
  if (period < 1) throw Error(fmt::format("{}: a period of {} turns", what, period));
  return fight::parts::clock_of(attack_time, period, 1, max_cycle, what, "an act");
}

fight::parts::Regeneration hero_regeneration(const RegenClock& clock) {
  fight::parts::Regeneration g;
  g.acts = clock.by_attack();
  g.gain = 1;
  g.threshold = 1;
  g.at_full = fight::parts::AtFull::hold;
  return g;
}

}  // namespace fray::pixel_dungeon
