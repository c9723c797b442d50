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
//
// The first-attack part (RoundPassing, fight_situation.hpp): while the
// defender's passing conditions hold (its `over` false) the attacker's round
// is the held one, and the attack ends them; a mover still asleep makes no
// attack, its regeneration and the poison it put in its foe still tick.
#include "rules/crawl/round.hpp"

#include "rules/crawl/flavours.hpp"
#include "rules/crawl/turn.hpp"

#include <fray/rules/crawl/parts.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
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

// One way a damaging hit's poison turns out: the points (on a monster,
// degrees) and the poisonings of a monster with their duration.
struct Added {
  i64 points;
  int count;
  i64 duration;
  double p;
};

using Now = fight::Now<SideState, SideState>;
using After = fight::After<SideState, SideState>;

// Each turn object's number, for the exact reader's memo of the question it
// is answering (below).
std::atomic<std::uint64_t> next_serial{1};

// One side's round on the other, with everything around it, written once
// (the file's header says what it follows): the exact chain reads it through
// fight::Enumerate, Monte Carlo through fight::Sample.
class RoundTurn {
 public:
  using mine = SideState;
  using theirs = SideState;

  RoundTurn(RoundSpec spec, std::shared_ptr<const SideStates> att, std::shared_ptr<const SideStates> def);

  template <class R>
  After turn(R& r, const Now& now) const {
    After out{.att = now.att, .def = now.def};
    const bool hurt = now.att_hp < s_.attacker_max_hp;
    const Asked* asked = nullptr;
    if constexpr (R::exact) asked = &ask(now, hurt);
    const i64 regained = regenerate(r, s_.regen, regen_p_, player_gains_, now.att_hp, s_.attacker_max_hp, out.att);
    if (s_.player_defender) {
      if constexpr (R::exact) {  // the same tick on every path: taken once for the question
        out.def.poison = asked->def.poison;
        out.damage += asked->poison_damage;
      } else {
        out.damage += player_poison_tick(s_, out.def);
      }
    }
    if (monster_poison_) out.damage += monster_poison_ticks(r, asked, out.def.monster);
    // The first-attack part: while the defender's passing conditions hold,
    // its round is the held one; a mover still asleep makes no attack.
    const RoundPassing& pass = s_.passing;
    const bool held = pass.defender && !now.def.over;
    const bool idle = pass.mover && pass.idle_while_held && !now.att.over;
    const Struck k = idle ? Struck{} : r.draw(RoundLaw{this, held});
    out.damage += k.damage;
    out.hit = k.landed ? 1 : 0;
    if (s_.player_defender) out.def.poison = poisoned(out.def.poison, k.poison);
    if (monster_poison_) out.def.monster = monster_poisoned(out.def.monster, k.poison, k.count, k.duration, s_.id);
    out.heal = healed(now.att_hp, k.drained + regained);
    // The part the attack gave (none without a drain: the heal is the regeneration's).
    out.drained = k.drained > 0 ? out.heal - healed(now.att_hp, regained) : 0;
    // Its turn ends its own passing conditions (not a sleeper's), its attack
    // the defender's (DCSS: any attack alerts its target, whoever moved first).
    if (pass.mover || pass.defender) {
      bool mine = out.att.over, foe = out.def.over;
      fight::parts::first_attack_turn(pass.part, true, k.landed, mine, foe);
      if (pass.mover) out.att.over = mine;
      if (pass.defender && !idle) out.def.over = foe;
    }
    // A monster's poison spreads a round over thousands of outcomes; those
    // that kill it end the fight, so its state no longer matters: it is
    // dropped, leaving the poison only on the monster that lives on.
    if (monster_poison_ && out.damage >= now.def_hp) out.def = SideState{};
    return out;
  }

  // DCSS to-hit and damage do not depend on HP; a drain's or a regeneration's
  // heal is capped by the attacker's missing HP.
  // A poisoned monster's outcomes read its HP too: those that kill it drop
  // its poison.
  // The attacker's HP is read only as how far below its maximum it is, up
  // to the most a turn heals (heal_cap_): the exact chain asks once per
  // such class rather than once per HP. Not with a monster's poison, whose
  // questions are counted by HP (count_monster_work).
  Exchange::Reads reads() const {
    const bool heals = vampiric_ || s_.regen.who != RoundRegen::Who::none;
    return {heals, monster_poison_, heals && !monster_poison_};
  }
  // The regeneration reads the HP through hp >= max and hp + healed < max,
  // and the heal's cap through max - hp against what the turn heals: from
  // heal_cap_ HP below the maximum down, every HP has the same outcomes.
  Exchange::HpClasses hp_classes(const Now& now) const {
    return {std::clamp<i64>(s_.attacker_max_hp - now.att_hp, 0, heal_cap_), 0};
  }
  // A drain's and a regeneration's heal are followed by the exact chain too
  // (it follows HP up as well as down).
  bool exact() const { return why_.empty(); }
  std::string why_not_exact() const { return why_; }

  const std::shared_ptr<const SideStates>& attacker_table() const noexcept { return att_; }
  const std::shared_ptr<const SideStates>& defender_table() const noexcept { return def_; }

 private:
  // The round of attacks as one law: exactly, its outcomes (precomputed);
  // sampled, each attack struck in turn with its flavours' draws.
  struct RoundLaw {
    using value_type = Struck;
    const RoundTurn* t;
    bool held = false;  // the defender's passing conditions hold
    [[nodiscard]] const std::vector<Branch<Struck>>& round() const noexcept {
      return held ? t->held_round_ : t->round_;
    }
    [[nodiscard]] std::size_t size() const noexcept { return round().size(); }
    [[nodiscard]] Branch<Struck> at(std::size_t i) const { return round()[i]; }
    Struck sample(Rng& rng, std::vector<Draw>* trace) const { return t->strike_round(rng, trace, held); }
  };
  // The monster defender's ticks from one poison state, and their summed damage's law.
  struct Ticks {
    MonsterTicks ticks;
    std::vector<Branch<i64>> sum;
  };
  // What the exact reader found out about the question it answers, once per
  // question (it runs the turn once per path).
  struct Asked {
    std::uint64_t serial = 0;
    i64 att_hp = 0;
    SideState att, question, def;  // def: the defender after the player's poison tick
    i64 poison_damage = 0;
    const Ticks* ticks = nullptr;
  };

  const Asked& ask(const Now& now, bool hurt) const;
  template <class R>
  i64 monster_poison_ticks(R& r, const Asked* asked, MonsterSideState& side) const {
    if (side.poison.degree <= 0) return 0;
    if constexpr (R::exact) {
      side = asked->ticks->ticks.after;
      return r.draw(MonsterTicksLaw{&asked->ticks->sum, &asked->ticks->ticks.rolls});
    } else {
      const MonsterTicks t = monster_ticks(side, s_, poison_res_, period_);
      side = t.after;
      if (t.rolls.empty()) return 0;
      return MonsterTicksLaw{nullptr, &t.rolls}.sample(r.rng(), r.trace());
    }
  }
  Struck strike_round(Rng& rng, std::vector<Draw>* trace, bool held) const;
  std::vector<Branch<Struck>> exact_round(const std::vector<std::vector<AttackOdds>>& odds);
  std::vector<Added> poisonings(const FlavourEffects& fx);
  const Ticks& ticks_of(const MonsterSideState& side) const;
  i64 poisoned(i64 duration, i64 points) const {
    const i64 d = duration + points * kPoisonDurationPerPoint;
    if (d > kMaxPoisonDuration)
      throw Error(fmt::format("{}: the player's poison grew past what a fight follows ({} points)", s_.id,
                              kMaxPoisonDuration / kPoisonDurationPerPoint));
    return d;
  }
  i64 healed(i64 hp, i64 regained) const {
    return regained > 0 ? std::clamp<i64>(s_.attacker_max_hp - hp, 0, regained) : 0;
  }
  bool player_states_past_limit(i64 player_hp) const;
  void count_state(const SideState& state, std::size_t limit, const char* what) const;
  void count_monster_work(const Now& now, std::size_t n) const;

  RoundSpec s_;
  std::shared_ptr<const SideStates> att_, def_;
  std::uint64_t serial_ = next_serial++;
  std::vector<Branch<Struck>> round_;
  std::vector<Branch<Struck>> held_round_;  // while the defender's passing conditions hold (RoundPassing)
  std::vector<Branch<i64>> player_gains_;   // the player's regeneration gains, over its delays
  double regen_p_ = 0;
  std::size_t counters_ = 1, regen_cells_ = 0;
  i64 heal_cap_ = 0;  // more than a turn's drain and regeneration heal together (hp_classes)
  bool vampiric_ = false;
  bool monster_poison_ = false;  // the defender is a monster this side poisons
  int poison_res_ = 0, period_ = 1;
  std::map<int, Pmf> durations_;  // calc_duration's pmf by degrees added
  std::string why_;
  mutable std::mutex mutex_;
  mutable std::map<std::tuple<int, int, int, int>, Ticks> ticks_;  // by the monster's poison state
  mutable std::set<SideState> seen_;                               // defender states the chain asked about
  mutable std::set<std::tuple<i64, SideState, SideState>> asked_;  // questions about a poisoned monster
  mutable std::uint64_t emitted_ = 0;                              // the transitions they were answered with
};

RoundTurn::RoundTurn(RoundSpec spec, std::shared_ptr<const SideStates> att, std::shared_ptr<const SideStates> def)
    : s_(std::move(spec)), att_(std::move(att)), def_(std::move(def)) {
  const std::size_t n = s_.odds.size();
  if (n == 0 || s_.effects.size() != n) throw Error(s_.id + ": a round needs its attacks");
  for (const FlavourEffects& fx : s_.effects) {
    vampiric_ = vampiric_ || fx.drain.has_value();
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
  regen_p_ = s_.regen.who == RoundRegen::Who::monster ? s_.regen.chance : 0.0;
  counters_ = regeneration_counters(s_.regen);
  regen_cells_ = counters_ * static_cast<std::size_t>(s_.attacker_max_hp) * static_cast<std::size_t>(s_.defender_hp);
  if (s_.regen.who == RoundRegen::Who::player) {
    // The gains over the delays, by gain (each the counter's turn from any counter).
    std::map<i64, double> by;
    for (const auto& [delay, pd] : s_.regen.delays)
      for (const RegenTurn& t : player_regen_turn(s_.regen.rate, delay, 0)) by[t.hp * 100 + t.counter] += pd * t.p;
    for (const auto& [g, p] : by) player_gains_.push_back({g, p});
  }
  round_ = exact_round(s_.odds);
  if (s_.passing.defender) {
    if (s_.passing.held.odds.size() != n || !s_.passing.held.draw)
      throw Error(s_.id + ": the round while the defender's passing conditions hold needs its attacks");
    held_round_ = exact_round(s_.passing.held.odds);
  }
  // The most HP a turn may heal, plus one: the most drained of a round, and
  // the regeneration's acts, each giving at most (store + gain) / threshold
  // HP (the store below the threshold) and per_act.
  i64 gain = s_.regen.who == RoundRegen::Who::monster ? 1 : 0;
  for (const Branch<i64>& g : player_gains_) gain = std::max(gain, g.value);
  int acts = 0;
  for (const int a : s_.regen.part.acts) acts = std::max(acts, a);
  const i64 threshold = std::max<i64>(s_.regen.part.threshold, 1);
  heal_cap_ = 1 + (s_.regen.who == RoundRegen::Who::none
                       ? 0
                       : acts * ((threshold - 1 + gain) / threshold + std::max<i64>(s_.regen.part.per_act, 0)));
  i64 drained = 0;
  for (const auto* r : {&round_, &held_round_})
    for (const Branch<Struck>& b : *r) drained = std::max(drained, b.value.drained);
  heal_cap_ += drained;
  why_ = s_.why_not_exact;
  if (why_.empty() && s_.player_defender && player_states_past_limit(s_.defender_hp))
    why_ = fmt::format("{}: the player's poison reaches more than {} durations, too many for the exact chain", s_.id,
                       kMaxPoisonStates);
}

// The exact round of attacks `odds` (the round's or the held one): over (blocks so far, damage so far, whether any
// attack landed, poison points added (on a monster: degrees), poisonings of a monster (0, 1, 2 for more) and their
// durations, HP drained).
std::vector<Branch<Struck>> RoundTurn::exact_round(const std::vector<std::vector<AttackOdds>>& odds) {
  using Key = std::tuple<std::size_t, i64, bool, i64, int, i64, i64>;
  std::map<Key, double> dp{{{0, 0, false, 0, 0, 0, 0}, 1.0}};
  for (std::size_t i = 0; i < odds.size(); ++i) {
    const FlavourEffects& fx = s_.effects[i];
    std::map<Key, double> next;
    for (const auto& [key, p] : dp) {
      const auto& [b, dmg, landed, poison, count, duration, drained] = key;
      const AttackOdds& o = odds[i][std::min(b, odds[i].size() - 1)];
      if (o.p_block > 0) next[{b + 1, dmg, landed, poison, count, duration, drained}] += p * o.p_block;
      if (o.p_miss > 0) next[{b, dmg, landed, poison, count, duration, drained}] += p * o.p_miss;
      if (o.p_hit <= 0) continue;
      for (const auto& [v, pv] : o.damage_on_hit) {
        const double q = p * o.p_hit * pv;
        if (v <= 0 || (!fx.poison.poisons() && !fx.drain && !fx.element.adds())) {
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
        if (fx.drain) {  // the drain part's law, each heal after the defender's resistance
          healed.clear();
          for (const auto& [h, ph] : fight::parts::drain_branches(*fx.drain, v, s_.defender_hp))
            healed.emplace_back(monster_resist_adjust(h, fx.drain_res), ph);
        }
        for (const Added& a : added)
          for (const auto& [h, ph] : healed) {
            const int c = std::min(count + a.count, 2);
            // Past one poisoning the degrees only add, capped at 4: more need not be told apart.
            const i64 points = c >= 2 ? std::min<i64>(poison + a.points, kMaxPoisonDegree) : poison + a.points;
            next[{b, dmg + v, true, points, c, duration + a.duration, drained + h}] += q * a.p * ph;
          }
      }
    }
    dp = std::move(next);
  }
  // A round "hits" when any of its attacks lands, as a fight simulator counts it.
  std::vector<Branch<Struck>> out;
  std::map<std::tuple<i64, bool, i64, int, i64, i64>, double> total;
  for (const auto& [key, p] : dp)
    total[{std::get<1>(key), std::get<2>(key), std::get<3>(key), std::get<4>(key), std::get<5>(key),
           std::get<6>(key)}] += p;
  for (const auto& [k, p] : total)
    if (p > 0)
      out.push_back(
          {Struck{std::get<0>(k), std::get<1>(k), std::get<2>(k), std::get<3>(k), std::get<4>(k), std::get<5>(k)}, p});
  return out;
}

// The exact chain's limits, checked once per question the chain asks (the
// exact reader runs the turn once per path: the last question of this thread
// is remembered), and the monster's poison ticks for it.
const RoundTurn::Asked& RoundTurn::ask(const Now& now, bool hurt) const {
  thread_local Asked last;
  if (last.serial == serial_ && last.att_hp == now.att_hp && last.att == now.att && last.question == now.def)
    return last;
  const bool started = now.def == SideState{};
  // The exact chain asks once per player state it reaches (poison duration
  // and regeneration counter); past kMaxPoisonStates of them it is refused
  // (TooLarge), and the fight is sampled with a note saying so. A check made
  // while the chain runs, behind the estimate of player_states_past_limit
  // (which counts durations only: the counters move only on the player's own
  // turns).
  if (s_.player_defender && !started)
    count_state(now.def, kMaxPoisonStates,
                "the player's poison durations and regeneration counters reach more than {} states, too many for the "
                "exact chain");
  // Likewise once per monster poison state, past kMaxMonsterPoisonStates.
  if (monster_poison_ && !started)
    count_state(now.def, kMaxMonsterPoisonStates,
                "the monster's poison (ENCH_POISON: degree, duration, maxduration and tick phase) reaches more than {} "
                "states, too many for the exact chain");
  // Only a duel hurts the attacking player (turns to kill never do): there
  // the chain follows the counter with both sides' HP, refused past
  // kMaxRegenCells (the fight is then sampled, with a note).
  std::size_t regen = 1;
  if (s_.regen.who == RoundRegen::Who::player && hurt) {
    if (regen_cells_ > kMaxRegenCells)
      throw TooLarge(fmt::format(
          "{}: the player's regeneration counter ({} values) with both sides' HP makes {} cells, more than the exact "
          "chain's {}",
          s_.id, counters_, regen_cells_, kMaxRegenCells));
    regen = player_gains_.size();
  }
  if (s_.regen.who == RoundRegen::Who::monster && hurt && regen_p_ < 1) regen = 2;
  const Ticks* ticks = monster_poison_ && now.def.monster.poison.degree > 0 ? &ticks_of(now.def.monster) : nullptr;
  if (monster_poison_ && !started)
    count_monster_work(now, regen * round_.size() * (ticks && !ticks->sum.empty() ? ticks->sum.size() : 1));
  SideState def = now.def;
  const i64 poison_damage = s_.player_defender ? player_poison_tick(s_, def) : 0;
  last = Asked{serial_, now.att_hp, now.att, now.def, def, poison_damage, ticks};
  return last;
}

const RoundTurn::Ticks& RoundTurn::ticks_of(const MonsterSideState& side) const {
  const std::lock_guard lock(mutex_);
  const auto key = std::tuple(side.poison.degree, side.poison.duration, side.poison.max_duration, side.phase);
  if (const auto it = ticks_.find(key); it != ticks_.end()) return it->second;
  Ticks t{monster_ticks(side, s_, poison_res_, period_), {}};
  Pmf sum = Pmf::point(0);
  for (const PoisonTickRoll& roll : t.ticks.rolls) sum = sum + monster_poison_tick_pmf(roll);
  for (const auto& [v, p] : sum.items()) t.sum.push_back({v, p});
  return ticks_.emplace(key, std::move(t)).first->second;
}

// The round's attacks in turn, as the game strikes them, each damaging hit
// followed by its flavour's draws (mons_apply_attack_flavour): the poison's
// one_chance_in(3) and random_range amount (on a monster: whether it gets
// past the resistance, then calc_duration), AF_VAMPIRIC's random2(damage),
// the elemental flavour's damage.
Struck RoundTurn::strike_round(Rng& rng, std::vector<Draw>* trace, bool held) const {
  const auto& odds = held ? s_.passing.held.odds : s_.odds;
  const auto& draw = held ? s_.passing.held.draw : s_.draw;
  // The call's text is formatted only for a trace: a sampled fight draws millions.
  const auto note = [trace](const char* label, const auto& call, i64 v) {
    if (trace) trace->push_back(Draw{label, std::string(call()), v});
  };
  Struck k;
  std::size_t b = 0;
  for (std::size_t i = 0; i < odds.size(); ++i) {
    const Drawn r = draw(i, std::min(b, odds[i].size() - 1), rng, trace);
    if (r.blocked) ++b;
    if (!r.hit) continue;
    k.damage += r.damage;
    k.landed = true;
    if (r.damage <= 0) continue;
    const FlavourEffects& fx = s_.effects[i];
    if (fx.poison.poisons()) {
      const bool poisons = one_chance_in(rng, kPoisonChanceIn);
      note(
          "poison", [] { return "one_chance_in(3)"; }, poisons ? 1 : 0);
      if (poisons) {
        const i64 amount = random_range(rng, fx.poison.lo, fx.poison.hi);
        note(
            "poison amount", [&] { return fmt::format("random_range({}, {})", fx.poison.lo, fx.poison.hi); }, amount);
        if (!monster_poison_) {
          k.poison += amount;
        } else if (sample_monster_poison_lands(rng, fx.poison_res)) {
          const int levels = monster_poison_levels(amount);
          const i64 d = sample_monster_poison_duration(rng, monster_poison_duration_roll(levels, s_.defender_speed));
          note(
              "poison duration", [] { return "mon_enchant::calc_duration"; }, d);
          k.poison += levels;
          k.count = std::min(k.count + 1, 2);
          k.duration += d;
        }
      }
    }
    if (fx.drain) {  // the drain part, drawn as the game draws it
      const i64 h = 1 + random2(rng, r.damage);
      note(
          "drain", [&] { return fmt::format("1 + random2({})", r.damage); }, h);
      k.drained += monster_resist_adjust(h, fx.drain_res);
    }
    if (fx.element.adds()) {
      const i64 e = fx.element.lo + random2(rng, fx.element.hi - fx.element.lo + 1);
      note(
          "flavour damage",
          [&] { return fmt::format("{} + random2({})", fx.element.lo, fx.element.hi - fx.element.lo + 1); }, e);
      k.damage += monster_resist_adjust(e, fx.element_res);
    }
  }
  return k;
}

// A damaging hit of a poisoning attack: one_chance_in(3), then
// random_range's amount; on a monster, whether it gets past the
// resistance, its 1 + amount/7 degrees and calc_duration's duration.
std::vector<Added> RoundTurn::poisonings(const FlavourEffects& fx) {
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
bool RoundTurn::player_states_past_limit(i64 player_hp) const {
  const std::size_t limit = kMaxPoisonStates;
  std::map<i64, i64> cost;  // points a round adds → the least damage of such a round (held or not)
  for (const auto* round : {&round_, &held_round_})
    for (const Branch<Struck>& r : *round) {
      const i64 least_damage = r.value.poison == 0 ? 0 : r.value.damage;
      const auto [it, fresh] = cost.emplace(r.value.poison, least_damage);
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

// A defender state the exact chain asks about; past `limit` of them it is
// refused (TooLarge), with `what` (holding the limit).
void RoundTurn::count_state(const SideState& state, std::size_t limit, const char* what) const {
  const std::lock_guard lock(mutex_);
  seen_.insert(state);
  if (seen_.size() > limit) throw TooLarge(s_.id + ": " + fmt::format(fmt::runtime(what), limit));
}

// The transitions built for the exact chain for a poisoned monster (before
// the monster's death drops its poison): each poisoning spreads over
// calc_duration's durations, so a round has thousands of outcomes; past
// kMaxMonsterPoisonTransitions (or what the budget's values allow) it is
// refused (TooLarge) and the fight sampled. Each question counts once: a
// chain asked again (another analysis of the same fight) adds nothing.
void RoundTurn::count_monster_work(const Now& now, std::size_t n) const {
  const double limit =
      std::min(static_cast<double>(kMaxMonsterPoisonTransitions), static_cast<double>(budget().values) / 8);
  const std::lock_guard lock(mutex_);
  if (asked_.insert({now.att_hp, now.att, now.def}).second) emitted_ += n;
  if (static_cast<double>(emitted_) > limit)
    throw TooLarge(
        fmt::format("{}: the monster's poison (each poisoning spread over its random durations) takes more than {:.0f} "
                    "transitions, too many for the exact chain",
                    s_.id, limit));
}

const fight::TurnExchange<RoundTurn>& round_exchange(const Exchange& e) {
  const auto* x = dynamic_cast<const fight::TurnExchange<RoundTurn>*>(&e);
  if (!x) throw Error("crawl: not a DCSS fight turn's exchange");
  return *x;
}
const RoundTurn& round_turn(const Exchange& e) { return round_exchange(e).turn(); }

}  // namespace

const SideStates& attacker_states(const Exchange& e) { return *round_turn(e).attacker_table(); }
const SideStates& defender_states(const Exchange& e) { return *round_turn(e).defender_table(); }
Transition traced_turn(const Exchange& e, Side attacker, Side defender, Rng& rng, std::vector<Draw>& trace) {
  return round_exchange(e).traced(attacker, defender, rng, &trace);
}

std::pair<std::shared_ptr<const Exchange>, std::shared_ptr<const Exchange>> make_round_exchanges(RoundSpec a_on_b,
                                                                                                 RoundSpec b_on_a) {
  auto a = std::make_shared<const SideStates>(SideState{});
  auto b = std::make_shared<const SideStates>(SideState{});
  auto ta = std::make_shared<const RoundTurn>(std::move(a_on_b), a, b);
  auto tb = std::make_shared<const RoundTurn>(std::move(b_on_a), b, a);
  return fight::exchanges(ta, tb, a, b);
}

void hold_first_attack(RoundSpec& a_on_b, RoundSpec held, RoundSpec& b_on_a, const fight::parts::FirstAttack& part,
                       bool asleep) {
  a_on_b.passing.defender = true;
  a_on_b.passing.held = RoundAttacks{std::move(held.odds), std::move(held.draw)};
  a_on_b.passing.part = part;
  if (a_on_b.why_not_exact.empty()) a_on_b.why_not_exact = std::move(held.why_not_exact);
  b_on_a.passing.mover = true;
  b_on_a.passing.idle_while_held = asleep;
  b_on_a.passing.part = part;
}

FlavourEffects flavour_effects(std::string_view flavour, int hd, const MonsterResists* target,
                               const fight::PartUse* drain) {
  FlavourEffects fx;
  if (!target) {
    if (!followed_on_player(flavour)) return fx;
    fx.poison = poison_range(flavour, hd);
    fx.element = element_range(flavour, hd);
    if (drain) fx.drain = fight::parts::drain_of(*drain);
    return fx;
  }
  if (!followed_on_monster(flavour)) return fx;
  // Poison on a monster that can take it (resistance below 3).
  if (monster_poison_lands(target->poison) > 0) fx.poison = poison_range(flavour, hd);
  fx.poison_res = target->poison;
  fx.element = element_range(flavour, hd);
  fx.element_res = element_resist(flavour, *target);
  // AF_VAMPIRIC drains only a natural (0.34: or plant) monster.
  if (drain && target->natural) fx.drain = fight::parts::drain_of(*drain);
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
  // The regeneration part: a counter of hundredths of an HP, gaining
  // div_rand_round(rate x delay, 10) each turn (its mean named here), back
  // to 0 at the maximum HP.
  double mean = 0;
  for (const auto& [d, p] : r.delays) mean += p * static_cast<double>(r.rate) * static_cast<double>(d) / 10.0;
  r.part = fight::parts::regeneration_of(fight::parts::regeneration_use(0, mean, 100, 0, 1, fight::parts::AtFull::reset,
                                                                        "player-reacts.cc _regenerate_hp_and_mp"),
                                         1, 1);
  return r;
}

RoundRegen monster_round_regen(const std::vector<fight::PartUse>& parts, int hd, std::string_view name) {
  const fight::PartUse* use = fight::parts::find_part(parts, "regeneration");
  if (!use) return {};
  std::string spelled(name);
  std::replace(spelled.begin(), spelled.end(), '_', ' ');
  RoundRegen r;
  r.who = RoundRegen::Who::monster;
  r.monster = {hd, fast_regenerator(spelled)};
  r.chance = fight::parts::param(*use, "chance");
  r.part = fight::parts::regeneration_of(*use, 1, 1);
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

}  // namespace fray::crawl
