// The pull loop of the grid's stepping (grid.cpp): each cell's new mass is
// the sum of its incoming moves, probability times the mass of the cell
// each comes from. grid.cpp builds it once per CPU (vectors of 8 doubles
// for AVX-512, 4 for AVX2, 2 for the baseline); tests run each width here.
// Also the trimming of each row's window after an attack (drop_faint).
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>

namespace fray::fight::detail {

// One incoming move of a cell: mass p x in[cell + off] arrives from the cell
// `off` away.
struct Pull {
  std::int64_t off;
  double p;
  bool operator==(const Pull&) const = default;
};

// out[i] = the sum over `ps` of p x in[i + off], then over `ps2` of
// p x in2[i + off], for i < len, with vectors of `width` doubles (2, 4 or
// 8), built for the baseline CPU whatever version the stepping uses: each
// width must give the same bits. The buffers hold 8 cells of padding past
// the last one read; the cells past `len` of the last vector are written
// back as they were.
void pull_mass_width(std::size_t width, double* out, const double* in, const Pull* ps, std::size_t np,
                     const double* in2, const Pull* ps2, std::size_t np2, std::size_t len) noexcept;

// Adds x[i] to s[i mod 8] for i in [b, e), with vectors of `width` doubles.
void sum_by_index_width(std::size_t width, const double* x, std::uint64_t b, std::uint64_t e, double* s) noexcept;

// Sets to 0 the cells at either end of row[w.first, w.second) that hold
// less than `faint`, from the outside in, adding each one's mass to
// `dropped` as long as that stays within `room`, and narrows the window to
// the cells left ({0, 0} when none are). Cells inside the window keep their
// mass, faint or not.
void drop_faint(double* row, std::pair<std::uint32_t, std::uint32_t>& w, double faint, double room,
                double& dropped) noexcept;

}  // namespace fray::fight::detail
