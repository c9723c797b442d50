// The mechanic parts of DCSS monsters, both versions (parts.hpp).
#include <fray/rules/crawl/parts.hpp>
#include <fray/rules/crawl/regen.hpp>

#include <algorithm>
#include <string>

namespace fray::crawl {

fight::PartUse monster_regeneration_part(int hd, std::string_view name) {
  std::string spelled(name);
  std::replace(spelled.begin(), spelled.end(), '_', ' ');
  const MonsterRegen m{hd, fast_regenerator(spelled)};
  return fight::parts::regeneration_use(
      0, 1, 1, 0, monster_regen_chance(m), fight::parts::AtFull::hold,
      m.fast ? "mon-act.cc _monster_regenerate, M_FAST_REGEN" : "mon-act.cc _monster_regenerate, natural_regen_rate");
}

fight::PartUse vampiric_part(std::size_t attack) {
  fight::PartUse u = fight::parts::drain_use(kVampiricDrain, "mons_apply_attack_flavour, AF_VAMPIRIC");
  u.params.emplace_back("attack", static_cast<double>(attack));
  return u;
}

const fight::PartUse* drain_of_attack(const std::vector<fight::PartUse>& parts, std::size_t attack) {
  for (const fight::PartUse& u : parts)
    if (u.part == "drain" && fight::parts::param(u, "attack") == static_cast<double>(attack)) return &u;
  return nullptr;
}

}  // namespace fray::crawl
