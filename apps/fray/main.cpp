// The `fray` command line.
#include "verbs.hpp"

#include <fray/core/error.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include <cstdio>
#include <exception>
#include <iostream>

namespace fray::cli {

CLI::App* add_verb(Cli& cli, const std::string& name, const std::string& description, std::function<Report()> run) {
  CLI::App* sub = cli.app.add_subcommand(name, description);
  sub->add_flag("--json", cli.json, "Print one JSON document instead of the report");
  sub->callback([&cli, run = std::move(run)] { cli.action = run; });
  return sub;
}

CLI::Option* add_rules_option(CLI::App* verb, std::string& rules, const std::vector<std::string>& legal) {
  std::vector<std::string> ids;
  for (const Ruleset* r : rulesets())
    if (legal.empty() || std::find(legal.begin(), legal.end(), r->id()) != legal.end()) ids.emplace_back(r->id());
  if (ids.size() == 1) {
    rules = ids.front();
    return verb->add_option("--rules", rules, fmt::format("Ruleset (only {})", ids.front()))->capture_default_str();
  }
  return verb->add_option("--rules", rules, fmt::format("Ruleset: {}", fmt::join(ids, ", ")))->required();
}

const Ruleset& rules_for(std::string_view verb, const std::string& rules, const std::vector<std::string>& legal) {
  const Ruleset& r = ruleset(rules);
  if (!legal.empty() && std::find(legal.begin(), legal.end(), r.id()) == legal.end())
    throw Error(fmt::format("{} is not a verb of --rules {} (it is for: {})", verb, r.id(), fmt::join(legal, ", ")));
  return r;
}

}  // namespace fray::cli

int main(int argc, char** argv) {
  using namespace fray::cli;
  auto error = [](const std::string& what) {
    std::fflush(stdout);
    fmt::print(stderr, "fray: error: {}\n", what);
    return 2;
  };
  try {
    Cli cli;
    cli.app.set_version_flag("--version", std::string("fray ") + FRAY_VERSION);
    cli.app.require_subcommand(1);
    add_core_verbs(cli);
    add_rules_verbs(cli);
    add_fight_verbs(cli);
    add_grid_verbs(cli);
    add_brogue_verbs(cli);
    add_crawl_verbs(cli);
    add_epixx_verbs(cli);
    try {
      cli.app.parse(argc, argv);
    } catch (const CLI::Success& e) {
      return cli.app.exit(e);  // --help, --version
    } catch (const CLI::ParseError& e) {
      return error(e.what());
    }
    if (!cli.action) return error("no verb given (try fray --help)");
    // Build the whole report before printing, so an error leaves stdout empty.
    const fray::Report report = cli.action();
    if (cli.json)
      std::cout << report.json.dump(2) << '\n';
    else
      std::cout << report.text << (report.text.empty() || report.text.back() == '\n' ? "" : "\n");
    std::cout.flush();
    return 0;
  } catch (const fray::Error& e) {
    return error(e.what());
  } catch (const std::bad_alloc&) {
    return error("out of memory");
  } catch (const std::exception& e) {
    return error(e.what());
  }
}
