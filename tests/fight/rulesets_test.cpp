// Exact against Monte Carlo for one catalog matchup in each ruleset. A
// ruleset that has not landed yet answers "<id>: not available yet"; only that
// exact answer skips its test.
#include <fray/fight/exact.hpp>
#include <fray/report/report.hpp>

#include "sampling.hpp"
#include "support/scale.hpp"
#include "support/support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace fray::fight {
namespace {

struct Matchup {
  const char* rules;
  const char* a;
  const char* b;
};

const Matchup kMatchups[] = {
    {"pixel-dungeon", "hero:class=warrior,level=5,str=18,weapon=war_hammer", "gnoll_brute"},
    // regeneration=none: the starting player's regeneration clock (5033
    // values) with the goblin's makes the duel sampled; the goblin's is exact.
    {"brogue", "player:regeneration=none", "goblin"},
    // Long Blades 4: the delay 14 - 40/20 = 12 aut divides evenly, so it is not random.
    {"crawl", "player:fighting=5,weapon_skill=4,weapon=long_sword,hp=40", "orc_warrior"},
    {"epixx", "human_fighter", "ogre"},
    // Long Blades 4: 14 - div_rand_round(40, 20) = 12 aut, not random; the orc warrior has no shield.
    {"crawl-0.34", "player:dex=15,str=15,fighting=5,long_blades=4,weapon=long_sword,hp=40", "orc_warrior"},
    {"shattered-pd", "hero:class=warrior,level=5", "gnoll_scout"},
};

// Fights with more to carry: Goo's pump and ooze against a hero who
// regenerates, a necromancer's skeleton, a brute's rage, a swarm that
// splits, Brogue's goblin conjurer's blades and a jelly's splitting, a Crawl
// adder's poison against a player who regenerates, a 0.34 troll's.
const Matchup kCarried[] = {
    {"shattered-pd", "hero:level=12", "goo"},
    {"shattered-pd", "hero:class=warrior,level=5", "necromancer"},
    {"shattered-pd", "hero:class=warrior,level=5", "spectral_necromancer"},
    {"shattered-pd", "hero:class=warrior,level=5", "gnoll_brute"},
    {"shattered-pd", "hero:class=warrior,level=5", "swarm_of_flies"},
    {"brogue", "player", "goblin_conjurer"},
    {"brogue", "player", "pink_jelly"},
    {"crawl", "adder", "player:hp=14,fighting=5,weapon_skill=4,weapon=long_sword"},
    {"crawl-0.34", "player:hp=60,xl=10,fighting=8,long_blades=8,weapon=long_sword", "troll"},
};

// The bout, or nullopt (and a skip) while the ruleset is a placeholder.
std::optional<Bout> bout_of(const Matchup& m, std::string& skip) {
  AttackRequest req;
  req.attacker = m.a;
  req.defender = m.b;
  try {
    return ruleset(m.rules).bout(req);
  } catch (const Error& e) {
    if (std::string(e.what()) == std::string(m.rules) + ": not available yet") {
      skip = e.what();
      return std::nullopt;
    }
    throw;
  }
}

using test::counts_of;
using test::mc;

class RulesetFight : public ::testing::TestWithParam<Matchup> {};

TEST_P(RulesetFight, ExactDuelAgreesWithMonteCarlo) {
  std::string skip;
  const auto bout = bout_of(GetParam(), skip);
  if (!bout) GTEST_SKIP() << skip;
  check_bout(*bout);
  if (!bout->a_hits_b->exact() || !bout->b_hits_a->exact() || !random_order_why(*bout).empty()) {
    // No exact chain for these rules: the report must say so and sample.
    FightOptions o;
    o.monte_carlo = mc(test::scaled(20000), 1, 2);
    const DuelResult r = solve_duel(*bout, o);
    EXPECT_EQ(r.method, "monte-carlo");
    EXPECT_FALSE(r.method_reason.empty());
    GTEST_SKIP() << GetParam().rules << " duels are not exact: " << r.method_reason;
  }
  const DuelResult exact = duel_exact(*bout);
  EXPECT_NEAR(exact.p_a_wins + exact.p_b_wins + exact.p_draw, 1.0, 1e-12);
  const std::uint64_t n = test::scaled(60000);
  const DuelResult sampled = duel_monte_carlo(*bout, Who::a, mc(n, 20261122, 2));
  for (auto [s, e, what] : {std::tuple{sampled.p_a_wins, exact.p_a_wins, "p_a_wins"},
                            std::tuple{sampled.p_b_wins, exact.p_b_wins, "p_b_wins"}}) {
    const double se = std::sqrt(std::max(e * (1 - e), 1e-12) / static_cast<double>(n));
    EXPECT_LE(std::fabs(s - e), 4.5 * se + 1e-12) << what << ": sampled " << s << ", exact " << e;
  }
  if (exact.length && sampled.length) {
    EXPECT_GT(test::chi_square_p(*exact.length, counts_of(*sampled.length, n)), 1e-3);
  }
  EXPECT_GT(test::chi_square_p(exact.a_hp_left, counts_of(sampled.a_hp_left, n)), 1e-3);
  EXPECT_GT(test::chi_square_p(exact.b_hp_left, counts_of(sampled.b_hp_left, n)), 1e-3);
}

TEST_P(RulesetFight, ExactTurnsToKillAgreeWithMonteCarlo) {
  std::string skip;
  const auto bout = bout_of(GetParam(), skip);
  if (!bout) GTEST_SKIP() << skip;
  if (!bout->a_hits_b->exact()) GTEST_SKIP() << GetParam().rules << ": not exact: " << bout->a_hits_b->why_not_exact();
  const TtkResult exact = ttk_exact(*bout->a_hits_b, bout->a, bout->b);
  const std::uint64_t n = test::scaled(60000);
  const TtkResult sampled = ttk_monte_carlo(*bout->a_hits_b, bout->a, bout->b, mc(n, 77, 2));
  ASSERT_EQ(exact.attacks.has_value(), sampled.attacks.has_value());
  if (exact.attacks) {
    EXPECT_GT(test::chi_square_p(*exact.attacks, counts_of(*sampled.attacks, n)), 1e-3);
  }
}

// What a kernel says it does not read (Exchange::reads) must not change its
// outcomes, except for which of them kill.
using Canon = std::vector<std::tuple<std::int64_t, bool, std::uint32_t, std::uint32_t, double>>;
Canon canon(const std::vector<Transition>& ts, std::int64_t defender_hp) {
  Canon v;
  for (const Transition& t : ts) {
    const bool kill = t.damage >= defender_hp;
    v.emplace_back(t.damage, kill, kill ? 0 : t.attacker_state, kill ? 0 : t.defender_state, t.p);
  }
  std::sort(v.begin(), v.end());
  return v;
}

void expect_reads_hold(const Exchange& k, const Fighter& att, const Fighter& def, const std::string& what) {
  const Exchange::Reads reads = k.reads();
  const Side a0{att.hp, att.state}, d0{def.hp, def.state};
  for (std::int64_t h : {std::int64_t{1}, std::int64_t{2}, att.hp / 3, att.hp / 2, att.hp - 1}) {
    if (reads.attacker_hp || h < 1) continue;
    EXPECT_EQ(canon(k.outcomes({h, att.state}, d0), def.hp), canon(k.outcomes(a0, d0), def.hp))
        << what << ": attacker at " << h << " HP";
  }
  for (std::int64_t h : {std::int64_t{1}, std::int64_t{2}, def.hp / 3, def.hp / 2, def.hp - 1}) {
    if (reads.defender_hp || h < 1) continue;
    EXPECT_EQ(canon(k.outcomes(a0, {h, def.state}), h), canon(k.outcomes(a0, d0), h))
        << what << ": defender at " << h << " HP";
  }
}

TEST_P(RulesetFight, KernelsReadOnlyWhatTheyDeclare) {
  std::string skip;
  const auto bout = bout_of(GetParam(), skip);
  if (!bout) GTEST_SKIP() << skip;
  expect_reads_hold(*bout->a_hits_b, bout->a, bout->b, std::string(GetParam().rules) + " a hits b");
  expect_reads_hold(*bout->b_hits_a, bout->b, bout->a, std::string(GetParam().rules) + " b hits a");
}

TEST_P(RulesetFight, AccuracyIsTheRulesetsHitChance) {
  std::string skip;
  const auto bout = bout_of(GetParam(), skip);
  if (!bout) GTEST_SKIP() << skip;
  const Matchup& m = GetParam();
  const test::Run r = test::run_cli({"attack", "--rules", m.rules, "--attacker", m.a, "--defender", m.b, "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = r.json();
  ASSERT_TRUE(j.contains("p_hit")) << j.dump();
  const AttackStats s =
      attack_stats(*bout->a_hits_b, {bout->a.hp, bout->a.state}, {bout->b.hp, bout->b.state}, bout->a.attack_time);
  EXPECT_NEAR(s.p_hit, j["p_hit"].get<double>(), 1e-12) << m.rules;
}

TEST_P(RulesetFight, CommandLineIsIndependentOfThreads) {
  std::string skip;
  if (!bout_of(GetParam(), skip)) GTEST_SKIP() << skip;
  const Matchup& m = GetParam();
  const std::uint64_t sims = test::scaled(10000);
  auto run = [&](const char* threads) {
    return test::run_cli({"duel", "--rules", m.rules, "--a", m.a, "--b", m.b, "--sims", std::to_string(sims), "--seed",
                          "11", "--threads", threads, "--json"});
  };
  const test::Run one = run("1"), two = run("2");
  ASSERT_EQ(one.status, 0) << one.err;
  EXPECT_EQ(one.out, two.out);
  const auto j = one.json();
  EXPECT_EQ(j["method"], "monte-carlo");
  EXPECT_EQ(j["sims"], sims);
  const test::Run ttk = test::run_cli({"ttk", "--rules", m.rules, "--attacker", m.a, "--defender", m.b, "--json"});
  ASSERT_EQ(ttk.status, 0) << ttk.err;
  EXPECT_EQ(ttk.json()["rules"], m.rules);
  EXPECT_GE(ttk.json()["defender_hp"].get<std::int64_t>(), 1);
  const test::Run text = test::run_cli({"duel", "--rules", m.rules, "--a", m.a, "--b", m.b});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("wins"), std::string::npos);
}

// An exchange as it is, but for the SampledFight it would make: Monte Carlo
// through it numbers the conditions at every turn (Exchange::sample).
class Numbered final : public Exchange {
 public:
  explicit Numbered(std::shared_ptr<const Exchange> inner) : inner_(std::move(inner)) {}
  std::vector<Transition> outcomes(Side a, Side d) const override { return inner_->outcomes(a, d); }
  Transition sample(Side a, Side d, Rng& rng) const override { return inner_->sample(a, d, rng); }
  Reads reads() const override { return inner_->reads(); }
  HpClasses hp_classes(Side a, Side d) const override { return inner_->hp_classes(a, d); }
  bool exact() const override { return inner_->exact(); }
  std::string why_not_exact() const override { return inner_->why_not_exact(); }
  double extra_sample_ops() const override { return inner_->extra_sample_ops(); }

 private:
  std::shared_ptr<const Exchange> inner_;
};

// A sampled fight that carries the sides' values (Exchange::sampled_fight)
// draws what the numbered one draws: the same fights, to the last count,
// for every game, in duels and in turns to kill with the defender's own
// turns (its regeneration, its poison).
class SampledFight : public ::testing::TestWithParam<Matchup> {};

TEST_P(SampledFight, CarryingValuesIsTheNumberedOne) {
  std::string skip;
  const auto bout = bout_of(GetParam(), skip);
  if (!bout) GTEST_SKIP() << skip;
  ASSERT_NE(bout->a_hits_b->sampled_fight(bout->b_hits_a.get(), true), nullptr) << GetParam().rules;
  Bout numbered = *bout;
  numbered.a_hits_b = std::make_shared<Numbered>(bout->a_hits_b);
  numbered.b_hits_a = std::make_shared<Numbered>(bout->b_hits_a);
  ASSERT_EQ(numbered.a_hits_b->sampled_fight(numbered.b_hits_a.get(), true), nullptr);
  const auto o = mc(test::scaled(3000), 5, 1);
  const DuelResult x = duel_monte_carlo(*bout, Who::a, o), y = duel_monte_carlo(numbered, Who::a, o);
  EXPECT_EQ(x.p_a_wins, y.p_a_wins);
  EXPECT_EQ(x.p_b_wins, y.p_b_wins);
  EXPECT_EQ(x.p_draw, y.p_draw);
  EXPECT_EQ(x.p_a_escapes, y.p_a_escapes);
  EXPECT_EQ(x.a_hp_left, y.a_hp_left);
  EXPECT_EQ(x.b_hp_left, y.b_hp_left);
  EXPECT_EQ(x.length, y.length);
  const TtkResult u = ttk_monte_carlo(*bout, Who::a, o), v = ttk_monte_carlo(numbered, Who::a, o);
  EXPECT_EQ(u.p_kill, v.p_kill);
  EXPECT_EQ(u.attacks, v.attacks);
  EXPECT_EQ(u.hits, v.hits);
}

// A life drain heals only when the attack lands on someone: in turns to kill
// the bat does not fight back, so it drains nothing, and with no other change
// of its own HP (no regeneration in either Pixel Dungeon) turns to kill is
// the hero's attacks alone.
TEST(RulesetDrain, GoesWithTheAttackInTurnsToKill) {
  for (const char* rules : {"pixel-dungeon", "shattered-pd"}) {
    AttackRequest req;
    req.attacker = "hero:class=warrior,level=5";
    req.defender = "vampire_bat";
    const Bout bout = ruleset(rules).bout(req);
    const OwnChanges own(*bout.b_hits_a);
    const Side bat{bout.b.hp - 10, bout.b.state}, hero{bout.a.hp - 10, bout.a.state};
    bool drains = false;
    for (const Transition& t : bout.b_hits_a->outcomes(bat, hero)) drains = drains || t.heal > 0;
    EXPECT_TRUE(drains) << rules << ": the bat's attack drains";
    for (const Transition& t : own.outcomes(bat, hero)) EXPECT_EQ(t.heal, 0) << rules;
    const TtkResult with_turns = ttk_exact(bout), alone = ttk_exact(*bout.a_hits_b, bout.a, bout.b);
    ASSERT_TRUE(with_turns.attacks && alone.attacks) << rules;
    EXPECT_NEAR(with_turns.p_kill, 1.0, 1e-12) << rules;
    const auto x = with_turns.attacks->items(), y = alone.attacks->items();
    ASSERT_EQ(x.size(), y.size()) << rules;
    for (std::size_t i = 0; i < x.size(); ++i) {
      EXPECT_EQ(x[i].first, y[i].first) << rules;
      EXPECT_NEAR(x[i].second, y[i].second, 1e-12) << rules << " at " << x[i].first << " attacks";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Catalogs, RulesetFight, ::testing::ValuesIn(kMatchups),
                         [](const ::testing::TestParamInfo<Matchup>& info) {
                           std::string name = info.param.rules;
                           for (char& c : name)
                             if (c == '-' || c == '.') c = '_';
                           return name;
                         });
INSTANTIATE_TEST_SUITE_P(Catalogs, SampledFight, ::testing::ValuesIn(kMatchups),
                         [](const ::testing::TestParamInfo<Matchup>& info) {
                           std::string name = info.param.rules;
                           for (char& c : name)
                             if (c == '-' || c == '.') c = '_';
                           return name;
                         });
INSTANTIATE_TEST_SUITE_P(Carried, SampledFight, ::testing::ValuesIn(kCarried),
                         [](const ::testing::TestParamInfo<Matchup>& info) {
                           const auto head = [](std::string_view spec) { return spec.substr(0, spec.find(':')); };
                           std::string name = std::string(info.param.rules) + "_" + std::string(head(info.param.a)) +
                                              "_" + std::string(head(info.param.b));
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

}  // namespace
}  // namespace fray::fight
