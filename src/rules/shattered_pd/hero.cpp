#include <array>
#include <cmath>
#include <fray/core/error.hpp>
#include <fray/rules/pixel_dungeon/family.hpp>
#include <fray/rules/shattered_pd/hero.hpp>
#include <string>
#include <vector>

namespace fray::shattered_pd {

namespace {

// Not Pixel Dungeon's tables: the fork adds the Duelist and the Cleric, their
// four subclasses, and Hero.updateHT without PD's Huntress penalty.
constexpr std::array<std::string_view, 6> class_names = {"warrior", "mage", "rogue", "huntress", "duelist", "cleric"};
constexpr std::array<std::string_view, 13> subclass_names = {
    "none",   "berserker", "gladiator", "battlemage", "warlock", "assassin", "freerunner",
    "sniper", "warden",    "champion",  "monk",       "priest",  "paladin"};

}  // namespace

// The family's class_of reads the subclasses two by two in class order.
static_assert(pixel_dungeon::family::class_of<HeroClass>(SubClass::paladin) == HeroClass::cleric);
static_assert(subclass_names.size() == 2 * class_names.size() + 1);

HeroClass parse_hero_class(std::string_view s) {
  return static_cast<HeroClass>(pixel_dungeon::family::parse_name({class_names, "hero class", 0, true}, s));
}
SubClass parse_subclass(std::string_view s) {
  return static_cast<SubClass>(pixel_dungeon::family::parse_name({subclass_names, "subclass", 0, true}, s));
}
std::string_view to_string(HeroClass c) noexcept { return class_names[static_cast<std::size_t>(c)]; }
std::string_view to_string(SubClass s) noexcept { return subclass_names[static_cast<std::size_t>(s)]; }

std::optional<HeroClass> class_of(SubClass s) noexcept { return pixel_dungeon::family::class_of<HeroClass>(s); }

std::int64_t java_round(float x) noexcept {
  // x + 0.5 is exact in double for every float of a combat's size.
  return static_cast<std::int64_t>(std::floor(static_cast<double>(x) + 0.5));
}

Hero starting_hero(HeroClass c) {
  // HeroClass.initHero and the per-class init* methods.
  Hero h;
  h.hero_class = c;
  h.armor = armor_at(lookup_armor("cloth_armor"), 0);
  const char* weapon = "worn_shortsword";
  const char* missile = nullptr;
  switch (c) {
    case HeroClass::warrior:
      missile = "throwing_stone";
      break;
    case HeroClass::mage:
      weapon = "mages_staff";
      break;
    case HeroClass::rogue:
      weapon = "dagger";
      missile = "throwing_knife";
      break;
    case HeroClass::huntress:
      weapon = "studded_gloves";
      break;
    case HeroClass::duelist:
      weapon = "rapier";
      missile = "throwing_spike";
      break;
    case HeroClass::cleric:
      weapon = "cudgel";
      break;
  }
  h.weapon = lookup_weapon(weapon);
  if (missile) h.missile = lookup_weapon(missile);
  if (c == HeroClass::huntress) h.missile = spirit_bow(h.level);
  return h;
}

std::int64_t hero_ht(const Hero& h) noexcept { return pixel_dungeon::family::hero_ht(h.level); }

float accuracy_factor(const Hero& h, const Weapon& w) noexcept {
  // Weapon.accuracyFactor: the division by 1.5^enc is done in double.
  return pixel_dungeon::family::heavy_weapon_accuracy(w.accuracy, w.str - h.str);
}

const Weapon* attack_weapon(const Hero& h, HeroAttack how) {
  if (how == HeroAttack::thrown) {
    if (!h.missile) throw Error("the hero has no thrown weapon (missile=...)");
    return &*h.missile;
  }
  return h.weapon ? &*h.weapon : nullptr;
}

std::int64_t hero_accuracy(const Hero& h, HeroAttack how, bool adjacent, int point_blank) {
  // Hero.attackSkill.
  const int base = pixel_dungeon::family::accuracy_base(h.level);
  // RingOfAccuracy.accuracyMultiplier: (float)Math.pow(1.3f, n), 1.3f widened to double.
  const float accuracy = static_cast<float>(std::pow(static_cast<double>(1.3f), h.ring_accuracy));
  const Weapon* w = attack_weapon(h, how);
  if (!w) return std::max<std::int64_t>(1, java_round(static_cast<float>(base) * accuracy));
  float factor = accuracy_factor(h, *w);
  if (w->kind != WeaponKind::melee) {
    // MissileWeapon.accuracyFactor: ×1.5 at range, ×(0.5 + 0.25·Point Blank) adjacent.
    factor *= adjacent ? 0.5f + 0.25f * static_cast<float>(point_blank) : 1.5f;
  }
  return std::max<std::int64_t>(1, java_round(static_cast<float>(base) * accuracy * factor));
}

std::int64_t hero_evasion(const Hero& h, bool paralyzed, bool stone) {
  const int base = pixel_dungeon::family::evasion_base(h.level);
  // RingOfEvasion.evasionMultiplier: (float)Math.pow(1.125, n).
  float evasion = static_cast<float>(base) * static_cast<float>(std::pow(1.125, h.ring_evasion));
  if (paralyzed) evasion /= 2;
  if (h.armor) {
    // Armor.evasionFactor: the Stone glyph gives 0; missing STR divides by
    // 1.5^aEnc in double; then the augment's whole evasion bonus.
    if (stone) return 0;
    const int enc = h.armor->str - h.str;
    if (enc > 0) evasion = static_cast<float>(static_cast<double>(evasion) / std::pow(1.5, enc));
    evasion += static_cast<float>(h.armor->evasion_bonus);
  }
  return std::max<std::int64_t>(1, java_round(evasion));
}

bool can_surprise_attack(const Hero& h, const Weapon* w) noexcept {
  // Hero.canSurpriseAttack: unarmed always; not short of STR; never with a flail.
  if (!w) return true;
  if (h.str < w->str) return false;
  return w->java_class != "Flail";
}

HeroArmorRoll hero_armor_roll(const Hero& h) {
  HeroArmorRoll r;
  if (h.armor) {
    r.armor = Primitive::normal(static_cast<std::int32_t>(h.armor->dr_min), static_cast<std::int32_t>(h.armor->dr_max));
    r.armor_penalty = 2 * std::max(0, h.armor->str - h.str);
  }
  if (h.weapon) {
    r.block = Primitive::normal(0, static_cast<std::int32_t>(h.weapon->block));
    r.block_penalty = 2 * std::max(0, h.weapon->str - h.str);
  }
  return r;
}

}  // namespace fray::shattered_pd
