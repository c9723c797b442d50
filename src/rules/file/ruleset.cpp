// The Ruleset of a rules file: its specs read against the file's stats and
// catalogs, one blow read exactly (Program::each) or sampled
// (Program::sample), and a fight's turn of `blows` blows from the same
// program.
#include "game.hpp"

#include <fray/core/budget.hpp>
#include <fray/core/suggest.hpp>
#include <fray/fight/parts/first_attack.hpp>
#include <fray/fight/parts/regeneration.hpp>
#include <fray/fight/states.hpp>
#include <fray/fight/turn.hpp>
#include <fray/rules/spec.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
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
    std::vector<std::int64_t> as(g_.statuses.size(), 0), ds(g_.statuses.size(), 0);
    Inputs in = inputs(a, d, flags);
    in.a_status = &as;
    in.d_status = &ds;
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
    if (!g_.statuses.empty()) s.notes.push_back("one blow as a fight starts: every status ([status]) at 0");
    if (blows != 1)
      s.notes.push_back(fmt::format("a turn of a fight is {} blows; this is {}", blows,
                                    g_.blow.reads_blow() ? "the first (the program reads blow)" : "one of them"));
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
    std::vector<std::int64_t> as(g_.statuses.size(), 0), ds(g_.statuses.size(), 0);
    Inputs in = inputs(a, d, flags);
    in.a_status = &as;
    in.d_status = &ds;
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
      for (std::size_t k = 0; k < g_.situations.size(); ++k) {
        Fields f;
        if (g_.situation_passes[k] != Passes::none)
          f.push_back({"passes", std::string(g_.situation_passes[k] == Passes::attacker ? "attacker" : "defender")});
        out.push_back({g_.situations[k], g_.situation_help[k], std::move(f)});
      }
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
    // Each kind's chance summed with Neumaier's compensation: the chances of
    // many paths add up to the probability a single step gave (percent(70)
    // over eight damage rolls is 0.7, not 0.7000000000000001).
    std::vector<double> carry(g_.outcomes.size(), 0.0);
    g_.blow.each(in, [&](double p, const Blow& b) {
      ++law.paths;
      double& s = law.kind[b.outcome];
      const double t = s + p;
      carry[b.outcome] += std::abs(s) >= std::abs(p) ? (s - t) + p : (p - t) + s;
      s = t;
      law.damage[b.damage] += p;
      (g_.lands[b.outcome] ? law.damage_hit : law.damage_miss)[b.damage] += p;
    });
    for (std::size_t k = 0; k < carry.size(); ++k) law.kind[k] += carry[k];
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
  // The side's regeneration, from its stats (a. of `in`); none when the file
  // has none or its gain and per_act are 0 for this side.
  std::optional<fight::parts::Regeneration> regeneration(const Inputs& in, double turn_time) const;

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
    if (g_.regen)
      modelled.push_back("regeneration ([mechanics] of the rules file): in fights (ttk, duel), not in one attack");
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

// What one turn's blows did: their damage, and whether any landed.
struct Effect {
  std::int64_t damage = 0;
  bool hit = false;
};

// A side's condition in a fight: its regeneration's clock and store, its
// statuses, and whether its passing conditions are over (the first-attack
// part's flag, fray/fight/parts/first_attack.hpp).
struct FileState {
  fight::parts::RegenState regen;
  std::vector<std::int64_t> status;
  bool over = false;
  [[nodiscard]] auto key() const { return std::tie(regen, status, over); }
  friend bool operator==(const FileState&, const FileState&) = default;
};

// One side's turn on the other: `blows` blows, landing when any lands, then
// the side's regeneration (fray/fight/parts/regeneration.hpp) when the file
// has one. The exact reading draws the blows' convolution as one law; the
// sampled one runs the program once per blow, its draws traced. A situation
// that passes (first_attack.hpp) is read as the two sides' `over` flags say:
// the turn sees one of four situations (its own conditions over or not, its
// foe's over or not), each with its own blows and law.
class FileTurn {
 public:
  using mine = FileState;
  using theirs = FileState;

  FileTurn(const FileRules& rules, Combatant a, Combatant d, const std::vector<bool>& flags, double turn_time)
      : rules_(rules), a_(std::move(a)), d_(std::move(d)) {
    const Game& g = rules.game();
    for (std::size_t k = 0; k < flags.size(); ++k)
      passing_ = passing_ || (flags[k] && g.situation_passes[k] != Passes::none);
    // The situation of each case (mine over, foe's over), the ended side's passing flags cleared.
    for (std::size_t c = 0; c < cases(); ++c)
      flags_[c] = fight::parts::passed(flags, g.situation_passes, (c & 1) != 0, (c & 2) != 0);
    const Inputs in = this->in(0);
    max_hp_ = a_.vals[g.hp].i;
    regen_ = rules.regeneration(in, turn_time);
    stateless_ = g.statuses.empty() && !g.start;
    for (std::size_t c = 0; c < cases(); ++c) blows_[c] = rules.blows_of(this->in(c));
    if (!stateless_) return;  // each turn read from its statuses
    try {
      for (std::size_t c = 0; c < cases(); ++c) {
        std::vector<FileRules::Law> laws;
        for (std::int64_t b = 1; b <= (g.blow.reads_blow() ? blows_[c] : 1); ++b) {
          Inputs nth = this->in(c);
          nth.blow = b;
          laws.push_back(rules.blow_law(nth));
        }
        law_[c] = turn_law(laws, blows_[c]);
      }
    } catch (const TooLarge& e) {
      why_ = e.what();
    }
  }

  template <class R>
  fight::After<mine, theirs> turn(R& r, const fight::Now<mine, theirs>& now) const {
    fight::After<mine, theirs> out{0, 0, 0, Escape::none, 0, now.att, now.def};
    const std::size_t c = passing_ ? (now.att.over ? 1 : 0) + (now.def.over ? 2 : 0) : 0;
    if (R::exact && stateless_) {
      // No status: the blows' law, read once (FileTurn's constructor).
      const Effect e = r.draw(fight::Choice<Effect>{&law_[c], "blows"});
      out.damage = e.damage;
      out.hit = e.hit ? 1 : 0;
    } else {
      // The turn's start, then each blow, the statuses as they set them.
      const Game& g = rules_.game();
      Inputs in = this->in(c);
      in.a_status = &out.att.status;
      in.d_status = &out.def.status;
      if (g.start) (void)g.start->run(r, in);
      for (std::int64_t b = 0; b < blows_[c]; ++b) {
        in.blow = b + 1;
        const Blow x = g.blow.run(r, in);
        out.damage += x.damage;
        if (g.lands[x.outcome]) out.hit = 1;
      }
    }
    // The turn ends the side's passing conditions, and its foe's when it is
    // the fight's first (no side's are over yet: every turn ends its mover's).
    if (passing_)
      fight::parts::first_attack_turn(rules_.game().first_attack, !now.att.over && !now.def.over, out.att.over,
                                      out.def.over);
    // The side's regeneration, at the end of its turn.
    if (regen_) {
      const std::int64_t healed = fight::parts::regenerate(r, *regen_, now.att_hp, max_hp_, out.att.regen);
      out.heal = std::min(healed, std::max<std::int64_t>(0, max_hp_ - now.att_hp));
    }
    return out;
  }

  Exchange::Reads reads() const { return {regen_.has_value(), false, regen_.has_value()}; }
  // A regeneration tells apart only how far below its maximum the side is,
  // up to the most one turn regains.
  Exchange::HpClasses hp_classes(const fight::Now<mine, theirs>& now) const {
    return {std::min(std::max<std::int64_t>(0, max_hp_ - now.att_hp), most_healed_ + 1), 0};
  }
  bool exact() const { return why_.empty(); }
  std::string why_not_exact() const { return why_; }
  double extra_sample_ops() const {
    return static_cast<double>(*std::max_element(blows_.begin(), blows_.end())) * 16.0 * kDrawOps;
  }

  std::int64_t most_healed_ = 0;

 private:
  // The cases a turn tells apart: (mine over) + 2 (foe's over) when a situation passes.
  std::size_t cases() const { return passing_ ? 4 : 1; }
  Inputs in(std::size_t c) const { return {&a_.vals, &a_.dice, &d_.vals, &d_.dice, &flags_[c]}; }

  // The law of `blows` blows (each its own law when the program reads
  // `blow`, else all the first's): the damage, and whether any landed.
  std::vector<fight::Branch<Effect>> turn_law(const std::vector<FileRules::Law>& laws, std::int64_t blows) const {
    std::map<std::int64_t, double> none{{0, 1.0}}, some;
    double work = 0;
    for (std::int64_t b = 0; b < blows; ++b) {
      const FileRules::Law& blow = laws[std::min(static_cast<std::size_t>(b), laws.size() - 1)];
      work += static_cast<double>(none.size() + some.size()) *
              static_cast<double>(blow.damage_hit.size() + blow.damage_miss.size());
      if (work > kMaxTurnWork)
        throw TooLarge(fmt::format("{} blows a turn, each of {} damage values, take more work than an exact fight does",
                                   blows, blow.damage_hit.size() + blow.damage_miss.size()));
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
    std::vector<fight::Branch<Effect>> out;
    for (const auto& [k, p] : none)
      if (p > 0) out.push_back({{k, false}, p});
    for (const auto& [k, p] : some)
      if (p > 0) out.push_back({{k, true}, p});
    return out;
  }

  const FileRules& rules_;
  Combatant a_, d_;
  std::array<std::vector<bool>, 4> flags_;  // the situation of each case (cases())
  bool passing_ = false;                    // a situation in force passes
  std::array<std::int64_t, 4> blows_{1, 1, 1, 1};
  std::int64_t max_hp_ = 1;
  std::optional<fight::parts::Regeneration> regen_;
  bool stateless_ = true;
  std::array<std::vector<fight::Branch<Effect>>, 4> law_;
  std::string why_;
};

std::optional<fight::parts::Regeneration> FileRules::regeneration(const Inputs& in, double turn_time) const {
  if (!g_.regen) return std::nullopt;
  const Regen& rg = *g_.regen;
  const auto value = [&](const std::optional<Program>& p, double fallback) {
    return p ? p->value(in).num() : fallback;
  };
  const double gain = value(rg.gain, 1), per_act = value(rg.per_act, 0);
  if (gain == 0 && per_act == 0) return std::nullopt;  // this side does not regenerate
  try {
    const fight::PartUse use =
        fight::parts::regeneration_use(value(rg.every, 0), gain, value(rg.threshold, 1), per_act, 1.0,
                                       static_cast<fight::parts::AtFull>(rg.at_full), "[mechanics] regeneration");
    return fight::parts::regeneration_of(use, turn_time, 1000);
  } catch (const Error& e) {
    throw Error(fmt::format("{}: [mechanics] {}", g_.file, e.what()));
  }
}

Bout FileRules::bout(const AttackRequest& req) const {
  check_options(*this, req);
  Combatant a = combatant(req.attacker, "attacker"), b = combatant(req.defender, "defender");
  const std::vector<bool> flags = situation(req.situation);
  Bout out;
  out.time_unit = g_.time_unit;
  const double ta = time_of(inputs(a, b, flags)), tb = time_of(inputs(b, a, flags));
  out.a = {a.name, a.vals[g_.hp].i, ta, 0};
  out.b = {b.name, b.vals[g_.hp].i, tb, 0};
  auto turn_a = std::make_shared<FileTurn>(*this, a, b, flags, ta);
  auto turn_b = std::make_shared<FileTurn>(*this, b, a, flags, tb);
  for (const auto& [turn, c] : {std::pair{turn_a, &a}, std::pair{turn_b, &b}}) {
    const Inputs own = inputs(*c, *c, flags);
    if (const auto rg = regeneration(own, c == &a ? ta : tb)) {
      int acts = 0;
      for (int n : rg->acts) acts = std::max(acts, n);
      turn->most_healed_ =
          static_cast<std::int64_t>(acts) * ((rg->gain + rg->threshold - 1) / rg->threshold + 1 + rg->per_act);
      out.modelled.push_back(
          fmt::format("{}: {}", c->name,
                      fight::parts::regeneration_note(*rg, g_.regen->every ? g_.regen->every->value(own).num() : 0,
                                                      "[mechanics] regeneration")));
    }
  }
  std::vector<std::string_view> passing;
  for (std::size_t k = 0; k < flags.size(); ++k)
    if (flags[k] && g_.situation_passes[k] != Passes::none) passing.emplace_back(g_.situations[k]);
  if (!passing.empty()) out.modelled.push_back(fight::parts::first_attack_note(passing, "[situations] passes"));
  const FileState start{{}, std::vector<std::int64_t>(g_.statuses.size(), 0), false};
  const auto a_states = std::make_shared<const fight::States<FileState>>(start);
  const auto b_states = std::make_shared<const fight::States<FileState>>(start);
  std::tie(out.a_hits_b, out.b_hits_a) = fight::exchanges(std::shared_ptr<const FileTurn>(turn_a),
                                                          std::shared_ptr<const FileTurn>(turn_b), a_states, b_states);
  return out;
}

}  // namespace

std::unique_ptr<const Ruleset> game_ruleset(Game game) { return std::make_unique<FileRules>(std::move(game)); }

}  // namespace fray::rules_file
