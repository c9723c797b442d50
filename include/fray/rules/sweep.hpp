// fray/rules/sweep.hpp — one spec key of any game raised step by step, and
// the answers a designer reads off each step: P(hit), mean damage, attacks
// and hits to kill, the duel's win chance.
//
// The sweep knows no game: it sets the key in the spec text (set_spec_key)
// and asks the Ruleset again, so a game registered later sweeps the same way.
#pragma once

#include <fray/core/value.hpp>
#include <fray/fight/solve.hpp>
#include <fray/rules/ruleset.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace fray {

// The most values one sweep takes: each is an exact attack, a turns to kill
// and a duel, so the work grows with it.
inline constexpr std::size_t kMaxSweepPoints = 201;

enum class SweepSide { attacker, defender };

// Which answers each row computes. P(hit), mean damage and the warnings are
// one exact attack a row and always there; turns to kill (attacks and hits to
// kill) and the duel are each a fight a row, the sweep's cost: a sweep that
// shows only P(hit) asks for neither and answers in the time of its attacks.
// A column not computed stays in the table with no value in any row, and a
// note says so.
struct SweepColumns {
  bool ttk = true;   // mean_attacks_to_kill, mean_hits_to_kill
  bool duel = true;  // p_attacker_wins
};

// The columns `names` ask for (the table's column names, e.g. "p_hit,
// p_attacker_wins"): ttk for mean_attacks_to_kill or mean_hits_to_kill, the
// duel for p_attacker_wins; value, p_hit, mean_damage and warnings are always
// computed. Throws fray::Error naming `label` for a name that is no column
// (with the closest) or an empty list.
[[nodiscard]] SweepColumns parse_sweep_columns(const std::vector<std::string>& names, const std::string& label);

struct SweepRequest {
  AttackRequest attack;  // the two specs, situation and options of every step
  std::string key;       // a spec key the swept side takes ("level", "str", "enchant", "fighting", ...)
  double from = 0, to = 0, step = 1;
  SweepSide side = SweepSide::attacker;  // whose spec the key is set in
  // How each step's turns to kill and duel are solved: exact where the
  // chain can be made, else Monte Carlo with these fights and seed.
  fight::FightOptions fight;
  SweepColumns columns;  // every column by default
};

// The keys the specs of a game take, from its keys catalog, each once
// ("player:str" is "str").
[[nodiscard]] std::vector<std::string> spec_keys(const Ruleset& rules);

// The largest magnitude of a swept value: every spec key's range is far
// inside it, and a whole value within it converts to a 64-bit integer.
inline constexpr double kMaxSweepValue = 1e15;

// from, from + step, ... up to `to` (within 1e-9 of a step), each rounded to
// 1e-9: a counted list, however small the step. Throws fray::Error for a step
// that is not positive, a reversed or non-finite range, a value past
// kMaxSweepValue, more than `max_values` values, or a step too small to tell
// two values apart.
[[nodiscard]] std::vector<double> sweep_values(double from, double to, double step,
                                               std::size_t max_values = kMaxSweepPoints);

// The value as a spec writes it: "3", "-2", "0.25".
[[nodiscard]] std::string spec_number(double v);

// The bout `fray ttk` asks about. The attacker's HP does not enter turns to
// kill (the defender does not fight back): when the attacker's spec gives
// none and the game needs one to build a bout, hp=1 is taken and a note in
// `notes` says so.
[[nodiscard]] Bout ttk_bout(const Ruleset& rules, const AttackRequest& request, std::vector<std::string>& notes);

// One row per value: value, p_hit, mean_damage (per attack, a miss as 0),
// mean_attacks_to_kill and mean_hits_to_kill (given a kill; no value when no
// kill can happen), p_attacker_wins (the duel, the attacker as side a), the
// last two only when request.columns asks for them (else no value). The
// notes say which rows are exact and which Monte Carlo (fights and seed), and
// carry the attack notes (equipment, warnings) with the values they hold for.
// Throws fray::Error for a key the game's specs do not take (with the closest
// keys), a value the game refuses, or a bad range.
[[nodiscard]] Table sweep(const Ruleset& rules, const SweepRequest& request);

}  // namespace fray
