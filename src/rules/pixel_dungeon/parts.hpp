// Pixel Dungeon 1.9.1's mechanics as the fight layer's parts
// (fray/fight/parts/): the parameters of its damage over time, and the
// parts a mob's row names.
#pragma once

#include <fray/fight/part.hpp>
#include <fray/fight/parts/damage_over_time.hpp>
#include <fray/fight/parts/split.hpp>
#include <fray/rules/pixel_dungeon/catalog.hpp>

#include "rules/pixel_dungeon/fight.hpp"

#include <vector>

namespace fray::pixel_dungeon {

// Spinner.attackProc: on Random.Int(2) == 0, Poison.set(Random.Int(7, 9))
// (the turns replace those left). Poison.act: (int)(left / 3) + 1, then
// left - 1; the buff acts as it is attached, then once a turn, right after
// each of the spinner's attacks, and goes on once the spinner is dead.
inline constexpr fight::parts::DamageOverTime kSpinnerPoison{
    .name = "poison",
    .chance = 2,
    .dose = fight::parts::DotDose::roll,
    .dose_lo = 7,
    .dose_hi = 8,
    .stack = fight::parts::DotStack::replace,
    .when = fight::parts::DotWhen::after_applier_move,
    .damage = fight::parts::DotDamage::third_left,
    .decay = fight::parts::DotDecay::count_down,
    .outlives_applier = true,
    .max_counter = 255,
    .applies_label = "Spinner.attackProc",
    .dose_label = "Poison.set",
    .tick_label = "Poison.act",
    .resist_label = "Char.damage",
};

// Albino.attackProc: on Random.Int(2) == 0, Bleeding.set(damage), the damage
// after armor (the level replaces the one there). Bleeding.act: level =
// Random.Int(level / 2, level), dealt while above 0. fray holds a level up
// to 255 (kMaxAffliction): a bleeding set from more damage stops there.
inline constexpr fight::parts::DamageOverTime kAlbinoBleeding{
    .name = "bleeding",
    .chance = 2,
    .dose = fight::parts::DotDose::damage,
    .stack = fight::parts::DotStack::replace,
    .when = fight::parts::DotWhen::after_applier_move,
    .damage = fight::parts::DotDamage::level,
    .decay = fight::parts::DotDecay::uniform_half,
    .outlives_applier = true,
    .max_counter = 255,
    .applies_label = "Albino.attackProc",
    .dose_label = "Bleeding.set",
    .tick_label = "Bleeding.act",
    .resist_label = "Char.damage",
};

// The damage over time an affliction is (nullptr: none).
[[nodiscard]] inline const fight::parts::DamageOverTime* dot_rule(Affliction a) noexcept {
  return a == Affliction::poison ? &kSpinnerPoison : a == Affliction::bleeding ? &kAlbinoBleeding : nullptr;
}

// Swarm.defenseProc: a hit on a fly of HP h with damage d (every hit, even
// of 0) splits it when h >= d + 2 and a cell beside it is free: the clone
// takes (h - d) / 2, the fly keeps the rest less d. On open ground every
// clone finds a cell and the hero fights the weakest fly first; every fly
// next to her (up to eight) attacks on the swarm's turn.
inline constexpr fight::parts::Split kSwarmSplit{.min_left = 2, .halves = fight::parts::SplitHalves::clone_floor};
// In a corridor the flies are in line: the hit falls on the front fly, which
// splits only when it is alone (the one free cell is behind it), and only
// the front fly attacks.
inline constexpr fight::parts::Split kSwarmSplitInLine{
    .min_left = 2, .halves = fight::parts::SplitHalves::clone_floor, .in_line = true, .max_attacking = 1};

// The parts of this file a mob's row names: the cave spinner's poison, the
// albino rat's bleeding, the swarm's splits.
[[nodiscard]] inline std::vector<fight::PartUse> part_uses(const Mob& m) {
  if (m.key == "cave_spinner") return {fight::parts::dot_part(kSpinnerPoison, "Spinner.attackProc, Poison.act")};
  if (m.key == "albino_rat") return {fight::parts::dot_part(kAlbinoBleeding, "Albino.attackProc, Bleeding.act")};
  if (m.splits) return {fight::parts::split_part(kSwarmSplit, "Swarm.defenseProc")};
  return {};
}

}  // namespace fray::pixel_dungeon
