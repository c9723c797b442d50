// Pixel Dungeon 1.9.1 Char.attack: the plan, and its exact reading.
#include <fmt/format.h>

#include <fray/core/error.hpp>
#include <fray/rules/pixel_dungeon/attack.hpp>
#include <fray/rules/pixel_dungeon/parts.hpp>
#include <vector>

namespace fray::pixel_dungeon {

namespace {

// A dense accumulator over 0..hi, for the steps after armor (all values >= 0).
class Dense {
 public:
  void add(std::int64_t v, double p) {
    const auto i = static_cast<std::size_t>(v);
    if (i >= w_.size()) {
      if (v < 0 || i >= Pmf::max_width) throw Error("pixel-dungeon: damage range too wide");
      w_.resize(i + 1, 0.0);
    }
    w_[i] += p;
  }
  [[nodiscard]] Pmf pmf() const { return Pmf::from_weights(0, w_); }

 private:
  std::vector<double> w_;
};

}  // namespace

AttackPlan plan_attack(const Combatant& att, const Combatant& def, const Situation& s,
                       std::optional<std::int64_t> attacker_hp) {
  AttackPlan p;
  const std::int64_t hp = attacker_hp ? *attacker_hp : att.current_hp();
  if (s.thrown && !att.is_hero()) throw Error(fmt::format("'{}' cannot throw: only the hero throws weapons", att.name));
  if (s.magic && att.is_hero()) throw Error("the hero's wands never roll to hit: 'magic' is for mob spells");
  if (s.unseen && def.is_hero()) throw Error("the hero is never surprised: 'unseen' applies to a defending mob");
  if (s.adjacent && !s.thrown) throw Error("'adjacent' applies to thrown attacks");
  if (s.acting && !def.is_hero()) throw Error("'acting' applies to a defending hero");

  // --- the hit test's two numbers: Hero.attackSkill / Mob.attackSkill, Hero.defenseSkill / Mob.defenseSkill ---
  if (att.is_hero()) {
    const Hero& h = *att.hero;
    if (s.thrown && !h.missile) throw Error("the hero has no thrown weapon (give missile=...)");
    p.accuracy = hero_accuracy(h, s.thrown, s.adjacent);
  } else {
    const Mob& m = att.mob;
    if (m.passive) {
      p.never_attacks = true;
      return p;
    }
    p.magic = s.magic || m.beam_only;
    if (p.magic && !m.spell) throw Error(fmt::format("'{}' has no spell: 'magic' is for mobs that cast", att.name));
    p.accuracy = (att.pumped && m.pumped && !p.magic) ? m.pumped_accuracy : m.accuracy;
  }
  // A paralyzed mob has cleared enemySeen on its turn (Mob.act), so `paralyzed` implies unseen.
  const Awareness aware{!(s.unseen || s.paralyzed), s.paralyzed};
  if (def.is_hero()) {
    p.evasion = hero_evasion(*def.hero, s.paralyzed, s.acting);
  } else {
    p.evasion = mob_evasion(def.mob.evasion, aware);
  }

  // --- damage: Char.attack, damageRoll, attackProc, defenseProc, Char.damage ---
  if (p.magic) {
    // Mob spells: the roll goes straight to damage(); no armor, attackProc or defenseProc.
    p.roll = *att.mob.spell;
    p.water_bonus = s.water && att.mob.spell_water_bonus && (def.is_hero() || !def.mob.flying);
  } else {
    const bool sniper_throw = att.is_hero() && att.hero->subclass == SubClass::sniper && s.thrown;
    const std::int64_t dr = def.is_hero() ? hero_dr(*def.hero) : def.mob.dr;
    if (!sniper_throw) p.armor = Primitive::int_range(0, dr);
    if (att.is_hero()) {
      const Hero& h = *att.hero;
      const Weapon* w = s.thrown ? &*h.missile : (h.weapon ? &*h.weapon : nullptr);
      if (w) {
        p.roll = Primitive::normal(w->min, w->max);  // KindOfWeapon.damageRoll
        // Weapon.damageRoll: + IntRange(0, exStr) when (thrown) == (Huntress); wands are not Weapons.
        const int ex = h.str - w->str;
        if (w->kind != WeaponKind::wand && ex > 0 && s.thrown == (h.hero_class == HeroClass::huntress))
          p.bonus = Primitive::int_range(0, ex);
      } else {
        // Hero.damageRoll unarmed.
        p.roll = h.str > 10 ? Primitive::int_range(1, h.str - 9) : Primitive::constant(1);
      }
      p.fury = fury_active(h, hp);
      // Hero.attackProc: subclass effects need a weapon; Combo only with a MeleeWeapon,
      // the Battlemage's charges only with a wand in melee.
      if (h.subclass == SubClass::gladiator && w && w->kind == WeaponKind::melee) p.combo = h.combo;
      if (h.subclass == SubClass::battlemage && w && w->kind == WeaponKind::wand) {
        p.charges = h.charges;
        p.max_charges = h.max_charges ? *h.max_charges : h.charges;
      }
      p.assassin =
          h.subclass == SubClass::assassin && !def.is_hero() && def.mob.assassin_bonus && assassin_bonus_applies(aware);
    } else {
      const Mob& m = att.mob;
      p.roll = m.damage;
      if (att.pumped && m.pumped) p.roll = *m.pumped;
      if (m.enraged && fight::parts::raging(kBruteRage, hp, m.ht)) p.roll = *m.enraged;  // Brute: HP < HT/4
    }
  }
  if (!def.is_hero()) p.fists = def.fists;
  p.resisted = s.resisted;
  p.immune = s.immune;
  if (s.paralyzed) p.paralysis_hp = def.current_hp();
  return p;
}

namespace {

// Calls f(q, v...) for every combination of values of the primitives, q its
// probability, the first primitive varying slowest.
template <class F>
void each(double q, F&& f) {
  f(q);
}
template <class F, class... Rest>
void each(double q, F&& f, const Primitive& first, const Rest&... rest) {
  for (std::int64_t v = first.min(); v <= first.max(); ++v) {
    const double qv = q * first.probability(v);
    each(
        qv, [&](double r, auto... vs) { f(r, v, vs...); }, rest...);
  }
}

// The exact reader of read_attack: a draw is its primitive's law; a step maps
// a distribution. The walk follows the landing branch; landed() mixes in the miss.
class Exact {
 public:
  using Drawn = Primitive;
  using Value = Pmf;
  using Result = Outcome;

  static Result no_attack() {
    Outcome o;
    o.p_hit = 0;
    o.damage = Pmf::point(0);
    o.damage_on_hit = Pmf::point(0);
    return o;
  }
  // Never reached: hit_test always follows the hit.
  static Result miss() { return no_attack(); }
  bool hit_test(std::int64_t accuracy, std::int64_t evasion, bool magic) noexcept {
    p_hit_ = hit_chance(accuracy, evasion, magic);
    return true;
  }
  static Drawn none() noexcept { return Primitive::constant(0); }
  static Drawn draw(DrawFor, const Primitive& p) noexcept { return p; }
  template <class F, class... D>
  static Value join(F&& f, const D&... d) {
    Dense acc;
    each(
        1.0, [&](double q, auto... v) { acc.add(f(v...), q); }, d...);
    return acc.pmf();
  }
  template <class PrimOf, class Combine>
  static Value then(DrawFor, const Value& v, PrimOf&& prim_of, Combine&& combine) {
    Dense next;
    for (const auto& [x, px] : v.items()) {
      const Primitive prim = prim_of(x);
      for (std::int64_t y = prim.min(); y <= prim.max(); ++y) next.add(combine(x, y), px * prim.probability(y));
    }
    return next.pmf();
  }
  template <class F>
  static Value map(const Value& v, F&& f) {
    return v.map(f);
  }
  static Value constant(std::int64_t c) { return Pmf::point(c); }
  // The paralysis check changes no damage.
  static void paralysis_check(const Value&, std::int64_t) noexcept {}
  Result landed(const Value& e) const {
    Outcome o;
    o.p_hit = p_hit_;
    o.damage_on_hit = e;
    // A miss deals 0.
    Dense all;
    all.add(0, 1 - p_hit_);
    for (const auto& [v, pv] : e.items()) all.add(v, pv * p_hit_);
    o.damage = p_hit_ > 0 ? all.pmf() : Pmf::point(0);
    return o;
  }

 private:
  double p_hit_ = 0;
};

}  // namespace

Outcome exact_outcome(const AttackPlan& p) {
  Exact reader;
  return read_attack(p, reader);
}

std::string_view to_string(DrawFor what) noexcept {
  switch (what) {
    case DrawFor::acu_roll:
      return "accuracy roll";
    case DrawFor::def_roll:
      return "evasion roll";
    case DrawFor::armor_roll:
      return "armor";
    case DrawFor::damage_roll:
      return "damage";
    case DrawFor::bonus_roll:
      return "strength bonus";
    case DrawFor::assassin_roll:
      return "assassin bonus";
    case DrawFor::resist_roll:
      return "resistance";
    case DrawFor::paralysis_damage:
      return "paralysis: damage";
    case DrawFor::paralysis_hp:
      return "paralysis: HP";
  }
  return "?";
}

std::string RandomCall::text() const {
  switch (fn) {
    case Fn::float_x:
      return fmt::format("Random.Float({})", a);
    case Fn::int_max:
      return fmt::format("Random.Int({})", a);
    case Fn::int_ab:
      return fmt::format("Random.Int({}, {})", a, b);
    case Fn::int_range:
      return fmt::format("Random.IntRange({}, {})", a, b);
    case Fn::normal_int_range:
      return fmt::format("Random.NormalIntRange({}, {})", a, b);
  }
  return "Random";
}

}  // namespace fray::pixel_dungeon
