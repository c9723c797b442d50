// The duel split into two one-sided chains. When neither side's outcomes read
// its own HP (which the other side changes), no outcome changes the
// attacker's own HP (Transition::heal: a drain or a poison tick adds to what
// the other side's attacks do to that HP), neither side's attacks change the
// other's state, and neither side's outcomes depend on a state of the other
// that changes, the two sides' damage processes are independent: the duel
// follows from the two chains of turns to kill, HP a + HP b cells instead of
// HP a x HP b (no fury, no confusion; Brogue acid on a weapon qualifies).
#include "fight/budget.hpp"
#include "fight/chain.hpp"

#include <algorithm>
#include <array>

namespace fray::fight::detail {
namespace {

// The chain of `att`'s attacks on `def` (one row: att's HP never changes), or
// nullopt when it cannot stand for this side in a split duel: an outcome
// changes the attacker's own HP, an attack changes the defender's state,
// some outcome ends in an escape, from some reachable cell this side alone
// can never kill (the grid then records the stalemate's HP), or it is past the
// limits (the grid is then tried, and says so if it is too).
std::optional<Chain> one_sided(const Exchange& kernel, const Fighter& att, const Fighter& def, const char* side,
                               const ExactLimits& limits) {
  std::optional<Chain> chain;
  try {
    chain.emplace(kernel, nullptr, att, def, limits, side, true);
  } catch (const TooLarge&) {
    return std::nullopt;
  } catch (const Chain::AttackerHpMoves&) {
    return std::nullopt;
  }
  if (chain->cells() > limits.max_pairs || chain->states(1).size() > 1 || !chain->all_can_end()) return std::nullopt;
  // An escape ends both chains at once, with HP on both sides: the grid
  // follows it.
  for (std::uint64_t c = 0; c < chain->cells(); ++c)
    if (const std::uint32_t id = chain->pattern(Who::a, c); id != kNone)
      for (const Move& m : chain->moves(id))
        if (m.escapes()) return std::nullopt;
  return chain;
}

// Whether `mine`'s answers, over every reachable cell, are the same whatever
// state the defender is in among those `theirs` (the defender's own chain)
// reaches; the defender's state must stay as it is, as one_sided checked for
// the start state.
bool blind_to_defender_state(Chain& mine, const Chain& theirs) {
  const std::vector<std::uint32_t>& their_states = theirs.states(0);
  if (their_states.size() == 1) return true;
  Ask& ask = mine.ask(Who::a);
  const std::uint32_t d0 = their_states[0];
  for (std::uint32_t s = 0; s < mine.states(0).size(); ++s) {
    const Side att{mine.a_hp(0), mine.states(0)[s]};
    const std::uint64_t base = mine.base(s, 0);
    for (std::uint64_t col = 0; col < mine.cols(); ++col) {
      if (mine.pattern(Who::a, base + col) == kNone) continue;
      const auto h = static_cast<std::int64_t>(col + 1);
      const std::vector<Transition> first = ask(att, {h, d0});
      for (std::size_t i = 1; i < their_states.size(); ++i) {
        const std::uint32_t d = their_states[i];
        const std::vector<Transition>& other = ask(att, {h, d});
        if (other.size() != first.size()) return false;
        for (std::size_t k = 0; k < first.size(); ++k) {
          const Transition &x = first[k], &y = other[k];
          const bool x_kills = x.damage >= h, y_kills = y.damage >= h;
          if (x.p != y.p || x.damage != y.damage || x_kills != y_kills) return false;
          if (!x_kills && (x.attacker_state != y.attacker_state || y.defender_state != d)) return false;
        }
      }
      // One answer per attacker state: the other cells of this state add nothing.
      if (!ask.reads().defender_hp) break;
    }
  }
  return true;
}

// The mass of a one-sided chain, stepped one attack of its side at a time.
class Mass {
 public:
  explicit Mass(const Chain& chain) : chain_(&chain), hp_(chain.cols()), cur_(chain.cells(), 0.0), nxt_(cur_) {
    // Cells are visited by state index, in the order the states were met.
    for (std::uint32_t s = 0; s < chain.states(0).size(); ++s) base_.push_back(chain.base(s, 0));
    cur_[chain.start()] = 1;
  }

  // Mass not yet killed.
  [[nodiscard]] double live() const { return live_; }

  // One attack: returns the killed mass.
  double step(std::uint64_t& work) {
    std::fill(nxt_.begin(), nxt_.end(), 0.0);
    double killed = 0;
    work += cur_.size();
    for (std::size_t s = 0; s < base_.size(); ++s)
      for (std::uint64_t h = 0; h < hp_; ++h) {
        const double m = cur_[base_[s] + h];
        if (m == 0) continue;
        const auto ms = chain_->moves(chain_->pattern(Who::a, base_[s] + h));
        work += ms.size();
        for (const Move& mv : ms) {
          if (mv.kills())
            killed += m * mv.p;
          else
            nxt_[base_[mv.att == kSame ? s : mv.att] + h - static_cast<std::uint64_t>(mv.damage)] += m * mv.p;
        }
      }
    std::swap(cur_, nxt_);
    live_ = 0;
    for (std::uint64_t b : base_)
      for (std::uint64_t h = 0; h < hp_; ++h) live_ += cur_[b + h];
    return killed;
  }

  // The unkilled mass by defender HP - 1.
  void hp_marginal(std::vector<double>& out) const {
    out.assign(hp_, 0.0);
    for (std::uint64_t b : base_)
      for (std::uint64_t h = 0; h < hp_; ++h) out[h] += cur_[b + h];
  }

 private:
  const Chain* chain_;
  std::uint64_t hp_;
  std::vector<std::uint64_t> base_;  // the first cell of each attacker state
  std::vector<double> cur_, nxt_;
  double live_ = 1;
};

// a kills b at its nth attack with the probability that its chain kills then,
// times the probability that b's chain has not killed a yet; a's HP is then
// what b's chain left it.
Tally run_split(std::array<Mass, 2>& sides, const Fighter& a, const Fighter& b, Who first, const ExactLimits& limits) {
  Tally t;
  Schedule schedule(a.attack_time, b.attack_time, first);
  std::vector<double> marginal;
  std::uint64_t work = 0, next_poll = 0;
  for (std::uint64_t step = 0;; ++step) {
    poll(limits, work, next_poll);
    const double going = sides[0].live() * sides[1].live();
    if (going <= limits.tail) {
      t.unresolved = going;
      break;
    }
    const Schedule::Turn turn = schedule.next();
    const auto w = static_cast<std::size_t>(turn.who), d = 1 - w;
    const double killed = sides[w].step(work);
    if (killed > 0) {
      const double won = killed * sides[d].live();
      t.wins[w] += won;
      add_at(t.kill_nth[w], turn.nth, won);
      add_at(t.end_nth[w], turn.nth, won);
      add_at(t.length, step + 1, won);
      add_at(t.hp_end[d], 0, won);
      sides[d].hp_marginal(marginal);
      for (std::size_t h = 0; h < marginal.size(); ++h)
        if (marginal[h] > 0) {
          add_at(t.hp_end[w], h + 1, killed * marginal[h]);
          add_at(t.hp_win[w], h + 1, killed * marginal[h]);
        }
    }
    check_work(work, limits, going, step);
  }
  return t;
}

}  // namespace

std::optional<Tally> duel_split(const Bout& bout, Who first, const ExactLimits& limits) {
  // A side whose outcomes read its own HP depends on the other side's attacks.
  if (bout.a_hits_b->reads().attacker_hp || bout.b_hits_a->reads().attacker_hp) return std::nullopt;
  require_split_budget(bout, limits);
  std::optional<Chain> a = one_sided(*bout.a_hits_b, bout.a, bout.b, "a", limits);
  if (!a) return std::nullopt;
  std::optional<Chain> b = one_sided(*bout.b_hits_a, bout.b, bout.a, "b", limits);
  if (!b) return std::nullopt;
  if (!blind_to_defender_state(*a, *b) || !blind_to_defender_state(*b, *a)) return std::nullopt;
  std::array<Mass, 2> sides{Mass(*a), Mass(*b)};
  Tally t = run_split(sides, bout.a, bout.b, first, limits);
  t.chain_states = a->reached() + b->reached();
  return t;
}

}  // namespace fray::fight::detail
