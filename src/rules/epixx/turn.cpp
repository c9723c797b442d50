// epixx defender turn: the defensive index over a sequence of attacks (research
// epixx.md §2.5, §3.4 "two attacks in one defender turn"), exact.
#include <fray/core/error.hpp>
#include <fray/rules/epixx/turn.hpp>

#include <fmt/format.h>

#include <array>
#include <cstdint>
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
    throw Error(fmt::format("epixx turn: the exact damage distribution needs more than {} steps; use fewer or "
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

TurnResult analyse_turn(std::span<const AttackSetup> attacks, TurnState start) {
  TurnResult result;
  Chain cur;
  const int first = chain_index(start, start.confused);
  cur.mass[first] = 1;
  cur.hits[first] = {1.0};
  cur.damage[first] = {1.0};

  std::uint64_t work = 0;
  Chain next;  // reused between attacks so the vectors keep their capacity
  std::vector<double> kernel_stay, head_conf;
  result.attacks.reserve(attacks.size());
  for (const AttackSetup& a : attacks) {
    // Split the head (critical) damage by whether the critical effect check fails.
    head_conf.assign(a.head.size(), 0.0);
    double q_conf = 0;
    for (std::size_t u = 0; u < a.head.size(); ++u) {
      double fail = 0;
      for (int c = 2; c <= 12; ++c)
        if (confusion_turns(a.stamina, static_cast<std::int64_t>(u), c) > 0) fail += ways_2d6(c) / 36.0;
      head_conf[u] = a.head[u] * fail;
      q_conf += head_conf[u];
    }

    next.mass.fill(0);
    for (auto& v : next.hits) v.clear();
    for (auto& v : next.damage) v.clear();
    OutcomeProbabilities marginal;
    for (int ci = 0; ci < chain_states; ++ci) {
      const double m = cur.mass[ci];
      if (m == 0) continue;
      const TurnState s = TurnState::from_index(ci % turn_states);
      const bool inflicted = ci >= turn_states;
      // Transitions of this state under each roll of the shared rule.
      // Whole counts of the rolls (out of 36, or 6 for the D6), divided once.
      int n[6] = {0, 0, 0, 0, 0, 0};  // miss, dodge, block, parry, hit, crit
      std::array<int, turn_states> stay_n{};
      int n_body = 0, n_crit = 0;
      const auto take = [&](int roll, int w) {
        const Resolution r = resolve(a, s, roll);
        n[static_cast<int>(r.outcome)] += w;
        if (r.outcome != Outcome::hit) {
          stay_n[r.next.index()] += w;
        } else if (r.crit) {
          n_crit += w;
          n[5] += w;
        } else {
          n_body += w;
        }
      };
      double den = 36;
      if (a.auto_hit) {
        for (int d = 1; d <= 6; ++d) take(d, 1);
        den = 6;
      } else {
        for (int r = 2; r <= 12; ++r) take(r, ways_2d6(r));
      }
      marginal.miss += m * (n[0] / den);
      marginal.dodge += m * (n[1] / den);
      marginal.block += m * (n[2] / den);
      marginal.parry += m * (n[3] / den);
      marginal.hit += m * (n[4] / den);
      marginal.crit += m * (n[5] / den);
      std::array<double, turn_states> stay{};  // no hit, to each next TurnState
      for (int ni = 0; ni < turn_states; ++ni) stay[ni] = stay_n[ni] / den;
      const double p_body = n_body / den, p_crit = n_crit / den;
      // Misses and defences: damage and hits carry over to the state the roll leaves.
      for (int ni = 0; ni < turn_states; ++ni) {
        if (stay[ni] == 0) continue;
        const int dst = chain_index(TurnState::from_index(ni), inflicted);
        next.mass[dst] += m * stay[ni];
        add_scaled(next.hits[dst], cur.hits[ci], stay[ni]);
        add_scaled(next.damage[dst], cur.damage[ci], stay[ni]);
      }
      if (p_body + p_crit == 0) continue;
      // Hits use up no defence; a failed critical effect check marks the
      // confusion (and, with confusion_immediate, takes the defences).
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

}  // namespace fray::epixx
