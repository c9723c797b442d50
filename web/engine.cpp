// The WebAssembly entry points of fray: the command line as one C function, so
// that JavaScript (web/fray-api.js) runs exactly what `fray` runs. Each verb's
// --json document is therefore the CLI's by construction.
#include "verbs.hpp"

#include <fray/report/svg.hpp>

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <cstring>
#include <exception>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

char* copy(const std::string& text) {
  char* buf = static_cast<char*>(std::malloc(text.size() + 1));
  if (buf) std::memcpy(buf, text.c_str(), text.size() + 1);
  return buf;
}

std::string dump(const nlohmann::json& doc) {
  return doc.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

extern "C" {

// `args_json` is a JSON array of strings, the arguments after the program
// name. Returns a malloc'd JSON text {"status": 0|2, "out": ..., "err": ...}
// that the caller releases with fray_free.
char* fray_run(const char* args_json) {
  std::vector<std::string> args{"fray"};
  std::ostringstream out, err;
  int status = 2;
  try {
    const nlohmann::json a = nlohmann::json::parse(args_json);
    if (!a.is_array()) throw std::invalid_argument("the arguments must be an array of strings");
    for (const auto& v : a) {
      if (!v.is_string()) throw std::invalid_argument("the arguments must be an array of strings");
      args.push_back(v.get<std::string>());
    }
    status = fray::cli::run(args, out, err);
  } catch (const std::exception& e) {
    err << "fray: error: " << e.what() << '\n';
  }
  return copy(dump({{"status", status}, {"out", out.str()}, {"err", err.str()}}));
}

// `plot_json` describes series to draw (fray::svg::plot_from_json); returns
// {"svg": ...} or {"error": ...}, released with fray_free. The page overlays
// several verbs' answers with it, through the same SVG module as --svg.
char* fray_plot(const char* plot_json) {
  nlohmann::json res;
  try {
    res["svg"] = fray::svg::render(fray::svg::plot_from_json(nlohmann::json::parse(plot_json)));
  } catch (const std::exception& e) {
    res["error"] = e.what();
  }
  return copy(dump(res));
}

void fray_free(char* p) { std::free(p); }

}  // extern "C"
