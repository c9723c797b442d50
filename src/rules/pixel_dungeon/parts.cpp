// The mechanic parts of Pixel Dungeon 1.9.1's mobs (parts.hpp): one line per
// part a mob's class has.
#include <fray/rules/pixel_dungeon/parts.hpp>

#include "rules/pixel_dungeon/parts.hpp"

#include <array>
#include <string>
#include <string_view>

namespace fray::pixel_dungeon {

std::vector<fight::PartUse> mob_parts(const Mob& mob) {
  std::vector<fight::PartUse> out;
  if (mob.key == "vampire_bat") out.push_back(fight::parts::drain_use(kBatDrain, "Bat.attackProc"));
  // The brute's rage, with the damage the catalog gives it.
  if (mob.enraged) out.push_back(fight::parts::rage_use(kBruteRage, "Brute.damage, Brute.damageRoll"));
  // Damage over time and splitting, with the parameters the turn takes.
  for (fight::PartUse& u : part_uses(mob)) out.push_back(std::move(u));
  return out;
}

std::vector<fight::PartUse> hero_parts(const Hero& hero) {
  if (hero.subclass != SubClass::berserker) return {};
  return {fight::parts::rage_use(kFury, "Hero.damage, Fury")};
}

fight::PartUse first_attack_part() {
  return fight::parts::first_attack_use(kFirstAttack, std::string(kFirstAttackSource));
}

std::string first_attack_line(const Situation& s) {
  if (!fight::parts::any_passing(s, kPassing)) return {};
  const std::array<std::string_view, 1> names{"unseen"};
  return fight::parts::first_attack_note(names, kFirstAttackSource);
}

}  // namespace fray::pixel_dungeon
