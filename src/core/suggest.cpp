#include <fray/core/suggest.hpp>

#include <algorithm>
#include <cctype>
#include <utility>

namespace fray {

namespace {

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

bool contains(std::string_view hay, std::string_view needle) {
  if (needle.empty() || needle.size() > hay.size()) return false;
  return std::search(hay.begin(), hay.end(), needle.begin(), needle.end(),
                     [](char x, char y) { return lower(x) == lower(y); }) != hay.end();
}

}  // namespace

// Optimal string alignment distance: Levenshtein plus adjacent transpositions.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::size_t> prev2(m + 1), prev(m + 1), cur(m + 1);
  for (std::size_t j = 0; j <= m; ++j) prev[j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1]))
        cur[j] = std::min(cur[j], prev2[j - 2] + 1);
    }
    std::swap(prev2, prev);
    std::swap(prev, cur);
  }
  return prev[m];
}

std::vector<std::string> closest_names(std::string_view name, std::span<const std::string> known, std::size_t limit) {
  const std::size_t allowed = std::max<std::size_t>(2, name.size() / 3);
  std::vector<std::pair<std::size_t, const std::string*>> near;
  for (const auto& k : known) {
    std::size_t d = edit_distance(name, k);
    // A name that holds the typed text (or the other way round) is a good
    // guess even when far in edits: "bat" for "vampire_bat".
    if (d > allowed && name.size() >= 3 && (contains(k, name) || contains(name, k))) d = allowed;
    if (d <= allowed) near.emplace_back(d, &k);
  }
  std::stable_sort(near.begin(), near.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  std::vector<std::string> out;
  for (const auto& [d, k] : near) {
    if (out.size() == limit) break;
    out.push_back(*k);
  }
  return out;
}

std::string did_you_mean(std::string_view name, std::span<const std::string> known) {
  const auto near = closest_names(name, known);
  if (near.empty()) return {};
  std::string out = " (did you mean '" + near[0];
  for (std::size_t i = 1; i < near.size(); ++i) out += (i + 1 == near.size() ? "' or '" : "', '") + near[i];
  return out + "'?)";
}

}  // namespace fray
