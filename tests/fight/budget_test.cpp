// The work budget in fights: exact analyses and Monte Carlo runs past it are
// refused at once, those within it finish, and a Progress stops them.
#include <fray/fight/solve.hpp>

#include "kernels.hpp"
#include "support/scale.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace fray::fight {
namespace {

using test::DiceKernel;
using test::FuryKernel;

double seconds_since(double t0) { return test::cpu_seconds() - t0; }
const double kPrompt = test::prompt(0.5);

using test::fighter;

// Throws TooLarge, promptly, with a message holding every one of `words`.
template <class F>
void expect_refused(F&& f, std::initializer_list<const char*> words) {
  const double t0 = fray::test::cpu_seconds();
  try {
    f();
    ADD_FAILURE() << "accepted";
  } catch (const TooLarge& e) {
    for (const char* w : words) EXPECT_NE(std::string(e.what()).find(w), std::string::npos) << e.what();
  }
  EXPECT_LT(seconds_since(t0), kPrompt);
}

TEST(FightBudget, HopelessExactAnalysesAreRefusedAtOnce) {
  // 4.4 damage an attack on average: about 230 000 attacks over a chain of a
  // million conditions for turns to kill.
  const DiceKernel k(0.8, 1, 10);
  expect_refused([&] { (void)ttk_exact(k, fighter(10), fighter(kMaxHp)); },
                 {"exact turns to kill", "1000000 HP", "--sims"});
  auto shared = std::make_shared<DiceKernel>(0.8, 1, 10);
  const Bout big = test::make_bout(shared, shared, kMaxHp, kMaxHp);
  expect_refused([&] { (void)duel_exact(big); }, {"exact duel", "1000000 HP"});
  ExactLimits grid;
  grid.split_sides = false;
  expect_refused([&] { (void)duel_exact(test::make_bout(shared, shared, 5000, 5000), Who::a, grid); },
                 {"every pair of HP"});
  // The whole grid of a coupled duel (fury reads the attacker's HP).
  auto fury = std::make_shared<FuryKernel>(0.8, 1, 10, 20000);
  expect_refused([&] { (void)duel_exact(test::make_bout(fury, fury, 20000, 20000)); }, {"every pair of HP"});
}

TEST(FightBudget, MonteCarloPastTheBudgetIsRefusedWithTheSimsThatFit) {
  auto k = std::make_shared<DiceKernel>(0.8, 1, 10);
  const Bout big = test::make_bout(k, k, kMaxHp, kMaxHp);
  // Neither method fits: one error names both and what to do.
  expect_refused([&] { (void)solve_duel(big); }, {"exact duel", "Monte Carlo of 100000 fights", "--sims"});
  expect_refused([&] { (void)solve_ttk(big); }, {"exact turns to kill", "Monte Carlo", "--sims"});
  FightOptions mc;
  mc.method = FightOptions::Method::monte_carlo;
  expect_refused([&] { (void)solve_duel(big, mc); }, {"Monte Carlo of 100000 fights", "--sims"});
}

TEST(FightBudget, PastTheExactBudgetFallsBackToMonteCarloWhenItFits) {
  auto k = std::make_shared<DiceKernel>(0.8, 1, 10);
  FightOptions o;
  o.monte_carlo.sims = 50;
  o.monte_carlo.progress = false;
  const TtkResult r = solve_ttk(test::make_bout(k, k, 10, 150000), o);
  EXPECT_EQ(r.method, "monte-carlo");
  EXPECT_NE(r.method_reason.find("too large to compute"), std::string::npos) << r.method_reason;
  EXPECT_EQ(r.p_kill, 1.0);
}

TEST(FightBudget, WithinTheBudgetTheExactAnswerComes) {
  // One hit of 1 every attack: exactly HP attacks.
  const TtkResult r = ttk_exact(DiceKernel(1, 1, 1), fighter(10), fighter(20000));
  EXPECT_EQ(r.attacks->min(), 20000);
  EXPECT_EQ(r.attacks->max(), 20000);
}

// The exact chain's memory counts against the values budget whatever the
// number of states a fight meets (the estimate made before it starts cannot
// know them): a chain that would hold more is refused on the way, and the
// fight is sampled.
TEST(FightBudget, AChainNeverHoldsMoreThanTheValuesBudget) {
  // Both sides confuse: blocks of 100 x 100 cells for the pairs of states
  // met, each a side's confusion turns left (0, 1 or 2).
  auto k = std::make_shared<test::ConfusionKernel>(0.5, 3, 2);
  const Bout b = test::make_bout(k, k, 100, 100);
  ExactLimits grid;
  grid.split_sides = false;
  const DuelResult exact = duel_exact(b, Who::a, grid);
  EXPECT_EQ(exact.method, "exact");
  struct Restore {
    Budget saved = budget();
    ~Restore() { set_budget(saved); }
  } restore;
  set_budget({restore.saved.work, 200000});  // 1.6 MB: room for 30 000 cells
  expect_refused([&] { (void)duel_exact(b, Who::a, grid); }, {"conditions to hold", "MiB"});
  FightOptions o;
  o.limits = grid;
  o.monte_carlo.sims = 4000;
  o.monte_carlo.seed = 7;
  o.monte_carlo.progress = false;
  const DuelResult sampled = solve_duel(b, o);
  EXPECT_EQ(sampled.method, "monte-carlo");
  EXPECT_NE(sampled.method_reason.find("conditions to hold"), std::string::npos) << sampled.method_reason;
  // Within four standard errors of the exact answer (a fixed seed: never flaky).
  EXPECT_NEAR(sampled.p_a_wins, exact.p_a_wins, 4 * std::sqrt(exact.p_a_wins * (1 - exact.p_a_wins) / 4000));
}

// Reads both HP, so the chain asks it afresh at every condition: a search
// of 40 + 1200 + 11 x 160 = 3 000 operations a condition (fray/fight/exact.hpp).
class BothHpKernel final : public test::ListKernel {
 public:
  BothHpKernel() { declared = {true, true}; }
  std::vector<Transition> list(Side a, Side d) const override {
    std::vector<Transition> ts{{0.2, 0, a.state, d.state}};
    for (std::int64_t v = 1; v <= 10; ++v) ts.push_back({0.08, v, a.state, d.state});
    return ts;
  }
};

// An `auto` fight gives the search for its conditions half the budget
// (kAutoWork); `exact` lets it run. With the work budget at 10^8, 150 x 150
// HP (22 500 conditions, 6.8 x 10^7 operations) is past auto's 5 x 10^7 and
// sampled, with the reason, and within four standard errors of the exact
// answer that `exact` still gives.
TEST(FightBudget, AutoGivesTheSearchForConditionsHalfTheBudget) {
  struct Restore {
    Budget saved = budget();
    ~Restore() { set_budget(saved); }
  } restore;
  set_budget({1e8, restore.saved.values});
  auto k = std::make_shared<BothHpKernel>();
  const Bout b = test::make_bout(k, k, 150, 150);
  FightOptions o;
  o.monte_carlo.sims = 4000;
  o.monte_carlo.seed = 5;
  o.monte_carlo.progress = false;
  o.limits.split_sides = false;
  const DuelResult sampled = solve_duel(b, o);
  EXPECT_EQ(sampled.method, "monte-carlo");
  EXPECT_NE(sampled.method_reason.find("search for the reachable conditions passed 5e+07 operations"),
            std::string::npos)
      << sampled.method_reason;
  o.method = FightOptions::Method::exact;
  const DuelResult exact = solve_duel(b, o);
  ASSERT_EQ(exact.method, "exact") << exact.method_reason;
  EXPECT_NEAR(sampled.p_a_wins, exact.p_a_wins, 4 * std::sqrt(exact.p_a_wins * (1 - exact.p_a_wins) / 4000));
  // Smaller sides fit: 60 x 60 HP, 3 600 conditions.
  o.method = FightOptions::Method::automatic;
  EXPECT_EQ(solve_duel(test::make_bout(k, k, 60, 60), o).method, "exact");
}

// A coupled duel (the whole grid): about 10^8 operations, long enough to be
// cancelled on the way.
Bout coupled() {
  auto fury = std::make_shared<FuryKernel>(0.8, 1, 10, 600);
  return test::make_bout(fury, fury, 600, 600);
}

TEST(FightBudget, ExactDuelIsCancelledFromTheProgressCallback) {
  Progress* self = nullptr;
  int calls = 0;
  double last = -1;
  Progress p([&](double f) {
    EXPECT_GE(f, last);  // the fraction done only grows
    last = f;
    if (++calls == 2) self->cancel();
  });
  self = &p;
  FightOptions o;
  o.progress = &p;
  EXPECT_THROW((void)solve_duel(coupled(), o), Cancelled);
  EXPECT_EQ(calls, 2);
  // Uncancelled, the same duel runs to the end with the exact answer.
  FightOptions plain;
  const DuelResult r = solve_duel(coupled(), plain);
  EXPECT_EQ(r.method, "exact");
  EXPECT_NEAR(r.p_a_wins + r.p_b_wins + r.p_draw + r.unresolved, 1.0, 1e-9);
}

TEST(FightBudget, ExactDuelIsCancelledFromAnotherThread) {
  std::atomic<bool> started{false};
  Progress p([&](double) { started = true; });
  std::thread stopper([&] {
    while (!started) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    p.cancel();
  });
  ExactLimits limits;
  limits.progress = &p;
  EXPECT_THROW((void)duel_exact(coupled(), Who::a, limits), Cancelled);
  stopper.join();
}

TEST(FightBudget, MonteCarloIsCancelled) {
  auto k = std::make_shared<DiceKernel>(0.5, 1, 2);
  Progress p;
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    p.cancel();
  });
  FightOptions o;
  o.method = FightOptions::Method::monte_carlo;
  o.monte_carlo.sims = 900000;  // seconds of fights, within the budget
  o.monte_carlo.threads = 2;
  o.monte_carlo.progress = false;
  o.progress = &p;
  const double t0 = fray::test::cpu_seconds();
  EXPECT_THROW((void)solve_duel(test::make_bout(k, k, 30, 30), o), Cancelled);
  EXPECT_LT(seconds_since(t0), 5.0);
  stopper.join();
}

// On one thread (as in a WebAssembly module) the progress comes after each
// block of fights, while the run goes on: 5 blocks of 4096, one fifth each.
TEST(FightBudget, MonteCarloOnOneThreadReportsEachBlock) {
  auto k = std::make_shared<DiceKernel>(0.5, 1, 2);
  std::vector<double> seen;
  Progress p([&](double f) { seen.push_back(f); });
  FightOptions o;
  o.method = FightOptions::Method::monte_carlo;
  o.monte_carlo.sims = 5 * 4096;
  o.monte_carlo.block = 4096;
  o.monte_carlo.threads = 1;
  o.monte_carlo.progress = false;
  o.progress = &p;
  (void)solve_duel(test::make_bout(k, k, 3, 3), o);
  EXPECT_EQ(seen, (std::vector<double>{0.2, 0.4, 0.6, 0.8, 1.0}));
}

}  // namespace
}  // namespace fray::fight
