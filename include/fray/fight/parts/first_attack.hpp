// fray/fight/parts/first_attack.hpp — conditions that hold for the first attack only.
//
// Some of a situation's conditions do not last a fight: an invisible hero is
// seen once she strikes, an unaware or sleeping monster notices its attacker.
// Such a condition is *passing*; the others last. The part splits a game's
// situation flags into those that last and those that pass (PassingFlags),
// keeps one flag per side, `over` (false at the start), and says when a
// side's passing conditions end (FirstAttack):
//
//   a side's own turn    ends its passing conditions, as attacker and as
//                        defender (its attack dispels its invisibility; on
//                        its turn a mob sees its foe), when `turn_ends_own`
//                        (a sleeper's turn does not)
//   the first attack     of the side that moves first also ends its foe's
//                        (an attacked monster is alerted), when
//                        `attack_ends_foe`; only one that lands when
//                        `hit_ends_foe_only`
//
//   game                  attacker passing   defender passing                 ends
//   Shattered PD 3.3.6    invisible          surprised, paralyzed, focus      own turn (Invisibility.dispel,
//                                                                             Mob.act enemySeen), the first
//                                                                             attack (Mob.damage alerts)
//   Pixel Dungeon 1.9.1   —                  unseen                           own turn (Mob.act enemySeen)
//   DCSS 0.19.6           —                  sleeping, unaware                any attack on it (noise, ME_WHACK);
//                                                                             unaware: a hit only (handle_phase_hit);
//                                                                             a sleeper's own turn does not
//   DCSS 0.34.1           —                  sleeping, unaware                any attack on it (ME_WHACK on a hit,
//                                                                             a block, a miss; noise); a
//                                                                             sleeper's own turn does not
//
// A side's plan of attack is read in the four cases of (its own conditions
// over, its foe's over): `passed` gives the situation of each, with the
// passing flags of the ended side cleared. The exact chain follows the flag
// as part of each side's state, so a fight with passing conditions is exact.
#pragma once

#include <fray/fight/part.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fray::fight::parts {

struct FirstAttack {
  // The first attack of the side that moves first ends its foe's passing
  // conditions too (the foe is alerted), not only the foe's own turn.
  bool attack_ends_foe = true;
  // A side's own turn ends its own passing conditions (false: a sleeper,
  // which does not act on its turn and stays asleep until attacked).
  bool turn_ends_own = true;
  // Only an attack that lands ends the foe's (DCSS 0.19: only
  // melee_attack::handle_phase_hit alerts an awake monster); else any attack.
  bool hit_ends_foe_only = false;
};

// A game's passing situation flags: those the attacker holds (its
// invisibility) and those the defender holds (unaware, asleep).
template <class S>
struct PassingFlags {
  std::span<bool S::*const> attacker{};
  std::span<bool S::*const> defender{};
};

// Whether situation `s` holds any passing condition.
template <class S>
[[nodiscard]] bool any_passing(const S& s, const PassingFlags<S>& f) {
  for (bool S::*m : f.attacker)
    if (s.*m) return true;
  for (bool S::*m : f.defender)
    if (s.*m) return true;
  return false;
}

// The situation of an attack once the attacker's passing conditions are over
// (`attacker_over`) and the defender's (`defender_over`): `s` with those
// flags cleared.
template <class S>
[[nodiscard]] S passed(S s, const PassingFlags<S>& f, bool attacker_over, bool defender_over) {
  if (attacker_over)
    for (bool S::*m : f.attacker) s.*m = false;
  if (defender_over)
    for (bool S::*m : f.defender) s.*m = false;
  return s;
}

// Whose passing condition a flag numbered at run time is (a rules file's
// situations): none (it lasts), the attacker's or the defender's.
enum class Holder : std::uint8_t { none, attacker, defender };

// passed() for flags numbered at run time: `flags` with the passing ones of
// each ended side cleared, `holders[k]` saying whose flag k is.
[[nodiscard]] inline std::vector<bool> passed(std::vector<bool> flags, std::span<const Holder> holders,
                                              bool attacker_over, bool defender_over) {
  for (std::size_t k = 0; k < flags.size() && k < holders.size(); ++k)
    if ((holders[k] == Holder::attacker && attacker_over) || (holders[k] == Holder::defender && defender_over))
      flags[k] = false;
  return flags;
}

// A side's turn: its own passing conditions end (turn_ends_own), and its
// foe's too when the side moved first and its attack alerts (`first_mover`
// and attack_ends_foe), for hit_ends_foe_only an attack that `landed`. A
// game where every attack alerts its target, whoever moved first (DCSS),
// passes `first_mover` true on every turn.
inline void first_attack_turn(const FirstAttack& p, bool first_mover, bool landed, bool& mine_over,
                              bool& foe_over) noexcept {
  if (p.turn_ends_own) mine_over = true;
  if (first_mover && p.attack_ends_foe && (landed || !p.hit_ends_foe_only)) foe_over = true;
}
// The same for an attack that landed (or a part whose every attack alerts).
inline void first_attack_turn(const FirstAttack& p, bool first_mover, bool& mine_over, bool& foe_over) noexcept {
  first_attack_turn(p, first_mover, true, mine_over, foe_over);
}

// "invisible, surprised last for the first attack only (Mob.act)" and the
// like, for a fight's `modelled` line: the flags `names` that pass.
[[nodiscard]] std::string first_attack_note(std::span<const std::string_view> names, std::string_view source);

// The PartUse of the part: its parameters,
//   attack_ends_foe     1: the first mover's attack ends its foe's conditions
//   turn_ends_own       1: a side's own turn ends its own (given only when 0)
//   hit_ends_foe_only   1: only a landed attack ends the foe's (given only when 1)
[[nodiscard]] PartUse first_attack_use(const FirstAttack& p, std::string source);
// The FirstAttack a PartUse names (fray::Error for another part or a value out of range).
[[nodiscard]] FirstAttack first_attack_of(const PartUse& use);

}  // namespace fray::fight::parts
