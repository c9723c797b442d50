// PLACEHOLDER: replaced by the brogue ruleset implementation.
#include <fray/core/error.hpp>
#include <fray/rules/ruleset.hpp>

namespace fray::brogue {
namespace {
class Rules final : public Ruleset {
 public:
  std::string_view id() const override { return "brogue"; }
  std::string_view title() const override { return "Brogue CE"; }
  Report attack(const AttackRequest&) const override { throw Error("brogue: not available yet"); }
  Report strike(const StrikeRequest&) const override { throw Error("brogue: not available yet"); }
  Bout bout(const AttackRequest&) const override { throw Error("brogue: not available yet"); }
};
}  // namespace
const Ruleset& ruleset() {
  static const Rules r;
  return r;
}
}  // namespace fray::brogue
