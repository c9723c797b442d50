// fray/rules/game_ruleset.hpp — the adapter: one Ruleset over any Game.
//
// Every game answers the generic questions of fray/rules/ruleset.hpp the same
// way: read the two specs and the situation, plan the attack, then read the
// plan exactly (attack), sample it with a trace (strike), or turn the two
// combatants into fighters (bout), and list its catalogs. GameRuleset<G> does
// those steps once; a game's `G` names only what is its own, in the names of
// docs/conventions.md ("The adapter"; docs/mechanics.md tells the steps):
//
//   G::Combatant, G::Situation, G::AttackPlan, G::Outcome, G::StrikeResult
//                                                    (GameTypes<...> names all five, and Prepared)
//   G::id, G::title, G::player_name, G::time_unit    std::string_view constants
//   G::parse_combatant(spec, role)
//   G::parse_situation(flags)                        or G::parse_situation(request), for a game whose
//                                                    situation also reads the request's options
//   plan_attack(attacker, defender, situation)       the game's own, found in its namespace by its
//                                                    types (argument-dependent lookup), or
//                                                    G::plan_attack for a game that plans otherwise
//   exact_outcome(plan)                              the game's own, likewise (o.p_hit, o.damage,
//                                                    o.damage_on_hit), or G::exact_outcome(prepared)
//                                                    for an outcome that reads more than the plan
//   G::strike(prepared, rng, trace)                  one sampled attack; trace: nullptr, or the Draws
//                                                    to append to, in the game's order
//   G::landed(result), result.damage                 what a strike counts towards hits and damage
//   G::strike_of(prepared, result, draws)            a traced Strike
//   G::side(prepared, attacker?)                     the summary's parts: its sides, outcomes, attack
//   G::outcomes(prepared, outcome)                   time, details, steps, notes, equipment,
//   G::attack_time(prepared)                         warnings and mechanics (modelled and not)
//   G::details(prepared, outcome), G::steps(prepared, outcome)
//   G::notes(prepared), G::equipment(prepared), G::warnings(prepared)
//   G::mechanics(prepared, modelled, not_modelled)
//   G::bout(attacker, defender, situation)           the fighters, their kernels, notes and warnings
//   G::catalog_sources                               each catalog kind and the function listing it
//
// and, when the game has the step, optionally:
//
//   G::finish(prepared&)                   after plan_attack: the situation applied to the combatants
//   G::situation_words(flags)              the flags as an answer shows them (default: as given)
//   G::damage_laws(outcome)                {damage, damage_on_hit} for an Outcome that holds them otherwise
//   G::bout_plans = false                  a fight does not plan the attack first (default: it does, so
//                                          that a fight refuses what the attack refuses)
//   G::check_fight(request)                what a fight refuses before it reads the specs
//   G::check_engine(name)                  throws for an engine the game does not draw from, first
//   G::run_engine(name, seed, go)          a game's own engine by name: calls go(engine), true when it knew it
//   G::engine_notes(name)                  notes a strike run with that engine adds
//   G::strike_p_hit(prepared)              a strike run's P(hit) without the exact damage law
//                                          (default: the exact outcome's p_hit)
//   G::check_strikes(prepared, count)      throws for a run too large to sample, once its engine is known
//   G::strike_report(prepared, run)        what a strike run reports besides its strikes, after them
//                                          (default: the attack's details, notes, equipment, warnings,
//                                          mechanics)
//   G::Tally, G::tally(tally, result),     a strike run that counts more than hits and damage, and
//   G::strike_report(prepared, tally, run) reports from the count
//   G::catalog_hint                        said when a catalog is asked for that the game does not have
//
// A game's Ruleset is then `class Rules final : public GameRuleset<G>`, which
// overrides only the capabilities that are its own (verbs, field of view,
// defaults, options, dice functions, engines).
#pragma once

#include <fmt/format.h>

#include <concepts>
#include <cstdint>
#include <fray/core/error.hpp>
#include <fray/core/rng.hpp>
#include <fray/fight/kernel.hpp>
#include <fray/rules/ruleset.hpp>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fray {

// One catalog of a game: its kind and the function that lists its entries.
struct CatalogSource {
  CatalogKind kind;
  std::vector<CatalogEntry> (*entries)();
};

// One attack as the request resolved it: both combatants, the situation, the
// plan, and the request itself (for an answer that names the specs as
// written). Named by the game's types, so that a game's helpers can take it
// before its G is complete.
template <class Combatant, class Situation, class AttackPlan>
struct Prepared {
  Combatant attacker, defender;
  Situation situation;
  AttackPlan plan;
  const AttackRequest* request = nullptr;
};
template <class G>
using PreparedOf = Prepared<typename G::Combatant, typename G::Situation, typename G::AttackPlan>;

// A game's five types under the names GameRuleset reads, and its Prepared:
// `struct MyGame : GameTypes<Combatant, Situation, AttackPlan, Outcome, StrikeResult>`.
template <class C, class S, class P, class O, class R>
struct GameTypes {
  using Combatant = C;
  using Situation = S;
  using AttackPlan = P;
  using Outcome = O;
  using StrikeResult = R;
  using Prepared = fray::Prepared<C, S, P>;
};

// What a game provides for GameRuleset<G> (the list at the top of this header).
template <class G>
concept Game = std::default_initializable<typename G::AttackPlan> &&
    requires(const PreparedOf<G>& p, const typename G::Outcome& o, const typename G::StrikeResult& r,
             const AttackRequest& req, Rng& rng, std::vector<Draw>* trace, std::vector<std::string>& lines) {
  { G::id } -> std::convertible_to<std::string_view>;
  { G::title } -> std::convertible_to<std::string_view>;
  { G::player_name } -> std::convertible_to<std::string_view>;
  { G::time_unit } -> std::convertible_to<std::string_view>;
  { G::parse_combatant(std::string_view{}, std::string_view{}) } -> std::same_as<typename G::Combatant>;
  { o.p_hit } -> std::convertible_to<double>;
  { G::strike(p, rng, trace) } -> std::same_as<typename G::StrikeResult>;
  { G::landed(r) } -> std::convertible_to<bool>;
  { r.damage } -> std::convertible_to<std::int64_t>;
  { G::strike_of(p, r, std::vector<Draw>{}) } -> std::same_as<Strike>;
  { G::side(p, true) } -> std::same_as<SideSummary>;
  { G::outcomes(p, o) } -> std::same_as<std::vector<OutcomeKind>>;
  { G::attack_time(p) } -> std::convertible_to<double>;
  { G::details(p, o) } -> std::same_as<Fields>;
  { G::steps(p, o) } -> std::same_as<std::vector<std::string>>;
  { G::notes(p) } -> std::same_as<std::vector<std::string>>;
  { G::equipment(p) } -> std::same_as<std::vector<std::string>>;
  { G::warnings(p) } -> std::same_as<std::vector<std::string>>;
  G::mechanics(p, lines, lines);
  { G::bout(p.attacker, p.defender, p.situation) } -> std::same_as<Bout>;
  {std::span<const CatalogSource>(G::catalog_sources)};
} &&
    // The plan: the game's plan_attack, or G's.
    (
        requires(const PreparedOf<G>& p) {
          { G::plan_attack(p.attacker, p.defender, p.situation) } -> std::same_as<typename G::AttackPlan>;
        } ||
        requires(const PreparedOf<G>& p) {
          { plan_attack(p.attacker, p.defender, p.situation) } -> std::same_as<typename G::AttackPlan>;
        }) &&
    // The exact outcome: G's reading of the prepared attack, or the game's exact_outcome of the plan.
    (
        requires(const PreparedOf<G>& p) {
          { G::exact_outcome(p) } -> std::same_as<typename G::Outcome>;
        } ||
        requires(const PreparedOf<G>& p) {
          { exact_outcome(p.plan) } -> std::same_as<typename G::Outcome>;
        }) &&
    // The situation: from the flags, or from the whole request.
    (
        requires(const std::vector<std::string>& flags) {
          { G::parse_situation(flags) } -> std::same_as<typename G::Situation>;
        } ||
        requires(const AttackRequest& req) {
          { G::parse_situation(req) } -> std::same_as<typename G::Situation>;
        }) &&
    // The damage laws: the Outcome's own, or the game's reading of it.
    (
        requires(const typename G::Outcome& o) {
          { o.damage } -> std::convertible_to<Pmf>;
          { o.damage_on_hit } -> std::convertible_to<Pmf>;
        } ||
        requires(const typename G::Outcome& o) {
          { G::damage_laws(o) } -> std::convertible_to<std::pair<Pmf, Pmf>>;
        }) &&
    // A tally comes with the report that reads it.
    (
        !requires { typename G::Tally; } ||
        requires(const PreparedOf<G>& p, const typename G::StrikeResult& r, typename G::Tally& t, StrikeRun& run) {
          G::tally(t, r);
          G::strike_report(p, std::as_const(t), run);
        });

namespace detail {
// G::Tally, or nothing to count.
template <class G>
struct TallyOf {
  struct type {};
};
template <class G>
requires requires { typename G::Tally; }
struct TallyOf<G> {
  using type = typename G::Tally;
};
}  // namespace detail

template <Game G>
class GameRuleset : public Ruleset {
 public:
  std::string_view id() const override { return G::id; }
  std::string_view title() const override { return G::title; }
  std::string_view player_name() const override { return G::player_name; }

  // The request resolved: its options checked, both specs and the situation
  // read, the attack planned (and, for a game that has the step, the
  // situation applied).
  PreparedOf<G> prepare(const AttackRequest& req) const {
    check_options(*this, req);
    PreparedOf<G> p{G::parse_combatant(req.attacker, "attacker"),
                    G::parse_combatant(req.defender, "defender"),
                    parse_situation(req),
                    {},
                    &req};
    if constexpr (requires { G::plan_attack(p.attacker, p.defender, p.situation); })
      p.plan = G::plan_attack(p.attacker, p.defender, p.situation);
    else
      p.plan = plan_attack(p.attacker, p.defender, p.situation);
    if constexpr (requires { G::finish(p); }) G::finish(p);
    return p;
  }

  AttackSummary attack(const AttackRequest& req) const override {
    const PreparedOf<G> p = prepare(req);
    const auto o = outcome_of(p);
    AttackSummary s;
    s.rules = std::string(G::id);
    s.attacker = G::side(p, true);
    s.defender = G::side(p, false);
    s.situation = situation_words(req.situation);
    s.p_hit = o.p_hit;
    s.outcomes = G::outcomes(p, o);
    std::tie(s.damage, s.damage_on_hit) = damage_laws(o);
    s.attack_time = G::attack_time(p);
    s.time_unit = std::string(G::time_unit);
    s.details = G::details(p, o);
    s.steps = G::steps(p, o);
    s.notes = G::notes(p);
    s.equipment = G::equipment(p);
    s.warnings = G::warnings(p);
    G::mechanics(p, s.modelled, s.not_modelled);
    return s;
  }

  // `count` strikes from a seeded engine: the first kMaxTraced keep their
  // trace of draws, every one counts towards hits and damage.
  StrikeRun strike(const StrikeRequest& req) const override {
    if constexpr (requires { G::check_engine(req.engine); }) G::check_engine(req.engine);
    const PreparedOf<G> p = prepare(req.attack);
    StrikeRun run;
    run.rules = std::string(G::id);
    run.attacker = G::side(p, true);
    run.defender = G::side(p, false);
    run.situation = situation_words(req.attack.situation);
    run.seed = req.seed;
    run.engine = req.engine;
    run.count = req.count;
    if constexpr (requires { G::strike_p_hit(p); }) {
      static_assert(kReports, "a game that gives strike_p_hit reports its strike run itself (strike_report)");
      run.p_hit = G::strike_p_hit(p);
    } else {
      const auto o = outcome_of(p);
      run.p_hit = o.p_hit;
      if constexpr (!kReports) {
        run.details = G::details(p, o);
        run.notes = G::notes(p);
        run.equipment = G::equipment(p);
        run.warnings = G::warnings(p);
        G::mechanics(p, run.modelled, run.not_modelled);
      }
    }
    if constexpr (requires { G::engine_notes(req.engine); })
      for (std::string& n : G::engine_notes(req.engine)) run.notes.push_back(std::move(n));
    Tally tally{};
    auto go = [&](auto& rng) {
      if constexpr (requires { G::check_strikes(p, req.count); }) G::check_strikes(p, req.count);
      for (std::uint64_t i = 0; i < req.count; ++i) {
        if (i < kMaxTraced) {
          std::vector<Draw> draws;
          const auto r = G::strike(p, rng, &draws);
          count(run, tally, r);
          run.strikes.push_back(G::strike_of(p, r, std::move(draws)));
        } else {
          count(run, tally, G::strike(p, rng, nullptr));
        }
      }
    };
    run_with_engine(req, go);
    if constexpr (kTallies)
      G::strike_report(p, std::as_const(tally), run);
    else if constexpr (kReports)
      G::strike_report(p, run);
    return run;
  }

  Bout bout(const AttackRequest& req) const override {
    if constexpr (requires { requires !G::bout_plans; }) {
      check_options(*this, req);
      if constexpr (requires { G::check_fight(req); }) G::check_fight(req);
      const auto a = G::parse_combatant(req.attacker, "attacker");
      const auto b = G::parse_combatant(req.defender, "defender");
      return G::bout(a, b, parse_situation(req));
    } else {
      if constexpr (requires { G::check_fight(req); }) {
        check_options(*this, req);
        G::check_fight(req);
      }
      const PreparedOf<G> p = prepare(req);
      return G::bout(p.attacker, p.defender, p.situation);
    }
  }

  std::vector<CatalogKind> catalogs() const override {
    std::vector<CatalogKind> out;
    for (const CatalogSource& c : std::span<const CatalogSource>(G::catalog_sources)) out.push_back(c.kind);
    return out;
  }

  std::vector<CatalogEntry> catalog(CatalogKind kind) const override {
    std::string have;
    for (const CatalogSource& c : std::span<const CatalogSource>(G::catalog_sources)) {
      if (c.kind == kind) return c.entries();
      have += (have.empty() ? "" : ", ") + std::string(catalog_kind_name(c.kind));
    }
    std::string_view hint;
    if constexpr (requires { std::string_view(G::catalog_hint); }) hint = G::catalog_hint;
    throw Error(fmt::format("{} has no {} catalog{}{} (it has: {})", G::id, catalog_kind_name(kind),
                            hint.empty() ? "" : ": ", hint, have));
  }

 private:
  static constexpr bool kTallies = requires { typename G::Tally; };
  static constexpr bool kReports = kTallies || requires(const PreparedOf<G>& p, StrikeRun& run) {
    G::strike_report(p, run);
  };
  using Tally = typename detail::TallyOf<G>::type;

  static typename G::Outcome outcome_of(const PreparedOf<G>& p) {
    if constexpr (requires { G::exact_outcome(p); })
      return G::exact_outcome(p);
    else
      return exact_outcome(p.plan);
  }

  static typename G::Situation parse_situation(const AttackRequest& req) {
    if constexpr (requires { G::parse_situation(req); })
      return G::parse_situation(req);
    else
      return G::parse_situation(req.situation);
  }

  static std::vector<std::string> situation_words(const std::vector<std::string>& flags) {
    if constexpr (requires { G::situation_words(flags); })
      return G::situation_words(flags);
    else
      return flags;
  }

  static std::pair<Pmf, Pmf> damage_laws(const typename G::Outcome& o) {
    if constexpr (requires { G::damage_laws(o); })
      return G::damage_laws(o);
    else
      return {o.damage, o.damage_on_hit};
  }

  static void count(StrikeRun& run, Tally& tally, const typename G::StrikeResult& r) {
    run.hits += G::landed(r) ? 1 : 0;
    run.total_damage += r.damage;
    if constexpr (kTallies) G::tally(tally, r);
  }

  // The engine a strike run draws from: "default", the game's own, or one any game registered.
  template <class Go>
  static void run_with_engine(const StrikeRequest& req, Go& go) {
    if (req.engine == "default") {
      Rng rng(req.seed);
      go(rng);
      return;
    }
    if constexpr (requires { G::run_engine(req.engine, req.seed, go); })
      if (G::run_engine(req.engine, req.seed, go)) return;
    const std::unique_ptr<AnyEngine> any = make_engine(req.engine, req.seed);
    go(*any);
  }
};

}  // namespace fray
