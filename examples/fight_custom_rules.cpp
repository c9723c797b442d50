// A duel under home-made rules: plug your own attack kernel into the fight
// layer and get the exact odds, the fight length and the survivor's HP.
//
// The rules: roll d20 + attack bonus against armour class; a hit does 1d8 +
// strength. A berserk fighter hits harder when at a third of its HP or less.
#include <fray/report/report.hpp>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>
#include <vector>

namespace {

class D20Attack final : public fray::Exchange {
 public:
  D20Attack(int bonus, int armour_class, int strength, std::int64_t max_hp, bool berserk)
      : bonus_(bonus), ac_(armour_class), str_(strength), max_hp_(max_hp), berserk_(berserk) {}

  // The one description of the rule: given the d20 and the d8, the damage.
  [[nodiscard]] std::int64_t damage(fray::Side attacker, int d20, int d8) const {
    if (d20 + bonus_ < ac_) return 0;
    const bool rage = berserk_ && attacker.hp * 3 <= max_hp_;
    return std::max(0, d8 + str_) + (rage ? 2 : 0);
  }

  [[nodiscard]] bool hits(int d20) const { return d20 + bonus_ >= ac_; }

  std::vector<fray::Transition> outcomes(fray::Side attacker, fray::Side defender) const override {
    std::vector<fray::Transition> out;
    for (int d20 = 1; d20 <= 20; ++d20)
      for (int d8 = 1; d8 <= 8; ++d8)
        out.push_back({1.0 / 160, damage(attacker, d20, d8), attacker.state, defender.state, hits(d20)});
    return out;
  }
  fray::Transition sample(fray::Side attacker, fray::Side defender, fray::Rng& rng) const override {
    const auto d20 = static_cast<int>(rng.uniform(1, 20));
    const auto d8 = static_cast<int>(rng.uniform(1, 8));
    return {1, damage(attacker, d20, d8), attacker.state, defender.state, hits(d20)};
  }
  // The attacker's HP matters only to a berserker; the defender's never does.
  // Saying so lets the exact analysis ask this kernel far less often.
  Reads reads() const override { return {berserk_, false}; }

 private:
  int bonus_, ac_, str_;
  std::int64_t max_hp_;
  bool berserk_;
};

}  // namespace

int main() {
  fray::Bout bout;
  bout.a = {"berserker", 30, 1.0, 0};
  bout.b = {"knight", 36, 1.0, 0};
  bout.a_hits_b = std::make_shared<D20Attack>(5, 17, 3, 30, true);
  bout.b_hits_a = std::make_shared<D20Attack>(4, 13, 2, 36, false);
  bout.time_unit = "rounds";
  try {
    std::cout << fray::duel_report("d20", bout, fray::fight::solve_duel(bout)).text << '\n';
    std::cout << fray::ttk_report("d20", bout, fray::fight::solve_ttk(bout)).text;
  } catch (const fray::Error& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 2;
  }
}
