// fray/rules/epixx/turn.hpp — one defender turn facing a sequence of attacks.
//
// Epixx defences are used once per turn (research §2.3, §2.5): a dodge, block
// or parry that triggers is gone for the rest of the defender's turn (and,
// with the confusion_immediate option, a critical hit that confuses the
// defender takes the rest away, research §5.8). So the attacks of one turn are not independent; the exact analysis runs
// a Markov chain over the defender's TurnState through the whole sequence.
#pragma once

#include <fray/core/pmf.hpp>
#include <fray/core/rng.hpp>
#include <fray/rules/epixx/attack.hpp>
#include <span>
#include <vector>

namespace fray::epixx {

struct TurnResult {
  // Per attack: its outcome distribution, given the defences still standing
  // after the attacks before it (averaged over what they did).
  std::vector<OutcomeProbabilities> attacks;
  Pmf hits;               // number of hits (critical or not)
  Pmf damage;             // total unresisted damage
  double p_confused = 0;  // the defender starts confused or fails a critical effect check in the sequence
};

// Exact, over the whole sequence, from the given starting state.
[[nodiscard]] TurnResult analyse_turn(std::span<const AttackSetup> attacks, TurnState start = {});

struct TurnSample {
  std::vector<Strike> strikes;
  int hits = 0;
  std::int64_t damage = 0;
  int confusion = 0;  // longest confusion inflicted
  TurnState end;
};

// One sampled turn: the same rule (resolve) with the state carried along.
template <UniformEngine R>
[[nodiscard]] TurnSample sample_turn(std::span<const AttackSetup> attacks, TurnState start, R& rng) {
  TurnSample t;
  t.strikes.reserve(attacks.size());
  TurnState s = start;
  for (const AttackSetup& a : attacks) {
    Strike k = strike(a, s, rng);
    s = k.next;
    if (k.outcome == Outcome::hit) ++t.hits;
    t.damage += k.damage;
    if (k.confusion > t.confusion) t.confusion = k.confusion;
    t.strikes.push_back(k);
  }
  t.end = s;
  return t;
}

}  // namespace fray::epixx
