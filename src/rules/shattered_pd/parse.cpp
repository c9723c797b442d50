// Combatant specs and situation flags for Shattered Pixel Dungeon attacks.
#include <fmt/format.h>

#include <algorithm>
#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/fight/kernel.hpp>
#include <fray/rules/shattered_pd/attack.hpp>
#include <fray/rules/spec.hpp>

namespace fray::shattered_pd {

namespace {

constexpr std::string_view buff_keys = "bless, hex, daze, weakened, vulnerable, champion, growing, hp";
constexpr std::string_view hero_keys =
    "class, subclass, level, str, weapon, weapon_level, augment, missile, missile_level, armor, armor_level, "
    "armor_augment, ring_accuracy, ring_evasion, ring_force, rage, bless_talent";

// Runs `f`, turning a catalog or rule error into an error about the spec.
template <class F>
auto about_spec(SpecReader& r, F&& f) {
  try {
    return f();
  } catch (const Error& e) {
    if (std::string_view(e.what()).find("spec '") != std::string_view::npos) throw;
    r.fail(e.what());
  }
}

void read_buffs(SpecReader& r, Combatant& c) {
  c.buffs.bless = r.flag("bless").value_or(false);
  c.buffs.hex = r.flag("hex").value_or(false);
  c.buffs.daze = r.flag("daze").value_or(false);
  c.weakened = r.flag("weakened").value_or(false);
  c.vulnerable = r.flag("vulnerable").value_or(false);
  static const std::vector<std::string> kinds = {"blazing", "projecting", "antimagic", "giant", "blessed", "growing"};
  if (const auto k = r.choice("champion", kinds)) {
    c.champion = static_cast<Champion>(std::find(kinds.begin(), kinds.end(), *k) - kinds.begin());
  }
  if (const auto m = r.number("growing", 1.19, 10)) {
    if (c.champion != Champion::growing) r.fail("growing= is the Growing champion's factor (champion=growing)");
    c.growing = static_cast<float>(*m);
  }
  // Current HP, for fights: at most HT (an inline mob's HT is its hp=).
  if (const auto hp = r.integer("hp", 1, kMaxHp)) {
    if (c.ht() > 0 && *hp > c.ht()) r.fail(fmt::format("hp={} is above HT {}", *hp, c.ht()));
    c.hp = *hp;
  }
}

WeaponAugment weapon_augment(SpecReader& r) {
  const auto a = r.choice("augment", {"none", "speed", "damage"});
  return !a || *a == "none" ? WeaponAugment::none : *a == "speed" ? WeaponAugment::speed : WeaponAugment::damage;
}

ArmorAugment armor_augment(SpecReader& r) {
  const auto a = r.choice("armor_augment", {"none", "evasion", "defense"});
  return !a || *a == "none" ? ArmorAugment::none : *a == "evasion" ? ArmorAugment::evasion : ArmorAugment::defense;
}

Combatant parse_hero(SpecReader& r) {
  const auto sub_text = r.text("subclass");
  const auto cls_text = r.text("class");
  const SubClass sub = sub_text ? about_spec(r, [&] { return parse_subclass(*sub_text); }) : SubClass::none;
  HeroClass cls = class_of(sub).value_or(HeroClass::warrior);
  if (cls_text) cls = about_spec(r, [&] { return parse_hero_class(*cls_text); });
  if (class_of(sub) && *class_of(sub) != cls)
    r.fail(fmt::format("subclass {} belongs to the {}, not the {}", to_string(sub), to_string(*class_of(sub)),
                       to_string(cls)));
  Hero h = starting_hero(cls);
  h.subclass = sub;
  std::vector<std::string> defaults;
  if (!sub_text && !cls_text) defaults.emplace_back("class");
  const auto level = r.integer("level", 1, 30);
  if (!level) defaults.emplace_back("level");
  h.level = static_cast<int>(level.value_or(1));
  const auto str = r.integer("str", 1, 100);
  if (!str) defaults.emplace_back("str");
  h.str = static_cast<int>(str.value_or(h.str));
  const int wl = static_cast<int>(r.integer("weapon_level", 0, 100).value_or(0));
  const WeaponAugment aug = weapon_augment(r);
  about_spec(r, [&] {
    if (!r.has("weapon")) defaults.emplace_back("weapon");
    if (!r.has("missile")) defaults.emplace_back("missile");
    if (!r.has("armor")) defaults.emplace_back("armor");
    if (const auto w = r.text("weapon")) {
      if (*w == "none") {
        h.weapon.reset();
      } else {
        const Weapon& base = lookup_weapon(*w);
        if (base.kind != WeaponKind::melee)
          r.fail(fmt::format("weapon={} is not a melee weapon: give missile={} and the situation thrown", *w, *w));
        h.weapon = weapon_at(base, wl, aug);
      }
    } else if (h.weapon) {
      h.weapon = weapon_at(*h.weapon, wl, aug);
    } else if (wl != 0 || aug != WeaponAugment::none) {
      r.fail("weapon_level= and augment= need a weapon");
    }
    const int ml = static_cast<int>(r.integer("missile_level", 0, 100).value_or(0));
    const auto m = r.text("missile");
    if (m && *m == "none") {
      h.missile.reset();
    } else if ((m && catalog_key(*m) == "spirit_bow") || (!m && h.missile && h.missile->kind == WeaponKind::bow)) {
      if (ml != 0) r.fail("the spirit bow's level follows the hero's level");
      h.missile = spirit_bow(h.level);
    } else if (m) {
      const Weapon& base = lookup_weapon(*m);
      if (base.kind != WeaponKind::thrown) r.fail(fmt::format("missile={} is not a thrown weapon", *m));
      h.missile = weapon_at(base, ml);
    } else if (h.missile) {
      h.missile = weapon_at(*h.missile, ml);
    } else if (ml != 0) {
      r.fail("missile_level= needs a missile");
    }
    const int al = static_cast<int>(r.integer("armor_level", 0, 100).value_or(0));
    const ArmorAugment aa = armor_augment(r);
    if (const auto a = r.text("armor")) {
      if (*a == "none")
        h.armor.reset();
      else
        h.armor = armor_at(lookup_armor(*a), al, aa);
    } else if (h.armor) {
      h.armor = armor_at(*h.armor, al, aa);
    }
    return 0;
  });
  h.ring_accuracy = static_cast<int>(r.integer("ring_accuracy", -10, 20).value_or(0));
  h.ring_evasion = static_cast<int>(r.integer("ring_evasion", -10, 20).value_or(0));
  h.ring_force = static_cast<int>(r.integer("ring_force", -10, 20).value_or(0));
  if (const auto rage = r.number("rage", 0, 2)) {
    if (sub != SubClass::berserker) r.fail("rage= is for the Berserker");
    h.rage = static_cast<float>(*rage);
  }
  Combatant c;
  c.buffs.bless_talent = static_cast<int>(r.integer("bless_talent", 0, 3).value_or(0));
  if (c.buffs.bless_talent > 0 && cls == HeroClass::cleric)
    r.fail("the Cleric's Bless talent does not boost her rolls");
  c.defaults = std::move(defaults);
  c.hero = h;  // read_buffs checks hp= against her HT
  read_buffs(r, c);
  r.done(fmt::format("{}, {}", hero_keys, buff_keys));
  c.name = fmt::format("{}{} level {}", to_string(cls),
                       sub == SubClass::none ? "" : fmt::format(" ({})", to_string(sub)), h.level);
  c.hero = std::move(h);
  return c;
}

Combatant parse_inline(SpecReader& r) {
  Combatant c;
  c.name = "inline";
  Mob& m = c.mob;
  m.key = m.name = "inline";
  m.accuracy = r.integer("accuracy", 0, infinite_accuracy).value_or(0);
  m.evasion = r.integer("evasion", 0, infinite_evasion).value_or(0);
  // Rolls are enumerated exactly, so they are kept to sizes that stay fast.
  if (const auto d = r.range("damage", 0, 10000))
    m.damage = Primitive::normal(static_cast<std::int32_t>(d->first), static_cast<std::int32_t>(d->second));
  else
    m.damage = Primitive::normal(1, 1);
  m.dr_max = r.integer("armor", 0, 10000).value_or(0);
  m.ht = 0;  // unknown: a fight asks for hp=
  read_buffs(r, c);
  if (c.hp) m.ht = *c.hp;
  r.done(fmt::format("accuracy, evasion, damage, armor, {}", buff_keys));
  return c;
}

Combatant parse_mob(SpecReader& r, const std::string& key) {
  const Mob& base = about_spec(r, [&]() -> const Mob& { return lookup_mob(key); });
  MobSetting setting;
  std::optional<Weapon> weapon;
  std::optional<Armor> armor;
  about_spec(r, [&] {
    setting.depth = static_cast<int>(r.integer("depth", 1, 26).value_or(0));
    const int wl = static_cast<int>(r.integer("weapon_level", 0, 100).value_or(0));
    if (const auto w = r.text("weapon")) weapon = weapon_at(lookup_weapon(*w), wl);
    const int al = static_cast<int>(r.integer("armor_level", 0, 100).value_or(0));
    if (const auto a = r.text("armor")) armor = armor_at(lookup_armor(*a), al);
    return 0;
  });
  if (base.depth_scaled && setting.depth == 0) r.fail(fmt::format("mob '{}' needs depth=1..26", base.key));
  if (!base.depth_scaled && setting.depth != 0) r.fail(fmt::format("mob '{}' does not depend on depth", base.key));
  setting.weapon = weapon ? &*weapon : nullptr;
  setting.armor = armor ? &*armor : nullptr;
  Combatant c;
  c.mob = about_spec(r, [&] { return mob_at_depth(base, setting); });
  c.name = c.mob.name;
  if (const auto w = r.flag("on_water")) {
    if (c.mob.java_class != "Goo") r.fail("on_water is for Goo");
    c.on_water = *w;
  }
  read_buffs(r, c);
  r.done(fmt::format("depth, weapon, weapon_level, armor, armor_level, on_water, {}", buff_keys));
  return c;
}

}  // namespace

Combatant parse_combatant(std::string_view text, std::string_view role) {
  SpecReader r(parse_spec(text), role);
  const std::string name = r.spec().name;
  if (name.empty()) return parse_inline(r);
  if (catalog_key(name) == "hero") return parse_hero(r);
  return parse_mob(r, name);
}

Situation parse_situation(const std::vector<std::string>& flags) {
  Situation s;
  static const std::vector<std::string> known = {"thrown",      "ranged",      "adjacent",  "magic",     "surprised",
                                                 "unseen",      "paralyzed",   "paralysed", "invisible", "ascension",
                                                 "point_blank", "ferret_tuft", "blessed",   "weakened",  "hexed",
                                                 "dazed",       "vulnerable",  "focus"};
  for (const std::string& f : flags) {
    const auto eq = f.find('=');
    const std::string key = f.substr(0, eq);
    const std::string value = eq == std::string::npos ? "" : f.substr(eq + 1);
    auto number = [&](std::int64_t lo, std::int64_t hi) {
      if (value.empty()) throw Error(fmt::format("situation '{}' needs a value: {}=N", f, key));
      const std::int64_t v = parse_int(value, fmt::format("situation '{}'", f));
      if (v < lo || v > hi) throw Error(fmt::format("situation '{}': {} is outside {}..{}", f, key, lo, hi));
      return static_cast<int>(v);
    };
    if (eq != std::string::npos && key != "point_blank" && key != "ferret_tuft")
      throw Error(fmt::format("situation '{}' takes no value", f));
    if (key == "thrown")
      s.how = HeroAttack::thrown;
    else if (key == "ranged")
      s.adjacent = false;
    else if (key == "adjacent")
      s.adjacent = true;
    else if (key == "magic")
      s.magic = true;
    else if (key == "surprised" || key == "unseen")
      s.surprised = true;
    else if (key == "paralyzed" || key == "paralysed")
      s.paralyzed = true;
    else if (key == "invisible")
      s.invisible = true;
    else if (key == "ascension")
      s.ascension = true;
    else if (key == "point_blank")
      s.point_blank = number(0, 3);
    else if (key == "ferret_tuft")
      s.ferret_tuft = number(0, 3);
    else if (key == "blessed")
      s.blessed = true;
    else if (key == "weakened")
      s.weakened = true;
    else if (key == "hexed")
      s.hexed = true;
    else if (key == "dazed")
      s.dazed = true;
    else if (key == "vulnerable")
      s.vulnerable = true;
    else if (key == "focus")
      s.focus = true;
    else
      throw Error(
          fmt::format("unknown situation '{}'{} (known: {})", f, did_you_mean(key, known), fmt::join(known, ", ")));
  }
  return s;
}

}  // namespace fray::shattered_pd
