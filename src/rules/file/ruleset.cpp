// The Ruleset of a rules file: its specs read against the file's stats and
// catalogs, one blow read exactly (Program::each) or sampled
// (Program::sample), and a fight's turn of `blows` blows from the same
// program.
#include "game.hpp"

#include <fray/core/budget.hpp>
#include <fray/core/suggest.hpp>
#include <fray/rules/spec.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace fray::rules_file {

namespace {

constexpr std::int64_t kMaxBlows = 100;
// The most operations the exact law of a turn of several blows may take.
constexpr double kMaxTurnWork = 4e8;

Value shown(const Val& v) {
  switch (v.type) {
    case Type::real:
      return v.r;
    case Type::boolean:
      return v.i != 0;
    default:
      return v.i;
  }
}

// A combatant: the value of each stat.
struct Combatant {
  std::string name;  // the catalog entry or the spec
  std::vector<Val> vals;
  std::vector<DiceValue> dice;
  std::vector<std::string> items;  // "class warrior", "weapon long_sword"
};

DiceValue dice_value(const std::string& text) {
  DiceValue d;
  d.text = text;
  d.dice = std::make_shared<Dice>(Dice::parse(text));
  d.law = std::make_shared<Pmf>(d.dice->exact());
  if (d.law->width() > 1'000'000) throw Error(fmt::format("{} takes more than 1000000 values", text));
  return d;
}

class FileRules final : public Ruleset {
 public:
  explicit FileRules(Game g) : g_(std::move(g)) {
    for (const Stat& s : g_.stats) names_.push_back(s.name);
  }

  std::string_view id() const override { return g_.id; }
  std::string_view title() const override { return g_.title; }
  std::string_view player_name() const override { return g_.player; }

  AttackSummary attack(const AttackRequest& req) const override {
    check_options(*this, req);
    const Combatant a = combatant(req.attacker, "attacker"), d = combatant(req.defender, "defender");
    const std::vector<bool> flags = situation(req.situation);
    const Inputs in = inputs(a, d, flags);
    const Law law = blow_law(in);
    AttackSummary s;
    s.rules = g_.id;
    s.attacker = side(a);
    s.defender = side(d);
    s.situation = req.situation;
    for (std::size_t k = 0; k < g_.outcomes.size(); ++k) {
      s.outcomes.push_back({g_.outcomes[k], law.kind[k], g_.lands[k]});
      if (g_.lands[k]) s.p_hit += law.kind[k];
    }
    s.damage = pmf_of(law.damage, law.total());
    s.damage_on_hit = law.hit_p() > 0 ? pmf_of(law.damage_hit, law.hit_p()) : Pmf::point(0);
    s.attack_time = time_of(in);
    s.time_unit = g_.time_unit;
    const std::int64_t blows = blows_of(in);
    s.details = {{"blows", blows}, {"paths", static_cast<std::int64_t>(law.paths)}};
    s.steps.push_back(fmt::format("one blow of {}: its program read exactly over {} path{}", g_.file, law.paths,
                                  law.paths == 1 ? "" : "s"));
    if (blows != 1) s.notes.push_back(fmt::format("a turn of a fight is {} blows; this is one of them", blows));
    for (const Combatant* c : {&a, &d})
      for (const std::string& item : c->items)
        s.equipment.push_back(fmt::format("{}: {}", c == &a ? "attacker" : "defender", item));
    mechanics(s.modelled);
    return s;
  }

  StrikeRun strike(const StrikeRequest& req) const override {
    if (req.engine != "default")
      throw Error(fmt::format("--rng {}: a rules file's game draws from the default engine only", req.engine));
    check_options(*this, req.attack);
    const Combatant a = combatant(req.attack.attacker, "attacker"), d = combatant(req.attack.defender, "defender");
    const std::vector<bool> flags = situation(req.attack.situation);
    const Inputs in = inputs(a, d, flags);
    StrikeRun run;
    run.rules = g_.id;
    run.attacker = side(a);
    run.defender = side(d);
    run.situation = req.attack.situation;
    run.seed = req.seed;
    run.engine = req.engine;
    run.count = req.count;
    try {
      const Law law = blow_law(in);
      for (std::size_t k = 0; k < g_.outcomes.size(); ++k)
        if (g_.lands[k]) run.p_hit += law.kind[k];
    } catch (const TooLarge& e) {
      run.p_hit = std::nan("");
      run.notes.push_back(fmt::format("no exact P(hit) to compare: {}", e.what()));
    }
    run.details = {{"blows", blows_of(in)}};
    mechanics(run.modelled);
    Rng rng(req.seed);
    for (std::uint64_t i = 0; i < req.count; ++i) {
      if (i < kMaxTraced) {
        std::vector<Draw> draws;
        std::vector<Named> named;
        const Blow b = g_.blow.sample(in, rng, &draws, &named);
        count(run, b);
        Strike st{g_.outcomes[b.outcome], g_.lands[b.outcome], b.damage, {}, std::move(draws)};
        for (const Named& n : named) st.rolls.push_back({n.name, shown(n.value)});
        run.strikes.push_back(std::move(st));
      } else {
        count(run, g_.blow.sample(in, rng, nullptr, nullptr));
      }
    }
    return run;
  }

  Bout bout(const AttackRequest& req) const override;

  std::vector<CatalogKind> catalogs() const override {
    std::vector<CatalogKind> out;
    for (CatalogKind k : {CatalogKind::monsters, CatalogKind::weapons, CatalogKind::armors, CatalogKind::classes})
      if (g_.catalogs.count(k) && !g_.catalogs.at(k).empty()) out.push_back(k);
    if (!g_.situations.empty()) out.push_back(CatalogKind::situations);
    out.push_back(CatalogKind::keys);
    return out;
  }

  std::vector<CatalogEntry> catalog(CatalogKind kind) const override {
    const auto have = catalogs();
    if (std::find(have.begin(), have.end(), kind) == have.end()) {
      std::vector<std::string> names;
      for (CatalogKind k : have) names.emplace_back(catalog_kind_name(k));
      throw Error(
          fmt::format("{} has no {} catalog (it has: {})", g_.id, catalog_kind_name(kind), fmt::join(names, ", ")));
    }
    std::vector<CatalogEntry> out;
    if (kind == CatalogKind::situations) {
      for (std::size_t k = 0; k < g_.situations.size(); ++k)
        out.push_back({g_.situations[k], g_.situation_help[k], {}});
      return out;
    }
    if (kind == CatalogKind::keys) {
      for (const Stat& s : g_.stats) {
        Fields f{{"type", std::string(s.type == Type::integer ? "int"
                                      : s.type == Type::real  ? "real"
                                      : s.type == Type::dice  ? "dice"
                                                              : "flag")}};
        f.push_back({"default", s.type == Type::dice ? Value(s.dice_default) : shown(s.fallback)});
        if (s.has_min)
          f.push_back({"min", s.type == Type::real ? Value(s.min) : Value(static_cast<std::int64_t>(s.min))});
        if (s.has_max)
          f.push_back({"max", s.type == Type::real ? Value(s.max) : Value(static_cast<std::int64_t>(s.max))});
        f.push_back({"applies_to", std::string("player, monster, inline")});
        out.push_back({s.name, s.help, std::move(f)});
      }
      for (const auto& [word, k] : items())
        if (g_.catalogs.count(k) && !g_.catalogs.at(k).empty())
          out.push_back(
              {std::string(word),
               fmt::format("a {} of the file's {} catalog: its stats set on the combatant", word, catalog_kind_name(k)),
               {{"applies_to", std::string("player, monster, inline")}}});
      return out;
    }
    for (const Entry& e : g_.catalogs.at(kind)) {
      CatalogEntry c{e.name, e.description.empty() ? e.title : e.description, {}};
      for (const auto& [stat, v] : e.values) c.stats.push_back({g_.stats[stat].name, shown(v)});
      for (const auto& [stat, text] : e.dice) c.stats.push_back({g_.stats[stat].name, text});
      out.push_back(std::move(c));
    }
    return out;
  }

  RulesetDefaults defaults() const override {
    RulesetDefaults d = Ruleset::defaults();
    if (d.attacker.empty()) d.attacker = fmt::format("hp={}", g_.stats[g_.hp].fallback.i);
    if (d.defender.empty()) d.defender = fmt::format("hp={}", g_.stats[g_.hp].fallback.i);
    for (const Stat& s : g_.stats) {
      if (s.name == "hp" || s.type != Type::integer || !s.has_min || !s.has_max || s.max - s.min > 1e6) continue;
      d.sweep_key = s.name;
      d.sweep_from = static_cast<std::int64_t>(s.min);
      d.sweep_to = static_cast<std::int64_t>(s.max);
      d.sweep_step = std::max<std::int64_t>(1, (d.sweep_to - d.sweep_from) / 10);
      break;
    }
    return d;
  }

  // The exact law of one blow: each outcome's chance, and the damage (all
  // blows, and those that land) as weights.
  struct Law {
    std::vector<double> kind;
    std::map<std::int64_t, double> damage, damage_hit, damage_miss;
    std::uint64_t paths = 0;
    double total() const {
      double t = 0;
      for (double p : kind) t += p;
      return t;
    }
    double hit_p() const {
      double t = 0;
      for (const auto& [k, p] : damage_hit) t += p;
      return t;
    }
  };
  Law blow_law(const Inputs& in) const {
    Law law;
    law.kind.assign(g_.outcomes.size(), 0.0);
    g_.blow.each(in, [&](double p, const Blow& b) {
      ++law.paths;
      law.kind[b.outcome] += p;
      law.damage[b.damage] += p;
      (g_.lands[b.outcome] ? law.damage_hit : law.damage_miss)[b.damage] += p;
    });
    return law;
  }

  Combatant combatant(std::string_view text, std::string_view role) const;
  std::vector<bool> situation(const std::vector<std::string>& flags) const {
    std::vector<bool> out(g_.situations.size(), false);
    for (const std::string& f : flags) {
      const auto at = std::find(g_.situations.begin(), g_.situations.end(), f);
      if (at == g_.situations.end())
        throw Error(fmt::format(
            "unknown situation '{}'{} for {} (situations: {})", f, did_you_mean(f, g_.situations), g_.id,
            g_.situations.empty() ? std::string("none") : fmt::format("{}", fmt::join(g_.situations, ", "))));
      out[static_cast<std::size_t>(at - g_.situations.begin())] = true;
    }
    return out;
  }
  static Inputs inputs(const Combatant& a, const Combatant& d, const std::vector<bool>& flags) {
    return {&a.vals, &a.dice, &d.vals, &d.dice, &flags};
  }
  std::int64_t blows_of(const Inputs& in) const {
    if (!g_.blows) return 1;
    const Val v = g_.blows->value(in);
    const std::int64_t n = v.type == Type::real ? static_cast<std::int64_t>(std::floor(v.r)) : v.i;
    if (n < 1 || n > kMaxBlows)
      throw Error(fmt::format("{}: [attack] blows is {}, outside 1..{}", g_.file, n, kMaxBlows));
    return n;
  }
  double time_of(const Inputs& in) const {
    if (!g_.time) return 1;
    const double t = g_.time->value(in).num();
    if (!(t > 0) || !std::isfinite(t))
      throw Error(fmt::format("{}: [attack] time is {}, not a positive number", g_.file, t));
    return t;
  }

  const Game& game() const { return g_; }

 private:
  static std::vector<std::pair<std::string_view, CatalogKind>> items() {
    return {{"class", CatalogKind::classes}, {"weapon", CatalogKind::weapons}, {"armor", CatalogKind::armors}};
  }

  SideSummary side(const Combatant& c) const {
    SideSummary s{c.name, {}};
    for (std::size_t k = 0; k < g_.stats.size(); ++k)
      s.stats.push_back({g_.stats[k].name, g_.stats[k].type == Type::dice ? Value(c.dice[k].text) : shown(c.vals[k])});
    return s;
  }

  void count(StrikeRun& run, const Blow& b) const {
    run.hits += g_.lands[b.outcome] ? 1 : 0;
    run.total_damage += b.damage;
  }

  void mechanics(std::vector<std::string>& modelled) const {
    if (g_.regen) modelled.push_back("regeneration: [mechanics] regeneration of the rules file");
  }

  static Pmf pmf_of(const std::map<std::int64_t, double>& w, double total) {
    std::vector<std::pair<std::int64_t, double>> pairs;
    for (const auto& [k, p] : w) pairs.emplace_back(k, total > 0 ? p / total : 0);
    if (pairs.empty()) return Pmf::point(0);
    return Pmf::from_pairs(pairs);
  }

  Game g_;
  std::vector<std::string> names_;
};

Combatant FileRules::combatant(std::string_view text, std::string_view role) const {
  Spec spec = parse_spec(text);
  Combatant c;
  c.vals.resize(g_.stats.size());
  c.dice.resize(g_.stats.size());
  std::vector<std::string> dice_text(g_.stats.size());
  for (std::size_t k = 0; k < g_.stats.size(); ++k) {
    c.vals[k] = g_.stats[k].fallback;
    dice_text[k] = g_.stats[k].dice_default;
  }
  const auto apply = [&](const Entry& e) {
    for (const auto& [stat, v] : e.values) c.vals[stat] = v;
    for (const auto& [stat, t] : e.dice) dice_text[stat] = t;
  };
  c.name = spec.name.empty() ? std::string(text) : spec.name;
  if (!spec.name.empty()) {
    const auto it = g_.catalogs.find(CatalogKind::monsters);
    const std::string key = catalog_key(spec.name);
    const Entry* found = nullptr;
    std::vector<std::string> names;
    if (it != g_.catalogs.end())
      for (const Entry& e : it->second) {
        names.push_back(e.name);
        if (e.name == key) found = &e;
      }
    if (!found)
      throw Error(fmt::format("{} spec '{}': unknown monster '{}'{} ({})", role, text, spec.name,
                              did_you_mean(key, names),
                              names.empty() ? std::string("the file has no monsters: give stats as keys, hp=10,...")
                                            : fmt::format("monsters: {}", fmt::join(names, ", "))));
    apply(*found);
    c.name = found->name;
  }
  SpecReader r(std::move(spec), role);
  std::vector<std::string> known = names_;
  for (const auto& [word, kind] : items()) {
    const auto it = g_.catalogs.find(kind);
    if (it == g_.catalogs.end() || it->second.empty()) continue;
    known.emplace_back(word);
    const auto name = r.text(word);
    if (!name) continue;
    const std::string key = catalog_key(*name);
    const Entry* found = nullptr;
    std::vector<std::string> names;
    for (const Entry& e : it->second) {
      names.push_back(e.name);
      if (e.name == key) found = &e;
    }
    if (!found)
      r.fail(fmt::format("unknown {} '{}'{} ({}: {})", word, *name, did_you_mean(key, names), catalog_kind_name(kind),
                         fmt::join(names, ", ")));
    apply(*found);
    c.items.push_back(fmt::format("{} {}", word, found->name));
  }
  for (std::size_t k = 0; k < g_.stats.size(); ++k) {
    const Stat& s = g_.stats[k];
    switch (s.type) {
      case Type::integer: {
        const std::int64_t lo = s.has_min ? static_cast<std::int64_t>(s.min) : std::numeric_limits<std::int64_t>::min();
        const std::int64_t hi = s.has_max ? static_cast<std::int64_t>(s.max) : std::numeric_limits<std::int64_t>::max();
        if (auto v = r.integer(s.name, lo, hi)) c.vals[k].i = *v;
        if (c.vals[k].i < lo || c.vals[k].i > hi)
          r.fail(fmt::format("{} {} is outside its range {}..{}", s.name, c.vals[k].i, lo, hi));
        break;
      }
      case Type::real: {
        const double lo = s.has_min ? s.min : -1e300, hi = s.has_max ? s.max : 1e300;
        if (auto v = r.number(s.name, lo, hi)) c.vals[k].r = *v;
        break;
      }
      case Type::boolean:
        if (auto v = r.flag(s.name)) c.vals[k].i = *v ? 1 : 0;
        break;
      case Type::dice:
        if (auto v = r.text(s.name)) dice_text[k] = *v;
        try {
          c.dice[k] = dice_value(dice_text[k]);
        } catch (const Error& e) {
          r.fail(fmt::format("{}={}: {}", s.name, dice_text[k], e.what()));
        }
        break;
    }
  }
  r.done(fmt::format("{}", fmt::join(known, ", ")));
  return c;
}

// --- the fight ------------------------------------------------------------------------------

// One side's turns on the other: `blows` blows, landing when any lands. Its
// exact law is the blows' convolution; a sampled turn runs the program once
// per blow.
class BlowsExchange final : public Exchange {
 public:
  BlowsExchange(const FileRules& rules, Combatant a, Combatant d, std::vector<bool> flags)
      : rules_(rules), a_(std::move(a)), d_(std::move(d)), flags_(std::move(flags)) {
    const Inputs in = this->in();
    blows_ = rules.blows_of(in);
    try {
      law_ = turn_law(rules.blow_law(in));
    } catch (const TooLarge& e) {
      why_ = e.what();
    }
  }

  std::vector<Transition> outcomes(Side a, Side d) const override {
    if (!why_.empty()) throw TooLarge(why_);
    std::vector<Transition> out = law_;
    for (Transition& t : out) {
      t.attacker_state = a.state;
      t.defender_state = d.state;
    }
    return out;
  }
  Transition sample(Side a, Side d, Rng& rng) const override {
    const Inputs in = this->in();
    Transition t{1, 0, a.state, d.state, 0};
    for (std::int64_t b = 0; b < blows_; ++b) {
      const Blow x = rules_.game().blow.sample(in, rng, nullptr, nullptr);
      t.damage += x.damage;
      if (rules_.game().lands[x.outcome]) t.hit = 1;
    }
    return t;
  }
  Reads reads() const override { return {false, false}; }
  bool exact() const override { return why_.empty(); }
  std::string why_not_exact() const override { return why_; }
  double extra_sample_ops() const override { return static_cast<double>(blows_) * 16.0 * kDrawOps; }

 private:
  Inputs in() const { return {&a_.vals, &a_.dice, &d_.vals, &d_.dice, &flags_}; }

  // The law of `blows_` blows: the damage, and whether any landed.
  std::vector<Transition> turn_law(const FileRules::Law& blow) const {
    std::map<std::int64_t, double> none{{0, 1.0}}, some;
    double work = 0;
    for (std::int64_t b = 0; b < blows_; ++b) {
      work += static_cast<double>(none.size() + some.size()) *
              static_cast<double>(blow.damage_hit.size() + blow.damage_miss.size());
      if (work > kMaxTurnWork)
        throw TooLarge(
            fmt::format("{} blows a turn of this many damage values take more work than an exact fight does", blows_));
      std::map<std::int64_t, double> none2, some2;
      for (const auto& [k, p] : none) {
        for (const auto& [x, q] : blow.damage_miss) none2[k + x] += p * q;
        for (const auto& [x, q] : blow.damage_hit) some2[k + x] += p * q;
      }
      for (const auto& [k, p] : some)
        for (const auto* part : {&blow.damage_miss, &blow.damage_hit})
          for (const auto& [x, q] : *part) some2[k + x] += p * q;
      none.swap(none2);
      some.swap(some2);
    }
    std::vector<Transition> out;
    for (const auto& [k, p] : none)
      if (p > 0) out.push_back({p, k, 0, 0, 0});
    for (const auto& [k, p] : some)
      if (p > 0) out.push_back({p, k, 0, 0, 1});
    return out;
  }

  const FileRules& rules_;
  Combatant a_, d_;
  std::vector<bool> flags_;
  std::int64_t blows_ = 1;
  std::vector<Transition> law_;
  std::string why_;
};

Bout FileRules::bout(const AttackRequest& req) const {
  check_options(*this, req);
  Combatant a = combatant(req.attacker, "attacker"), b = combatant(req.defender, "defender");
  const std::vector<bool> flags = situation(req.situation);
  Bout out;
  out.time_unit = g_.time_unit;
  out.a = {a.name, a.vals[g_.hp].i, time_of(inputs(a, b, flags)), 0};
  out.b = {b.name, b.vals[g_.hp].i, time_of(inputs(b, a, flags)), 0};
  out.a_hits_b = std::make_shared<BlowsExchange>(*this, a, b, flags);
  out.b_hits_a = std::make_shared<BlowsExchange>(*this, b, a, flags);
  mechanics(out.modelled);
  return out;
}

}  // namespace

std::unique_ptr<const Ruleset> game_ruleset(Game game) { return std::make_unique<FileRules>(std::move(game)); }

}  // namespace fray::rules_file
