#include "rules/brogue/mechanics.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>
#include <utility>

namespace fray::brogue {
namespace {

using M = Modelled;

bool has(const std::vector<std::string>& list, std::string_view flag) {
  return std::find(list.begin(), list.end(), flag) != list.end();
}

// Globals.c monsterCatalog: the bolts each monster casts (none of them is
// part of a melee fight).
constexpr std::pair<std::string_view, std::string_view> kBolts[] = {
    {"goblin_mystic", "shielding (spectral shields on its allies)"},
    {"goblin_totem", "haste and spark"},
    {"arrow_turret", "arrows at range"},
    {"ogre_totem", "healing and slowness"},
    {"spider", "webs"},
    {"spark_turret", "spark (lightning at range)"},
    {"ogre_shaman", "haste and spark (lightning at range)"},
    {"dar_blademaster", "blinking"},
    {"dar_priestess", "negation, healing, haste and spark"},
    {"dar_battlemage", "fire, slowness and discord"},
    {"centaur", "arrows at range"},
    {"sentinel", "healing and spark for its allies"},
    {"dart_turret", "poison darts at range"},
    {"lich", "fire"},
    {"pixie", "negation, slowness, discord and spark"},
    {"flame_turret", "fire"},
    {"imp", "blinking"},
    {"dragon", "dragonfire"},
    {"vampire", "blinking and discord"},
    {"flamedancer", "fire"},
    {"winged_guardian", "blinking"},
    {"mirrored_totem", "beckoning"},
    {"unicorn", "healing and shielding"},
    {"ifrit", "discord"},
    {"mangrove_dryad", "entangling vines"},
};

// GlobalsBrogue.c hordeCatalog, HORDE_IS_SUMMONED: what MA_CAST_SUMMON calls.
constexpr std::pair<std::string_view, std::string_view> kSummons[] = {
    {"goblin_conjurer", "3-5 spectral blades a cast (each 1 HP, accuracy 150, 1 damage a hit, moving at double speed)"},
    {"ogre_shaman", "an ogre"},
    {"vampire", "3 vampire bats"},
    {"lich", "2-3 phantoms or furies"},
    {"phylactery", "its lich"},
    {"goblin_warlord", "a goblin conjurer and 3-4 goblins"},
    {"phoenix_egg", "a phoenix (hatching)"},
    {"eldritch_totem", "4-7 spectral blades or 2-3 furies"},
};

template <std::size_t N>
std::string_view find_in(const std::pair<std::string_view, std::string_view> (&table)[N], std::string_view key) {
  for (const auto& [k, v] : table)
    if (k == key) return v;
  return {};
}

}  // namespace

bool regeneration_followed(const Monster& m) { return m.turns_between_regen > 0 && m.attack_speed % 100 == 0; }

bool regeneration_modelled(const Combatant& c) { return !c.is_player && regeneration_followed(c.monster); }

bool splitting(const Combatant& c) { return !c.is_player && has(c.monster.ability_flags, "MA_CLONE_SELF_ON_DEFEND"); }

bool fights_jelly(const Combatant& c) {
  if (c.is_player) return true;
  const Monster& m = c.monster;
  return !splitting(c) && !m.poisons && !m.transference && !m.kamikaze && !m.seizes &&
         !has(m.ability_flags, "MA_CAUSES_WEAKNESS");
}

bool is_conjurer(const Combatant& c) { return !c.is_player && c.monster.key == "goblin_conjurer"; }

bool steals_and_flees(const Combatant& thief, const Combatant& victim) {
  return !thief.is_player && victim.is_player && has(thief.monster.ability_flags, "MA_HIT_STEAL_FLEE");
}

bool flees_near_death(const Combatant& c) { return !c.is_player && has(c.monster.flags, "MONST_FLEES_NEAR_DEATH"); }

bool fights_conjurer(const Combatant& c) {
  if (c.is_player) return true;
  const Monster& m = c.monster;
  return !is_conjurer(c) && !splitting(c) && !m.poisons && !m.seizes && !m.kamikaze;
}

std::int64_t regen_period(const Combatant& c) {
  if (c.is_player)
    return c.regenerates
               ? player_regeneration(c.max_hp.value_or(c.hp.value_or(1)), c.regeneration).turns_between_thousandths
               : 0;
  return regeneration_modelled(c) ? c.monster.turns_between_regen * 1000 : 0;
}

std::vector<Mechanic> monster_mechanics(const Monster& m) {
  std::vector<Mechanic> out;
  const auto& f = m.flags;
  const auto& a = m.ability_flags;
  // Combat.c: the rules of the melee exchange fray follows.
  if (m.degrades_weapon)
    out.push_back(
        {"acid: each hit on it eats one point of the attacker's weapon enchant "
         "(MONST_DEFEND_DEGRADE_WEAPON)",
         M::exact, true});
  if (m.degrades_armor)
    out.push_back(
        {"acid: each of its hits eats one point of the defender's armor (MA_HIT_DEGRADE_ARMOR)", M::exact, true});
  if (m.seizes)
    out.push_back({"seizes: its first attack holds the defender, later ones hit at 100 % (MA_SEIZES)", M::exact, true});
  if (m.immune_to_weapons) out.push_back({"immune to weapons (MONST_IMMUNE_TO_WEAPONS)", M::exact, true});
  if (m.invulnerable) out.push_back({"invulnerable (MONST_INVULNERABLE)", M::exact, true});
  if (m.transference)
    out.push_back(
        {"transference: heals 9/10 of min(damage, defender HP) on each hit (Combat.c inflictDamage, "
         "MA_TRANSFERENCE)",
         M::exact});
  // What it does that no fight of fray's follows.
  if (m.poisons)
    out.push_back(
        {"poison: a hit deals 1 HP and adds its damage as turns of poison, 1 HP a turn per dose, which stop "
         "regeneration (Combat.c attack, specialHit, addPoison; MA_POISONS)",
         M::exact});
  if (m.kamikaze) out.push_back({"bursts instead of attacking, releasing its gas (MA_KAMIKAZE, MA_DF_ON_DEATH)"});
  if (has(a, "MA_CLONE_SELF_ON_DEFEND"))
    out.push_back(
        {"splits when damaged: a clone takes half of its remaining HP (Combat.c splitMonster, "
         "MA_CLONE_SELF_ON_DEFEND)",
         M::exact, false, false, false, true});
  if (has(a, "MA_HIT_STEAL_FLEE"))
    out.push_back(
        {"steals an unequipped item on a hit the player survives, with the chance of a second hit roll, "
         "and flees with it: the fight ends with it escaped (Combat.c specialHit, MA_HIT_STEAL_FLEE)",
         M::exact, false, false, true});
  if (has(a, "MA_CAUSES_WEAKNESS"))
    out.push_back(
        {"weakness: each hit the defender survives adds a point of weakness, up to 10, for 300 turns "
         "(Combat.c specialHit, Items.c weaken; MA_CAUSES_WEAKNESS)",
         M::exact});
  if (has(a, "MA_HIT_BURN")) out.push_back({"sets the defender on fire with its hits (MA_HIT_BURN)"});
  if (has(a, "MA_ATTACKS_STAGGER")) out.push_back({"staggers: its hits push the defender back (MA_ATTACKS_STAGGER)"});
  if (has(a, "MA_ENTER_SUMMONS")) out.push_back({"hides in its summons (MA_ENTER_SUMMONS)", M::no, false, true});
  if (has(a, "MA_CAST_SUMMON")) {
    const std::string_view what = find_in(kSummons, m.key);
    if (m.key == "goblin_conjurer")
      // fight.cpp follows the conjurer's blades in its fights with the
      // player and with the monsters fights_conjurer accepts.
      out.push_back({fmt::format("summons {} (MA_CAST_SUMMON); the fight follows the blades", what), M::sampled, false,
                     true, false, false, true});
    else
      out.push_back({fmt::format("summons {} (MA_CAST_SUMMON); the fight is {} alone",
                                 what.empty() ? std::string_view("allies") : what, m.name),
                     M::no, false, true});
  }
  if (const std::string_view bolts = find_in(kBolts, m.key); !bolts.empty())
    out.push_back({fmt::format("casts {} (monsterCatalog bolts); the fight is melee only", bolts), M::no, false, true});
  if (has(f, "MONST_FLITS"))
    out.push_back(
        {"flits: moves at random a third of its turns instead of attacking (MONST_FLITS)", M::no, false, true});
  if (has(f, "MONST_FLEES_NEAR_DEATH"))
    out.push_back({fmt::format("flees near death: once a hit leaves it alive at a quarter of its maximum HP or less "
                               "({} of {}) it runs, and the fight ends with it escaped (Combat.c inflictDamage, "
                               "MONST_FLEES_NEAR_DEATH)",
                               m.hp / 4, m.hp),
                   M::exact, false, true});
  if (has(f, "MONST_MAINTAINS_DISTANCE"))
    out.push_back({"keeps its distance from its target (MONST_MAINTAINS_DISTANCE)", M::no, false, true});
  if (m.turns_between_regen > 0)
    out.push_back({fmt::format("regenerates 1 HP every {} turn{} (Monsters.c decrementMonsterStatus)",
                               m.turns_between_regen, m.turns_between_regen == 1 ? "" : "s"),
                   regeneration_followed(m) ? M::exact : M::no, false, true});
  return out;
}

std::vector<Mechanic> mechanics(const Combatant& c) {
  if (c.is_player) {
    const std::int64_t max_hp = c.max_hp.value_or(c.hp.value_or(1));
    const PlayerRegeneration r = player_regeneration(max_hp, c.regeneration);
    std::string rate = fmt::format("1 HP every {}/1000 turns", r.turns_between_thousandths);
    if (r.hp_per_turn > 0) rate = fmt::format("{} HP every turn and {}", r.hp_per_turn, rate);
    if (!c.regenerates) rate += "; left out of this fight (regeneration=none)";
    return {{fmt::format("regenerates {} while below its maximum of {} HP and not poisoned (Time.c "
                         "playerTurnEnded, Items.c updatePlayerRegenerationDelay)",
                         rate, max_hp),
             c.regenerates ? M::exact : M::no, false, true}};
  }
  return monster_mechanics(c.monster);
}

void list_mechanics(const Combatant& a, const Combatant& b, bool attack, std::vector<std::string>& modelled,
                    std::vector<std::string>& not_modelled) {
  for (const Combatant* c : {&a, &b})
    for (const Mechanic& m : mechanics(*c)) {
      if (attack && m.over_time) continue;
      const Combatant& other = c == &a ? b : a;
      const bool against = m.vs_jelly_foe      ? fights_jelly(other)
                           : m.vs_conjurer_foe ? fights_conjurer(other)
                                               : !m.vs_player_only || other.is_player;
      const bool in = attack ? m.attack : m.fight != Modelled::no && against;
      std::string line = fmt::format("{}: {}", c->name, m.text);
      if (!attack && in && m.fight == Modelled::sampled) line += " [sampled fights only]";
      (in ? modelled : not_modelled).push_back(std::move(line));
    }
}

}  // namespace fray::brogue
