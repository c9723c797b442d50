// PLACEHOLDER: the brogue verbs (table).
#include "verbs.hpp"

namespace fray::cli {
void add_brogue_verbs(Cli& cli) { (void)cli; }
}  // namespace fray::cli
