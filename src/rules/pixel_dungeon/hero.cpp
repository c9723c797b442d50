#include <array>
#include <cmath>
#include <fray/rules/pixel_dungeon/family.hpp>
#include <fray/rules/pixel_dungeon/hero.hpp>
#include <fray/rules/pixel_dungeon/parts.hpp>
#include <string>
#include <vector>

namespace fray::pixel_dungeon {

namespace {
constexpr std::array<std::string_view, 4> class_names = {"warrior", "mage", "rogue", "huntress"};
constexpr std::array<std::string_view, 9> subclass_names = {
    "none", "gladiator", "berserker", "warlock", "battlemage", "assassin", "freerunner", "sniper", "warden"};
}  // namespace

// The family's class_of reads the subclasses two by two in class order.
static_assert(family::class_of<HeroClass>(SubClass::warden) == HeroClass::huntress);
static_assert(subclass_names.size() == 2 * class_names.size() + 1);

// Strength requirement minus hero strength, with the missile offsets of
// Weapon.acuracyFactor (Warrior +3, Huntress −2) or Weapon.speedFactor (Huntress −2 only).
int weapon_encumbrance(const Hero& h, const Weapon& w, bool for_speed) noexcept {
  if (w.kind == WeaponKind::wand) return 0;
  int enc = w.str - h.str;
  if (w.kind == WeaponKind::missile) {
    if (h.hero_class == HeroClass::warrior && !for_speed) enc += 3;
    if (h.hero_class == HeroClass::huntress) enc -= 2;
  }
  return enc;
}

HeroClass parse_hero_class(std::string_view s) {
  return static_cast<HeroClass>(family::parse_name({class_names, "hero class"}, s));
}

SubClass parse_subclass(std::string_view s) {
  // "none" is read but not listed.
  return static_cast<SubClass>(family::parse_name({subclass_names, "subclass", 1}, s));
}

std::string_view to_string(HeroClass c) noexcept { return class_names[static_cast<std::size_t>(c)]; }
std::string_view to_string(SubClass s) noexcept { return subclass_names[static_cast<std::size_t>(s)]; }

std::optional<HeroClass> class_of(SubClass s) noexcept { return family::class_of<HeroClass>(s); }

Hero starting_hero(HeroClass c) {
  // HeroClass.initHero and init<Class>: the kit, STR 10 (11 for the Warrior).
  const Kit& k = starting_kit(to_string(c));
  Hero h;
  h.hero_class = c;
  h.str = k.str;
  h.weapon = lookup_weapon(k.weapon);
  if (k.missile) h.missile = lookup_weapon(*k.missile);
  h.armor = lookup_armor(k.armor);
  return h;
}

std::int64_t hero_ht(const Hero& h) noexcept {
  // HeroClass.initHuntress: HT 5 less.
  return family::hero_ht(h.level) - (h.hero_class == HeroClass::huntress ? 5 : 0);
}

std::int64_t hero_hp(const Hero& h) noexcept { return h.hp ? *h.hp : hero_ht(h); }

float accuracy_factor(const Hero& h, const Weapon* w) noexcept {
  if (!w || w->kind == WeaponKind::wand) return 1.0f;
  const int enc = weapon_encumbrance(h, *w, false);
  return family::heavy_weapon_accuracy(w->acu, enc);
}

std::int64_t hero_accuracy(const Hero& h, bool thrown, bool adjacent) noexcept {
  // Hero.attackSkill(target).
  float accuracy = h.ring_accuracy == 0 ? 1.0f : static_cast<float>(std::pow(1.4, h.ring_accuracy));
  if (thrown && adjacent) accuracy *= 0.5f;
  const Weapon* w = thrown ? (h.missile ? &*h.missile : nullptr) : (h.weapon ? &*h.weapon : nullptr);
  const int base = family::accuracy_base(h.level);
  const float v = static_cast<float>(base) * accuracy * (w ? accuracy_factor(h, w) : 1.0f);
  return static_cast<std::int64_t>(v);
}

std::int64_t hero_evasion(const Hero& h, bool paralyzed, bool acting) noexcept {
  // Hero.defenseSkill(enemy).
  const int base = family::evasion_base(h.level);
  float evasion = h.ring_evasion == 0 ? 1.0f : static_cast<float>(std::pow(1.2, h.ring_evasion));
  if (paralyzed) evasion /= 2;
  const int a_enc = h.armor ? h.armor->str - h.str : 0;
  if (a_enc > 0)
    return static_cast<std::int64_t>(static_cast<double>(static_cast<float>(base) * evasion) / std::pow(1.5, a_enc));
  if (h.hero_class == HeroClass::rogue) {
    if (acting && h.subclass == SubClass::freerunner) evasion *= 2;
    return static_cast<std::int64_t>(static_cast<float>(base - a_enc) * evasion);
  }
  return static_cast<std::int64_t>(static_cast<float>(base) * evasion);
}

std::int64_t hero_dr(const Hero& h) noexcept { return h.armor ? std::max<std::int64_t>(h.armor->dr, 0) : 0; }

double hero_attack_delay(const Hero& h, bool thrown) noexcept {
  const Weapon* w = thrown ? (h.missile ? &*h.missile : nullptr) : (h.weapon ? &*h.weapon : nullptr);
  if (!w) return 1.0;
  if (w->kind == WeaponKind::wand) return w->dly;
  const int enc = weapon_encumbrance(h, *w, true);
  // Weapon.speedFactor: (float)(DLY * Math.pow(1.2, enc)) when enc > 0.
  return enc > 0 ? static_cast<double>(static_cast<float>(static_cast<double>(w->dly) * std::pow(1.2, enc))) : w->dly;
}

bool fury_active(const Hero& h, std::int64_t hp) noexcept {
  // Fury.LEVEL = 0.4f; HP <= HT * LEVEL in float: the rage part kFury.
  return h.subclass == SubClass::berserker && fight::parts::raging(kFury, hp, hero_ht(h));
}

}  // namespace fray::pixel_dungeon
