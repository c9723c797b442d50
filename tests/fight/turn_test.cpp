#include <fray/core/budget.hpp>
#include <fray/fight/exact.hpp>
#include <fray/fight/monte_carlo.hpp>
#include <fray/fight/turn.hpp>

#include "fight/sampling.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

namespace {

using fray::Draw;
using fray::Rng;
using fray::Transition;
using fray::fight::After;
using fray::fight::Branch;
using fray::fight::Enumerate;
using fray::fight::Now;
using fray::fight::Sample;
using fray::fight::States;

// A game's own integer draw: uniform on [lo, hi], as "Int(lo, hi)".
struct Uniform {
  using value_type = std::int64_t;
  std::int64_t lo = 0, hi = 0;
  [[nodiscard]] std::size_t size() const { return static_cast<std::size_t>(hi - lo + 1); }
  [[nodiscard]] Branch<std::int64_t> at(std::size_t i) const {
    return {lo + static_cast<std::int64_t>(i), 1.0 / static_cast<double>(size())};
  }
  std::int64_t sample(Rng& rng, std::vector<Draw>* trace) const {
    const std::int64_t v = rng.uniform(lo, hi);
    if (trace) trace->push_back(Draw{"damage", "Int(" + std::to_string(lo) + ", " + std::to_string(hi) + ")", v});
    return v;
  }
};

// A side's condition in the toy game: the turns of poison it has left.
struct Poisoned {
  std::int32_t turns = 0;
  [[nodiscard]] auto key() const { return std::tie(turns); }
  bool operator==(const Poisoned&) const = default;
  auto operator<=>(const Poisoned&) const = default;
};

// The toy game's turn: a hit with chance `accuracy` deals Int(lo, hi); a hit
// poisons the other side for two turns with chance 1/3; at the end of the
// mover's turn a poisoned side takes 1 and counts down.
struct PoisonTurn {
  using mine = Poisoned;
  using theirs = Poisoned;
  double accuracy = 0.6;
  std::int64_t lo = 1, hi = 3;

  template <class R>
  After<mine, theirs> turn(R& r, const Now<mine, theirs>& now) const {
    After<mine, theirs> out{.att = now.att, .def = now.def};
    out.hit = r.chance(accuracy, "to-hit") ? 1 : 0;
    if (out.hit) {
      out.damage = r.draw(Uniform{lo, hi});
      if (r.chance(1.0 / 3, "poison")) out.def.turns = 2;
    }
    if (out.def.turns > 0) {
      out.damage += 1;
      --out.def.turns;
    }
    return out;
  }
};

std::map<std::tuple<std::int64_t, std::int8_t, std::uint32_t>, double> by_effect(const std::vector<Transition>& ts) {
  std::map<std::tuple<std::int64_t, std::int8_t, std::uint32_t>, double> m;
  for (const Transition& t : ts) m[{t.damage, t.hit, t.defender_state}] += t.p;
  return m;
}

TEST(Turn, TheExactReaderFollowsEveryPathWithItsProbability) {
  auto table = std::make_shared<States<Poisoned>>(Poisoned{});
  const fray::fight::TurnExchange<PoisonTurn> x(std::make_shared<PoisonTurn>(), table, table);
  // From no poison: a miss (0.4); a hit of 1-3 each 0.2, poisoning with 1/3
  // (then the tick: +1, one turn left).
  const std::uint32_t one_left = table->id(Poisoned{1});
  const auto m = by_effect(x.outcomes({10, 0}, {10, 0}));
  ASSERT_EQ(m.size(), 7u);
  EXPECT_DOUBLE_EQ(m.at({0, 0, 0}), 0.4);
  for (std::int64_t d = 1; d <= 3; ++d) {
    EXPECT_NEAR(m.at({d, 1, 0}), 0.2 * 2 / 3, 1e-15);
    EXPECT_NEAR(m.at({d + 1, 1, one_left}), 0.2 / 3, 1e-15);
  }
  // Already poisoned, one turn left: every path ticks; a new poison resets it.
  const auto n = by_effect(x.outcomes({10, 0}, {10, one_left}));
  EXPECT_DOUBLE_EQ(n.at({1, 0, 0}), 0.4);
  EXPECT_NEAR(n.at({3, 1, 0}), 0.2 * 2 / 3, 1e-15);
  EXPECT_NEAR(n.at({3, 1, one_left}), 0.2 / 3, 1e-15);
  double total = 0;
  for (const auto& [k, p] : n) total += p;
  EXPECT_NEAR(total, 1, 1e-15);
}

TEST(Turn, EqualEffectsAreMergedIntoOneMove) {
  // Damage 2-2: the three... one value; poison or not still differ by state.
  struct Flat : PoisonTurn {
    Flat() { lo = hi = 2; }
  };
  auto table = std::make_shared<States<Poisoned>>(Poisoned{});
  const fray::fight::TurnExchange<Flat> x(std::make_shared<Flat>(), table, table);
  const auto ts = x.outcomes({10, 0}, {10, 0});
  EXPECT_EQ(ts.size(), 3u);  // miss; hit 2; hit 2 + tick, poisoned
}

// A law with branches of probability 0 at its ends and inside.
struct Sparse {
  using value_type = int;
  [[nodiscard]] std::size_t size() const { return 6; }
  [[nodiscard]] Branch<int> at(std::size_t i) const {
    static constexpr double p[] = {0, 0.5, 0, 0.25, 0.25, 0};
    return {static_cast<int>(i), p[i]};
  }
  int sample(Rng&, std::vector<Draw>*) const { return 1; }
};

TEST(Turn, BranchesOfProbabilityZeroAreNeverTaken) {
  std::map<std::pair<int, int>, double> seen;
  int runs = 0;
  Enumerate::each(
      [&](Enumerate& r) {
        ++runs;
        const int a = r.draw(Sparse{});
        const int b = a == 1 ? r.draw(Sparse{}) : -1;
        return std::pair(a, b);
      },
      [&](double p, std::pair<int, int> v) { seen[v] += p; });
  EXPECT_EQ(runs, 5);  // (1,1) (1,3) (1,4) (3,-) (4,-)
  EXPECT_DOUBLE_EQ(seen.at({1, 1}), 0.25);
  EXPECT_DOUBLE_EQ(seen.at({1, 3}), 0.125);
  EXPECT_DOUBLE_EQ(seen.at({1, 4}), 0.125);
  EXPECT_DOUBLE_EQ(seen.at({3, -1}), 0.25);
  EXPECT_DOUBLE_EQ(seen.at({4, -1}), 0.25);
  // A certain or impossible chance is no draw at all.
  int draws = 0;
  Enumerate::each(
      [&](Enumerate& r) {
        draws += r.chance(1.0) + r.chance(0.0);
        return 0;
      },
      [](double p, int) { EXPECT_EQ(p, 1.0); });
  EXPECT_EQ(draws, 1);
}

TEST(Turn, ATurnPastItsBoundOfPathsIsRefused) {
  const auto many = [](Enumerate& r) {
    int n = 0;
    for (int i = 0; i < 12; ++i) n += r.chance(0.5);
    return n;
  };
  std::uint64_t paths = 0;
  Enumerate::each(
      many, [&](double, int) { ++paths; }, 4096);
  EXPECT_EQ(paths, 4096u);
  EXPECT_THROW(Enumerate::each(
                   many, [](double, int) {}, 4095),
               fray::TooLarge);
}

TEST(Turn, ATurnThatDrawsDifferentlyOnAReplayIsAnError) {
  int calls = 0;
  // The first run draws twice, the replays never.
  EXPECT_THROW(Enumerate::each(
                   [&](Enumerate& r) {
                     if (calls++ == 0) (void)(r.chance(0.5) + r.chance(0.5));
                     return 0;
                   },
                   [](double, int) {}),
               std::logic_error);
  // A turn that keeps drawing is stopped at kMaxTurnDraws draws on a path.
  EXPECT_THROW(Enumerate::each(
                   [](Enumerate& r) {
                     while (r.chance(0.5)) {
                     }
                     return 0;
                   },
                   [](double, int) {}),
               fray::TooLarge);
}

TEST(Turn, TheSampledReaderTracesEachDrawInOrder) {
  auto table = std::make_shared<States<Poisoned>>(Poisoned{});
  const fray::fight::TurnExchange<PoisonTurn> x(std::make_shared<PoisonTurn>(), table, table);
  Rng rng(7);
  for (int i = 0; i < 20; ++i) {
    std::vector<Draw> trace;
    const Transition t = x.traced({10, 0}, {10, 0}, rng, &trace);
    ASSERT_FALSE(trace.empty());
    EXPECT_EQ(trace[0].label, "to-hit");
    if (t.hit == 1) {
      ASSERT_EQ(trace.size(), 3u);
      EXPECT_EQ(trace[1].call, "Int(1, 3)");
      EXPECT_EQ(trace[2].label, "poison");
      const auto rolled = std::get<std::int64_t>(trace[1].value);
      EXPECT_EQ(t.damage, rolled + (t.defender_state != 0 ? 1 : 0));
    } else {
      EXPECT_EQ(trace.size(), 1u);
      EXPECT_EQ(t.damage, 0);
    }
  }
}

// The same game as a hand-written pair of outcomes() and sample(), as the
// fight layer took it before turns: the duel of the turn must be the same.
class HandWritten final : public fray::Exchange {
 public:
  std::vector<Transition> outcomes(fray::Side a, fray::Side d) const override {
    std::vector<Transition> out;
    const std::uint32_t own = a.state;   // the mover's own poison waits for the other side's turn
    const std::uint32_t left = d.state;  // state n: n turns of poison
    const auto tick = [](std::uint32_t n) { return n > 0 ? std::pair(1, n - 1) : std::pair(0, 0u); };
    auto [t0, s0] = tick(left);
    out.push_back(Transition{0.4, t0, own, s0, 0});
    for (std::int64_t dmg = 1; dmg <= 3; ++dmg) {
      out.push_back(Transition{0.2 * 2 / 3, dmg + t0, own, s0, 1});
      out.push_back(Transition{0.2 / 3, dmg + 1, own, 1, 1});
    }
    return out;
  }
  Transition sample(fray::Side, fray::Side, Rng&) const override { throw std::logic_error("not sampled"); }
  Reads reads() const override { return {false, false}; }
};

TEST(Turn, ADuelOfTurnsIsTheDuelOfTheHandWrittenKernelAndSamplesAgree) {
  auto a = std::make_shared<States<Poisoned>>(Poisoned{});
  auto b = std::make_shared<States<Poisoned>>(Poisoned{});
  auto [ab, ba] =
      fray::fight::exchanges(std::make_shared<const PoisonTurn>(), std::make_shared<const PoisonTurn>(),
                             std::shared_ptr<const States<Poisoned>>(a), std::shared_ptr<const States<Poisoned>>(b));
  // The tables number 0 = none, then 1 = one turn left, as HandWritten's states.
  ASSERT_EQ(a->id(Poisoned{1}), 1u);
  ASSERT_EQ(b->id(Poisoned{1}), 1u);
  fray::Bout turns{.a = {.name = "a", .hp = 12}, .b = {.name = "b", .hp = 9}, .a_hits_b = ab, .b_hits_a = ba};
  fray::Bout hand = turns;
  hand.a_hits_b = std::make_shared<HandWritten>();
  hand.b_hits_a = std::make_shared<HandWritten>();
  const auto exact = fray::fight::duel_exact(turns);
  fray::test::expect_same_duel(exact, fray::fight::duel_exact(hand));
  EXPECT_GT(exact.p_a_wins, 0.5);
  fray::test::expect_sampled_duel_agrees(turns, exact, 20000, 11, 1);
}

// A toy game whose turn reads both HP: its mover regenerates 1 HP, capped
// at its HT; at a quarter of its HT or less it rages and hits for 2 more; a
// defender at half its HT or less is hit at 0.9, else at 0.7, for Int(2, 4). With `Named` it
// names those classes (Exchange::hp_classes); `calls` counts its runs.
template <bool Named>
struct HpTurn {
  using mine = Poisoned;
  using theirs = Poisoned;
  std::int64_t ht = 12, foe_ht = 9;
  mutable std::int64_t calls = 0;

  template <class R>
  After<mine, theirs> turn(R& r, const Now<mine, theirs>& now) const {
    ++calls;
    After<mine, theirs> out{.att = now.att, .def = now.def};
    out.heal = std::min<std::int64_t>(1, ht - now.att_hp);
    out.hit = r.chance(2 * now.def_hp <= foe_ht ? 0.9 : 0.7, "to-hit") ? 1 : 0;
    if (out.hit) out.damage = r.draw(Uniform{2, 4}) + (4 * now.att_hp <= ht ? 2 : 0);
    return out;
  }
  [[nodiscard]] fray::Exchange::Reads reads() const { return {true, true, Named}; }
  [[nodiscard]] fray::Exchange::HpClasses hp_classes(const Now<mine, theirs>& now) const {
    return {std::max(now.att_hp, ht - 1) * 2 + (4 * now.att_hp <= ht ? 1 : 0), 2 * now.def_hp <= foe_ht ? 1 : 0};
  }
};

template <bool Named>
fray::Bout hp_bout(std::shared_ptr<const HpTurn<Named>>& ta, std::shared_ptr<const HpTurn<Named>>& tb) {
  auto a = std::make_shared<const States<Poisoned>>(Poisoned{});
  auto b = std::make_shared<const States<Poisoned>>(Poisoned{});
  ta = std::make_shared<const HpTurn<Named>>(HpTurn<Named>{.ht = 12, .foe_ht = 9});
  tb = std::make_shared<const HpTurn<Named>>(HpTurn<Named>{.ht = 9, .foe_ht = 12});
  auto [ab, ba] = fray::fight::exchanges(ta, tb, a, b);
  return fray::Bout{.a = {.name = "a", .hp = 12}, .b = {.name = "b", .hp = 9}, .a_hits_b = ab, .b_hits_a = ba};
}

TEST(Turn, ATurnThatNamesItsClassesOfHpGivesTheDuelOfOneAskedAtEveryCell) {
  std::shared_ptr<const HpTurn<true>> na, nb;
  std::shared_ptr<const HpTurn<false>> pa, pb;
  const fray::Bout named = hp_bout(na, nb), plain = hp_bout(pa, pb);
  ASSERT_TRUE(named.a_hits_b->reads().classes);
  ASSERT_FALSE(plain.a_hits_b->reads().classes);
  fray::fight::ExactLimits checked;
  checked.check_classes = true;
  const auto x = fray::fight::duel_exact(named, fray::fight::Who::a, checked);
  const auto y = fray::fight::duel_exact(plain);
  fray::test::expect_same_duel(x, y);
  EXPECT_GT(x.p_a_wins, 0.05);
  EXPECT_GT(x.p_b_wins, 0.05);
  // Asked once per class and state pair (and at the first cell of each
  // class that differs from it, to check it), or once per cell: the named
  // turn's answers are reused.
  const auto plain_calls = pa->calls + pb->calls;
  na->calls = nb->calls = 0;
  EXPECT_NEAR(fray::fight::duel_exact(named).p_a_wins, y.p_a_wins, 1e-13);
  EXPECT_LT(5 * (na->calls + nb->calls), plain_calls) << "named " << na->calls + nb->calls << ", plain " << plain_calls;
}

// Classes that leave out what the turn reads (the regeneration's cap) are
// caught at the first cell of a class whose HP differ from the one asked.
struct WrongClasses : HpTurn<true> {
  [[nodiscard]] fray::Exchange::HpClasses hp_classes(const Now<mine, theirs>& now) const {
    return {4 * now.att_hp <= ht ? 1 : 0, 2 * now.def_hp <= foe_ht ? 1 : 0};
  }
};

TEST(Turn, ClassesOfHpThatTellTooLittleApartAreAnError) {
  auto a = std::make_shared<const States<Poisoned>>(Poisoned{});
  auto b = std::make_shared<const States<Poisoned>>(Poisoned{});
  WrongClasses ta, tb;
  ta.ht = tb.foe_ht = 12;
  ta.foe_ht = tb.ht = 9;
  auto [ab, ba] =
      fray::fight::exchanges(std::make_shared<const WrongClasses>(ta), std::make_shared<const WrongClasses>(tb), a, b);
  const fray::Bout bout{.a = {.name = "a", .hp = 12}, .b = {.name = "b", .hp = 9}, .a_hits_b = ab, .b_hits_a = ba};
  EXPECT_THROW((void)fray::fight::duel_exact(bout), std::logic_error);
}

// A turn whose mover counts its attacks: a condition that grows without
// bound, which only a sampled fight follows.
struct CountTurn {
  using mine = Poisoned;
  using theirs = Poisoned;
  template <class R>
  After<mine, theirs> turn(R& r, const Now<mine, theirs>& now) const {
    After<mine, theirs> out{.att = now.att, .def = now.def};
    ++out.att.turns;
    out.hit = r.chance(0.5, "to-hit") ? 1 : 0;
    out.damage = out.hit;
    return out;
  }
};

// A sampled fight numbers its conditions apart from the tables (States::
// scratch): however many fights and conditions, a table keeps what the
// exact reader numbered, far under its limit.
TEST(Turn, SampledFightsLeaveTheTablesAsTheyWere) {
  auto a = std::make_shared<States<Poisoned>>(Poisoned{}, 4);
  auto b = std::make_shared<States<Poisoned>>(Poisoned{}, 4);
  auto [ab, ba] =
      fray::fight::exchanges(std::make_shared<const CountTurn>(), std::make_shared<const CountTurn>(),
                             std::shared_ptr<const States<Poisoned>>(a), std::shared_ptr<const States<Poisoned>>(b));
  fray::Bout bout{.a = {.name = "a", .hp = 30}, .b = {.name = "b", .hp = 30}, .a_hits_b = ab, .b_hits_a = ba};
  fray::fight::MonteCarloOptions o;
  o.sims = 10;
  (void)fray::fight::duel_monte_carlo(bout, fray::fight::Who::a, o);
  // What the fight layer's own checks numbered, before any fight.
  const std::size_t a_size = a->size(), b_size = b->size();
  o.sims = 5000;  // fights of some sixty turns: counts far past the limit of 4
  o.seed = 2;
  o.threads = 2;
  const auto sampled = fray::fight::duel_monte_carlo(bout, fray::fight::Who::a, o);
  EXPECT_GT(sampled.p_a_wins, 0.4);  // a strikes first: a little over a half
  EXPECT_GT(sampled.p_b_wins, 0.3);
  EXPECT_EQ(a->size(), a_size);
  EXPECT_EQ(b->size(), b_size);
  // One side's turn after the other's, each number reads back its count.
  Rng rng(3);
  fray::Side sa{1000, 0}, sb{1000, 0};
  for (int i = 1; i <= 1000; ++i) {
    const Transition t = ab->sample(sa, sb, rng);
    sa.state = t.attacker_state;
    sb.state = t.defender_state;
    const Transition u = ba->sample(sb, sa, rng);
    sb.state = u.attacker_state;
    sa.state = u.defender_state;
    ASSERT_EQ(a->at(sa.state).turns, i);
    ASSERT_EQ(b->at(sb.state).turns, i);
  }
}

}  // namespace
