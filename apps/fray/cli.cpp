// The `fray` command line: the verbs put together, and run() that parses
// an argument vector and prints one report.
#include "verbs.hpp"

#include <fray/rules/registry.hpp>
#include <fray/rules/rules_file.hpp>

#include <fray/core/error.hpp>
#include <fray/core/suggest.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <exception>
#include <iostream>
#include <optional>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

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
  CLI::Option* by_name = verb->add_option("--rules", rules, fmt::format("Ruleset: {}", fmt::join(ids, ", ")));
  if (!legal.empty()) return by_name->required();
  add_rules_file_option(verb, rules, by_name);
  return by_name;
}

CLI::Option* add_rules_file_option(CLI::App* verb, std::string& rules, CLI::Option* rules_option) {
  // A game of the user's own, read from a file (docs/rules.md): loaded into
  // the registry as the command line is read, then named like any game.
  return verb
      ->add_option_function<std::string>(
          "--rules-file", [&rules](const std::string& path) { rules = std::string(load_rules_file(path).id()); },
          "A rules file (TOML, docs/rules.md): your own game's rules, instead of --rules")
      ->excludes(rules_option);
}

fight::FightOptions many_fights(const std::string& method, const std::optional<std::int64_t>& sims,
                                const std::optional<std::uint64_t>& seed, const std::optional<std::int64_t>& threads,
                                std::uint64_t default_sims) {
  fight::FightOptions o;
  if (!method.empty()) {
    try {
      o.method = fight::parse_method(method);
    } catch (const Error& e) {
      throw Error(fmt::format("--method: {}", e.what()));
    }
  }
  auto& mc = o.monte_carlo;
  mc.sims = default_sims;
  if (sims) {
    require(*sims >= 1, fmt::format("--sims must be at least 1, got {}", *sims));
    mc.sims = static_cast<std::uint64_t>(*sims);
  }
  if (seed) mc.seed = *seed;
  if (threads) {
    require(*threads >= 1 && *threads <= 1024, fmt::format("--threads must be 1..1024, got {}", *threads));
    mc.threads = static_cast<unsigned>(*threads);
  } else {
    mc.threads = std::max(1u, std::thread::hardware_concurrency());
  }
  mc.progress = false;
  return o;
}

CLI::Option* add_seed_option(CLI::App* verb, std::optional<std::uint64_t>& seed, const std::string& description) {
  const CLI::Validator whole(
      [](std::string& text) -> std::string {
        std::uint64_t v = 0;
        const char* end = text.data() + text.size();
        const auto [ptr, ec] = std::from_chars(text.data(), end, v);
        if (text.empty() || ec != std::errc() || ptr != end)
          return fmt::format("must be a whole number 0..18446744073709551615, got '{}'", text);
        return {};
      },
      "0..2^64-1", "seed");
  return verb->add_option("--seed", seed, description)->check(whole);
}

const Ruleset& rules_for(std::string_view verb, const std::string& rules, const std::vector<std::string>& legal) {
  if (rules.empty()) throw Error(fmt::format("{}: --rules GAME or --rules-file FILE is required", verb));
  const Ruleset& r = ruleset(rules);
  if (!legal.empty() && std::find(legal.begin(), legal.end(), r.id()) == legal.end())
    throw Error(fmt::format("{} is not a verb of --rules {} (it is for: {})", verb, r.id(), fmt::join(legal, ", ")));
  return r;
}

std::string situations_help(std::string_view lead) {
  std::vector<std::string> games;
  for (const Ruleset* r : rulesets()) {
    const auto kinds = r->catalogs();
    if (std::find(kinds.begin(), kinds.end(), CatalogKind::situations) == kinds.end()) continue;
    std::vector<std::string> flags;
    for (const CatalogEntry& e : r->catalog(CatalogKind::situations)) flags.push_back(e.name);
    games.push_back(fmt::format("{}: {}", r->id(), fmt::join(flags, ", ")));
  }
  std::string t = fmt::format("{} (fray list --rules GAME situations)", lead);
  if (!games.empty()) t += fmt::format("; {}", fmt::join(games, "; "));
  return t;
}

std::string readers_help(std::string_view option) {
  std::vector<std::string> ids;
  for (const Ruleset* r : rulesets()) {
    const auto opts = r->options();
    if (std::find(opts.begin(), opts.end(), option) != opts.end()) ids.emplace_back(r->id());
  }
  if (ids.empty()) return "(no ruleset reads it)";
  return fmt::format("(read by --rules {})", fmt::join(ids, ", "));
}

std::string engines_help() { return fmt::format("Engine: {}", fmt::join(engine_names(), ", ")); }

namespace {

// The verb of the command line when it is not one fray has: the first
// argument that is not an option (the top level has only flags).
std::optional<std::string> unknown_verb(const CLI::App& app, int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg.empty() || arg.front() == '-') continue;
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
      if (sub->check_name(std::string(arg))) return std::nullopt;
    return std::string(arg);
  }
  return std::nullopt;
}

}  // namespace

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err, const RunOptions& options) {
  auto error = [&err, &out](const std::string& what) {
    out.flush();
    err << "fray: error: " << what << '\n';
    return 2;
  };
  // CLI11 and the verb checks read a C argument vector; args[0] is the program name.
  std::vector<std::string> owned = args.empty() ? std::vector<std::string>{"fray"} : args;
  std::vector<char*> argv;
  argv.reserve(owned.size() + 1);
  for (std::string& a : owned) argv.push_back(a.data());
  argv.push_back(nullptr);
  const int argc = static_cast<int>(owned.size());
  try {
    Cli cli;
    cli.terminal = options.terminal;
    cli.app.set_version_flag("--version", std::string("fray ") + FRAY_VERSION);
    cli.app.require_subcommand(1);
    add_core_verbs(cli);
    add_rules_verbs(cli);
    add_fight_verbs(cli);
    add_list_verbs(cli);
    add_sweep_verbs(cli);
    add_bestiary_verbs(cli);
    add_game_verbs(cli);
    add_help(cli);
    if (const auto verb = unknown_verb(cli.app, argc, argv.data())) {
      std::vector<std::string> verbs;
      for (const CLI::App* sub : cli.app.get_subcommands([](const CLI::App*) { return true; }))
        verbs.push_back(sub->get_name());
      const std::string close = fray::did_you_mean(*verb, verbs);
      return error(fmt::format("unknown verb '{}'{}", *verb,
                               close.empty() ? fmt::format(" (verbs: {})", fmt::join(verbs, ", ")) : close));
    }
    try {
      cli.app.parse(argc, argv.data());
    } catch (const CLI::Success& e) {
      return cli.app.exit(e, out, err);  // --help, --version
    } catch (const CLI::ParseError& e) {
      return error(e.what());
    }
    if (!cli.action) return error("no verb given (try fray --help)");
    // Build the whole report before printing, so an error leaves the output empty.
    const fray::Report report = cli.action();
    if (cli.json)
      out << report.json.dump(2) << '\n';
    else
      out << report.text << (report.text.empty() || report.text.back() == '\n' ? "" : "\n");
    out.flush();
    return 0;
  } catch (const fray::Error& e) {
    return error(e.what());
  } catch (const std::bad_alloc&) {
    return error("out of memory");
  } catch (const std::exception& e) {
    return error(e.what());
  }
}

}  // namespace fray::cli
