// fray/rules/epixx/fight.hpp — epixx fights: the turn the fight layer runs,
// and the condition each side carries between turns.
//
// A side's condition is its turn's defenses and confusion: the fight layer
// holds its number (Side::state, numbered in a table both directions of a
// bout share; 0 is a fresh side, no defense used and no confusion).
#pragma once

#include <fray/fight/kernel.hpp>
#include <fray/rules/epixx/attack.hpp>

#include <cstdint>
#include <memory>
#include <tuple>
#include <utility>

namespace fray::epixx {

// One side's condition between two turns.
struct FightState {
  // The side's own turn as the other side's attacks find it: the defenses it
  // has used (combat page: each "once per turn") and whether it is confused now.
  TurnState turn;
  // Confused turns still to come after the current one (a critical effect
  // check failed by a margin of n confuses for n turns).
  std::int32_t confused_turns = 0;

  [[nodiscard]] auto key() const noexcept {
    return std::tie(turn.dodge_used, turn.weapon_used, turn.confused, confused_turns);
  }
  friend bool operator==(const FightState& x, const FightState& y) noexcept { return x.key() == y.key(); }
  friend bool operator<(const FightState& x, const FightState& y) noexcept { return x.key() < y.key(); }
};

// The two Exchanges of a bout: `a_on_b` A's attack on B, `b_on_a` B's on A.
[[nodiscard]] std::pair<std::shared_ptr<const Exchange>, std::shared_ptr<const Exchange>> fight_exchanges(
    AttackPlan a_on_b, AttackPlan b_on_a);

// The condition behind a state number of an epixx Exchange, and the number of
// a condition (numbered when new). Throw fray::Error for another Exchange or
// an unknown number.
[[nodiscard]] FightState fight_state(const Exchange& exchange, std::uint32_t state);
[[nodiscard]] std::uint32_t fight_state_id(const Exchange& exchange, const FightState& state);

}  // namespace fray::epixx
