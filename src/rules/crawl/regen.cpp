// DCSS natural regeneration: player.cc player_regen, player-reacts.cc
// _regenerate_hp_and_mp (its HP part), mon-act.cc _monster_regenerate and
// monster.cc natural_regen_rate, for 0.19 and 0.34 alike.
#include <fray/rules/crawl/regen.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <set>

namespace fray::crawl {

int player_regen(i64 hp_max, int pips, const PlayerRegenRate& rate) {
  i64 rr = rate.base + hp_max / rate.max_hp_div;
  if (rate.soft_cap > 0 && rr > rate.soft_cap) rr = rate.soft_cap + (rr - rate.soft_cap) / 2;
  rr += static_cast<i64>(pips) * rate.pip;
  return static_cast<int>(std::max<i64>(1, rr));
}

int player_regen(i64 hp_max, const RegenSources& sources, const PlayerRegenRate& rate) {
  return player_regen(hp_max, sources.pips(), rate) + (sources.trogs_hand ? kTrogsHandRegen : 0);
}

std::string regen_sources_text(const RegenSources& sources, const PlayerRegenRate& rate) {
  std::vector<std::string> parts;
  if (sources.troll_leather) parts.push_back("a troll leather armour");
  if (sources.amulet) parts.push_back("an amulet of regeneration");
  if (sources.artefacts > 0) parts.push_back(fmt::format("Regen artefacts {}", sources.artefacts));
  if (sources.mutation > 0) parts.push_back(fmt::format("the Regeneration mutation {}", sources.mutation));
  std::string out;
  if (sources.pips() > 0) out = fmt::format("{} (REGEN_PIP {} each)", fmt::join(parts, ", "), rate.pip);
  if (sources.trogs_hand) out += fmt::format("{}Trog's Hand (+{})", out.empty() ? "" : ", ", kTrogsHandRegen);
  return out;
}

std::vector<RegenTurn> player_regen_turn(int rate, i64 delay, int counter) {
  // div_rand_round(rate * delay, BASELINE_DELAY): q, or q + 1 with chance r/10.
  const i64 num = static_cast<i64>(rate) * delay, q = num / 10, r = num % 10;
  std::vector<RegenTurn> out;
  for (const auto& [gained, p] : {std::pair<i64, double>{q, static_cast<double>(10 - r) / 10.0},
                                  std::pair<i64, double>{q + 1, static_cast<double>(r) / 10.0}}) {
    if (p <= 0) continue;
    const i64 total = counter + gained;
    out.push_back({p, total / 100, static_cast<int>(total % 100)});
  }
  return out;
}

std::size_t player_regen_counters(int rate, const std::vector<i64>& delays, std::size_t limit) {
  std::set<int> seen{0};
  std::vector<int> open{0};
  while (!open.empty()) {
    const int c = open.back();
    open.pop_back();
    for (const i64 d : delays)
      for (const RegenTurn& t : player_regen_turn(rate, d, c))
        if (seen.insert(t.counter).second) {
          if (seen.size() > limit) return limit + 1;
          open.push_back(t.counter);
        }
  }
  return seen.size();
}

double monster_regen_chance(const MonsterRegen& m) {
  if (m.fast) return 1.0;
  // natural_regen_rate's two div_rand_rounds, then x_chance_in_y(rate, 25).
  double p = 0;
  for (const auto& [divider, pd] : div_rand_round_pmf(15 - m.hd, 4).items()) {
    if (pd <= 0) continue;
    for (const auto& [rate, pr] : div_rand_round_pmf(m.hd, std::max<i64>(divider, 1)).items())
      if (pr > 0) p += pd * pr * x_chance_in_y_p(std::max<i64>(rate, 1), 25);
  }
  return p;
}

bool fast_regenerator(std::string_view monster_name) {
  constexpr std::array<std::string_view, 3> kFast = {"troll", "iron troll", "deep troll"};
  return std::find(kFast.begin(), kFast.end(), monster_name) != kFast.end();
}

}  // namespace fray::crawl
