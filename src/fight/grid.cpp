// The chain stepped over every cell, along the schedule of attacks: the duel
// over the whole grid of HP pairs, and turns to kill (one row).
#include "fight/budget.hpp"
#include "fight/chain.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace fray::fight::detail {

// The stepping is most of an exact duel's time, in two loops the compiler
// vectorises: on x86-64 with GCC they are built twice, for AVX2 and for the
// baseline, and the loader picks by the CPU. Both do the same IEEE
// operations in the same order (no fused multiply-add), so the numbers are
// the same bits either way.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define FRAY_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define FRAY_VECTOR_CLONES
#endif

// out[i] += p x in[i]: one move of a run's mass.
// External: GCC warns that a clone with internal linkage is unused.
FRAY_VECTOR_CLONES void add_scaled(double* __restrict out, const double* __restrict in, double p,
                                   std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) out[i] += p * in[i];
}

// A sum with four accumulators: the compiler may not reorder a floating-point
// sum, and with one accumulator every add waits for the one before.
FRAY_VECTOR_CLONES double sum_of(const double* x, std::size_t n) noexcept {
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

namespace {

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
    if (!turns.empty()) {
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
    std::fill(nxt.begin() + static_cast<std::ptrdiff_t>(old_lo), nxt.begin() + static_cast<std::ptrdiff_t>(old_hi),
              0.0);
    std::uint64_t new_lo = n, new_hi = 0;
    double killed = 0, died = 0;
    const double draw_before = t.draw;
    work += hi - lo;
    const double* __restrict in = cur.data();
    double* __restrict out = nxt.data();
    // The side whose HP is the row (a) or the column (b) of cell (r, col + i).
    auto hp_of = [&](std::size_t side, std::uint64_t r, std::uint64_t col, std::uint32_t i) {
      return side == 0 ? static_cast<std::size_t>(chain.a_hp(r)) : static_cast<std::size_t>(col + i + 1);
    };
    for (std::uint64_t row_index = lo / cols; row_index * cols < hi; ++row_index) {
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
        for (const Move& mv : ms) {
          if (mv.ends()) {
            // A kill: the attacker wins with its HP after the heal. A
            // death: the defender wins with the HP it has.
            const std::size_t winner = mv.kills() ? w : d;
            const std::int64_t heal = mv.kills() ? mv.heal : 0;
            (mv.kills() ? killed : died) += sum * mv.p;
            add_at(t.hp_end[1 - winner], 0, sum * mv.p);
            if (winner == 0) {
              const auto hp = static_cast<std::size_t>(chain.a_hp(r) + heal);
              add_at(t.hp_end[0], hp, sum * mv.p);
              add_at(t.hp_win[0], hp, sum * mv.p);
            } else {
              for (std::uint32_t i = 0; i < len; ++i) {
                if (in[c0 + i] == 0) continue;
                const auto hp = static_cast<std::size_t>(static_cast<std::int64_t>(hp_of(1, r, col, i)) + heal);
                add_at(t.hp_end[1], hp, in[c0 + i] * mv.p);
                add_at(t.hp_win[1], hp, in[c0 + i] * mv.p);
              }
            }
            continue;
          }
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
