// Pixel Dungeon 1.9.1's specs: the hero, the mobs and inline combatants,
// and the situation flags, read from their text.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/rules/pixel_dungeon/attack.hpp>
#include <fray/rules/pixel_dungeon/catalog.hpp>
#include <fray/rules/pixel_dungeon/hero.hpp>
#include <fray/rules/pixel_dungeon/ruleset.hpp>
#include <fray/rules/spec.hpp>
#include <span>
#include <string>
#include <vector>

#include "rules/pixel_dungeon/spec.hpp"

namespace fray::pixel_dungeon {

namespace {

constexpr SpecKey kSpecKeys[] = {
    {"class", "hero", "warrior, mage, rogue or huntress (default warrior, or the subclass's class)"},
    {"subclass", "hero",
     "gladiator, berserker (warrior); warlock, battlemage (mage); assassin, freerunner (rogue); sniper, warden "
     "(huntress)"},
    {"level", "hero", "hero level 1..30 (default 1): accuracy 9+level, evasion 4+level, HT 20+5·(level−1)"},
    {"str", "hero", "strength 1..100 (default the kit's: 11 for the warrior, 10 otherwise)"},
    {"hp", "hero, mob, inline",
     "current HP (default HT); Berserker Fury and the brute's rage read it, fights start from it"},
    {"weapon", "hero, mob", "hero: the wielded weapon or none (default the kit's); animated statue: its melee weapon"},
    {"weapon_level", "hero, mob", "the weapon's upgrade level (hero −10..100, statue 0..100; default 0)"},
    {"armor", "hero", "cloth, leather, mail, scale, plate or none (default cloth)"},
    {"armor_level", "hero", "the armor's upgrade level −10..100 (default 0)"},
    {"missile", "hero", "the thrown weapon, or none (default the kit's), used with --situation thrown"},
    {"missile_level", "hero", "its upgrade level −10..100 (only the boomerang upgrades)"},
    {"ring_accuracy", "hero", "sum of Ring of Accuracy levels −10..10: accuracy ×1.4^n"},
    {"ring_evasion", "hero", "sum of Ring of Evasion levels −10..10: evasion ×1.2^n"},
    {"ring_mending", "hero",
     "sum of Ring of Mending levels −10..10: the hero regenerates 1 HP every 10 / 1.2^n turns (Regeneration.act)"},
    {"starving", "hero",
     "the hero is starving (Hunger.isStarving): no regeneration, and 1 damage with chance 0.3 every 10 turns (12 "
     "for the rogue); 1 or 0 (default 0)"},
    {"combo", "hero", "Gladiator: the Combo count including this hit, 0..1000"},
    {"charges", "hero", "Battlemage: charges of the wand used in melee, before the hit, 0..100"},
    {"max_charges", "hero", "Battlemage: the wand's maximum charges (default: charges, a full wand)"},
    {"depth", "mob", "dungeon depth 1..26 for the mobs whose stats follow it (wraith, giant_piranha, mimic, ...)"},
    {"pumped", "mob", "Goo has pumped up: accuracy 30, damage 5–30"},
    {"fists", "mob", "Yog-Dzewa: living fists 0..2, each halving the damage it takes"},
    {"corridor", "mob",
     "swarm of flies: the fight is in a corridor one cell wide: only the front fly bites, and it splits only "
     "when alone (Swarm.defenseProc needs a free cell beside it); default an open room"},
    {"on_water", "mob",
     "Goo or a rotting fist stands on water: below HT it regains 1 HP (the fist 4) on each of its turns (Goo.act, "
     "RottingFist.act); default off"},
    {"accuracy", "mob, inline", "attack skill (inline; the mirror image's, copied from the hero when cast)"},
    {"evasion", "inline", "defense skill"},
    {"damage", "mob, inline", "inline: MIN-MAX, a NormalIntRange; mirror image: N, rolled once when cast"},
    {"armor", "inline", "DR: the armor roll is IntRange(0, DR)"},
};

// "class, subclass, ..." for the specs of one kind.
std::string keys_of(std::string_view spec) {
  std::string out;
  for (const auto& k : kSpecKeys)
    if (k.specs.find(spec) != std::string_view::npos) out += fmt::format("{}{}", out.empty() ? "" : ", ", k.key);
  return out;
}

constexpr Flag kFlags[] = {
    {"thrown", &Situation::thrown, "the hero throws its missile weapon (Hero.shoot)"},
    {"adjacent", &Situation::adjacent, "a throw at Chebyshev distance 1: accuracy ×0.5 (Hero.attackSkill)"},
    {"magic", &Situation::magic, "a mob casts its spell: magic hit (acuRoll doubled), no armor"},
    {"unseen", &Situation::unseen,
     "the defending mob has not seen its enemy: evasion 0 and the Assassin bonus (Mob.defenseSkill, defenseProc)"},
    {"paralyzed", &Situation::paralyzed,
     "the defender is paralyzed: a mob's evasion 0 (and the Assassin bonus), a hero's evasion halved; "
     "Char.damage checks whether it breaks"},
    {"water", &Situation::water, "the target stands in water: the gnoll shaman's lightning ×1.5"},
    {"resisted", &Situation::resisted, "the defender resists this source: damage becomes IntRange(0, dmg)"},
    {"immune", &Situation::immune, "the defender is immune to this source: damage 0"},
    {"acting", &Situation::acting, "the defending hero has an action under way (a Freerunner's evasion ×2)"},
};

Combatant parse_hero(SpecReader& r) {
  const auto cls_text = r.text("class");
  const auto sub_text = r.text("subclass");
  SubClass sub = SubClass::none;
  try {
    if (sub_text) sub = parse_subclass(*sub_text);
  } catch (const Error& e) {
    r.fail(e.what());
  }
  if (sub == SubClass::none && sub_text) r.fail("subclass=none is not a subclass; leave the key out");
  HeroClass cls = HeroClass::warrior;
  try {
    if (cls_text)
      cls = parse_hero_class(*cls_text);
    else if (class_of(sub))
      cls = *class_of(sub);
  } catch (const Error& e) {
    r.fail(e.what());
  }
  if (class_of(sub) && *class_of(sub) != cls)
    r.fail(fmt::format("subclass {} belongs to the {}, not the {}", to_string(sub), to_string(*class_of(sub)),
                       to_string(cls)));
  Hero h = starting_hero(cls);
  h.subclass = sub;
  h.level = static_cast<int>(r.integer("level", 1, 30).value_or(1));
  h.str = static_cast<int>(r.integer("str", 1, 100).value_or(h.str));
  const int wl = static_cast<int>(r.integer("weapon_level", -10, 100).value_or(0));
  const int al = static_cast<int>(r.integer("armor_level", -10, 100).value_or(0));
  try {
    if (const auto w = r.text("weapon")) {
      if (*w == "none") {
        h.weapon.reset();
      } else {
        const Weapon wp = upgraded(lookup_weapon(*w), wl);
        if (wp.kind == WeaponKind::missile)
          r.fail(fmt::format("weapon={} is a thrown weapon: give missile={} and --situation thrown", *w, *w));
        h.weapon = wp;
      }
    } else if (wl != 0) {
      if (!h.weapon) r.fail("weapon_level= needs a weapon");
      h.weapon = upgraded(*h.weapon, wl);
    }
    const int ml = static_cast<int>(r.integer("missile_level", -10, 100).value_or(0));
    if (const auto m = r.text("missile")) {
      if (*m == "none")
        h.missile.reset();
      else {
        const Weapon wp = upgraded(lookup_weapon(*m), ml);
        if (wp.kind != WeaponKind::missile) r.fail(fmt::format("missile={} is not a thrown weapon", *m));
        h.missile = wp;
      }
    } else if (ml != 0) {
      if (!h.missile) r.fail("missile_level= needs a missile");
      h.missile = upgraded(*h.missile, ml);
    }
    if (const auto a = r.text("armor")) {
      if (*a == "none")
        h.armor.reset();
      else
        h.armor = upgraded(lookup_armor(*a), al);
    } else if (h.armor) {
      h.armor = upgraded(*h.armor, al);
    }
  } catch (const Error& e) {
    if (std::string_view(e.what()).find("spec '") != std::string_view::npos) throw;
    r.fail(e.what());
  }
  h.ring_accuracy = static_cast<int>(r.integer("ring_accuracy", -10, 10).value_or(0));
  h.ring_evasion = static_cast<int>(r.integer("ring_evasion", -10, 10).value_or(0));
  h.ring_mending = static_cast<int>(r.integer("ring_mending", -10, 10).value_or(0));
  h.starving = r.flag("starving").value_or(false);
  h.combo = static_cast<int>(r.integer("combo", 0, 1000).value_or(0));
  h.charges = static_cast<int>(r.integer("charges", 0, 100).value_or(0));
  if (const auto m = r.integer("max_charges", 0, 100)) {
    if (sub != SubClass::battlemage) r.fail("max_charges= is for the Battlemage");
    if (*m < h.charges) r.fail(fmt::format("max_charges={} is below charges={}", *m, h.charges));
    h.max_charges = static_cast<int>(*m);
  }
  if (h.combo && sub != SubClass::gladiator) r.fail("combo= is for the Gladiator");
  if (h.charges && sub != SubClass::battlemage) r.fail("charges= is for the Battlemage");
  if (const auto hp = r.integer("hp", 1, kMaxHp)) {
    if (*hp > hero_ht(h)) r.fail(fmt::format("hp={} is above the hero's HT {}", *hp, hero_ht(h)));
    h.hp = *hp;
  }
  r.done(keys_of("hero"));
  Combatant c;
  c.name = fmt::format("{}{} level {}", to_string(cls),
                       sub == SubClass::none ? "" : fmt::format(" ({})", to_string(sub)), h.level);
  // What the spec left to the defaults: the class, its kit (HeroClass.init*), level 1, HT.
  const std::string kit = fmt::format("the {}'s kit", to_string(cls));
  auto took = [&](std::string_view key, std::string text) {
    if (!r.has(key)) c.defaults.emplace_back(std::string(key), std::move(text));
  };
  if (!cls_text && !sub_text) took("class", "class=warrior");
  took("level", "level=1");
  took("str", fmt::format("str={} ({})", h.str, kit));
  took("weapon", fmt::format("weapon={} ({})", h.weapon ? h.weapon->key : "none", kit));
  if (h.weapon && h.weapon->kind != WeaponKind::pickaxe) took("weapon_level", "weapon_level=0");
  took("missile", fmt::format("missile={} ({})", h.missile ? h.missile->key : "none", kit));
  if (h.missile && h.missile->java_class == "Boomerang") took("missile_level", "missile_level=0");
  took("armor", fmt::format("armor={} ({})", h.armor ? h.armor->key : "none", kit));
  if (h.armor) took("armor_level", "armor_level=0");
  took("hp", fmt::format("hp={} (HT)", hero_ht(h)));
  c.hero = h;
  return c;
}

Combatant parse_inline(SpecReader& r) {
  Combatant c;
  c.name = "inline";
  Mob& m = c.mob;
  m.key = "inline";
  m.name = "inline";
  // Damage and armor are enumerated exactly, so they are kept to sizes that stay fast.
  m.accuracy = r.integer("accuracy", 0, 1000000).value_or(0);
  m.evasion = r.integer("evasion", 0, 1000000).value_or(0);
  if (const auto d = r.range("damage", 0, 10000)) m.damage = Primitive::normal(d->first, d->second);
  m.dr = r.integer("armor", 0, 10000).value_or(0);
  if (const auto hp = r.integer("hp", 1, kMaxHp)) {
    m.ht = *hp;
    c.hp = *hp;
  } else {
    m.ht = 0;  // unknown: a fight asks for it
  }
  r.done(keys_of("inline"));
  for (const char* key : {"accuracy", "evasion", "damage", "armor"})
    if (!r.has(key)) c.defaults.emplace_back(key, fmt::format("{}={}", key, key == std::string_view("damage") ? 1 : 0));
  return c;
}

Combatant parse_mob(SpecReader& r, const Mob& base) {
  MobOptions opt;
  if (const auto d = r.integer("depth", 1, 26)) opt.depth = static_cast<int>(*d);
  const auto wl = r.integer("weapon_level", 0, 100);
  try {
    if (const auto w = r.text("weapon"))
      opt.weapon = upgraded(lookup_weapon(*w), static_cast<int>(wl.value_or(0)));
    else if (wl)
      r.fail("weapon_level= needs weapon=");
  } catch (const Error& e) {
    r.fail(e.what());
  }
  Combatant c;
  try {
    c.mob = adjust_stats(base, opt);
  } catch (const Error& e) {
    r.fail(e.what());
  }
  Mob& m = c.mob;
  c.name = m.name;
  if (m.needs_hero) {
    // Mirror image: attackSkill copied from the hero, damage rolled once at creation.
    const auto acc = r.integer("accuracy", 0, 1000000);
    const auto dmg = r.integer("damage", 0, 10000);
    if (!acc || !dmg) r.fail("a mirror image needs accuracy=N and damage=N (copied from the hero when cast)");
    m.accuracy = *acc;
    m.damage = Primitive::constant(*dmg);
  }
  if (const auto p = r.flag("pumped")) {
    if (!m.pumped) r.fail("pumped is for Goo");
    c.pumped = *p;
  }
  if (const auto f = r.integer("fists", 0, 2)) {
    if (m.java_class != "Yog") r.fail("fists= is for Yog-Dzewa");
    c.fists = static_cast<int>(*f);
  }
  if (const auto k = r.flag("corridor")) {
    if (m.key != "swarm_of_flies") r.fail("corridor is for the swarm of flies");
    c.corridor = *k;
  }
  if (const auto w = r.flag("on_water")) {
    if (m.key != "goo" && m.key != "rotting_fist") r.fail("on_water is for Goo and the rotting fist");
    c.on_water = *w;
  }
  if (const auto hp = r.integer("hp", 1, m.ht)) c.hp = *hp;
  r.done(keys_of("mob"));
  // What the spec left to the defaults: full HP, and the mob's state keys off.
  auto took = [&](std::string_view key, std::string text) {
    if (!r.has(key)) c.defaults.emplace_back(std::string(key), std::move(text));
  };
  if (m.needs_weapon && opt.weapon) took("weapon_level", "weapon_level=0");
  if (m.pumped) took("pumped", "pumped=0 (not pumped up)");
  if (m.java_class == "Yog") took("fists", "fists=0 (no living fist)");
  if (m.key == "swarm_of_flies") took("corridor", "corridor=0 (an open room)");
  if (m.key == "goo" || m.key == "rotting_fist") took("on_water", "on_water=0");
  took("hp", fmt::format("hp={} (HT)", m.ht));
  return c;
}

}  // namespace

std::span<const SpecKey> spec_keys() { return kSpecKeys; }
std::span<const Flag> situation_flags() { return kFlags; }

Combatant parse_combatant(std::string_view text, std::string_view role) {
  SpecReader r(parse_spec(text), role);
  const std::string name = r.spec().name;
  if (name.empty()) return parse_inline(r);
  if (name == "hero") return parse_hero(r);
  const Mob* m = find_mob(name);
  if (!m) {
    std::vector<std::string> known{"hero"};
    for (const Mob& x : mobs()) known.push_back(x.key);
    r.fail(
        fmt::format("unknown mob '{}'{} (a mob, hero, or key=value,...: `fray list --rules pixel-dungeon "
                    "monsters` lists the mobs)",
                    name, did_you_mean(catalog_key(name), known)));
  }
  return parse_mob(r, *m);
}

Situation parse_situation(const std::vector<std::string>& given) {
  Situation s;
  for (const auto& f : given) {
    const std::string_view name = f == "paralysed" ? std::string_view("paralyzed") : std::string_view(f);
    const Flag* found = nullptr;
    for (const Flag& flag : kFlags)
      if (flag.name == name) found = &flag;
    if (!found) {
      std::vector<std::string> known;
      for (const Flag& flag : kFlags) known.emplace_back(flag.name);
      throw Error(
          fmt::format("unknown situation '{}'{} (known: {})", f, did_you_mean(f, known), fmt::join(known, ", ")));
    }
    s.*(found->member) = true;
  }
  return s;
}

}  // namespace fray::pixel_dungeon
