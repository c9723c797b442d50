// The epixx verbs: `turn` (one defender turn facing a sequence of attacks).
#include <fmt/format.h>

#include <fray/core/error.hpp>
#include <fray/rules/epixx/ruleset.hpp>
#include <fray/rules/spec.hpp>

#include "verbs.hpp"

namespace fray::cli {

void add_epixx_verbs(Cli& cli) {
  struct Opts {
    std::string rules, defender, situation, kind = "melee";
    std::vector<std::string> attackers;
  };
  auto o = std::make_shared<Opts>();
  auto* v = add_verb(cli, "turn", "epixx: one defender turn facing several attacks (defences used once per turn)", [o] {
    if (o->rules != "epixx")
      throw Error(fmt::format("turn: --rules {} has no per-turn defences; only epixx does", o->rules));
    return epixx::turn_report(o->defender, o->attackers, split_list(o->situation), o->kind);
  });
  v->add_option("--rules", o->rules, "Ruleset (epixx)")->required();
  v->add_option("--defender", o->defender, "Defender spec")->required();
  v->add_option("--attacker", o->attackers, "Attacker spec; repeat for each attack, in order")->required();
  v->add_option("--situation", o->situation, "Comma-separated situation flags and rule options (docs/epixx.md)");
  v->add_option("--kind", o->kind, "Attack kind of every attack: melee (default), ranged, spell");
}

}  // namespace fray::cli
