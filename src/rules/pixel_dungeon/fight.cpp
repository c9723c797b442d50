#include "rules/pixel_dungeon/fight.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <fray/core/error.hpp>
#include <fray/rules/pixel_dungeon/hero.hpp>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <optional>
#include <set>
#include <string_view>
#include <tuple>

namespace fray::pixel_dungeon {

namespace {

// A side's state in a fight: the low 24 bits are its own (the Gladiator's
// Combo in bits 0-11 and the hero's regeneration timer above it, or a
// swarm's group of flies), the high 8 the affliction the other side's hits
// leave on it (poison turns left, bleeding level), which only the other
// side's kernel reads and moves.
constexpr std::uint32_t kOwnBits = 0xffffffu;
constexpr int kMaxAffliction = 255;
constexpr std::uint32_t own_of(std::uint32_t s) { return s & kOwnBits; }
constexpr int affliction_of(std::uint32_t s) { return static_cast<int>(s >> 24); }
constexpr std::uint32_t state_of(std::uint32_t own, int affliction) {
  return own | static_cast<std::uint32_t>(affliction) << 24;
}

bool is_swarm(const Combatant& c) { return !c.is_hero() && c.mob.key == "swarm_of_flies"; }

// Spinner.attackProc poisons, Albino.attackProc makes bleed. Both mobs attack
// once a turn (Mob.attackDelay 1), the rate at which the buffs act.
Affliction affliction_by(const Combatant& c) {
  if (c.is_hero() || c.mob.attack_delay != 1.0f) return Affliction::none;
  if (c.mob.key == "cave_spinner") return Affliction::poison;
  if (c.mob.key == "albino_rat") return Affliction::bleeding;
  return Affliction::none;
}

// How the victim takes the poison's damage (Char.damage with the Poison buff
// as the source): mobs that list Poison among their resistances take
// IntRange(0, dmg); those immune never get the buff (Buff.attachTo).
enum class Takes { fully, resists, immune };
Takes poison_taken(const Combatant& c) {
  if (c.is_hero()) return Takes::fully;
  static const std::set<std::string_view> resist = {"scorpio", "acidic_scorpio", "cave_spinner", "animated_statue",
                                                    "tengu"};
  static const std::set<std::string_view> immune = {"golden_bee", "rotting_fist"};
  if (immune.count(c.mob.key)) return Takes::immune;
  return resist.count(c.mob.key) ? Takes::resists : Takes::fully;
}

// The Gladiator's Combo in a fight (Combo.hit): each hit adds 1 to the count
// and postpones the buff's end to 1.1 turns after the hit below count 3, to
// 1.41 - count / 10 turns after it from 3; when the buff acts it detaches and
// the next hit starts again at 1. The hero attacks every `delay` turns, so a
// count survives to the attack k attacks after its hit when k * delay comes
// before its end. The kernel's state is the count (low byte) and the misses
// since the last hit (the next 4 bits); 0 is no Combo.
struct ComboState {
  static constexpr int kMax = 15;  // 1.41 - 15/10 < 0: no count past 15 survives to another attack
  static constexpr std::uint32_t kBits = 0xfff;
  int count = 0, misses = 0;
  static ComboState decode(std::uint32_t s) { return {static_cast<int>(s & 0xff), static_cast<int>((s >> 8) & 0xf)}; }
  [[nodiscard]] std::uint32_t encode() const {
    return count == 0 ? 0 : static_cast<std::uint32_t>(count) | static_cast<std::uint32_t>(misses) << 8;
  }
  // Whether the count is still there `attacks` attacks after its hit (float, as the game's clock).
  [[nodiscard]] bool lasts(int attacks, float delay) const {
    if (count == 0) return false;
    const float end = count < 3 ? 1.1f : 1.41f - static_cast<float>(count) / 10.0f;
    return static_cast<float>(attacks) * delay < end;
  }
};

// Every group of flies a swarm's splits can reach, found before the fight
// from the damages of the hits it takes. A group is held as its number among
// the groups of the same HP: the fight layer keeps the group's HP, and the
// two together name the group. Groups of different HP then share a state,
// so the exact chain holds far fewer blocks of HP pairs (the full swarm
// against a short sword: 4004 groups, at most 183 of one HP). The table does
// not change once filled, so kernels on several threads read it freely.
class FlyTable {
 public:
  explicit FlyTable(bool corridor) : corridor_(corridor) {}

  // Every group hits of `damages` make from one fly of `hp`, breadth first;
  // false past `limit` groups. Up to `keep` groups the table also keeps
  // every hit's result, which the exact chain asks for again and again.
  bool fill(std::int64_t hp, const std::vector<std::int64_t>& damages, std::size_t limit, std::size_t keep) {
    damages_ = damages;
    add({hp});
    for (std::size_t i = 0; i < groups_.size(); ++i) {
      std::vector<std::pair<std::int64_t, std::uint32_t>> row;
      for (const std::int64_t v : damages_) {
        auto [lost, after] = hit_fly_group(groups_[i], v, corridor_);
        const std::uint32_t to = after.empty() ? kDead : add(std::move(after));
        if (groups_.size() > limit) return false;
        row.emplace_back(lost, to);
      }
      if (groups_.size() <= keep) hits_.push_back(std::move(row));
    }
    if (groups_.size() > keep) hits_.clear();
    return true;
  }
  [[nodiscard]] std::size_t size() const { return groups_.size(); }

  // The group of HP `hp` and number `index`.
  [[nodiscard]] const FlyGroup& at(std::int64_t hp, std::uint32_t index) const { return groups_[position(hp, index)]; }
  // A hit of `damage` on that group: the HP it loses and the number of the
  // group after it (any, when none is left).
  [[nodiscard]] std::pair<std::int64_t, std::uint32_t> hit(std::int64_t hp, std::uint32_t index,
                                                           std::int64_t damage) const {
    const std::uint32_t from = position(hp, index);
    const auto d = std::lower_bound(damages_.begin(), damages_.end(), damage);
    if (!hits_.empty() && d != damages_.end() && *d == damage) {
      const auto [lost, to] = hits_[from][static_cast<std::size_t>(d - damages_.begin())];
      return {lost, to == kDead ? 0 : index_[to]};
    }
    auto [lost, after] = hit_fly_group(groups_[from], damage, corridor_);
    if (after.empty()) return {lost, 0};
    const auto it = id_.find(after);
    if (it == id_.end()) throw Error("swarm of flies: a hit made a group of flies the table does not hold");
    return {lost, index_[it->second]};
  }

 private:
  static constexpr std::uint32_t kDead = 0xffffffffu;
  std::uint32_t add(FlyGroup g) {
    const auto [it, added] = id_.try_emplace(std::move(g), static_cast<std::uint32_t>(groups_.size()));
    if (added) {
      const std::int64_t hp = std::accumulate(it->first.begin(), it->first.end(), std::int64_t{0});
      const auto h = static_cast<std::size_t>(hp);
      if (by_hp_.size() <= h) by_hp_.resize(h + 1);
      index_.push_back(static_cast<std::uint32_t>(by_hp_[h].size()));
      by_hp_[h].push_back(it->second);
      groups_.push_back(it->first);
    }
    return it->second;
  }
  std::uint32_t position(std::int64_t hp, std::uint32_t index) const {
    const auto h = static_cast<std::size_t>(hp);
    if (hp < 0 || h >= by_hp_.size() || index >= by_hp_[h].size())
      throw Error(fmt::format("swarm of flies: no group {} of {} HP", index, hp));
    return by_hp_[h][index];
  }

  bool corridor_;
  std::vector<std::int64_t> damages_;
  std::vector<FlyGroup> groups_;
  std::map<FlyGroup, std::uint32_t> id_;
  std::vector<std::uint32_t> index_;               // by position: the number among the groups of its HP
  std::vector<std::vector<std::uint32_t>> by_hp_;  // by HP: the positions of its groups
  std::vector<std::vector<std::pair<std::int64_t, std::uint32_t>>> hits_;  // by position, by damage
};
using Groups = FlyTable;

// The bits of a hero's own state that hold the regeneration timer (the
// hero's attacks so far, modulo the clock's cycle): above the Combo's.
constexpr int kRegenShift = 12;
constexpr std::uint32_t kMaxRegenCycle = (kOwnBits >> kRegenShift) + 1;

// One attack's outcomes before what they do to the defender's state: the
// attack's own (miss, or a hit for some damage), with the attacker's state
// after it.
struct Attack {
  const std::vector<Transition>* outcomes;
  std::uint32_t after_hit, after_miss;
  std::size_t plan;  // index of the plan (one fly's, for a group)
  std::size_t flies = 1;
};

// Picks one of `items` by weight `p` (the sampled fight draws from the same
// list the exact chain follows).
template <class T>
const T& pick(const std::vector<T>& items, Rng& rng) {
  double u = rng.unit();
  for (const T& x : items) {
    if (u < x.p) return x;
    u -= x.p;
  }
  return items.back();
}

class PdExchange final : public Exchange {
 public:
  PdExchange(Combatant att, Combatant def, Situation s, float delay, std::shared_ptr<Groups> own_group,
             std::shared_ptr<Groups> target_group, bool corridor, std::optional<RegenClock> regen,
             std::optional<RegenClock> hunger)
      : corridor_(corridor),
        att_(std::move(att)),
        def_(std::move(def)),
        s_(s),
        delay_(delay),
        own_group_(std::move(own_group)),
        target_group_(std::move(target_group)),
        regen_(regen),
        hunger_(hunger) {
    const std::int64_t ht = att_.ht();
    // Goo.act and RottingFist.act: on water, below HT, HP += 1 (Goo) or
    // += REGENERATION = 4 (the fist, not capped at HT) before the mob's move.
    if (!att_.is_hero() && att_.on_water) water_heal_ = att_.mob.key == "rotting_fist" ? 4 : 1;
    // Hero.attackProc: Combo only with a MeleeWeapon (plan_attack keeps the count only then).
    combo_ = att_.is_hero() && att_.hero->subclass == SubClass::gladiator &&
             plan_attack(with_combo(3), def_, s_, ht).combo == 3;
    const int counts = combo_ ? ComboState::kMax + 1 : 1;
    for (int raged = 0; raged < 2; ++raged)
      for (int c = 0; c < counts; ++c) {
        // A representative HP on each side of the threshold (Fury: HP <= 0.4·HT; brute: HP < HT/4).
        AttackPlan& plan = plans_[raged].emplace_back(
            plan_attack(combo_ ? with_combo(c) : att_, def_, s_, raged ? std::int64_t{1} : ht));
        if (combo_) plan.combo = c;
        const Outcome o = exact_outcome(plan);
        auto& k = kernels_[raged].emplace_back();
        if (o.p_hit < 1) k.push_back(Transition{1 - o.p_hit, 0, 0, 0, false});
        if (o.p_hit > 0)
          for (const auto& [v, p] : o.damage_on_hit.items()) k.push_back(Transition{o.p_hit * p, v, 0, 0, true});
      }
    // Every fly next to the hero attacks on the group's turn: the sum of up
    // to eight independent attacks of one fly, landed when any of them hits.
    if (own_group_) {
      flies_.resize(kMaxAdjacentFlies + 1);
      flies_[1] = kernels_[0][0];
      for (std::size_t n = 2; n <= kMaxAdjacentFlies; ++n) {
        std::map<std::pair<std::int64_t, bool>, double> sum;
        for (const Transition& x : flies_[n - 1])
          for (const Transition& y : kernels_[0][0]) sum[{x.damage + y.damage, x.hit == 1 || y.hit == 1}] += x.p * y.p;
        for (const auto& [k, p] : sum) flies_[n].push_back(Transition{p, k.first, 0, 0, k.second});
      }
    }
    affliction_ = target_group_ ? Affliction::none : affliction_by(att_);
    takes_ = poison_taken(def_);
    if (affliction_ == Affliction::poison && takes_ == Takes::immune) affliction_ = Affliction::none;
    // The affliction the other side leaves on this one, which outlives the other side.
    incoming_ = own_group_ || target_group_ ? Affliction::none : affliction_by(def_);
    if (incoming_ == Affliction::poison && poison_taken(att_) == Takes::immune) incoming_ = Affliction::none;
    incoming_resists_ = incoming_ == Affliction::poison && poison_taken(att_) == Takes::resists;
    drain_ = !att_.is_hero() && att_.mob.key == "vampire_bat";
    if (drain_ && !kChainFollowsHeal)
      why_ =
          "the vampire bat heals by the damage it deals (Bat.attackProc), and the exact chain needs HP never to go "
          "up";
    else if (s_.unseen || s_.paralyzed)
      why_ = "a surprise lasts only until the mob's next turn, which the kernel does not carry";
    else if (att_.is_hero() && att_.hero->subclass == SubClass::sniper && s_.thrown)
      why_ = "the Sniper's mark halves the time of every throw after the first, which a fixed attack time cannot carry";
  }

  std::vector<Transition> outcomes(Side a, Side d) const override {
    const Attack at = attack_of(a);
    std::vector<Transition> out;
    for (const Transition& t : *at.outcomes) follow(t, at, a, d, [&](const Transition& x) { out.push_back(x); });
    return out;
  }

  Transition sample(Side a, Side d, Rng& rng) const override {
    const Attack at = attack_of(a);
    Transition t{1, 0, 0, 0, false};
    for (std::size_t i = 0; i < at.flies; ++i) {
      const StrikeResult s = strike(plans_[at.plan / plans_[0].size()][at.plan % plans_[0].size()], rng);
      t.damage += s.damage;
      t.hit = static_cast<std::int8_t>(t.hit == 1 || s.hit.hit);
    }
    std::vector<Transition> after;
    follow(t, at, a, d, [&](const Transition& x) { after.push_back(x); });
    Transition chosen = after.size() == 1 ? after[0] : pick(after, rng);
    chosen.p = 1;
    return chosen;
  }

  bool exact() const override { return why_.empty(); }
  std::string why_not_exact() const override { return why_; }
  void not_exact(std::string why) {
    if (why_.empty()) why_ = std::move(why);
  }

  // Berserker Fury and the brute's rage read the attacker's HP, and so does
  // the bat's drain (capped at HT). A group's HP is the sum of its flies',
  // which its state holds.
  // Regeneration stops at HT, and the affliction left when the attacker
  // kills decides, from its HP, whether it lives: both read the attacker's
  // HP; the kill itself (the defender's HP) decides whether that affliction
  // is counted. A hit on a group of flies rebuilds the group from its HP.
  Reads reads() const override {
    const bool own =
        att_.is_hero() ? att_.hero->subclass == SubClass::berserker : att_.mob.enraged.has_value() || drain_;
    return {own || regen_.has_value() || water_heal_ > 0 || incoming_ != Affliction::none || own_group_ != nullptr,
            incoming_ != Affliction::none || target_group_ != nullptr};
  }

  // The fight's start: a spec's combo=N is the count of the first hit, so the
  // count before it is N - 1, as a hit one attack earlier left it.
  [[nodiscard]] std::uint32_t start_state() const {
    return combo_ && att_.hero->combo > 1
               ? ComboState{std::min(att_.hero->combo - 1, int{ComboState::kMax}), 0}.encode()
               : 0;
  }

  // Every damage a hit of this attacker can do (to find the groups of flies it can make).
  [[nodiscard]] std::vector<std::int64_t> hit_damages() const {
    std::set<std::int64_t> v;
    for (const auto& ks : kernels_)
      for (const auto& k : ks)
        for (const Transition& t : k)
          if (t.hit == 1) v.insert(t.damage);
    return {v.begin(), v.end()};
  }

  [[nodiscard]] Affliction affliction() const { return affliction_; }

 private:
  Combatant with_combo(int c) const {
    Combatant x = att_;
    x.hero->combo = c;
    return x;
  }

  // The attack's own outcomes from the attacker's condition.
  Attack attack_of(Side a) const {
    if (own_group_) {
      const std::size_t n = corridor_ ? 1 : std::min(own_group_->at(a.hp, own_of(a.state)).size(), kMaxAdjacentFlies);
      return {&flies_[n], own_of(a.state), own_of(a.state), 0, n};
    }
    const ComboState now = ComboState::decode(own_of(a.state) & ComboState::kBits);
    const int before = combo_ && now.lasts(now.misses + 1, delay_) ? now.count : 0;
    const int count = combo_ ? std::min(before + 1, int{ComboState::kMax}) : 0;
    const int r = raged(a.hp);
    const std::uint32_t after_hit = combo_ ? ComboState{count, 0}.encode() : 0;
    return {&kernels_[r][static_cast<std::size_t>(count)], after_hit, miss_state(now),
            static_cast<std::size_t>(r) * plans_[0].size() + static_cast<std::size_t>(count)};
  }

  // What one outcome of the attack does: the attacker's state and drain, then
  // the defender's — its group of flies split, or its affliction set and
  // ticked. Each resulting transition goes to `emit`.
  template <class Emit>
  void follow(const Transition& base, const Attack& at, Side a, Side d, Emit&& emit) const {
    if (!hunger_) {
      follow_one(base, at, a, d, 0, emit);
      return;
    }
    // Hunger.act on a starving hero: each act due since her last turn deals
    // 1 with starving_hit_chance (Random.Float() < 0.3f), before her attack.
    const int points = hunger_->at_attack(own_of(a.state) >> kRegenShift);
    for (const auto& [q, lost] : hunger_losses(points)) {
      Transition t = base;
      t.p = base.p * q;
      follow_one(t, at, a, d, lost, emit);
    }
  }

  // follow() with the hero's hunger loss of this turn fixed at `starved`.
  template <class Emit>
  void follow_one(const Transition& base, const Attack& at, Side a, Side d, std::int64_t starved, Emit&& emit) const {
    const bool hit = base.hit == 1;
    Transition t = base;
    std::uint32_t own = hit ? at.after_hit : at.after_miss;
    std::uint32_t next_regen = 0;
    if (regen_) {
      // Regeneration.act: +1 HP for each point due since the hero's last
      // turn, while HP < HT (the hero's HP is at most HT). The timer runs
      // only below HT, as it does in the other games' fights: the buff's phase
      // is unknown, and a hero at HT (every turn to kill) keeps one state, so
      // its hits still form an exact chain.
      const std::uint32_t n = own_of(a.state) >> kRegenShift;
      next_regen = a.hp < att_.ht() ? (n + 1) % regen_->cycle : n;
      own |= next_regen << kRegenShift;
      t.heal = std::min<std::int64_t>(regen_->at_attack(n), att_.ht() - std::min(a.hp, att_.ht()));
    }
    if (hunger_) {
      // Hunger's timer runs whatever the HP: its acts come every 10 or 12 turns.
      const std::uint32_t n = own_of(a.state) >> kRegenShift;
      next_regen = (n + 1) % hunger_->cycle;
      own |= next_regen << kRegenShift;
      t.heal = -starved;
    }
    if (water_heal_ > 0 && a.hp < att_.ht()) t.heal = water_heal_;
    t.attacker_state = state_of(own, affliction_of(a.state));
    t.defender_state = d.state;
    // Bat.attackProc: reg = min(damage, HT - HP), the damage as dealt (after armor).
    if (drain_ && hit) t.heal = std::min(base.damage, att_.ht() - a.hp);
    // The attacker's own affliction outlives the defender it kills.
    auto finish = [&](const Transition& u) {
      const int level = affliction_of(a.state);
      if (incoming_ == Affliction::none || level == 0 || u.damage < d.hp) {
        emit(u);
        return;
      }
      for (const auto& [q, hp] : tail(a.hp + u.heal, level, next_regen)) {
        Transition v = u;
        v.p = u.p * q;
        // 0 HP: the attacker dies of it; the fight layer undoes its kill.
        v.heal = hp - a.hp;
        emit(v);
      }
    };
    if (target_group_) {
      // Swarm.defenseProc runs on every hit, even one of 0 damage.
      if (hit) {
        const auto [lost, after] = target_group_->hit(d.hp, own_of(d.state), base.damage);
        t.damage = lost;
        t.defender_state = after;
      }
      emit(t);
      return;
    }
    if (affliction_ == Affliction::none) {
      finish(t);
      return;
    }
    const int level = affliction_of(d.state);
    // Spinner.attackProc: on Random.Int(2) == 0, Poison.set(Random.Int(7, 9)): 7 or 8 turns.
    // Albino.attackProc: on Random.Int(2) == 0, Bleeding.set(damage), the damage after armor.
    std::vector<std::pair<double, int>> set;
    if (!hit)
      set = {{1.0, level}};
    else if (affliction_ == Affliction::poison)
      set = {{0.5, level}, {0.25, 7}, {0.25, 8}};
    else
      set = {{0.5, level}, {0.5, static_cast<int>(std::min<std::int64_t>(base.damage, kMaxAffliction))}};
    // The buff acts at the time it is attached and then once a turn: one
    // tick right after each of the attacker's attacks.
    for (const auto& [p_set, l] : set)
      for (const AfflictionStep& k : affliction_tick(affliction_, l)) {
        const std::int64_t n =
            affliction_ == Affliction::poison && takes_ == Takes::resists ? k.damage + 1 : 1;  // IntRange(0, dmg)
        for (std::int64_t r = 0; r < n; ++r) {
          Transition u = t;
          u.p = t.p * p_set * k.p / static_cast<double>(n);
          u.damage = t.damage + (n == 1 ? k.damage : r);
          u.defender_state = state_of(own_of(d.state), k.level);
          finish(u);
        }
      }
  }

  // After a miss the count stays (one more miss) while it lasts to the next attack.
  std::uint32_t miss_state(ComboState now) const {
    if (!combo_ || !now.lasts(now.misses + 2, delay_)) return 0;
    if (now.misses + 1 > 15) throw Error("Gladiator Combo: more misses than the state holds");
    return ComboState{now.count, now.misses + 1}.encode();
  }

  // The HP the attacker ends with once the affliction on it runs out after
  // its kill, from `hp` (after this turn's regeneration), with the hero's
  // regeneration timer at `regen` (attacks made, modulo its cycle).
  const std::vector<std::pair<double, std::int64_t>>& tail(std::int64_t hp, int level, std::uint32_t regen) const {
    const std::lock_guard lock(tail_mutex_);
    const auto key = std::tuple{hp, level, regen};
    if (const auto it = tail_.find(key); it != tail_.end()) return it->second;
    std::vector<int> points, starving;
    // The kill came at the hero's attack time; the affliction keeps acting
    // once a turn from then on, the regeneration (or a starving hero's
    // hunger) on its own clock.
    for (const auto& [clock, out] : {std::pair{&regen_, &points}, std::pair{&hunger_, &starving}}) {
      if (!*clock) continue;
      const RegenClock& c = **clock;
      const std::int64_t kill = static_cast<std::int64_t>(regen) * c.attack % c.period;
      for (std::int64_t k = 1; k <= kMaxAffliction + 1; ++k)
        out->push_back(c.points(kill + (k - 1) * c.turn, kill + k * c.turn));
    }
    return tail_[key] = after_affliction(incoming_, level, hp, att_.ht(), incoming_resists_, points, starving);
  }
  int raged(std::int64_t hp) const {
    if (att_.is_hero()) return fury_active(*att_.hero, hp) ? 1 : 0;
    return att_.mob.enraged && hp < att_.mob.ht / 4 ? 1 : 0;
  }

  bool corridor_;
  Combatant att_, def_;
  Situation s_;
  float delay_;
  std::shared_ptr<Groups> own_group_, target_group_;
  std::optional<RegenClock> regen_, hunger_;
  std::int64_t water_heal_ = 0;
  bool combo_ = false, drain_ = false;
  Affliction affliction_ = Affliction::none, incoming_ = Affliction::none;
  bool incoming_resists_ = false;
  Takes takes_ = Takes::fully;
  mutable std::mutex tail_mutex_;
  mutable std::map<std::tuple<std::int64_t, int, std::uint32_t>, std::vector<std::pair<double, std::int64_t>>> tail_;
  std::array<std::vector<AttackPlan>, 2> plans_;
  std::array<std::vector<std::vector<Transition>>, 2> kernels_;
  std::vector<std::vector<Transition>> flies_;  // by the number of flies attacking
  std::string why_;
};

std::int64_t floor_div(std::int64_t a, std::int64_t b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }

std::int64_t checked_mul(std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r) || r > (std::int64_t{1} << 60))
    throw Error("hero regeneration: the attack time and the regeneration period share no common time fray can hold");
  return r;
}

// A time in turns as an exact fraction: the game's times are decimal delays
// times powers of 1.2 = 6/5 (and, in Shattered Pixel Dungeon, a weapon
// augment's 2/3 or 5/3), kept in floats; the denominator is found among
// 10 x 5^k x 3^j, the smallest first.
std::pair<std::int64_t, std::int64_t> fraction_of(double t) {
  std::int64_t five = 10;
  for (int k = 0; k <= 12; ++k, five *= 5)
    for (std::int64_t three = 1; three <= 9; three *= 3) {
      const std::int64_t den = five * three;
      const double num = std::round(t * static_cast<double>(den));
      if (num >= 1 && std::abs(num / static_cast<double>(den) - t) <= 1e-6 * t) {
        const std::int64_t n = static_cast<std::int64_t>(num), g = std::gcd(n, den);
        return {n / g, den / g};
      }
    }
  throw Error(fmt::format("hero regeneration: attack time {} is no fraction fray can follow", t));
}

}  // namespace

int RegenClock::points(std::int64_t from, std::int64_t to) const {
  return static_cast<int>(floor_div(to, period) - floor_div(from, period));
}

int RegenClock::at_attack(std::uint32_t n) const {
  return points(static_cast<std::int64_t>(n) * attack, static_cast<std::int64_t>(n + 1) * attack);
}

namespace {

// The clock of attacks every `attack_time` turns against points every pn / pd
// turns, in whole units of a fraction of a turn. `what` and `every` name the
// buff and its period in the error past `max_cycle` attacks.
RegenClock clock_of(double attack_time, std::int64_t pn, std::int64_t pd, std::uint32_t max_cycle,
                    std::string_view what, std::string_view every) {
  const auto [tn, td] = fraction_of(attack_time);
  // In units of 1 / lcm(td, pd) turn.
  const std::int64_t unit = checked_mul(td / std::gcd(td, pd), pd);
  RegenClock c;
  c.turn = unit;
  c.attack = checked_mul(tn, unit / td);
  c.period = checked_mul(pn, unit / pd);
  const std::int64_t g = std::gcd(std::gcd(c.turn, c.attack), c.period);
  c.turn /= g;
  c.attack /= g;
  c.period /= g;
  const std::int64_t cycle = c.period / std::gcd(c.attack, c.period);
  (void)checked_mul(cycle, c.attack);
  if (cycle > static_cast<std::int64_t>(max_cycle))
    throw Error(
        fmt::format("{}: with an attack every {:.4g} turns and {} every {:.4g}, the pattern repeats only after {} "
                    "attacks, more than "
                    "the {} a fight follows",
                    what, attack_time, every, static_cast<double>(pn) / static_cast<double>(pd), cycle, max_cycle));
  c.cycle = static_cast<std::uint32_t>(cycle);
  return c;
}

}  // namespace

RegenClock regeneration_clock(double attack_time, int mending, std::uint32_t max_cycle) {
  if (mending < -10 || mending > 10) throw Error(fmt::format("ring_mending={} is out of range -10..10", mending));
  // Regeneration.act: spend(REGENERATION_DELAY / 1.2^bonus), REGENERATION_DELAY = 10,
  // bonus the Ring of Mending levels: 10 x (5/6)^bonus turns.
  std::int64_t pn = 10, pd = 1;
  for (int i = 0; i < std::abs(mending); ++i) {
    pn *= mending > 0 ? 5 : 6;
    pd *= mending > 0 ? 6 : 5;
  }
  return clock_of(attack_time, pn, pd, max_cycle, "hero regeneration", "a point");
}

RegenClock turn_clock(double attack_time, int period, std::uint32_t max_cycle, std::string_view what) {
  if (period < 1) throw Error(fmt::format("{}: a period of {} turns", what, period));
  return clock_of(attack_time, period, 1, max_cycle, what, "an act");
}

double starving_hit_chance() {
  // Random.Float() is (float)Math.random(): a double U rounds to a float below
  // 0.3f when U < 0.3f - 2^-26 (half the float step 2^-25 below 0.3f; the
  // midpoint itself rounds to 0.3f, whose last bit is even).
  return static_cast<double>(0.3f) - std::ldexp(1.0, -26);
}

std::vector<std::pair<double, std::int64_t>> hunger_losses(int points) {
  const double q = starving_hit_chance();
  std::vector<std::pair<double, std::int64_t>> out;
  for (int j = 0; j <= points; ++j) {
    double c = 1;  // binomial(points, j)
    for (int i = 0; i < j; ++i) c = c * (points - i) / (i + 1);
    out.emplace_back(c * std::pow(q, j) * std::pow(1 - q, points - j), j);
  }
  return out;
}

std::vector<std::pair<double, std::int64_t>> after_affliction(Affliction a, int level, std::int64_t hp, std::int64_t ht,
                                                              bool resists, const std::vector<int>& regen,
                                                              const std::vector<int>& hunger) {
  std::map<std::int64_t, double> done;  // final HP (0: dead) → probability
  std::map<std::pair<std::int64_t, int>, double> now{{{hp, level}, 1.0}}, next;
  for (std::size_t k = 0; !now.empty(); ++k) {
    const int points = k < regen.size() ? regen[k] : 0;
    const int starving = k < hunger.size() ? hunger[k] : 0;
    next.clear();
    for (const auto& [at, p] : now) {
      const auto [h, l] = at;
      if (l <= 0) {
        done[h] += p;
        continue;
      }
      for (const AfflictionStep& step : affliction_tick(a, l)) {
        // A mob that resists poison takes IntRange(0, dmg) of it (Char.damage).
        const std::int64_t n = a == Affliction::poison && resists ? step.damage + 1 : 1;
        for (std::int64_t r = 0; r < n; ++r) {
          const std::int64_t left = h - (n == 1 ? step.damage : r);
          const double q = p * step.p / static_cast<double>(n);
          if (left <= 0) {
            done[0] += q;
            continue;
          }
          // Regeneration.act: +1 a point while HP < HT.
          const std::int64_t healed = left < ht ? std::min(left + points, ht) : left;
          // Hunger.act on a starving hero, after the tick.
          for (const auto& [qh, lost] : hunger_losses(starving)) {
            if (healed - lost <= 0)
              done[0] += q * qh;
            else
              next[{healed - lost, step.level}] += q * qh;
          }
        }
      }
    }
    std::swap(now, next);
  }
  std::vector<std::pair<double, std::int64_t>> out;
  for (const auto& [h, p] : done) out.emplace_back(p, h);
  return out;
}

std::vector<AfflictionStep> affliction_tick(Affliction a, int level) {
  if (a == Affliction::none || level <= 0) return {{1.0, 0, 0}};
  // Poison.act: damage (int)(left / 3) + 1, then left -= 1; the buff goes at 0.
  if (a == Affliction::poison) return {{1.0, level - 1, level / 3 + 1}};
  // Bleeding.act: level = Random.Int(level / 2, level), which is
  // level / 2 + trunc(U (level - level / 2)): uniform on level / 2 .. level - 1
  // (0 from level 1). A new level above 0 is the damage; at 0 the buff goes.
  const int lo = level / 2, n = level - lo;
  std::vector<AfflictionStep> out;
  for (int k = lo; k < lo + n; ++k) out.push_back({1.0 / n, k, k});
  return out;
}

std::pair<std::int64_t, FlyGroup> hit_fly_group(const FlyGroup& g, std::int64_t damage, bool corridor) {
  if (g.empty()) throw Error("swarm of flies: a hit on an empty group");
  const std::int64_t h = g.front();
  FlyGroup after(g.begin() + 1, g.end());
  if (corridor) {
    // Swarm.defenseProc looks for a free cell beside the fly: in a corridor
    // only the one behind it, free when no other fly is there.
    if (g.size() == 1 && h >= damage + 2) {
      const std::int64_t clone = (h - damage) / 2;
      return {damage, {h - damage - clone, clone}};
    }
    if (h > damage) after.insert(after.begin(), h - damage);
    return {std::min(damage, h), std::move(after)};
  }
  if (h >= damage + 2) {
    // Swarm.defenseProc: the clone takes (HP - damage) / 2 and the fly keeps
    // the rest, less the damage, which it then takes.
    const std::int64_t clone = (h - damage) / 2;
    after.push_back(clone);
    after.push_back(h - damage - clone);
  } else if (h > damage) {
    after.push_back(h - damage);
  }
  std::sort(after.begin(), after.end());
  return {std::min(damage, h), std::move(after)};
}

void add_kernels(Bout& bout, const Combatant& a, const Combatant& b, const Situation& s) {
  // A swarm of flies is a group of bodies when it fights anything but another swarm.
  std::shared_ptr<Groups> group_a, group_b;
  const bool groups = is_swarm(a) != is_swarm(b);
  const bool corridor = groups && (is_swarm(a) ? a : b).corridor;
  // The table of groups is filled below, once the hits it takes are known.
  if (groups && is_swarm(a)) group_a = std::make_shared<Groups>(corridor);
  if (groups && is_swarm(b)) group_b = std::make_shared<Groups>(corridor);
  // Regeneration.act, on the hero's clock; the timer shares the hero's
  // state with the Combo.
  // A clock whose pattern repeats only after more attacks than the state holds
  // (an attack time such as 1.2^5 turns, a war hammer five STR short) is left
  // out: the fight says so and is exact without it.
  std::string left_out[2];
  auto regen_of = [&left_out](const Combatant& c, const Fighter& f, int side) -> std::optional<RegenClock> {
    if (!c.is_hero() || c.hero->starving) return std::nullopt;
    try {
      return regeneration_clock(f.attack_time, c.hero->ring_mending, kMaxRegenCycle);
    } catch (const Error& e) {
      left_out[side] = e.what();
      return std::nullopt;
    }
  };
  const std::optional<RegenClock> regen_a = regen_of(a, bout.a, 0), regen_b = regen_of(b, bout.b, 1);
  // Hunger.act on a starving hero, on the same bits of her state as the
  // regeneration (which starving stops): spend(STEP), STEP = 10 turns, x 1.2f
  // (exactly 12 in float) for the rogue.
  std::string hunger_left_out[2];
  auto hunger_of = [&hunger_left_out](const Combatant& c, const Fighter& f, int side) -> std::optional<RegenClock> {
    if (!c.is_hero() || !c.hero->starving) return std::nullopt;
    try {
      return turn_clock(f.attack_time, c.hero->hero_class == HeroClass::rogue ? 12 : 10, kMaxRegenCycle,
                        "starving hero's hunger");
    } catch (const Error& e) {
      hunger_left_out[side] = e.what();
      return std::nullopt;
    }
  };
  const std::optional<RegenClock> hunger_a = hunger_of(a, bout.a, 0), hunger_b = hunger_of(b, bout.b, 1);
  auto ab = std::make_shared<PdExchange>(a, b, s, static_cast<float>(bout.a.attack_time), group_a, group_b, corridor,
                                         regen_a, hunger_a);
  // The answer is a plain attack: situation flags describe the first direction only.
  auto ba = std::make_shared<PdExchange>(b, a, Situation{}, static_cast<float>(bout.b.attack_time), group_b, group_a,
                                         corridor, regen_b, hunger_b);
  if (groups) {
    PdExchange& hitter = is_swarm(a) ? *ba : *ab;
    const Fighter& swarm = is_swarm(a) ? bout.a : bout.b;
    Groups& table = is_swarm(a) ? *group_a : *group_b;
    if (!table.fill(swarm.hp, hitter.hit_damages(), kMaxFlyGroups, kExactFlyGroups))
      throw Error(
          fmt::format("swarm of flies: splits from {} HP reach more than {} groups of flies; give the swarm "
                      "fewer HP (hp=N)",
                      swarm.hp, kMaxFlyGroups));
    if (table.size() > kExactFlyGroups) {
      const std::string why =
          fmt::format("the swarm's splits reach {} groups of flies, more than the {} the exact chain follows",
                      table.size(), kExactFlyGroups);
      ab->not_exact(why);
      ba->not_exact(why);
    }
    const std::string& foe = (is_swarm(a) ? b : a).name;
    bout.notes.push_back(
        corridor
            ? fmt::format("swarm of flies: a line of flies in a corridor one cell wide, each with its own HP, the "
                          "group's HP their sum; only the front fly bites {} and takes its hits, and it splits only "
                          "when alone, the clone taking the cell behind it (Swarm.defenseProc); the next fly steps up "
                          "when the front one dies",
                          foe)
            : fmt::format("swarm of flies: a group of flies, each with its own HP, the group's HP their sum; {} "
                          "attacks the fly with the fewest HP; every fly reaches {}, up to 8 (an open room), each "
                          "attacking once a turn on the group's turn; a hit always finds a free cell for the clone "
                          "(Swarm.defenseProc)",
                          foe, foe));
  } else if (is_swarm(a) && is_swarm(b)) {
    bout.notes.push_back("two swarms of flies: neither splits in this fight");
  }
  if (groups && affliction_by(is_swarm(a) ? b : a) != Affliction::none)
    bout.notes.push_back(fmt::format("swarm of flies: its flies take no {} from {} in this fight",
                                     affliction_by(is_swarm(a) ? b : a) == Affliction::poison ? "poison" : "bleeding",
                                     (is_swarm(a) ? b : a).name));
  for (const auto& [k, victim] : {std::pair{ab.get(), &b}, std::pair{ba.get(), &a}}) {
    const Combatant& by = victim == &b ? a : b;
    const std::string after = fmt::format(
        "; when {} dies, the {} left on {} keeps ticking once a turn until it runs out{}, and a {} it kills counts "
        "as a loss: {} wins (its HP as before the killing blow), as the game is lost when the hero dies",
        by.name, k->affliction() == Affliction::poison ? "poison" : "bleeding", victim->name,
        victim->is_hero() && !victim->hero->starving ? ", the hero regenerating after each tick that turn" : "",
        victim->name, by.name);
    if (k->affliction() == Affliction::poison)
      bout.notes.push_back(fmt::format(
          "{}: keeps attacking after it poisons, as when it has nowhere to flee (Spinner.Fleeing.nowhereToRun); the "
          "poison ticks once a turn, right after each of its attacks{}",
          by.name, after));
    else if (k->affliction() == Affliction::bleeding)
      bout.notes.push_back(
          fmt::format("{}: the bleeding ticks once a turn, right after each of its attacks{}", by.name, after));
  }
  for (const auto& [clock_of, hunger, c, why] :
       {std::tuple{&regen_a, &hunger_a, &a, &left_out[0]}, std::tuple{&regen_b, &hunger_b, &b, &left_out[1]}}) {
    if (!c->is_hero()) continue;
    if (c->hero->starving) {
      const std::string& hunger_why = hunger_left_out[c == &a ? 0 : 1];
      if (*hunger) {
        bout.notes.push_back(fmt::format(
            "{}: starving, so it does not regenerate (Regeneration.act); Hunger.act deals it 1 damage with chance "
            "0.3 every {:.4g} turns, on a timer that runs from 0 at the fight's start whatever its HP (the first a "
            "whole period in), each act counted on its first turn at or after it is due, before its attack; "
            "without Shadows (x1.5 the period), and not paralysed",
            c->name, static_cast<double>((*hunger)->period) / static_cast<double>((*hunger)->turn)));
      } else {
        bout.notes.push_back(fmt::format("{}: starving, so it does not regenerate (Regeneration.act)", c->name));
        const std::string line = fmt::format("{}: starving", c->name);
        for (auto it = bout.modelled.begin(); it != bout.modelled.end(); ++it)
          if (it->starts_with(line)) {
            bout.not_modelled.push_back(fmt::format("{}; not followed in this fight: {}", *it, hunger_why));
            bout.modelled.erase(it);
            break;
          }
      }
      continue;
    }
    if (!*clock_of) {
      // Its line moves from modelled to not_modelled, with the reason.
      const std::string line = fmt::format("{}: hero regeneration", c->name);
      for (auto it = bout.modelled.begin(); it != bout.modelled.end(); ++it)
        if (it->starts_with(line)) {
          bout.not_modelled.push_back(fmt::format("{}; not followed in this fight: {}", *it, *why));
          bout.modelled.erase(it);
          break;
        }
      continue;
    }
    const RegenClock& clock = **clock_of;
    bout.notes.push_back(
        fmt::format("{}: regenerates 1 HP every {:.4g} turns while below HT (Regeneration.act), on a timer that runs "
                    "from 0 while it is below HT, the first a whole period after it is first hurt; "
                    "each point is counted on its first turn at or after it is due, before its attack (a point due "
                    "between two of its attacks comes after any attack of the other side in between)",
                    c->name, static_cast<double>(clock.period) / static_cast<double>(clock.turn)));
  }
  for (const Combatant* c : {&a, &b})
    if (!c->is_hero() && c->on_water)
      bout.notes.push_back(fmt::format(
          "{}: stands on water the whole fight and, below HT, regains {} HP at the start of each of its turns, "
          "before its attack ({})",
          c->name, c->mob.key == "rotting_fist" ? "4 (not capped at HT)" : "1",
          c->mob.key == "rotting_fist" ? "RottingFist.act" : "Goo.act"));
  bout.a.state = ab->start_state();
  bout.b.state = ba->start_state();
  bout.a_hits_b = std::move(ab);
  bout.b_hits_a = std::move(ba);
}

}  // namespace fray::pixel_dungeon
