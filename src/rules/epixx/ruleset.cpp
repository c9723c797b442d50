// PLACEHOLDER: replaced by the epixx ruleset implementation.
#include <fray/core/error.hpp>
#include <fray/rules/ruleset.hpp>

namespace fray::epixx {
namespace {
class Rules final : public Ruleset {
 public:
  std::string_view id() const override { return "epixx"; }
  std::string_view title() const override { return "epixx 2D6 rogue"; }
  Report attack(const AttackRequest&) const override { throw Error("epixx: not available yet"); }
  Report strike(const StrikeRequest&) const override { throw Error("epixx: not available yet"); }
  Bout bout(const AttackRequest&) const override { throw Error("epixx: not available yet"); }
};
}  // namespace
const Ruleset& ruleset() {
  static const Rules r;
  return r;
}
}  // namespace fray::epixx
