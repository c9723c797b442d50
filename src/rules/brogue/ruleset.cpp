// Brogue CE as a fray::Ruleset: reports for attack and strike, the fight
// layer's bout, dice functions and the game's engine.
#include <fray/rules/brogue/ruleset.hpp>
#include <fray/report/report.hpp>  // TRANSITION

#include <fray/core/error.hpp>
#include <fray/rules/brogue/attack.hpp>
#include <fray/rules/brogue/rng.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <array>

namespace fray::brogue {

namespace {

using nlohmann::json;

constexpr std::uint64_t max_traced = 1000;


// What each side brings to the report: the numbers hitProbability used.
json side_json(const Combatant& c, bool attacking) {
  json j{{"name", c.name}, {"player", c.is_player}};
  if (c.is_player) {
    if (attacking) {
      j["weapon"] = c.weapon ? c.weapon->key : "none";
      if (c.weapon || c.net_enchant_quarters)
        j["net_enchant"] = static_cast<double>(weapon_net_quarters(c)) / 4.0;
    } else {
      j["armor"] = c.armor ? c.armor->key : "none";
    }
  }
  if (attacking) j["accuracy"] = attack_accuracy(c);
  else j["defense"] = defense_value(c);
  if (c.weakness) j["weakness"] = c.weakness;
  return j;
}

Report attack_report(const AttackRequest& req) {
  const Combatant a = parse_combatant(req.attacker, "attacker");
  const Combatant d = parse_combatant(req.defender, "defender");
  const Situation s = parse_situation(req.situation);
  const AttackPlan p = plan_attack(a, d, s);
  const Outcome o = outcome(p);
  Report r;
  r.json = {{"rules", "brogue"},
            {"attacker", side_json(a, true)},
            {"defender", side_json(d, false)},
            {"situation", req.situation},
            {"hit_percent", o.hit_percent},
            {"p_hit", o.p_hit},
            {"auto_hit", o.auto_hit},
            {"draws_to_hit", p.attacks && !p.auto_hit},
            {"damage_roll", {{"lo", p.roll.lo}, {"hi", p.roll.hi}, {"clump", p.roll.clump}}},
            {"multiplier", p.multiplier},
            {"damage", pmf_json(o.damage)},
            {"damage_on_hit", pmf_json(o.damage_on_hit)},
            {"notes", p.notes}};
  std::string t = fmt::format("Brogue CE: {} attacks {}\n", a.name, d.name);
  t += fmt::format("  accuracy {}, defense {} -> hitProbability {} %\n", attack_accuracy(a), defense_value(d),
                   o.hit_percent);
  t += fmt::format("  P(hit) = {:.6g}{}\n", o.p_hit,
                   !p.attacks ? " (no attack)" : o.auto_hit ? " (automatic hit, no draw)" : "");
  t += fmt::format("  damage roll randClumpedRange({}, {}, {}){}{}\n", p.roll.lo, p.roll.hi, p.roll.clump,
                   p.factor != FP ? fmt::format(" x {}/65536 (truncated)", p.factor) : "",
                   p.multiplier != 1 ? fmt::format(" x {}", p.multiplier) : "");
  for (const auto& n : p.notes) t += fmt::format("  note: {}\n", n);
  t += "damage (a miss counts as 0):\n" + pmf_table(o.damage, "damage");
  r.text = std::move(t);
  return r;
}

template <UniformEngine R>
Report strike_report(const StrikeRequest& req, R& rng) {
  const Combatant a = parse_combatant(req.attack.attacker, "attacker");
  const Combatant d = parse_combatant(req.attack.defender, "defender");
  const Situation s = parse_situation(req.attack.situation);
  const AttackPlan p = plan_attack(a, d, s);
  json strikes = json::array();
  std::uint64_t hits = 0;
  std::int64_t total = 0;
  std::string t = fmt::format("Brogue CE: {} attacks {} (seed {}, rng {}), hitProbability {} %\n", a.name, d.name,
                              req.seed, req.engine, p.hit_percent);
  for (std::uint64_t i = 0; i < req.count; ++i) {
    json draws = json::array();
    std::string line;
    const bool traced = i < max_traced;
    auto on_draw = [&](DrawFor what, std::int64_t lo, std::int64_t hi, std::int64_t v) {
      if (!traced) return;
      const char* label = what == DrawFor::to_hit ? "to-hit" : "damage";
      draws.push_back({{"for", label}, {"call", fmt::format("rand_range({}, {})", lo, hi)}, {"value", v}});
      line += fmt::format(" {} rand_range({},{})={};", label, lo, hi, v);
    };
    const StrikeResult sr = strike(p, rng, on_draw);
    hits += sr.hit;
    total += sr.damage;
    if (traced) {
      strikes.push_back({{"hit", sr.hit}, {"roll", sr.roll}, {"damage", sr.damage}, {"draws", std::move(draws)}});
      t += fmt::format("  #{}: {}  {}\n", i + 1, sr.hit ? fmt::format("hit for {}", sr.damage) : "miss",
                       line.empty() ? "(no draws)" : "[" + line.substr(1, line.size() - 2) + "]");
    }
  }
  if (req.count > max_traced) t += fmt::format("  ... ({} strikes traced of {})\n", max_traced, req.count);
  const double mean = static_cast<double>(total) / static_cast<double>(req.count);
  t += fmt::format("hits {} of {}, total damage {}, mean {:.6g}\n", hits, req.count, total, mean);
  Report r;
  r.json = {{"rules", "brogue"},    {"seed", req.seed},      {"rng", req.engine},
            {"count", req.count},   {"hit_percent", p.hit_percent},
            {"p_hit", p.p_hit()},   {"traced", std::min(req.count, max_traced)},
            {"strikes", strikes},   {"hits", hits},          {"total_damage", total},
            {"mean_damage", mean}};
  r.text = std::move(t);
  return r;
}

// --- the fight layer --------------------------------------------------------------

class BrogueExchange final : public Exchange {
 public:
  BrogueExchange(Combatant a, Combatant d) : a_(std::move(a)), d_(std::move(d)) {
    if (!a_.is_player && a_.monster.poisons) why_ = a_.name + " poisons: its damage is dealt over later turns";
    else if (!a_.is_player && a_.monster.transference) why_ = a_.name + " heals itself by the damage it deals";
    else if (!a_.is_player && a_.monster.kamikaze) why_ = a_.name + " bursts (and dies) instead of attacking";
    else if (a_.is_player && a_.weapon && a_.weapon->staggers)
      why_ = "a " + a_.weapon->name + " doubles its recovery time after a hit";
  }
  std::vector<Transition> outcomes(Side att, Side def) const override {
    const CarriedState as = CarriedState::decode(att.state), ds = CarriedState::decode(def.state);
    const AttackPlan p = plan_attack(a_, d_, {}, as, ds);
    const Outcome o = outcome(p);
    std::vector<Transition> out;
    if (o.p_hit < 1) out.push_back(transition(p, as, ds, def, 1 - o.p_hit, false, 0));
    if (o.p_hit > 0)
      for (const auto& [v, q] : o.damage_on_hit.items())
        out.push_back(transition(p, as, ds, def, o.p_hit * q, true, v));
    return out;
  }
  Transition sample(Side att, Side def, Rng& rng) const override {
    const CarriedState as = CarriedState::decode(att.state), ds = CarriedState::decode(def.state);
    const AttackPlan p = plan_attack(a_, d_, {}, as, ds);
    const StrikeResult sr = strike(p, rng);
    return transition(p, as, ds, def, 1, sr.hit, sr.damage);
  }
  bool exact() const override { return why_.empty(); }
  std::string why_not_exact() const override { return why_; }
  // Accuracy and damage read no HP; acid eats armour only on a hit that does
  // not kill, which is the "kills" test the fight layer makes itself.
  Reads reads() const override { return {false, false}; }

 private:
  // One outcome with probability q, and the states acid and seizing leave.
  Transition transition(const AttackPlan& p, CarriedState as, CarriedState ds, Side def, double q, bool hit,
                        std::int64_t dmg) const {
    const StateChange c = after_attack(p, a_, d_, as, ds, hit, dmg, def.hp);
    return {q, dmg, c.attacker.encode(), c.defender.encode(), hit};
  }
  Combatant a_, d_;
  std::string why_;
};

Fighter fighter_of(const Combatant& c, std::string_view role) {
  if (!c.hp) throw Error(fmt::format("brogue: the {} needs hp=N for a fight", role));
  return Fighter{c.name, *c.hp, static_cast<double>(attack_ticks(c)), 0};
}

class Rules final : public Ruleset {
 public:
  std::string_view id() const override { return "brogue"; }
  std::string_view title() const override { return "Brogue CE 1.15"; }
  Report legacy_attack(const AttackRequest& req) const { return attack_report(req); }
  Report legacy_strike(const StrikeRequest& req) const {
    if (req.engine == "brogue") {
      BrogueRng rng(req.seed);
      return strike_report(req, rng);
    }
    if (req.engine != "default") throw Error(fmt::format("brogue: unknown engine '{}' (known: default, brogue)", req.engine));
    Rng rng(req.seed);
    return strike_report(req, rng);
  }
  Bout bout(const AttackRequest& req) const override {
    if (!req.situation.empty()) throw Error("brogue: situation flags apply to one attack, not to a fight");
    const Combatant a = parse_combatant(req.attacker, "attacker");
    const Combatant b = parse_combatant(req.defender, "defender");
    if (a.is_player && b.is_player) throw Error("brogue: the player cannot fight the player");
    Bout out;
    out.a = fighter_of(a, "attacker");
    out.b = fighter_of(b, "defender");
    out.a_hits_b = std::make_shared<BrogueExchange>(a, b);
    out.b_hits_a = std::make_shared<BrogueExchange>(b, a);
    out.time_unit = "ticks";
    return out;
  }
  void add_dice_functions(DiceFunctions& fns) const override { add_brogue_dice_functions(fns); }
  std::vector<std::string> engines() const override { return {"brogue"}; }
  std::unique_ptr<AnyEngine> engine(std::string_view name, std::uint64_t seed) const override {
    if (name != "brogue") return Ruleset::engine(name, seed);
    return std::make_unique<EngineBox<BrogueRng>>(BrogueRng(seed));
  }
};

Clump clump_args(std::span<const std::int64_t> a) {
  const Clump c{a[0], a[1], a[2]};
  if (c.lo < -1'000'000 || c.hi > 1'000'000)
    throw Error(fmt::format("brogue_clump({}, {}, {}): bounds must lie within -1000000..1000000", a[0], a[1], a[2]));
  if (c.clump > 1000) throw Error(fmt::format("brogue_clump({}, {}, {}): clump must be at most 1000", a[0], a[1], a[2]));
  return c;
}

}  // namespace

void add_brogue_dice_functions(DiceFunctions& fns) {
  fns.add(DiceFunction{
      "brogue_clump", 3, 3, "brogue_clump(lo, hi, clump)",
      [](std::span<const std::int64_t> a) { return clumped_pmf(clump_args(a)); },
      [](std::span<const std::int64_t> a, RngRef rng) { return rand_clumped_range(rng, clump_args(a)); }});
  // Math.c rand_percent: one rand_range(0, 99), success (1) when below clamp(p, 0, 100).
  fns.add(DiceFunction{"brogue_percent", 1, 1, "brogue_percent(p)",
                       [](std::span<const std::int64_t> a) {
                         const std::int64_t p = std::clamp<std::int64_t>(a[0], 0, 100);
                         return Pmf::bernoulli(static_cast<double>(p) / 100.0);
                       },
                       [](std::span<const std::int64_t> a, RngRef rng) -> std::int64_t {
                         return rng.uniform(0, 99) < std::clamp<std::int64_t>(a[0], 0, 100) ? 1 : 0;
                       }});
}

const Ruleset& ruleset() {
  static const Rules r;
  return r;
}

}  // namespace fray::brogue
