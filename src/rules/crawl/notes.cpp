#include "rules/crawl/notes.hpp"

#include <fmt/ranges.h>

namespace fray::crawl {

void default_notes(std::string_view role, bool defends, const std::vector<std::string>* monster,
                   const std::vector<std::string>* player, std::string_view doc, std::vector<std::string>& notes) {
  if (monster && !monster->empty())
    notes.push_back(fmt::format("inline {} uses the defaults {} ({})", role, fmt::join(*monster, ", "), doc));
  if (player) {
    std::vector<std::string> took;
    for (const std::string& d : *player)
      if (defends || d.rfind("dodging=", 0) != 0) took.push_back(d);
    if (!took.empty())
      notes.push_back(fmt::format("player {} uses the defaults {} ({})", role, fmt::join(took, ", "), doc));
  }
}

}  // namespace fray::crawl
