// fray/fight/states.hpp — numbering rich side conditions for the fight layer.
//
// A Side carries one small integer `state`. A kernel whose side needs more
// than a counter — a swarm as the HP of each fly, a conjurer and its blades
// with their lifetimes, a poison's duration and strength — keeps the value in
// a States table and hands the fight layer its number. The exact chain and
// Monte Carlo then follow it like any other state: the chain asks the kernel
// once per number, so a value the fight can reach must be numbered the same
// way every time, which this table guarantees.
//
// Numbers are given in order of first use; the table's starting value is 0,
// the state the spec describes (Side::state). Lookups are thread-safe (Monte
// Carlo runs kernels on several threads), at the cost of a shared lock per
// call; a kernel asked for the same number again can keep the reference,
// which stays valid for the table's life.
#pragma once

#include <fray/core/error.hpp>

#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <utility>

namespace fray::fight {

// T: a value type with operator< (std::vector<std::int64_t>, a small struct
// with a defaulted <=>, ...).
template <class T>
class States {
 public:
  // `limit`: the most values the table will number; one more is a fray::Error
  // naming `what` ("swarm of flies: splits"), so that a fight whose state
  // would grow without bound is refused instead of eating memory.
  explicit States(T start, std::uint32_t limit = 1u << 20, const char* what = "fight state")
      : limit_(limit), what_(what) {
    id(std::move(start));
  }

  // The number of a value, numbering it when new.
  std::uint32_t id(const T& value) const {
    {
      const std::shared_lock lock(mutex_);
      if (const auto it = ids_.find(value); it != ids_.end()) return it->second;
    }
    const std::unique_lock lock(mutex_);
    if (const auto it = ids_.find(value); it != ids_.end()) return it->second;
    if (values_.size() >= limit_) throw Error(std::string(what_) + ": more than the limit of fight states");
    const auto n = static_cast<std::uint32_t>(values_.size());
    values_.push_back(value);
    ids_.emplace(value, n);
    return n;
  }

  // The value behind a number id() gave. Throws fray::Error on any other.
  const T& at(std::uint32_t n) const {
    const std::shared_lock lock(mutex_);
    if (n >= values_.size()) throw Error(std::string(what_) + ": unknown fight state");
    return values_[n];
  }

  [[nodiscard]] std::size_t size() const {
    const std::shared_lock lock(mutex_);
    return values_.size();
  }

 private:
  std::uint32_t limit_;
  const char* what_;
  mutable std::shared_mutex mutex_;
  mutable std::deque<T> values_;  // a deque: references stay valid as it grows
  mutable std::map<T, std::uint32_t> ids_;
};

}  // namespace fray::fight
