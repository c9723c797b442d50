// The chain the exact analysis steps, shared by its three algorithms (turns to
// kill in ttk.cpp, the duel split into two one-sided chains in split.cpp, the
// duel over the whole grid of HP pairs in grid.cpp): one reachability search
// builds it and one fixpoint finds its stalemates, whichever algorithm asks.
#pragma once

#include <fray/fight/exact.hpp>

#include "fight/pages.hpp"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

namespace fray::fight::detail {

inline constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();  // no move list: unreached
// States below this are indexed directly (Chain::state_index): a fight's
// tables number them from 0; a kernel's own larger codes go by hash.
inline constexpr std::uint32_t kDenseStates = 1u << 20;
inline constexpr std::uint32_t kSame = std::numeric_limits<std::uint32_t>::max();  // state unchanged

// How a move ends the fight: not at all, the defender killed, the
// attacker dead of the HP it lost on its own turn (Transition::heal < 0), its
// attack undone, or one side running away with neither dead
// (Transition::escape): the defender, or the attacker.
enum class End : std::uint8_t { none = 0, kill = 1, death = 2, defender_escapes = 3, attacker_escapes = 4 };

// One outcome of one attack, relative to the cell it starts from: the
// attacker's HP changes by `heal` (any cap applied), then the defender loses
// `damage` HP (or is killed), and each side's state moves to a state index
// (kSame: unchanged). Relative moves are shared by many cells. A kill keeps
// its heal (the winner's HP); a death keeps neither damage nor heal; an
// escape keeps both (the two sides' HP as the fight ends).
struct Move {
  double p;
  std::int64_t damage;
  std::int64_t heal;
  std::uint32_t att, def;
  End end;
  [[nodiscard]] bool ends() const { return end != End::none; }
  [[nodiscard]] bool kills() const { return end == End::kill; }
  [[nodiscard]] bool dies() const { return end == End::death; }
  [[nodiscard]] bool escapes() const { return end == End::defender_escapes || end == End::attacker_escapes; }
};

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

// A kernel's answer for one input and what the chain's search keeps of it:
// its largest damage, its smallest and largest heal, and the move list of a
// cell where no outcome ends the fight (the usual cell), found without
// hashing.
struct Slot {
  const std::vector<Transition>* ts = nullptr;
  std::int64_t top = 0, low = 0, high = 0;
  std::uint32_t plain = kNone;
};

// Asks a kernel once per distinct input it reads (Exchange::reads) and checks
// each answer once (probabilities finite, non-negative, summing to 1; damage
// never negative; heal within the HP a combatant may have). An HP the kernel
// does not read is replaced by that side's starting HP, so that answers to
// different HP share one cache entry; a kernel that names classes of HP
// (Exchange::hp_classes) is asked once per pair of classes and states, and
// held to them (ExactLimits::check_classes).
class Ask {
 public:
  // `side` names the attacking side in error messages ("a" or "b").
  Ask(const Exchange& kernel, std::int64_t attacker_hp0, std::int64_t defender_hp0, const char* side,
      bool check_classes = false)
      : kernel_(&kernel),
        reads_(kernel.reads()),
        hp0_{attacker_hp0, defender_hp0},
        side_(side),
        check_classes_(check_classes) {}

  // The answer stays valid until the next call.
  const std::vector<Transition>& operator()(Side att, Side def);
  // The answer of a kernel that names classes, with its extremes: it stays
  // where it is while the Ask lives.
  Slot& classed(Side att, Side def);
  // Forgets the move lists the slots of classes hold (the chain's store of
  // lists starts again).
  void forget_plain();
  [[nodiscard]] const Exchange::Reads& reads() const { return reads_; }
  // Whether answers stay where they are (in the cache) after the next call.
  [[nodiscard]] bool cached() const { return reads_.classes || !(reads_.attacker_hp && reads_.defender_hp); }

 private:
  struct Classed {
    std::vector<Transition> ts;
    Slot slot;
    Side att, def;  // the cell asked
    bool checked = false;
  };
  void check_class(Classed& e, Side att, Side def);
  const Exchange* kernel_;
  Exchange::Reads reads_;
  std::int64_t hp0_[2];
  const char* side_;
  bool check_classes_;
  std::unordered_map<Pair, std::vector<Transition>, PairHash> cache_;
  std::unordered_map<Pair, Classed, PairHash> classed_;
  const std::vector<Transition>* last_ = nullptr;
  Classed* last_classed_ = nullptr;
  Pair last_key_{};
  std::vector<Transition> scratch_;
};

// Lists of relative moves, each distinct list stored once under an id.
class MoveStore {
 public:
  // The id of a move list (merged and sorted here), adding it when new.
  // `last` is the caller's last id: neighbouring cells mostly share a list.
  std::uint32_t intern(std::vector<Move>& ms, std::uint32_t& last);
  [[nodiscard]] std::span<const Move> moves(std::uint32_t id) const {
    const auto [first, count] = range_[id];
    return std::span<const Move>(moves_).subspan(first, count);
  }

 private:
  template <class Before>
  void sort(std::vector<Move>& ms, Before before);
  std::vector<Move> moves_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> range_;
  std::vector<std::pair<std::uint64_t, std::uint32_t>> keys_;  // sort's scratch
  std::vector<Move> sorted_;
  // Each list's id by the hash of its moves, open addressing: (hash, id + 1),
  // {0, 0} empty; lists of one hash stand in consecutive probes.
  std::vector<std::pair<std::uint64_t, std::uint32_t>> index_ =
      std::vector<std::pair<std::uint64_t, std::uint32_t>>(64);
  std::size_t indexed_ = 0;
};

// The chain. A cell is one pair of conditions (a's HP and state, b's HP and
// state). Cells come in blocks, one per pair of state indices, each block a
// dense grid of rows (a's HP) by columns (b's HP), so that finding a cell is
// arithmetic, not hashing. Each reached cell holds, for each attacking side,
// the id of its list of relative moves ("pattern"); equal lists are stored once.
//
// With b_hits_a null only a attacks and a's HP changes only by its own
// heal: one row (the chain of turns to kill, and each one-sided chain of a
// split duel) while no outcome heals or hurts the attacker, else one row per
// HP of a. HP may go up (heal > 0): the grid then grows past the starting HP
// to hold every HP reached, rebuilding the search (the HP reached are not
// known before the kernels are asked).
class Chain {
 public:
  // Thrown, with `fixed_attacker`, when an outcome changes the attacker's HP:
  // the one-sided chain of a split duel cannot follow that.
  struct AttackerHpMoves {};

  // `a_side` names a's kernel in error messages: a one-sided chain of b's
  // attacks is built with b as "a". Throws TooLarge past the limits.
  Chain(const Exchange& a_hits_b, const Exchange* b_hits_a, const Fighter& a, const Fighter& b,
        const ExactLimits& limits, const char* a_side = "a", bool fixed_attacker = false);

  [[nodiscard]] std::uint64_t rows() const { return rows_; }
  [[nodiscard]] std::uint64_t cols() const { return cols_; }
  [[nodiscard]] std::uint64_t start() const { return start_; }
  // Some move raises an attacker's HP: the chain has cycles.
  [[nodiscard]] bool rises() const { return rises_; }
  [[nodiscard]] std::size_t cells() const { return pat_[0].size(); }
  // Cells reached from the start.
  [[nodiscard]] std::uint64_t reached() const;
  [[nodiscard]] std::size_t blocks() const { return blocks_.size(); }
  // The state indices (a's, b's) of block k.
  [[nodiscard]] std::pair<std::uint32_t, std::uint32_t> block(std::size_t k) const { return blocks_[k]; }
  // State values by index, side 0 (a) or 1 (b); index 0 is the start.
  [[nodiscard]] const std::vector<std::uint32_t>& states(int side) const { return states_[side]; }
  [[nodiscard]] bool can_end(std::uint64_t c) const { return can_end_[c] != 0; }
  // No reachable cell is a stalemate.
  [[nodiscard]] bool all_can_end() const { return all_can_end_; }
  // can_end above asks whether some sequence of the two sides' moves leads
  // to an end, in any order: while HP never go up, that is the answer. When
  // a heal raises HP, the order matters (a regeneration on a's own turn may
  // undo every hit b can land between two of them), so the stepping asks
  // this instead: for the attackers of one period of the schedule (`turns`,
  // from attack 0 on), whether cell c at phase j (index c x period + j) can
  // end, and whether every reached cell at every phase can.
  [[nodiscard]] std::pair<std::vector<char>, bool> can_end_by_phase(const std::vector<Who>& turns) const;
  [[nodiscard]] std::uint32_t pattern(Who who, std::uint64_t c) const { return pat_[static_cast<int>(who)][c]; }
  [[nodiscard]] std::span<const Move> moves(std::uint32_t pattern) const { return store_.moves(pattern); }
  // How many cells from c on, along its row, share c's moves (0: unreached).
  [[nodiscard]] std::uint32_t run(Who who, std::uint64_t c) const { return run_[static_cast<int>(who)][c]; }
  // One side's kernel with the answers it gave, for split.cpp to ask again
  // about states the chain did not meet.
  [[nodiscard]] Ask& ask(Who who) { return *ask_[static_cast<int>(who)]; }
  // a's HP in row r.
  [[nodiscard]] std::int64_t a_hp(std::uint64_t r) const {
    return row_hp_ ? static_cast<std::int64_t>(r) + 1 : hp0_[0];
  }
  // The first cell of the block of state indices (ia, ib), which must exist.
  [[nodiscard]] std::uint64_t base(std::uint32_t ia, std::uint32_t ib) const {
    return static_cast<std::uint64_t>(block_of_[ia][ib]) * rows_ * cols_;
  }
  // The offset a move makes within a block: a's HP is the row, b's the column.
  [[nodiscard]] std::int64_t shift(Who who, const Move& m) const {
    const auto cols = static_cast<std::int64_t>(cols_);
    return who == Who::a ? m.heal * cols - m.damage : m.heal - m.damage * cols;
  }
  // The cell a move leads to from block (ia, ib), row r, column col (not an end).
  [[nodiscard]] std::uint64_t target(Who who, std::uint32_t ia, std::uint32_t ib, std::uint64_t r, std::uint64_t col,
                                     const Move& m) const {
    std::uint32_t na, nb;
    if (who == Who::a) {
      na = m.att == kSame ? ia : m.att;
      nb = m.def == kSame ? ib : m.def;
    } else {
      nb = m.att == kSame ? ib : m.att;
      na = m.def == kSame ? ia : m.def;
    }
    return base(na, nb) + r * cols_ + col + static_cast<std::uint64_t>(shift(who, m));
  }

 private:
  std::uint32_t state_index(int side, std::uint32_t s);
  std::uint64_t cell(std::uint32_t ia, std::uint32_t ib, std::uint64_t r, std::uint64_t col);
  void reset();
  void reach();
  void find_stalemates();
  void find_stalemates_by_search();
  // `turns`: one period of the schedule (can_end_by_phase); none: in any
  // order the two sides' moves may come (find_stalemates_by_search).
  [[nodiscard]] bool always_progresses(const std::vector<Who>* turns = nullptr, bool any_order = false) const;
  // Every move of side w from every cell in use: visit(cell, its target (the
  // cell itself for a move that ends the fight), whether it ends).
  template <class Visit>
  void for_each_move(int w, Visit&& visit) const;
  void find_runs();

  // A kernel answer (where the Ask cache holds it), the attacker's and the
  // defender's state index, the defender's HP when some outcome kills (else
  // 0), and the attacker's HP when some heal kills it or meets kMaxHp (else 0).
  struct Memo {
    const std::vector<Transition>* ts;
    std::uint32_t own, other;
    std::int64_t hp, own_hp;
    bool operator==(const Memo&) const = default;
  };
  struct MemoHash {
    std::size_t operator()(const Memo& m) const noexcept {
      std::uint64_t h = reinterpret_cast<std::uintptr_t>(m.ts) * 0x9e3779b97f4a7c15ULL;
      h ^= (std::uint64_t{m.own} << 32 | m.other) * 0xc2b2ae3d27d4eb4fULL + static_cast<std::uint64_t>(m.hp) +
           static_cast<std::uint64_t>(m.own_hp) * 0x165667b19e3779f9ULL;
      return static_cast<std::size_t>(h ^ (h >> 29));
    }
  };
  // Thrown by the search when a heal leads past the grid: the grid must hold
  // `rows` x `cols`.
  struct Grow {
    std::uint64_t rows, cols;
  };
  // What the search keeps per kernel input, for a kernel that reads at most
  // one HP and names no classes: by attacker state index, defender state
  // index, and the HP read (0 when none).
  Slot& slot(int w, std::uint32_t own, std::uint32_t other, std::int64_t hp);
  std::optional<Ask> ask_[2];
  std::vector<std::vector<std::vector<Slot>>> slots_[2];
  std::unordered_map<Memo, std::uint32_t, MemoHash> memo_[2];
  std::int64_t hp0_[2];
  std::uint64_t rows_, cols_;
  bool fixed_attacker_, rises_ = false;
  bool row_hp_;  // rows are a's HP (else one row, a's HP fixed)
  ExactLimits limits_;
  std::vector<std::uint32_t> states_[2];
  // A state's index in states_: by the state itself while it is small (a
  // table's number: fight::States numbers from 0), else by hash.
  std::vector<std::uint32_t> dense_of_[2];
  std::unordered_map<std::uint32_t, std::uint32_t> state_of_[2];
  std::vector<std::vector<std::int64_t>> block_of_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> blocks_;
  PageVector<std::uint32_t> pat_[2];
  PageVector<char> can_end_;
  PageVector<std::uint32_t> run_[2];
  bool all_can_end_ = true;
  MoveStore store_;
  std::uint32_t last_[2] = {kNone, kNone};
  std::pair<std::uint32_t, std::uint32_t> last_state_[2] = {{0, kNone}, {0, kNone}};
  std::uint64_t start_ = 0;
};

// What stepping a chain records.
struct Tally {
  double wins[2] = {0, 0};
  double draw = 0;
  std::vector<double> kill_nth[2];  // kills, by the killer's attack count (0-based)
  // Every end on a side's turn (its kills and its deaths of its own HP
  // loss), by its attack count: the game time of the fight's end.
  std::vector<double> end_nth[2];
  // The fights that end with side w running away (Transition::escape), and
  // every escape on side w's turn by its attack count (the game time of
  // those ends).
  double escapes[2] = {0, 0};
  std::vector<double> escape_nth[2];
  std::vector<double> length;      // by the number of attacks in the fight
  std::vector<double> hp_end[2];   // by HP at the end (0 = killed)
  std::vector<double> hp_win[2];   // the winner's HP
  double unresolved = 0;           // still fighting at the end, and `dropped`
  double dropped = 0;              // the faint cells' mass the stepping dropped (grid.cpp)
  std::uint64_t chain_states = 0;  // the cells the chain (or the two chains) reached
};

// Weights by index, grown on demand.
inline void add_at(std::vector<double>& v, std::size_t i, double w) {
  if (v.size() <= i) v.resize(i + 1, 0.0);
  v[i] += w;
}

inline bool any_positive(const std::vector<double>& w) {
  for (double x : w)
    if (x > 0) return true;
  return false;
}

// The distribution of weights by index (plus `offset`), normalised.
inline Pmf pmf_of(const std::vector<double>& w, std::int64_t offset = 0) {
  std::vector<std::pair<std::int64_t, double>> pairs;
  for (std::size_t i = 0; i < w.size(); ++i)
    if (w[i] > 0) pairs.emplace_back(static_cast<std::int64_t>(i) + offset, w[i]);
  return Pmf::from_pairs(pairs);
}

// Throws fray::Error when a kernel cannot be followed exactly (Exchange::exact).
void require_exact(const Exchange& kernel, const char* side);

// Throws TooLarge once the stepping has done more work than the limits allow.
void check_work(std::uint64_t work, const ExactLimits& limits, double live, std::uint64_t step);

// Pushes the mass over every cell of the chain along the schedule of fixed
// attack times (grid.cpp). `b_time` <= 0: only a attacks (turns to kill).
[[nodiscard]] Tally step_chain(const Chain& chain, double a_time, double b_time, Who first, const ExactLimits& limits);

// The duel over the whole grid of HP pairs: always possible within the limits.
[[nodiscard]] Tally duel_grid(const Bout& bout, Who first, const ExactLimits& limits);

// The duel from two one-sided chains (split.cpp); nullopt when the sides are
// not independent, when a side alone could stall, or past the limits.
[[nodiscard]] std::optional<Tally> duel_split(const Bout& bout, Who first, const ExactLimits& limits);

}  // namespace fray::fight::detail
