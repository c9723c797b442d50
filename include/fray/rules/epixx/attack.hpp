// fray/rules/epixx/attack.hpp — one epixx attack: the to-hit check with the
// defensive index, hit locations and critical hits, damage after resistance,
// and the critical effect check (the epixx combat page).
//
// An attack is first reduced to an AttackPlan: every number the rules fix
// before any die is rolled. Three functions are the rule itself — `resolve`
// (a to-hit roll against the defender's turn state), `damage_after_resistance`
// (a weapon roll at a location) and `confusion_turns` (a critical effect
// check) — and two enumerations list the dice those functions read
// (`for_each_to_hit`, `for_each_effect_check`). Every reader of a plan goes
// through them: the exact outcome, the sampled strike (which draws the same
// dice), the fight layer's kernel and a defender's whole turn (turn.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <fray/core/pmf.hpp>
#include <fray/core/rng.hpp>
#include <fray/rules/epixx/combatant.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fray::epixx {

// Parses "name", "name:key=value,..." (an example creature with overrides) or
// an inline "key=value,..." spec (the keys are in docs/epixx.md and
// catalog(keys)). `role` names the spec in errors ("attacker", "defender").
// Throws fray::Error on any bad key or value; an unknown name or key names
// the closest known one.
[[nodiscard]] Combatant parse_combatant(std::string_view spec, std::string_view role);

// The readings of what the combat page leaves open; each default is the
// plainest reading of the page.
struct RuleOptions {
  bool natural_crit = false;         // a natural 12 hits and crits through any defense (else a critical must hit)
  bool restack = true;               // used-up defenses free their rolls and the others slide down to the base
  bool invisible_stack = true;       // defenses stack on the base 12 against an invisible defender's attacker
  bool confused_defends = false;     // a confused creature keeps its dodge, block and parry
  bool confusion_immediate = false;  // confusion from a critical hit also costs the defenses of the current turn
  bool negative_parry = false;       // a negative parry modifier is kept (lowers the difficulty)
  bool deflect_spells = false;       // the deflect modifier also applies to spells
  std::optional<int> crit_min;       // lowest critical hit threshold (none: no clamp)
  std::optional<int> level_cap;      // cap on |level difference| in the threshold (none: no cap)
  std::optional<int> chm;            // critical hit modifier vs an incapacitated defender (none: 12 - T)
};

// The circumstances of one attack: its kind and range (request options), the
// situation flags and the rule options.
struct Situation {
  Kind kind = Kind::melee;
  int range = 0;                    // range modifier from positions (ranged and spell attacks)
  bool invisible_defender = false;  // melee base difficulty 12
  bool invisible_attacker = false;  // melee: no dodge, block or parry
  bool incapacitated = false;       // melee hits automatically, crit on D6 + CHM >= 6
  bool confused = false;            // the defender starts confused
  RuleOptions rules;
};
// Parses situation items: flags ("invisible_defender", "natural_crit", ...)
// and "key=value" options ("crit_min=7", "chm=2"); kind and range stay at
// melee and 0. Throws fray::Error naming an unknown item and the closest.
[[nodiscard]] Situation parse_situation(const std::vector<std::string>& flags);

// One situation flag or rule option, for catalog(situations) and the docs.
struct SituationItem {
  std::string_view name;  // "invisible_defender", "crit_min" (takes =N)
  bool takes_value = false;
  std::string_view description;
};
[[nodiscard]] std::span<const SituationItem> situation_items() noexcept;

// What one to-hit roll did. `hit` lands on the body, `critical` on the head.
enum class Result : std::uint8_t { miss, dodge, block, parry, hit, critical };
inline constexpr int result_count = 6;
// "miss", "dodge", "block", "parry", "hit", "critical".
[[nodiscard]] std::string_view name(Result r) noexcept;
[[nodiscard]] constexpr bool lands(Result r) noexcept { return r == Result::hit || r == Result::critical; }

// The defender's state within its turn: which defenses are used up (combat
// page: each defense "once per turn"), and whether it is confused (not "in
// total control of its own actions").
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

// Everything one attack needs, derived once from the two creatures and the
// situation: the one description every reader of the attack uses.
struct AttackPlan {
  Kind kind = Kind::melee;
  int offense = 0;            // O
  int base = 7;               // 7, 12 (invisible defender), or 7 + range + deflect
  int range = 0;              // effective range + deflect modifier (ranged, spell)
  bool defenses = false;      // dodge/block/parry can trigger (melee, defender in control, attacker visible)
  int dodge = 0, weapon = 0;  // the defender's dodge and block-or-parry modifiers
  Result weapon_kind = Result::block;
  int penalty = 0;          // a negative parry kept by option (<= 0), never used up
  bool auto_hit = false;    // melee against an incapacitated defender
  int crit_threshold = 12;  // T
  int chm = 0;              // critical hit modifier against an incapacitated defender
  bool natural_crit = false;
  bool restack = true;
  bool confusion_stops_defenses = true;
  bool confusion_immediate = false;
  // Damage.
  Dice damage_dice = Dice::parse("0");
  int damage_mod = 0;  // ability part after handedness, plus magic
  int resist_body = 0, resist_head = 0;
  int stamina = 0;  // the defender's STA for the critical effect check
  // Damage after resistance on a body hit and on a head (critical) hit, dense from 0.
  std::vector<double> body, head;
};

// Builds the plan. Throws fray::Error for inputs the rules cannot apply.
[[nodiscard]] AttackPlan plan_attack(const Combatant& attacker, const Combatant& defender, const Situation& situation);
// The defender's state at the start of its turn in this situation.
[[nodiscard]] TurnState initial_state(const Situation& situation) noexcept;
// The plan in words, one line each (to-hit, critical, damage), for reports.
[[nodiscard]] std::vector<std::string> describe(const AttackPlan& plan);

// --- the rule -------------------------------------------------------------------------

struct Resolution {
  Result result = Result::miss;
  TurnState next;  // defenses used up by this roll (confusion is applied later)
};
// epixx To-Hit Check with the defensive index, and Hit Locations: `roll` is
// the raw 2D6 sum, or the D6 of the critical check when plan.auto_hit.
[[nodiscard]] Resolution resolve(const AttackPlan& plan, TurnState state, int roll) noexcept;
// resolve() of one plan for every turn state and roll (0 .. 12), worked out
// once: a sampled fight resolves an attack at every turn (strike_resolved).
class Resolutions {
 public:
  explicit Resolutions(const AttackPlan& plan) noexcept {
    for (int i = 0; i < turn_states; ++i)
      for (int roll = 0; roll <= 12; ++roll)
        table_[static_cast<std::size_t>(i)][static_cast<std::size_t>(roll)] =
            resolve(plan, TurnState::from_index(i), roll);
  }
  [[nodiscard]] Resolution operator()(TurnState state, int roll) const noexcept {
    return table_[static_cast<std::size_t>(state.index())][static_cast<std::size_t>(roll)];
  }

 private:
  std::array<std::array<Resolution, 13>, turn_states> table_{};
};
// epixx Damage: weapon roll plus the damage modifier, at least 0, less the
// location's resistance, at least 0 (the page's "unresisted damage").
[[nodiscard]] std::int64_t damage_after_resistance(const AttackPlan& plan, bool head,
                                                   std::int64_t weapon_roll) noexcept;
// epixx Critical effect check: 2D6 + STA >= 7 + U; on a failure the creature
// is confused for the margin, (7 + U) - (2D6 + STA) turns.
[[nodiscard]] int confusion_turns(int stamina, std::int64_t damage, int check) noexcept;
// The state after a hit whose critical effect gave `turns` of confusion: by
// default unchanged, since confusion starts with the defender's next turn;
// with the confusion_immediate option the defender is confused at once.
[[nodiscard]] TurnState after_confusion(const AttackPlan& plan, TurnState s, int turns) noexcept;

// --- the dice the rule reads ------------------------------------------------------------

// Number of the 36 outcomes of 2D6 with sum r.
[[nodiscard]] constexpr int ways_2d6(int r) noexcept { return r < 2 || r > 12 ? 0 : 6 - (r > 7 ? r - 7 : 7 - r); }

// The to-hit roll: 2D6, or the D6 of the critical check against an
// incapacitated defender. Its outcomes are whole counts out of `to_hit_total`.
[[nodiscard]] constexpr int to_hit_total(const AttackPlan& plan) noexcept { return plan.auto_hit ? 6 : 36; }
// Calls f(resolution, ways) for every raw roll, where `ways` is the number of
// the to_hit_total(plan) equally likely dice outcomes giving that roll.
template <class F>
void for_each_to_hit(const AttackPlan& plan, TurnState state, F&& f) {
  if (plan.auto_hit) {
    for (int d = 1; d <= 6; ++d) f(resolve(plan, state, d), 1);
  } else {
    for (int r = 2; r <= 12; ++r) f(resolve(plan, state, r), ways_2d6(r));
  }
}
// Calls f(turns, ways) for every 2D6 sum of the critical effect check after a
// critical hit of `damage` (after resistance); `ways` is out of 36.
template <class F>
void for_each_effect_check(int stamina, std::int64_t damage, F&& f) {
  for (int c = 2; c <= 12; ++c) f(confusion_turns(stamina, damage, c), ways_2d6(c));
}

// --- exact ---------------------------------------------------------------------------

// Probability of each result. `hit` counts every landing attack, `crit` the
// critical part of it.
struct ResultProbabilities {
  double miss = 0, dodge = 0, block = 0, parry = 0, hit = 0, crit = 0;
  // The probability of exactly `r` (hit without its critical part).
  [[nodiscard]] double of(Result r) const noexcept;
};
// The result probabilities only (the fast core of exact_outcome).
[[nodiscard]] ResultProbabilities result_probabilities(const AttackPlan& plan, TurnState state) noexcept;

// The exact reading of a plan.
struct Outcome {
  ResultProbabilities results;
  double p_hit = 0;
  Pmf damage;             // after resistance; 0 on a miss or a defense
  Pmf damage_on_hit;      // given that the attack lands (a point at 0 when it never does)
  double p_confused = 0;  // P(the critical effect check fails)
  Pmf confusion;          // turns of confusion (0 when none)
  Pmf confusion_if_crit;  // turns of confusion given a critical hit (point 0 when criticals are impossible)
};
[[nodiscard]] Outcome exact_outcome(const AttackPlan& plan, TurnState state = {});

// Distribution of the critical effect: confusion turns after a critical hit
// whose damage after resistance is distributed as `damage` (dense from 0).
[[nodiscard]] Pmf confusion_pmf(std::span<const double> damage, int stamina);

// --- sampled -------------------------------------------------------------------------

// What a draw was for, in a strike's trace.
enum class DrawFor : std::uint8_t { to_hit, critical, damage, confusion };
// "to-hit", "critical", "damage", "confusion".
[[nodiscard]] std::string_view name(DrawFor d) noexcept;

// One sampled attack with every roll.
struct StrikeResult {
  std::array<int, 2> dice{0, 0};  // to-hit 2D6 (or the D6 of an incapacitated defender's crit check in dice[0])
  int total = 0;                  // to-hit total r + O (0 for an automatic hit)
  Result result = Result::miss;
  std::optional<std::int64_t> weapon_roll;
  std::int64_t damage = 0;                  // after resistance
  std::optional<std::array<int, 2>> check;  // critical effect 2D6
  int confusion = 0;
  TurnState next;
  [[nodiscard]] bool hit() const noexcept { return lands(result); }
};

// One sampled attack against a defender in `state`. `on_draw(DrawFor, call,
// value)` sees every draw in order: the to-hit 2D6 ("2d6", its sum; "1d6" for
// an incapacitated defender's critical check), the weapon's dice on a hit
// (the dice expression, its total) and the critical effect 2D6 on a critical.
// With the to-hit resolution read from `resolved(state, roll)`, resolve's
// values (a Resolutions of the plan).
template <UniformEngine R, class OnDraw, class Resolved>
[[nodiscard]] StrikeResult strike_resolved(const AttackPlan& plan, TurnState state, R& rng, OnDraw&& on_draw,
                                           const Resolved& resolved) {
  StrikeResult s;
  int roll;
  if (plan.auto_hit) {
    s.dice[0] = static_cast<int>(rng.uniform(1, 6));
    roll = s.dice[0];
    on_draw(DrawFor::critical, std::string_view("1d6"), std::int64_t{roll});
  } else {
    s.dice[0] = static_cast<int>(rng.uniform(1, 6));
    s.dice[1] = static_cast<int>(rng.uniform(1, 6));
    roll = s.dice[0] + s.dice[1];
    s.total = roll + plan.offense;
    on_draw(DrawFor::to_hit, std::string_view("2d6"), std::int64_t{roll});
  }
  const Resolution res = resolved(state, roll);
  s.result = res.result;
  s.next = res.next;
  if (!lands(res.result)) return s;
  const bool crit = res.result == Result::critical;
  s.weapon_roll = plan.damage_dice.sample(RngRef(rng));
  on_draw(DrawFor::damage, std::string_view(plan.damage_dice.text()), *s.weapon_roll);
  s.damage = damage_after_resistance(plan, crit, *s.weapon_roll);
  if (crit) {
    const std::array<int, 2> c{static_cast<int>(rng.uniform(1, 6)), static_cast<int>(rng.uniform(1, 6))};
    s.check = c;
    on_draw(DrawFor::confusion, std::string_view("2d6"), std::int64_t{c[0] + c[1]});
    s.confusion = confusion_turns(plan.stamina, s.damage, c[0] + c[1]);
    s.next = after_confusion(plan, s.next, s.confusion);
  }
  return s;
}
template <UniformEngine R, class OnDraw>
[[nodiscard]] StrikeResult strike(const AttackPlan& plan, TurnState state, R& rng, OnDraw&& on_draw) {
  return strike_resolved(plan, state, rng, on_draw,
                         [&plan](TurnState st, int roll) { return resolve(plan, st, roll); });
}
template <UniformEngine R>
[[nodiscard]] StrikeResult strike(const AttackPlan& plan, TurnState state, R& rng) {
  return strike(plan, state, rng, [](DrawFor, std::string_view, std::int64_t) {});
}

}  // namespace fray::epixx
