// Exact turns to kill: the chain with a target that does not fight back (one
// row while the attacker's HP never changes; one row per attacker HP when its
// own outcomes change it), stepped one attack at a time. An attacker that
// loses HP on its own turns (poison, bleeding, burning: Transition::heal < 0)
// may die before it kills: p_kill is then below 1, and `attacks` and `time`
// are given a kill. A defender whose own turns change it (regeneration, HP
// lost on its turn, its own state) takes them too, its attacks doing
// nothing: then the chain is the duel's, against those turns alone.
#include "fight/ttk.hpp"

#include <fray/fight/exact.hpp>

#include <fray/core/probability_text.hpp>

#include <fmt/format.h>

#include "fight/budget.hpp"
#include "fight/chain.hpp"
#include "fight/time.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <unordered_set>
#include <utility>
#include <vector>

namespace fray::fight {
namespace {

// Game time to kill when each attack's time is random: the sum of N
// independent attack times, N the number of attacks to kill.
RealPmf summed_times(const std::vector<double>& kill_nth, const Fighter& attacker, const ExactLimits& limits) {
  // Keys rounded to 1e-9 of the time, so that sums reached in different
  // orders meet.
  auto key = [](double v) { return std::round(v * 1e9) / 1e9; };
  std::map<double, double> acc, sum{{0.0, 1.0}}, next;
  double total = 0;
  std::uint64_t work = 0;
  for (std::size_t i = 0; i < kill_nth.size(); ++i) {
    next.clear();
    for (const auto& [v, p] : sum)
      for (const auto& [t, q] : attacker.attack_times)
        if (q > 0) next[key(v + t)] += p * q;
    sum.swap(next);
    work += sum.size() * attacker.attack_times.size();
    if (work > limits.max_work)
      throw TooLarge(fmt::format("exact analysis: the time of {} random attacks is too large to follow", i + 1));
    if (kill_nth[i] <= 0) continue;
    for (const auto& [v, p] : sum) acc[v] += kill_nth[i] * p;
    total += kill_nth[i];
  }
  return detail::normalised(acc, total);
}

// The attacks of a kernel that land, one after another: each outcome that
// lands, with its probability given that the attack lands. When every miss
// leaves both sides as they were (no damage, no state change), misses are
// self-loops of the chain of attacks, and the number of steps of this kernel
// to a kill is the number of hits to kill (a miss that changes the attacker's
// HP moves something too). It records whether some miss it
// saw breaks that condition; then the count of hits is not a chain of its own.
class LandedOnly final : public Exchange {
 public:
  explicit LandedOnly(const Exchange& inner) : inner_(&inner) {}

  std::vector<Transition> outcomes(Side attacker, Side defender) const override {
    std::vector<Transition> out;
    double landed = 0;
    for (const Transition& t : inner_->outcomes(attacker, defender)) {
      if (t.landed()) {
        out.push_back(t);
        landed += t.p;
      } else if (t.damage != 0 || t.heal != 0 || t.attacker_state != attacker.state ||
                 t.defender_state != defender.state) {
        miss_moves_ = true;
      }
    }
    // Never landing from here: no hit ever comes, as no miss moves anything.
    if (!(landed > 0)) return {Transition{1, 0, attacker.state, defender.state, 0}};
    for (Transition& t : out) t.p /= landed;
    return out;
  }
  Transition sample(Side attacker, Side defender, Rng& rng) const override {
    const auto ts = outcomes(attacker, defender);
    double u = rng.unit();
    for (const Transition& t : ts) {
      if (u < t.p) return t;
      u -= t.p;
    }
    return ts.back();
  }
  Reads reads() const override { return inner_->reads(); }
  HpClasses hp_classes(Side attacker, Side defender) const override { return inner_->hp_classes(attacker, defender); }
  [[nodiscard]] bool miss_moves() const { return miss_moves_; }

 private:
  const Exchange* inner_;
  mutable bool miss_moves_ = false;
};

// A kernel as the duel chain of turns to kill asks it, recording whether
// some outcome it gave (p > 0) misses. The attacker's HP moves only by its
// own heal: while no outcome of its kernel has one, the chain holds the
// attacker at 1 HP, one row instead of a grid of every HP below its own, and
// this kernel hands the kernels its real HP (`attacker_hp` for the attacker's
// kernel, `defender_hp` for the defender's turns; 0: as asked). An attacker
// outcome that changes its HP then throws HpMoves, and the chain is built
// again over the whole grid.
class AsAsked final : public Exchange {
 public:
  struct HpMoves {};
  AsAsked(const Exchange& inner, std::int64_t attacker_hp, std::int64_t defender_hp)
      : inner_(&inner), attacker_hp_(attacker_hp), defender_hp_(defender_hp) {}
  std::vector<Transition> outcomes(Side attacker, Side defender) const override {
    std::vector<Transition> ts = inner_->outcomes(real(attacker, attacker_hp_), real(defender, defender_hp_));
    for (const Transition& t : ts) {
      if (!(t.p > 0)) continue;
      if (!t.landed()) missed_ = true;
      if (attacker_hp_ > 0 && t.heal != 0) throw HpMoves{};
    }
    return ts;
  }
  Transition sample(Side attacker, Side defender, Rng& rng) const override {
    return inner_->sample(real(attacker, attacker_hp_), real(defender, defender_hp_), rng);
  }
  Reads reads() const override { return inner_->reads(); }
  HpClasses hp_classes(Side attacker, Side defender) const override {
    return inner_->hp_classes(real(attacker, attacker_hp_), real(defender, defender_hp_));
  }
  [[nodiscard]] bool missed() const { return missed_; }

 private:
  static Side real(Side s, std::int64_t hp) {
    if (hp > 0) s.hp = hp;
    return s;
  }
  const Exchange* inner_;
  std::int64_t attacker_hp_, defender_hp_;
  mutable bool missed_ = false;
};

// Whether the defender's own turns change anything at some cell of the
// attacker's chain alone (every condition its attacks reach).
bool acts_in(const detail::Chain& alone, const Exchange& turns, const Fighter& attacker, const Fighter& defender) {
  detail::Ask ask(turns, defender.hp, attacker.hp, "b");
  const std::uint64_t cols = alone.cols(), per_block = alone.rows() * cols;
  for (std::uint64_t c = 0; c < alone.cells(); ++c) {
    if (alone.pattern(Who::a, c) == detail::kNone) continue;
    const auto [ia, ib] = alone.block(static_cast<std::size_t>(c / per_block));
    const std::uint64_t r = c % per_block / cols, col = c % cols;
    const Side a{alone.a_hp(r), alone.states(0)[ia]}, b{static_cast<std::int64_t>(col) + 1, alone.states(1)[ib]};
    for (const Transition& t : ask(b, a))
      if (OwnChanges::changes(t, b)) return true;
  }
  return false;
}

void add_to_note(TtkResult& r, const std::string& s) { r.notes.push_back(s); }

// The answer from the attacker's chain alone (the defender does nothing).
TtkResult ttk_alone(const detail::Chain& chain, const Exchange& kernel, const Fighter& attacker,
                    const Fighter& defender, const ExactLimits& limits) {
  const detail::Tally t = detail::step_chain(chain, attacker.attack_time, 0, Who::a, limits);
  TtkResult r;
  r.method = "exact";
  r.defender_hp = defender.hp;
  r.p_kill = t.wins[0];
  r.p_escape = t.escapes[1];
  r.unresolved = t.unresolved;
  if (detail::any_positive(t.kill_nth[0])) {
    r.attacks = detail::pmf_of(t.kill_nth[0], 1);
    r.time = random_time(attacker)
                 ? summed_times(t.kill_nth[0], attacker, limits)
                 : detail::time_pmf(t.kill_nth[0], attacker.attack_time, std::vector<double>{}, attacker.attack_time);
    try {
      if (auto hits = hits_to_kill_exact(kernel, attacker, defender, limits)) {
        r.hits = std::move(hits);
        r.hits_method = "exact";
      }
    } catch (const TooLarge&) {
      // Left empty: solve_ttk samples the hits and says so.
    }
  }
  if (t.wins[1] > 0)
    add_to_note(
        r,
        t.wins[1] >= 1 - 1e-12
            ? "the attacker always dies of the HP it loses on its own turns before it kills"
            : fmt::format("with probability {} the attacker dies of the HP it loses on its own turns before it kills",
                          significant(t.wins[1])));
  if (t.draw > 0) {
    const std::string never =
        t.draw >= 1 - 1e-12
            ? "the attacker can never kill the defender"
            : fmt::format("with probability {} the attacker can never kill the defender", significant(t.draw));
    add_to_note(r, never);
  }
  detail::note_escapes(r, t.escapes[1], t.escapes[0], false);
  return r;
}

// The duel chain of the attacker against the defender's own turns. Its
// tally: a's kills (kill_nth[0]), the defender's deaths of its own HP loss
// (end_nth[1], by the defender's turn), the attacker's (wins[1]) and the
// stalemates (draw).
TtkResult ttk_turns(const Bout& bout, const OwnChanges& turns, bool alone_ends, Who first, const ExactLimits& limits) {
  const Fighter &attacker = bout.a, &defender = bout.b;
  const double ta = attacker.attack_time, tb = defender.attack_time;
  detail::Tally t;
  bool missed = false;
  // The attacker held at 1 HP while its HP never moves; else every HP.
  for (const bool one_row : {true, false}) {
    const double ha = static_cast<double>(attacker.hp), hb = static_cast<double>(defender.hp);
    if (!one_row) detail::require_ttk_turns_budget(*bout.a_hits_b, attacker, defender, limits, ha * hb, 0);
    Fighter held = attacker;
    if (one_row) held.hp = 1;
    const std::int64_t real = one_row ? attacker.hp : 0;
    const AsAsked watched(*bout.a_hits_b, real, 0), own(turns, 0, real);
    try {
      const detail::Chain chain(watched, &own, held, defender, limits);
      detail::require_ttk_turns_budget(*bout.a_hits_b, attacker, defender, limits, static_cast<double>(chain.cells()),
                                       static_cast<double>(chain.reached()));
      t = detail::step_chain(chain, ta, tb, first, limits);
      missed = watched.missed();
      break;
    } catch (const AsAsked::HpMoves&) {
      continue;
    }
  }
  TtkResult r;
  r.method = "exact";
  r.defender_hp = defender.hp;
  r.p_kill = t.wins[0];
  r.p_escape = t.escapes[1];
  r.unresolved = t.unresolved;
  // Every death of the defender by the attacks the attacker made: a kill at
  // its nth attack is n + 1; a death on the defender's own nth turn comes
  // after the attacks the schedule put before that turn.
  std::vector<double> by_attacks;
  for (std::size_t i = 0; i < t.kill_nth[0].size(); ++i)
    if (t.kill_nth[0][i] > 0) detail::add_at(by_attacks, i + 1, t.kill_nth[0][i]);
  double own_death = 0;
  if (detail::any_positive(t.end_nth[1])) {
    Schedule schedule(ta, tb, first);
    std::size_t made = 0;
    for (std::size_t n = 0; n < t.end_nth[1].size();) {
      if (schedule.next().who == Who::a) {
        ++made;
        continue;
      }
      if (t.end_nth[1][n] > 0) detail::add_at(by_attacks, made, t.end_nth[1][n]);
      own_death += t.end_nth[1][n];
      ++n;
    }
  }
  if (detail::any_positive(by_attacks)) {
    r.attacks = detail::pmf_of(by_attacks);
    r.time = detail::time_pmf(t.kill_nth[0], ta, t.end_nth[1], tb);
    // With every attack landing, the hits are the attacks; else misses no
    // longer repeat in place (the defender's turns come between them), and
    // solve_ttk samples the hits.
    if (!missed) {
      r.hits = r.attacks;
      r.hits_method = "exact";
    }
  }
  if (t.wins[1] > 0)
    add_to_note(r, t.wins[1] >= 1 - 1e-12
                       ? "the attacker always dies of the HP it loses on its own turns before it kills"
                       : fmt::format("with probability {} the attacker dies of the HP it loses on its own turns "
                                     "before it kills",
                                     significant(t.wins[1])));
  if (own_death > 0)
    add_to_note(r, fmt::format("with probability {} the defender dies of the HP it loses on its own turns, counted "
                               "as killed after the attacks made before it",
                               significant(own_death)));
  if (t.draw > 0) {
    // Without the defender's turns every condition could end: they are what
    // stops the kill.
    const std::string why = alone_ends ? ": the defender's own turns (its regeneration) undo the damage as fast as "
                                         "the attacker can deal it"
                                       : "";
    add_to_note(r, t.draw >= 1 - 1e-12 ? "the attacker can never kill the defender" + why
                                       : fmt::format("with probability {} the attacker can never kill the defender{}",
                                                     significant(t.draw), why));
  }
  detail::note_escapes(r, t.escapes[1], t.escapes[0], false);
  return r;
}

}  // namespace

std::vector<Transition> OwnChanges::outcomes(Side self, Side other) const {
  std::vector<Transition> out;
  for (const Transition& t : own_->outcomes(self, other)) {
    // The attack dropped: outcomes that differ only in it are one.
    const Escape flees = own_escape(t);
    const auto same = std::find_if(out.begin(), out.end(), [&](const Transition& u) {
      return u.heal == t.heal - t.drained && u.attacker_state == t.attacker_state && u.escape == flees;
    });
    if (same != out.end())
      same->p += t.p;
    else
      out.push_back({t.p, 0, t.attacker_state, other.state, 0, t.heal - t.drained, flees});
  }
  return out;
}

Transition OwnChanges::sample(Side self, Side other, Rng& rng) const {
  const Transition t = own_->sample(self, other, rng);
  return {1, 0, t.attacker_state, other.state, 0, t.heal - t.drained, own_escape(t)};
}

std::optional<bool> defender_acts(const Exchange& a_hits_b, const Exchange& own, const Fighter& attacker,
                                  const Fighter& defender, const ExactLimits& limits) {
  using detail::Pair;
  const OwnChanges turns(own);
  detail::Ask ask_a(a_hits_b, attacker.hp, defender.hp, "a"), ask_b(turns, defender.hp, attacker.hp, "b");
  std::unordered_set<Pair, detail::PairHash> seen;
  std::vector<Pair> stack{{attacker.hp, defender.hp, attacker.state, defender.state}};
  seen.insert(stack.back());
  while (!stack.empty()) {
    if (seen.size() > limits.max_pairs) return std::nullopt;
    const Pair k = stack.back();
    stack.pop_back();
    const Side a{k.ha, k.sa}, b{k.hb, k.sb};
    for (const Transition& t : ask_b(b, a))
      if (OwnChanges::changes(t, b)) return true;
    for (const Transition& t : ask_a(a, b)) {
      if (t.p <= 0) continue;
      const std::int64_t own_hp = std::min(k.ha + t.heal, kMaxHp);
      if (own_hp <= 0 || t.damage >= k.hb || t.escape != Escape::none) continue;
      const Pair to{own_hp, k.hb - t.damage, t.attacker_state, t.defender_state};
      if (seen.insert(to).second) stack.push_back(to);
    }
  }
  return false;
}

namespace detail {

TtkTurns ttk_exact_turns(const Bout& bout, Who first, const ExactLimits& limits) {
  require(bout.a_hits_b != nullptr, "side a has no attack on side b");
  const Exchange& kernel = *bout.a_hits_b;
  const Fighter &attacker = bout.a, &defender = bout.b;
  check_fighter(attacker, "attacker");
  check_fighter(defender, "defender");
  require_exact(kernel, "a");
  require_ttk_budget(kernel, attacker, defender, limits);
  const Chain alone(kernel, nullptr, attacker, defender, limits);
  if (!bout.b_hits_a) return {ttk_alone(alone, kernel, attacker, defender, limits), false};
  const OwnChanges turns(*bout.b_hits_a);
  // A defender kernel that is not exact may still list its outcomes: when
  // they change nothing of its own, what it cannot follow is its attack,
  // which turns to kill drops. One that cannot list them is taken to act.
  const bool own_exact = bout.b_hits_a->exact();
  bool acts = true;
  try {
    acts = acts_in(alone, turns, attacker, defender);
  } catch (const TooLarge&) {
    throw;
  } catch (const Error&) {
    if (own_exact) throw;
  }
  if (!acts) return {ttk_alone(alone, kernel, attacker, defender, limits), false};
  if (!own_exact) {
    const std::string why = bout.b_hits_a->why_not_exact();
    throw TurnsNotExact(fmt::format("{} (b), on its own turns in turns to kill: {}",
                                    defender.name.empty() ? "side b" : defender.name,
                                    why.empty() ? "the rules carry state the kernel cannot represent" : why));
  }
  if (random_time(attacker) || random_time(defender))
    throw TurnsNotExact(fmt::format(
        "the {}'s attack time is random and the defender's own turns (its regeneration, HP it loses, its state) "
        "come between the attacker's, so the order of turns depends on the dice",
        random_time(attacker) ? "attacker" : "defender"));
  return {ttk_turns(bout, turns, alone.all_can_end(), first, limits), true};
}

}  // namespace detail

TtkResult ttk_exact(const Bout& bout, Who first_on_tie, const ExactLimits& limits) {
  return detail::ttk_exact_turns(bout, first_on_tie, limits).result;
}

std::optional<Pmf> hits_to_kill_exact(const Exchange& kernel, const Fighter& attacker, const Fighter& defender,
                                      const ExactLimits& limits) {
  const LandedOnly landed(kernel);
  const detail::Chain chain(landed, nullptr, attacker, defender, limits);
  if (landed.miss_moves()) return std::nullopt;
  const detail::Tally t = detail::step_chain(chain, attacker.attack_time, 0, Who::a, limits);
  if (landed.miss_moves()) return std::nullopt;
  if (!detail::any_positive(t.kill_nth[0])) return Pmf::point(0);
  return detail::pmf_of(t.kill_nth[0], 1);
}

TtkResult ttk_exact(const Exchange& kernel, const Fighter& attacker, const Fighter& defender,
                    const ExactLimits& limits) {
  check_fighter(attacker, "attacker");
  check_fighter(defender, "defender");
  detail::require_exact(kernel, "a");
  detail::require_ttk_budget(kernel, attacker, defender, limits);
  const detail::Chain chain(kernel, nullptr, attacker, defender, limits);
  return ttk_alone(chain, kernel, attacker, defender, limits);
}

namespace detail {

void note_escapes(TtkResult& r, double defender, double attacker, bool sampled) {
  const std::string how = sampled ? " (sampled)" : "";
  if (defender > 0)
    add_to_note(r, defender >= 1 - 1e-12
                       ? (sampled ? "in every sampled fight the defender runs away before it is killed"
                                  : "the defender always runs away before it is killed")
                       : fmt::format("with probability {}{} the defender runs away before it is killed (p_escape)",
                                     significant(defender), how));
  if (attacker > 0)
    add_to_note(
        r, fmt::format("with probability {}{} the attacker runs away before it kills", significant(attacker), how));
}

}  // namespace detail

}  // namespace fray::fight
