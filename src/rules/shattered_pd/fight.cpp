// Shattered Pixel Dungeon 3.3.6: the bout of two combatants, each side's
// turn written once (turn.hpp), with its notes and the lists of modelled and
// left-out mechanics.
#include "rules/shattered_pd/fight.hpp"

#include <fmt/format.h>

#include <fray/core/error.hpp>
#include <fray/fight/states.hpp>
#include <fray/rules/shattered_pd/parts.hpp>
#include <fray/rules/shattered_pd/ruleset.hpp>

#include "rules/shattered_pd/mechanics.hpp"
#include "rules/shattered_pd/turn.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace fray::shattered_pd {
namespace {

// The most side states a fight numbers (the Berserker's rage power is a
// float that a hit raises and a quiet turn lowers by an amount read from the
// HP, so a sampled fight meets many).
inline constexpr std::uint32_t kMaxSideStates = 1u << 22;

// A side's state at the start: the spec's rage for a Berserker whose rage is followed.
SideState start_of(const Combatant& c, const HeroCounters& h) {
  SideState s;
  if (h.rage) s.power = c.hero->rage;
  return s;
}

Fighter fighter(const Combatant& c, const Situation& s, std::string_view role) {
  Fighter f;
  f.name = c.name;
  f.hp = c.current_hp();
  if (f.hp <= 0) throw Error(fmt::format("{} '{}' needs hp=N (N >= 1) for a fight", role, c.name));
  f.attack_time = attack_time(c, s);
  return f;
}

// The hero's counters a fight follows: her regeneration, on the clock of her
// attacks against the buff's turns (`why`: the reason when that clock repeats
// only after more attacks than a fight follows); the Berserker's rage when
// both sides act once a turn (each mob attack is one Berserk.act) and the mob
// is no albino rat.
HeroCounters hero_of(const Combatant& c, const Combatant& other, const Situation& other_situation, double own_time,
                     double other_time, std::string* why = nullptr) {
  HeroCounters k;
  if (!c.is_hero()) return k;
  k.on = true;
  k.ht = c.ht();
  const Dot::Kind left = dot_of(other, other_situation).kind;
  k.rage = c.hero->subclass == SubClass::berserker && own_time == 1 && other_time == 1 && left != Dot::Kind::bleeding;
  const std::uint32_t max_cycle = k.rage ? 1 : left == Dot::Kind::bleeding ? kMaxBleedingRegenCycle : kMaxRegenCycle;
  try {
    k.clock = pixel_dungeon::turn_clock(own_time, 1, max_cycle, "hero regeneration");
    k.regen = true;
    k.part = hero_regeneration(k.clock);
  } catch (const Error& e) {
    if (why) *why = e.what();
  }
  return k;
}

// Moves the listed mechanic of `who` whose text holds `key` from modelled to
// not modelled, saying why.
void leave_out(Bout& b, const std::string& who, std::string_view key, std::string_view why) {
  const auto it = std::find_if(b.modelled.begin(), b.modelled.end(), [&](const std::string& l) {
    return l.rfind(who + ": ", 0) == 0 && l.find(key) != std::string::npos;
  });
  if (it == b.modelled.end()) return;
  b.not_modelled.push_back(fmt::format("{} ({})", *it, why));
  b.modelled.erase(it);
}

}  // namespace

std::uint32_t state_id(const Bout& b, bool side_a, const SideState& s) {
  const auto* x = dynamic_cast<const fight::TurnExchange<SpdTurn>*>(b.a_hits_b.get());
  if (!x) throw Error("shattered-pd: not a bout of make_bout");
  return (side_a ? x->turn().mine_states() : x->turn().theirs_states()).id(s);
}
SideState state_at(const Bout& b, bool side_a, std::uint32_t id) {
  const auto* x = dynamic_cast<const fight::TurnExchange<SpdTurn>*>(b.a_hits_b.get());
  if (!x) throw Error("shattered-pd: not a bout of make_bout");
  return (side_a ? x->turn().mine_states() : x->turn().theirs_states()).at(id);
}

// The time between two of a combatant's attacks: a mob's attack delay; the
// hero's weapon's (thrown: her missile's).
double attack_time(const Combatant& c, const Situation& s) {
  if (!c.is_hero()) return static_cast<double>(c.mob.attack_delay);
  const Hero& h = *c.hero;
  const Weapon* w =
      s.how == HeroAttack::thrown ? (h.missile ? &*h.missile : nullptr) : (h.weapon ? &*h.weapon : nullptr);
  if (!w) return 1.0;
  // Weapon.baseDelay: augment.delayFactor(DLY), then × 1.2^enc in double, kept in a float.
  float delay = w->delay;
  if (w->augment == WeaponAugment::speed) delay *= 2.0f / 3.0f;
  if (w->augment == WeaponAugment::damage) delay *= 5.0f / 3.0f;
  if (const int enc = w->str - h.str; enc > 0) delay = static_cast<float>(delay * std::pow(1.2, enc));
  return static_cast<double>(delay);
}

// The attack a combatant makes back in a fight: a mob without a melee attack casts its spell.
Situation counter_situation(const Combatant& c, const Situation& s) {
  Situation x;
  x.ascension = s.ascension;
  x.ferret_tuft = s.ferret_tuft;
  x.adjacent = s.adjacent;  // the same distance both ways (Tengu.attackSkill, GnollGuard.damageRoll read it)
  x.magic = !c.is_hero() && !c.mob.damage && c.mob.spell.has_value();
  return x;
}

BerserkRage berserk_turn(BerserkRage r, const std::vector<std::int64_t>& passed, std::int64_t hp_after,
                         std::int64_t ht) {
  for (const std::int64_t x : passed) {
    if (x <= 0) continue;
    r.power = std::min(1.0f, r.power + (static_cast<float>(x) / static_cast<float>(ht)) / 4.0f);
    r.buffer = 3;
  }
  if (r.buffer > 0) {
    --r.buffer;
  } else if (r.power > 0) {
    const float gate = std::clamp(r.power, 0.1f, 1.0f);
    const double frac =
        static_cast<double>(static_cast<float>(std::max<std::int64_t>(hp_after, 0)) / static_cast<float>(ht));
    r.power =
        static_cast<float>(static_cast<double>(r.power) - static_cast<double>(gate * 0.05f) * std::pow(frac, 2.0));
    if (r.power <= 0) r.power = 0;
  }
  return r;
}

// Focus is followed for a monk attacking every half turn whose foe leaves no
// state on it (poison, ooze or bleeding) and is one attacker (no swarm, no
// wraiths).
bool focus_on(const Combatant& monk, double monk_time, const Combatant& foe, const Situation& foe_side) {
  return is_monk(monk) && monk_time == 0.5 && !is_swarm(foe) && !is_spectral(foe) &&
         dot_of(foe, foe_side).kind == Dot::Kind::none;
}

Bout make_bout(const Combatant& attacker, const Combatant& defender, const Situation& situation) {
  const Situation back = counter_situation(defender, situation);
  if (is_swarm(attacker) && is_swarm(defender))
    throw Error("swarm of flies: splits: a swarm fighting a swarm is not modelled");
  Bout b;
  b.a = fighter(attacker, situation, "attacker");
  b.b = fighter(defender, back, "defender");
  const PartList a_parts = parts_of(attacker), b_parts = parts_of(defender);
  const Rage a_rage = rage_of(attacker, a_parts, situation, b.a.attack_time, b.b.attack_time);
  const Rage b_rage = rage_of(defender, b_parts, back, b.b.attack_time, b.a.attack_time);
  b.a.hp += a_rage.shield;
  b.b.hp += b_rage.shield;
  SwarmDamage a_dmg, b_dmg;  // what b passes to a swarm a, and a to a swarm b
  const auto a_groups = groups_of(attacker, b.a.hp, defender, back, a_dmg);
  const auto b_groups = groups_of(defender, b.b.hp, attacker, situation, b_dmg);
  // The attacker's invisibility ends with her first attack, the defender's
  // unawareness or paralysis with its first turn (SpdTurn, the first_attack part).
  std::string regen_why[2];
  const HeroCounters a_hero = hero_of(attacker, defender, back, b.a.attack_time, b.b.attack_time, &regen_why[0]);
  const HeroCounters b_hero = hero_of(defender, attacker, situation, b.b.attack_time, b.a.attack_time, &regen_why[1]);
  // What the other's hits leave on a hero, which goes on after she kills it.
  const Dot on_a = attacker.is_hero() && !is_swarm(defender) ? dot_of(defender, back) : Dot{};
  const Dot on_b = defender.is_hero() && !is_swarm(attacker) ? dot_of(attacker, situation) : Dot{};
  // The two are adjacent unless the situation says `ranged`: one of the cells
  // around the spectral necromancer's foe may be its own.
  const int cells = wraith_cells(situation);
  const bool a_focus = focus_on(attacker, b.a.attack_time, defender, back);
  const bool b_focus = focus_on(defender, b.b.attack_time, attacker, situation);
  const SpdTurn::Sides a_side{a_groups, a_parts, a_rage, a_focus, a_hero},
      b_side{b_groups, b_parts, b_rage, b_focus, b_hero};
  auto a_states = std::make_shared<fight::States<SideState>>(start_of(attacker, a_hero), kMaxSideStates, "fight state");
  auto b_states = std::make_shared<fight::States<SideState>>(start_of(defender, b_hero), kMaxSideStates, "fight state");
  auto a_turn = std::make_shared<SpdTurn>(attacker, defender, situation, true, a_side, b_side, b_dmg, on_a, cells);
  auto b_turn = std::make_shared<SpdTurn>(defender, attacker, back, false, b_side, a_side, a_dmg, on_b, cells);
  a_turn->keep(a_states, b_states);
  b_turn->keep(b_states, a_states);
  std::tie(b.a_hits_b, b.b_hits_a) = fight::exchanges<SpdTurn, SpdTurn>(a_turn, b_turn, a_states, b_states);
  b.time_unit = "turns";
  list_mechanics(attacker, defender, false, b.modelled, b.not_modelled);
  // The situation's conditions that hold for the first attack only (the first_attack part).
  if (std::string line = first_attack_line(situation); !line.empty()) b.modelled.push_back(std::move(line));
  for (const auto& [c, r, parts] : {std::tuple{&attacker, a_rage, &a_parts}, std::tuple{&defender, b_rage, &b_parts}}) {
    if (!rage_part(*parts)) continue;
    if (r.on) {
      b.notes.push_back(fmt::format(
          "{}: its HP in the fight includes the {}-point rage shield it gains at 0 HP; the decay of {} of the "
          "rage's own turn comes with the hit that enrages it, {} with the next attack on it",
          c->name, r.shield, r.decay,
          r.every == 1 ? "each later turn's"
                       : "and every third turn's after it (at the 4th, 7th, ... attack after "
                         "its skipped turn)"));
      continue;
    }
    // The rage needs both sides to attack once a turn: otherwise it is left out.
    leave_out(b, c->name, "rage shield", "followed only when both sides attack once a turn");
  }
  for (const auto& [c, on] : {std::pair{&attacker, a_focus}, std::pair{&defender, b_focus}})
    if (is_monk(*c) && !on)
      leave_out(b, c->name, "Focus: after",
                "followed when the monk attacks every half turn against one foe that leaves no poison, ooze or "
                "bleeding on it");
  for (const Combatant* c : {&attacker, &defender}) {
    const Combatant& other = c == &attacker ? defender : attacker;
    if (is_swarm(*c))
      b.notes.push_back(fmt::format(
          "{}: its HP is the flies' total; {} attacks the fly with the fewest HP, every clone finds a free cell "
          "(open ground), and up to {} flies attack at once, each from the swarm's turn after its birth",
          c->name, other.name, kMaxFliesAround));
    if (dot_of(*c, c == &attacker ? situation : back).kind != Dot::Kind::none && !is_swarm(other))
      b.notes.push_back(fmt::format(
          "{}: what its hits leave ticks at the end of each turn, after its attack (buffs act last in a turn), "
          "so fray adds each tick to its attack; {}; water washing ooze off is not followed",
          c->name,
          other.is_hero() ? fmt::format("after it dies the ticks go on until they end, and if they kill {} she loses "
                                        "the fight though she killed it",
                                        other.name)
                          : std::string("ticks after it dies are not followed")));
  }
  // The stats that follow the moment (the distance, the mob's HP, the great crab's watch), each side attacking and
  // attacked.
  for (const std::string& n : moment_notes(attacker, situation, true, true)) b.notes.push_back(n);
  for (const std::string& n : moment_notes(attacker, back, false, true)) b.notes.push_back(n);
  for (const std::string& n : moment_notes(defender, back, true, true)) b.notes.push_back(n);
  for (const std::string& n : moment_notes(defender, situation, false, true)) b.notes.push_back(n);
  for (const Combatant* c : {&attacker, &defender})
    if (is_goo(*c) && c->on_water)
      b.notes.push_back(fmt::format(
          "{}: stands on water the whole fight and, below HT, regains 1 HP at the start of each of its turns, "
          "before it attacks or pumps up, which then read its new HP (Goo.act)",
          c->name));
  for (const Combatant* c : {&attacker, &defender}) {
    if (!is_necromancer(*c)) continue;
    const Combatant& other = c == &attacker ? defender : attacker;
    b.notes.push_back(fmt::format(
        "{}: {} attacks it, never its skeleton; the fight starts with it hunting {} within 4 cells and no "
        "skeleton; on its second turn its skeleton (HP 20 of 25) appears next to {} and attacks that turn and "
        "each turn after; when {} dies the skeleton dies and bursts on {}{}; its healing and Adrenaline (speed "
        "only) change nothing here, and a champion's buff is not passed on",
        c->name, other.name, other.name, other.name, c->name, other.name,
        is_swarm(other) ? " (not followed against a swarm)" : ""));
  }
  for (const Combatant* c : {&attacker, &defender}) {
    if (!is_spectral(*c)) continue;
    const Combatant& other = c == &attacker ? defender : attacker;
    const Combatant w = wraith_of(*c);
    b.notes.push_back(fmt::format(
        "{0}: {1} attacks it, never its wraiths; the fight starts with it hunting {1} within 4 cells; it summons "
        "a wraith (level {2}: accuracy {3}, evasion {4}, damage {5}-{6}, 1 HP) next to {1} on its turns 2, 4, 6, "
        "... while one of the {7} cells around {1} is free, and each attacks from 2 turns after it appears, so "
        "up to {7} attack on each of its turns from its turn {8} on; when {0} dies its wraiths die with it; a "
        "champion's buff is not passed on",
        c->name, other.name, kWraithLevel, w.mob.accuracy, w.mob.evasion, w.mob.damage->min(), w.mob.damage->max(),
        cells, wraith_last_turn(cells) + 1));
  }
  for (const auto& [c, k, why] :
       {std::tuple{&attacker, a_hero, &regen_why[0]}, std::tuple{&defender, b_hero, &regen_why[1]}}) {
    if (!k.on) continue;
    const double time = c == &attacker ? b.a.attack_time : b.b.attack_time;
    if (k.regen && time == 1)
      b.notes.push_back(fmt::format(
          "{}: regenerates 1 HP on every 10th of her turns below HT, right after her move (Regeneration.act), "
          "counting from 0 at the start of the fight; not hungry, no Chalice of Blood, talents or salt cube",
          c->name));
    else if (k.regen)
      b.notes.push_back(fmt::format(
          "{}: Regeneration.act acts once a turn, at whole turns from the fight's start, and heals 1 HP on every "
          "10th act below HT, counting from 0; she attacks every {:.4g} turns, and the acts since her last attack "
          "are counted on her next, right after her move, each below HT with her HP then (a pattern of {} "
          "attacks); not hungry, no Chalice of Blood, talents or salt cube",
          c->name, time, k.clock.cycle));
    else
      leave_out(b, c->name, "hero regeneration", *why);
    if (c->hero->subclass != SubClass::berserker) continue;
    if (k.rage)
      b.notes.push_back(fmt::format(
          "{}: the rage starts at rage={} with no buffer left and grows with each hit she takes; going berserk "
          "(the shield at full rage) is the player's choice and not followed; without Endless Rage",
          c->name, c->hero->rage));
    else
      leave_out(b, c->name, "Berserker rage",
                "followed only when both sides act once a turn and the other is no albino rat; the fight holds the "
                "spec's rage= fixed");
  }
  return b;
}

}  // namespace fray::shattered_pd
