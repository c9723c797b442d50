// The grid's stepping by pulling each cell's mass from its sources against
// pushing it along the moves (ExactLimits::pull_from), and hand-worked coupled
// duels whose HP go up, where the stalemate searches are skipped because the
// move lists alone show that every cell can end; and the pull loop itself
// (src/fight/pull.hpp), each vector width against a cell-by-cell sum.
#include <fray/fight/exact.hpp>

#include "fight/chain.hpp"
#include "fight/pull.hpp"

#include "kernels.hpp"
#include "sampling.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <limits>
#include <memory>
#include <random>
#include <utility>
#include <vector>

namespace fray::fight {
namespace {

using test::AcidKernel;
using test::ConfusionKernel;
using test::DiceKernel;
using test::FuryKernel;
using test::HealKernel;
using test::PoisonKernel;
using test::SelfLossKernel;

using test::bout;

ExactLimits grid(bool pull) {
  ExactLimits l;
  l.split_sides = false;
  l.pull_from = pull ? 0 : std::numeric_limits<std::size_t>::max();
  return l;
}

// The whole grid, pulled and pushed, either side first.
void expect_pull_is_push(const Bout& x) {
  for (Who first : {Who::a, Who::b}) {
    const DuelResult pulled = duel_exact(x, first, grid(true));
    const DuelResult pushed = duel_exact(x, first, grid(false));
    test::expect_same_duel(pulled, pushed);
    EXPECT_EQ(pulled.chain_states, pushed.chain_states);
    EXPECT_NEAR(pulled.unresolved, pushed.unresolved, 1e-15);
  }
}

TEST(PullStep, CoupledDuelsGiveWhatPushingGives) {
  auto fury = std::make_shared<FuryKernel>(0.8, 1, 10, 60);
  auto fury_b = std::make_shared<FuryKernel>(0.7, 1, 10, 55);
  auto dice = std::make_shared<DiceKernel>(0.65, 2, 5);
  auto conf = std::make_shared<ConfusionKernel>(0.6, 2, 2);
  auto acid = std::make_shared<AcidKernel>(0.9, 5);
  expect_pull_is_push(bout(fury, fury_b, 60, 55));
  expect_pull_is_push(bout(fury, dice, 40, 33, 1.0, 1.5));
  expect_pull_is_push(bout(conf, conf, 14, 12));
  expect_pull_is_push(bout(conf, dice, 20, 26, 1, 1.5));
  expect_pull_is_push(bout(acid, fury, 25, 30));
  // Independent sides on the grid too.
  expect_pull_is_push(bout(dice, std::make_shared<DiceKernel>(0.55, 2, 9), 23, 31, 1.0, 1.5));
}

TEST(PullStep, SourcesSummedFirstGiveWhatPushingGives) {
  // A hit for 1..8 (or 2..5) that confuses whatever the defender's state:
  // the moves from each of the defender's confusion blocks land in the
  // block of fresh confusion by the same damage with the same probability,
  // and pulling sums those blocks first (Pulls::Shared), where pushing
  // moves each block's mass on its own.
  auto daze = std::make_shared<ConfusionKernel>(0.8, 1, 8, 2);
  auto daze_b = std::make_shared<ConfusionKernel>(0.6, 2, 5, 3);
  auto dice = std::make_shared<DiceKernel>(0.7, 1, 6);
  expect_pull_is_push(bout(daze, dice, 45, 50));
  expect_pull_is_push(bout(daze, daze_b, 37, 41, 1.0, 1.5));
  // Hand-worked, with a confusion of one attack: a hits b (p 1/2, for 1 or
  // 2, a quarter each; 2 kills b at 2 HP) and confuses it; b, when not
  // confused, misses (1/2) or hits a for 1 (of 1 HP), and confuses no one.
  auto one = std::make_shared<ConfusionKernel>(0.5, 1, 2, 1);
  auto weak = std::make_shared<ConfusionKernel>(0.5, 1, 1, 0);
  const DuelResult r = duel_exact(bout(one, weak, 1, 2), Who::a, grid(true));
  // a's first attack: b dies (1/4); b is hit for 1 and confused (1/4): b
  // loses its turn, and a attacks again with b at 1 HP; or a misses (1/2)
  // and b attacks: a dies (1/4) or the fight is where it started (1/4).
  // From b at 1 HP, confused or not, a's attack kills b with 1/2, else b
  // (now not confused) attacks: a dies (1/4), or again (1/4). So
  // w1 = 1/2 + 1/4 w1 gives w1 = 2/3, and from the start
  // w = 1/4 + 1/4 w1 + 1/4 w = 1/4 + 1/6 + w/4: w = (5/12) / (3/4) = 5/9.
  EXPECT_NEAR(r.p_a_wins, 5.0 / 9.0, 1e-12);
  EXPECT_NEAR(r.p_b_wins, 4.0 / 9.0, 1e-12);
}

TEST(PullStep, HpThatGoesUpOrDownGivesWhatPushingGives) {
  // A life drain capped at the maximum HP, regeneration, HP lost on one's
  // own turn, and a poison that the other side's hits start.
  auto bat = std::make_shared<HealKernel>(0.7, 1, 4, 30, 0, true);
  auto regen = std::make_shared<HealKernel>(0.6, 1, 3, 25, 1, false);
  auto bite = std::make_shared<PoisonKernel>(0.6, 1, 3, 2, 1);
  auto self = std::make_shared<SelfLossKernel>(0.5, 1, 4, 1);
  auto dice = std::make_shared<DiceKernel>(0.65, 1, 5);
  expect_pull_is_push(bout(bat, dice, 24, 30));
  expect_pull_is_push(bout(bat, bite, 20, 26, 1.0, 1.5));
  expect_pull_is_push(bout(regen, dice, 25, 22));
  expect_pull_is_push(bout(self, bite, 18, 15));
}

TEST(PullStep, RowWindowsHoldAllTheMass) {
  // Pulling steps only the columns of each row that the mass may have
  // reached (a box growing from the start, block by block); pushing steps
  // every cell of the rows between the first and the last that hold mass.
  // Grids of 2^12 cells and more, several blocks, HP that go up and down,
  // and uneven attack times, where a window too narrow would lose mass or
  // leave some behind.
  auto fury = std::make_shared<FuryKernel>(0.8, 1, 10, 90);
  auto fury_b = std::make_shared<FuryKernel>(0.7, 2, 12, 80);
  auto conf = std::make_shared<ConfusionKernel>(0.7, 3, 2);
  auto dice = std::make_shared<DiceKernel>(0.6, 1, 8);
  auto bat = std::make_shared<HealKernel>(0.7, 1, 6, 70, 0, true);
  auto regen = std::make_shared<HealKernel>(0.6, 1, 7, 75, 1, false);
  auto bite = std::make_shared<PoisonKernel>(0.6, 1, 5, 3, 1);
  expect_pull_is_push(bout(fury, fury_b, 90, 80));
  expect_pull_is_push(bout(conf, dice, 70, 64, 1.0, 1.5));
  expect_pull_is_push(bout(dice, conf, 66, 72));
  expect_pull_is_push(bout(bat, fury_b, 70, 80, 1.5, 1.0));
  expect_pull_is_push(bout(regen, dice, 75, 60));
  expect_pull_is_push(bout(bite, fury, 64, 90, 1.0, 2.0));
  expect_pull_is_push(bout(bat, bite, 70, 50));
}

TEST(PullStep, TurnsToKillGiveWhatPushingGives) {
  const FuryKernel fury(0.8, 1, 10, 60);
  const HealKernel regen(0.6, 1, 3, 25, 1, false);
  const Fighter a{"a", 20, 1, 0}, d{"d", 90, 1, 0};
  for (const Exchange* k : {static_cast<const Exchange*>(&fury), static_cast<const Exchange*>(&regen)}) {
    const TtkResult pulled = ttk_exact(*k, a, d, grid(true));
    const TtkResult pushed = ttk_exact(*k, a, d, grid(false));
    EXPECT_NEAR(pulled.p_kill, pushed.p_kill, 1e-13);
    ASSERT_TRUE(pulled.attacks && pushed.attacks);
    EXPECT_TRUE(pulled.attacks->approx_equal(*pushed.attacks, 1e-13));
  }
}

TEST(PullStep, ADrainDuelByHand) {
  // a: 1 HP of 2, hits half the time for 1 and drains it (up to 2 HP); b:
  // 2 HP, hits half the time for 1. a first. With x(ha, hb) P(a wins) on a's
  // turn and y on b's: x(1,1) = 1/2 + 1/2 y(1,1), y(1,1) = 1/2 x(1,1), so
  // x(1,1) = 2/3; x(2,1) = 1/2 + 1/2 y(2,1), y(2,1) = 1/2 x(2,1) + 1/2 x(1,1),
  // so y(2,1) = 7/9; x(1,2) = 1/2 y(1,2) + 1/2 y(2,1), y(1,2) = 1/2 x(1,2):
  // x(1,2) = 14/27. a's drain keeps HP a + HP b level, but b never heals and
  // a always has a hit: every cell can end without the searches.
  auto a = std::make_shared<HealKernel>(0.5, 1, 1, 2, 0, true);
  auto b = std::make_shared<DiceKernel>(0.5, 1, 1);
  for (bool pull : {true, false}) {
    const DuelResult r = duel_exact(bout(a, b, 1, 2), Who::a, grid(pull));
    EXPECT_NEAR(r.p_a_wins, 14.0 / 27, 1e-15);
    EXPECT_NEAR(r.p_b_wins, 13.0 / 27, 1e-15);
    EXPECT_DOUBLE_EQ(r.p_draw, 0.0);
    // a wins only from 2 HP after its drain at the kill, or from 1 HP when
    // the killing hit's drain brings it to 2: always with 2 HP.
    ASSERT_TRUE(r.a_hp_if_wins);
    EXPECT_TRUE(r.a_hp_if_wins->approx_equal(Pmf::point(2), 1e-15));
    // b wins with 2 HP (a died at once) or 1 HP (after a's drain hit).
    ASSERT_TRUE(r.b_hp_if_wins);
    EXPECT_NEAR((*r.b_hp_if_wins)[2] * r.p_b_wins, 1.0 / 2 * 1.0 / 2 / (1 - 1.0 / 4), 1e-15);
  }
}

TEST(PullStep, AgreesWithMonteCarloOnACoupledDrainDuel) {
  // Both rules at once: fury on one side, a capped drain on the other.
  auto bat = std::make_shared<HealKernel>(0.7, 1, 4, 30, 0, true);
  auto fury = std::make_shared<FuryKernel>(0.75, 1, 6, 28);
  const Bout x = bout(bat, fury, 24, 28);
  const DuelResult exact = duel_exact(x);
  EXPECT_NEAR(exact.p_a_wins + exact.p_b_wins, 1.0, 1e-13);
  test::expect_sampled_duel_agrees(x, exact, 200000, 77, 2);
}

// A hero-like side that heals `regen` on each of its turns, up to `ht`, and
// misses a foe in state 1 (focused), which that miss moves to state `cool`.
class ParriedKernel final : public test::ListKernel {
 public:
  ParriedKernel(double p, std::int64_t lo, std::int64_t hi, std::int64_t ht, std::int64_t regen, std::uint32_t cool)
      : p_(p), lo_(lo), hi_(hi), ht_(ht), regen_(regen), cool_(cool) {
    declared.attacker_hp = true;
  }
  std::vector<Transition> list(Side a, Side d) const override {
    const std::int64_t heal = std::min(ht_ - a.hp, regen_);
    if (d.state == 1) return {{1.0, 0, a.state, cool_, 0, heal}};
    std::vector<Transition> ts{{1 - p_, 0, a.state, d.state, 0, heal}};
    for (std::int64_t v = lo_; v <= hi_; ++v)
      ts.push_back({p_ / static_cast<double>(hi_ - lo_ + 1), v, a.state, d.state, 1, heal});
    return ts;
  }

 private:
  double p_;
  std::int64_t lo_, hi_, ht_, regen_;
  std::uint32_t cool_;
};

// A monk-like side: hits with probability p for lo..hi; its state counts
// its attacks down to 1, focused (0 at the start: focused after one).
class FocusKernel final : public test::ListKernel {
 public:
  FocusKernel(double p, std::int64_t lo, std::int64_t hi) : p_(p), lo_(lo), hi_(hi) {}
  std::vector<Transition> list(Side a, Side d) const override {
    const std::uint32_t next = a.state > 1 ? a.state - 1 : 1;
    std::vector<Transition> ts{{1 - p_, 0, next, d.state}};
    for (std::int64_t v = lo_; v <= hi_; ++v) ts.push_back({p_ / static_cast<double>(hi_ - lo_ + 1), v, next, d.state});
    return ts;
  }

 private:
  double p_;
  std::int64_t lo_, hi_;
};

// Which cells can end at each phase of `turns`, by sweeping every move of
// every reached cell until nothing changes: the search the move-list tests
// (Chain::always_progresses) spare, written out for small grids.
std::vector<char> can_end_by_sweeps(const detail::Chain& ch, const std::vector<Who>& turns) {
  const std::size_t n = ch.cells(), period = turns.size();
  const std::uint64_t per_block = ch.rows() * ch.cols();
  std::vector<char> ok(n * period, 0);
  for (bool changed = true; changed;) {
    changed = false;
    for (std::uint64_t c = 0; c < n; ++c) {
      if (ch.pattern(Who::a, c) == detail::kNone) continue;
      const auto [ia, ib] = ch.block(c / per_block);
      const std::uint64_t r = c % per_block / ch.cols(), col = c % ch.cols();
      for (std::size_t j = 0; j < period; ++j) {
        if (ok[c * period + j]) continue;
        const Who w = turns[j];
        for (const detail::Move& m : ch.moves(ch.pattern(w, c)))
          if (m.ends() || ok[ch.target(w, ia, ib, r, col, m) * period + (j + 1) % period]) {
            ok[c * period + j] = 1;
            changed = true;
            break;
          }
      }
    }
  }
  return ok;
}

TEST(PullStep, BlowsThatOutweighRegenerationNeedNoSearch) {
  // a heals 1 HP on each of its turns and cannot hurt b while b is focused
  // (its one move then is the parry); b hits for 1..3. Per period of the
  // schedule b deals up to 3 at each of its turns and a heals at most 1 at
  // each of its own: b's two turns (a blow of 3 each) outweigh a's one, so
  // a's HP can always be worn down and the move lists say so. With b dealing
  // exactly 1 against a's regeneration of 2, they do not, and HP a can stay
  // up for ever while b is focused: the phases must come from the search.
  auto a = std::make_shared<ParriedKernel>(0.5, 1, 2, 20, 1, 4);
  auto b = std::make_shared<FocusKernel>(0.7, 1, 3);
  const Fighter fa{"a", 20, 1, 0}, fb{"b", 12, 0.5, 0};
  const detail::Chain ch(*a, b.get(), fa, fb, ExactLimits{});
  ASSERT_TRUE(ch.rises());
  ASSERT_GT(ch.blocks(), 3u);
  for (const std::vector<Who>& turns :
       {std::vector<Who>{Who::a, Who::b, Who::b}, std::vector<Who>{Who::b, Who::b, Who::a}}) {
    const auto [ok, all] = ch.can_end_by_phase(turns);
    EXPECT_TRUE(all);
    EXPECT_EQ(ok, can_end_by_sweeps(ch, turns));
  }
  // In any order: b alone, a blow at each of its turns.
  EXPECT_TRUE(ch.all_can_end());
  // A side that never hurts and heals 2 on its turn against blows of
  // exactly 1, two to one: near full HP no end can be reached, from 1 or 2
  // HP on b's turns it can. The lists show nothing (b's 2 x 1 does not
  // outweigh a's 1 x 2); the search's answer is the sweeps'.
  auto healer = std::make_shared<ParriedKernel>(0.0, 1, 1, 20, 2, 4);
  auto tapper = std::make_shared<FocusKernel>(0.7, 1, 1);
  const detail::Chain stuck(*healer, tapper.get(), fa, fb, ExactLimits{});
  const std::vector<Who> turns{Who::a, Who::b, Who::b};
  const auto [ok, all] = stuck.can_end_by_phase(turns);
  EXPECT_FALSE(all);
  EXPECT_EQ(ok, can_end_by_sweeps(stuck, turns));
  EXPECT_GT(std::count(ok.begin(), ok.end(), char{1}), 0);
  // The duels: pulled (which the lists allow) as pushed; the stuck one
  // ends in a stalemate whenever a gets back to full HP.
  expect_pull_is_push(bout(a, b, 20, 12, 1.0, 0.5));
  const DuelResult r = duel_exact(bout(healer, tapper, 20, 12, 1.0, 0.5));
  EXPECT_GT(r.p_draw, 0.5);
  EXPECT_NEAR(r.p_a_wins, 0.0, 1e-15);
}

TEST(PullStep, FaintCellsDroppedCountAsUnresolved) {
  // Late in a long coupled duel most of the grid holds less than
  // ExactLimits::faint. Pulling sets those cells at the ends of each row's
  // window to 0 and counts their mass as unresolved, up to tail / 100;
  // pushing keeps every cell.
  auto conf = std::make_shared<ConfusionKernel>(0.7, 1, 6, 2);
  auto dice = std::make_shared<DiceKernel>(0.6, 1, 8);
  const Bout x = bout(conf, dice, 120, 110);
  const ExactLimits pull = grid(true);
  const detail::Tally pulled = detail::duel_grid(x, Who::a, pull);
  const detail::Tally pushed = detail::duel_grid(x, Who::a, grid(false));
  EXPECT_GT(pulled.dropped, 0.0);
  EXPECT_LE(pulled.dropped, pull.tail / 100);
  EXPECT_EQ(pushed.dropped, 0.0);
  EXPECT_GE(pulled.unresolved, pulled.dropped);
  EXPECT_LE(pulled.unresolved, pull.tail);
  for (int s = 0; s < 2; ++s) EXPECT_NEAR(pulled.wins[s], pushed.wins[s], 2e-15);
  // Nothing dropped when faint is 0.
  ExactLimits keep = pull;
  keep.faint = 0;
  const detail::Tally kept = detail::duel_grid(x, Who::a, keep);
  EXPECT_EQ(kept.dropped, 0.0);
  for (int s = 0; s < 2; ++s) EXPECT_NEAR(kept.wins[s], pushed.wins[s], 1e-15);
  // Coarse: cells under 1e-6 are faint, and the dropped mass stops at
  // tail / 100 = 1e-6. Each chance of winning is then at most `unresolved`
  // below the fine answer, never above it.
  ExactLimits coarse = pull;
  coarse.tail = 1e-4;
  coarse.faint = 1e-6;
  const detail::Tally c = detail::duel_grid(x, Who::a, coarse);
  EXPECT_GT(c.dropped, 0.9e-6);
  EXPECT_LE(c.dropped, 1e-6);
  EXPECT_LE(c.unresolved, 1e-4);
  for (int s = 0; s < 2; ++s) {
    EXPECT_LE(c.wins[s], pushed.wins[s] + 1e-15);
    EXPECT_GE(c.wins[s] + c.unresolved, pushed.wins[s] - 1e-15);
  }
}

TEST(PullStep, DropFaintTrimsTheEndsWithinRoom) {
  using Window = std::pair<std::uint32_t, std::uint32_t>;
  const std::vector<double> cells = {1e-30, 2e-30, 0.5, 1e-30, 0.3, 1e-31, 3e-30};
  // Room enough: both ends go, up to the first cell of 1e-25 or more; the
  // faint cell between 0.5 and 0.3 stays.
  std::vector<double> row = cells;
  Window w{0, 7};
  double dropped = 0;
  detail::drop_faint(row.data(), w, 1e-25, 1.0, dropped);
  EXPECT_EQ(w, Window(2, 5));
  EXPECT_DOUBLE_EQ(dropped, ((1e-30 + 2e-30) + 3e-30) + 1e-31);
  EXPECT_EQ(row, (std::vector<double>{0, 0, 0.5, 1e-30, 0.3, 0, 0}));
  // Room for 2.5e-30: the first cell (1e-30) goes; the second would bring
  // the total to 3e-30, and the last one (3e-30) is past the room alone.
  row = cells;
  w = {0, 7};
  dropped = 0;
  detail::drop_faint(row.data(), w, 1e-25, 2.5e-30, dropped);
  EXPECT_EQ(w, Window(1, 7));
  EXPECT_DOUBLE_EQ(dropped, 1e-30);
  EXPECT_EQ(row[0], 0.0);
  EXPECT_EQ(row[1], 2e-30);
  // A row of faint cells only empties; a window of none stays empty.
  row = {1e-40, 2e-40, 1e-40};
  w = {0, 3};
  dropped = 0;
  detail::drop_faint(row.data(), w, 1e-25, 1.0, dropped);
  EXPECT_EQ(w, Window(0, 0));
  EXPECT_EQ(row, (std::vector<double>{0, 0, 0}));
  w = {2, 2};
  detail::drop_faint(row.data(), w, 1e-25, 1.0, dropped);
  EXPECT_EQ(w, Window(0, 0));
}

// Every width of the pull loop gives, bit for bit, the sum taken cell by
// cell in the order of the lists (first term, then each product added): at
// every length from 1 to 150 (whole blocks, and every tail), with one or
// two lists, and with the cells past the run left as they were.
TEST(PullLoop, EveryWidthSumsCellByCell) {
  using detail::Pull;
  std::mt19937_64 gen(20261124);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const std::size_t n = 400;
  std::vector<double> in(n + 8), in2(n + 8);
  for (double& x : in) x = unit(gen);
  for (double& x : in2) x = unit(gen) * 1e-3;
  auto list = [&](std::size_t count) {
    std::vector<Pull> ps;
    for (std::size_t k = 0; k < count; ++k) ps.push_back({static_cast<std::int64_t>(gen() % 40), unit(gen)});
    return ps;
  };
  for (std::size_t len = 1; len <= 150; ++len) {
    const std::vector<Pull> ps = list(1 + len % 12), ps2 = list(len % 3);
    std::vector<double> want(len);
    for (std::size_t i = 0; i < len; ++i) {
      double acc = ps[0].p * in[i + static_cast<std::size_t>(ps[0].off)];
      for (std::size_t k = 1; k < ps.size(); ++k) acc += ps[k].p * in[i + static_cast<std::size_t>(ps[k].off)];
      for (const Pull& p : ps2) acc += p.p * in2[i + static_cast<std::size_t>(p.off)];
      want[i] = acc;
    }
    for (const std::size_t width : {2, 4, 8}) {
      std::vector<double> out(len + 8, -1.0);
      detail::pull_mass_width(width, out.data(), in.data(), ps.data(), ps.size(), in2.data(), ps2.data(), ps2.size(),
                              len);
      for (std::size_t i = 0; i < len; ++i)
        ASSERT_EQ(std::memcmp(&out[i], &want[i], sizeof(double)), 0) << "width " << width << ", length " << len;
      for (std::size_t i = len; i < len + 8; ++i) ASSERT_EQ(out[i], -1.0) << "width " << width << ", length " << len;
    }
  }
}

// The sum by index (cell i into the (i mod 8)-th of eight partial sums)
// is the same at every width, whatever piece of the buffer it is given.
TEST(PullLoop, EveryWidthSumsByIndex) {
  std::vector<double> x(300);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = 1.0 / static_cast<double>(i + 3);
  for (const auto& [b, e] : {std::pair<std::uint64_t, std::uint64_t>{0, 300}, {5, 6}, {3, 200}, {16, 24}, {7, 7}}) {
    double want[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    for (std::uint64_t i = b; i < e; ++i) want[i % 8] += x[i];
    for (const std::size_t width : {2, 4, 8}) {
      double s[8] = {0, 0, 0, 0, 0, 0, 0, 0};
      detail::sum_by_index_width(width, x.data(), b, e, s);
      EXPECT_EQ(std::memcmp(s, want, sizeof s), 0) << "width " << width << ", cells " << b << ".." << e;
    }
  }
}

}  // namespace
}  // namespace fray::fight
