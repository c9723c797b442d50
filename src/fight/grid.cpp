// The chain stepped over every cell, along the schedule of attacks: the duel
// over the whole grid of HP pairs, and turns to kill (one row).
#include "fight/budget.hpp"
#include "fight/chain.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>
#include <span>
#include <tuple>
#include <unordered_map>

namespace fray::fight::detail {

// The pull loop below is most of a coupled duel's time. On x86-64 Linux with
// GCC it is built for AVX-512, AVX2 and the baseline, and the loader picks by
// the CPU. Every clone does the same IEEE operations in the same order, with
// no fused multiply-add (contraction is off for it), so the numbers are the
// same bits on every CPU.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define FRAY_VECTOR_CLONES __attribute__((target_clones("avx512f", "avx2", "default"), optimize("fp-contract=off")))
#else
#define FRAY_VECTOR_CLONES
#endif

// One incoming move of a cell: mass p x in[cell + off] arrives from the cell
// `off` away.
struct Pull {
  std::int64_t off;
  double p;
  bool operator==(const Pull&) const = default;
};

#if defined(__GNUC__)
// Eight doubles, one AVX-512 register (two AVX2, four SSE2 ones).
using Lane = double __attribute__((vector_size(64)));
#endif

// out[i] = the sum over `ps` of p x in[i + off], for i < len, each sum taken
// in the order of `ps` from 0. Blocks of targets are summed in registers, so
// that each target is stored once instead of once per move, with eight
// independent sums in flight so that the adds do not wait on each other.
// External: GCC warns that a clone with internal linkage is unused.
FRAY_VECTOR_CLONES void pull_mass(double* __restrict out, const double* __restrict in, const Pull* ps, std::size_t np,
                                  std::size_t len) noexcept {
  std::size_t i = 0;
#if defined(__GNUC__)
  constexpr std::size_t kLane = 8, kLanes = 8;
  for (; i + kLane * kLanes <= len; i += kLane * kLanes) {
    Lane acc[kLanes] = {};
    for (std::size_t k = 0; k < np; ++k) {
      const Lane p = Lane{} + ps[k].p;
      const double* src = in + static_cast<std::ptrdiff_t>(i) + ps[k].off;
      for (std::size_t q = 0; q < kLanes; ++q) {
        Lane x;
        std::memcpy(&x, src + q * kLane, sizeof x);
        acc[q] += p * x;
      }
    }
    std::memcpy(out + i, acc, sizeof acc);
  }
  for (; i + kLane <= len; i += kLane) {
    Lane acc = {};
    for (std::size_t k = 0; k < np; ++k) {
      Lane x;
      std::memcpy(&x, in + static_cast<std::ptrdiff_t>(i) + ps[k].off, sizeof x);
      acc += (Lane{} + ps[k].p) * x;
    }
    std::memcpy(out + i, &acc, sizeof acc);
  }
#endif
  for (; i < len; ++i) {
    double acc = 0;
    for (std::size_t k = 0; k < np; ++k) acc += ps[k].p * in[static_cast<std::ptrdiff_t>(i) + ps[k].off];
    out[i] = acc;
  }
}

namespace {

// A sum with four accumulators: the compiler may not reorder a floating-point
// sum, and with one accumulator every add waits for the one before.
double sum_of(const double* x, std::size_t n) noexcept {
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  std::size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    s0 += x[i];
    s1 += x[i + 1];
    s2 += x[i + 2];
    s3 += x[i + 3];
  }
  for (; i < n; ++i) s0 += x[i];
  return (s0 + s1) + (s2 + s3);
}

// The attackers of one period of the schedule, from attack 0 until both
// sides are due together again (which repeats the start); empty past 4096
// attacks (times in no small ratio).
std::vector<Who> schedule_period(double a_time, double b_time, Who first) {
  if (b_time <= 0) return {Who::a};
  Schedule schedule(a_time, b_time, first);
  std::vector<Who> turns;
  std::uint64_t done[2] = {0, 0};
  while (turns.size() < 4096) {
    const Schedule::Turn turn = schedule.next();
    turns.push_back(turn.who);
    done[static_cast<int>(turn.who)] = turn.nth + 1;
    const double next_a = static_cast<double>(done[0]) * a_time, next_b = static_cast<double>(done[1]) * b_time;
    if (std::fabs(next_a - next_b) <= 1e-9 * std::max(next_a, next_b)) return turns;
  }
  return {};
}

// One side's attacks seen from the cells they lead to: for every cell, the
// list of (source offset, probability) of the moves that bring mass into it,
// equal lists stored once, and runs of cells that share a list. Stepping by
// pulling writes each cell once per attack, where pushing adds into it once
// per incoming move. Each list is in increasing offset order (source order),
// and so is its sum.
//
// A run of source cells with the same moves sends each move's mass to a
// contiguous range of cells, so a cell's list changes only where such a
// range starts or ends: the lists come from one sweep over those ends,
// a few per run of the chain, not from one entry per cell and move.
class Pulls {
 public:
  struct Run {
    std::uint64_t first;
    std::uint32_t len;
    std::uint32_t list;
  };

  Pulls(const Chain& chain, Who who) {
    // Where the range of one move of one source run starts (add) or ends.
    struct Edge {
      std::uint64_t at;
      Pull pull;
      bool add;
    };
    std::vector<Edge> edges;
    const std::uint64_t rows = chain.rows(), cols = chain.cols();
    // Counted first: grown by doubling, the list (megabytes on a large
    // grid) would be copied and its pages touched twice over.
    std::size_t count = 0;
    for (std::uint64_t c = 0; c < chain.cells();) {
      const std::uint32_t len = chain.run(who, c);
      if (len == 0) {
        ++c;
        continue;
      }
      for (const Move& m : chain.moves(chain.pattern(who, c))) count += m.ends() ? 0 : 2;
      c += len;
    }
    edges.reserve(count);
    for (std::size_t k = 0; k < chain.blocks(); ++k) {
      const auto [ia, ib] = chain.block(k);
      for (std::uint64_t r = 0; r < rows; ++r) {
        const std::uint64_t row = (k * rows + r) * cols;
        for (std::uint64_t col = 0; col < cols;) {
          const std::uint64_t c0 = row + col;
          const std::uint32_t len = chain.run(who, c0);
          if (len == 0) {
            ++col;
            continue;
          }
          bool ends = false;
          for (const Move& m : chain.moves(chain.pattern(who, c0))) {
            if (m.ends()) {
              ends = true;
              continue;
            }
            const std::uint64_t t0 = chain.target(who, ia, ib, r, col, m);
            const auto shift = static_cast<std::int64_t>(t0) - static_cast<std::int64_t>(c0);
            lo_shift_ = std::min(lo_shift_, shift);
            hi_shift_ = std::max(hi_shift_, shift);
            edges.push_back({t0, {-shift, m.p}, true});
            edges.push_back({t0 + len, {-shift, m.p}, false});
          }
          if (ends) ends_.push_back({c0, len, chain.pattern(who, c0)});
          col += len;
        }
      }
    }
    // By cell, ends before starts at one cell (two source runs next to each
    // other hand over the same offset there): a counting sort, as the cells
    // are many and the edges a few per cell.
    const std::uint64_t cells = chain.cells();
    std::vector<std::uint32_t> slot(cells + 2, 0);
    for (const Edge& e : edges) ++slot[e.at + 1];
    for (std::uint64_t c = 0; c <= cells; ++c) slot[c + 1] += slot[c];
    std::vector<Edge> sorted(edges.size());
    for (const bool add : {false, true})
      for (const Edge& e : edges)
        if (e.add == add) sorted[slot[e.at]++] = e;
    edges.swap(sorted);
    std::vector<Pull> live;  // the list of the cells from `at` on, by offset
    std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> by_hash;
    std::uint64_t at = 0;
    const std::uint64_t n = chain.cells();
    auto emit = [&](std::uint64_t until) {
      if (until <= at) return;
      const std::uint32_t id = intern(live, by_hash);
      if (!runs_.empty() && runs_.back().list == id && runs_.back().first + runs_.back().len == at)
        runs_.back().len += static_cast<std::uint32_t>(until - at);
      else
        runs_.push_back({at, static_cast<std::uint32_t>(until - at), id});
      at = until;
    };
    for (const Edge& e : edges) {
      emit(e.at);
      // A short list kept in order by hand (no library move per edge).
      std::size_t i = 0;
      while (i < live.size() && live[i].off < e.pull.off) ++i;
      if (e.add) {
        live.push_back(e.pull);
        for (std::size_t j = live.size() - 1; j > i; --j) live[j] = live[j - 1];
        live[i] = e.pull;
      } else {
        for (std::size_t j = i; j + 1 < live.size(); ++j) live[j] = live[j + 1];
        live.pop_back();
      }
    }
    emit(n);
  }

  [[nodiscard]] std::span<const Pull> list(std::uint32_t id) const {
    const auto [first, count] = range_[id];
    return std::span<const Pull>(pulls_).subspan(first, count);
  }
  // The runs of target cells, in order, covering every cell.
  [[nodiscard]] const std::vector<Run>& runs() const { return runs_; }
  // The runs of source cells some of whose moves end the fight (`list` is
  // then the chain's pattern), in order.
  [[nodiscard]] const std::vector<Run>& ends() const { return ends_; }
  // The least and greatest distance from a cell to where its moves lead.
  [[nodiscard]] std::int64_t lo_shift() const { return lo_shift_; }
  [[nodiscard]] std::int64_t hi_shift() const { return hi_shift_; }

 private:
  // The id of a list, stored when new.
  std::uint32_t intern(const std::vector<Pull>& ps,
                       std::unordered_map<std::uint64_t, std::vector<std::uint32_t>>& by_hash) {
    std::uint64_t h = ps.size();
    for (const Pull& p : ps) {
      std::uint64_t bits;
      std::memcpy(&bits, &p.p, sizeof bits);
      h = (h ^ static_cast<std::uint64_t>(p.off)) * 0x9e3779b97f4a7c15ULL;
      h = (h ^ bits) * 0xc2b2ae3d27d4eb4fULL;
    }
    auto& ids = by_hash[h];
    for (std::uint32_t known : ids) {
      // std::equal, not std::ranges::equal: the web build's libc++ lacks it.
      const auto have = list(known);
      if (std::equal(have.begin(), have.end(), ps.begin(), ps.end())) return known;
    }
    const auto id = static_cast<std::uint32_t>(range_.size());
    range_.emplace_back(static_cast<std::uint32_t>(pulls_.size()), static_cast<std::uint32_t>(ps.size()));
    pulls_.insert(pulls_.end(), ps.begin(), ps.end());
    ids.push_back(id);
    return id;
  }

  std::vector<Pull> pulls_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> range_;
  std::vector<Run> runs_, ends_;
  std::int64_t lo_shift_ = 0, hi_shift_ = 0;
};

// The first run that ends past cell c.
std::vector<Pulls::Run>::const_iterator run_at(const std::vector<Pulls::Run>& runs, std::uint64_t c) {
  return std::partition_point(runs.begin(), runs.end(),
                              [c](const Pulls::Run& run) { return run.first + run.len <= c; });
}

}  // namespace

Tally step_chain(const Chain& chain, double a_time, double b_time, Who first, const ExactLimits& limits) {
  Tally t;
  const std::size_t n = chain.cells();
  const std::uint64_t rows = chain.rows(), cols = chain.cols();
  auto stalemate = [&](std::uint64_t r, std::uint64_t col, double w) {
    t.draw += w;
    add_at(t.hp_end[0], static_cast<std::size_t>(chain.a_hp(r)), w);
    add_at(t.hp_end[1], static_cast<std::size_t>(col + 1), w);
  };
  // With HP that rise, which cells can end depends on whose turn it is.
  std::vector<char> phased;
  std::size_t period = 0;
  bool all_can_end = chain.all_can_end();
  if (chain.rises()) {
    const std::vector<Who> turns = schedule_period(a_time, b_time, first);
    // A byte per cell and phase, in the quarter of the values budget the
    // chain leaves (chain.cpp, max_cells): past it, the order-free answer,
    // and a fight that then never settles stops at the work limit.
    if (!turns.empty() && static_cast<double>(turns.size() * chain.cells()) <= budget().values * 8 / 4) {
      period = turns.size();
      std::tie(phased, all_can_end) = chain.can_end_by_phase(turns);
    }
  }
  auto can_end = [&](std::uint64_t c, std::uint64_t step) {
    return period ? phased[c * period + step % period] != 0 : chain.can_end(c);
  };
  if (!can_end(chain.start(), 0)) {
    const std::uint64_t c = chain.start() % (rows * cols);
    stalemate(c / cols, c % cols, 1.0);
    return t;
  }
  // Pulling each cell's mass from its sources writes every cell once per
  // attack; it needs every cell to be able to end (no mass turns into a
  // draw on the way), and pays on large grids (ExactLimits::pull_from).
  // Each side's table is built at its first attack.
  const bool pulling = all_can_end && n >= limits.pull_from;
  std::optional<Pulls> pulls[2];
  std::vector<double> cur(n, 0.0), nxt(n, 0.0);
  cur[chain.start()] = 1.0;
  // The cells that may hold mass, [lo, hi) in cur and [old_lo, old_hi) in
  // nxt (cur a step ago): rows outside are skipped, and only the old range
  // is cleared. Early in a fight the mass holds a corner of the grid.
  std::uint64_t lo = chain.start(), hi = chain.start() + 1, old_lo = 0, old_hi = 0;
  double live = 1.0;
  Schedule schedule = b_time > 0 ? Schedule(a_time, b_time, first) : Schedule(a_time);
  std::uint64_t work = 0, next_poll = 0;
  for (std::uint64_t step = 0; live > limits.tail; ++step) {
    poll(limits, work, next_poll);
    const Schedule::Turn turn = schedule.next();
    const Who who = turn.who;
    const auto w = static_cast<std::size_t>(who), d = 1 - w;
    std::uint64_t new_lo = n, new_hi = 0;
    double killed = 0, died = 0;
    const double draw_before = t.draw;
    work += hi - lo;
    const double* __restrict in = cur.data();
    double* __restrict out = nxt.data();
    // The moves of a run of `len` cells from c0 (row r, column col) that
    // end the fight, `sum` the run's mass. A kill: the attacker wins with
    // its HP after the heal. A death: the defender wins with the HP it has.
    auto record_ends = [&](std::span<const Move> ms, std::uint64_t c0, std::uint32_t len, std::uint64_t r,
                           std::uint64_t col, double sum) {
      for (const Move& mv : ms) {
        if (!mv.ends()) continue;
        const std::size_t winner = mv.kills() ? w : d;
        const std::int64_t heal = mv.kills() ? mv.heal : 0;
        (mv.kills() ? killed : died) += sum * mv.p;
        add_at(t.hp_end[1 - winner], 0, sum * mv.p);
        if (winner == 0) {
          const auto hp = static_cast<std::size_t>(chain.a_hp(r) + heal);
          add_at(t.hp_end[0], hp, sum * mv.p);
          add_at(t.hp_win[0], hp, sum * mv.p);
        } else {
          // b's HP is the column: cell i of the run wins with col + i + 1 + heal.
          const auto hp0 = static_cast<std::size_t>(static_cast<std::int64_t>(col + 1) + heal);
          for (std::vector<double>* v : {&t.hp_end[1], &t.hp_win[1]}) {
            if (v->size() < hp0 + len) v->resize(hp0 + len, 0.0);
            double* __restrict to = v->data() + hp0;
            for (std::uint32_t i = 0; i < len; ++i) to[i] += in[c0 + i] * mv.p;
          }
        }
      }
    };
    if (pulling) {
      if (!pulls[w]) pulls[w].emplace(chain, who);
      const Pulls& pl = *pulls[w];
      for (auto it = run_at(pl.ends(), lo); it != pl.ends().end() && it->first < hi; ++it) {
        const double sum = sum_of(in + it->first, it->len);
        if (sum == 0) continue;
        const std::uint64_t r = it->first / cols % rows, col = it->first % cols;
        const auto ms = chain.moves(it->list);
        work += ms.size() * it->len;
        record_ends(ms, it->first, it->len, r, col, sum);
      }
      // Every cell that mass from [lo, hi) may reach is written; what the
      // buffer held a step ago outside them is cleared.
      const auto sn = static_cast<std::int64_t>(n);
      new_lo =
          static_cast<std::uint64_t>(std::clamp(static_cast<std::int64_t>(lo) + pl.lo_shift(), std::int64_t{0}, sn));
      new_hi = static_cast<std::uint64_t>(
          std::clamp(static_cast<std::int64_t>(hi) + pl.hi_shift(), static_cast<std::int64_t>(new_lo), sn));
      if (lo >= hi) new_hi = new_lo;
      std::fill(out + old_lo, out + std::max(old_lo, std::min(old_hi, new_lo)), 0.0);
      std::fill(out + std::min(old_hi, std::max(old_lo, new_hi)), out + old_hi, 0.0);
      for (auto it = run_at(pl.runs(), new_lo); it != pl.runs().end() && it->first < new_hi; ++it) {
        const std::uint64_t b = std::max(it->first, new_lo), e = std::min(it->first + it->len, new_hi);
        const auto ps = pl.list(it->list);
        pull_mass(out + b, in + b, ps.data(), ps.size(), e - b);
        work += (e - b) * ps.size();
      }
    } else {
      std::fill(out + old_lo, out + old_hi, 0.0);
    }
    for (std::uint64_t row_index = lo / cols; !pulling && row_index * cols < hi; ++row_index) {
      const std::uint64_t k = row_index / rows, r = row_index % rows;
      const auto [ia, ib] = chain.block(k);
      const std::uint64_t row = row_index * cols;
      for (std::uint64_t col = 0; col < cols;) {
        const std::uint64_t c0 = row + col;
        const std::uint32_t len = chain.run(who, c0);
        if (len == 0) {
          ++col;
          continue;
        }
        const double sum = sum_of(in + c0, len);
        if (sum == 0) {
          col += len;
          continue;
        }
        const auto ms = chain.moves(chain.pattern(who, c0));
        work += ms.size() * len;
        record_ends(ms, c0, len, r, col, sum);
        for (const Move& mv : ms) {
          if (mv.ends()) continue;
          const std::uint64_t t0 = mv.att == kSame && mv.def == kSame
                                       ? c0 + static_cast<std::uint64_t>(chain.shift(who, mv))
                                       : chain.target(who, ia, ib, r, col, mv);
          const double p = mv.p;
          new_lo = std::min(new_lo, t0);
          new_hi = std::max(new_hi, t0 + len);
          if (all_can_end) {
            for (std::uint32_t i = 0; i < len; ++i) out[t0 + i] += p * in[c0 + i];
            continue;
          }
          for (std::uint32_t i = 0; i < len; ++i) {
            const double mass = p * in[c0 + i];
            if (mass == 0) continue;
            if (can_end(t0 + i, step + 1)) {
              out[t0 + i] += mass;
            } else {
              const std::uint64_t c = (t0 + i) % (rows * cols);
              stalemate(c / cols, c % cols, mass);
            }
          }
        }
        col += len;
      }
    }
    if (killed > 0) {
      t.wins[w] += killed;
      add_at(t.kill_nth[w], turn.nth, killed);
    }
    if (died > 0) t.wins[d] += died;
    if (killed + died > 0) {
      add_at(t.end_nth[w], turn.nth, killed + died);
      add_at(t.length, step + 1, killed + died);
    }
    std::swap(cur, nxt);
    old_lo = lo;
    old_hi = hi;
    lo = new_lo;
    hi = std::max(new_lo, new_hi);
    // What is still fighting: what was, less this attack's ends and new
    // stalemates; summed afresh once it is small, where the stopping test
    // needs it to the last bit.
    live -= killed + died + (t.draw - draw_before);
    if (live < 1e-6) live = sum_of(cur.data(), hi);  // from 0: the same sums as over the whole grid
    check_work(work, limits, live, step);
  }
  t.unresolved = live;
  return t;
}

Tally duel_grid(const Bout& bout, Who first, const ExactLimits& limits) {
  require_grid_budget(bout, limits);
  const Chain chain(*bout.a_hits_b, bout.b_hits_a.get(), bout.a, bout.b, limits);
  Tally t = step_chain(chain, bout.a.attack_time, bout.b.attack_time, first, limits);
  t.chain_states = chain.reached();
  return t;
}

}  // namespace fray::fight::detail
