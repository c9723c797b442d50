// fray/rules/registry.hpp — the rulesets fray knows, open to more at run time.
//
// The process has one Registry (fray::registry()). It holds the built-in
// games from its first use (it is a function-local static filled then, so no
// static-initialisation order matters and static linking drops nothing), and
// a program adds its own games with fray::register_ruleset: a new game is a
// Ruleset subclass (a folder of rules and its catalog data) and one call.
// Everything above the rules — the command line, Python, the page — asks the
// registry and the Ruleset's capabilities, never a game by name.
//
//   fray::register_ruleset(std::make_unique<MyGame>());
//   fray::ruleset("my-game").attack({"knight", "goblin"});
#pragma once

#include <fray/core/dice.hpp>
#include <fray/rules/ruleset.hpp>

#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace fray {

class Registry {
 public:
  Registry() = default;
  Registry(const Registry&) = delete;
  Registry& operator=(const Registry&) = delete;

  // Adds `rules`, which the registry then owns. Throws fray::Error, and adds
  // nothing, when its id or one of its aliases is empty or already names a
  // registered ruleset (by id or alias).
  const Ruleset& add(std::unique_ptr<const Ruleset> rules);
  // Adds a ruleset that outlives the registry (a static object).
  const Ruleset& add(const Ruleset& rules);
  // Adds a ruleset read from a file (fray/rules/rules_file.hpp), replacing
  // one an earlier call added under the same id, which stays alive (a caller
  // may still hold it) but is no longer found. Throws fray::Error, and adds
  // nothing, when the id names a ruleset that add() added.
  const Ruleset& load(std::unique_ptr<const Ruleset> rules);

  // A ruleset by id or alias; nullptr when none has it.
  [[nodiscard]] const Ruleset* find(std::string_view id) const;
  // A ruleset by id or alias; throws fray::Error listing the known ids (and the closest).
  [[nodiscard]] const Ruleset& get(std::string_view id) const;
  // Every ruleset, in the order they were added.
  [[nodiscard]] std::vector<const Ruleset*> all() const;
  // Their ids, in the same order.
  [[nodiscard]] std::vector<std::string> ids() const;
  // The built-in dice functions plus every ruleset's.
  [[nodiscard]] DiceFunctions dice_functions() const;

 private:
  const Ruleset& add_checked(const Ruleset& rules, std::unique_ptr<const Ruleset> owned);

  mutable std::mutex mutex_;
  std::vector<const Ruleset*> order_;
  std::vector<std::unique_ptr<const Ruleset>> owned_;
  std::vector<const Ruleset*> loaded_;  // those load() added
  DiceFunctions dice_ = DiceFunctions::builtin();
};

// The process's registry, holding the built-in games from its first use.
[[nodiscard]] Registry& registry();
// Adds a game to the process's registry (Registry::add); from then on
// fray::ruleset(id), fray::rulesets(), the command line run in-process
// (fray::cli::run) and every verb know it.
const Ruleset& register_ruleset(std::unique_ptr<const Ruleset> rules);

// The ids of the rulesets that take `verb` (Ruleset::verbs), in registry order.
[[nodiscard]] std::vector<std::string> rulesets_taking(std::string_view verb);

}  // namespace fray
