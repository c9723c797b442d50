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
// the state the spec describes (Side::state). On one thread the numbering is
// the same every run; threads sharing a table (Monte Carlo) may number new
// values in another order, which changes no result: the fight layer only
// stores numbers and hands them back to the kernels, which read the values.
//
// Lookups are thread-safe and, once a value is numbered, take no lock: at()
// reads values kept in chunks that never move, published with an atomic
// count, and id() finds a value's number in an open-addressing hash index
// whose slots are atomic and whose older, smaller copies stay alive while
// readers may still be probing them. Only numbering a new value takes a
// mutex. A type with no hash (StateHash below) keeps an ordered index under
// a shared lock instead. A reference at() gives stays valid for the table's
// life.
#pragma once

#include <fray/core/error.hpp>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <shared_mutex>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace fray::fight {

namespace detail {

// SplitMix64's finaliser: spreads a hash over all 64 bits (std::hash of an
// integer is the integer itself in libstdc++ and libc++), so that the index
// can take its low bits for a slot and its high ones for a tag.
constexpr std::uint64_t mix64(std::uint64_t x) noexcept {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// One multiply a field (as rustc's FxHasher); the table mixes the whole
// hash once with mix64 before it uses its bits.
constexpr std::uint64_t combine(std::uint64_t seed, std::uint64_t h) noexcept {
  return (((seed << 5) | (seed >> 59)) ^ h) * 0x517CC1B727220A95ull;
}

template <class T, class = void>
struct has_std_hash : std::false_type {};
template <class T>
struct has_std_hash<T, std::void_t<decltype(std::hash<T>{}(std::declval<const T&>()))>> : std::true_type {};

template <class T, class = void>
struct has_key : std::false_type {};
template <class T>
struct has_key<T, std::void_t<decltype(std::declval<const T&>().key())>> : std::true_type {};

template <class T>
struct is_vector : std::false_type {};
template <class E, class A>
struct is_vector<std::vector<E, A>> : std::true_type {};

template <class T>
struct is_tuple : std::false_type {};
template <class... E>
struct is_tuple<std::tuple<E...>> : std::true_type {};

}  // namespace detail

// The 64-bit hash the table uses (before mixing it: see detail::combine):
// std::hash where the standard library has one, a value's key() (a std::tie
// of its fields, as fight states order themselves), and the elements of a
// std::vector or std::tuple. `value` is false for a type none of these reach.
template <class T, class = void>
struct StateHash {
  static constexpr bool value = false;
};

template <class T>
inline constexpr bool state_hashable = StateHash<std::remove_cv_t<std::remove_reference_t<T>>>::value;

namespace detail {
template <class T>
struct all_hashable : std::false_type {};
template <class... E>
struct all_hashable<std::tuple<E...>> : std::bool_constant<(state_hashable<E> && ...)> {};
}  // namespace detail

template <class T>
[[nodiscard]] std::uint64_t state_hash(const T& v) {
  return StateHash<std::remove_cv_t<std::remove_reference_t<T>>>{}(v);
}

template <class T>
struct StateHash<T, std::enable_if_t<detail::has_std_hash<T>::value>> {
  static constexpr bool value = true;
  std::uint64_t operator()(const T& v) const { return static_cast<std::uint64_t>(std::hash<T>{}(v)); }
};

template <class T>
struct StateHash<T, std::enable_if_t<!detail::has_std_hash<T>::value && detail::has_key<T>::value>> {
  static constexpr bool value = state_hashable<decltype(std::declval<const T&>().key())>;
  std::uint64_t operator()(const T& v) const { return state_hash(v.key()); }
};

template <class T>
struct StateHash<
    T, std::enable_if_t<!detail::has_std_hash<T>::value && !detail::has_key<T>::value && detail::is_vector<T>::value>> {
  static constexpr bool value = state_hashable<typename T::value_type>;
  std::uint64_t operator()(const T& v) const {
    std::uint64_t h = v.size();
    for (const auto& e : v) h = detail::combine(h, state_hash(e));
    return h;
  }
};

template <class T>
struct StateHash<
    T, std::enable_if_t<!detail::has_std_hash<T>::value && !detail::has_key<T>::value && detail::is_tuple<T>::value>> {
  static constexpr bool value = detail::all_hashable<T>::value;
  std::uint64_t operator()(const T& v) const {
    return std::apply(
        [](const auto&... e) {
          std::uint64_t h = 0;
          ((h = detail::combine(h, state_hash(e))), ...);
          return h;
        },
        v);
  }
};

// T: a value type with operator== and operator< (std::vector<std::int64_t>,
// a small struct with a key() or a defaulted <=>, ...).
template <class T>
class States {
 public:
  // `limit`: the most values the table will number; one more is a fray::Error
  // naming `what` ("swarm of flies: splits"), so that a fight whose state
  // would grow without bound is refused instead of eating memory.
  explicit States(T start, std::uint32_t limit = 1u << 20, const char* what = "fight state")
      : limit_(std::min(limit, kScratch)), what_(what) {
    for (auto& c : chunks_) c.store(nullptr, std::memory_order_relaxed);
    if constexpr (kHashed) slots_.store(new Slots(16, nullptr), std::memory_order_relaxed);
    id(std::move(start));
  }
  States(const States&) = delete;
  States& operator=(const States&) = delete;
  ~States() {
    const std::uint32_t n = size_.load(std::memory_order_relaxed);
    for (std::uint32_t i = 0; i < n; ++i) const_cast<T&>(at_unchecked(i)).~T();
    for (unsigned k = 0; k < kChunks; ++k)
      if (T* c = chunks_[k].load(std::memory_order_relaxed))
        std::allocator<T>().deallocate(c, std::size_t{kFirst} << k);
    if constexpr (kHashed) delete slots_.load(std::memory_order_relaxed);
  }

  // The number of a value, numbering it when new.
  std::uint32_t id(const T& value) const {
    if constexpr (kHashed) {
      const std::uint64_t h = detail::mix64(state_hash(value));
      if (const std::uint32_t n = find(*slots_.load(std::memory_order_acquire), value, h); n != kNone) return n;
      const std::lock_guard lock(write_);
      Slots* s = slots_.load(std::memory_order_relaxed);
      if (const std::uint32_t n = find(*s, value, h); n != kNone) return n;
      const std::uint32_t n = append(value);
      hashes_.push_back(h);
      // Keep the index at most half full: past it, a copy twice the size is
      // filled and published; readers still in the old one miss only values
      // numbered after it, and then look again under the lock.
      if (2 * (std::size_t{n} + 1) > s->mask + 1) {
        auto* bigger = new Slots(2 * (s->mask + 1), s);
        for (std::uint32_t i = 0; i < n; ++i) bigger->put(hashes_[i], i);
        slots_.store(bigger, std::memory_order_release);
        s = bigger;
      }
      s->put(h, n);
      return n;
    } else {
      {
        const std::shared_lock lock(index_mutex_);
        if (const auto it = ids_.find(value); it != ids_.end()) return it->second;
      }
      const std::unique_lock lock(index_mutex_);
      if (const auto it = ids_.find(value); it != ids_.end()) return it->second;
      const std::uint32_t n = append(value);
      ids_.emplace(value, n);
      return n;
    }
  }

  // The value behind a number id() or scratch() gave. Throws fray::Error on
  // any other, and on a scratch number past its life.
  const T& at(std::uint32_t n) const {
    if (n & kScratch) return scratch_at(n);
    if (n >= size_.load(std::memory_order_acquire)) unknown();
    return at_unchecked(n);
  }

  // A number for a value met in a sampled fight, which the table does not
  // keep: the value goes to the next slot of a ring this thread holds for
  // the type (kScratchSlots values), and its number — kScratch set — reads
  // it back until the ring comes round to it. A sampled fight carries
  // each side's value from one turn to the next, so it needs only the
  // numbers of its last turn: millions of fights leave the table as it was
  // (no growth towards its limit, no lock shared by the threads) and a
  // number costs a copy instead of a lookup. at() refuses a number whose
  // slot a later value took.
  static constexpr std::uint32_t kScratch = 0x80000000u;
  static constexpr std::uint32_t kScratchSlots = 256;
  [[nodiscard]] static bool is_scratch(std::uint32_t n) noexcept { return (n & kScratch) != 0; }
  // Whether a number may be carried through one more turn as it is: a
  // table's number always, a scratch number while the ring has gone less
  // than half round since it was given (a side left as it was keeps its
  // number; one that waited long is given a new one).
  [[nodiscard]] static bool lasting(std::uint32_t n) noexcept {
    return !is_scratch(n) || ((ring_().next - n) & ~kScratch) < kScratchSlots / 2;
  }
  std::uint32_t scratch(const T& value) const {
    Ring& ring = ring_();
    std::uint32_t seq = ++ring.next & ~kScratch;
    if (seq == 0) seq = ++ring.next & ~kScratch;  // 0 is no value
    ring.put(seq % kScratchSlots, seq, value);
    return kScratch | seq;
  }

  [[nodiscard]] std::size_t size() const { return size_.load(std::memory_order_acquire); }

 private:
  static constexpr bool kHashed = state_hashable<T>;
  static constexpr std::uint32_t kNone = 0xFFFFFFFFu;

  // Values live in chunks that never move: chunk k holds kFirst << k of
  // them, from number (2^k - 1) x kFirst on, so 27 chunks reach 2^32.
  static constexpr unsigned kFirstBits = 6;
  static constexpr std::uint32_t kFirst = 1u << kFirstBits;
  static constexpr unsigned kChunks = 32 - kFirstBits + 1;

  // Apart, so that at() is small enough to inline into a sampled turn.
  [[noreturn, gnu::cold, gnu::noinline]] void unknown() const {
    throw Error(std::string(what_) + ": unknown fight state");
  }

  // The ring. A value the standard library may copy as bytes lives in a
  // ring of bytes, which a thread holds with no constructor to run (no guard
  // on each access); others in slots of T. Sequence 0 is no value.
  static constexpr bool kBytes = std::is_trivially_copyable_v<T>;
  struct BytesRing {
    std::uint32_t next;
    std::uint32_t seq[kScratchSlots];
    alignas(T) unsigned char bytes[kScratchSlots][sizeof(T)];
    void put(std::uint32_t i, std::uint32_t s, const T& value) noexcept {
      seq[i] = s;
      std::memcpy(bytes[i], &value, sizeof(T));
    }
    const T* get(std::uint32_t i, std::uint32_t s) const noexcept {
      return seq[i] == s ? std::launder(reinterpret_cast<const T*>(bytes[i])) : nullptr;
    }
  };
  struct ValueRing {
    std::uint32_t next = 0;
    std::uint32_t seq[kScratchSlots] = {};
    T value[kScratchSlots];
    void put(std::uint32_t i, std::uint32_t s, const T& v) {
      seq[i] = s;
      value[i] = v;
    }
    const T* get(std::uint32_t i, std::uint32_t s) const noexcept { return seq[i] == s ? &value[i] : nullptr; }
  };
  using Ring = std::conditional_t<kBytes, BytesRing, ValueRing>;
  static Ring& ring_() {
    thread_local Ring ring;
    return ring;
  }
  const T& scratch_at(std::uint32_t n) const {
    const std::uint32_t seq = n & ~kScratch;
    const T* v = ring_().get(seq % kScratchSlots, seq);
    if (!v) stale();
    return *v;
  }
  [[noreturn, gnu::cold, gnu::noinline]] void stale() const {
    throw Error(std::string(what_) + ": a sampled fight state read after " + std::to_string(kScratchSlots) +
                " newer ones, or on another thread");
  }

  static unsigned floor_log2(std::uint32_t m) noexcept {
    unsigned k = 0;
    while (m >>= 1) ++k;
    return k;
  }
  const T& at_unchecked(std::uint32_t n) const {
    const unsigned k = floor_log2((n >> kFirstBits) + 1);
    const std::uint32_t offset = n - (((1u << k) - 1) << kFirstBits);
    return chunks_[k].load(std::memory_order_relaxed)[offset];
  }

  // Numbers a value (under the writer's lock): constructed in its chunk,
  // then published by the count's release, which readers acquire.
  std::uint32_t append(const T& value) const {
    const std::uint32_t n = size_.load(std::memory_order_relaxed);
    if (n >= limit_) throw Error(std::string(what_) + ": more than the limit of fight states");
    const unsigned k = floor_log2((n >> kFirstBits) + 1);
    const std::uint32_t offset = n - (((1u << k) - 1) << kFirstBits);
    T* chunk = chunks_[k].load(std::memory_order_relaxed);
    if (!chunk) {
      chunk = std::allocator<T>().allocate(std::size_t{kFirst} << k);
      chunks_[k].store(chunk, std::memory_order_relaxed);
    }
    ::new (static_cast<void*>(chunk + offset)) T(value);
    size_.store(n + 1, std::memory_order_release);
    return n;
  }

  // The hash index: each slot holds (the hash's high 32 bits << 32) | (number + 1), 0 when empty.
  struct Slots {
    Slots(std::size_t capacity, Slots* older_copy)
        : mask(capacity - 1), slot(new std::atomic<std::uint64_t>[capacity]), older(older_copy) {
      for (std::size_t i = 0; i < capacity; ++i) slot[i].store(0, std::memory_order_relaxed);
    }
    void put(std::uint64_t h, std::uint32_t n) {
      std::size_t i = static_cast<std::size_t>(h) & mask;
      while (slot[i].load(std::memory_order_relaxed) != 0) i = (i + 1) & mask;
      slot[i].store(((h >> 32) << 32) | (std::uint64_t{n} + 1), std::memory_order_release);
    }
    std::size_t mask;
    std::unique_ptr<std::atomic<std::uint64_t>[]> slot;
    std::unique_ptr<Slots> older;  // kept for readers that loaded it before the copy
  };

  std::uint32_t find(const Slots& s, const T& value, std::uint64_t h) const {
    for (std::size_t i = static_cast<std::size_t>(h) & s.mask;; i = (i + 1) & s.mask) {
      const std::uint64_t e = s.slot[i].load(std::memory_order_acquire);
      if (e == 0) return kNone;
      if ((e >> 32) != (h >> 32)) continue;
      const auto n = static_cast<std::uint32_t>((e & 0xFFFFFFFFu) - 1);
      if (at_unchecked(n) == value) return n;
    }
  }

  std::uint32_t limit_;
  const char* what_;
  mutable std::atomic<T*> chunks_[kChunks];
  mutable std::atomic<std::uint32_t> size_{0};
  // Hashed index.
  mutable std::atomic<Slots*> slots_{nullptr};
  mutable std::mutex write_;
  mutable std::vector<std::uint64_t> hashes_;  // each number's hash, for the copies; under write_
  // Ordered index, for a type with no hash.
  mutable std::shared_mutex index_mutex_;
  mutable std::map<T, std::uint32_t> ids_;
};

}  // namespace fray::fight
