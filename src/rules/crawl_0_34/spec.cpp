// DCSS 0.34.1 combatant specs and situation flags.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/fight/kernel.hpp>
#include <fray/rules/crawl_0_34/attack.hpp>
#include <fray/rules/spec.hpp>

#include "rules/crawl/shared_spec.hpp"

namespace fray::crawl_0_34 {

namespace {

// What a DCSS 0.34 monster spec reads its own way: its sizes, the ranges of
// inaccuracy= and slaying=.
constexpr crawl::MonsterSpecVersion kMonsterSpec{parse_size, 3, -30};

// One spec key: its name, what it means, and for a numeric key its range
// (lo <= hi), so that a sweep can tell the keys it may raise.
struct KeyDoc {
  std::string_view key, meaning;
  double lo = 0, hi = -1;
};

constexpr KeyDoc player_key_docs[] = {
    {"str", "Strength 1..99 (10): damage of every weapon but blades and launchers", 1, 99},
    {"dex", "Dexterity 1..99 (10): to-hit, EV, SH, stabs; damage of blades and launchers", 1, 99},
    {"species", "a DCSS 0.34 species or its abbreviation (minotaur, Mi; human): size, claws, default hp, equipment"},
    {"xl", "experience level 1..27 (1)", 1, 27},
    {"size", "tiny, little, small, medium, large, big, giant (medium)"},
    {"fighting", "Fighting skill 0..27, decimals allowed (0)", 0, 27},
    {"weapon_skill", "the wielded weapon's skill 0..27, whichever it is (0)", 0, 27},
    {"short_blades", "Short Blades skill 0..27, used when the weapon is a short blade (0)", 0, 27},
    {"long_blades", "Long Blades skill 0..27 (0)", 0, 27},
    {"axes", "Axes skill 0..27 (0)", 0, 27},
    {"maces_flails", "Maces & Flails skill 0..27 (0)", 0, 27},
    {"polearms", "Polearms skill 0..27 (0)", 0, 27},
    {"staves", "Staves skill 0..27 (0)", 0, 27},
    {"ranged_weapons", "Ranged Weapons skill 0..27, every launcher (bows, crossbows, slings) (0)", 0, 27},
    {"dodging", "Dodging skill 0..27 (0)", 0, 27},
    {"armor_skill", "Armour skill 0..27 (0); armour_skill is accepted", 0, 27},
    {"shields_skill", "Shields skill 0..27 (0)", 0, 27},
    {"unarmed", "Unarmed Combat skill 0..27 (0)", 0, 27},
    {"throwing", "Throwing skill 0..27 (0)", 0, 27},
    {"stealth", "Stealth skill 0..27 (0): stab chance and stab damage", 0, 27},
    {"weapon", "a weapon or launcher from the weapons catalog (none: unarmed, or a thrown missile)"},
    {"enchant", "weapon enchantment -20..30 (0)", -20, 30},
    {"brand",
     "the weapon's brand (none): flaming, freezing, holy_wrath, electrocution, draining, foul_flame (extra damage), "
     "heavy, speed (damage, delay); venom, protection, vampirism, pain, antimagic, distortion, chaos, penetration, "
     "reaping, spectral, rebuke, valour, entangling, sundering, concussion, devious, acid are accepted and named not "
     "modelled"},
    {"slaying", "slaying bonus -30..30 (0): rings, randarts, the hurling ego, ...", -30, 30},
    {"body", "body armour from the armors catalog (none)"},
    {"body_enchant", "body armour enchantment -20..30 (0): AC", -20, 30},
    {"shield", "buckler, kite_shield or tower_shield (none)"},
    {"shield_enchant", "shield enchantment -20..30 (0): SH", -20, 30},
    {"missile", "what a ranged attack without a launcher throws (dart, javelin, ...)"},
    {"claws", "Claws mutation 0..3 (0): unarmed damage", 0, 3},
    {"eyeballs", "Eyeballs mutation 0..3 (0): +2L+1 to-hit", 0, 3},
    {"inaccuracy", "inaccuracy 0..3 (0): -5 to-hit each", 0, 3},
    {"confused", "confused (off): -5 to-hit, no stabs"},
    {"vertigo", "Vertigo (off): -5 to-hit, -5 EV"},
    {"might", "Might or Berserk (off): +1d10 damage"},
    {"weak", "Weak (off): damage x3/4"},
    {"woe", "the Woe or Sniper automatic hit (off)"},
    {"ev", "EV straight, two decimals allowed (ev=10.40: the game keeps EV in hundredths)", 0, 500},
    {"ev100", "EV in hundredths (1040 is 10.40)", 0, 50000},
    {"sh", "SH straight (player_shield_class(), twice the displayed SH), two decimals allowed", 0, 500},
    {"sh100", "SH in hundredths", 0, 50000},
    {"ac", "AC straight, two decimals allowed (GDR still applies)", 0, 500},
    {"ac100", "AC in hundredths", 0, 50000},
    {"hp", "hit points 1..1000000, for ttk and duel (a fight's default: the species' maximum HP, get_real_hp)", 1, 1e6},
};

constexpr KeyDoc monster_key_docs[] = {
    {"hd", "hit dice 1..50 (inline monsters only; inline 1)", 1, 50},
    {"hp", "hit points (the catalog's average; inline 11*hd/2, the catalog's median per HD)", 1, 1e6},
    {"ev", "base EV 0..200 (the catalog's; inline 0); worn armour and shield still take PARM_EVASION/60", 0, 200},
    {"ac", "AC 0..200 (the catalog's; inline 0)", 0, 200},
    {"sh", "shield class straight, instead of the shield item", 0, 200},
    {"fighter", "M_FIGHTER: melee to-hit 18 + HD*5/2 instead of HD*3/2 (off)"},
    {"archer", "M_ARCHER: missile to-hit 18 + HD*5/2 and +random2avg(HD*4/3, 2) damage (off)"},
    {"weapon",
     "a wielded weapon or launcher from the weapons catalog, or none (default: the one the game always gives a "
     "catalog monster, else none)"},
    {"enchant", "weapon enchantment -20..30 (0)", -20, 30},
    {"body", "worn body armour (its PARM_EVASION/60 off EV)"},
    {"shield", "buckler, kite_shield or tower_shield"},
    {"shield_enchant", "shield enchantment -20..30 (0)", -20, 30},
    {"attack", "which of the catalog monster's attacks, 1-based (1); ttk and duel use them all", 1, 4},
    {"damage", "an inline monster's attack damage 1..1000 (1)", 1, 1000},
    {"size", "tiny .. giant (the catalog's; inline medium)"},
    {"speed", "speed 1..100 (the catalog's; inline 10): an action of E energy takes 10*E/speed aut", 1, 100},
    {"attack_energy", "the energy of a melee round 1..100 (the catalog's; inline 10): 10*E/speed aut a round", 1, 100},
    {"missile_energy", "the energy of a shot 1..100 (the catalog's; inline 10): 10*E/speed aut a shot", 1, 100},
    {"confused", "confused (off): EV halved, -5 to-hit, cannot block"},
    {"inaccuracy", "inaccuracy 0..3 (0)", 0, 3},
    {"slaying", "slaying bonus -30..30 (0)", -30, 30},
};

constexpr KeyDoc bolt_key_docs[] = {
    {"hit", "the bolt's to-hit 0..1500 (1500 always hits); required", 0, 1500},
};

template <std::size_t N>
std::string key_list(const KeyDoc (&docs)[N]) {
  std::string out;
  for (const KeyDoc& d : docs) out += (out.empty() ? "" : ", ") + std::string(d.key);
  return out;
}

// The spec key of each weapon skill (item-prop.cc item_attack_skill).
constexpr std::pair<std::string_view, std::string_view> weapon_skill_keys[] = {
    {"SK_SHORT_BLADES", "short_blades"},     {"SK_LONG_BLADES", "long_blades"}, {"SK_AXES", "axes"},
    {"SK_MACES_FLAILS", "maces_flails"},     {"SK_POLEARMS", "polearms"},       {"SK_STAVES", "staves"},
    {"SK_RANGED_WEAPONS", "ranged_weapons"}, {"SK_THROWING", "throwing"},
};

using crawl::item;
using crawl::skill100;

std::optional<ArmorProp> armor_item(SpecReader& r, std::string_view key, bool shield) {
  return item<ArmorProp>(r, key, [&](const std::string& n) {
    const ArmorProp& a = lookup_armor(n);
    if (shield && !a.is_shield())
      throw Error(fmt::format("{}={} is not a shield (buckler, kite_shield, tower_shield)", key, n));
    if (!shield && !a.is_body()) throw Error(fmt::format("{}={} is not body armour", key, n));
    return a;
  });
}

std::optional<int> body_size(SpecReader& r) {
  return item<int>(r, "size", [](const std::string& n) { return parse_size(n); });
}

int int_key(SpecReader& r, std::string_view key, int lo, int hi, int fallback) {
  const auto v = r.integer(key, lo, hi);
  return v ? static_cast<int>(*v) : fallback;
}

// A value the game keeps in hundredths: ev=10.40 (at most two decimals) or ev100=1040.
std::optional<int> hundredths(SpecReader& r, std::string_view key) {
  const std::string k100 = std::string(key) + "100";
  if (auto v = r.number(key, 0, 500)) {
    if (r.has(k100)) r.fail(fmt::format("give {} or {}, not both", key, k100));
    const double x = *v * 100, whole = std::round(x);
    if (std::fabs(x - whole) > 1e-6)
      r.fail(fmt::format("{}={} has more than two decimals (the game keeps it in hundredths: {}=10.40)", key, *v, key));
    return static_cast<int>(whole);
  }
  if (auto v = r.integer(k100, 0, 50000)) return static_cast<int>(*v);
  return std::nullopt;
}

// The wielded weapon's skill: weapon_skill=, or the key named after its skill
// (long_blades=, ranged_weapons=, ...). A weapon skill the weapon does not use
// is refused, so that a spec never carries a number that changes nothing.
int weapon_skill100(SpecReader& r, const std::optional<WeaponProp>& weapon) {
  std::string_view own;
  if (weapon)
    for (const auto& [sk, key] : weapon_skill_keys)
      if (sk == weapon->skill) own = key;
  for (const auto& [sk, key] : weapon_skill_keys) {
    if (key == "throwing" || key == own || !r.has(key)) continue;
    if (weapon)
      r.fail(fmt::format("{}= is not the skill of the wielded {} (it uses {}=, or weapon_skill=)", key, weapon->name,
                         own.empty() ? "weapon_skill" : own));
    r.fail(fmt::format("{}= needs a weapon that uses it (weapon=...); unarmed attacks use unarmed=", key));
  }
  if (r.has("weapon_skill")) {
    if (!weapon) r.fail("weapon_skill= needs weapon=...; unarmed attacks use unarmed=");
    if (!own.empty() && own != "throwing" && r.has(own)) r.fail(fmt::format("give weapon_skill or {}, not both", own));
    return skill100(r, "weapon_skill");
  }
  if (!own.empty() && own != "throwing") return skill100(r, own);
  return 0;
}

// What the species cannot wield or wear: player-equip.cc
// get_player_equip_slot_count (no weapon slot with MUT_NO_GRASPING; no body
// armour slot for draconians, octopodes, MUT_NO_ARMOUR, MUT_FORMLESS; no
// off-hand with MUT_NO_GRASPING) and can_equip_item (is_weapon_too_large
// unless MUT_QUADRUMANOUS; fit_armour_size of the torso for body armour and
// shields), read from species.json.
void check_equipment(SpecReader& r, const Player& p) {
  if (!p.species) return;
  const Species& s = *p.species;
  const std::string who = (std::string_view("aeiou").find(s.key[0]) == std::string_view::npos ? "a " : "an ") + s.key;
  if (p.weapon && !s.can_wield)
    r.fail(fmt::format("weapon={}: {} cannot wield weapons", catalog_key(p.weapon->name), who));
  if (p.weapon && !s.quadrumanous && p.weapon->min_2h_size > s.torso_size)
    r.fail(fmt::format("weapon={}: too large for {} to wield (it needs a {} torso, {} has a {} one)",
                       catalog_key(p.weapon->name), who, size_name(p.weapon->min_2h_size), who,
                       size_name(s.torso_size)));
  auto fits = [&](std::string_view key, const ArmorProp& armour) {
    const auto [lo, hi] = armour_fit(armour.name);
    if (lo < 0 || (s.torso_size >= lo && s.torso_size <= hi)) return;
    r.fail(fmt::format("{}={}: too {} for {} to wear (it fits {} to {}, {} has a {} torso)", key,
                       catalog_key(armour.name), s.torso_size > hi ? "small" : "large", who, size_name(lo),
                       size_name(hi), who, size_name(s.torso_size)));
  };
  if (p.body) {
    if (!s.can_wear_body_armour)
      r.fail(fmt::format("body={}: {} cannot wear body armour", catalog_key(p.body->name), who));
    fits("body", *p.body);
  }
  if (p.shield) {
    if (!s.can_use_shield) r.fail(fmt::format("shield={}: {} cannot hold a shield", catalog_key(p.shield->name), who));
    fits("shield", *p.shield);
  }
}

Player parse_player(SpecReader& r) {
  Player p;
  p.str = int_key(r, "str", 1, 99, p.str);
  p.dex = int_key(r, "dex", 1, 99, p.dex);
  p.xl = int_key(r, "xl", 1, 27, p.xl);
  p.species =
      item<const Species*>(r, "species", [](const std::string& n) { return &lookup_species(n); }).value_or(nullptr);
  if (auto v = body_size(r)) {
    // species::size(PSIZE_BODY): a species has one size (player::body_size, no form).
    if (p.species && *v != p.species->size)
      r.fail(fmt::format("size={} is not the size of a {} ({}): leave size= out", size_name(*v), p.species->key,
                         size_name(p.species->size)));
    p.size = *v;
  } else if (p.species) {
    p.size = p.species->size;
  }
  p.weapon = item<WeaponProp>(r, "weapon", [](const std::string& n) { return lookup_weapon(n); });
  p.fighting = skill100(r, "fighting");
  p.weapon_skill = weapon_skill100(r, p.weapon);
  crawl::read_player_skills(r, p);
  // The old blowgun is a launcher of the Throwing skill.
  if (p.weapon && p.weapon->skill == "SK_THROWING" && !r.has("weapon_skill")) p.weapon_skill = p.throwing;
  p.stealth = skill100(r, "stealth");
  p.enchant = int_key(r, "enchant", -20, 30, 0);
  p.brand = item<Brand>(r, "brand", [](const std::string& n) { return lookup_brand(n); }).value_or(Brand::none);
  if (p.brand != Brand::none && !p.weapon)
    r.fail(fmt::format("brand={} needs weapon=...: a brand is the wielded weapon's", brand_info(p.brand).key));
  p.slaying = int_key(r, "slaying", -30, 30, 0);
  p.body = armor_item(r, "body", false);
  p.body_enchant = int_key(r, "body_enchant", -20, 30, 0);
  p.shield = armor_item(r, "shield", true);
  p.shield_enchant = int_key(r, "shield_enchant", -20, 30, 0);
  p.missile = item<MissileProp>(r, "missile", [](const std::string& n) { return lookup_missile(n); });
  // The species' innate claws at its XL (Felid 1, Troll 3, Revenant 1); claws=
  // may add mutated levels, not take innate ones away.
  const int innate_claws = p.species ? std::min(3, p.species->mutation_level("MUT_CLAWS", p.xl)) : 0;
  p.claws = int_key(r, "claws", 0, 3, innate_claws);
  if (p.claws < innate_claws)
    r.fail(fmt::format("claws={} is below a {}'s innate claws ({}) at XL {}", p.claws, p.species->key, innate_claws,
                       p.xl));
  p.eyeballs = int_key(r, "eyeballs", 0, 3, 0);
  p.inaccuracy = int_key(r, "inaccuracy", 0, 3, 0);
  p.confused = r.flag("confused").value_or(false);
  p.vertigo = r.flag("vertigo").value_or(false);
  p.might = r.flag("might").value_or(false);
  p.weak = r.flag("weak").value_or(false);
  p.woe = r.flag("woe").value_or(false);
  p.ev100 = hundredths(r, "ev");
  p.sh100 = hundredths(r, "sh");
  p.ac100 = hundredths(r, "ac");
  p.hp = int_key(r, "hp", 1, static_cast<int>(kMaxHp), 0);
  check_equipment(r, p);
  // ARMF_REGENERATION: the troll leather armour is the catalog's one body armour with it.
  p.regen = crawl::parse_regen_sources(r, p.body && p.body->name == "troll leather armour");
  // The species' innate Regeneration (Troll, Vine Stalker: _player_bonus_regen
  // counts every level of MUT_REGENERATION); regeneration= may add levels.
  if (const int innate = p.species ? p.species->mutation_level("MUT_REGENERATION", p.xl) : 0; innate > 0) {
    if (!r.has("regeneration"))
      p.regen.mutation = innate;
    else if (p.regen.mutation < innate)
      r.fail(fmt::format("regeneration={} is below a {}'s innate Regeneration ({})", p.regen.mutation, p.species->key,
                         innate));
  }
  r.done(key_list(player_key_docs) + ", " + crawl::regen_key_list());
  // The defaults the answer reads, for its notes: the stats; the Fighting
  // skill; the weapon and the skill of the attack (the weapon's, Throwing for
  // a missile, else Unarmed Combat); the skills behind EV, AC and SH when they
  // are not given straight.
  auto took = [&r, &p](std::string_view key, std::string value) {
    if (!r.has(key)) p.defaults.push_back(fmt::format("{}={}", key, value));
  };
  took("str", "10");
  took("dex", "10");
  took("fighting", "0");
  if (p.weapon) {
    std::string_view own = "weapon_skill";
    for (const auto& [sk, key] : weapon_skill_keys)
      if (sk == p.weapon->skill) own = key;
    if (!r.has("weapon_skill") && !r.has(own)) p.defaults.push_back(fmt::format("{}=0", own));
  } else {
    took("weapon", "none (unarmed)");
    if (p.missile)
      took("throwing", "0");
    else
      took("unarmed", "0");
  }
  if (!p.ev100) took("dodging", "0");
  if (p.body && !p.ac100 && !r.has("armour_skill")) took("armor_skill", "0");
  if (p.shield && !p.sh100) took("shields_skill", "0");
  return p;
}

Creature parse_monster(SpecReader& r, const MonsterProp* base) {
  Creature m;
  if (base) {
    crawl::from_catalog(m, *base);
  } else {
    m.attacks = {{"AT_HIT", "AF_PLAIN", 1}};
  }
  if (auto v = r.integer("hd", 1, 50)) {
    if (base) r.fail("hd= is for inline monsters: a catalog monster's attacks are rescaled with its HD");
    m.hd = static_cast<int>(*v);
  } else if (!base) {
    r.fail("an inline monster needs hd=N");
  }
  crawl::read_monster_defenses(r, m, base != nullptr, &Creature::shield_class);
  crawl::read_monster_weapon(r, m, base, [](const std::string& n) { return lookup_weapon(n); });
  m.enchant = int_key(r, "enchant", -20, 30, 0);
  m.body = armor_item(r, "body", false);
  m.shield = armor_item(r, "shield", true);
  m.shield_enchant = int_key(r, "shield_enchant", -20, 30, 0);
  crawl::read_monster_rest(r, m, base != nullptr, kMonsterSpec);
  r.done(key_list(monster_key_docs));
  return m;
}

using FlagDoc = crawl::SituationFlag<Situation>;

constexpr FlagDoc situation_docs[] = {
    {"invisible", &Situation::invisible,
     "the attacker cannot see the defender: player -6 to-hit, monster -mhit*35/100, bolt h/2; no stab"},
    {"attacker_invisible", &Situation::attacker_invisible,
     "the defender cannot see the attacker: its SH roll /3, the player's EV -10, a stab chance"},
    {"backlit", &Situation::backlit, "the defender is backlit (corona, halo): +5 to-hit (+10 for bolts)"},
    {"umbra", &Situation::umbra, "the defender is in umbra and the attacker lacks nightvision: -3 (-6 for bolts)"},
    {"sleeping", &Situation::sleeping, "the defender is asleep: EV 0, no block, always stabbed (asleep accepted)"},
    {"paralyzed", &Situation::paralyzed, "the defender is paralyzed: as asleep (paralysed accepted)"},
    {"petrified", &Situation::petrified, "the defender is petrified: as asleep"},
    {"caught", &Situation::caught,
     "the defender is caught in a net or web: monster EV /5, player EV /2, no block, a stab chance (netted accepted)"},
    {"confused", &Situation::confused, "the defender is confused: monster EV /2, no block, a stab chance"},
    {"unaware", &Situation::unaware, "the monster's foe is not the player (distracted): a stab chance"},
    {"fleeing", &Situation::fleeing, "the monster is fleeing: a stab chance"},
    {"constricted", &Situation::constricted, "the defender is constricted: EV -10"},
    {"ranged", &Situation::ranged, "a launched or thrown missile instead of melee"},
    {"repel_missiles", &Situation::repel_missiles, "the player repels missiles (rMsl, Distortion Field): EV +15"},
    {"deflect_missiles", &Situation::deflect_missiles, "the monster deflects missiles: EV +24 against missiles"},
};

constexpr crawl::SituationAlias situation_aliases[] = {
    {"asleep", "sleeping"}, {"paralysed", "paralyzed"}, {"netted", "caught"}};

}  // namespace

Combatant parse_combatant(std::string_view text, std::string_view role) {
  Spec spec = parse_spec(text);
  const std::string name = spec.name;
  SpecReader r(std::move(spec), role);
  if (name == "player") return {parse_player(r)};
  if (name == "bolt") {
    Bolt b;
    if (auto v = r.integer("hit", 0, automatic_hit))
      b.hit = static_cast<int>(*v);
    else
      r.fail("a bolt needs hit=N (its to-hit; 1500 always hits)");
    r.done(key_list(bolt_key_docs));
    return {b};
  }
  if (name.empty()) return {parse_monster(r, nullptr)};
  const MonsterProp* base = find_monster(name);
  if (!base) {
    std::vector<std::string> known{"player", "bolt"};
    for (const MonsterProp& m : monsters()) known.push_back(catalog_key(m.name));
    r.fail(fmt::format("crawl-0.34: unknown monster '{}'{} (or 'player', 'bolt', or an inline monster hd=N,...)", name,
                       did_you_mean(catalog_key(name), known)));
  }
  return {parse_monster(r, base)};
}

Situation parse_situation(const std::vector<std::string>& flags) {
  Situation s;
  for (const std::string& f : flags) {
    if (f.rfind("blocks=", 0) == 0) {
      const std::int64_t n = parse_int(std::string_view(f).substr(7), "situation blocks=");
      if (n < 0 || n > 10) throw Error(fmt::format("crawl-0.34: situation '{}': blocks must be 0..10", f));
      s.blocks = static_cast<int>(n);
      continue;
    }
    crawl::set_situation_flag(s, f, situation_docs, situation_aliases, "crawl-0.34", ", blocks=N");
  }
  return s;
}

std::vector<std::pair<std::string, std::string>> situation_flags() {
  std::vector<std::pair<std::string, std::string>> out = crawl::situation_flag_docs(situation_docs);
  out.emplace_back("blocks=N",
                   "the defender already blocked N times this turn (0..10): its shield's limit counts them");
  return out;
}

std::vector<SpecKey> spec_keys() {
  std::vector<SpecKey> out;
  auto add = [&out](std::string_view who, const auto& docs) {
    for (const KeyDoc& d : docs)
      out.push_back({fmt::format("{}:{}", who, d.key), std::string(d.meaning), d.lo <= d.hi, d.lo, d.hi});
  };
  add("player", player_key_docs);
  for (const crawl::RegenKeyDoc& d : crawl::kRegenKeyDocs)
    out.push_back({fmt::format("player:{}", d.key), std::string(d.meaning), d.lo <= d.hi, d.lo, d.hi});
  add("monster", monster_key_docs);
  add("bolt", bolt_key_docs);
  return out;
}

std::string combatant_name(const Combatant& c) { return c.name(); }

}  // namespace fray::crawl_0_34
