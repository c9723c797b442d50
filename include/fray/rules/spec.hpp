// fray/rules/spec.hpp — combatant specs: "name", "name:key=value,...", "key=value,...".
//
// Every ruleset reads its specs through SpecReader, so that errors read the
// same in every game: they name the spec and the key, and a key nobody asked
// for is an error rather than silently ignored.
#pragma once

#include <fray/core/error.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fray {

struct Spec {
  std::string text;                                       // as given, for messages
  std::string name;                                       // catalog name before ':' (empty for an inline spec)
  std::vector<std::pair<std::string, std::string>> keys;  // in order; a bare flag has value "1"
};

// Splits a spec. "gnoll_scout" → name only; "hero:level=5,str=15" → name and
// keys; "accuracy=100,defense=70" → keys only (inline). Throws fray::Error on
// empty keys or a repeated key.
[[nodiscard]] Spec parse_spec(std::string_view text);

// Typed, checked access to a spec's keys. Call done() after reading: it throws
// for every key that was not read, naming it.
class SpecReader {
 public:
  SpecReader(Spec spec, std::string_view role);  // role: "attacker", "defender", ...

  [[nodiscard]] const Spec& spec() const noexcept { return spec_; }
  [[nodiscard]] bool has(std::string_view key) const;
  // The raw text of a key, marking it read.
  [[nodiscard]] std::optional<std::string> text(std::string_view key);
  // An integer in [lo, hi].
  [[nodiscard]] std::optional<std::int64_t> integer(std::string_view key, std::int64_t lo, std::int64_t hi);
  // A finite number in [lo, hi].
  [[nodiscard]] std::optional<double> number(std::string_view key, double lo, double hi);
  // 0/1/true/false/yes/no; a bare key means true.
  [[nodiscard]] std::optional<bool> flag(std::string_view key);
  // A range "LO-HI" (either may be negative: "-2-3"); lo <= hi checked.
  [[nodiscard]] std::optional<std::pair<std::int64_t, std::int64_t>> range(std::string_view key, std::int64_t lo,
                                                                           std::int64_t hi);
  // One of the given words.
  [[nodiscard]] std::optional<std::string> choice(std::string_view key, const std::vector<std::string>& words);
  // Throws naming the first unread key, listing `known` keys if given.
  void done(std::string_view known = {}) const;
  // An error about this spec: "attacker spec 'x': <what>".
  [[noreturn]] void fail(std::string_view what) const;

 private:
  const std::string* find(std::string_view key);
  Spec spec_;
  std::string role_;
  std::vector<bool> used_;
};

// The spec text with `key` set to `value`: a key the spec gives is
// overridden in place, any other is added at the end ("hero" → "hero:level=5",
// "accuracy=100" → "accuracy=100,defense=70"). With `known` not empty, a key
// not in it is refused with a fray::Error naming the key and the closest known
// ones; the game's own reading then checks that this spec takes it.
[[nodiscard]] std::string set_spec_key(std::string_view spec, std::string_view key, std::string_view value,
                                       std::span<const std::string> known = {});

// Catalog keys are lower case with spaces as underscores: "Vampire bat" → "vampire_bat".
[[nodiscard]] std::string catalog_key(std::string_view name);

// Parses a whole decimal integer; throws fray::Error naming `what` on anything else or overflow.
[[nodiscard]] std::int64_t parse_int(std::string_view s, std::string_view what);
// Parses a finite decimal number; throws fray::Error naming `what`.
[[nodiscard]] double parse_number(std::string_view s, std::string_view what);
// Parses "X,Y" integer coordinates.
[[nodiscard]] std::pair<std::int64_t, std::int64_t> parse_point(std::string_view s, std::string_view what);
// Splits "a,b,c" (empty parts dropped).
[[nodiscard]] std::vector<std::string> split_list(std::string_view s, char sep = ',');

}  // namespace fray
