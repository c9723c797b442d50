#include "rules/pixel_dungeon/mechanics.hpp"

namespace fray::pixel_dungeon {
namespace {

using M = Modelled;

// Goo.act, RottingFist.act: followed when the spec says the mob stands on water.
constexpr std::string_view kGooWater =
    "regenerates 1 HP on each of its turns below HT when it stands on water, before its move (Goo.act); followed "
    "only with the spec's on_water";
constexpr std::string_view kFistWater =
    "regenerates 4 HP on each of its turns below HT, not capped at HT, when it stands on water, before its move "
    "(RottingFist.act); followed only with the spec's on_water";

struct MobRow {
  std::string_view key;
  std::vector<Mechanic> list;
};

// actors/mobs/*.java: what each mob does besides a plain attack that can
// change who wins a fight. Loot, immunities to effects fray does not model
// and movement outside a fight are left out.
const std::vector<MobRow>& mob_rows() {
  static const std::vector<MobRow> rows = {
      {"albino_rat",
       {{"bleeding: half its hits (Random.Int(2) == 0) make the target bleed for the damage dealt, then "
         "Random.Int(level / 2, level) a turn until 0 (Albino.attackProc, Bleeding.act)",
         M::exact}}},
      {"swarm_of_flies",
       {{"splits when hit: a clone takes (HP - damage) / 2 of its HP when a free neighbouring "
         "cell exists (Swarm.defenseProc)",
         M::exact}}},
      {"fetid_rat", {{"releases paralytic gas when hit (FetidRat.defenseProc)"}}},
      {"skeleton",
       {{"bursts when it dies, hurting every neighbour for a damage roll less half its armor "
         "(Skeleton.die)"}}},
      {"crazy_thief", {{"steals an item on a hit and flees (Thief.attackProc)"}}},
      {"crazy_bandit", {{"steals an item on a hit and flees, blinding the hero (Bandit.attackProc)"}}},
      {"goo",
       {{"pumps up on a third of its turns next to its target, then attacks for 5-30 at accuracy 30 (Goo.doAttack); "
         "a fight follows the spec's pumped= throughout",
         M::no, true},
        {"ooze: a third of its hits (Goo.attackProc)"},
        {kGooWater, M::no, false, true}}},
      {"gnoll_shaman",
       {{"lightning bolt at range, 2-11 without armor (Shaman.zap); a melee fight never uses it", M::no, true}}},
      {"vampire_bat", {{"life drain: heals min(damage, HT - HP) on each hit (Bat.attackProc)", M::exact}}},
      {"gnoll_brute", {{"rage: damage 10-40 while HP < HT / 4 (Brute.damageRoll)", M::exact, true}}},
      {"shielded_brute", {{"rage: damage 10-40 while HP < HT / 4 (Brute.damageRoll)", M::exact, true}}},
      {"tengu",
       {{"jumps away instead of every fifth attack next to its target (Tengu.doAttack)"},
        {"attacks at range (Tengu.canAttack)"}}},
      {"cave_spinner",
       {{"poison: half its hits poison the target for Random.Int(7, 9) turns, (int)(left / 3) + 1 a turn "
         "(Spinner.attackProc, Poison.act)",
         M::exact},
        {"flees while its target is poisoned (Spinner.attackProc, Spinner.act)"},
        {"webs (Spinner.move)"}}},
      {"fire_elemental", {{"burning: half its hits set the target on fire (Elemental.attackProc)"}}},
      {"dwarf_monk", {{"disarms the hero on a sixth of its hits (Monk.attackProc)"}}},
      {"senior_monk",
       {{"paralysis: a tenth of its hits paralyse for 1.1 turns (Senior.attackProc)"},
        {"disarms the hero on a sixth of its hits (Monk.attackProc)"}}},
      {"dm_300",
       {{"toxic gas around itself every turn (DM300.act)"}, {"heals Random.Int(1, HT - HP) on a trap (DM300.move)"}}},
      {"dwarf_warlock",
       {{"shadow bolt at range, 12-17 without armor, half of them weakening (Warlock.zap); a melee fight never uses "
         "it",
         M::no, true}}},
      {"king_of_dwarves",
       {{"summons undead dwarves, 1 + 5 (HT - HP) / HT of them (King.summon); the fight is the king alone"}}},
      {"undead_dwarf", {{"paralysis: a fifth of its hits paralyse for 1 turn (Undead.attackProc)"}}},
      {"succubus",
       {{"charm: a third of its hits charm the target (Succubus.attackProc)"},
        {"blinks towards a distant target (Succubus.blink)"}}},
      {"evil_eye", {{"attacks only with its beam: a magic hit, 14-20 without armor (Eye.attack)", M::exact, true}}},
      {"scorpio",
       {{"cripple: half its hits (Scorpio.attackProc)"},
        {"attacks only from range and keeps its distance (Scorpio.canAttack, getCloser)"}}},
      {"acidic_scorpio",
       {{"acid: whoever hits it takes IntRange(0, damage) (Acidic.defenseProc)"},
        {"cripple: half its hits (Scorpio.attackProc)"}}},
      {"yog_dzewa",
       {{"never attacks (Yog)", M::exact, true},
        {"damage it takes is halved for each living fist (Yog.damage)"},
        {"spawns a larva when hit (Yog.defenseProc)"}}},
      {"rotting_fist", {{kFistWater, M::no, false, true}, {"ooze: a third of its hits"}}},
      {"burning_fist",
       {{"magic attack at range, 20-32 without armor (BurningFist.attack)"}, {"sets fire around itself (act)"}}},
      {"mimic", {{"steals gold on a third of its hits (Mimic.attackProc)"}}},
      {"animated_statue", {{"its weapon's enchantment procs (Statue.attackProc)"}}},
      {"curse_personification",
       {{"regenerates 1 HP a turn (CursePersonification.act)", M::no, false, true},
        {"knocks the target back (attackProc)"}}},
      {"golden_bee", {{"loses 1 HP a turn (Bee.act)", M::no, false, true}}},
      {"mirror_image", {{"vanishes after its first hit (MirrorImage.attackProc)"}}},
      {"giant_piranha", {{"dies out of water (Piranha.act)"}}},
  };
  return rows;
}

}  // namespace

std::vector<Mechanic> mob_mechanics(const Mob& mob) {
  for (const MobRow& r : mob_rows())
    if (r.key == mob.key) return r.list;
  return {};
}

std::vector<Mechanic> hero_mechanics(const Hero& hero) {
  std::vector<Mechanic> out;
  switch (hero.subclass) {
    case SubClass::gladiator:
      out.push_back(
          {"Gladiator Combo: each hit adds 1 to the count and, from 3, trunc(damage (count - 2) / 5); the "
           "count ends 1.1 turns after a hit below 3, 1.41 - count / 10 turns after one from 3 (Combo.hit)",
           M::exact, true});
      break;
    case SubClass::berserker:
      out.push_back({"Berserker Fury: damage x1.5 while HP <= 0.4 HT (Hero.damageRoll)", M::exact, true});
      break;
    default:
      break;
  }
  out.push_back(
      {"hero regeneration: 1 HP every 10 / 1.2^n turns (n: Ring of Mending levels) while HP < HT and not "
       "starving (Regeneration.act)",
       M::exact, false, true});
  if (hero.starving)
    out.push_back(
        {"starving: 1 damage with chance 0.3 every 10 turns, 12 for the rogue (Hunger.act)", M::exact, false, true});
  return out;
}

std::vector<Mechanic> mechanics(const Combatant& c) {
  if (c.is_hero()) return hero_mechanics(*c.hero);
  std::vector<Mechanic> out = mob_mechanics(c.mob);
  for (Mechanic& m : out)
    if (c.on_water && (m.text == kGooWater || m.text == kFistWater)) m.fight = M::exact;
  return out;
}

void list_mechanics(const Combatant& a, const Combatant& b, bool attack, std::vector<std::string>& modelled,
                    std::vector<std::string>& not_modelled) {
  // Two swarms of flies fight as two single bodies: each fly's hit would
  // split the other group, which the kernels (one summed attack of the flies
  // next to the target) do not follow.
  const bool both_swarms =
      !a.is_hero() && !b.is_hero() && a.mob.key == "swarm_of_flies" && b.mob.key == "swarm_of_flies";
  sort_mechanics(
      a, b, attack, [](const Combatant& c) { return mechanics(c); },
      [both_swarms](const Combatant&, const Mechanic& m) {
        return both_swarms && m.text.starts_with("splits when hit");
      },
      modelled, not_modelled);
}

}  // namespace fray::pixel_dungeon
