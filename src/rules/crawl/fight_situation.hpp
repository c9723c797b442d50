// A DCSS situation in a fight, shared by 0.19 and 0.34: a situation
// describes side a's attack on side b (the defender's state, who sees whom,
// how a attacks), and a fight has attacks both ways and many of them. Each
// version lists what each of its flags means in a fight (FlagRole, data),
// and fight_situation reads the situation into a's attacks, b's attacks
// back, and the first-attack part (fray/fight/parts/first_attack.hpp) for
// the conditions that pass:
//
//   role            a's attacks                       b's attacks back
//   both            as given (ranged: how they fight) as given
//   swap            as given                          as the other flag of the pair: a cannot see b
//                                                     (invisible) is b unseen by its defender a
//                                                     (attacker_invisible), and the other way
//   defender_only   as given                          left out, with a note: it describes b, and the
//                                                     situation says nothing of a (backlit, umbra,
//                                                     deflect or repel missiles)
//   passing         the first attack, then without    left out (it describes b); b asleep makes no
//                                                     attack until woken
//   refused         a fight refuses it (fray::Error, naming the flag and why): a state of b that lasts
//                   a random time the situation does not give (paralysis, petrification, a net,
//                   confusion, constriction) or one b does not fight in (fleeing)
//
// The passing flags and what ends them, from the game (docs/crawl.md):
// - sleeping: a monster attacked in melee wakes whatever the attack does: a
//   stab on a sleeper is a sure hit (attack::player_stab_check, stab_bonus 1:
//   ev_margin = AUTOMATIC_HIT), a hit alerts it (melee_attack::handle_phase_hit,
//   behaviour_event ME_WHACK), and every other melee attack's noise wakes a
//   sleeper (handle_noise: noisy(max(1, damage / 4)) at its square,
//   behaviour_event ME_DISTURB: BEH_WANDER). A missile: in 0.34 likewise
//   (ranged_attack::attack calls handle_noise), in 0.19 only a hit
//   (ranged_attack::handle_phase_hit ME_WHACK; a miss is silent). Its own
//   turns, asleep, make no attack and do not wake it (the game may wake it
//   by its stealth checks, which a fight does not follow).
// - unaware (its foe is not the player): 0.34 turns it on the player at any
//   melee attack (ME_WHACK in handle_phase_hit, handle_phase_blocked and
//   handle_phase_dodged for a monster neither asleep nor fleeing); 0.19 only
//   at a hit (handle_phase_hit; a block or a miss alerts nothing, the noise's
//   ME_DISTURB leaves an awake monster's foe). Its own turn ends it too: in a
//   fight of two, the monster's only foe is its opponent.
// The player as the defender of a passing flag is refused: a sleeping player
// wakes only when hurt (ouch.cc), and `unaware` describes a monster.
#pragma once

#include <fray/core/error.hpp>
#include <fray/fight/parts/first_attack.hpp>

#include "rules/crawl/family.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fray::crawl {

enum class InFight { both, swap, defender_only, passing, refused };

// Why a fight refuses a flag, the same in both versions.
inline constexpr std::string_view kParalysedInFight =
    "paralysis lasts a random time (ENCH_PARALYSIS) the situation does not give, in which the defender neither "
    "fights back nor evades";
inline constexpr std::string_view kPetrifiedInFight =
    "petrification lasts a random time (ENCH_PETRIFIED) the situation does not give, in which the defender neither "
    "fights back nor evades";
inline constexpr std::string_view kCaughtInFight =
    "a defender caught in a net struggles free after a random number of its turns "
    "(monster::struggle_against_net), which a fight does not follow";
inline constexpr std::string_view kFleeingInFight =
    "a fleeing monster runs from its foe rather than fight it back (mons_is_fleeing), which a fight does not follow";

// One situation flag of a version, and what it means in a fight.
template <class S>
struct FlagRole {
  bool S::*flag;
  std::string_view name;  // as the situation spells it
  InFight role = InFight::both;
  bool S::*other = nullptr;  // swap: the flag it is in b's attacks back
  // passing: the defender does not act while it holds, nor does its own turn end it (asleep)
  bool asleep = false;
  // passing: only an attack that lands ends it, in melee and with a missile
  bool hit_only_melee = false, hit_only_ranged = false;
  std::string_view why{};  // refused: why a fight does not follow it
};

// The two directions of a fight and its first-attack part.
template <class S>
struct FightSituation {
  S forward{};           // a's attacks on b, as the situation gives them (the passing flags held)
  S passed{};            // a's attacks on b once b's passing conditions are over
  S counter{};           // b's attacks back on a
  bool passing = false;  // b holds passing conditions: `forward` is its first attack's, then `passed`
  bool asleep = false;   // b is asleep: no attack of its own until woken
  fight::parts::FirstAttack part{};
  std::vector<std::string> notes;  // what the attacks back leave out
  std::string modelled;            // the part's line, when `passing`
};

// The fight's reading of situation `s` (a's attack on b) under a version's
// `roles`, which list every flag of S. `ranged`: a's attacks are missiles.
// Throws fray::Error ("<id>: ...") for a refused flag, or a passing flag on a
// player defender.
template <SituationFlags S>
[[nodiscard]] FightSituation<S> fight_situation(const S& s, std::span<const FlagRole<S>> roles, bool ranged,
                                                bool player_defender, std::string_view id) {
  FightSituation<S> out;
  out.forward = s;
  out.passed = s;
  std::vector<std::string_view> dropped, passing;
  std::vector<bool S::*> held;  // the defender's passing flags the situation sets
  bool hit_only = true;
  for (const FlagRole<S>& r : roles) {
    if (!(s.*r.flag)) continue;
    switch (r.role) {
      case InFight::both:
        out.counter.*r.flag = true;
        break;
      case InFight::swap:
        out.counter.*r.other = true;
        break;
      case InFight::defender_only:
        dropped.push_back(r.name);
        break;
      case InFight::passing:
        if (player_defender)
          throw Error(fmt::format(
              "{}: {} in a fight: the defender is the player, and a fight follows {} only on a monster (a sleeping "
              "player wakes when hurt, ouch.cc; unaware describes a monster that has not noticed the player)",
              id, r.name, r.name));
        passing.push_back(r.name);
        held.push_back(r.flag);
        out.asleep = out.asleep || r.asleep;
        hit_only = hit_only && (ranged ? r.hit_only_ranged : r.hit_only_melee);
        break;
      case InFight::refused:
        throw Error(fmt::format("{}: {} in a fight: {}; ask `fray attack` for one attack in it", id, r.name, r.why));
    }
  }
  if (!dropped.empty())
    out.notes.push_back(fmt::format(
        "{} {} the defender's side: the defender's attacks back leave {} out (the situation says nothing of the "
        "attacker's)",
        fmt::join(dropped, ", "), dropped.size() == 1 ? "describes" : "describe", dropped.size() == 1 ? "it" : "them"));
  if (passing.empty()) return out;
  out.passing = true;
  // a's attacks once they are over: the part's `passed`, the defender's side ended.
  out.passed = fight::parts::passed(s, fight::parts::PassingFlags<S>{{}, held}, false, true);
  out.part =
      fight::parts::FirstAttack{.attack_ends_foe = true, .turn_ends_own = !out.asleep, .hit_ends_foe_only = hit_only};
  const std::string ends = hit_only
                               ? "ended by the first attack on the defender that lands, handle_phase_hit's ME_WHACK"
                               : "ended by the first attack on the defender, hit or miss, by ME_WHACK or the "
                                 "attack's noise";
  const std::string own =
      out.asleep ? "; asleep, the defender makes no attack until then" : " or by the defender's own turn";
  out.notes.push_back(
      fmt::format("the P(hit) and damage columns are each side's first attack from the start: the attacker's with {}{}",
                  fmt::join(passing, ", "), out.asleep ? ", the defender's while asleep (none)" : ""));
  out.modelled = fight::parts::first_attack_note(passing, ends + own);
  return out;
}

}  // namespace fray::crawl
