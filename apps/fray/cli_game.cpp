// The verbs only some games have, built from their descriptions
// (fray/report/game_verbs.hpp): a subcommand per verb, an option per
// described option, and --rules listing the games that offer it; and `fov`
// (geometry, or a game's own field of view), built the same way from
// fray::fov_verb(). Which game runs a verb, and how, is the library's:
// nothing here names a game.
#include "verbs.hpp"

#include <fray/report/game_verbs.hpp>
#include <fray/rules/registry.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace fray::cli {

namespace {

// The values CLI11 fills for one verb, by option name.
struct Values {
  std::string rules;
  std::map<std::string, std::string> texts;
  std::map<std::string, std::vector<std::string>> lists;
  std::map<std::string, bool> flags;
};

std::string option_flag(const VerbOption& o) { return o.positional() ? o.name : "--" + o.name; }

// `run` gets the option values (and --rules, when the verb has it as its own
// option rather than one of the description's).
using Run = std::function<Report(VerbArgs args, const std::string& rules)>;

void add_command(Cli& cli, const VerbDescription& verb, bool rules_option, Run run) {
  auto values = std::make_shared<Values>();
  auto* v = add_verb(cli, verb.name, verb.help, [values, verb, run = std::move(run)] {
    VerbArgs args;
    args.labels["rules"] = "--rules";
    for (const VerbOption& o : verb.options) {
      if (!o.command_line) continue;
      args.labels[o.name] = option_flag(o);
      switch (o.kind) {
        case VerbOptionKind::text:
          if (const auto it = values->texts.find(o.name); it != values->texts.end()) args.set(o.name, it->second);
          break;
        case VerbOptionKind::list:
          if (const auto it = values->lists.find(o.name); it != values->lists.end() && !it->second.empty())
            args.values[o.name] = it->second;
          break;
        case VerbOptionKind::flag:
          if (values->flags[o.name]) args.set(o.name, "true");
          break;
      }
    }
    return run(std::move(args), values->rules);
  });
  const std::vector<std::string> games = game_verb_rulesets(verb.name);
  if (!rules_option) {
    // The description has its own --rules (fov's), or none.
  } else if (verb.first_rules_default && !games.empty()) {
    // The first game that offers the verb is the default.
    values->rules = games.front();
    std::string rest;
    for (std::size_t i = 1; i < games.size(); ++i)
      rest += fmt::format("{}{}", i + 1 == games.size() ? " or " : ", ", games[i]);
    v->add_option("--rules", values->rules, fmt::format("Ruleset: {} (default){}", games.front(), rest))
        ->capture_default_str();
  } else {
    add_rules_option(v, values->rules, games);
  }
  for (const VerbOption& o : verb.options) {
    if (!o.command_line) continue;
    const std::string flag = option_flag(o);
    CLI::Option* opt = nullptr;
    switch (o.kind) {
      case VerbOptionKind::text:
        opt = v->add_option_function<std::string>(
            flag, [values, name = o.name](const std::string& s) { values->texts[name] = s; }, o.help);
        break;
      case VerbOptionKind::list:
        opt = v->add_option(flag, values->lists[o.name], o.help);
        break;
      case VerbOptionKind::flag:
        opt = v->add_flag(flag, values->flags[o.name], o.help);
        break;
    }
    if (o.required) opt->required();
  }
}

}  // namespace

std::vector<GameVerb> game_verbs() {
  // The names outlive the descriptions they are copied from (GameVerb::verb is a view).
  static std::mutex mutex;
  static std::set<std::string, std::less<>> names;
  auto name = [](const std::string& n) -> std::string_view {
    const std::lock_guard lock(mutex);
    return *names.insert(n).first;
  };
  std::vector<GameVerb> out{{name("fov"), rulesets_taking("fov")}};
  for (const VerbDescription& verb : fray::game_verbs())
    if (verb.own_verb) out.push_back({name(verb.name), game_verb_rulesets(verb.name)});
  return out;
}

std::vector<std::string> verb_rules(std::string_view verb) {
  for (GameVerb& v : game_verbs())
    if (v.verb == verb) return std::move(v.rules);
  return {};
}

void add_game_verbs(Cli& cli) {
  add_command(cli, fov_verb(), false, [](VerbArgs args, const std::string&) { return run_fov(std::move(args)); });
  for (const VerbDescription& verb : fray::game_verbs())
    if (verb.own_verb)
      add_command(cli, verb, true, [name = verb.name](VerbArgs args, const std::string& rules) {
        return run_game_verb(name, rules, std::move(args)).report;
      });
}

}  // namespace fray::cli
