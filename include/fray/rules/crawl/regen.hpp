// DCSS natural regeneration within a fight, for both versions: the player's
// HP regeneration (player.cc player_regen, player-reacts.cc
// _regenerate_hp_and_mp) and a monster's (mon-act.cc _monster_regenerate,
// monster.cc natural_regen_rate). Only numbers differ between 0.19 and 0.34
// for the sources a spec can name (RegenSources); they are passed as
// PlayerRegenRate the way PoisonRate passes poison's.
#pragma once

#include <fray/rules/crawl/random.hpp>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fray::crawl {

// player.cc player_regen: rr = base + hp_max / max_hp_div; above soft_cap
// (when not 0) only half of the excess counts; plus REGEN_PIP per
// regeneration item; at least 1. DCSS 0.19: hp_max/3, soft cap 20, pip 40.
// DCSS 0.34: 20 + hp_max/6, no soft cap, pip 80.
struct PlayerRegenRate {
  int base = 0;
  int max_hp_div = 3;
  int soft_cap = 20;
  int pip = 40;
};
// Each version's numbers (player.cc player_regen).
inline constexpr PlayerRegenRate kPlayerRegen_0_19{0, 3, 20, 40};
inline constexpr PlayerRegenRate kPlayerRegen_0_34{20, 6, 0, 80};
// The player's regeneration rate, in hundredths of an HP per 10 aut, with
// `pips` regeneration items (a troll leather armour is one).
[[nodiscard]] int player_regen(i64 hp_max, int pips, const PlayerRegenRate& rate = {});

// The sources of the player's regeneration a spec can name, the same in both
// versions (player.cc _player_bonus_regen and player_regen):
// - each of the troll leather armour, an amulet of regeneration, every point
//   of an artefact's Regen property (ARTP_REGENERATION) and every level of
//   the Regeneration mutation (MUT_REGENERATION) adds REGEN_PIP before the
//   minimum of 1. An amulet (0.19's REGEN_AMULET_ACTIVE) and, in 0.34, every
//   such item counts only once attuned, worn at full HP: a fight starts at
//   full HP, so they are attuned throughout.
// - Trog's Hand (DUR_TROGS_HAND) adds 100 after the minimum, and lasts the
//   whole fight, as the spec's other states do.
struct RegenSources {
  bool troll_leather = false;  // the body armour (ARM_TROLL_LEATHER_ARMOUR; ARMF_REGENERATION in 0.34)
  bool amulet = false;         // AMU_REGENERATION
  int artefacts = 0;           // ARTP_REGENERATION summed over the worn artefacts
  int mutation = 0;            // MUT_REGENERATION level, 0..3
  bool trogs_hand = false;     // DUR_TROGS_HAND
  [[nodiscard]] int pips() const noexcept { return (troll_leather ? 1 : 0) + (amulet ? 1 : 0) + artefacts + mutation; }
};
// What Trog's Hand adds (player.cc player_regen).
inline constexpr int kTrogsHandRegen = 100;
// player_regen with every source: the pips before the minimum of 1, Trog's
// Hand after it.
[[nodiscard]] int player_regen(i64 hp_max, const RegenSources& sources, const PlayerRegenRate& rate);
// "an amulet of regeneration, Trog's Hand (+100), ..." for a side's line; empty without sources.
[[nodiscard]] std::string regen_sources_text(const RegenSources& sources, const PlayerRegenRate& rate);

// One player turn of _regenerate_hp_and_mp: the counter
// (you.hit_points_regeneration, 0..99) gains div_rand_round(rate * delay, 10)
// and every full 100 is one HP (inc_hp; the cap at the maximum is the
// caller's). Exact: each outcome with its probability.
struct RegenTurn {
  double p = 1;
  i64 hp = 0;       // HP regained, before the cap at the maximum
  int counter = 0;  // the counter after the turn
};
[[nodiscard]] std::vector<RegenTurn> player_regen_turn(int rate, i64 delay, int counter);
// The same turn, sampled with the game's draw.
template <UniformEngine R>
RegenTurn sample_player_regen_turn(R& rng, int rate, i64 delay, int counter) {
  const i64 gained = rate * delay % 10 == 0 ? rate * delay / 10 : div_rand_round(rng, rate * delay, 10);
  const i64 total = counter + gained;
  return {1, total / 100, static_cast<int>(total % 100)};
}
// The counter values a player reaches from 0 when every turn takes one of
// `delays` aut, or more than `limit` of them (then limit + 1).
[[nodiscard]] std::size_t player_regen_counters(int rate, const std::vector<i64>& delays, std::size_t limit);

// A monster's regeneration on each of its turns (_monster_regenerate, before
// it acts): 1 HP always for a fast regenerator (M_FAST_REGEN), else on
// x_chance_in_y(natural_regen_rate(), 25), natural_regen_rate() =
// max(div_rand_round(HD, max(div_rand_round(15 - HD, 4), 1)), 1). DCSS 0.34's
// mons_class_regen_amount is 1 for every monster of the catalog, as 0.19's
// heal(1).
struct MonsterRegen {
  int hd = 1;
  bool fast = false;  // M_FAST_REGEN: the trolls of the catalog
};
// P(the monster regains 1 HP on a turn), exact over the game's three draws.
[[nodiscard]] double monster_regen_chance(const MonsterRegen& m);
// One turn's roll, drawn as the game draws it.
template <UniformEngine R>
bool sample_monster_regen(R& rng, const MonsterRegen& m) {
  if (m.fast) return true;
  auto drr = [&rng](i64 num, i64 den) {  // div_rand_round: no draw when exact
    return num % den == 0 ? num / den : div_rand_round(rng, num, den);
  };
  const i64 divider = std::max<i64>(drr(15 - m.hd, 4), 1);
  const i64 rate = std::max<i64>(drr(m.hd, divider), 1);
  return x_chance_in_y(rng, rate, 25);
}
// Whether a catalog monster regenerates fast: M_FAST_REGEN in DCSS 0.19's
// mon-data.h and fast_regen in 0.34's dat/mons (the troll, the iron troll and
// the deep troll of both catalogs; no catalog monster has M_NO_REGEN).
[[nodiscard]] bool fast_regenerator(std::string_view monster_name);

}  // namespace fray::crawl
