// The first-attack part's note and PartUse (fray/fight/parts/first_attack.hpp).
#include <fray/fight/parts/first_attack.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <utility>

namespace fray::fight::parts {

std::string first_attack_note(std::span<const std::string_view> names, std::string_view source) {
  const std::string what =
      fmt::format("{} {} for the first attack only, then the fight goes on without {}", fmt::join(names, ", "),
                  names.size() == 1 ? "holds" : "hold", names.size() == 1 ? "it" : "them");
  return source.empty() ? what : fmt::format("{} ({})", what, source);
}

PartUse first_attack_use(const FirstAttack& p, std::string source) {
  return PartUse{"first_attack", {{"attack_ends_foe", p.attack_ends_foe ? 1.0 : 0.0}}, std::move(source)};
}

FirstAttack first_attack_of(const PartUse& use) {
  if (use.part != "first_attack") throw Error(fmt::format("part {} is not first_attack", use.part));
  const double v = param(use, "attack_ends_foe");
  if (v != 0 && v != 1) throw Error(fmt::format("part first_attack: attack_ends_foe = {} is neither 0 nor 1", v));
  return FirstAttack{.attack_ends_foe = v == 1};
}

}  // namespace fray::fight::parts
