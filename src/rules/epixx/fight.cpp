// epixx fights: one side's turn against the other, written once as a
// fight::Turn (fray/fight/turn.hpp) and read exactly or sampled.
#include <fray/core/error.hpp>
#include <fray/fight/turn.hpp>
#include <fray/rules/epixx/fight.hpp>

#include <algorithm>
#include <array>
#include <map>
#include <string>
#include <tuple>
#include <vector>

// A fight state's hash for the table (fight/states.hpp): its fields in one
// word (the table mixes it), since every sampled turn numbers two states.
namespace fray::fight {
template <>
struct StateHash<epixx::FightState> {
  static constexpr bool value = true;
  std::uint64_t operator()(const epixx::FightState& s) const noexcept {
    return static_cast<std::uint64_t>(s.turn.index()) | static_cast<std::uint64_t>(s.confused_turns) << 3;
  }
};
}  // namespace fray::fight

namespace fray::epixx {
namespace {

using fight::After;
using fight::Branch;
using fight::Now;

// What one attack did to the defender's turn: its damage after resistance,
// whether it landed, the defender's turn after it (defenses used, and with
// confusion_immediate the confusion) and the turns of confusion its critical
// effect check gave.
struct Struck {
  std::int64_t damage = 0;
  bool hit = false;
  TurnState next;
  int confusion = 0;
  [[nodiscard]] auto key() const noexcept { return std::tuple(damage, hit, next.index(), confusion); }
};

// Every outcome of an attack on a defender in one TurnState, as
// exact_outcome reads the plan (for_each_to_hit, then the location's damage,
// then for_each_effect_check on a critical hit).
std::vector<Branch<Struck>> strikes_of(const AttackPlan& plan, TurnState state) {
  const double den = to_hit_total(plan);
  std::map<std::tuple<std::int64_t, bool, int, int>, Branch<Struck>> acc;
  const auto add = [&](const Struck& s, double p) {
    auto [it, fresh] = acc.try_emplace(s.key(), Branch<Struck>{s, 0});
    it->second.p += p;
  };
  for_each_to_hit(plan, state, [&](const Resolution& r, int ways) {
    const double w = ways / den;
    if (!lands(r.result)) return add({0, false, r.next, 0}, w);
    const bool crit = r.result == Result::critical;
    const auto& loc = crit ? plan.head : plan.body;
    for (std::size_t u = 0; u < loc.size(); ++u) {
      if (loc[u] == 0) continue;
      const auto dmg = static_cast<std::int64_t>(u);
      if (!crit) {
        add({dmg, true, r.next, 0}, w * loc[u]);
        continue;
      }
      for_each_effect_check(plan.stamina, dmg, [&](int turns, int check_ways) {
        add({dmg, true, after_confusion(plan, r.next, turns), turns}, w * loc[u] * check_ways / 36.0);
      });
    }
  });
  std::vector<Branch<Struck>> out;
  out.reserve(acc.size());
  for (auto& [k, b] : acc) out.push_back(b);
  return out;
}

// One attack as a law: its branches precomputed per TurnState, its sample the
// game's strike (attack.hpp strike: the to-hit 2D6, the weapon's dice on a
// hit, the critical effect 2D6 on a critical), each draw traced.
struct StrikeLaw {
  using value_type = Struck;
  const std::vector<Branch<Struck>>* branches;
  const AttackPlan* plan;
  const Resolutions* resolutions;  // the plan's, for the Monte Carlo strike
  TurnState state;

  [[nodiscard]] std::size_t size() const noexcept { return branches->size(); }
  [[nodiscard]] Branch<Struck> at(std::size_t i) const { return (*branches)[i]; }
  Struck sample(Rng& rng, std::vector<Draw>* trace) const {
    if (trace) [[unlikely]]
      return traced(rng, *trace);
    // Monte Carlo: nothing to record, the to-hit resolution read from the plan's table.
    return of(strike_resolved(
        *plan, state, rng, [](DrawFor, std::string_view, std::int64_t) {}, *resolutions));
  }

 private:
  static Struck of(const StrikeResult& k) { return {k.damage, k.hit(), k.next, k.confusion}; }
  [[gnu::noinline]] Struck traced(Rng& rng, std::vector<Draw>& trace) const {
    return of(strike(*plan, state, rng, [&](DrawFor f, std::string_view call, std::int64_t v) {
      trace.push_back(Draw{std::string(name(f)), std::string(call), v});
    }));
  }
};

// The mover's own turn begins (combat page: defenses are "once per turn"): its
// defenses come back, and it is confused for this turn when confused turns
// remain, one of them used.
void own_turn_begins(FightState& s) {
  s.turn = TurnState{false, false, s.confused_turns > 0};
  s.confused_turns = std::max(s.confused_turns - 1, 0);
}

// epixx Critical effect: the struck side is confused for the margin of its
// failed check from its next turn on (the longer of two confusions lasts);
// the attack's own resolution has already spent its defenses.
void critical_effect(const Struck& s, FightState& def) {
  def.turn = s.next;
  def.confused_turns = std::max(def.confused_turns, s.confusion);
}

using Table = fight::States<FightState>;

// One side's turn: its own turn begins, then it attacks once.
class AttackTurn {
 public:
  using mine = FightState;
  using theirs = FightState;

  AttackTurn(AttackPlan plan, std::shared_ptr<const Table> table) : plan_(std::move(plan)), table_(std::move(table)) {
    for (int i = 0; i < turn_states; ++i) strikes_[i] = strikes_of(plan_, TurnState::from_index(i));
  }

  template <class R>
  After<mine, theirs> turn(R& r, const Now<mine, theirs>& now) const {
    After<mine, theirs> out{.att = now.att, .def = now.def};
    own_turn_begins(out.att);
    const Struck s = r.draw(StrikeLaw{&strikes_[now.def.turn.index()], &plan_, &resolutions_, now.def.turn});
    out.damage = s.damage;
    out.hit = s.hit ? 1 : 0;
    critical_effect(s, out.def);
    return out;
  }

  // To-hit, locations and confusion read the turn states, never HP.
  [[nodiscard]] Exchange::Reads reads() const { return {false, false}; }
  // A hit rolls the weapon's dice: a weapon of many dice makes a long attack.
  [[nodiscard]] double extra_sample_ops() const { return plan_.damage_dice.draws() * kDrawOps; }
  // The table both sides' conditions are numbered in (fight_state).
  [[nodiscard]] const Table& table() const { return *table_; }

 private:
  AttackPlan plan_;
  Resolutions resolutions_{plan_};
  std::shared_ptr<const Table> table_;
  std::array<std::vector<Branch<Struck>>, turn_states> strikes_;
};

using Turned = fight::TurnExchange<AttackTurn>;

const Table& table_of(const Exchange& exchange) {
  const auto* x = dynamic_cast<const Turned*>(&exchange);
  if (!x) throw Error("epixx: not an epixx fight exchange");
  return x->turn().table();
}

}  // namespace

std::pair<std::shared_ptr<const Exchange>, std::shared_ptr<const Exchange>> fight_exchanges(AttackPlan a_on_b,
                                                                                            AttackPlan b_on_a) {
  // One table for both sides: a condition has one number whichever side holds it.
  auto table = std::make_shared<const Table>(FightState{}, 1u << 20, "epixx fight (defenses, confusion)");
  return fight::exchanges(std::make_shared<const AttackTurn>(std::move(a_on_b), table),
                          std::make_shared<const AttackTurn>(std::move(b_on_a), table), table, table);
}

FightState fight_state(const Exchange& exchange, std::uint32_t state) { return table_of(exchange).at(state); }

std::uint32_t fight_state_id(const Exchange& exchange, const FightState& state) { return table_of(exchange).id(state); }

}  // namespace fray::epixx
