#include "rules/crawl/mechanics.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>
#include <utility>
#include <variant>

namespace fray::crawl {
namespace {

// melee-attack.cc mons_apply_attack_flavour: what each flavour adds to a hit.
constexpr std::pair<std::string_view, std::string_view> kFlavours[] = {
    {"AF_POISON", "poisons the defender on a hit, hurting it each turn (AF_POISON)"},
    {"AF_CRUSH", "constricts the defender, crushing it each turn it stays held (AT_CONSTRICT, AF_CRUSH)"},
    {"AF_COLD", "extra cold damage on a hit, less for a cold-resistant defender (AF_COLD)"},
    {"AF_FIRE", "extra fire damage on a hit, less for a fire-resistant defender (AF_FIRE)"},
    {"AF_VAMPIRIC", "heals by the damage of its bite (AF_VAMPIRIC)"},
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

void list_mechanics(const Combatant& a, const Combatant& b, std::vector<std::string>& not_modelled) {
  for (const Combatant* c : {&a, &b})
    if (const Monster* m = std::get_if<Monster>(c))
      for (const std::string& text : monster_mechanics(m->attacks))
        not_modelled.push_back(fmt::format("{}: {}", combatant_name(*c), text));
}

}  // namespace fray::crawl
