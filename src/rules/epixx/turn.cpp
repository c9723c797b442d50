// epixx defender turns: the defensive index over a sequence of attacks (the
// combat page's "once per turn" defenses and its two-attack example), exact.
#include <fmt/format.h>

#include <array>
#include <cstdint>
#include <fray/core/error.hpp>
#include <fray/rules/epixx/turn.hpp>
#include <utility>

namespace fray::epixx {

namespace {

// Multiply-adds one turn analysis may spend on damage convolutions (about a second).
constexpr std::uint64_t turn_work_limit = std::uint64_t{1} << 30;

// out += w * (a ⊛ k), all dense from 0. The inner loop runs over the long
// accumulated vector, so it vectorises; the kernel (one attack's damage) is short.
void add_convolved(std::vector<double>& out, const std::vector<double>& a, const std::vector<double>& k, double w,
                   std::uint64_t& work) {
  if (w == 0 || a.empty() || k.empty()) return;
  // The whole turn shares one budget, so that no input runs for minutes.
  work += static_cast<std::uint64_t>(a.size()) * k.size();
  if (work > turn_work_limit)
    throw Error(
        fmt::format("epixx turn: the exact damage distribution needs more than {} steps; use fewer or "
                    "narrower attacks",
                    turn_work_limit));
  if (out.size() < a.size() + k.size() - 1) out.resize(a.size() + k.size() - 1, 0.0);
  const std::size_t n = a.size();
  const double* src = a.data();
  for (std::size_t j = 0; j < k.size(); ++j) {
    const double kj = k[j] * w;
    if (kj == 0) continue;
    double* __restrict o = out.data() + j;
    for (std::size_t i = 0; i < n; ++i) o[i] += src[i] * kj;
  }
}

// out += w * a, shifted up by `shift`.
void add_scaled(std::vector<double>& out, const std::vector<double>& a, double w, std::size_t shift = 0) {
  if (w == 0 || a.empty()) return;
  if (out.size() < a.size() + shift) out.resize(a.size() + shift, 0.0);
  for (std::size_t i = 0; i < a.size(); ++i) out[i + shift] += w * a[i];
}

// The defender's chain over (TurnState, whether a critical effect check has
// failed during the sequence): the mass of each, and the joint-with-state
// (unnormalised) distributions of hits and damage so far.
constexpr int chain_states = 2 * turn_states;
struct Chain {
  std::array<double, chain_states> mass{};
  std::array<std::vector<double>, chain_states> hits, damage;
};
constexpr int chain_index(TurnState s, bool inflicted) { return s.index() | (inflicted ? turn_states : 0); }

}  // namespace

TurnOutcome analyze_turn(std::span<const AttackPlan> attacks, TurnState start) {
  TurnOutcome result;
  Chain cur;
  const int first = chain_index(start, start.confused);
  cur.mass[first] = 1;
  cur.hits[first] = {1.0};
  cur.damage[first] = {1.0};

  std::uint64_t work = 0;
  Chain next;  // reused between attacks so the vectors keep their capacity
  std::vector<double> kernel_stay, head_conf;
  result.attacks.reserve(attacks.size());
  for (const AttackPlan& a : attacks) {
    // Split the head (critical) damage by whether the critical effect check fails.
    head_conf.assign(a.head.size(), 0.0);
    double q_conf = 0;
    for (std::size_t u = 0; u < a.head.size(); ++u) {
      double fail = 0;
      for_each_effect_check(a.stamina, static_cast<std::int64_t>(u), [&fail](int turns, int ways) {
        if (turns > 0) fail += ways / 36.0;
      });
      head_conf[u] = a.head[u] * fail;
      q_conf += head_conf[u];
    }

    next.mass.fill(0);
    for (auto& v : next.hits) v.clear();
    for (auto& v : next.damage) v.clear();
    ResultProbabilities marginal;
    for (int ci = 0; ci < chain_states; ++ci) {
      const double m = cur.mass[ci];
      if (m == 0) continue;
      const TurnState s = TurnState::from_index(ci % turn_states);
      const bool inflicted = ci >= turn_states;
      // Transitions of this state under each to-hit roll, as whole counts out
      // of to_hit_total (36, or 6 for the D6), divided once.
      int n[result_count] = {};
      std::array<int, turn_states> stay_n{};
      for_each_to_hit(a, s, [&](const Resolution& r, int w) {
        n[static_cast<int>(r.result)] += w;
        if (!lands(r.result)) stay_n[r.next.index()] += w;
      });
      const double den = to_hit_total(a);
      const int n_body = n[static_cast<int>(Result::hit)], n_crit = n[static_cast<int>(Result::critical)];
      marginal.miss += m * (n[0] / den);
      marginal.dodge += m * (n[1] / den);
      marginal.block += m * (n[2] / den);
      marginal.parry += m * (n[3] / den);
      marginal.hit += m * ((n_body + n_crit) / den);
      marginal.crit += m * (n_crit / den);
      std::array<double, turn_states> stay{};  // no hit, to each next TurnState
      for (int ni = 0; ni < turn_states; ++ni) stay[ni] = stay_n[ni] / den;
      const double p_body = n_body / den, p_crit = n_crit / den;
      // Misses and defenses: damage and hits carry over to the state the roll leaves.
      for (int ni = 0; ni < turn_states; ++ni) {
        if (stay[ni] == 0) continue;
        const int dst = chain_index(TurnState::from_index(ni), inflicted);
        next.mass[dst] += m * stay[ni];
        add_scaled(next.hits[dst], cur.hits[ci], stay[ni]);
        add_scaled(next.damage[dst], cur.damage[ci], stay[ni]);
      }
      if (p_body + p_crit == 0) continue;
      // Hits use up no defense; a failed critical effect check marks the
      // confusion (and, with confusion_immediate, takes the defenses).
      const int conf_dst = chain_index(after_confusion(a, s, 1), true);
      const bool merged = conf_dst == ci;
      const double p_to_conf = merged ? 0 : p_crit * q_conf;
      const double p_here = p_body + p_crit - p_to_conf;
      kernel_stay.assign(std::max(a.body.size(), a.head.size()), 0.0);
      for (std::size_t x = 0; x < a.body.size(); ++x) kernel_stay[x] += p_body * a.body[x];
      for (std::size_t x = 0; x < a.head.size(); ++x)
        kernel_stay[x] += p_crit * (merged ? a.head[x] : a.head[x] - head_conf[x]);
      next.mass[ci] += m * p_here;
      add_scaled(next.hits[ci], cur.hits[ci], p_here, 1);
      add_convolved(next.damage[ci], cur.damage[ci], kernel_stay, 1.0, work);
      if (p_to_conf > 0) {
        next.mass[conf_dst] += m * p_to_conf;
        add_scaled(next.hits[conf_dst], cur.hits[ci], p_to_conf, 1);
        add_convolved(next.damage[conf_dst], cur.damage[ci], head_conf, p_crit, work);
      }
    }
    result.attacks.push_back(marginal);
    std::swap(cur, next);
  }

  std::vector<double> hits, damage;
  for (int ci = 0; ci < chain_states; ++ci) {
    add_scaled(hits, cur.hits[ci], 1.0);
    add_scaled(damage, cur.damage[ci], 1.0);
    if (ci >= turn_states) result.p_confused += cur.mass[ci];
  }
  result.hits = Pmf::from_weights(0, hits);
  result.damage = Pmf::from_weights(0, damage);
  return result;
}

TurnResult defender_turn(std::string_view defender, const std::vector<std::string>& attackers,
                         const std::vector<std::string>& situation, Kind kind) {
  if (attackers.empty()) throw Error("turn: give at least one --attacker");
  const Combatant d = parse_combatant(defender, "defender");
  Situation sit = parse_situation(situation);
  sit.kind = kind;
  TurnResult r;
  r.defender = std::string(defender);
  r.situation = situation;
  r.kind = kind;
  std::vector<AttackPlan> plans;
  plans.reserve(attackers.size());
  for (std::size_t i = 0; i < attackers.size(); ++i)
    plans.push_back(plan_attack(parse_combatant(attackers[i], fmt::format("attacker {}", i + 1)), d, sit));
  TurnOutcome t = analyze_turn(plans, initial_state(sit));
  for (std::size_t i = 0; i < plans.size(); ++i) r.attacks.push_back({attackers[i], std::move(plans[i]), t.attacks[i]});
  r.hits = std::move(t.hits);
  r.damage = std::move(t.damage);
  r.p_confused = t.p_confused;
  r.notes.push_back(
      "each defense is used once in the turn: a dodge, block or parry that triggers is gone for the "
      "attacks after it");
  r.notes.push_back(sit.rules.confusion_immediate
                        ? "a confusing critical hit also costs the defender the rest of this turn's defenses"
                        : "confusion from a critical hit starts with the defender's next turn");
  r.notes.push_back("damage is after the location's resistance: body for hits, head for critical hits");
  return r;
}

}  // namespace fray::epixx
