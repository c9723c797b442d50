// fray/rules/epixx/turn.hpp — one defender turn facing a sequence of attacks.
//
// epixx defenses are used once per turn (the combat page's Dodge, Block and
// Parry Modifiers, and its defensive index: a dodge, block or parry that
// triggers is gone for the rest of the defender's turn; with the
// confusion_immediate option a critical hit that confuses the defender takes
// the rest away). So the attacks of one turn are not independent: the exact
// analysis runs a Markov chain over the defender's TurnState through the
// whole sequence, reading each attack's plan through the same enumerations
// as exact_outcome (attack.hpp).
#pragma once

#include <fray/core/pmf.hpp>
#include <fray/core/rng.hpp>
#include <fray/rules/epixx/attack.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fray::epixx {

// The exact reading of a turn.
struct TurnOutcome {
  // Per attack: its result distribution, given the defenses still standing
  // after the attacks before it (averaged over what they did).
  std::vector<ResultProbabilities> attacks;
  Pmf hits;               // number of hits (critical or not)
  Pmf damage;             // total damage after resistance
  double p_confused = 0;  // the defender starts confused or fails a critical effect check in the sequence
};

// Exact, over the whole sequence, from the given starting state.
[[nodiscard]] TurnOutcome analyze_turn(std::span<const AttackPlan> attacks, TurnState start = {});

struct TurnSample {
  std::vector<StrikeResult> strikes;
  int hits = 0;
  std::int64_t damage = 0;
  int confusion = 0;  // longest confusion inflicted
  TurnState end;
};

// One sampled turn: each strike (attack.hpp) meets the state the ones before left.
template <UniformEngine R>
[[nodiscard]] TurnSample sample_turn(std::span<const AttackPlan> attacks, TurnState start, R& rng) {
  TurnSample t;
  t.strikes.reserve(attacks.size());
  TurnState s = start;
  for (const AttackPlan& a : attacks) {
    StrikeResult k = strike(a, s, rng);
    s = k.next;
    if (k.hit()) ++t.hits;
    t.damage += k.damage;
    if (k.confusion > t.confusion) t.confusion = k.confusion;
    t.strikes.push_back(k);
  }
  t.end = s;
  return t;
}

// `fray turn`: the typed answer, which fray/report/epixx.hpp renders.
struct TurnAttack {
  std::string attacker;  // the spec as given
  AttackPlan plan;
  ResultProbabilities results;  // given what the attacks before it did
};
struct TurnResult {
  std::string defender;  // the spec as given
  std::vector<std::string> situation;
  Kind kind = Kind::melee;
  std::vector<TurnAttack> attacks;
  Pmf hits;
  Pmf damage;  // after resistance
  double p_confused = 0;
  std::vector<std::string> notes;
};

// One turn of `defender` facing the attacker specs in order, every attack of
// `kind`, under the situation flags. Throws fray::Error on bad input.
[[nodiscard]] TurnResult defender_turn(std::string_view defender, const std::vector<std::string>& attackers,
                                       const std::vector<std::string>& situation, Kind kind = Kind::melee);

}  // namespace fray::epixx
