// PLACEHOLDER while the parser lands.
#include <fray/core/dice.hpp>
namespace fray {
DiceFunctions DiceFunctions::builtin() { return {}; }
void DiceFunctions::add(DiceFunction f) { fns_.push_back(std::move(f)); }
const DiceFunction* DiceFunctions::find(std::string_view name) const noexcept {
  for (const auto& f : fns_) if (f.name == name) return &f;
  return nullptr;
}
Dice Dice::parse(std::string_view, const DiceFunctions&) { throw Error("dice: not yet"); }
Pmf Dice::exact() const { throw Error("dice: not yet"); }
std::int64_t Dice::sample(RngRef) const { throw Error("dice: not yet"); }
std::int64_t Dice::min() const { return 0; }
std::int64_t Dice::max() const { return 0; }
}
