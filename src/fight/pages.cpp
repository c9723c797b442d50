#include "fight/pages.hpp"

#include <cstdint>
#include <cstdlib>

#if defined(__SANITIZE_ADDRESS__)
#define FRAY_HEAP_ONLY 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FRAY_HEAP_ONLY 1
#endif
#endif

#if defined(__linux__) && !defined(FRAY_HEAP_ONLY)
#include <sys/mman.h>
#define FRAY_HUGE_PAGES 1
#endif

namespace fray::fight::detail {
namespace {

#if defined(FRAY_HUGE_PAGES)
constexpr std::size_t kHuge = std::size_t{2} << 20;
constexpr std::size_t kMapFrom = std::size_t{1} << 20;

std::size_t rounded(std::size_t bytes) { return (bytes + kHuge - 1) / kHuge * kHuge; }
#endif

}  // namespace

void* zeroed_pages(std::size_t bytes) {
#if defined(FRAY_HUGE_PAGES)
  if (bytes >= kMapFrom) {
    // Mapped with 2 MiB to spare, then cut to an aligned start: a huge
    // page must start on a 2 MiB boundary.
    const std::size_t size = rounded(bytes);
    void* raw = mmap(nullptr, size + kHuge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) throw std::bad_alloc();
    const auto at = reinterpret_cast<std::uintptr_t>(raw);
    const std::uintptr_t start = (at + kHuge - 1) / kHuge * kHuge;
    if (start > at) munmap(raw, start - at);
    if (const std::uintptr_t end = at + size + kHuge; end > start + size)
      munmap(reinterpret_cast<void*>(start + size), end - (start + size));
    // Advice only: without huge pages the mapping works all the same.
    madvise(reinterpret_cast<void*>(start), size, MADV_HUGEPAGE);
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
    munmap(p, rounded(bytes));
    return;
  }
#endif
  std::free(p);
}

}  // namespace fray::fight::detail
