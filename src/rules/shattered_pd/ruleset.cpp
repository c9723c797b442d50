// Shattered Pixel Dungeon 3.3.6 as a fray::Ruleset: the typed attack and
// strike answers, the catalogs, the fight kernel and the dice functions.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <fray/core/error.hpp>
#include <fray/fight/kernel.hpp>
#include <fray/rules/game_ruleset.hpp>
#include <fray/rules/pixel_dungeon/family.hpp>
#include <fray/rules/shattered_pd/parts.hpp>
#include <fray/rules/shattered_pd/ruleset.hpp>
#include <fray/rules/spec.hpp>

#include <fray/rules/shattered_pd/ballistica.hpp>
#include <fray/rules/shattered_pd/shadow_caster.hpp>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "rules/shattered_pd/fight.hpp"
#include "rules/shattered_pd/mechanics.hpp"

namespace fray::shattered_pd {

namespace {

// Every spec key: which specs read it, and what it means (`fray list keys`).
using pixel_dungeon::family::SpecKey;
constexpr SpecKey spec_keys[] = {
    {"class", "hero", "warrior, mage, rogue, huntress, duelist or cleric (default warrior, or the subclass's class)"},
    {"subclass", "hero",
     "berserker, gladiator (warrior); battlemage, warlock (mage); assassin, freerunner (rogue); sniper, warden "
     "(huntress); champion, monk (duelist); priest, paladin (cleric)"},
    {"level", "hero", "hero level 1..30 (default 1): accuracy 9+level, evasion 4+level, HT 20+5·(level−1)"},
    {"str", "hero", "STR 1..100, talents and rings included (default 10)"},
    {"weapon", "hero, mob", "hero: the wielded melee weapon or none (default the kit's); statues: their weapon"},
    {"weapon_level", "hero, mob", "the weapon's upgrade level 0..100 (default 0)"},
    {"augment", "hero", "the weapon's augment: none, speed (damage ×0.7, delay ×2/3) or damage (×1.5, ×5/3)"},
    {"missile", "hero", "the thrown weapon, spirit_bow or none (default the kit's), used with --situation thrown"},
    {"missile_level", "hero", "the thrown weapon's upgrade level 0..100 (the spirit bow follows the hero's level)"},
    {"armor", "hero, mob", "cloth, leather, mail, scale, plate or none (default cloth); armored statue: its armor"},
    {"armor_level", "hero, mob", "the armor's upgrade level 0..100 (default 0)"},
    {"armor_augment", "hero", "none, evasion (+2·(2+lvl) evasion, −(2+lvl) DR) or defense (the reverse)"},
    {"ring_accuracy", "hero", "Ring of Accuracy bonus n −10..20: accuracy ×1.3^n"},
    {"ring_evasion", "hero", "Ring of Evasion bonus n −10..20: evasion ×1.125^n"},
    {"ring_force", "hero", "Ring of Force bonus n −10..20: + n to armed melee damage"},
    {"rage", "hero", "Berserker: Berserk power 0..2, damage ×min(1.5, 1 + rage/2), held fixed in fights"},
    {"bless_talent", "hero", "points 0..3 in the Bless talent (not a Cleric): her rolls ×(1.01 + 0.02·pts)"},
    {"depth", "mob", "depth 1..26 for the mobs whose stats follow it (wraith, giant_piranha, mimic, statues, ...)"},
    {"on_water", "mob", "Goo stands on water: below HT it regains 1 HP on each of its turns (Goo.act); default off"},
    {"accuracy", "inline", "attack skill"},
    {"evasion", "inline", "defense skill"},
    {"damage", "inline", "MIN-MAX: Random.NormalIntRange(MIN, MAX)"},
    {"armor", "inline", "X: the armor roll Random.NormalIntRange(0, X)"},
    {"hp", "hero, mob, inline", "current HP 1..HT for fights (default HT; an inline mob needs it to fight)"},
    {"bless", "hero, mob, inline", "Bless: this side's accuracy and evasion rolls ×1.25"},
    {"hex", "hero, mob, inline", "Hex: this side's rolls ×0.8"},
    {"daze", "hero, mob, inline", "Daze: this side's rolls ×0.5"},
    {"weakened", "hero, mob, inline", "Weakness: damage dealt ×0.67"},
    {"vulnerable", "hero, mob, inline", "Vulnerable: damage taken after armor ×1.33, truncated"},
    {"champion", "hero, mob, inline",
     "Champion Enemies: blazing, projecting (damage ×1.25), antimagic (damage taken ×0.5, immune to spells), giant "
     "(×0.2), blessed (rolls ×4), growing"},
    {"growing", "hero, mob, inline", "the Growing champion's factor m 1.19..10: rolls and damage ×m, taken ×1/m"},
};

// The situation flags (the British "paralysed" still accepted).
struct Flag {
  std::string_view name;
  std::string_view description;
};
constexpr Flag flags[] = {
    {"thrown", "the hero throws her missile weapon or shoots the spirit bow (Hero.shoot)"},
    {"ranged", "not adjacent: thrown accuracy ×1.5, the Sniper ignores armor"},
    {"adjacent", "adjacent (the default): thrown accuracy ×0.5 (×0.75/1/1.25 with Point Blank)"},
    {"magic", "a mob casts its spell: accuracy roll ×2, no armor, no Weakness, no Vulnerable"},
    {"unseen", "the defending mob has not seen the hero (Mob.surprisedBy): evasion 0, sneak weapons roll high"},
    {"surprised", "the same as unseen"},
    {"paralyzed", "the defender is paralyzed: a mob's evasion 0, the hero's halved"},
    {"invisible", "the attacker is invisible: infinite accuracy when it can surprise-attack"},
    {"ascension", "the hero carries the Amulet up: mobs' accuracy, evasion, damage and armor × their factor"},
    {"point_blank", "point_blank=N: the Point Blank talent, N 0..3"},
    {"ferret_tuft", "ferret_tuft=N: the Ferret Tuft trinket at level N 0..3: every defender's roll ×(1+0.125·(N+1))"},
    {"blessed", "the attacker is Blessed: its accuracy roll ×1.25"},
    {"weakened", "the attacker is Weakened: its damage ×0.67"},
    {"hexed", "the defender is Hexed: its evasion roll ×0.8"},
    {"dazed", "the defender is Dazed: its evasion roll ×0.5"},
    {"vulnerable", "the defender is Vulnerable: damage after armor ×1.33, truncated"},
    {"focus", "the defending hero has the Monk's Focus: infinite evasion, every attack misses"},
};

std::string range_text(const Primitive& p) {
  return p.min() == p.max() ? fmt::format("{}", p.min()) : fmt::format("{}-{}", p.min(), p.max());
}

// A primitive as the game's call ("Random.NormalIntRange(0, 2)"), or its constant.
std::string call_text(const Primitive& p) {
  switch (p.kind) {
    case Primitive::Kind::constant:
      return fmt::format("{}", p.a);
    case Primitive::Kind::int_range:
      return fmt::format("Random.IntRange({}, {})", p.a, p.b);
    case Primitive::Kind::normal:
      return fmt::format("Random.NormalIntRange({}, {})", p.a, p.b);
  }
  return "?";
}

std::string_view kind_text(WeaponKind k) {
  switch (k) {
    case WeaponKind::melee:
      return "melee";
    case WeaponKind::thrown:
      return "thrown";
    case WeaponKind::bow:
      return "bow";
  }
  return "?";
}

// The request resolved (GameRuleset::prepare): both combatants, the situation, the plan.
using Resolved = Prepared<Combatant, Situation, AttackPlan>;

const Weapon* weapon_used(const Combatant& c, const Situation& s) {
  if (!c.is_hero()) return nullptr;
  const Hero& h = *c.hero;
  if (s.how == HeroAttack::thrown) return h.missile ? &*h.missile : nullptr;
  return h.weapon ? &*h.weapon : nullptr;
}

SideSummary side(const Combatant& c, const AttackPlan& p, const Situation& s, bool attacker) {
  SideSummary out;
  out.name = c.name;
  Fields& f = out.stats;
  if (attacker)
    f.push_back({"accuracy", p.hit.accuracy});
  else
    f.push_back({"evasion", p.hit.evasion});
  if (c.is_hero()) {
    const Hero& h = *c.hero;
    f.push_back({"class", std::string(to_string(h.hero_class))});
    f.push_back({"subclass", std::string(to_string(h.subclass))});
    f.push_back({"level", std::int64_t{h.level}});
    f.push_back({"str", std::int64_t{h.str}});
    const Weapon* w = attacker ? weapon_used(c, s) : (h.weapon ? &*h.weapon : nullptr);
    f.push_back({"weapon", w ? w->key : std::string("none")});
    if (w) {
      f.push_back({"weapon_level", std::int64_t{w->level}});
      f.push_back({"weapon_str", std::int64_t{w->str}});
      f.push_back({"weapon_damage", fmt::format("{}-{}", w->min, w->max)});
    }
    f.push_back({"armor", h.armor ? h.armor->key : std::string("none")});
    if (h.armor) {
      f.push_back({"armor_level", std::int64_t{h.armor->level}});
      f.push_back({"armor_str", std::int64_t{h.armor->str}});
      f.push_back({"dr", fmt::format("{}-{}", h.armor->dr_min, h.armor->dr_max)});
    }
  } else {
    const Mob& m = c.mob;
    if (attacker) f.push_back({"damage", range_text(p.roll)});
    if (!attacker) f.push_back({"dr", fmt::format("0-{}", m.dr_max)});
    if (m.depth) f.push_back({"depth", std::int64_t{*m.depth}});
  }
  if (c.champion) {
    constexpr std::string_view names[] = {"blazing", "projecting", "antimagic", "giant", "blessed", "growing"};
    f.push_back({"champion", std::string(names[static_cast<int>(*c.champion)])});
  }
  f.push_back({"hp", c.current_hp()});
  f.push_back({"ht", c.ht()});
  return out;
}

std::string factors_text(const std::vector<float>& fs) {
  std::vector<std::string> out;
  for (float f : fs) out.push_back(fmt::format("{:.7g}", f));
  return out.empty() ? std::string("none") : fmt::format("{}", fmt::join(out, " × "));
}

Fields details(const AttackPlan& p) {
  Fields f;
  f.push_back({"accuracy", p.hit.accuracy});
  f.push_back({"evasion", p.hit.evasion});
  f.push_back({"accuracy_factors", factors_text(p.hit.attacker_factors)});
  f.push_back({"evasion_factors", factors_text(p.hit.defender_factors)});
  f.push_back({"sure", std::string(p.hit.sure == HitPlan::Sure::hit    ? "hit"
                                   : p.hit.sure == HitPlan::Sure::miss ? "miss"
                                                                       : "no")});
  f.push_back({"magic", p.magic});
  std::vector<std::string> terms;
  for (const auto& t : p.armor)
    terms.push_back(t.penalty ? fmt::format("max(0, {} − {})", call_text(t.roll), t.penalty) : call_text(t.roll));
  f.push_back({"armor_roll", p.magic ? std::string("none") : fmt::format("{}", fmt::join(terms, " + "))});
  f.push_back({"armor_const", p.armor_const});
  f.push_back({"armor_ignored", p.armor_ignored});
  f.push_back({"damage_roll", call_text(p.roll)});
  f.push_back({"augment", static_cast<double>(p.augment)});
  f.push_back({"excess_roll", p.excess ? call_text(*p.excess) : std::string("none")});
  f.push_back({"flat", p.flat});
  f.push_back({"damage_factors", factors_text(p.factors)});
  f.push_back({"vulnerable", p.vulnerable});
  f.push_back({"damage_taken", p.damage_taken ? static_cast<double>(*p.damage_taken) : 1.0});
  return f;
}

std::string hit_formula(const AttackPlan& p, double p_hit) {
  if (!p.attacks) return "no attack";
  if (p.hit.sure == HitPlan::Sure::hit) return "1 (infinite accuracy)";
  if (p.hit.sure == HitPlan::Sure::miss) return "0 (infinite evasion)";
  if (p.hit.evasion == 0) return "1 (evasion 0: every acuRoll beats defRoll 0)";
  return fmt::format("{:.6g}", p_hit);
}

std::vector<std::string> steps(const Resolved& r, double p_hit) {
  const AttackPlan& p = r.plan;
  std::vector<std::string> out;
  out.push_back(fmt::format(
      "Char.hit: acuRoll = Random.Float()·{}{}, defRoll = Random.Float()·{}{}; hit when "
      "acuRoll ≥ defRoll: P(hit) = {}",
      p.hit.accuracy, p.hit.attacker_factors.empty() ? "" : " × " + factors_text(p.hit.attacker_factors), p.hit.evasion,
      p.hit.defender_factors.empty() ? "" : " × " + factors_text(p.hit.defender_factors), hit_formula(p, p_hit)));
  if (!p.attacks) {
    out.push_back("the defender is immune to the spell (AntiMagic champion): no damage");
    return out;
  }
  if (p.magic) {
    out.push_back(fmt::format("the spell's damage {}, no armor, no Weakness", call_text(p.roll)));
  } else {
    const Fields d = details(p);
    out.push_back(fmt::format("armor first (Char.drRoll): {}{}{}", std::get<std::string>(d[6].value),
                              p.armor_const ? fmt::format(" + {}", p.armor_const) : std::string(),
                              p.armor_ignored ? " — ignored (the Sniper at range), still drawn" : ""));
    out.push_back(fmt::format("damage roll {}{}{}{}", call_text(p.roll),
                              p.augment != 1 ? fmt::format(", Math.round(× {:.7g})", p.augment) : std::string(),
                              p.excess ? fmt::format(" + {} (excess STR)", call_text(*p.excess)) : std::string(),
                              p.flat ? fmt::format(" + {} (Ring of Force)", p.flat) : std::string()));
  }
  if (!p.factors.empty())
    out.push_back(fmt::format("× {} (Berserk, champion, ascension, Weakness), Math.round", factors_text(p.factors)));
  if (!p.magic) out.push_back("minus armor, floored at 0");
  if (p.vulnerable) out.push_back("Vulnerable: (int)(× 1.33)");
  if (p.compress == AttackPlan::Compress::slime)
    out.push_back(p.compress_factor == 1
                      ? std::string("Slime.damage: d ≥ 5 becomes (int)(4 + (√(8(d − 4) + 1) − 1) / 2)")
                      : fmt::format("Slime.damage: over the ascension factor {:.7g}, d ≥ 5 becomes 4 + (√(8(d − 4) + "
                                    "1) − 1) / 2, then × {:.7g}, truncated",
                                    p.compress_factor, p.compress_factor));
  if (p.compress == AttackPlan::Compress::spawner)
    out.push_back("DemonSpawner.damage: d ≥ 20 becomes 19 + (int)(√(8(d − 19) + 1) − 1) / 2");
  if (p.damage_taken) out.push_back(fmt::format("the defender's champion: ceil(× {:.7g})", *p.damage_taken));
  return out;
}

// --- equipment, defaults and warnings -------------------------------------------------

std::string_view augment_text(WeaponAugment a) {
  return a == WeaponAugment::speed ? " (speed augment)" : a == WeaponAugment::damage ? " (damage augment)" : "";
}

// A weapon as the hero carries it: "sword +2 (damage augment)"; the spirit
// bow's level follows hers.
std::string weapon_text(const Weapon& w) {
  if (w.kind == WeaponKind::bow) return fmt::format("{} (level {}, from the hero's level)", w.name, w.level);
  return fmt::format("{} {:+}{}", w.name, w.level, augment_text(w.augment));
}

std::string armor_text(const Armor& a) {
  const std::string_view aug = a.augment == ArmorAugment::evasion   ? " (evasion augment)"
                               : a.augment == ArmorAugment::defense ? " (defense augment)"
                                                                    : "";
  return fmt::format("{} {:+}{}", a.name, a.level, aug);
}

// The items behind the answer, a line each: the attacking hero's weapon (the
// one this attack uses) and rings, the defending hero's armor, block and rings.
std::vector<std::string> equipment(const Combatant& attacker, const Combatant& defender, const Situation& s) {
  std::vector<std::string> out;
  if (attacker.is_hero()) {
    const Hero& h = *attacker.hero;
    const Weapon* w = weapon_used(attacker, s);
    std::string line = fmt::format("attacker ({}, STR {}): ", attacker.name, h.str);
    if (!w)
      line += "no weapon (bare hands)";
    else
      line += fmt::format("{} (needs STR {}){}", weapon_text(*w), w->str,
                          s.how == HeroAttack::thrown ? (s.adjacent ? ", from the next cell" : ", from afar") : "");
    if (h.ring_accuracy != 0) line += fmt::format(", Ring of Accuracy {:+}", h.ring_accuracy);
    if (h.ring_force != 0 && s.how == HeroAttack::melee) line += fmt::format(", Ring of Force {:+}", h.ring_force);
    out.push_back(std::move(line));
  }
  if (defender.is_hero()) {
    const Hero& h = *defender.hero;
    std::string line = fmt::format("defender ({}, STR {}): ", defender.name, h.str);
    line += h.armor ? fmt::format("{} (needs STR {}, DR {}-{})", armor_text(*h.armor), h.armor->str, h.armor->dr_min,
                                  h.armor->dr_max)
                    : std::string("no armor");
    if (h.weapon && h.weapon->block > 0)
      line += fmt::format(", {} (needs STR {}, blocks 0-{})", weapon_text(*h.weapon), h.weapon->str, h.weapon->block);
    if (h.ring_evasion != 0) line += fmt::format(", Ring of Evasion {:+}", h.ring_evasion);
    out.push_back(std::move(line));
  }
  return out;
}

// What a hero spec took by default (HeroClass.initHero), as a note: "the
// attacker (warrior level 1) takes by default the warrior class, level 1, STR
// 10, the warrior's worn shortsword +0, the warrior's cloth armor +0, as the
// class starts (HeroClass.initHero; no class=, level=, str=, weapon=, armor=
// in the spec)". The missile counts only for a thrown attack.
std::optional<std::string> defaults_note(const Combatant& c, std::string_view role, bool thrown) {
  if (!c.is_hero() || c.defaults.empty()) return std::nullopt;
  const Hero& h = *c.hero;
  const std::string cls(to_string(h.hero_class));
  std::vector<std::string> took, keys;
  for (const std::string& k : c.defaults) {
    if (k == "class") took.push_back(fmt::format("the {} class", cls));
    if (k == "level") took.push_back(fmt::format("level {}", h.level));
    if (k == "str") took.push_back(fmt::format("STR {}", h.str));
    if (k == "weapon") took.push_back(h.weapon ? fmt::format("the {}'s {}", cls, weapon_text(*h.weapon)) : "no weapon");
    if (k == "missile" && !thrown) continue;
    if (k == "missile")
      took.push_back(h.missile ? fmt::format("the {}'s {}", cls, weapon_text(*h.missile)) : "no missile");
    if (k == "armor") took.push_back(h.armor ? fmt::format("the {}'s {}", cls, armor_text(*h.armor)) : "no armor");
    keys.push_back(k + "=");
  }
  if (took.empty()) return std::nullopt;
  return fmt::format("the {} ({}) takes by default {}, as the class starts (HeroClass.initHero; no {} in the spec)",
                     role, c.name, fmt::join(took, ", "), fmt::join(keys, ", "));
}

std::vector<std::string> hero_warnings(const Combatant& c, const Situation& s, bool attacks, bool defends);

// A side's warnings, each led by its role ("attacker: the sword needs ..."), as in every game.
void add_warnings(std::vector<std::string>& out, std::string_view role, const Combatant& c, const Situation& s,
                  bool attacks, bool defends) {
  for (const std::string& w : hero_warnings(c, s, attacks, defends)) out.push_back(fmt::format("{}: {}", role, w));
}

// Both sides' warnings for one attack: the attacker's weapon, the defender's armor.
std::vector<std::string> warnings(const Resolved& r) {
  std::vector<std::string> out;
  add_warnings(out, "attacker", r.attacker, r.situation, true, false);
  add_warnings(out, "defender", r.defender, r.situation, false, true);
  return out;
}

// What makes the hero's answer worse than the spec may intend: an item heavier
// than her STR (Weapon.accuracyFactor, baseDelay; Hero.canSurpriseAttack,
// drRoll; Armor.evasionFactor, speedFactor), a thrown weapon from the next
// cell, an unseen mob she cannot surprise, a melee attack from a distance.
// `attacks` in situation `s`, `defends` against the other side.
std::vector<std::string> hero_warnings(const Combatant& c, const Situation& s, bool attacks, bool defends) {
  std::vector<std::string> out;
  if (!c.is_hero()) return out;
  const Hero& h = *c.hero;
  const Weapon* w = attacks ? weapon_used(c, s) : nullptr;
  if (w && w->str > h.str) {
    const int enc = w->str - h.str;
    std::string text = fmt::format(
        "the {} needs STR {} but the hero has {}: accuracy ÷1.5 a missing point (× {:.3g} here, "
        "Weapon.accuracyFactor), each attack takes ×1.2 a point longer ({:.4g} turns, Weapon.baseDelay), and she "
        "cannot surprise-attack with it (Hero.canSurpriseAttack)",
        w->name, w->str, h.str, std::pow(1.5, -enc), attack_time(c, s));
    if (w->kind == WeaponKind::melee && w->block > 0)
      text += fmt::format("; its block NormalIntRange(0, {}) loses {} (2 a point, Hero.drRoll)", w->block, 2 * enc);
    out.push_back(std::move(text));
  }
  if (defends && h.armor && h.armor->str > h.str) {
    const int enc = h.armor->str - h.str;
    out.push_back(fmt::format(
        "the {} needs STR {} but the hero has {}: evasion ÷1.5 a missing point (÷ {:.3g} here, Armor.evasionFactor), "
        "its armor roll NormalIntRange({}, {}) loses {} (2 a point, floored at 0, Hero.drRoll), and she moves ÷1.2 "
        "a point slower (Armor.speedFactor)",
        h.armor->name, h.armor->str, h.str, std::pow(1.5, enc), h.armor->dr_min, h.armor->dr_max, 2 * enc));
  }
  if (defends && h.weapon && h.weapon->block > 0 && h.weapon->str > h.str && w != &*h.weapon)
    out.push_back(
        fmt::format("the {} needs STR {} but the hero has {}: its block NormalIntRange(0, {}) loses {} (2 a "
                    "missing point, Hero.drRoll)",
                    h.weapon->name, h.weapon->str, h.str, h.weapon->block, 2 * (h.weapon->str - h.str)));
  if (attacks && w && s.how == HeroAttack::thrown && s.adjacent)
    out.push_back(fmt::format(
        "the {} is {} from the next cell: accuracy × {:.3g} (MissileWeapon.accuracyFactor: 0.5 + 0.25 a Point "
        "Blank point adjacent, 1.5 at range); the situation's ranged puts the target at a distance",
        w->name, w->kind == WeaponKind::bow ? "shot" : "thrown", 0.5 + 0.25 * s.point_blank));
  if (attacks && s.surprised && !can_surprise_attack(h, w))
    out.push_back(
        fmt::format("unseen: the hero cannot surprise-attack with the {} ({}, Hero.canSurpriseAttack), so "
                    "the mob keeps its evasion",
                    w ? w->name : std::string("?"),
                    w && w->java_class == "Flail" ? "a flail never can" : "she is short of its STR"));
  if (attacks && s.how == HeroAttack::melee && !s.adjacent && (!w || w->reach < 2))
    out.push_back(
        fmt::format("ranged: the hero attacks in melee with {}, which reaches only the next cell; fray "
                    "takes her attack as made from a distance",
                    w ? "the " + w->name : std::string("bare hands")));
  return out;
}

std::vector<std::string> notes(const Resolved& r) {
  std::vector<std::string> out;
  out.push_back(
      "P(hit) is the closed form of Char.hit, within 1e-7 of the game's exact count; damage laws use "
      "NormalIntRange's float-exact law");
  if (r.attacker.is_hero() || r.defender.is_hero())
    out.push_back("talents, enchantments, glyphs and Duelist abilities are not modelled");
  for (const auto& [c, role] : {std::pair{&r.attacker, "attacker"}, std::pair{&r.defender, "defender"}})
    if (const auto n = defaults_note(*c, role, c == &r.attacker && r.situation.how == HeroAttack::thrown))
      out.push_back(*n);
  for (const std::string& n : moment_notes(r.attacker, r.situation, true, false)) out.push_back(n);
  for (const std::string& n : moment_notes(r.defender, r.situation, false, false)) out.push_back(n);
  if (!r.attacker.is_hero() && !r.attacker.mob.notes.empty()) out.push_back(r.attacker.mob.notes.front());
  if (!r.defender.is_hero() && !r.defender.mob.notes.empty() && r.defender.mob.key != r.attacker.mob.key)
    out.push_back(r.defender.mob.notes.front());
  return out;
}

Strike strike_of(const StrikeResult& s, std::vector<Draw> draws) {
  Strike k;
  k.outcome = !s.attacked ? "no_attack" : s.hit.hit ? "hit" : "miss";
  k.hit = s.attacked && s.hit.hit;
  k.damage = s.damage;
  if (s.attacked && s.hit.drawn) {
    k.rolls.push_back({"acu_roll", static_cast<double>(s.hit.acu_roll)});
    k.rolls.push_back({"def_roll", static_cast<double>(s.hit.def_roll)});
  }
  if (s.hit.hit) {
    k.rolls.push_back({"armor", s.armor});
    k.rolls.push_back({"damage_roll", s.roll});
    k.rolls.push_back({"excess_roll", s.excess});
  }
  k.draws = std::move(draws);
  return k;
}

// --- catalogs ------------------------------------------------------------------------

std::vector<CatalogEntry> monster_entries() {
  std::vector<CatalogEntry> out;
  for (const Mob& m : mobs()) {
    CatalogEntry e;
    e.name = m.key;
    e.description = fmt::format("{} ({}, {})", m.name, m.region, m.kind);
    if (m.depth_scaled) e.description += "; needs depth=1..26";
    if (!m.damage && !m.depth_scaled) e.description += "; no melee attack";
    if (m.spell) e.description += fmt::format("; spell {}", call_text(*m.spell));
    // The stats the game computes anew on each call (Tengu.attackSkill, Goo, ...).
    for (const MobOverride& o : m.when) {
      std::vector<std::string> set;
      if (o.accuracy)
        set.push_back(
            fmt::format("accuracy {}", *o.accuracy >= infinite_accuracy ? "infinite" : std::to_string(*o.accuracy)));
      if (o.damage) set.push_back("damage " + range_text(*o.damage));
      if (o.evasion)
        set.push_back(
            fmt::format("evasion {}", *o.evasion >= infinite_evasion ? "infinite" : std::to_string(*o.evasion)));
      if (o.accuracy_factor != 1) set.push_back(fmt::format("accuracy ×{}", o.accuracy_factor));
      if (o.damage_factor != 1) set.push_back(fmt::format("damage ×{}", o.damage_factor));
      if (o.evasion_factor != 1) set.push_back(fmt::format("evasion ×{:g}", o.evasion_factor));
      e.description += fmt::format("; {}: {}", to_string(o.when), fmt::join(set, ", "));
    }
    Fields& f = e.stats;
    if (!m.depth_scaled) {
      f.push_back({"ht", m.ht});
      f.push_back({"accuracy", m.accuracy});
      f.push_back({"evasion", m.evasion});
      f.push_back({"damage", m.damage ? range_text(*m.damage) : std::string("none")});
      f.push_back({"dr", fmt::format("0-{}", m.dr_max)});
    }
    f.push_back({"attack_delay", static_cast<double>(m.attack_delay)});
    for (const Mechanic& x : mob_mechanics(m)) e.abilities.emplace_back(x.text);
    e.parts = mob_parts(m);
    out.push_back(std::move(e));
  }
  return out;
}

std::vector<CatalogEntry> weapon_entries() {
  std::vector<CatalogEntry> out;
  for (const Weapon& w : weapons()) {
    CatalogEntry e;
    e.name = w.key;
    e.description = fmt::format("{}, tier {} {} weapon", w.name, w.tier, kind_text(w.kind));
    if (w.sneak) e.description += fmt::format("; sneak attacks roll from {:.2g} of the range", *w.sneak);
    e.stats = {{"kind", std::string(kind_text(w.kind))},
               {"tier", std::int64_t{w.tier}},
               {"min", w.min},
               {"max", w.max},
               {"str", std::int64_t{w.str}},
               {"acc", static_cast<double>(w.accuracy)},
               {"dly", static_cast<double>(w.delay)},
               {"block", w.block}};
    out.push_back(std::move(e));
  }
  return out;
}

std::vector<CatalogEntry> armor_entries() {
  std::vector<CatalogEntry> out;
  for (const Armor& a : armors())
    out.push_back(
        {a.key,
         fmt::format("{}, tier {} (also `{}`)", a.name, a.tier, a.key.substr(0, a.key.find('_'))),
         {{"tier", std::int64_t{a.tier}}, {"dr_min", a.dr_min}, {"dr_max", a.dr_max}, {"str", std::int64_t{a.str}}}});
  return out;
}

std::vector<CatalogEntry> class_entries() {
  std::vector<CatalogEntry> out;
  for (HeroClass c : {HeroClass::warrior, HeroClass::mage, HeroClass::rogue, HeroClass::huntress, HeroClass::duelist,
                      HeroClass::cleric}) {
    const Hero h = starting_hero(c);
    CatalogEntry e;
    e.name = std::string(to_string(c));
    e.description = fmt::format("hero class; starts with STR {}, {}{}, {}", h.str,
                                h.weapon ? h.weapon->name : std::string("bare hands"),
                                h.missile ? " and " + h.missile->name : std::string(), h.armor->name);
    e.stats = {{"str", std::int64_t{h.str}},
               {"ht", hero_ht(h)},
               {"weapon", h.weapon ? h.weapon->key : std::string("none")},
               {"missile", h.missile ? h.missile->key : std::string("none")},
               {"armor", h.armor->key}};
    out.push_back(std::move(e));
  }
  constexpr std::pair<SubClass, std::string_view> subclasses[] = {
      {SubClass::berserker,
       "rage= multiplies damage by min(1.5, 1 + rage/2) (Berserk.damageFactor); in a fight it is where the rage "
       "starts, growing with the hits she takes (Berserk.damage)"},
      {SubClass::gladiator, "combo moves are not modelled; no passive effect on one attack"},
      {SubClass::battlemage, "no effect on the hit or damage formulas"},
      {SubClass::warlock, "no effect on the hit or damage formulas"},
      {SubClass::assassin, "Preparation is not modelled; surprise attacks as every class"},
      {SubClass::freerunner, "Momentum is not modelled"},
      {SubClass::sniper, "thrown and bow attacks at range ignore armor (Char.attack)"},
      {SubClass::warden, "no effect on the hit or damage formulas"},
      {SubClass::champion, "a second weapon and abilities, not modelled"},
      {SubClass::monk, "--situation focus: infinite evasion; unarmed abilities not modelled"},
      {SubClass::priest, "no effect on one attack"},
      {SubClass::paladin, "Holy Weapon is not modelled"},
  };
  for (const auto& [sub, what] : subclasses)
    out.push_back({std::string(to_string(sub)),
                   fmt::format("{} subclass (hero:subclass={}): {}", to_string(*class_of(sub)), to_string(sub), what),
                   {{"class", std::string(to_string(*class_of(sub)))}}});
  return out;
}

// The catalog builders are the family's, over the fork's own flag and key tables.
// A flag whose condition holds for the first attack only names the first_attack part.
std::vector<CatalogEntry> situation_entries() {
  std::vector<CatalogEntry> out = pixel_dungeon::family::flag_entries(std::span<const Flag>(flags));
  for (CatalogEntry& e : out)
    for (const PassingName& n : kPassingNames)
      if (n.name == e.name) e.parts.push_back(first_attack_part(n.source));
  return out;
}

std::vector<CatalogEntry> key_entries() { return pixel_dungeon::family::key_entries(spec_keys); }

// --- fights ----------------------------------------------------------------------------

// A fight: side a the attacker, side b the defender.
Bout bout_of(const Combatant& a, const Combatant& d, const Situation& s) {
  Bout b = make_bout(a, d, s);
  // Each side attacks (b in the counter situation) and defends.
  const Situation back = counter_situation(d, s);
  add_warnings(b.warnings, "attacker", a, s, true, true);
  add_warnings(b.warnings, "defender", d, back, true, true);
  std::vector<std::string> defaults;
  if (const auto n = defaults_note(a, "attacker", s.how == HeroAttack::thrown)) defaults.push_back(*n);
  if (const auto n = defaults_note(d, "defender", false)) defaults.push_back(*n);
  b.notes.insert(b.notes.begin(), defaults.begin(), defaults.end());
  return b;
}

// --- the game, as GameRuleset reads it (fray/rules/game_ruleset.hpp) ----------------

struct ShatteredPd : GameTypes<Combatant, Situation, AttackPlan, Outcome, StrikeResult> {
  static constexpr std::string_view id = "shattered-pd";
  static constexpr std::string_view title = "Shattered Pixel Dungeon 3.3.6";
  static constexpr std::string_view player_name = "hero";
  static constexpr std::string_view time_unit = "turns";

  static Combatant parse_combatant(std::string_view spec, std::string_view role) {
    return shattered_pd::parse_combatant(spec, role);
  }
  static Situation parse_situation(const std::vector<std::string>& flags) {
    return shattered_pd::parse_situation(flags);
  }
  // After the plan: the situation's buffs put on the combatants (apply_situation).
  static void finish(Resolved& r) { apply_situation(r.attacker, r.defender, r.situation); }
  template <class R>
  static StrikeResult strike(const Resolved& r, R& rng, std::vector<Draw>* trace) {
    const AttackPlan& p = r.plan;
    if (!trace) return shattered_pd::strike(p, rng);
    std::size_t armor_i = 0, roll_i = 0;
    return shattered_pd::strike(p, rng, [&](DrawFor what, double value) {
      Draw& d = trace->emplace_back();
      d.label = std::string(draw_label(what));
      switch (what) {
        case DrawFor::accuracy:
          d.call = fmt::format("Random.Float()·{}", p.hit.accuracy);
          d.value = value;
          break;
        case DrawFor::evasion:
          d.call = fmt::format("Random.Float()·{}", p.hit.evasion);
          d.value = value;
          break;
        case DrawFor::clover:
          d.call = "Random.Float()";
          d.value = value;
          break;
        case DrawFor::armor:
          d.call = call_text(p.armor[std::min(armor_i++, p.armor.size() - 1)].roll);
          d.value = static_cast<std::int64_t>(value);
          break;
        case DrawFor::damage:
        case DrawFor::excess_strength:
          d.call = call_text(roll_i++ == 0 || !p.excess ? p.roll : *p.excess);
          d.value = static_cast<std::int64_t>(value);
          break;
      }
    });
  }
  static bool landed(const StrikeResult& s) { return s.attacked && s.hit.hit; }
  static Strike strike_of(const Resolved&, const StrikeResult& s, std::vector<Draw> draws) {
    return shattered_pd::strike_of(s, std::move(draws));
  }

  static SideSummary side(const Resolved& r, bool attacker) {
    return shattered_pd::side(attacker ? r.attacker : r.defender, r.plan, r.situation, attacker);
  }
  static std::vector<OutcomeKind> outcomes(const Resolved& r, const Outcome& o) {
    if (!r.plan.attacks) return {{"no_attack", 1.0, false}};
    return {{"miss", 1 - o.p_hit, false}, {"hit", o.p_hit, true}};
  }
  static double attack_time(const Resolved& r) { return shattered_pd::attack_time(r.attacker, r.situation); }
  static Fields details(const Resolved& r, const Outcome&) { return shattered_pd::details(r.plan); }
  static std::vector<std::string> steps(const Resolved& r, const Outcome& o) { return shattered_pd::steps(r, o.p_hit); }
  static std::vector<std::string> notes(const Resolved& r) { return shattered_pd::notes(r); }
  static std::vector<std::string> equipment(const Resolved& r) {
    return shattered_pd::equipment(r.attacker, r.defender, r.situation);
  }
  static std::vector<std::string> warnings(const Resolved& r) { return shattered_pd::warnings(r); }
  static void mechanics(const Resolved& r, std::vector<std::string>& modelled, std::vector<std::string>& not_modelled) {
    list_mechanics(r.attacker, r.defender, true, modelled, not_modelled);
  }
  static Bout bout(const Combatant& a, const Combatant& d, const Situation& s) { return bout_of(a, d, s); }

  // `--rng java`: the game's own stream for a seed, java.util.Random seeded as
  // Random.pushGenerator(seed) seeds it.
  template <class Go>
  static bool run_engine(std::string_view name, std::uint64_t seed, Go&& go) {
    if (name != "java") return false;
    JavaRandom rng = pushed_generator(static_cast<std::int64_t>(seed));
    go(rng);
    return true;
  }
  static std::vector<std::string> engine_notes(std::string_view name) {
    if (name != "java") return {};
    return {
        "engine java: java.util.Random seeded as Random.pushGenerator(seed) seeds it (MX3-scrambled), so the draws "
        "are the game's own stream for that seed"};
  }

  static constexpr CatalogSource catalog_sources[] = {
      {CatalogKind::monsters, monster_entries},     {CatalogKind::weapons, weapon_entries},
      {CatalogKind::armors, armor_entries},         {CatalogKind::classes, class_entries},
      {CatalogKind::situations, situation_entries}, {CatalogKind::keys, key_entries},
  };
};
static_assert(Game<ShatteredPd>);

class Rules final : public GameRuleset<ShatteredPd> {
 public:
  std::vector<std::string> verbs() const override { return {"path", "aim", "fov"}; }
  grid::Legend grid_legend() const override { return map_legend(); }
  // ShadowCaster.castShadow: 8 by default; a distance above 20 is cut to it.
  int field_of_view(const grid::Map& map, grid::Point at, std::optional<std::int64_t> radius,
                    std::string_view radius_name, grid::Visibility& out) const override {
    int r = default_view_distance;
    if (radius) {
      if (*radius < 0 || *radius > 1'000'000)
        throw Error(fmt::format("{} {} is out of range 0..1000000 for shattered-pd (above {} is cut to it)",
                                radius_name, *radius, max_view_distance));
      r = static_cast<int>(std::min<std::int64_t>(*radius, max_view_distance));
    }
    shattered_pd::field_of_view(map, at, r, out);
    return r;
  }
  std::string field_of_view_radius() const override {
    return fmt::format("0.., default {}, cut to {}", default_view_distance, max_view_distance);
  }
  RulesetDefaults defaults() const override {
    return {"hero:class=warrior,level=5", "gnoll_brute", "attacker", "level", 1, 20, 1, {"gnoll_brute", "gnoll_scout"}};
  }
  std::vector<std::string> aliases() const override { return {"shattered", "spd"}; }

  void add_dice_functions(DiceFunctions& fns) const override { shattered_pd::add_dice_functions(fns); }
};

void check_range(std::span<const std::int64_t> x, const char* name) {
  if (x[1] < x[0]) throw Error(fmt::format("{}({}, {}): the maximum is below the minimum", name, x[0], x[1]));
  constexpr std::int64_t lim = std::int64_t{1} << 30;
  if (x[0] < -lim || x[1] > lim) throw Error(fmt::format("{}({}, {}): bounds must be within ±2^30", name, x[0], x[1]));
  if (x[1] - x[0] + 1 > max_normal_width)
    throw Error(fmt::format("{}({}, {}): more than {} values", name, x[0], x[1], max_normal_width));
}

}  // namespace

void add_dice_functions(DiceFunctions& fns) {
  fns.add(DiceFunction{"shattered_normal", 2, 2, "shattered_normal(a, b)",
                       [](std::span<const std::int64_t> x) {
                         check_range(x, "shattered_normal");
                         return normal_int_range_pmf(x[0], x[1]);
                       },
                       [](std::span<const std::int64_t> x, RngRef rng) {
                         check_range(x, "shattered_normal");
                         return std::int64_t{random_normal_int_range(rng, static_cast<std::int32_t>(x[0]),
                                                                     static_cast<std::int32_t>(x[1]))};
                       },
                       [](std::span<const std::int64_t> x) { return span_cost(x[0], x[1]); }});
  fns.add(DiceFunction{"shattered_int_range", 2, 2, "shattered_int_range(a, b)",
                       [](std::span<const std::int64_t> x) {
                         check_range(x, "shattered_int_range");
                         return int_range_pmf(x[0], x[1]);
                       },
                       [](std::span<const std::int64_t> x, RngRef rng) {
                         check_range(x, "shattered_int_range");
                         return std::int64_t{
                             random_int_range(rng, static_cast<std::int32_t>(x[0]), static_cast<std::int32_t>(x[1]))};
                       },
                       [](std::span<const std::int64_t> x) { return span_cost(x[0], x[1]); }});
}

const Ruleset& ruleset() {
  static const Rules r;
  return r;
}

}  // namespace fray::shattered_pd
