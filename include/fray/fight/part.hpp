// fray/fight/part.hpp — naming a mechanic part with its parameters.
//
// The mechanics a fight follows around the attack (regeneration, damage over
// time, life drain, splitting, summons, rage and shields, first-attack
// conditions) are parts written once under fray/fight/parts/ and composed by
// each game's turn (docs/mechanics.md). A PartUse is how a catalog row, a
// fight's report or a rules file names one of them: the part's name and the
// values of its parameters, in the part's own order.
#pragma once

#include <fray/core/error.hpp>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fray::fight {

struct PartUse {
  std::string part;  // the part's name: "regeneration", "drain", "poison", ...
  // Its parameters, in the order the part documents them.
  std::vector<std::pair<std::string, double>> params{};
  // The game's own function the use follows ("Bat.attackProc").
  std::string source{};

  friend bool operator==(const PartUse&, const PartUse&) = default;
};

}  // namespace fray::fight

namespace fray::fight::parts {

// The value of a PartUse's parameter `name` (fray::Error when absent).
[[nodiscard]] inline double param(const PartUse& use, std::string_view name) {
  for (const auto& [k, v] : use.params)
    if (k == name) return v;
  throw Error("part " + use.part + ": no parameter " + std::string(name));
}

// The first use of part `part` in `uses`, or nullptr.
[[nodiscard]] inline const PartUse* find_part(const std::vector<PartUse>& uses, std::string_view part) {
  for (const PartUse& u : uses)
    if (u.part == part) return &u;
  return nullptr;
}

}  // namespace fray::fight::parts
