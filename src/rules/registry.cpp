#include <fray/core/error.hpp>
#include <fray/rules/ruleset.hpp>

#include <fmt/format.h>

#include <array>

// Each game's folder defines its ruleset object.
namespace fray::brogue { const Ruleset& ruleset(); }
namespace fray::pixel_dungeon { const Ruleset& ruleset(); }
namespace fray::crawl { const Ruleset& ruleset(); }
namespace fray::epixx { const Ruleset& ruleset(); }

namespace fray {

std::span<const Ruleset* const> rulesets() {
  static const std::array<const Ruleset*, 4> all = {&pixel_dungeon::ruleset(), &brogue::ruleset(), &crawl::ruleset(),
                                                    &epixx::ruleset()};
  return all;
}

const Ruleset& ruleset(std::string_view id) {
  std::string known;
  for (const Ruleset* r : rulesets()) {
    if (r->id() == id) return *r;
    known += fmt::format("{}{}", known.empty() ? "" : ", ", r->id());
  }
  throw Error(fmt::format("unknown ruleset '{}' (known: {})", id, known));
}

const DiceFunctions& all_dice_functions() {
  static const DiceFunctions fns = [] {
    DiceFunctions f = DiceFunctions::builtin();
    for (const Ruleset* r : rulesets()) r->add_dice_functions(f);
    return f;
  }();
  return fns;
}

std::unique_ptr<AnyEngine> Ruleset::engine(std::string_view name, std::uint64_t) const {
  throw Error(fmt::format("ruleset '{}' has no engine '{}'", id(), name));
}

std::unique_ptr<AnyEngine> make_engine(std::string_view name, std::uint64_t seed) {
  if (name == "default") return std::make_unique<EngineBox<Rng>>(Rng(seed));
  std::string known = "default";
  for (const Ruleset* r : rulesets())
    for (const auto& e : r->engines()) {
      if (e == name) return r->engine(name, seed);
      known += ", " + e;
    }
  throw Error(fmt::format("unknown engine '{}' (known: {})", name, known));
}

}  // namespace fray
