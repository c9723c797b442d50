#include <fmt/format.h>

#include <climits>
#include <fray/core/error.hpp>
#include <fray/rules/shattered_pd/attack.hpp>
#include <fray/rules/shattered_pd/surprise.hpp>
#include <vector>

namespace fray::shattered_pd {

namespace {

// ChampionEnemy.evasionAndAccuracyFactor: Blessed 4, Growing m, the others 1.
float roll_factor(const Combatant& c) noexcept {
  if (!c.champion) return 1;
  if (*c.champion == Champion::blessed) return 4.0f;
  if (*c.champion == Champion::growing) return c.growing;
  return 1;
}
// ChampionEnemy.meleeDamageFactor: Blazing and Projecting 1.25, Growing m.
float damage_factor(const Combatant& c) noexcept {
  if (!c.champion) return 1;
  if (*c.champion == Champion::blazing || *c.champion == Champion::projecting) return 1.25f;
  if (*c.champion == Champion::growing) return c.growing;
  return 1;
}
// ChampionEnemy.damageTakenFactor: Giant 0.2, AntiMagic 0.5, Growing 1/m.
std::optional<float> damage_taken_factor(const Combatant& c) noexcept {
  if (!c.champion) return std::nullopt;
  if (*c.champion == Champion::giant) return 0.2f;
  if (*c.champion == Champion::antimagic) return 0.5f;
  if (*c.champion == Champion::growing) return 1.0f / c.growing;
  return std::nullopt;
}

// The ascension factor of a mob while the hero ascends; 1 for the hero.
float ascension_of(const Combatant& c, const Situation& s) noexcept {
  return s.ascension && !c.is_hero() ? c.mob.ascension : 1.0f;
}

// The roll buffs of one side with the champion and ascension factors added.
RollBuffs side_buffs(const Combatant& c, const Situation& s) {
  RollBuffs b = c.buffs;
  if (const float f = roll_factor(c); f != 1) b.champions.push_back(f);
  b.ascension = ascension_of(c, s);
  return b;
}

// Pmf::map and Pmf::combine with a dense accumulator instead of an ordered
// map: the same sums in the same order (so the same law), at a fraction of the
// cost for the small ranges of an attack. Large products go to Pmf::combine,
// which bounds the work.
constexpr std::size_t dense_limit = std::size_t{1} << 16;

template <class F>
Pmf dense_combine(const Pmf& a, const Pmf& b, F&& f) {
  if (a.width() * b.width() > dense_limit) return Pmf::combine(a, b, f);
  const auto pa = a.probs(), pb = b.probs();
  std::vector<std::int64_t> out(pa.size() * pb.size());
  std::int64_t lo = INT64_MAX, hi = INT64_MIN;
  for (std::size_t i = 0; i < pa.size(); ++i)
    for (std::size_t j = 0; j < pb.size(); ++j) {
      if (!(pa[i] > 0 && pb[j] > 0)) continue;
      const std::int64_t v = f(a.min() + static_cast<std::int64_t>(i), b.min() + static_cast<std::int64_t>(j));
      out[i * pb.size() + j] = v;
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  if (hi - lo >= static_cast<std::int64_t>(dense_limit)) return Pmf::combine(a, b, f);
  std::vector<double> w(static_cast<std::size_t>(hi - lo + 1), 0.0);
  for (std::size_t i = 0; i < pa.size(); ++i)
    for (std::size_t j = 0; j < pb.size(); ++j)
      if (pa[i] > 0 && pb[j] > 0) w[static_cast<std::size_t>(out[i * pb.size() + j] - lo)] += pa[i] * pb[j];
  return Pmf::from_weights(lo, w);
}

template <class F>
Pmf dense_map(const Pmf& a, F&& f) {
  return dense_combine(a, Pmf::point(0), [&](std::int64_t x, std::int64_t) { return f(x); });
}

}  // namespace

void apply_situation(Combatant& attacker, Combatant& defender, const Situation& s) {
  attacker.buffs.bless = attacker.buffs.bless || s.blessed;
  attacker.weakened = attacker.weakened || s.weakened;
  defender.buffs.hex = defender.buffs.hex || s.hexed;
  defender.buffs.daze = defender.buffs.daze || s.dazed;
  defender.vulnerable = defender.vulnerable || s.vulnerable;
}

MobMoment moment_of(const Combatant& mob, const Situation& s, bool attacking) noexcept {
  MobMoment at;
  at.adjacent = s.adjacent;
  at.hp = mob.current_hp();
  at.pumped = mob.pumped;
  at.raging = mob.raging;
  // GreatCrab.defenseSkill: enemySeen, awake, not paralysed, the attacker its
  // enemy and not invisible; `unseen` stands for the first two.
  at.sees_its_attacker = !attacking && !s.surprised && !s.paralyzed && !s.invisible;
  return at;
}

AttackPlan plan_attack(const Combatant& attacker_spec, const Combatant& defender_spec, const Situation& s) {
  Combatant attacker = attacker_spec;
  Combatant defender = defender_spec;
  apply_situation(attacker, defender, s);
  if (s.focus && !defender.is_hero()) throw Error("focus is the Monk's buff: the defender must be the hero");
  const std::string who =
      attacker.name.empty() ? std::string(attacker.is_hero() ? "hero" : attacker.mob.key) : attacker.name;
  if (s.how == HeroAttack::thrown && !attacker.is_hero())
    throw Error(fmt::format("'{}' cannot throw: only the hero throws weapons", who));
  if (s.magic && attacker.is_hero()) throw Error("the hero casts no spell that rolls to hit (wands never miss)");
  for (const Combatant* c : {&attacker, &defender})
    if (!c->is_hero() && c->mob.depth_scaled && !c->mob.depth)
      throw Error(fmt::format("mob '{}' needs its depth (mob_at_depth) before it fights", c->mob.key));
  // The mobs' stats at this moment: Tengu.attackSkill at range, Goo's at half
  // HP, GnollGuard.damageRoll at range, GreatCrab.defenseSkill, ...
  const MobStats att_now = attacker.is_hero() ? MobStats{} : mob_stats(attacker.mob, moment_of(attacker, s, true));
  const MobStats def_now = defender.is_hero() ? MobStats{} : mob_stats(defender.mob, moment_of(defender, s, false));
  if (s.magic && !attacker.mob.spell) throw Error(fmt::format("mob '{}' has no spell", who));
  if (!s.magic && !attacker.is_hero() && !att_now.damage) throw Error(fmt::format("mob '{}' has no melee attack", who));
  if (s.point_blank < 0 || s.point_blank > 3) throw Error("Point Blank points are 0 to 3");

  AttackPlan p;
  p.magic = s.magic;

  // --- Char.hit -------------------------------------------------------------------
  const Weapon* weapon = attacker.is_hero() ? attack_weapon(*attacker.hero, s.how) : nullptr;
  // Mob.surprisedBy(hero): unaware of her or she is invisible, and her weapon can surprise-attack.
  const bool surprise =
      attacker.is_hero() && surprised_by_hero({.enemy_seen = !s.surprised, .hero_invisible = s.invisible}, true,
                                              can_surprise_attack(*attacker.hero, weapon));
  if (s.surprised && defender.is_hero()) throw Error("the hero is never surprised");
  HitTest t;
  t.accuracy = attacker.is_hero() ? hero_accuracy(*attacker.hero, s.how, s.adjacent, s.point_blank) : att_now.accuracy;
  t.evasion = defender.is_hero()
                  ? hero_evasion(*defender.hero, s.paralyzed)
                  : mob_defense_skill(def_now.evasion, {.surprised = surprise, .paralyzed = s.paralyzed});
  t.attacker = side_buffs(attacker, s);
  t.defender = side_buffs(defender, s);
  t.acc_multi = s.magic ? 2.0f : 1.0f;
  if (s.ferret_tuft >= 0) t.ferret_tuft = s.ferret_tuft;
  t.focus = s.focus;
  t.invisible_attacker = s.invisible && (!attacker.is_hero() || can_surprise_attack(*attacker.hero, weapon));
  p.hit = plan_hit(t);

  p.damage_taken = damage_taken_factor(defender);
  p.vulnerable = defender.vulnerable;
  if (!defender.is_hero()) {
    const std::string& cls = defender.mob.java_class;
    if (cls == "Slime" || cls == "CausticSlime") {
      p.compress = AttackPlan::Compress::slime;
      p.compress_factor = ascension_of(defender, s);
    } else if (cls == "DemonSpawner") {
      p.compress = AttackPlan::Compress::spawner;
    }
  }

  // --- a mob's spell: enemy.damage(round(roll · ascension), spell) -------------------
  if (s.magic) {
    if (defender.champion == Champion::antimagic) p.attacks = false;  // immune to magic
    p.roll = *attacker.mob.spell;
    if (const float a = ascension_of(attacker, s); a != 1) p.factors.push_back(a);
    p.damage_taken = damage_taken_factor(defender);
    return p;
  }

  // --- the defender's Char.drRoll --------------------------------------------------
  p.armor.push_back({Primitive::normal(0, 0), 0, false});  // Barkskin's NormalIntRange(0, 0), always drawn
  if (defender.is_hero()) {
    const HeroArmorRoll r = hero_armor_roll(*defender.hero);
    if (r.armor) p.armor.push_back({*r.armor, r.armor_penalty, true});
    if (r.block) p.armor.push_back({*r.block, r.block_penalty, true});
  } else {
    const Mob& m = defender.mob;
    // Mob.drRoll overrides add NormalIntRange(0, X); a mob without armour keeps Char.drRoll.
    if (m.dr_max > 0) p.armor.push_back({Primitive::normal(0, static_cast<std::int32_t>(m.dr_max)), 0, false});
    for (const auto& [lo, hi] : m.dr_extra) p.armor.push_back({Primitive::normal(lo, hi), 0, false});
    p.armor_const = m.dr_const;
  }
  p.armor_factor = ascension_of(defender, s);
  // Char.attack: the Sniper's thrown and bow attacks ignore armour at range.
  p.armor_ignored = attacker.is_hero() && attacker.hero->subclass == SubClass::sniper && weapon &&
                    weapon->kind != WeaponKind::melee && !s.adjacent;

  // --- the damage roll ------------------------------------------------------------------
  if (attacker.is_hero()) {
    const Hero& h = *attacker.hero;
    p.hero_roll = true;
    if (!weapon) {
      // Hero.damageRoll unarmed: heroDamageIntRange(1, max(STR − 8, 1)).
      if (h.ring_force != 0) throw Error("the Ring of Force's unarmed damage is not modelled");
      p.roll = Primitive::normal(1, std::max(h.str - 8, 1));
    } else {
      auto lo = static_cast<std::int32_t>(weapon->min);
      const auto hi = static_cast<std::int32_t>(weapon->max);
      // Sneak weapons against a surprised mob: min + round((max − min)·f).
      if (surprise && weapon->sneak)
        lo += static_cast<std::int32_t>(java_round(static_cast<float>(hi - lo) * *weapon->sneak));
      p.roll = Primitive::normal(lo, hi);
      p.augment = damage_factor(weapon->augment);
      if (const int ex = h.str - weapon->str; ex > 0) p.excess = Primitive::normal(0, ex);
      if (weapon->kind == WeaponKind::melee) p.flat = h.ring_force;
    }
    // Berserk.damageFactor: ×min(1.5f, 1 + power/2f).
    if (h.subclass == SubClass::berserker && h.rage > 0) p.factors.push_back(std::min(1.5f, 1.0f + h.rage / 2.0f));
  } else {
    p.roll = *att_now.damage;
  }
  if (const float f = damage_factor(attacker); f != 1) p.factors.push_back(f);
  if (const float a = ascension_of(attacker, s); a != 1) p.factors.push_back(a);
  if (attacker.weakened) p.factors.push_back(0.67f);
  return p;
}

namespace {
// Hero.damageRoll or the mob's roll, before Char.attack's multipliers.
Pmf base_damage_pmf(const AttackPlan& p) {
  const Pmf rolled = dense_map(p.roll.pmf(), [&](std::int64_t v) { return p.rolled(v); });
  const Pmf excess = p.excess ? p.excess->pmf() : Pmf::point(0);
  return dense_combine(rolled, excess, [&](std::int64_t r, std::int64_t x) { return p.base_damage(r, x); });
}
}  // namespace

Pmf passed_damage(const AttackPlan& p) {
  return dense_map(base_damage_pmf(p), [&](std::int64_t b) { return p.passed(b); });
}

Outcome exact_outcome(const AttackPlan& p) {
  Outcome o;
  o.p_hit = p.attacks ? hit_chance(p.hit) : 0.0;
  // The armour: each term's law through its own step, summed, then the total.
  Pmf terms = Pmf::point(0);
  for (std::size_t i = 0; i < p.armor.size(); ++i) {
    const Pmf term = dense_map(p.armor[i].roll.pmf(), [&](std::int64_t v) { return p.armor_term(i, v); });
    terms = dense_combine(terms, term, [](std::int64_t x, std::int64_t y) { return x + y; });
  }
  o.armor = p.magic ? Pmf::point(0) : dense_map(terms, [&](std::int64_t v) { return p.armor_total(v); });
  const Pmf base = base_damage_pmf(p);
  o.damage_on_hit =
      p.attacks ? dense_combine(base, o.armor, [&](std::int64_t b, std::int64_t dr) { return p.effective(b, dr); })
                : Pmf::point(0);
  const std::pair<double, Pmf> parts[] = {{1 - o.p_hit, Pmf::point(0)}, {o.p_hit, o.damage_on_hit}};
  o.damage = o.p_hit >= 1 ? o.damage_on_hit : o.p_hit <= 0 ? Pmf::point(0) : Pmf::mixture(parts);
  return o;
}

}  // namespace fray::shattered_pd
