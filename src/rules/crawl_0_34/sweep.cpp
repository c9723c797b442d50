// DCSS 0.34.1 sweeps: P(hit) and mean damage as one skill or stat of the
// player rises, each row an exact attack.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>
#include <fray/rules/crawl_0_34/ruleset.hpp>
#include <string>
#include <vector>

namespace fray::crawl_0_34 {

namespace {

// The spec key of a weapon skill (as spec.cpp reads it).
std::string_view skill_key(const std::string& skill) {
  if (skill == "SK_SHORT_BLADES") return "short_blades";
  if (skill == "SK_LONG_BLADES") return "long_blades";
  if (skill == "SK_AXES") return "axes";
  if (skill == "SK_MACES_FLAILS") return "maces_flails";
  if (skill == "SK_POLEARMS") return "polearms";
  if (skill == "SK_STAVES") return "staves";
  if (skill == "SK_RANGED_WEAPONS") return "ranged_weapons";
  return "throwing";
}

}  // namespace

Table sweep(const Combatant& attacker, const Combatant& defender, const Situation& s, std::string_view key, double from,
            double to, double step) {
  const Player* p = attacker.player();
  if (!p) throw Error("crawl-0.34 sweep: the attacker must be the player");
  const std::vector<std::string> keys = {
      "fighting", "weapon_skill", "short_blades",   "long_blades", "axes",        "maces_flails",
      "polearms", "staves",       "ranged_weapons", "dodging",     "armor_skill", "shields_skill",
      "unarmed",  "throwing",     "stealth",        "dex",         "str"};
  const std::string k = key == "armour_skill" ? "armor_skill" : std::string(key);
  if (std::find(keys.begin(), keys.end(), k) == keys.end())
    throw Error(
        fmt::format("crawl-0.34 sweep: cannot sweep '{}'{} (a skill, dex or str)", key, did_you_mean(key, keys)));
  const bool stat = k == "dex" || k == "str";
  // A weapon skill key moves the wielded weapon's skill, and only that one.
  const bool weapon_key = k != "weapon_skill" && k != "fighting" && k != "dodging" && k != "armor_skill" &&
                          k != "shields_skill" && k != "unarmed" && k != "throwing" && k != "stealth" && !stat;
  if (weapon_key && !(p->weapon && skill_key(p->weapon->skill) == k))
    throw Error(fmt::format("crawl-0.34 sweep: {} is not the skill of the player's weapon ({})", k,
                            p->weapon ? std::string(skill_key(p->weapon->skill)) : std::string("none: unarmed")));
  if (k == "weapon_skill" && !p->weapon) throw Error("crawl-0.34 sweep: weapon_skill needs a weapon (weapon=...)");
  if (!(step > 0) || !std::isfinite(step)) throw Error("crawl-0.34 sweep: the step must be positive");
  const double lo = stat ? 1 : 0, hi = stat ? 99 : 27;
  if (!(from >= lo && to <= hi && from <= to))
    throw Error(fmt::format("crawl-0.34 sweep: {} from {} to {} is outside {}..{} or reversed", k, from, to, lo, hi));
  if ((to - from) / step > 10000) throw Error("crawl-0.34 sweep: too many rows (at most 10000)");
  if (stat && (std::floor(from) != from || std::floor(step) != step))
    throw Error(fmt::format("crawl-0.34 sweep: {} takes whole values", k));

  Table t;
  t.title =
      fmt::format("DCSS 0.34.1: {} attacks {} as {} rises", combatant_name(attacker), combatant_name(defender), k);
  t.columns = {{"value", k}, {"p_hit", "P(hit)"}, {"mean_damage", "mean damage"}};
  for (int i = 0;; ++i) {
    const double v = from + step * i;
    if (v > to + 1e-9) break;
    Player q = *p;
    const int x100 = static_cast<int>(std::lround(v * 100));
    if (k == "dex")
      q.dex = static_cast<int>(std::lround(v));
    else if (k == "str")
      q.str = static_cast<int>(std::lround(v));
    else if (k == "fighting")
      q.fighting = x100;
    else if (k == "dodging")
      q.dodging = x100;
    else if (k == "armor_skill")
      q.armor_skill = x100;
    else if (k == "shields_skill")
      q.shields = x100;
    else if (k == "unarmed")
      q.unarmed = x100;
    else if (k == "stealth")
      q.stealth = x100;
    else if (k == "throwing") {
      q.throwing = x100;
      if (q.weapon && q.weapon->skill == "SK_THROWING") q.weapon_skill = x100;
    } else
      q.weapon_skill = x100;
    const Outcome o = exact_outcome(plan_attack({q}, defender, s));
    t.rows.push_back({Value{v}, Value{o.p_hit}, Value{o.damage ? o.damage->mean() : 0.0}});
  }
  t.notes.push_back(
      "each row is exact: P(hit) counts hits and stabs; mean damage is per attack, a miss or a block as 0");
  return t;
}

}  // namespace fray::crawl_0_34
