#include <fmt/format.h>
#include <fmt/ranges.h>

#include <array>
#include <cmath>
#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/fight/kernel.hpp>
#include <fray/rules/brogue/attack.hpp>
#include <fray/rules/spec.hpp>
#include <utility>

namespace fray::brogue {

namespace {

// The flags, each with the member it sets (Combat.c attack, attackHit and
// hitProbability test these states of the two creatures).
struct FlagDef {
  NamedHelp help;
  bool Situation::*member;
};
constexpr FlagDef flag_defs[] = {
    {{"sleeping", "the defender (a monster) is asleep: hit without a draw, x3 damage (x5 with a dagger)"},
     &Situation::sleeping},
    {{"paralyzed", "the defender is paralyzed: hit without a draw, x3 damage (x5 with a dagger)"},
     &Situation::paralyzed},
    {{"stuck", "the defender is stuck in a net or web: hit without a draw, no multiplier"}, &Situation::stuck},
    {{"captive", "the defender (a monster) is a shackled captive: hit without a draw, no multiplier"},
     &Situation::captive},
    {{"sneak", "the player attacks a monster that has not noticed them: hit without a draw, x3 (x5 with a dagger)"},
     &Situation::sneak},
    {{"lunge", "the player lunges with a rapier: hit without a draw, x3"}, &Situation::lunge},
    {{"seized", "the defender is held by this attacker (bog monster, kraken): hitProbability 100, still one draw"},
     &Situation::seized},
    {{"thrown", "the player throws the weapon: attackHit only, damage scaled after the roll"}, &Situation::thrown},
    {{"slaying",
      "the player's weapon has a slaying runic for the defender's class: hitProbability 100, still one draw"},
     &Situation::slaying},
};
constexpr auto flag_helps = [] {
  std::array<NamedHelp, std::size(flag_defs)> a{};
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = flag_defs[i].help;
  return a;
}();

constexpr NamedHelp player_key_list[] = {
    {"weapon", "catalog weapon (dagger, sword, war_hammer, dart, ...) or none; default dagger"},
    {"enchant", "the weapon's enchant, -20..50; default 0"},
    {"strength", "strength, 1..99; default 12"},
    {"weakness", "weakness points, 0..10: lower the strength both items see"},
    {"armor", "catalog armor (leather_armor ... plate_armor) or none; default leather_armor"},
    {"armor_enchant", "the armor's enchant, -20..50; default 0"},
    {"hp", "hit points, 1..1000000; default 30 (or max_hp)"},
    {"max_hp", "maximum hit points, hp..1000000; default hp: below it the player regenerates in a fight"},
    {"regeneration",
     "regeneration bonus (rings of regeneration), -10..50, or none: a fight leaves the player's regeneration out; "
     "default 0"},
    {"net_enchant", "the weapon's net enchant straight, -20..50 in steps of 0.25; not with enchant"},
    {"defense", "internal defense straight (10 per displayed armor point), 0..10000; not with armor"},
};
constexpr NamedHelp monster_key_list[] = {
    {"weakness", "weakness points, 0..10: accuracy and damage x accTable[80 - 6w], defense - 25w"},
    {"hp", "hit points, 1..1000000; default the catalog's"},
    {"accuracy", "accuracy, 0..100000; default the catalog's (inline: 100)"},
    {"defense", "internal defense (10 per displayed armor point), 0..10000; default the catalog's (inline: 0)"},
    {"damage", "damage range LO-HI/CLUMP (randClumpedRange); required inline"},
};

}  // namespace

std::span<const NamedHelp> situation_flags() noexcept { return flag_helps; }
std::span<const NamedHelp> player_keys() noexcept { return player_key_list; }
std::span<const NamedHelp> monster_keys() noexcept { return monster_key_list; }

Situation parse_situation(const std::vector<std::string>& flags) {
  Situation s;
  for (const std::string& given : flags) {
    // fray once spelled it the British way; the game's STATUS_PARALYZED is American.
    const std::string_view f = given == "paralysed" ? std::string_view("paralyzed") : std::string_view(given);
    const FlagDef* def = nullptr;
    for (const FlagDef& d : flag_defs)
      if (d.help.name == f) def = &d;
    if (!def) {
      std::vector<std::string> names;
      for (const FlagDef& d : flag_defs) names.emplace_back(d.help.name);
      throw Error(fmt::format("brogue: unknown situation '{}'{} (known: {})", given, did_you_mean(given, names),
                              fmt::join(names, ", ")));
    }
    s.*(def->member) = true;
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
  // Combat.c hitProbability: a player with a weapon has 100 x accuracyFraction(netEnchant(weapon)).
  if (c.is_player && (c.weapon || c.net_enchant_quarters)) return player_accuracy(weapon_net_quarters(c, weapon_lost));
  // Otherwise Combat.c monsterAccuracyAdjusted: the catalog accuracy (the
  // player's "you" entry has 100) scaled by weakness.
  return weakened_accuracy(c.is_player ? player_start().accuracy : c.monster.accuracy, c.weakness);
}

std::int64_t defense_value(const Combatant& c, std::uint32_t armor_lost) {
  const auto lost = static_cast<std::int64_t>(armor_lost);
  if (!c.is_player) return weakened_defense(c.monster.defense, c.weakness);
  if (c.defense_override) return std::max<std::int64_t>(0, *c.defense_override - 10 * lost);
  if (!c.armor) return 0;
  // Items.c recalculateEquipmentBonuses: armor + 10 x netEnchant(armor), truncated.
  const std::int64_t net = net_enchant_quarters(
      4 * (c.armor_enchant - lost), strength_modifier_quarters(c.strength, c.weakness, c.armor->strength_required));
  return player_defense(c.armor->armor, net);
}

std::int64_t attack_ticks(const Combatant& c) {
  // A monster's catalog attackSpeed; the player's attack takes 100 ticks, half
  // with an ITEM_ATTACKS_QUICKLY weapon (Time.c playerRecoversFromAttacking).
  if (c.is_player) return c.weapon && c.weapon->quick ? 50 : 100;
  return c.monster.attack_speed;
}

namespace {
[[noreturn]] void bad(std::string_view what) { throw Error(fmt::format("brogue: {}", what)); }
}  // namespace

AttackPlan plan_attack(const Combatant& a, const Combatant& d, const Situation& s, CarriedState as, CarriedState ds) {
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
      // Player melee: Items.c recalculateEquipmentBonuses scales the bounds
      // before the roll, each at least 1; Combat.c monsterDamageAdjustmentAmount is 1.
      p.roll = a.weapon ? player_weapon_damage(a.weapon->damage, net) : player_start().unarmed;
    }
  } else {
    // Monster melee: Combat.c monsterDamageAdjustmentAmount scales the roll.
    p.roll = a.monster.damage;
    p.factor = weakness_damage_factor(a.weakness);
    if (a.monster.poisons) p.notes.push_back("the damage is dealt as poison, 1 point at once (MA_POISONS)");
    if (a.monster.transference) p.notes.push_back("the attacker heals by a share of the damage (MA_TRANSFERENCE)");
  }
  p.dice = clump_dice(p.roll);

  if (!d.is_player && (d.monster.immune_to_weapons || d.monster.invulnerable)) {
    // Combat.c attack: a hit does 0 and rolls nothing (MONST_IMMUNE_TO_WEAPONS / MONST_INVULNERABLE).
    p.rolls_damage = false;
    p.notes.push_back("the defender takes no damage from weapons");
  }

  // Acid. Combat.c attack: a hit on a MONST_DEFEND_DEGRADE_WEAPON monster
  // lowers the weapon's enchant1 unless it is already below -10 (or the weapon
  // slays that class). Combat.c specialHit: a MA_HIT_DEGRADE_ARMOR hit the
  // player survives lowers the armor's enchant1 unless enchant1 + armor/10 <= -10.
  if (a.is_player && !s.thrown && !s.slaying && !d.is_player && d.monster.degrades_weapon &&
      (a.weapon || a.net_enchant_quarters)) {
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
      p.notes.push_back("a hit the defender survives lowers its armor enchant by 1 (acid)");
    }
  }
  return p;
}

Outcome exact_outcome(const AttackPlan& p) {
  Outcome o;
  o.hit_percent = p.hit_percent;
  o.p_hit = p.p_hit();
  o.auto_hit = p.attacks && p.auto_hit;
  if (!p.attacks || !p.rolls_damage) {
    o.damage_on_hit = Pmf::point(0);
  } else {
    const Pmf roll = clumped_pmf(p.roll);
    o.damage_on_hit =
        p.factor == FP && p.multiplier == 1 ? roll : roll.map([&p](std::int64_t v) { return p.damage(v); });
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

std::string key_names(std::span<const NamedHelp> keys) {
  std::string s;
  for (const NamedHelp& k : keys) s += fmt::format("{}{}", s.empty() ? "" : ", ", k.name);
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
    c.weapon = &lookup_weapon(start.weapon);
    c.armor = &lookup_armor(start.armor);
    if (auto w = r.text("weapon")) {
      if (*w == "none" || *w == "unarmed")
        c.weapon = nullptr;
      else if (!(c.weapon = find_weapon(*w)))
        r.fail(unknown_name("weapon", *w) + ", or none");
    }
    if (auto a = r.text("armor")) {
      if (*a == "none")
        c.armor = nullptr;
      else if (!(c.armor = find_armor(*a)))
        r.fail(unknown_name("armor", *a) + ", or none");
    }
    // Enchantments beyond what netEnchant can hold (-20..+50) are refused.
    if (auto e = r.integer("enchant", -20, 50)) c.enchant = *e;
    if (auto e = r.integer("armor_enchant", -20, 50)) c.armor_enchant = *e;
    if (auto s = r.integer("strength", 1, 99)) c.strength = *s;
    if (auto w = r.integer("weakness", 0, 10)) c.weakness = *w;
    if (auto h = r.integer("hp", 1, kMaxHp)) c.hp = *h;
    if (auto m = r.integer("max_hp", 1, kMaxHp)) {
      if (!r.has("hp")) c.hp = *m;
      if (*c.hp > *m) r.fail(fmt::format("hp {} is above max_hp {}", *c.hp, *m));
      c.max_hp = *m;
    }
    if (r.text("regeneration") == "none")
      c.regenerates = false;
    else if (auto g = r.integer("regeneration", -10, 50))
      c.regeneration = *g;
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
    r.done(key_names(player_keys()));
    // What the spec left to the defaults: the player's start (RogueMain.c initializeRogue).
    auto took = [&](std::string_view key, std::string text) {
      if (!r.has(key)) c.defaults.emplace_back(std::string(key), std::move(text));
    };
    if (!c.net_enchant_quarters) took("weapon", fmt::format("weapon={} (the player's start)", start.weapon));
    if (c.weapon && !c.net_enchant_quarters) took("enchant", "enchant=0");
    if (!c.defense_override) {
      took("armor", fmt::format("armor={} (the player's start)", start.armor));
      if (c.armor) took("armor_enchant", "armor_enchant=0");
    }
    took("strength", fmt::format("strength={} (the player's start)", start.strength));
    took("hp",
         r.has("max_hp") ? fmt::format("hp={} (max_hp)", *c.hp) : fmt::format("hp={} (the player's start)", *c.hp));
    took("max_hp", fmt::format("max_hp={} (hp)", *c.hp));
    if (c.regenerates) took("regeneration", "regeneration=0");
    return c;
  }
  if (!name.empty()) {
    const Monster* m = find_monster(name);
    if (!m) r.fail(unknown_name("monster", r.spec().name) + "; a spec names player, a catalog monster, or stats");
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
  if (auto h = r.integer("hp", 1, kMaxHp)) c.hp = *h;
  if (auto a = r.integer("accuracy", 0, 100000)) c.monster.accuracy = *a;
  if (auto d = r.integer("defense", 0, 10000)) c.monster.defense = *d;
  if (auto d = r.text("damage")) c.monster.damage = parse_damage(r, *d);
  r.done(key_names(monster_keys()));
  // What the spec left to the defaults: the catalog's HP, or an inline creature's accuracy and defense.
  auto took = [&](std::string_view key, std::string text) {
    if (!r.has(key)) c.defaults.emplace_back(std::string(key), std::move(text));
  };
  if (name.empty()) {
    took("accuracy", "accuracy=100");
    took("defense", "defense=0");
  } else {
    took("hp", fmt::format("hp={} (the catalog's)", *c.hp));
  }
  return c;
}

}  // namespace fray::brogue
