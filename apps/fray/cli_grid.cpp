// PLACEHOLDER: the grid verbs (path, fov, surprise).
#include "verbs.hpp"

namespace fray::cli {
void add_grid_verbs(Cli& cli) { (void)cli; }
}  // namespace fray::cli
