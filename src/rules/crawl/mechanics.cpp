#include "rules/crawl/mechanics.hpp"

#include <fmt/format.h>
#include <fray/rules/crawl/regen.hpp>

#include <algorithm>
#include <string_view>
#include <utility>
#include <variant>

namespace fray::crawl {
namespace {

// melee-attack.cc mons_apply_attack_flavour: what each flavour adds to a hit.
constexpr std::pair<std::string_view, std::string_view> kFlavours[] = {
    {"AF_POISON",
     "poisons the defender on one damaging hit in 3 by random_range(2*HD, 4*HD) points, which hurt it over time "
     "(AF_POISON)"},
    {"AF_POISON_STRONG",
     "poisons the defender on one damaging hit in 3 by random_range(HD*11/3, HD*13/2) points, which hurt it over "
     "time (AF_POISON_STRONG)"},
    {"AF_CRUSH", "constricts the defender, crushing it each turn it stays held (AT_CONSTRICT, AF_CRUSH)"},
    {"AF_COLD", "adds HD + random2(2*HD) cold damage to a damaging hit, less for a cold-resistant defender (AF_COLD)"},
    {"AF_FIRE", "adds HD + random2(HD) fire damage to a damaging hit, less for a fire-resistant defender (AF_FIRE)"},
    {"AF_VAMPIRIC", "heals 1 + random2(damage) of each damaging bite on a living defender (AF_VAMPIRIC)"},
    {"AF_TRAMPLE", "tramples: pushes the defender back and follows (AF_TRAMPLE)"},
    {"AF_DRAIN_XP", "drains the defender's experience and skills (AF_DRAIN_XP)"},
};

}  // namespace

std::vector<std::string> monster_mechanics(const std::vector<MonsterAttack>& attacks) {
  std::vector<std::string> out;
  for (const MonsterAttack& a : attacks) {
    if (a.flavour == "AF_PLAIN") continue;
    std::string text = fmt::format("{}: special flavour {} (melee-attack.cc)", a.type, a.flavour);
    for (const auto& [flavour, what] : kFlavours)
      if (flavour == a.flavour) text = fmt::format("{} attack {}", a.type, what);
    if (std::find(out.begin(), out.end(), text) == out.end()) out.push_back(std::move(text));
  }
  return out;
}

bool fight_follows(std::string_view flavour, const Combatant& target) {
  // The player of a spec is a human: poisonable, and natural for AF_VAMPIRIC.
  if (!std::holds_alternative<Player>(target)) return false;
  // Nor resistant to fire, cold or electricity.
  return flavour == "AF_POISON" || flavour == "AF_POISON_STRONG" || flavour == "AF_REACH_STING" ||
         flavour == "AF_VAMPIRIC" || flavour == "AF_FIRE" || flavour == "AF_COLD" || flavour == "AF_ELEC";
}

void list_mechanics(const Combatant& a, const Combatant& b, bool fight, std::vector<std::string>& modelled,
                    std::vector<std::string>& not_modelled) {
  for (const Combatant* c : {&a, &b}) {
    const Monster* m = std::get_if<Monster>(c);
    if (!m) continue;
    const Combatant& target = c == &a ? b : a;
    for (const MonsterAttack& x : m->attacks) {
      if (x.flavour == "AF_PLAIN") continue;
      const std::string text = fmt::format("{}: {}", combatant_name(*c), monster_mechanics({x}).front());
      std::vector<std::string>& list = fight && fight_follows(x.flavour, target) ? modelled : not_modelled;
      if (std::find(list.begin(), list.end(), text) == list.end()) list.push_back(text);
    }
  }
}

void list_regeneration(const Combatant& a, const Combatant& b, std::vector<std::string>& modelled) {
  for (const Combatant* side : {&a, &b}) {
    const Combatant& c = *side;
    if (const auto* m = std::get_if<Monster>(&c))
      modelled.push_back(crawl::fast_regenerator(m->name)
                             ? fmt::format("{}: regenerates 1 HP each of its turns below its maximum (M_FAST_REGEN, "
                                           "mon-act.cc _monster_regenerate)",
                                           combatant_name(c))
                             : fmt::format("{}: natural regeneration, 1 HP on x_chance_in_y(natural_regen_rate, 25) "
                                           "each of its turns below its maximum, {:.2f} % at HD {} (mon-act.cc "
                                           "_monster_regenerate)",
                                           combatant_name(c), 100 * crawl::monster_regen_chance({m->hd, false}),
                                           m->hd));
    else
      modelled.push_back(
          fmt::format("{}: regeneration, player_regen() hundredths of an HP per 10 aut of its own turns, its counter "
                      "in the fight's state (player-reacts.cc _regenerate_hp_and_mp)",
                      combatant_name(c)));
  }
}

}  // namespace fray::crawl
