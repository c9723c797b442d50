// epixx attacks: to-hit with the defensive index, criticals, damage, critical effect
// (research epixx.md §2.1-§2.7, §3.1, §5).
#include <fmt/format.h>

#include <algorithm>
#include <fray/core/error.hpp>
#include <fray/rules/epixx/attack.hpp>
#include <fray/rules/spec.hpp>

namespace fray::epixx {

std::string_view name(Outcome o) noexcept {
  switch (o) {
    case Outcome::miss: return "miss";
    case Outcome::dodge: return "dodge";
    case Outcome::block: return "block";
    case Outcome::parry: return "parry";
    case Outcome::hit: return "hit";
  }
  return "?";
}

namespace {
constexpr std::string_view known_situation =
    "invisible_defender, invisible_attacker, incapacitated, confused, natural_crit, fixed_indexes, "
    "invisible_no_defences, confused_defends, confusion_immediate, negative_parry, deflect_spells, crit_min=N, "
    "level_cap=N, chm=N";
}

Situation parse_situation(std::span<const std::string> items) {
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
        throw Error(fmt::format("unknown epixx situation option '{}' (known: {})", item, known_situation));
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
    else if (item == "invisible_no_defences")
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
      throw Error(fmt::format("unknown epixx situation '{}' (known: {})", item, known_situation));
  }
  return s;
}

TurnState initial_state(const Situation& situation) noexcept { return TurnState{false, false, situation.confused}; }

namespace {

// Dense unresisted-damage distribution of one location, from 0.
std::vector<double> location_damage(const AttackSetup& s, const Pmf& weapon, bool head) {
  const std::int64_t top = unresisted(s, head, weapon.max());
  if (top >= static_cast<std::int64_t>(Pmf::max_width))
    throw Error(
        fmt::format("weapon {}: damage up to {} is too wide for the exact analysis", s.damage_dice.text(), top));
  std::vector<double> v(static_cast<std::size_t>(top) + 1, 0.0);
  for (const auto& [x, p] : weapon.items()) v[static_cast<std::size_t>(unresisted(s, head, x))] += p;
  return v;
}

}  // namespace

AttackSetup make_attack(const Combatant& attacker, const Combatant& defender, Kind kind, int range,
                        const Situation& situation) {
  const RuleOptions& rules = situation.rules;
  AttackSetup s;
  s.kind = kind;
  s.offense = offensive_modifier(attacker, kind);
  s.natural_crit = rules.natural_crit;
  s.restack = rules.restack;
  s.confusion_stops_defences = !rules.confused_defends;
  s.confusion_immediate = rules.confusion_immediate;

  // Defensive modifiers (research §2.3): block and parry exclude each other.
  s.dodge = dodge_modifier(defender);
  const int block = block_modifier(defender);
  const int parry = parry_modifier(defender, rules.negative_parry);
  if (block > 0) {
    s.weapon = block;
    s.weapon_kind = Outcome::block;
  } else if (parry > 0) {
    s.weapon = parry;
    s.weapon_kind = Outcome::parry;
  }

  if (kind == Kind::melee) {
    // epixx To-Hit Check: melee 2D6 + O >= 7 + D; 12 against an invisible defender;
    // an invisible attacker cannot be dodged, blocked or parried; an incapacitated
    // defender is hit automatically.
    s.base = situation.invisible_defender ? 12 : 7;
    s.auto_hit = situation.incapacitated;
    s.defences = !situation.incapacitated && !situation.invisible_attacker &&
                 !(situation.invisible_defender && !rules.invisible_stack);
    if (s.defences && parry < 0) s.penalty = parry;  // only with negative_parry (§5.4)
  } else {
    // epixx Range and Deflect Modifiers (research §2.4, §5.13): the deflect modifier
    // joins the range modifier before the attacker's talents and equipment reduce it.
    const bool deflect = kind == Kind::ranged || rules.deflect_spells;
    s.range = std::max(range + (deflect ? deflect_modifier(defender) : 0) - attacker.range_bonus, 0);
    s.base = 7 + s.range;
    s.defences = false;
  }

  // epixx Hit Locations: threshold 12 - size difference - level difference - magic (§2.6, §5.10).
  int level_diff = attacker.level - defender.level;
  if (rules.level_cap) level_diff = std::clamp(level_diff, -*rules.level_cap, *rules.level_cap);
  s.crit_threshold = 12 - (attacker.size - defender.size) - level_diff - attacker.crit_magic;
  if (rules.crit_min) s.crit_threshold = std::max(s.crit_threshold, *rules.crit_min);
  // §5.11: the undefined critical hit modifier defaults to how far T is below 12.
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

// epixx to-hit with the defensive index (research §3.1): on the total t = r + O,
// the available defences stack upward from the base, dodge lowest, block or parry
// just under the hit threshold; a roll inside a defence's band uses it up.
Resolution resolve(const AttackSetup& s, TurnState state, int roll) noexcept {
  Resolution res;
  res.next = state;
  if (s.auto_hit) {
    // Incapacitated defender: automatic hit; critical when D6 + CHM >= 6.
    res.outcome = Outcome::hit;
    res.crit = roll + s.chm >= 6;
    return res;
  }
  if (s.natural_crit && roll == 12) {  // §5.9 policy B
    res.outcome = Outcome::hit;
    res.crit = true;
    return res;
  }
  int t = roll + s.offense;
  int base = s.base, d = 0, w = 0;
  if (s.defences && !(state.confused && s.confusion_stops_defences)) {
    t -= s.penalty;
    d = state.dodge_used ? 0 : s.dodge;
    w = state.weapon_used ? 0 : s.weapon;
    if (!s.restack && state.dodge_used) base += s.dodge;  // §5.5 alternative: the dodge rolls stay misses
  }
  if (t < base) {
    res.outcome = Outcome::miss;
  } else if (t < base + d) {
    res.outcome = Outcome::dodge;
    res.next.dodge_used = true;
  } else if (t < base + d + w) {
    res.outcome = s.weapon_kind;
    res.next.weapon_used = true;
  } else {
    res.outcome = Outcome::hit;
    // Critical on the raw roll reaching the threshold, or a double six (§2.6, §3.3.4).
    res.crit = roll >= s.crit_threshold || roll == 12;
  }
  return res;
}

std::int64_t unresisted(const AttackSetup& s, bool head, std::int64_t weapon_roll) noexcept {
  const std::int64_t dealt = std::max<std::int64_t>(weapon_roll + s.damage_mod, 0);
  return std::max<std::int64_t>(dealt - (head ? s.resist_head : s.resist_body), 0);
}

int confusion_turns(int stamina, std::int64_t u, int check) noexcept {
  // Critical effect check 2D6 + STA >= 7 + U; the margin of failure is the turns confused.
  const std::int64_t margin = 7 + u - (check + stamina);
  return margin <= 0 ? 0 : static_cast<int>(std::min<std::int64_t>(margin, 1'000'000'000));
}

TurnState after_confusion(const AttackSetup& setup, TurnState s, int turns) noexcept {
  if (turns > 0 && setup.confusion_immediate) s.confused = true;
  return s;
}

double OutcomeProbabilities::of(Outcome o) const noexcept {
  switch (o) {
    case Outcome::miss: return miss;
    case Outcome::dodge: return dodge;
    case Outcome::block: return block;
    case Outcome::parry: return parry;
    case Outcome::hit: return hit;
  }
  return 0;
}

OutcomeProbabilities outcome_probabilities(const AttackSetup& s, TurnState state) noexcept {
  // Whole counts out of 36 (or 6), divided once, so that k/36 comes out as the
  // double nearest k/36.
  int n[6] = {0, 0, 0, 0, 0, 0};  // miss, dodge, block, parry, hit, crit
  const auto add = [&n](const Resolution& r, int w) {
    n[static_cast<int>(r.outcome)] += w;
    if (r.outcome == Outcome::hit && r.crit) n[5] += w;
  };
  double denominator = 36;
  if (s.auto_hit) {
    for (int d = 1; d <= 6; ++d) add(resolve(s, state, d), 1);
    denominator = 6;
  } else {
    for (int r = 2; r <= 12; ++r) add(resolve(s, state, r), ways_2d6(r));
  }
  return {n[0] / denominator, n[1] / denominator, n[2] / denominator,
          n[3] / denominator, n[4] / denominator, n[5] / denominator};
}

Pmf confusion_pmf(std::span<const double> u, int stamina) {
  const std::int64_t top = std::max<std::int64_t>(7 + static_cast<std::int64_t>(u.size()) - 1 - (2 + stamina), 0);
  std::vector<double> t(static_cast<std::size_t>(top) + 1, 0.0);
  for (std::size_t x = 0; x < u.size(); ++x) {
    if (u[x] == 0) continue;
    for (int c = 2; c <= 12; ++c)
      t[static_cast<std::size_t>(confusion_turns(stamina, static_cast<std::int64_t>(x), c))] +=
          u[x] * ways_2d6(c) / 36.0;
  }
  return Pmf::from_weights(0, t);
}

AttackResult exact_attack(const AttackSetup& s, TurnState state) {
  AttackResult r;
  r.outcomes = outcome_probabilities(s, state);
  const double body_p = r.outcomes.hit - r.outcomes.crit, head_p = r.outcomes.crit;
  std::vector<double> dmg(std::max(s.body.size(), s.head.size()), 0.0);
  dmg[0] = 1 - r.outcomes.hit;
  for (std::size_t x = 0; x < s.body.size(); ++x) dmg[x] += body_p * s.body[x];
  for (std::size_t x = 0; x < s.head.size(); ++x) dmg[x] += head_p * s.head[x];
  r.damage = Pmf::from_weights(0, dmg);
  r.confusion_if_crit = head_p > 0 ? confusion_pmf(s.head, s.stamina) : Pmf::point(0);
  r.p_confused = head_p * r.confusion_if_crit.at_least(1);
  std::vector<double> c(static_cast<std::size_t>(r.confusion_if_crit.max()) + 1, 0.0);
  c[0] = 1 - head_p;
  for (const auto& [x, p] : r.confusion_if_crit.items()) c[static_cast<std::size_t>(x)] += head_p * p;
  r.confusion = Pmf::from_weights(0, c);
  return r;
}

}  // namespace fray::epixx
