// Brogue CE's mechanics as the fight layer's parts (fray/fight/parts/): the
// parameters of its poison, and the parts a monster's row names.
#pragma once

#include <fray/fight/part.hpp>
#include <fray/fight/parts/damage_over_time.hpp>
#include <fray/fight/parts/first_attack.hpp>
#include <fray/fight/parts/split.hpp>
#include <fray/rules/brogue/attack.hpp>
#include <fray/rules/brogue/catalog.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <vector>

namespace fray::brogue {

// MA_POISONS. Combat.c attack: a poisoner's hit that deals damage deals 1
// HP instead, and specialHit adds the damage as poison (addPoison(defender,
// damage, 1): the turns add up, poisonAmount one more per hit; on a victim
// with none left, both start again from 0). The poison ticks once per 100
// ticks of game time on a monster (decrementMonsterStatus), once per turn of
// the player's (playerTurnEnded), poisonAmount HP a tick: fray counts the
// ticks over the poisoner's attack time before its attack. The victim stays
// poisoned once the poisoner is dead, which fray's fight, ending at the kill,
// does not follow.
inline constexpr fight::parts::DamageOverTime kPoison{
    .name = "poison",
    .chance = 1,
    .needs_damage = true,
    .dose = fight::parts::DotDose::damage,
    .stack = fight::parts::DotStack::add,
    .level_per_dose = 1,
    .hit_deals = 1,
    .when = fight::parts::DotWhen::over_applier_time,
    .damage = fight::parts::DotDamage::level,
    .decay = fight::parts::DotDecay::count_down,
    .outlives_applier = true,
    .max_counter = std::numeric_limits<std::int32_t>::max(),
    .applies_label = "specialHit",
    .dose_label = "addPoison",
    .tick_label = "decrementMonsterStatus",
};

// MA_CLONE_SELF_ON_DEFEND. Combat.c splitMonster, after every hit that
// deals damage: a body that survives with h - d HP keeps (h - d + 1) / 2 and
// a clone takes the same, while its kind counts fewer than 100 others
// (alliedCloneCount; a free cell touching the group is taken as always
// there). Its foe attacks the body with the fewest HP first (each kill takes
// an attacker away soonest); every body next to it (up to eight) attacks.
inline constexpr fight::parts::Split kJellySplit{
    .min_left = 1, .halves = fight::parts::SplitHalves::both_ceil, .max_others = 100};

// The situation's conditions that hold for a fight's first attack only
// (Combat.c attack): the attacker's lunge (a rapier's step into its foe; the
// foe is then next to it), and the defender's unawareness (sneak) or sleep,
// which the first attack's hit ends: it always hits, and sets the monster
// hunting (creatureState MONSTER_TRACKING_SCENT). The situation's first
// attacker ends its foe's with that attack; a side's own turn ends its own
// (a monster that moves first has noticed its foe).
inline constexpr fight::parts::FirstAttack kFirstAttack{.attack_ends_foe = true};
inline constexpr std::array<bool Situation::*, 1> kPassingAttacker{&Situation::lunge};
inline constexpr std::array<bool Situation::*, 2> kPassingDefender{&Situation::sneak, &Situation::sleeping};
inline constexpr fight::parts::PassingFlags<Situation> kPassing{kPassingAttacker, kPassingDefender};

// The parts of this file a monster's row names: its poison (MA_POISONS),
// its splitting (MA_CLONE_SELF_ON_DEFEND).
[[nodiscard]] inline std::vector<fight::PartUse> part_uses(const Monster& m) {
  std::vector<fight::PartUse> out;
  if (m.poisons)
    out.push_back(fight::parts::dot_part(kPoison, "Combat.c specialHit, addPoison; Time.c decrementMonsterStatus"));
  const auto& f = m.ability_flags;
  if (std::find(f.begin(), f.end(), "MA_CLONE_SELF_ON_DEFEND") != f.end())
    out.push_back(fight::parts::split_part(kJellySplit, "Combat.c splitMonster"));
  return out;
}

}  // namespace fray::brogue
