// DCSS 0.34.1 attacks as plans of rule chains: to-hit, EV, blocks, stabs, damage.
#include <fmt/format.h>

#include <algorithm>
#include <fray/core/error.hpp>
#include <fray/rules/crawl_0_34/attack.hpp>

namespace fray::crawl_0_34 {

namespace {

// DCSS 0.34 attack.cc attack::calc_damage: the weapon's plus and slaying
// `p`, random2(1 + p) added when positive, random2(1 − p) taken when negative.
void add_plus(Chain& c, i64 p) {
  if (p > 0)
    c.add(Prim::random2(1 + p), "enchantment + slaying");
  else if (p < 0)
    c.add(Prim::random2(1 - p), "enchantment + slaying", -1);
}

// The attack of a monster that adds its wielded weapon (mon-util.cc: AT_HIT and AT_WEAP_ONLY).
bool uses_weapon(const MonsterAttack& a) { return a.type == "AT_HIT" || a.type == "AT_WEAP_ONLY"; }

// The monster's melee attack of the spec (attack=N). A monster whose
// dat/mons file lists no attack (a plant, an orb, a statue) makes none: the
// game's melee_attack skips its AT_NONE slots, so it can defend but not attack.
const MonsterAttack& chosen_attack(const Creature& m) {
  if (m.attacks.empty())
    throw Error(
        fmt::format("crawl-0.34: the {} has no melee attack (its dat/mons file lists none): it can be a "
                    "defender, not a melee attacker",
                    m.name));
  const int i = std::clamp<int>(m.attack_index, 0, static_cast<int>(m.attacks.size()) - 1);
  return m.attacks[static_cast<std::size_t>(i)];
}

// The skill (×100) a player's attack rolls: the weapon's, Throwing for a thrown
// missile, Unarmed Combat empty-handed.
int attack_skill(const Player& p, bool ranged) {
  if (p.weapon) return p.weapon_skill;
  return ranged ? p.throwing : p.unarmed;
}

// The lighting and visibility terms after the roll, shared by player and
// monster attacks (DCSS 0.34 attack.cc attack::post_roll_to_hit_modifiers).
void add_visibility(Chain& c, const Situation& s) {
  if (s.backlit) c.add(5, "defender backlit +5");
  if (s.umbra) c.add(-3, "defender in umbra -3");
}

// DCSS 0.34 attack.cc calc_pre_roll_to_hit and post_roll_to_hit_modifiers, player branch.
Chain player_to_hit(const Player& p, const Situation& s) {
  Chain c;
  if (p.woe) {  // Woe and Sniper: AUTOMATIC_HIT before anything is drawn
    c.start = automatic_hit;
    return c;
  }
  c.start = 15 + p.dex / 2;
  c.add(Prim::maybe_random_div(p.fighting, 100), "fighting");
  if (s.ranged && !p.weapon) {
    // A thrown missile: the Throwing roll only (missiles are not OBJ_WEAPONS).
    c.add(Prim::maybe_random_div(p.throwing, 100), "throwing");
  } else if (p.weapon) {
    if (p.weapon->skill != "SK_FIGHTING") c.add(Prim::maybe_random_div(p.weapon_skill, 100), "weapon skill");
    const int bonus = p.weapon->magic_staff ? p.weapon->accuracy : p.weapon->accuracy + p.enchant;
    if (bonus) c.add(bonus, p.weapon->magic_staff ? "staff accuracy" : "weapon accuracy + enchantment");
  } else {
    c.add(6, "unarmed +6");
    c.add(Prim::maybe_random_div(p.unarmed, 100), "unarmed combat");
  }
  if (p.slaying) c.add(p.slaying, "slaying");
  if (p.vertigo) c.add(-5, "vertigo -5");
  if (p.eyeballs > 0) c.add(2 * p.eyeballs + 1, "eyeballs");
  c.roll(0, "to-hit roll random2(mhit)");
  if (p.inaccuracy) c.add(-5 * p.inaccuracy, "inaccuracy");
  if (p.confused) c.add(-5, "confused -5");
  if (s.invisible)
    c.add(-6, "defender unseen -6");
  else
    add_visibility(c, s);
  return c;
}

// DCSS 0.34 fight.cc mon_to_hit_base, melee_attack / ranged_attack
// calc_mon_to_hit_base, attack::calc_to_hit: every modifier before the roll.
Chain monster_to_hit(const Creature& m, const Situation& s) {
  Chain c;
  const bool skilled = s.ranged ? m.archer : m.fighter;
  c.start = 18 + static_cast<i64>(m.hd) * (skilled ? 5 : 3) / 2;
  const bool weapon_counts =
      m.weapon && (s.ranged ? m.weapon->ranged : (!m.weapon->ranged && uses_weapon(chosen_attack(m))));
  i64 mhit = c.start;
  if (weapon_counts) {
    const int bonus = m.weapon->accuracy + (m.weapon->magic_staff ? 0 : m.enchant);
    mhit += bonus;
    if (bonus) c.add(bonus, "weapon accuracy + enchantment");
  }
  mhit += m.slaying;
  if (m.slaying) c.add(m.slaying, "slaying");
  // post_roll_to_hit_modifiers reads this mhit, before any of its own terms.
  if (m.inaccuracy) c.add(-5 * m.inaccuracy, "inaccuracy");
  if (m.confused) c.add(-5, "confused -5");
  if (s.invisible)
    c.add(-(mhit * 35 / 100), "defender unseen -mhit*35/100");
  else
    add_visibility(c, s);
  c.roll(1, "to-hit roll random2(mhit+1)");
  return c;
}

// DCSS 0.34 attack.cc attack::calc_damage (player branch), fight.cc
// stat_modify_damage, apply_weapon_skill, apply_fighting_skill, and
// attack.cc player_stab_weapon_bonus when `stab_denom` > 0.
Chain player_damage(const Player& p, const Situation& s, int stab_denom, std::size_t* shared = nullptr) {
  Chain c;
  const bool ranged = s.ranged;
  const bool thrown = ranged && !p.weapon;
  std::string skill_name;
  if (p.weapon) {
    c.start = p.weapon->damage;
    // attack::adjusted_weapon_damage (fight.cc brand_adjust_weapon_damage).
    if (p.brand == Brand::heavy) c.rand_round(9, 5, "heavy brand div_rand_round(9 x damage, 5)");
    skill_name = p.weapon->skill;
  } else if (thrown) {
    // ranged_attack::weapon_damage: missile damage + throwing skill × min(4, damage) / 4.
    const i64 dam = p.missile->damage;
    c.start = dam;
    Chain bonus;
    bonus.add(Prim::div_rand_round(player_skill(p.throwing, 256), 256), "throwing skill_rdiv")
        .rand_round(std::min<i64>(4, dam), 4, "throwing bonus x min(4, dam) / 4");
    c.add(std::move(bonus), "throwing bonus");
    skill_name = "SK_THROWING";
  } else {
    // Unarmed: 3 + 2 per level of Claws + skill_rdiv(Unarmed Combat).
    c.start = 3 + 2 * p.claws;
    c.add(Prim::div_rand_round(player_skill(p.unarmed, 256), 256), "unarmed combat skill_rdiv");
    skill_name = "SK_UNARMED_COMBAT";
  }
  const int stat = dex_weapon(skill_name) ? p.dex : p.str;
  c.scale(std::max<i64>(100, 7500 + 250 * static_cast<i64>(stat)), 100,
          dex_weapon(skill_name) ? "dex multiplier (75 + 2.5 dex)%" : "str multiplier (75 + 2.5 str)%");
  c.round_roll(100, "base damage div_round_near(random2(max100 + 1), 100)");
  if (p.weapon || thrown) {
    const int ws = p.weapon ? p.weapon_skill : p.throwing;
    c.mul_div(Term{Prim::random2(ws + 1), nullptr, 1, 2500}, 2500, "weapon skill x(2500 + random2(skill100 + 1))/2500");
  }
  c.mul_div(Term{Prim::random2(p.fighting + 1), nullptr, 1, 3000}, 3000,
            "fighting x(3000 + random2(fighting100 + 1))/3000");
  if (p.might) c.add(Prim::random2(10), "might 1 + random2(10)", 1, 1);
  const i64 plus = (p.weapon && !p.weapon->magic_staff ? p.enchant : 0) + p.slaying;
  add_plus(c, plus);
  if (shared) *shared = c.steps.size();  // a stab's chain differs from here on
  if (stab_denom > 0) {
    c.at_least(1);
    const i64 stabskill = player_skill(attack_skill(p, ranged), 50) + player_skill(p.stealth, 50);
    if (p.weapon && p.weapon->skill == "SK_SHORT_BLADES") {
      const bool dagger = p.weapon->name == "dagger";
      const i64 base = static_cast<i64>(p.dex) * (stabskill + 100) / (dagger ? 500 : 1000);
      if (const i64 bonus = crawl::stepdown_value(base, 10, 10, 30); bonus) c.add(bonus, "short blade stab bonus");
      c.mul_div(Term{Prim::div_rand_round(stabskill, 100 * stab_denom), nullptr, 1, 10}, 10,
                "short blade stab x(10 + skill)/10");
    }
    c.mul_div(Term{Prim::div_rand_round(stabskill, 100 * stab_denom), nullptr, 1, 12}, 12, "stab x(12 + skill)/12");
    Chain flat;
    flat.add(Prim::div_rand_round(stabskill, 200 * stab_denom), "stab flat bonus bound").roll(0, "stab flat bonus");
    c.add(std::move(flat), "stab flat bonus");
  }
  if (p.weak) c.rand_round(3, 4, "weak x3/4");
  return c;
}

// DCSS 0.34 attack.cc attack::calc_damage (monster branch) and
// melee_attack::apply_damage_modifiers: the damage before armour, and dmax.
Chain monster_damage(const Creature& m, bool defender_asleep, i64& dmax) {
  // (defender->asleep() gives any monster attacker a ×5/2 "stab".)
  const MonsterAttack& a = chosen_attack(m);
  Chain c;
  dmax = 0;
  if (m.weapon && !m.weapon->ranged && uses_weapon(a)) {
    dmax = m.weapon->damage;
    c.add(Prim::random2(dmax), "weapon damage random2(dmax)");
    add_plus(c, (m.weapon->magic_staff ? 0 : m.enchant) + m.slaying);
  }
  dmax += a.damage;
  c.add(Prim::random2(a.damage), "attack damage 1 + random2(d)", 1, 1);
  if (defender_asleep) c.scale(5, 2, "defender asleep x5/2");
  return c;
}

// DCSS 0.34 attack.cc attack::calc_damage (monster branch) for a
// ranged_attack, whose weapon is the launcher and whose attack is the
// monster's first (init_attack(0)); ranged_attack::apply_damage_modifiers adds
// an archer's random2avg(archer_bonus_damage(HD), 2) after dmax is fixed.
Chain monster_missile_damage(const Creature& m, i64& dmax) {
  const MonsterAttack& a = m.attacks.empty() ? MonsterAttack{"AT_HIT", "AF_PLAIN", 1} : m.attacks.front();
  Chain c;
  dmax = m.weapon->damage;
  c.add(Prim::random2(dmax), "launcher damage random2(dmax)");
  add_plus(c, m.enchant + m.slaying);
  dmax += a.damage;
  c.add(Prim::random2(a.damage), "attack damage 1 + random2(d)", 1, 1);
  if (m.archer) c.add(Prim::random2avg(static_cast<i64>(m.hd) * 4 / 3, 2), "archer random2avg(HD*4/3, 2)");
  return c;
}

// DCSS 0.34 player::undead_or_demonic: an undead species (dat/species
// undead_type: undead) or a demonspawn; holy wrath does nothing in its hands.
bool undead_or_demonic(const Player& p) {
  if (!p.species) return false;
  const std::string_view k = p.species->key;
  return k == "mummy" || k == "poltergeist" || k == "revenant" || k == "ghoul" || k == "demonspawn";
}

// fight.cc resist_adjust_damage on a monster, as chain steps: level 3 or more
// takes nothing, r > 0 divides by 1 + r·r, r < 0 takes ×15/10.
void add_resist(Chain& c, int res, const std::string& what) {
  if (res >= 3)
    c.set(0, what + " immune");
  else if (res > 0)
    c.scale(1, 1 + static_cast<i64>(res) * res, what + " resisted");
  else if (res < 0)
    c.scale(15, 10, what + " vulnerable x15/10");
}

// The player's weapon brand against a monster (attack::apply_damage_brand);
// none for a brand that adds no damage on the hit.
std::optional<BrandHit> brand_hit(const Player& p, const Creature& m) {
  const crawl::MonsterResists& r = m.resists;
  BrandHit b;
  b.name = std::string(brand_info(p.brand).key);
  switch (p.brand) {
    case Brand::flaming:
    case Brand::freezing:
      b.needs_damage = true;
      b.res = p.brand == Brand::flaming ? r.fire : r.cold;
      return b;
    case Brand::holy_wrath:
      // actor::holy_wrath_susceptible: res_holy_energy < 0, undead or demonic
      // (the profane servitor resists at 3).
      b.amount = BrandHit::Amount::holy_wrath;
      b.needs_damage = true;
      b.affects = !undead_or_demonic(p) && r.undead_or_demonic && m.name != "profane servitor";
      return b;
    case Brand::foul_flame:
      // monster::res_foul_flame: 1 undead or demonic, -1 holy, else 0.
      b.amount = BrandHit::Amount::foul_flame;
      b.needs_damage = true;
      b.res = r.undead_or_demonic ? 1 : r.holy ? -1 : 0;
      return b;
    case Brand::electrocution:
      if (r.elec > 0) return std::nullopt;  // nothing drawn
      b.amount = BrandHit::Amount::electrocution;
      b.gate = BrandHit::Gate::one_in_four;
      return b;
    case Brand::draining:
      // attack::drain_defender: coinflip() on a monster, then natural or plant only.
      b.amount = BrandHit::Amount::draining;
      b.gate = BrandHit::Gate::not_coinflip;
      b.affects = r.natural;
      b.res = r.neg;
      return b;
    default:
      return std::nullopt;
  }
}

bool is_helpless(const Situation& s) { return s.sleeping || s.paralyzed || s.petrified; }

// The defender cannot block (actor::incapacitated): it cannot act, is asleep, confused or caught.
bool incapacitated(const Combatant& d, const Situation& s) {
  const bool confused = d.player() ? d.player()->confused : d.creature() && d.creature()->confused;
  return is_helpless(s) || s.caught || confused;
}

// The player's or a monster's shield roll, and whether its turn's limit is reached.
void add_block(AttackPlan& out, const Combatant& defender, const Situation& s) {
  if (const Player* pd = defender.player()) {
    // player::shield_bonus: random2avg(2·SH, 2)/3 − 1, SH = player_shield_class() random-rounded.
    const i64 sh100 = player_sh100(*pd);
    out.shield_bonus.add(Prim::div_rand_round(sh100, 100), "SH player_shield_class()", 2)
        .avg2("SH roll random2avg(2SH, 2)")
        .scale(1, 3)
        .add(-1);
    out.block_possible = sh100 > 0 && s.blocks < block_limit(pd->shield);
  } else {
    const Creature& md = *defender.creature();
    const i64 cls = monster_shield_class(md);
    out.shield_bonus.add(Prim::random2avg(cls, 2), "SH roll random2avg(shield_class, 2)").scale(1, 2);
    out.zero_is_none = true;
    out.block_possible = cls > 0 && s.blocks < block_limit(md.shield);
  }
}

AttackPlan bolt_plan(const Bolt& b, const Combatant& defender, const Situation& s) {
  if (defender.bolt()) throw Error("crawl-0.34: a bolt cannot attack a bolt");
  AttackPlan out;
  out.kind = AttackKind::bolt;
  out.player_defender = defender.player() != nullptr;
  out.band = false;
  out.strict = true;
  const i64 h = b.hit;
  // DCSS 0.34 beam.cc bolt::apply_lighting: lighting counts double before the roll.
  out.to_hit.start = h;
  if (h < automatic_hit) {
    if (s.invisible) out.to_hit.scale(1, 2, "target unseen /2");
    if (s.backlit) out.to_hit.add(10, "target backlit +10");
    if (s.umbra) out.to_hit.add(-6, "target in umbra -6");
    out.to_hit.roll(0, "bolt roll random2(h)");
  }
  out.ev.avg2("EV roll random2avg(EV, 2)");
  out.ev_read.emplace();
  const bool blockable = h < automatic_hit;  // bolt::is_blockable (piercing bolts are not modelled)
  out.bypass_base = h * 130 / 100;           // the bolt's own hit, before lighting
  if (const Player* pd = defender.player()) {
    // bolt::misses_player: EV read, SH read, block, then _test_beam_hit.
    const EvasionState es{is_helpless(s), s.caught, s.constricted};
    out.ev_read->add(Prim::div_rand_round(player_ev100(*pd, es), 100), "EV player::evasion()");
    if (s.repel_missiles) out.ev_read->add(15, "repel missiles +15");
    out.ev_read_first = true;
    const i64 sh100 = player_sh100(*pd);
    // player_shield_class() is 0 for an incapacitated player.
    out.block_gate = incapacitated(defender, s) ? Prim::constant(0) : Prim::div_rand_round(sh100, 100);
    if (blockable && sh100 > 0 && s.blocks < block_limit(pd->shield)) {
      add_block(out, defender, s);
      out.block_rolled = true;  // an exhausted shield is not rolled
    }
  } else {
    // bolt::affect_monster: attempt_block, random2(EV + repulsion), then _test_beam_hit.
    out.ev_read->start = monster_ev(*defender.creature(), {is_helpless(s), s.caught, s.constricted});
    if (s.deflect_missiles) out.ev_read->add(24, "deflect missiles +24");
    out.ev_read->roll(0, "EV roll random2(EV + repulsion)");
    out.pro_first = true;
    if (blockable && !incapacitated(defender, s)) {  // monster::shield_bonus: −100 without a draw
      add_block(out, defender, s);
      out.block_rolled = true;
    }
  }
  out.damage_note = "bolt damage is not modelled";
  return out;
}

}  // namespace

std::string Combatant::name() const {
  if (player()) return "player";
  if (bolt()) return "bolt";
  return creature()->name;
}

Chain brand_amount(const BrandHit& b, i64 d) {
  Chain c;
  switch (b.amount) {
    case BrandHit::Amount::elemental:  // attack::calc_elemental_brand_damage
      c.start = d;
      c.roll(0, b.name + ": random2(damage done)").scale(1, 2).add(1);
      add_resist(c, b.res, b.name);
      break;
    case BrandHit::Amount::holy_wrath:
      c.start = d * 15;
      c.roll(0, b.name + ": random2(15 x damage done)").scale(1, 10).add(1);
      break;
    case BrandHit::Amount::foul_flame:
      c.start = d;
      c.roll(0, b.name + ": random2(damage done)");
      if (b.res < 0)
        c.scale(3, 2, b.name + " x1.5");
      else
        c.scale(1, b.res + 1, b.name + " resisted");
      c.add(1);
      break;
    case BrandHit::Amount::electrocution:
      c.start = 8;
      c.add(Prim::random2(13), b.name + ": 8 + random2(13)");
      break;
    case BrandHit::Amount::draining:  // attack::drain_defender
      c.start = d;
      c.roll(0, b.name + ": random2(damage done)").add(1).scale(1, 2);
      add_resist(c, b.res, b.name);
      break;
  }
  return c;
}

Pmf brand_pmf(const BrandHit& b, i64 d) {
  if (b.needs_damage && d <= 0) return Pmf::point(0);
  const double pass = b.gate == BrandHit::Gate::one_in_four ? 0.25 : b.gate == BrandHit::Gate::not_coinflip ? 0.5 : 1.0;
  if (!b.affects) return Pmf::point(0);
  const Pmf amount = brand_amount(b, d).exact();
  if (pass >= 1) return amount;
  const std::pair<double, Pmf> parts[] = {{pass, amount}, {1 - pass, Pmf::point(0)}};
  return Pmf::mixture(parts);
}

i64 block_value(const AttackPlan& p, i64 roll) noexcept {
  i64 pro = p.zero_is_none && roll == 0 ? -100 : roll;
  if (p.unseen_thirds) pro /= 3;
  return pro;
}

i64 bypass(const AttackPlan& p, i64 to_hit) noexcept { return p.bypass_base + (p.bypass_uses_to_hit ? to_hit / 2 : 0); }

AttackPlan plan_attack(const Combatant& attacker, const Combatant& defender_in, const Situation& s) {
  // --situation confused is the defender's own confusion (the `confused` key of its spec).
  Combatant confused_defender;
  if (s.confused && !defender_in.bolt()) {
    confused_defender = defender_in;
    if (auto* p = std::get_if<Player>(&confused_defender.who)) p->confused = true;
    if (auto* m = std::get_if<Creature>(&confused_defender.who)) m->confused = true;
  }
  const Combatant& defender = s.confused && !defender_in.bolt() ? confused_defender : defender_in;
  if (const Bolt* b = attacker.bolt()) return bolt_plan(*b, defender, s);
  if (defender.bolt()) throw Error("crawl-0.34: a bolt cannot be attacked");
  const Player* pa = attacker.player();
  const Creature* ma = attacker.creature();
  const Player* pd = defender.player();
  const Creature* md = defender.creature();
  if (pa && pd) throw Error("crawl-0.34: a player cannot attack a player; one side must be a monster");
  if (pa && pa->weapon && pa->weapon->ranged && !s.ranged)
    throw Error(fmt::format("crawl-0.34: the player's {} is a launcher; add --situation ranged", pa->weapon->name));
  if (pa && s.ranged && pa->weapon && !pa->weapon->ranged)
    throw Error(fmt::format("crawl-0.34: the player's {} is not a launcher; to throw, drop weapon= and give missile=",
                            pa->weapon->name));
  if (pa && s.ranged && !(pa->weapon && pa->weapon->ranged) && !pa->missile)
    throw Error("crawl-0.34: a ranged attack needs a launcher (weapon=shortbow, ...) or missile=NAME to throw");
  if (ma && s.ranged && !(ma->weapon && ma->weapon->ranged))
    throw Error("crawl-0.34: a monster's ranged attack needs a launcher (weapon=shortbow, ...)");

  AttackPlan out;
  out.kind = s.ranged ? AttackKind::missile : AttackKind::melee;
  out.player_attacker = pa != nullptr;
  out.player_defender = pd != nullptr;

  // To-hit: DCSS 0.34 attack::calc_to_hit (player), mon_to_hit_base (monster).
  out.to_hit = pa ? player_to_hit(*pa, s) : monster_to_hit(*ma, s);

  // EV: player::evasion / monster::evasion, read by fight.cc test_hit; missiles add the defender's repulsion; a monster
  // attacker's test_hit randomises it as random2avg(2·EV, 2).
  const i64 repel = !s.ranged ? 0 : pd ? (s.repel_missiles ? 15 : 0) : (s.deflect_missiles ? 24 : 0);
  if (pd) {
    const EvasionState es{is_helpless(s), s.caught, s.constricted};
    // Only a monster attacks the player, so the EV is doubled for random2avg(2·EV, 2).
    out.ev.add(Prim::div_rand_round(player_ev100(*pd, es), 100), "EV player::evasion()", 2);
    if (s.attacker_invisible) out.ev.add(-20, "attacker unseen: EV -10");
  } else {
    out.ev.start = monster_ev(*md, {is_helpless(s), s.caught, s.constricted}) * (ma ? 2 : 1);
  }
  if (repel) out.ev.add(ma ? 2 * repel : repel, s.deflect_missiles ? "deflect missiles +24" : "repel missiles +15");
  if (ma) out.ev.avg2("EV roll random2avg(2EV, 2)");

  // Blocks: attack::attack_shield_blocks with player_shield_class / monster::shield_bonus; rolled on every attack the
  // defender can block.
  if (!incapacitated(defender, s)) {
    out.block_rolled = true;
    out.bypass_base = pa ? 15 : 15 + static_cast<i64>(ma->hd) * 2 / 3;
    out.bypass_uses_to_hit = pa != nullptr;
    out.unseen_thirds = s.attacker_invisible;
    add_block(out, defender, s);
  }

  // Stabs: melee_attack::player_stab_check (find_player_stab_type): player melee on a monster it can see.
  if (pa && !s.ranged && !pa->confused && !s.invisible) {
    if (is_helpless(s)) {
      out.stab_denom = 1;
    } else if (s.caught || s.attacker_invisible || s.fleeing || md->confused || s.unaware) {
      out.stab_denom = 4;
      out.stab_chance.start = pa->dex + 1;
      out.stab_chance
          .add(Prim::div_rand_round(player_skill(attack_skill(*pa, false), 256), 512), "stab: weapon skill/2")
          .add(Prim::div_rand_round(player_skill(pa->stealth, 256), 512), "stab: stealth/2");
    }
  }

  // Damage: melee_attack::calc_damage and attack::apply_defender_ac.
  if (pa) {
    out.damage = player_damage(*pa, s, 0);
    if (out.stab_denom > 0) out.stab_damage = player_damage(*pa, s, out.stab_denom, &out.shared_steps);
    out.armor = ArmorRoll{static_cast<i64>(md->ac) * 100, false, false, 0};
    out.brand = brand_hit(*pa, *md);
  } else {
    i64 dmax = 0;
    out.damage = s.ranged ? monster_missile_damage(*ma, dmax) : monster_damage(*ma, s.sleeping, dmax);
    if (pd)
      out.armor = ArmorRoll{player_ac100(*pd), true, true, dmax};
    else
      out.armor = ArmorRoll{static_cast<i64>(md->ac) * 100, false, false, dmax};
  }
  return out;
}

Outcome exact_outcome(const AttackPlan& p) {
  Outcome o;
  o.to_hit = p.to_hit.exact();
  if (p.ev_read) {  // the roll applied to each value read
    std::vector<std::pair<double, Pmf>> parts;
    for (const auto& [v, pv] : p.ev_read->exact().items()) {
      Chain roll = p.ev;
      roll.start = v;
      parts.emplace_back(pv, roll.exact());
    }
    o.ev = Pmf::mixture(parts);
  } else {
    o.ev = p.ev.exact();
  }
  // A bolt on the player rolls a block only when its SH read is above 0.
  const double gate = p.block_gate.pmf().probability([](i64 v) { return v > 0; });
  // P(block | bypass n), cached by n.
  std::vector<std::pair<i64, double>> pro;
  if (p.block_rolled && p.block_possible)
    for (const auto& [v, pv] : p.shield_bonus.exact().items()) pro.emplace_back(block_value(p, v), pv);
  std::vector<double> by_n;
  auto p_block = [&](i64 to_hit) {
    if (pro.empty() || to_hit >= automatic_hit) return 0.0;
    const i64 n = std::max<i64>(1, bypass(p, to_hit));
    if (static_cast<std::size_t>(n) >= by_n.size()) by_n.resize(static_cast<std::size_t>(n) + 1, -1.0);
    double& cached = by_n[static_cast<std::size_t>(n)];
    if (cached < 0) {
      cached = 0;
      // con uniform on [0, n-1]: P(blocks(pro, con)) counts the con values it beats.
      for (const auto& [v, pv] : pro) {
        const i64 beaten = std::clamp<i64>(p.strict ? v : v + 1, 0, n);
        cached += pv * static_cast<double>(beaten) / static_cast<double>(n);
      }
    }
    return cached;
  };
  double hit = 0, blocked = 0;
  for (const auto& [t, pt] : o.to_hit.items()) {
    double ph = 1;
    if (t < automatic_hit) {
      const double compare = o.ev.cdf(t);  // P(EV <= t): test_hit's margin >= 0
      ph = p.band ? 1.0 / 40 + 19.0 / 20 * compare : compare;
    }
    const double pb = p.kind == AttackKind::bolt ? gate * p_block(0) : p_block(t);
    hit += pt * ph * (1 - pb);
    blocked += pt * pb;
  }
  double ps = 0;
  if (p.stab_denom == 1)
    ps = 1;
  else if (p.stab_denom == 4)
    ps = p.stab_chance.exact().expect([](i64 v) { return crawl::x_chance_in_y_p(v, 100); });
  o.p_stab = ps;
  o.p_hit = ps + (1 - ps) * hit;
  o.p_block = (1 - ps) * blocked;
  if (p.damage) {
    const Pmf saved = p.armor.exact();
    // The steps a stab shares with a hit are read once.
    const Pmf shared =
        p.damage->exact_steps(Pmf::point(p.damage->start), 0, p.stab_damage ? p.shared_steps : std::size_t{0});
    const std::size_t from = p.stab_damage ? p.shared_steps : 0;
    // The brand's extra damage, drawn from the damage each hit did.
    auto branded = [&p](const Pmf& done) {
      if (!p.brand) return done;
      std::vector<std::pair<double, Pmf>> parts;
      for (const auto& [d, pd] : done.items()) parts.emplace_back(pd, brand_pmf(*p.brand, d).shifted(d));
      return Pmf::mixture(parts);
    };
    const Pmf normal = branded(after_armor(p.damage->exact_steps(shared, from, p.damage->steps.size()), saved));
    // Each part weighted by its share of the landed attacks, then the misses added at 0.
    std::vector<std::pair<double, Pmf>> landed;
    if ((1 - ps) * hit > 0) landed.emplace_back((1 - ps) * hit / o.p_hit, normal);
    if (ps > 0)
      landed.emplace_back(
          ps / o.p_hit,
          p.stab_damage
              ? branded(after_armor(p.stab_damage->exact_steps(shared, from, p.stab_damage->steps.size()), saved))
              : normal);
    if (!landed.empty()) {
      o.damage_on_hit = Pmf::mixture(landed);
      const std::pair<double, Pmf> all[] = {{o.p_hit, *o.damage_on_hit}, {1 - o.p_hit, Pmf::point(0)}};
      o.damage = Pmf::mixture(all);
    } else {
      o.damage = Pmf::point(0);
    }
  }
  return o;
}

}  // namespace fray::crawl_0_34
