// Crawl combatant specs and situation flags: every name is looked up once
// here, into the enumerations and catalog rows the attack code reads.
#include <fmt/format.h>

#include <array>
#include <cmath>
#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/fight/kernel.hpp>
#include <fray/rules/crawl/attack.hpp>
#include <fray/rules/spec.hpp>

#include "rules/crawl/shared_spec.hpp"

namespace fray::crawl {

namespace {

// What a DCSS 0.19 monster spec reads its own way: its sizes, the ranges of
// inaccuracy= and slaying=.
constexpr crawl::MonsterSpecVersion kMonsterSpec{parse_size, 2, -20};

constexpr std::array<std::string_view, 16> form_words = {
    "none", "spider",    "blade_hands", "statue",    "ice_beast", "dragon", "lich",   "bat",
    "pig",  "appendage", "tree",        "porcupine", "wisp",      "fungus", "shadow", "jelly"};

struct KeyDoc {
  std::string_view key, meaning;
};

constexpr KeyDoc player_key_docs[] = {
    {"str", "Strength 1..99 (10)"},
    {"dex", "Dexterity 1..99 (10)"},
    {"int", "Intelligence 1..99 (10)"},
    {"xl", "experience level 1..27 (1)"},
    {"size", "tiny, little, small, medium, large, big, giant (medium)"},
    {"fighting", "Fighting skill 0..27, decimals allowed (0)"},
    {"weapon_skill", "the wielded weapon's skill 0..27 (0)"},
    {"dodging", "Dodging skill 0..27 (0)"},
    {"armor_skill", "Armour skill 0..27 (0); armour_skill is accepted"},
    {"shields_skill", "Shields skill 0..27 (0)"},
    {"unarmed", "Unarmed Combat skill 0..27 (0)"},
    {"throwing", "Throwing skill 0..27 (0)"},
    {"stealth", "Stealth skill 0..27 (0)"},
    {"weapon", "a weapon from the weapons catalog (none: unarmed)"},
    {"enchant", "weapon enchantment -20..30 (0)"},
    {"slaying", "slaying bonus -20..30 (0)"},
    {"body", "body armor from the armors catalog (none)"},
    {"shield", "buckler, shield or large_shield (none)"},
    {"shield_enchant", "shield enchantment -20..30 (0)"},
    {"missile", "what a ranged attack throws or fires (arrow, javelin, ...)"},
    {"form",
     "none, spider, blade_hands, statue, ice_beast, dragon, lich, bat, pig, appendage, tree, porcupine, "
     "wisp, fungus, shadow, jelly (none)"},
    {"claws", "Claws mutation 0..3 (0)"},
    {"eyeballs", "Eyeballs mutation 0..3 (0)"},
    {"inaccuracy", "inaccuracy 0..2 (0)"},
    {"confused", "confused (off)"},
    {"vertigo", "vertigo (off)"},
    {"starving", "starving (off)"},
    {"might", "Might or Berserk (off)"},
    {"weak", "Weak (off)"},
    {"woe", "the Woe or Sniper auto-hit (off)"},
    {"ev", "EV straight, as the attack compares it (computed from dex, dodging and armor)"},
    {"sh", "SH straight, player_shield_class(): twice the displayed SH (computed from the shield)"},
    {"ac", "AC straight, no GDR then (computed from body armor)"},
    {"hp", "hit points, for ttk and duel"},
};

constexpr KeyDoc monster_key_docs[] = {
    {"hd", "hit dice 1..50 (the catalog's; inline 1)"},
    {"hp", "hit points (the catalog's average; inline 11·hd/2, the catalog's median per HD)"},
    {"ev", "EV straight, no shield adjustment (the catalog's; inline 0)"},
    {"ac", "AC (the catalog's; inline 0)"},
    {"sh", "the shield's block value c, instead of the shield item"},
    {"fighter", "M_FIGHTER: melee to-hit 25 per 10 HD instead of 15 (off)"},
    {"archer", "M_ARCHER: missile to-hit 15 per 6 HD instead of 9 (off)"},
    {"weapon",
     "a wielded weapon from the weapons catalog, or none (default: the one the game always gives a catalog "
     "monster, else none)"},
    {"enchant", "weapon enchantment -20..30 (0)"},
    {"shield", "buckler, shield or large_shield"},
    {"shield_enchant", "shield enchantment (0)"},
    {"missile", "what a ranged attack fires"},
    {"attack", "which of the catalog monster's attacks, 1-based (1)"},
    {"damage", "an inline monster's attack damage (1)"},
    {"size", "tiny .. giant (the catalog's; inline medium)"},
    {"speed", "speed 1..100 (the catalog's; inline 10): a round of E energy takes 10*E/speed aut"},
    {"attack_energy", "the energy of a melee round 1..100 (the catalog's; inline 10), times the weapon's delay"},
    {"missile_energy", "the energy of a shot 1..100 (the catalog's; inline 10), times the launcher's delay"},
    {"confused", "confused (off)"},
    {"inaccuracy", "inaccuracy 0..2 (0)"},
    {"slaying", "slaying bonus (0)"},
};

constexpr KeyDoc bolt_key_docs[] = {
    {"hit", "the bolt's to-hit (1500 always hits); required"},
    {"pierce", "a piercing bolt (off)"},
};

template <std::size_t N>
std::string key_list(const KeyDoc (&docs)[N]) {
  std::string out;
  for (const KeyDoc& d : docs) out += (out.empty() ? "" : ", ") + std::string(d.key);
  return out;
}

// shield=NAME, for the player and for monsters: an armor of the shield slot.
std::optional<ArmorProp> shield_item(SpecReader& r) {
  return item<ArmorProp>(r, "shield", [](const std::string& n) {
    const ArmorProp& a = lookup_armor(n);
    if (a.slot != ArmorSlot::shield) throw Error(fmt::format("shield={} is not a shield", n));
    return a;
  });
}

// size=WORD (tiny .. giant), for the player and for monsters.
std::optional<int> body_size(SpecReader& r) {
  return item<int>(r, "size", [](const std::string& n) { return parse_size(n); });
}

Player parse_player(SpecReader& r) {
  Player p;
  if (auto v = r.integer("str", 1, 99)) p.str = static_cast<int>(*v);
  if (auto v = r.integer("dex", 1, 99)) p.dex = static_cast<int>(*v);
  if (auto v = r.integer("int", 1, 99)) p.intel = static_cast<int>(*v);
  if (auto v = r.integer("xl", 1, 27)) p.xl = static_cast<int>(*v);
  if (auto v = body_size(r)) p.size = *v;
  p.fighting = skill100(r, "fighting");
  p.weapon_skill = skill100(r, "weapon_skill");
  crawl::read_player_skills(r, p);
  p.stealth = skill100(r, "stealth");
  p.weapon = item<WeaponProp>(r, "weapon", [](const std::string& n) { return lookup_weapon(n); });
  if (auto v = r.integer("enchant", -20, 30)) p.enchant = static_cast<int>(*v);
  if (auto v = r.integer("slaying", -20, 30)) p.slaying = static_cast<int>(*v);
  p.body = item<ArmorProp>(r, "body", [&r](const std::string& n) {
    const ArmorProp& a = lookup_armor(n);
    if (a.slot != ArmorSlot::body) r.fail(fmt::format("body={} is not body armour", n));
    return a;
  });
  p.shield = shield_item(r);
  if (auto v = r.integer("shield_enchant", -20, 30)) p.shield_enchant = static_cast<int>(*v);
  p.missile = item<MissileProp>(r, "missile", [](const std::string& n) { return lookup_missile(n); });
  if (auto v = item<Form>(r, "form", [](const std::string& n) { return parse_form(n); })) p.form = *v;
  if (auto v = r.integer("claws", 0, 3)) p.claws = static_cast<int>(*v);
  if (auto v = r.integer("eyeballs", 0, 3)) p.eyeballs = static_cast<int>(*v);
  if (auto v = r.integer("inaccuracy", 0, 2)) p.inaccuracy = static_cast<int>(*v);
  p.confused = r.flag("confused").value_or(false);
  p.vertigo = r.flag("vertigo").value_or(false);
  p.starving = r.flag("starving").value_or(false);
  p.might = r.flag("might").value_or(false);
  p.weak = r.flag("weak").value_or(false);
  p.woe = r.flag("woe").value_or(false);
  if (auto v = r.integer("ev", 0, 200)) p.ev = static_cast<int>(*v);
  // SH as the block formulas use it: player_shield_class(), twice the displayed SH.
  if (auto v = r.integer("sh", 0, 200)) p.sh = static_cast<int>(*v);
  if (auto v = r.integer("ac", 0, 200)) p.ac = static_cast<int>(*v);
  if (auto v = r.integer("hp", 1, kMaxHp)) p.hp = static_cast<int>(*v);
  p.regen = parse_regen_sources(r, p.body && p.body->name == "troll leather armour");
  r.done(key_list(player_key_docs) + ", " + regen_key_list());
  // The defaults the answer reads, for its notes: the stats, the XL (the
  // maximum HP of a fight without hp=, the Wisp and Fungus forms' to-hit and
  // damage), the Fighting skill, the weapon and the skill of the attack (the
  // weapon's, Throwing for a missile, else Unarmed Combat), the skills behind
  // EV, AC and SH when they are not given straight.
  auto took = [&r, &p](std::string_view key, std::string_view value) {
    if (!r.has(key)) p.defaults.push_back(fmt::format("{}={}", key, value));
  };
  took("str", "10");
  took("dex", "10");
  took("xl", "1");
  took("fighting", "0");
  if (p.weapon) {
    took("weapon_skill", "0");
  } else {
    took("weapon", "none (unarmed)");
    if (p.missile)
      took("throwing", "0");
    else if (p.form != Form::wisp && p.form != Form::fungus)  // their XL stands in for the skill
      took("unarmed", "0");
  }
  if (!p.ev) took("dodging", "0");
  if (p.body && !p.ac && !r.has("armour_skill")) took("armor_skill", "0");
  if (p.shield && !p.sh) took("shields_skill", "0");
  return p;
}

Monster parse_monster(SpecReader& r, const MonsterProp* base) {
  Monster m;
  if (base) {
    crawl::from_catalog(m, *base);
  } else {
    m.name = "monster";  // its one hit of damage= (Monster's default)
  }
  if (auto v = r.integer("hd", 1, 50))
    m.hd = static_cast<int>(*v);
  else if (!base)
    m.defaults.push_back("hd=1");
  m.ev_given = crawl::read_monster_defenses(r, m, base != nullptr, &Monster::sh_value);
  crawl::read_monster_weapon(r, m, base, [](const std::string& n) { return lookup_weapon(n); });
  if (auto v = r.integer("enchant", -20, 30)) m.enchant = static_cast<int>(*v);
  m.shield = shield_item(r);
  if (auto v = r.integer("shield_enchant", -20, 30)) m.shield_enchant = static_cast<int>(*v);
  m.missile = item<MissileProp>(r, "missile", [](const std::string& n) { return lookup_missile(n); });
  crawl::read_monster_rest(r, m, base != nullptr, kMonsterSpec);
  r.done(key_list(monster_key_docs));
  return m;
}

using FlagDoc = crawl::SituationFlag<Situation>;

constexpr FlagDoc situation_docs[] = {
    {"invisible", &Situation::invisible, "the attacker cannot see the defender"},
    {"attacker_invisible", &Situation::attacker_invisible, "the defender cannot see the attacker"},
    {"backlit", &Situation::backlit, "the defender is backlit (corona): +2+random2(8) to-hit"},
    {"umbra", &Situation::umbra, "the defender stands in umbra: -(2+random2(4)) to-hit"},
    {"sleeping", &Situation::sleeping, "the defender is asleep: EV 0, no block, stabbed"},
    {"paralyzed", &Situation::paralyzed, "the defender is paralyzed (paralysed accepted)"},
    {"petrified", &Situation::petrified, "the defender is petrified"},
    {"netted", &Situation::caught, "the defender is caught in a net"},
    {"unaware", &Situation::unaware, "the monster has not noticed the player: a stab chance"},
    {"fleeing", &Situation::fleeing, "the monster is fleeing: a stab chance"},
    {"ranged", &Situation::ranged, "a thrown or launched missile instead of melee"},
    {"deflect_missiles", &Situation::deflect_missiles, "the defender has Deflect Missiles"},
    {"repel_missiles", &Situation::repel_missiles, "the defender has Repel Missiles (rMsl, Repulsion Field)"},
};

constexpr crawl::SituationAlias situation_aliases[] = {{"paralysed", "paralyzed"}};

}  // namespace

int player_max_hp(const Player& p) {
  // you.skill(SK_FIGHTING, scale, true): the skill with its progress, times
  // scale, rounded down; fray holds Fighting in hundredths.
  const int fight5 = p.fighting * 5 / 100, fight3 = p.fighting * 3 / 100;
  int hp = p.xl * 11 / 2 + 8;
  hp += p.xl * fight5 / 70 + (fight3 + 1) / 2;
  hp = hp * (10 + 0) / 10;  // species_hp_modifier: 0 for a human
  int form_mod = 10;
  switch (p.form) {
    case Form::statue:
      form_mod = 13;
      break;
    case Form::ice_beast:
      form_mod = 12;
      break;
    case Form::dragon:
    case Form::tree:
      form_mod = 15;
      break;
    default:
      break;
  }
  hp = hp * form_mod / 10;
  return std::max(1, hp);
}

Form parse_form(std::string_view word) {
  const std::string w = catalog_key(word);
  for (std::size_t i = 0; i < form_words.size(); ++i)
    if (w == form_words[i]) return static_cast<Form>(i);
  const std::vector<std::string> known(form_words.begin(), form_words.end());
  throw Error(
      fmt::format("form={} is not a 0.19 form{} (none, spider, blade_hands, statue, ice_beast, dragon, "
                  "lich, bat, pig, appendage, tree, porcupine, wisp, fungus, shadow, jelly)",
                  word, did_you_mean(w, known)));
}

std::string_view form_name(Form form) noexcept { return form_words[static_cast<std::size_t>(form)]; }

Combatant parse_combatant(std::string_view text, std::string_view role) {
  Spec spec = parse_spec(text);
  const std::string name = spec.name;
  SpecReader r(std::move(spec), role);
  if (name == "player") return parse_player(r);
  if (name == "bolt") {
    Bolt b;
    if (auto v = r.integer("hit", 0, automatic_hit))
      b.hit = static_cast<int>(*v);
    else
      r.fail("a bolt needs hit=N (its to-hit, 1500 = always hits)");
    b.pierce = r.flag("pierce").value_or(false);
    r.done(key_list(bolt_key_docs));
    return b;
  }
  if (name.empty()) return parse_monster(r, nullptr);
  const MonsterProp* base = find_monster(name);
  if (!base) {
    std::vector<std::string> known{"player", "bolt"};
    for (const MonsterProp& m : monsters()) known.push_back(catalog_key(m.name));
    r.fail(fmt::format("unknown monster '{}'{} (or 'player', 'bolt', or an inline monster)", name,
                       did_you_mean(catalog_key(name), known)));
  }
  return parse_monster(r, base);
}

Situation parse_situation(const std::vector<std::string>& flags) {
  Situation s;
  for (const std::string& f : flags) crawl::set_situation_flag(s, f, situation_docs, situation_aliases, "crawl", "");
  return s;
}

std::vector<std::pair<std::string, std::string>> situation_flags() {
  return crawl::situation_flag_docs(situation_docs);
}

std::vector<std::pair<std::string, std::string>> spec_keys() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const KeyDoc& d : player_key_docs) out.emplace_back(fmt::format("player:{}", d.key), d.meaning);
  for (const RegenKeyDoc& d : kRegenKeyDocs) out.emplace_back(fmt::format("player:{}", d.key), d.meaning);
  for (const KeyDoc& d : monster_key_docs) out.emplace_back(fmt::format("monster:{}", d.key), d.meaning);
  for (const KeyDoc& d : bolt_key_docs) out.emplace_back(fmt::format("bolt:{}", d.key), d.meaning);
  return out;
}

std::string combatant_name(const Combatant& c) {
  if (std::holds_alternative<Player>(c)) return "player";
  if (std::holds_alternative<Bolt>(c)) return "bolt";
  return std::get<Monster>(c).name;
}

}  // namespace fray::crawl
