// The chain stepped over every cell, along the schedule of attacks: the duel
// over the whole grid of HP pairs, and turns to kill (one row).
#include "fight/budget.hpp"
#include "fight/chain.hpp"
#include "fight/pull.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <span>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <utility>

namespace fray::fight::detail {

// The pull loop below is most of a coupled duel's time. On x86-64 Linux with
// GCC it is built three times, for AVX-512, AVX2 and the baseline, each with
// vectors of its registers' width (8, 4 and 2 doubles: a vector wider than
// the registers would go through memory, five times slower), and the loader
// picks by the CPU. Every version does the same IEEE operations in the same
// order, with no fused multiply-add (contraction is off for it), so the
// numbers are the same bits on every CPU. Elsewhere it is built once, with
// vectors of two doubles where the compiler has vector types (SSE2, and
// WebAssembly's 128-bit SIMD), else one cell at a time.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define FRAY_PER_CPU 1
#define FRAY_FOR_CPU(cpu) __attribute__((target(cpu), optimize("fp-contract=off")))
#endif

#if defined(__GNUC__)
// W doubles: one register of the CPU a version is built for, and as many
// 64-bit integers (a mask). One type for each W: GCC drops vector_size
// from an alias template whose size depends on its parameter.
template <std::size_t W>
struct LaneOf;
template <>
struct LaneOf<2> {
  using V = double __attribute__((vector_size(16)));
  using B = std::int64_t __attribute__((vector_size(16)));
};
template <>
struct LaneOf<4> {
  using V = double __attribute__((vector_size(32)));
  using B = std::int64_t __attribute__((vector_size(32)));
};
template <>
struct LaneOf<8> {
  using V = double __attribute__((vector_size(64)));
  using B = std::int64_t __attribute__((vector_size(64)));
};
template <std::size_t W>
using Lane = typename LaneOf<W>::V;
template <std::size_t W>
using LaneBits = typename LaneOf<W>::B;
static_assert(sizeof(Lane<2>) == 16 && sizeof(Lane<4>) == 32 && sizeof(Lane<8>) == 64);

// out[q] = the sum over `ps` of p x in[q + off], then over `ps2` of
// p x in2[q + off], for the W x L cells from out on, but only the first
// W x (L - 1) + `keep` (keep 1..W) written: the other cells of the last lane
// are written back as they were, in one blended store (a masked store where
// the CPU has one). Each sum starts from its first term, not from 0 + it:
// the same value (the terms are never -0), one add less.
template <std::size_t W, std::size_t L>
[[gnu::always_inline]] inline void pull_lanes(double* __restrict out, const double* __restrict in, const Pull* ps,
                                              std::size_t np, const double* __restrict in2, const Pull* ps2,
                                              std::size_t np2, std::size_t keep) noexcept {
  using V = Lane<W>;
  V acc[L];
  auto add = [&](const double* src, double p, bool first) {
    const V pv = V{} + p;
    for (std::size_t q = 0; q < L; ++q) {
      V x;
      std::memcpy(&x, src + q * W, sizeof x);
      acc[q] = first ? pv * x : acc[q] + pv * x;
    }
  };
  add(in + ps[0].off, ps[0].p, true);
  for (std::size_t k = 1; k < np; ++k) add(in + ps[k].off, ps[k].p, false);
  for (std::size_t k = 0; k < np2; ++k) add(in2 + ps2[k].off, ps2[k].p, false);
  std::memcpy(out, acc, (L - 1) * sizeof(V));
  out += (L - 1) * W;
  if (keep < W) {
    // acc's lanes below `keep`, the cells as they were above it.
    using B = LaneBits<W>;
    constexpr std::int64_t kIndex[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    B now, was, lane;
    std::memcpy(&now, &acc[L - 1], sizeof now);
    std::memcpy(&was, out, sizeof was);
    std::memcpy(&lane, kIndex, sizeof lane);
    const B mine = lane < (B{} + static_cast<std::int64_t>(keep));
    now = (now & mine) | (was & ~mine);
    std::memcpy(out, &now, sizeof now);
  } else {
    std::memcpy(out, &acc[L - 1], sizeof(V));
  }
}
#endif

// out[i] = the sum over `ps` of p x in[i + off], then over `ps2` of
// p x in2[i + off], for i < len, each sum taken in that order. Blocks of
// 8 x W targets are summed in registers, so that each target is stored once
// instead of once per move, with eight independent sums in flight so that
// the adds do not wait on each other. The last cells (a row of 300 leaves
// 44 on AVX-512) go in one block of as many lanes as they need, not lane by
// lane, where each add would wait on the one before: the lanes past `len`
// read the padding past the buffers (Zeros, and the scratch of step_chain)
// and are written back as they were. The same sums as one cell at a time.
template <std::size_t W>
[[gnu::always_inline]] inline void pull_cells(double* __restrict out, const double* __restrict in, const Pull* ps,
                                              std::size_t np, const double* __restrict in2, const Pull* ps2,
                                              std::size_t np2, std::size_t len) noexcept {
  if (np == 0) {
    std::swap(in, in2);
    std::swap(ps, ps2);
    std::swap(np, np2);
  }
  if (np == 0) {
    std::fill(out, out + len, 0.0);
    return;
  }
#if defined(__GNUC__)
  constexpr std::size_t kLanes = 8;
  std::size_t i = 0;
  auto block = [&]<std::size_t L>(std::size_t keep) {
    pull_lanes<W, L>(out + i, in + i, ps, np, np2 ? in2 + i : nullptr, ps2, np2, keep);
  };
  for (; i + W * kLanes <= len; i += W * kLanes) block.template operator()<kLanes>(W);
  if (const std::size_t left = len - i; left > 0) {
    const std::size_t keep = left - (left - 1) / W * W;
    const std::size_t lanes = (left + W - 1) / W;
    // One block of 1..8 lanes, each count its own code (registers, no loop).
    [&]<std::size_t... L>(std::index_sequence<L...>) {
      (void)((lanes == L + 1 && (block.template operator()<L + 1>(keep), true)) || ...);
    }
    (std::make_index_sequence<kLanes>{});
  }
#else
  for (std::size_t i = 0; i < len; ++i) {
    double acc = ps[0].p * in[static_cast<std::ptrdiff_t>(i) + ps[0].off];
    for (std::size_t k = 1; k < np; ++k) acc += ps[k].p * in[static_cast<std::ptrdiff_t>(i) + ps[k].off];
    for (std::size_t k = 0; k < np2; ++k) acc += ps2[k].p * in2[static_cast<std::ptrdiff_t>(i) + ps2[k].off];
    out[i] = acc;
  }
#endif
}

// Adds x[i] to s[i mod 8] for i in [b, e), in increasing i: a piece of a
// sum over a whole buffer, cell i in the (i mod 8)-th of eight partial
// sums, the same whatever pieces the buffer is cut into; eight at a time
// where the pieces allow (independent adds, in vector registers). Built
// for the same CPUs as pull_mass: a fight's tail sums every cell of the
// windows at every attack.
template <std::size_t W>
[[gnu::always_inline]] inline void sum_cells(const double* x, std::uint64_t b, std::uint64_t e, double* s) noexcept {
  std::uint64_t i = b;
  for (; i < e && i % 8 != 0; ++i) s[i % 8] += x[i];
#if defined(__GNUC__)
  using V = Lane<W>;
  V acc[8 / W];
  std::memcpy(acc, s, sizeof acc);
  for (; i + 8 <= e; i += 8)
    for (std::size_t q = 0; q < 8 / W; ++q) {
      V v;
      std::memcpy(&v, x + i + q * W, sizeof v);
      acc[q] += v;
    }
  std::memcpy(s, acc, sizeof acc);
#endif
  for (; i < e; ++i) s[i % 8] += x[i];
}

// The versions (external: GCC warns that a version with internal linkage
// is unused).
#if defined(FRAY_PER_CPU)
FRAY_FOR_CPU("avx512f")
void pull_mass(double* out, const double* in, const Pull* ps, std::size_t np, const double* in2, const Pull* ps2,
               std::size_t np2, std::size_t len) noexcept {
  pull_cells<8>(out, in, ps, np, in2, ps2, np2, len);
}
FRAY_FOR_CPU("avx2")
void pull_mass(double* out, const double* in, const Pull* ps, std::size_t np, const double* in2, const Pull* ps2,
               std::size_t np2, std::size_t len) noexcept {
  pull_cells<4>(out, in, ps, np, in2, ps2, np2, len);
}
FRAY_FOR_CPU("default")
void pull_mass(double* out, const double* in, const Pull* ps, std::size_t np, const double* in2, const Pull* ps2,
               std::size_t np2, std::size_t len) noexcept {
  pull_cells<2>(out, in, ps, np, in2, ps2, np2, len);
}
FRAY_FOR_CPU("avx512f") void sum_by_index(const double* x, std::uint64_t b, std::uint64_t e, double* s) noexcept {
  sum_cells<8>(x, b, e, s);
}
FRAY_FOR_CPU("avx2") void sum_by_index(const double* x, std::uint64_t b, std::uint64_t e, double* s) noexcept {
  sum_cells<4>(x, b, e, s);
}
FRAY_FOR_CPU("default") void sum_by_index(const double* x, std::uint64_t b, std::uint64_t e, double* s) noexcept {
  sum_cells<2>(x, b, e, s);
}
#else
void pull_mass(double* out, const double* in, const Pull* ps, std::size_t np, const double* in2, const Pull* ps2,
               std::size_t np2, std::size_t len) noexcept {
  pull_cells<2>(out, in, ps, np, in2, ps2, np2, len);
}
void sum_by_index(const double* x, std::uint64_t b, std::uint64_t e, double* s) noexcept { sum_cells<2>(x, b, e, s); }
#endif

// f(the width as a constant): 8, 4, or else 2.
template <class F>
void at_width(std::size_t width, F&& f) {
  if (width == 8)
    f(std::integral_constant<std::size_t, 8>{});
  else if (width == 4)
    f(std::integral_constant<std::size_t, 4>{});
  else
    f(std::integral_constant<std::size_t, 2>{});
}

void pull_mass_width(std::size_t width, double* out, const double* in, const Pull* ps, std::size_t np,
                     const double* in2, const Pull* ps2, std::size_t np2, std::size_t len) noexcept {
  at_width(width, [&](auto w) { pull_cells<decltype(w)::value>(out, in, ps, np, in2, ps2, np2, len); });
}

void sum_by_index_width(std::size_t width, const double* x, std::uint64_t b, std::uint64_t e, double* s) noexcept {
  at_width(width, [&](auto w) { sum_cells<decltype(w)::value>(x, b, e, s); });
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

}  // namespace

// The faint cells at each end are found by comparing alone, then summed
// with independent adds (a dependent add per cell was 5 % of a duel); cell
// by cell only where the room would run out.
void drop_faint(double* row, std::pair<std::uint32_t, std::uint32_t>& w, double faint, double room,
                double& dropped) noexcept {
  auto& [from, to] = w;
  auto drop = [&](std::uint32_t b, std::uint32_t e, bool from_start) {
    if (const double s = sum_of(row + b, e - b); dropped + s <= room) {
      dropped += s;
      std::fill(row + b, row + e, 0.0);
      return from_start ? e : b;
    }
    if (from_start) {
      for (; b < e && dropped + row[b] <= room; ++b) dropped += std::exchange(row[b], 0.0);
      return b;
    }
    for (; e > b && dropped + row[e - 1] <= room; --e) dropped += std::exchange(row[e - 1], 0.0);
    return e;
  };
  std::uint32_t i = from;
  while (i < to && row[i] < faint) ++i;
  if (i > from) from = drop(from, i, true);
  std::uint32_t j = to;
  while (j > from && row[j - 1] < faint) --j;
  if (j < to) to = drop(j, to, false);
  if (from >= to) w = {0, 0};
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
    const std::uint64_t rows = chain.rows(), cols = chain.cols(), cells = chain.cells();
    // Every move of every source run, in order: visit(first target, length,
    // the move's source offset and probability). The first sweep also notes
    // the runs that end the fight and where each row's moves lead.
    std::vector<Spread> row_spread;
    auto each_range = [&](bool first_sweep, auto&& visit) {
      if (first_sweep) {
        spread_first_.reserve(chain.blocks() * rows + 1);
        spread_first_.push_back(0);
      }
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
              visit(t0, len, static_cast<std::int64_t>(c0) - static_cast<std::int64_t>(t0), m.p);
              if (!first_sweep) continue;
              // The row the run's moves lead to, and how far along it.
              const auto to_row = static_cast<std::uint32_t>(t0 / cols);
              const auto dc =
                  static_cast<std::int32_t>(static_cast<std::int64_t>(t0 % cols) - static_cast<std::int64_t>(col));
              auto sp = std::find_if(row_spread.begin(), row_spread.end(),
                                     [to_row](const Spread& x) { return x.row == to_row; });
              if (sp == row_spread.end())
                row_spread.push_back({to_row, dc, dc});
              else
                sp->lo = std::min(sp->lo, dc), sp->hi = std::max(sp->hi, dc);
            }
            if (ends && first_sweep) ends_.push_back({c0, len, chain.pattern(who, c0)});
            col += len;
          }
          if (!first_sweep) continue;
          spread_.insert(spread_.end(), row_spread.begin(), row_spread.end());
          spread_first_.push_back(static_cast<std::uint32_t>(spread_.size()));
          row_spread.clear();
        }
      }
    };
    // Where the range of one move of one source run starts (add) or ends,
    // sorted by cell, ends before starts at one cell (two source runs next
    // to each other hand over the same offset there): a counting sort, as
    // the cells are many and the edges a few per cell, placed straight from
    // the runs (no unsorted copy: megabytes on a large grid). Cells and
    // offsets fit 31 bits (step_chain pulls only then).
    struct Edge {
      double p;
      std::int32_t off;
      std::uint32_t at : 31, add : 1;
    };
    PageVector<std::uint32_t> slot(cells + 2, 0);
    each_range(true, [&](std::uint64_t t0, std::uint32_t len, std::int64_t, double) {
      ++slot[t0 + 1];
      ++slot[t0 + len + 1];
    });
    for (std::uint64_t c = 0; c <= cells; ++c) slot[c + 1] += slot[c];
    PageVector<Edge> edges(slot[cells + 1]);
    for (const bool add : {false, true})
      each_range(false, [&](std::uint64_t t0, std::uint32_t len, std::int64_t off, double p) {
        const std::uint64_t at = add ? t0 : t0 + len;
        Edge& e = edges[slot[at]++];
        e.p = p;
        e.off = static_cast<std::int32_t>(off);
        e.at = static_cast<std::uint32_t>(at) & 0x7fffffffU;
        e.add = add ? 1U : 0U;
      });
    std::vector<Pull> live;  // the list of the cells from `at` on, by offset
    // The live list's hash, kept up to date edge by edge: a sum over its
    // pulls (each offset is in it at most once: it names the source).
    std::uint64_t live_hash = 0;
    std::unordered_map<std::uint64_t, std::uint32_t> by_hash;  // the first list of each hash
    std::uint64_t at = 0;
    const std::uint64_t n = cells;
    auto emit = [&](std::uint64_t until) {
      if (until <= at) return;
      const std::uint32_t id = intern(live, live_hash + live.size(), by_hash);
      if (!runs_.empty() && runs_.back().list == id && runs_.back().first + runs_.back().len == at)
        runs_.back().len += static_cast<std::uint32_t>(until - at);
      else
        runs_.push_back({at, static_cast<std::uint32_t>(until - at), id});
      at = until;
    };
    for (const Edge& e : edges) {
      emit(e.at);
      const Pull pull{e.off, e.p};
      // A short list kept in order by hand (no library move per edge).
      std::size_t i = 0;
      while (i < live.size() && live[i].off < pull.off) ++i;
      if (e.add) {
        live_hash += mix(pull);
        live.push_back(pull);
        for (std::size_t j = live.size() - 1; j > i; --j) live[j] = live[j - 1];
        live[i] = pull;
      } else {
        live_hash -= mix(pull);
        for (std::size_t j = i; j + 1 < live.size(); ++j) live[j] = live[j + 1];
        live.pop_back();
      }
    }
    emit(n);
    // Where each row starts in the lists of runs.
    const std::uint64_t all_rows = chain.blocks() * rows;
    run_row_.resize(all_rows + 1);
    end_row_.resize(all_rows + 1);
    for (std::uint64_t row = 0, i = 0, j = 0; row <= all_rows; ++row) {
      const std::uint64_t c = row * cols;
      while (i < runs_.size() && runs_[i].first + runs_[i].len <= c) ++i;
      while (j < ends_.size() && ends_[j].first < c) ++j;
      run_row_[row] = static_cast<std::uint32_t>(i);
      end_row_[row] = static_cast<std::uint32_t>(j);
    }
    // Only moves between blocks can share sources: one block, no sums first.
    shared_.resize(range_.size());
    if (chain.blocks() > 1)
      for (std::uint32_t id = 0; id < range_.size(); ++id)
        shared_[id] = shared_sources(list(id), static_cast<std::int64_t>(rows * cols));
  }

  // A list's pulls with some sources summed first. When moves from several
  // state blocks land in one block with the same HP change and probability
  // (a hit that sets the defender's state whatever it was: each block's
  // mass comes in by the same damage), the list holds p x in[i + r + k x B]
  // for every k of a set K of block offsets (B cells a block), for several
  // (r, p): summing the blocks of K first, into a scratch row, turns |K|
  // loads per such pull into one, plus |K| per cell for the sum. `own` are
  // the pulls left (from the buffer), `summed` the others (from the scratch,
  // offset r - lo), `sources` the pulls of the scratch itself (k x B, 1).
  struct Shared {
    std::vector<Pull> own, summed, sources;
    std::int64_t lo = 0, hi = 0;  // the range of r
  };
  [[nodiscard]] const Shared& shared(std::uint32_t id) const { return shared_[id]; }

  // Where the moves from one row lead: to row `row`, from column col to
  // columns col + lo .. col + hi.
  struct Spread {
    std::uint32_t row;
    std::int32_t lo, hi;
  };
  [[nodiscard]] std::span<const Spread> spread(std::uint64_t row) const {
    return std::span<const Spread>(spread_).subspan(spread_first_[row], spread_first_[row + 1] - spread_first_[row]);
  }
  // The first run (of runs() and of ends()) of each row, and past the last row.
  [[nodiscard]] std::uint32_t run_row(std::uint64_t row) const { return run_row_[row]; }
  [[nodiscard]] std::uint32_t end_row(std::uint64_t row) const { return end_row_[row]; }

  [[nodiscard]] std::span<const Pull> list(std::uint32_t id) const {
    const auto [first, count] = range_[id];
    return std::span<const Pull>(pulls_).subspan(first, count);
  }
  // The runs of target cells, in order, covering every cell.
  [[nodiscard]] const std::vector<Run>& runs() const { return runs_; }
  // The runs of source cells some of whose moves end the fight (`list` is
  // then the chain's pattern), in order.
  [[nodiscard]] const std::vector<Run>& ends() const { return ends_; }

 private:
  static std::uint64_t mix(const Pull& p) {
    std::uint64_t bits;
    std::memcpy(&bits, &p.p, sizeof bits);
    std::uint64_t h = (static_cast<std::uint64_t>(p.off) ^ bits * 0x9e3779b97f4a7c15ULL) * 0xc2b2ae3d27d4eb4fULL;
    return h ^ (h >> 31);
  }

  // The id of a list of hash h, stored when new.
  std::uint32_t intern(const std::vector<Pull>& ps, std::uint64_t h,
                       std::unordered_map<std::uint64_t, std::uint32_t>& by_hash) {
    const auto [it, fresh] = by_hash.try_emplace(h, static_cast<std::uint32_t>(range_.size()));
    if (!fresh)
      for (std::uint32_t known = it->second; known != kNone; known = same_hash_[known]) {
        // std::equal, not std::ranges::equal: the web build's libc++ lacks it.
        const auto have = list(known);
        if (std::equal(have.begin(), have.end(), ps.begin(), ps.end())) return known;
      }
    const auto id = static_cast<std::uint32_t>(range_.size());
    range_.emplace_back(static_cast<std::uint32_t>(pulls_.size()), static_cast<std::uint32_t>(ps.size()));
    pulls_.insert(pulls_.end(), ps.begin(), ps.end());
    // Chained in front of the lists of the same hash.
    same_hash_.push_back(fresh ? kNone : it->second);
    it->second = id;
    return id;
  }

  // The pulls of a list grouped by probability and offset within a block
  // (r), and the set K of block offsets that most groups share: when it
  // saves at least two loads a cell, the list as a Shared (else an empty
  // one: the list is pulled as it is).
  static Shared shared_sources(std::span<const Pull> ps, std::int64_t block) {
    Shared sh;
    // The block offset k nearest to each pull's offset, and r = off - k B.
    auto split = [block](std::int64_t off) {
      const std::int64_t k = off >= 0 ? (off + block / 2) / block : -((-off + block / 2) / block);
      return std::pair{k, off - k * block};
    };
    struct Group {
      std::uint64_t p;
      std::int64_t r;
      std::vector<std::int64_t> ks;
    };
    std::vector<Group> groups;
    std::vector<std::size_t> group_of;  // by pull
    for (const Pull& pl : ps) {
      std::uint64_t bits;
      std::memcpy(&bits, &pl.p, sizeof bits);
      // Not structured bindings: clang 14's lambdas cannot capture them.
      const std::pair<std::int64_t, std::int64_t> kr = split(pl.off);
      const std::int64_t k = kr.first, r = kr.second;
      const auto g =
          std::find_if(groups.begin(), groups.end(), [&](const Group& x) { return x.p == bits && x.r == r; });
      group_of.push_back(static_cast<std::size_t>(g - groups.begin()));
      if (g == groups.end())
        groups.push_back({bits, r, {k}});
      else
        g->ks.push_back(k);
    }
    const std::vector<std::int64_t>* best = nullptr;
    std::int64_t best_saving = 1;
    for (const Group& g : groups) {
      if (g.ks.size() < 2) continue;
      const auto n = std::count_if(groups.begin(), groups.end(), [&](const Group& x) { return x.ks == g.ks; });
      const auto size = static_cast<std::int64_t>(g.ks.size());
      if (const std::int64_t saving = (size - 1) * n - size; saving > best_saving) {
        best_saving = saving;
        best = &g.ks;
      }
    }
    if (!best) return sh;
    bool first = true;
    for (const Group& g : groups)
      if (g.ks == *best) {
        sh.lo = first ? g.r : std::min(sh.lo, g.r);
        sh.hi = first ? g.r : std::max(sh.hi, g.r);
        first = false;
      }
    for (std::size_t i = 0; i < ps.size(); ++i) {
      const Group& g = groups[group_of[i]];
      if (g.ks != *best)
        sh.own.push_back(ps[i]);
      else if (split(ps[i].off).first == best->front())
        sh.summed.push_back({g.r - sh.lo, ps[i].p});
    }
    for (const std::int64_t k : *best) sh.sources.push_back({k * block, 1.0});
    return sh;
  }

  std::vector<Pull> pulls_;
  std::vector<Shared> shared_;  // by list
  std::vector<std::pair<std::uint32_t, std::uint32_t>> range_;
  std::vector<std::uint32_t> same_hash_;  // by list: the next list of the same hash (kNone: none)
  std::vector<Run> runs_, ends_;
  std::vector<Spread> spread_;
  std::vector<std::uint32_t> spread_first_, run_row_, end_row_;
};

// n doubles, all 0 (fight/pages.hpp: the system hands a large block over as
// pages of zeros that cost nothing until touched, where a vector writes every
// cell before the first attack, and the stepping touches only the cells the
// mass reaches), and eight more: pull_mass reads a last lane of eight whole,
// and writes it back.
class Zeros {
 public:
  explicit Zeros(std::size_t n) : n_(n + 8), p_(static_cast<double*>(zeroed_pages(n_ * sizeof(double)))) {}
  Zeros(const Zeros&) = delete;
  Zeros& operator=(const Zeros&) = delete;
  ~Zeros() { free_pages(p_, n_ * sizeof(double)); }
  [[nodiscard]] double* data() const { return p_; }
  friend void swap(Zeros& x, Zeros& y) noexcept {
    std::swap(x.n_, y.n_);
    std::swap(x.p_, y.p_);
  }

 private:
  std::size_t n_;
  double* p_;
};

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
  // (The table packs cells and offsets into 31 bits: larger grids push.)
  // The two tables (edges, runs and lists: about 24 bytes per move of a
  // run of source cells, 4 per cell) must fit in what the values budget
  // leaves beside the chain's cells (chain.cpp, max_cells) and the phases:
  // past that, the mass is pushed, which needs no table.
  const auto table_bytes = [&] {
    double bytes = 0;
    for (const Who who : {Who::a, Who::b}) {
      if (who == Who::b && b_time <= 0) break;
      bytes += 4.0 * static_cast<double>(n);
      for (std::uint64_t c = 0; c < n;) {
        const std::uint32_t len = chain.run(who, c);
        if (len == 0) {
          ++c;
          continue;
        }
        for (const Move& m : chain.moves(chain.pattern(who, c))) bytes += m.ends() ? 0 : 48;
        c += len;
      }
    }
    return bytes;
  };
  const bool pulling =
      all_can_end && n >= limits.pull_from && n < (std::size_t{1} << 31) &&
      table_bytes() + 40.0 * static_cast<double>(n) + static_cast<double>(phased.size()) <= budget().values * 8;
  std::optional<Pulls> pulls[2];
  std::vector<double> scratch;  // Pulls::Shared's sums, and eight of padding
  Zeros cur(n), nxt(n);
  cur.data()[chain.start()] = 1.0;
  // The cells that may hold mass, [lo, hi) in cur and [old_lo, old_hi) in
  // nxt (cur a step ago): rows outside are skipped, and only the old range
  // is cleared. Early in a fight the mass holds a corner of the grid.
  std::uint64_t lo = chain.start(), hi = chain.start() + 1, old_lo = 0, old_hi = 0;
  // Pulling keeps, instead, the columns of each row (block by block, a's HP
  // by b's HP) that may hold mass: [first, second) in cur (`win`, rows
  // [win_lo, win_hi)), in nxt (`was`: cur a step ago) and where this
  // attack's mass may land (`fresh`). The mass spreads from the start as a
  // box that grows by the largest hit each attack, where one range of cells
  // would hold every column of the rows it spans, and every block from the
  // first move that changes a state.
  using Window = std::pair<std::uint32_t, std::uint32_t>;
  const std::uint64_t all_rows = n / cols;
  std::vector<Window> win, was, fresh;
  std::uint64_t win_lo = chain.start() / cols, win_hi = win_lo + 1, was_lo = all_rows, was_hi = 0;
  if (pulling) {
    win.assign(all_rows, {0, 0});
    was = fresh = win;
    win[win_lo] = {static_cast<std::uint32_t>(chain.start() % cols),
                   static_cast<std::uint32_t>(chain.start() % cols + 1)};
  }
  // By move list, the moves that end the fight, the kills of one heal
  // merged (their probabilities summed in order) and the deaths merged: a
  // cell where every hit kills would otherwise record each hit apart.
  std::vector<std::optional<std::vector<Move>>> ends_of;
  auto ending = [&](std::uint32_t list) -> const std::vector<Move>& {
    if (ends_of.size() <= list) ends_of.resize(list + 1);
    if (ends_of[list]) return *ends_of[list];
    std::vector<Move>& e = ends_of[list].emplace();
    for (const Move& m : chain.moves(list)) {
      if (!m.ends()) continue;
      auto same = std::find_if(e.begin(), e.end(), [&](const Move& x) {
        return x.end == m.end && (m.dies() || (m.kills() && x.heal == m.heal));
      });
      if (same == e.end() || m.escapes())
        e.push_back(m);
      else
        same->p += m.p;
    }
    return e;
  };
  // Pulling drops the faint cells at the ends of each row's window
  // (ExactLimits::faint). The windows cover a box growing from the start,
  // while the mass lies in a band inside it. A step never adds mass, so a
  // dropped cell would have sent on at most its own mass: every answer moves
  // by at most `dropped`, which never passes `room` and is counted as
  // unresolved; the stepping stops once what is still fighting and what
  // was dropped come to less than the tail.
  const double faint = pulling ? limits.faint : 0, room = limits.tail / 100;
  double live = 1.0, dropped = 0;
  Schedule schedule = b_time > 0 ? Schedule(a_time, b_time, first) : Schedule(a_time);
  std::uint64_t work = 0, next_poll = 0;
  for (std::uint64_t step = 0; live + dropped > limits.tail; ++step) {
    poll(limits, work, next_poll);
    const Schedule::Turn turn = schedule.next();
    const Who who = turn.who;
    const auto w = static_cast<std::size_t>(who), d = 1 - w;
    std::uint64_t new_lo = n, new_hi = 0;
    double killed = 0, died = 0, escaped = 0;
    const double draw_before = t.draw;
    const double* __restrict in = cur.data();
    double* __restrict out = nxt.data();
    // The moves of a run of `len` cells from c0 (row r, column col) that
    // end the fight, `sum` the run's mass. A kill: the attacker wins with
    // its HP after the heal. A death: the defender wins with the HP it has.
    // The winner's HP go to hp_win alone, and the loser's 0 HP once an
    // attack: hp_end is hp_win plus those and the stalemates, added up at
    // the end (a dependent add per ending move was most of this).
    auto record_ends = [&](std::uint32_t list, std::uint64_t c0, std::uint32_t len, std::uint64_t r, std::uint64_t col,
                           double sum) {
      for (const Move& mv : ending(list)) {
        if (mv.escapes()) {
          // Neither side dies: each ends with its HP after the heal and the damage.
          const double p = sum * mv.p;
          escaped += p;
          t.escapes[mv.end == End::defender_escapes ? d : w] += p;
          const std::int64_t a_change = w == 0 ? mv.heal : -mv.damage, b_change = w == 0 ? -mv.damage : mv.heal;
          add_at(t.hp_end[0], static_cast<std::size_t>(chain.a_hp(r) + a_change), p);
          const auto hp0 = static_cast<std::size_t>(static_cast<std::int64_t>(col + 1) + b_change);
          std::vector<double>& v = t.hp_end[1];
          if (v.size() < hp0 + len) v.resize(hp0 + len, 0.0);
          for (std::uint32_t i = 0; i < len; ++i) v[hp0 + i] += in[c0 + i] * mv.p;
          continue;
        }
        const std::size_t winner = mv.kills() ? w : d;
        const std::int64_t heal = mv.kills() ? mv.heal : 0;
        const double mass = sum * mv.p;
        (mv.kills() ? killed : died) += mass;
        if (winner == 0) {
          add_at(t.hp_win[0], static_cast<std::size_t>(chain.a_hp(r) + heal), mass);
        } else {
          // b's HP is the column: cell i of the run wins with col + i + 1 + heal.
          const auto hp0 = static_cast<std::size_t>(static_cast<std::int64_t>(col + 1) + heal);
          std::vector<double>& v = t.hp_win[1];
          if (v.size() < hp0 + len) v.resize(hp0 + len, 0.0);
          double* __restrict to = v.data() + hp0;
          for (std::uint32_t i = 0; i < len; ++i) to[i] += in[c0 + i] * mv.p;
        }
      }
    };
    if (pulling) {
      if (!pulls[w]) pulls[w].emplace(chain, who);
      const Pulls& pl = *pulls[w];
      const auto& ends = pl.ends();
      const auto& runs = pl.runs();
      std::uint64_t fresh_lo = all_rows, fresh_hi = 0;
      for (std::uint64_t row = win_lo; row < win_hi; ++row) {
        const auto [from, to] = win[row];
        if (from >= to) continue;
        work += to - from;
        // The runs of this row whose moves end the fight, where they may
        // hold mass (the others hold none: their sum would be 0).
        for (std::uint32_t i = pl.end_row(row); i < pl.end_row(row + 1); ++i) {
          const Pulls::Run& run = ends[i];
          const std::uint64_t col = run.first - row * cols;
          if (col >= to || col + run.len <= from) continue;
          const double sum = sum_of(in + run.first, run.len);
          if (sum == 0) continue;
          work += chain.moves(run.list).size() * run.len;
          record_ends(run.list, run.first, run.len, row % rows, col, sum);
        }
        // Where the mass of [from, to) may land.
        for (const Pulls::Spread& sp : pl.spread(row)) {
          const std::int64_t lo = std::max<std::int64_t>(0, std::int64_t{from} + sp.lo);
          const std::int64_t hi = std::min<std::int64_t>(static_cast<std::int64_t>(cols), std::int64_t{to} + sp.hi);
          if (lo >= hi) continue;
          Window& f = fresh[sp.row];
          if (f.first >= f.second)
            f = {static_cast<std::uint32_t>(lo), static_cast<std::uint32_t>(hi)};
          else
            f = {std::min(f.first, static_cast<std::uint32_t>(lo)), std::max(f.second, static_cast<std::uint32_t>(hi))};
          fresh_lo = std::min<std::uint64_t>(fresh_lo, sp.row);
          fresh_hi = std::max<std::uint64_t>(fresh_hi, sp.row + 1);
        }
      }
      // Each row's new window is written in full; what the row held a step
      // ago outside it is cleared, so that every cell outside the windows
      // holds 0 (the pulls read such cells).
      const std::uint64_t first_row = std::min(was_lo, fresh_lo), last_row = std::max(was_hi, fresh_hi);
      for (std::uint64_t row = first_row; row < last_row; ++row) {
        const auto [old_from, old_to] = was[row];
        const auto [from, to] = fresh[row];
        double* row_out = out + row * cols;
        if (from >= to) {
          if (old_from < old_to) std::fill(row_out + old_from, row_out + old_to, 0.0);
          continue;
        }
        if (old_from < old_to) {
          std::fill(row_out + old_from, row_out + std::max(old_from, std::min(old_to, from)), 0.0);
          std::fill(row_out + std::min(old_to, std::max(old_from, to)), row_out + old_to, 0.0);
        }
        const std::uint64_t b0 = row * cols + from, e0 = row * cols + to;
        for (std::size_t i = pl.run_row(row); i < runs.size() && runs[i].first < e0; ++i) {
          const std::uint64_t b = std::max(runs[i].first, b0), e = std::min(runs[i].first + runs[i].len, e0);
          if (b >= e) continue;
          const auto ps = pl.list(runs[i].list);
          if (const Pulls::Shared& sh = pl.shared(runs[i].list); !sh.sources.empty()) {
            // The scratch first: scratch[q] = the sum over K of in[b + lo + q + k B].
            const std::size_t span = e - b + static_cast<std::size_t>(sh.hi - sh.lo);
            if (scratch.size() < span + 8) scratch.resize(span + 8, 0.0);
            pull_mass(scratch.data(), in + b + sh.lo, sh.sources.data(), sh.sources.size(), nullptr, nullptr, 0, span);
            pull_mass(out + b, in + b, sh.own.data(), sh.own.size(), scratch.data(), sh.summed.data(), sh.summed.size(),
                      e - b);
          } else {
            pull_mass(out + b, in + b, ps.data(), ps.size(), nullptr, nullptr, 0, e - b);
          }
          work += (e - b) * ps.size();
        }
      }
      // The faint ends of the new windows, and the rows left holding mass.
      if (faint > 0 && dropped < room) {
        const double before = dropped;
        std::uint64_t held_lo = all_rows, held_hi = 0;
        for (std::uint64_t row = fresh_lo; row < fresh_hi; ++row) {
          drop_faint(out + row * cols, fresh[row], faint, room, dropped);
          if (fresh[row].first < fresh[row].second) {
            held_lo = std::min(held_lo, row);
            held_hi = row + 1;
          }
        }
        fresh_lo = held_lo;
        fresh_hi = held_hi;
        live -= dropped - before;
      }
      // The windows move on: cur's become nxt's old ones, the fresh ones
      // cur's, and the spare array is emptied for the next attack.
      for (std::uint64_t row = was_lo; row < was_hi; ++row) was[row] = {0, 0};
      std::swap(was, win);
      std::swap(win, fresh);
      was_lo = win_lo;
      was_hi = win_hi;
      win_lo = fresh_lo;
      win_hi = std::max(fresh_lo, fresh_hi);
    } else {
      work += hi - lo;
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
        record_ends(chain.pattern(who, c0), c0, len, r, col, sum);
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
    if (killed > 0) add_at(t.hp_end[d], 0, killed);
    if (died > 0) add_at(t.hp_end[w], 0, died);
    if (killed > 0) {
      t.wins[w] += killed;
      add_at(t.kill_nth[w], turn.nth, killed);
    }
    if (died > 0) t.wins[d] += died;
    if (killed + died > 0) add_at(t.end_nth[w], turn.nth, killed + died);
    if (escaped > 0) add_at(t.escape_nth[w], turn.nth, escaped);
    if (killed + died + escaped > 0) add_at(t.length, step + 1, killed + died + escaped);
    swap(cur, nxt);
    old_lo = lo;
    old_hi = hi;
    lo = new_lo;
    hi = std::max(new_lo, new_hi);
    if (pulling) lo = hi = 0;
    // What is still fighting: what was, less this attack's ends and new
    // stalemates; summed afresh once it is small, where the stopping test
    // needs it to the last bit.
    live -= killed + died + escaped + (t.draw - draw_before);
    if (live < 1e-6) {
      // The same sums as over the whole grid, from 0 (cells outside the
      // windows hold 0).
      if (pulling) {
        double s[8] = {0, 0, 0, 0, 0, 0, 0, 0};
        for (std::uint64_t row = win_lo; row < win_hi; ++row)
          if (win[row].first < win[row].second)
            sum_by_index(cur.data(), row * cols + win[row].first, row * cols + win[row].second, s);
        live = ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
      } else {
        live = sum_of(cur.data(), hi);
      }
    }
    check_work(work, limits, live, step);
  }
  t.unresolved = live + dropped;
  t.dropped = dropped;
  // Each side's HP at the end: its wins, its losses (0 HP) and the stalemates.
  for (int s = 0; s < 2; ++s) {
    std::vector<double>& end = t.hp_end[s];
    const std::vector<double>& win = t.hp_win[s];
    if (end.size() < win.size()) end.resize(win.size(), 0.0);
    for (std::size_t h = 0; h < win.size(); ++h) end[h] += win[h];
  }
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
