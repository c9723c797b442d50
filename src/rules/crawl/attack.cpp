// DCSS 0.19 combat rules as chains: each builder names the game function it
// follows (attack.cc, melee_attack.cc, ranged_attack.cc, player.cc, monster.cc,
// beam.cc), and the exact reading of a whole attack.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/rules/crawl/attack.hpp>
#include <fray/rules/spec.hpp>
#include <fray/rules/sweep.hpp>
#include <map>

namespace fray::crawl {

namespace {

// form-data.h: each form's unarmed to-hit bonus (unarmed_hit_bonus) and base
// unarmed damage (get_base_unarmed_damage), in Form order.
struct FormData {
  std::string_view name;
  int hit_bonus;
  int damage;
  bool uses_xl;  // the XL stands in for the weapon skill (Wisp, Fungus)
};
constexpr FormData forms[] = {
    {"none", 0, 3, false},        {"spider", 10, 5, false},   {"blade_hands", 12, 8, false}, {"statue", 9, 6, false},
    {"ice_beast", 10, 12, false}, {"dragon", 10, 12, false},  {"lich", 10, 5, false},        {"bat", 12, 1, false},
    {"pig", 0, 3, false},         {"appendage", 0, 3, false}, {"tree", 10, 12, false},       {"porcupine", 0, 3, false},
    {"wisp", 10, 5, true},        {"fungus", 10, 12, true},   {"shadow", 0, 3, false},       {"jelly", 0, 3, false},
};

const FormData& form(Form f) { return forms[static_cast<std::size_t>(f)]; }

// player::skill(sk, scale) from the ×100 level.
i64 skill(int x100, int scale) { return static_cast<i64>(x100) * scale / 100; }

int size_factor(int size) { return 2 * (Medium - size); }

bool is_launcher(const std::optional<WeaponProp>& w) { return w && w->ranged; }

// The monster's melee attack of the spec (attack=N). A catalog monster whose
// mon-data.h row lists no attack (a plant, an eye, an orb, a statue) makes
// none: melee_attack skips its AT_NONE slots, so it can defend but not attack.
// (An inline monster has its one hit of damage=.)
const MonsterAttack& chosen_attack(const Monster& m) {
  if (m.attacks.empty())
    throw Error(fmt::format(
        "crawl: the {} has no melee attack (its mon-data.h row lists none): it can be a defender, not a melee "
        "attacker",
        m.name));
  return m
      .attacks[static_cast<std::size_t>(std::clamp<int>(m.attack_index, 0, static_cast<int>(m.attacks.size()) - 1))];
}

// attack.cc attack::calc_to_hit (player branch) with melee_attack::calc_to_hit
// and ranged_attack's overrides, in the game's order; the armor and shield
// penalties are rolled first, in attack::init_attack.
Chain player_to_hit(const Player& p, const Situation& s) {
  Chain c;
  c.start = 15 + p.dex / 2;
  // init_attack: div_rand_round(1d(ABAP20), 20) and the same for the shield.
  if (const int abap = body_armor_penalty(p, 20); abap > 0) {
    Chain pen;
    pen.add(Prim::roll_dice(1, abap), "armor penalty 1d(ABAP20)").rand_round(1, 20, "armor penalty /20");
    c.add(std::move(pen), "armor penalty", -1);
  }
  if (const int asp = shield_penalty(p, 20); asp > 0) {
    Chain pen;
    pen.add(Prim::roll_dice(1, asp), "shield penalty 1d(ASP20)").rand_round(1, 20, "shield penalty /20");
    c.add(std::move(pen), "shield penalty", -1);
  }
  c.add(Prim::maybe_random_div(p.fighting, 100), "fighting");
  const bool ranged = s.ranged;
  // A thrown missile while wielding a melee weapon rolls that weapon's skill (the
  // 0.19 LRET_BUGGY quirk of ranged_attack); a launcher rolls its own skill; melee with a
  // launcher in hand still counts as using it.
  const bool using_weapon = p.weapon.has_value();
  if (ranged && !p.weapon) {
    c.add(2, "thrown empty-handed");
    c.add(Prim::maybe_random_div(p.throwing, 100), "throwing");
  } else if (using_weapon) {
    if (p.weapon->skill != Skill::fighting) c.add(Prim::maybe_random_div(p.weapon_skill, 100), "weapon skill");
  } else if (form(p.form).uses_xl) {
    c.add(Prim::maybe_random_div(p.xl * 100, 100), "XL (form)");
  } else {
    c.add(p.claws > 0 ? 4 : 2, "unarmed");
    c.add(Prim::maybe_random_div(p.unarmed, 100), "unarmed combat");
  }
  if (using_weapon) {
    const int bonus = p.weapon->magic_staff ? p.weapon->accuracy : p.weapon->accuracy + p.enchant;
    c.add(bonus, "weapon accuracy + enchantment");
  }
  if (p.slaying) c.add(p.slaying, "slaying");
  if (p.starving) c.add(-3, "starving");
  if (p.vertigo) c.add(-5, "vertigo");
  if (p.eyeballs > 0) c.add(2 * p.eyeballs + 1, "eyeballs");
  c.roll(0, "to-hit roll");
  if (p.inaccuracy) c.add(-5 * p.inaccuracy, "inaccuracy");
  if (p.confused) c.add(-5, "confused");
  if (p.woe) return c.set(automatic_hit, "Woe/Sniper: automatic hit");
  if (s.invisible) {
    c.add(-6, "defender unseen");
  } else if (s.backlit) {
    c.add(Prim::random2(8), "backlit", 1, 2);
  } else if (s.umbra) {
    c.add(Prim::random2(4), "umbra", -1, -2);
  }
  if (!ranged && !using_weapon) {
    const int bonus = form(p.form).hit_bonus;
    if (bonus > 0) c.add(Prim::random2(bonus), "form unarmed bonus");
  }
  return c;
}

// melee_attack::calc_mon_to_hit_base / ranged_attack::calc_mon_to_hit_base and
// attack::calc_to_hit (monster branch): every modifier comes before the roll.
Chain monster_to_hit(const Monster& m, const Situation& s) {
  Chain c;
  const bool launched = s.ranged && is_launcher(m.weapon);
  if (s.ranged)
    c.start = 18 + m.hd * (m.archer ? 15 : 9) / 6;
  else
    c.start = 18 + m.hd * (m.fighter ? 25 : 15) / 10;
  const bool weapon_counts = m.weapon && (s.ranged ? launched : (!m.weapon->ranged && chosen_attack(m).uses_weapon));
  if (weapon_counts) c.add(m.enchant + m.weapon->accuracy, "weapon accuracy + enchantment");
  if (m.slaying) c.add(m.slaying, "slaying");
  if (m.inaccuracy) c.add(-5 * m.inaccuracy, "inaccuracy");
  if (m.confused) c.add(-5, "confused");
  if (s.invisible) {
    c.scale(65, 100, "defender unseen ×65/100");
  } else if (s.backlit) {
    c.add(Prim::random2(8), "backlit", 1, 2);
  } else if (s.umbra) {
    c.add(Prim::random2(4), "umbra", -1, -2);
  }
  c.roll(1, "to-hit roll");
  return c;
}

int deflection(const Situation& s) { return s.deflect_missiles ? 2 : s.repel_missiles ? 1 : 0; }

// beam.cc _test_beam_hit: a bolt's deflected to-hit. Piercing bolts:
// Deflect → random2(2h)/3, Repel → random_range((h+1)/2 + 1, h); other bolts
// and all missiles: random2(h / defl).
void add_beam_deflection(Chain& c, int defl, bool pierce) {
  if (defl == 2 && pierce)
    c.scale(2, 1).roll(0, "deflect (piercing) random2(2h)").scale(1, 3);
  else if (defl == 1 && pierce)
    c.upper_half("repel (piercing) random_range((h+1)/2+1, h)");
  else if (defl > 0)
    c.div_roll(defl, "deflection random2(h/defl)");
}

// The size term of a shield's block value: (size − medium)·(subtype − large
// shield), as player_shield_class and monster::shield_bonus both add it.
int shield_size_offset(ShieldKind k) { return k == ShieldKind::buckler ? -2 : k == ShieldKind::shield ? -1 : 0; }

// monster.cc monster::shield_bonus: c = (shield AC + 2·plus)·2 + the size term.
i64 monster_block_value(const Monster& m) {
  if (m.sh_value) return *m.sh_value;
  return (m.shield->ac + 2 * m.shield_enchant) * 2 + (m.size - Medium) * shield_size_offset(m.shield->shield);
}

// attack.cc attack::calc_damage (player branch) with melee_attack's and
// ranged_attack's overrides: player melee and missile damage, before brands.
Chain player_damage(const Player& p, const Situation& s, i64 target_ac, int stab_denom) {
  Chain c;
  const bool ranged = s.ranged;
  const bool launched = ranged && is_launcher(p.weapon);
  const bool using_weapon = ranged ? launched : p.weapon.has_value();
  if (ranged) {
    if (!p.missile) throw Error("crawl: a ranged attack needs missile=NAME on the player");
    c.start = p.missile->damage;
    if (launched) {
      c.add(p.weapon->damage, "launcher damage");
    } else {  // thrown: + div_rand_round(skill_rdiv(throwing) × min(4, dmg), 4)
      Chain bonus;
      bonus.add(Prim::div_rand_round(skill(p.throwing, 256), 256), "throwing skill_rdiv")
          .rand_round(std::min(4, p.missile->damage), 4, "throwing bonus /4");
      c.add(std::move(bonus), "throwing bonus");
    }
  } else if (p.weapon) {
    c.start = p.weapon->damage;
  } else {
    const FormData& f = form(p.form);
    c.start = f.damage;
    if (p.form == Form::blade_hands) c.add(Prim::div_rand_round(p.str + p.dex, 3), "blade hands", 1, 8 - f.damage);
    if (p.form == Form::statue) c.add(Prim::div_rand_round(p.str, 3), "statue", 1, 6 - f.damage);
    if (p.form == Form::dragon) c.add(Prim::div_rand_round(2 * p.str, 3), "dragon", 1, 12 - f.damage);
    if (p.form == Form::none || p.form == Form::shadow) c.add(2 * p.claws, "claws");
    if (f.uses_xl)
      c.add(p.xl, "XL");
    else if (p.form == Form::bat || p.form == Form::porcupine)
      c.add(Prim::div_rand_round(skill(p.unarmed, 256), 5 * 256), "unarmed combat /5");
    else
      c.add(Prim::div_rand_round(skill(p.unarmed, 256), 256), "unarmed combat");
  }
  const int str = p.str + (p.might ? 5 : 0);
  if (str > 10)
    c.mul_div(Term{Prim::random2(str - 10), nullptr, 2, 39}, 39, "strength");
  else if (str < 10)
    c.mul_div(Term{Prim::random2(10 - str), nullptr, -3, 39}, 39, "strength");
  c.roll(1, "damage roll");
  if (using_weapon) c.mul_div(Term{Prim::random2(p.weapon_skill + 1), nullptr, 1, 2500}, 2500, "weapon skill");
  c.mul_div(Term{Prim::random2(p.fighting + 1), nullptr, 1, 3000}, 3000, "fighting");
  if (p.might) c.add(Prim::random2(10), "might", 1, 1);
  if (p.starving) c.add(Prim::random2(5), "starving", -1);
  const bool plus_counts = using_weapon && !p.weapon->magic_staff && !p.weapon->blowgun;
  const int plus = (plus_counts ? p.enchant : 0) + p.slaying;
  if (plus >= 0)
    c.add(Prim::random2(1 + plus), "enchantment + slaying");
  else
    c.add(Prim::random2(1 - plus), "enchantment + slaying", -1);
  i64 stab_skill = 0;
  if (stab_denom > 0) {
    stab_skill = skill(p.weapon_skill, 50) + skill(p.stealth, 50);
    c.at_least(1);
    // attack::player_stab_weapon_bonus: short blades add a dex term (doubled for a dagger).
    const bool good_stabber = p.weapon && p.weapon->skill == Skill::short_blades;
    if (good_stabber) {
      c.add(stepdown_value(p.dex * (stab_skill + 100) / (p.weapon->dagger ? 500 : 1000), 10, 10, 30),
            "stab (short blade)");
      c.mul_div(Term{Prim::div_rand_round(stab_skill, 100 * stab_denom), nullptr, 1, 10}, 10, "stab ×(10+s)/10");
    }
    c.mul_div(Term{Prim::div_rand_round(stab_skill, 100 * stab_denom), nullptr, 1, 12}, 12, "stab ×(12+s)/12");
  }
  if (!ranged && !p.weapon && p.form == Form::statue) c.rand_round(3, 2, "statue ×3/2");
  if (!ranged && !p.weapon && p.form == Form::shadow) c.rand_round(1, 2, "shadow /2");
  if (p.weak) c.rand_round(3, 4, "weak ×3/4");
  // actor::apply_ac: d − random2(1 + max(0, AC − stab_bypass)); monsters have no GDR.
  if (stab_denom > 0) {
    Chain bypass_roll;
    bypass_roll.add(Prim::div_rand_round(stab_skill, 100 * stab_denom), "stab bypass").roll(0, "stab bypass roll");
    Chain ac;
    ac.start = target_ac;
    ac.add(std::move(bypass_roll), "stab bypass", -1).at_least(0).roll(1, "AC roll");
    c.sub_clamp(Term{Prim{}, std::make_shared<const Chain>(std::move(ac)), 1, 0}, "AC");
  } else {
    c.sub_clamp(Term{Prim::random2(1 + std::max<i64>(0, target_ac)), nullptr, 1, 0}, "AC");
  }
  return c;
}

// attack.cc attack::calc_damage (monster branch) with
// melee_attack::apply_damage_modifiers and the player's actor::apply_ac.
Chain monster_damage(const Monster& m, const MonsterAttack& a, bool defender_asleep, i64 ac, i64 gdr) {
  Chain c;
  i64 dmax = 0;
  if (m.weapon && !m.weapon->ranged && a.uses_weapon) {
    dmax = m.weapon->damage;
    c.add(Prim::random2(dmax), "weapon damage");
    const int p = (m.weapon->magic_staff ? 0 : m.enchant) + m.slaying;
    if (p >= 0)
      c.add(Prim::random2(p), "enchantment + slaying");  // random2(p): a +1 weapon adds nothing
    else
      c.add(Prim::random2(1 - p), "enchantment + slaying", -1);
    c.add(Prim::random2(3), "weapon -(1+random2(3))", -1, -1);
  }
  dmax += a.damage;
  c.add(Prim::random2(a.damage), "attack damage", 1, 1);
  if (defender_asleep) c.scale(5, 2, "defender asleep ×5/2");
  // saved = max(random2(1 + AC), min(GDR·dmax/100, AC/2)).
  Chain saved;
  saved.add(Prim::random2(1 + std::max<i64>(0, ac)), "AC roll").at_least(std::min(gdr * dmax / 100, ac / 2));
  c.sub_clamp(Term{Prim{}, std::make_shared<const Chain>(std::move(saved)), 1, 0}, "AC");
  return c;
}

}  // namespace

// --- player.cc player EV -----------------------------------------------------------------------

int body_armor_penalty(const Player& p, int scale) {
  if (!p.body) return 0;
  const i64 b = std::max(0, -p.body->ev_penalty / 10);
  const i64 str = p.str;
  return static_cast<int>(2 * b * b * (450 - skill(p.armor_skill, 10)) * scale / (5 * (str + 3)) / 450);
}

int shield_penalty(const Player& p, int scale) {
  if (!p.shield) return 0;
  const i64 rf = std::max(1, 5 + size_factor(p.size));
  const i64 raw = -p.shield->ev_penalty;
  return static_cast<int>(std::max<i64>(0, (raw * scale - (skill(p.shields, scale) / rf) * 10) / 10));
}

int player_ev(const Player& p, bool helpless) {
  const i64 sc = 100;
  const i64 sf = size_factor(p.size);
  if (helpless) return static_cast<int>(std::max<i64>(1, 2 + sf / 2));
  const i64 ev_dex = stepdown(p.dex, 18, Rounding::Close, 125);
  i64 dodge = (70 + skill(p.dodging, 10) * ev_dex) * sc / (20 - sf) / 10;
  const i64 adp = (p.body ? -p.body->ev_penalty / 10 : 0) - 3;
  if (adp > 0) {
    const i64 s = std::max(1, p.str);
    dodge = adp >= s ? dodge * s / (2 * adp) : dodge - dodge * adp / (2 * s);
  }
  const i64 pen = body_armor_penalty(p, static_cast<int>(sc));
  i64 pre = (10 + sf) * sc + dodge - pen - shield_penalty(p, static_cast<int>(sc)) - (p.vertigo ? 5 * sc : 0);
  const i64 post = stepdown_value(pre, 20 * sc, 30 * sc, -1);
  return static_cast<int>((post + sc - 1) / sc);
}

// --- player.cc player_shield_class ----------------------------------------------------------------

int player_sh(const Player& p) {
  if (p.sh) return *p.sh;
  if (!p.shield) return 0;
  const ShieldKind kind = p.shield->shield;
  const i64 base = p.shield->ac * 2 + (p.size - Medium) * shield_size_offset(kind);
  const i64 sh = p.shields / 100;  // the whole skill level
  i64 s = 50 * base + base * sh * 5 / 2 + 200 * p.shield_enchant + 38 * sh + std::min<i64>(38 * sh, 114);
  const i64 stat = kind == ShieldKind::buckler        ? 38 * p.dex
                   : kind == ShieldKind::large_shield ? 12 * p.dex + 26 * p.str
                                                      : 19 * p.dex + 19 * p.str;
  s += stat * (base + 13) / 26;
  return static_cast<int>((s + 50) / 100);
}

// --- player.cc player::base_ac and player::gdr_perc ----------------------------------------------

int player_ac(const Player& p) {
  if (p.ac) return *p.ac;
  if (!p.body) return 0;
  const i64 ac100 = static_cast<i64>(p.body->ac) * 100 * (440 + skill(p.armor_skill, 20)) / 440;
  return static_cast<int>(ac100 / 100);
}

int player_gdr(const Player& p) {
  if (!p.body) return 0;
  return static_cast<int>(14 * std::sqrt(std::max(0.0, static_cast<double>(p.body->ac - 2))));
}

// --- monster.cc monster::evasion -----------------------------------------------------------------

int monster_ev(const Monster& m, const Situation& s) {
  i64 ev = m.ev;
  if (!m.ev_given && m.shield) ev += m.shield->ev_penalty / 10 / 2;
  if (s.paralyzed || s.petrified || s.sleeping) return 0;
  if (s.caught)
    ev /= (m.size + 2);
  else if (m.confused)
    ev /= 2;
  return static_cast<int>(std::max<i64>(ev, 0));
}

MonsterTime monster_time(const Monster& m, bool ranged) {
  // monster::attack_delay: (random_var(10) + PWPN_SPEED) / 2 for the item
  // monster::weapon() gives (the main hand's, when attack 0 is AT_HIT or
  // AT_WEAP_ONLY) or a launched missile's launcher; 10 otherwise. Speed-brand
  // weapons (×2/3) are not modelled.
  const bool weapon = ranged ? is_launcher(m.weapon) : m.weapon && !m.attacks.empty() && m.attacks[0].uses_weapon;
  MonsterTime t{m.name, ranged, ranged ? m.energy.missile : m.energy.attack, 10, m.speed};
  if (weapon) {
    t.delay = (10 + m.weapon->base_delay) / 2;
    t.delay_source = fmt::format("the {}'s (10 + {}) / 2", m.weapon->name, m.weapon->base_delay);
  }
  return t;
}

Pmf monster_action_cost(const Monster& m, bool ranged) {
  const MonsterTime t = monster_time(m, ranged);
  return action_cost(t.energy, t.delay);
}

namespace {

// player-act.cc player::attack_delay's shield term:
// div_rand_round(min(roll_dice(1, P), roll_dice(1, P)), 20), P =
// adjusted_shield_penalty(20); 0 without a penalty.
Pmf delay_shield_pmf(const Player& p) {
  const i64 pen = shield_penalty(p, 20);
  if (pen <= 0) return Pmf::point(0);
  std::map<i64, double> acc;
  const double n2 = static_cast<double>(pen) * static_cast<double>(pen);
  for (i64 k = 1; k <= pen; ++k) {
    // P(min of two 1dP = k) = ((P − k + 1)² − (P − k)²) / P².
    const double pk = static_cast<double>((pen - k + 1) * (pen - k + 1) - (pen - k) * (pen - k)) / n2;
    for (const auto& [v, q] : div_rand_round_pmf(k, 20).items()) acc[v] += pk * q;
  }
  return Pmf::from_map(acc);
}

}  // namespace

Pmf player_attack_delay_pmf(const Player& p, bool ranged) {
  // player-act.cc player::attack_delay (0.19), the branches in its order:
  // a thrown missile (is_launched gives LRET_THROWN: no launcher in hand)
  // 10 + damage/2 − div_rand_round(throwing×10, 20), at least
  // FASTEST_PLAYER_THROWING_SPEED (7); empty hands 10 − div_rand_round(x, 54),
  // x the Unarmed Combat ×10 (XL ×10 in the Wisp and Fungus forms), ×3/5 in
  // Bat form (div_rand_round); a weapon that fits the attack (a melee weapon in
  // melee, a launcher firing) its delay − div_rand_round(min(skill×10,
  // 10×mindelay_skill), 20); anything else (a launcher swung in melee) 15.
  // Then at least 3, plus the shield's div_rand_round(min(1d P, 1d P), 20).
  Pmf d;
  if (ranged && !is_launcher(p.weapon)) {
    const i64 base = 10 + (p.missile ? p.missile->damage : 0) / 2;
    d = Pmf::point(base) - div_rand_round_pmf(skill(p.throwing, 10), 20);
    d = d.map([](i64 v) { return std::max<i64>(v, 7); });
  } else if (!p.weapon) {
    const i64 x = form(p.form).uses_xl ? static_cast<i64>(p.xl) * 10 : skill(p.unarmed, 10);
    d = Pmf::point(10) - div_rand_round_pmf(x, 54);
    if (p.form == Form::bat && !ranged) {
      std::map<i64, double> acc;
      for (const auto& [v, q] : d.items())
        for (const auto& [w, r] : div_rand_round_pmf(v * 3, 5).items()) acc[w] += q * r;
      d = Pmf::from_map(acc);
    }
  } else if (ranged || !p.weapon->ranged) {
    const i64 x = std::min<i64>(skill(p.weapon_skill, 10), 10 * p.weapon->min_delay_skill);
    d = Pmf::point(p.weapon->base_delay) - div_rand_round_pmf(x, 20);
  } else {
    d = Pmf::point(15);
  }
  d = d.map([](i64 v) { return std::max<i64>(v, 3); });
  return d + delay_shield_pmf(p);
}

std::vector<std::pair<double, double>> attack_delays(const Combatant& c, bool ranged) {
  if (std::holds_alternative<Bolt>(c)) return {{10.0, 1.0}};
  if (const auto* m = std::get_if<Monster>(&c)) return action_times(monster_action_cost(*m, ranged), m->speed);
  std::vector<std::pair<double, double>> out;
  for (const auto& [delay, q] : player_attack_delay_pmf(std::get<Player>(c), ranged).items())
    if (q > 0) out.emplace_back(static_cast<double>(delay), q);
  return out;
}

double attack_delay(const Combatant& c, bool ranged) {
  double mean = 0;
  for (const auto& [t, p] : attack_delays(c, ranged)) mean += t * p;
  return mean;
}

// --- the plan --------------------------------------------------------------------------------

namespace {

// beam.cc _test_beam_hit, bolt::misses_player, bolt::affect_monster and
// bolt::attempt_block: a bolt against the player or a monster.
AttackPlan beam_plan(const Bolt& b, const Combatant& defender, const Situation& s) {
  const Player* pd = std::get_if<Player>(&defender);
  const Monster* md = std::get_if<Monster>(&defender);
  if (!pd && !md) throw Error("crawl: a bolt cannot attack a bolt");
  AttackPlan out;
  out.player_defender = pd != nullptr;
  out.band = false;
  out.block_strict = true;
  const i64 h = b.hit;
  out.to_hit.start = h;
  if (h < automatic_hit) {
    if (s.invisible) out.to_hit.scale(1, 2, "defender unseen /2");
    if (s.backlit)
      out.to_hit.add(Prim::random2(8), "backlit", 1, 2);
    else if (s.umbra)
      out.to_hit.add(Prim::random2(4), "umbra", -1, -2);
    add_beam_deflection(out.to_hit, deflection(s), b.pierce);
    out.to_hit.roll(0, "bolt to-hit roll");
  }
  // EV: random2avg(EV, 2) for the player; random2avg(random2(EV), 2) for a monster.
  if (pd) {
    const i64 ev = pd->ev ? *pd->ev : player_ev(*pd, s.paralyzed || s.petrified);
    out.ev.add(Prim::random2avg(ev, 2), "EV roll");
  } else {
    out.ev.start = monster_ev(*md, s);
    out.ev.roll(0, "EV roll").avg2("EV roll (averaged)");
  }
  // attempt_block with the original hit: random2(hit·130/100 + k·blocks²) < shield_bonus.
  const bool incapacitated =
      s.sleeping || s.paralyzed || s.petrified || s.caught || (pd && pd->confused) || (md && md->confused);
  out.bypass_base = h * 130 / 100;
  if (!incapacitated) {
    if (pd && player_sh(*pd) > 0) {
      out.can_block = true;
      out.shield_bonus.add(Prim::random2avg(2 * player_sh(*pd), 2), "block: shield bonus (pro)").scale(1, 3).add(-1);
      out.block_penalty = 5 * s.blocks * s.blocks;
    } else if (md && (md->shield || md->sh_value)) {
      out.can_block = true;
      out.shield_bonus.add(Prim::random2avg(monster_block_value(*md) + md->hd * 4 / 3, 2), "block: shield bonus (pro)")
          .scale(1, 2);
      out.block_penalty = 4 * s.blocks * s.blocks;
    }
  }
  out.damage_modeled = false;
  out.damage_note = "bolt damage is not modeled";
  return out;
}

}  // namespace

AttackPlan plan_attack(const Combatant& attacker, const Combatant& defender, const Situation& s) {
  if (const auto* b = std::get_if<Bolt>(&attacker)) return beam_plan(*b, defender, s);
  if (std::holds_alternative<Bolt>(defender)) throw Error("crawl: a bolt cannot be attacked");
  AttackPlan out;
  const Player* pa = std::get_if<Player>(&attacker);
  const Monster* ma = std::get_if<Monster>(&attacker);
  const Player* pd = std::get_if<Player>(&defender);
  const Monster* md = std::get_if<Monster>(&defender);
  if (pa && pd) throw Error("crawl: a player cannot attack a player; one side must be a monster");
  out.player_attacker = pa != nullptr;
  out.player_defender = pd != nullptr;
  if (pa && pa->weapon && pa->weapon->ranged && !s.ranged)
    throw Error(fmt::format("crawl: the player's {} is a launcher; add --situation ranged (and missile=NAME)",
                            pa->weapon->name));
  const int defl = s.ranged ? deflection(s) : 0;

  // To-hit, then missile deflection (ranged_attack::attack: random2(to_hit / defl)).
  out.to_hit = pa ? player_to_hit(*pa, s) : monster_to_hit(*ma, s);
  if (defl > 0 && !(pa && pa->woe)) out.to_hit.div_roll(defl, defl == 2 ? "deflect missiles" : "repel missiles");

  // EV (attack::test_hit's defender EV): randomized as random2avg(2·EV, 2) when a monster attacks.
  i64 ev = 0;
  if (pd) {
    const bool helpless = s.paralyzed || s.petrified;
    ev = pd->ev ? *pd->ev : player_ev(*pd, helpless) - (s.attacker_invisible ? 10 : 0);
  } else {
    ev = monster_ev(*md, s);
  }
  out.ev.start = 0;
  if (ma)
    out.ev.add(Prim::random2avg(2 * ev, 2), "EV roll");
  else
    out.ev.start = ev;

  // attack::attack_shield_blocked: incapacitated defenders never block.
  const bool incapacitated =
      s.sleeping || s.paralyzed || s.petrified || s.caught || (pd && pd->confused) || (md && md->confused);
  out.bypass_base = pa ? 15 : 15 + ma->hd * 2 / 3;
  out.bypass_uses_to_hit = pa != nullptr;
  if (!incapacitated) {
    if (pd) {
      const int sh = player_sh(*pd);
      if (sh > 0) {
        out.can_block = true;
        out.shield_bonus.add(Prim::random2avg(2 * sh, 2), "block: shield bonus (pro)").scale(1, 3).add(-1);
        out.block_penalty = 5 * s.blocks * s.blocks;
      }
    } else if (md->shield || md->sh_value) {
      const i64 c = monster_block_value(*md);
      out.can_block = true;
      out.shield_bonus.add(Prim::random2avg(c + md->hd * 4 / 3, 2), "block: shield bonus (pro)").scale(1, 2);
      out.block_penalty = 4 * s.blocks * s.blocks;
    }
    if (out.can_block && s.attacker_invisible) out.shield_bonus.scale(1, 3, "attacker unseen /3");
  }

  // attack::player_stab_check with fight.cc find_stab_type / stab_bonus_denom: player melee only.
  const bool may_stab = pa && !s.ranged && !pa->confused && !s.invisible && md;
  if (may_stab) {
    if (s.sleeping || s.paralyzed || s.petrified) {
      out.stab_denom = 1;
    } else if (s.caught || s.unaware || s.fleeing || s.attacker_invisible || md->confused) {
      out.stab_denom = 4;
      const int wskill = pa->weapon ? pa->weapon_skill : form(pa->form).uses_xl ? pa->fighting : pa->unarmed;
      out.stab_roll.start = pa->dex + 1;
      out.stab_roll.add(Prim::div_rand_round(skill(wskill, 256), 512), "stab chance: weapon skill/2")
          .add(Prim::div_rand_round(skill(pa->stealth, 256), 512), "stab chance: stealth/2");
    }
  }

  // Damage (attack::calc_damage).
  if (pa) {
    out.damage = player_damage(*pa, s, md->ac, 0);
    if (out.stab_denom > 0) out.stab_damage = player_damage(*pa, s, md->ac, out.stab_denom);
  } else if (s.ranged) {
    out.damage_modeled = false;
    out.damage_note = "monster missile damage is not modeled";
  } else {
    const i64 ac = pd ? player_ac(*pd) : md->ac;
    const i64 gdr = pd && !pd->ac ? player_gdr(*pd) : 0;
    out.damage = monster_damage(*ma, chosen_attack(*ma), s.sleeping, ac, gdr);
  }
  return out;
}

// --- the exact reading of a plan ----------------------------------------------------------------

std::string_view kind_name(Kind k) noexcept {
  switch (k) {
    case Kind::miss:
      return "miss";
    case Kind::block:
      return "block";
    case Kind::hit:
      return "hit";
    case Kind::stab:
      return "stab";
  }
  return "?";
}

namespace {

// One path through resolve(): the answer to each test it asks (-1: not asked)
// and the kind it ends in.
struct Path {
  std::array<int, 3> answer{-1, -1, -1};
  Kind kind = Kind::miss;
};

// Every path through resolve(), found by asking it with the answers fixed so
// far and branching on the first test it asks that is not fixed yet.
const std::vector<Path>& resolve_paths() {
  static const std::vector<Path> paths = [] {
    std::vector<Path> done, open{Path{}};
    while (!open.empty()) {
      Path path = open.back();
      open.pop_back();
      std::optional<Test> unfixed;
      path.kind = resolve([&](Test t) {
        const int a = path.answer[static_cast<std::size_t>(t)];
        if (a < 0 && !unfixed) unfixed = t;
        return a == 1;
      });
      if (!unfixed) {
        done.push_back(path);
        continue;
      }
      for (int a : {0, 1}) {
        Path next = path;
        next.answer[static_cast<std::size_t>(*unfixed)] = a;
        open.push_back(next);
      }
    }
    return done;
  }();
  return paths;
}

}  // namespace

Outcome exact_outcome(const AttackPlan& p) {
  Outcome o;
  o.to_hit = p.to_hit.exact();
  o.ev = p.ev.exact();
  // P(EV <= t) as a table over EV's support.
  std::vector<double> ev_cdf(o.ev.width());
  {
    double run = 0;
    for (std::size_t i = 0; i < ev_cdf.size(); ++i) ev_cdf[i] = (run += o.ev.probs()[i]);
  }
  auto ev_at_most = [&](i64 t) {
    if (t < o.ev.min()) return 0.0;
    if (t >= o.ev.max()) return 1.0;
    return ev_cdf[static_cast<std::size_t>(t - o.ev.min())];
  };
  // P(test_hit(t, EV, band)): only a comparison reads the EV, and then hits iff EV <= t.
  auto p_test_hit = [&](i64 t, Band band) {
    if (t >= automatic_hit || band != Band::compare) return test_hit(t, 0, band) ? 1.0 : 0.0;
    return ev_at_most(t);
  };
  // P(blocks(pro, random2(n))) depends on the to-hit only through n = bypass(t); cached by n.
  const auto pro = p.can_block ? p.shield_bonus.exact().items() : std::vector<std::pair<i64, double>>{};
  std::vector<double> block_by_n;
  auto p_block = [&](i64 t) {
    if (!p.can_block) return 0.0;
    const i64 n = std::max<i64>(1, p.bypass(t));
    if (static_cast<std::size_t>(n) >= block_by_n.size()) block_by_n.resize(static_cast<std::size_t>(n) + 1, -1.0);
    double& cached = block_by_n[static_cast<std::size_t>(n)];
    if (cached < 0) {
      // con is 0 when n <= 1, else uniform on 0..n-1: P(con <= v) for >=, P(con <= v − 1) for the strict test.
      cached = 0;
      for (const auto& [v, pv] : pro) {
        const i64 top = p.block_strict ? v - 1 : v;
        const double pc = n <= 1 ? (blocks(v, 0, p.block_strict) ? 1 : 0)
                                 : std::clamp(static_cast<double>(top + 1) / static_cast<double>(n), 0.0, 1.0);
        cached += pv * pc;
      }
    }
    return cached;
  };
  // P(stab): the stab roll does not depend on the to-hit.
  double ps = 0;
  if (p.stab_denom == 1) ps = 1;
  if (p.stab_denom == 4) ps = p.stab_roll.exact().expect([](i64 v) { return x_chance_in_y_p(v, 100); });

  // Each path of resolve(): the stab's answer times, when the path asks the
  // to-hit tests, the sum over the to-hit of P(t)·P(their answers | t) (block
  // and hit are independent given t). A path that asks neither weighs 1 there.
  const auto& paths = resolve_paths();
  std::vector<double> given_to_hit(paths.size(), 0.0);
  const auto to_hit = o.to_hit.items();
  for (const auto& [t, pt] : to_hit) {
    double ph = 0;
    if (!p.band || t >= automatic_hit) {
      ph = p_test_hit(t, Band::compare);
    } else {
      for (const auto& [band, pb] : kBand) ph += pb * p_test_hit(t, band);
    }
    const double pb = p_block(t);
    for (std::size_t i = 0; i < paths.size(); ++i) {
      const auto& a = paths[i].answer;
      double w = pt;
      if (a[static_cast<std::size_t>(Test::hit)] >= 0) w *= a[static_cast<std::size_t>(Test::hit)] ? ph : 1 - ph;
      if (a[static_cast<std::size_t>(Test::block)] >= 0) w *= a[static_cast<std::size_t>(Test::block)] ? pb : 1 - pb;
      given_to_hit[i] += w;
    }
  }
  for (std::size_t i = 0; i < paths.size(); ++i) {
    const auto& a = paths[i].answer;
    const bool reads_to_hit =
        a[static_cast<std::size_t>(Test::hit)] >= 0 || a[static_cast<std::size_t>(Test::block)] >= 0;
    double w = reads_to_hit ? given_to_hit[i] : 1.0;
    if (a[static_cast<std::size_t>(Test::stab)] >= 0) w = (a[static_cast<std::size_t>(Test::stab)] ? ps : 1 - ps) * w;
    o.p_kind[static_cast<std::size_t>(paths[i].kind)] += w;
  }
  o.p_hit = 0;
  for (Kind k : kKinds)
    if (lands(k)) o.p_hit += o.p(k);

  // Damage: nothing for a miss or a block; each landing kind's own chain.
  std::vector<std::pair<double, Pmf>> landed;
  for (Kind k : kKinds)
    if (lands(k) && o.p(k) > 0) landed.emplace_back(o.p(k), p.damage_modeled ? p.damage_of(k).exact() : Pmf::point(0));
  if (landed.empty()) {
    o.damage_on_hit = Pmf::point(0);
  } else if (landed.size() == 1) {
    o.damage_on_hit = landed.front().second;
  } else {
    o.damage_on_hit = Pmf::mixture(landed);
  }
  std::vector<std::pair<double, Pmf>> parts;
  if (1 - o.p_hit > 0) parts.emplace_back(1 - o.p_hit, Pmf::point(0));
  for (auto& part : landed) parts.push_back(std::move(part));
  o.damage = Pmf::mixture(parts);
  return o;
}

// --- beam.cc _test_beam_hit ------------------------------------------------------------------------

double beam_hit_probability(i64 hit, i64 ev, int defl, bool pierce) {
  Player target;
  target.ev = static_cast<int>(ev);
  Situation s;
  s.deflect_missiles = defl == 2;
  s.repel_missiles = defl == 1;
  return exact_outcome(plan_attack(Bolt{static_cast<int>(hit), pierce}, target, s)).p_hit;
}

// --- sweeps ----------------------------------------------------------------------------------------

Table sweep(const Combatant& attacker, const Combatant& defender, const Situation& s, std::string_view stat,
            double from, double to, double step) {
  const auto* p = std::get_if<Player>(&attacker);
  if (!p) throw Error("crawl sweep: the attacker must be the player");
  enum class Stat { fighting, weapon_skill, dex };
  const std::string known[] = {"fighting", "weapon_skill", "dex"};
  const auto found = std::find(std::begin(known), std::end(known), stat);
  if (found == std::end(known))
    throw Error(
        fmt::format("crawl sweep: cannot sweep '{}'{} (fighting, weapon_skill, dex)", stat, did_you_mean(stat, known)));
  const auto which = static_cast<Stat>(found - std::begin(known));
  if (!(step > 0)) throw Error("crawl sweep: --step must be positive");
  const double lo = 0, hi = which == Stat::dex ? 99 : 27;
  if (!(from >= lo && to <= hi && from <= to))
    throw Error(fmt::format("crawl sweep: {} from {} to {} is outside {}..{} or reversed", stat, from, to, lo, hi));
  if (which == Stat::dex && (from < 1 || std::floor(from) != from || std::floor(step) != step))
    throw Error("crawl sweep: dex takes whole values from 1");
  // Counted values (rules/sweep.hpp), however small the step.
  const std::vector<double> values = sweep_values(from, to, step, kMaxSkillSweepRows);
  Table t;
  t.title =
      fmt::format("DCSS 0.19: {} attacks {} as {} rises", combatant_name(attacker), combatant_name(defender), stat);
  t.columns = {{"value", std::string(stat)}, {"p_hit", "P(hit)"}, {"mean_damage", "mean damage"}};
  for (const double v : values) {
    Player q = *p;
    switch (which) {
      case Stat::fighting:
        q.fighting = static_cast<int>(std::lround(v * 100));
        break;
      case Stat::weapon_skill:
        q.weapon_skill = static_cast<int>(std::lround(v * 100));
        break;
      case Stat::dex:
        q.dex = static_cast<int>(std::lround(v));
        break;
    }
    const Outcome o = exact_outcome(plan_attack(q, defender, s));
    t.rows.push_back({Value{v}, Value{o.p_hit}, Value{o.damage.mean()}});
  }
  t.notes.push_back("each row is exact: P(hit) counts hits and stabs; mean damage is per attack, a miss or block as 0");
  return t;
}

}  // namespace fray::crawl
