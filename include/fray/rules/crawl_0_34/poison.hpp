// DCSS 0.34 poison on the player: how much a monster's poisonous attack adds
// and how the poison hurts over game time. The duration is kept as the game
// keeps it, you.duration[DUR_POISONING]: 1000 per point of poison damage still
// to come. handle_player_poison, the poisoning chance and the elemental
// flavours' damage are 0.19's (fray/rules/crawl/poison.hpp); 0.34 changes the
// rate at which poison hurts and adds AF_MINIPARA's amounts.
#pragma once

#include <fray/rules/crawl/poison.hpp>

#include <cstdint>
#include <string_view>

namespace fray::crawl_0_34 {

using crawl::element_range;
using crawl::ElementRange;
using crawl::kPoisonChanceIn;
using crawl::kPoisonDurationPerPoint;
using crawl::kPoisonSlice;
using crawl::PoisonRange;
using crawl::PoisonTick;

// player.cc: 1/5 of the poison goes every 10 aut, at 0.1 to 5 HP per aut
// (poison_denom, poison_min_hp_aut, poison_max_hp_aut, in duration units).
inline constexpr crawl::PoisonRate kPoisonRate{5.0, 100.0, 5000.0};

// One tick of handle_player_poison(delay) at 0.34's rate: a player of no
// poison resistance, living, without the Deep Dwarf's shaving or Cheibriados.
[[nodiscard]] inline PoisonTick poison_tick(std::int64_t duration, double delay) {
  return crawl::poison_tick(duration, delay, kPoisonRate);
}
// The poison over `time` aut, in slices of one normal player turn (10 aut).
[[nodiscard]] inline PoisonTick poison_over(std::int64_t duration, double time) {
  return crawl::poison_over(duration, time, kPoisonRate);
}

// The poison points one poisoning adds (melee-attack.cc mons_do_poison): the
// range of random_range, {0, 0} for a flavour that does not poison.
[[nodiscard]] PoisonRange poison_range(std::string_view flavour, int hd);

}  // namespace fray::crawl_0_34
