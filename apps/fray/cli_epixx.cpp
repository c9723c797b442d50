// The epixx verb: `turn` (one defender turn facing a sequence of attacks).
#include <fray/report/epixx.hpp>
#include <fray/rules/epixx/turn.hpp>
#include <fray/rules/spec.hpp>

#include "verbs.hpp"

namespace fray::cli {

void add_epixx_verbs(Cli& cli) {
  struct Opts {
    std::string rules, defender, situation, kind = "melee";
    std::vector<std::string> attackers;
  };
  auto o = std::make_shared<Opts>();
  auto* v = add_verb(cli, "turn", "One defender turn facing several attacks (defenses used once per turn)", [o] {
    (void)rules_for("turn", o->rules, verb_rules("turn"));
    return turn_report(
        epixx::defender_turn(o->defender, o->attackers, split_list(o->situation), epixx::parse_kind(o->kind)));
  });
  add_rules_option(v, o->rules, verb_rules("turn"));
  v->add_option("--defender", o->defender, "Defender spec")->required();
  v->add_option("--attacker", o->attackers, "Attacker spec; repeat for each attack, in order")->required();
  v->add_option("--situation", o->situation, "Comma-separated situation flags and rule options (docs/epixx.md)");
  v->add_option("--kind", o->kind, "Attack kind of every attack: melee (default), ranged, spell");
}

}  // namespace fray::cli
