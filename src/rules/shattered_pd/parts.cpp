// The mechanic parts of Shattered Pixel Dungeon 3.3.6's mobs (parts.hpp):
// one line per part a mob's class has.
#include <fray/rules/shattered_pd/parts.hpp>

#include "rules/shattered_pd/turn.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace fray::shattered_pd {

std::vector<fight::PartUse> mob_parts(const Mob& mob) {
  std::vector<fight::PartUse> out;
  if (mob.java_class == "Bat") out.push_back(fight::parts::drain_use(kBatDrain, "Bat.attackProc"));
  if (mob.java_class == "Brute") out.push_back(fight::parts::rage_use(kBruteRage, "Brute.isAlive, BruteRage.act"));
  if (mob.java_class == "ArmoredBrute")
    out.push_back(fight::parts::rage_use(kArmoredRage, "ArmoredBrute.triggerEnrage, ArmoredRage.act"));
  // Damage over time and splitting, as the turn takes them (part_uses), for
  // the mob where the catalog puts it (not ascending).
  Combatant c;
  c.name = mob.key;
  c.mob = mob;
  for (fight::PartUse& u : part_uses(c, Situation{})) out.push_back(std::move(u));
  return out;
}

std::string first_attack_line(const Situation& s) {
  std::vector<std::string_view> names, sources;
  for (const PassingName& n : kPassingNames) {
    // `unseen` and `surprised` are one flag: named once, as unseen.
    if (!(s.*n.flag) || n.name == "surprised") continue;
    names.push_back(n.name);
    if (std::find(sources.begin(), sources.end(), n.source) == sources.end()) sources.push_back(n.source);
  }
  if (names.empty()) return {};
  return fight::parts::first_attack_note(names, fmt::format("{}", fmt::join(sources, ", ")));
}

fight::PartUse first_attack_part(std::string_view source) {
  return fight::parts::first_attack_use(kFirstAttack, std::string(source));
}

}  // namespace fray::shattered_pd
