// The fight kernel shared by DCSS 0.19 and 0.34 (round.hpp).
//
// Flavours a round follows against the player (mons_apply_attack_flavour, on
// a melee hit that did damage): poison adds to the player's poison duration,
// in its side state (player.cc poison_player: 1000 per point); AF_VAMPIRIC
// heals the attacker 1 + random2(damage), capped at its starting HP
// (monster::heal); AF_FIRE, AF_COLD and AF_ELEC add their special damage
// (flavour_damage) to the hit's. The poison hurts over game time
// (handle_player_poison): the game ticks it in player_reacts, after each of
// the player's own actions, over that action's delay; here it ticks at the
// start of each of the poisoner's rounds, over the poisoner's attack time, so
// the player loses the same HP by the same game time, at the poisoner's
// turns. When the two act in turn (one round each) the tick falls where the
// game has it: after the player's action, before the poisoner's.
//
// Poison on a monster (poison_monster, its ENCH_POISON): a poisoning that
// gets past the monster's resistance adds 1 + amount/7 degrees and a random
// duration (poison.hpp); the game ticks it every 10 aut of game time
// (mon-act.cc _pre_monster_move, ench_countdown), each tick hurting it by
// its degree and decaying it. Here its ticks fall at the start of the
// poisoner's rounds, each for the multiples of 10 aut the poisoner's rounds
// passed since the poisoning (poison_ticks_at); the monster's state carries
// the poison and that phase.
//
// Regeneration, on the attacker's own turn (Transition::heal, before its
// attack's damage):
// - a monster's (mon-act.cc _monster_regenerate, called in
//   handle_monster_move before the monster acts): 1 HP on each of its turns
//   with monster_regen_chance, a branch of the round's outcomes; one round is
//   one monster turn.
// - the player's (player-reacts.cc _regenerate_hp_and_mp, in player_reacts
//   right after its action, over that action's delay): the counter lives in
//   the player's side state. The game heals after the attack, here just
//   before it, at the same game time: no monster acts in between, and the
//   attack does not read the attacker's HP. While the player is at its
//   maximum HP the counter is held at 0 (the game's keeps cycling below 100;
//   its phase when the player is first hurt is unknown, and taken as 0).
// Both heal up to the HP the side started the fight with, taken as its
// maximum.
#include "rules/crawl/round.hpp"

#include "rules/crawl/flavours.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fray/core/budget.hpp>
#include <fray/core/error.hpp>
#include <limits>
#include <map>
#include <mutex>
#include <set>
#include <tuple>

namespace fray::crawl {
namespace {

class RoundExchange final : public Exchange {
 public:
  explicit RoundExchange(RoundSpec spec) : s_(std::move(spec)) {
    const std::size_t n = s_.odds.size();
    if (n == 0 || s_.effects.size() != n) throw Error(s_.id + ": a round needs its attacks");
    for (const FlavourEffects& fx : s_.effects) {
      vampiric_ = vampiric_ || fx.vampiric;
      if (!s_.player_defender && fx.poison.poisons()) {
        monster_poison_ = true;
        poison_res_ = fx.poison_res;
      }
    }
    if (monster_poison_ && s_.attacker_cost <= 0)
      throw Error(s_.id +
                  ": a poisoner whose rounds spend a random energy (div_rand_round of its energy × its weapon's "
                  "delay) ticks a monster's poison at random times, which a fight does not follow");
    if (monster_poison_) period_ = poison_tick_period(s_.attacker_speed, s_.attacker_cost);
    if (period_ > kMaxPoisonPhases)
      throw Error(
          fmt::format("{}: a poisoner of speed {} spending {} energy a round ticks a monster's poison in a pattern of "
                      "{} rounds, more than the {} a fight follows",
                      s_.id, s_.attacker_speed, s_.attacker_cost, period_, kMaxPoisonPhases));
    regen_p_ = s_.regen.who == RoundRegen::Who::monster ? monster_regen_chance(s_.regen.monster) : 0.0;
    counters_ = regeneration_counters(s_.regen);
    regen_cells_ = counters_ * static_cast<std::size_t>(s_.attacker_max_hp) * static_cast<std::size_t>(s_.defender_hp);
    // Exact round: over (blocks so far, damage so far, whether any attack
    // landed, poison points added (on a monster: degrees), poisonings of a
    // monster (0, 1, 2 for more) and their durations, HP drained).
    using Key = std::tuple<std::size_t, i64, bool, i64, int, i64, i64>;
    std::map<Key, double> dp{{{0, 0, false, 0, 0, 0, 0}, 1.0}};
    for (std::size_t i = 0; i < n; ++i) {
      const FlavourEffects& fx = s_.effects[i];
      std::map<Key, double> next;
      for (const auto& [key, p] : dp) {
        const auto& [b, dmg, landed, poison, count, duration, drained] = key;
        const AttackOdds& o = s_.odds[i][std::min(b, s_.odds[i].size() - 1)];
        if (o.p_block > 0) next[{b + 1, dmg, landed, poison, count, duration, drained}] += p * o.p_block;
        if (o.p_miss > 0) next[{b, dmg, landed, poison, count, duration, drained}] += p * o.p_miss;
        if (o.p_hit <= 0) continue;
        for (const auto& [v, pv] : o.damage_on_hit) {
          const double q = p * o.p_hit * pv;
          if (v <= 0 || (!fx.poison.poisons() && !fx.vampiric && !fx.element.adds())) {
            next[{b, dmg + v, true, poison, count, duration, drained}] += q;
            continue;
          }
          if (fx.element.adds()) {
            // The elemental flavour's special damage, each value alike, after the defender's resistance.
            const double each = q / static_cast<double>(fx.element.hi - fx.element.lo + 1);
            for (i64 e = fx.element.lo; e <= fx.element.hi; ++e)
              next[{b, dmg + v + monster_resist_adjust(e, fx.element_res), true, poison, count, duration, drained}] +=
                  each;
            continue;
          }
          // The flavour's draws: the poison's one_chance_in(3) and amount, or the drain's random2(damage).
          const std::vector<Added> added = fx.poison.poisons() ? poisonings(fx) : std::vector<Added>{{0, 0, 0, 1.0}};
          std::vector<std::pair<i64, double>> healed{{0, 1.0}};
          if (fx.vampiric) {
            healed.clear();
            for (i64 h = 1; h <= v; ++h)
              healed.emplace_back(monster_resist_adjust(h, fx.drain_res), 1.0 / static_cast<double>(v));
          }
          for (const Added& a : added)
            for (const auto& [h, ph] : healed) {
              const int n = std::min(count + a.count, 2);
              // Past one poisoning the degrees only add, capped at 4: more need not be told apart.
              const i64 points = n >= 2 ? std::min<i64>(poison + a.points, kMaxPoisonDegree) : poison + a.points;
              next[{b, dmg + v, true, points, n, duration + a.duration, drained + h}] += q * a.p * ph;
            }
        }
      }
      dp = std::move(next);
    }
    // A round "hits" when any of its attacks lands, as a fight simulator counts it.
    std::map<std::tuple<i64, bool, i64, int, i64, i64>, double> total;
    for (const auto& [key, p] : dp)
      total[{std::get<1>(key), std::get<2>(key), std::get<3>(key), std::get<4>(key), std::get<5>(key),
             std::get<6>(key)}] += p;
    for (const auto& [k, p] : total)
      if (p > 0)
        round_.push_back(
            {p, std::get<0>(k), std::get<1>(k), std::get<2>(k), std::get<3>(k), std::get<4>(k), std::get<5>(k)});
    if (s_.player_defender) too_many_states_ = player_states_past_limit(s_.defender_hp);
    why_ = s_.why_not_exact;
    if (why_.empty() && too_many_states_) why_ = too_many_states_message();
  }

  std::vector<Transition> outcomes(Side attacker, Side defender) const override {
    if (s_.player_defender && defender.state != 0) count_player_state(defender.state);
    if (monster_poison_ && defender.state != 0) count_monster_state(defender.state);
    const PoisonTick tick = ticked(defender);
    const int counter = counter_of(defender.state);
    // The monster defender's poison ticks: their damage, and its poison after them.
    Pmf poison_damage = Pmf::point(0);
    MonsterSideState after_ticks = monster_side_of(defender.state);
    if (monster_poison_) {
      MonsterTicks<Pmf> ticks{poison_damage, after_ticks};
      monster_ticks(ticks, [](const PoisonTickRoll& roll, Pmf& dmg) { dmg = dmg + monster_poison_tick_pmf(roll); });
    }
    const auto poison_items = poison_damage.items();
    // The attacker's own regeneration this turn: (chance, HP, the player's counter after).
    std::vector<RegenTurn> regen{{1.0, 0, counter_of(attacker.state)}};
    if (s_.regen.who == RoundRegen::Who::monster && attacker.hp < s_.attacker_max_hp && regen_p_ > 0)
      regen = regen_p_ >= 1 ? std::vector<RegenTurn>{{1.0, 1, 0}}
                            : std::vector<RegenTurn>{{1 - regen_p_, 0, 0}, {regen_p_, 1, 0}};
    if (s_.regen.who == RoundRegen::Who::player) regen = player_turn(attacker);
    std::vector<Transition> out;
    out.reserve(round_.size() * regen.size() * poison_items.size());
    for (const RegenTurn& g : regen)
      for (const Round& r : round_) {
        const std::uint32_t after = s_.player_defender ? poisoned(tick.duration, r.poison, counter)
                                    : monster_poison_  ? monster_poisoned(after_ticks, r.poison, r.count, r.duration)
                                                       : defender.state;
        for (const auto& [hurt, ph] : poison_items) {
          Transition t{g.p * r.p * ph, tick.damage + hurt + r.damage, attacker_state(attacker, g), after,
                       static_cast<std::int8_t>(r.landed ? 1 : 0)};
          t.heal = healed(attacker, r.drained + g.hp);
          out.push_back(t);
        }
      }
    if (!monster_poison_) return out;
    if (defender.state != 0) count_monster_work(attacker, defender, out.size());
    return merged_past_death(std::move(out), defender.hp);
  }
  // DCSS to-hit and damage do not depend on HP; a drain's or a regeneration's
  // heal is capped by the attacker's missing HP.
  // A poisoned monster's outcomes read its HP too: those that kill it drop
  // its poison (merged_past_death).
  Reads reads() const override { return {vampiric_ || s_.regen.who != RoundRegen::Who::none, monster_poison_}; }

  Transition sample(Side attacker, Side defender, Rng& rng) const override {
    const PoisonTick tick = ticked(defender);
    const int counter = counter_of(defender.state);
    RegenTurn g{1.0, 0, counter_of(attacker.state)};
    if (s_.regen.who == RoundRegen::Who::monster && attacker.hp < s_.attacker_max_hp)
      g.hp = sample_monster_regen(rng, s_.regen.monster) ? 1 : 0;
    if (s_.regen.who == RoundRegen::Who::player) g = sample_player_turn(attacker, rng);
    std::size_t b = 0;
    i64 dmg = 0, poison = 0, drained = 0;
    bool landed = false;
    // The monster defender's poison ticks, then its poisonings in the round's order.
    i64 poison_damage = 0;
    MonsterSideState victim = monster_side_of(defender.state);
    if (monster_poison_) {
      MonsterTicks<i64> ticks{poison_damage, victim};
      monster_ticks(ticks,
                    [&rng](const PoisonTickRoll& roll, i64& hurt) { hurt += sample_monster_poison_tick(rng, roll); });
    }
    for (std::size_t i = 0; i < s_.odds.size(); ++i) {
      const Drawn r = s_.draw(i, std::min(b, s_.odds[i].size() - 1), rng);
      if (r.blocked) ++b;
      if (!r.hit) continue;
      dmg += r.damage;
      landed = true;
      if (r.damage <= 0) continue;
      const FlavourEffects& fx = s_.effects[i];
      if (fx.poison.poisons() && one_chance_in(rng, kPoisonChanceIn)) {
        const i64 amount = random_range(rng, fx.poison.lo, fx.poison.hi);
        if (!monster_poison_) {
          poison += amount;
        } else if (sample_monster_poison_lands(rng, fx.poison_res)) {
          const int levels = monster_poison_levels(amount);
          const i64 d = sample_monster_poison_duration(rng, monster_poison_duration_roll(levels, s_.defender_speed));
          if (victim.poison.degree == 0) victim.phase = 0;
          victim.poison = monster_poison_added(victim.poison, levels, d);
        }
      }
      if (fx.vampiric) drained += monster_resist_adjust(1 + random2(rng, r.damage), fx.drain_res);
      if (fx.element.adds())
        dmg += monster_resist_adjust(fx.element.lo + random2(rng, fx.element.hi - fx.element.lo + 1), fx.element_res);
    }
    const std::uint32_t after = s_.player_defender ? poisoned(tick.duration, poison, counter)
                                : monster_poison_  ? monster_side_state(victim, s_.id)
                                                   : defender.state;
    Transition t{1, tick.damage + poison_damage + dmg, attacker_state(attacker, g), after,
                 static_cast<std::int8_t>(landed ? 1 : 0)};
    t.heal = healed(attacker, drained + g.hp);
    return t;
  }

  // A drain's and a regeneration's heal are followed by the exact chain too
  // (it follows HP up as well as down).
  bool exact() const override { return why_.empty(); }
  std::string why_not_exact() const override { return why_; }

 private:
  struct Round {
    double p;
    i64 damage;
    bool landed;
    i64 poison;    // points added (on a monster: degrees)
    int count;     // poisonings of a monster: 0, 1, 2 for more
    i64 duration;  // their durations, summed
    i64 drained;   // HP the attacker would regain, before its cap
  };
  // One way a damaging hit's poison turns out: the points (on a monster,
  // degrees) and the poisonings of a monster with their duration.
  struct Added {
    i64 points;
    int count;
    i64 duration;
    double p;
  };
  // A damaging hit of a poisoning attack: one_chance_in(3), then
  // random_range's amount; on a monster, whether it gets past the
  // resistance, its 1 + amount/7 degrees and calc_duration's duration.
  std::vector<Added> poisonings(const FlavourEffects& fx) {
    const double chance = 1.0 / kPoisonChanceIn;
    const double each = chance / static_cast<double>(fx.poison.hi - fx.poison.lo + 1);
    std::vector<Added> out{{0, 0, 0, 1.0 - chance}};
    if (!monster_poison_) {
      for (i64 k = fx.poison.lo; k <= fx.poison.hi; ++k) out.push_back({k, 0, 0, each});
      return out;
    }
    const double lands = monster_poison_lands(fx.poison_res);
    out.front().p += chance * (1.0 - lands);
    for (i64 k = fx.poison.lo; k <= fx.poison.hi; ++k) {
      const int levels = monster_poison_levels(k);
      auto it = durations_.find(levels);
      if (it == durations_.end())
        it = durations_
                 .emplace(levels, monster_poison_duration_pmf(monster_poison_duration_roll(levels, s_.defender_speed)))
                 .first;
      for (const auto& [d, pd] : it->second.items()) out.push_back({levels, 1, d, each * lands * pd});
    }
    return out;
  }
  // The monster defender's poison (its state `side` at the start of the
  // poisoner's round): the ticks due now, each adding its damage to `hurt`
  // through `add` (a Pmf for the exact round, a drawn number for a sampled
  // one), and the decay after each; then the phase moves on (back to 0 when
  // the poison ended).
  template <class Hurt>
  struct MonsterTicks {
    Hurt& hurt;
    MonsterSideState& side;
  };
  template <class Hurt, class Add>
  void monster_ticks(MonsterTicks<Hurt>& t, Add&& add) const {
    if (t.side.poison.degree <= 0) return;
    const int due = poison_ticks_at(t.side.phase + 1, s_.attacker_speed, s_.attacker_cost);
    for (int i = 0; i < due && t.side.poison.degree > 0; ++i) {
      add(monster_poison_tick_roll(t.side.poison.degree, poison_res_), t.hurt);
      t.side.poison = monster_poison_decayed(t.side.poison);
    }
    t.side.phase = t.side.poison.degree > 0 ? (t.side.phase + 1) % period_ : 0;
  }
  // The monster defender's state after the round's poisonings (`count` of
  // them, `levels` degrees in all, `duration` summed) on top of its poison
  // after the ticks: a fresh poison starts its phase at 0.
  std::uint32_t monster_poisoned(MonsterSideState side, i64 levels, int count, i64 duration) const {
    if (count > 0) {
      if (side.poison.degree == 0) side.phase = 0;
      const i64 degrees = side.poison.degree == 0 && count >= 2 ? std::min<i64>(levels, kMaxPoisonDegree) : levels;
      side.poison = monster_poison_added(side.poison, static_cast<int>(degrees), duration);
    }
    return monster_side_state(side, s_.id);
  }

  // The player's poison since the poisoner's last round.
  PoisonTick ticked(Side defender) const {
    const i64 duration = s_.player_defender ? poison_of(defender.state) : 0;
    if (duration == 0) return {0, 0};
    return poison_over(duration, s_.attacker_time, s_.poison_rate);
  }
  // The regenerating player's turn: its counter held at 0 at full HP, else
  // over each of its attack delays.
  std::vector<RegenTurn> player_turn(Side attacker) const {
    if (attacker.hp >= s_.attacker_max_hp) return {{1.0, 0, 0}};
    // Only a duel hurts the attacking player (turns to kill never do): there
    // the chain follows the counter with both sides' HP, refused past
    // kMaxRegenCells (the fight is then sampled, with a note).
    if (regen_cells_ > kMaxRegenCells)
      throw TooLarge(fmt::format(
          "{}: the player's regeneration counter ({} values) with both sides' HP makes {} cells, more than the exact "
          "chain's {}",
          s_.id, counters_, regen_cells_, kMaxRegenCells));
    std::map<std::pair<i64, int>, double> by;
    for (const auto& [delay, pd] : s_.regen.delays)
      for (const RegenTurn& t : player_regen_turn(s_.regen.rate, delay, counter_of(attacker.state)))
        by[{t.hp, t.counter}] += pd * t.p;
    std::vector<RegenTurn> out;
    for (const auto& [k, p] : by) out.push_back({p, k.first, k.second});
    return out;
  }
  RegenTurn sample_player_turn(Side attacker, Rng& rng) const {
    if (attacker.hp >= s_.attacker_max_hp) return {1.0, 0, 0};
    i64 delay = s_.regen.delays.back().first;
    if (s_.regen.delays.size() > 1) {
      double u = rng.unit();
      for (const auto& [d, p] : s_.regen.delays) {
        if (u < p) {
          delay = d;
          break;
        }
        u -= p;
      }
    }
    return sample_player_regen_turn(rng, s_.regen.rate, delay, counter_of(attacker.state));
  }
  std::uint32_t attacker_state(Side attacker, const RegenTurn& g) const {
    if (s_.regen.who != RoundRegen::Who::player) return attacker.state;
    return player_state(poison_of(attacker.state), g.counter);
  }
  std::string too_many_states_message() const {
    return fmt::format("{}: the player's poison reaches more than {} durations, too many for the exact chain", s_.id,
                       kMaxPoisonStates);
  }
  // Whether the exact chain would ask about more than kMaxPoisonStates poison
  // durations, decided before it starts (it would otherwise find out only
  // after building thousands of them); the regeneration counters that
  // multiply them (only on the player's own turns, so not in turns to kill)
  // are counted as the chain runs. The durations come from a search, each
  // with the least damage the player can have taken on the way: the poison's
  // ticks, plus for each round that poisons the least melee damage of such a
  // round (poison comes only with a damaging hit), nothing for the others
  // (they may all miss). A duration is reached while that least damage is
  // below the player's HP. The chain's own durations are among these, so a
  // count within the limit keeps the chain within it too.
  bool player_states_past_limit(i64 player_hp) const {
    const std::size_t limit = kMaxPoisonStates;
    std::map<i64, i64> cost;  // points a round adds → the least damage of such a round
    for (const Round& r : round_) {
      const i64 least_damage = r.poison == 0 ? 0 : r.damage;
      const auto [it, fresh] = cost.emplace(r.poison, least_damage);
      if (!fresh) it->second = std::min(it->second, least_damage);
    }
    if (cost.empty() || (cost.size() == 1 && cost.begin()->first == 0)) return false;
    std::map<i64, i64> least{{0, 0}};  // duration → least damage taken
    std::set<std::pair<i64, i64>> open{{0, 0}};
    std::size_t reached = 0;
    while (!open.empty()) {
      const auto [hurt, duration] = *open.begin();
      open.erase(open.begin());
      if (least[duration] < hurt) continue;
      if (duration != 0 && ++reached > limit) return true;
      const PoisonTick tick = poison_over(duration, s_.attacker_time, s_.poison_rate);
      for (const auto& [points, damage] : cost) {
        const i64 after = hurt + tick.damage + damage;
        if (after >= player_hp) continue;
        const i64 next = tick.duration + points * kPoisonDurationPerPoint;
        const auto it = least.find(next);
        if (it != least.end() && it->second <= after) continue;
        least[next] = after;
        open.insert({after, next});
      }
    }
    return false;
  }
  // The exact chain asks once per monster poison state it reaches; past
  // kMaxMonsterPoisonStates of them it is refused (TooLarge) and the fight
  // is sampled, with a note saying so.
  void count_monster_state(std::uint32_t state) const {
    const std::lock_guard lock(mutex_);
    seen_.insert(state);
    if (seen_.size() > kMaxMonsterPoisonStates)
      throw TooLarge(fmt::format(
          "{}: the monster's poison (ENCH_POISON: degree, duration, maxduration and tick phase) reaches more than {} "
          "states, too many for the exact chain",
          s_.id, kMaxMonsterPoisonStates));
  }
  // A monster's poison spreads a round over thousands of outcomes; those
  // that kill it (damage >= its HP) end the fight, so its state no longer
  // matters: they are merged, leaving the poison only on the monster that
  // lives on.
  static std::vector<Transition> merged_past_death(std::vector<Transition> ts, i64 defender_hp) {
    using Key = std::tuple<i64, std::uint32_t, std::uint32_t, std::int8_t, i64>;
    std::map<Key, double> by;
    for (const Transition& t : ts)
      by[{t.damage, t.attacker_state, t.damage >= defender_hp ? 0u : t.defender_state, t.hit, t.heal}] += t.p;
    ts.clear();
    for (const auto& [k, p] : by) {
      Transition t{p, std::get<0>(k), std::get<1>(k), std::get<2>(k), std::get<3>(k)};
      t.heal = std::get<4>(k);
      ts.push_back(t);
    }
    return ts;
  }
  // The transitions built for the exact chain for a poisoned monster (before
  // merged_past_death): each poisoning spreads over calc_duration's
  // durations, so a round has thousands of outcomes; past
  // kMaxMonsterPoisonTransitions (or what the budget's values allow) it is
  // refused (TooLarge) and the fight sampled.
  // Each question counts once: a chain asked again (another analysis of the
  // same fight) adds nothing.
  void count_monster_work(Side attacker, Side defender, std::size_t n) const {
    const double limit =
        std::min(static_cast<double>(kMaxMonsterPoisonTransitions), static_cast<double>(budget().values) / 8);
    const std::lock_guard lock(mutex_);
    if (asked_.insert({attacker.hp, attacker.state, defender.state}).second) emitted_ += n;
    if (static_cast<double>(emitted_) > limit)
      throw TooLarge(fmt::format(
          "{}: the monster's poison (each poisoning spread over its random durations) takes more than {:.0f} "
          "transitions, too many for the exact chain",
          s_.id, limit));
  }
  // The exact chain asks once per player state it reaches (poison duration
  // and regeneration counter); past kMaxPoisonStates of them it is refused
  // (TooLarge), and the fight is sampled with a note saying so. A check made
  // while the chain runs, behind the estimate above (which counts durations
  // only: the counters move only on the player's own turns).
  void count_player_state(std::uint32_t state) const {
    const std::lock_guard lock(mutex_);
    seen_.insert(state);
    const std::size_t limit = kMaxPoisonStates;
    if (seen_.size() > limit)
      throw TooLarge(fmt::format(
          "{}: the player's poison durations and regeneration counters reach more than {} states, too many for the "
          "exact chain",
          s_.id, limit));
  }
  std::uint32_t poisoned(i64 duration, i64 points, int counter) const {
    const i64 d = duration + points * kPoisonDurationPerPoint;
    if (d > kMaxPoisonDuration)
      throw Error(fmt::format("{}: the player's poison grew past what a fight follows ({} points)", s_.id,
                              kMaxPoisonDuration / kPoisonDurationPerPoint));
    return player_state(d, counter);
  }
  i64 healed(Side attacker, i64 regained) const {
    return regained > 0 ? std::clamp<i64>(s_.attacker_max_hp - attacker.hp, 0, regained) : 0;
  }

  RoundSpec s_;
  std::vector<Round> round_;
  double regen_p_ = 0;
  std::size_t counters_ = 1, regen_cells_ = 0;
  bool vampiric_ = false, too_many_states_ = false;
  bool monster_poison_ = false;  // the defender is a monster this side poisons
  int poison_res_ = 0, period_ = 1;
  std::map<int, Pmf> durations_;  // calc_duration's pmf by degrees added
  std::string why_;
  mutable std::mutex mutex_;
  mutable std::set<std::uint32_t> seen_;                                   // player states the chain asked about
  mutable std::set<std::tuple<i64, std::uint32_t, std::uint32_t>> asked_;  // questions about a poisoned monster
  mutable std::uint64_t emitted_ = 0;                                      // the transitions they were answered with
};

}  // namespace

FlavourEffects flavour_effects(std::string_view flavour, int hd, const MonsterResists* target) {
  FlavourEffects fx;
  if (!target) {
    if (!followed_on_player(flavour)) return fx;
    return {poison_range(flavour, hd), element_range(flavour, hd), flavour == "AF_VAMPIRIC"};
  }
  if (!followed_on_monster(flavour)) return fx;
  // Poison on a monster that can take it (resistance below 3).
  if (monster_poison_lands(target->poison) > 0) fx.poison = poison_range(flavour, hd);
  fx.poison_res = target->poison;
  fx.element = element_range(flavour, hd);
  fx.element_res = element_resist(flavour, *target);
  // AF_VAMPIRIC drains only a natural (0.34: or plant) monster.
  fx.vampiric = flavour == "AF_VAMPIRIC" && target->natural;
  fx.drain_res = target->neg;
  return fx;
}

RoundRegen player_round_regen(const Fighter& player, const RegenSources& sources, const PlayerRegenRate& rate) {
  RoundRegen r;
  r.who = RoundRegen::Who::player;
  r.rate = player_regen(player.hp, sources, rate);
  const std::vector<std::pair<double, double>> times =
      player.attack_times.empty() ? std::vector<std::pair<double, double>>{{player.attack_time, 1.0}}
                                  : player.attack_times;
  for (const auto& [t, p] : times) {
    const i64 whole = std::llround(t);
    if (std::fabs(t - static_cast<double>(whole)) > 1e-9 || whole <= 0)
      throw Error(fmt::format("crawl: a player's attack delay of {} aut is not a whole number of aut", t));
    r.delays.emplace_back(whole, p);
  }
  return r;
}

RoundRegen monster_round_regen(int hd, std::string_view name) {
  std::string spelled(name);
  std::replace(spelled.begin(), spelled.end(), '_', ' ');
  RoundRegen r;
  r.who = RoundRegen::Who::monster;
  r.monster = {hd, fast_regenerator(spelled)};
  return r;
}

std::string regeneration_note() {
  return "regeneration: each side starts at its maximum HP and regenerates on its own turns, before it attacks: a "
         "monster as the game does before it acts; the player over its attack's delay, as the game does right after "
         "the action (same game time, no monster acts in between), its counter held at 0 while at full HP; with a "
         "random player delay, a sampled fight draws the regeneration's delay apart from the attack's; turns to kill "
         "follow the defender's regeneration too, on its own turns, its attacks doing nothing";
}

std::string poison_note() {
  return "poison: the player has no poison resistance; its poison ticks at the start of each of the poisoner's "
         "rounds, over the poisoner's attack time in ticks of 10 aut (the game ticks after each of the player's own "
         "actions, over its delay: the same HP by the same game time); the fight ends at a death, so poison left in "
         "a winning player is not followed";
}

std::string monster_poison_note() {
  return "poison on a monster: its ENCH_POISON ticks every 10 aut of the poisoner's rounds, counted from the "
         "poisoning, at the start of the poisoner's round (the game ticks every 10 aut of game time, whose phase "
         "against the poisoning a duel does not fix); the fight ends at a death, so poison left in the winner is not "
         "followed";
}

std::string drain_note() { return "AF_VAMPIRIC: the drainer heals up to the HP it started the fight with"; }

std::size_t regeneration_counters(const RoundRegen& regen) {
  if (regen.who != RoundRegen::Who::player) return 1;
  std::vector<i64> delays;
  for (const auto& [d, p] : regen.delays)
    if (p > 0) delays.push_back(d);
  return player_regen_counters(regen.rate, delays, kMaxPlayerStates);
}

std::shared_ptr<const Exchange> make_round_exchange(RoundSpec spec) {
  return std::make_shared<RoundExchange>(std::move(spec));
}

}  // namespace fray::crawl
