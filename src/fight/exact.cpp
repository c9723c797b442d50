// Exact duels: which algorithm answers (the split into two one-sided chains
// when the sides are independent, else the whole grid), and the quick check
// whether a fight can end at all.
#include <fray/fight/exact.hpp>

#include <fray/core/probability_text.hpp>

#include <fmt/format.h>

#include "fight/chain.hpp"
#include "fight/time.hpp"

#include <algorithm>
#include <unordered_set>

namespace fray::fight {

std::string random_order_why(const Bout& bout) {
  const char* side = random_time(bout.a) ? "a" : random_time(bout.b) ? "b" : nullptr;
  if (!side) return {};
  return fmt::format("side {}'s attack time is random, so the order of attacks depends on the dice", side);
}

DuelResult duel_exact(const Bout& bout, Who first_on_tie, const ExactLimits& limits) {
  check_bout(bout);
  if (const std::string why = random_order_why(bout); !why.empty()) throw Error("no exact duel: " + why);
  detail::require_exact(*bout.a_hits_b, "a");
  detail::require_exact(*bout.b_hits_a, "b");
  // The split gives the grid's numbers from far fewer cells when it applies.
  std::optional<detail::Tally> split =
      limits.split_sides ? detail::duel_split(bout, first_on_tie, limits) : std::nullopt;
  const detail::Tally t = split ? std::move(*split) : detail::duel_grid(bout, first_on_tie, limits);
  DuelResult r;
  r.method = "exact";
  r.chain_states = t.chain_states;
  r.p_a_wins = t.wins[0];
  r.p_b_wins = t.wins[1];
  r.p_draw = t.draw;
  r.p_a_escapes = t.escapes[0];
  r.p_b_escapes = t.escapes[1];
  r.unresolved = t.unresolved;
  if (detail::any_positive(t.length)) {
    r.length = detail::pmf_of(t.length);
    // Every end on each side's turn: its kills, its deaths, its turns' escapes.
    std::vector<double> ends[2];
    for (int w = 0; w < 2; ++w) {
      ends[w] = t.end_nth[w];
      for (std::size_t i = 0; i < t.escape_nth[w].size(); ++i) detail::add_at(ends[w], i, t.escape_nth[w][i]);
    }
    r.time = detail::time_pmf(ends[0], bout.a.attack_time, ends[1], bout.b.attack_time);
  }
  r.a_hp_left = detail::pmf_of(t.hp_end[0]);
  r.b_hp_left = detail::pmf_of(t.hp_end[1]);
  if (detail::any_positive(t.hp_win[0])) r.a_hp_if_wins = detail::pmf_of(t.hp_win[0]);
  if (detail::any_positive(t.hp_win[1])) r.b_hp_if_wins = detail::pmf_of(t.hp_win[1]);
  if (t.draw > 0)
    r.notes.push_back(t.draw >= 1 - 1e-12
                          ? "the fight can never end: neither side can ever kill the other"
                          : fmt::format("with probability {} the fight reaches a point where neither side "
                                        "can ever kill the other",
                                        significant(t.draw)));
  return r;
}

// An escape ends a fight as a kill does. Not a chain: Monte Carlo asks this
// before sampling, and an ordinary fight finds a kill within a few dozen
// conditions, so the search goes depth first,
// heaviest hit first, over conditions held sparsely, and stops at the first
// kill; only a fight that cannot end visits all it reaches.
std::optional<bool> can_end(const Exchange& a_hits_b, const Exchange* b_hits_a, const Fighter& a, const Fighter& b,
                            const ExactLimits& limits) {
  using detail::Pair;
  detail::Ask ask_a(a_hits_b, a.hp, b.hp, "a");
  std::optional<detail::Ask> ask_b;
  if (b_hits_a) ask_b.emplace(*b_hits_a, b.hp, a.hp, "b");
  std::unordered_set<Pair, detail::PairHash> seen;
  std::vector<Pair> stack{{a.hp, b.hp, a.state, b.state}};
  seen.insert(stack.back());
  std::vector<std::pair<std::int64_t, Pair>> next;
  while (!stack.empty()) {
    if (seen.size() > limits.max_pairs) return std::nullopt;
    const Pair k = stack.back();
    stack.pop_back();
    next.clear();
    for (int w = 0; w < 2; ++w) {
      if (w == 1 && !ask_b) continue;
      const Side sa{k.ha, k.sa}, sb{k.hb, k.sb};
      const std::vector<Transition>& ts = w == 0 ? ask_a(sa, sb) : (*ask_b)(sb, sa);
      for (const Transition& t : ts) {
        if (t.p <= 0) continue;
        // The attacker's heal first: one that kills it ends the fight too.
        const std::int64_t own = std::min((w == 0 ? k.ha : k.hb) + t.heal, kMaxHp);
        if (own <= 0 || t.damage >= (w == 0 ? k.hb : k.ha) || t.escape != Escape::none) return true;
        const Pair to = w == 0 ? Pair{own, k.hb - t.damage, t.attacker_state, t.defender_state}
                               : Pair{k.ha - t.damage, own, t.defender_state, t.attacker_state};
        if (seen.insert(to).second) next.emplace_back(t.damage, to);
      }
    }
    std::sort(next.begin(), next.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    for (const auto& [dmg, to] : next) stack.push_back(to);
  }
  return false;
}

}  // namespace fray::fight
