#include "verbs.hpp"
namespace fray::cli {
void add_core_verbs(Cli& cli) { (void)cli; }
void add_rules_verbs(Cli& cli) { (void)cli; }
}
