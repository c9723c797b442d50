// Memory for the large arrays of an exact chain (a grid of cells, its move
// lists and runs, the table of incoming moves, the two buffers of mass).
//
// An exact duel of 300 HP a side touches about 12 MiB of fresh memory. Taken
// 4 KiB page by 4 KiB page, each first touch is a page fault, and on a
// virtual machine a fault can cost 10-15 us: more than the arithmetic of
// the duel. So on Linux an array of at least 256 KiB is mapped on its own,
// aligned to 2 MiB and with transparent huge pages asked for (madvise): the
// system then hands it over 2 MiB at a time, one fault each, when it has
// such pages, and 4 KiB pages otherwise. A freed mapping is kept for the
// next one of its size on the same thread (up to 64 MiB a thread), so that
// one duel after another does not fault its pages in again. Elsewhere, and
// under AddressSanitizer (which watches the heap, not mappings), the heap.
#pragma once

#include <cstddef>
#include <new>
#include <vector>

namespace fray::fight::detail {

// `bytes` of zeros; throws std::bad_alloc. Free with free_pages(p, bytes).
[[nodiscard]] void* zeroed_pages(std::size_t bytes);
void free_pages(void* p, std::size_t bytes) noexcept;

// A std::allocator for large arrays, from zeroed_pages.
template <class T>
struct PageAllocator {
  using value_type = T;
  PageAllocator() = default;
  template <class U>
  PageAllocator(const PageAllocator<U>&) noexcept {}  // NOLINT(google-explicit-constructor): rebinding
  [[nodiscard]] T* allocate(std::size_t n) {
    if (n > static_cast<std::size_t>(-1) / sizeof(T)) throw std::bad_alloc();
    return static_cast<T*>(zeroed_pages(n * sizeof(T)));
  }
  void deallocate(T* p, std::size_t n) noexcept { free_pages(p, n * sizeof(T)); }
  template <class U>
  bool operator==(const PageAllocator<U>&) const noexcept {
    return true;
  }
};

template <class T>
using PageVector = std::vector<T, PageAllocator<T>>;

}  // namespace fray::fight::detail
