// The tokens of a rules file's program (docs/rules.md, "The program"): names,
// numbers, dice literals, strings and operators, each with its place in the
// file, for the parser (parse.cpp).
#pragma once

#include "program.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fray::rules_file {

enum class Tok : std::uint8_t { end, newline, integer, real, dice, name, string, op };

struct Token {
  Tok kind = Tok::end;
  std::string text;  // a name, an operator, a string's contents, a dice literal
  std::int64_t i = 0;
  double r = 0;
  Pos pos;
  std::size_t at = 0, to = 0;  // the token's place in the program text
};

// The tokens of `text`, which starts in the file `file` at `start`, the last
// one Tok::end. Throws RulesFileError at a character no token starts with.
[[nodiscard]] std::vector<Token> tokens(std::string_view text, const std::string& file, Pos start);

}  // namespace fray::rules_file
