// fray/fight/parts/split.hpp — splitting as a part: a side made of bodies
// (a swarm of flies, a jelly) whose hit body splits in two, written once with
// the games' rules as parameters.
//
// The side's state is its bodies' HP, in the order its foe attacks them
// (sorted, fewest HP first, or in line, front first); the side's HP is their
// sum, which a split never raises. A hit falls on the first body
// (`split_hit`); a body that survives it with enough HP splits, the clone
// taking half of what is left, while the side holds fewer than its most
// bodies. Every body next to the foe attacks on the side's turn
// (`split_attackers`), a clone from the side's next turn where the game says
// so. docs/mechanics.md ("Parts") lists each game's parameters.
#pragma once

#include <fray/fight/part.hpp>

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace fray::fight::parts {

// How the HP left splits: the clone takes half, rounded down, the body the
// rest (Pixel Dungeon's Swarm.defenseProc); or both take half, rounded up
// (Brogue's splitMonster).
enum class SplitHalves : std::uint8_t { clone_floor, both_ceil };

struct Split {
  // A body splits when, after the damage that splits it, it has at least
  // this many HP left (2: the clone's half is 1 or more; 1: any survivor).
  std::int64_t min_left = 2;
  SplitHalves halves = SplitHalves::clone_floor;
  // The most other bodies a side may hold for one more to split off
  // (Brogue's 100 clones of a kind); no limit by default.
  std::size_t max_others = std::numeric_limits<std::size_t>::max();
  // Bodies in line (a corridor): the front one is hit, and it splits only
  // when it is alone (the cell behind it is free); else the fewest HP first.
  bool in_line = false;
  // A clone first attacks on its side's next turn (it is fresh until then).
  bool clones_wait = false;
  // The most bodies that attack at once: the cells around the foe.
  std::size_t max_attacking = 8;
};

// A body: its HP as an integer, or a struct with `hp` and `fresh` (a clone
// not yet able to attack).
template <class B>
[[nodiscard]] constexpr std::int64_t body_hp(const B& b) noexcept {
  if constexpr (std::integral<B>)
    return static_cast<std::int64_t>(b);
  else
    return b.hp;
}
template <class B>
[[nodiscard]] constexpr B make_body(std::int64_t hp, bool fresh) {
  if constexpr (std::integral<B>) {
    (void)fresh;
    return static_cast<B>(hp);
  } else {
    B b{};
    b.hp = hp;
    b.fresh = fresh;
    return b;
  }
}

// The body `b` with `hp` HP (whether it is fresh unchanged).
template <class B>
[[nodiscard]] constexpr B with_hp(B b, std::int64_t hp) {
  if constexpr (std::integral<B>)
    return static_cast<B>(hp);
  else {
    b.hp = hp;
    return b;
  }
}

// A hit on the side's first body (`bodies` not empty). `passed`: the damage
// that splits it (the damage the hit passes to the game's split: Shattered's
// Swarm.defenseProc reads it before Vulnerable and a champion's factor);
// `dealt`: the damage the body then takes (the same in every other case). The
// body splits when HP - passed >= min_left: with clone_floor the clone takes
// (HP - passed) / 2 and the body keeps the rest less `dealt`; with both_ceil
// each takes (HP - passed + 1) / 2. Returns the side's HP lost (its sum
// before less after); moves `bodies` (empty: the last died).
template <class B>
[[gnu::always_inline]] inline std::int64_t split_hit(const Split& p, std::vector<B>& bodies, std::int64_t passed,
                                                     std::int64_t dealt) {
  const B target = bodies.front();
  const std::int64_t h = body_hp(target);
  bodies.erase(bodies.begin());
  const bool alone = bodies.empty();
  const bool splits = h - passed >= p.min_left && bodies.size() < p.max_others && (!p.in_line || alone);
  std::int64_t clone = 0, kept = h - dealt;
  if (splits) {
    if (p.halves == SplitHalves::clone_floor) {
      clone = (h - passed) / 2;
      kept = h - clone - dealt;
    } else {
      clone = kept = (h - passed + 1) / 2;
    }
  }
  if (p.in_line) {
    // Front first: the hit body stays in front, its clone right behind it.
    if (clone > 0) bodies.insert(bodies.begin(), make_body<B>(clone, p.clones_wait));
    if (kept > 0) bodies.insert(bodies.begin(), with_hp(target, kept));
  } else {
    // The others stay sorted without the first: only what comes back is placed.
    if (clone > 0) bodies.push_back(make_body<B>(clone, p.clones_wait));
    if (kept > 0) bodies.push_back(with_hp(target, kept));
    if (clone > 0 || kept > 0) std::sort(bodies.begin(), bodies.end());
  }
  return h - std::max<std::int64_t>(kept, 0) - clone;
}

// How many bodies attack on the side's turn: those not fresh, at most
// max_attacking.
template <class B>
[[nodiscard]] std::size_t split_attackers(const Split& p, const std::vector<B>& bodies) noexcept {
  if constexpr (std::integral<B>) {
    return std::min(bodies.size(), p.max_attacking);
  } else {
    std::size_t ready = 0;
    for (const B& b : bodies) ready += b.fresh ? 0 : 1;
    return std::min(ready, p.max_attacking);
  }
}

// The part as a catalog row or a fight's report names it: "split" with, in
// order, min_left, halves (0 clone_floor, 1 both_ceil), max_others (-1: no
// limit), in_line, clones_wait, max_attacking.
[[nodiscard]] inline PartUse split_part(const Split& p, std::string source) {
  PartUse u{"split", {}, std::move(source)};
  u.params.emplace_back("min_left", static_cast<double>(p.min_left));
  u.params.emplace_back("halves", static_cast<double>(p.halves));
  u.params.emplace_back(
      "max_others", p.max_others == std::numeric_limits<std::size_t>::max() ? -1.0 : static_cast<double>(p.max_others));
  u.params.emplace_back("in_line", p.in_line ? 1 : 0);
  u.params.emplace_back("clones_wait", p.clones_wait ? 1 : 0);
  u.params.emplace_back("max_attacking", static_cast<double>(p.max_attacking));
  return u;
}

}  // namespace fray::fight::parts
