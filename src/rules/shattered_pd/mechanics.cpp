#include "rules/shattered_pd/mechanics.hpp"

#include <fmt/format.h>

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
        {"at HP <= HT / 2: accuracy 15, damage 1-12, evasion 12 (Goo.attackSkill, damageRoll, defenseSkill)", M::exact},
        {kGooWater, M::no, false, true}}},
      {"FetidRat", {{kOozeSewers, M::exact}, {"releases stench gas when hit (FetidRat.defenseProc)"}}},
      {"GnollTrickster",
       {{"attacks only from range; its hits poison or burn as its combo grows (GnollTrickster.attackProc)"}}},
      {"GreatCrab", {{"infinite evasion against the enemy it sees (GreatCrab.defenseSkill)", M::no, true}}},
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
       {{"damage cannot cross more than one HT/8 bracket per hit (Tengu.damage)"},
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
      {"Statue", {{"its weapon's enchantment procs (Statue.attackProc)"}}},
      {"ArmoredStatue", {{"its weapon's enchantment and its armor's glyph proc (ArmoredStatue)"}}},
      {"RotLasher", {{"cripples on each hit (RotLasher.attackProc)"}}},
      {"RotHeart", {{"releases toxic gas when hit (RotHeart.defenseProc)"}}},
      {"CrystalGuardian", {{"knocked down ('recovering'): evasion 0, damage bypasses armor (CrystalGuardian)"}}},
      {"GnollGuard", {{"reach 2, NormalIntRange(16, 22) when not adjacent (GnollGuard.damageRoll)"}}},
      {"GnollGeomancer", {{"rock armor shield and boulder attacks (GnollGeomancer)"}}},
      {"FungalSentry", {{"poison: each hit adds 6 turns (FungalSentry.attackProc); attacks at range"}}},
  };
  return rows;
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

void list_mechanics(const Combatant& a, const Combatant& b, bool attack, std::vector<std::string>& modelled,
                    std::vector<std::string>& not_modelled) {
  pixel_dungeon::sort_mechanics(
      a, b, attack, [](const Combatant& c) { return mechanics(c); }, modelled, not_modelled);
}

}  // namespace fray::shattered_pd
