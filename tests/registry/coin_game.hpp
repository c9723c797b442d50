// A game defined only in the tests: "coin". Every attack hits on a fair coin
// flip for 1 damage; its catalog has two monsters, a knight (3 HP) and a
// goblin (2 HP). It shows what a new game is: a Game (its types, its plan, its
// exact and sampled readings, its catalog data) under GameRuleset, and one
// fray::register_ruleset call.
#pragma once

#include <fray/core/error.hpp>
#include <fray/report/game_verbs.hpp>
#include <fray/rules/game_ruleset.hpp>
#include <fray/rules/registry.hpp>
#include <fray/rules/ruleset.hpp>
#include <fray/rules/spec.hpp>

#include <fmt/format.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

namespace fray::test {

// Each side hits on a coin flip for 1 damage.
class CoinFlip final : public Exchange {
 public:
  std::vector<Transition> outcomes(Side a, Side d) const override {
    return {{0.5, 0, a.state, d.state, 0}, {0.5, 1, a.state, d.state, 1}};
  }
  Transition sample(Side a, Side d, Rng& rng) const override {
    const bool heads = rng.unit() < 0.5;
    return {1, heads ? 1 : 0, a.state, d.state, static_cast<std::int8_t>(heads ? 1 : 0)};
  }
  Reads reads() const override { return {false, false}; }
};

// The coin game as fray/rules/game_ruleset.hpp reads a game: its combatants
// (a catalog row), its plan (nothing to plan: every attack is the same flip),
// its exact outcome and its sampled strike; GameRuleset<CoinGame> answers
// every generic question from them.
struct CoinGame {
  struct Monster {
    const char* name;
    std::int64_t hp;
    const char* description;
  };
  static constexpr Monster kMonsters[] = {{"knight", 3, "a knight in armor"}, {"goblin", 2, "a small goblin"}};

  using Combatant = const Monster*;
  struct Situation {};
  struct AttackPlan {};
  struct Outcome {
    double p_hit = 0.5;
    Pmf damage = Pmf::from_map({{0, 0.5}, {1, 0.5}});
    Pmf damage_on_hit = Pmf::from_map({{1, 1.0}});
  };
  struct StrikeResult {
    bool hit = false;
    std::int64_t damage = 0;
  };
  using Prepared = fray::Prepared<Combatant, Situation, AttackPlan>;

  static constexpr std::string_view id = "coin";
  static constexpr std::string_view title = "Coin 1.0";
  static constexpr std::string_view player_name = "knight";
  static constexpr std::string_view time_unit = "turns";

  static Combatant parse_combatant(std::string_view spec, std::string_view role) {
    for (const Monster& m : kMonsters)
      if (spec == m.name) return &m;
    throw Error(fmt::format("{}: unknown monster '{}' (known: knight, goblin)", role, spec));
  }
  static Situation parse_situation(const std::vector<std::string>&) { return {}; }
  static AttackPlan plan_attack(Combatant, Combatant, const Situation&) { return {}; }
  static Outcome exact_outcome(const Prepared&) { return {}; }

  // One flip: heads (unit() < 0.5) hits for 1.
  template <class R>
  static StrikeResult strike(const Prepared&, R& rng, std::vector<Draw>* trace) {
    const double u = rng.unit();
    if (trace) trace->push_back({"coin", "unit()", u});
    return {u < 0.5, u < 0.5 ? 1 : 0};
  }
  static bool landed(const StrikeResult& r) { return r.hit; }
  static Strike strike_of(const Prepared&, const StrikeResult& r, std::vector<Draw> draws) {
    return {r.hit ? "hit" : "miss", r.hit, r.damage, {}, std::move(draws)};
  }

  static SideSummary side(const Prepared& p, bool attacker) {
    const Monster& m = *(attacker ? p.attacker : p.defender);
    return {m.name, {{"hp", m.hp}}};
  }
  static std::vector<OutcomeKind> outcomes(const Prepared&, const Outcome&) {
    return {{"miss", 0.5, false}, {"hit", 0.5, true}};
  }
  static double attack_time(const Prepared&) { return 1; }
  static Fields details(const Prepared&, const Outcome&) { return {}; }
  static std::vector<std::string> steps(const Prepared&, const Outcome&) { return {"a coin flip: heads hits for 1"}; }
  static std::vector<std::string> notes(const Prepared&) { return {}; }
  static std::vector<std::string> equipment(const Prepared&) { return {}; }
  static std::vector<std::string> warnings(const Prepared&) { return {}; }
  static void mechanics(const Prepared&, std::vector<std::string>&, std::vector<std::string>&) {}

  static Bout bout(Combatant a, Combatant b, const Situation&) {
    Bout out;
    out.a = {a->name, a->hp, 1.0, 0};
    out.b = {b->name, b->hp, 1.0, 0};
    out.a_hits_b = out.b_hits_a = std::make_shared<CoinFlip>();
    return out;
  }

  static std::vector<CatalogEntry> monster_entries() {
    std::vector<CatalogEntry> out;
    for (const Monster& m : kMonsters) out.push_back({m.name, m.description, {{"hp", m.hp}}});
    return out;
  }
  static constexpr CatalogSource catalog_sources[] = {{CatalogKind::monsters, monster_entries}};
};
static_assert(Game<CoinGame>);

class CoinRules final : public GameRuleset<CoinGame> {
 public:
  std::vector<std::string> aliases() const override { return {"coin-flip"}; }
};

// Registers the coin game once in this process.
inline const Ruleset& coin_rules() {
  static const Ruleset& rules = register_ruleset(std::make_unique<CoinRules>());
  return rules;
}

// The coin game's own verb, `fray flip --rules coin --times N`: the chance of
// each number of heads in N flips, C(N, k) / 2^N. A game adds a verb the
// built-in games lack with one description and the function that runs it;
// registered once in this process.
inline void add_coin_flip_verb() {
  static const bool added = [] {
    (void)coin_rules();
    add_game_verb({"flip",
                   "Coin: the chance of each number of heads in a number of flips",
                   {{"times", "Number of flips, 1..60", VerbOptionKind::text, true}}});
    offer_game_verb("flip", "coin", [](const Ruleset& rules, const VerbArgs& args) -> VerbAnswer {
      const std::int64_t n = parse_int(args.text("times").value_or(""), args.label("times"));
      if (n < 1 || n > 60) throw Error(fmt::format("{} {} is out of range 1..60", args.label("times"), n));
      Table t;
      t.title = fmt::format("{}: heads in {} flips", rules.id(), n);
      t.columns = {{"heads", ""}, {"p", ""}};
      double c = 1;  // C(n, k)
      for (std::int64_t k = 0; k <= n; ++k) {
        t.rows.push_back({Value(k), Value(c / std::ldexp(1.0, static_cast<int>(n)))});
        c = c * static_cast<double>(n - k) / static_cast<double>(k + 1);
      }
      return t;
    });
    return true;
  }();
  (void)added;
}

}  // namespace fray::test
