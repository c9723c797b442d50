// fray/rules/rules_file.hpp — a game's combat rules read from a file.
//
// A rules file (TOML, docs/rules.md) describes a game fray does not know: its
// stats, one blow as a short program, its fight mechanics and its catalogs.
// read_rules turns it into a Ruleset like any built-in game's: the program is
// read exactly (every path, as fight::Enumerate reads a turn) and sampled
// (each random step drawn, with a trace naming it).
//
//   const fray::Ruleset& r = fray::load_rules_file("examples/rules/percent.toml");
//   fray::AttackSummary s = r.attack({"knight", "goblin"});
#pragma once

#include <fray/core/error.hpp>
#include <fray/rules/ruleset.hpp>

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

namespace fray {

// A problem in a rules file, where it is: what() is "FILE:LINE:COLUMN:
// REASON" (line and column 1-based; 0 when the problem has no place, such as
// a file that cannot be opened).
class RulesFileError : public Error {
 public:
  RulesFileError(std::string file, int line, int column, const std::string& reason);
  [[nodiscard]] const std::string& file() const noexcept { return file_; }
  [[nodiscard]] int line() const noexcept { return line_; }
  [[nodiscard]] int column() const noexcept { return column_; }
  [[nodiscard]] const std::string& reason() const noexcept { return reason_; }

 private:
  std::string file_;
  int line_, column_;
  std::string reason_;
};

// The most bytes a rules file may have.
inline constexpr std::size_t kMaxRulesFileBytes = std::size_t{1} << 20;

// A rules file's text as a Ruleset, not registered. `origin` names it in
// errors (a path, or "<rules>") and, when `base` is not empty, the folder its
// `include` files are read from; text without a folder refuses includes.
// Throws RulesFileError.
[[nodiscard]] std::unique_ptr<const Ruleset> read_rules(std::string_view text, std::string_view origin = "<rules>",
                                                        const std::filesystem::path& base = {});
// A rules file read from disk (its includes beside it).
[[nodiscard]] std::unique_ptr<const Ruleset> read_rules_file(const std::filesystem::path& path);

// Read and registered (fray/rules/registry.hpp), so that fray::ruleset(id)
// and every verb know it. Loading a file whose id a loaded file already has
// replaces that one (the page and Python reload a file as it is edited);
// the id of a game fray was built with, or of one a program registered, is
// refused.
const Ruleset& load_rules(std::string_view text, std::string_view origin = "<rules>",
                          const std::filesystem::path& base = {});
const Ruleset& load_rules_file(const std::filesystem::path& path);

}  // namespace fray
