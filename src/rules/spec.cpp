#include <fray/rules/spec.hpp>

#include <fray/core/suggest.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <set>

namespace fray {

std::vector<std::string> split_list(std::string_view s, char sep) {
  std::vector<std::string> out;
  std::size_t b = 0;
  while (b <= s.size()) {
    std::size_t e = s.find(sep, b);
    if (e == std::string_view::npos) e = s.size();
    std::string part(s.substr(b, e - b));
    // Surrounding blanks are noise in a list typed on a command line.
    while (!part.empty() && std::isspace(static_cast<unsigned char>(part.back()))) part.pop_back();
    std::size_t f = 0;
    while (f < part.size() && std::isspace(static_cast<unsigned char>(part[f]))) ++f;
    part.erase(0, f);
    if (!part.empty()) out.push_back(std::move(part));
    b = e + 1;
  }
  return out;
}

std::int64_t parse_int(std::string_view s, std::string_view what) {
  std::int64_t v = 0;
  const char* b = s.data();
  const char* e = s.data() + s.size();
  if (b != e && *b == '+') ++b;
  auto [p, ec] = std::from_chars(b, e, v);
  if (ec == std::errc::result_out_of_range) throw Error(fmt::format("{}: '{}' is out of range", what, s));
  if (ec != std::errc() || p != e || b == e) throw Error(fmt::format("{}: '{}' is not a whole number", what, s));
  return v;
}

double parse_number(std::string_view s, std::string_view what) {
  double v = 0;
  const char* b = s.data();
  const char* e = s.data() + s.size();
  if (b != e && *b == '+') ++b;
#if defined(_LIBCPP_VERSION) && _LIBCPP_VERSION < 170000
  // libc++ before 17 (Emscripten's) has no floating-point std::from_chars:
  // strtod on a copy, refusing what from_chars refuses (spaces, hex, a range error).
  const std::string text(b, e);
  char* end = nullptr;
  errno = 0;
  const bool plain = !text.empty() && std::isspace(static_cast<unsigned char>(text[0])) == 0 &&
                     text.find_first_of("xX") == std::string::npos;
  if (plain) v = std::strtod(text.c_str(), &end);
  if (!plain || errno == ERANGE || end != text.c_str() + text.size() || !std::isfinite(v))
    throw Error(fmt::format("{}: '{}' is not a number", what, s));
#else
  auto [p, ec] = std::from_chars(b, e, v);
  if (ec != std::errc() || p != e || b == e || !std::isfinite(v))
    throw Error(fmt::format("{}: '{}' is not a number", what, s));
#endif
  return v;
}

std::pair<std::int64_t, std::int64_t> parse_point(std::string_view s, std::string_view what) {
  const auto comma = s.find(',');
  if (comma == std::string_view::npos) throw Error(fmt::format("{}: '{}' is not a point X,Y", what, s));
  return {parse_int(s.substr(0, comma), what), parse_int(s.substr(comma + 1), what)};
}

std::string catalog_key(std::string_view name) {
  std::string k;
  for (char c : name) {
    if (c == ' ' || c == '-')
      k += '_';
    else if (c == '\'')
      continue;
    else
      k += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return k;
}

Spec parse_spec(std::string_view text) {
  Spec spec;
  spec.text = std::string(text);
  if (split_list(text).empty()) throw Error("empty combatant spec");
  std::string_view body = text;
  const auto colon = text.find(':');
  if (colon != std::string_view::npos) {
    spec.name = std::string(text.substr(0, colon));
    body = text.substr(colon + 1);
    if (split_list(spec.name).empty()) throw Error(fmt::format("spec '{}': no name before ':'", text));
  } else if (text.find('=') == std::string_view::npos && text.find(',') == std::string_view::npos) {
    spec.name = std::string(text);
    body = {};
  }
  while (!spec.name.empty() && std::isspace(static_cast<unsigned char>(spec.name.back()))) spec.name.pop_back();
  // Every item between commas must say something: "player:,,," or "ogre:hp=3," is a typo, not a spec.
  if (colon != std::string_view::npos || !body.empty()) {
    std::size_t start = 0;
    for (std::size_t item = 1;; ++item) {
      const std::size_t end = std::min(body.find(',', start), body.size());
      if (body.substr(start, end - start).find_first_not_of(" \t") == std::string_view::npos)
        throw Error(fmt::format("spec '{}': item {} is empty", text, item));
      if (end == body.size()) break;
      start = end + 1;
    }
  }
  // Keys seen so far, for the repeated-key check: a set, so that a spec of
  // n keys (a long line typed or generated) costs n log n, not n^2.
  std::set<std::string, std::less<>> seen;
  for (const auto& part : split_list(body)) {
    const auto eq = part.find('=');
    std::string key = eq == std::string::npos ? part : part.substr(0, eq);
    std::string value = eq == std::string::npos ? "1" : part.substr(eq + 1);
    while (!key.empty() && std::isspace(static_cast<unsigned char>(key.back()))) key.pop_back();
    if (key.empty()) throw Error(fmt::format("spec '{}': a key is empty in '{}'", text, part));
    if (eq != std::string::npos && value.empty())
      throw Error(fmt::format("spec '{}': key '{}' has no value", text, key));
    if (!seen.insert(key).second) throw Error(fmt::format("spec '{}': key '{}' is given twice", text, key));
    spec.keys.emplace_back(std::move(key), std::move(value));
  }
  return spec;
}

SpecReader::SpecReader(Spec spec, std::string_view role)
    : spec_(std::move(spec)), role_(role), used_(spec_.keys.size(), false) {}

void SpecReader::fail(std::string_view what) const {
  throw Error(fmt::format("{} spec '{}': {}", role_, spec_.text, what));
}

const std::string* SpecReader::find(std::string_view key) {
  for (std::size_t i = 0; i < spec_.keys.size(); ++i)
    if (spec_.keys[i].first == key) {
      used_[i] = true;
      return &spec_.keys[i].second;
    }
  return nullptr;
}

bool SpecReader::has(std::string_view key) const {
  return std::any_of(spec_.keys.begin(), spec_.keys.end(), [&](const auto& kv) { return kv.first == key; });
}

std::optional<std::string> SpecReader::text(std::string_view key) {
  const std::string* v = find(key);
  return v ? std::optional<std::string>(*v) : std::nullopt;
}

std::optional<std::int64_t> SpecReader::integer(std::string_view key, std::int64_t lo, std::int64_t hi) {
  const std::string* v = find(key);
  if (!v) return std::nullopt;
  std::int64_t x = 0;
  try {
    x = parse_int(*v, key);
  } catch (const Error&) {
    fail(fmt::format("{}={} is not a whole number", key, *v));
  }
  if (x < lo || x > hi) fail(fmt::format("{}={} is out of range {}..{}", key, *v, lo, hi));
  return x;
}

std::optional<double> SpecReader::number(std::string_view key, double lo, double hi) {
  const std::string* v = find(key);
  if (!v) return std::nullopt;
  double x = 0;
  try {
    x = parse_number(*v, key);
  } catch (const Error&) {
    fail(fmt::format("{}={} is not a number", key, *v));
  }
  if (x < lo || x > hi) fail(fmt::format("{}={} is out of range {}..{}", key, *v, lo, hi));
  return x;
}

std::optional<bool> SpecReader::flag(std::string_view key) {
  const std::string* v = find(key);
  if (!v) return std::nullopt;
  if (*v == "1" || *v == "true" || *v == "yes") return true;
  if (*v == "0" || *v == "false" || *v == "no") return false;
  fail(fmt::format("{}={} is not 0/1/true/false", key, *v));
}

std::optional<std::pair<std::int64_t, std::int64_t>> SpecReader::range(std::string_view key, std::int64_t lo,
                                                                       std::int64_t hi) {
  const std::string* v = find(key);
  if (!v) return std::nullopt;
  // The separator is the first '-' that is not a sign.
  std::size_t dash = std::string::npos;
  for (std::size_t i = 1; i < v->size(); ++i)
    if ((*v)[i] == '-') {
      dash = i;
      break;
    }
  if (dash == std::string::npos) {
    // A single number is a fixed value.
    try {
      const auto x = parse_int(*v, key);
      if (x < lo || x > hi) fail(fmt::format("{}={} is out of range {}..{}", key, *v, lo, hi));
      return std::pair{x, x};
    } catch (const Error&) {
      fail(fmt::format("{}={} is not a range LO-HI", key, *v));
    }
  }
  std::int64_t a = 0, b = 0;
  try {
    a = parse_int(std::string_view(*v).substr(0, dash), key);
    b = parse_int(std::string_view(*v).substr(dash + 1), key);
  } catch (const Error&) {
    fail(fmt::format("{}={} is not a range LO-HI", key, *v));
  }
  if (a > b) fail(fmt::format("{}={}: the low end is above the high end", key, *v));
  if (a < lo || b > hi) fail(fmt::format("{}={} is out of range {}..{}", key, *v, lo, hi));
  return std::pair{a, b};
}

std::optional<std::string> SpecReader::choice(std::string_view key, const std::vector<std::string>& words) {
  const std::string* v = find(key);
  if (!v) return std::nullopt;
  if (std::find(words.begin(), words.end(), *v) == words.end())
    fail(fmt::format("{}={} is not one of {}", key, *v, fmt::join(words, ", ")));
  return *v;
}

void SpecReader::done(std::string_view known) const {
  std::vector<std::string> names;
  for (std::string& k : split_list(known)) {
    const auto b = k.find_first_not_of(' '), e = k.find_last_not_of(' ');
    if (b != std::string::npos) names.push_back(k.substr(b, e - b + 1));
  }
  for (std::size_t i = 0; i < spec_.keys.size(); ++i)
    if (!used_[i]) {
      const std::string& key = spec_.keys[i].first;
      fail(known.empty() ? fmt::format("unknown key '{}'", key)
                         : fmt::format("unknown key '{}'{} (known: {})", key, did_you_mean(key, names), known));
    }
}

std::string set_spec_key(std::string_view spec, std::string_view key, std::string_view value,
                         std::span<const std::string> known) {
  if (key.empty() || key.find_first_of(",:= \t") != std::string_view::npos)
    throw Error(fmt::format("spec key '{}' is not a key name", key));
  if (value.empty() || value.find_first_of(",:=") != std::string_view::npos)
    throw Error(fmt::format("spec key {}: '{}' is not a value", key, value));
  if (!known.empty() && std::find(known.begin(), known.end(), key) == known.end())
    throw Error(fmt::format("no spec key '{}'{} (known: {})", key, did_you_mean(key, known), fmt::join(known, ", ")));
  Spec s = parse_spec(spec);
  bool found = false;
  for (auto& [k, v] : s.keys)
    if (k == key) {
      v = std::string(value);
      found = true;
    }
  if (!found) s.keys.emplace_back(std::string(key), std::string(value));
  std::string body;
  for (const auto& [k, v] : s.keys) body += fmt::format("{}{}={}", body.empty() ? "" : ",", k, v);
  return s.name.empty() ? body : s.name + ":" + body;
}

}  // namespace fray
