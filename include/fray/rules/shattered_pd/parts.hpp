// fray/rules/shattered_pd/parts.hpp — the mechanic parts
// (fray/fight/parts/) a Shattered Pixel Dungeon 3.3.6 mob's fight follows,
// named from its catalog row: the fight's turn composes them from this list,
// and `fray list monsters` shows it.
#pragma once

#include <fray/fight/part.hpp>
#include <fray/fight/parts/drain.hpp>
#include <fray/fight/parts/first_attack.hpp>
#include <fray/fight/parts/rage.hpp>
#include <fray/rules/shattered_pd/attack.hpp>
#include <fray/rules/shattered_pd/catalog.hpp>

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fray::shattered_pd {

// Bat.attackProc: reg = min(damage - 4, HT - HP), healed when positive.
inline constexpr fight::parts::Drain kBatDrain{.less = 4};

// Brute.isAlive, triggerEnrage, BruteRage.act: at 0 HP the gnoll brute
// gains a shield of HT/2 + 4, spends a turn, and loses round(4 x ascension)
// of the shield at the end of every turn.
inline constexpr fight::parts::Rage kBruteRage{
    .on = fight::parts::RageOn::at_death, .shield_plus = 4, .decay = 4, .every = 1};
// ArmoredBrute.triggerEnrage, ArmoredRage.act: a shield of HT/2 + 1, and
// round(ascension) off it every third turn (spend(3 * TICK)).
inline constexpr fight::parts::Rage kArmoredRage{
    .on = fight::parts::RageOn::at_death, .shield_plus = 1, .decay = 1, .every = 3};

// The parts the mob's fight follows, in the order its turn meets them.
[[nodiscard]] std::vector<fight::PartUse> mob_parts(const Mob& mob);

// --- the situation's first-attack conditions (the first_attack part) ---------------------

// The attacker's passing condition: her invisibility ends with her attack
// (Hero.onAttackComplete calls Invisibility.dispel).
inline constexpr std::array<bool Situation::*, 1> kPassingAttacker{&Situation::invisible};
// The defender's: a mob unaware of her (surprised, `unseen`) or paralyzed has
// noticed her by her next attack (Mob.act sets enemySeen = enemyInFOV on the
// mob's turn; Mob.damage sets alerted); the Monk's Focus is spent on the
// first attack it meets (Monk.defenseVerb).
inline constexpr std::array<bool Situation::*, 3> kPassingDefender{&Situation::surprised, &Situation::paralyzed,
                                                                   &Situation::focus};
inline constexpr fight::parts::PassingFlags<Situation> kPassing{kPassingAttacker, kPassingDefender};
// The flags as `--situation` names them (`surprised` also as `unseen`), with
// the game's function that ends each, for the part's note and the catalog.
struct PassingName {
  bool Situation::*flag;
  std::string_view name, source;
};
inline constexpr std::array<PassingName, 5> kPassingNames{{
    {&Situation::invisible, "invisible", "Invisibility.dispel"},
    {&Situation::surprised, "unseen", "Mob.act enemySeen"},
    {&Situation::surprised, "surprised", "Mob.act enemySeen"},
    {&Situation::paralyzed, "paralyzed", "Mob.act enemySeen"},
    {&Situation::focus, "focus", "Monk.defenseVerb"},
}};
// The part's note for the passing conditions `s` holds (empty: none), for
// a fight's modelled list.
[[nodiscard]] std::string first_attack_line(const Situation& s);
// The first attack of side a ends the defender's conditions too: with the
// fight's order (both sides' first attacks at time 0), the defender's first
// turn comes right after it either way, and the Focus is spent by it.
inline constexpr fight::parts::FirstAttack kFirstAttack{.attack_ends_foe = true};
// The turn ends a side's own conditions on every turn, and its foe's with any attack.
static_assert(kFirstAttack.turn_ends_own && !kFirstAttack.hit_ends_foe_only);
inline constexpr std::string_view kFirstAttackSource = "Invisibility.dispel, Mob.act enemySeen, Monk.defenseVerb";
// The part as a situation flag's catalog entry names it (with the flag's
// source), and the fight reads it back.
[[nodiscard]] fight::PartUse first_attack_part(std::string_view source = kFirstAttackSource);

}  // namespace fray::shattered_pd
