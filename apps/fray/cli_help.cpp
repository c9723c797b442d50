// What `fray --help` and each verb's help show beyond the options: the spec
// keys and situation flags of every game, from the registry (each Ruleset's
// keys and situations catalogs), and two examples a verb.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "verbs.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace fray::cli {
namespace {

// Two commands a verb, each one that runs as written from the source tree
// (tests/cli runs every one of them).
const std::map<std::string, std::vector<std::string>>& examples() {
  static const std::map<std::string, std::vector<std::string>> e = {
      {"dist", {"fray dist 3d6", "fray dist 4d6kh3"}},
      {"roll", {"fray roll 3d6 --seed 1 --count 5", "fray roll d20 --seed 7 --count 3"}},
      {"attack",
       {"fray attack --rules pixel-dungeon --attacker hero:level=5,str=15,weapon=war_hammer --defender gnoll_scout",
        "fray attack --rules brogue --attacker player:weapon=sword,enchant=2 --defender goblin --situation sleeping"}},
      {"strike",
       {"fray strike --rules brogue --attacker player --defender goblin --seed 1 --count 3",
        "fray strike --rules crawl --attacker player:fighting=5,weapon=long_sword --defender orc_warrior --seed 7"}},
      {"ttk",
       {"fray ttk --rules pixel-dungeon --attacker hero:level=3 --defender gnoll_scout",
        "fray ttk --rules crawl --attacker player:xl=5,fighting=5,weapon=long_sword --defender orc_warrior"}},
      {"duel",
       {"fray duel --rules brogue --a player:weapon=sword --b goblin",
        "fray duel --rules epixx --a human_fighter:hp=12 --b duellist:hp=10 --sims 20000 --seed 1"}},
      {"sweep",
       {"fray sweep --rules pixel-dungeon --attacker hero:weapon=war_hammer --defender gnoll_scout --key str --from 10 "
        "--to 18",
        "fray sweep --rules brogue --attacker goblin --defender player:armor=banded_mail --side defender --key "
        "armor_enchant --from -2 --to 4"}},
      {"bestiary",
       {"fray bestiary --rules pixel-dungeon --attacker hero:class=warrior,level=5",
        "fray bestiary --rules crawl-0.34 --attacker player:fighting=5,long_blades=4,weapon=long_sword,hp=40 --hd "
        "1-5"}},
      {"list", {"fray list --rules brogue", "fray list --rules pixel-dungeon keys"}},
      {"path",
       {"fray path --map examples/maps/ballistics.txt --from 2,5 --to 7,3",
        "fray path --rules pixel-dungeon --map examples/maps/ballistics.txt --from 2,5 --to 7,3 --magic"}},
      {"aim",
       {"fray aim --map examples/maps/ballistics.txt --from 2,5 --to 7,3",
        "fray aim --rules shattered-pd --map examples/maps/ballistics.txt --from 2,5 --to 7,3 --flags magic-bolt"}},
      {"fov",
       {"fray fov --map examples/maps/ballistics.txt --at 2,5",
        "fray fov --map examples/maps/ballistics.txt --at 2,5 --algorithm symmetric"}},
      {"surprise",
       {"fray surprise --map examples/maps/ballistics.txt --mob 7,3 --hero 2,5 --state sleeping",
        "fray surprise --map examples/maps/ballistics.txt --mob 7,3 --hero 2,5 --state wandering"}},
      {"table", {"fray table --rules brogue enchant-for-hit", "fray table --rules brogue armor-for-hit --reachable"}},
      {"import",
       {"fray import --rules crawl-0.34 morgue.txt",
        "fray attack --rules crawl-0.34 --attacker \"$(fray import --rules crawl-0.34 morgue.txt | head -n1)\" "
        "--defender orc_warrior"}},
      {"turn",
       {"fray turn --rules epixx --defender duellist --attacker ogre",
        "fray turn --rules epixx --defender duellist --attacker ogre --attacker human_fighter"}},
  };
  return e;
}

// The verbs whose specs and flags name a game's keys and situations.
bool takes_specs(const std::string& verb) {
  return verb == "attack" || verb == "strike" || verb == "ttk" || verb == "duel" || verb == "sweep" ||
         verb == "bestiary";
}

// "GAME: a, b, c" for each game that has the catalog.
std::string catalog_lines(CatalogKind kind) {
  std::string out;
  for (const Ruleset* r : rulesets()) {
    const auto kinds = r->catalogs();
    if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end()) continue;
    std::vector<std::string> names;
    for (const CatalogEntry& e : r->catalog(kind))
      if (std::find(names.begin(), names.end(), e.name) == names.end()) names.push_back(e.name);
    out += fmt::format("{}: {}\n", r->id(), fmt::join(names, ", "));
  }
  return out;
}

std::string specs_text() {
  return "Spec keys (name:key=value,...; fray list --rules GAME keys):\n" + catalog_lines(CatalogKind::keys) +
         "\nSituations (--situation a,b; fray list --rules GAME situations):\n" +
         catalog_lines(CatalogKind::situations);
}

std::string examples_text(const std::vector<std::string>& lines) {
  std::string out = "Examples:\n";
  for (const auto& l : lines) out += l + "\n";
  return out;
}

}  // namespace

std::vector<std::string> help_examples(const std::string& verb) {
  const auto it = examples().find(verb);
  return it == examples().end() ? std::vector<std::string>{} : it->second;
}

void add_help(Cli& cli) {
  const std::string specs = specs_text();
  for (CLI::App* sub : cli.app.get_subcommands([](const CLI::App*) { return true; })) {
    const std::string verb = sub->get_name();
    std::string footer;
    if (takes_specs(verb)) footer += "\n" + specs;
    if (const auto lines = help_examples(verb); !lines.empty()) footer += "\n" + examples_text(lines);
    sub->footer(footer);
  }
  cli.app.footer("\n" + specs + "\n" +
                 examples_text({help_examples("attack").front(), help_examples("sweep").front()}) +
                 "Each verb's --help lists its options and two examples; an unknown verb names the closest one.\n");
}

}  // namespace fray::cli
