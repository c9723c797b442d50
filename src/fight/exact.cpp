// Exact turns to kill and duels: a Markov chain over the pairs of the two
// sides' conditions, stepped along the fixed schedule of attacks.
#include <fray/fight/exact.hpp>

#include <fmt/format.h>

#include "fight/check.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <span>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace fray::fight {
namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
constexpr std::uint32_t kSame = std::numeric_limits<std::uint32_t>::max();
constexpr std::uint64_t kMaxCells = std::uint64_t{1} << 26;

// One outcome of one attack, relative to the cell it starts from: the
// defender loses `damage` HP (or is killed), and each side's state moves to a
// state index (kSame: unchanged). Relative moves are shared by many cells.
struct Move {
  double p;
  std::int64_t damage;
  std::uint32_t att, def;
  bool kill;
};

// Checks one answer of a kernel: probabilities finite, non-negative, summing
// to 1; damage never negative (the fight layer only lets HP go down).
void check_outcomes(const std::vector<Transition>& ts, const char* side) {
  detail::check(!ts.empty(), "side {}: the ruleset gave no outcome for an attack", side);
  double total = 0;
  for (const Transition& t : ts) {
    detail::check(std::isfinite(t.p) && t.p >= 0, "side {}: the ruleset gave an attack outcome of probability {}",
                  side, t.p);
    detail::check(t.damage >= 0, "side {}: the ruleset gave negative damage {}", side, t.damage);
    total += t.p;
  }
  detail::check(std::fabs(total - 1) <= 1e-9, "side {}: the ruleset's attack outcomes add up to {}, not 1", side,
                total);
}

// Weights by index, grown on demand.
void add_at(std::vector<double>& v, std::size_t i, double w) {
  if (v.size() <= i) v.resize(i + 1, 0.0);
  v[i] += w;
}

// Cells a chain reached: those with a move list.
std::uint64_t reached_cells(const std::vector<std::uint32_t>& pattern) {
  return static_cast<std::uint64_t>(
      std::count_if(pattern.begin(), pattern.end(), [](std::uint32_t p) { return p != kNone; }));
}

// Two sides' conditions: HP and state of each (a hash key).
struct Pair {
  std::int64_t ha, hb;
  std::uint32_t sa, sb;
  bool operator==(const Pair&) const = default;
};
struct PairHash {
  std::size_t operator()(const Pair& k) const noexcept {
    std::uint64_t h = static_cast<std::uint64_t>(k.ha) * 0x9e3779b97f4a7c15ULL;
    h ^= static_cast<std::uint64_t>(k.hb) * 0xc2b2ae3d27d4eb4fULL + (std::uint64_t{k.sa} << 32 | k.sb);
    return static_cast<std::size_t>(h ^ (h >> 31));
  }
};

// Asks a kernel once per distinct input it reads (Exchange::reads) and checks
// each answer once. An HP the kernel does not read is replaced by that side's
// starting HP, the most it ever has, so that no non-killing damage reaches it.
class Ask {
 public:
  Ask(const Exchange& kernel, std::int64_t attacker_hp0, std::int64_t defender_hp0, const char* side)
      : kernel_(&kernel), reads_(kernel.reads()), hp0_{attacker_hp0, defender_hp0}, side_(side) {}

  // The answer stays valid until the next call.
  const std::vector<Transition>& operator()(Side att, Side def) {
    if (reads_.attacker_hp && reads_.defender_hp) {
      // Every cell is asked once: a cache would only hold the whole chain twice.
      scratch_ = kernel_->outcomes(att, def);
      check_outcomes(scratch_, side_);
      return scratch_;
    }
    if (!reads_.attacker_hp) att.hp = hp0_[0];
    if (!reads_.defender_hp) def.hp = hp0_[1];
    const Pair key{att.hp, def.hp, att.state, def.state};
    if (last_ && key == last_key_) return *last_;
    auto [it, fresh] = cache_.try_emplace(key);
    if (fresh) {
      try {
        it->second = kernel_->outcomes(att, def);
        check_outcomes(it->second, side_);
      } catch (...) {
        cache_.erase(it);
        throw;
      }
    }
    last_key_ = key;
    return *(last_ = &it->second);
  }
  [[nodiscard]] const Exchange::Reads& reads() const { return reads_; }
  // Whether answers stay where they are (in the cache) after the next call.
  [[nodiscard]] bool cached() const { return !(reads_.attacker_hp && reads_.defender_hp); }

 private:
  const Exchange* kernel_;
  Exchange::Reads reads_;
  std::int64_t hp0_[2];
  const char* side_;
  std::unordered_map<Pair, std::vector<Transition>, PairHash> cache_;
  const std::vector<Transition>* last_ = nullptr;
  Pair last_key_{};
  std::vector<Transition> scratch_;
};

// Lists of relative moves, each distinct list stored once under an id.
class MoveStore {
 public:
  // The id of a move list (merged and sorted here), adding it when new.
  // `last` is the caller's last id: neighbouring cells mostly share a list.
  std::uint32_t intern(std::vector<Move>& ms, std::uint32_t& last) {
    // Kernels mostly list outcomes by damage already; sort only when not.
    auto before = [](const Move& x, const Move& y) {
      return std::tie(x.kill, x.damage, x.att, x.def) < std::tie(y.kill, y.damage, y.att, y.def);
    };
    if (!std::is_sorted(ms.begin(), ms.end(), before)) std::sort(ms.begin(), ms.end(), before);
    std::size_t out = 0;
    for (std::size_t i = 0; i < ms.size(); ++i) {
      if (out > 0 && ms[out - 1].kill == ms[i].kill && ms[out - 1].damage == ms[i].damage &&
          ms[out - 1].att == ms[i].att && ms[out - 1].def == ms[i].def)
        ms[out - 1].p += ms[i].p;
      else
        ms[out++] = ms[i];
    }
    ms.resize(out);
    auto same = [](std::span<const Move> x, std::span<const Move> y) {
      return x.size() == y.size() && std::equal(x.begin(), x.end(), y.begin(), [](const Move& u, const Move& v) {
               return u.p == v.p && u.damage == v.damage && u.att == v.att && u.def == v.def && u.kill == v.kill;
             });
    };
    if (last != kNone && same(moves(last), ms)) return last;
    std::uint64_t h = ms.size();
    for (const Move& m : ms) {
      std::uint64_t bits;
      std::memcpy(&bits, &m.p, sizeof bits);
      h ^= bits * 0x9e3779b97f4a7c15ULL + static_cast<std::uint64_t>(m.damage) * 0xc2b2ae3d27d4eb4fULL +
           ((std::uint64_t{m.att} << 32 | m.def) * 0x165667b19e3779f9ULL) + m.kill;
      h = (h << 7) | (h >> 57);
    }
    auto& ids = by_hash_[h];
    for (std::uint32_t id : ids)
      if (same(moves(id), ms)) return last = id;
    const auto id = static_cast<std::uint32_t>(range_.size());
    range_.emplace_back(static_cast<std::uint32_t>(moves_.size()), static_cast<std::uint32_t>(ms.size()));
    moves_.insert(moves_.end(), ms.begin(), ms.end());
    ids.push_back(id);
    return last = id;
  }
  [[nodiscard]] std::span<const Move> moves(std::uint32_t id) const {
    const auto [first, count] = range_[id];
    return std::span<const Move>(moves_).subspan(first, count);
  }
  [[nodiscard]] std::size_t size() const { return range_.size(); }

 private:
  std::vector<Move> moves_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> range_;
  std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> by_hash_;
};

// The chain. A cell is one pair of conditions (a's HP and state, b's HP and
// state). Cells come in blocks, one per pair of state values, each block a
// dense grid of rows (a's HP) by columns (b's HP), so that finding a cell is
// arithmetic, not hashing. Each reached cell holds, for each attacking side,
// the id of its list of relative moves ("pattern"); equal lists are stored once.
class Chain {
 public:
  // b_hits_a null: turns to kill; a's HP never changes and has one row.
  Chain(const Exchange& a_hits_b, const Exchange* b_hits_a, const Fighter& a, const Fighter& b,
        const ExactLimits& limits)
      : hp0_{a.hp, b.hp},
        rows_(b_hits_a ? static_cast<std::uint64_t>(a.hp) : 1),
        cols_(static_cast<std::uint64_t>(b.hp)),
        limits_(limits) {
    if (rows_ * cols_ > kMaxCells)
      throw TooLarge(fmt::format("exact analysis of {} x {} HP is too large", a.hp, b.hp));
    ask_[0].emplace(a_hits_b, a.hp, b.hp, "a");
    if (b_hits_a) ask_[1].emplace(*b_hits_a, b.hp, a.hp, "b");
    start_ = cell(state_index(0, a.state), state_index(1, b.state), rows_ - 1, cols_ - 1);
    build();
    find_stalemates();
    find_runs();
  }

  [[nodiscard]] std::uint64_t rows() const { return rows_; }
  [[nodiscard]] std::uint64_t cols() const { return cols_; }
  [[nodiscard]] std::uint32_t start() const { return start_; }
  [[nodiscard]] std::size_t cells() const { return pat_[0].size(); }
  // Cells reached from the start.
  [[nodiscard]] std::uint64_t reached() const { return reached_cells(pat_[0]); }
  [[nodiscard]] std::size_t blocks() const { return blocks_.size(); }
  [[nodiscard]] std::pair<std::uint32_t, std::uint32_t> block(std::size_t k) const { return blocks_[k]; }
  [[nodiscard]] bool can_end(std::uint64_t c) const { return can_end_[c] != 0; }
  [[nodiscard]] std::uint32_t pattern(Who who, std::uint64_t c) const { return pat_[static_cast<int>(who)][c]; }
  [[nodiscard]] std::span<const Move> moves(std::uint32_t pattern) const { return store_.moves(pattern); }
  // How many cells from c on, along its row, share c's moves (0: unreached).
  [[nodiscard]] std::uint32_t run(Who who, std::uint64_t c) const { return run_[static_cast<int>(who)][c]; }
  // No reachable cell is a stalemate.
  [[nodiscard]] bool all_can_end() const { return all_can_end_; }
  // a's HP in row r.
  [[nodiscard]] std::int64_t a_hp(std::uint64_t r) const {
    return rows_ == 1 ? hp0_[0] : static_cast<std::int64_t>(r) + 1;
  }
  // The cell a move leads to from block (ia, ib), row r, column col (not a kill).
  [[nodiscard]] std::uint64_t target(Who who, std::uint32_t ia, std::uint32_t ib, std::uint64_t r, std::uint64_t col,
                                     const Move& m) const {
    if (who == Who::a) {
      const std::uint32_t na = m.att == kSame ? ia : m.att, nb = m.def == kSame ? ib : m.def;
      return base(na, nb) + r * cols_ + col - static_cast<std::uint64_t>(m.damage);
    }
    const std::uint32_t nb = m.att == kSame ? ib : m.att, na = m.def == kSame ? ia : m.def;
    return base(na, nb) + (r - static_cast<std::uint64_t>(m.damage)) * cols_ + col;
  }
  [[nodiscard]] std::uint64_t base(std::uint32_t ia, std::uint32_t ib) const {
    return static_cast<std::uint64_t>(block_of_[ia][ib]) * rows_ * cols_;
  }

 private:
  std::uint32_t state_index(int side, std::uint32_t s) {
    if (last_state_[side].first == s && last_state_[side].second != kNone) return last_state_[side].second;
    const std::uint32_t i = find_state(side, s);
    last_state_[side] = {s, i};
    return i;
  }
  std::uint32_t find_state(int side, std::uint32_t s) {
    auto& v = states_[side];
    for (std::size_t i = 0; i < v.size(); ++i)
      if (v[i] == s) return static_cast<std::uint32_t>(i);
    v.push_back(s);
    return static_cast<std::uint32_t>(v.size() - 1);
  }

  std::uint64_t cell(std::uint32_t ia, std::uint32_t ib, std::uint64_t r, std::uint64_t col) {
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
      for (auto& p : pat_) p.resize(n, kNone);
    }
    return static_cast<std::uint64_t>(row[ib]) * rows_ * cols_ + r * cols_ + col;
  }

  // Every cell reachable from the start, each kernel asked once per cell.
  void build() {
    std::vector<std::uint64_t> queue{start_};
    std::vector<Move> ms;
    for (std::size_t head = 0; head < queue.size(); ++head) {
      if (queue.size() > limits_.max_pairs)
        throw TooLarge(fmt::format("exact analysis: more than {} reachable conditions", limits_.max_pairs));
      const std::uint64_t c = queue[head];
      const std::uint64_t blk = c / (rows_ * cols_), rest = c % (rows_ * cols_);
      const std::uint64_t r = rest / cols_, col = rest % cols_;
      const auto [ia, ib] = blocks_[blk];
      const Side a{a_hp(r), states_[0][ia]}, b{static_cast<std::int64_t>(col) + 1, states_[1][ib]};
      for (int w = 0; w < 2; ++w) {
        if (!ask_[w]) continue;
        const Side att = w == 0 ? a : b, def = w == 0 ? b : a;
        const std::uint32_t own = w == 0 ? ia : ib, other = w == 0 ? ib : ia;
        const std::vector<Transition>& ts = (*ask_[w])(att, def);
        // The moves follow from the kernel's answer, the two state indices
        // and which outcomes kill; most cells share all four with another.
        std::int64_t top = 0;
        for (const Transition& t : ts) top = std::max(top, t.damage);
        const Memo key{&ts, own, other, top >= def.hp ? def.hp : 0};
        std::uint32_t* known = nullptr;
        if (ask_[w]->cached()) {
          auto [it, fresh] = memo_[w].try_emplace(key, kNone);
          known = &it->second;
        }
        std::uint32_t id = known ? *known : kNone;
        if (id == kNone) {
          ms.clear();
          for (const Transition& t : ts) {
            if (t.p <= 0) continue;
            if (t.damage >= def.hp) {
              ms.push_back({t.p, 0, kSame, kSame, true});
              continue;
            }
            const std::uint32_t na = state_index(w, t.attacker_state), nd = state_index(1 - w, t.defender_state);
            ms.push_back({t.p, t.damage, na == own ? kSame : na, nd == other ? kSame : nd, false});
          }
          id = store_.intern(ms, last_[w]);
          if (known) *known = id;
        }
        pat_[w][c] = id;
        for (const Move& m : moves(id)) {
          if (m.kill) continue;
          std::uint64_t to;
          if (m.att == kSame && m.def == kSame)
            to = c - static_cast<std::uint64_t>(m.damage) * (w == 0 ? 1 : cols_);
          else if (w == 0)
            to = cell(m.att == kSame ? ia : m.att, m.def == kSame ? ib : m.def, r,
                      col - static_cast<std::uint64_t>(m.damage));
          else
            to = cell(m.def == kSame ? ia : m.def, m.att == kSame ? ib : m.att, r - static_cast<std::uint64_t>(m.damage),
                      col);
          if (pat_[0][to] == kNone && !seen(to)) {
            mark(to);
            queue.push_back(to);
          }
        }
      }
    }
    seen_.clear();
    seen_.shrink_to_fit();
  }
  // Queued but not yet asked (pat_ is set when a cell is processed).
  bool seen(std::uint64_t c) const { return c < seen_.size() && seen_[c]; }
  void mark(std::uint64_t c) {
    if (seen_.size() <= c) seen_.resize(pat_[0].size(), 0);
    seen_[c] = 1;
  }

  // Runs of cells along a row with the same moves: a run's moves map a
  // contiguous range of cells onto contiguous ranges, so stepping the chain
  // is a few vectorisable loops per run instead of a lookup per cell.
  void find_runs() {
    all_can_end_ = true;
    for (std::uint64_t c = 0; c < cells(); ++c)
      if (pat_[0][c] != kNone && !can_end_[c]) all_can_end_ = false;
    for (int w = 0; w < 2; ++w) {
      run_[w].assign(cells(), 0);
      if (!ask_[w]) continue;
      for (std::uint64_t row = 0; row < cells(); row += cols_)
        for (std::uint64_t col = cols_; col-- > 0;) {
          const std::uint64_t c = row + col;
          if (pat_[w][c] == kNone) continue;
          run_[w][c] = col + 1 < cols_ && pat_[w][c + 1] == pat_[w][c] ? run_[w][c + 1] + 1 : 1;
        }
    }
  }

  // Cells from which a kill can be reached; the others are a stalemate. HP
  // never goes up, so cells are settled level by level of HP a + HP b, with a
  // few passes within a level for moves that only change states.
  void find_stalemates() {
    const std::size_t n = cells();
    can_end_.assign(n, 0);
    const std::uint64_t levels = rows_ + cols_ - 1;
    for (std::uint64_t level = 0; level < levels; ++level) {
      const std::uint64_t r_lo = level >= cols_ ? level - (cols_ - 1) : 0, r_hi = std::min(rows_ - 1, level);
      for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t k = 0; k < blocks_.size(); ++k) {
          const auto [ia, ib] = blocks_[k];
          for (std::uint64_t r = r_lo; r <= r_hi; ++r) {
            const std::uint64_t col = level - r;
            const std::uint64_t c = k * rows_ * cols_ + r * cols_ + col;
            if (can_end_[c] || pat_[0][c] == kNone) continue;
            for (int w = 0; w < 2 && !can_end_[c]; ++w) {
              if (!ask_[w]) continue;
              for (const Move& m : moves(pat_[w][c]))
                if (m.kill || can_end_[target(static_cast<Who>(w), ia, ib, r, col, m)]) {
                  can_end_[c] = 1;
                  changed = true;
                  break;
                }
            }
          }
        }
      }
    }
  }

  // A kernel answer (where the Ask cache holds it), the attacker's and the
  // defender's state index, and the defender's HP when some outcome kills (else 0).
  struct Memo {
    const std::vector<Transition>* ts;
    std::uint32_t own, other;
    std::int64_t hp;
    bool operator==(const Memo&) const = default;
  };
  struct MemoHash {
    std::size_t operator()(const Memo& m) const noexcept {
      std::uint64_t h = reinterpret_cast<std::uintptr_t>(m.ts) * 0x9e3779b97f4a7c15ULL;
      h ^= (std::uint64_t{m.own} << 32 | m.other) * 0xc2b2ae3d27d4eb4fULL + static_cast<std::uint64_t>(m.hp);
      return static_cast<std::size_t>(h ^ (h >> 29));
    }
  };
  std::optional<Ask> ask_[2];
  std::unordered_map<Memo, std::uint32_t, MemoHash> memo_[2];
  std::int64_t hp0_[2];
  std::uint64_t rows_, cols_;
  ExactLimits limits_;
  std::vector<std::uint32_t> states_[2];
  std::vector<std::vector<std::int64_t>> block_of_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> blocks_;
  std::vector<std::uint32_t> pat_[2];
  std::vector<char> can_end_, seen_;
  std::vector<std::uint32_t> run_[2];
  bool all_can_end_ = true;
  MoveStore store_;
  std::uint32_t last_[2] = {kNone, kNone};
  std::pair<std::uint32_t, std::uint32_t> last_state_[2] = {{0, kNone}, {0, kNone}};
  std::uint64_t start_ = 0;
};

Pmf pmf_of(const std::vector<double>& w, std::int64_t offset = 0) {
  std::vector<std::pair<std::int64_t, double>> pairs;
  for (std::size_t i = 0; i < w.size(); ++i)
    if (w[i] > 0) pairs.emplace_back(static_cast<std::int64_t>(i) + offset, w[i]);
  return Pmf::from_pairs(pairs);
}

bool any_positive(const std::vector<double>& w) {
  return std::any_of(w.begin(), w.end(), [](double x) { return x > 0; });
}

// A sum with four accumulators: the compiler may not reorder a floating-point
// sum, and with one accumulator every add waits for the one before.
double sum_of(const double* x, std::size_t n) {
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

void check_work(std::uint64_t work, const ExactLimits& limits, double live, std::uint64_t step) {
  if (work > limits.max_work)
    throw TooLarge(fmt::format("exact analysis: still {:.3g} of the fights going after {} attacks", live, step + 1));
}

// The general chain: pushes the mass over all cells along the schedule.
// `b_time` <= 0: only a attacks.
Tally run(const Chain& chain, double a_time, double b_time, Who first, const ExactLimits& limits) {
  Tally t;
  const std::size_t n = chain.cells();
  const std::uint64_t rows = chain.rows(), cols = chain.cols();
  auto stalemate = [&](std::uint64_t r, std::uint64_t col, double w) {
    t.draw += w;
    add_at(t.hp_end[0], static_cast<std::size_t>(chain.a_hp(r)), w);
    add_at(t.hp_end[1], static_cast<std::size_t>(col + 1), w);
  };
  if (!chain.can_end(chain.start())) {
    stalemate(rows - 1, cols - 1, 1.0);
    return t;
  }
  std::vector<double> cur(n, 0.0), nxt(n, 0.0);
  cur[chain.start()] = 1.0;
  double live = 1.0;
  Schedule schedule = b_time > 0 ? Schedule(a_time, b_time, first) : Schedule(a_time);
  std::uint64_t work = 0;
  for (std::uint64_t step = 0; live > limits.tail; ++step) {
    const Schedule::Turn turn = schedule.next();
    const Who who = turn.who;
    const std::uint64_t nth = turn.nth;
    const auto w = static_cast<std::size_t>(who);
    const std::uint64_t stride = who == Who::a ? 1 : cols;  // a's hits move along a row, b's down a column
    std::fill(nxt.begin(), nxt.end(), 0.0);
    double killed = 0;
    const double draw_before = t.draw;
    work += n;
    const double* __restrict in = cur.data();
    double* __restrict out = nxt.data();
    for (std::size_t k = 0; k < chain.blocks(); ++k) {
      const auto [ia, ib] = chain.block(k);
      for (std::uint64_t r = 0; r < rows; ++r) {
        const std::uint64_t row = k * rows * cols + r * cols;
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
            if (mv.kill) {
              killed += sum * mv.p;
              add_at(t.hp_end[1 - w], 0, sum * mv.p);
              if (who == Who::a) {
                const auto hp = static_cast<std::size_t>(chain.a_hp(r));
                add_at(t.hp_end[w], hp, sum * mv.p);
                add_at(t.hp_win[w], hp, sum * mv.p);
              } else {
                for (std::uint32_t i = 0; i < len; ++i) {
                  if (in[c0 + i] == 0) continue;
                  add_at(t.hp_end[w], col + i + 1, in[c0 + i] * mv.p);
                  add_at(t.hp_win[w], col + i + 1, in[c0 + i] * mv.p);
                }
              }
              continue;
            }
            const std::uint64_t t0 = mv.att == kSame && mv.def == kSame
                                         ? c0 - static_cast<std::uint64_t>(mv.damage) * stride
                                         : chain.target(who, ia, ib, r, col, mv);
            const double p = mv.p;
            if (chain.all_can_end()) {
              for (std::uint32_t i = 0; i < len; ++i) out[t0 + i] += p * in[c0 + i];
              continue;
            }
            for (std::uint32_t i = 0; i < len; ++i) {
              const double mass = p * in[c0 + i];
              if (mass == 0) continue;
              if (chain.can_end(t0 + i)) {
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
    }
    if (killed > 0) {
      t.wins[w] += killed;
      add_at(t.kill_nth[w], nth, killed);
      add_at(t.length, step + 1, killed);
    }
    std::swap(cur, nxt);
    // What is still fighting: what was, less this attack's kills and new
    // stalemates; summed afresh once it is small, where the stopping test
    // needs it to the last bit.
    live -= killed + (t.draw - draw_before);
    if (live < 1e-6) live = sum_of(cur.data(), cur.size());
    check_work(work, limits, live, step);
  }
  t.unresolved = live;
  return t;
}

// One side's attacks on the other when they depend on nothing the other side
// changes: a chain over (the attacker's state, the defender's HP), built
// straight from the kernel without the grid of HP pairs.
struct SideChain {
  std::uint64_t hp = 0;                // the defender's HP range (1..hp)
  std::vector<std::uint32_t> states;   // state values by index; index 0 is the start
  std::vector<std::uint32_t> pat;      // by cell = state index * hp + (HP - 1); kNone when unreached
  MoveStore store;
  std::vector<double> cur, nxt;
  double live = 1;  // mass not yet killed

  // One attack: returns the killed mass.
  double step(std::uint64_t& work) {
    std::fill(nxt.begin(), nxt.end(), 0.0);
    double killed = 0;
    work += cur.size();
    for (std::uint64_t c = 0; c < cur.size(); ++c) {
      const double m = cur[c];
      if (m == 0) continue;
      const std::uint64_t s = c / hp;
      const auto ms = store.moves(pat[c]);
      work += ms.size();
      for (const Move& mv : ms) {
        if (mv.kill)
          killed += m * mv.p;
        else
          nxt[(mv.att == kSame ? s : mv.att) * hp + c % hp - static_cast<std::uint64_t>(mv.damage)] += m * mv.p;
      }
    }
    std::swap(cur, nxt);
    live = 0;
    for (double m : cur) live += m;
    return killed;
  }
  [[nodiscard]] std::uint64_t reached() const { return reached_cells(pat); }
  // The unkilled mass by defender HP - 1.
  void hp_marginal(std::vector<double>& out) const {
    out.assign(hp, 0.0);
    for (std::uint64_t c = 0; c < cur.size(); ++c) out[c % hp] += cur[c];
  }
};

// Side chain of `att` (whose HP its kernel does not read) on `def`, whose
// state must stay as it is. nullopt when an attack changes the defender's
// state, when the chain is past the limits, or when from some reachable cell
// this side can never kill (the grid then records the stalemate's HP).
std::optional<SideChain> side_chain(Ask& ask, Side att, Side def, const ExactLimits& limits) {
  SideChain sc;
  sc.hp = static_cast<std::uint64_t>(def.hp);
  if (sc.hp > limits.max_pairs) return std::nullopt;
  sc.states.push_back(att.state);
  sc.pat.assign(sc.hp, kNone);
  auto index = [&](std::uint32_t s) -> std::optional<std::uint32_t> {
    for (std::size_t i = 0; i < sc.states.size(); ++i)
      if (sc.states[i] == s) return static_cast<std::uint32_t>(i);
    if ((sc.states.size() + 1) * sc.hp > limits.max_pairs) return std::nullopt;
    sc.states.push_back(s);
    sc.pat.resize(sc.states.size() * sc.hp, kNone);
    return static_cast<std::uint32_t>(sc.states.size() - 1);
  };
  std::vector<std::uint64_t> queue{sc.hp - 1};
  std::vector<char> queued(sc.pat.size(), 0);
  queued[sc.hp - 1] = 1;
  std::vector<Move> ms;
  std::uint32_t last = kNone;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::uint64_t c = queue[head], s = c / sc.hp, h = c % sc.hp + 1;
    const std::vector<Transition>& ts =
        ask({att.hp, sc.states[s]}, {static_cast<std::int64_t>(h), def.state});
    ms.clear();
    for (const Transition& t : ts) {
      if (t.p <= 0) continue;
      if (t.damage >= static_cast<std::int64_t>(h)) {
        ms.push_back({t.p, 0, kSame, kSame, true});
        continue;
      }
      if (t.defender_state != def.state) return std::nullopt;
      const std::optional<std::uint32_t> ns = index(t.attacker_state);
      if (!ns) return std::nullopt;
      ms.push_back({t.p, t.damage, *ns == s ? kSame : *ns, kSame, false});
    }
    sc.pat[c] = sc.store.intern(ms, last);
    queued.resize(sc.pat.size(), 0);
    for (const Move& m : sc.store.moves(sc.pat[c])) {
      if (m.kill) continue;
      const std::uint64_t to = (m.att == kSame ? s : m.att) * sc.hp + h - 1 - static_cast<std::uint64_t>(m.damage);
      if (!queued[to]) {
        queued[to] = 1;
        queue.push_back(to);
      }
    }
  }
  // From every reachable cell this side alone must be able to kill. HP never
  // goes up, so cells settle HP by HP, with passes for state-only moves.
  const std::uint64_t n = sc.pat.size(), nstates = sc.states.size();
  std::vector<char> can_kill(n, 0);
  for (std::uint64_t h = 0; h < sc.hp; ++h)
    for (bool changed = true; changed;) {
      changed = false;
      for (std::uint64_t st = 0; st < nstates; ++st) {
        const std::uint64_t c = st * sc.hp + h;
        if (can_kill[c] || sc.pat[c] == kNone) continue;
        for (const Move& m : sc.store.moves(sc.pat[c]))
          if (m.kill || can_kill[(m.att == kSame ? st : m.att) * sc.hp + h - static_cast<std::uint64_t>(m.damage)]) {
            can_kill[c] = 1;
            changed = true;
            break;
          }
      }
    }
  for (std::uint64_t c = 0; c < n; ++c)
    if (sc.pat[c] != kNone && !can_kill[c]) return std::nullopt;
  sc.cur.assign(n, 0.0);
  sc.nxt.assign(n, 0.0);
  sc.cur[sc.hp - 1] = 1;  // the start: state index 0, full HP
  return sc;
}

// Whether `ask`'s answers, over every reachable cell of `mine`, are the same
// whatever state in `theirs` the defender is in (the defender's state stays
// as it is, as side_chain checked for the start state).
bool blind_to_defender_state(Ask& ask, std::int64_t att_hp, const SideChain& mine, const SideChain& theirs) {
  if (theirs.states.size() == 1) return true;
  const std::uint32_t d0 = theirs.states[0];
  for (std::uint64_t c = 0; c < mine.pat.size(); ++c) {
    if (mine.pat[c] == kNone) continue;
    const Side att{att_hp, mine.states[c / mine.hp]};
    const auto h = static_cast<std::int64_t>(c % mine.hp + 1);
    const std::vector<Transition> base = ask(att, {h, d0});
    for (std::size_t i = 1; i < theirs.states.size(); ++i) {
      const std::uint32_t d = theirs.states[i];
      const std::vector<Transition>& other = ask(att, {h, d});
      if (other.size() != base.size()) return false;
      for (std::size_t k = 0; k < base.size(); ++k) {
        const Transition &x = base[k], &y = other[k];
        const bool x_kills = x.damage >= h, y_kills = y.damage >= h;
        if (x.p != y.p || x.damage != y.damage || x_kills != y_kills) return false;
        if (!x_kills && (x.attacker_state != y.attacker_state || y.defender_state != d)) return false;
      }
    }
    if (!ask.reads().defender_hp) {
      // One answer per attacker state: the other cells of this state add nothing.
      c = (c / mine.hp + 1) * mine.hp - 1;
    }
  }
  return true;
}

// Splits the duel into two independent side chains when neither side's
// outcomes read its own HP (which the other side changes), neither side's
// attacks change the other's state, and neither side's outcomes depend on a
// state of the other that changes: then the two sides' damage processes are
// independent, and the duel follows from two small chains instead of the
// whole grid (no fury, no confusion; Brogue acid on a weapon qualifies).
std::optional<std::array<SideChain, 2>> split(const Bout& bout, const ExactLimits& limits) {
  Ask ask_a(*bout.a_hits_b, bout.a.hp, bout.b.hp, "a"), ask_b(*bout.b_hits_a, bout.b.hp, bout.a.hp, "b");
  if (ask_a.reads().attacker_hp || ask_b.reads().attacker_hp) return std::nullopt;
  const Side a{bout.a.hp, bout.a.state}, b{bout.b.hp, bout.b.state};
  std::optional<SideChain> sa = side_chain(ask_a, a, b, limits);
  if (!sa) return std::nullopt;
  std::optional<SideChain> sb = side_chain(ask_b, b, a, limits);
  if (!sb) return std::nullopt;
  if (!blind_to_defender_state(ask_a, a.hp, *sa, *sb) || !blind_to_defender_state(ask_b, b.hp, *sb, *sa))
    return std::nullopt;
  return std::array<SideChain, 2>{std::move(*sa), std::move(*sb)};
}

// The duel from two independent side chains: a kills b at its nth attack
// with the probability that its chain kills then, times the probability that
// b's chain has not killed a yet; a's HP is then what b's chain left it.
Tally run_split(std::array<SideChain, 2>& sides, const Fighter& a, const Fighter& b, Who first,
                const ExactLimits& limits) {
  Tally t;
  Schedule schedule(a.attack_time, b.attack_time, first);
  std::vector<double> marginal;
  std::uint64_t work = 0;
  for (std::uint64_t step = 0;; ++step) {
    const double going = sides[0].live * sides[1].live;
    if (going <= limits.tail) {
      t.unresolved = going;
      break;
    }
    const Schedule::Turn turn = schedule.next();
    const auto w = static_cast<std::size_t>(turn.who), d = 1 - w;
    const double killed = sides[w].step(work);
    if (killed > 0) {
      const double won = killed * sides[d].live;
      t.wins[w] += won;
      add_at(t.kill_nth[w], turn.nth, won);
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
  check_fighter(attacker, "attacker");
  check_fighter(defender, "defender");
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
    r.time = random_time(attacker) ? summed_times(t.kill_nth[0], attacker, limits)
                                   : time_pmf(t, attacker.attack_time, attacker.attack_time);
  }
  if (t.draw > 0)
    r.note = t.draw >= 1 - 1e-12 ? "the attacker can never kill the defender"
                                 : fmt::format("with probability {:.6g} the attacker can never kill the defender", t.draw);
  return r;
}

std::string random_order_why(const Bout& bout) {
  const char* side = random_time(bout.a) ? "a" : random_time(bout.b) ? "b" : nullptr;
  if (!side) return {};
  return fmt::format("side {}'s attack time is random, so the order of attacks depends on the dice", side);
}

DuelResult duel_exact(const Bout& bout, Who first_on_tie, const ExactLimits& limits) {
  check_bout(bout);
  if (const std::string why = random_order_why(bout); !why.empty()) throw Error("no exact duel: " + why);
  require_exact(*bout.a_hits_b, "a");
  require_exact(*bout.b_hits_a, "b");
  auto sides = limits.split_sides ? split(bout, limits) : std::nullopt;
  DuelResult r;
  Tally t;
  if (sides) {
    r.chain_states = (*sides)[0].reached() + (*sides)[1].reached();
    t = run_split(*sides, bout.a, bout.b, first_on_tie, limits);
  } else {
    const Chain chain(*bout.a_hits_b, bout.b_hits_a.get(), bout.a, bout.b, limits);
    r.chain_states = chain.reached();
    t = run(chain, bout.a.attack_time, bout.b.attack_time, first_on_tie, limits);
  }
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
  // Depth first, heaviest hit first: an ordinary fight finds a kill within a
  // few dozen conditions; only a fight that cannot end visits all it reaches.
  Ask ask_a(a_hits_b, a.hp, b.hp, "a");
  std::optional<Ask> ask_b;
  if (b_hits_a) ask_b.emplace(*b_hits_a, b.hp, a.hp, "b");
  std::unordered_set<Pair, PairHash> seen;
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
        if (t.damage >= (w == 0 ? k.hb : k.ha)) return true;
        const Pair to = w == 0 ? Pair{k.ha, k.hb - t.damage, t.attacker_state, t.defender_state}
                                     : Pair{k.ha - t.damage, k.hb, t.defender_state, t.attacker_state};
        if (seen.insert(to).second) next.emplace_back(t.damage, to);
      }
    }
    std::sort(next.begin(), next.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    for (const auto& [dmg, to] : next) stack.push_back(to);
  }
  return false;
}

}  // namespace fray::fight
