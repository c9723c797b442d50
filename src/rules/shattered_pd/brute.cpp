// Shattered Pixel Dungeon 3.3.6: the mobs whose own state a fight follows:
// the gnoll brute's rage, the monk's Focus and Goo's HP (turn.hpp).
#include "rules/shattered_pd/turn.hpp"

#include <fray/rules/shattered_pd/ruleset.hpp>

namespace fray::shattered_pd {

bool is_brute(const Combatant& c) {
  return !c.is_hero() && (c.mob.java_class == "Brute" || c.mob.java_class == "ArmoredBrute");
}

Rage rage_of(const Combatant& brute, const Situation& s, double brute_time, double other_time) {
  Rage r;
  if (!is_brute(brute) || brute_time != 1 || other_time != 1) return r;
  const float asc = s.ascension ? brute.mob.ascension : 1.0f;
  r.on = true;
  if (brute.mob.java_class == "ArmoredBrute") {
    r.shield = brute.mob.ht / 2 + 1;
    r.decay = java_round(asc);
    r.every = 3;
  } else {
    r.shield = brute.mob.ht / 2 + 4;
    r.decay = java_round(4.0f * asc);
  }
  return r;
}

// After its skipped turn (3) none: that turn's decay came with the rage. The
// armored brute's decays come every third attack from there: at the 4th,
// 7th, ... attack after the skipped turn (attack m takes the decay at the end
// of turn m - 1 of the rage).
std::pair<std::int64_t, std::int8_t> rage_decay(const Rage& r, std::int8_t state) {
  const std::int8_t after = r.every == 1 ? 1 : 4;  // the state after a decay
  switch (state) {
    case 0:
      return {0, 0};
    case 3:
      return {0, after};
    case 4:
      return {0, 5};
    case 5:
      return {0, 1};
    case 2:
      return {r.every == 1 ? r.decay : 0, 2};
    default:
      return {r.decay, after};
  }
}

std::pair<std::int64_t, std::int8_t> rage_hit(const Rage& r, std::int64_t hp, std::int8_t state, std::int64_t x) {
  if (state == 0) {
    if (x < hp - r.shield) return {x, 0};
    const std::int64_t left = r.shield - r.decay;  // enraged, then the turn's decay
    return {left <= 0 ? hp : hp - left, 2};
  }
  const auto [decay, now] = rage_decay(r, state);
  return {decay + x, now};  // the last turn's decay, then the hit
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
