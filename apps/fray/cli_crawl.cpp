// PLACEHOLDER: the crawl verbs (sweep).
#include "verbs.hpp"

namespace fray::cli {
void add_crawl_verbs(Cli& cli) { (void)cli; }
}  // namespace fray::cli
