// Shattered Pixel Dungeon 3.3.6: the mobs whose own state a fight follows:
// the gnoll brute's rage, the monk's Focus and Goo's HP (turn.hpp).
#include "rules/shattered_pd/turn.hpp"

#include <fray/fight/parts/rage.hpp>
#include <fray/rules/shattered_pd/parts.hpp>
#include <fray/rules/shattered_pd/ruleset.hpp>

#include <memory>
#include <optional>
#include <vector>

namespace fray::shattered_pd {

PartList parts_of(const Combatant& c) {
  static const PartList none = std::make_shared<const std::vector<fight::PartUse>>();
  if (c.is_hero()) return none;
  return std::make_shared<const std::vector<fight::PartUse>>(mob_parts(c.mob));
}

// The brute's rage is the rage part its catalog row names (mob_parts): the
// fight follows what the list names.
std::optional<fight::parts::Rage> rage_part(const PartList& parts) {
  if (const fight::PartUse* u = fight::parts::find_part(*parts, "rage")) return fight::parts::rage_of(*u);
  return std::nullopt;
}

Rage rage_of(const Combatant& brute, const PartList& parts, const Situation& s, double brute_time, double other_time) {
  const std::optional<fight::parts::Rage> part = rage_part(parts);
  if (!part || brute_time != 1 || other_time != 1) return {};
  // AscensionChallenge.statModifier scales each decay (Math.round of the float product).
  return fight::parts::rage_shield(*part, brute.mob.ht, s.ascension ? brute.mob.ascension : 1.0f);
}

bool is_monk(const Combatant& c) {
  return !c.is_hero() && (c.mob.java_class == "Monk" || c.mob.java_class == "Senior");
}

// After a parry the monk makes ceil(c / 0.5) attacks before its next Focus,
// c = NormalFloat(6, 7) = 6 + (u + v) / 2 in floats, u and v multiples of
// 2^-24 below 1 (Random.Float): 12 when u + v is at most 8 x 2^-24 (c
// rounds to 6), 14 from 2^24 + 10 units on (c rounds above 6.5), else 13;
// counted over the 2^48 pairs. The states that follow (attacks less one)
// and their chances.
fight::Branch<std::uint8_t> FocusCooldown::at(std::size_t i) const noexcept {
  constexpr double pairs = 281474976710656.0;  // 2^48
  constexpr double m = 16777216.0 - 11;        // pairs summing to 2^24 + 10 and more: 1 + 2 + ... + m
  constexpr double p12 = 45 / pairs, p14 = m * (m + 1) / 2 / pairs;
  if (i == 0) return {11, p12};
  if (i == 1) return {12, 1 - p12 - p14};
  return {13, p14};
}
// The same drawn as the game draws it: the cooldown, less 0.5 an attack.
std::uint8_t FocusCooldown::sample(Rng& rng, std::vector<Draw>* trace) const {
  float cooldown = normal_float(rng, 6.0f, 7.0f);
  if (trace) trace->push_back(Draw{"Monk.defenseVerb", "Random.NormalFloat(6, 7)", static_cast<double>(cooldown)});
  std::uint8_t attacks = 0;
  for (; cooldown > 0; ++attacks) cooldown -= 0.5f;
  return static_cast<std::uint8_t>(attacks - 1);
}

bool is_goo(const Combatant& c) { return !c.is_hero() && c.mob.java_class == "Goo"; }

Combatant goo_as(Combatant c, bool half, bool pumped) {
  c.hp = half ? c.mob.ht / 2 : c.mob.ht;
  c.pumped = pumped;
  return c;
}

bool enraged(const Combatant& c, std::int64_t hp) { return holds(c.mob, MobCondition::hp_at_most_half, {.hp = hp}); }

}  // namespace fray::shattered_pd
