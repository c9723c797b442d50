// fray/fight/model.hpp — the ruleset-neutral model of a fight.
//
// Two combatants (a and b) attack each other. Each has hit points and an
// attack time in its game's units (Pixel Dungeon weapon or mob attack delay,
// Brogue attack speed in ticks, Crawl attack delay in aut, epixx one attack a
// turn). Each side's k-th attack (k = 0, 1, ...) starts at k * attack_time; the
// attack that starts earlier goes first, and on a tie the side named by
// `first_on_tie` goes first. The order of attacks therefore never depends on
// the dice, which lets the exact analysis and the Monte Carlo runs share it.
//
// The outcome of one attack comes from the ruleset as an Exchange: a Markov
// kernel over the two sides' (HP, state).
#pragma once

#include <fray/core/pmf.hpp>
#include <fray/core/rng.hpp>
#include <fray/fight/kernel.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fray::fight {

enum class Who : std::uint8_t { a = 0, b = 1 };

[[nodiscard]] constexpr Who other(Who w) noexcept { return w == Who::a ? Who::b : Who::a; }

// Whether a fighter's attack time is random (Fighter::attack_times): then the
// order of attacks depends on the dice.
[[nodiscard]] inline bool random_time(const Fighter& f) noexcept { return f.attack_times.size() > 1; }

// One attack time drawn from a fighter's attack times (attack_time when fixed).
[[nodiscard]] double draw_time(const Fighter& f, Rng& rng);

// The order of attacks. With fixed attack times it never depends on the dice:
// each side's k-th attack starts at k x its time. With a random attack time
// (Fighter::attack_times) a side's next attack starts when its last one is
// over, its time drawn when it starts. The attack that starts earlier goes
// first; starts within a relative 1e-9 tie, and a tie goes to `first_on_tie`.
class Schedule {
 public:
  // Fixed times. Throws fray::Error unless both are finite and positive.
  Schedule(double a_time, double b_time, Who first_on_tie = Who::a);
  // Turns to kill: only a attacks.
  explicit Schedule(double a_time) : Schedule(a_time, a_time) { solo_ = true; }
  // The fighters' times, fixed or random (Fighter::attack_times, which must
  // outlive the schedule); the one-fighter form is turns to kill.
  Schedule(const Fighter& a, const Fighter& b, Who first_on_tie = Who::a);
  explicit Schedule(const Fighter& a);

  struct Turn {
    Who who;            // who attacks
    std::uint64_t nth;  // how many attacks this side made before this one
    double end;         // game time at which this attack is over
  };
  // The next attack in the fight; `rng` draws random attack times. Throws
  // fray::Error when a time is random and no engine is given.
  // Inline for fixed times, which a Monte Carlo fight asks at every attack;
  // the same arithmetic as the general case (a side's k-th start is k x its
  // time, the tie within a relative 1e-9).
  Turn next(Rng* rng = nullptr) {
    if (random_[0] || random_[1]) [[unlikely]]
      return next_drawn(rng);
    std::size_t i = 0;
    if (!solo_) {
      const double ta = static_cast<double>(done_[0]) * time_[0], tb = static_cast<double>(done_[1]) * time_[1];
      const double top = ta < tb ? tb : ta;
      const double eps = 1e-9 * (top > 1.0 ? top : 1.0), gap = ta - tb;
      i = gap <= eps && -gap <= eps ? static_cast<std::size_t>(first_) : (ta < tb ? 0 : 1);
    }
    const std::uint64_t nth = done_[i]++;
    return {static_cast<Who>(i), nth, static_cast<double>(nth + 1) * time_[i]};
  }
  Turn next(Rng& rng) { return next(&rng); }
  // Game time at which the nth (0-based) attack of `who` is over, fixed times.
  [[nodiscard]] double end_time(Who who, std::uint64_t nth) const noexcept {
    return static_cast<double>(nth + 1) * time_[static_cast<std::size_t>(who)];
  }

 private:
  Turn next_drawn(Rng* rng);

  double time_[2];
  const Fighter* random_[2] = {nullptr, nullptr};  // sides whose time is drawn
  double start_[2] = {0, 0};                       // next start of a side whose time is drawn
  Who first_;
  bool solo_ = false;
  std::uint64_t done_[2] = {0, 0};
};

// A distribution over real values (game time), ascending.
using RealPmf = std::vector<std::pair<double, double>>;
[[nodiscard]] double mean_of(const RealPmf& pmf) noexcept;

// A 95 % confidence interval for a probability (Wilson score interval).
struct Interval {
  double lo = 0, hi = 1;
};
[[nodiscard]] Interval wilson_interval(std::uint64_t successes, std::uint64_t trials, double z = 1.959963984540054);

// Turns to kill: one side attacks a target that does not fight back.
struct TtkResult {
  // How p_kill, p_escape, attacks and time were computed: "exact" or
  // "monte-carlo" (hits_method says how the hits were).
  std::string method;
  // The method asked for: "auto", "exact" or "monte-carlo"
  // (method_name(FightOptions::method)), and why `method` is what it is, in
  // words: "auto: the exact analysis can be made", "exact asked for; no exact
  // analysis (...): Monte Carlo instead", ... solve_ttk fills both.
  std::string method_asked;
  std::string method_reason;
  std::int64_t defender_hp = 0;
  // 1 unless the attacker can never kill, dies first of the HP it loses
  // on its own turns (Transition::heal < 0; `notes` give that probability),
  // or the defender runs away first (p_escape).
  double p_kill = 0;
  // The defender runs away before it is killed (Transition::escape: Brogue
  // CE's monsters that flee near death); an attacker that runs away is in
  // `notes`.
  double p_escape = 0;
  std::optional<Pmf> attacks;  // number of attacks to kill, given a kill
  // Number of those attacks that land (Transition::landed), given a kill.
  // Exact when a miss changes nothing (no damage, no state): then the hits
  // alone form a chain. Otherwise sampled, and hits_method says so.
  std::optional<Pmf> hits;
  std::string hits_method;  // "exact" or "monte-carlo" (empty when there is no kill)
  // Why the hits were sampled when the rest is exact (solve_ttk); else empty.
  std::string hits_reason;
  RealPmf time;  // game time to kill, given a kill
  // Exact: the probability not followed to an end: still fighting when the
  // tail was cut, and the faint cells dropped on the way (ExactLimits::tail
  // and faint; together less than the tail, 1e-15).
  double unresolved = 0;
  // The Monte Carlo runs: of the whole answer, or of the hits alone when only
  // they were sampled (hits_method); 0 when nothing was sampled.
  std::uint64_t sims = 0, seed = 0;
  Interval p_kill_ci, p_escape_ci;  // Monte Carlo method only
  // What the answer says besides its numbers: why there is no kill, the
  // fights that end with an escape, sampled fights cut short, ...
  std::vector<std::string> notes;
  // Bout::modelled and Bout::not_modelled: the two fighters' game mechanics
  // that both methods follow, and those that neither follows.
  std::vector<std::string> modelled;
  std::vector<std::string> not_modelled;
};

// A duel between a and b.
struct DuelResult {
  std::string method;         // "exact" or "monte-carlo": how every probability and distribution was computed
  std::string method_asked;   // as TtkResult::method_asked
  std::string method_reason;  // as TtkResult::method_reason
  double p_a_wins = 0, p_b_wins = 0;
  double p_draw = 0;  // the fight never ends (neither side can finish the other)
  // The fight ends with neither side dead: the side runs away
  // (Transition::escape; Fighter::escape says how). p_a_wins + p_b_wins +
  // p_a_escapes + p_b_escapes + p_draw + unresolved = 1.
  double p_a_escapes = 0, p_b_escapes = 0;
  std::optional<Pmf> length;  // number of attacks (both sides), given that the fight ends
  RealPmf time;               // game time until the attack that ends it is over, given that the fight ends
  Pmf a_hp_left, b_hp_left;   // HP at the end (0 = killed; an escape's HP as it ran); over every fight
  std::optional<Pmf> a_hp_if_wins, b_hp_if_wins;  // the winner's remaining HP, given that it wins
  double unresolved = 0;                          // exact: as TtkResult::unresolved
  // Exact only: the conditions the chain held — HP a + HP b (times the
  // states) when the two sides split into one-sided chains, up to HP a × HP b
  // (times the state pairs) for the whole grid.
  std::uint64_t chain_states = 0;
  // Monte Carlo only.
  std::uint64_t sims = 0, seed = 0;
  unsigned threads = 0;
  Interval a_wins_ci, b_wins_ci, draw_ci, a_escapes_ci, b_escapes_ci;
  std::vector<std::string> notes;         // as TtkResult::notes
  std::vector<std::string> modelled;      // Bout::modelled: what both methods follow
  std::vector<std::string> not_modelled;  // Bout::not_modelled: what neither method follows
};

// The columns of a fight simulator, for one side's first attack from the
// starting condition: P(hit) (Transition::landed), mean damage
// given a hit (an armour-absorbed hit counts, at 0), mean damage per attack
// and per unit of game time.
struct AttackStats {
  double p_hit = 0;
  double damage_per_hit = 0;
  double damage_per_attack = 0;
  double damage_per_time = 0;
};
[[nodiscard]] AttackStats attack_stats(const Exchange& kernel, Side attacker, Side defender, double attack_time);

// Checks a fighter before any analysis: 1 <= HP <= kMaxHp, attack time finite
// and > 0; random attack times positive, their probabilities summing to 1 and
// their mean the attack time. Throws fray::Error naming the role ("side a", "attacker").
void check_fighter(const Fighter& fighter, std::string_view role);
// Both fighters, and both kernels present.
void check_bout(const Bout& bout);

}  // namespace fray::fight
