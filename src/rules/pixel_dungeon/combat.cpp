#include <fray/rules/pixel_dungeon/combat.hpp>

#include <fray/core/error.hpp>

#include <fmt/format.h>

#include <vector>

namespace fray::pixel_dungeon {

namespace {

// A dense accumulator over 0..hi, for the steps after armour (all values >= 0).
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
  if (s.magic && att.is_hero())
    throw Error("the hero's wands never roll to hit: 'magic' is for mob spells");
  if (s.unseen && def.is_hero()) throw Error("the hero is never surprised: 'unseen' applies to a defending mob");
  if (s.adjacent && !s.thrown) throw Error("'adjacent' applies to thrown attacks");
  if (s.acting && !def.is_hero()) throw Error("'acting' applies to a defending hero");

  // --- the hit test's two numbers (§2, §3, §6) ---
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
  // A paralysed mob has cleared enemySeen on its turn (Mob.act), so `paralysed` implies unseen.
  const Awareness aware{!(s.unseen || s.paralysed), s.paralysed};
  if (def.is_hero()) {
    p.evasion = hero_evasion(*def.hero, s.paralysed, s.acting);
  } else {
    p.evasion = mob_evasion(def.mob.evasion, aware);
  }

  // --- damage (§4) ---
  if (p.magic) {
    // Mob spells: the roll goes straight to damage(); no armour, attackProc or defenseProc.
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
      p.assassin = h.subclass == SubClass::assassin && !def.is_hero() && def.mob.assassin_bonus &&
                   assassin_bonus_applies(aware);
    } else {
      const Mob& m = att.mob;
      p.roll = m.damage;
      if (att.pumped && m.pumped) p.roll = *m.pumped;
      if (m.enraged && hp < m.ht / 4) p.roll = *m.enraged;  // Brute: HP < HT/4
    }
  }
  if (!def.is_hero()) p.fists = def.fists;
  p.resisted = s.resisted;
  p.immune = s.immune;
  if (s.paralysed) p.paralysis_hp = def.current_hp();
  return p;
}

Outcome exact_outcome(const AttackPlan& p) {
  Outcome o;
  o.accuracy = p.accuracy;
  o.evasion = p.evasion;
  if (p.never_attacks) {
    o.p_hit = 0;
    o.on_hit = Pmf::point(0);
    o.damage = Pmf::point(0);
    return o;
  }
  o.p_hit = hit_chance(p.accuracy, p.evasion, p.magic);

  // Steps 2–5 (or the spell roll), as a dense distribution over 0..max.
  Dense eff;
  const Primitive& r = p.roll;
  if (p.magic) {
    for (std::int64_t v = r.min(); v <= r.max(); ++v) eff.add(p.rolled(v), r.probability(v));
  } else {
    const Primitive none = Primitive::constant(0);
    const Primitive& b = p.bonus ? *p.bonus : none;
    const Primitive& a = p.armor ? *p.armor : none;
    for (std::int64_t w = r.min(); w <= r.max(); ++w) {
      const double pw = r.probability(w);
      for (std::int64_t x = b.min(); x <= b.max(); ++x) {
        const double pwx = pw * b.probability(x);
        const std::int64_t dmg = p.rolled(w + x);
        for (std::int64_t d = a.min(); d <= a.max(); ++d) eff.add(p.after_armor(dmg, d), pwx * a.probability(d));
      }
    }
  }
  Pmf e = eff.pmf();
  // Step 6: the Assassin bonus, eff + Int(1, eff).
  if (p.assassin && !p.magic) {
    Dense next;
    for (const auto& [v, pv] : e.items()) {
      const Primitive bonus = AttackPlan::assassin_bonus(v);
      for (std::int64_t x = bonus.min(); x <= bonus.max(); ++x) next.add(v + x, pv * bonus.probability(x));
    }
    e = next.pmf();
  }
  // Step 7: damage(): Yog's fists, immunity, resistance.
  if (p.fists > 0) e = e.map([&](std::int64_t v) { return p.shifted(v); });
  if (p.immune) {
    e = Pmf::point(0);
  } else if (p.resisted) {
    Dense next;
    for (const auto& [v, pv] : e.items()) {
      const Primitive res = AttackPlan::resistance(v);
      for (std::int64_t x = res.min(); x <= res.max(); ++x) next.add(x, pv * res.probability(x));
    }
    e = next.pmf();
  }
  o.on_hit = e;
  // A miss deals 0.
  Dense all;
  all.add(0, 1 - o.p_hit);
  for (const auto& [v, pv] : e.items()) all.add(v, pv * o.p_hit);
  o.damage = o.p_hit > 0 ? all.pmf() : Pmf::point(0);
  return o;
}

}  // namespace fray::pixel_dungeon
