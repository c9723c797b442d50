// epixx attacks (the epixx combat page): the to-hit check with the defensive
// index, hit locations and critical hits, damage, the critical effect check.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/rules/epixx/attack.hpp>
#include <fray/rules/spec.hpp>

namespace fray::epixx {

std::string_view name(Result r) noexcept {
  switch (r) {
    case Result::miss:
      return "miss";
    case Result::dodge:
      return "dodge";
    case Result::block:
      return "block";
    case Result::parry:
      return "parry";
    case Result::hit:
      return "hit";
    case Result::critical:
      return "critical";
  }
  return "?";
}

std::string_view name(DrawFor d) noexcept {
  switch (d) {
    case DrawFor::to_hit:
      return "to-hit";
    case DrawFor::critical:
      return "critical";
    case DrawFor::damage:
      return "damage";
    case DrawFor::confusion:
      return "confusion";
  }
  return "?";
}

namespace {

constexpr std::array<SituationItem, 14> kSituationItems{{
    {"invisible_defender", false, "the defender is invisible: melee base difficulty 12"},
    {"invisible_attacker", false, "the attacker is invisible: melee cannot be dodged, blocked or parried"},
    {"incapacitated", false,
     "the defender is asleep, paralyzed, shocked or stunned: melee hits automatically, "
     "critical on D6 + CHM >= 6"},
    {"confused", false, "the defender starts confused: no dodge, block or parry"},
    {"natural_crit", false, "rule option: a natural 12 hits and crits through any defense"},
    {"fixed_indexes", false, "rule option: a used dodge's rolls stay misses; block or parry keeps its place"},
    {"invisible_no_defenses", false, "rule option: against an invisible defender, difficulty 12 without defenses"},
    {"confused_defends", false, "rule option: a confused creature keeps its dodge, block and parry"},
    {"confusion_immediate", false,
     "rule option: confusion from a critical hit also costs the rest of this turn's "
     "defenses"},
    {"negative_parry", false, "rule option: a negative parry modifier is kept (it lowers the difficulty)"},
    {"deflect_spells", false, "rule option: the target's deflect modifier also applies to spells"},
    {"crit_min", true, "rule option crit_min=N: the critical hit threshold is at least N"},
    {"level_cap", true, "rule option level_cap=N: the level difference in the threshold is at most N either way"},
    {"chm", true, "rule option chm=N: the critical hit modifier against an incapacitated defender (default 12 - T)"},
}};

std::vector<std::string> situation_names() {
  std::vector<std::string> names;
  for (const auto& s : kSituationItems) names.emplace_back(s.name);
  return names;
}

[[noreturn]] void unknown_situation(std::string_view item, std::string_view key) {
  const auto names = situation_names();
  throw Error(fmt::format("unknown epixx situation '{}'{} (known: {})", item, did_you_mean(key, names),
                          fmt::join(names, ", ")));
}

}  // namespace

std::span<const SituationItem> situation_items() noexcept { return kSituationItems; }

Situation parse_situation(const std::vector<std::string>& items) {
  Situation s;
  for (const std::string& item : items) {
    const auto eq = item.find('=');
    if (eq != std::string::npos) {
      const std::string key = item.substr(0, eq), value = item.substr(eq + 1);
      const auto num = [&](std::int64_t lo, std::int64_t hi) {
        const std::int64_t v = parse_int(value, fmt::format("situation {}", key));
        if (v < lo || v > hi) throw Error(fmt::format("situation {}={} is out of range {}..{}", key, value, lo, hi));
        return static_cast<int>(v);
      };
      if (key == "crit_min")
        s.rules.crit_min = num(-100, 100);
      else if (key == "level_cap")
        s.rules.level_cap = num(0, 1000);
      else if (key == "chm")
        s.rules.chm = num(-100, 100);
      else
        unknown_situation(item, key);
      continue;
    }
    if (item == "invisible_defender")
      s.invisible_defender = true;
    else if (item == "invisible_attacker")
      s.invisible_attacker = true;
    else if (item == "incapacitated")
      s.incapacitated = true;
    else if (item == "confused")
      s.confused = true;
    else if (item == "natural_crit")
      s.rules.natural_crit = true;
    else if (item == "fixed_indexes")
      s.rules.restack = false;
    else if (item == "invisible_no_defences" || item == "invisible_no_defenses")
      s.rules.invisible_stack = false;
    else if (item == "confused_defends")
      s.rules.confused_defends = true;
    else if (item == "confusion_immediate")
      s.rules.confusion_immediate = true;
    else if (item == "negative_parry")
      s.rules.negative_parry = true;
    else if (item == "deflect_spells")
      s.rules.deflect_spells = true;
    else
      unknown_situation(item, item);
  }
  return s;
}

TurnState initial_state(const Situation& situation) noexcept { return TurnState{false, false, situation.confused}; }

namespace {

// Dense distribution of the damage after resistance at one location, from 0.
std::vector<double> location_damage(const AttackPlan& s, const Pmf& weapon, bool head) {
  const std::int64_t top = damage_after_resistance(s, head, weapon.max());
  if (top >= static_cast<std::int64_t>(Pmf::max_width))
    throw Error(
        fmt::format("weapon {}: damage up to {} is too wide for the exact analysis", s.damage_dice.text(), top));
  std::vector<double> v(static_cast<std::size_t>(top) + 1, 0.0);
  for (const auto& [x, p] : weapon.items()) v[static_cast<std::size_t>(damage_after_resistance(s, head, x))] += p;
  return v;
}

}  // namespace

AttackPlan plan_attack(const Combatant& attacker, const Combatant& defender, const Situation& situation) {
  const RuleOptions& rules = situation.rules;
  const Kind kind = situation.kind;
  AttackPlan s;
  s.kind = kind;
  s.offense = offensive_modifier(attacker, kind);
  s.natural_crit = rules.natural_crit;
  s.restack = rules.restack;
  s.confusion_stops_defenses = !rules.confused_defends;
  s.confusion_immediate = rules.confusion_immediate;

  // epixx Defensive Modifiers: dodge, and "either" block or parry.
  s.dodge = dodge_modifier(defender);
  const int block = block_modifier(defender);
  const int parry = parry_modifier(defender, rules.negative_parry);
  if (block > 0) {
    s.weapon = block;
    s.weapon_kind = Result::block;
  } else if (parry > 0) {
    s.weapon = parry;
    s.weapon_kind = Result::parry;
  }

  if (kind == Kind::melee) {
    // epixx To-Hit Check: melee 2D6 + O >= 7 + D; 12 against an invisible defender;
    // an invisible attacker cannot be dodged, blocked or parried; an incapacitated
    // defender is hit automatically.
    s.base = situation.invisible_defender ? 12 : 7;
    s.auto_hit = situation.incapacitated;
    s.defenses = !situation.incapacitated && !situation.invisible_attacker &&
                 !(situation.invisible_defender && !rules.invisible_stack);
    if (s.defenses && parry < 0) s.penalty = parry;  // only with negative_parry
  } else {
    // epixx Range Modifier and Deflect Modifier: the deflect modifier joins the
    // range modifier before the attacker's talents and equipment reduce it.
    const bool deflect = kind == Kind::ranged || rules.deflect_spells;
    s.range = std::max(situation.range + (deflect ? deflect_modifier(defender) : 0) - attacker.range_bonus, 0);
    s.base = 7 + s.range;
    s.defenses = false;
  }

  // epixx Hit Locations: the critical hit threshold is 12, lowered by the size
  // difference, the level difference and magic.
  int level_diff = attacker.level - defender.level;
  if (rules.level_cap) level_diff = std::clamp(level_diff, -*rules.level_cap, *rules.level_cap);
  s.crit_threshold = 12 - (attacker.size - defender.size) - level_diff - attacker.crit_magic;
  if (rules.crit_min) s.crit_threshold = std::max(s.crit_threshold, *rules.crit_min);
  // The page leaves the Critical Hit Modifier undefined; by default it is how far T is below 12.
  s.chm = rules.chm ? *rules.chm : 12 - s.crit_threshold;

  s.damage_dice = attacker.weapon;
  s.damage_mod = damage_modifier(attacker, kind);
  s.resist_body = defender.resist_body;
  s.resist_head = defender.resist_head;
  s.stamina = defender.sta;
  const Pmf w = attacker.weapon.exact();
  s.body = location_damage(s, w, false);
  s.head = location_damage(s, w, true);
  return s;
}

std::vector<std::string> describe(const AttackPlan& s) {
  std::vector<std::string> lines;
  if (s.auto_hit) {
    lines.push_back(
        fmt::format("melee attack on an incapacitated defender: automatic hit, critical on D6 {:+} >= 6", s.chm));
  } else {
    std::string t = fmt::format("{} attack: 2D6 {:+} vs {}", name(s.kind), s.offense, s.base);
    if (s.kind != Kind::melee) t += fmt::format(" (7 + range/deflect {})", s.range);
    if (s.defenses)
      t += fmt::format(" + dodge {} + {} {} = {}", s.dodge, name(s.weapon_kind), s.weapon, s.base + s.dodge + s.weapon);
    lines.push_back(std::move(t));
    lines.push_back(fmt::format("critical (head) on a raw roll >= {} or a double six", s.crit_threshold));
  }
  lines.push_back(fmt::format("damage {}{:+}, after resistance body {} / head {}", s.damage_dice.text(), s.damage_mod,
                              s.resist_body, s.resist_head));
  return lines;
}

// epixx To-Hit Check with the defensive index: on the total t = r + O, the
// available defenses stack upward from the base, dodge lowest, block or parry
// just under the hit threshold; a roll inside a defense's band uses it up for
// the rest of the defender's turn. Hit Locations: a hit whose raw roll reaches
// the critical hit threshold, or a double six, is a critical hit on the head.
Resolution resolve(const AttackPlan& s, TurnState state, int roll) noexcept {
  Resolution res;
  res.next = state;
  if (s.auto_hit) {
    // Incapacitated defender: automatic hit; critical when D6 + CHM >= 6.
    res.result = roll + s.chm >= 6 ? Result::critical : Result::hit;
    return res;
  }
  if (s.natural_crit && roll == 12) {  // rule option: a natural 12 goes through any defense
    res.result = Result::critical;
    return res;
  }
  int t = roll + s.offense;
  int base = s.base, d = 0, w = 0;
  if (s.defenses && !(state.confused && s.confusion_stops_defenses)) {
    t -= s.penalty;
    d = state.dodge_used ? 0 : s.dodge;
    w = state.weapon_used ? 0 : s.weapon;
    if (!s.restack && state.dodge_used) base += s.dodge;  // fixed_indexes: the dodge rolls stay misses
  }
  if (t < base) {
    res.result = Result::miss;
  } else if (t < base + d) {
    res.result = Result::dodge;
    res.next.dodge_used = true;
  } else if (t < base + d + w) {
    res.result = s.weapon_kind;
    res.next.weapon_used = true;
  } else {
    res.result = roll >= s.crit_threshold || roll == 12 ? Result::critical : Result::hit;
  }
  return res;
}

std::int64_t damage_after_resistance(const AttackPlan& s, bool head, std::int64_t weapon_roll) noexcept {
  const std::int64_t dealt = std::max<std::int64_t>(weapon_roll + s.damage_mod, 0);
  return std::max<std::int64_t>(dealt - (head ? s.resist_head : s.resist_body), 0);
}

int confusion_turns(int stamina, std::int64_t u, int check) noexcept {
  const std::int64_t margin = 7 + u - (check + stamina);
  return margin <= 0 ? 0 : static_cast<int>(std::min<std::int64_t>(margin, 1'000'000'000));
}

TurnState after_confusion(const AttackPlan& plan, TurnState s, int turns) noexcept {
  if (turns > 0 && plan.confusion_immediate) s.confused = true;
  return s;
}

double ResultProbabilities::of(Result r) const noexcept {
  switch (r) {
    case Result::miss:
      return miss;
    case Result::dodge:
      return dodge;
    case Result::block:
      return block;
    case Result::parry:
      return parry;
    case Result::hit:
      return hit - crit;
    case Result::critical:
      return crit;
  }
  return 0;
}

ResultProbabilities result_probabilities(const AttackPlan& s, TurnState state) noexcept {
  // Whole counts out of 36 (or 6), divided once, so that k/36 comes out as the
  // double nearest k/36.
  int n[result_count] = {};
  for_each_to_hit(s, state, [&n](const Resolution& r, int ways) { n[static_cast<int>(r.result)] += ways; });
  const double den = to_hit_total(s);
  const int hits = n[static_cast<int>(Result::hit)] + n[static_cast<int>(Result::critical)];
  return {n[0] / den, n[1] / den, n[2] / den, n[3] / den, hits / den, n[static_cast<int>(Result::critical)] / den};
}

Pmf confusion_pmf(std::span<const double> u, int stamina) {
  const std::int64_t top = std::max<std::int64_t>(7 + static_cast<std::int64_t>(u.size()) - 1 - (2 + stamina), 0);
  std::vector<double> t(static_cast<std::size_t>(top) + 1, 0.0);
  for (std::size_t x = 0; x < u.size(); ++x) {
    if (u[x] == 0) continue;
    for_each_effect_check(stamina, static_cast<std::int64_t>(x),
                          [&](int turns, int ways) { t[static_cast<std::size_t>(turns)] += u[x] * ways / 36.0; });
  }
  return Pmf::from_weights(0, t);
}

Outcome exact_outcome(const AttackPlan& s, TurnState state) {
  Outcome r;
  r.results = result_probabilities(s, state);
  r.p_hit = r.results.hit;
  const double body_p = r.results.hit - r.results.crit, head_p = r.results.crit;
  std::vector<double> dmg(std::max(s.body.size(), s.head.size()), 0.0);
  dmg[0] = 1 - r.results.hit;
  for (std::size_t x = 0; x < s.body.size(); ++x) dmg[x] += body_p * s.body[x];
  for (std::size_t x = 0; x < s.head.size(); ++x) dmg[x] += head_p * s.head[x];
  r.damage = Pmf::from_weights(0, dmg);
  if (r.results.hit > 0) {
    std::vector<double> on_hit(dmg.size(), 0.0);
    for (std::size_t x = 0; x < s.body.size(); ++x) on_hit[x] += body_p / r.results.hit * s.body[x];
    for (std::size_t x = 0; x < s.head.size(); ++x) on_hit[x] += head_p / r.results.hit * s.head[x];
    r.damage_on_hit = Pmf::from_weights(0, on_hit);
  } else {
    r.damage_on_hit = Pmf::point(0);
  }
  r.confusion_if_crit = head_p > 0 ? confusion_pmf(s.head, s.stamina) : Pmf::point(0);
  r.p_confused = head_p * r.confusion_if_crit.at_least(1);
  std::vector<double> c(static_cast<std::size_t>(r.confusion_if_crit.max()) + 1, 0.0);
  c[0] = 1 - head_p;
  for (const auto& [x, p] : r.confusion_if_crit.items()) c[static_cast<std::size_t>(x)] += head_p * p;
  r.confusion = Pmf::from_weights(0, c);
  return r;
}

}  // namespace fray::epixx
