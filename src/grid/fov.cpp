// fray/grid/fov.cpp — symmetric shadowcasting.
//
// Albert Ford's algorithm, computed the way libtcod's FOV_SYMMETRIC_SHADOWCAST
// does (same quadrant order, 32-bit float slopes, the same tie rounding and
// bounds handling), so the visible sets are identical; the speed comes from
// clipping each row to the grid once, integer symmetry bounds per row, and no
// whole-map passes.
#include <fray/grid/fov.hpp>

#include <fray/core/error.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cfloat>
#include <cstring>
#include <limits>
#include <vector>

namespace fray::grid {

void Visibility::reset(int width, int height) {
  width_ = width;
  height_ = height;
  const auto n = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  if (cells_.size() < n) cells_.resize(n);
  std::memset(cells_.data(), 0, n);
}

std::vector<Point> Visibility::cells() const {
  std::vector<Point> out;
  out.reserve(count());
  for (int y = 0; y < height_; ++y)
    for (int x = 0; x < width_; ++x)
      if (cells_[index(x, y)] != 0) out.push_back({x, y});
  return out;
}

std::size_t Visibility::count() const noexcept {
  const auto n = static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_);
  return static_cast<std::size_t>(std::count_if(cells_.begin(), cells_.begin() + static_cast<std::ptrdiff_t>(n),
                                                [](std::uint8_t v) { return v != 0; }));
}

namespace {

// Java/C roundf: halves away from zero. Exact for |v| < 2^23 because v minus
// its truncation is representable.
inline int round_away(float v) noexcept {
  int t = static_cast<int>(v);
  const float frac = v - static_cast<float>(t);
  if (frac >= 0.5f)
    ++t;
  else if (frac <= -0.5f)
    --t;
  return t;
}
// Smallest / largest integer c with float(c) >= v / float(c) <= v.
inline int ceil_int(float v) noexcept {
  const int t = static_cast<int>(v);
  return static_cast<float>(t) < v ? t + 1 : t;
}
inline int floor_int(float v) noexcept {
  const int t = static_cast<int>(v);
  return static_cast<float>(t) > v ? t - 1 : t;
}
inline std::int64_t floor_div(std::int64_t a, std::int64_t b) noexcept {  // b > 0
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}
inline std::int64_t ceil_div(std::int64_t a, std::int64_t b) noexcept { return -floor_div(-a, b); }

// A row's columns: those the sector touches, and those whose centre it holds.
struct RowBounds {
  int column_min, column_max, centre_min, centre_max;
};

// Slopes as libtcod computes them: 32-bit floats, ties nudged by one float
// epsilon and then rounded away from zero.
struct FloatSlopes {
  using Slope = float;
  static Slope low() noexcept { return -1.0f; }
  static Slope high() noexcept { return 1.0f; }
  // Slope through the viewer's centre and the left edge of (depth, column).
  static Slope edge(int depth, int column) noexcept {
    return (2.0f * static_cast<float>(column) - 1.0f) / (2.0f * static_cast<float>(depth));
  }
  static int column_min(int depth, Slope s) noexcept {
    return round_away(static_cast<float>(depth) * s * (1.0f + FLT_EPSILON));
  }
  static int column_max(int depth, Slope s) noexcept {
    return round_away(static_cast<float>(depth) * s * (1.0f - FLT_EPSILON));
  }
  // Columns whose centre lies on or inside the sector edge.
  static int centre_min(int depth, Slope s) noexcept { return ceil_int(static_cast<float>(depth) * s); }
  // All four at once: the centre bounds are within one of the rounded ones
  // (|round(n') - n| < 1), which saves two conversions a row.
  static RowBounds row(int depth, Slope low, Slope high) noexcept {
    const float nl = static_cast<float>(depth) * low, nh = static_cast<float>(depth) * high;
    RowBounds r;
    r.column_min = round_away(nl * (1.0f + FLT_EPSILON));
    r.column_max = round_away(nh * (1.0f - FLT_EPSILON));
    r.centre_min = static_cast<float>(r.column_min) >= nl ? r.column_min : r.column_min + 1;
    r.centre_max = static_cast<float>(r.column_max) <= nh ? r.column_max : r.column_max - 1;
    return r;
  }
  static int centre_max(int depth, Slope s) noexcept { return floor_int(static_cast<float>(depth) * s); }
};

// The same rules in exact rationals num/den (den > 0): libtcod's tie rule
// (row start: halves away from zero; row end: halves toward zero) without
// float rounding, which is what makes it symmetric without exception.
struct ExactSlopes {
  struct Slope {
    std::int64_t num, den;
  };
  static Slope low() noexcept { return {-1, 1}; }
  static Slope high() noexcept { return {1, 1}; }
  static Slope edge(int depth, int column) noexcept { return {2 * std::int64_t{column} - 1, 2 * std::int64_t{depth}}; }
  static int column_min(int depth, Slope s) noexcept {  // round(depth·s), halves away from zero
    const std::int64_t n = depth * s.num;
    return static_cast<int>(n >= 0 ? floor_div(2 * n + s.den, 2 * s.den) : -floor_div(-2 * n + s.den, 2 * s.den));
  }
  static int column_max(int depth, Slope s) noexcept {  // round(depth·s), halves toward zero
    const std::int64_t n = depth * s.num;
    return static_cast<int>(n >= 0 ? ceil_div(2 * n - s.den, 2 * s.den) : -ceil_div(-2 * n - s.den, 2 * s.den));
  }
  static int centre_min(int depth, Slope s) noexcept { return static_cast<int>(ceil_div(depth * s.num, s.den)); }
  static RowBounds row(int depth, Slope low, Slope high) noexcept {
    return {column_min(depth, low), column_max(depth, high), centre_min(depth, low), centre_max(depth, high)};
  }
  static int centre_max(int depth, Slope s) noexcept { return static_cast<int>(floor_div(depth * s.num, s.den)); }
};

// One quadrant: a cell at (depth, column) is map (x, y) = viewer + depth·row_dir + column·col_dir.
struct Quadrant {
  int row_dx, row_dy, col_dx, col_dy;
};
// libtcod's order and orientation: east, south, north, west.
constexpr Quadrant kQuadrants[4] = {{1, 0, 0, 1}, {0, 1, 1, 0}, {0, -1, -1, 0}, {-1, 0, 0, -1}};

template <class A>
struct Caster {
  using Slope = typename A::Slope;
  const std::uint8_t* opaque;
  std::uint8_t* out;
  int width, height;
  int vx, vy;
  int max_depth;            // last row on the grid and within the radius, this quadrant
  std::int64_t r2;          // radius², 0 = unlimited
  int col_lo, col_hi;       // columns on the grid (the same for every row of a quadrant)
  std::ptrdiff_t origin;    // index of the viewer
  std::ptrdiff_t row_step;  // index step from one row to the next
  std::ptrdiff_t col_step;  // index step along a row

  // A sector still to scan: rows from `depth` outward between two slopes.
  struct Sector {
    int depth;
    Slope low, high;
  };
  // The sectors found and not yet scanned. A stack in memory, not recursion:
  // a map can split the sector in every row, so the sub-scans can nest as
  // deep as the map is wide, past what a thread's stack holds. The first
  // kInline sit in the caster itself (no allocation in the usual case).
  static constexpr std::size_t kInline = 64;
  Sector inline_[kInline];
  std::size_t inline_used = 0;
  std::vector<Sector> more;
  void push(int depth, Slope low, Slope high) {
    if (inline_used < kInline)
      inline_[inline_used++] = {depth, low, high};
    else
      more.push_back({depth, low, high});
  }

  // Scans the whole sector and every sub-sector it splits into.
  void scan_all(Slope low, Slope high) {
    push(1, low, high);
    for (;;) {
      Sector s{};
      if (!more.empty()) {
        s = more.back();
        more.pop_back();
      } else if (inline_used > 0) {
        s = inline_[--inline_used];
      } else {
        return;
      }
      scan(s.depth, s.low, s.high);
    }
  }

  // Scans rows from `depth` outward between the two slopes (the low one
  // moves up as the scan passes walls); each gap of a row is a sub-sector,
  // pushed to be scanned later (the results do not depend on the order the
  // sub-sectors are scanned in). Rows off the grid end the scan and cells off
  // it are skipped, as in libtcod. The last pending gap is continued in this
  // loop when the row ends in a wall.
  void scan(int depth, Slope slope_low, Slope slope_high) {
    for (; depth <= max_depth; ++depth) {
      const RowBounds rb = A::row(depth, slope_low, slope_high);
      const int column_min = rb.column_min;
      const int lo = std::max(column_min, col_lo);
      const int hi = std::min(rb.column_max, col_hi);
      int sym_lo = rb.centre_min;
      const int sym_hi = rb.centre_max;
      const std::ptrdiff_t base = origin + depth * row_step;
      const std::uint8_t* op = opaque + base;
      std::uint8_t* o = out + base;
      const std::ptrdiff_t step = col_step;
      // libtcod's radius rule, depth² + c² < r², as a column bound |c| <= cr.
      const int cr = r2 == 0
                         ? std::numeric_limits<int>::max()
                         : static_cast<int>(isqrt(static_cast<std::uint64_t>(r2 - std::int64_t{depth} * depth - 1)));
      // The row goes in runs of walls and floors. Walls are lit when touched;
      // floors when their centre is in the sector (what makes it symmetric).
      bool prev_wall = false;
      bool gap = false;  // a gap found in this row, not yet scanned
      Slope gap_low{}, gap_high{};
      int c = lo;
      while (c <= hi) {
        if (op[c * step] != 0) {
          // Floor to wall: the gap before it is scanned on in the next row.
          if (!prev_wall && c != column_min) {
            if (gap) push(depth + 1, gap_low, gap_high);
            gap = true;
            gap_low = slope_low;
            gap_high = A::edge(depth, c);
          }
          do {
            if (c >= -cr && c <= cr) o[c * step] = 1;
            ++c;
          } while (c <= hi && op[c * step] != 0);
          prev_wall = true;
        } else {
          const int first = c;
          // The first floor is judged before the sector moves, the rest after.
          if (first >= sym_lo && first <= sym_hi && first >= -cr && first <= cr) o[first * step] = 1;
          if (prev_wall) {
            // Past a wall: the sector now starts at this floor tile's left edge.
            slope_low = A::edge(depth, first);
            // depth·slope is first - 1/2 up to a relative float error of 2^-23,
            // so the first centre in the sector is `first` itself (exactly so in
            // the exact arithmetic).
            sym_lo = first;
          }
          do ++c;
          while (c <= hi && op[c * step] == 0);
          const int a = std::max({first + 1, sym_lo, -cr});
          const int b = std::min({c - 1, sym_hi, cr});
          for (int k = a; k <= b; ++k) o[k * step] = 1;
          prev_wall = false;
        }
      }
      if (prev_wall) {
        if (!gap) return;
        slope_low = gap_low;  // go on into the last gap
        slope_high = gap_high;
      } else if (gap) {
        push(depth + 1, gap_low, gap_high);  // the row ends open: the sector goes on, the gap aside
      }
    }
  }
};

template <class A>
void cast_all(OpacityView map, Point viewer, int radius, Visibility& out) {
  if (!(map.in_bounds(viewer.x, viewer.y)))
    throw Error(fmt::format("viewer {},{} is outside the {}x{} grid", viewer.x, viewer.y, map.width, map.height));
  if (!(radius >= 0)) throw Error(fmt::format("radius {} must be 0 (unlimited) or positive", radius));
  out.reset(map.width, map.height);
  out.set(viewer.x, viewer.y);
  Caster<A> caster{};
  caster.opaque = map.opaque;
  caster.out = out.data();
  caster.width = map.width;
  caster.height = map.height;
  caster.vx = viewer.x;
  caster.vy = viewer.y;
  caster.r2 = std::int64_t{radius} * radius;
  caster.origin = static_cast<std::ptrdiff_t>(viewer.y) * map.width + viewer.x;
  for (const Quadrant& q : kQuadrants) {
    // Rows to the grid edge along the row direction; columns to the edges across it.
    const int rows = q.row_dx > 0   ? map.width - 1 - viewer.x
                     : q.row_dx < 0 ? viewer.x
                     : q.row_dy > 0 ? map.height - 1 - viewer.y
                                    : viewer.y;
    caster.max_depth = radius > 0 ? std::min(rows, radius - 1) : rows;
    if (q.col_dx != 0) {
      const int a = -viewer.x * q.col_dx, b = (map.width - 1 - viewer.x) * q.col_dx;
      caster.col_lo = std::min(a, b);
      caster.col_hi = std::max(a, b);
    } else {
      const int a = -viewer.y * q.col_dy, b = (map.height - 1 - viewer.y) * q.col_dy;
      caster.col_lo = std::min(a, b);
      caster.col_hi = std::max(a, b);
    }
    caster.row_step = static_cast<std::ptrdiff_t>(q.row_dy) * map.width + q.row_dx;
    caster.col_step = static_cast<std::ptrdiff_t>(q.col_dy) * map.width + q.col_dx;
    caster.scan_all(A::low(), A::high());
  }
}

}  // namespace

void symmetric_shadowcast(OpacityView map, Point viewer, int radius, Visibility& out, SlopeArithmetic arithmetic) {
  if (arithmetic == SlopeArithmetic::exact)
    cast_all<ExactSlopes>(map, viewer, radius, out);
  else
    cast_all<FloatSlopes>(map, viewer, radius, out);
}

}  // namespace fray::grid
