// Words for DCSS monster mechanics shared by 0.19 and 0.34 (flavours.hpp).
#include "rules/crawl/flavours.hpp"

#include <fmt/format.h>

namespace fray::crawl {
namespace {

// melee-attack.cc mons_apply_attack_flavour: what each flavour both versions
// have adds to a hit.
constexpr FlavourWords kShared[] = {
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
};

}  // namespace

std::string flavour_line(std::string_view type, std::string_view flavour, std::span<const FlavourWords> own) {
  for (const auto& [f, what] : kShared)
    if (f == flavour) return fmt::format("{} attack {}", type, what);
  for (const auto& [f, what] : own)
    if (f == flavour) return fmt::format("{} attack {}", type, what);
  return fmt::format("{}: special flavour {} (melee-attack.cc)", type, flavour);
}

bool followed_on_player(std::string_view flavour) {
  return flavour == "AF_POISON" || flavour == "AF_POISON_STRONG" || flavour == "AF_REACH_STING" ||
         flavour == "AF_VAMPIRIC" || flavour == "AF_FIRE" || flavour == "AF_COLD" || flavour == "AF_ELEC";
}

bool followed_on_monster(std::string_view flavour) {
  return flavour == "AF_FIRE" || flavour == "AF_COLD" || flavour == "AF_VAMPIRIC" || flavour == "AF_POISON" ||
         flavour == "AF_POISON_STRONG" || flavour == "AF_REACH_STING";
}

std::string regeneration_line(std::string_view name, const MonsterRegen* monster, std::string_view sources) {
  if (!monster)
    return fmt::format(
        "{}: regeneration, player_regen() hundredths of an HP per 10 aut of its own turns, its counter in the fight's "
        "state (player-reacts.cc _regenerate_hp_and_mp){}{}",
        name, sources.empty() ? "" : "; with ", sources);
  if (monster->fast)
    return fmt::format(
        "{}: regenerates 1 HP each of its turns below its maximum (M_FAST_REGEN, mon-act.cc _monster_regenerate)",
        name);
  return fmt::format(
      "{}: natural regeneration, 1 HP on x_chance_in_y(natural_regen_rate, 25) each of its turns below its maximum, "
      "{:.2f} % at HD {} (mon-act.cc _monster_regenerate)",
      name, 100 * monster_regen_chance({monster->hd, false}), monster->hd);
}

}  // namespace fray::crawl
