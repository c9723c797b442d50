// PLACEHOLDER: the epixx verbs (turn).
#include "verbs.hpp"

namespace fray::cli {
void add_epixx_verbs(Cli& cli) { (void)cli; }
}  // namespace fray::cli
