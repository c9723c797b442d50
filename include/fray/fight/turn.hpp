// fray/fight/turn.hpp — a fight turn written once, read exactly or sampled.
//
// A game describes one turn of a fight — one side's move against the other,
// with everything its mechanics do before, during and after the attack — as
// one function template over a reader:
//
//   template <class R>
//   fight::After<Mine, Theirs> turn(R& r, const fight::Now<Mine, Theirs>& now) const;
//
// Every random choice goes through the reader, as a law: `r.draw(law)`, or
// `r.chance(p, label)` for a plain yes/no. The fight layer reads the same
// function two ways:
//
//  - exactly (Enumerate): the turn is run once per path of branches, each
//    draw taking each of its law's branches in turn, and each path's
//    probability is the product of its branches'. The paths become the
//    Transitions of the exact chain.
//  - sampled (Sample): each draw is made with the game's own call on an
//    engine, and recorded as a fray::Draw when a trace is asked for.
//
// So a mechanic is stated once, with its branches written as ordinary code;
// the two readings cannot drift apart. A law knows its branches and how the
// game draws it: a game's attack is a law (its exact outcome, or its strike
// with the game's draws), as is the game's `Random.Int(5)`.
//
// Side state is typed: a game names a struct for each side's condition
// (`Mine`, `Theirs`), and TurnExchange numbers the values a fight reaches in
// fight::States tables, so no game packs its state into an integer by hand.
#pragma once

#include <fray/core/budget.hpp>
#include <fray/core/draw.hpp>
#include <fray/core/rng.hpp>
#include <fray/fight/kernel.hpp>
#include <fray/fight/states.hpp>

#include <algorithm>
#include <atomic>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace fray::fight {

// --- laws ------------------------------------------------------------------------------------

// One branch of a law: a value and its probability.
template <class T>
struct Branch {
  T value;
  double p = 0;
};

// A finite law over values of type T, and the game's own way to draw it:
//   size()              its branches (0: a law with no finite list of
//                       branches, which only a sampled turn may draw)
//   at(i)               branch i; branches of probability 0 are allowed
//   sample(rng, trace)  one value drawn as the game draws it, each number
//                       drawn appended to *trace when trace is not null
template <class L>
concept Law = requires(const L& law, std::size_t i, Rng& rng, std::vector<Draw>* trace) {
  typename L::value_type;
  { law.size() } -> std::convertible_to<std::size_t>;
  { law.at(i) } -> std::same_as<Branch<typename L::value_type>>;
  { law.sample(rng, trace) } -> std::same_as<typename L::value_type>;
};

// Yes with probability p: for a test the game makes in one comparison of a
// number it draws (the reader draws a real in [0, 1)).
struct Chance {
  using value_type = bool;
  double p = 0;
  std::string_view label = "chance";

  [[nodiscard]] std::size_t size() const noexcept { return 2; }
  [[nodiscard]] Branch<bool> at(std::size_t i) const noexcept {
    return i == 0 ? Branch<bool>{true, p} : Branch<bool>{false, 1 - p};
  }
  bool sample(Rng& rng, std::vector<Draw>* trace) const {
    const double u = rng.unit();
    if (trace) trace->push_back(Draw{std::string(label), "unit() < " + std::to_string(p), u});
    return u < p;
  }
};

// A list of branches, drawn by inverse CDF on one real in [0, 1): for a
// step whose law the game computes rather than draws in one call (a
// precomputed damage law, a mixture of durations).
template <class T>
struct Choice {
  using value_type = T;
  const std::vector<Branch<T>>* branches = nullptr;
  std::string_view label = "choice";

  [[nodiscard]] std::size_t size() const noexcept { return branches->size(); }
  [[nodiscard]] Branch<T> at(std::size_t i) const { return (*branches)[i]; }
  T sample(Rng& rng, std::vector<Draw>* trace) const {
    const double u = rng.unit();
    if (trace) trace->push_back(Draw{std::string(label), "unit()", u});
    double c = 0;
    std::size_t last = 0;
    for (std::size_t i = 0; i < branches->size(); ++i) {
      if (!((*branches)[i].p > 0)) continue;
      last = i;
      c += (*branches)[i].p;
      if (u < c) return (*branches)[i].value;
    }
    return (*branches)[last].value;  // u at the top of a sum a little under 1
  }
};

// --- the readers -----------------------------------------------------------------------------

// The sampled reader: each law drawn on `rng`, as the game draws it.
class Sample {
 public:
  static constexpr bool exact = false;

  explicit Sample(Rng& rng, std::vector<Draw>* trace = nullptr) noexcept : rng_(rng), trace_(trace) {}

  template <Law L>
  typename L::value_type draw(const L& law) {
    return law.sample(rng_, trace_);
  }
  bool chance(double p, std::string_view label = "chance") { return draw(Chance{p, label}); }
  // The engine, for a game's draw that has no law (a real-valued level
  // drawn anew each turn): only a turn the exact reader never meets may use it.
  [[nodiscard]] Rng& rng() noexcept { return rng_; }
  [[nodiscard]] std::vector<Draw>* trace() noexcept { return trace_; }

 private:
  Rng& rng_;
  std::vector<Draw>* trace_;
};

namespace detail {
// A vector of this thread's, empty, its capacity kept from one use to the
// next (an exact fight reads its turns hundreds of thousands of times); a
// fresh one when the thread's is in use further up the stack.
template <class T>
class Reused {
 public:
  Reused() {
    Slot& s = slot();
    if (!s.busy) {
      s.busy = true;
      v_ = &s.v;
      v_->clear();
    } else {
      v_ = &own_;
    }
  }
  ~Reused() {
    if (v_ != &own_) slot().busy = false;
  }
  Reused(const Reused&) = delete;
  Reused& operator=(const Reused&) = delete;
  std::vector<T>& operator*() noexcept { return *v_; }
  std::vector<T>* operator->() noexcept { return v_; }

 private:
  struct Slot {
    std::vector<T> v;
    bool busy = false;
  };
  static Slot& slot() {
    thread_local Slot s;
    return s;
  }
  std::vector<T> own_;
  std::vector<T>* v_;
};

}  // namespace detail

// The most paths the exact reader follows through one turn: a turn past it
// refuses (TooLarge) rather than run unbounded.
inline constexpr std::uint64_t kMaxTurnPaths = 1u << 22;
// The most draws on one path of a turn.
inline constexpr std::size_t kMaxTurnDraws = 4096;

// The exact reader. A turn is a tree of draws; the reader walks it depth
// first by running the turn once per leaf, replaying the branches chosen so
// far and taking the next branch at the deepest draw that has one. The turn
// must be a function of the reader's answers and its input alone, which is
// what a game's turn is.
class Enumerate {
 public:
  static constexpr bool exact = true;

  template <Law L>
  typename L::value_type draw(const L& law) {
    const std::size_t n = law.size();
    if (n == 0) throw std::logic_error("fight: a law with no finite branches was read exactly");
    if (depth_ == path_.size()) {
      if (path_.size() == kMaxTurnDraws)
        throw TooLarge("a fight turn makes more than " + std::to_string(kMaxTurnDraws) +
                       " draws on one path, more than an exact fight follows");
      // A new draw: its first and last branches of positive probability.
      std::size_t first = 0, last = n;
      while (first < n && !(law.at(first).p > 0)) ++first;
      if (first == n) throw std::logic_error("fight: a law whose branches all have probability 0");
      do --last;
      while (!(law.at(last).p > 0));
      path_.push_back(Pick{first, last});
    } else if (depth_ + 1 == path_.size() && seek_) {
      // The draw whose branch moved on: past the branches of probability 0
      // (one of positive probability comes at or before `last`).
      Pick& pick = path_[depth_];
      while (!(law.at(pick.k).p > 0)) ++pick.k;
      seek_ = false;
    }
    Branch<typename L::value_type> b = law.at(path_[depth_++].k);
    p_ *= b.p;
    return std::move(b.value);
  }
  bool chance(double p, std::string_view label = "chance") {
    if (!(p > 0)) return false;
    if (!(p < 1)) return true;
    return draw(Chance{p, label});
  }

  // Every leaf of `turn` (called as turn(reader)) with its probability:
  // sink(p, result). Throws TooLarge past `max_paths` leaves.
  template <class Turn, class Sink>
  static void each(Turn&& turn, Sink&& sink, std::uint64_t max_paths = kMaxTurnPaths) {
    Enumerate r;
    detail::Reused<Pick> path;
    r.path_.swap(*path);  // this thread's, its capacity kept from turn to turn
    struct Back {
      std::vector<Pick>& mine;
      std::vector<Pick>& theirs;
      ~Back() { mine.swap(theirs); }
    } back{r.path_, *path};
    std::uint64_t paths = 0;
    for (;;) {
      r.depth_ = 0;
      r.p_ = 1;
      auto result = turn(r);
      // A turn that draws less on this path than the path holds changed its
      // mind on a replay: not a function of its answers. (One that draws more
      // looks like a deeper path, and kMaxTurnDraws bounds it.)
      if (r.depth_ != r.path_.size()) throw std::logic_error("fight: a turn drew differently on a replay");
      if (++paths > max_paths)
        throw TooLarge("a fight turn has more than " + std::to_string(max_paths) +
                       " paths of draws, more than an exact fight follows");
      sink(r.p_, std::move(result));
      while (!r.path_.empty() && r.path_.back().k >= r.path_.back().last) r.path_.pop_back();
      if (r.path_.empty()) return;
      ++r.path_.back().k;
      r.seek_ = true;
    }
  }

 private:
  struct Pick {
    std::size_t k, last;
  };
  Enumerate() = default;

  std::vector<Pick> path_;
  std::size_t depth_ = 0;
  double p_ = 1;
  bool seek_ = false;
};

// --- a turn over typed side state --------------------------------------------------------------

// The two sides as a turn finds them: the side whose turn it is (`att`) and
// the other (`def`), with their HP and their typed condition.
template <class Mine, class Theirs>
struct Now {
  std::int64_t att_hp = 0;
  const Mine& att;
  std::int64_t def_hp = 0;
  const Theirs& def;
};

// What a turn did, as Transition says it (fray/fight/kernel.hpp: damage to
// the other side, the mover's own HP change, whether the attack landed, an
// escape), with the two sides' conditions after it.
template <class Mine, class Theirs>
struct After {
  std::int64_t damage = 0;
  std::int64_t heal = 0;
  std::int8_t hit = -1;
  Escape escape = Escape::none;
  std::int64_t drained = 0;  // of heal, what the attack gave (Transition::drained)
  Mine att;
  Theirs def;
};

// A game's turn for the side `Mine` against the side `Theirs`:
//   using mine = ..., theirs = ...;
//   template <class R> After<mine, theirs> turn(R&, const Now<mine, theirs>&) const;
// and optionally, as Exchange has them: reads(), exact(), why_not_exact(),
// extra_sample_ops(), and hp_classes(now) for reads().classes (the classes
// of the two HP in `now`, Exchange::hp_classes).
template <class T>
concept Turn = std::equality_comparable<typename T::mine> && std::equality_comparable<typename T::theirs> &&
    requires(const T& t, Sample& s, Enumerate& e, const Now<typename T::mine, typename T::theirs>& now) {
  { t.turn(s, now) } -> std::same_as<After<typename T::mine, typename T::theirs>>;
  { t.turn(e, now) } -> std::same_as<After<typename T::mine, typename T::theirs>>;
};

namespace detail {
template <class T>
concept HasReads = requires(const T& t) {
  { t.reads() } -> std::same_as<Exchange::Reads>;
};
template <class T>
concept HasHpClasses = requires(const T& t, const Now<typename T::mine, typename T::theirs>& now) {
  { t.hp_classes(now) } -> std::same_as<Exchange::HpClasses>;
};
template <class T>
concept HasExact = requires(const T& t) {
  { t.exact() } -> std::convertible_to<bool>;
  { t.why_not_exact() } -> std::convertible_to<std::string>;
};
template <class T>
concept HasExtraOps = requires(const T& t) {
  { t.extra_sample_ops() } -> std::convertible_to<double>;
};

// Outcomes with the same effect, merged: the exact chain then follows one
// move where the paths of the turn found several. The paths of one effect
// are summed in their order and the effects come out sorted, so the sums,
// and the answers, are the same on every run. A few paths are merged by
// insertion into the sorted effects; many through an index by the effect's
// hash, then sorted.
inline bool effect_less(const Transition& x, const Transition& y) noexcept {
  if (x.damage != y.damage) return x.damage < y.damage;
  if (x.heal != y.heal) return x.heal < y.heal;
  if (x.attacker_state != y.attacker_state) return x.attacker_state < y.attacker_state;
  if (x.defender_state != y.defender_state) return x.defender_state < y.defender_state;
  if (x.hit != y.hit) return x.hit < y.hit;
  if (x.escape != y.escape) return x.escape < y.escape;
  return x.drained < y.drained;
}
inline bool same_effect(const Transition& x, const Transition& y) noexcept {
  return x.damage == y.damage && x.heal == y.heal && x.attacker_state == y.attacker_state &&
         x.defender_state == y.defender_state && x.hit == y.hit && x.escape == y.escape && x.drained == y.drained;
}

inline std::vector<Transition> merged(const std::vector<Transition>& ts) {
  std::vector<Transition> out;
  if (ts.size() <= 64) {
    out.reserve(ts.size());
    for (const Transition& t : ts) {
      const auto at = std::lower_bound(out.begin(), out.end(), t, effect_less);
      if (at != out.end() && same_effect(*at, t))
        at->p += t.p;
      else
        out.insert(at, t);
    }
    return out;
  }
  const auto hash = [](const Transition& t) {
    std::uint64_t h = combine(static_cast<std::uint64_t>(t.damage), static_cast<std::uint64_t>(t.heal));
    h = combine(h, (std::uint64_t{t.attacker_state} << 32) | t.defender_state);
    h = combine(
        h, static_cast<std::uint64_t>(static_cast<std::uint8_t>(t.hit)) << 8 | static_cast<std::uint64_t>(t.escape));
    h = combine(h, static_cast<std::uint64_t>(t.drained));
    return mix64(h);
  };
  std::size_t slots = 16;
  while (slots < 2 * ts.size()) slots *= 2;
  Reused<std::uint32_t> reused;
  std::vector<std::uint32_t>& index = *reused;  // 1 + the effect's place in out; 0 empty
  index.assign(slots, 0);
  out.reserve(ts.size());
  for (const Transition& t : ts) {
    for (std::size_t i = static_cast<std::size_t>(hash(t)) & (slots - 1);; i = (i + 1) & (slots - 1)) {
      if (index[i] == 0) {
        out.push_back(t);
        index[i] = static_cast<std::uint32_t>(out.size());
        break;
      }
      if (Transition& e = out[index[i] - 1]; same_effect(e, t)) {
        e.p += t.p;
        break;
      }
    }
  }
  std::sort(out.begin(), out.end(), effect_less);
  return out;
}
}  // namespace detail

// An Exchange whose sides' conditions are the values Mine (the mover's)
// and Theirs: a sampled turn over those values, for a SampledFight that
// pairs it with the other direction's.
template <class Mine, class Theirs>
class TypedExchange : public Exchange {
 public:
  // One sampled turn, no number given or read.
  [[nodiscard]] virtual After<Mine, Theirs> sample_turn(const Now<Mine, Theirs>& now, Rng& rng) const = 0;
};

// The Exchange of a Turn: its side conditions numbered in two tables that
// the Exchange of the other direction shares (the mover's table is the other
// direction's defender's), its outcomes read exactly, its sample drawn.
template <Turn T>
class TurnExchange final : public TypedExchange<typename T::mine, typename T::theirs> {
 public:
  using mine = typename T::mine;
  using theirs = typename T::theirs;
  using Reads = Exchange::Reads;
  using HpClasses = Exchange::HpClasses;

  TurnExchange(std::shared_ptr<const T> turn, std::shared_ptr<const States<mine>> att,
               std::shared_ptr<const States<theirs>> def)
      : turn_(std::move(turn)), att_(std::move(att)), def_(std::move(def)) {}

  std::vector<Transition> outcomes(Side a, Side d) const override {
    const Now<mine, theirs> now{a.hp, att_->at(a.state), d.hp, def_->at(d.state)};
    detail::Reused<Transition> paths;
    Enumerate::each([&](Enumerate& r) { return turn_->turn(r, now); },
                    [&](double p, After<mine, theirs>&& x) { paths->push_back(transition(p, x, now, a, d)); });
    return detail::merged(*paths);
  }

  // A sampled turn's conditions get scratch numbers (States::scratch): a
  // Monte Carlo fight numbers nothing in the tables, and the numbers hold
  // for the fight on this thread, the next turns reading them back.
  Transition sample(Side a, Side d, Rng& rng) const override { return traced(a, d, rng, nullptr); }

  // One sampled turn, every number it drew appended to *trace.
  Transition traced(Side a, Side d, Rng& rng, std::vector<Draw>* trace) const {
    const Now<mine, theirs> now{a.hp, att_->at(a.state), d.hp, def_->at(d.state)};
    Sample r(rng, trace);
    const After<mine, theirs> x = turn_->turn(r, now);
    Transition t = effect(1, x);
    // A condition the turn left as it was keeps its number while it lasts.
    t.attacker_state = x.att == now.att && att_->lasting(a.state) ? a.state : att_->scratch(x.att);
    t.defender_state = x.def == now.def && def_->lasting(d.state) ? d.state : def_->scratch(x.def);
    return t;
  }

  After<mine, theirs> sample_turn(const Now<mine, theirs>& now, Rng& rng) const override {
    Sample r(rng, nullptr);
    return turn_->turn(r, now);
  }

  // A Monte Carlo fight of this turn (side a) and the other direction's
  // (side b; a TypedExchange of the same two values), carrying both sides'
  // values: the draws of sample(), without numbering the conditions.
  std::unique_ptr<SampledFight> sampled_fight(const Exchange* other, bool other_attacks) const override {
    const auto* o = dynamic_cast<const TypedExchange<theirs, mine>*>(other);
    if (other && !o) return nullptr;
    return std::make_unique<Fight>(*this, o, other_attacks);
  }

  Reads reads() const override {
    if constexpr (detail::HasReads<T>)
      return turn_->reads();
    else
      return {};
  }
  HpClasses hp_classes(Side a, Side d) const override {
    if constexpr (detail::HasHpClasses<T>)
      return turn_->hp_classes(Now<mine, theirs>{a.hp, att_->at(a.state), d.hp, def_->at(d.state)});
    else
      return {a.hp, d.hp};
  }
  bool exact() const override {
    if constexpr (detail::HasExact<T>)
      return turn_->exact();
    else
      return true;
  }
  std::string why_not_exact() const override {
    if constexpr (detail::HasExact<T>)
      return turn_->why_not_exact();
    else
      return {};
  }
  double extra_sample_ops() const override {
    if constexpr (detail::HasExtraOps<T>)
      return turn_->extra_sample_ops();
    else
      return 0;
  }

  [[nodiscard]] const T& turn() const noexcept { return *turn_; }

 private:
  class Fight final : public SampledFight {
   public:
    Fight(const TurnExchange& ab, const TypedExchange<theirs, mine>* ba, bool ba_attacks)
        : ab_(&ab), ba_(ba), ba_attacks_(ba_attacks), a_(ab.att_->at(0)), b_(ab.def_->at(0)) {
      // Both directions one Turn type (each side the same kind of
      // combatant): b's turn is called as a's is, not through the table.
      if constexpr (std::same_as<mine, theirs>) same_ = dynamic_cast<const TurnExchange*>(ba);
    }
    void start(std::uint32_t a, std::uint32_t b) override {
      a_ = ab_->att_->at(a);
      b_ = ab_->def_->at(b);
    }
    Transition turn(bool b_moves, std::int64_t mover_hp, std::int64_t other_hp, Rng& rng) override {
      if (!b_moves) {
        Sample r(rng, nullptr);
        After<mine, theirs> x = ab_->turn_->turn(r, Now<mine, theirs>{mover_hp, a_, other_hp, b_});
        a_ = std::move(x.att);
        b_ = std::move(x.def);
        return effect(1, x);
      }
      After<theirs, mine> y = same_ ? same_turn(mover_hp, other_hp, rng)
                                    : ba_->sample_turn(Now<theirs, mine>{mover_hp, b_, other_hp, a_}, rng);
      b_ = std::move(y.att);
      Transition t;
      t.damage = y.damage;
      t.heal = y.heal;
      t.hit = y.hit;
      t.escape = y.escape;
      t.drained = y.drained;
      if (ba_attacks_) {
        a_ = std::move(y.def);
        return t;
      }
      // Only b's own changes (OwnChanges::sample): the attack dropped.
      return Transition{1, 0, 0, 0, 0, t.heal - t.drained, own_escape(t)};
    }

   private:
    After<theirs, mine> same_turn(std::int64_t mover_hp, std::int64_t other_hp, Rng& rng) {
      if constexpr (std::same_as<mine, theirs>) {
        Sample r(rng, nullptr);
        return same_->turn_->turn(r, Now<theirs, mine>{mover_hp, b_, other_hp, a_});
      } else {
        (void)mover_hp, (void)other_hp, (void)rng;
        return ba_->sample_turn(Now<theirs, mine>{mover_hp, b_, other_hp, a_}, rng);
      }
    }
    const TurnExchange* ab_;
    const TurnExchange* same_ = nullptr;
    const TypedExchange<theirs, mine>* ba_;
    bool ba_attacks_;
    mine a_;
    theirs b_;
  };

  // What a turn did, but for the two sides' numbers.
  static Transition effect(double p, const After<mine, theirs>& x) {
    Transition t;
    t.p = p;
    t.damage = x.damage;
    t.heal = x.heal;
    t.hit = x.hit;
    t.escape = x.escape;
    t.drained = x.drained;
    return t;
  }
  // A path of the exact reader: a side whose condition the turn left as it
  // was keeps its number; one this thread numbered lately for this exchange
  // is found in a small cache (the paths of one turn reach few conditions
  // many times over); the table numbers the rest.
  Transition transition(double p, const After<mine, theirs>& x, const Now<mine, theirs>& now, Side a, Side d) const {
    Transition t = effect(p, x);
    t.attacker_state = x.att == now.att && !att_->is_scratch(a.state) ? a.state : number<mine, 0>(*att_, x.att);
    t.defender_state = x.def == now.def && !def_->is_scratch(d.state) ? d.state : number<theirs, 1>(*def_, x.def);
    return t;
  }

  // The thread's cache of numbers for one state type and role (mover, other
  // side): direct-mapped by the value's hash and the exchange's serial for a
  // type the table hashes; otherwise the last two numbers (the two
  // directions of a duel take turns).
  template <class S>
  struct Cache {
    static constexpr std::size_t kSlots = state_hashable<S> ? 64 : 2;
    struct Entry {
      std::uint64_t exchange = 0;  // serial_ of the exchange whose number this is; 0 none
      S value{};
      std::uint32_t id = 0;
    };
    Entry entry[kSlots];
    unsigned older = 0;
  };
  template <class S, int Role>
  std::uint32_t number(const States<S>& table, const S& value) const {
    thread_local Cache<S> cache;
    if constexpr (state_hashable<S>) {
      const std::uint64_t h = detail::mix64(state_hash(value) ^ serial_);
      auto& e = cache.entry[h & (Cache<S>::kSlots - 1)];
      if (e.exchange == serial_ && e.value == value) return e.id;
      const std::uint32_t id = table.id(value);
      e.exchange = serial_;
      e.value = value;
      e.id = id;
      return id;
    } else {
      for (const auto& e : cache.entry)
        if (e.exchange == serial_ && e.value == value) return e.id;
      const std::uint32_t id = table.id(value);
      auto& e = cache.entry[cache.older];
      e.exchange = serial_;
      e.value = value;
      e.id = id;
      cache.older ^= 1u;
      return id;
    }
  }
  // Serials tell exchanges apart for the thread's memo: an address may be
  // reused by another exchange with another numbering, a serial never is.
  static std::uint64_t next_serial() {
    static std::atomic<std::uint64_t> n{0};
    return n.fetch_add(1, std::memory_order_relaxed) + 1;
  }

  std::shared_ptr<const T> turn_;
  std::shared_ptr<const States<mine>> att_;
  std::shared_ptr<const States<theirs>> def_;
  std::uint64_t serial_ = next_serial();
};

// The two Exchanges of a duel between side A and side B: `a_turn` moves A
// against B, `b_turn` B against A, over one table per side whose value 0 is
// the side's condition at the start.
template <Turn TA, Turn TB>
requires std::same_as<typename TA::mine, typename TB::theirs> && std::same_as<typename TA::theirs, typename TB::mine>
    std::pair<std::shared_ptr<const Exchange>, std::shared_ptr<const Exchange>> exchanges(
        std::shared_ptr<const TA> a_turn, std::shared_ptr<const TB> b_turn,
        std::shared_ptr<const States<typename TA::mine>> a_states,
        std::shared_ptr<const States<typename TA::theirs>> b_states) {
  return {std::make_shared<TurnExchange<TA>>(std::move(a_turn), a_states, b_states),
          std::make_shared<TurnExchange<TB>>(std::move(b_turn), b_states, a_states)};
}

}  // namespace fray::fight
