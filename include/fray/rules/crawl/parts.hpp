// fray/rules/crawl/parts.hpp — the mechanic parts (fray/fight/parts/) a DCSS
// monster's fight follows, for both versions (0.19 and 0.34), named from its
// catalog row (its HD, its name, its attacks' flavours): the fight's turn
// composes them from this list, and `fray list monsters` shows it.
#pragma once

#include <fray/fight/part.hpp>
#include <fray/fight/parts/drain.hpp>
#include <fray/fight/parts/regeneration.hpp>

#include <concepts>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace fray::crawl {

// AF_VAMPIRIC (mons_apply_attack_flavour): a damaging hit heals the attacker
// 1 + random2(damage), up to its maximum HP (monster::heal).
inline constexpr fight::parts::Drain kVampiricDrain{.uniform = true};

// A monster's regeneration on each of its turns below its maximum HP
// (mon-act.cc _monster_regenerate): 1 HP with chance natural_regen_rate / 25
// over the game's draws (monster_regen_chance), always for a fast
// regenerator (M_FAST_REGEN: the trolls).
[[nodiscard]] fight::PartUse monster_regeneration_part(int hd, std::string_view name);
// The drain of the monster's attack `attack` (0-based), with AF_VAMPIRIC:
// kVampiricDrain's parameters, then `attack`.
[[nodiscard]] fight::PartUse vampiric_part(std::size_t attack);
// The drain part of attack `attack` in `parts`, or nullptr.
[[nodiscard]] const fight::PartUse* drain_of_attack(const std::vector<fight::PartUse>& parts, std::size_t attack);

// What a version's monster row (MonsterProp) or fighting monster has.
template <class M>
concept MonsterWithAttacks = requires(const M& m) {
  { m.name } -> std::convertible_to<std::string_view>;
  { m.hd } -> std::convertible_to<int>;
  { m.attacks[0].flavour } -> std::convertible_to<std::string_view>;
  { m.attacks.size() } -> std::convertible_to<std::size_t>;
};

// The parts the monster's fight follows, in the order its turn meets them:
// its regeneration, then a drain for each AF_VAMPIRIC attack.
template <MonsterWithAttacks M>
[[nodiscard]] std::vector<fight::PartUse> monster_parts(const M& m) {
  std::vector<fight::PartUse> out{monster_regeneration_part(m.hd, m.name)};
  for (std::size_t i = 0; i < m.attacks.size(); ++i)
    if (m.attacks[i].flavour == "AF_VAMPIRIC") out.push_back(vampiric_part(i));
  return out;
}

}  // namespace fray::crawl
