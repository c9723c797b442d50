// PLACEHOLDER: the fight verbs (ttk, duel).
#include "verbs.hpp"

namespace fray::cli {
void add_fight_verbs(Cli& cli) { (void)cli; }
}  // namespace fray::cli
