// Pixel Dungeon 1.9.1's fight turn, written once over typed side state
// (fray/fight/turn.hpp): one side's move against the other with everything
// its mechanics do around the attack — a starving hero's hunger, the attack
// itself, the Gladiator's Combo, the hero's regeneration, Goo's and the
// rotting fist's water, the vampire bat's drain, the swarm's splits, a
// spinner's poison and an albino rat's bleeding, the affliction that
// outlives the side that left it, and an unseen mob's surprise, which its
// own turn ends (the first_attack part). Each mechanic is its own small
// function over the reader and the typed state, naming the game's function
// it follows.
#pragma once

#include <fray/core/draw.hpp>
#include <fray/core/rng.hpp>
#include <fray/fight/parts/drain.hpp>
#include <fray/fight/parts/first_attack.hpp>
#include <fray/fight/parts/regeneration.hpp>
#include <fray/fight/turn.hpp>
#include <fray/rules/pixel_dungeon/attack.hpp>
#include <fray/rules/pixel_dungeon/hero.hpp>
#include <fray/rules/pixel_dungeon/parts.hpp>
#include <fray/rules/pixel_dungeon/random.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "rules/pixel_dungeon/fight.hpp"
#include "rules/pixel_dungeon/parts.hpp"
#include "rules/pixel_dungeon/swarm.hpp"

namespace fray::pixel_dungeon {

// One side's condition between two turns of a fight; the default value is
// no Combo, no clock run, the whole swarm, no affliction.
struct PdState {
  // The Gladiator's Combo (Combo.hit): the count of the last hit (0: none)
  // and the misses since.
  int combo = 0, misses = 0;
  // The hero's regeneration or hunger timer: her attacks so far, modulo the
  // clock's cycle (RegenClock).
  std::uint32_t clock = 0;
  // A swarm of flies: its group's number among the groups of its HP (FlyTable).
  std::uint32_t flies = 0;
  // What the other side's hits left on this one: poison turns left
  // (Poison.left), or the bleeding level (Bleeding.level). Only the other
  // side's turn moves it.
  int affliction = 0;
  // The side's passing conditions are over (the first_attack part's `over`):
  // a mob's `unseen` ends on its own turn (kPassing, parts.hpp). Moved only
  // in a fight whose situation holds one.
  bool over = false;

  [[nodiscard]] auto key() const { return std::tie(combo, misses, clock, flies, affliction, over); }
  bool operator==(const PdState&) const = default;
  auto operator<=>(const PdState&) const = default;
};

}  // namespace fray::pixel_dungeon

// A PdState's hash for its fight::States table: its fields packed into one
// word (the table mixes it), cheaper than hashing them one by one, as the
// exact chain numbers the states of every outcome of every turn.
template <>
struct fray::fight::StateHash<fray::pixel_dungeon::PdState, void> {
  static constexpr bool value = true;
  std::uint64_t operator()(const fray::pixel_dungeon::PdState& s) const noexcept {
    return static_cast<std::uint64_t>(static_cast<std::uint32_t>(s.combo) & 0x1f) |
           (static_cast<std::uint64_t>(static_cast<std::uint32_t>(s.misses) & 0x1f) << 5) |
           (static_cast<std::uint64_t>(s.clock & 0x1fff) << 10) |
           (static_cast<std::uint64_t>(static_cast<std::uint32_t>(s.affliction) & 0xff) << 23) |
           (static_cast<std::uint64_t>(s.over) << 31) | (static_cast<std::uint64_t>(s.flies) << 32);
  }
};

namespace fray::pixel_dungeon {

using PdNow = fight::Now<PdState, PdState>;
using PdAfter = fight::After<PdState, PdState>;

// The most Combo counts a side carries: 1.41 - 15/10 < 0, so no count past 15
// survives to another attack.
inline constexpr int kMaxCombo = 15;
// The highest affliction level a side carries (a bleeding set from more damage stops there).
inline constexpr int kMaxAffliction = 255;
// The most attacks a hero's regeneration or hunger pattern may take to repeat.
inline constexpr std::uint32_t kMaxRegenCycle = 4096;

// --- laws ------------------------------------------------------------------------------------

// One attack's result: whether it landed, and the damage it dealt.
struct Blow {
  bool hit = false;
  std::int64_t damage = 0;
};

// The attack of `strikes` attackers of one plan (Char.attack; a group's flies
// each attack): its exact branches precomputed once per plan, its sample the
// game's strike with the game's draws.
struct AttackLaw {
  using value_type = Blow;
  const std::vector<fight::Branch<Blow>>* branches = nullptr;
  const AttackPlan* plan = nullptr;
  std::size_t strikes = 1;

  [[nodiscard]] std::size_t size() const noexcept { return branches->size(); }
  [[nodiscard]] fight::Branch<Blow> at(std::size_t i) const { return (*branches)[i]; }
  Blow sample(Rng& rng, std::vector<Draw>* trace) const {
    Blow b;
    for (std::size_t i = 0; i < strikes; ++i) {
      StrikeResult s;
      if (trace)
        s = strike(*plan, rng, DrawsTo{trace});
      else
        s = strike(*plan, rng);
      b.damage += s.damage;
      b.hit = b.hit || s.hit.hit;
    }
    return b;
  }
};

// One of the game's integer draws, one Math.random() each (Random.java):
// Int(a) uniform on 0..a-1, Int(a, b) on a..b-1, IntRange(a, b) on a..b
// (each with at least one value).
struct GameInt {
  using value_type = std::int64_t;
  RandomCall call;
  std::string_view label = "Random.Int";

  [[nodiscard]] std::int64_t lo() const noexcept { return call.fn == RandomCall::Fn::int_max ? 0 : call.a; }
  [[nodiscard]] std::int64_t hi() const noexcept {  // excluded
    return call.fn == RandomCall::Fn::int_max ? call.a : call.fn == RandomCall::Fn::int_ab ? call.b : call.b + 1;
  }
  [[nodiscard]] std::size_t size() const noexcept { return static_cast<std::size_t>(hi() - lo()); }
  [[nodiscard]] fight::Branch<std::int64_t> at(std::size_t i) const noexcept {
    return {lo() + static_cast<std::int64_t>(i), 1.0 / static_cast<double>(hi() - lo())};
  }
  std::int64_t sample(Rng& rng, std::vector<Draw>* trace) const {
    const std::int64_t v = int_of(rng.unit(), lo(), hi());
    if (trace) trace->push_back(Draw{std::string(label), call.text(), v});
    return v;
  }
};
inline GameInt random_int(std::int64_t a, std::string_view label) { return {{RandomCall::Fn::int_max, a, 0}, label}; }
inline GameInt random_int(std::int64_t a, std::int64_t b, std::string_view label) {
  return {{RandomCall::Fn::int_ab, a, b}, label};
}
inline GameInt random_int_range(std::int64_t a, std::int64_t b, std::string_view label) {
  return {{RandomCall::Fn::int_range, a, b}, label};
}

// --- the mechanics, one function each ---------------------------------------------------------

// Hunger.act on a starving hero, before her attack: each act due since her
// last turn (`acts`, by her clock) deals 1 when Random.Float() < 0.3f
// (starving_hit_chance); the timer runs whatever her HP. Returns the HP she
// loses; moves her clock.
template <class R>
std::int64_t starve(R& r, const std::vector<int>& acts, PdState& s) {
  std::int64_t lost = 0;
  for (int i = 0; i < acts[s.clock]; ++i) lost += r.chance(starving_hit_chance(), "Hunger.act") ? 1 : 0;
  s.clock = static_cast<std::uint32_t>((s.clock + 1) % acts.size());
  return lost;
}

// Combo.hit: whether a count is still there `attacks` attacks after its hit
// (the buff ends 1.1 turns after a hit below count 3, 1.41 - count / 10 from
// 3, on the game's float clock).
inline bool combo_lasts(int count, int attacks, float delay) {
  if (count == 0) return false;
  const float end = count < 3 ? 1.1f : 1.41f - static_cast<float>(count) / 10.0f;
  return static_cast<float>(attacks) * delay < end;
}
// The count this attack's hit makes: one more than the count before, when it lasted.
inline int combo_count(const PdState& s, float delay) {
  const int before = combo_lasts(s.combo, s.misses + 1, delay) ? s.combo : 0;
  return std::min(before + 1, kMaxCombo);
}
// The Combo after the attack: a hit's count; after a miss the count stays
// (one more miss) while it lasts to the next attack.
inline void combo_after(PdState& s, bool hit, int count, float delay) {
  if (hit) {
    s.combo = count;
    s.misses = 0;
  } else if (combo_lasts(s.combo, s.misses + 2, delay)) {
    ++s.misses;
  } else {
    s.combo = s.misses = 0;
  }
}

// Goo.act and RottingFist.act: on water, below HT, HP += `heal` before the move.
inline void water_heal(std::int64_t heal, std::int64_t hp, std::int64_t ht, PdAfter& out) {
  if (heal > 0 && hp < ht) out.heal = heal;
}

// Swarm.defenseProc on the defending group, on every hit (even one of 0
// damage): the HP it loses and its group after it.
inline void split(const FlyTable& t, std::int64_t hp, const Blow& b, PdAfter& out) {
  if (!b.hit) return;
  const auto [lost, after] = t.hit(hp, out.def.flies, b.damage);
  out.damage = lost;
  out.def.flies = after;
}

// The game's calls for its damage over time (fray/fight/parts/damage_over_time.hpp):
// Random.Int(n) == 0; a dose or a decay by Random.Int(lo, hi + 1); what a
// resisting mob takes by Random.IntRange(0, damage) (Char.damage).
struct PdDotDraws {
  template <class R>
  bool one_in(R& r, fight::parts::DotRoll, int n, std::string_view label) const {
    return r.draw(random_int(n, label)) == 0;
  }
  template <class R>
  std::int64_t uniform(R& r, fight::parts::DotRoll roll, std::int64_t lo, std::int64_t hi,
                       std::string_view label) const {
    return roll == fight::parts::DotRoll::resist ? r.draw(random_int_range(lo, hi, label))
                                                 : r.draw(random_int(lo, hi + 1, label));
  }
  template <class R>
  float normal(R&, fight::parts::DotRoll, float, float, std::string_view) const {
    throw std::logic_error("pixel-dungeon: no damage over time of the game draws a real number");
  }
};

// What a hit that landed leaves (Spinner.attackProc, Albino.attackProc; the
// part's parameters in parts.hpp). Returns the counter after the hit.
template <class R>
[[gnu::always_inline]] inline int afflict(R& r, Affliction a, const Blow& b, int level) {
  if (!b.hit || a == Affliction::none) return level;
  // Each rule named as the constant it is, so that its parameters fold into the part.
  if (a == Affliction::poison) {
    fight::parts::DotState<> s{.left = level};
    (void)fight::parts::dot_hit(r, PdDotDraws{}, kSpinnerPoison, s, b.damage);
    return s.left;
  }
  fight::parts::DotState<> s{.level = level};
  (void)fight::parts::dot_hit(r, PdDotDraws{}, kAlbinoBleeding, s, b.damage);
  return s.level;
}

// One act of the buff (Poison.act, Bleeding.act), from `level`; the buff acts
// as it is attached and then once a turn, right after each of the
// attacker's attacks. Returns the damage; moves the level (0: the buff goes).
// A victim that resists poison takes IntRange(0, dmg) of it (Char.damage).
template <class R>
[[gnu::always_inline]] inline std::int64_t affliction_act(R& r, Affliction a, bool resists, int& level) {
  if (a == Affliction::none || level <= 0) {
    level = 0;
    return 0;
  }
  if (a == Affliction::poison) {
    fight::parts::DotState<> s{.left = level};
    const std::int64_t dmg = fight::parts::dot_tick(r, PdDotDraws{}, kSpinnerPoison, s, resists);
    level = s.left;
    return dmg;
  }
  fight::parts::DotState<> s{.level = level};
  const std::int64_t dmg = fight::parts::dot_tick(r, PdDotDraws{}, kAlbinoBleeding, s, resists);
  level = s.level;
  return dmg;
}

// --- the turn ------------------------------------------------------------------------------------

class PdTurn {
 public:
  using mine = PdState;
  using theirs = PdState;

  // `delay`: the attacker's attack time; `own_group` and `target_group`: the
  // tables of a swarm's groups, when the attacker or the defender is one
  // (filled before the fight); `regen`, `hunger`: the hero's clocks;
  // `first_mover`: the side whose situation `s` is the fight's (side a);
  // `passing`: that situation holds a passing condition (kPassing), whose
  // end both sides' turns then follow (the first_attack part).
  PdTurn(Combatant att, Combatant def, Situation s, float delay, std::shared_ptr<const FlyTable> own_group,
         std::shared_ptr<const FlyTable> target_group, bool corridor, std::optional<RegenClock> regen,
         std::optional<RegenClock> hunger, bool first_mover = false, bool passing = false);

  template <class R>
  PdAfter turn(R& r, const PdNow& now) const {
    PdAfter out{.att = now.att, .def = now.def};
    const std::int64_t ht = ht_;
    // The first_attack part: this turn ends the mover's own passing
    // conditions (a mob's turn, Mob.act, sets enemySeen); its attack, below,
    // is still planned with the defender's as they were.
    if (passing_) fight::parts::first_attack_turn(kFirstAttack, first_mover_, out.att.over, out.def.over);
    const std::int64_t starved = hunger_ ? starve(r, hunger_at_, out.att) : 0;
    // The attack, and the Combo it makes.
    const int count = combo_ ? combo_count(now.att, delay_) : 0;
    const Blow blow = r.draw(attack_of(now, count));
    out.damage = blow.damage;
    out.hit = blow.hit ? 1 : 0;
    if (combo_) combo_after(out.att, blow.hit, count, delay_);
    // Regeneration.act: +1 HP for each point due since the hero's last turn,
    // while HP < HT; the timer runs only below HT (the buff's phase is
    // unknown, and a hero at HT keeps one state, so her hits still form an
    // exact chain). The regeneration part, on the hero's clock.
    if (regen_) {
      std::int32_t store = 0;  // a point at each act: the part's store stays 0
      out.heal = fight::parts::regenerate(r, regen_part_, regen_part_.gain, now.att_hp, ht, out.att.clock, store);
    }
    if (hunger_) out.heal = -starved;
    water_heal(water_heal_, now.att_hp, ht, out);
    // Bat.attackProc: the drain part, on a hit, from the damage as dealt.
    if (drain_ && blow.hit)
      out.drained = out.heal = fight::parts::drain_hit(*drain_, blow.damage, now.def_hp, now.att_hp, ht);
    if (target_group_) {
      split(*target_group_, now.def_hp, blow, out);
      return out;
    }
    if (affliction_ != Affliction::none) {
      int level = afflict(r, affliction_, blow, now.def.affliction);
      out.damage += affliction_act(r, affliction_, takes_ == Takes::resists, level);
      out.def.affliction = level;
    }
    outlive(r, now, out);
    return out;
  }

  [[nodiscard]] Exchange::Reads reads() const;
  [[nodiscard]] Exchange::HpClasses hp_classes(const PdNow& now) const;
  [[nodiscard]] bool exact() const { return why_.empty(); }
  [[nodiscard]] std::string why_not_exact() const { return why_; }
  void not_exact(std::string why) {
    if (why_.empty()) why_ = std::move(why);
  }

  // The attacker's condition at the fight's start: a spec's combo=N is the
  // count of the first hit, so the count before it is N - 1, as a hit one
  // attack earlier left it.
  [[nodiscard]] PdState start() const;
  // Every damage a hit of this attacker can do (to find the groups of flies it can make).
  [[nodiscard]] std::vector<std::int64_t> hit_damages() const;
  [[nodiscard]] Affliction affliction() const { return affliction_; }

  // The tables of the mover's and the other side's conditions (for the tests).
  std::shared_ptr<const fight::States<PdState>> own, other;

  // How the victim takes the poison's damage (Char.damage with the Poison
  // buff as the source).
  enum class Takes { fully, resists, immune };

 private:
  // The attack's law from the attacker's condition: a group's flies, or the
  // plan of its rage and its Combo count.
  // The plans are those of the situation with the defender's passing
  // conditions over (`o` 1) or not (the attacker holds none).
  AttackLaw attack_of(const PdNow& now, int count) const {
    const std::size_t o = plans_over_ && now.def.over ? 1 : 0;
    if (own_group_) {
      const std::size_t n =
          corridor_ ? 1 : std::min(own_group_->at(now.att_hp, now.att.flies).size(), kMaxAdjacentFlies);
      return {&flies_[o][n], &plans_[o][0][0], n};
    }
    const std::size_t r = raged(now.att_hp), c = static_cast<std::size_t>(count);
    return {&laws_[o][r][c], &plans_[o][r][c], 1};
  }

  // The attacker's own affliction outlives the defender it kills: the
  // buff keeps acting once a turn until it runs out, the hero's clocks
  // running beside it; the HP it ends with replaces this turn's (0: the
  // attacker dies of it, and the fight layer undoes its kill).
  template <class R>
  void outlive(R& r, const PdNow& now, PdAfter& out) const {
    const int level = now.att.affliction;
    if (incoming_ == Affliction::none || level == 0 || out.damage < now.def_hp) return;
    const auto& law = tail(now.att_hp + out.heal, level, out.att.clock);
    out.heal = r.draw(fight::Choice<std::int64_t>{&law, "affliction after the kill"}) - now.att_hp;
  }

  // The HP the attacker ends with once the affliction on it runs out after
  // its kill, from `hp` (after this turn's heal), with its clock at `clock`.
  const std::vector<fight::Branch<std::int64_t>>& tail(std::int64_t hp, int level, std::uint32_t clock) const;
  // The rage part (Berserker Fury, kFury: HP <= 0.4·HT; the brute's rage,
  // kBruteRage: HP < HT / 4): the highest HP at which it is on (-1: never),
  // found once from the side's parts (rage_top).
  std::size_t raged(std::int64_t hp) const { return hp <= rage_hp_ ? 1 : 0; }

  std::uint64_t serial_;
  bool corridor_;
  bool first_mover_, passing_;
  bool plans_over_ = false;  // this side's situation holds a passing condition: its plans once over
  Combatant att_, def_;
  Situation s_;
  float delay_;
  std::shared_ptr<const FlyTable> own_group_, target_group_;
  std::optional<RegenClock> regen_, hunger_;
  fight::parts::Regeneration regen_part_;  // with regen_: the hero's regeneration (hero_regeneration)
  std::vector<int> hunger_at_;             // the hunger's acts at each attack of a cycle
  std::int64_t ht_ = 0, water_heal_ = 0, rage_hp_ = -1;
  // The most one attack's damage (its blow and the affliction's act) and
  // one turn's heal can be: how far hp_classes looks.
  std::int64_t top_damage_ = 0, top_heal_ = 0;
  bool combo_ = false;
  bool rage_ = false;                         // the side's parts name a rage (hero_parts, mob_parts)
  std::optional<fight::parts::Drain> drain_;  // the mob's drain part (mob_parts)
  Affliction affliction_ = Affliction::none, incoming_ = Affliction::none;
  bool incoming_resists_ = false;
  Takes takes_ = Takes::fully;
  mutable std::mutex tail_mutex_;
  mutable std::map<std::tuple<std::int64_t, int, std::uint32_t>, std::vector<fight::Branch<std::int64_t>>> tail_;
  // By the defender's passing conditions over (0, 1; 1 only with
  // plans_over_), rage (0, 1), then Combo count: the plans and their attacks'
  // laws.
  std::array<std::array<std::vector<AttackPlan>, 2>, 2> plans_;
  std::array<std::array<std::vector<std::vector<fight::Branch<Blow>>>, 2>, 2> laws_;
  // By the defender's passing conditions over, then the number of flies attacking.
  std::array<std::vector<std::vector<fight::Branch<Blow>>>, 2> flies_;
  std::string why_;
};

// The table of side a's (`side_a`) or side b's conditions in a bout that
// add_kernels made: the number a Side's state holds names a PdState there.
[[nodiscard]] const fight::States<PdState>& fight_states(const Bout& bout, bool side_a);

}  // namespace fray::pixel_dungeon
