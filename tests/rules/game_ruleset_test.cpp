// The adapter (fray/rules/game_ruleset.hpp): GameRuleset<G> answers the
// generic questions from a Game's own steps. The game here is the coin of
// tests/registry (a fair flip for 1 damage), not registered: each answer is
// checked against the flips replayed from the same engine.
#include <fray/core/error.hpp>
#include <fray/core/rng.hpp>
#include <fray/rules/game_ruleset.hpp>

#include "registry/coin_game.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace fray {
namespace {

using test::CoinGame;
using test::CoinRules;

std::string error_of(const auto& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

// The flips `count` strikes from `engine` make: heads (unit() < 0.5) hits.
template <class E>
std::vector<double> flips(E& engine, std::uint64_t count) {
  std::vector<double> out;
  for (std::uint64_t i = 0; i < count; ++i) out.push_back(engine.unit());
  return out;
}

// The same coin, counting its tails itself (G::Tally), reporting them after
// the run (G::strike_report), drawing from the default engine only
// (G::check_engine), with a hint for the catalogs it lacks, and a fight that
// refuses situation flags before it reads the specs (G::check_fight).
struct TallyCoin : CoinGame {
  struct Tally {
    std::uint64_t tails = 0;
  };
  static void tally(Tally& t, const StrikeResult& r) { t.tails += r.hit ? 0 : 1; }
  static void strike_report(const Prepared& p, const Tally& t, StrikeRun& run) {
    run.details = {{"tails", static_cast<std::int64_t>(t.tails)}};
    run.notes = {std::string(p.attacker->name) + " flips"};
  }
  static void check_engine(std::string_view name) {
    if (name != "default") throw Error(fmt::format("tally-coin: no engine '{}'", name));
  }
  static void check_fight(const AttackRequest& req) {
    if (!req.situation.empty()) throw Error("tally-coin: a fight takes no flags");
  }
  static constexpr std::string_view catalog_hint = "weapons are the coin";
};
static_assert(Game<TallyCoin>);
class TallyCoinRules final : public GameRuleset<TallyCoin> {};

TEST(GameRuleset, AttackIsAssembledFromTheGamesParts) {
  const CoinRules rules;
  const AttackSummary s = rules.attack({"knight", "goblin", {"any"}, {}});
  EXPECT_EQ(s.rules, "coin");
  EXPECT_EQ(s.attacker.name, "knight");
  EXPECT_EQ(s.defender.name, "goblin");
  EXPECT_EQ(s.situation, std::vector<std::string>{"any"});
  EXPECT_EQ(s.p_hit, 0.5);
  ASSERT_EQ(s.outcomes.size(), 2u);
  EXPECT_EQ(s.outcomes[1].name, "hit");
  EXPECT_EQ(s.damage[1], 0.5);
  EXPECT_EQ(s.damage_on_hit[1], 1.0);
  EXPECT_EQ(s.mean_damage(), 0.5);
  EXPECT_EQ(s.attack_time, 1.0);
  EXPECT_EQ(s.time_unit, "turns");
  EXPECT_EQ(s.steps, std::vector<std::string>{"a coin flip: heads hits for 1"});
}

TEST(GameRuleset, RequestsAreCheckedBeforeTheGameReadsThem) {
  const CoinRules rules;
  EXPECT_EQ(error_of([&] {
              (void)rules.attack({"knight", "goblin", {}, {{"kind", "ranged"}}});
            }),
            "--kind is not used by --rules coin");
  EXPECT_EQ(error_of([&] {
              (void)rules.attack({"dragon", "goblin", {}, {}});
            }),
            "attacker: unknown monster 'dragon' (known: knight, goblin)");
  EXPECT_EQ(error_of([&] {
              (void)rules.strike({{"knight", "troll", {}, {}}, 1, 1, "default"});
            }),
            "defender: unknown monster 'troll' (known: knight, goblin)");
}

// 1500 strikes: the first kMaxTraced keep their one draw, all count.
TEST(GameRuleset, StrikesAreTheFlipsOfTheSeededEngine) {
  const CoinRules rules;
  const StrikeRun run = rules.strike({{"knight", "goblin", {}, {}}, 42, 1500, "default"});
  Rng replay(42);
  const std::vector<double> u = flips(replay, 1500);
  std::uint64_t heads = 0;
  for (double x : u) heads += x < 0.5 ? 1 : 0;
  EXPECT_EQ(run.rules, "coin");
  EXPECT_EQ(run.seed, 42u);
  EXPECT_EQ(run.count, 1500u);
  EXPECT_EQ(run.p_hit, 0.5);
  EXPECT_EQ(run.hits, heads);
  EXPECT_EQ(run.total_damage, static_cast<std::int64_t>(heads));
  ASSERT_EQ(run.strikes.size(), kMaxTraced);
  for (std::size_t i = 0; i < kMaxTraced; ++i) {
    const Strike& k = run.strikes[i];
    ASSERT_EQ(k.draws.size(), 1u);
    EXPECT_EQ(k.draws[0].label, "coin");
    EXPECT_EQ(std::get<double>(k.draws[0].value), u[i]);
    EXPECT_EQ(k.hit, u[i] < 0.5);
    EXPECT_EQ(k.outcome, u[i] < 0.5 ? "hit" : "miss");
  }
}

// An engine the game does not name itself is any registered game's, by name.
TEST(GameRuleset, OtherEnginesComeFromTheRegistry) {
  const CoinRules rules;
  const StrikeRun run = rules.strike({{"knight", "goblin", {}, {}}, 5, 20, "java"});
  const std::unique_ptr<AnyEngine> java = make_engine("java", 5);
  const std::vector<double> u = flips(*java, 20);
  ASSERT_EQ(run.strikes.size(), 20u);
  for (std::size_t i = 0; i < 20; ++i) EXPECT_EQ(std::get<double>(run.strikes[i].draws[0].value), u[i]);
  EXPECT_EQ(run.engine, "java");
  EXPECT_EQ(error_of([&] {
              (void)rules.strike({{"knight", "goblin", {}, {}}, 5, 1, "nosuch"});
            }).rfind("unknown engine 'nosuch'", 0),
            0u);
}

TEST(GameRuleset, CatalogsAreTheGamesSources) {
  const CoinRules rules;
  EXPECT_EQ(rules.catalogs(), std::vector<CatalogKind>{CatalogKind::monsters});
  const std::vector<CatalogEntry> m = rules.catalog(CatalogKind::monsters);
  ASSERT_EQ(m.size(), 2u);
  EXPECT_EQ(m[1].name, "goblin");
  EXPECT_EQ(error_of([&] { (void)rules.catalog(CatalogKind::weapons); }),
            "coin has no weapons catalog (it has: monsters)");
  const TallyCoinRules tally;
  EXPECT_EQ(error_of([&] { (void)tally.catalog(CatalogKind::armors); }),
            "coin has no armors catalog: weapons are the coin (it has: monsters)");
}

TEST(GameRuleset, AFightIsTheGamesBout) {
  const CoinRules rules;
  const Bout b = rules.bout({"knight", "goblin", {}, {}});
  EXPECT_EQ(b.a.name, "knight");
  EXPECT_EQ(b.a.hp, 3);
  EXPECT_EQ(b.b.name, "goblin");
  EXPECT_EQ(b.b.hp, 2);
  ASSERT_TRUE(b.a_hits_b);
  const TallyCoinRules tally;
  EXPECT_EQ(error_of([&] {
              (void)tally.bout({"dragon", "goblin", {"flag"}, {}});
            }),
            "tally-coin: a fight takes no flags");
}

// The optional steps: a tally counted over every strike and reported after
// them, in place of the attack's details; an engine refused before the specs.
TEST(GameRuleset, ATallyIsCountedOverEveryStrike) {
  const TallyCoinRules rules;
  const StrikeRun run = rules.strike({{"knight", "goblin", {}, {}}, 9, 2500, "default"});
  Rng replay(9);
  std::int64_t tails = 0;
  for (double x : flips(replay, 2500)) tails += x < 0.5 ? 0 : 1;
  EXPECT_EQ(run.hits, 2500u - static_cast<std::uint64_t>(tails));
  ASSERT_EQ(run.details.size(), 1u);
  EXPECT_EQ(run.details[0].key, "tails");
  EXPECT_EQ(std::get<std::int64_t>(run.details[0].value), tails);
  EXPECT_EQ(run.notes, std::vector<std::string>{"knight flips"});
  EXPECT_EQ(error_of([&] {
              (void)rules.strike({{"dragon", "goblin", {}, {}}, 9, 1, "java"});
            }),
            "tally-coin: no engine 'java'");
}

}  // namespace
}  // namespace fray
