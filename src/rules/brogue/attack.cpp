#include <fray/rules/brogue/attack.hpp>

#include <fray/core/error.hpp>
#include <fray/rules/spec.hpp>

#include <fmt/format.h>

#include <array>
#include <cmath>
#include <utility>

namespace fray::brogue {

Situation parse_situation(const std::vector<std::string>& flags) {
  Situation s;
  const std::array<std::pair<std::string_view, bool Situation::*>, 9> names{{{"slaying", &Situation::slaying},{"sleeping", &Situation::sleeping},
                                                                              {"paralyzed", &Situation::paralyzed},
                                                                              {"stuck", &Situation::stuck},
                                                                              {"captive", &Situation::captive},
                                                                              {"sneak", &Situation::sneak},
                                                                              {"lunge", &Situation::lunge},
                                                                              {"seized", &Situation::seized},
                                                                              {"thrown", &Situation::thrown}}};
  for (const std::string& f : flags) {
    bool found = false;
    for (const auto& [name, member] : names)
      if (f == name) {
        s.*member = true;
        found = true;
      }
    if (!found)
      throw Error(fmt::format("brogue: unknown situation '{}' (known: sleeping, paralyzed, stuck, captive, sneak, "
                              "lunge, seized, thrown, slaying)",
                              f));
  }
  return s;
}

std::int64_t weapon_net_quarters(const Combatant& c, std::uint32_t weapon_lost) {
  const auto lost = static_cast<std::int64_t>(weapon_lost);
  if (c.net_enchant_quarters) return net_enchant_quarters(*c.net_enchant_quarters - 4 * lost, 0);
  if (!c.weapon) return 0;
  // Combat.c netEnchant(weapon) = enchant1 + strengthModifier, clamped.
  return net_enchant_quarters(4 * (c.enchant - lost),
                              strength_modifier_quarters(c.strength, c.weakness, c.weapon->strength_required));
}

std::int64_t attack_accuracy(const Combatant& c, std::uint32_t weapon_lost) {
  // Combat.c hitProbability step 4: a player with a weapon has 100 x accTable[net].
  if (c.is_player && (c.weapon || c.net_enchant_quarters)) return player_accuracy(weapon_net_quarters(c, weapon_lost));
  // Step 1: catalog accuracy (the player's is 100) scaled by weakness.
  return weakened_accuracy(c.is_player ? player_start().accuracy : c.monster.accuracy, c.weakness);
}

std::int64_t defense_value(const Combatant& c, std::uint32_t armor_lost) {
  const auto lost = static_cast<std::int64_t>(armor_lost);
  if (!c.is_player) return weakened_defense(c.monster.defense, c.weakness);
  if (c.defense_override) return std::max<std::int64_t>(0, *c.defense_override - 10 * lost);
  if (!c.armor) return 0;
  // Items.c recalculateEquipmentBonuses: armour + 10 x netEnchant(armour), truncated.
  const std::int64_t net = net_enchant_quarters(
      4 * (c.armor_enchant - lost), strength_modifier_quarters(c.strength, c.weakness, c.armor->strength_required));
  return player_defense(c.armor->armor, net);
}

std::int64_t attack_ticks(const Combatant& c) {
  if (c.is_player) return c.weapon && c.weapon->quick ? 50 : 100;
  return c.monster.attack_speed;
}

namespace {
[[noreturn]] void bad(std::string_view what) { throw Error(fmt::format("brogue: {}", what)); }
}  // namespace

AttackPlan plan_attack(const Combatant& a, const Combatant& d, const Situation& s, CarriedState as,
                       CarriedState ds) {
  if (a.is_player && d.is_player) bad("the player cannot attack the player");
  if (s.sneak && (!a.is_player || d.is_player)) bad("'sneak' is the player attacking an unaware monster");
  if (s.sleeping && d.is_player) bad("'sleeping' needs a monster defender");
  if (s.captive && d.is_player) bad("'captive' needs a monster defender");
  if (s.lunge && !(a.is_player && a.weapon && a.weapon->lunges)) bad("'lunge' needs the player wielding a rapier");
  if (s.thrown && !(a.is_player && a.weapon)) bad("'thrown' needs the player with a weapon to throw");
  if (s.thrown && s.lunge) bad("a thrown weapon cannot lunge");
  if (s.slaying && !(a.is_player && a.weapon && !d.is_player))
    bad("'slaying' needs the player with a weapon attacking a monster");
  if (s.seized && (a.is_player || !a.monster.seizes))
    bad("'seized' needs an attacker that seizes (bog_monster, kraken)");
  if (!d.is_player && d.monster.inanimate && (s.sneak || s.sleeping || s.paralyzed))
    bad(fmt::format("an inanimate defender ({}) is never unaware, asleep or paralyzed", d.name));

  AttackPlan p;
  // Combat.c hitProbability: two truncations (accuracy, then the product), clamp 0..100.
  const std::int64_t accuracy = attack_accuracy(a, as.weapon_lost);
  const std::int64_t defense = defense_value(d, ds.armor_lost);
  p.hit_percent = hit_percent(accuracy, defense);
  const bool held = s.seized || ds.held;
  if (s.stuck || s.captive || held || s.slaying) p.hit_percent = 100;
  if (s.slaying) p.notes.push_back("the slaying runic kills the defender on a hit (not in the damage shown)");

  if (!a.is_player && a.monster.kamikaze) {
    p.attacks = false;
    p.notes.push_back("bursts instead of attacking (MA_KAMIKAZE)");
  } else if (!a.is_player && a.monster.seizes && !held) {
    // Combat.c attack: a seizer not yet holding this defender spends the attack seizing it.
    p.attacks = false;
    p.seizes = true;
    p.notes.push_back("seizes the defender instead of hurting it; later attacks hit at 100 % (MA_SEIZES)");
  }

  // Combat.c attack: sneak, asleep, paralyzed and lunge skip the hit check and
  // multiply the damage; attackHit then skips the draw for stuck, paralyzed and
  // captive. A thrown weapon goes through attackHit only.
  const bool surprise = !s.thrown && (s.sneak || s.sleeping || s.paralyzed || s.lunge);
  p.auto_hit = surprise || s.stuck || s.captive || s.paralyzed;
  if (surprise) p.multiplier = a.is_player && a.weapon && a.weapon->sneak_bonus ? 5 : 3;

  if (a.is_player) {
    const std::int64_t net = weapon_net_quarters(a, as.weapon_lost);
    if (s.thrown) {
      // Items.c hitMonsterWithProjectileWeapon: the item's damage, scaled after the roll, no minimum.
      p.roll = a.weapon->damage;
      p.factor = damage_fraction(net);
    } else {
      // Player melee: bounds scaled before the roll, at least 1; adjustment factor 1.
      p.roll = a.weapon ? player_weapon_damage(a.weapon->damage, net) : player_start().unarmed;
    }
  } else {
    // Monster melee: monsterDamageAdjustmentAmount after the roll.
    p.roll = a.monster.damage;
    p.factor = weakness_damage_factor(a.weakness);
    if (a.monster.poisons) p.notes.push_back("the damage is dealt as poison, 1 point at once (MA_POISONS)");
    if (a.monster.transference) p.notes.push_back("the attacker heals by a share of the damage (MA_TRANSFERENCE)");
  }
  p.dice = clump_dice(p.roll);

  if (!d.is_player && (d.monster.immune_to_weapons || d.monster.invulnerable)) {
    // A hit does 0 and rolls nothing (MONST_IMMUNE_TO_WEAPONS / MONST_INVULNERABLE).
    p.rolls_damage = false;
    p.notes.push_back("the defender takes no damage from weapons");
  }

  // Acid (research note §9): a hit on an acid monster eats the weapon's enchant
  // unless enchant1 is already below -10; an acid monster's hit eats armour
  // unless enchant1 + armour/10 <= -10.
  if (a.is_player && !s.thrown && !s.slaying && !d.is_player && d.monster.degrades_weapon && (a.weapon || a.net_enchant_quarters)) {
    const std::int64_t enchant1 = (a.net_enchant_quarters ? 0 : a.enchant) - as.weapon_lost;
    if (enchant1 >= -10) {
      p.acid_weapon = true;
      p.notes.push_back("a hit lowers the attacker's weapon enchant by 1 (acid)");
    }
  }
  if (!a.is_player && d.is_player && a.monster.degrades_armor && (d.armor || d.defense_override)) {
    const std::int64_t base = d.defense_override ? *d.defense_override / 10 : d.armor->armor / 10;
    const std::int64_t enchant1 = (d.defense_override ? 0 : d.armor_enchant) - ds.armor_lost;
    if (enchant1 + base > -10) {
      p.acid_armor = true;
      p.notes.push_back("a hit the defender survives lowers its armour enchant by 1 (acid)");
    }
  }
  return p;
}

Outcome outcome(const AttackPlan& p) {
  Outcome o;
  o.hit_percent = p.hit_percent;
  o.p_hit = p.p_hit();
  o.auto_hit = p.attacks && p.auto_hit;
  if (!p.attacks || !p.rolls_damage) {
    o.damage_on_hit = Pmf::point(0);
  } else {
    const Pmf roll = clumped_pmf(p.roll);
    o.damage_on_hit = p.factor == FP && p.multiplier == 1 ? roll : roll.map([&p](std::int64_t v) { return p.damage(v); });
  }
  if (o.p_hit >= 1) {
    o.damage = o.damage_on_hit;
  } else if (o.p_hit <= 0) {
    o.damage = Pmf::point(0);
  } else {
    const std::array<std::pair<double, Pmf>, 2> parts{{{o.p_hit, o.damage_on_hit}, {1 - o.p_hit, Pmf::point(0)}}};
    o.damage = Pmf::mixture(parts);
  }
  return o;
}

StateChange after_attack(const AttackPlan& p, const Combatant&, const Combatant&, CarriedState as, CarriedState ds,
                         bool hit, std::int64_t damage, std::int64_t defender_hp) {
  StateChange r{as, ds};
  if (p.seizes) {
    r.defender.held = true;
    return r;
  }
  if (!hit) return r;
  if (p.acid_weapon) ++r.attacker.weapon_lost;  // even on a killing hit
  if (p.acid_armor && defender_hp > damage) ++r.defender.armor_lost;
  return r;
}

// --- specs -------------------------------------------------------------------------

namespace {

Clump parse_damage(SpecReader& r, const std::string& text) {
  // LO-HI/CLUMP (the clump may be left out: 1).
  std::string range = text;
  std::int64_t clump = 1;
  if (const auto slash = text.find('/'); slash != std::string::npos) {
    range = text.substr(0, slash);
    clump = parse_int(text.substr(slash + 1), fmt::format("{} spec '{}': damage clump", "brogue", r.spec().text));
  }
  const auto dash = range.find('-', 1);
  if (dash == std::string::npos) r.fail(fmt::format("damage '{}' is not LO-HI/CLUMP", text));
  const std::string what = fmt::format("spec '{}': damage", r.spec().text);
  const std::int64_t lo = parse_int(range.substr(0, dash), what);
  const std::int64_t hi = parse_int(range.substr(dash + 1), what);
  if (lo < 0 || hi > 100000) r.fail(fmt::format("damage '{}' must lie within 0..100000", text));
  if (hi < lo) r.fail(fmt::format("damage '{}' has its upper bound below its lower bound", text));
  if (clump < 0 || clump > 100) r.fail(fmt::format("damage '{}': the clump factor must be 0..100", text));
  return Clump{lo, hi, clump};
}

std::string known_names(auto list) {
  std::string s;
  for (const auto& x : list) s += (s.empty() ? "" : ", ") + x.key;
  return s;
}

}  // namespace

Combatant parse_combatant(std::string_view text, std::string_view role) {
  SpecReader r(parse_spec(text), role);
  Combatant c;
  const std::string name = catalog_key(r.spec().name);
  if (name == "player") {
    const PlayerStart& start = player_start();
    c.name = "player";
    c.is_player = true;
    c.hp = start.hp;
    c.strength = start.strength;
    c.weapon = find_weapon(start.weapon);
    c.armor = find_armor(start.armor);
    if (auto w = r.text("weapon")) {
      if (*w == "none" || *w == "unarmed") c.weapon = nullptr;
      else if (!(c.weapon = find_weapon(*w))) r.fail(fmt::format("unknown weapon '{}' (known: none, {})", *w, known_names(weapons())));
    }
    if (auto a = r.text("armor")) {
      if (*a == "none") c.armor = nullptr;
      else if (!(c.armor = find_armor(*a))) r.fail(fmt::format("unknown armor '{}' (known: none, {})", *a, known_names(armors())));
    }
    // Enchantments beyond what netEnchant can hold (-20..+50) are refused.
    if (auto e = r.integer("enchant", -20, 50)) c.enchant = *e;
    if (auto e = r.integer("armor_enchant", -20, 50)) c.armor_enchant = *e;
    if (auto s = r.integer("strength", 1, 99)) c.strength = *s;
    if (auto w = r.integer("weakness", 0, 10)) c.weakness = *w;
    if (auto h = r.integer("hp", 1, 1'000'000)) c.hp = *h;
    if (auto n = r.text("net_enchant")) {
      const double v = parse_number(*n, fmt::format("{} spec '{}': net_enchant", role, r.spec().text));
      if (v < -20 || v > 50) r.fail(fmt::format("net_enchant {} is outside -20..+50", *n));
      const double q = v * 4;
      if (q != std::floor(q)) r.fail(fmt::format("net_enchant {} is not a multiple of 0.25", *n));
      if (r.has("enchant")) r.fail("give either net_enchant or enchant, not both");
      c.net_enchant_quarters = static_cast<std::int64_t>(q);
    }
    if (auto d = r.integer("defense", 0, 10000)) {
      if (r.has("armor") || r.has("armor_enchant")) r.fail("give either defense or armor/armor_enchant, not both");
      c.defense_override = *d;
    }
    r.done("weapon, enchant, strength, weakness, armor, armor_enchant, hp, net_enchant, defense");
    return c;
  }
  if (!name.empty()) {
    const Monster* m = find_monster(name);
    if (!m) r.fail(fmt::format("unknown monster '{}' (try a catalog name such as vampire_bat, or player)", r.spec().name));
    c.monster = *m;
    c.name = m->key;
    c.hp = m->hp;
  } else {
    c.name = "inline";
    c.monster.name = c.monster.key = "inline";
    c.monster.accuracy = 100;
    if (!r.has("damage")) r.fail("an inline combatant needs damage=LO-HI/CLUMP");
  }
  if (auto w = r.integer("weakness", 0, 10)) c.weakness = *w;
  if (auto h = r.integer("hp", 1, 1'000'000)) c.hp = *h;
  if (auto a = r.integer("accuracy", 0, 100000)) c.monster.accuracy = *a;
  if (auto d = r.integer("defense", 0, 10000)) c.monster.defense = *d;
  if (auto d = r.text("damage")) c.monster.damage = parse_damage(r, *d);
  r.done("weakness, hp, accuracy, defense, damage");
  return c;
}

}  // namespace fray::brogue
