#include "fight/pages.hpp"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <utility>

#if defined(__SANITIZE_ADDRESS__)
#define FRAY_HEAP_ONLY 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FRAY_HEAP_ONLY 1
#endif
#endif

#if defined(__linux__) && !defined(__EMSCRIPTEN__) && !defined(FRAY_HEAP_ONLY)
#include <sys/mman.h>
#define FRAY_HUGE_PAGES 1
#endif

namespace fray::fight::detail {
namespace {

#if defined(FRAY_HUGE_PAGES)
constexpr std::size_t kHuge = std::size_t{2} << 20;
constexpr std::size_t kMapFrom = std::size_t{1} << 18;

std::size_t rounded(std::size_t bytes) { return (bytes + kHuge - 1) / kHuge * kHuge; }

// Mappings freed on this thread, kept for reuse: one exact duel after
// another (a sweep, a notebook, a benchmark) would otherwise fault every
// page in again. At most kKeep bytes in 16 mappings a thread, given back
// when the thread ends.
constexpr std::size_t kKeep = std::size_t{64} << 20;
struct Kept {
  struct Mapping {
    void* p = nullptr;
    std::size_t size = 0;
  };
  Mapping list[16];
  std::size_t bytes = 0;
  Kept() = default;
  Kept(const Kept&) = delete;
  Kept& operator=(const Kept&) = delete;
  ~Kept() {
    for (Mapping& m : list)
      if (m.p) munmap(m.p, m.size);
  }
};
thread_local Kept kept;
#endif

}  // namespace

void* zeroed_pages(std::size_t bytes) {
#if defined(FRAY_HUGE_PAGES)
  if (bytes >= kMapFrom) {
    const std::size_t size = rounded(bytes);
    // A mapping of this size freed earlier on this thread: zeroed by hand,
    // which costs less than the faults of a fresh one.
    for (Kept::Mapping& m : kept.list)
      if (m.p && m.size == size) {
        void* p = std::exchange(m.p, nullptr);
        kept.bytes -= size;
        std::memset(p, 0, bytes);
        return p;
      }
    // Mapped with 2 MiB to spare, then cut to an aligned start: a huge
    // page must start on a 2 MiB boundary.
    void* raw = mmap(nullptr, size + kHuge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) throw std::bad_alloc();
    const auto at = reinterpret_cast<std::uintptr_t>(raw);
    const std::uintptr_t start = (at + kHuge - 1) / kHuge * kHuge;
    if (start > at) munmap(raw, start - at);
    if (const std::uintptr_t end = at + size + kHuge; end > start + size)
      munmap(reinterpret_cast<void*>(start + size), end - (start + size));
#if defined(MADV_HUGEPAGE)
    // Advice only: without huge pages the mapping works all the same.
    madvise(reinterpret_cast<void*>(start), size, MADV_HUGEPAGE);
#endif
    return reinterpret_cast<void*>(start);
  }
#endif
  void* p = std::calloc(bytes == 0 ? 1 : bytes, 1);
  if (!p) throw std::bad_alloc();
  return p;
}

void free_pages(void* p, std::size_t bytes) noexcept {
  (void)bytes;  // the heap's size is its own
  if (!p) return;
#if defined(FRAY_HUGE_PAGES)
  if (bytes >= kMapFrom) {
    const std::size_t size = rounded(bytes);
    // Kept for the next chain on this thread, while there is room.
    if (kept.bytes + size <= kKeep)
      for (Kept::Mapping& m : kept.list)
        if (!m.p) {
          m = {p, size};
          kept.bytes += size;
          return;
        }
    munmap(p, size);
    return;
  }
#endif
  std::free(p);
}

}  // namespace fray::fight::detail
