// The crawl ruleset: the typed attack and strike answers, the catalogs and
// the fight layer's kernel, all read from attack.hpp's plans.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <fray/core/budget.hpp>
#include <fray/core/error.hpp>
#include <fray/core/probability_text.hpp>
#include <fray/rules/crawl/attack.hpp>
#include <fray/rules/crawl/parts.hpp>
#include <fray/rules/crawl/poison.hpp>
#include <fray/rules/crawl/random.hpp>
#include <fray/rules/crawl/ruleset.hpp>
#include <fray/rules/game_ruleset.hpp>
#include <fray/rules/spec.hpp>
#include <limits>
#include <map>
#include <mutex>
#include <set>
#include <tuple>

#include "rules/crawl/entries.hpp"
#include "rules/crawl/fight_situation.hpp"
#include "rules/crawl/mechanics.hpp"
#include "rules/crawl/notes.hpp"
#include "rules/crawl/round.hpp"

namespace fray::crawl {

namespace {

// The request resolved (GameRuleset::prepare): both combatants, the situation, the plan.
using Prepared = fray::Prepared<Combatant, Situation, AttackPlan>;

double level(int x100) { return static_cast<double>(x100) / 100.0; }
Value integer(std::int64_t v) { return Value{v}; }

// The numbers an attack used, for one side: the EV and AC under the names
// every game gives them (`evasion`, `dr`; the attacker's to-hit is `accuracy`).
SideSummary side_summary(const Combatant& c, const Situation& s, bool defender) {
  SideSummary out{combatant_name(c), {}};
  Fields& f = out.stats;
  if (const auto* p = std::get_if<Player>(&c)) {
    f.push_back({"str", integer(p->str)});
    f.push_back({"dex", integer(p->dex)});
    f.push_back({"xl", integer(p->xl)});
    if (p->size != Medium) f.push_back({"size", std::string(size_name(p->size))});
    f.push_back({"fighting", level(p->fighting)});
    f.push_back({"weapon_skill", level(p->weapon_skill)});
    crawl::add_player_skills(f, *p);
    f.push_back({"weapon", p->weapon ? p->weapon->name : std::string("none")});
    if (p->weapon) f.push_back({"skill", std::string(skill_name(p->weapon->skill))});
    if (p->weapon) f.push_back({"enchant", integer(p->enchant)});
    if (p->slaying) f.push_back({"slaying", integer(p->slaying)});
    if (p->body) f.push_back({"body", p->body->name});
    if (p->shield) f.push_back({"shield", p->shield->name});
    if (p->missile) f.push_back({"missile", p->missile->name});
    if (p->form != Form::none) f.push_back({"form", std::string(form_name(p->form))});
    const bool helpless = defender && (s.paralyzed || s.petrified);
    f.push_back({"evasion", integer(p->ev ? *p->ev : player_ev(*p, helpless))});
    f.push_back({"sh", integer(player_sh(*p))});
    f.push_back({"dr", integer(player_ac(*p))});
    if (!p->ac) f.push_back({"gdr", integer(player_gdr(*p))});
    if (p->hp > 0) f.push_back({"hp", integer(p->hp)});
  } else if (const auto* m = std::get_if<Monster>(&c)) {
    f.push_back({"hd", integer(m->hd)});
    f.push_back({"hp", integer(m->hp)});
    f.push_back({"dr", integer(m->ac)});
    f.push_back({"evasion", integer(monster_ev(*m, defender ? s : Situation{}))});
    crawl::add_monster_kind(f, *m, size_name(m->size));
    if (m->weapon) f.push_back({"weapon", m->weapon->name});
    if (m->weapon) f.push_back({"enchant", integer(m->enchant)});
    if (m->shield) f.push_back({"shield", m->shield->name});
    if (m->sh_value) f.push_back({"sh", integer(*m->sh_value)});
    crawl::add_monster_attack(f, *m);
  } else {
    const Bolt& b = std::get<Bolt>(c);
    f.push_back({"hit", integer(b.hit)});
    f.push_back({"pierce", b.pierce});
  }
  return out;
}

// The player's items behind an answer: "long sword +2, scale mail, buckler +0".
std::string player_items(const Player& q) {
  std::vector<std::string> items;
  items.push_back(q.weapon ? fmt::format("{} {:+}", q.weapon->name, q.enchant) : std::string("no weapon"));
  if (q.body) items.push_back(q.body->name);
  if (q.shield) items.push_back(fmt::format("{} {:+}", q.shield->name, q.shield_enchant));
  if (q.missile) items.push_back(fmt::format("{} to throw or fire", q.missile->name));
  return fmt::format("{}", fmt::join(items, ", "));
}

// A monster's items, empty when it carries none.
std::string monster_items(const Monster& m) {
  std::vector<std::string> items;
  if (m.weapon) items.push_back(fmt::format("{} {:+}", m.weapon->name, m.enchant));
  if (m.shield) items.push_back(fmt::format("{} {:+}", m.shield->name, m.shield_enchant));
  if (m.missile) items.push_back(fmt::format("{} to throw or fire", m.missile->name));
  return fmt::format("{}", fmt::join(items, ", "));
}

void equipment_line(const Combatant& c, std::string_view role, std::vector<std::string>& out) {
  if (const auto* q = std::get_if<Player>(&c))
    out.push_back(fmt::format("{} (player, STR {}): {}", role, q->str, player_items(*q)));
  if (const auto* m = std::get_if<Monster>(&c))
    if (const std::string items = monster_items(*m); !items.empty())
      out.push_back(fmt::format("{} ({}): {}", role, m->name, items));
}

std::vector<std::string> equipment_for(const Prepared& p) {
  std::vector<std::string> out;
  equipment_line(p.attacker, "attacker", out);
  equipment_line(p.defender, "defender", out);
  return out;
}

// What a side does in an answer: it attacks (its to-hit, damage and delay
// count), it defends (its EV, SH and AC count), or both (a fight).
struct Role {
  std::string_view name;
  bool attacks = false, defends = false;
};

// DCSS 0.19: what makes a side's numbers worse than its spec may intend.
// Armour too heavy for the player's STR and skill: player.cc
// adjusted_body_armour_penalty and adjusted_shield_penalty, which the game
// takes off to-hit (attack::init_attack) and EV; the shield's also slows every
// attack (player-act.cc player::attack_delay). A weapon too large for the
// wielder's size, or a two-hander with a shield, is one the game does not
// allow.
void warnings_of(const Combatant& c, const Role& r, std::vector<std::string>& out) {
  const std::string who = fmt::format("the {}", r.name);
  if (const auto* m = std::get_if<Monster>(&c)) {
    wield_warnings(who, m->name, m->size, size_name(m->size), m->weapon, m->shield, kMonsterWieldRules, out);
    return;
  }
  const auto* q = std::get_if<Player>(&c);
  if (!q) return;
  wield_warnings(who, "player", q->size, size_name(q->size), q->weapon, q->shield,
                 {"player::could_wield, is_weapon_wieldable", "hands_reqd: a two-hander leaves no hand for the shield"},
                 out);
  const bool ev_counts = r.defends && !q->ev;
  auto taken = [&](bool delay) {
    std::vector<std::string> from;
    if (r.attacks) from.emplace_back("to-hit");
    if (ev_counts) from.emplace_back("EV");
    std::string text = fmt::format("taken off {}", fmt::join(from, " and "));
    if (delay && r.attacks) text += ", and div_rand_round(min(1d P, 1d P), 20) aut added to each attack";
    return from.empty() ? std::string() : text;
  };
  // The game rolls the to-hit and delay terms at scale 20 and takes EV at
  // scale 100: a penalty counts when its scale-20 value is above 0, and is
  // given at 1/100.
  if (body_armor_penalty(*q, 20) > 0)
    if (const std::string t = taken(false); !t.empty())
      out.push_back(fmt::format(
          "{}'s {} is heavy for STR {} and Armour {:g}: body armour penalty {:.2f} (adjusted_body_armour_penalty), {}",
          who, q->body->name, q->str, q->armor_skill / 100.0, body_armor_penalty(*q, 100) / 100.0, t));
  if (const int p20 = shield_penalty(*q, 20); p20 > 0)
    if (const std::string t = taken(true); !t.empty())
      out.push_back(fmt::format(
          "{}'s {} is heavy for its Shields skill {:g}: shield penalty {:.2f} (adjusted_shield_penalty, P = {}), {}",
          who, q->shield->name, q->shields / 100.0, shield_penalty(*q, 100) / 100.0, p20, t));
}

std::vector<std::string> warnings_for(const Prepared& p) {
  std::vector<std::string> out;
  warnings_of(p.attacker, {"attacker", true, false}, out);
  warnings_of(p.defender, {"defender", false, true}, out);
  return out;
}

// The defaults a spec took, for the notes.
void default_notes(const Combatant& c, std::string_view role, bool defends, std::vector<std::string>& notes) {
  const auto* m = std::get_if<Monster>(&c);
  const auto* q = std::get_if<Player>(&c);
  crawl::default_notes(role, defends, m ? &m->defaults : nullptr, q ? &q->defaults : nullptr, "docs/crawl.md", notes);
  crawl::weapon_notes(role, m, notes);
}

// What an answer assumes or leaves out.
std::vector<std::string> notes_for(const Prepared& p) {
  std::vector<std::string> notes;
  default_notes(p.attacker, "attacker", false, notes);
  default_notes(p.defender, "defender", true, notes);
  if (!p.plan.damage_modeled) notes.push_back(p.plan.damage_note + "; damage is reported as 0");
  if (const auto* m = std::get_if<Monster>(&p.attacker); m && m->attacks.size() > 1)
    notes.push_back(fmt::format("the {}'s attack {} of {} (attack=N picks another); ttk and duel use its whole round",
                                m->name, m->attack_index + 1, m->attacks.size()));
  if (std::holds_alternative<Player>(p.attacker))
    notes.push_back("brands, auxiliary attacks and cleaving are not modeled");
  return notes;
}

std::string pct(double p) { return percent(p); }

std::string range_text(const Pmf& x) {
  return x.is_point() ? fmt::format("{}", x.min()) : fmt::format("mean {:.4f}, {}..{}", x.mean(), x.min(), x.max());
}

std::vector<std::string> situation_words(const std::vector<std::string>& flags) {
  std::vector<std::string> out;
  for (const auto& f : flags) out.push_back(f == "paralysed" ? "paralyzed" : f);
  return out;
}

// --- the fight layer's kernel ----------------------------------------------------------------

// A side's own regeneration: the player's at DCSS 0.19's numbers (player.cc
// player_regen, _player_bonus_regen), or a monster's.
RoundRegen regeneration(const Combatant& c, const Fighter& f) {
  if (const auto* p = std::get_if<Player>(&c)) return player_round_regen(f, p->regen, kPlayerRegen_0_19);
  if (const auto* m = std::get_if<Monster>(&c)) return monster_round_regen(monster_parts(*m), m->hd, m->name);
  return {};
}

// One side's round (round.hpp, the kernel both versions share): the
// player's attack, or each of a monster's attacks in turn, read from this
// version's plans (exact_outcome for the exact round, strike for the sampled
// one). DCSS 0.19's shield-block penalty grows with the blocks already made
// in the round; each round starts from none, which the kernel cannot know to
// be right (which attacks share a defender's turn depends on the speeds), so
// a fight where blocks happen is sampled.
RoundSpec round_spec(const Combatant& a, const Combatant& d, const Situation& s, const Fighter& attacker,
                     const Fighter& defender) {
  std::vector<Combatant> attacks;
  if (const auto* m = std::get_if<Monster>(&a)) {
    for (std::size_t i = 0; i < std::max<std::size_t>(1, m->attacks.size()); ++i) {
      Monster one = *m;
      one.attack_index = static_cast<int>(i);
      attacks.emplace_back(one);
    }
  } else {
    attacks.push_back(a);
  }
  const std::size_t n = attacks.size();
  RoundSpec spec;
  spec.id = "crawl";
  spec.effects.resize(n);
  spec.odds.resize(n);
  auto plans = std::make_shared<std::vector<std::vector<AttackPlan>>>(n);  // [attack][blocks made before it]
  bool can_block = false;
  // A catalog monster whose mon-data.h row lists no attack (a plant, an eye,
  // an orb) makes none in melee (melee_attack skips its AT_NONE slots): its
  // rounds land nothing, its turns still pass.
  const auto* am = std::get_if<Monster>(&a);
  const bool idle = am && am->attacks.empty() && !s.ranged;
  for (std::size_t i = 0; i < n; ++i) {
    if (idle) {
      for (std::size_t b = 0; b < n; ++b) spec.odds[i].push_back({0, 1, 0, {}});
      continue;
    }
    if (const auto* m = std::get_if<Monster>(&attacks[i]); m && !m->attacks.empty()) {
      const std::string& flavour = m->attacks[i].flavour;
      const auto* target = std::get_if<Monster>(&d);
      if (fight_follows(flavour, d))
        spec.effects[i] =
            flavour_effects(flavour, m->hd, target ? &target->resists : nullptr, drain_of_attack(monster_parts(*m), i));
    }
    for (std::size_t b = 0; b < n; ++b) {
      Situation sb = s;
      sb.blocks = static_cast<int>(b);
      (*plans)[i].push_back(plan_attack(attacks[i], d, sb));
      const AttackPlan& plan = (*plans)[i].back();
      if (!plan.damage_modeled) throw Error("crawl: " + plan.damage_note + "; no fight kernel");
      if (plan.can_block) can_block = true;
      const Outcome o = exact_outcome(plan);
      spec.odds[i].push_back({o.p(Kind::block), o.p(Kind::miss), o.p_hit, o.damage_on_hit.items()});
    }
  }
  spec.draw = [plans, idle](std::size_t i, std::size_t b, Rng& rng, std::vector<Draw>* trace) {
    if (idle) return Drawn{};
    const StrikeResult r = trace ? strike((*plans)[i][b], rng, TraceTo{trace}) : strike((*plans)[i][b], rng);
    return Drawn{r.kind == Kind::block, r.hit(), r.damage};
  };
  if (can_block)
    spec.why_not_exact =
        "crawl: the shield-block penalty grows with the blocks a defender made this turn, and which attacks share a "
        "turn depends on the speeds; each round here starts from no blocks";
  spec.player_defender = std::holds_alternative<Player>(d);
  spec.attacker_max_hp = attacker.hp;
  spec.defender_hp = defender.hp;
  spec.attacker_time = attacker.attack_time;
  if (const auto* m = std::get_if<Monster>(&a)) {
    spec.attacker_speed = m->speed;
    const Pmf cost = monster_action_cost(*m, s.ranged);
    spec.attacker_cost = cost.is_point() ? static_cast<int>(cost.min()) : 0;
  }
  if (const auto* m = std::get_if<Monster>(&d)) spec.defender_speed = m->speed;
  spec.regen = regeneration(a, attacker);
  return spec;
}

CatalogEntry monster_entry(const MonsterProp& m) {
  CatalogEntry e = crawl::monster_row_entry(m, size_name(m.size), monster_mechanics(m.attacks));
  e.parts = crawl::monster_parts(m);
  return e;
}

CatalogEntry weapon_entry(const WeaponProp& w) { return crawl::weapon_row_entry(w, std::string(skill_name(w.skill))); }

bool has_flavour(const Combatant& attacker, const Combatant& target, bool poison) {
  const auto* m = std::get_if<Monster>(&attacker);
  if (!m) return false;
  return std::any_of(m->attacks.begin(), m->attacks.end(), [&](const MonsterAttack& x) {
    return fight_follows(x.flavour, target) &&
           (poison ? poison_range(x.flavour, 1).poisons() : x.flavour == "AF_VAMPIRIC");
  });
}
bool poisons(const Combatant& attacker, const Combatant& target) { return has_flavour(attacker, target, true); }
bool drains(const Combatant& attacker, const Combatant& target) { return has_flavour(attacker, target, false); }

// A fight: side a the attacker, side b the defender, each attacking in turn (round.hpp).
Bout bout_of(const Combatant& a, const Combatant& b, const Situation& s) {
  Bout out;
  auto fighter = [&out, &s](const Combatant& c, std::string_view role) {
    if (std::holds_alternative<Bolt>(c)) throw Error("crawl: a bolt cannot fight");
    Fighter f;
    f.name = combatant_name(c);
    f.hp = std::holds_alternative<Player>(c) ? std::get<Player>(c).hp : std::get<Monster>(c).hp;
    if (const auto* p = std::get_if<Player>(&c); p && p->hp <= 0) {
      f.hp = player_max_hp(*p);
      out.notes.push_back(fmt::format(
          "the {} (player) has {} HP: no hp= given, so its maximum HP at XL {}, Fighting {:g}{} (get_real_hp, "
          "a human, no mutations or artefacts)",
          role, f.hp, p->xl, p->fighting / 100.0,
          p->form == Form::none ? std::string() : fmt::format(", {} form", form_name(p->form))));
    }
    if (f.hp <= 0) throw Error(fmt::format("crawl: the {} needs hp=N (above 0) for a fight", role));
    f.attack_time = attack_delay(c, s.ranged);
    if (const auto delays = attack_delays(c, s.ranged); delays.size() > 1) f.attack_times = delays;
    return f;
  };
  out.a = fighter(a, "attacker");
  out.b = fighter(b, "defender");
  // The situation is a's attack on b: b's attacks back read it turned
  // around, and the passing conditions hold for the first attack
  // (rules/crawl/fight_situation.hpp).
  const FightSituation<Situation> fs =
      fight_situation<Situation>(s, fight_flags(), s.ranged, std::holds_alternative<Player>(b), "crawl");
  RoundSpec a_on_b = round_spec(a, b, fs.passed, out.a, out.b);
  RoundSpec b_on_a = round_spec(b, a, fs.counter, out.b, out.a);
  if (fs.passing) hold_first_attack(a_on_b, round_spec(a, b, fs.forward, out.a, out.b), b_on_a, fs.part, fs.asleep);
  std::tie(out.a_hits_b, out.b_hits_a) = make_round_exchanges(std::move(a_on_b), std::move(b_on_a));
  out.time_unit = "aut";
  list_mechanics(a, b, true, out.modelled, out.not_modelled);
  list_regeneration(a, b, out.modelled);
  if (fs.passing) out.modelled.push_back(fs.modelled);
  out.notes.insert(out.notes.end(), fs.notes.begin(), fs.notes.end());
  for (const Combatant* c : {&a, &b})
    if (const auto* m = std::get_if<Monster>(c)) out.notes.push_back(monster_time_note(monster_time(*m, s.ranged)));
  if (std::holds_alternative<Monster>(a) || std::holds_alternative<Monster>(b))
    out.notes.push_back(monster_time_limit_note());
  default_notes(a, "attacker", true, out.notes);
  default_notes(b, "defender", true, out.notes);
  // In a fight each side attacks and defends.
  warnings_of(a, {"attacker", true, true}, out.warnings);
  warnings_of(b, {"defender", true, true}, out.warnings);
  out.notes.push_back(crawl::regeneration_note());
  if ((poisons(a, b) && std::holds_alternative<Player>(b)) || (poisons(b, a) && std::holds_alternative<Player>(a)))
    out.notes.push_back(crawl::poison_note());
  if ((poisons(a, b) && std::holds_alternative<Monster>(b)) || (poisons(b, a) && std::holds_alternative<Monster>(a)))
    out.notes.push_back(crawl::monster_poison_note());
  if (drains(a, b) || drains(b, a)) out.notes.push_back(crawl::drain_note());
  return out;
}

// --- catalogs ------------------------------------------------------------------------

std::vector<CatalogEntry> monster_entries() { return crawl::row_entries(monsters(), monster_entry); }

std::vector<CatalogEntry> weapon_entries() {
  std::vector<CatalogEntry> out;
  for (const WeaponProp& w : weapons()) out.push_back(weapon_entry(w));
  for (const MissileProp& m : missiles())
    out.push_back({catalog_key(m.name),
                   m.throwable ? "missile (thrown, or fired from a launcher)" : "missile (fired from a launcher)",
                   {{"damage", integer(m.damage)}}});
  return out;
}

std::vector<CatalogEntry> armor_entries() {
  std::vector<CatalogEntry> out;
  for (const ArmorProp& a : armors()) {
    const char* slot = a.slot == ArmorSlot::body ? "body armor" : a.slot == ArmorSlot::shield ? "shield" : "armor";
    out.push_back({catalog_key(a.name), slot, {{"ac", integer(a.ac)}, {"ev_penalty", integer(a.ev_penalty)}}});
  }
  return out;
}

std::vector<CatalogEntry> situation_entries() { return crawl::help_entries(situation_flags()); }

std::vector<CatalogEntry> key_entries() {
  std::vector<CatalogEntry> out = crawl::help_entries(spec_keys());
  for (CatalogEntry& e : out) e.stats.push_back({"applies_to", crawl::key_applies_to(e.name)});
  return out;
}

// --- the game, as GameRuleset reads it (fray/rules/game_ruleset.hpp) ----------------

struct Crawl : GameTypes<Combatant, Situation, AttackPlan, Outcome, StrikeResult> {
  static constexpr std::string_view id = "crawl";
  static constexpr std::string_view title = "Dungeon Crawl Stone Soup 0.19";
  static constexpr std::string_view player_name = "player";
  static constexpr std::string_view time_unit = "aut";

  static Combatant parse_combatant(std::string_view spec, std::string_view role) {
    return crawl::parse_combatant(spec, role);
  }
  static Situation parse_situation(const std::vector<std::string>& flags) { return crawl::parse_situation(flags); }
  static std::vector<std::string> situation_words(const std::vector<std::string>& flags) {
    return crawl::situation_words(flags);
  }

  // crawl draws from the default engine only.
  static void check_engine(std::string_view name) {
    if (name != "default")
      throw Error(fmt::format("crawl: no engine '{}' (crawl draws from the default engine)", name));
  }
  template <class R>
  static StrikeResult strike(const Prepared& r, R& rng, std::vector<Draw>* trace) {
    const AttackPlan& p = r.plan;
    if (!trace) return crawl::strike(p, rng);
    return crawl::strike(p, rng, [trace](const Draw& d) { trace->push_back(d); });
  }
  static bool landed(const StrikeResult& r) { return r.hit(); }
  static Strike strike_of(const Prepared&, const StrikeResult& r, std::vector<Draw> draws) {
    Strike k;
    k.outcome = std::string(kind_name(r.kind));
    k.hit = r.hit();
    k.damage = r.damage;
    k.rolls = {{"to_hit", integer(r.to_hit)}, {"ev", integer(r.ev)}};
    if (r.con) k.rolls.push_back({"con", integer(*r.con)});
    if (r.pro) k.rolls.push_back({"pro", integer(*r.pro)});
    if (r.stab_chance) k.rolls.push_back({"stab_chance", integer(*r.stab_chance)});
    k.draws = std::move(draws);
    return k;
  }
  // A strike run counts its blocks and stabs.
  struct Tally {
    std::uint64_t blocks = 0, stabs = 0;
  };
  static void tally(Tally& t, const StrikeResult& r) {
    t.blocks += r.kind == Kind::block;
    t.stabs += r.kind == Kind::stab;
  }
  static void strike_report(const Prepared& p, const Tally& t, StrikeRun& run) {
    run.details = {{"blocks", integer(static_cast<std::int64_t>(t.blocks))},
                   {"stabs", integer(static_cast<std::int64_t>(t.stabs))}};
    crawl::add_own_terms(run.details, run.defender);
    run.notes = notes_for(p);
    list_mechanics(p.attacker, p.defender, false, run.modelled, run.not_modelled);
  }

  // The attacker's to-hit is its `accuracy`, the mean of the roll.
  static SideSummary side(const Prepared& p, bool attacker) {
    SideSummary s = side_summary(attacker ? p.attacker : p.defender, p.situation, !attacker);
    if (attacker) s.stats.push_back({"accuracy", p.plan.to_hit.exact().mean()});
    return s;
  }
  static std::vector<OutcomeKind> outcomes(const Prepared& p, const Outcome& o) {
    std::vector<OutcomeKind> out;
    for (Kind k : kKinds) {
      const bool possible = k == Kind::miss || k == Kind::hit || (k == Kind::block && p.plan.can_block) ||
                            (k == Kind::stab && p.plan.stab_denom > 0);
      if (possible) out.push_back({std::string(kind_name(k)), o.p(k), lands(k)});
    }
    return out;
  }
  static double attack_time(const Prepared& p) { return attack_delay(p.attacker, p.situation.ranged); }
  static Fields details(const Prepared& p, const Outcome& o) {
    const auto delays = attack_delays(p.attacker, p.situation.ranged);
    Fields f = {{"to_hit_mean", o.to_hit.mean()},
                {"to_hit_min", integer(o.to_hit.min())},
                {"to_hit_max", integer(o.to_hit.max())},
                {"ev_mean", o.ev.mean()},
                {"ev_min", integer(o.ev.min())},
                {"ev_max", integer(o.ev.max())},
                {"automatic_band", p.plan.band},
                {"p_miss", o.p(Kind::miss)},
                {"p_block", o.p(Kind::block)},
                {"p_stab", o.p(Kind::stab)},
                {"can_block", p.plan.can_block},
                {"stab_denominator", integer(p.plan.stab_denom)},
                {"attack_time_min", delays.front().first},
                {"attack_time_max", delays.back().first},
                {"damage_modeled", p.plan.damage_modeled}};
    crawl::add_own_terms(f, side_summary(p.defender, p.situation, true));
    return f;
  }
  static std::vector<std::string> steps(const Prepared& p, const Outcome& o) {
    std::vector<std::string> out;
    out.push_back(fmt::format("to-hit: {} [{}]", range_text(o.to_hit), p.plan.to_hit.describe()));
    out.push_back(fmt::format("EV compared: {}", range_text(o.ev)));
    if (p.plan.band) out.push_back("attack::test_hit: 2.5 % automatic hit, 2.5 % automatic miss, else to-hit >= EV");
    if (p.plan.can_block)
      out.push_back(fmt::format("shield: blocked when shield_bonus >= random2({}{}{}): {}", p.plan.bypass_base,
                                p.plan.bypass_uses_to_hit ? " + to_hit/2" : "",
                                p.plan.block_penalty ? fmt::format(" + {}", p.plan.block_penalty) : "",
                                pct(o.p(Kind::block))));
    if (p.plan.stab_denom == 1) out.push_back("stab: the defender is helpless, every attack is a stab");
    if (p.plan.stab_denom == 4)
      out.push_back(
          fmt::format("stab: x_chance_in_y({}, 100): {}", range_text(p.plan.stab_roll.exact()), pct(o.p(Kind::stab))));
    if (p.plan.damage_modeled) out.push_back(fmt::format("damage when it lands: {}", range_text(o.damage_on_hit)));
    if (const auto* m = std::get_if<Monster>(&p.attacker))
      out.push_back("time: " + monster_time_note(monster_time(*m, p.situation.ranged)));
    return out;
  }
  static std::vector<std::string> notes(const Prepared& p) { return notes_for(p); }
  static std::vector<std::string> equipment(const Prepared& p) { return equipment_for(p); }
  static std::vector<std::string> warnings(const Prepared& p) { return warnings_for(p); }
  static void mechanics(const Prepared& p, std::vector<std::string>& modelled, std::vector<std::string>& not_modelled) {
    list_mechanics(p.attacker, p.defender, false, modelled, not_modelled);
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
static_assert(Game<Crawl>);

class Rules final : public GameRuleset<Crawl> {
 public:
  // mon-pick-data.h's population tables, read by tools/crawl/branches.py.
  std::string_view branches_data() const override { return "crawl/branches.json"; }
  RulesetDefaults defaults() const override {
    return {"player:fighting=5,weapon_skill=5,weapon=long_sword,hp=40",
            "orc_warrior",
            "attacker",
            "fighting",
            0,
            27,
            1,
            {"orc_warrior", "orc", "gnoll"}};
  }
  std::vector<std::string> aliases() const override { return {"crawl-0.19"}; }

  void add_dice_functions(DiceFunctions& fns) const override { add_crawl_dice_functions(fns); }
};

}  // namespace

const Ruleset& ruleset() {
  static const Rules r;
  return r;
}

}  // namespace fray::crawl
