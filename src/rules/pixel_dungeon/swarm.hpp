// Pixel Dungeon's swarm of flies in a fight: the groups of flies its splits
// (Swarm.defenseProc) can reach, numbered before the fight.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fray/core/error.hpp>
#include <map>
#include <numeric>
#include <utility>
#include <vector>

#include "rules/pixel_dungeon/fight.hpp"

namespace fray::pixel_dungeon {

// Every group of flies a swarm's splits can reach, found before the fight
// from the damages of the hits it takes. A group is held as its number among
// the groups of the same HP: the fight layer keeps the group's HP, and the
// two together name the group. Groups of different HP then share a state,
// so the exact chain holds far fewer blocks of HP pairs (the full swarm
// against a short sword: 4004 groups, at most 183 of one HP). The table does
// not change once filled, so kernels on several threads read it freely.
class FlyTable {
 public:
  explicit FlyTable(bool corridor) : corridor_(corridor) {}

  // Every group hits of `damages` make from one fly of `hp`, breadth first;
  // false past `limit` groups. Up to `keep` groups the table also keeps
  // every hit's result, which the exact chain asks for again and again.
  bool fill(std::int64_t hp, const std::vector<std::int64_t>& damages, std::size_t limit, std::size_t keep) {
    damages_ = damages;
    add({hp});
    for (std::size_t i = 0; i < groups_.size(); ++i) {
      std::vector<std::pair<std::int64_t, std::uint32_t>> row;
      for (const std::int64_t v : damages_) {
        auto [lost, after] = hit_fly_group(groups_[i], v, corridor_);
        const std::uint32_t to = after.empty() ? kDead : add(std::move(after));
        if (groups_.size() > limit) return false;
        row.emplace_back(lost, to);
      }
      if (groups_.size() <= keep) hits_.push_back(std::move(row));
    }
    if (groups_.size() > keep) hits_.clear();
    return true;
  }
  [[nodiscard]] std::size_t size() const { return groups_.size(); }

  // The group of HP `hp` and number `index`.
  [[nodiscard]] const FlyGroup& at(std::int64_t hp, std::uint32_t index) const { return groups_[position(hp, index)]; }
  // A hit of `damage` on that group: the HP it loses and the number of the
  // group after it (any, when none is left).
  [[nodiscard]] std::pair<std::int64_t, std::uint32_t> hit(std::int64_t hp, std::uint32_t index,
                                                           std::int64_t damage) const {
    const std::uint32_t from = position(hp, index);
    const auto d = std::lower_bound(damages_.begin(), damages_.end(), damage);
    if (!hits_.empty() && d != damages_.end() && *d == damage) {
      const auto [lost, to] = hits_[from][static_cast<std::size_t>(d - damages_.begin())];
      return {lost, to == kDead ? 0 : index_[to]};
    }
    auto [lost, after] = hit_fly_group(groups_[from], damage, corridor_);
    if (after.empty()) return {lost, 0};
    const auto it = id_.find(after);
    if (it == id_.end()) throw Error("swarm of flies: a hit made a group of flies the table does not hold");
    return {lost, index_[it->second]};
  }

 private:
  static constexpr std::uint32_t kDead = 0xffffffffu;
  std::uint32_t add(FlyGroup g) {
    const auto [it, added] = id_.try_emplace(std::move(g), static_cast<std::uint32_t>(groups_.size()));
    if (added) {
      const std::int64_t hp = std::accumulate(it->first.begin(), it->first.end(), std::int64_t{0});
      const auto h = static_cast<std::size_t>(hp);
      if (by_hp_.size() <= h) by_hp_.resize(h + 1);
      index_.push_back(static_cast<std::uint32_t>(by_hp_[h].size()));
      by_hp_[h].push_back(it->second);
      groups_.push_back(it->first);
    }
    return it->second;
  }
  std::uint32_t position(std::int64_t hp, std::uint32_t index) const {
    const auto h = static_cast<std::size_t>(hp);
    if (hp < 0 || h >= by_hp_.size() || index >= by_hp_[h].size())
      throw Error(fmt::format("swarm of flies: no group {} of {} HP", index, hp));
    return by_hp_[h][index];
  }

  bool corridor_;
  std::vector<std::int64_t> damages_;
  std::vector<FlyGroup> groups_;
  std::map<FlyGroup, std::uint32_t> id_;
  std::vector<std::uint32_t> index_;               // by position: the number among the groups of its HP
  std::vector<std::vector<std::uint32_t>> by_hp_;  // by HP: the positions of its groups
  std::vector<std::vector<std::pair<std::int64_t, std::uint32_t>>> hits_;  // by position, by damage
};
}  // namespace fray::pixel_dungeon
