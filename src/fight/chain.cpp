// The chain of condition pairs: the reachability search that builds it, the
// fixpoint that finds its stalemates, and the runs that make stepping it fast.
#include "fight/chain.hpp"

#include <fmt/format.h>

#include "fight/check.hpp"

#include <fray/core/budget.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <tuple>

namespace fray::fight::detail {
namespace {

// The most cells the dense blocks may hold, whatever the limits say.
constexpr std::uint64_t kMaxCells = std::uint64_t{1} << 26;

// What a cell costs while a chain is built and stepped: a move list and a
// run length per side (16 bytes), whether it can end (1), the two buffers of
// mass (16) and the pull table's count (4), rounded up. The cells may take
// three quarters of the values budget (fray/core/budget.hpp, 8 bytes a
// value), the table of phases (grid.cpp) the last quarter, so that an exact
// fight never holds more memory than the budget stands for, whatever its
// states: a chain that would is refused, and the fight is sampled.
constexpr std::uint64_t kBytesPerCell = 40;

std::uint64_t max_cells(const ExactLimits& limits) {
  const double by_budget = budget().values * 8 * 3 / 4 / static_cast<double>(kBytesPerCell);
  return std::min({kMaxCells, static_cast<std::uint64_t>(by_budget), static_cast<std::uint64_t>(limits.max_pairs) * 4});
}

void check_outcomes(const std::vector<Transition>& ts, const char* side) {
  check(!ts.empty(), "side {}: the ruleset gave no outcome for an attack", side);
  double total = 0;
  for (const Transition& t : ts) {
    check(std::isfinite(t.p) && t.p >= 0, "side {}: the ruleset gave an attack outcome of probability {}", side, t.p);
    check(t.damage >= 0, "side {}: the ruleset gave negative damage {}", side, t.damage);
    check(t.heal >= -kMaxHp && t.heal <= kMaxHp,
          "side {}: the ruleset gave a heal of {}, past the {} HP a combatant may have", side, t.heal, kMaxHp);
    total += t.p;
  }
  check(std::fabs(total - 1) <= 1e-9, "side {}: the ruleset's attack outcomes add up to {}, not 1", side, total);
}

}  // namespace

const std::vector<Transition>& Ask::operator()(Side att, Side def) {
  if (reads_.classes) return *classed(att, def).ts;
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

Slot& Ask::classed(Side att, Side def) {
  const Exchange::HpClasses k = kernel_->hp_classes(att, def);
  const Pair key{reads_.attacker_hp ? k.attacker : 0, reads_.defender_hp ? k.defender : 0, att.state, def.state};
  Classed* e = last_classed_ && key == last_key_ ? last_classed_ : nullptr;
  if (!e) {
    auto [it, fresh] = classed_.try_emplace(key);
    e = &it->second;
    if (fresh) {
      try {
        e->ts = kernel_->outcomes(att, def);
        check_outcomes(e->ts, side_);
      } catch (...) {
        classed_.erase(it);
        last_classed_ = nullptr;
        throw;
      }
      e->att = att;
      e->def = def;
      Slot& s = e->slot;
      s.ts = &e->ts;
      for (const Transition& t : e->ts) {
        s.top = std::max(s.top, t.damage);
        s.low = std::min(s.low, t.heal);
        s.high = std::max(s.high, t.heal);
      }
    }
    last_key_ = key;
    last_classed_ = e;
  }
  if (!e->checked || check_classes_) check_class(*e, att, def);
  return e->slot;
}

// The kernel's promise (Exchange::hp_classes), checked at a cell of the
// class whose HP read differ from the cell asked.
void Ask::check_class(Classed& e, Side att, Side def) {
  if ((!reads_.attacker_hp || att.hp == e.att.hp) && (!reads_.defender_hp || def.hp == e.def.hp)) return;
  e.checked = true;
  const std::vector<Transition> again = kernel_->outcomes(att, def);
  const bool same = again.size() == e.ts.size() &&
                    std::equal(again.begin(), again.end(), e.ts.begin(), [](const Transition& x, const Transition& y) {
                      return std::fabs(x.p - y.p) <= 1e-12 && x.damage == y.damage && x.heal == y.heal &&
                             x.attacker_state == y.attacker_state && x.defender_state == y.defender_state &&
                             x.hit == y.hit && x.escape == y.escape;
                    });
  if (!same)
    throw std::logic_error(fmt::format(
        "side {}: the kernel puts HP ({}, {}) and ({}, {}) in one class of HP (Exchange::hp_classes), but their "
        "outcomes differ",
        side_, e.att.hp, e.def.hp, att.hp, def.hp));
}

void Ask::forget_plain() {
  for (auto& [key, e] : classed_) e.slot.plain = kNone;
}

// A kernel that reads both HP is asked afresh at every cell, and a Crawl round
// lists hundreds of outcomes: sorting them with a comparison of five fields
// was most of such a chain's search. When every field fits (damage and heal
// under 2^20, state indices under 1023), a move is one 64-bit key in the same
// order (end, damage, heal, att, def; kSame last), and the sort compares
// keys, ties kept in the kernel's order (the index second).
template <class Before>
void MoveStore::sort(std::vector<Move>& ms, Before before) {
  constexpr std::int64_t kField = std::int64_t{1} << 20;
  constexpr std::uint32_t kState = 1023;
  auto state = [](std::uint32_t s) { return s == kSame ? std::uint64_t{kState} : std::uint64_t{s}; };
  keys_.clear();
  for (std::size_t i = 0; i < ms.size(); ++i) {
    const Move& m = ms[i];
    if (m.damage < 0 || m.damage >= kField || m.heal < -kField || m.heal >= kField ||
        (m.att != kSame && m.att >= kState) || (m.def != kSame && m.def >= kState)) {
      std::sort(ms.begin(), ms.end(), before);
      return;
    }
    const std::uint64_t key = std::uint64_t{static_cast<std::uint8_t>(m.end)} << 61 |
                              static_cast<std::uint64_t>(m.damage) << 41 |
                              static_cast<std::uint64_t>(m.heal + kField) << 20 | state(m.att) << 10 | state(m.def);
    keys_.emplace_back(key, static_cast<std::uint32_t>(i));
  }
  std::sort(keys_.begin(), keys_.end());
  sorted_.clear();
  for (const auto& [key, i] : keys_) sorted_.push_back(ms[i]);
  ms.swap(sorted_);
}

std::uint32_t MoveStore::intern(std::vector<Move>& ms, std::uint32_t& last) {
  // Kernels mostly list outcomes by damage already; sort only when not.
  auto before = [](const Move& x, const Move& y) {
    return std::tie(x.end, x.damage, x.heal, x.att, x.def) < std::tie(y.end, y.damage, y.heal, y.att, y.def);
  };
  if (!std::is_sorted(ms.begin(), ms.end(), before)) sort(ms, before);
  std::size_t out = 0;
  for (std::size_t i = 0; i < ms.size(); ++i) {
    if (out > 0 && ms[out - 1].end == ms[i].end && ms[out - 1].damage == ms[i].damage &&
        ms[out - 1].heal == ms[i].heal && ms[out - 1].att == ms[i].att && ms[out - 1].def == ms[i].def)
      ms[out - 1].p += ms[i].p;
    else
      ms[out++] = ms[i];
  }
  ms.resize(out);
  auto same = [](std::span<const Move> x, std::span<const Move> y) {
    return x.size() == y.size() && std::equal(x.begin(), x.end(), y.begin(), [](const Move& u, const Move& v) {
             return u.p == v.p && u.damage == v.damage && u.heal == v.heal && u.att == v.att && u.def == v.def &&
                    u.end == v.end;
           });
  };
  if (last != kNone && same(moves(last), ms)) return last;
  std::uint64_t h = ms.size();
  for (const Move& m : ms) {
    std::uint64_t bits;
    std::memcpy(&bits, &m.p, sizeof bits);
    h ^= bits * 0x9e3779b97f4a7c15ULL + static_cast<std::uint64_t>(m.damage) * 0xc2b2ae3d27d4eb4fULL +
         ((std::uint64_t{m.att} << 32 | m.def) * 0x165667b19e3779f9ULL) + static_cast<std::uint64_t>(m.end) +
         static_cast<std::uint64_t>(m.heal) * 0x94d049bb133111ebULL;
    h = (h << 7) | (h >> 57);
  }
  std::size_t mask = index_.size() - 1, i = static_cast<std::size_t>(h ^ (h >> 29)) & mask;
  for (; index_[i].second != 0; i = (i + 1) & mask)
    if (index_[i].first == h && same(moves(index_[i].second - 1), ms)) return last = index_[i].second - 1;
  const auto id = static_cast<std::uint32_t>(range_.size());
  range_.emplace_back(static_cast<std::uint32_t>(moves_.size()), static_cast<std::uint32_t>(ms.size()));
  moves_.insert(moves_.end(), ms.begin(), ms.end());
  index_[i] = {h, id + 1};
  // At most half full: past it, every list is placed again in twice the room.
  if (2 * ++indexed_ > index_.size()) {
    std::vector<std::pair<std::uint64_t, std::uint32_t>> bigger(2 * index_.size());
    mask = bigger.size() - 1;
    for (const auto& e : index_) {
      if (e.second == 0) continue;
      std::size_t j = static_cast<std::size_t>(e.first ^ (e.first >> 29)) & mask;
      while (bigger[j].second != 0) j = (j + 1) & mask;
      bigger[j] = e;
    }
    index_.swap(bigger);
  }
  return last = id;
}

Chain::Chain(const Exchange& a_hits_b, const Exchange* b_hits_a, const Fighter& a, const Fighter& b,
             const ExactLimits& limits, const char* a_side, bool fixed_attacker)
    : hp0_{a.hp, b.hp},
      rows_(b_hits_a ? static_cast<std::uint64_t>(a.hp) : 1),
      cols_(static_cast<std::uint64_t>(b.hp)),
      fixed_attacker_(fixed_attacker),
      row_hp_(b_hits_a != nullptr),
      limits_(limits) {
  ask_[0].emplace(a_hits_b, a.hp, b.hp, a_side, limits.check_classes);
  if (b_hits_a) ask_[1].emplace(*b_hits_a, b.hp, a.hp, "b", limits.check_classes);
  for (;;) {
    if (rows_ * cols_ > kMaxCells)
      throw TooLarge(fmt::format("exact analysis of {} x {} HP is too large", row_hp_ ? rows_ : 1, cols_));
    reset();
    try {
      start_ = cell(state_index(0, a.state), state_index(1, b.state), row_hp_ ? hp0_[0] - 1 : 0, hp0_[1] - 1);
      reach();
      break;
    } catch (const Grow& g) {
      // A heal reached past the grid: regrow by half again at least, so
      // that a slow climb rebuilds a few times, not once per HP.
      auto grown = [](std::uint64_t now, std::uint64_t need) {
        return need <= now ? now : std::min<std::uint64_t>(kMaxHp, std::max(need, now + now / 2));
      };
      if (!row_hp_) {
        row_hp_ = true;
        rows_ = static_cast<std::uint64_t>(hp0_[0]);
      } else {
        rows_ = grown(rows_, g.rows);
        cols_ = grown(cols_, g.cols);
      }
    }
  }
  find_stalemates();
  find_runs();
}

void Chain::reset() {
  for (int w = 0; w < 2; ++w) {
    states_[w].clear();
    dense_of_[w].clear();
    state_of_[w].clear();
    pat_[w].clear();
    memo_[w].clear();
    slots_[w].clear();
    last_[w] = kNone;
    last_state_[w] = {0, kNone};
    if (ask_[w]) ask_[w]->forget_plain();
  }
  block_of_.clear();
  blocks_.clear();
  store_ = MoveStore{};
  rises_ = false;
}

std::uint64_t Chain::reached() const {
  return static_cast<std::uint64_t>(
      std::count_if(pat_[0].begin(), pat_[0].end(), [](std::uint32_t p) { return p != kNone; }));
}

std::uint32_t Chain::state_index(int side, std::uint32_t s) {
  // Consecutive lookups mostly ask for the same state.
  if (last_state_[side].first == s && last_state_[side].second != kNone) return last_state_[side].second;
  // Else by hash: a monster's poison or a regeneration counter makes
  // thousands of states, and a search along the list per outcome was most of
  // the time spent finding that such a chain is too large.
  auto& v = states_[side];
  std::uint32_t i;
  if (s < kDenseStates) {
    auto& dense = dense_of_[side];
    if (dense.size() <= s) dense.resize(std::max<std::size_t>(s + 1, 2 * dense.size()), kNone);
    if (dense[s] == kNone) {
      dense[s] = static_cast<std::uint32_t>(v.size());
      v.push_back(s);
    }
    i = dense[s];
  } else {
    const auto [it, fresh] = state_of_[side].try_emplace(s, static_cast<std::uint32_t>(v.size()));
    if (fresh) v.push_back(s);
    i = it->second;
  }
  last_state_[side] = {s, i};
  return i;
}

Slot& Chain::slot(int w, std::uint32_t own, std::uint32_t other, std::int64_t hp) {
  auto& by_own = slots_[w];
  if (by_own.size() <= own) by_own.resize(own + 1);
  auto& by_other = by_own[own];
  if (by_other.size() <= other) by_other.resize(other + 1);
  auto& by_hp = by_other[other];
  const auto i = static_cast<std::size_t>(hp);
  if (by_hp.size() <= i) by_hp.resize(std::max<std::size_t>(i + 1, std::max(rows_, cols_) + 1));
  return by_hp[i];
}

std::uint64_t Chain::cell(std::uint32_t ia, std::uint32_t ib, std::uint64_t r, std::uint64_t col) {
  if (block_of_.size() <= ia) block_of_.resize(ia + 1);
  auto& row = block_of_[ia];
  if (row.size() <= ib) row.resize(ib + 1, -1);
  if (row[ib] < 0) {
    const std::uint64_t size = rows_ * cols_;
    if (const std::uint64_t most = max_cells(limits_); (blocks_.size() + 1) * size > most)
      throw TooLarge(
          fmt::format("exact analysis: more than {} conditions to hold ({} MiB)", most, most * kBytesPerCell >> 20));
    row[ib] = static_cast<std::int64_t>(blocks_.size());
    blocks_.emplace_back(ia, ib);
    const std::size_t n = blocks_.size() * size;
    for (auto& p : pat_) p.resize(n, kNone);
  }
  return static_cast<std::uint64_t>(row[ib]) * rows_ * cols_ + r * cols_ + col;
}

// The one reachability search: every cell reachable from the start, breadth
// first, each kernel asked once per cell (or per distinct input it reads).
void Chain::reach() {
  // A cell queued but not yet expanded holds kQueued as its pattern until
  // it is (one look-up per move, in one array).
  constexpr std::uint32_t kQueued = kNone - 1;
  // Every reached cell passes through the queue: megabytes on a large grid,
  // from fight/pages.hpp like the grid itself (from the heap, each duel
  // could fault them in afresh).
  PageVector<std::uint64_t> queue;
  queue.reserve(rows_ * cols_ + 1);
  queue.push_back(start_);
  pat_[0][start_] = kQueued;
  auto is_new = [&](std::uint64_t c) {
    if (pat_[0][c] != kNone) return false;
    pat_[0][c] = kQueued;
    return true;
  };
  // The cell of a block that exists without a call; else cell() adds it.
  auto cell_at = [&](std::uint32_t ia, std::uint32_t ib, std::uint64_t r, std::uint64_t col) {
    if (ia < block_of_.size() && ib < block_of_[ia].size() && block_of_[ia][ib] >= 0)
      return static_cast<std::uint64_t>(block_of_[ia][ib]) * rows_ * cols_ + r * cols_ + col;
    return cell(ia, ib, r, col);
  };
  // The cell a move that does not end the fight leads to from cell c (block
  // ia, ib; row r, column col), side w attacking: own HP (row for a,
  // column for b) up by the heal, the other's down by the damage. A heal
  // past the grid grows it.
  auto target_of = [&](int w, const Move& m, std::uint64_t c, std::uint32_t ia, std::uint32_t ib, std::uint64_t r,
                       std::uint64_t col) {
    const std::int64_t own_at = static_cast<std::int64_t>(w == 0 ? r : col) + m.heal;
    const std::uint64_t tr = w == 0 ? static_cast<std::uint64_t>(own_at) : r - static_cast<std::uint64_t>(m.damage);
    const std::uint64_t tc = w == 0 ? col - static_cast<std::uint64_t>(m.damage) : static_cast<std::uint64_t>(own_at);
    if (tr >= rows_ || tc >= cols_) throw Grow{std::max(rows_, tr + 1), std::max(cols_, tc + 1)};
    if (m.att == kSame && m.def == kSame) return c + static_cast<std::uint64_t>(shift(static_cast<Who>(w), m));
    if (w == 0) return cell_at(m.att == kSame ? ia : m.att, m.def == kSame ? ib : m.def, tr, tc);
    return cell_at(m.def == kSame ? ia : m.def, m.att == kSame ? ib : m.att, tr, tc);
  };
  // Where a move list leads from a cell of a block, as offsets from that
  // cell: the same for every cell of the block (a move's HP changes and
  // state indices are relative, and a move that does not end the fight
  // stays on the grid unless it heals), so they are worked out once per
  // list, side and block instead of once per cell and move. A list with a
  // heal is followed move by move (its target may lie past the grid).
  struct Jumps {
    std::uint32_t first = 0, count = 0;
    bool fixed = false;
  };
  // By side and list id, the blocks met with it (a few) and their jumps.
  std::vector<std::vector<std::pair<std::uint64_t, Jumps>>> jumps_of[2];
  std::vector<std::int64_t> jumps;
  std::pair<std::uint32_t, std::uint64_t> last_key[2] = {{kNone, 0}, {kNone, 0}};  // list id, block
  Jumps last_jumps[2];
  std::vector<Move> ms;
  std::uint64_t work = 0;  // kReachCellOps a condition, kAnswerOps and kOutcomeOps an answer made afresh
  for (std::size_t head = 0; head < queue.size(); ++head) {
    if (queue.size() > limits_.max_pairs)
      throw TooLarge(fmt::format("exact analysis: more than {} reachable conditions", limits_.max_pairs));
    work += kReachCellOps;
    if (work > limits_.max_reach_work)
      throw TooLarge(
          fmt::format("exact analysis: its search for the reachable conditions passed {:.3g} operations "
                      "after {} of them",
                      static_cast<double>(limits_.max_reach_work), head));
    if (limits_.progress && (head & 0xffff) == 0) limits_.progress->check();
    const std::uint64_t c = queue[head];
    const std::uint64_t blk = c / (rows_ * cols_), rest = c % (rows_ * cols_);
    const std::uint64_t r = rest / cols_, col = rest % cols_;
    const auto [ia, ib] = blocks_[blk];
    const Side a{a_hp(r), states_[0][ia]}, b{static_cast<std::int64_t>(col) + 1, states_[1][ib]};
    for (int w = 0; w < 2; ++w) {
      if (!ask_[w]) continue;
      const Side att = w == 0 ? a : b, def = w == 0 ? b : a;
      const std::uint32_t own = w == 0 ? ia : ib, other = w == 0 ? ib : ia;
      // The kernel's answer and its extremes: from the slot of this input
      // when the kernel reads at most one HP, else asked afresh.
      Slot fresh;
      Slot* in = &fresh;
      if (ask_[w]->reads().classes) {
        in = &ask_[w]->classed(att, def);
      } else if (ask_[w]->cached()) {
        // Not past the grid's HP: a one-row chain's attacker may have far
        // more HP than the defender, and the table would be that long.
        const Exchange::Reads& rd = ask_[w]->reads();
        const std::int64_t read = rd.attacker_hp ? att.hp : rd.defender_hp ? def.hp : 0;
        if (static_cast<std::uint64_t>(read) <= std::max(rows_, cols_)) in = &slot(w, own, other, read);
      }
      if (!in->ts) {
        in->ts = &(*ask_[w])(att, def);
        work += kAnswerOps + kOutcomeOps * in->ts->size();
        for (const Transition& t : *in->ts) {
          in->top = std::max(in->top, t.damage);
          in->low = std::min(in->low, t.heal);
          in->high = std::max(in->high, t.heal);
        }
      }
      const std::vector<Transition>& ts = *in->ts;
      const std::int64_t top = in->top, low = in->low, high = in->high;
      if (!row_hp_ && (low != 0 || high != 0)) {
        // The attacker's HP moves: one row cannot hold it.
        if (fixed_attacker_) throw AttackerHpMoves{};
        throw Grow{static_cast<std::uint64_t>(hp0_[0]), cols_};
      }
      // The moves follow from the kernel's answer, the two state indices,
      // which outcomes kill, and which heals kill the attacker or meet the
      // cap; most cells share all of them with another.
      const bool own_hp_counts = att.hp + low <= 0 || att.hp + high > kMaxHp;
      const bool plain = in != &fresh && top < def.hp && !own_hp_counts;
      std::uint32_t* known = nullptr;
      if (plain) {
        known = &in->plain;
      } else if (ask_[w]->cached()) {
        const Memo key{&ts, own, other, top >= def.hp ? def.hp : 0, own_hp_counts ? att.hp : 0};
        auto [it, is_new_key] = memo_[w].try_emplace(key, kNone);
        known = &it->second;
      }
      std::uint32_t id = known ? *known : kNone;
      if (id == kNone) {
        ms.clear();
        for (const Transition& t : ts) {
          if (t.p <= 0) continue;
          // The heal first: an attacker it kills does not attack.
          const std::int64_t hp = std::min(att.hp + t.heal, kMaxHp);
          if (hp <= 0) {
            ms.push_back({t.p, 0, 0, kSame, kSame, End::death});
            continue;
          }
          if (t.damage >= def.hp) {
            ms.push_back({t.p, 0, hp - att.hp, kSame, kSame, End::kill});
            continue;
          }
          if (t.escape != Escape::none) {
            ms.push_back({t.p, t.damage, hp - att.hp, kSame, kSame,
                          t.escape == Escape::defender ? End::defender_escapes : End::attacker_escapes});
            continue;
          }
          const std::uint32_t na = state_index(w, t.attacker_state), nd = state_index(1 - w, t.defender_state);
          ms.push_back({t.p, t.damage, hp - att.hp, na == own ? kSame : na, nd == other ? kSame : nd, End::none});
        }
        id = store_.intern(ms, last_[w]);
        if (known) *known = id;
      }
      pat_[w][c] = id;
      if (const std::pair<std::uint32_t, std::uint64_t> key{id, blk}; key != last_key[w]) {
        auto& of_id = jumps_of[w];
        if (of_id.size() <= id) of_id.resize(id + 1);
        auto& met = of_id[id];
        auto it = std::find_if(met.begin(), met.end(), [blk](const auto& x) { return x.first == blk; });
        const bool fresh_key = it == met.end();
        if (fresh_key) it = met.insert(met.end(), {blk, Jumps{}});
        Jumps& j = it->second;
        if (fresh_key) {
          const auto list = moves(id);
          j.fixed = std::none_of(list.begin(), list.end(), [](const Move& m) { return !m.ends() && m.heal > 0; });
          j.first = static_cast<std::uint32_t>(jumps.size());
          for (const Move& m : list)
            if (j.fixed && !m.ends())
              jumps.push_back(static_cast<std::int64_t>(target_of(w, m, c, ia, ib, r, col) - c));
          j.count = static_cast<std::uint32_t>(jumps.size() - j.first);
        }
        last_key[w] = key;
        last_jumps[w] = j;
      }
      if (const Jumps& j = last_jumps[w]; j.fixed) {
        const std::int64_t* jump = jumps.data() + j.first;
        for (std::uint32_t k = 0; k < j.count; ++k) {
          const std::uint64_t to = c + static_cast<std::uint64_t>(jump[k]);
          if (is_new(to)) queue.push_back(to);
        }
        continue;
      }
      for (const Move& m : moves(id)) {
        if (m.ends()) continue;
        if (m.heal > 0) rises_ = true;
        if (const std::uint64_t to = target_of(w, m, c, ia, ib, r, col); is_new(to)) queue.push_back(to);
      }
    }
  }
}

// The one stalemate fixpoint: the cells from which an end (a kill, an
// attacker dead of its own HP loss, an escape) can be reached; the others are a
// stalemate. While HP never goes up, cells are settled level by level of
// HP a + HP b, with a few passes within a level for moves that only change
// states. With one attacker "an end" means its own kill or death.
void Chain::find_stalemates() {
  if (rises_) {
    find_stalemates_by_search();
    return;
  }
  const std::size_t n = cells();
  can_end_.assign(n, 0);
  // The move lists alone may show that every cell can end (epixx confusion:
  // a's hits wear b down whatever state b is in): the fixpoint is spared.
  if (always_progresses()) {
    for (std::size_t c = 0; c < n; ++c) can_end_[c] = pat_[0][c] != kNone;
    all_can_end_ = true;
    return;
  }
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
              if (m.ends() || can_end_[target(static_cast<Who>(w), ia, ib, r, col, m)]) {
                can_end_[c] = 1;
                changed = true;
                break;
              }
          }
        }
      }
    }
  }
  all_can_end_ = true;
  for (std::uint64_t c = 0; c < n; ++c)
    if (pat_[0][c] != kNone && !can_end_[c]) all_can_end_ = false;
}

// Whether every reached cell can end, by one of these sufficient tests on the
// move lists alone (false: the searches below must tell). Whatever the order
// of turns: (a) from every reached cell each side has a move that ends the
// fight or lowers HP a + HP b (damage above the attacker's heal): following
// such moves, the sum falls by at least 1 an attack until an end, and it
// cannot fall below 2. (b) one side's own moves never raise its HP (no heal
// above 0), and from every reached cell the other side has a move that ends
// or damages it: that HP then falls by at least 1 at each of the other
// side's attacks and never rises in between (a life drain on one side only).
// Given one period of the schedule (`turns`): (c) from every reached cell
// side o has a move that ends or deals at least d, while each move of the
// other side s heals it by at most h, and o's turns in a period times d
// exceed s's times h: then s's HP falls by at least 1 a period (a monk's two
// blows a turn against a hero's regeneration of at most 1 HP). In any order,
// the question find_stalemates_by_search answers: (d) from every reached
// cell one side has a move that ends or damages the other: only its moves
// then, and the other's HP falls at each. A move never raises its
// defender's HP (Ask checks damage >= 0), so each test holds.
// Each spares the searches, which cost more than the stepping.
bool Chain::always_progresses(const std::vector<Who>* turns, bool any_order) const {
  // Calls visit(list) once for each list of side w's moves met in a reached
  // cell; stops and returns false when visit does.
  auto each_list = [&](int w, auto&& visit) {
    std::vector<char> seen;  // by move list id: 1 visited
    for (const std::uint32_t id : pat_[w]) {
      if (id == kNone) continue;
      if (seen.size() <= id) seen.resize(id + 1, 0);
      if (seen[id]) continue;
      seen[id] = 1;
      if (!visit(moves(id))) return false;
    }
    return true;
  };
  // Whether every list of side w has a move for which ok(move) holds.
  auto every_list = [&](int w, auto&& ok) {
    return each_list(w, [&](std::span<const Move> ms) { return std::any_of(ms.begin(), ms.end(), ok); });
  };
  auto sum_falls = [](const Move& m) { return m.ends() || m.damage > m.heal; };
  auto hurts = [](const Move& m) { return m.ends() || m.damage > 0; };
  if ((!ask_[0] || every_list(0, sum_falls)) && (!ask_[1] || every_list(1, sum_falls))) return true;
  // The most side w's own moves raise its HP.
  auto most_heal = [&](int w) {
    std::int64_t h = 0;
    if (ask_[w])
      (void)each_list(w, [&](std::span<const Move> ms) {
        for (const Move& m : ms)
          if (!m.ends()) h = std::max(h, m.heal);
        return true;
      });
    return h;
  };
  // The least, over side w's lists, of the most a move of it deals (a list
  // with a move that ends counts as dealing any amount); 0 if some list
  // deals nothing.
  auto least_blow = [&](int w) {
    std::int64_t d = std::numeric_limits<std::int64_t>::max();
    (void)each_list(w, [&](std::span<const Move> ms) {
      std::int64_t most = 0;
      for (const Move& m : ms) most = m.ends() ? std::numeric_limits<std::int64_t>::max() : std::max(most, m.damage);
      d = std::min(d, most);
      return d > 0;
    });
    return d;
  };
  for (int s = 0; s < 2; ++s) {
    const int o = 1 - s;
    if (!ask_[o]) continue;
    if (any_order) {
      if (every_list(o, hurts)) return true;
      continue;
    }
    const std::int64_t heal = most_heal(s);
    if (heal == 0) {
      if (every_list(o, hurts)) return true;
      continue;
    }
    if (!turns) continue;
    const std::int64_t blow = least_blow(o);
    if (blow == 0) continue;
    double n_o = 0, n_s = 0;
    for (const Who w : *turns) (static_cast<int>(w) == o ? n_o : n_s) += 1;
    if (n_o * static_cast<double>(blow) > n_s * static_cast<double>(heal)) return true;
  }
  return false;
}

// The same fixpoint when a heal raises HP, so that moves go up and down the
// levels: a search backwards from the cells with an ending move, along every
// move reversed.
template <class Visit>
void Chain::for_each_move(int w, Visit&& visit) const {
  for (std::size_t k = 0; k < blocks_.size(); ++k) {
    const auto [ia, ib] = blocks_[k];
    for (std::uint64_t r = 0; r < rows_; ++r)
      for (std::uint64_t col = 0; col < cols_; ++col) {
        const std::uint64_t c = k * rows_ * cols_ + r * cols_ + col;
        if (pat_[0][c] == kNone) continue;
        for (const Move& m : moves(pat_[w][c]))
          visit(c, m.ends() ? c : target(static_cast<Who>(w), ia, ib, r, col, m), m.ends());
      }
  }
}

void Chain::find_stalemates_by_search() {
  const std::size_t n = cells();
  can_end_.assign(n, 0);
  if (always_progresses(nullptr, true)) {
    for (std::size_t c = 0; c < n; ++c) can_end_[c] = pat_[0][c] != kNone;
    all_can_end_ = true;
    return;
  }
  std::vector<std::uint64_t> first(n + 1, 0);  // predecessors of cell c: pred[first[c] .. first[c + 1])
  std::vector<std::uint32_t> queue;
  // Both sides' moves (the order of the visits does not change the closure).
  auto each_move = [&](auto&& visit) {
    for (int w = 0; w < 2; ++w)
      if (ask_[w]) for_each_move(w, visit);
  };
  each_move([&](std::uint64_t c, std::uint64_t to, bool ends) {
    if (ends) {
      if (!can_end_[c]) queue.push_back(static_cast<std::uint32_t>(c));
      can_end_[c] = 1;
    } else {
      ++first[to + 1];
    }
  });
  for (std::size_t c = 0; c < n; ++c) first[c + 1] += first[c];
  std::vector<std::uint32_t> pred(first[n]);
  std::vector<std::uint64_t> fill(first.begin(), first.end() - 1);
  each_move([&](std::uint64_t c, std::uint64_t to, bool ends) {
    if (!ends) pred[fill[to]++] = static_cast<std::uint32_t>(c);
  });
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::uint32_t c = queue[head];
    for (std::uint64_t i = first[c]; i < first[c + 1]; ++i)
      if (!can_end_[pred[i]]) {
        can_end_[pred[i]] = 1;
        queue.push_back(pred[i]);
      }
  }
  all_can_end_ = true;
  for (std::uint64_t c = 0; c < n; ++c)
    if (pat_[0][c] != kNone && !can_end_[c]) all_can_end_ = false;
}

std::pair<std::vector<char>, bool> Chain::can_end_by_phase(const std::vector<Who>& turns) const {
  const std::size_t n = cells(), period = turns.size();
  std::vector<char> ok(n * period, 0);
  if (always_progresses(&turns)) {
    for (std::size_t c = 0; c < n; ++c)
      if (pat_[0][c] != kNone) std::fill_n(ok.begin() + static_cast<std::ptrdiff_t>(c * period), period, char{1});
    return {std::move(ok), true};
  }
  // Predecessors of each cell by each side's moves: pred[w][first[w][c] .. first[w][c + 1]).
  std::vector<std::uint64_t> first[2];
  std::vector<std::uint32_t> pred[2];
  std::vector<std::uint64_t> queue;  // c * period + phase
  for (int w = 0; w < 2; ++w) {
    if (!ask_[w]) continue;
    first[w].assign(n + 1, 0);
    std::vector<char> ends(n, 0);
    for_each_move(w, [&](std::uint64_t c, std::uint64_t to, bool end) {
      if (end)
        ends[c] = 1;
      else
        ++first[w][to + 1];
    });
    for (std::size_t c = 0; c < n; ++c) first[w][c + 1] += first[w][c];
    pred[w].resize(first[w][n]);
    std::vector<std::uint64_t> fill(first[w].begin(), first[w].end() - 1);
    for_each_move(w, [&](std::uint64_t c, std::uint64_t to, bool end) {
      if (!end) pred[w][fill[to]++] = static_cast<std::uint32_t>(c);
    });
    for (std::size_t j = 0; j < period; ++j)
      if (static_cast<int>(turns[j]) == w)
        for (std::uint64_t c = 0; c < n; ++c)
          if (ends[c] && !ok[c * period + j]) {
            ok[c * period + j] = 1;
            queue.push_back(c * period + j);
          }
  }
  // (c, j) can end when the side at phase j has a move from c to an end or
  // to a (t, j + 1) that can: backwards from the ends.
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::uint64_t t = queue[head] / period, j = queue[head] % period;
    const std::uint64_t before = (j + period - 1) % period;
    const auto w = static_cast<std::size_t>(turns[before]);
    for (std::uint64_t i = first[w][t]; i < first[w][t + 1]; ++i) {
      const std::uint64_t node = std::uint64_t{pred[w][i]} * period + before;
      if (!ok[node]) {
        ok[node] = 1;
        queue.push_back(node);
      }
    }
  }
  bool all = true;
  for (std::uint64_t c = 0; c < n && all; ++c)
    if (pat_[0][c] != kNone)
      for (std::size_t j = 0; j < period; ++j)
        if (!ok[c * period + j]) all = false;
  return {std::move(ok), all};
}

// Runs of cells along a row with the same moves: a run's moves map a
// contiguous range of cells onto contiguous ranges, so stepping the chain is
// a few vectorisable loops per run instead of a lookup per cell.
void Chain::find_runs() {
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

void require_exact(const Exchange& k, const char* side) {
  if (!k.exact())
    throw Error(fmt::format(
        "side {}'s attacks cannot be analysed exactly: {}", side,
        k.why_not_exact().empty() ? "the rules carry state the kernel cannot represent" : k.why_not_exact()));
}

void check_work(std::uint64_t work, const ExactLimits& limits, double live, std::uint64_t step) {
  if (work > limits.max_work)
    throw TooLarge(fmt::format("exact analysis: still {:.3g} of the fights going after {} attacks", live, step + 1));
}

}  // namespace fray::fight::detail
