// DCSS 0.34.1 single formulas: EV, SH, AC, block limits, damage pieces, delay.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/rules/crawl_0_34/combat.hpp>
#include <fray/rules/spec.hpp>

namespace fray::crawl_0_34 {

namespace {

// DCSS 0.34 attack.cc attack::apply_damage_brand and its helpers, brand by
// brand; fight.cc brand_adjust_weapon_damage (heavy) and player-act.cc
// player::attack_delay_with (speed, heavy).
constexpr BrandInfo kBrands[] = {
    {Brand::flaming, "flaming",
     "on a hit that did damage d: + resist_adjust_damage(rF, random2(d)/2 + 1) fire damage (rF 1: /2, 2: /5, 3: none, "
     "-1: x1.5)",
     true},
    {Brand::freezing, "freezing",
     "on a hit that did damage d: + resist_adjust_damage(rC, random2(d)/2 + 1) cold damage", true},
    {Brand::holy_wrath, "holy_wrath",
     "on a hit that did damage d to an undead or demonic monster: + 1 + random2(15d)/10 (none from an undead or "
     "demonspawn player)",
     true},
    {Brand::electrocution, "electrocution",
     "on every hit, unless the monster has rElec: one_chance_in(4) for + 8 + random2(13), whatever the damage", true},
    {Brand::venom, "venom", "poisons the defender (apply_poison_damage_brand): not modelled", false},
    {Brand::protection, "protection", "AC +7 for a while after a hit (refresh_weapon_protection): not modelled", false},
    {Brand::draining, "draining",
     "on a hit to a natural or plant monster, when coinflip() fails: + resist_adjust_damage(rN, (1 + random2(d))/2) "
     "(modelled); the drain itself (HD, max HP) is not modelled",
     false},
    {Brand::speed, "speed", "attack delay div_rand_round(2·delay, 3) after the skill's reduction", true},
    {Brand::heavy, "heavy",
     "weapon damage div_rand_round(9·damage, 5) before the stat multiplier; attack delay div_rand_round(3·delay, 2)",
     true},
    {Brand::vampirism, "vampirism", "heals the attacker on 3/5 of the hits that did damage: not modelled", false},
    {Brand::pain, "pain", "extra negative-energy damage by the Necromancy skill: not modelled", false},
    {Brand::antimagic, "antimagic", "drains the defender's magic (no damage): not modelled", false},
    {Brand::distortion, "distortion", "blinks, banishes or teleports the defender: not modelled", false},
    {Brand::chaos, "chaos", "a random brand or chaos effect each hit: not modelled", false},
    {Brand::penetration, "penetration", "a missile passes through its target: not modelled", false},
    {Brand::reaping, "reaping", "a slain defender rises as a spectral ally: not modelled", false},
    {Brand::spectral, "spectral", "a spectral weapon follows up the attack: not modelled", false},
    {Brand::rebuke, "rebuke", "punishes the defender's attacks on the wielder: not modelled", false},
    {Brand::valour, "valour", "a valour beam after a hit: not modelled", false},
    {Brand::entangling, "entangling", "coinflip() to entangle the defender in vines: not modelled", false},
    {Brand::sundering, "sundering", "weakens the defender's armour: not modelled", false},
    {Brand::concussion, "concussion", "knocks the defender back, extra damage against a wall: not modelled", false},
    {Brand::devious, "devious", "its stabs and distracted hits: not modelled", false},
    {Brand::acid, "acid", "splashes the defender with acid (corrosion): not modelled", false},
    {Brand::foul_flame, "foul_flame",
     "on a hit that did damage d: + 1 + random2(d)/2 to an undead or demonic monster, + 1 + random2(d)·1.5 to a holy "
     "one, + 1 + random2(d) to any other",
     true},
};

}  // namespace

std::span<const BrandInfo> brands() { return kBrands; }

const BrandInfo& brand_info(Brand b) {
  for (const BrandInfo& i : kBrands)
    if (i.brand == b) return i;
  static constexpr BrandInfo none{Brand::none, "none", "no brand", true};
  return none;
}

std::optional<Brand> find_brand(std::string_view word) {
  std::string key = catalog_key(word);
  // The game's own spellings (item-name.cc weapon_brands_verbose, brand_type).
  if (key == "spectralising") key = "spectral";
  if (key == "normal" || key == "none") return Brand::none;
  for (const BrandInfo& i : kBrands)
    if (i.key == key) return i.brand;
  return std::nullopt;
}

Brand lookup_brand(std::string_view word) {
  if (const auto b = find_brand(word)) return *b;
  std::vector<std::string> known{"none"};
  for (const BrandInfo& i : kBrands) known.emplace_back(i.key);
  throw Error(fmt::format("crawl-0.34: unknown weapon brand '{}'{}", word, did_you_mean(catalog_key(word), known)));
}

namespace {
// PARM_EVASION / 10 as a positive penalty.
i64 evp(const std::optional<ArmorProp>& a) { return a ? std::max(0, -a->ev_penalty / 10) : 0; }
}  // namespace

i64 body_armor_penalty(const Player& p, i64 scale) {
  const i64 b = evp(p.body);
  if (b == 0) return 0;
  return 2 * b * b * (450 - player_skill(p.armor_skill, 10)) * scale / (5 * (p.str + 3)) / 450;
}

i64 shield_penalty(const Player& p, i64 scale) {
  const i64 s = evp(p.shield);
  if (s == 0) return 0;
  return 2 * s * s * (270 - player_skill(p.shields, 10)) * scale / (25 + 5 * static_cast<i64>(p.str)) / 270;
}

i64 player_ev100(const Player& p, const EvasionState& s) {
  if (p.ev100) return *p.ev100;
  constexpr i64 sc = 100;
  const i64 sf = 2 * (Medium - p.size);
  // _player_armour_adjusted_dodge_bonus: linear in dodging × dex since 0.34.
  i64 dodge = (800 + player_skill(p.dodging, 10) * p.dex * 8) * sc / (20 - sf) / 10 / 10;
  const i64 adp = evp(p.body) - 3;
  if (adp > 0) {
    const i64 str = std::max(1, p.str);
    dodge = adp >= str ? dodge * str / (2 * adp) : dodge - dodge * adp / (2 * str);
  }
  i64 ev = (10 + sf) * sc + dodge - body_armor_penalty(p, sc) - shield_penalty(p, sc);
  if (s.caught) ev /= 2;
  ev += sc * (-(p.vertigo ? 5 : 0) - (s.constricted ? 10 : 0));
  if (s.helpless) ev = std::min((2 + sf / 2) * sc, ev);
  return ev;
}

Pmf player_ev_pmf(const Player& p, const EvasionState& s, bool attacker_unseen) {
  return crawl::div_rand_round_pmf(player_ev100(p, s), 100).shifted(attacker_unseen ? -10 : 0);
}

i64 player_sh100(const Player& p) {
  if (p.sh100) return *p.sh100;
  if (!p.shield) return 0;
  const i64 base = 2 * p.shield->ac;
  return 50 * base + base * player_skill(p.shields, 5) / 2 + 200 * p.shield_enchant + player_skill(p.shields, 38) +
         114 + static_cast<i64>(p.dex) * 38 * (base + 13) / 26;
}

i64 player_ac100(const Player& p) {
  if (p.ac100) return *p.ac100;
  if (!p.body) return 0;
  return static_cast<i64>(p.body->ac) * 100 * (440 + player_skill(p.armor_skill, 20)) / 440 + 100 * p.body_enchant;
}

i64 gdr_perc(i64 ac) {
  if (ac <= 0) return 0;
  return static_cast<i64>(16 * std::pow(static_cast<double>(ac), 0.25));
}

int block_limit(const std::optional<ArmorProp>& shield) {
  if (!shield) return 1;
  if (shield->name == "buckler") return 2;
  if (shield->name == "kite shield") return 3;
  if (shield->name == "tower shield") return 4;
  return 1;
}

i64 monster_ev(const Creature& m, const MonsterState& s) {
  i64 ev = m.ev;
  for (const auto* a : {&m.body, &m.shield})
    if (*a) ev += (*a)->ev_penalty / 60;
  ev = std::max<i64>(ev, 0);
  if (s.helpless) return 0;
  if (s.caught)
    ev /= 5;
  else if (m.confused)
    ev /= 2;
  if (s.constricted) ev -= 10;
  return std::max<i64>(ev, 0);
}

i64 monster_shield_class(const Creature& m) {
  if (m.shield_class) return *m.shield_class;
  if (!m.shield) return 0;
  return (m.shield->ac + m.shield_enchant) * 2 + m.hd * 4 / 3;
}

i64 stat_damage100(i64 pot, int stat) {
  // pot·100 · max(1, 75 + 2.5·stat) / 100, in integers.
  const i64 mult = std::max<i64>(100, 7500 + 250 * static_cast<i64>(stat));
  return pot * mult / 100;
}

bool dex_weapon(const std::string& skill) {
  return skill == "SK_LONG_BLADES" || skill == "SK_SHORT_BLADES" || skill == "SK_RANGED_WEAPONS";
}

Pmf ArmorRoll::exact() const {
  const Pmf ac = ac_read().pmf();
  const Pmf ac_gdr = has_gdr ? ac_read().pmf() : Pmf::point(0);
  std::map<i64, double> acc;
  for (const auto& [a0, pa] : ac.items()) {
    const i64 a = std::max<i64>(0, a0);
    const Pmf half = crawl::div_rand_round_pmf(a, 2);
    for (const auto& [g, pg] : ac_gdr.items())
      for (const auto& [h, ph] : half.items())
        for (i64 roll = 0; roll <= a; ++roll) acc[saved(g, roll, h)] += pa * pg * ph / static_cast<double>(a + 1);
  }
  return Pmf::from_map(acc);
}

Pmf after_armor(const Pmf& damage, const Pmf& saved) {
  // max(0, d − s), accumulated densely over [0, max d − min s].
  const i64 top = std::max<i64>(0, damage.max() - saved.min());
  std::vector<double> w(static_cast<std::size_t>(top) + 1, 0.0);
  const auto dp = damage.probs();
  for (const auto& [sv, ps] : saved.items())
    for (std::size_t i = 0; i < dp.size(); ++i)
      if (dp[i] > 0) {
        const i64 v = std::max<i64>(0, damage.min() + static_cast<i64>(i) - sv);
        w[static_cast<std::size_t>(v)] += ps * dp[i];
      }
  return Pmf::from_weights(0, w);
}

Chain player_attack_delay(const Player& p, bool ranged) {
  Chain c;
  if (ranged && !(p.weapon && p.weapon->ranged)) {
    // A thrown missile: 10 + damage/2 − div_rand_round(throwing×10, 20), at
    // least FASTEST_PLAYER_THROWING_SPEED (7).
    if (!p.missile) throw Error("crawl-0.34: a ranged attack needs a launcher or a missile to throw");
    c.start = 10 + p.missile->damage / 2;
    c.add(Prim::div_rand_round(player_skill(p.throwing, 10), 20), "throwing skill", -1);
    c.at_least(7);
  } else if (p.weapon) {
    c.start = p.weapon->base_delay;
    const i64 x = std::min<i64>(player_skill(p.weapon_skill, 10), 10 * static_cast<i64>(p.weapon->min_delay_skill));
    c.add(Prim::div_rand_round(x, 20), "weapon skill", -1);
    // The brand's change, before the minimum of 3.
    if (p.brand == Brand::speed) c.rand_round(2, 3, "speed brand x2/3");
    if (p.brand == Brand::heavy) c.rand_round(3, 2, "heavy brand x3/2");
  } else {
    c.start = 10;
    c.add(Prim::div_rand_round(player_skill(p.unarmed, 10), 54), "unarmed combat", -1);
  }
  c.at_least(3);
  if (const i64 asp = shield_penalty(p, 20); asp > 0) c.add(Prim::div_rand_round(asp, 20), "shield penalty");
  if (p.weapon && p.weapon->ranged)
    if (const i64 abap = body_armor_penalty(p, 20); abap > 0)
      c.add(Prim::div_rand_round(abap, 20), "body armour penalty");
  return c;
}

crawl::MonsterTime monster_time(const Creature& m, bool ranged) {
  // monster::attack_delay: 10, or weapon_adjust_delay(weapon, 10), which is 10
  // for a weapon without the speed or heavy brand.
  return {m.name, ranged, ranged ? m.energy.missile : m.energy.attack, 10, m.speed};
}

Pmf monster_action_cost(const Creature& m, bool ranged) {
  const crawl::MonsterTime t = monster_time(m, ranged);
  return crawl::action_cost(t.energy, t.delay);
}

std::vector<std::pair<double, double>> monster_attack_delays(const Creature& m, bool ranged) {
  return crawl::action_times(monster_action_cost(m, ranged), m.speed);
}

}  // namespace fray::crawl_0_34
