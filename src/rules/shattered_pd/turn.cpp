// Shattered Pixel Dungeon 3.3.6: one side's turn in a fight (turn.hpp).
#include "rules/shattered_pd/turn.hpp"

#include "rules/shattered_pd/mechanics.hpp"

#include <fmt/format.h>

#include <fray/core/error.hpp>
#include <fray/rules/shattered_pd/parts.hpp>
#include <fray/rules/shattered_pd/ruleset.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

namespace fray::shattered_pd {

// --- laws --------------------------------------------------------------------------------

namespace {
// The trace of a Random.Int, apart: the sampled draw stays small enough to
// be inlined into the turn (Goo draws one every turn).
[[gnu::cold, gnu::noinline]] void note_int(std::vector<Draw>& trace, const char* label, int n, std::int32_t v) {
  trace.push_back(Draw{label, fmt::format("Random.Int({})", n), std::int64_t{v}});
}
}  // namespace

bool IntIs0::sample(Rng& rng, std::vector<Draw>* trace) const {
  const std::int32_t v = random_int(rng, n);
  if (trace) [[unlikely]]
    note_int(*trace, label, n, v);
  return v == 0;
}

int IntRange::sample(Rng& rng, std::vector<Draw>* trace) const {
  const std::int32_t v = random_int_range(rng, min, max);
  if (trace) trace->push_back(Draw{label, fmt::format("Random.IntRange({}, {})", min, max), std::int64_t{v}});
  return v;
}

float NormalFloat::sample(Rng& rng, std::vector<Draw>* trace) const {
  const float v = normal_float(rng, min, max);
  if (trace) trace->push_back(Draw{label, fmt::format("Random.NormalFloat({}, {})", min, max), static_cast<double>(v)});
  return v;
}

std::string_view draw_label(DrawFor d) {
  switch (d) {
    case DrawFor::accuracy:
      return "accuracy";
    case DrawFor::evasion:
      return "evasion";
    case DrawFor::armor:
      return "armor";
    case DrawFor::clover:
      return "clover";
    case DrawFor::damage:
      return "damage";
    case DrawFor::excess_strength:
      return "excess_strength";
  }
  return "?";
}

namespace {
// A strike whose draws are recorded, apart: the untraced strike of Monte
// Carlo is compiled with nothing to record.
[[gnu::noinline]] StrikeResult traced_strike(const AttackPlan& plan, Rng& rng, std::vector<Draw>& trace) {
  return strike(plan, rng, [&](DrawFor f, double v) {
    trace.push_back(Draw{std::string(draw_label(f)), "Char.attack", v});
  });
}
}  // namespace

Blow BlowLaw::sample(Rng& rng, std::vector<Draw>* trace) const {
  Blow out;
  for (int i = 0; i < count; ++i) {
    const StrikeResult s = trace ? traced_strike(*plan, rng, *trace) : strike(*plan, rng, [](DrawFor, double) {});
    out.damage += s.damage;
    const bool hit = s.attacked && s.hit.hit;
    if (hit) out.hit = 1;
    if (hit && passes && !plan->magic && out.n < kMaxFliesAround)
      out.passed[out.n++] = plan->passed(plan->base_damage(plan->rolled(s.roll), s.excess));
  }
  if (count != 1) out.hit = -1;
  return out;
}

std::vector<fight::Branch<Blow>> blow_branches(const AttackPlan& plan) {
  const Outcome o = exact_outcome(plan);
  std::vector<fight::Branch<Blow>> out;
  if (o.p_hit < 1) out.push_back({Blow{}, 1 - o.p_hit});
  if (o.p_hit > 0)
    for (const auto& [dmg, q] : o.damage_on_hit.items()) out.push_back({Blow{1, dmg}, o.p_hit * q});
  return out;
}

// k flies attacking: the sum of k independent attacks, for k = 0 .. kMaxFliesAround.
std::vector<std::vector<fight::Branch<Blow>>> flies_branches(const AttackPlan& plan) {
  const Pmf one = exact_outcome(plan).damage;
  std::vector<std::vector<fight::Branch<Blow>>> out;
  Pmf sum = Pmf::point(0);
  for (int n = 0; n <= kMaxFliesAround; ++n) {
    if (n > 0) sum = sum + one;
    auto& bs = out.emplace_back();
    for (const auto& [dmg, q] : sum.items()) bs.push_back({Blow{-1, dmg}, q});
  }
  return out;
}

// --- the turn ----------------------------------------------------------------------------

SpdTurn::SpdTurn(const Combatant& att, const Combatant& def, const Situation& s, bool ends_defender_state, Sides me,
                 Sides foe, const SwarmDamage& swarm_damage, const Dot& victim_dot, int wraith_cells)
    : ends_defender_state_(ends_defender_state),
      // Shattered's part ends the foe's conditions with any attack (hit_ends_foe_only is never set).
      ends_foe_(ends_defender_state && kFirstAttack.attack_ends_foe),
      att_(att),
      def_(def),
      s_(s),
      me_(std::move(me)),
      foe_(std::move(foe)),
      swarm_damage_(swarm_damage),
      victim_dot_(victim_dot),
      ht_(att.ht()),
      goo_att_(is_goo(att)),
      goo_def_(is_goo(def)) {
  necro_ = is_necromancer(att);
  if (is_spectral(att)) {
    wraith_cells_ = wraith_cells;
    wraith_last_ = wraith_last_turn(wraith_cells);
  }
  // Goo.act on water: below HT, HP += healInc (1 without the Stronger
  // Bosses challenge) before its move, which then reads the new HP.
  water_ = goo_att_ && att.on_water ? 1 : 0;
  if (is_necromancer(def) && !me_.group) burst_ = burst_on(def, att, s);
  attacks_ = att.is_hero() || att.mob.damage || (s.magic && att.mob.spell) || necro_ || wraiths();
  // The mob's parts, from its catalog row (mob_parts): the fight follows what the catalog names.
  if (const fight::PartUse* u = fight::parts::find_part(*me_.parts, "drain")) drain_ = fight::parts::drain_of(*u);
  dot_ = foe_.group ? Dot{} : dot_of(att, s);
  const int variants = goo_att_ ? 4 : goo_def_ || me_.rage.on ? 2 : 1;
  for (int a = 0; a < 2 && attacks_; ++a)
    for (int d = 0; d < 2; ++d)
      for (int v = 0; v < variants; ++v) {
        const bool half = (v & 1) != 0, pumped = (v & 2) != 0;
        const Combatant who = goo_att_              ? goo_as(att, half, pumped)
                              : me_.rage.on         ? brute_as(att, half)
                              : necro_ || wraiths() ? striker_of(att)
                                                    : att;
        const AttackPlan& p = plans_[a][d][static_cast<std::size_t>(v)] = plan_of(who, a, d, v);
        strikes_[a][d][static_cast<std::size_t>(v)] = blow_branches(p);
        if (me_.group && v == 0) flies_[a][d] = flies_branches(p);
      }
  for (const auto& by_a : strikes_)
    for (const auto& by_d : by_a)
      for (const auto& law : by_d)
        for (const auto& b : law) top_hit_ = std::max(top_hit_, b.value.damage);
  for (const auto& by_a : flies_)
    for (const auto& by_d : by_a)
      for (const auto& law : by_d)
        for (const auto& b : law) top_hit_ = std::max(top_hit_, b.value.damage);
  if (me_.hero.regen)
    for (const int acts : me_.hero.part.acts) heal_window_ = std::max<std::int64_t>(heal_window_, acts + 1);
  heal_window_ = std::max(heal_window_, water_);
  if (drain_) heal_window_ = std::max(heal_window_, top_hit_);
  // What the mob left on the hero, and a skeleton's burst, follow a kill
  // from her whole HP; the Berserker's rage and the wraiths' volleys read
  // the HP from hit to hit; a bat draining a brute, the HP its rage leaves.
  classes_ = victim_dot_.kind == Dot::Kind::none && !burst_ && !me_.hero.rage && !foe_.hero.rage && !wraiths() &&
             !(drain_ && foe_.rage.on) && (!me_.hero.regen || me_.hero.ht == ht_);
  const auto* group = me_.group ? me_.group.get() : foe_.group.get();
  const HeroCounters& hero = me_.hero.on ? me_.hero : foe_.hero;
  if (hero.regen && hero.clock.cycle > kMaxExactRegenCycle)
    why_ = fmt::format(
        "the hero's regeneration repeats its pattern only after {} of her attacks, more than the {} an exact fight "
        "follows",
        hero.clock.cycle, kMaxExactRegenCycle);
  else if (me_.hero.rage || foe_.hero.rage)
    why_ =
        "the Berserker's rage loses, on each quiet turn, an amount read from her HP (Berserk.act), so its values "
        "multiply with the fight's paths";
  else if (group && group->size() > kMaxExactSwarmGroups)
    why_ = fmt::format(
        "the swarm of flies can split into {} groups of flies, more than the {} an exact fight follows "
        "(Swarm.defenseProc)",
        group->size(), kMaxExactSwarmGroups);
  else if (dot_.kind == Dot::Kind::bleeding)
    why_ =
        "bleeding's level is a real number drawn anew each turn (Bleeding.act: NormalFloat(level / 2, level)), "
        "which no finite chain holds";
}

// The bat's drain reads its own HP (to cap the healing at HT); Goo's numbers
// follow its HP, attacking or attacked. The hero's regeneration reads her HP
// (it stops at HT); what the mob left on her goes on after a killing attack,
// which reads both.
Exchange::Reads SpdTurn::reads() const {
  const bool after = victim_dot_.kind != Dot::Kind::none || burst_.has_value();
  return {drain_.has_value() || goo_att_ || me_.hero.regen || after,
          goo_def_ || foe_.rage.on || foe_.hero.rage || after, classes_};
}

// What the turn tells apart of the two HP (classes_ says when it reads
// nothing else of them). Of the attacker's: how far below HT it is, up to
// the most a turn heals (regeneration stops at HT, Goo's water heals below
// it, the bat's drain is capped at HT - HP: below that window each heals in
// full), and whether Goo is at half HP after its water. Of the defender's:
// whether Goo is at half HP, and a brute not yet raging: its HP up to the
// most a hit passes plus its shield (rage_hit compares the hit with HP -
// shield, and a hit past it leaves HP less the shield).
Exchange::HpClasses SpdTurn::hp_classes(const Now& now) const {
  const std::int64_t a = now.att_hp, d = now.def_hp;
  if (!classes_) return {a, d};
  const std::int64_t far = heal_window_ > 0 ? std::max(a, ht_ - heal_window_) : 0;
  const std::int64_t rage = foe_.rage.on && now.def.brute == 0 ? std::min(d, top_hit_ + foe_.rage.shield + 1) : 0;
  return {far * 2 + (goo_att_ && enraged(att_, a + water_heal(a)) ? 1 : 0),
          rage * 2 + (goo_def_ && enraged(def_, d) ? 1 : 0)};
}

// The plan of `who`'s attack in variant v with the passing conditions a (the
// attacker's) and d (the defender's) over or not (the first_attack part's
// situation of each case, kPassing).
AttackPlan SpdTurn::plan_of(const Combatant& who, int a, int d, int v) const {
  const Situation x = fight::parts::passed(s_, kPassing, a == 1, d == 1);
  AttackPlan p = plan_attack(who, goo_def_ ? goo_as(def_, (v & 1) != 0, false) : def_, x);
  // The swarm's split reads the damage before Vulnerable and its champion's
  // factor: the plan gives that, and SwarmDamage::dealt the rest.
  if (foe_.group) {
    p.vulnerable = false;
    p.damage_taken.reset();
  }
  return p;
}

// The Berserker's attack i (variant and passing conditions) at her rage
// power (Char.attack's Berserk.damageFactor), drawn by a sampled turn only:
// her fights are sampled.
const AttackPlan* SpdTurn::rage_plan(int i, float power) const {
  const auto* entry = rage_last_.load(std::memory_order_acquire);
  if (!entry || entry->first != power) {
    const std::lock_guard lock(rage_mutex_);
    auto& e = *rage_plans_.try_emplace(power).first;
    if (!e.second) {
      auto plans = std::make_unique<std::array<AttackPlan, 8>>();
      Combatant who = att_;
      who.hero->rage = power;
      for (int k = 0; k < 8; ++k) (*plans)[static_cast<std::size_t>(k)] = plan_of(who, k >> 2, (k >> 1) & 1, k & 1);
      e.second = std::move(plans);
    }
    entry = &e;
    rage_last_.store(entry, std::memory_order_release);
  }
  return &(*entry->second)[static_cast<std::size_t>(i)];
}

// One wraith's hit that passes `x` to the defender, after the volley's
// earlier hits: a swarm splits at each hit (Swarm.defenseProc), and a gnoll
// brute enrages at the hit that takes its HP to 0 (Brute.isAlive), the later
// ones falling on its shield.
void SpdTurn::wraith_hit(std::int64_t x, std::int64_t hp, VolleyEnd& v) const {
  if (foe_.group) {
    if (v.gone) return;
    const Split sp = hit_group(foe_.group->at(v.foe.group), x, swarm_damage_.dealt(x));
    v.s.damage += sp.lost;
    if (sp.group.empty())
      v.gone = true;
    else
      v.foe.group = foe_.group->id(sp.group);
    return;
  }
  if (foe_.rage.on && v.foe.brute == 0) {
    const auto [dmg, state] = rage_hit(foe_.rage, hp - v.s.damage, 0, x);
    v.s.damage += dmg;
    v.foe.brute = state;
    return;
  }
  v.s.damage += x;
}

// The attacks of n wraiths in one turn, one after another, each its own
// Mob.act; Goo's numbers follow its HP from hit to hit. Before them, a
// raging brute's decay since the last attack on it, which comes whether any
// wraith attacks or not (as rage_hit adds it). A lone wraith keeps its hit
// or miss.
template <class R>
Blow SpdTurn::volley(R& r, int n, int fa, int fd, std::int64_t hp, SideState& foe) const {
  VolleyEnd start;
  start.s.hit = -1;
  start.foe = foe;
  if (foe_.rage.on) std::tie(start.s.damage, start.foe.brute) = rage_decay(foe_.rage, foe.brute);
  const auto step = [&](auto& rr, VolleyEnd& x) {
    const int v = goo_def_ && enraged(def_, hp - x.s.damage) ? 1 : 0;
    const Blow s = rr.draw(law_of(fa, fd, v, SideState{}));
    ++x.i;
    if (n == 1) x.s.hit = s.hit;
    if (s.hit != 1) return;
    wraith_hit(s.damage, hp, x);
    if (s.n > 0 && x.s.n < kMaxFliesAround) x.s.passed[x.s.n++] = s.passed[0];
  };
  const auto done = [n](const VolleyEnd& x) { return x.i == n; };
  VolleyEnd end;
  if constexpr (R::exact) {
    const auto* law = volleys_.get({fa, fd, n, hp, foe}, [&] { return run_exact(start, step, done); });
    end = r.draw(fight::Choice<VolleyEnd>{law, "wraiths"});
  } else {
    end = run_sampled(r, start, step, done);
  }
  foe = end.foe;
  return end.s;
}

// Poison, ooze and bleeding keep acting on the hero after the mob that left
// them has died, at the end of each turn, with her regeneration between
// them, and can kill her. From her HP and state after her killing turn's
// regeneration: the HP she ends with, 0 when they kill her.
template <class R>
std::int64_t SpdTurn::after_kill(R& r, std::int64_t hp, const SideState& s) const {
  const auto step = [&](auto& rr, Alive& x) {
    x.hp -= dot_tick(rr, victim_dot_, x.s);
    if (x.hp <= 0) {
      x.hp = 0;
      x.over = true;
      return;
    }
    if (!dot_left(x.s)) {
      x.over = true;
      return;
    }
    x.hp += regen_turns(me_.hero, x.hp, x.s, 1);  // the next turn's regeneration
  };
  const auto done = [](const Alive& x) { return x.over; };
  const Alive start{hp, s, false};
  if constexpr (R::exact) {
    const auto* law = after_kills_.get({hp, s}, [&] { return run_exact(start, step, done); });
    return r.draw(fight::Choice<Alive>{law, "after the kill"}).hp;
  } else {
    return run_sampled(r, start, step, done).hp;
  }
}

template <class R>
After SpdTurn::turn(R& r, const Now& now) const {
  After out{.att = now.att, .def = now.def};
  out.hit = 0;
  SideState& me = out.att;
  SideState& foe = out.def;
  const std::int64_t a_hp = now.att_hp, d_hp = now.def_hp;
  const int fa = now.att.past ? 1 : 0, fd = now.def.past ? 1 : 0;
  // The attacker's own passing conditions end with its move, the defender's
  // with the first attacker's (the first_attack part); a swarm's newborn
  // flies attack from its next turn on.
  me.past = true;
  if (ends_foe_) foe.past = true;
  if (me_.group) me.group = me_.group->id(after_turn(me_.group->at(me.group)));
  // The hero's regeneration right after her move (Regeneration.act); Goo's
  // water before its move.
  // (Kept only for a necromancer's skeleton, whose burst redoes it below.)
  SideState before_regen;
  if (burst_) before_regen = me;
  out.heal = regen_step(me_.hero, a_hp, me) + water_heal(a_hp);

  int v = goo_def_ && enraged(def_, d_hp) ? 1 : 0;
  bool attacks = attacks_;
  if (goo_att_ && attacks_) {
    const bool half = enraged(att_, a_hp + water_heal(a_hp));
    bool pumped = false;
    attacks = goo_turn(r, me, half, pumped);
    v = (half ? 1 : 0) | (pumped ? 2 : 0);
  }
  // The necromancer's first turn starts the summoning; from its second its skeleton attacks.
  if (necro_) {
    attacks = me.necro != 0;
    me.necro = me.necro == 0 ? 1 : 2;
  }
  if (me_.rage.on && attacks_) {
    v = now.att.brute == 0 ? 0 : 1;
    attacks = !fight::parts::rage_skips(now.att.brute);  // the turn triggerEnrage spent
    me.brute = fight::parts::rage_turn(now.att.brute);
  }
  if (attacks_ && !attacks) out.hit = -1;
  if (me_.focus) me.focus = focus_after_attack(now.att.focus);

  bool landed = false;
  if (wraiths()) {
    // This turn's wraiths, their hits applied to the defender one by one.
    const int n = wraiths_acting(now.att.turn, wraith_cells_);
    me.turn = static_cast<std::uint8_t>(std::min<std::uint32_t>(now.att.turn + 1u, wraith_last_));
    const Blow s = volley(r, n, fa, fd, d_hp, foe);
    out.damage = s.damage;
    out.hit = s.hit;
    if (foe_.hero.rage) {
      std::vector<std::int64_t> passed(s.passed.begin(), s.passed.begin() + s.n);
      const BerserkRage b = berserk_turn({foe.power, foe.buffer}, passed, d_hp - out.damage, foe_.hero.ht);
      foe.power = b.power;
      foe.buffer = static_cast<std::int8_t>(b.buffer);
    }
    return out;
  }
  // A monk with Focus parries an attack: a miss, and its next cooldown.
  if (foe_.focus && attacks && foe.focus == kFocused) {
    attacks = false;
    foe.focus = r.draw(FocusCooldown{});
  }
  // The attack's blow, drawn straight into place (a Blow is 88 bytes).
  const Blow s = [&] {
    if (!attacks) return Blow{};
    const int n = me_.group ? attackers(me_.group->at(now.att.group)) : 1;
    BlowLaw law = law_of(fa, fd, v, now.att);
    if (me_.group) {
      law.branches = &flies_[fa][fd][static_cast<std::size_t>(n)];
      law.count = n;
    }
    return r.draw(law);
  }();
  if (attacks) {
    out.damage = s.damage;
    out.hit = s.hit;
    landed = s.hit == 1;  // a swarm neither splits, drains nor leaves damage over time
    if (foe_.group && landed) {
      const Split sp = hit_group(foe_.group->at(foe.group), out.damage, swarm_damage_.dealt(out.damage));
      out.damage = sp.lost;
      if (!sp.group.empty()) foe.group = foe_.group->id(sp.group);
    }
  }
  if (foe_.rage.on && (landed || foe.brute != 0)) {
    const auto [dmg, state] = rage_hit(foe_.rage, d_hp, foe.brute, landed ? out.damage : 0);
    out.damage = dmg;
    foe.brute = state;
  }
  // Bat.attackProc: reg = min(damage - 4, HT - HP), healed when positive.
  if (drain_ && landed) out.drained = out.heal = fight::parts::drain_hit(*drain_, out.damage, d_hp, a_hp, ht_);
  if (landed) dot_attach(r, dot_, foe, out.damage);
  out.damage += dot_tick(r, dot_, foe);  // the tick at the end of the turn
  if (foe_.hero.rage) {
    std::vector<std::int64_t> passed(s.passed.begin(), s.passed.begin() + s.n);
    const BerserkRage b = berserk_turn({foe.power, foe.buffer}, passed, d_hp - out.damage, foe_.hero.ht);
    foe.power = b.power;
    foe.buffer = static_cast<std::int8_t>(b.buffer);
  }
  if (out.damage < d_hp) return out;
  // A killing attack: what the mob left on the hero goes on after it dies.
  if (victim_dot_.kind != Dot::Kind::none && dot_left(me)) out.heal = after_kill(r, a_hp + out.heal, me) - a_hp;
  // Necromancer.die kills its skeleton, which bursts on her (Skeleton.die),
  // before her regeneration of that turn, which follows her move.
  if (burst_ && now.def.necro == 2) {
    const std::int64_t x = r.draw(*burst_);
    if (a_hp - x <= 0) {
      out.heal = -a_hp;
    } else {
      SideState again = before_regen;
      out.heal = regen_step(me_.hero, a_hp - x, again) - x;
      me = again;
    }
  }
  return out;
}

template After SpdTurn::turn<fight::Sample>(fight::Sample&, const Now&) const;
template After SpdTurn::turn<fight::Enumerate>(fight::Enumerate&, const Now&) const;

}  // namespace fray::shattered_pd
