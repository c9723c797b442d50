// PLACEHOLDER: replaced by the crawl ruleset implementation.
#include <fray/core/error.hpp>
#include <fray/rules/ruleset.hpp>

namespace fray::crawl {
namespace {
class Rules final : public Ruleset {
 public:
  std::string_view id() const override { return "crawl"; }
  std::string_view title() const override { return "Dungeon Crawl Stone Soup 0.19"; }
  Report attack(const AttackRequest&) const override { throw Error("crawl: not available yet"); }
  Report strike(const StrikeRequest&) const override { throw Error("crawl: not available yet"); }
  Bout bout(const AttackRequest&) const override { throw Error("crawl: not available yet"); }
};
}  // namespace
const Ruleset& ruleset() {
  static const Rules r;
  return r;
}
}  // namespace fray::crawl
