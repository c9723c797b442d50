// fray/rules/pixel_dungeon/parts.hpp — the mechanic parts
// (fray/fight/parts/) a Pixel Dungeon 1.9.1 mob's fight follows, named from
// its catalog row: the fight's turn composes them from this list, and
// `fray list monsters` shows it.
#pragma once

#include <fray/fight/part.hpp>
#include <fray/fight/parts/drain.hpp>
#include <fray/fight/parts/first_attack.hpp>
#include <fray/fight/parts/rage.hpp>
#include <fray/rules/pixel_dungeon/attack.hpp>
#include <fray/rules/pixel_dungeon/catalog.hpp>
#include <fray/rules/pixel_dungeon/hero.hpp>

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace fray::pixel_dungeon {

// Bat.attackProc: reg = min(damage, HT - HP), the damage as dealt (after armor).
inline constexpr fight::parts::Drain kBatDrain{};

// Hero.damage: a Berserker at 0 < HP <= HT x Fury.LEVEL (0.4f, the product
// in float) gains Fury, which Fury.act takes off once HP is above it again;
// with it Hero.damageRoll deals (int)(damage x 1.5f).
inline constexpr fight::parts::Rage kFury{.on = fight::parts::RageOn::hp_at_most, .fraction = 0.4f};
// Brute.damage: the gnoll brute (and the shielded brute) is enraged once its
// HP is below HT / 4, and then hits for NormalIntRange(10, 40)
// (Brute.damageRoll); its HP never rising in a fight, the rage holds while
// HP < HT / 4.
inline constexpr fight::parts::Rage kBruteRage{.on = fight::parts::RageOn::hp_below, .divisor = 4};

// The parts the mob's fight follows, in the order its turn meets them.
[[nodiscard]] std::vector<fight::PartUse> mob_parts(const Mob& mob);
// The parts a hero's fight follows: the Berserker's Fury.
[[nodiscard]] std::vector<fight::PartUse> hero_parts(const Hero& hero);

// --- the situation's first-attack conditions (the first_attack part) ---------------------

// A mob that has not seen its enemy (`unseen`) defends with evasion 0 and
// takes the Assassin's bonus (Mob.defenseSkill, defenseProc) until its own
// next turn: only Mob.act sets enemySeen (Sleeping, Wandering on noticing,
// Hunting: enemySeen = enemyInFOV), and a mob that attacks on its turn has
// seen its enemy. A hit does not end it: Mob.damage only sets `alerted`
// (and wakes a sleeping mob), which that next turn reads. The attacker holds
// no passing condition (the hero is never surprised, attack.cpp).
//
// `paralyzed` is not one of them: a paralysis lasts until the buff ends or
// breaks on a hit by chance (Char.damage: Random.Int(dmg) >= Random.Int(HP)),
// and a paralysed mob does not act (Mob.act), which a fight does not follow.
inline constexpr std::array<bool Situation::*, 0> kPassingAttacker{};
inline constexpr std::array<bool Situation::*, 1> kPassingDefender{&Situation::unseen};
inline constexpr fight::parts::PassingFlags<Situation> kPassing{kPassingAttacker, kPassingDefender};
// Only the mob's own turn ends its surprise: the first attack on it does not.
inline constexpr fight::parts::FirstAttack kFirstAttack{.attack_ends_foe = false};
inline constexpr std::string_view kFirstAttackSource = "Mob.act enemySeen";
// The part as the `unseen` flag's catalog entry names it, and the fight reads it back.
[[nodiscard]] fight::PartUse first_attack_part();
// The part's note when `s` holds `unseen` (empty otherwise), for a fight's modelled list.
[[nodiscard]] std::string first_attack_line(const Situation& s);

}  // namespace fray::pixel_dungeon
