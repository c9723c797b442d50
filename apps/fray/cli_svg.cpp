// --svg FILE: the plot of a verb's answer, written beside its report.
#include "verbs.hpp"

#include <fray/core/error.hpp>
#include <fray/report/svg.hpp>

#include <fmt/format.h>

#include <fstream>

namespace fray::cli {

void add_svg_options(CLI::App* verb, SvgOpts& svg, bool with_view) {
  verb->add_option("--svg", svg.file, "Also write the plot as SVG to this file");
  if (with_view)
    verb->add_option("--view", svg.view, "Plot view: normal (P = x), at-least (P >= x) or at-most (P <= x)")
        ->check([](const std::string& v) {
          try {
            (void)svg::parse_view(v);
            return std::string();
          } catch (const Error& e) {
            return std::string(e.what());
          }
        });
}

void write_svg(const SvgOpts& svg, const std::string& document) {
  if (svg.file.empty()) return;
  std::ofstream f(svg.file, std::ios::binary | std::ios::trunc);
  if (f) f << document;
  f.flush();
  if (!f) throw Error(fmt::format("--svg: cannot write '{}'", svg.file));
}

}  // namespace fray::cli
