// PLACEHOLDER: replaced by the pixel_dungeon ruleset implementation.
#include <fray/core/error.hpp>
#include <fray/rules/ruleset.hpp>

namespace fray::pixel_dungeon {
namespace {
class Rules final : public Ruleset {
 public:
  std::string_view id() const override { return "pixel-dungeon"; }
  std::string_view title() const override { return "Pixel Dungeon 1.9"; }
  Report attack(const AttackRequest&) const override { throw Error("pixel-dungeon: not available yet"); }
  Report strike(const StrikeRequest&) const override { throw Error("pixel-dungeon: not available yet"); }
  Bout bout(const AttackRequest&) const override { throw Error("pixel-dungeon: not available yet"); }
};
}  // namespace
const Ruleset& ruleset() {
  static const Rules r;
  return r;
}
}  // namespace fray::pixel_dungeon
