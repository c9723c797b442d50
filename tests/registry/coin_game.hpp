// A game defined only in the tests: "coin". Every attack hits on a fair coin
// flip for 1 damage; its catalog has two monsters, a knight (3 HP) and a
// goblin (2 HP). It shows what a new game is: one Ruleset subclass with its
// catalog data, and one fray::register_ruleset call.
#pragma once

#include <fray/core/error.hpp>
#include <fray/report/game_verbs.hpp>
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

class CoinRules final : public Ruleset {
 public:
  struct Monster {
    const char* name;
    std::int64_t hp;
    const char* description;
  };
  static constexpr Monster kMonsters[] = {{"knight", 3, "a knight in armor"}, {"goblin", 2, "a small goblin"}};

  std::string_view id() const override { return "coin"; }
  std::string_view title() const override { return "Coin 1.0"; }
  std::vector<std::string> aliases() const override { return {"coin-flip"}; }
  std::string_view player_name() const override { return "knight"; }

  AttackSummary attack(const AttackRequest& request) const override {
    AttackSummary s;
    s.rules = "coin";
    s.attacker = side(request.attacker, "attacker");
    s.defender = side(request.defender, "defender");
    s.situation = request.situation;
    s.p_hit = 0.5;
    s.outcomes = {{"miss", 0.5, false}, {"hit", 0.5, true}};
    s.damage = Pmf::from_map({{0, 0.5}, {1, 0.5}});
    s.damage_on_hit = Pmf::from_map({{1, 1.0}});
    s.attack_time = 1;
    s.time_unit = "turns";
    s.steps = {"a coin flip: heads hits for 1"};
    return s;
  }

  StrikeRun strike(const StrikeRequest& request) const override {
    StrikeRun run;
    run.rules = "coin";
    run.attacker = side(request.attack.attacker, "attacker");
    run.defender = side(request.attack.defender, "defender");
    run.seed = request.seed;
    run.engine = request.engine;
    run.count = request.count;
    run.p_hit = 0.5;
    Rng rng(request.seed);
    for (std::uint64_t i = 0; i < request.count; ++i) {
      const double u = rng.unit();
      const bool hit = u < 0.5;
      run.hits += hit ? 1 : 0;
      run.total_damage += hit ? 1 : 0;
      if (i < kMaxTraced) run.strikes.push_back({hit ? "hit" : "miss", hit, hit ? 1 : 0, {}, {{"coin", "unit()", u}}});
    }
    return run;
  }

  Bout bout(const AttackRequest& request) const override {
    Bout b;
    b.a = {std::string(find(request.attacker, "side a").name), find(request.attacker, "side a").hp, 1.0, 0};
    b.b = {std::string(find(request.defender, "side b").name), find(request.defender, "side b").hp, 1.0, 0};
    b.a_hits_b = b.b_hits_a = std::make_shared<CoinFlip>();
    return b;
  }

  std::vector<CatalogKind> catalogs() const override { return {CatalogKind::monsters}; }
  std::vector<CatalogEntry> catalog(CatalogKind kind) const override {
    if (kind != CatalogKind::monsters)
      throw Error(fmt::format("rules coin has no {} (it has: monsters)", catalog_kind_name(kind)));
    std::vector<CatalogEntry> out;
    for (const Monster& m : kMonsters) out.push_back({m.name, m.description, {{"hp", m.hp}}});
    return out;
  }

 private:
  static const Monster& find(const std::string& spec, std::string_view role) {
    for (const Monster& m : kMonsters)
      if (spec == m.name) return m;
    throw Error(fmt::format("{}: unknown monster '{}' (known: knight, goblin)", role, spec));
  }
  static SideSummary side(const std::string& spec, std::string_view role) {
    const Monster& m = find(spec, role);
    return {m.name, {{"hp", m.hp}}};
  }
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
