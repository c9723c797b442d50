// The epixx ruleset behind the generic verbs (attack, strike, fights) and `turn`.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fray/core/error.hpp>
#include <fray/rules/epixx/attack.hpp>
#include <fray/rules/epixx/combatant.hpp>
#include <fray/rules/epixx/ruleset.hpp>
#include <fray/report/report.hpp>  // TRANSITION
#include <fray/rules/epixx/turn.hpp>
#include <fray/rules/spec.hpp>
#include <map>
#include <tuple>

namespace fray::epixx {

namespace {

// "0.2778 (10/36)" when p is a whole number of 36ths, else "0.2778".
std::string prob(double p) {
  const double k = p * 36;
  if (std::abs(k - std::round(k)) < 1e-9) return fmt::format("{:.4f} ({}/36)", p, static_cast<int>(std::round(k)));
  return fmt::format("{:.4f}", p);
}

nlohmann::json outcomes_json(const OutcomeProbabilities& o) {
  return {{"miss", o.miss},   {"dodge", o.dodge}, {"block", o.block},
          {"parry", o.parry}, {"hit", o.hit},     {"crit", o.crit}};
}

std::string outcomes_text(const OutcomeProbabilities& o, std::string_view indent = "  ") {
  std::string t;
  const auto line = [&](std::string_view n, double p) { t += fmt::format("{}{:<6} {}\n", indent, n, prob(p)); };
  line("miss", o.miss);
  line("dodge", o.dodge);
  line("block", o.block);
  line("parry", o.parry);
  line("hit", o.hit);
  line("crit", o.crit);
  return t;
}

Kind request_kind(const AttackRequest& r) {
  const auto it = r.options.find("kind");
  return it == r.options.end() ? Kind::melee : parse_kind(it->second);
}

int request_range(const AttackRequest& r, Kind kind) {
  const auto f = r.options.find("from"), t = r.options.find("to");
  const bool has_f = f != r.options.end(), has_t = t != r.options.end();
  if (!has_f && !has_t) return 0;
  if (has_f != has_t) throw Error("--from and --to go together (the range is measured between them)");
  if (kind == Kind::melee) throw Error("--from/--to give the range of a ranged or spell attack (--kind ranged|spell)");
  const auto a = parse_point(f->second, "--from"), b = parse_point(t->second, "--to");
  return range_modifier(b.first - a.first, b.second - a.second);
}

struct Prepared {
  Combatant attacker, defender;
  Situation situation;
  Kind kind;
  int range;
  AttackSetup setup;
};

Prepared prepare(const AttackRequest& r) {
  Prepared p{parse_combatant(r.attacker, "attacker"),
             parse_combatant(r.defender, "defender"),
             parse_situation(r.situation),
             request_kind(r),
             0,
             {}};
  p.range = request_range(r, p.kind);
  p.setup = make_attack(p.attacker, p.defender, p.kind, p.range, p.situation);
  return p;
}

nlohmann::json setup_json(const AttackSetup& s) {
  nlohmann::json j = {{"kind", name(s.kind)},
                      {"offense", s.offense},
                      {"base", s.base},
                      {"dodge", s.defences ? s.dodge : 0},
                      {"defences", s.defences},
                      {"crit_threshold", s.crit_threshold},
                      {"auto_hit", s.auto_hit},
                      {"damage", fmt::format("{}{:+}", s.damage_dice.text(), s.damage_mod)},
                      {"damage_modifier", s.damage_mod},
                      {"resist_body", s.resist_body},
                      {"resist_head", s.resist_head}};
  j[s.weapon_kind == Outcome::parry ? "parry" : "block"] = s.defences ? s.weapon : 0;
  if (s.kind != Kind::melee) j["range"] = s.range;
  if (s.auto_hit) j["chm"] = s.chm;
  return j;
}

std::string setup_text(const AttackSetup& s) {
  std::string t = fmt::format("{} attack: 2D6 {:+} vs {}", name(s.kind), s.offense, s.base);
  if (s.auto_hit) {
    t = fmt::format("melee attack on an incapacitated defender: automatic hit, critical on D6 {:+} >= 6", s.chm);
  } else {
    if (s.kind != Kind::melee) t += fmt::format(" (7 + range/deflect {})", s.range);
    if (s.defences)
      t += fmt::format(" + dodge {} + {} {} = {}", s.dodge, name(s.weapon_kind), s.weapon, s.base + s.dodge + s.weapon);
    t += fmt::format("; critical on a raw roll >= {} or double six", s.crit_threshold);
  }
  t += fmt::format("\ndamage {}{:+}, resistance body {} / head {}\n", s.damage_dice.text(), s.damage_mod, s.resist_body,
                   s.resist_head);
  return t;
}

nlohmann::json strike_json(const Strike& k, bool auto_hit) {
  nlohmann::json j;
  if (auto_hit)
    j["crit_die"] = k.dice[0];
  else {
    j["dice"] = {k.dice[0], k.dice[1]};
    j["total"] = k.total;
  }
  j["outcome"] = name(k.outcome);
  j["crit"] = k.crit;
  if (k.weapon_roll) j["weapon_roll"] = *k.weapon_roll;
  j["damage"] = k.damage;
  if (k.check) j["check"] = {(*k.check)[0], (*k.check)[1]};
  j["confusion"] = k.confusion;
  return j;
}

std::string strike_text(const Strike& k, bool auto_hit) {
  std::string t = auto_hit ? fmt::format("D6 {} (crit check)", k.dice[0])
                           : fmt::format("2D6 {}+{} total {}", k.dice[0], k.dice[1], k.total);
  t += fmt::format(": {}",
                   k.outcome == Outcome::hit ? (k.crit ? "critical hit (head)" : "hit (body)") : name(k.outcome));
  if (k.weapon_roll) t += fmt::format(", weapon {} → {} damage", *k.weapon_roll, k.damage);
  if (k.check) t += fmt::format(", effect check {}+{} → confused {} turns", (*k.check)[0], (*k.check)[1], k.confusion);
  return t;
}

// --- the fight layer's kernel ---------------------------------------------------------

// Side.state: bit 0 dodge used, bit 1 block/parry used, bit 2 confused in the
// current turn, bits 3.. confused turns still to come (a creature's turn runs
// from its own action to its next; confusion from a critical hit starts with
// the struck creature's next turn unless confusion_immediate).
constexpr std::uint32_t encode(TurnState t, std::int64_t conf_left) {
  return static_cast<std::uint32_t>(t.index()) |
         static_cast<std::uint32_t>(std::min<std::int64_t>(conf_left, (1 << 28) - 1)) << 3;
}
constexpr std::int64_t conf_left_of(std::uint32_t s) { return s >> 3; }

class EpixxExchange final : public Exchange {
 public:
  explicit EpixxExchange(AttackSetup s) : s_(std::move(s)) {}

  std::vector<Transition> outcomes(Side attacker, Side defender) const override {
    const std::uint32_t a_next = attacker_next(attacker);
    const TurnState ts = TurnState::from_index(static_cast<int>(defender.state & 7));
    const std::int64_t left = conf_left_of(defender.state);
    std::map<std::tuple<std::int64_t, std::uint32_t, bool>, double> acc;
    const auto take = [&](int roll, double w) {
      const Resolution r = resolve(s_, ts, roll);
      if (r.outcome != Outcome::hit) {
        acc[{0, encode(r.next, left), false}] += w;
        return;
      }
      const auto& loc = r.crit ? s_.head : s_.body;
      for (std::size_t u = 0; u < loc.size(); ++u) {
        if (loc[u] == 0) continue;
        const auto dmg = static_cast<std::int64_t>(u);
        if (!r.crit) {
          acc[{dmg, encode(r.next, left), true}] += w * loc[u];
          continue;
        }
        for (int c = 2; c <= 12; ++c) {
          const int turns = confusion_turns(s_.stamina, dmg, c);
          acc[{dmg, encode(after_confusion(s_, r.next, turns), std::max<std::int64_t>(left, turns)), true}] +=
              w * loc[u] * ways_2d6(c) / 36.0;
        }
      }
    };
    if (s_.auto_hit) {
      for (int d = 1; d <= 6; ++d) take(d, 1.0 / 6);
    } else {
      for (int r = 2; r <= 12; ++r) take(r, ways_2d6(r) / 36.0);
    }
    std::vector<Transition> out;
    out.reserve(acc.size());
    for (const auto& [k, p] : acc) out.push_back({p, std::get<0>(k), a_next, std::get<1>(k), std::get<2>(k)});
    return out;
  }

  Transition sample(Side attacker, Side defender, Rng& rng) const override {
    const Strike k = strike(s_, TurnState::from_index(static_cast<int>(defender.state & 7)), rng);
    const std::int64_t left = std::max<std::int64_t>(conf_left_of(defender.state), k.confusion);
    return {1, k.damage, attacker_next(attacker), encode(k.next, left), k.outcome == Outcome::hit};
  }

  bool exact() const override { return true; }
  // To-hit, locations and confusion read the turn states, never HP.
  Reads reads() const override { return {false, false}; }

 private:
  // The attacker starts its own turn: its defences come back, and it is
  // confused for this turn when confusion turns remain.
  static std::uint32_t attacker_next(Side a) {
    const std::int64_t left = conf_left_of(a.state);
    return encode(TurnState{false, false, left > 0}, std::max<std::int64_t>(left - 1, 0));
  }
  AttackSetup s_;
};

class Rules final : public Ruleset {
 public:
  std::string_view id() const override { return "epixx"; }
  std::string_view title() const override { return "epixx 2D6 rogue"; }

  Report legacy_attack(const AttackRequest& request) const {
    const Prepared p = prepare(request);
    const AttackResult r = exact_attack(p.setup, initial_state(p.situation));
    Report rep;
    rep.json = {
        {"rules", "epixx"},
        {"attack", setup_json(p.setup)},
        {"outcomes", outcomes_json(r.outcomes)},
        {"p_hit", r.outcomes.hit},
        {"damage", pmf_json(r.damage)},
        {"confusion",
         {{"p", r.p_confused}, {"turns", pmf_json(r.confusion)}, {"turns_if_crit", pmf_json(r.confusion_if_crit)}}}};
    rep.text = fmt::format(
        "epixx: {} attacks {}\n{}outcomes:\n{}P(hit) = {}\n\ndamage (unresisted):\n{}\nconfusion: P = {:.4f}, "
        "mean turns {:.4f} (given a critical hit: {:.4f})\n",
        request.attacker, request.defender, setup_text(p.setup), outcomes_text(r.outcomes), prob(r.outcomes.hit),
        pmf_table(r.damage, "damage"), r.p_confused, r.confusion.mean(), r.confusion_if_crit.mean());
    return rep;
  }

  Report legacy_strike(const StrikeRequest& request) const {
    const Prepared p = prepare(request.attack);
    auto engine = make_engine(request.engine, request.seed);
    Report rep;
    nlohmann::json strikes = nlohmann::json::array();
    std::string lines;
    std::uint64_t hits = 0, crits = 0;
    std::int64_t total = 0;
    // Each strike is one attack on the defender at the start of its turn.
    const TurnState start = initial_state(p.situation);
    for (std::uint64_t i = 0; i < request.count; ++i) {
      const Strike k = epixx::strike(p.setup, start, *engine);
      hits += k.outcome == Outcome::hit;
      crits += k.crit;
      total += k.damage;
      if (i < 1000 || request.count <= 1000) {
        strikes.push_back(strike_json(k, p.setup.auto_hit));
        lines += fmt::format("#{} {}\n", i + 1, strike_text(k, p.setup.auto_hit));
      }
    }
    rep.json = {{"rules", "epixx"},
                {"seed", request.seed},
                {"count", request.count},
                {"rng", request.engine},
                {"attack", setup_json(p.setup)},
                {"strikes", strikes},
                {"hits", hits},
                {"crits", crits},
                {"damage_total", total}};
    rep.text = fmt::format("epixx strike (seed {}, rng {}, {} attacks)\n{}{}{}hits {}, criticals {}, damage {}\n",
                           request.seed, request.engine, request.count, setup_text(p.setup), lines,
                           request.count > 1000 ? "(first 1000 shown)\n" : "", hits, crits, total);
    return rep;
  }

  Bout bout(const AttackRequest& request) const override {
    const Combatant a = parse_combatant(request.attacker, "attacker");
    const Combatant b = parse_combatant(request.defender, "defender");
    const Situation sit = parse_situation(request.situation);
    if (sit.invisible_attacker || sit.invisible_defender || sit.incapacitated || sit.confused)
      throw Error("epixx bouts take rule options only; invisible_*, incapacitated and confused describe one attack");
    const Kind kind = request_kind(request);
    const int range = request_range(request, kind);
    const auto fighter = [](const Combatant& c, std::string_view role) {
      if (!c.hp) throw Error(fmt::format("{} spec needs hp= for a fight", role));
      return Fighter{c.name.empty() ? std::string(role) : c.name, *c.hp, 1.0, 0};
    };
    Bout bt;
    bt.a = fighter(a, "attacker");
    bt.b = fighter(b, "defender");
    bt.a_hits_b = std::make_shared<EpixxExchange>(make_attack(a, b, kind, range, sit));
    bt.b_hits_a = std::make_shared<EpixxExchange>(make_attack(b, a, kind, range, sit));
    bt.time_unit = "turns";
    return bt;
  }
};

}  // namespace

const Ruleset& ruleset() {
  static const Rules r;
  return r;
}

Report turn_report(const std::string& defender, const std::vector<std::string>& attackers,
                   const std::vector<std::string>& situation, const std::string& kind_word) {
  if (attackers.empty()) throw Error("turn: give at least one --attacker");
  const Kind kind = parse_kind(kind_word);
  const Combatant d = parse_combatant(defender, "defender");
  const Situation sit = parse_situation(situation);
  std::vector<AttackSetup> setups;
  setups.reserve(attackers.size());
  for (std::size_t i = 0; i < attackers.size(); ++i)
    setups.push_back(make_attack(parse_combatant(attackers[i], fmt::format("attacker {}", i + 1)), d, kind, 0, sit));
  const TurnResult t = analyse_turn(setups, initial_state(sit));
  Report rep;
  nlohmann::json list = nlohmann::json::array();
  std::string text = fmt::format("epixx: one turn of defender '{}' against {} {} attack{}\n", defender,
                                 attackers.size(), name(kind), attackers.size() == 1 ? "" : "s");
  for (std::size_t i = 0; i < setups.size(); ++i) {
    list.push_back(
        {{"attacker", attackers[i]}, {"outcomes", outcomes_json(t.attacks[i])}, {"p_hit", t.attacks[i].hit}});
    text += fmt::format("\nattack {} ({}): {}", i + 1, attackers[i], setup_text(setups[i]));
    text += outcomes_text(t.attacks[i]);
  }
  rep.json = {{"rules", "epixx"},
              {"attacks", list},
              {"hits", pmf_json(t.hits)},
              {"damage", pmf_json(t.damage)},
              {"confused", t.p_confused}};
  text += fmt::format(
      "\nhits:\n{}\ndamage (unresisted):\n{}\nP(defender confused: started so, or failed a critical effect check) = "
      "{:.4f}\n",
      pmf_table(t.hits, "hits"), pmf_table(t.damage, "damage"), t.p_confused);
  rep.text = std::move(text);
  return rep;
}

}  // namespace fray::epixx
