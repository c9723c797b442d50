// fray/fight/exact.hpp — exact turns to kill and duels, as Markov chains.
//
// The chain's states are the pairs of the two sides' conditions (HP and the
// state the ruleset carries: Pixel Dungeon fury follows from HP, Brogue acid
// and epixx confusion live in Side::state). All pairs reachable from the
// start are found first, asking each kernel once per distinct input it reads
// (Exchange::reads); then the probability mass is pushed along the fixed
// schedule of attacks, one attack at a time, recording each kill with its
// attack count, game time and the survivor's HP. Pairs from which no kill can
// ever be reached are a stalemate: their mass is reported as p_draw, never
// left to loop. A duel whose two sides are independent follows from each
// side's chain of turns to kill instead of the whole grid of HP pairs.
//
// The tail of an endless-in-principle fight (misses can repeat forever) is
// followed until less than `tail` probability is left; that remainder is
// reported as `unresolved`, with the faint cells' mass dropped on the way
// (ExactLimits::faint): every probability is exact to within it.
#pragma once

#include <fray/core/budget.hpp>
#include <fray/core/error.hpp>
#include <fray/fight/model.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace fray::fight {

struct ExactLimits {
  std::size_t max_pairs = std::size_t{1} << 22;  // reachable (a, b) condition pairs
  // Transitions followed, over all attacks: a check on the way, above the
  // work budget (fray/core/budget.hpp) that the estimate made first applies.
  std::uint64_t max_work = static_cast<std::uint64_t>(2 * budget().work);
  // The search for the reachable conditions, in operations: kReachCellOps a
  // condition, and kAnswerOps plus kOutcomeOps an outcome for every answer
  // the rules compute afresh for it (a turn read path by path costs far more
  // per condition than a step: Shattered PD's Goo about 3 000 operations). A
  // check on the way; no bound by default. An `auto` fight sets it (fray/fight/solve.hpp
  // kAutoWork), so that a fight whose search alone takes seconds goes to
  // Monte Carlo at once instead.
  std::uint64_t max_reach_work = UINT64_MAX;
  double tail = 1e-15;  // stop when less mass than this is still fighting
  // Pulling (below) sets to 0 the cells at either end of each row's window
  // that hold less than `faint`, and counts their mass as unresolved, up to
  // tail / 100 in all: late in a long fight most of the grid holds a
  // vanishing mass (half the cells of a 300-HP duel, less than 1e-25), and
  // a cell dropped could have sent on no more than its own mass. Outcomes
  // fainter than that may then be missing from the distributions (a
  // 300-HP duel won in its fewest attacks, at 1e-58). 0: keep every cell.
  double faint = 1e-25;
  // When neither side's attacks depend on anything the other side changes
  // (no fury, no confusion), the duel follows from two one-sided chains,
  // built straight from the kernels (HP a + HP b conditions)
  // instead of the whole grid; same numbers, much faster. Off: always the grid.
  bool split_sides = true;
  // The grid's stepping pulls each cell's mass from the cells whose moves
  // lead to it (every cell written once per attack) when the grid has at
  // least `pull_from` cells and no cell can turn into a stalemate; else it
  // pushes each cell's mass along its moves. Pulling needs a table of
  // incoming moves first and visits every cell the mass may have reached;
  // it pays from a few hundred cells on (measured: a 3000-HP turns to kill
  // 3.5 times faster, a 100-HP duel twice as fast; below 2^8 cells the two
  // are within microseconds). The same numbers to rounding (tests compare
  // the two: 0 always pulls, SIZE_MAX never).
  std::size_t pull_from = std::size_t{1} << 8;
  // Watches the analysis and cancels it (throws Cancelled); null: neither.
  Progress* progress = nullptr;
  // A kernel that names classes of HP (Exchange::hp_classes) is asked again
  // at every cell whose HP differ from those of the answer it reuses, and
  // the two answers compared (std::logic_error when they differ): for the
  // tests, which hold each game's classes to its outcomes. Off: only the
  // first such cell of each class is compared.
  bool check_classes = false;
};

// The reachability search's costs (ExactLimits::max_reach_work, and the
// estimates of fray/core/budget.hpp), in the work budget's operations of
// about a quarter of a nanosecond: a condition found (a lookup and its moves),
// an answer the rules compute afresh, and each of its outcomes. The last two
// from Shattered PD's turns read path by path: Goo against a level-12 hero
// (4.19 million answers of 12 outcomes, 3.2 s) and a level-8 hero against the
// cave spinner (217 000 answers of 22, 0.25 s).
inline constexpr std::uint64_t kReachCellOps = 40;
inline constexpr std::uint64_t kAnswerOps = 1200;
inline constexpr std::uint64_t kOutcomeOps = 160;

// The chain is too large or too slow for the limits: use Monte Carlo. The
// budget's error (fray/core/budget.hpp): refused before starting when the
// estimate is past the one rule, or, rarely, past max_work on the way.
using TooLarge = fray::TooLarge;

// Attacks of `attacker` on a `defender` that does not fight back, until the
// defender's HP reaches 0. A random attack time (Fighter::attack_times) is
// exact here: the time to kill is the sum of the attacks' drawn times. Throws
// fray::Error when the kernel is not exact (kernel.exact() is false) or gives
// bad outcomes, TooLarge past the limits.
[[nodiscard]] TtkResult ttk_exact(const Exchange& kernel, const Fighter& attacker, const Fighter& defender,
                                  const ExactLimits& limits = {});

// The defender's own turns in turns to kill. In every ruleset a side's
// changes to itself — its regeneration (Transition::heal > 0), HP it loses on
// its own turn (poison, bleeding: heal < 0), its own state — come from its own
// kernel on its own turn, before its attack. In turns to kill the defender
// still takes its turns, on its own schedule (Fighter::attack_time, ties as
// in a duel), but its attack does nothing to the attacker: this kernel gives
// the defender's outcomes with that attack dropped — damage 0, the other
// side's state as it was, no hit — and its own heal, state and running away
// (Transition::escape, attacker: it flees on its turn) kept, equal outcomes
// merged; its running away after that attack is dropped with the attack, as
// is what the attack drained (Transition::drained: a life drain heals only
// when the attack lands on someone). It reads what the defender's kernel reads and is exact when that kernel
// is.
class OwnChanges final : public Exchange {
 public:
  explicit OwnChanges(const Exchange& own) : own_(&own) {}
  [[nodiscard]] std::vector<Transition> outcomes(Side self, Side other) const override;
  [[nodiscard]] Transition sample(Side self, Side other, Rng& rng) const override;
  [[nodiscard]] Reads reads() const override { return own_->reads(); }
  [[nodiscard]] HpClasses hp_classes(Side self, Side other) const override { return own_->hp_classes(self, other); }
  [[nodiscard]] bool exact() const override { return own_->exact(); }
  [[nodiscard]] std::string why_not_exact() const override { return own_->why_not_exact(); }
  // The defender's kernel, whole.
  [[nodiscard]] const Exchange& own() const noexcept { return *own_; }
  // Whether an outcome of this kernel, from `self`, changes anything.
  [[nodiscard]] static bool changes(const Transition& t, Side self) {
    return t.p > 0 && (t.heal != 0 || t.attacker_state != self.state || t.escape != Escape::none);
  }

 private:
  const Exchange* own_;
};

// Whether the defender's own turns change anything in turns to kill: some
// outcome of OwnChanges over `own` changes the defender, at some condition
// the attacker's attacks reach; nullopt when there are more conditions than
// limits.max_pairs to tell. Needs both kernels to list their outcomes.
[[nodiscard]] std::optional<bool> defender_acts(const Exchange& a_hits_b, const Exchange& own, const Fighter& attacker,
                                                const Fighter& defender, const ExactLimits& limits = {});

// Turns to kill with the defender's own turns (bout.b_hits_a through
// OwnChanges; null: none, as ttk_exact above). When no reachable turn of the
// defender changes anything, the answer is ttk_exact's, bit for bit. Else it
// is the duel chain of a against the defender's own changes: p_kill is the
// probability that the defender dies — of a's attacks, or of the HP it loses
// on its own turns, counted at the attacks a made before it —, below 1 when
// the defender's regeneration can undo every hit (a stalemate, in `note`) or
// the attacker dies first of its own HP loss. `hits` is exact only when every
// attack of a lands (then hits = attacks): misses no longer repeat in place
// while the defender's turns come between them. Throws TurnsNotExact, with
// the reason, when the defender's turns change the fight and an attack time
// is random (the chain follows fixed times only) or the defender's kernel is
// not exact (a kernel that is not exact about its attack alone, which is
// dropped, still answers exactly when its turns change nothing), fray::Error
// when the attacker's kernel is not exact, TooLarge past the limits.
class TurnsNotExact : public Error {
 public:
  using Error::Error;
};
[[nodiscard]] TtkResult ttk_exact(const Bout& bout, Who first_on_tie = Who::a, const ExactLimits& limits = {});

// The number of attacks that land until `attacker` kills `defender` (given a
// kill), exact when every miss leaves both sides as they were (no damage, no
// state change); nullopt when some reachable miss moves a state, as the hits
// then do not form a chain of their own (solve_ttk samples them). ttk_exact
// fills TtkResult::hits from it.
[[nodiscard]] std::optional<Pmf> hits_to_kill_exact(const Exchange& kernel, const Fighter& attacker,
                                                    const Fighter& defender, const ExactLimits& limits = {});

// A duel to the death between bout.a and bout.b. Throws fray::Error when an
// attack time is random (random_order_why gives the reason): the order of
// attacks then depends on the dice, which this chain does not follow.
[[nodiscard]] std::string random_order_why(const Bout& bout);
[[nodiscard]] DuelResult duel_exact(const Bout& bout, Who first_on_tie = Who::a, const ExactLimits& limits = {});

// Whether the fight can end at all — a kill, a death of its own HP loss, an
// escape (b_hits_a null: turns to kill) —, from the
// kernels' outcomes over every reachable condition; nullopt when there are
// too many conditions to tell. Monte Carlo asks first, so that a fight that
// can never end gives a result, not a run of endless fights.
[[nodiscard]] std::optional<bool> can_end(const Exchange& a_hits_b, const Exchange* b_hits_a, const Fighter& a,
                                          const Fighter& b, const ExactLimits& limits = {});

}  // namespace fray::fight
