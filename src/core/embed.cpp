#include <fray/core/embed.hpp>
#include <fray/core/error.hpp>

#include <string>

namespace fray {

std::string_view catalog_text(std::string_view path) {
  for (const auto* f = detail::embedded_files; !f->first.empty(); ++f)
    if (f->first == path) return f->second;
  throw Error("no embedded catalog '" + std::string(path) + "'");
}

std::vector<std::string_view> catalog_paths() {
  std::vector<std::string_view> out;
  for (const auto* f = detail::embedded_files; !f->first.empty(); ++f) out.push_back(f->first);
  return out;
}

}  // namespace fray
