// The WebAssembly entry points of fray: the command line as one C function, so
// that JavaScript (web/fray-api.js) runs exactly what `fray` runs. Each verb's
// --json document is therefore the CLI's by construction.
#include "progress.hpp"
#include "verbs.hpp"

#include <fray/report/report.hpp>
#include <fray/report/svg.hpp>
#include <fray/rules/bestiary.hpp>
#include <fray/rules/rules_file.hpp>
#include <fray/rules/ruleset.hpp>

#include <emscripten/emscripten.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

// Hands the fraction done of a long computation to the module's onProgress
// (fray-api.js loadFray's option), which the worker posts to the page while
// the computation goes on.
EM_JS(void, fray_post_progress, (const char* label, double fraction), {
  if (Module["onProgress"]) Module["onProgress"](UTF8ToString(label), fraction);
});

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
  static const bool hooked = [] {
    fray::cli::progress_hook() = [](std::string_view label, double fraction) {
      const std::string text(label);
      fray_post_progress(text.c_str(), fraction);
    };
    return true;
  }();
  (void)hooked;
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

// Every catalog of the ruleset `rules_id`, {"value": {kind: entries}} with
// the entries of `fray list --rules ID KIND --json` (the same report), or
// {"error": message}; released with fray_free. One call instead of one
// command line a kind: what the page reads when it loads a game.
char* fray_catalogs(const char* rules_id) {
  nlohmann::json res;
  try {
    const fray::Ruleset& rules = fray::cli::rules_for("list", rules_id);
    nlohmann::json all = nlohmann::json::object();
    for (fray::CatalogKind kind : rules.catalogs())
      all[std::string(fray::catalog_kind_name(kind))] = fray::catalog_report(rules, kind).json.at("entries");
    res["value"] = std::move(all);
  } catch (const std::exception& e) {
    res["error"] = e.what();
  }
  return copy(dump(res));
}

// The monsters a `fray bestiary` request computes and the work each row gets,
// so that the page can share the rows among several workers and still get
// the CLI's numbers: `plan_json` is {"rules", "monsters"?: [names], "hd"?:
// "LO-HI", "branch"?: "NAME[:DEPTHS]"}; returns {"value": {"monsters": [names
// in catalog order], "row_work": W}} or {"error": message}, released with
// fray_free. Both are the library's fray::bestiary_selection: what
// bestiary() selects and the row work it gives the whole selection, which
// each share then asks for with --row-work (a share's own default would be a
// larger slice of the budget). An error is left to the whole request, which
// the page then runs as one call to report it as the CLI does.
char* fray_bestiary_plan(const char* plan_json) {
  nlohmann::json res;
  try {
    const nlohmann::json plan = nlohmann::json::parse(plan_json);
    const fray::Ruleset& rules = fray::cli::rules_for("bestiary", plan.at("rules").get<std::string>());
    fray::BestiaryRequest request;
    if (plan.contains("monsters")) request.monsters = plan.at("monsters").get<std::vector<std::string>>();
    if (plan.contains("hd") && !plan.at("hd").get<std::string>().empty())
      request.level = fray::parse_level_range(plan.at("hd").get<std::string>(), "bestiary: --hd");
    if (plan.contains("branch")) request.branch = plan.at("branch").get<std::string>();
    const fray::BestiarySelection chosen = fray::bestiary_selection(rules, request);
    res["value"] = {{"monsters", chosen.monsters}, {"row_work", chosen.row_work}};
  } catch (const std::exception& e) {
    res["error"] = e.what();
  }
  return copy(dump(res));
}

// The ids of the registered rulesets, a JSON array; released with fray_free.
char* fray_rulesets() {
  nlohmann::json ids = nlohmann::json::array();
  for (const fray::Ruleset* r : fray::rulesets()) ids.push_back(std::string(r->id()));
  return copy(dump(ids));
}

// What the page needs to know of each registered ruleset, a JSON array of
// fray::ruleset_info_json (fray/report/report.hpp): "player" is the catalog
// name of the game's player character, null when its specs have none, as
// Python's fray.rulesets() gives it; "options" the request options its attacks
// read; "verbs" the verbs only some games have that take it (`fray table`,
// ...); "defaults" where the page starts. Released with fray_free. The page
// fills its pickers, starts a game and shows its own inputs from this, naming
// no game itself.
char* fray_ruleset_info() {
  nlohmann::json all = nlohmann::json::array();
  for (const fray::Ruleset* r : fray::rulesets()) all.push_back(fray::ruleset_info_json(*r));
  return copy(dump(all));
}

// A rules file's text (docs/rules.md) read and registered, as `fray
// --rules-file` reads a file: every verb then takes its id as --rules, and
// loading a text whose id is loaded already replaces that ruleset (the page
// reloads the file as it is edited). Returns {"value": its
// fray::ruleset_info_json, as fray_ruleset_info gives each ruleset} or
// {"error": {"message", "file", "line", "column", "reason"}}: message is the
// CLI's ("rules.toml:12:9: unknown stat 'acc'"), line and column 1-based
// (0 when the problem has no place). Released with fray_free. The text has
// no folder, so a file's `include` is refused.
char* fray_load_rules(const char* text) {
  nlohmann::json res;
  try {
    res["value"] = fray::ruleset_info_json(fray::load_rules(text, "rules.toml"));
  } catch (const fray::RulesFileError& e) {
    res["error"] = {
        {"message", e.what()}, {"file", e.file()}, {"line", e.line()}, {"column", e.column()}, {"reason", e.reason()}};
  } catch (const std::exception& e) {
    res["error"] = {{"message", e.what()}, {"file", "rules.toml"}, {"line", 0}, {"column", 0}, {"reason", e.what()}};
  }
  return copy(dump(res));
}

void fray_free(char* p) { std::free(p); }

}  // extern "C"
