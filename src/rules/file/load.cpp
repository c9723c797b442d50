// Reading a rules file into a Ruleset, and loading it into the registry.
#include "game.hpp"

#include <fray/rules/registry.hpp>
#include <fray/rules/rules_file.hpp>

#include <fmt/format.h>

namespace fray {

namespace {
std::string where(const std::string& file, int line, int column) {
  if (line <= 0) return file;
  return fmt::format("{}:{}:{}", file, line, column);
}
}  // namespace

RulesFileError::RulesFileError(std::string file, int line, int column, const std::string& reason)
    : Error(fmt::format("{}: {}", where(file, line, column), reason)),
      file_(std::move(file)),
      line_(line),
      column_(column),
      reason_(reason) {}

std::unique_ptr<const Ruleset> read_rules(std::string_view text, std::string_view origin,
                                          const std::filesystem::path& base) {
  return rules_file::game_ruleset(rules_file::read_game(text, std::string(origin), base));
}

std::unique_ptr<const Ruleset> read_rules_file(const std::filesystem::path& path) {
  const std::string text = rules_file::read_rules_text(path);
  return read_rules(text, path.string(), path.parent_path().empty() ? std::filesystem::path(".") : path.parent_path());
}

const Ruleset& load_rules(std::string_view text, std::string_view origin, const std::filesystem::path& base) {
  return registry().load(read_rules(text, origin, base));
}

const Ruleset& load_rules_file(const std::filesystem::path& path) { return registry().load(read_rules_file(path)); }

}  // namespace fray
