// fray/rules/epixx/attack.hpp — one epixx attack: to-hit check with the
// defensive index, critical hits and locations, damage, critical effect.
//
// One description of the rules serves both the exact and the sampled path:
// `resolve` maps the to-hit roll and the defender's per-turn state to the
// outcome, `unresisted` maps a weapon roll to the damage that gets through,
// and `confusion_turns` maps the critical effect check to turns of confusion.
// The exact functions enumerate the primitives (2D6, D6, the weapon's dice);
// `strike` draws them.
#pragma once

#include <array>
#include <cstdint>
#include <fray/core/pmf.hpp>
#include <fray/core/rng.hpp>
#include <fray/rules/epixx/combatant.hpp>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace fray::epixx {

// The readings of the ambiguities of research §5 that are choices; every
// default is the note's proposal.
struct RuleOptions {
  bool natural_crit = false;         // §5.9 policy B: a natural 12 hits and crits through any defence
  bool restack = true;               // §5.5 used-up defences free their rolls and the others slide down
  bool invisible_stack = true;       // §5.6 defences stack on the base 12 against an invisible defender's attacker
  bool confused_defends = false;     // §5.8 a confused creature keeps its dodge, block and parry
  bool confusion_immediate = false;  // confusion from a critical hit also costs the defences of the current turn
  bool negative_parry = false;       // §5.4 a negative parry modifier is kept (lowers the difficulty)
  bool deflect_spells = false;       // §5.13 the deflect modifier also applies to spells
  std::optional<int> crit_min;       // §5.10 lowest critical threshold (none: no clamp)
  std::optional<int> level_cap;      // §5.10 cap on |level difference| in the threshold (none: no cap)
  std::optional<int> chm;            // §5.11 critical hit modifier vs incapacitated (none: 12 - T)
};

// Situation flags of one attack (--situation), plus the rule options.
struct Situation {
  bool invisible_defender = false;  // melee base difficulty 12
  bool invisible_attacker = false;  // melee: no dodge, block or parry
  bool incapacitated = false;       // melee hits automatically, crit on D6 + CHM >= 6
  bool confused = false;            // the defender starts confused
  RuleOptions rules;
};
// Parses situation items: flags ("invisible_defender", "natural_crit", ...)
// and "key=value" options ("crit_min=7", "chm=2"). Throws fray::Error naming
// an unknown item.
[[nodiscard]] Situation parse_situation(std::span<const std::string> items);

enum class Outcome : std::uint8_t { miss, dodge, block, parry, hit };
[[nodiscard]] std::string_view name(Outcome o) noexcept;

// The defender's state within its turn (research §2.5, §5.7, §5.8): which
// defences are used up, and whether it is confused.
struct TurnState {
  bool dodge_used = false;
  bool weapon_used = false;  // block or parry
  bool confused = false;
  [[nodiscard]] constexpr int index() const noexcept {
    return int(dodge_used) | int(weapon_used) << 1 | int(confused) << 2;
  }
  [[nodiscard]] static constexpr TurnState from_index(int i) noexcept {
    return {(i & 1) != 0, (i & 2) != 0, (i & 4) != 0};
  }
  friend constexpr bool operator==(TurnState, TurnState) = default;
};
inline constexpr int turn_states = 8;

// Everything one attack needs, derived once from the two creatures, the
// attack kind, the range and the situation.
struct AttackSetup {
  Kind kind = Kind::melee;
  int offense = 0;            // O
  int base = 7;               // 7, 12 (invisible defender), or 7 + range + deflect
  int range = 0;              // effective range + deflect modifier (ranged, spell)
  bool defences = false;      // dodge/block/parry can trigger (melee, defender in control, attacker visible)
  int dodge = 0, weapon = 0;  // the defender's dodge and block-or-parry modifiers
  Outcome weapon_kind = Outcome::block;
  int penalty = 0;          // a negative parry kept by option (<= 0), never used up
  bool auto_hit = false;    // melee against an incapacitated defender
  int crit_threshold = 12;  // T
  int chm = 0;              // critical hit modifier against an incapacitated defender
  bool natural_crit = false;
  bool restack = true;
  bool confusion_stops_defences = true;
  bool confusion_immediate = false;
  // Damage.
  Dice damage_dice = Dice::parse("0");
  int damage_mod = 0;  // ability part after handedness, plus magic
  int resist_body = 0, resist_head = 0;
  int stamina = 0;  // the defender's STA for the critical effect check
  // Unresisted damage on a body hit and on a head (critical) hit, dense from 0.
  std::vector<double> body, head;
};

// Builds the setup. `range` is the range modifier from positions (0 when none
// are given). Throws fray::Error for inputs the rules cannot apply.
[[nodiscard]] AttackSetup make_attack(const Combatant& attacker, const Combatant& defender, Kind kind, int range,
                                      const Situation& situation);
// The defender's state at the start of its turn in this situation.
[[nodiscard]] TurnState initial_state(const Situation& situation) noexcept;

// --- the rule, shared by exact and sampled paths ------------------------------------

struct Resolution {
  Outcome outcome = Outcome::miss;
  bool crit = false;
  TurnState next;  // defences used up by this roll (confusion is applied later)
};
// Epixx to-hit (research §2.1, §3.1, §2.6): `roll` is the raw 2D6 sum, or the
// D6 of the critical check when setup.auto_hit.
[[nodiscard]] Resolution resolve(const AttackSetup& setup, TurnState state, int roll) noexcept;
// Damage that gets through resistance (research §2.7, §5.12): weapon roll plus
// the damage modifier, at least 0, less the location's resistance, at least 0.
[[nodiscard]] std::int64_t unresisted(const AttackSetup& setup, bool head, std::int64_t weapon_roll) noexcept;
// Critical effect (research §2.6): confused for (7 + U) - (2D6 + STA) turns when positive.
[[nodiscard]] int confusion_turns(int stamina, std::int64_t unresisted, int check) noexcept;
// The state after a hit whose critical effect gave `turns` of confusion: by
// default unchanged, since confusion starts with the defender's next turn;
// with the confusion_immediate option the defender is confused at once.
[[nodiscard]] TurnState after_confusion(const AttackSetup& setup, TurnState s, int turns) noexcept;

// Number of the 36 outcomes of 2D6 with sum r.
[[nodiscard]] constexpr int ways_2d6(int r) noexcept { return r < 2 || r > 12 ? 0 : 6 - (r > 7 ? r - 7 : 7 - r); }

// --- exact ---------------------------------------------------------------------------

struct OutcomeProbabilities {
  double miss = 0, dodge = 0, block = 0, parry = 0, hit = 0, crit = 0;  // hit includes crit
  [[nodiscard]] double of(Outcome o) const noexcept;
};
// The outcome probabilities only (the fast core of exact_attack).
[[nodiscard]] OutcomeProbabilities outcome_probabilities(const AttackSetup& setup, TurnState state) noexcept;

struct AttackResult {
  OutcomeProbabilities outcomes;
  Pmf damage;             // unresisted damage; 0 on a miss or defence
  double p_confused = 0;  // P(the critical effect check fails)
  Pmf confusion;          // turns of confusion (0 when none)
  Pmf confusion_if_crit;  // turns of confusion given a critical hit (point 0 when crits are impossible)
};
[[nodiscard]] AttackResult exact_attack(const AttackSetup& setup, TurnState state = {});

// Distribution of the critical effect: confusion turns after a critical hit
// whose unresisted damage is distributed as `unresisted` (dense from 0).
[[nodiscard]] Pmf confusion_pmf(std::span<const double> unresisted, int stamina);

// --- sampled -------------------------------------------------------------------------

// One sampled attack with every roll.
struct Strike {
  std::array<int, 2> dice{0, 0};  // to-hit 2D6 (or the D6 of an incapacitated defender's crit check in dice[0])
  int total = 0;                  // to-hit total r + O (0 for an automatic hit)
  Outcome outcome = Outcome::miss;
  bool crit = false;
  std::optional<std::int64_t> weapon_roll;
  std::int64_t damage = 0;                  // unresisted
  std::optional<std::array<int, 2>> check;  // critical effect 2D6
  int confusion = 0;
  TurnState next;
};

template <UniformEngine R>
[[nodiscard]] Strike strike(const AttackSetup& setup, TurnState state, R& rng) {
  Strike s;
  int roll;
  if (setup.auto_hit) {
    s.dice[0] = static_cast<int>(rng.uniform(1, 6));
    roll = s.dice[0];
  } else {
    s.dice[0] = static_cast<int>(rng.uniform(1, 6));
    s.dice[1] = static_cast<int>(rng.uniform(1, 6));
    roll = s.dice[0] + s.dice[1];
    s.total = roll + setup.offense;
  }
  const Resolution res = resolve(setup, state, roll);
  s.outcome = res.outcome;
  s.crit = res.crit;
  s.next = res.next;
  if (res.outcome != Outcome::hit) return s;
  s.weapon_roll = setup.damage_dice.sample(RngRef(rng));
  s.damage = unresisted(setup, res.crit, *s.weapon_roll);
  if (res.crit) {
    std::array<int, 2> c{static_cast<int>(rng.uniform(1, 6)), static_cast<int>(rng.uniform(1, 6))};
    s.check = c;
    s.confusion = confusion_turns(setup.stamina, s.damage, c[0] + c[1]);
    s.next = after_confusion(setup, s.next, s.confusion);
  }
  return s;
}

}  // namespace fray::epixx
