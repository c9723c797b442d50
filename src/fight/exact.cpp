// Exact turns to kill and duels: a Markov chain over the pairs of the two
// sides' conditions, stepped along the fixed schedule of attacks.
#include <fray/fight/exact.hpp>

#include <fmt/format.h>

#include "fight/check.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <utility>
#include <vector>

namespace fray::fight {
namespace {

constexpr std::uint32_t kDead = std::numeric_limits<std::uint32_t>::max();
constexpr std::uint64_t kMaxCells = std::uint64_t{1} << 26;

struct Edge {
  double p;
  std::uint32_t to;  // a cell, or kDead when the defender is killed
};

// Checks one answer of a kernel: probabilities finite, non-negative, summing
// to 1; damage never negative (the fight layer only lets HP go down).
void check_outcomes(const std::vector<Transition>& ts, const char* side) {
  detail::check(!ts.empty(), "side {}: the ruleset gave no outcome for an attack", side);
  double total = 0;
  for (const Transition& t : ts) {
    detail::check(std::isfinite(t.p) && t.p >= 0,
            "side {}: the ruleset gave an attack outcome of probability {}", side, t.p);
    detail::check(t.damage >= 0, "side {}: the ruleset gave negative damage {}", side, t.damage);
    total += t.p;
  }
  detail::check(std::fabs(total - 1) <= 1e-9,
          "side {}: the ruleset's attack outcomes add up to {}, not 1", side, total);
}

// The chain. A cell is one pair of conditions (a's HP and state, b's HP and
// state). Cells come in blocks, one per pair of state values, each block a
// dense HP_a x HP_b grid, so that finding a cell is arithmetic, not hashing.
class Chain {
 public:
  // `b_attacks` false: turns to kill, a's HP never changes and is not part of
  // the grid.
  Chain(const Exchange& a_hits_b, const Exchange* b_hits_a, const Fighter& a, const Fighter& b,
        const ExactLimits& limits)
      : kernel_{&a_hits_b, b_hits_a},
        hp0_{a.hp, b.hp},
        rows_(b_hits_a ? static_cast<std::uint64_t>(a.hp) : 1),
        cols_(static_cast<std::uint64_t>(b.hp)),
        limits_(limits) {
    if (rows_ * cols_ > kMaxCells)
      throw TooLarge(fmt::format("exact analysis of {} x {} HP is too large", a.hp, b.hp));
    start_ = cell(a.hp, a.state, b.hp, b.state);
    build();
    find_stalemates();
  }

  struct Cell {
    Side a, b;
  };
  [[nodiscard]] Cell decode(std::uint32_t c) const {
    const std::uint64_t blk = c / (rows_ * cols_), rest = c % (rows_ * cols_);
    const auto [sa, sb] = blocks_[blk];
    const std::int64_t ha = rows_ == 1 ? hp0_[0] : static_cast<std::int64_t>(rest / cols_) + 1;
    return {{ha, states_[0][sa]}, {static_cast<std::int64_t>(rest % cols_) + 1, states_[1][sb]}};
  }
  [[nodiscard]] std::uint32_t start() const { return start_; }
  [[nodiscard]] std::size_t cells() const { return reached_.size(); }
  [[nodiscard]] bool can_end(std::uint32_t c) const { return can_end_[c] != 0; }
  [[nodiscard]] std::span<const Edge> edges(Who who, std::uint32_t c) const {
    const auto w = static_cast<std::size_t>(who);
    return std::span<const Edge>(edges_[w]).subspan(first_[w][c], count_[w][c]);
  }

 private:
  std::uint32_t state_index(int side, std::uint32_t s) {
    auto& v = states_[side];
    for (std::size_t i = 0; i < v.size(); ++i)
      if (v[i] == s) return static_cast<std::uint32_t>(i);
    v.push_back(s);
    return static_cast<std::uint32_t>(v.size() - 1);
  }

  std::uint32_t cell(std::int64_t ha, std::uint32_t sa, std::int64_t hb, std::uint32_t sb) {
    const std::uint32_t ia = state_index(0, sa), ib = state_index(1, sb);
    if (block_of_.size() <= ia) block_of_.resize(ia + 1);
    auto& row = block_of_[ia];
    if (row.size() <= ib) row.resize(ib + 1, -1);
    if (row[ib] < 0) {
      const std::uint64_t size = rows_ * cols_;
      if ((blocks_.size() + 1) * size > kMaxCells || (blocks_.size() + 1) * size > limits_.max_pairs * 4)
        throw TooLarge(fmt::format("exact analysis: more than {} conditions to hold", limits_.max_pairs * 4));
      row[ib] = static_cast<std::int64_t>(blocks_.size());
      blocks_.emplace_back(ia, ib);
      const std::size_t n = blocks_.size() * size;
      reached_.resize(n, 0);
      for (int w = 0; w < 2; ++w) {
        first_[w].resize(n, 0);
        count_[w].resize(n, 0);
      }
    }
    const std::uint64_t r = rows_ == 1 ? 0 : static_cast<std::uint64_t>(ha - 1);
    return static_cast<std::uint32_t>(static_cast<std::uint64_t>(row[ib]) * rows_ * cols_ + r * cols_ +
                                      static_cast<std::uint64_t>(hb - 1));
  }

  // Every cell reachable from the start, each kernel asked once per cell.
  void build() {
    std::vector<std::uint32_t> queue{start_};
    reached_[start_] = 1;
    std::vector<Edge> scratch;
    for (std::size_t head = 0; head < queue.size(); ++head) {
      if (queue.size() > limits_.max_pairs)
        throw TooLarge(fmt::format("exact analysis: more than {} reachable conditions", limits_.max_pairs));
      const std::uint32_t c = queue[head];
      const Cell here = decode(c);
      for (int w = 0; w < 2; ++w) {
        if (!kernel_[w]) continue;
        const Side att = w == 0 ? here.a : here.b, def = w == 0 ? here.b : here.a;
        const std::vector<Transition> ts = kernel_[w]->outcomes(att, def);
        check_outcomes(ts, w == 0 ? "a" : "b");
        scratch.clear();
        for (const Transition& t : ts) {
          if (t.p <= 0) continue;
          const std::int64_t hp = def.hp - t.damage;
          if (hp <= 0) {
            scratch.push_back({t.p, kDead});
            continue;
          }
          std::uint32_t to;
          if (w == 0) {
            // a's HP is fixed in turns to kill; otherwise the attacker's HP stays.
            to = cell(here.a.hp, t.attacker_state, hp, t.defender_state);
          } else {
            to = cell(hp, t.defender_state, here.b.hp, t.attacker_state);
          }
          if (!reached_[to]) {
            reached_[to] = 1;
            queue.push_back(to);
          }
          scratch.push_back({t.p, to});
        }
        // Outcomes that lead to the same cell are one edge.
        std::sort(scratch.begin(), scratch.end(), [](const Edge& x, const Edge& y) { return x.to < y.to; });
        first_[w][c] = static_cast<std::uint32_t>(edges_[w].size());
        for (const Edge& e : scratch) {
          if (!edges_[w].empty() && edges_[w].size() > first_[w][c] && edges_[w].back().to == e.to)
            edges_[w].back().p += e.p;
          else
            edges_[w].push_back(e);
        }
        count_[w][c] = static_cast<std::uint32_t>(edges_[w].size() - first_[w][c]);
      }
    }
  }

  // Cells from which a kill can be reached; the others are a stalemate.
  void find_stalemates() {
    const std::size_t n = reached_.size();
    std::vector<std::uint32_t> in_count(n + 1, 0);
    for (int w = 0; w < 2; ++w)
      for (const Edge& e : edges_[w])
        if (e.to != kDead) ++in_count[e.to + 1];
    for (std::size_t i = 0; i < n; ++i) in_count[i + 1] += in_count[i];
    std::vector<std::uint32_t> from(in_count[n]);
    std::vector<std::uint32_t> fill(in_count.begin(), in_count.end() - 1);
    std::vector<std::uint32_t> queue;
    can_end_.assign(n, 0);
    for (std::uint32_t c = 0; c < n; ++c) {
      if (!reached_[c]) continue;
      for (int w = 0; w < 2; ++w) {
        for (const Edge& e : edges(static_cast<Who>(w), c)) {
          if (e.to == kDead) {
            if (!can_end_[c]) queue.push_back(c);
            can_end_[c] = 1;
          } else {
            from[fill[e.to]++] = c;
          }
        }
      }
    }
    for (std::size_t head = 0; head < queue.size(); ++head) {
      const std::uint32_t c = queue[head];
      for (std::uint32_t i = in_count[c]; i < in_count[c + 1]; ++i)
        if (!can_end_[from[i]]) {
          can_end_[from[i]] = 1;
          queue.push_back(from[i]);
        }
    }
  }

  const Exchange* kernel_[2];
  std::int64_t hp0_[2];
  std::uint64_t rows_, cols_;
  ExactLimits limits_;
  std::vector<std::uint32_t> states_[2];
  std::vector<std::vector<std::int64_t>> block_of_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> blocks_;
  std::vector<char> reached_, can_end_;
  std::vector<std::uint32_t> first_[2], count_[2];
  std::vector<Edge> edges_[2];
  std::uint32_t start_ = 0;
};

// Weights by index, grown on demand.
void add_at(std::vector<double>& v, std::size_t i, double w) {
  if (v.size() <= i) v.resize(i + 1, 0.0);
  v[i] += w;
}

Pmf pmf_of(const std::vector<double>& w, std::int64_t offset = 0) {
  std::vector<std::pair<std::int64_t, double>> pairs;
  for (std::size_t i = 0; i < w.size(); ++i)
    if (w[i] > 0) pairs.emplace_back(static_cast<std::int64_t>(i) + offset, w[i]);
  return Pmf::from_pairs(pairs);
}

bool any_positive(const std::vector<double>& w) {
  return std::any_of(w.begin(), w.end(), [](double x) { return x > 0; });
}

// What the stepping records.
struct Tally {
  double wins[2] = {0, 0};
  double draw = 0;
  std::vector<double> kill_nth[2];  // by the killer's attack count (0-based)
  std::vector<double> length;       // by the number of attacks in the fight
  std::vector<double> hp_end[2];    // by HP at the end (0 = killed)
  std::vector<double> hp_win[2];    // the winner's HP
  double unresolved = 0;
};

// Pushes the mass along the schedule. `b_time` <= 0: only a attacks.
Tally run(const Chain& chain, double a_time, double b_time, Who first, const ExactLimits& limits) {
  Tally t;
  const std::size_t n = chain.cells();
  auto stalemate = [&](std::uint32_t c, double w) {
    const Chain::Cell x = chain.decode(c);
    t.draw += w;
    add_at(t.hp_end[0], static_cast<std::size_t>(x.a.hp), w);
    add_at(t.hp_end[1], static_cast<std::size_t>(x.b.hp), w);
  };
  if (!chain.can_end(chain.start())) {
    stalemate(chain.start(), 1.0);
    return t;
  }
  std::vector<double> cur(n, 0.0), nxt(n, 0.0);
  cur[chain.start()] = 1.0;
  double live = 1.0;
  const bool duel = b_time > 0;
  Schedule schedule(a_time, duel ? b_time : a_time, first);
  std::uint64_t work = 0, a_done = 0;
  for (std::uint64_t step = 0; live > limits.tail; ++step) {
    Who who = Who::a;
    std::uint64_t nth = a_done++;
    if (duel) {
      const Schedule::Turn turn = schedule.next();
      who = turn.who;
      nth = turn.nth;
    }
    const auto w = static_cast<std::size_t>(who);
    work += n;
    std::fill(nxt.begin(), nxt.end(), 0.0);
    double killed = 0;
    for (std::uint32_t c = 0; c < n; ++c) {
      const double m = cur[c];
      if (m == 0) continue;
      const auto es = chain.edges(who, c);
      work += es.size();
      for (const Edge& e : es) {
        const double mass = m * e.p;
        if (e.to == kDead) {
          killed += mass;
          const Chain::Cell x = chain.decode(c);
          const std::int64_t hp = who == Who::a ? x.a.hp : x.b.hp;
          add_at(t.hp_end[w], static_cast<std::size_t>(hp), mass);
          add_at(t.hp_win[w], static_cast<std::size_t>(hp), mass);
          add_at(t.hp_end[1 - w], 0, mass);
        } else if (!chain.can_end(e.to)) {
          stalemate(e.to, mass);
        } else {
          nxt[e.to] += mass;
        }
      }
    }
    if (killed > 0) {
      t.wins[w] += killed;
      add_at(t.kill_nth[w], nth, killed);
      add_at(t.length, step + 1, killed);
    }
    std::swap(cur, nxt);
    live = 0;
    for (double m : cur) live += m;
    if (work > limits.max_work)
      throw TooLarge(fmt::format("exact analysis: still {:.3g} of the fights going after {} attacks", live, step + 1));
  }
  t.unresolved = live;
  return t;
}

RealPmf time_pmf(const Tally& t, double a_time, double b_time) {
  std::map<double, double> acc;
  for (int w = 0; w < 2; ++w) {
    const double unit = w == 0 ? a_time : b_time;
    for (std::size_t i = 0; i < t.kill_nth[w].size(); ++i)
      if (t.kill_nth[w][i] > 0) acc[static_cast<double>(i + 1) * unit] += t.kill_nth[w][i];
  }
  double total = 0;
  for (const auto& [v, p] : acc) total += p;
  RealPmf out;
  for (const auto& [v, p] : acc) out.emplace_back(v, p / total);
  return out;
}

void require_exact(const Exchange& k, const char* side) {
  if (!k.exact())
    throw Error(fmt::format("side {}'s attacks cannot be analysed exactly: {}", side,
                            k.why_not_exact().empty() ? "the rules carry state the kernel cannot represent"
                                                      : k.why_not_exact()));
}

}  // namespace

TtkResult ttk_exact(const Exchange& kernel, const Fighter& attacker, const Fighter& defender,
                    const ExactLimits& limits) {
  detail::check(attacker.hp >= 1, "attacker: hp must be at least 1, got {}", attacker.hp);
  detail::check(defender.hp >= 1, "defender: hp must be at least 1, got {}", defender.hp);
  detail::check(std::isfinite(attacker.attack_time) && attacker.attack_time > 0,
          "attacker: attack time must be a positive number, got {}", attacker.attack_time);
  require_exact(kernel, "a");
  const Chain chain(kernel, nullptr, attacker, defender, limits);
  const Tally t = run(chain, attacker.attack_time, 0, Who::a, limits);
  TtkResult r;
  r.method = "exact";
  r.defender_hp = defender.hp;
  r.p_kill = t.wins[0];
  r.unresolved = t.unresolved;
  if (any_positive(t.kill_nth[0])) {
    r.attacks = pmf_of(t.kill_nth[0], 1);
    r.time = time_pmf(t, attacker.attack_time, attacker.attack_time);
  }
  if (t.draw > 0)
    r.note = t.draw >= 1 - 1e-12 ? "the attacker can never kill the defender"
                                 : fmt::format("with probability {:.6g} the attacker can never kill the defender", t.draw);
  return r;
}

DuelResult duel_exact(const Bout& bout, Who first_on_tie, const ExactLimits& limits) {
  check_bout(bout);
  require_exact(*bout.a_hits_b, "a");
  require_exact(*bout.b_hits_a, "b");
  const Chain chain(*bout.a_hits_b, bout.b_hits_a.get(), bout.a, bout.b, limits);
  const Tally t = run(chain, bout.a.attack_time, bout.b.attack_time, first_on_tie, limits);
  DuelResult r;
  r.method = "exact";
  r.p_a_wins = t.wins[0];
  r.p_b_wins = t.wins[1];
  r.p_draw = t.draw;
  r.unresolved = t.unresolved;
  if (any_positive(t.length)) {
    r.length = pmf_of(t.length);
    r.time = time_pmf(t, bout.a.attack_time, bout.b.attack_time);
  }
  r.a_hp_left = pmf_of(t.hp_end[0]);
  r.b_hp_left = pmf_of(t.hp_end[1]);
  if (any_positive(t.hp_win[0])) r.a_hp_if_wins = pmf_of(t.hp_win[0]);
  if (any_positive(t.hp_win[1])) r.b_hp_if_wins = pmf_of(t.hp_win[1]);
  if (t.draw > 0)
    r.note = t.draw >= 1 - 1e-12 ? "the fight can never end: neither side can ever kill the other"
                                 : fmt::format("with probability {:.6g} the fight reaches a point where neither side "
                                               "can ever kill the other",
                                               t.draw);
  return r;
}

std::optional<bool> can_end(const Exchange& a_hits_b, const Exchange* b_hits_a, const Fighter& a, const Fighter& b,
                            const ExactLimits& limits) {
  try {
    const Chain chain(a_hits_b, b_hits_a, a, b, limits);
    return chain.can_end(chain.start());
  } catch (const TooLarge&) {
    return std::nullopt;
  }
}

}  // namespace fray::fight
