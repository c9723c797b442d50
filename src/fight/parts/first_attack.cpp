// The first-attack part's note and PartUse (fray/fight/parts/first_attack.hpp).
#include <fray/fight/parts/first_attack.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <optional>
#include <utility>

namespace fray::fight::parts {

std::string first_attack_note(std::span<const std::string_view> names, std::string_view source) {
  const std::string what =
      fmt::format("{} {} for the first attack only, then the fight goes on without {}", fmt::join(names, ", "),
                  names.size() == 1 ? "holds" : "hold", names.size() == 1 ? "it" : "them");
  return source.empty() ? what : fmt::format("{} ({})", what, source);
}

PartUse first_attack_use(const FirstAttack& p, std::string source) {
  PartUse u{"first_attack", {{"attack_ends_foe", p.attack_ends_foe ? 1.0 : 0.0}}, std::move(source)};
  // The later parameters only when they differ from their defaults, so that
  // a use of the first one reads as before.
  if (!p.turn_ends_own) u.params.emplace_back("turn_ends_own", 0.0);
  if (p.hit_ends_foe_only) u.params.emplace_back("hit_ends_foe_only", 1.0);
  return u;
}

FirstAttack first_attack_of(const PartUse& use) {
  if (use.part != "first_attack") throw Error(fmt::format("part {} is not first_attack", use.part));
  // A yes-or-no parameter, `fallback` when absent (only the first must be given).
  const auto flag = [&use](std::string_view name, std::optional<bool> fallback) {
    double v = 0;
    if (!fallback) {
      v = param(use, name);
    } else {
      v = *fallback ? 1.0 : 0.0;
      for (const auto& [k, x] : use.params)
        if (k == name) v = x;
    }
    if (v != 0 && v != 1) throw Error(fmt::format("part first_attack: {} = {} is neither 0 nor 1", name, v));
    return v == 1;
  };
  return FirstAttack{.attack_ends_foe = flag("attack_ends_foe", std::nullopt),
                     .turn_ends_own = flag("turn_ends_own", true),
                     .hit_ends_foe_only = flag("hit_ends_foe_only", false)};
}

}  // namespace fray::fight::parts
