#include "rules/shattered_pd/mechanics.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <fray/rules/shattered_pd/hit.hpp>
#include <utility>

namespace fray::shattered_pd {
namespace {

using M = Modelled;

// Goo.act: followed when the spec says Goo stands on water.
constexpr std::string_view kGooWater =
    "regenerates 1 HP on each of its turns below HT when it stands on water, before its move (Goo.act, without the "
    "Stronger Bosses challenge); followed only with the spec's on_water";

constexpr std::string_view kSlimeDamage =
    "damage it takes from 5 up is compressed to 4 + (sqrt(8(d - 4) + 1) - 1) / 2, d over its ascension factor "
    "(Slime.damage)";

constexpr std::string_view kMonkFocus =
    "Focus: after its first attack, and again 13 or 14 of its attacks after each parry (a cooldown of "
    "NormalFloat(6, 7) turns, 0.5 an attack), the next attack on it misses, even a sure hit (Monk.act, "
    "defenseSkill, defenseVerb)";

struct MobRow {
  std::string_view java_class;
  std::vector<Mechanic> list;
};

constexpr std::string_view kOozeSewers =
    "ooze: a third of its hits ooze the target for 20 turns, 1 damage on half its turns at depths 1-4 "
    "(Ooze.act), the first at the end of the turn of the hit";

// actors/mobs/*.java: what each mob does besides a plain attack that can
// change who wins a fight. Loot, immunities to effects fray does not model
// and movement outside a fight are left out.
const std::vector<MobRow>& mob_rows() {
  static const std::vector<MobRow> rows = {
      {"Albino",
       {{"bleeding: half its hits that deal damage set Bleeding NormalFloat(2, 3); each turn the level becomes "
         "NormalFloat(level / 2, level) and deals round(level) until that is 0 (Albino.attackProc, Bleeding.act)",
         M::sampled}}},
      {"Swarm",
       {{"splits when hit: if HP >= damage + 2 a clone takes (HP - damage) / 2 of its HP, acting a turn later "
         "(Swarm.defenseProc)",
         M::exact}}},
      {"Slime", {{kSlimeDamage, M::exact, true}}},
      {"CausticSlime",
       {{"ooze: half its hits ooze the target for 20 turns, 1 damage on half its turns at depths 1-4 (Ooze.act), "
         "the first at the end of the turn of the hit",
         M::exact},
        {kSlimeDamage, M::exact, true}}},
      {"Goo",
       {{"ooze: a third of its hits ooze the target for 20 turns, 1 damage a turn at depth 5 (Goo.attackProc, "
         "Ooze.act), the first at the end of the turn of the hit",
         M::exact},
        {"pumps up instead of attacking on 1 in 5 of its turns from rest (1 in 2 at HP <= HT / 2), again the next "
         "turn, then attacks with accuracy x2 and damage NormalIntRange(3, 3 max) (Goo.doAttack); the hero stays "
         "adjacent",
         M::exact},
        {"at HP <= HT / 2: accuracy 15, damage 1-12, evasion 12 (Goo.attackSkill, damageRoll, defenseSkill), from "
         "its hp= in one attack and from its HP in a fight",
         M::exact, true},
        {kGooWater, M::no, false, true}}},
      {"FetidRat", {{kOozeSewers, M::exact}, {"releases stench gas when hit (FetidRat.defenseProc)"}}},
      {"GnollTrickster",
       {{"attacks only from range; its hits poison or burn as its combo grows (GnollTrickster.attackProc)"}}},
      {"GreatCrab",
       {{"infinite evasion against the enemy it has seen while awake, free and the enemy visible; 0 otherwise "
         "(GreatCrab.defenseSkill): every attack on it misses but one on it unaware (unseen), paralyzed or by an "
         "invisible attacker",
         M::exact, true}}},
      {"Skeleton",
       {{"bursts when it dies, hurting each neighbour for NormalIntRange(6, 12) less two armor rolls "
         "(Skeleton.die)"}}},
      {"Thief", {{"steals an item on a hit and flees (Thief.attackProc)"}}},
      {"Bandit", {{"steals an item on a hit and flees, blinding, poisoning and crippling (Bandit.steal)"}}},
      {"DM100", {{"zap at range, NormalIntRange(3, 10) magic (DM100.zap); a melee fight never uses it", M::no, true}}},
      {"Guard", {{"chains a distant enemy to itself and cripples it (Guard.chain)"}}},
      {"Necromancer",
       {{"summons a skeleton next to its target on its second turn, which attacks from that turn on and bursts when "
         "the necromancer dies, NormalIntRange(6, 12) less two armor rolls (Necromancer.summonMinion, die; "
         "Skeleton.die)",
         M::exact}}},
      {"SpectralNecromancer",
       {{"summons a level-4 wraith (accuracy 14, evasion 70, damage 3-6, 1 HP) next to its target on its second "
         "turn and another every 2 turns while a cell next to the target is free, each attacking from 2 turns after "
         "it appears; they die with the necromancer (SpectralNecromancer.summonMinion, die; Wraith.adjustStats, "
         "SPAWN_DELAY)",
         M::exact}}},
      {"Tengu",
       {{"accuracy 10 against an adjacent target, 20 at range (Tengu.attackSkill): the situation's adjacent (the "
         "default) or ranged",
         M::exact, true},
        {"damage cannot cross more than one HT/8 bracket per hit (Tengu.damage)"},
        {"attacks at range and jumps away (Tengu.act)"}}},
      {"Bat",
       {{"life drain: heals min(damage - 4, HT - HP) on each hit that deals more than 4 (Bat.attackProc)", M::exact}}},
      {"Brute",
       {{"at 0 HP first gains a rage shield of HT / 2 + 4, decaying 4 a turn, spends a turn and then hits for 15-40 "
         "(Brute.isAlive, BruteRage.act)",
         M::exact}}},
      {"ArmoredBrute",
       {{"at 0 HP first gains a rage shield of HT / 2 + 1, decaying round(ascension) every 3 turns from the rage's "
         "own, spends a turn and then hits for 15-40 (ArmoredBrute.triggerEnrage, ArmoredRage.act)",
         M::exact}}},
      {"Shaman$RedShaman",
       {{"bolt at range, NormalIntRange(6, 15) magic, half of them weakening (Shaman.zap); a melee fight never uses "
         "it",
         M::no, true}}},
      {"Shaman$BlueShaman",
       {{"bolt at range, NormalIntRange(6, 15) magic, half of them making vulnerable (Shaman.zap); a melee fight "
         "never uses it",
         M::no, true}}},
      {"Shaman$PurpleShaman",
       {{"bolt at range, NormalIntRange(6, 15) magic, half of them hexing (Shaman.zap); a melee fight never uses it",
         M::no, true}}},
      {"Spinner",
       {{"poison: half its hits poison for IntRange(7, 8) turns; each turn deals (int)(left / 3) + 1 and counts "
         "left down, the first at the end of the turn of the hit (Spinner.attackProc, Poison.act)",
         M::exact},
        {"flees after it poisons, and shoots webs (Spinner.attackProc, webPos)"}}},
      {"DM200", {{"vents toxic gas at range (DM200.zap)"}}},
      {"DM201", {{"lobs corrosive gas when threatened (DM201.act)"}}},
      {"DM300", {{"pylons lock its HP at thirds and supercharge it (DM300.damage, supercharge)"}}},
      {"Ghoul", {{"a downed ghoul revives at half HP while its partner lives (Ghoul.die)"}}},
      {"Elemental$FireElemental",
       {{"burning: half its melee hits set the target on fire (Elemental.meleeProc)"},
        {"zaps its element at range (Elemental.zap)"}}},
      {"Elemental$FrostElemental",
       {{"chills on half its melee hits (Elemental.meleeProc)"}, {"zaps its element at range (Elemental.zap)"}}},
      {"Elemental$ShockElemental",
       {{"lightning on half its melee hits (Elemental.meleeProc)"}, {"zaps its element at range (Elemental.zap)"}}},
      {"Elemental$ChaosElemental", {{"random wand effects (Elemental.meleeProc)"}}},
      {"Warlock",
       {{"bolt at range, NormalIntRange(12, 18) magic, half degrading (Warlock.zap); a melee fight never uses it",
         M::no, true}}},
      {"Monk", {{kMonkFocus, M::exact, true}}},
      {"Senior", {{kMonkFocus, M::exact, true}}},
      {"DwarfKing", {{"phases with summoned minions (DwarfKing.act)"}}},
      {"Succubus",
       {{"charm: a third of its hits charm; against a charmed target it heals 5 + damage (Succubus.attackProc)"},
        {"blinks towards a distant target (Succubus.blink)"}}},
      {"Eye", {{"death gaze: a charged beam, NormalIntRange(30, 50) magic (Eye.deathGaze)"}}},
      {"Scorpio",
       {{"attacks only from range and keeps its distance (Scorpio.canAttack)"},
        {"cripple: half its hits (Scorpio.attackProc)"}}},
      {"Acidic",
       {{"attacks only from range and keeps its distance (Scorpio.canAttack)"},
        {"ooze on each hit and when hit in melee (Acidic.attackProc, defenseProc)"}}},
      {"RipperDemon", {{"leaps at its target from range (RipperDemon.act)"}}},
      {"DemonSpawner",
       {{"damage it takes from 20 up is compressed to 19 + (int)(sqrt(8(d - 19) + 1) - 1) / 2 (DemonSpawner.damage)",
         M::exact, true},
        {"spawns ripper demons (DemonSpawner.act)"}}},
      {"YogDzewa", {{"phases: its HP cannot drop below HT - 300 per phase; fists and larvae (YogDzewa.damage)"}}},
      {"YogFist$BurningFist", {{"sets its target on fire at range (BurningFist.zap)"}}},
      {"YogFist$RustedFist", {{"damage it takes is deferred (RustedFist.damage)"}}},
      {"Piranha", {{"dies out of water (Piranha.act)"}}},
      {"Mimic",
       {{"while it passes for a chest its attack on a visible target cannot miss and deals the top of its range, "
         "2 + 2 level (Mimic.attackSkill, damageRoll, interact); fray takes it revealed"}}},
      {"Statue", {{"its weapon's enchantment procs (Statue.attackProc)"}}},
      {"ArmoredStatue", {{"its weapon's enchantment and its armor's glyph proc (ArmoredStatue)"}}},
      {"RotLasher", {{"cripples on each hit (RotLasher.attackProc)"}}},
      {"RotHeart", {{"releases toxic gas when hit (RotHeart.defenseProc)"}}},
      {"CrystalGuardian",
       {{"at 0 HP it does not die: it is knocked down ('recovering', 1 HP, regaining 5 a turn up to HT) with evasion "
         "0 and damage bypassing its armor (CrystalGuardian.isAlive, act, defenseSkill, defenseProc); fray takes its "
         "0 HP as its death"}}},
      {"GnollGuard",
       {{"reach 2: NormalIntRange(16, 22) when its target is not adjacent, 6-12 adjacent (GnollGuard.damageRoll): "
         "the situation's adjacent (the default) or ranged",
         M::exact, true},
        {"takes a quarter of the damage while its gnoll sapper lives (GnollGuard.damage)"}}},
      {"GnollGeomancer", {{"rock armor shield and boulder attacks (GnollGeomancer)"}}},
      {"FungalSentry", {{"poison: each hit adds 6 turns (FungalSentry.attackProc); attacks at range"}}},
  };
  return rows;
}

// --- the mobs' stats that follow the moment (the catalog's `when` rows) ----------------

std::string stat_value(std::int64_t v) {
  return v >= infinite_evasion ? std::string("infinite") : fmt::format("{}", v);
}

// The stats of `a` that differ from `b`: accuracy and damage for an
// attacker, evasion for a defender.
std::string differing(const MobStats& a, const MobStats& b, bool attacking) {
  std::vector<std::string> out;
  if (attacking && a.accuracy != b.accuracy) out.push_back("accuracy " + stat_value(a.accuracy));
  if (attacking && a.damage && b.damage && (a.damage->a != b.damage->a || a.damage->b != b.damage->b))
    out.push_back(fmt::format("damage {}-{}", a.damage->min(), a.damage->max()));
  if (!attacking && a.evasion != b.evasion) out.push_back("evasion " + stat_value(a.evasion));
  return fmt::format("{}", fmt::join(out, ", "));
}

// The condition, holding or not, in words, at the moment `at`.
std::string condition_text(const Mob& m, MobCondition c, bool on, const MobMoment& at) {
  switch (c) {
    case MobCondition::not_adjacent:
      return on ? "with its foe not adjacent (the situation's ranged)" : "with its foe adjacent";
    case MobCondition::hp_at_most_half:
      if (at.hp && holds(m, c, at) == on) return fmt::format("at {} of {} HP", *at.hp, m.ht);
      return on ? fmt::format("at {} HP or less", m.ht / 2) : fmt::format("above {} HP", m.ht / 2);
    case MobCondition::sees_its_attacker:
      return on ? "while it watches its visible attacker"
                : "unaware of its attacker (unseen), paralyzed or against an invisible attacker";
    default:
      return std::string(to_string(c));
  }
}

// The game methods a row changes, for the note.
std::string methods_of(const Mob& m, const MobOverride& o, bool attacking) {
  std::vector<std::string> out;
  if (attacking && (o.accuracy || o.accuracy_factor != 1)) out.push_back(m.java_class + ".attackSkill");
  if (attacking && (o.damage || o.damage_factor != 1)) out.push_back(m.java_class + ".damageRoll");
  if (!attacking && (o.evasion || o.evasion_factor != 1)) out.push_back(m.java_class + ".defenseSkill");
  return fmt::format("{}", fmt::join(out, ", "));
}

}  // namespace

std::vector<Mechanic> mob_mechanics(const Mob& mob) {
  for (const MobRow& r : mob_rows())
    if (r.java_class == mob.java_class) return r.list;
  return {};
}

std::vector<Mechanic> hero_mechanics(const Hero& hero) {
  std::vector<Mechanic> out;
  switch (hero.subclass) {
    case SubClass::berserker:
      out.push_back(
          {"Berserker rage grows by (damage / HT) / 4 with each physical hit taken, up to 1, and after 3 turns "
           "without one loses gate(0.1, rage, 1) * 0.05 * (HP / HT)^2 a turn; damage x min(1.5, 1 + rage / 2) "
           "(Berserk.damage, act, damageFactor)",
           M::sampled});
      out.push_back(
          {"Berserker going berserk: at full rage by the player's action (Berserk.doAction), or instead of dying with "
           "the Deathless Fury talent, which specs do not take (Berserk.berserking): a shield of round((8 + 2 x armor "
           "level) x (1 + 2 (1 - HP / HT)^3)) losing ceil(2.5 %) a turn (Berserk.startBerserking, act)"});
      break;
    case SubClass::gladiator:
      out.push_back({"Gladiator combo moves (Clobber, Slam, Parry, Crush, Fury) are the player's choice (Combo)"});
      break;
    case SubClass::warlock:
      out.push_back({"Warlock Soul Mark heals the hero from damage to marked enemies (SoulMark)"});
      break;
    case SubClass::assassin:
      out.push_back({"Assassin Preparation: stronger rolls and a knock-out after invisible turns (Preparation)"});
      break;
    default:
      break;
  }
  out.push_back(
      {"hero regeneration: 1 HP every 10 turns below HT while not starving (Regeneration.act)", M::exact, false, true});
  return out;
}

std::vector<Mechanic> mechanics(const Combatant& c) {
  if (c.is_hero()) return hero_mechanics(*c.hero);
  std::vector<Mechanic> out = mob_mechanics(c.mob);
  for (Mechanic& m : out)
    if (c.on_water && m.text == kGooWater) m.fight = M::exact;
  return out;
}

std::vector<std::string> moment_notes(const Combatant& c, const Situation& s, bool attacking, bool fight) {
  std::vector<std::string> out;
  if (c.is_hero()) return out;
  const Mob& m = c.mob;
  const MobMoment now = moment_of(c, s, attacking);
  for (const MobOverride& o : m.when) {
    if (o.when != MobCondition::not_adjacent && o.when != MobCondition::hp_at_most_half &&
        o.when != MobCondition::sees_its_attacker)
      continue;
    MobMoment other = now;
    bool on = holds(m, o.when, now);
    switch (o.when) {
      case MobCondition::not_adjacent:
        other.adjacent = !now.adjacent;
        break;
      case MobCondition::hp_at_most_half:
        other.hp = on ? m.ht : m.ht / 2;
        break;
      default:
        other.sees_its_attacker = !now.sees_its_attacker;
        break;
    }
    const MobStats a = mob_stats(m, now), b = mob_stats(m, other);
    const std::string taken = differing(a, b, attacking), instead = differing(b, a, attacking);
    if (taken.empty()) continue;
    if (fight && o.when == MobCondition::hp_at_most_half) {
      out.push_back(fmt::format("{}: {} {}; {} {}; the fight follows its HP ({})", c.name, taken,
                                condition_text(m, o.when, on, {}), instead, condition_text(m, o.when, !on, {}),
                                methods_of(m, o, attacking)));
      continue;
    }
    out.push_back(fmt::format("{}: {} {}; {} {} ({})", c.name, taken, condition_text(m, o.when, on, now), instead,
                              condition_text(m, o.when, !on, {}), methods_of(m, o, attacking)));
  }
  return out;
}

void list_mechanics(const Combatant& a, const Combatant& b, bool attack, std::vector<std::string>& modelled,
                    std::vector<std::string>& not_modelled) {
  pixel_dungeon::sort_mechanics(
      a, b, attack, [](const Combatant& c) { return mechanics(c); }, modelled, not_modelled);
}

}  // namespace fray::shattered_pd
