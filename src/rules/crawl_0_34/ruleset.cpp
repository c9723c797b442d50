// The crawl-0.34 ruleset: the typed attack and strike answers, the catalogs
// and the fight layer's kernel, all read from attack.hpp's plans.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <fray/core/budget.hpp>
#include <fray/core/error.hpp>
#include <fray/rules/crawl/parts.hpp>
#include <fray/rules/crawl_0_34/poison.hpp>
#include <fray/rules/crawl_0_34/ruleset.hpp>
#include <fray/rules/game_ruleset.hpp>
#include <fray/rules/spec.hpp>
#include <limits>
#include <map>
#include <mutex>
#include <set>
#include <tuple>

#include "rules/crawl/entries.hpp"
#include "rules/crawl/notes.hpp"
#include "rules/crawl/round.hpp"
#include "rules/crawl_0_34/mechanics.hpp"

namespace fray::crawl_0_34 {

namespace {

constexpr std::string_view kId = "crawl-0.34";

// The request resolved (GameRuleset::prepare): both combatants, the situation, the plan.
using Prepared = fray::Prepared<Combatant, Situation, AttackPlan>;

double level(int x100) { return static_cast<double>(x100) / 100.0; }
Value integer(std::int64_t v) { return Value{v}; }

// The spec key of the player's weapon skill ("long_blades"), as spec.cpp reads it.
std::string weapon_skill_key(const WeaponProp& w) {
  std::string s = w.skill.rfind("SK_", 0) == 0 ? w.skill.substr(3) : w.skill;
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// A side's attack time (aut) as (time, probability), ascending: the
// player's delay, a monster's round or shot (its energy at its speed).
std::vector<std::pair<double, double>> delays(const Combatant& c, bool ranged) {
  std::vector<std::pair<double, double>> out;
  if (const Player* p = c.player()) {
    for (const auto& [t, q] : player_attack_delay(*p, ranged).exact().items())
      if (q > 0) out.emplace_back(static_cast<double>(t), q);
  } else if (const Creature* m = c.creature()) {
    out = monster_attack_delays(*m, ranged);
  } else {
    out.emplace_back(10.0, 1.0);  // a bolt: one player turn
  }
  return out;
}

double mean_delay(const std::vector<std::pair<double, double>>& d) {
  double m = 0;
  for (const auto& [t, q] : d) m += t * q;
  return m;
}

// The numbers an attack used, for one side: the EV and AC under the names
// every game gives them (`evasion`, `dr`; the attacker's to-hit is `accuracy`).
SideSummary side_summary(const Combatant& c, const Situation& s, bool defender) {
  SideSummary out{combatant_name(c), {}};
  Fields& f = out.stats;
  const bool helpless = defender && (s.sleeping || s.paralyzed || s.petrified);
  if (const Player* p = c.player()) {
    f.push_back({"str", integer(p->str)});
    f.push_back({"dex", integer(p->dex)});
    f.push_back({"xl", integer(p->xl)});
    if (p->species) f.push_back({"species", p->species->key});
    if (p->size != Medium) f.push_back({"size", std::string(size_name(p->size))});
    f.push_back({"fighting", level(p->fighting)});
    if (p->weapon) f.push_back({weapon_skill_key(*p->weapon), level(p->weapon_skill)});
    crawl::add_player_skills(f, *p);
    f.push_back({"weapon", p->weapon ? p->weapon->name : std::string("none")});
    if (p->weapon) f.push_back({"enchant", integer(p->enchant)});
    if (p->brand != Brand::none) f.push_back({"brand", std::string(brand_info(p->brand).key)});
    if (p->slaying) f.push_back({"slaying", integer(p->slaying)});
    if (p->body) f.push_back({"body", p->body->name});
    if (p->shield) f.push_back({"shield", p->shield->name});
    if (p->missile) f.push_back({"missile", p->missile->name});
    const EvasionState es{helpless, defender && s.caught, defender && s.constricted};
    f.push_back({"evasion", static_cast<double>(player_ev100(*p, es)) / 100.0});
    f.push_back({"sh", static_cast<double>(player_sh100(*p)) / 100.0});
    f.push_back({"dr", static_cast<double>(player_ac100(*p)) / 100.0});
    if (p->hp > 0) f.push_back({"hp", integer(p->hp)});
  } else if (const Creature* m = c.creature()) {
    f.push_back({"hd", integer(m->hd)});
    f.push_back({"hp", integer(m->hp)});
    f.push_back({"dr", integer(m->ac)});
    Creature seen = *m;
    if (defender && s.confused) seen.confused = true;
    f.push_back({"evasion", integer(monster_ev(
                                seen, defender ? MonsterState{helpless, s.caught, s.constricted} : MonsterState{}))});
    crawl::add_monster_kind(f, *m, size_name(m->size));
    if (m->weapon) f.push_back({"weapon", m->weapon->name});
    if (m->weapon) f.push_back({"enchant", integer(m->enchant)});
    if (m->body) f.push_back({"body", m->body->name});
    if (m->shield) f.push_back({"shield", m->shield->name});
    if (const i64 sh = monster_shield_class(*m); sh > 0) f.push_back({"shield_class", integer(sh)});
    crawl::add_monster_attack(f, *m);
  } else {
    f.push_back({"hit", integer(c.bolt()->hit)});
  }
  return out;
}

// The defaults a spec took, for the notes.
void default_notes(const Combatant& c, std::string_view role, bool defends, std::vector<std::string>& notes) {
  const Creature* m = c.creature();
  const Player* q = c.player();
  crawl::default_notes(role, defends, m ? &m->defaults : nullptr, q ? &q->defaults : nullptr, "docs/crawl_0_34.md",
                       notes);
  crawl::weapon_notes(role, m, notes);
}

// What an answer assumes or leaves out.
std::vector<std::string> notes_for(const Prepared& p) {
  std::vector<std::string> notes;
  default_notes(p.attacker, "attacker", false, notes);
  default_notes(p.defender, "defender", true, notes);
  if (!p.plan.damage) notes.push_back(p.plan.damage_note + "; damage is reported as 0");
  if (const Creature* m = p.attacker.creature(); m && m->attacks.size() > 1 && !p.situation.ranged)
    notes.push_back(fmt::format("the {}'s attack {} of {} (attack=N picks another); ttk and duel use its whole round",
                                m->name, m->attack_index + 1, m->attacks.size()));
  if (p.attacker.player())
    notes.push_back(
        "auxiliary attacks, cleaving, forms and most mutations are not modeled; of the weapon brands (brand=), "
        "those of damage and delay are");
  return notes;
}

// --- the items behind an answer, and what makes it worse than the spec may intend -----------

// The player's items: "long sword +2, plate armour +0, buckler +0".
std::string player_items(const Player& q) {
  std::vector<std::string> items;
  items.push_back(!q.weapon ? std::string("no weapon")
                  : q.brand == Brand::none
                      ? fmt::format("{} {:+}", q.weapon->name, q.enchant)
                      : fmt::format("{} {:+} of {}", q.weapon->name, q.enchant, brand_info(q.brand).key));
  if (q.body) items.push_back(fmt::format("{} {:+}", q.body->name, q.body_enchant));
  if (q.shield) items.push_back(fmt::format("{} {:+}", q.shield->name, q.shield_enchant));
  if (q.missile) items.push_back(fmt::format("{} to throw", q.missile->name));
  return fmt::format("{}", fmt::join(items, ", "));
}

// A monster's items, empty when it carries none.
std::string monster_items(const Creature& m) {
  std::vector<std::string> items;
  if (m.weapon) items.push_back(fmt::format("{} {:+}", m.weapon->name, m.enchant));
  if (m.body) items.push_back(m.body->name);
  if (m.shield) items.push_back(fmt::format("{} {:+}", m.shield->name, m.shield_enchant));
  return fmt::format("{}", fmt::join(items, ", "));
}

void equipment_line(const Combatant& c, std::string_view role, std::vector<std::string>& out) {
  if (const Player* q = c.player())
    out.push_back(fmt::format("{} (player, STR {}, DEX {}): {}", role, q->str, q->dex, player_items(*q)));
  if (const Creature* m = c.creature())
    if (const std::string items = monster_items(*m); !items.empty())
      out.push_back(fmt::format("{} ({}): {}", role, m->name, items));
}

// What a side does in an answer: it attacks (its to-hit, damage and delay
// count), it defends (its EV, SH and AC count), or both (a fight).
struct Role {
  std::string_view name;
  bool attacks = false, defends = false, ranged = false;
};

std::string hundredths(i64 x) { return fmt::format("{:.2f}", static_cast<double>(x) / 100.0); }

// DCSS 0.34: what makes a side's numbers worse than its spec may intend. The
// body armour's penalty (player.cc adjusted_body_armour_penalty) costs EV and
// slows a launcher's shots; the shield's (adjusted_shield_penalty) costs EV
// and slows every attack (player-act.cc attack_delay_with); neither touches
// to-hit any more. A weapon too large for the wielder's size, or a two-hander
// with a shield, is one the game does not allow.
void warnings_of(const Combatant& c, const Role& r, std::vector<std::string>& out) {
  const std::string who = fmt::format("the {}", r.name);
  if (const Creature* m = c.creature()) {
    crawl::wield_warnings(who, m->name, m->size, size_name(m->size), m->weapon, m->shield, crawl::kMonsterWieldRules,
                          out);
    return;
  }
  const Player* q = c.player();
  if (!q) return;
  crawl::wield_warnings(
      who, "player", q->size, size_name(q->size), q->weapon, q->shield,
      {"item-prop.cc is_weapon_too_large", "item-prop.cc get_all_item_slots: a two-hander takes the off hand"}, out);
  const bool ev_counts = r.defends && !q->ev100;
  if (const i64 abap = body_armor_penalty(*q, 100); abap > 0) {
    std::vector<std::string> costs;
    if (ev_counts) costs.push_back(fmt::format("{} EV", hundredths(abap)));
    if (r.attacks && r.ranged && q->weapon && q->weapon->ranged && body_armor_penalty(*q, 20) > 0)
      costs.push_back(fmt::format("{:.2f} aut a shot (div_rand_round(ABAP(20), 20))",
                                  static_cast<double>(body_armor_penalty(*q, 20)) / 20.0));
    if (!costs.empty())
      out.push_back(fmt::format("{}'s {} is heavy for STR {} and Armour {:g}: adjusted_body_armour_penalty costs it {}",
                                who, q->body->name, q->str, q->armor_skill / 100.0, fmt::join(costs, " and ")));
  }
  if (const i64 asp = shield_penalty(*q, 100); asp > 0) {
    std::vector<std::string> costs;
    if (ev_counts) costs.push_back(fmt::format("{} EV", hundredths(asp)));
    if (r.attacks && shield_penalty(*q, 20) > 0)
      costs.push_back(fmt::format("{:.2f} aut an attack (div_rand_round(ASP(20), 20))",
                                  static_cast<double>(shield_penalty(*q, 20)) / 20.0));
    if (!costs.empty())
      out.push_back(fmt::format("{}'s {} is heavy for STR {} and Shields {:g}: adjusted_shield_penalty costs it {}",
                                who, q->shield->name, q->str, q->shields / 100.0, fmt::join(costs, " and ")));
  }
}

std::string pct(double p) { return fmt::format("{:.2f} %", 100 * p); }

std::string range_text(const Pmf& x) {
  return x.is_point() ? fmt::format("{}", x.min()) : fmt::format("mean {:.4f}, {}..{}", x.mean(), x.min(), x.max());
}

std::vector<std::string> situation_words(const std::vector<std::string>& flags) {
  std::vector<std::string> out;
  for (const auto& f : flags)
    out.push_back(f == "paralysed" ? "paralyzed" : f == "asleep" ? "sleeping" : f == "netted" ? "caught" : f);
  return out;
}

// The blocks the defender's shield makes in one turn (0 when it cannot block at all).
int defender_block_limit(const Combatant& d) {
  if (const Player* p = d.player()) return player_sh100(*p) > 0 ? block_limit(p->shield) : 0;
  if (const Creature* m = d.creature()) return monster_shield_class(*m) > 0 ? block_limit(m->shield) : 0;
  return 0;
}

// --- the fight layer's kernel ----------------------------------------------------------------

// A side's own regeneration: the player's at DCSS 0.34's numbers (player.cc
// player_regen: 20 + hp_max/6, REGEN_PIP 80; _player_bonus_regen), or a
// monster's.
crawl::RoundRegen regeneration(const Combatant& c, const Fighter& f) {
  if (const Player* p = c.player()) return crawl::player_round_regen(f, p->regen, crawl::kPlayerRegen_0_34);
  if (const Creature* m = c.creature()) return crawl::monster_round_regen(crawl::monster_parts(*m), m->hd, m->name);
  return {};
}

// One side's round (fray/rules/crawl's round.hpp, the kernel both versions
// share): the player's attack, or each of a monster's attacks in turn (one
// shot when ranged), read from this version's plans (exact_outcome, strike).
// DCSS 0.34 differs from 0.19 in its shield blocks: the defender's block
// counter (actor.cc shield_exhausted) grows with the blocks of the round up to
// its block limit and resets on the defender's own turn; each round starts
// from no blocks, which is exact when the defender takes a turn between any
// two of the attacker's rounds.
crawl::RoundSpec round_spec(const Combatant& a, const Combatant& d, const Situation& s, double attacker_min_time,
                            double defender_max_turn, const Fighter& attacker, const Fighter& defender) {
  std::vector<Combatant> attacks;
  const Creature* m = a.creature();
  const bool melee_rounds = m && !s.ranged;
  if (melee_rounds) {
    for (std::size_t i = 0; i < std::max<std::size_t>(1, m->attacks.size()); ++i) {
      Creature one = *m;
      one.attack_index = static_cast<int>(i);
      attacks.push_back({one});
    }
  } else {
    attacks.push_back(a);
  }
  const std::size_t n = attacks.size();
  crawl::RoundSpec spec;
  spec.id = std::string(kId);
  spec.effects.resize(n);
  if (melee_rounds)
    for (std::size_t i = 0; i < n && i < m->attacks.size(); ++i) {
      const std::string& flavour = m->attacks[i].flavour;
      if (!fight_follows(flavour, d)) continue;
      spec.effects[i] = crawl::flavour_effects(flavour, m->hd, d.creature() ? &d.creature()->resists : nullptr,
                                               crawl::drain_of_attack(crawl::monster_parts(*m), i));
    }
  const int limit = defender_block_limit(d);
  // Blocks made before an attack: 0 .. min(n - 1, limit); at the limit no
  // more blocks, so the count stops there.
  const std::size_t counts = std::min<std::size_t>(n, static_cast<std::size_t>(limit) + 1);
  auto plans = std::make_shared<std::vector<std::vector<AttackPlan>>>(n);  // [attack][blocks made before it]
  spec.odds.resize(n);
  bool can_block = false;
  // A monster whose dat/mons file lists no attack (a plant, an orb) makes
  // none in melee (melee_attack skips its AT_NONE slots): its rounds land
  // nothing, its turns still pass.
  const bool idle = melee_rounds && m->attacks.empty();
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t b = 0; b < counts; ++b) {
      if (idle) {
        spec.odds[i].push_back({0, 1, 0, {}});
        continue;
      }
      Situation sb = s;
      sb.blocks = static_cast<int>(b);
      (*plans)[i].push_back(plan_attack(attacks[i], d, sb));
      const AttackPlan& plan = (*plans)[i].back();
      if (!plan.damage) throw Error(fmt::format("{}: {}; no fight kernel", kId, plan.damage_note));
      const Outcome o = exact_outcome(plan);
      if (b == 0 && o.p_block > 0) can_block = true;
      spec.odds[i].push_back({o.p_block, std::max(0.0, 1 - o.p_hit - o.p_block), o.p_hit, o.damage_on_hit->items()});
    }
  spec.draw = [plans, idle](std::size_t i, std::size_t b, Rng& rng, std::vector<Draw>* trace) {
    if (idle) return crawl::Drawn{};
    const StrikeResult r = trace ? crawl_0_34::strike((*plans)[i][b], rng, crawl::TraceTo{trace})
                                 : crawl_0_34::strike((*plans)[i][b], rng);
    return crawl::Drawn{r.blocked && !r.hit, r.hit, r.damage};
  };
  if (can_block && defender_max_turn > attacker_min_time * (1 + 1e-9))
    spec.why_not_exact = fmt::format(
        "{}: the defender's block counter resets on its own turn ({} aut), longer than the attacker's attack ({} "
        "aut), so several rounds can share its block limit; each round here starts from no blocks",
        kId, defender_max_turn, attacker_min_time);
  spec.poison_rate = kPoisonRate;
  spec.player_defender = d.player() != nullptr;
  spec.attacker_max_hp = attacker.hp;
  spec.defender_hp = defender.hp;
  spec.attacker_time = attacker.attack_time;
  if (m) {
    spec.attacker_speed = m->speed;
    const Pmf cost = monster_action_cost(*m, s.ranged);
    spec.attacker_cost = cost.is_point() ? static_cast<int>(cost.min()) : 0;
  }
  if (const Creature* target = d.creature()) spec.defender_speed = target->speed;
  spec.regen = regeneration(a, attacker);
  return spec;
}

CatalogEntry monster_entry(const MonsterProp& m) {
  CatalogEntry e = crawl::monster_row_entry(m, size_name(m.size), monster_mechanics(m.attacks));
  e.parts = crawl::monster_parts(m);
  return e;
}

CatalogEntry weapon_entry(const WeaponProp& w) { return crawl::weapon_row_entry(w, weapon_skill_key(w)); }

bool has_flavour(const Combatant& attacker, const Combatant& target, const Situation& s, bool poison) {
  const Creature* m = attacker.creature();
  if (!m || s.ranged) return false;
  return std::any_of(m->attacks.begin(), m->attacks.end(), [&](const MonsterAttack& x) {
    return fight_follows(x.flavour, target) &&
           (poison ? poison_range(x.flavour, 1).poisons() : x.flavour == "AF_VAMPIRIC");
  });
}
bool poisons(const Combatant& attacker, const Combatant& target, const Situation& s) {
  return has_flavour(attacker, target, s, true);
}
bool drains(const Combatant& attacker, const Combatant& target, const Situation& s) {
  return has_flavour(attacker, target, s, false);
}

// A fight: side a the attacker, side b the defender, each attacking in turn (round.hpp).
Bout bout_of(const Combatant& a, const Combatant& b, const Situation& s) {
  if (s.blocks > 0)
    throw Error(fmt::format("{}: blocks=N describes one attack; a fight counts the blocks itself", kId));
  // A side's rounds: the situation's ranged flag is the player's way of attacking; a monster fights in melee
  // unless it is the one with the launcher.
  auto side_situation = [&s](const Combatant& attacker) {
    Situation x = s;
    if (const Creature* m = attacker.creature()) x.ranged = s.ranged && m->weapon && m->weapon->ranged;
    return x;
  };
  Bout out;
  auto fighter = [&side_situation, &out](const Combatant& c, std::string_view role) {
    if (c.bolt()) throw Error(fmt::format("{}: a bolt cannot fight", kId));
    Fighter f;
    f.name = combatant_name(c);
    f.hp = c.player() ? c.player()->hp : c.creature()->hp;
    if (const Player* p = c.player(); p && p->hp <= 0) {
      const Species& sp = p->species ? *p->species : human();
      f.hp = species_max_hp(sp, p->xl, p->fighting);
      out.notes.push_back(fmt::format(
          "the {} (player) has {} HP: no hp= given, so a {}'s maximum HP at XL {}, Fighting {:g} (get_real_hp; no "
          "mutations beyond the species', artefacts or god gifts)",
          role, f.hp, sp.key, p->xl, p->fighting / 100.0));
    }
    if (f.hp <= 0) throw Error(fmt::format("{}: the {} needs hp=N (above 0) for a fight", kId, role));
    // Each of its attacks: the player's delay, a monster's melee round or shot.
    const auto d = delays(c, side_situation(c).ranged);
    f.attack_time = mean_delay(d);
    if (d.size() > 1) f.attack_times = d;
    return f;
  };
  out.a = fighter(a, "attacker");
  out.b = fighter(b, "defender");
  auto min_time = [](const Fighter& f) {
    return f.attack_times.empty() ? f.attack_time : f.attack_times.front().first;
  };
  auto max_time = [](const Fighter& f) { return f.attack_times.empty() ? f.attack_time : f.attack_times.back().first; };
  // The situation is a's attack on b: b's attacks back read it turned
  // around, and the passing conditions hold for the first attack
  // (rules/crawl/fight_situation.hpp).
  const crawl::FightSituation<Situation> fs =
      crawl::fight_situation<Situation>(s, fight_flags(), side_situation(a).ranged, b.player() != nullptr, kId);
  auto a_round = [&](const Situation& x) {
    Situation sx = x;
    sx.ranged = side_situation(a).ranged;
    return round_spec(a, b, sx, min_time(out.a), max_time(out.b), out.a, out.b);
  };
  crawl::RoundSpec a_on_b = a_round(fs.passed);
  // b's attacks back: the turned situation, ranged when b shoots with the situation's ranged.
  Situation back = fs.counter;
  back.ranged = side_situation(b).ranged;
  crawl::RoundSpec b_on_a = round_spec(b, a, back, min_time(out.b), max_time(out.a), out.b, out.a);
  if (fs.passing) crawl::hold_first_attack(a_on_b, a_round(fs.forward), b_on_a, fs.part, fs.asleep);
  std::tie(out.a_hits_b, out.b_hits_a) = crawl::make_round_exchanges(std::move(a_on_b), std::move(b_on_a));
  out.time_unit = "aut";
  // A monster shooting (ranged) makes no melee flavours: its rounds follow none.
  list_mechanics(a, b, !side_situation(a).ranged, !side_situation(b).ranged, out.modelled, out.not_modelled);
  list_regeneration(a, b, out.modelled);
  if (fs.passing) out.modelled.push_back(fs.modelled);
  out.notes.insert(out.notes.end(), fs.notes.begin(), fs.notes.end());
  for (const Combatant* c : {&a, &b})
    if (const Creature* m = c->creature())
      out.notes.push_back(crawl::monster_time_note(monster_time(*m, side_situation(*c).ranged)));
  if (a.creature() || b.creature()) out.notes.push_back(crawl::monster_time_limit_note());
  default_notes(a, "attacker", true, out.notes);
  default_notes(b, "defender", true, out.notes);
  // In a fight each side attacks and defends.
  warnings_of(a, {"attacker", true, true, side_situation(a).ranged}, out.warnings);
  warnings_of(b, {"defender", true, true, side_situation(b).ranged}, out.warnings);
  out.notes.push_back(crawl::regeneration_note());
  if ((poisons(a, b, side_situation(a)) && b.player()) || (poisons(b, a, side_situation(b)) && a.player()))
    out.notes.push_back(crawl::poison_note());
  if ((poisons(a, b, side_situation(a)) && b.creature()) || (poisons(b, a, side_situation(b)) && a.creature()))
    out.notes.push_back(crawl::monster_poison_note());
  if (drains(a, b, side_situation(a)) || drains(b, a, side_situation(b))) out.notes.push_back(crawl::drain_note());
  return out;
}

// --- catalogs ------------------------------------------------------------------------

std::vector<CatalogEntry> monster_entries() { return crawl::row_entries(monsters(), monster_entry); }

std::vector<CatalogEntry> weapon_entries() {
  std::vector<CatalogEntry> out;
  for (const WeaponProp& w : weapons()) out.push_back(weapon_entry(w));
  for (const MissileProp& m : missiles())
    out.push_back({catalog_key(m.name),
                   fmt::format("missile (thrown with missile=NAME; launchers fire theirs implicitly){}",
                               m.legacy ? " (legacy)" : ""),
                   {{"damage", integer(m.damage)}}});
  return out;
}

std::vector<CatalogEntry> armor_entries() {
  std::vector<CatalogEntry> out;
  for (const ArmorProp& a : armors()) {
    const std::string slot = a.is_shield() ? "shield" : a.is_body() ? "body armor" : "armor (not modeled)";
    out.push_back({catalog_key(a.name),
                   a.legacy ? slot + " (legacy)" : slot,
                   {{"ac", integer(a.ac)}, {"ev_penalty", integer(a.ev_penalty)}}});
  }
  return out;
}

std::vector<CatalogEntry> situation_entries() { return crawl::help_entries(situation_flags()); }

std::vector<CatalogEntry> key_entries() {
  std::vector<CatalogEntry> out;
  for (const SpecKey& k : spec_keys()) {
    CatalogEntry e{k.name, k.meaning, {}};
    if (k.numeric) e.stats = {{"min", k.lo}, {"max", k.hi}};
    e.stats.push_back({"applies_to", crawl::key_applies_to(k.name)});
    out.push_back(std::move(e));
  }
  return out;
}

// --- the game, as GameRuleset reads it (fray/rules/game_ruleset.hpp) ----------------

struct Crawl034 : GameTypes<Combatant, Situation, AttackPlan, Outcome, StrikeResult> {
  static constexpr std::string_view id = kId;
  static constexpr std::string_view title = "Dungeon Crawl Stone Soup 0.34.1";
  static constexpr std::string_view player_name = "player";
  static constexpr std::string_view time_unit = "aut";

  static Combatant parse_combatant(std::string_view spec, std::string_view role) {
    return crawl_0_34::parse_combatant(spec, role);
  }
  static Situation parse_situation(const std::vector<std::string>& flags) { return crawl_0_34::parse_situation(flags); }
  static std::vector<std::string> situation_words(const std::vector<std::string>& flags) {
    return crawl_0_34::situation_words(flags);
  }
  // No damage law where the plan does not model the damage: a point mass at 0.
  static std::pair<Pmf, Pmf> damage_laws(const Outcome& o) {
    return {o.damage ? *o.damage : Pmf::point(0), o.damage_on_hit ? *o.damage_on_hit : Pmf::point(0)};
  }

  // crawl-0.34 draws from the default engine only.
  static void check_engine(std::string_view name) {
    if (name != "default") throw Error(fmt::format("{}: no engine '{}' (it draws from the default engine)", kId, name));
  }
  template <class R>
  static StrikeResult strike(const Prepared& r, R& rng, std::vector<Draw>* trace) {
    const AttackPlan& p = r.plan;
    if (!trace) return crawl_0_34::strike(p, rng);
    return crawl_0_34::strike(p, rng, [trace](const Draw& d) { trace->push_back(d); });
  }
  static bool landed(const StrikeResult& r) { return r.hit; }
  static bool blocked(const StrikeResult& r) { return r.blocked && !r.hit; }
  static Strike strike_of(const Prepared&, const StrikeResult& r, std::vector<Draw> draws) {
    Strike k;
    k.outcome = r.stab ? "stab" : r.hit ? "hit" : blocked(r) ? "block" : "miss";
    k.hit = r.hit;
    k.damage = r.damage;
    k.rolls = {{"to_hit", integer(r.to_hit)}, {"ev", integer(r.ev)}};
    k.draws = std::move(draws);
    return k;
  }
  // A strike run counts its blocks and stabs.
  struct Tally {
    std::uint64_t blocks = 0, stabs = 0;
  };
  static void tally(Tally& t, const StrikeResult& r) {
    t.blocks += blocked(r);
    t.stabs += r.stab;
  }
  static void strike_report(const Prepared& p, const Tally& t, StrikeRun& run) {
    run.details = {{"blocks", integer(static_cast<std::int64_t>(t.blocks))},
                   {"stabs", integer(static_cast<std::int64_t>(t.stabs))}};
    crawl::add_own_terms(run.details, run.defender);
    run.notes = notes_for(p);
    list_mechanics(p.attacker, p.defender, false, false, run.modelled, run.not_modelled);
  }

  // The attacker's to-hit is its `accuracy`, the mean of the roll.
  static SideSummary side(const Prepared& p, bool attacker) {
    SideSummary s = side_summary(attacker ? p.attacker : p.defender, p.situation, !attacker);
    if (attacker) s.stats.push_back({"accuracy", p.plan.to_hit.exact().mean()});
    return s;
  }
  static bool can_block(const Prepared& p) { return p.plan.block_rolled && p.plan.block_possible; }
  static double p_miss(const Outcome& o) { return std::max(0.0, 1 - o.p_hit - o.p_block); }
  static std::vector<OutcomeKind> outcomes(const Prepared& p, const Outcome& o) {
    std::vector<OutcomeKind> out;
    out.push_back({"miss", p_miss(o), false});
    if (can_block(p)) out.push_back({"block", o.p_block, false});
    out.push_back({"hit", o.p_hit - o.p_stab, true});
    if (p.plan.stab_denom > 0) out.push_back({"stab", o.p_stab, true});
    return out;
  }
  static double attack_time(const Prepared& p) { return mean_delay(delays(p.attacker, p.situation.ranged)); }
  static Fields details(const Prepared& p, const Outcome& o) {
    const auto d = delays(p.attacker, p.situation.ranged);
    Fields f = {{"to_hit_mean", o.to_hit.mean()},
                {"to_hit_min", integer(o.to_hit.min())},
                {"to_hit_max", integer(o.to_hit.max())},
                {"ev_mean", o.ev.mean()},
                {"ev_min", integer(o.ev.min())},
                {"ev_max", integer(o.ev.max())},
                {"automatic_band", p.plan.band},
                {"p_miss", p_miss(o)},
                {"p_block", o.p_block},
                {"p_stab", o.p_stab},
                {"can_block", can_block(p)},
                {"block_limit", integer(defender_block_limit(p.defender))},
                {"blocks_made", integer(p.situation.blocks)},
                {"stab_denominator", integer(p.plan.stab_denom)},
                {"attack_time_min", d.front().first},
                {"attack_time_max", d.back().first},
                {"damage_modeled", p.plan.damage.has_value()}};
    crawl::add_own_terms(f, side_summary(p.defender, p.situation, true));
    return f;
  }
  static std::vector<std::string> steps(const Prepared& p, const Outcome& o) {
    const int limit = defender_block_limit(p.defender);
    std::vector<std::string> out;
    out.push_back(fmt::format("to-hit: {} [{}]", range_text(o.to_hit), p.plan.to_hit.describe()));
    out.push_back(fmt::format("EV compared: {}", range_text(o.ev)));
    if (p.plan.band) out.push_back("attack::test_hit: 2.5 % automatic hit, 2.5 % automatic miss, else to-hit >= EV");
    if (can_block(p))
      out.push_back(fmt::format("shield: blocked when shield_bonus {} random2({}{}), {} of {} blocks used: {}",
                                p.plan.strict ? ">" : ">=", p.plan.bypass_base,
                                p.plan.bypass_uses_to_hit ? " + to_hit/2" : "", p.situation.blocks, limit,
                                pct(o.p_block)));
    else if (p.plan.block_rolled && limit > 0 && p.situation.blocks >= limit)
      out.push_back(fmt::format("shield: exhausted, {} of {} blocks used this turn", p.situation.blocks, limit));
    if (p.plan.stab_denom == 1) out.push_back("stab: the defender is helpless, every attack is a stab");
    if (p.plan.stab_denom == 4)
      out.push_back(
          fmt::format("stab: x_chance_in_y({}, 100): {}", range_text(p.plan.stab_chance.exact()), pct(o.p_stab)));
    if (o.damage_on_hit) out.push_back(fmt::format("damage when it lands: {}", range_text(*o.damage_on_hit)));
    if (const Creature* m = p.attacker.creature())
      out.push_back("time: " + crawl::monster_time_note(monster_time(*m, p.situation.ranged)));
    return out;
  }
  static std::vector<std::string> notes(const Prepared& p) { return notes_for(p); }
  static std::vector<std::string> equipment(const Prepared& p) {
    std::vector<std::string> out;
    equipment_line(p.attacker, "attacker", out);
    equipment_line(p.defender, "defender", out);
    return out;
  }
  static std::vector<std::string> warnings(const Prepared& p) {
    std::vector<std::string> out;
    warnings_of(p.attacker, {"attacker", true, false, p.situation.ranged}, out);
    warnings_of(p.defender, {"defender", false, true, false}, out);
    return out;
  }
  static void mechanics(const Prepared& p, std::vector<std::string>& modelled, std::vector<std::string>& not_modelled) {
    list_mechanics(p.attacker, p.defender, false, false, modelled, not_modelled);
  }

  // A fight reads the specs and flags, not one attack's plan.
  static constexpr bool bout_plans = false;
  static Bout bout(const Combatant& a, const Combatant& b, const Situation& s) { return bout_of(a, b, s); }

  static constexpr CatalogSource catalog_sources[] = {{CatalogKind::monsters, monster_entries},
                                                      {CatalogKind::weapons, weapon_entries},
                                                      {CatalogKind::armors, armor_entries},
                                                      {CatalogKind::situations, situation_entries},
                                                      {CatalogKind::keys, key_entries}};
};
static_assert(Game<Crawl034>);

class Rules final : public GameRuleset<Crawl034> {
 public:
  // mon-pick-data.h's population tables, read by tools/crawl/branches.py.
  std::string_view branches_data() const override { return "crawl_0_34/branches.json"; }
  RulesetDefaults defaults() const override {
    return {"player:fighting=5,long_blades=4,weapon=long_sword,hp=40",
            "orc_warrior",
            "attacker",
            "long_blades",
            0,
            27,
            1,
            {"orc_warrior", "orc"}};
  }
  std::vector<std::string> aliases() const override { return {"crawl-0.34.1"}; }
  // `fray import`: a 0.34 character file as a player spec (character.hpp).
  std::vector<std::string> verbs() const override { return {"import"}; }
};

}  // namespace

const Ruleset& ruleset() {
  static const Rules r;
  return r;
}

}  // namespace fray::crawl_0_34
