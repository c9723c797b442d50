#include <fmt/format.h>

#include <fray/core/error.hpp>
#include <fray/rules/shattered_pd/hit.hpp>

namespace fray::shattered_pd {

namespace {

// Char.hit's multipliers of one side, in the game's order: Bless, Hex, Daze,
// each champion, ascension, the Bless talent.
void side_factors(const RollBuffs& b, const char* side, std::vector<float>& out) {
  if (b.bless) out.push_back(1.25f);
  if (b.hex) out.push_back(0.8f);
  if (b.daze) out.push_back(0.5f);
  for (float c : b.champions) {
    require(c > 0, fmt::format("the {}'s champion factor must be positive, not {}", side, c));
    out.push_back(c);
  }
  require(b.ascension > 0, fmt::format("the {}'s ascension factor must be positive, not {}", side, b.ascension));
  if (b.ascension != 1) out.push_back(b.ascension);
  require(b.bless_talent >= 0, fmt::format("the {}'s Bless talent points must be 0 or more", side));
  if (b.bless_talent > 0) out.push_back(1.01f + 0.02f * static_cast<float>(b.bless_talent));
}

double product(double stat, const std::vector<float>& factors) noexcept {
  for (float f : factors) stat *= static_cast<double>(f);
  return stat;
}

}  // namespace

HitPlan plan_hit(const HitTest& t) {
  require(t.accuracy >= 0, fmt::format("accuracy {} is negative", t.accuracy));
  require(t.evasion >= 0, fmt::format("evasion {} is negative", t.evasion));
  require(t.acc_multi > 0, fmt::format("the accuracy multiplier must be positive, not {}", t.acc_multi));
  HitPlan p;
  p.accuracy = t.invisible_attacker ? infinite_accuracy : t.accuracy;
  p.evasion = t.focus ? infinite_evasion : t.evasion;
  // Char.hit: infinite evasion beats infinite accuracy; neither draws.
  if (p.evasion >= infinite_evasion)
    p.sure = HitPlan::Sure::miss;
  else if (p.accuracy >= infinite_accuracy)
    p.sure = HitPlan::Sure::hit;
  side_factors(t.attacker, "attacker", p.attacker_factors);
  if (t.acc_multi != 1) p.attacker_factors.push_back(t.acc_multi);
  side_factors(t.defender, "defender", p.defender_factors);
  if (t.ferret_tuft) {
    require(*t.ferret_tuft >= 0, fmt::format("the Ferret Tuft level must be 0 or more, not {}", *t.ferret_tuft));
    // FerretTuft.evasionMultiplier: 1 + 0.125·(level + 1).
    p.defender_factors.push_back(1.0f + 0.125f * static_cast<float>(*t.ferret_tuft + 1));
  }
  return p;
}

double hit_chance(const HitPlan& p) noexcept {
  if (p.sure != HitPlan::Sure::no) return p.sure == HitPlan::Sure::hit ? 1.0 : 0.0;
  const double a = product(static_cast<double>(p.accuracy), p.attacker_factors);
  const double d = product(static_cast<double>(p.evasion), p.defender_factors);
  if (d == 0) return 1.0;
  if (a == 0) return 0x1.0p-24;  // both rolls 0.0
  return a <= d ? a / (2 * d) : 1 - d / (2 * a);
}

std::uint64_t hit_pairs(const HitPlan& p) noexcept {
  constexpr std::uint64_t side = std::uint64_t{1} << 24;
  if (p.sure != HitPlan::Sure::no) return p.sure == HitPlan::Sure::hit ? side * side : 0;
  // Both rolls are non-decreasing in their Float, so the evasion rolls at or
  // below each accuracy roll form a prefix that only grows.
  std::uint64_t hits = 0, j = 0;
  for (std::uint64_t k = 0; k < side; ++k) {
    const float acu = p.acu_roll(float_of(static_cast<std::uint32_t>(k)));
    while (j < side && p.def_roll(float_of(static_cast<std::uint32_t>(j))) <= acu) ++j;
    hits += j;
  }
  return hits;
}

double exact_hit_chance(const HitPlan& p) noexcept { return static_cast<double>(hit_pairs(p)) * 0x1.0p-48; }

}  // namespace fray::shattered_pd
